//===- LoopBuilders.h - the reference loops, reusable -----------*- C++ -*-===//
//
// The per-matrix bodies of convert-linalgx-to-loops, parameterized by how an
// element is read and written, so that other CPU lowerings (the generated
// batch-parallel LU of convert-linalgx-to-cpu-runtime) factor with the very
// same steps, pivot rule and info instead of a second copy of them.
//
//===----------------------------------------------------------------------===//

#ifndef LINALGX_CONVERSION_LINALGXTOLOOPS_LOOPBUILDERS_H
#define LINALGX_CONVERSION_LINALGXTOLOOPS_LOOPBUILDERS_H

#include "mlir/IR/ImplicitLocOpBuilder.h"

namespace mlir::linalgx {

/// Builds `scf.for iv = lb to ub step 1` without loop-carried values.
void buildSimpleFor(ImplicitLocOpBuilder &b, Value lb, Value ub,
                    function_ref<void(ImplicitLocOpBuilder &, Value)> body);

/// `for ivs in [0, dims)` over `dims`, as an scf.parallel when `parallel`
/// (an i1) holds, a serial nest otherwise; the body is built once per form.
/// A constant `parallel` builds one form only. (The CPU pipeline turns
/// scf.parallel into OpenMP worksharing loops.)
void buildBatchLoops(
    ImplicitLocOpBuilder &b, ArrayRef<Value> dims, Value parallel,
    function_ref<void(ImplicitLocOpBuilder &, ValueRange)> body);

/// i1 constant or value `lhs >= rhs` on index values, folded when both are
/// constants.
Value atLeast(ImplicitLocOpBuilder &b, Value lhs, int64_t rhs);

/// The product of `values` (index), folded over constants. The products
/// only choose between code paths by size: a constant product past INT64_MAX
/// (static sizes up to 2^63 verify) saturates instead of overflowing.
Value product(ImplicitLocOpBuilder &b, ArrayRef<Value> values);

/// Element (i, j) of one matrix.
using MatrixLoad =
    function_ref<Value(ImplicitLocOpBuilder &, Value i, Value j)>;
using MatrixStore =
    function_ref<void(ImplicitLocOpBuilder &, Value value, Value i, Value j)>;

/// The unblocked LU (LAPACK getf2 order) of one m x n matrix, factored in
/// place through `load`/`store`: step kk searches the pivot (first largest
/// magnitude, NaN never chosen below the diagonal), calls
/// `storePivot(kk, pivotRow)` with the row as an `indexType` integer, and,
/// unless the pivot is exactly zero, swaps, divides the column by the pivot
/// and updates the trailing matrix. Returns info as an `indexType` integer.
Value buildUnblockedLuLoops(
    ImplicitLocOpBuilder &b, Type elementType, Type indexType, Value m, Value n,
    MatrixLoad load, MatrixStore store,
    function_ref<void(ImplicitLocOpBuilder &, Value kk, Value pivotRow)>
        storePivot);

/// `pivotRow` (a 0-based row as an integer of the pivots' type) as an op
/// with `one_based` pivots stores it: plus one.
Value storedPivot(ImplicitLocOpBuilder &b, Value pivotRow, bool oneBased);

/// One vector's permutation from its pivots (docs/design.md, "The
/// contract"): the identity over [0, n), then one swap per pivot
/// i < min(k, n) with an in-range target. `loadPivot(i)` and the
/// permutation accessors take and give `indexType` integers.
void buildPermutationFromPivots(
    ImplicitLocOpBuilder &b, Type indexType, Value k, Value n, bool oneBased,
    function_ref<Value(ImplicitLocOpBuilder &, Value i)> loadPivot,
    function_ref<Value(ImplicitLocOpBuilder &, Value j)> loadPermutation,
    function_ref<void(ImplicitLocOpBuilder &, Value value, Value j)>
        storePermutation);

} // namespace mlir::linalgx

#endif // LINALGX_CONVERSION_LINALGXTOLOOPS_LOOPBUILDERS_H
