//===- GeneratedLu.h - the generated one-kernel GPU LU ----------*- C++ -*-===//
//
// The LU kernels the GPU lowering generates (the warp, cyclic and block
// register kernels and the shared-memory kernel, GeneratedLu.cpp) and the
// launch arithmetic LinalgXToGPU.cpp uses to choose between them and the
// vendor path. Internal to
// lib/Conversion/LinalgXToGPU; docs/gpu.md describes the design.
//
//===----------------------------------------------------------------------===//

#ifndef LINALGX_LIB_CONVERSION_LINALGXTOGPU_GENERATEDLU_H
#define LINALGX_LIB_CONVERSION_LINALGXTOGPU_GENERATEDLU_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/ImplicitLocOpBuilder.h"

#include <algorithm>
#include <cstdint>

namespace mlir::linalgx::gpu_kernels {

/// Dynamic shared memory one block of the generated LU may use: sm_90's
/// opt-in maximum (227 KiB); the runtime raises the kernel's limit to what
/// each launch asks for.
inline constexpr int64_t kGeneratedLuMaxSharedBytes = 227 * 1024;
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

/// Bytes of one element of `type` (complex numbers: both parts).
int64_t elementByteSize(Type type);

/// Matrices of at most this many rows and columns (8 or 16) are factored by
/// the warp register kernel, several per warp; 4 warps per block.
inline constexpr int64_t kRegisterLuSizes[] = {8, 16};
inline constexpr int64_t kRegisterLuWarpsPerBlock = 4;

/// The block register kernel's bounds for dynamic shapes: the smallest
/// that holds max(M, N) is generated (static shapes get their exact size).
/// Each bucket is a separately unrolled kernel, so they are few; columns
/// past N cost work, so they are not far apart.
inline constexpr int64_t kBlockRegisterLuSizes[] = {32, 48, 64, 80, 96, 128};
/// Registers a thread may spend on its row: 255 per thread minus what the
/// step needs besides the row. A row of `cols` elements of `bytes` each
/// needs cols * bytes / 4 registers; ptxas -v for sm_90 (2026-11-30): 96 f64
/// columns use 254 registers without spilling, 128 f32 columns 168 with 12
/// bytes spilled, 128 f64 columns spill kilobytes (hence the bound).
inline constexpr int64_t kBlockRegisterLuMaxRowBytes = 96 * 8;

/// The launch shape of the block register kernel for matrices of at most
/// `rows` rows and `cols` columns: a thread per row, `warps()` warps per
/// matrix (blockDim.y), `matricesPerBlock()` matrices per block
/// (blockDim.z; several only when a matrix is one warp).
struct BlockRegisterLuShape {
  int64_t rows, cols;
  int64_t warps() const { return (rows + 31) / 32; }
  int64_t matricesPerBlock() const {
    return warps() == 1 ? kRegisterLuWarpsPerBlock : 1;
  }
  /// Whether a thread can hold a row of `cols` `elementType` elements.
  static bool fits(int64_t rows, int64_t cols, Type elementType) {
    // Empty matrices are left to the shared-memory kernel (a block of zero
    // warps cannot launch).
    return rows >= 1 && cols >= 1 && rows <= 128 &&
           cols <= kBlockRegisterLuMaxRowBytes / elementByteSize(elementType);
  }
};

/// The cyclic register kernel spreads one matrix over a whole block, so that
/// a single matrix (or a batch too small to fill the GPU) has hundreds of
/// threads instead of one a row: warp w holds the columns w, w + W, w + 2W,
/// ... and lane l the rows l, l + 32, l + 64, ..., in registers. Static
/// shapes get their exact size; dynamic ones the smallest of these bounds
/// that holds them (the steps are a rolled loop, so a bucket costs no code,
/// only idle slots).
inline constexpr int64_t kCyclicRegisterLuSizes[] = {48, 64, 80, 96, 128};
/// Bytes of its matrix a thread holds at most (128 registers): beyond, the
/// kernel takes more warps than lu-cyclic-max-warps rather than spill.
inline constexpr int64_t kCyclicRegisterLuMaxThreadBytes = 512;
/// Static shared memory of a block (sm_90 allows 48 KiB without opting in):
/// the staged matrix (or a band of its columns) and the step buffers.
inline constexpr int64_t kCyclicRegisterLuSharedBytes = 48 * 1024;

/// The shape of the cyclic register kernel for matrices of at most `rows`
/// rows and `cols` columns of `elementBytes`-byte elements, spread over at
/// most `maxWarps` warps where registers allow: `warps()` warps (blockDim.y)
/// of 32 lanes, `rowSlots() x columnSlots()` elements a thread.
struct CyclicRegisterLuShape {
  int64_t rows, cols, maxWarps, elementBytes;
  int64_t rowSlots() const { return (rows + 31) / 32; }
  int64_t columnSlots() const {
    int64_t registerBound = std::max<int64_t>(
        1, kCyclicRegisterLuMaxThreadBytes / (rowSlots() * elementBytes));
    return std::min((cols + maxWarps - 1) / maxWarps, registerBound);
  }
  int64_t warps() const {
    return (cols + columnSlots() - 1) / columnSlots();
  }
  /// Columns staged in shared memory at a time (the whole matrix when it
  /// fits beside the step buffers), and their row stride (odd: a column's
  /// rows fall in distinct banks).
  int64_t stagedColumns() const {
    // Besides the staged columns: the multipliers and the row order (2 x 32
    // per row slot each), the outcome (2 i32), and up to 16 bytes of
    // alignment padding before each of the four buffers.
    int64_t budget = kCyclicRegisterLuSharedBytes -
                     2 * 32 * rowSlots() * (elementBytes + 4) - 2 * 4 - 4 * 16;
    int64_t columns = std::min(cols, budget / (rows * elementBytes));
    while (columns > 1 && rows * (columns | 1) * elementBytes > budget)
      --columns;
    return columns;
  }
  static int64_t stagedStride(int64_t stagedColumns) {
    return stagedColumns | 1;
  }
  /// Real matrices of more than 32 and at most 128 rows or columns (at most
  /// four row slots). Up to 32, a matrix is one warp of the block register
  /// kernel, whose steps need no cross-warp hand-off.
  static bool fits(int64_t rows, int64_t cols) {
    return rows >= 1 && cols >= 1 && std::max(rows, cols) > 32 &&
           rows <= 128 && cols <= 128;
  }
};

/// The look-ahead panel kernel: a block of kWarps warps a matrix held in
/// shared memory. Warp 0 factors panels of kPanelColumns columns in its
/// registers (lane l: rows l, l + 32, ...; the steps never leave the warp)
/// one panel ahead of the others; warps 1.. apply each panel to the
/// columns past the next. One block-wide barrier a panel, none a step
/// (docs/gpu.md; prototyped and measured as bench/one_warp_lu.cu). Real
/// matrices of the cyclic kernel's sizes (33 to 128 rows or columns);
/// dynamic shapes take its buckets.
struct PanelLuShape {
  static constexpr int64_t kPanelColumns = 4, kWarps = 4;
  /// The matrices' size bound, or (exact) their size.
  int64_t rows, cols;
  /// Whether every matrix is exactly rows x cols (a static shape): the
  /// kernel then knows its sizes and strides, so that its index arithmetic
  /// folds to constants instead of run-time 64-bit multiplies.
  bool exact = false;
  int64_t rowSlots() const { return (rows + 31) / 32; }
  int64_t columnSlots() const { return (cols + 31) / 32; }
  /// The list of unused rows: whole groups of four.
  static int64_t listSize(int64_t rows) { return (rows + 3) / 4 * 4; }
  /// i32 words after the matrix: the row at each position, the list twice
  /// (by panel parity), the pivot rows twice, (count, zero steps) twice.
  static int64_t intCount(int64_t rows) {
    return 3 * listSize(rows) + 2 * kPanelColumns + 4;
  }
  /// The matrix's row stride in shared memory: odd (rows fall on different
  /// banks) and the size bound's, so that a size bucket's kernel addresses
  /// shared memory without a run-time multiply too.
  int64_t rowStride() const { return cols | 1; }
  /// The matrix in shared memory, rounded up to 16 bytes.
  int64_t matrixBytes(int64_t elementBytes) const {
    return (rows * rowStride() * elementBytes + 15) / 16 * 16;
  }
  /// Dynamic shared memory of a block.
  int64_t sharedBytes(int64_t elementBytes) const {
    return matrixBytes(elementBytes) + 4 * intCount(rows);
  }
  /// The sizes it takes: the cyclic kernel's, at most `maxSize`.
  static bool fits(int64_t rows, int64_t cols, int64_t maxSize) {
    return CyclicRegisterLuShape::fits(rows, cols) &&
           std::max(rows, cols) <= maxSize;
  }
};

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
        arith::MulIOp::create(
            b, arith::MulIOp::create(b, m, stride),
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
    Value rowsPerWarp =
        arith::SelectOp::create(b, few, c(kGeneratedLuRowsPerWarpFew),
                                c(kGeneratedLuRowsPerWarpMany));
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
            arith::DivUIOp::create(
                b, c(kGeneratedLuMaxSharedBytes),
                arith::MaxUIOp::create(b, perMatrix, one))));
    Value bytes = arith::MulIOp::create(b, matrices, perMatrix);
    return {warps, matrices, bytes};
  }
};

