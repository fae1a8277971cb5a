//===- Blas.h - the BLAS/LAPACK routines the CPU runtime calls --*- C++ -*-===//
//
// The Fortran interface (LP64: 32-bit integers) of the OpenBLAS the runtime
// is built against, under the build's symbol prefix (LINALGX_LAPACK_PREFIX:
// `scipy_` for PyPI's scipy-openblas32, empty for Debian's), overloaded by
// element type. Only with LINALGX_CPU_RUNTIME_HAS_LAPACK.
//
//===----------------------------------------------------------------------===//

#ifndef LINALGX_RUNTIME_CPU_BLAS_H
#define LINALGX_RUNTIME_CPU_BLAS_H

#include <complex>

#define LINALGX_LAPACK_CONCAT(prefix, name) prefix##name
#define LINALGX_LAPACK_EXPAND(prefix, name) LINALGX_LAPACK_CONCAT(prefix, name)
#define LINALGX_LAPACK(name) LINALGX_LAPACK_EXPAND(LINALGX_LAPACK_PREFIX, name)

#define LINALGX_DECLARE_BLAS(T, t)                                             \
  void LINALGX_LAPACK(t##getrf_)(const int *m, const int *n, T *a,             \
                                 const int *lda, int *ipiv, int *info);        \
  void LINALGX_LAPACK(t##gemm_)(                                               \
      const char *transa, const char *transb, const int *m, const int *n,      \
      const int *k, const T *alpha, const T *a, const int *lda, const T *b,    \
      const int *ldb, const T *beta, T *c, const int *ldc);                    \
  void LINALGX_LAPACK(t##trsm_)(                                               \
      const char *side, const char *uplo, const char *transa,                  \
      const char *diag, const int *m, const int *n, const T *alpha,            \
      const T *a, const int *lda, T *b, const int *ldb);
extern "C" {
LINALGX_DECLARE_BLAS(float, s)
LINALGX_DECLARE_BLAS(double, d)
LINALGX_DECLARE_BLAS(std::complex<float>, c)
LINALGX_DECLARE_BLAS(std::complex<double>, z)
}
#undef LINALGX_DECLARE_BLAS

namespace linalgx::cpu::blas {

#define LINALGX_OVERLOAD_BLAS(T, t)                                            \
  inline void getrf(int m, int n, T *a, int lda, int *ipiv, int *info) {       \
    LINALGX_LAPACK(t##getrf_)(&m, &n, a, &lda, ipiv, info);                    \
  }                                                                            \
  inline void gemm(char transa, char transb, int m, int n, int k, T alpha,     \
                   const T *a, int lda, const T *b, int ldb, T beta, T *c,     \
                   int ldc) {                                                  \
    LINALGX_LAPACK(t##gemm_)(&transa, &transb, &m, &n, &k, &alpha, a, &lda, b, \
                             &ldb, &beta, c, &ldc);                            \
  }                                                                            \
  inline void trsm(char side, char uplo, char transa, char diag, int m, int n, \
                   T alpha, const T *a, int lda, T *b, int ldb) {              \
    LINALGX_LAPACK(t##trsm_)(&side, &uplo, &transa, &diag, &m, &n, &alpha, a,  \
                             &lda, b, &ldb);                                   \
  }
LINALGX_OVERLOAD_BLAS(float, s)
LINALGX_OVERLOAD_BLAS(double, d)
LINALGX_OVERLOAD_BLAS(std::complex<float>, c)
LINALGX_OVERLOAD_BLAS(std::complex<double>, z)
#undef LINALGX_OVERLOAD_BLAS

} // namespace linalgx::cpu::blas

#endif // LINALGX_RUNTIME_CPU_BLAS_H
