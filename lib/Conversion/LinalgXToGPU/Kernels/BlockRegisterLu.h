//===- BlockRegisterLu.h - the block register LU kernel ---------*- C++ -*-===//
//
// Matrices of up to 128 rows, a thread a row of registers, a warp per 32 rows.
//
//===----------------------------------------------------------------------===//

#ifndef LINALGX_LIB_CONVERSION_LINALGXTOGPU_KERNELS_BLOCK_REGISTER_LU_H
#define LINALGX_LIB_CONVERSION_LINALGXTOGPU_KERNELS_BLOCK_REGISTER_LU_H

#include "LuCommon.h"
#include "LuOperands.h"
#include "RegisterLu.h"

#include "KernelBuilder.h"
#include "mlir/Dialect/Arith/IR/Arith.h"

#include <algorithm>
#include <cstdint>

namespace mlir::linalgx::gpu_kernels {

/// The block register kernel's bounds for dynamic shapes: the smallest
/// that holds max(M, N) is generated (static shapes get their exact size).
/// Each bucket is a separately unrolled kernel, so they are few; columns
/// past N cost work, so they are not far apart.
inline constexpr int64_t kBlockRegisterLuSizes[] = {32, 48, 64, 80, 96, 128};
/// Registers a thread may spend on its row: 255 per thread minus what the
/// step needs besides the row. A row of `cols` elements of `bytes` each
/// needs cols * bytes / 4 registers. For sm_90, 96 f64 columns fit the 255
/// registers without spilling and 128 f64 columns spill kilobytes, hence
/// the bound.
inline constexpr int64_t kBlockRegisterLuMaxRowBytes = 96 * 8;

/// The launch shape of the block register kernel for matrices of at most
/// `rows` rows and `cols` columns: a thread per row, `warps()` warps per
/// matrix (blockDim.y), `matricesPerBlock()` matrices per block
/// (blockDim.z; several only when a matrix is one warp). The fused solve's
/// rows also carry `rhsCols` right-hand side columns.
struct BlockRegisterLuShape {
  int64_t rows, cols;
  int64_t rhsCols = 0;
  int64_t warps() const { return (rows + 31) / 32; }
  int64_t matricesPerBlock() const {
    return warps() == 1 ? kRegisterLuWarpsPerBlock : 1;
  }
  /// The values a thread holds: its row and its right-hand sides.
  int64_t width() const { return cols + rhsCols; }
  /// Whether a thread can hold a row of `cols` `elementType` elements and
  /// `rhsCols` right-hand sides.
  static bool fits(int64_t rows, int64_t cols, Type elementType,
                   int64_t rhsCols = 0) {
    // Empty matrices are left to the shared-memory kernel (a block of zero
    // warps cannot launch).
    return rows >= 1 && cols >= 1 && rows <= 128 &&
           cols + rhsCols <=
               kBlockRegisterLuMaxRowBytes / elementByteSize(elementType);
  }
};

/// Shared memory of the block register kernel: the candidate pivot rows
/// ([2][G][W][cols] elements: each warp's best row, double-buffered by step
/// parity so one barrier per step suffices) and each warp's best key and
/// position ([2][G][W] each).
SmallVector<Type> blockRegisterLuWorkgroupTypes(BlockRegisterLuShape shape,
                                                Type elementType);

/// The block register LU for real matrices of at most shape.rows rows and
/// shape.cols columns: thread r of a matrix's warps holds row r in
/// shape.cols registers, the steps are unrolled (every column index is
/// static) and rows never move -- each thread tracks its row's logical
/// position. A step:
///  - pivot search: per warp two or three redux.sync reductions (the
///    largest magnitude key, then the first position holding it); the
///    warp's winner writes its row into shared memory, lane 0 its key and
///    position; one barrier (a warp sync when the matrix is one warp); every
///    thread picks the best warp's candidate;
///  - each remaining row scales its entry in column k (one reciprocal per
///    step, LAPACK's sfmin rule) and updates its columns > k against the
///    pivot row read from shared memory (broadcast loads).
/// Global memory is read and written once.
void buildBlockRegisterLuKernelBody(KernelBuilder &b, ValueRange args,
                                    ValueRange workgroup, Type elementType,
                                    Type intType, bool withPermutation,
                                    bool oneBasedPivots,
                                    BlockRegisterLuShape shape);

/// Queues the block register LU on `lu`'s operands.
void launchBlockRegisterLu(ImplicitLocOpBuilder &b, DeviceWork &work,
                           const LuOperands &lu, BlockRegisterLuShape shape);

/// The largest matrices linalgx.solve's fused block register kernel takes:
/// one warp a matrix. Smaller ones factor faster in the warp register
/// kernel, several to a warp, and its solve kernels then run apart.
inline constexpr int64_t kBlockRegisterSolveMaxSize = 32;
inline constexpr int64_t kBlockRegisterSolveMinSize = 17;
/// The right-hand sides it takes: at most kBlockRegisterSolveMaxRhs when
/// their count is static, exactly one when it is dynamic. Each one widens
/// every step of every row; with 32 (an inverse, 64 f64 values a thread and
/// 238 registers), (4096,32,32) took 644 µs on an H200 against 192 µs for
/// the LU and the columns kernel.
inline constexpr int64_t kBlockRegisterSolveMaxRhs = 4;

/// Queues linalgx.solve's fused kernel on device views with the batch
/// flattened: `a` [B, N, N] (N <= shape.rows = shape.cols), `rhs` and
/// `solution` [B, N, R] (R <= shape.rhsCols), `info` [B]. Each thread's row
/// carries its right-hand sides as extra columns: the factorization's steps
/// apply the row exchanges and L's forward substitution to them as they go
/// (getrs's operations in getrs's order), a backward substitution against
/// U in registers follows, and only X and info are written.
void launchBlockRegisterSolve(ModuleOp module, ImplicitLocOpBuilder &b,
                              DeviceWork &work, Value a, Value rhs,
                              Value solution, Value info,
                              BlockRegisterLuShape shape);

} // namespace mlir::linalgx::gpu_kernels

#endif // LINALGX_LIB_CONVERSION_LINALGXTOGPU_KERNELS_BLOCK_REGISTER_LU_H
