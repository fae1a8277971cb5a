//===- UnblockedLu.h - the CPU runtime's own LU kernel ----------*- C++ -*-===//
//
// The unblocked right-looking LU kernel of liblinalgx_cpu_runtime.so, for
// small matrices. UnblockedLu.cpp is compiled once per x86-64 ISA level
// (baseline, AVX2, AVX-512) into its own namespace; CpuGetrf.cpp picks the
// best one the running CPU supports, so the library runs anywhere and uses
// the widest vectors where it can.
//
//===----------------------------------------------------------------------===//

#ifndef LINALGX_RUNTIME_CPU_UNBLOCKEDLU_H
#define LINALGX_RUNTIME_CPU_UNBLOCKEDLU_H

#include <complex>
#include <cstdint>

namespace linalgx::cpu {

/// Factors one row-major m x n matrix in place (see CpuRuntime.h for the
/// contract); `pivots` gets min(m, n) 0-based entries, `info` one status.
template <typename T, typename I> struct UnblockedLuKernels {
  using Fn = void (*)(T *a, int64_t m, int64_t n, I *pivots, I *info);
};

#define LINALGX_DECLARE_UNBLOCKED_LU(ISA)                                      \
  namespace ISA {                                                              \
  template <typename T, typename I>                                            \
  void unblockedLu(T *a, int64_t m, int64_t n, I *pivots, I *info);            \
  }
LINALGX_DECLARE_UNBLOCKED_LU(baseline)
LINALGX_DECLARE_UNBLOCKED_LU(avx2)
LINALGX_DECLARE_UNBLOCKED_LU(avx512)
#undef LINALGX_DECLARE_UNBLOCKED_LU

} // namespace linalgx::cpu

#endif // LINALGX_RUNTIME_CPU_UNBLOCKEDLU_H