/// Shared memory of the warp register kernel: each matrix of the block
/// staged as `size` rows padded to an odd number of 16-byte units.
SmallVector<Type> registerLuWorkgroupTypes(int64_t size, Type elementType);

/// The warp register LU for real matrices of at most `size` rows and columns
/// (size = 8 or 16): `size` lanes per matrix, 32 / size matrices per
/// warp, and lane r holds row r of its matrix in `size` registers. The
/// steps are unrolled (`size` of them, those past K skipped), so every
/// column index is static and the rows never leave the registers:
///  - pivot search: two matrices a warp, redux.sync reductions of the key
///    and then the logical position among the rows not yet used as pivots,
///    and a ballot for the lane that holds it; four, a butterfly of (key,
///    position, row) -- the row order is tracked per lane as its logical
///    position, rows never move;
///  - the pivot row is broadcast with shuffles, each remaining row divides
///    its entry in column k by the pivot and updates its columns > k.
/// The matrices come in through shared memory (cp.async, lane j copying
/// column j of every row: whole segments of rows per access) and go out
/// the same way; no barriers (warp syncs).
void buildRegisterLuKernelBody(ImplicitLocOpBuilder &b, ValueRange args,
                               ValueRange workgroup, Type elementType,
                               Type intType, bool withPermutation,
                               int64_t size);

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
void buildBlockRegisterLuKernelBody(ImplicitLocOpBuilder &b, ValueRange args,
                                    ValueRange workgroup, Type elementType,
                                    Type intType, bool withPermutation,
                                    BlockRegisterLuShape shape);

