//===- LuSolve.h - linalgx.lu_solve on the GPU ------------------*- C++ -*-===//
//
// linalgx.lu_solve's kernels (a thread per right-hand side column in global
// memory, or in registers with the factors staged in shared memory, or a
// warp per column with the factors staged), chosen at run
// time from N, the number of right-hand sides and the shared memory the
// factors need; each runs LAPACK getrs's steps in its order.
//
//===----------------------------------------------------------------------===//

#ifndef LINALGX_LIB_CONVERSION_LINALGXTOGPU_KERNELS_LUSOLVE_H
#define LINALGX_LIB_CONVERSION_LINALGXTOGPU_KERNELS_LUSOLVE_H

#include "../DeviceWork.h"
#include "linalgx/Dialect/LinalgX/IR/LinalgXOps.h"

#include "mlir/IR/BuiltinOps.h"

namespace mlir::linalgx::gpu_kernels {

/// Queues the solve of `op` on device views with the batch flattened: the
/// factors [B, N, N], pivots [B, N], the right-hand sides and the solution
/// [B, N, R] (one buffer for an in-place solve). The register columns
/// kernels read the right-hand sides where they are; the others solve in
/// place, in the solution, after a copy.
void launchLuSolveKernel(ModuleOp module, ImplicitLocOpBuilder &b,
                         DeviceWork &work, LuSolveOp op, Value lu3d,
                         Value pivots2d, Value rhs3d, Value solution3d);

/// Whether `op`'s solve goes to cuSOLVER's getrs instead (an i1 on the host,
/// folded to a constant where the shapes are static): factors of N x N too
/// large for a block's shared memory, in a batch small enough that getrs
/// once per matrix beats a thread per right-hand side column walking N²
/// steps in global memory.
Value luSolveUsesVendor(ImplicitLocOpBuilder &b, LuSolveOp op);
/// The same test for a solution [B..., N, R] with `batchRank` batch
/// dimensions.
Value luSolveUsesVendor(ImplicitLocOpBuilder &b, Value solution,
                        int64_t batchRank);

} // namespace mlir::linalgx::gpu_kernels

#endif // LINALGX_LIB_CONVERSION_LINALGXTOGPU_KERNELS_LUSOLVE_H
