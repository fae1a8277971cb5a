//===- BlockedLu.h - the blocked LU -----------------------------*- C++ -*-===//
//
// Matrices too large for one block: 32-column panels, each a panel kernel
// and an update kernel over every matrix of the batch.
//
//===----------------------------------------------------------------------===//

#ifndef LINALGX_LIB_CONVERSION_LINALGXTOGPU_KERNELS_BLOCKED_LU_H
#define LINALGX_LIB_CONVERSION_LINALGXTOGPU_KERNELS_BLOCKED_LU_H

#include "LuCommon.h"
#include "LuOperands.h"
#include "linalgx/Conversion/ElementArith.h"

#include "KernelBuilder.h"
#include "mlir/Dialect/Arith/IR/Arith.h"

namespace mlir::linalgx::gpu_kernels {

/// The blocked LU for matrices too large for one block's shared memory
/// (docs/gpu.md, "The blocked LU"): right-looking, panels of kPanelColumns
/// columns. The host loops over the panels; each costs two launches on the
/// matrix in place, all matrices of the batch at once:
///  1. the panel kernel (buildBlockedLuPanelKernelBody) on the panel, the
///     (M - k0) x w submatrix at (k0, k0), which it factors, stores in its
///     pivot order and whose row order it writes (scratch [B, M]), with the
///     matrix's pivots and info;
///  2. the update (buildBlockedLuUpdateKernelBody): a block a tile of
///     kTileColumns (or kNarrowTileColumns) columns of one matrix applies
///     the panel's row exchanges to its columns outside the panel; right
///     of the panel it also solves for the panel's U rows (unit lower
///     triangular L11) and subtracts L21 * U12 from the rows below,
///     kTileRows at a time.
struct BlockedLuShape {
  static constexpr int64_t kPanelColumns = 32;
  /// The panel kernel's block: kPanelWarps warps, a thread a row at a time.
  static constexpr int64_t kPanelWarps = 16;
  static constexpr int64_t kTileColumns = 64;
  /// Tiles of kNarrowTileColumns when the wide tiles would make at most
  /// kNarrowTileMaxBlocks blocks (half an H200's 132 SMs): twice the blocks
  /// then fill more SMs, which paid at 32 to 64 wide blocks and cost at 96
  /// and more (docs/benchmarks.md, run 33).
  static constexpr int64_t kNarrowTileColumns = 32;
  static constexpr int64_t kNarrowTileMaxBlocks = 66;
  static constexpr int64_t kTileRows = 64;
  /// Narrow-tile updates whose rows below would fill more blocks take two
  /// launches: the exchanges and U12 (BlockedLuUpdatePhases::ExchangeAndSolve)
  /// on the tiles, then the trailing update (Trailing) on (tile, row chunk)
  /// blocks, as many row chunks as make about this many blocks (two an SM of
  /// an H200).
  static constexpr int64_t kTrailingSplitTargetBlocks = 264;
  /// The update's block: kThreadsX x kThreadsY threads; a thread computes
  /// (kTileRows / kThreadsY) x (kTileColumns / kThreadsX) entries.
  static constexpr int64_t kThreadsX = 16;
  static constexpr int64_t kThreadsY = 16;

