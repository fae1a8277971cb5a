//===- LinalgXToGPU.h - linalgx to gpu kernels and CUDA calls ---*- C++ -*-===//

#ifndef LINALGX_CONVERSION_LINALGXTOGPU_LINALGXTOGPU_H
#define LINALGX_CONVERSION_LINALGXTOGPU_LINALGXTOGPU_H

#include "mlir/IR/Types.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <optional>

namespace mlir {
class RewritePatternSet;

namespace linalgx {

/// How `linalgx.lu` is factored on the GPU (docs/gpu.md).
enum class GPULuStrategy {
  /// A one-kernel LU where a matrix fits on chip, the blocked LU for larger
  /// batched matrices, else the vendor library the runtime chooses from size
  /// and batch.
  Auto,
  /// The generated one-kernel LU wherever it fits (as auto today; kept
  /// distinct so that auto can follow measured crossovers).
  Generated,
  CuSolver,      ///< cuSOLVER getrf, once per matrix
  CuBlasBatched, ///< cuBLAS getrfBatched (square matrices)
  /// cuSOLVERMg's getrf, each square matrix spread over several GPUs
  /// (docs/scale.md); non-square matrices take cuSOLVER's getrf.
  CuSolverMg,
};

/// Columns of a tile of cuSOLVERMg's 1-D block-cyclic layout by default
/// (`lu-mg-block-size`).
inline constexpr int64_t kDefaultMgBlockSize = 256;

/// Batches of at most this many matrices take a kernel of a whole block a
/// matrix (the panel or cyclic register kernel) by default; larger ones the
/// kernels that put several rows or matrices on a warp, unless the panel
/// kernel takes every batch of their size (kDefaultPanelLuAnyBatchMinSize).
/// The crossover measured on an H200 for the cyclic kernel (132 SMs; a
/// 75x75 f64 block takes a whole SM, so a second wave doubles the time:
/// docs/gpu.md); the `lu-cyclic-max-batch` option overrides it.
inline constexpr int64_t kDefaultCyclicLuMaxBatch = 132;

/// The cyclic register LU kernel spreads a matrix over at most this many
/// warps by default (more when a thread would hold more than 128 registers
/// of it): fewer warps lengthen each warp's share of every step's update,
/// and beyond 16 a step gets no shorter (docs/benchmarks.md). The
/// `lu-cyclic-max-warps` option overrides it.
inline constexpr int64_t kDefaultCyclicLuMaxWarps = 16;

/// The look-ahead panel LU kernel takes the cyclic kernel's small batches
/// of matrices of at most this many rows and columns by default, i.e.
/// every size the cyclic kernel takes: up to 128 it was faster than the
/// cyclic, block register and shared-memory kernels on every shape
/// measured (docs/benchmarks.md, run 22). The `lu-panel-max-size` option
/// overrides it.
inline constexpr int64_t kDefaultPanelLuMaxSize = 128;

/// Matrices with max(M, N) at least this (and at most the panel kernel's
/// bound) take the look-ahead panel kernel in batches of any size by
/// default; smaller ones only in the cyclic kernel's small batches. Beyond
/// those, the block register kernel (many rows of many matrices a block)
/// was faster up to 48 rows and columns and the panel kernel (a block a
/// matrix) from 64 on (docs/benchmarks.md, run 22). The
/// `lu-panel-any-batch-min-size` option overrides it.
inline constexpr int64_t kDefaultPanelLuAnyBatchMinSize = 49;

/// The look-ahead panel kernel may overlap its copies with the
/// factorization: the panel warp loads the first panel from global memory
/// while the other warps copy the rest in, and they write each finished
/// panel's rows out while later panels are factored. The same arithmetic,
/// but off: on an H100 it was slower ((75,75) f64 25.9 against 24.3 us,
/// docs/benchmarks.md, run 41); the `lu-panel-overlap-copies` option
/// overrides it.
inline constexpr bool kDefaultPanelLuOverlapCopies = false;

/// The blocked LU takes matrices too large for a block's shared memory,
/// whose 32-column panels fit a cluster of 8 blocks' shared memory, of at
/// most this many rows and columns by
/// default (the vendor libraries the larger ones), in batches of at least
/// kDefaultBlockedLuMinBatch: it factors every matrix of a batch in each
/// launch, so its time hardly grows with the batch while the per-matrix
/// cuSOLVER loop's does. Smaller batches of real matrices take it up to
/// kDefaultBlockedLuSingleMaxBytes a row (8192 rows), where a single
/// matrix beats cuSOLVER's getrf: an (8192,8192) f64 matrix on register
/// panels over clusters of 16 with blocks of panels (below) took 0.64-0.66 of
/// cuSOLVER's time (docs/benchmarks.md, run 58). The `lu-blocked-max-size`,
/// `lu-blocked-min-batch` and `lu-blocked-single-max-bytes` options
/// override them.
inline constexpr int64_t kDefaultBlockedLuMaxSize = 8192;
inline constexpr int64_t kDefaultBlockedLuMinBatch = 2;
inline constexpr int64_t kDefaultBlockedLuSingleMaxBytes = 65536;
/// The blocked LU's trailing updates with at least this many rows below
/// the panel are the exchange-and-solve kernel and cuBLAS's GEMM: its
/// grid fills the GPU where the generated update has a block a tile. For
/// f64 and complex<f64> from 128 rows; for f32 and complex<f32> from 256
/// rows: below them the generated update takes the whole trailing matrix
/// on the panels' chain, where the GEMM's columns past the next panel run
/// beside it (faster on batches of 1024 x 1024 and on (2,3000,3000),
/// level at 2048 and 4096, a little slower at 1024: docs/benchmarks.md,
/// run 51). The `lu-blocked-gemm-min-rows` and
/// `lu-blocked-gemm-min-rows-f32` options override them (0: never).
inline constexpr int64_t kDefaultBlockedLuGemmMinRows = 128;
inline constexpr int64_t kDefaultBlockedLuGemmMinRowsF32 = 256;
/// The blocked LU can factor f32 and f64 panels of at most this many rows
/// (f64: 8192) with each row in a thread's registers (the register panel):
/// blocks of 16 warps, two f32 rows or one f64 row a thread, one block or a
/// cluster of up to sixteen a matrix; past 6928 rows f64 matrices too tall
/// for the cluster panel's shared memory then take the blocked LU too. By
/// default f64 panels of up to 8192 rows (clusters of up to 16 blocks):
/// with the pushed candidates they beat the shared-memory panels, and with
/// blocks of panels the clusters of 16 of an (8192,8192) matrix beat
/// cuSOLVER (docs/benchmarks.md, run 58).
inline constexpr int64_t kMaxBlockedLuRegisterPanelRows = 16384;
inline constexpr int64_t kDefaultBlockedLuRegisterPanelMaxRows = 8192;
/// f32 panels to 8192 rows (clusters of up to 8 blocks): with the pushed
/// candidates (below) the register panels beat the shared-memory cluster
/// panel on an H100: (4096,4096) f32 took 0.90 of the time with panels of
/// 2049 to 4096 rows in registers (docs/benchmarks.md, run 46), and
/// (8192,8192) f32 0.81 with those of 4097 to 8192 rows, while (2,6000,6000)
/// f32 took 1.01 (run 60).
inline constexpr int64_t kDefaultBlockedLuRegisterPanelMaxRowsF32 = 8192;
/// Register panels on a cluster copy each step's pivot row into every
/// block's shared memory, read there by the block's warps, instead of every
/// warp reading it from the owner block: on an H100 the blocked LU took
/// 0.95 of the time at 1024x1024 f64 and 0.90 at 2048x2048 f64
/// (docs/benchmarks.md, run 39). The
/// `lu-blocked-register-panel-local-pivot-row` option overrides it.
inline constexpr bool kDefaultBlockedLuRegisterPanelLocalPivotRow = true;
/// With the local pivot row, a cluster's register panel step ends in a
/// block barrier and an mbarrier handshake of the blocks' warps 0 instead of
/// a barrier of every thread of the cluster; and the blocked LU's
/// exchange-and-solve kernel (the updates of panels that take cuBLAS's
/// GEMM) solves its U12 rows by a warp's lanes a tile column (registers and
/// shuffles, no barrier a step) instead of a step a barrier across the
/// block. Both keep the roundings (the factors were bitwise equal); on an
/// H100 together they took 0.96 of the time at 1024x1024 f64 and 0.94 at
/// 2048x2048 f64 (docs/benchmarks.md, run 41). The
/// `lu-blocked-register-panel-handshake` and `lu-blocked-column-solve`
/// options override them.
inline constexpr bool kDefaultBlockedLuRegisterPanelHandshake = true;
inline constexpr bool kDefaultBlockedLuColumnSolve = true;
/// Register panels on a cluster exchange candidates by pushing instead:
/// each block's best candidate and its row are stored into every other
/// block's shared memory before its mbarrier arrival, so that a step reads
/// nothing remote. On an H100 the blocked LU took 0.97 of the time at
/// 1024x1024 f64 and 2048x2048 f32, factors bitwise equal
/// (docs/benchmarks.md, run 46).
inline constexpr bool kDefaultBlockedLuRegisterPanelPush = true;
/// The push's stores as st.async, each completing its bytes of the
/// receiving block's mbarrier transaction, with no release arrival. On an
/// H100 the blocked LU took 0.84-0.86 of the time at 1024x1024 and
/// 2048x2048 f64 and 0.88-0.90 at 4096x4096 f32, factors bitwise equal
/// (docs/benchmarks.md, run 48). It needs PTX ISA 8.1 (below).
inline constexpr bool kDefaultBlockedLuRegisterPanelAsyncPush = true;
/// The blocked LU's look-ahead kernel: after a panel that takes the GEMM,
/// one kernel exchanges, solves and updates the next panel's columns, and
/// the other columns' exchanges, solve and GEMM go to the side stream
/// beside the next panel (docs/gpu.md).
inline constexpr bool kDefaultBlockedLuLookAheadKernel = false;
/// The architecture number of an NVIDIA chip name ("sm_90a" -> 90), or none
/// when `chip` is not "sm_" followed by digits.
inline std::optional<unsigned> nvidiaSmVersion(llvm::StringRef chip) {
  unsigned sm = 0;
  if (!chip.starts_with("sm_") ||
      chip.drop_front(3).take_while(llvm::isDigit).getAsInteger(10, sm))
    return std::nullopt;
  return sm;
}
/// The PTX features the GPU pipelines compile for by default: PTX ISA 8.1,
/// the first with st.async (CUDA 12.1 drivers and newer).
inline constexpr const char *kDefaultGpuFeatures = "+ptx81";
/// The blocked LU's GEMM updates go by blocks of panels in large matrices:
/// each panel's GEMM updates its block's columns, and the columns right of
/// the block take one triangular solve and one GEMM as deep as the block,
/// where cuBLAS's rank-k update is several times faster than at the
/// panel's depth (32). Blocks of 256 columns from 4096 f64 and 8192 f32
/// rows: on an H100 they took 0.89-0.93 of the time without them at
/// (4096,4096) f64 and (8192,8192) f32, and brought (8192,8192) f64 to
/// 0.64-0.66 of cuSOLVER's time, while (2048,2048) f64 took 1.05-1.11,
/// (4096,4096) f32 1.09-1.17 and batches of 512 and 1024 rows 1.5-3
/// (docs/benchmarks.md, run 58). The `lu-blocked-gemm-block-columns`
/// (0: none) and `lu-blocked-gemm-block-min-rows[-f32]` options override
/// them.
inline constexpr int64_t kDefaultBlockedLuGemmBlockColumns = 256;
inline constexpr int64_t kMaxBlockedLuGemmBlockColumns = 1024;
inline constexpr int64_t kDefaultBlockedLuGemmBlockMinRows = 4096;
inline constexpr int64_t kDefaultBlockedLuGemmBlockMinRowsF32 = 8192;
/// The blocked LU factors each panel of batches of fewer than this many
/// matrices on a thread-block cluster (the panel's rows over up to 8 SMs)
/// instead of one block, and every panel too tall for one block's shared
/// memory (but those that take the register panel,
/// `lu-blocked-register-panel-max-rows`). None by default: on an H200 one
/// block a panel was faster wherever it fits (docs/benchmarks.md, run 34).
/// The `lu-blocked-cluster-max-batch` option overrides it.
inline constexpr int64_t kDefaultBlockedLuClusterMaxBatch = 0;

struct LinalgXToGPUOptions {
  /// Operands are host memory, copied to and from the device around each op.
  bool hostBuffers = false;
  GPULuStrategy luStrategy = GPULuStrategy::Auto;
  /// Batches of at most this many real matrices of 33 to 128 rows and
  /// columns take a kernel of a block a matrix (panel, or cyclic above
  /// panelLuMaxSize); 0: never.
  int64_t cyclicLuMaxBatch = kDefaultCyclicLuMaxBatch;
  /// Warps the cyclic register kernel spreads a matrix over at most (1..32).
  int64_t cyclicLuMaxWarps = kDefaultCyclicLuMaxWarps;
  /// Of those, matrices of at most this many rows and columns take the
  /// look-ahead panel kernel instead; 0: none.
  int64_t panelLuMaxSize = kDefaultPanelLuMaxSize;
  /// ... and in batches of any size when max(M, N) is at least this.
  int64_t panelLuAnyBatchMinSize = kDefaultPanelLuAnyBatchMinSize;
  /// Whether its copies overlap the factorization.
  bool panelLuOverlapCopies = kDefaultPanelLuOverlapCopies;
  /// Matrices of at most this many rows and columns that no one-kernel LU
  /// holds take the blocked LU when its panels fit; 0: none.
  int64_t blockedLuMaxSize = kDefaultBlockedLuMaxSize;
  /// ... in batches of at least this many matrices, or real ones of at
  /// most this many bytes a row in any batch (0: none).
  int64_t blockedLuMinBatch = kDefaultBlockedLuMinBatch;
  int64_t blockedLuSingleMaxBytes = kDefaultBlockedLuSingleMaxBytes;
  /// Its panels of batches of fewer matrices than this take a cluster each.
  int64_t blockedLuClusterMaxBatch = kDefaultBlockedLuClusterMaxBatch;
  /// Its narrow (32-column) update tiles of f64 and complex<f64> run on
  /// FP64 tensor cores.
  bool blockedLuTensorCores = true;
  /// Its trailing updates of at least this many rows below the panel are
  /// cuBLAS GEMMs (0: none).
  int64_t blockedLuGemmMinRows = kDefaultBlockedLuGemmMinRows;
  /// ... the same for f32 and complex<f32>.
  int64_t blockedLuGemmMinRowsF32 = kDefaultBlockedLuGemmMinRowsF32;
  /// f64 panels of at most this many rows in registers (at most 8192) ...
  int64_t blockedLuRegisterPanelMaxRows = kDefaultBlockedLuRegisterPanelMaxRows;
  /// ... and f32 panels (at most 16384).
  int64_t blockedLuRegisterPanelMaxRowsF32 =
      kDefaultBlockedLuRegisterPanelMaxRowsF32;
  /// The register panels' row bound for `elementType` (complex types take
  /// none: registerPanelRowsFor).
  int64_t blockedLuRegisterPanelMaxRowsFor(Type elementType) const {
    return elementType.isF32() ? blockedLuRegisterPanelMaxRowsF32
                               : blockedLuRegisterPanelMaxRows;
  }
  /// ... the next panel's columns first, the rest beside the next panel.
  bool blockedLuGemmLookAhead = true;
  /// ... by blocks of this many columns (0: none) ...
  int64_t blockedLuGemmBlockColumns = kDefaultBlockedLuGemmBlockColumns;
  /// ... in matrices of at least this many rows (f64, complex<f64>) ...
  int64_t blockedLuGemmBlockMinRows = kDefaultBlockedLuGemmBlockMinRows;
  /// ... and f32, complex<f32>.
  int64_t blockedLuGemmBlockMinRowsF32 = kDefaultBlockedLuGemmBlockMinRowsF32;
  /// Register panels on a cluster: one warp a block reads each step's pivot
  /// row from its owner into the block's shared memory.
  bool blockedLuRegisterPanelLocalPivotRow =
      kDefaultBlockedLuRegisterPanelLocalPivotRow;
  /// ... and with it, steps that end in the warps' 0 mbarrier handshake.
  bool blockedLuRegisterPanelHandshake =
      kDefaultBlockedLuRegisterPanelHandshake;
  /// Register panels on a cluster push each block's best candidate and its
  /// row into the other blocks (overrides the two above).
  bool blockedLuRegisterPanelPush = kDefaultBlockedLuRegisterPanelPush;
  /// The push by st.async stores (PTX ISA 8.1).
  bool blockedLuRegisterPanelAsyncPush =
      kDefaultBlockedLuRegisterPanelAsyncPush;
  /// The exchange-and-solve kernel's U12 by a warp's lanes a tile column.
  bool blockedLuColumnSolve = kDefaultBlockedLuColumnSolve;
  /// With the GEMM's look-ahead: the next panel's columns by the look-ahead
  /// kernel, the other columns' work on the side stream.
  bool blockedLuLookAheadKernel = kDefaultBlockedLuLookAheadKernel;
  /// Full-width real panels of up to twice a register panel block's rows
  /// in one block, half the columns at a time, instead of a cluster of 2.
  bool blockedLuSplitRegisterPanel = false;
  /// Square sizes for which dynamically shaped LUs also get the kernels a
  /// static shape of that size would (chosen by a run-time test).
  llvm::SmallVector<int64_t> luExactSizes;
  /// lu-strategy=cusolver-mg: the CUDA devices a matrix is spread over, and
  /// the columns of a tile.
  llvm::SmallVector<int32_t> mgDevices = {0};
  int64_t mgBlockSize = kDefaultMgBlockSize;
};

/// Patterns lowering linalgx ops on memrefs to `gpu.launch_func` of kernels
/// generated into `gpu.module @linalgx_kernels` and to calls of the linalgx
/// CUDA runtime. The enclosing module becomes a `gpu.container_module`.
void populateLinalgXToGPUPatterns(RewritePatternSet &patterns,
                                  const LinalgXToGPUOptions &options);

/// The C entry points of the runtime that `linalgx.lu` and the vendor
/// `linalgx.lu_solve` lower to.
inline constexpr const char *kCudaGetrfFunctionName = "linalgxCudaGetrf";
inline constexpr const char *kCudaGetrsFunctionName = "linalgxCudaGetrs";
/// ... and the multi-GPU `linalgx.lu` (lu-strategy=cusolver-mg).
inline constexpr const char *kCudaMgGetrfFunctionName = "linalgxCudaMgGetrf";
/// ... and the blocked LU's trailing update on cuBLAS
/// (lu-blocked-gemm-min-rows).
inline constexpr const char *kCudaGemmSubtractFunctionName =
    "linalgxCudaGemmSubtract";
inline constexpr const char *kCudaJoinAsideFunctionName =
    "linalgxCudaJoinAside";
/// ... and the work the look-ahead kernel puts beside the next panel
/// (lu-blocked-look-ahead-kernel).
inline constexpr const char *kCudaBeginAsideFunctionName =
    "linalgxCudaBeginAside";
inline constexpr const char *kCudaEndAsideFunctionName = "linalgxCudaEndAside";
/// ... and the U rows of a block of panels (lu-blocked-gemm-block-columns).
inline constexpr const char *kCudaSolveUnitLowerFunctionName =
    "linalgxCudaSolveUnitLower";

} // namespace linalgx
} // namespace mlir

#endif // LINALGX_CONVERSION_LINALGXTOGPU_LINALGXTOGPU_H
