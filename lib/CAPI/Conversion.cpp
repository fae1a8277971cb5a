//===- Conversion.cpp - linalgx conversion passes from C ------------------===//
//
// The implementation of linalgx-c/Conversion.h, generated with
// -gen-pass-capi-impl from include/linalgx/Conversion/Passes.td.
//
//===----------------------------------------------------------------------===//

#include "linalgx-c/Conversion.h"
#include "linalgx/Conversion/Passes.h"

#include "mlir/CAPI/Pass.h"
#include "mlir/Pass/Pass.h"

using namespace mlir;
using namespace mlir::linalgx;

#ifdef __cplusplus
extern "C" {
#endif

#include "linalgx-c/Passes.capi.cpp.inc"

#ifdef __cplusplus
}
#endif
