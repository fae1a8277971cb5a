//===- RegisterRows.h - rows held in registers ------------------*- C++ -*-===//
//
// What the warp and block register LU kernels share: a thread holds a row in
// registers, staged through shared memory on the way in and out, and rows
// never move (each thread tracks its row's logical position).
//
//===----------------------------------------------------------------------===//

#ifndef LINALGX_LIB_CONVERSION_LINALGXTOGPU_KERNELS_REGISTER_ROWS_H
#define LINALGX_LIB_CONVERSION_LINALGXTOGPU_KERNELS_REGISTER_ROWS_H

#include "LuCommon.h"

#include "KernelBuilder.h"
#include "mlir/Dialect/Arith/IR/Arith.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include <utility>

namespace mlir::linalgx::gpu_kernels {

/// How the register kernels move a matrix between global memory and their
/// threads' registers: a segment of every row at a time through shared
/// memory. Reading a row per thread straight from global memory would have
/// each warp-wide access touch 32 lines; through shared memory, consecutive
/// threads copy consecutive elements of whole 128-byte lines, and each
/// thread then reads its own row segment there with 16-byte accesses.
/// The warp register kernel's rows are one segment (at most 128 bytes).
struct StagedRowSegments {
  explicit StagedRowSegments(Type elementType, int64_t width = 0)
      : width(width ? width : 128 / elementByteSize(elementType)),
        // 16 bytes of padding make the row stride an odd number of 16-byte
        // units (the widths are multiples of 16 bytes): a quarter warp's
        // 16-byte accesses to eight rows then fall in distinct banks.
        stride(this->width + 16 / elementByteSize(elementType)) {}
  /// Elements of a row segment, and of a staged row with its padding.
  int64_t width, stride;
};

/// What a register kernel's step leaves for unrollRegisterSteps: the row's
/// new logical position and used flag (exchangeRows) and whether the pivot
/// was exactly zero.
struct RegisterStep {
  Value position, used, singular;
};

/// The staged copies are loops of this many elements an iteration: fully
/// unrolled, their per-element addresses would be invariant in the batch
/// loop, hoisted out of it by LLVM and kept in registers through all the
/// steps (ptxas: twice the registers of the row, or spills).
inline constexpr int64_t kStagedCopyUnroll = 4;

/// Starts an asynchronous copy (cp.async, no registers, no waiting) of
/// `source[indices]` into `staged[stagedAt]`, or zero-fills it when
/// `inSource` is false (nothing is read: the source index is then
/// all-zero). `zero` and `one` are index constants.
void asyncCopyOrZero(KernelBuilder &b, Value staged, Value stagedAt,
                     Value source, ValueRange indices, Value inSource,
                     Value zero, Value one);

/// Appends what the register kernels keep per thread after a row's values:
/// its logical position (i32, the row itself at first), whether it has been
/// a pivot row (i1; rows not valid count as used, so they never compete for
/// a pivot) and info.
void appendRegisterRowBookkeeping(KernelBuilder &b,
                                  SmallVectorImpl<Value> &state, Value row,
                                  Value rowValid, Type intType);

/// A step's row exchange in the register kernels, where rows never move:
/// the pivot row takes logical position `step`, the row at `step` the pivot
/// row's old position, and the pivot row's thread records the pivot (unless
/// `pivots` is null: a fused solve keeps none). Returns the thread's new
/// (position, used).
std::pair<Value, Value> exchangeRows(KernelBuilder &b, Value position,
                                     Value used, Value isPivotRow,
                                     Value pivotPosition, int64_t step,
                                     Value stepIndex, Value valid, Value pivots,
                                     Value matrix, bool oneBasedPivots);

/// The register kernels' steps, unrolled so that every column index is
/// static: step s runs under s < K (the same for every thread of a matrix),
/// `body` updates the `size` row values in place and returns the rest of the
/// step's outcome, and info records the first zero pivot, 1-based. `state`
/// is loadRegisterRowState's; the state after the last step is returned.
SmallVector<Value>
unrollRegisterSteps(KernelBuilder &b, ValueRange initialState, int64_t size,
                    int64_t steps, Value k, ArrayRef<Value> c,
                    function_ref<RegisterStep(KernelBuilder &, int64_t step,
                                              MutableArrayRef<Value> row,
                                              Value position, Value used)>
                        body);

/// The register kernels' epilogue: the thread's row (the first `size`
/// values of `state`) is row `position` of L\U; with a permutation operand,
/// the permutation's entry at `position` is the row; row 0's thread stores
/// info.
/// With `lu` null, the caller has stored the row values itself.
void storeRegisterRowState(KernelBuilder &b, ValueRange state, int64_t size,
                           Value lu, Value permutation, Value info,
                           Value matrix, Value row, Value n, Value rowValid,
                           Value valid, ArrayRef<Value> c);

} // namespace mlir::linalgx::gpu_kernels

#endif // LINALGX_LIB_CONVERSION_LINALGXTOGPU_KERNELS_REGISTER_ROWS_H
