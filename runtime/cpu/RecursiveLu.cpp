//===- RecursiveLu.cpp - LU of a large row-major matrix over BLAS-3 -------===//

#include "RecursiveLu.h"
#include "PivotScaling.h"

#ifdef LINALGX_CPU_RUNTIME_HAS_LAPACK
#include "Blas.h"

#include <algorithm>
#include <cmath>
#include <complex>
#include <utility>
#include <vector>

using namespace linalgx::cpu;

namespace {

template <typename T> double magnitude(T v) { return std::fabs(v); }
template <typename T> double magnitude(std::complex<T> v) {
  return std::fabs(v.real()) + std::fabs(v.imag());
}

/// Panels at most this wide are factored column by column (BLAS-2 on
/// contiguous rows); wider ones are split.
constexpr int64_t kLeafColumns = 32;

/// The matrix and where the current block starts in it.
template <typename T> struct Block {
  T *a;           // the whole matrix
  int64_t stride; // its row length
  int64_t row, column;
  T &at(int64_t i, int64_t j) const {
    return a[(row + i) * stride + column + j];
  }
};

/// Column-by-column LU of the contiguous m x n panel `p` (row stride n):
/// the pivot of step j is the first row of largest magnitude; localPivots[j]
/// is its row in the panel. A zero pivot leaves its column unscaled and its
/// update out, as the unblocked kernel.
template <typename T>
void compactPanelLu(T *p, int64_t m, int64_t n, int64_t *localPivots,
                    int64_t *firstZeroStep) {
  for (int64_t j = 0; j < std::min(m, n); ++j) {
    int64_t pivot = j;
    double best = magnitude(p[j * n + j]);
    for (int64_t i = j + 1; i < m; ++i)
      if (double v = magnitude(p[i * n + j]); v > best)
        best = v, pivot = i;
    localPivots[j] = pivot;
    if (pivot != j)
      std::swap_ranges(&p[j * n], &p[(j + 1) * n], &p[pivot * n]);
    T diagonal = p[j * n + j];
    if (diagonal == T(0)) {
      if (*firstZeroStep < 0)
        *firstZeroStep = j;
      continue;
    }
    PivotScaler<T> scale(diagonal);
    const T *pivotRow = &p[j * n];
    for (int64_t i = j + 1; i < m; ++i) {
      T *row = &p[i * n];
      T multiplier = scale(row[j]);
      row[j] = multiplier;
      for (int64_t c = j + 1; c < n; ++c)
        row[c] -= multiplier * pivotRow[c];
    }
  }
}

/// LU of the m x n leaf block (n <= kLeafColumns). Its columns are copied
/// into a contiguous panel first: searched and updated in place, every row
/// of a large matrix would sit on a page of its own, and each of the n steps
/// would walk m pages. The exchanges found are then applied to the whole
/// rows (the factored columns to the left and the columns to the right see
/// them, as dlaswp would make them).
template <typename T, typename I>
void leafLu(Block<T> block, int64_t m, int64_t n, I *pivots, I *firstZero) {
  thread_local std::vector<T> panel;
  thread_local std::vector<int64_t> localPivots;
  panel.resize(static_cast<size_t>(m * n));
  localPivots.resize(static_cast<size_t>(std::min(m, n)));
  for (int64_t i = 0; i < m; ++i)
    std::copy_n(&block.at(i, 0), n, &panel[i * n]);
  int64_t firstZeroStep = -1;
  compactPanelLu(panel.data(), m, n, localPivots.data(), &firstZeroStep);
  for (int64_t i = 0; i < m; ++i)
    std::copy_n(&panel[i * n], n, &block.at(i, 0));
  if (firstZeroStep >= 0 && *firstZero == 0)
    *firstZero = static_cast<I>(block.column + firstZeroStep + 1);

  T *matrix = block.a;
  int64_t stride = block.stride, panelBegin = block.column,
          panelEnd = block.column + n;
  for (int64_t j = 0; j < std::min(m, n); ++j) {
    int64_t pivot = localPivots[j];
    pivots[j] = static_cast<I>(block.row + pivot);
    if (pivot == j)
      continue;
    T *rowJ = &matrix[(block.row + j) * stride];
    T *rowP = &matrix[(block.row + pivot) * stride];
    std::swap_ranges(rowJ, rowJ + panelBegin, rowP);
    std::swap_ranges(rowJ + panelEnd, rowJ + stride, rowP + panelEnd);
  }
}

/// LU of the m x n block, recursively. Row-major blocks are the transposes
/// of column-major ones, so each BLAS call is the transposed equation.
template <typename T, typename I>
void factorBlock(Block<T> block, int64_t m, int64_t n, I *pivots,
                 I *firstZero) {
  if (n <= kLeafColumns || m <= 1)
    return leafLu(block, m, n, pivots, firstZero);
  int64_t left = std::min(m, n) / 2, right = n - left;
  factorBlock(block, m, left, pivots, firstZero);
  int lda = static_cast<int>(block.stride);
  T *l11 = &block.at(0, 0), *a12 = &block.at(0, left);
  // A12 := L11^-1 A12, i.e. A12^T := A12^T L11^-T (L11^T upper, unit).
  blas::trsm('R', 'U', 'N', 'U', static_cast<int>(right),
             static_cast<int>(left), T(1), l11, lda, a12, lda);
  if (m > left) {
    // A22 -= A21 A12, i.e. A22^T -= A12^T A21^T.
    T *a21 = &block.at(left, 0), *a22 = &block.at(left, left);
    blas::gemm('N', 'N', static_cast<int>(right), static_cast<int>(m - left),
               static_cast<int>(left), T(-1), a12, lda, a21, lda, T(1), a22,
               lda);
    Block<T> lower{block.a, block.stride, block.row + left,
                   block.column + left};
    factorBlock(lower, m - left, right, pivots + left, firstZero);
    // Exchanges below apply to whole rows already; only the pivot indices of
    // the lower block are relative to it.
  }
}

} // namespace

template <typename T, typename I>
void linalgx::cpu::recursiveLu(T *a, int64_t m, int64_t n, I *pivots, I *info) {
  I firstZero = 0;
  factorBlock(Block<T>{a, n, 0, 0}, m, n, pivots, &firstZero);
  *info = firstZero;
}

#define LINALGX_INSTANTIATE(T, I)                                              \
  template void linalgx::cpu::recursiveLu<T, I>(T *, int64_t, int64_t, I *,    \
                                                I *);
LINALGX_INSTANTIATE(float, int32_t)
LINALGX_INSTANTIATE(float, int64_t)
LINALGX_INSTANTIATE(double, int32_t)
LINALGX_INSTANTIATE(double, int64_t)
LINALGX_INSTANTIATE(std::complex<float>, int32_t)
LINALGX_INSTANTIATE(std::complex<float>, int64_t)
LINALGX_INSTANTIATE(std::complex<double>, int32_t)
LINALGX_INSTANTIATE(std::complex<double>, int64_t)
#undef LINALGX_INSTANTIATE

#endif // LINALGX_CPU_RUNTIME_HAS_LAPACK
