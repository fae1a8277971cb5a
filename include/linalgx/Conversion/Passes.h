//===- Passes.h - linalgx conversion passes ---------------------*- C++ -*-===//

#ifndef LINALGX_CONVERSION_PASSES_H
#define LINALGX_CONVERSION_PASSES_H

#include "linalgx/Conversion/JAXToLinalgX/JAXToLinalgX.h"
#include "linalgx/Conversion/LinalgXToCPURuntime/LinalgXToCPURuntime.h"
#include "linalgx/Conversion/LinalgXToGPU/LinalgXToGPU.h"
#include "linalgx/Conversion/LinalgXToLoops/LinalgXToLoops.h"
#include "mlir/Pass/Pass.h"

#include <memory>

namespace mlir::linalgx {

#define GEN_PASS_DECL
#define GEN_PASS_REGISTRATION
#include "linalgx/Conversion/Passes.h.inc"

} // namespace mlir::linalgx

#endif // LINALGX_CONVERSION_PASSES_H
