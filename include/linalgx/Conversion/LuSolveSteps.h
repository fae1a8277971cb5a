//===- LuSolveSteps.h - the order of linalgx.lu_solve's steps ---*- C++ -*-===//
//
// LAPACK getrs's order of the row exchanges and the two triangular solves
// for each system of linalgx.lu_solve, shared by its CPU loops and its GPU
// kernels, which differ only in how one step is carried out.
//
//===----------------------------------------------------------------------===//

#ifndef LINALGX_CONVERSION_LUSOLVESTEPS_H
#define LINALGX_CONVERSION_LUSOLVESTEPS_H

#include "linalgx/Dialect/LinalgX/IR/LinalgXOps.h"

namespace mlir::linalgx {

/// Calls `exchange(reverse)` and `substitute(lower)` in getrs's order: for
/// A, P·B then L forwards and U backwards; for Aᵀ = Uᵀ·Lᵀ·P (and Aᴴ), Uᵀ
/// forwards, Lᵀ backwards, then the exchanges in reverse.
inline void forEachGetrsStep(LuSolveTrans trans,
                             function_ref<void(bool reverse)> exchange,
                             function_ref<void(bool lower)> substitute) {
  bool transposed = trans != LuSolveTrans::None;
  if (!transposed)
    exchange(/*reverse=*/false);
  substitute(/*lower=*/true);
  substitute(/*lower=*/false);
  if (transposed)
    exchange(/*reverse=*/true);
}

/// Whether the `lower` (or upper) triangle the system solves with has the
/// unit diagonal: L's for A, Lᵀ's (the upper one) for Aᵀ and Aᴴ.
inline bool hasUnitDiagonal(LuSolveTrans trans, bool lower) {
  return lower == (trans == LuSolveTrans::None);
}

} // namespace mlir::linalgx

#endif // LINALGX_CONVERSION_LUSOLVESTEPS_H
