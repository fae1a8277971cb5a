//===- PivotScaling.h - a column's multipliers from its pivot ---*- C++ -*-===//
//
// How the CPU runtime's kernels turn a pivot column into multipliers, the
// one rule of the unblocked kernel and the recursive LU's leaves: scaled by
// the pivot's reciprocal where LAPACK's getf2 would, divided otherwise.
//
// The definitions have internal linkage on purpose: UnblockedLu.cpp is
// compiled once per ISA level, and inline functions shared between those
// objects could be merged into the copy built for the widest one.
//
//===----------------------------------------------------------------------===//

#ifndef LINALGX_RUNTIME_CPU_PIVOTSCALING_H
#define LINALGX_RUNTIME_CPU_PIVOTSCALING_H

#include <cmath>
#include <complex>
#include <limits>

namespace linalgx::cpu {
namespace {

/// Whether a column may be scaled by 1 / pivot instead of divided by it:
/// LAPACK's getf2 rule (|pivot| >= the smallest number whose reciprocal
/// does not overflow). Multiplying is several times faster than dividing;
/// L may differ from the division's in the last bit, as LAPACK's does.
template <typename T> bool reciprocalIsSafe(T pivot) {
  return std::fabs(pivot) >= std::numeric_limits<T>::min();
}

/// Complex columns are always divided: the reciprocal's rounding and
/// overflow rules are less simple, and complex matrices are not the hot
/// path.
template <typename R> bool reciprocalIsSafe(std::complex<R>) { return false; }

/// The multiplier of a row below `pivot`.
template <typename T> struct PivotScaler {
  explicit PivotScaler(T pivot)
      : useReciprocal(reciprocalIsSafe(pivot)), pivot(pivot),
        inverse(useReciprocal ? T(1) / pivot : T(1)) {}
  T operator()(T value) const {
    return useReciprocal ? value * inverse : value / pivot;
  }

  bool useReciprocal;
  T pivot, inverse;
};

} // namespace
} // namespace linalgx::cpu

#endif // LINALGX_RUNTIME_CPU_PIVOTSCALING_H
