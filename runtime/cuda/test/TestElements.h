//===- TestElements.h - element types of the CUDA runtime's tests -*- C++
//-*-===//
//
// What the runtime's GPU tests share about the four element types: the
// runtime's code and name of each, LAPACK's pivot magnitude, widening to
// complex<double>, uniform random values, and the host reference getf2.
//
//===----------------------------------------------------------------------===//

#ifndef LINALGX_RUNTIME_CUDA_TEST_TESTELEMENTS_H
#define LINALGX_RUNTIME_CUDA_TEST_TESTELEMENTS_H

#include "linalgx/CudaRuntime.h"

#include <algorithm>
#include <cmath>
#include <complex>
#include <cstdint>
#include <random>
#include <type_traits>
#include <utility>
#include <vector>

namespace linalgx::cuda::test {

template <typename T> struct IsComplex : std::false_type {};
template <typename R> struct IsComplex<std::complex<R>> : std::true_type {};

template <typename T> struct Elem;
template <> struct Elem<float> {
  static constexpr int32_t code = LINALGX_CUDA_F32;
  static constexpr const char *name = "f32";
  using Real = float;
};
template <> struct Elem<double> {
  static constexpr int32_t code = LINALGX_CUDA_F64;
  static constexpr const char *name = "f64";
  using Real = double;
};
template <> struct Elem<std::complex<float>> {
  static constexpr int32_t code = LINALGX_CUDA_C32;
  static constexpr const char *name = "complex<f32>";
  using Real = float;
};
template <> struct Elem<std::complex<double>> {
  static constexpr int32_t code = LINALGX_CUDA_C64;
  static constexpr const char *name = "complex<f64>";
  using Real = double;
};

/// LAPACK's pivot magnitude: |x|, or |re| + |im| (i?amax) for complex.
template <typename T> double pivotAbs(const T &x) {
  if constexpr (IsComplex<T>::value)
    return std::fabs(double(x.real())) + std::fabs(double(x.imag()));
  else
    return std::fabs(double(x));
}

template <typename T> std::complex<double> widen(const T &x) {
  if constexpr (IsComplex<T>::value)
    return {double(x.real()), double(x.imag())};
  else
    return {double(x), 0.0};
}

/// Uniform value; for complex each part is uniform and |re|+|im| <= bound.
template <typename T> T uniform(std::mt19937_64 &rng, double bound) {
  if constexpr (IsComplex<T>::value) {
    std::uniform_real_distribution<double> d(-bound / 2, bound / 2);
    using R = typename T::value_type;
    return T(R(d(rng)), R(d(rng)));
  } else {
    std::uniform_real_distribution<double> d(-bound, bound);
    return T(d(rng));
  }
}

/// Unblocked LAPACK getf2 in place on a column-major m x n matrix: 1-based
/// pivots (the first index of the largest magnitude), info = the first
/// exactly zero pivot.
template <typename T>
void referenceGetf2(std::vector<T> &a, int64_t m, int64_t n,
                    std::vector<int32_t> &pivots, int32_t &info) {
  const int64_t k = std::min(m, n);
  pivots.assign(static_cast<size_t>(k), 0);
  info = 0;
  for (int64_t j = 0; j < k; ++j) {
    int64_t p = j;
    double best = pivotAbs(a[j + j * m]);
    for (int64_t i = j + 1; i < m; ++i)
      if (pivotAbs(a[i + j * m]) > best) { // strict: first index wins ties
        best = pivotAbs(a[i + j * m]);
        p = i;
      }
    pivots[j] = static_cast<int32_t>(p + 1);
    if (a[p + j * m] != T(0)) {
      if (p != j)
        for (int64_t c = 0; c < n; ++c)
          std::swap(a[j + c * m], a[p + c * m]);
      for (int64_t i = j + 1; i < m; ++i)
        a[i + j * m] /= a[j + j * m];
    } else if (info == 0) {
      info = static_cast<int32_t>(j + 1);
    }
    for (int64_t c = j + 1; c < n; ++c)
      for (int64_t i = j + 1; i < m; ++i)
        a[i + c * m] -= a[i + j * m] * a[j + c * m];
  }
}

} // namespace linalgx::cuda::test

#endif // LINALGX_RUNTIME_CUDA_TEST_TESTELEMENTS_H
