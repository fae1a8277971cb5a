//===- SharedMemoryLu.h - the shared-memory LU kernel -----------*- C++ -*-===//
//
// Any matrix that fits a block's shared memory, any element type.
//
//===----------------------------------------------------------------------===//

#ifndef LINALGX_LIB_CONVERSION_LINALGXTOGPU_KERNELS_SHARED_MEMORY_LU_H
#define LINALGX_LIB_CONVERSION_LINALGXTOGPU_KERNELS_SHARED_MEMORY_LU_H

#include "LuCommon.h"
#include "LuOperands.h"

#include "KernelBuilder.h"
#include "mlir/Dialect/Arith/IR/Arith.h"

namespace mlir::linalgx::gpu_kernels {

/// Threads of a block: 32 lanes x W warps per matrix x matrices per block.
/// Also the kernel's declared maximum (nvvm.maxntid), so that ptxas keeps
/// registers within what a block this size may use (128 per thread): the
/// complex<f64> kernel needs more than the 64 a 1024-thread block allows.
inline constexpr int64_t kGeneratedLuMaxThreads = 512;
/// Warps per matrix: ceil(M / rows per warp), so that a step's trailing
/// update gives each warp a few rows. Few matrices (fewer than the SMs can
/// hold) leave the GPU idle and are latency-bound: more warps per matrix.
/// Many matrices fill the GPU: fewer warps each, more matrices per SM.
inline constexpr int64_t kGeneratedLuRowsPerWarpFew = 2;
inline constexpr int64_t kGeneratedLuRowsPerWarpMany = 8;
inline constexpr int64_t kGeneratedLuFewMatrices = 264; // 2 per SM of an H200
/// Matrices per block when a matrix has a single warp or two (small
/// matrices): keeps blocks at 128 threads, so block count limits do not cap
/// the threads per SM.
inline constexpr int64_t kGeneratedLuMinThreadsPerBlock = 128;

/// The launch shape of the generated LU for [B, M, N] matrices of
/// `elementBytes`-byte elements: warps per matrix, matrices per block, and
/// the shared-memory bytes of a block (each matrix with rows padded to an
/// odd stride, plus its row order). Built as host arithmetic so that dynamic
/// shapes choose at run time; constant-folded for static ones.
struct GeneratedLuLaunch {
  Value warpsPerMatrix, matricesPerBlock, sharedBytes;

  /// Shared-memory bytes of one matrix: the odd-stride copy and its row
  /// order. The generated LU takes matrices for which this fits a block.
  static int64_t bytesPerMatrix(int64_t m, int64_t n, int64_t elementBytes) {
    return m * (n | 1) * elementBytes + m * 4;
  }
  /// Whether one m x n matrix fits a block's shared memory; safe for any
  /// static sizes (no product is formed that could overflow).
  static bool fitsBlock(int64_t m, int64_t n, int64_t elementBytes) {
    return m <= kGeneratedLuMaxSharedBytes && n <= kGeneratedLuMaxSharedBytes &&
           bytesPerMatrix(m, n, elementBytes) <= kGeneratedLuMaxSharedBytes;
  }
  static Value bytesPerMatrix(ImplicitLocOpBuilder &b, Value m, Value n,
                              int64_t elementBytes) {
    Value stride =
        arith::OrIOp::create(b, n, arith::ConstantIndexOp::create(b, 1));
    return arith::AddIOp::create(
        b,
        arith::MulIOp::create(b, arith::MulIOp::create(b, m, stride),
                              arith::ConstantIndexOp::create(b, elementBytes)),
        arith::MulIOp::create(b, m, arith::ConstantIndexOp::create(b, 4)));
  }

  static GeneratedLuLaunch build(ImplicitLocOpBuilder &b, Value batch, Value m,
                                 Value n, int64_t elementBytes) {
    auto c = [&](int64_t v) -> Value {
      return arith::ConstantIndexOp::create(b, v);
    };
    Value one = c(1);
    Value few = arith::CmpIOp::create(b, arith::CmpIPredicate::ule, batch,
                                      c(kGeneratedLuFewMatrices));
    Value rowsPerWarp = arith::SelectOp::create(
        b, few, c(kGeneratedLuRowsPerWarpFew), c(kGeneratedLuRowsPerWarpMany));
    Value warps = arith::MinUIOp::create(
        b, c(kGeneratedLuMaxThreads / 32),
        arith::MaxUIOp::create(b, one,
                               arith::CeilDivUIOp::create(b, m, rowsPerWarp)));
    // An odd row stride spreads a column over all banks. Only as many
    // matrices per block as fit its shared memory (at least one: callers
    // check that one fits).
    Value perMatrix = bytesPerMatrix(b, m, n, elementBytes);
    Value matrices = arith::MaxUIOp::create(
        b, one,
        arith::MinUIOp::create(
            b,
            arith::DivUIOp::create(b, c(kGeneratedLuMinThreadsPerBlock / 32),
                                   warps),
            arith::DivUIOp::create(b, c(kGeneratedLuMaxSharedBytes),
                                   arith::MaxUIOp::create(b, perMatrix, one))));
    Value bytes = arith::MulIOp::create(b, matrices, perMatrix);
    return {warps, matrices, bytes};
  }
};

/// The shared-memory LU. A group of W warps (blockDim.y) factors one matrix
/// in shared memory; a block holds blockDim.z such groups; blocks walk the
/// batch with a stride loop. Per matrix:
///  1. coalesced load of the row-major matrix into shared memory (rows at an
///     odd stride);
///  2. for k in [0, K): warp 0 finds the pivot (each lane scans rows
///     k+lane, k+lane+32, ..., unrolled, then a 5-step butterfly of
///     (magnitude key, row)), records it and exchanges the two entries of
///     the row order -- rows are never moved, the row order is the
///     permutation; barrier; then every warp takes kGeneratedLuRowsPerPass
///     rows at a time (i = k+1+w, k+1+w+W, ...), their loads issued before
///     any store: the multipliers l = a(i,k) · (1 / a(k,k)) (a division per
///     row when the pivot is below the smallest normal number, as LAPACK's
///     getf2) and the update a(i, k+1:) -= l·a(k, k+1:); barrier;
///  3. coalesced store of lu in row order, plus pivots, info and (with a
///     permutation operand) the row order itself.
/// Pivot choice and zero-pivot handling (no scaling or update, info = k+1
/// for the first) are those of the loop lowering.
void buildSharedMemoryLuKernelBody(KernelBuilder &b, ValueRange args,
                                   Type elementType, Type intType,
                                   bool withPermutation, bool oneBasedPivots);

/// Queues the shared-memory LU on `lu`'s operands, its launch shape chosen
/// from their run-time sizes.
void launchSharedMemoryLu(ImplicitLocOpBuilder &b, DeviceWork &work,
                          const LuOperands &lu);

} // namespace mlir::linalgx::gpu_kernels

#endif // LINALGX_LIB_CONVERSION_LINALGXTOGPU_KERNELS_SHARED_MEMORY_LU_H
