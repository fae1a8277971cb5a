//===- Determinant.h - linalgx.lu_det and lu_slogdet on the GPU -*- C++ -*-===//
//
// One kernel for both ops: the fold over U's diagonal (DeterminantFold),
// a thread per matrix for small matrices, a warp per matrix (the diagonal
// across the lanes, combined by shuffles) for the others.
//
//===----------------------------------------------------------------------===//

#ifndef LINALGX_LIB_CONVERSION_LINALGXTOGPU_KERNELS_DETERMINANT_H
#define LINALGX_LIB_CONVERSION_LINALGXTOGPU_KERNELS_DETERMINANT_H

#include "../DeviceWork.h"

#include "mlir/IR/BuiltinOps.h"

namespace mlir::linalgx::gpu_kernels {

/// Queues the determinants of factors [B, N, N] with pivots [B, N] into
/// `results` ([B] each): {det}, or {sign, logabsdet} when `logarithmic`.
void launchDeterminantKernel(ModuleOp module, ImplicitLocOpBuilder &b,
                             DeviceWork &work, Value lu3d, Value pivots2d,
                             ValueRange results, bool logarithmic,
                             bool oneBased);

} // namespace mlir::linalgx::gpu_kernels

#endif // LINALGX_LIB_CONVERSION_LINALGXTOGPU_KERNELS_DETERMINANT_H
