//===- CpuRuntime.h - linalgx CPU runtime C ABI -----------------*- C++ -*-===//
//
// Public C ABI of liblinalgx_cpu_runtime.so, the library the CPU lowering of
// linalgx.lu (convert-linalgx-to-cpu-runtime) calls.
//
// One entry point factors a batch of row-major matrices (in place or from a
// separate input) with the linalgx contract (docs/design.md, "The contract"):
// 0-based pivots, info = 1 + the first step with an exactly-zero pivot, the
// factorization completing on singular input, the pivot being the first
// index of the largest |a(i,k)| (|re| + |im| for complex). Two kernels
// implement it:
//   - LAPACK ?getrf (OpenBLAS) on a column-major copy of each matrix (LAPACK
//     is column-major, our matrices row-major), for large matrices;
//   - an unblocked right-looking kernel of our own that works on the
//     row-major matrix directly, for small ones.
// A batch is spread over a pool of threads (one per core) wherever each
// matrix is small enough to be factored by one thread.
//
// Errors (an unknown element type, a LAPACK strategy in a library built
// without LAPACK) print one line
//   linalgx-cpu-runtime: error: <what>
// to stderr and terminate the process with EXIT_FAILURE.
//
//===----------------------------------------------------------------------===//

#ifndef LINALGX_CPU_RUNTIME_H
#define LINALGX_CPU_RUNTIME_H

#include <stdint.h>

#define LINALGX_CPU_EXPORT __attribute__((visibility("default")))

#ifdef __cplusplus
extern "C" {
#endif

/// Element types understood by linalgxCpuGetrf (the CUDA runtime's codes).
enum LinalgxCpuElemType {
  LINALGX_CPU_F32 = 0,
  LINALGX_CPU_F64 = 1,
  LINALGX_CPU_C32 = 2, // complex<float>
  LINALGX_CPU_C64 = 3, // complex<double>
};

/// Which kernel linalgxCpuGetrf uses.
enum LinalgxCpuGetrfStrategy {
  /// By matrix size: the unblocked kernel below the measured crossover
  /// (min(m, n) = 256 for f64, 192 for f32, 96 for complex; docs/cpu.md),
  /// from it on a recursive row-major LU over the library's BLAS-3 (dtrsm,
  /// dgemm: LAPACK's steps without its column-major transposes); the
  /// unblocked kernel everywhere when the library has no BLAS/LAPACK, and
  /// for any matrix holding a NaN or an infinity.
  LINALGX_CPU_GETRF_AUTO = 0,
  /// LAPACK ?getrf for every finite matrix, through a column-major copy (an
  /// error without LAPACK).
  LINALGX_CPU_GETRF_LAPACK = 1,
  /// The library's own unblocked kernel for every matrix.
  LINALGX_CPU_GETRF_UNBLOCKED = 2,
};

/// Factors `batch` row-major m x n matrices stored contiguously at `input`
/// (matrix b at input + b*m*n elements) into `lu` (same layout): `lu`
/// receives L and U, `pivots` batch x min(m, n) 0-based pivot indices and
/// `info` batch statuses, both of `indexBits` (32 or 64) bit signed
/// integers. `input` may be `lu` (in place); otherwise the two must not
/// overlap, and `input` is only read. (Reading the input here, each matrix
/// right before it is factored and on the thread that factors it, saves the
/// separate copy pass over the whole batch that a copy into `lu` before the
/// call would be.)
LINALGX_CPU_EXPORT void linalgxCpuGetrf(int32_t elemType, int32_t indexBits,
                                        const void *input, void *lu,
                                        void *pivots, void *info, int64_t batch,
                                        int64_t m, int64_t n, int32_t strategy);

/// 1 when the library was built with LAPACK (OpenBLAS), else 0.
LINALGX_CPU_EXPORT int32_t linalgxCpuHasLapack(void);

/// The number of threads a batch is spread over (the pool plus the caller);
/// $LINALGX_CPU_THREADS overrides the default of one per core.
LINALGX_CPU_EXPORT int32_t linalgxCpuNumThreads(void);

#ifdef __cplusplus
}
#endif

#endif // LINALGX_CPU_RUNTIME_H