  /// Whether an update of `tileColumns`-wide tiles subtracts L21 * U12 on
  /// FP64 tensor cores (mma.sync m8n8k4, exact f64 products and sums)
  /// rather than with fused multiply-adds: for f64 and complex<f64> when
  /// asked, on narrow tiles. f32 has no tensor-core product at full
  /// precision; the wide tiles' grids are large enough that the FMA kernel,
  /// with fewer instructions a tile, was faster on an H200.
  static bool updateUsesTensorCores(Type elementType, bool tensorCores,
                                    int64_t tileColumns) {
    return tensorCores && realPartType(elementType).isF64() &&
           tileColumns == kNarrowTileColumns;
  }
  /// The update's shared-memory row strides, in elements: the L21 tile's
  /// and the U rows'. The tensor cores' 8x4 (A) and 4x8 (B) fragments read
  /// entries (row l / 4, column l % 4) and (row l % 4, column l / 4) of
  /// lane l. A half warp's 8-byte loads take distinct banks when both
  /// strides are 4 mod 16 elements; a quarter warp's 16-byte (complex)
  /// ones when A's is 4 mod 8 and B's 2 mod 8. The scalar update reads
  /// along rows, for which an odd L21 stride suffices.
  static constexpr int64_t updateL21Stride(bool tensorCores) {
    return tensorCores ? kPanelColumns + 4 : kPanelColumns + 1;
  }
  static constexpr int64_t updateUStride(int64_t tileColumns, bool tensorCores,
                                         int64_t elementBytes) {
    if (!tensorCores)
      return tileColumns;
    return tileColumns + (elementBytes > 8 ? 2 : 4);
  }
  /// The update kernel's shared memory: L11 (kPanelColumns^2), the tile's
  /// U rows (kPanelColumns rows of updateUStride), the L21 tile (kTileRows
  /// rows of updateL21Stride; it first holds the tile's displaced rows),
  /// and the inverse of the panel's permutation (i32).
  static int64_t updateSharedBytes(int64_t elementBytes,
                                   int64_t tileColumns = kTileColumns,
                                   bool tensorCores = false) {
    return (kPanelColumns * kPanelColumns +
            kPanelColumns *
                updateUStride(tileColumns, tensorCores, elementBytes) +
            kTileRows * updateL21Stride(tensorCores)) *
               elementBytes +
           kPanelColumns * 4;
  }
  /// The panel kernel's shared memory for a panel of `rows` rows: the
  /// panel at an odd row stride, its row order (i32), and the warps'
  /// candidate keys (at most 64-bit) and rows (i32).
  static int64_t panelSharedBytes(int64_t rows, int64_t elementBytes) {
    return rows * ((kPanelColumns + 1) * elementBytes + 4) + kPanelWarps * 12;
  }
  static Value panelSharedBytes(ImplicitLocOpBuilder &b, Value rows,
                                int64_t elementBytes) {
    return arith::AddIOp::create(
        b,
        arith::MulIOp::create(b, rows,
                              arith::ConstantIndexOp::create(
                                  b, (kPanelColumns + 1) * elementBytes + 4)),
        arith::ConstantIndexOp::create(b, kPanelWarps * 12));
  }
  /// The cluster panel kernel (buildBlockedLuClusterPanelKernelBody): a
  /// cluster of at most kClusterPanelMaxBlocks blocks of kClusterPanelWarps
  /// warps a matrix, about kClusterPanelRowsPerBlock rows a block (a thread
  /// a row). Taken for batches below `lu-blocked-cluster-max-batch`, whose
  /// single-block panels would leave SMs idle, and for panels too tall for
  /// one block.
  static constexpr int64_t kClusterPanelWarps = 4;
  static constexpr int64_t kClusterPanelMaxBlocks = 8;
  static constexpr int64_t kClusterPanelRowsPerBlock = 128;
  /// A candidate's word holds its position and row in 16 bits each.
  static constexpr int64_t kClusterPanelMaxRows = 1 << 16;
  /// The register panel kernel (buildBlockedLuRegisterPanelKernelBody):
  /// blocks of kRegisterPanelWarps warps, real types only, a thread two f32
  /// rows or one f64 row (64 of its 128 registers), so 1024 f32 or 512 f64
  /// rows a block; one block a matrix, or for taller panels the smallest
  /// cluster of 2, 4, ... blocks that holds them, at most
  /// kRegisterPanelMaxBlocks (past 8, the portable size, the runtime's
  /// launch allows non-portable clusters; an H100's or H200's GPCs hold 16).
  static constexpr int64_t kRegisterPanelWarps = 16;
  static constexpr int64_t kRegisterPanelMaxBlocks = 16;
  static constexpr int64_t registerPanelRowsPerThread(int64_t elementBytes) {
    return elementBytes == 4 ? 2 : 1;
  }
  static constexpr int64_t registerPanelMaxRows(int64_t elementBytes) {
    return 32 * kRegisterPanelWarps * registerPanelRowsPerThread(elementBytes);
  }
  /// The tallest panel the register panels take for `elementType` with
  /// lu-blocked-register-panel-max-rows = `optionRows`: the option, at most
  /// a cluster's rows; none for complex types.
  static int64_t registerPanelRowsFor(Type elementType, int64_t optionRows) {
    if (isa<ComplexType>(elementType))
      return 0;
    return std::min(optionRows,
                    kRegisterPanelMaxBlocks *
                        registerPanelMaxRows(elementByteSize(elementType)));
  }
  /// With lu-blocked-register-panel-local-pivot-row, a cluster's block also
  /// keeps its copy of each step's pivot row and the pivot's row and
  /// position (i32), after the layout below.
  static constexpr int64_t registerPanelLocalPivotBytes(int64_t elementBytes) {
    return kPanelColumns * elementBytes + 8;
  }
  /// With lu-blocked-register-panel-handshake too, the two mbarriers (steps
  /// of either parity) of the warps' 0 handshake, after those.
  static constexpr int64_t kRegisterPanelHandshakeBytes = 2 * 8;
  /// With lu-blocked-register-panel-push, a cluster of `blocks` blocks
  /// keeps, after the layout below, each block's best candidate's row, key
  /// (8 bytes) and word (i32) for two steps, then the two mbarriers.
  static constexpr int64_t registerPanelPushBytes(int64_t elementBytes,
                                                  int64_t blocks) {
    return 2 * blocks * (kPanelColumns * elementBytes + 12) +
           kRegisterPanelHandshakeBytes;
  }
  /// Its shared memory: the rows at an odd stride and their order (for
  /// loading and storing), then the warps' candidate keys (8 bytes a slot),
  /// words (i32) and rows for two steps.
  static constexpr int64_t registerPanelSharedBytes(int64_t elementBytes) {
    return registerPanelMaxRows(elementBytes) *
               ((kPanelColumns + 1) * elementBytes + 4) +
           2 * kRegisterPanelWarps * (12 + kPanelColumns * elementBytes);
  }
  /// The split register panel (lu-blocked-split-register-panel): one block
  /// factors a panel of up to twice registerPanelMaxRows rows in two halves
  /// of kSplitPanelColumns columns, a thread holding twice the rows of half
  /// the width in the same registers.
  static constexpr int64_t kSplitPanelColumns = kPanelColumns / 2;
  static constexpr int64_t splitRegisterPanelMaxRows(int64_t elementBytes) {
    return 2 * registerPanelMaxRows(elementBytes);
  }
  /// Its shared memory: a half of every row at an odd stride (the right
  /// halves while the left ones are factored, then the left ones), the
  /// candidate slots and stage as above, and the left half's pivot rows
  /// (kSplitPanelColumns^2 multipliers), its U rows of the right half
  /// (as many) and the pivots' local rows (i32).
  static constexpr int64_t splitRegisterPanelSharedBytes(int64_t elementBytes) {
    return splitRegisterPanelMaxRows(elementBytes) * (kSplitPanelColumns + 1) *
               elementBytes +
           2 * kRegisterPanelWarps * (12 + kPanelColumns * elementBytes) +
           2 * kSplitPanelColumns * kSplitPanelColumns * elementBytes +
           kSplitPanelColumns * 4;
  }
  /// The look-ahead kernel (lu-blocked-look-ahead-kernel): blocks of
  /// kLookAheadWarps warps, each taking kLookAheadRowsAtOnce rows at a
  /// time, a cluster of up to kLookAheadMaxBlocks a matrix (the largest the
  /// runtime launches), a block for every kLookAheadRowsPerBlock rows below
  /// the panel (one group a warp); its shared memory holds L11 and the next
  /// panel's columns of the panel's first rows before and after the
  /// exchanges, then each warp's two buffers of L21 rows.
  static constexpr int64_t kLookAheadWarps = 8;
  static constexpr int64_t kLookAheadMaxBlocks = 16;
  static constexpr int64_t kLookAheadRowsAtOnce = 8;
  static constexpr int64_t kLookAheadRowsPerBlock =
      kLookAheadWarps * kLookAheadRowsAtOnce;
  static constexpr int64_t lookAheadSharedBytes(int64_t elementBytes) {
    return (3 * kPanelColumns + 2 * kLookAheadWarps * kLookAheadRowsAtOnce) *
           kPanelColumns * elementBytes;
  }
  /// The cluster panel's shared memory for `rowsPerBlock` rows a block: the
  /// rows at an odd stride, their positions (i32), then, 8-byte aligned, the
  /// warps' candidate keys (8 bytes a slot) and words (i32) for two steps.
  static int64_t clusterPanelSlotsOffset(int64_t rowsPerBlock,
                                         int64_t elementBytes) {
    return (rowsPerBlock * ((kPanelColumns + 1) * elementBytes + 4) + 7) / 8 *
           8;
  }
  static int64_t clusterPanelSharedBytes(int64_t rowsPerBlock,
                                         int64_t elementBytes) {
    return clusterPanelSlotsOffset(rowsPerBlock, elementBytes) +
           2 * kClusterPanelWarps * 12;
  }
  static Value clusterPanelSlotsOffset(ImplicitLocOpBuilder &b,
                                       Value rowsPerBlock,
                                       int64_t elementBytes) {
    auto c = [&](int64_t v) -> Value {
      return arith::ConstantIndexOp::create(b, v);
    };
    Value bytes = arith::MulIOp::create(
        b, rowsPerBlock, c((kPanelColumns + 1) * elementBytes + 4));
    return arith::MulIOp::create(b, arith::CeilDivUIOp::create(b, bytes, c(8)),
                                 c(8));
  }
  static Value clusterPanelSharedBytes(ImplicitLocOpBuilder &b,
                                       Value rowsPerBlock,
                                       int64_t elementBytes) {
    return arith::AddIOp::create(
        b, clusterPanelSlotsOffset(b, rowsPerBlock, elementBytes),
        arith::ConstantIndexOp::create(b, 2 * kClusterPanelWarps * 12));
  }
  /// Whether a panel of `rows` rows fits the register panels (at most
  /// `registerRows`, registerPanelRowsFor) or a cluster's shared memory,
  /// for static and for dynamic sizes (an i1 on the host).
  static bool panelFits(int64_t rows, int64_t elementBytes,
                        int64_t registerRows) {
    return rows <= registerRows || clusterPanelFits(rows, elementBytes);
  }
  static Value panelFits(ImplicitLocOpBuilder &b, Value rows,
                         int64_t elementBytes, int64_t registerRows) {
    Value fits = clusterPanelFits(b, rows, elementBytes);
    if (registerRows == 0)
      return fits;
    return arith::OrIOp::create(
        b,
        arith::CmpIOp::create(b, arith::CmpIPredicate::ule, rows,
                              arith::ConstantIndexOp::create(b, registerRows)),
        fits);
  }
  /// Whether a cluster's blocks hold a panel of `rows` rows, for static
  /// and for dynamic sizes (an i1 on the host).
  static bool clusterPanelFits(int64_t rows, int64_t elementBytes) {
    int64_t rowsPerBlock =
        (rows + kClusterPanelMaxBlocks - 1) / kClusterPanelMaxBlocks;
    return rows < kClusterPanelMaxRows &&
           clusterPanelSharedBytes(rowsPerBlock, elementBytes) <=
               kGeneratedLuMaxSharedBytes;
  }
  static Value clusterPanelFits(ImplicitLocOpBuilder &b, Value rows,
                                int64_t elementBytes) {
    auto c = [&](int64_t v) -> Value {
      return arith::ConstantIndexOp::create(b, v);
    };
    Value rowsPerBlock =
        arith::CeilDivUIOp::create(b, rows, c(kClusterPanelMaxBlocks));
    Value bytesFit = arith::CmpIOp::create(
        b, arith::CmpIPredicate::ule,
        clusterPanelSharedBytes(b, rowsPerBlock, elementBytes),
        c(kGeneratedLuMaxSharedBytes));
    Value rowsFit = arith::CmpIOp::create(b, arith::CmpIPredicate::ult, rows,
                                          c(kClusterPanelMaxRows));
    return arith::AndIOp::create(b, rowsFit, bytesFit);
  }

