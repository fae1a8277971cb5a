//===- PanelLu.h - the look-ahead panel LU kernel ---------------*- C++ -*-===//
//
// One matrix a block in shared memory: warp 0 factors 4-column panels in its
// registers one panel ahead of the warps that update the rest.
//
//===----------------------------------------------------------------------===//

#ifndef LINALGX_LIB_CONVERSION_LINALGXTOGPU_KERNELS_PANEL_LU_H
#define LINALGX_LIB_CONVERSION_LINALGXTOGPU_KERNELS_PANEL_LU_H

#include "CyclicLu.h"
#include "LuOperands.h"

#include "KernelBuilder.h"
#include "mlir/Dialect/Arith/IR/Arith.h"

namespace mlir::linalgx::gpu_kernels {

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

/// The look-ahead panel kernel (PanelLuShape). A panel step, in warp 0:
/// every lane picks its candidate (the largest magnitude high word among
/// its open rows, its lowest bits left to the lane) and that row's
/// reciprocal and later panel entries, in the shadow of one redux.sync,
/// whose maximum names the lane to shuffle the pivot from; when a single
/// row holds the maximum (a ballot) and the pivot is normal, the updates
/// follow with no other branch; ties, zeros, NaN, Inf and extreme pivots
/// take the full search (64-bit keys, first position). Rows never move:
/// positions live in registers, the row order in shared memory.
/// `overlapCopies`: the panel warp loads the first panel from global memory
/// while the others copy the rest in, and they write each finished panel's
/// rows out after the next panel's barrier.
void buildPanelLuKernelBody(KernelBuilder &b, ValueRange args, Type elementType,
                            Type intType, bool withPermutation,
                            bool oneBasedPivots, PanelLuShape shape,
                            bool overlapCopies);

/// Queues the panel LU, a block a matrix, on `lu`'s operands.
void launchPanelLu(ImplicitLocOpBuilder &b, DeviceWork &work,
                   const LuOperands &lu, PanelLuShape shape,
                   bool overlapCopies);

} // namespace mlir::linalgx::gpu_kernels

#endif // LINALGX_LIB_CONVERSION_LINALGXTOGPU_KERNELS_PANEL_LU_H
