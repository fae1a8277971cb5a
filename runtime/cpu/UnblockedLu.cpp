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

#include <algorithm>
#include <cmath>
#include <limits>

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
  /// Whether the column may be scaled by 1 / pivot instead of divided by it:
  /// LAPACK's getf2 rule (|pivot| >= the smallest number whose reciprocal
  /// does not overflow). Multiplying is several times faster than dividing;
  /// L may differ from the division's in the last bit, as LAPACK's does.
  static bool reciprocalIsSafe(T pivot) {
    return std::fabs(pivot) >= std::numeric_limits<T>::min();
  }
  static T reciprocal(T pivot) { return T(1) / pivot; }
  /// dst[j] -= l * src[j] for j in [0, len).
  static void subtractScaled(T *__restrict dst, const T *__restrict src, T l,
                             int64_t len) {
    for (int64_t j = 0; j < len; ++j)
      dst[j] -= l * src[j];
  }
};

#if defined(__AVX512F__)
// The rows of a small matrix are short (a 75x75 update averages 37
// elements), so a scalar remainder loop would cost as much as the vector
// body: the remainder goes down through 256- and 128-bit vectors instead.
// (Not masked stores: a load that reads what a masked store wrote cannot be
// forwarded from it, and the next step reads these rows right away; that
// made the kernel twice as slow on AMD Zen.)
template <> inline void
Element<double>::subtractScaled(double *__restrict dst,
                                const double *__restrict src, double l,
                                int64_t len) {
  int64_t j = 0;
  const __m512d scale = _mm512_set1_pd(l);
  for (; j + 8 <= len; j += 8)
    _mm512_storeu_pd(dst + j, _mm512_sub_pd(_mm512_loadu_pd(dst + j),
                                            _mm512_mul_pd(scale, _mm512_loadu_pd(src + j))));
  if (j + 4 <= len) {
    const __m256d scale4 = _mm256_set1_pd(l);
    _mm256_storeu_pd(dst + j, _mm256_sub_pd(_mm256_loadu_pd(dst + j),
                                            _mm256_mul_pd(scale4, _mm256_loadu_pd(src + j))));
    j += 4;
  }
  if (j + 2 <= len) {
    const __m128d scale2 = _mm_set1_pd(l);
    _mm_storeu_pd(dst + j, _mm_sub_pd(_mm_loadu_pd(dst + j),
                                      _mm_mul_pd(scale2, _mm_loadu_pd(src + j))));
    j += 2;
  }
  if (j < len)
    dst[j] -= l * src[j];
}

template <> inline void
Element<float>::subtractScaled(float *__restrict dst,
                               const float *__restrict src, float l,
                               int64_t len) {
  int64_t j = 0;
  const __m512 scale = _mm512_set1_ps(l);
  for (; j + 16 <= len; j += 16)
    _mm512_storeu_ps(dst + j, _mm512_sub_ps(_mm512_loadu_ps(dst + j),
                                            _mm512_mul_ps(scale, _mm512_loadu_ps(src + j))));
  if (j + 8 <= len) {
    const __m256 scale8 = _mm256_set1_ps(l);
    _mm256_storeu_ps(dst + j, _mm256_sub_ps(_mm256_loadu_ps(dst + j),
                                            _mm256_mul_ps(scale8, _mm256_loadu_ps(src + j))));
    j += 8;
  }
  if (j + 4 <= len) {
    const __m128 scale4 = _mm_set1_ps(l);
    _mm_storeu_ps(dst + j, _mm_sub_ps(_mm_loadu_ps(dst + j),
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
  static Real magnitude(T v) { return std::fabs(v.real()) + std::fabs(v.imag()); }
  static bool isZero(T v) { return v.real() == R(0) && v.imag() == R(0); }
  // Complex columns are always divided: the reciprocal's rounding and
  // overflow rules are less simple, and complex matrices are not the hot
  // path.
  static bool reciprocalIsSafe(T) { return false; }
  static T reciprocal(T pivot) { return T(1) / pivot; }
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
};

} // namespace

template <typename T, typename I>
void unblockedLu(T *a, int64_t m, int64_t n, I *pivots, I *info) {
  using E = Element<T>;
  const int64_t k = std::min(m, n);
  I status = 0;
  for (int64_t kk = 0; kk < k; ++kk) {
    T *rowK = a + kk * n;
    typename E::Real best = E::magnitude(rowK[kk]);
    int64_t pivotRow = kk;
    for (int64_t i = kk + 1; i < m; ++i) {
      typename E::Real candidate = E::magnitude(a[i * n + kk]);
      if (candidate > best) {
        best = candidate;
        pivotRow = i;
      }
    }
    pivots[kk] = static_cast<I>(pivotRow);
    T pivot = a[pivotRow * n + kk];
    if (E::isZero(pivot)) {
      // The column below the diagonal is zero: nothing to eliminate.
      if (status == 0)
        status = static_cast<I>(kk + 1);
      continue;
    }
    if (pivotRow != kk)
      std::swap_ranges(rowK, rowK + n, a + pivotRow * n);
    const bool scale = E::reciprocalIsSafe(pivot);
    const T inverse = scale ? E::reciprocal(pivot) : T(1);
    for (int64_t i = kk + 1; i < m; ++i) {
      T *rowI = a + i * n;
      T multiplier = scale ? rowI[kk] * inverse : rowI[kk] / pivot;
      rowI[kk] = multiplier;
      E::subtractScaled(rowI + kk + 1, rowK + kk + 1, multiplier, n - kk - 1);
    }
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