  /// The panel at column k0 of an m x n matrix, as both kernels see it:
  /// its width (at most kPanelColumns), its rows (m - k0) and its steps.
  struct Panel {
    Value width, rows, steps;
  };
  static Panel panelAt(KernelBuilder &b, Value m, Value n, Value k0) {
    Value width = arith::MinUIOp::create(
        b, arith::ConstantIndexOp::create(b, kPanelColumns),
        arith::SubIOp::create(b, n, k0));
    Value rows = arith::SubIOp::create(b, m, k0);
    return {width, rows, arith::MinUIOp::create(b, width, rows)};
  }
};

/// What the panel kernels (one block, a cluster, registers) share:
/// their operands, the element's types and constants, the panel's shape
/// and the thread's coordinates in its block, built at the kernel's top
/// level by emitCommonPrologue.
class BlockedPanelKernelBase {
protected:
  using S = BlockedLuShape;
  using P = arith::CmpIPredicate;
  /// The panel's columns, and the odd row stride the kernels keep rows at
  /// in shared memory.
  static constexpr int64_t NB = S::kPanelColumns, stride = NB + 1;

  BlockedPanelKernelBase(KernelBuilder &b, ValueRange args, Type elementType,
                         Type intType, bool oneBasedPivots)
      : top(b), lu(args[0]), pivots(args[1]), info(args[2]),
        panelPermutation(args[3]), k0(args[4]), elementType(elementType),
        intType(intType), oneBasedPivots(oneBasedPivots),
        element(elementType, ElementArith::Flavour::Kernel),
        complexType(dyn_cast<ComplexType>(elementType)) {}

