//===- CyclicLu.h - the cyclic register LU kernel ---------------*- C++ -*-===//
//
// One matrix spread over a whole block in registers, for single matrices and
// small batches of 33 to 128 rows or columns.
//
//===----------------------------------------------------------------------===//

#ifndef LINALGX_LIB_CONVERSION_LINALGXTOGPU_KERNELS_CYCLIC_LU_H
#define LINALGX_LIB_CONVERSION_LINALGXTOGPU_KERNELS_CYCLIC_LU_H

#include "LuCommon.h"
#include "LuOperands.h"

#include "KernelBuilder.h"
#include "mlir/Dialect/Arith/IR/Arith.h"

#include <algorithm>
#include <cstdint>

namespace mlir::linalgx::gpu_kernels {

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
  int64_t warps() const { return (cols + columnSlots() - 1) / columnSlots(); }
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
    return rows >= 1 && cols >= 1 && std::max(rows, cols) > 32 && rows <= 128 &&
           cols <= 128;
  }
};

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
void buildCyclicRegisterLuKernelBody(KernelBuilder &b, ValueRange args,
                                     ValueRange workgroup, Type elementType,
                                     Type intType, bool withPermutation,
                                     bool oneBasedPivots,
                                     CyclicRegisterLuShape shape);

/// Queues the cyclic register LU, a block a matrix, on `lu`'s operands.
void launchCyclicRegisterLu(ImplicitLocOpBuilder &b, DeviceWork &work,
                            const LuOperands &lu, CyclicRegisterLuShape shape);

} // namespace mlir::linalgx::gpu_kernels

#endif // LINALGX_LIB_CONVERSION_LINALGXTOGPU_KERNELS_CYCLIC_LU_H
