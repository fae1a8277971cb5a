//===- UnblockedLu.cpp - the CPU runtime's own LU kernel --------*- C++ -*-===//
//
// LAPACK getf2 order on a row-major matrix, exactly the steps of the
// reference loop lowering (lib/Conversion/LinalgXToLoops): per column a pivot
// search with a strict `>` (the first of equal magnitudes, never a NaN), a
// full-row swap, scaling by the pivot's reciprocal (LAPACK's choice; division
// for tiny pivots and for complex), and a rank-1 update row by row, whose
// inner loop runs over contiguous memory and is what the compiler vectorizes.
// A zero pivot skips swap, division and update and records info once.
//
// The update multiplies and subtracts in two roundings (no fused
// multiply-add, -ffp-contract=off), as the reference loops do, so that the
// kernel reproduces them bit for bit except where the reciprocal is used
// (the last bit of L); e.g. the sign of a zero that underflows in the update
// stays the reference's.
//
// Compiled once per ISA level with LINALGX_ISA_NAMESPACE set to the level's
// namespace (see CMakeLists.txt).
//
//===----------------------------------------------------------------------===//

#include "UnblockedLu.h"
#include "PivotScaling.h"

#include <algorithm>
#include <cmath>
#include <vector>

#if defined(__AVX512F__)
#include <immintrin.h>
#endif

#ifndef LINALGX_ISA_NAMESPACE
#error "compile with -DLINALGX_ISA_NAMESPACE=<baseline|avx2|avx512>"
#endif