  void emitCommonPrologue();

  /// What both kernels write besides the panel: pivots[matrix, k0 + step]
  /// = k0 + `position` (1-based if asked), and info[matrix] = k0 +
  /// `firstZero` (the panel's first zero step + 1; 0: none) unless an
  /// earlier panel set it.
  void storePivot(KernelBuilder &b, Value matrix, Value step,
                  Value position) const;
  void storeInfo(KernelBuilder &b, Value matrix, Value firstZero) const;

  /// A pivot candidate: its pivotKey and a word; among equal keys the
  /// smallest word wins (LAPACK's first index, the word's high bits being
  /// the row's position or its row).
  struct Candidate {
    Value key, word;
  };
  /// The better of two candidates: the larger key, then the smaller word.
  Candidate better(KernelBuilder &b, Candidate x, Candidate y) const;
  /// The best of the warp's lanes' candidates (redux.sync), in every lane;
  /// `none`: the word of no candidate (larger than every candidate's).
  Candidate warpBest(KernelBuilder &b, Candidate mine, Value none) const;

  /// Panel rows [firstRow, firstRow + count) of `matrix` (from row 0 when
  /// `firstRow` is null) into `rowsView` at the odd stride, local row by
  /// local row, zeros past the panel's width, consecutive of the `threads`
  /// threads on consecutive columns; `onRow` (if any) runs once a row with
  /// its local and panel row. Only panel columns [firstColumn, firstColumn
  /// + columns) where asked (a split register panel's half), at the odd
  /// stride columns + 1.
  void
  loadRowsToShared(KernelBuilder &b, Value matrix, Value firstRow, Value count,
                   Value rowsView, int64_t threads,
                   function_ref<void(KernelBuilder &, Value, Value)> onRow = {},
                   int64_t firstColumn = 0, int64_t columns = NB) const;
  /// The reverse for rows kept in place: local row r of `rowsView` to lu
  /// row k0 + positions[r], and panelPermutation[positions[r]] = firstRow
  /// + r, the panel's row order.
  void storeRowsAtPositions(KernelBuilder &b, Value matrix, Value firstRow,
                            Value count, Value rowsView, Value positions,
                            int64_t threads) const;