/// Shared memory of the cyclic register kernel: the staged matrix
/// ([rows][stride] elements, a band of columns at a time), the step's
/// multipliers ([2][32 * rowSlots] elements, by step parity), the row order
/// ([2][32 * rowSlots] i32: each row's position, the row at each position)
/// and the step's outcome ([2] i32: pivot row and position, zero-pivot bit).
SmallVector<Type> cyclicRegisterLuWorkgroupTypes(CyclicRegisterLuShape shape,
                                                 Type elementType);

/// The cyclic register LU for real matrices of at most shape.rows rows and
/// shape.cols columns, one block a matrix (blocks walk the batch): thread
/// (warp w, lane l) holds element (l + 32 r, w + W c) in registers. Rows
/// never move: the row order lives in shared memory, each thread tracks the
/// used flag of its rows (the same in every warp). Step s belongs to the
/// warp holding column s; steps run round by round (round c: the columns
/// of slot c, unrolled; its steps a rolled loop, so the code does not grow
/// with the size). A step:
///  - the column's warp picks the pivot (per-lane maximum of its row slots,
///    redux.sync of the key's high word, a ballot: one lane holding it
///    gives its own first position * 128 + row and the pivot by shuffles,
///    otherwise two more redux.sync and a shuffle of the pivot), scales
///    its column (one reciprocal, LAPACK's sfmin rule) and publishes the
///    multipliers and the pivot row in shared memory (double-buffered by
///    step parity),
///    then arrives on the step's named barrier, where the other warps wait;
///  - the owner of the next column applies the step to it and searches the
///    next step first (look-ahead);
///  - every warp updates its later columns: the pivot row's entries by
///    shuffle from the lane holding it, one predicated fused multiply-add
///    an element of a row not yet used as a pivot.
/// The matrix comes in and goes out through shared memory in coalesced rows.
void buildCyclicRegisterLuKernelBody(ImplicitLocOpBuilder &b, ValueRange args,
                                     ValueRange workgroup, Type elementType,
                                     Type intType, bool withPermutation,
                                     CyclicRegisterLuShape shape);

/// The look-ahead panel kernel (PanelLuShape). A panel step, in warp 0:
/// every lane picks its candidate (the largest magnitude high word among
/// its open rows) and that row's reciprocal and later panel entries, in
/// the shadow of one redux.sync; when a single row holds the maximum
/// (ballots) and the pivot is normal, shuffles from its lane and the
/// updates follow with no other branch; ties, zeros, NaN, Inf and extreme
/// pivots take the full search (64-bit keys, first position). Rows never
/// move: positions live in registers, the row order in shared memory.
void buildPanelLuKernelBody(ImplicitLocOpBuilder &b, ValueRange args,
                            Type elementType, Type intType,
                            bool withPermutation, PanelLuShape shape);

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
void buildSharedMemoryLuKernelBody(ImplicitLocOpBuilder &b,
                                   ValueRange args, Type elementType,
                                   Type intType, bool withPermutation);

