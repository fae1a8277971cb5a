//===- RecursiveLu.h - LU of a large row-major matrix over BLAS-3 -*- C++
//-*-===//
//
// The CPU runtime's kernel for matrices large enough for LAPACK, without
// LAPACK's column-major layout: a recursive LU (split the columns in half,
// factor the left half, solve and update the right half with dtrsm and dgemm,
// recurse on its lower part) on our row-major matrix in place, where a row
// exchange is a contiguous swap of whole rows. It does what ?getrf does, in
// the same order of pivot steps, without the two transposes into and out of
// a column-major workspace. Only with LINALGX_CPU_RUNTIME_HAS_LAPACK.
//
//===----------------------------------------------------------------------===//

#ifndef LINALGX_RUNTIME_CPU_RECURSIVELU_H
#define LINALGX_RUNTIME_CPU_RECURSIVELU_H

#include <cstdint>

namespace linalgx::cpu {

/// Factors the row-major m x n matrix `a` (row stride n, m and n below
/// 2^31) in place: pivots[0, min(m, n)) 0-based, *info as LAPACK's. The
/// caller routes matrices with a NaN or an infinity elsewhere.
template <typename T, typename I>
void recursiveLu(T *a, int64_t m, int64_t n, I *pivots, I *info);

} // namespace linalgx::cpu

#endif // LINALGX_RUNTIME_CPU_RECURSIVELU_H