  /// A release/acquire barrier of every thread of the cluster.
  void clusterBarrier(KernelBuilder &b) const;
  /// The address of byte `offset` of block `blockRank`'s shared memory in
  /// its cluster's shared window (`sharedBase`: this block's shared memory),
  /// and a load of `type` there.
  Value clusterAddress(KernelBuilder &b, Value blockRank, Value offset) const;
  Value clusterLoad(KernelBuilder &b, Value blockRank, Value offset,
                    Type type) const;

  // Constants made with `top` land at the kernel's top level, ahead of the
  // loops and branches that use them.
  KernelBuilder &top;
  Value lu, pivots, info, panelPermutation, k0;
  Type elementType, intType;
  bool oneBasedPivots;
  ElementArith element;
  ComplexType complexType;
  Type magnitudeType, keyType, i32;
  Value zeroKey, zeroInfo;
  // The shape and the thread's coordinates in its block.
  Value batch, width, rows, steps;
  Value lane, warp, thread;
  // The block's shared memory as an address (the cluster kernels').
  Value sharedBase;
};

/// The blocked LU's panel kernel (BlockedLuShape): a block of kPanelWarps
/// warps a matrix (a stride loop over the batch) factors the (M - k0) x w
/// panel at (k0, k0) of lu in shared memory, LAPACK's getf2 on it with
/// physical row exchanges: per step (unrolled, static columns) each warp
/// reduces the warps' candidates (redux.sync: pivotKey, the first row of
/// the largest key); the exchange of the two rows (all 32 columns) and of
/// the row order; then a thread a row scales its entry and updates its
/// later columns against the pivot row, and the warps offer the next
/// step's candidates from the rows just updated. Two barriers a step. Writes
/// the panel back in pivot order, pivots[:, k0 + t] = k0 + the panel's pivot t,
/// the panel's row order into `panelPermutation` [B, M] (its first M - k0
/// entries), and info (k0 + the panel's first zero step + 1) unless an earlier
/// panel set it. Operands: lu, pivots, info, panelPermutation, k0.
void buildBlockedLuPanelKernelBody(KernelBuilder &b, ValueRange args,
                                   Type elementType, Type intType,
                                   bool oneBasedPivots);

/// The blocked LU's cluster panel kernel (BlockedLuShape): the same
/// operands and results as the panel kernel, on a grid of (cluster blocks,
/// clusters), a cluster a matrix (a stride loop over the batch). Block c
/// holds the panel's rows [c R, (c + 1) R) (R = ceil(rows / blocks)) and
/// keeps them in place, each with its position in the pivot order; per step
/// (unrolled, static columns) every warp reads every warp's candidate of
/// the cluster from distributed shared memory and reduces them (redux.sync),
/// one load a warp fetches the pivot row from its owner and shuffles it,
/// and a thread a row updates its position, scales its entry, updates its
/// later columns and offers the next column's candidate; one cluster
/// barrier a step. The rows go to their positions at the end.
void buildBlockedLuClusterPanelKernelBody(KernelBuilder &b, ValueRange args,
                                          Type elementType, Type intType,
                                          bool oneBasedPivots);

/// The blocked LU's register panel kernel (BlockedLuShape): the same
/// operands and results as the panel kernel, for panels of at most
/// `clusterBlocks` * registerPanelMaxRows rows of f32 or f64, a block (or a
/// cluster of `clusterBlocks` blocks, on a grid of (blocks, clusters)) a
/// matrix, a stride loop over the batch. Thread t of block c keeps panel
/// rows c * registerPanelMaxRows + t + r * 512 in registers and in place,
/// with their positions in the pivot order; per step
/// (unrolled, static columns) every warp reads the warps' candidates and
/// reduces them (redux.sync), reads the pivot row from the copy its warp's
/// candidate lane left in shared memory (the owner block's, through the
/// cluster's shared window), and each row's thread updates its position,
/// scales its entry, updates its later columns and offers the next column's
/// candidate; one barrier (a cluster barrier) a step. With `localPivotRow`
/// warp 0 of each block copies the pivot row into its block; with
/// `handshake` too, a cluster's step ends in a block barrier and the warps'
/// 0 mbarrier handshake instead. With `push` (a cluster; instead of both),
/// warp 0 of each block stores its block's best candidate and its row into
/// the other blocks' shared memory and arrives on their mbarriers, and every
/// warp waits on its own and reduces the blocks' candidates there. The rows
/// go to their positions at the end.
void buildBlockedLuRegisterPanelKernelBody(KernelBuilder &b, ValueRange args,
                                           Type elementType, Type intType,
                                           bool oneBasedPivots,
                                           int64_t clusterBlocks,
                                           bool localPivotRow, bool handshake,
                                           bool push, bool asyncPush);

/// The blocked LU's split register panel kernel: the same operands and
/// results, one block a matrix, for full-width panels (32 columns) of more
/// than registerPanelMaxRows and at most splitRegisterPanelMaxRows rows.
/// Thread t keeps panel rows t + r * 512 (r < twice the register panel's)
/// in registers, kSplitPanelColumns columns at a time: the left half takes
/// the register panel's steps 0..15 while the right half waits in shared
/// memory; then one warp solves for the right half's U rows (L11 from the
/// left half's pivot rows), every other row subtracts its multipliers times
/// them (each row's updates in the order the one-pass panel applies them,
/// so the results are the same), and the right half takes steps 16..31 in
/// the registers, the left half waiting in shared memory. Each thread
/// stores its rows at their positions at the end.
void buildBlockedLuSplitRegisterPanelKernelBody(KernelBuilder &b,
                                                ValueRange args,
                                                Type elementType, Type intType,
                                                bool oneBasedPivots);

/// The phases an update kernel runs: all of them, or the exchanges and the
/// U12 solve, or the trailing update alone (reading U12 from lu).
/// ExchangeAndSolveBeside: ExchangeAndSolve leaving the next panel's
/// columns alone (the look-ahead kernel's, buildBlockedLuLookAheadKernelBody).
enum class BlockedLuUpdatePhases {
  All,
  ExchangeAndSolve,
  ExchangeAndSolveBeside,
  Trailing
};

/// The blocked LU's update kernel (BlockedLuShape). Operands: lu [B, M, N]
/// (being factored in place), the panel's row order [B, M] (its first
/// M - k0 entries), k0 and the end of the columns it updates (a tile
/// boundary or N; the columns right of it take the row exchanges alone,
/// their U rows and trailing update left to the blocked LU's block
/// update). Grid: (column tiles, matrices, row chunks), the
/// matrices and the trailing update's row tiles in stride loops. With
/// `tensorCores` (BlockedLuShape::updateUsesTensorCores) each warp
/// subtracts a 16-row slice of L21 * U12 with mma.sync m8n8k4. With
/// `columnSolve` the exchange-and-solve phase alone solves each tile
/// column's U12 by lanes of one warp (shuffles, no barrier a step).
void buildBlockedLuUpdateKernelBody(KernelBuilder &b, ValueRange args,
                                    Type elementType, int64_t tileColumns,
                                    BlockedLuUpdatePhases phases,
                                    bool tensorCores, bool columnSolve);

/// The blocked LU's look-ahead kernel, after a full panel at k0 whose
/// update takes the GEMM: the next panel's columns [k0 + 32, k0 + 64) get
/// the panel's row exchanges, their U12 rows and the panel's trailing
/// update, all rows of a matrix on one cluster. Operands: lu [B, M, N], the
/// panel's row order [B, M], k0. Grid: (cluster blocks, matrices); blocks
/// of 32 x kLookAheadWarps threads; lookAheadSharedBytes; real types.
void buildBlockedLuLookAheadKernelBody(KernelBuilder &b, ValueRange args,
                                       Type elementType);

/// The blocked LU's host-side choices (the lowering's lu-blocked-* options).
struct BlockedLuOptions {
  /// Panels of batches of fewer matrices take a cluster each (unless they
  /// take the register panel).
  int64_t clusterMaxBatch = 0;
  /// Real panels of at most this many rows (at most kRegisterPanelMaxBlocks
  /// times BlockedLuShape::registerPanelMaxRows) take the register panels.
  int64_t registerPanelMaxRows = 0;
  /// f64 and complex<f64> narrow update tiles on FP64 tensor cores.
  bool tensorCores = true;
  /// Updates of at least this many rows below the panel are the
  /// exchange-and-solve kernel and the runtime's cuBLAS GEMM (0: none) ...
  int64_t gemmMinRows = 0;
  /// ... the next panel's columns first and the rest beside the next panel,
  /// joined before the next update.
  bool gemmLookAhead = true;
  /// ... by blocks of this many columns (a multiple of kTileColumns; 0:
  /// none): where every panel of a block takes the GEMM, the panels' GEMMs
  /// stop at the block's last column, and the columns right of it take one
  /// triangular solve for the block's U rows and one GEMM of the block's
  /// depth.
  int64_t gemmBlockColumns = 0;
  /// ... in matrices of at least this many rows (M); others as without.
  int64_t gemmBlockMinRows = 0;
  /// Register panels on a cluster: one warp a block reads each step's pivot
  /// and its row from the other blocks into the block's shared memory
  /// (registerPanelLocalPivotBytes), where the block's warps read them.
  bool registerPanelLocalPivotRow = false;
  /// Full-width real panels of more rows than a register panel block holds
  /// and at most twice as many take the split register panel.
  bool splitRegisterPanel = false;
  /// The exchange-and-solve kernel's U12 solved by a warp's lanes a tile
  /// column, without a barrier a step.
  bool columnSolve = false;
  /// With registerPanelLocalPivotRow: a cluster's steps end in a block
  /// barrier and the warps' 0 mbarrier handshake
  /// (registerPanelHandshakeBytes) instead of a cluster barrier.
  bool registerPanelHandshake = false;
  /// Register panels on a cluster: each block pushes its best candidate
  /// and its row into the other blocks (registerPanelPushBytes) before its
  /// mbarrier arrivals; overrides the two above.
  bool registerPanelPush = false;
  /// With registerPanelPush: st.async stores completing the receiving
  /// block's mbarrier transaction instead of stores and release arrivals.
  bool registerPanelAsyncPush = false;
  /// With gemmLookAhead and no gemmBlockColumns: after a panel that takes
  /// the GEMM, the look-ahead kernel exchanges, solves and updates the next
  /// panel's columns; the other columns' exchange-and-solve kernel and GEMM
  /// run aside, beside the next panel.
  bool lookAheadKernel = false;
};

/// Emits the blocked LU on `lu`'s operands: the input copied into the
/// factors, then for each panel of kPanelColumns columns the panel kernel
/// (the panel in place, the pivots, info and the panel's row order) and the
/// update kernels (or the GEMMs); the permutation kernel from the pivots at
/// the end.
void emitBlockedLu(ImplicitLocOpBuilder &b, DeviceWork &work,
                   const LuOperands &lu, const BlockedLuOptions &options);

} // namespace mlir::linalgx::gpu_kernels

#endif // LINALGX_LIB_CONVERSION_LINALGXTOGPU_KERNELS_BLOCKED_LU_H
