/*===-- linalgx-c/Dialect/LinalgX.h - C API for linalgx -----------*- C -*-===*\
|*                                                                            *|
|* The dialect handle of linalgx, in the style of upstream mlir-c/Dialect/    *|
|* headers (mlirGetDialectHandle__linalgx__), and tests of the two op kinds.  *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef LINALGX_C_DIALECT_LINALGX_H
#define LINALGX_C_DIALECT_LINALGX_H

#include "mlir-c/IR.h"

#ifdef __cplusplus
extern "C" {
#endif

/// Declares `MlirDialectHandle mlirGetDialectHandle__linalgx__(void)`. The
/// handle registers or loads the linalgx dialect alone, like every upstream
/// handle: the One-Shot Bufferize models of linalgx ops (which the pipelines
/// need) come with linalgxRegisterAllDialects (linalgx-c/RegisterEverything.h).
MLIR_DECLARE_CAPI_DIALECT_REGISTRATION(LinalgX, linalgx);

/// Whether `op` is a `linalgx.lu` (false for a null operation).
MLIR_CAPI_EXPORTED bool linalgxOperationIsALuOp(MlirOperation op);

/// Whether `op` is a `linalgx.pivots_to_permutation` (false for a null
/// operation).
MLIR_CAPI_EXPORTED bool
linalgxOperationIsAPivotsToPermutationOp(MlirOperation op);

#ifdef __cplusplus
}
#endif

#endif // LINALGX_C_DIALECT_LINALGX_H
