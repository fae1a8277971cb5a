//===- VendorLu.h - lu and lu_solve through cuSOLVER / cuBLAS ---*- C++ -*-===//
//
// The vendor path of the GPU lowering: the matrices transposed to
// column-major, factored by the linalgx CUDA runtime (cuSOLVER getrf or
// cuBLAS getrfBatched, on the kernels' stream), transposed back with the
// pivots and info converted, then the permutation kernel; and the solve
// from factors too large for the solve kernels' shared memory (cuSOLVER
// getrs on column-major copies), and linalgx.solve of such matrices with the
// factors left column-major between getrf and getrs.
//
//===----------------------------------------------------------------------===//

#ifndef LINALGX_LIB_CONVERSION_LINALGXTOGPU_VENDORLU_H
#define LINALGX_LIB_CONVERSION_LINALGXTOGPU_VENDORLU_H

#include "DeviceWork.h"

#include "linalgx/Conversion/LinalgXToGPU/LinalgXToGPU.h"
#include "linalgx/Dialect/LinalgX/IR/LinalgXOps.h"

namespace mlir::linalgx::gpu_kernels {

/// The type of the runtime's entry point:
/// void linalgxCudaGetrf(int32_t elemType, void *a, int32_t *pivots,
///                       int32_t *info, int64_t batch, int64_t m, int64_t n,
///                       int32_t strategy)
FunctionType getrfFunctionType(MLIRContext *context);

/// The type of the runtime's entry point:
/// void linalgxCudaGetrs(int32_t elemType, int32_t trans, void *lu,
///                       int32_t *pivots, void *b, int64_t batch, int64_t n,
///                       int64_t nrhs)
FunctionType getrsFunctionType(MLIRContext *context);

/// The type of the runtime's entry point:
/// void linalgxCudaMgGetrf(int32_t elemType, void *a, int32_t *pivots,
///                         int32_t *info, int64_t n, int32_t layout,
///                         const int32_t *devices, int32_t deviceCount,
///                         int64_t blockSize)
FunctionType mgGetrfFunctionType(MLIRContext *context);

/// void linalgxCudaGemmSubtract(int32_t elemType, void *c, const void *a,
///     const void *b, int64_t batch, int64_t rows, int64_t cols,
///     int64_t depth, int64_t ld, int64_t batchStride, int32_t aside)
FunctionType gemmSubtractFunctionType(MLIRContext *context);

/// void linalgxCudaJoinAside(void), linalgxCudaBeginAside(void) and
/// linalgxCudaEndAside(void)
FunctionType asideFunctionType(MLIRContext *context);

/// void linalgxCudaSolveUnitLower(int32_t elemType, const void *l, void *b,
///     int64_t batch, int64_t rows, int64_t cols, int64_t ld,
///     int64_t batchStride)
FunctionType solveUnitLowerFunctionType(MLIRContext *context);

/// The blocked LU's trailing update by the runtime's cuBLAS GEMM:
/// lu[:, k1:, k1:end] -= lu[:, k1:, k0:k1] * lu[:, k0:k1, k1:end] with k1 =
/// k0 + `depth`, for every matrix of lu [B, M, N] (identity layout; rows
/// below k1 exist; k1 <= end <= N, nothing to do at end = k1). With
/// `nextPanelColumns`,
/// the first that many columns are updated on the current stream and the
/// columns right of them put aside (emitJoinAside joins them), so that the
/// next panel's factorization runs beside the bulk of this update.
void emitTrailingUpdateGemm(ModuleOp module, ImplicitLocOpBuilder &b, Value lu,
                            Value k0, int64_t depth, Value end,
                            int64_t nextPanelColumns);
/// The same GEMM on the columns [begin, end) alone (k1 <= begin <= end), on
/// the current stream.
void emitTrailingUpdateGemmColumns(ModuleOp module, ImplicitLocOpBuilder &b,
                                   Value lu, Value k0, int64_t depth,
                                   Value begin, Value end);

/// The U rows right of a block of `depth` factored columns at k0, by the
/// runtime's cuBLAS triangular solve: lu[:, k0:k1, k1:] = L11^-1 *
/// lu[:, k0:k1, k1:] with L11 the unit lower triangle of lu[:, k0:k1, k0:k1]
/// and k1 = k0 + `depth`, for every matrix of lu [B, M, N] (identity layout;
/// k1 <= min(M, N)).
void emitBlockU12Solve(ModuleOp module, ImplicitLocOpBuilder &b, Value lu,
                       Value k0, int64_t depth);

/// The current stream waits for the GEMMs emitTrailingUpdateGemm put aside
/// and the work queued between emitBeginAside and emitEndAside.
void emitJoinAside(ModuleOp module, ImplicitLocOpBuilder &b);

/// Opens and closes the runtime's aside region: device work queued between
/// the two on a chain of its own (DeviceWork::queueOnNewChain) and runtime
/// calls made there run on the side stream, after the work queued before
/// and beside the work queued after, until emitJoinAside.
void emitBeginAside(ModuleOp module, ImplicitLocOpBuilder &b);
void emitEndAside(ModuleOp module, ImplicitLocOpBuilder &b);

/// Emits `op` (on memrefs) through the vendor libraries into `work`.
void emitVendorLu(LuOp op, ModuleOp module, ImplicitLocOpBuilder &b,
                  DeviceWork &work, GPULuStrategy strategy);

/// Emits `op` (square matrices, on memrefs) through cuSOLVERMg into `work`:
/// the input copied into `lu` unless it is `lu`, then for each matrix of
/// the batch a synchronous call of linalgxCudaMgGetrf on it in place
/// (row-major, spread over `devices` in tiles of `blockSize` columns), then
/// a kernel making its 1-based int32 pivots and info the op's, and the
/// permutation kernel for a `permutation`.
void emitMultiGpuLu(LuOp op, ModuleOp module, ImplicitLocOpBuilder &b,
                    DeviceWork &work, ArrayRef<int32_t> devices,
                    int64_t blockSize);

/// Queues `op`'s solve through cuSOLVER getrs on device views with the batch
/// flattened: the factors [B, N, N], pivots [B, N] and the solution
/// [B, N, R], which holds the right-hand sides on entry.
void emitVendorLuSolve(LuSolveOp op, ModuleOp module, ImplicitLocOpBuilder &b,
                       DeviceWork &work, Value lu3d, Value pivots2d,
                       Value solution3d);

/// Queues linalgx.solve for matrices the lu would give the vendor and the
/// solve getrs (no factors written): `a` [B, N, N] transposed once to
/// column-major scratch, getrf there (its int32 info straight into `info`
/// [B]), then the solve from those factors and pivots (getrs's triangular
/// solves after a gather of B's rows) in place on `solution` [B, N, R],
/// which holds the right-hand sides on entry.
void emitVendorSolve(ModuleOp module, ImplicitLocOpBuilder &b, DeviceWork &work,
                     Value a, Value solution, Value info);

} // namespace mlir::linalgx::gpu_kernels

#endif // LINALGX_LIB_CONVERSION_LINALGXTOGPU_VENDORLU_H
