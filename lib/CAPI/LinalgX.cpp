//===- LinalgX.cpp - C API of the linalgx dialect -------------------------===//

#include "linalgx-c/Dialect/LinalgX.h"
#include "linalgx/Dialect/LinalgX/IR/LinalgXDialect.h"
#include "linalgx/Dialect/LinalgX/IR/LinalgXOps.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Registration.h"

using namespace mlir;

MLIR_DEFINE_CAPI_DIALECT_REGISTRATION(LinalgX, linalgx,
                                      mlir::linalgx::LinalgXDialect)

bool linalgxOperationIsALuOp(MlirOperation op) {
  return !mlirOperationIsNull(op) && isa<linalgx::LuOp>(unwrap(op));
}

bool linalgxOperationIsAPivotsToPermutationOp(MlirOperation op) {
  return !mlirOperationIsNull(op) &&
         isa<linalgx::PivotsToPermutationOp>(unwrap(op));
}