/// The blocked LU for matrices too large for one block's shared memory
/// (docs/gpu.md, "The blocked LU"): right-looking, panels of kPanelColumns
/// columns. The host loops over the panels; each costs two launches on the
/// matrix in place, all matrices of the batch at once:
///  1. the panel kernel (buildBlockedLuPanelKernelBody) on the panel, the
///     (M - k0) x w submatrix at (k0, k0), which it factors, stores in its
///     pivot order and whose row order it writes (scratch [B, M]), with the
///     matrix's pivots and info;
///  2. the update (buildBlockedLuUpdateKernelBody): a block a tile of
///     kTileColumns columns of one matrix applies the panel's row
///     exchanges to its columns outside the panel; right of the panel it
///     also solves for the panel's U rows (unit lower triangular L11) and
///     subtracts L21 * U12 from the rows below, kTileRows at a time.
struct BlockedLuShape {
  static constexpr int64_t kPanelColumns = 32;
  /// The panel kernel's block: kPanelWarps warps, a thread a row at a time.
  static constexpr int64_t kPanelWarps = 16;
  static constexpr int64_t kTileColumns = 64;
  static constexpr int64_t kTileRows = 64;
  /// The update's block: kThreadsX x kThreadsY threads; a thread computes
  /// (kTileRows / kThreadsY) x (kTileColumns / kThreadsX) entries.
  static constexpr int64_t kThreadsX = 16;
  static constexpr int64_t kThreadsY = 16;

  /// The update kernel's shared memory: L11 (kPanelColumns^2), the tile's
  /// U rows (kPanelColumns x kTileColumns), the L21 tile (kTileRows rows at
  /// an odd stride; it first holds the tile's displaced rows), and the
  /// inverse of the panel's permutation (i32).
  static int64_t updateSharedBytes(int64_t elementBytes) {
    return (kPanelColumns * kPanelColumns + kPanelColumns * kTileColumns +
            kTileRows * (kPanelColumns + 1)) *
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
        arith::MulIOp::create(
            b, rows,
            arith::ConstantIndexOp::create(
                b, (kPanelColumns + 1) * elementBytes + 4)),
        arith::ConstantIndexOp::create(b, kPanelWarps * 12));
  }
  /// The panel at column k0 of an m x n matrix, as both kernels see it:
  /// its width (at most kPanelColumns), its rows (m - k0) and its steps.
  struct Panel {
    Value width, rows, steps;
  };
  static Panel panelAt(ImplicitLocOpBuilder &b, Value m, Value n, Value k0) {
    Value width = arith::MinUIOp::create(
        b, arith::ConstantIndexOp::create(b, kPanelColumns),
        arith::SubIOp::create(b, n, k0));
    Value rows = arith::SubIOp::create(b, m, k0);
    return {width, rows, arith::MinUIOp::create(b, width, rows)};
  }
  /// Whether a panel of `rows` rows fits a block's shared memory.
  static bool panelFits(int64_t rows, int64_t elementBytes) {
    return rows <= kGeneratedLuMaxSharedBytes &&
           panelSharedBytes(rows, elementBytes) <= kGeneratedLuMaxSharedBytes;
  }
};

/// The blocked LU's panel kernel (BlockedLuShape): a block of kPanelWarps
/// warps a matrix (a stride loop over the batch) factors the (M - k0) x w
/// panel at (k0, k0) of lu in shared memory, LAPACK's getf2 on it with
/// physical row exchanges: per step (unrolled, static columns) each thread
/// scans its rows, the warps reduce (redux.sync) and the block picks the
/// best warp's candidate (pivotKey, the first row of the largest key); the
/// exchange of the two rows (all 32 columns) and of the row order; then a
/// thread a row scales its entry and updates its later columns against the
/// pivot row. Three barriers a step. Writes the panel back in pivot order,
/// pivots[:, k0 + t] = k0 + the panel's pivot t, the panel's row order
/// into `panelPermutation` [B, M] (its first M - k0 entries), and info
/// (k0 + the panel's first zero step + 1) unless an earlier panel set it.
/// Operands: lu, pivots, info, panelPermutation, k0.
void buildBlockedLuPanelKernelBody(ImplicitLocOpBuilder &b, ValueRange args,
                                   Type elementType, Type intType);

/// The blocked LU's update kernel (BlockedLuShape). Operands: lu [B, M, N]
/// (being factored in place), the panel's row order [B, M] (its first
/// M - k0 entries) and k0. Grid: (column tiles, matrices), the matrices in
/// a stride loop.
void buildBlockedLuUpdateKernelBody(ImplicitLocOpBuilder &b, ValueRange args,
                                    Type elementType);

} // namespace mlir::linalgx::gpu_kernels

#endif // LINALGX_LIB_CONVERSION_LINALGXTOGPU_GENERATEDLU_H