namespace linalgx::cpu::LINALGX_ISA_NAMESPACE {
namespace {

template <typename T> struct Element {
  using Real = T;
  static Real magnitude(T v) { return std::fabs(v); }
  static bool isZero(T v) { return v == T(0); }
  /// dst[j] -= l * src[j] for j in [0, len).
  static void subtractScaled(T *__restrict dst, const T *__restrict src, T l,
                             int64_t len) {
    for (int64_t j = 0; j < len; ++j)
      dst[j] -= l * src[j];
  }
  /// dst[j] = (dst[j] - l1 * src1[j]) - l2 * src2[j]: two steps' updates
  /// in one pass, rounded exactly as the two passes would be.
  static void subtractScaled2(T *__restrict dst, const T *__restrict src1, T l1,
                              const T *__restrict src2, T l2, int64_t len) {
    for (int64_t j = 0; j < len; ++j)
      dst[j] = (dst[j] - l1 * src1[j]) - l2 * src2[j];
  }
};

#if defined(__AVX512F__)
// The rows of a small matrix are short (a 75x75 update averages 37
// elements), so a scalar remainder loop would cost as much as the vector
// body: the remainder goes down through 256- and 128-bit vectors instead.
// (Not masked stores: a load that reads what a masked store wrote cannot be
// forwarded from it, and the next step reads these rows right away; that
// made the kernel twice as slow on AMD Zen.)
template <>
inline void Element<double>::subtractScaled(double *__restrict dst,
                                            const double *__restrict src,
                                            double l, int64_t len) {
  int64_t j = 0;
  const __m512d scale = _mm512_set1_pd(l);
  for (; j + 8 <= len; j += 8)
    _mm512_storeu_pd(
        dst + j, _mm512_sub_pd(_mm512_loadu_pd(dst + j),
                               _mm512_mul_pd(scale, _mm512_loadu_pd(src + j))));
  if (j + 4 <= len) {
    const __m256d scale4 = _mm256_set1_pd(l);
    _mm256_storeu_pd(
        dst + j,
        _mm256_sub_pd(_mm256_loadu_pd(dst + j),
                      _mm256_mul_pd(scale4, _mm256_loadu_pd(src + j))));
    j += 4;
  }
  if (j + 2 <= len) {
    const __m128d scale2 = _mm_set1_pd(l);
    _mm_storeu_pd(dst + j,
                  _mm_sub_pd(_mm_loadu_pd(dst + j),
                             _mm_mul_pd(scale2, _mm_loadu_pd(src + j))));
    j += 2;
  }
  if (j < len)
    dst[j] -= l * src[j];
}

template <>
inline void Element<double>::subtractScaled2(double *__restrict dst,
                                             const double *__restrict src1,
                                             double l1,
                                             const double *__restrict src2,
                                             double l2, int64_t len) {
  int64_t j = 0;
  const __m512d a = _mm512_set1_pd(l1), b = _mm512_set1_pd(l2);
  for (; j + 8 <= len; j += 8)
    _mm512_storeu_pd(
        dst + j, _mm512_sub_pd(
                     _mm512_sub_pd(_mm512_loadu_pd(dst + j),
                                   _mm512_mul_pd(a, _mm512_loadu_pd(src1 + j))),
                     _mm512_mul_pd(b, _mm512_loadu_pd(src2 + j))));
  if (j + 4 <= len) {
    const __m256d a4 = _mm256_set1_pd(l1), b4 = _mm256_set1_pd(l2);
    _mm256_storeu_pd(
        dst + j,
        _mm256_sub_pd(
            _mm256_sub_pd(_mm256_loadu_pd(dst + j),
                          _mm256_mul_pd(a4, _mm256_loadu_pd(src1 + j))),
            _mm256_mul_pd(b4, _mm256_loadu_pd(src2 + j))));
    j += 4;
  }
  for (; j < len; ++j)
    dst[j] = (dst[j] - l1 * src1[j]) - l2 * src2[j];
}

template <>
inline void Element<float>::subtractScaled2(float *__restrict dst,
                                            const float *__restrict src1,
                                            float l1,
                                            const float *__restrict src2,
                                            float l2, int64_t len) {
  int64_t j = 0;
  const __m512 a = _mm512_set1_ps(l1), b = _mm512_set1_ps(l2);
  for (; j + 16 <= len; j += 16)
    _mm512_storeu_ps(
        dst + j, _mm512_sub_ps(
                     _mm512_sub_ps(_mm512_loadu_ps(dst + j),
                                   _mm512_mul_ps(a, _mm512_loadu_ps(src1 + j))),
                     _mm512_mul_ps(b, _mm512_loadu_ps(src2 + j))));
  if (j + 8 <= len) {
    const __m256 a8 = _mm256_set1_ps(l1), b8 = _mm256_set1_ps(l2);
    _mm256_storeu_ps(
        dst + j,
        _mm256_sub_ps(
            _mm256_sub_ps(_mm256_loadu_ps(dst + j),
                          _mm256_mul_ps(a8, _mm256_loadu_ps(src1 + j))),
            _mm256_mul_ps(b8, _mm256_loadu_ps(src2 + j))));
    j += 8;
  }
  if (j + 4 <= len) {
    const __m128 a4 = _mm_set1_ps(l1), b4 = _mm_set1_ps(l2);
    _mm_storeu_ps(dst + j,
                  _mm_sub_ps(_mm_sub_ps(_mm_loadu_ps(dst + j),
                                        _mm_mul_ps(a4, _mm_loadu_ps(src1 + j))),
                             _mm_mul_ps(b4, _mm_loadu_ps(src2 + j))));
    j += 4;
  }
  for (; j < len; ++j)
    dst[j] = (dst[j] - l1 * src1[j]) - l2 * src2[j];
}

template <>
inline void Element<float>::subtractScaled(float *__restrict dst,
                                           const float *__restrict src, float l,
                                           int64_t len) {
  int64_t j = 0;
  const __m512 scale = _mm512_set1_ps(l);
  for (; j + 16 <= len; j += 16)
    _mm512_storeu_ps(
        dst + j, _mm512_sub_ps(_mm512_loadu_ps(dst + j),
                               _mm512_mul_ps(scale, _mm512_loadu_ps(src + j))));
  if (j + 8 <= len) {
    const __m256 scale8 = _mm256_set1_ps(l);
    _mm256_storeu_ps(
        dst + j,
        _mm256_sub_ps(_mm256_loadu_ps(dst + j),
                      _mm256_mul_ps(scale8, _mm256_loadu_ps(src + j))));
    j += 8;
  }
  if (j + 4 <= len) {
    const __m128 scale4 = _mm_set1_ps(l);
    _mm_storeu_ps(dst + j,
                  _mm_sub_ps(_mm_loadu_ps(dst + j),
                             _mm_mul_ps(scale4, _mm_loadu_ps(src + j))));
    j += 4;
  }
  for (; j < len; ++j)
    dst[j] -= l * src[j];
}
#endif

template <typename R> struct Element<std::complex<R>> {
  using T = std::complex<R>;
  using Real = R;
  // LAPACK's i?amax measure, |re| + |im|.
  static Real magnitude(T v) {
    return std::fabs(v.real()) + std::fabs(v.imag());
  }
  static bool isZero(T v) { return v.real() == R(0) && v.imag() == R(0); }
  // The textbook product (as zgeru computes it), on the interleaved
  // real/imaginary pairs: std::complex's operator* adds NaN recovery calls
  // that would keep the loop from vectorizing.
  static void subtractScaled(T *__restrict dst, const T *__restrict src, T l,
                             int64_t len) {
    R *__restrict d = reinterpret_cast<R *>(dst);
    const R *__restrict s = reinterpret_cast<const R *>(src);
    const R lr = l.real(), li = l.imag();
    for (int64_t j = 0; j < len; ++j) {
      R sr = s[2 * j], si = s[2 * j + 1];
      d[2 * j] -= lr * sr - li * si;
      d[2 * j + 1] -= lr * si + li * sr;
    }
  }
  static void subtractScaled2(T *__restrict dst, const T *__restrict src1, T l1,
                              const T *__restrict src2, T l2, int64_t len) {
    subtractScaled(dst, src1, l1, len);
    subtractScaled(dst, src2, l2, len);
  }
};

} // namespace

/// The pivot search's rule over the magnitudes of one column, rows
/// [first, first + count): the first row with the largest magnitude, where a
/// later row wins only when strictly larger, so a NaN is never chosen unless
/// it comes first (then nothing compares larger). Four independent running
/// maxima instead of one: a single chain of compare-and-select per row would
/// take longer than the row's whole update in a small matrix. Their
/// combination (the largest value, the smallest row among equals) is the
/// sequential rule's outcome: that is the first row at which the running
/// maximum of the non-NaN values reaches its final value.
template <typename Real>
int64_t firstLargest(const Real *magnitudes, int64_t count) {
  if (count <= 1 || std::isnan(magnitudes[0]))
    return 0;
  // Below every magnitude (they are >= 0 or NaN, and NaN never wins).
  Real best[4] = {-1, -1, -1, -1};
  int64_t at[4] = {0, 0, 0, 0};
  int64_t i = 0;
  for (; i + 4 <= count; i += 4)
    for (int lane = 0; lane < 4; ++lane)
      if (magnitudes[i + lane] > best[lane]) {
        best[lane] = magnitudes[i + lane];
        at[lane] = i + lane;
      }
  for (; i < count; ++i)
    if (magnitudes[i] > best[i % 4]) {
      best[i % 4] = magnitudes[i];
      at[i % 4] = i;
    }
  int winner = 0;
  for (int lane = 1; lane < 4; ++lane)
    if (best[lane] > best[winner] ||
        (best[lane] == best[winner] && at[lane] < at[winner]))
      winner = lane;
  return at[winner];
}

/// One step at a time, the pivot search in one running maximum: the
/// variant for the smallest matrices (min(m, n) < kPairedMinSize), whose rows
/// are a vector or two long, where the paired variant's second pass and its
/// magnitude buffer cost more than they save (measured in batches of 16x16
/// and 32x32 matrices, docs/cpu.md).
template <typename T, typename I>
void stepwiseLu(T *a, int64_t m, int64_t n, I *pivots, I *info) {
  using E = Element<T>;
  using Real = typename E::Real;
  const int64_t k = std::min(m, n);
  I status = 0;
  for (int64_t kk = 0; kk < k; ++kk) {
    T *rowK = a + kk * n;
    Real best = E::magnitude(rowK[kk]);
    int64_t pivotRow = kk;
    for (int64_t i = kk + 1; i < m; ++i) {
      Real candidate = E::magnitude(a[i * n + kk]);
      if (candidate > best) {
        best = candidate;
        pivotRow = i;
      }
    }
    pivots[kk] = static_cast<I>(pivotRow);
    T pivot = a[pivotRow * n + kk];
    if (E::isZero(pivot)) {
      if (status == 0)
        status = static_cast<I>(kk + 1);
      continue;
    }
    if (pivotRow != kk)
      std::swap_ranges(rowK, rowK + n, a + pivotRow * n);
    PivotScaler<T> scale(pivot);
    for (int64_t i = kk + 1; i < m; ++i) {
      T *rowI = a + i * n;
      rowI[kk] = scale(rowI[kk]);
      E::subtractScaled(rowI + kk + 1, rowK + kk + 1, rowI[kk], n - kk - 1);
    }
  }
  *info = status;
}

constexpr int64_t kPairedMinSize = 40;

template <typename T, typename I>
void unblockedLu(T *a, int64_t m, int64_t n, I *pivots, I *info) {
  using E = Element<T>;
  using Real = typename E::Real;
  const int64_t k = std::min(m, n);
  if (k < kPairedMinSize)
    return stepwiseLu(a, m, n, pivots, info);
  I status = 0;
  auto row = [&](int64_t i) { return a + i * n; };
  // Magnitudes of the column being searched, rows kk.. at [0, m - kk): on
  // the stack for the small matrices this kernel is for.
  constexpr int64_t kStackRows = 512;
  Real stackMagnitudes[kStackRows];
  std::vector<Real> heapMagnitudes;
  Real *mag = stackMagnitudes;
  if (m > kStackRows) {
    heapMagnitudes.resize(static_cast<size_t>(m));
    mag = heapMagnitudes.data();
  }
  auto searchColumn = [&](int64_t col) {
    for (int64_t i = col; i < m; ++i)
      mag[i - col] = E::magnitude(row(i)[col]);
    return col + firstLargest(mag, m - col);
  };
  // Whether the previous step's update already filled `mag` for column kk.
  // The search rides along with the update: each row's entry in the next
  // column is measured right after it is computed, saving a pass of strided
  // loads per step.
  bool searched = false;
  for (int64_t kk = 0; kk < k;) {
    int64_t pivotRow =
        searched ? kk + firstLargest(mag, m - kk) : searchColumn(kk);
    searched = false;
    pivots[kk] = static_cast<I>(pivotRow);
    T pivot = row(pivotRow)[kk];
    if (E::isZero(pivot)) {
      // The column below the diagonal is zero: nothing to eliminate.
      if (status == 0)
        status = static_cast<I>(kk + 1);
      ++kk;
      continue;
    }
    if (pivotRow != kk)
      std::swap_ranges(row(kk), row(kk) + n, row(pivotRow));
    const T *u1 = row(kk);
    PivotScaler<T> scale1(pivot);

    if (kk + 1 >= k) {
      // The last step: multipliers and the update of what is right of it.
      for (int64_t i = kk + 1; i < m; ++i) {
        T *r = row(i);
        r[kk] = scale1(r[kk]);
        E::subtractScaled(r + kk + 1, u1 + kk + 1, r[kk], n - kk - 1);
      }
      break;
    }

    // Two steps per pass over the trailing matrix, which halves its loads
    // and stores: first step kk's multipliers and its update of column
    // kk + 1 only, measuring that column; then, after step kk + 1's swap, one
    // pass applying both steps' updates to columns kk + 2 and beyond. Each
    // element gets the same two roundings in the same order as one step at a
    // time, so the result is bit for bit the same.
    const int64_t kk2 = kk + 1;
    for (int64_t i = kk2; i < m; ++i) {
      T *r = row(i);
      r[kk] = scale1(r[kk]);
      r[kk2] -= r[kk] * u1[kk2];
      mag[i - kk2] = E::magnitude(r[kk2]);
    }
    const int64_t pivotRow2 = kk2 + firstLargest(mag, m - kk2);
    pivots[kk2] = static_cast<I>(pivotRow2);
    T pivot2 = row(pivotRow2)[kk2];
    if (E::isZero(pivot2)) {
      // Step kk + 1 is skipped: finish step kk's update, search afresh.
      if (status == 0)
        status = static_cast<I>(kk2 + 1);
      for (int64_t i = kk2; i < m; ++i)
        E::subtractScaled(row(i) + kk2 + 1, u1 + kk2 + 1, row(i)[kk],
                          n - kk2 - 1);
      kk += 2;
      continue;
    }
    // Rows below kk are all "after step kk" in columns <= kk + 1 and "before
    // step kk" right of it, so swapping whole rows keeps them consistent.
    if (pivotRow2 != kk2)
      std::swap_ranges(row(kk2), row(kk2) + n, row(pivotRow2));
    T *u2 = row(kk2);
    E::subtractScaled(u2 + kk2 + 1, u1 + kk2 + 1, u2[kk], n - kk2 - 1);
    PivotScaler<T> scale2(pivot2);
    const int64_t next = kk2 + 1;
    for (int64_t i = next; i < m; ++i) {
      T *r = row(i);
      r[kk2] = scale2(r[kk2]);
      E::subtractScaled2(r + next, u1 + next, r[kk], u2 + next, r[kk2],
                         n - next);
      if (next < n)
        mag[i - next] = E::magnitude(r[next]);
    }
    searched = next < k;
    kk += 2;
  }
  *info = status;
}

#define LINALGX_INSTANTIATE(T)                                                 \
  template void unblockedLu<T, int32_t>(T *, int64_t, int64_t, int32_t *,      \
                                        int32_t *);                            \
  template void unblockedLu<T, int64_t>(T *, int64_t, int64_t, int64_t *,      \
                                        int64_t *);
LINALGX_INSTANTIATE(float)
LINALGX_INSTANTIATE(double)
LINALGX_INSTANTIATE(std::complex<float>)
LINALGX_INSTANTIATE(std::complex<double>)
#undef LINALGX_INSTANTIATE

} // namespace linalgx::cpu::LINALGX_ISA_NAMESPACE
