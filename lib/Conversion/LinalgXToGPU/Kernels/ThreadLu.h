//===- ThreadLu.h - the thread-per-matrix LU kernel -------------*- C++ -*-===//
//
// Matrices of at most kThreadLuSize rows and columns: a thread each, the
// whole matrix in its registers. What the factors are for decides what
// leaves the thread: the factors, pivots and permutation (linalgx.lu), or
// only the solution (linalgx.solve) or the determinant (linalgx.det,
// linalgx.slogdet): the factors are then never written.
//
//===----------------------------------------------------------------------===//

#ifndef LINALGX_LIB_CONVERSION_LINALGXTOGPU_KERNELS_THREADLU_H
#define LINALGX_LIB_CONVERSION_LINALGXTOGPU_KERNELS_THREADLU_H

#include "LuOperands.h"

namespace mlir::linalgx::gpu_kernels {

/// Matrices of at most this many rows and columns take a thread each: at
/// 4 × 4 a matrix is 16 registers (32 for complex<f64>), and a warp's loads
/// still cover whole cache lines of consecutive matrices.
inline constexpr int64_t kThreadLuSize = 4;

/// Queues the thread-per-matrix LU on `lu`'s operands (M, N <= kThreadLuSize).
void launchThreadLu(ImplicitLocOpBuilder &b, DeviceWork &work,
                    const LuOperands &lu);

/// Queues the fused LU and solve of linalgx.solve on device views with the
/// batch flattened: `a` [B, N, N] (N <= kThreadLuSize), `rhs` and
/// `solution` [B, N, R] (possibly one buffer), `info` [B]. Neither factors
/// nor pivots are written.
void launchThreadSolve(ModuleOp module, ImplicitLocOpBuilder &b,
                       DeviceWork &work, Value a, Value rhs, Value solution,
                       Value info);

/// Queues the fused LU and determinant of linalgx.det (`results` = {det}) or
/// linalgx.slogdet (`logarithmic`, `results` = {sign, logabsdet}) on device
/// views with the batch flattened: `a` [B, N, N] (N <= kThreadLuSize), the
/// results [B].
void launchThreadDeterminant(ModuleOp module, ImplicitLocOpBuilder &b,
                             DeviceWork &work, Value a, ValueRange results,
                             bool logarithmic);

} // namespace mlir::linalgx::gpu_kernels

#endif // LINALGX_LIB_CONVERSION_LINALGXTOGPU_KERNELS_THREADLU_H
