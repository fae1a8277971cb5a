//===- CudaKernels.h - the ABI of liblinalgx_cuda_kernels.so ----*- C++ -*-===//
//
// The entry points of linalgx's GPU lowering compiled ahead of time
// (runtime/cuda_kernels): the C interfaces `_mlir_ciface_<name>` of
// dynamically shaped functions on device memrefs, batch dimensions
// flattened, lowered with linalgx-gpu-pipeline{host-buffers=false}. Each
// queues its work on the calling thread's stream (linalgxCudaSetStreamEx in
// linalgx/CudaRuntime.h). Used by the framework handlers (runtime/jax,
// python/linalgx/csrc), which hand them their own device buffers.
//
//===----------------------------------------------------------------------===//

#ifndef LINALGX_CUDAKERNELS_H
#define LINALGX_CUDAKERNELS_H

#include <cstdint>

namespace linalgx::cuda_kernels {

/// An MLIR ranked memref descriptor, as the `_mlir_ciface_` functions take
/// them (a pointer to one per memref argument).
template <int Rank> struct MemRef {
  void *allocated;
  void *aligned;
  int64_t offset;
  int64_t sizes[Rank];
  int64_t strides[Rank];
};

/// A contiguous row-major descriptor of `data` with the given sizes.
template <int Rank>
MemRef<Rank> contiguous(void *data, const int64_t (&sizes)[Rank]) {
  MemRef<Rank> d{data, data, 0, {}, {}};
  int64_t stride = 1;
  for (int i = Rank - 1; i >= 0; --i) {
    d.sizes[i] = sizes[i];
    d.strides[i] = stride;
    stride *= sizes[i];
  }
  return d;
}

/// lu [B, M, N] of a [B, M, N] with pivots [B, K] (0-based), info [B] and
/// the permutation [B, M], all int32.
using LuEntry = void (*)(MemRef<3> *a, MemRef<3> *lu, MemRef<2> *pivots,
                         MemRef<1> *info, MemRef<2> *permutation);
/// lu [B, M, N] of a [B, M, N] with 1-based pivots [B, K] and info [B], all
/// int32: LAPACK's and torch.linalg.lu_factor_ex's results.
using LuFactorEntry = void (*)(MemRef<3> *a, MemRef<3> *lu, MemRef<2> *pivots,
                               MemRef<1> *info);
/// The permutation [B, N] of pivots [B, K] (0-based, int32 or int64).
using PivotsToPermutationEntry = void (*)(MemRef<2> *pivots,
                                          MemRef<2> *permutation);

} // namespace linalgx::cuda_kernels

extern "C" {
#define LINALGX_CUDA_KERNELS_LU(T)                                             \
  void _mlir_ciface_linalgx_lu_##T(                                            \
      linalgx::cuda_kernels::MemRef<3> *, linalgx::cuda_kernels::MemRef<3> *,  \
      linalgx::cuda_kernels::MemRef<2> *, linalgx::cuda_kernels::MemRef<1> *,  \
      linalgx::cuda_kernels::MemRef<2> *);
LINALGX_CUDA_KERNELS_LU(f32)
LINALGX_CUDA_KERNELS_LU(f64)
LINALGX_CUDA_KERNELS_LU(c32)
LINALGX_CUDA_KERNELS_LU(c64)
#undef LINALGX_CUDA_KERNELS_LU
#define LINALGX_CUDA_KERNELS_LU_FACTOR(T)                                      \
  void _mlir_ciface_linalgx_lu_factor_##T(                                     \
      linalgx::cuda_kernels::MemRef<3> *, linalgx::cuda_kernels::MemRef<3> *,  \
      linalgx::cuda_kernels::MemRef<2> *, linalgx::cuda_kernels::MemRef<1> *);
LINALGX_CUDA_KERNELS_LU_FACTOR(f32)
LINALGX_CUDA_KERNELS_LU_FACTOR(f64)
LINALGX_CUDA_KERNELS_LU_FACTOR(c32)
LINALGX_CUDA_KERNELS_LU_FACTOR(c64)
#undef LINALGX_CUDA_KERNELS_LU_FACTOR
// linalgx_lu_solve_<type>_<trans>(lu, pivots, rhs, solution),
// linalgx_lu_solve_one_based_<type>_<trans>(lu, pivots, rhs, solution),
// linalgx_solve_<type>(a, rhs, solution, info) and
// linalgx_det_<type>(a, lu, pivots, info, det) /
// linalgx_slogdet_<type>(a, lu, pivots, info, sign, logabsdet) and
// linalgx_fused_det_<type>(a, det) /
// linalgx_fused_slogdet_<type>(a, sign, logabsdet): the solve
// from 0-based pivots; the same from 1-based pivots (torch.linalg.lu_solve's,
// read as they are); linalgx.solve; lu one_based and the determinants from
// its factors (lu, pivots and info are scratch the caller provides);
// linalgx.det and linalgx.slogdet (one kernel for N <= 4; larger N allocate
// device scratch per call).
#define LINALGX_CUDA_KERNELS_LU_SOLVE(T, TRANS)                                \
  void _mlir_ciface_linalgx_lu_solve_##T##_##TRANS(                            \
      linalgx::cuda_kernels::MemRef<3> *, linalgx::cuda_kernels::MemRef<2> *,  \
      linalgx::cuda_kernels::MemRef<3> *, linalgx::cuda_kernels::MemRef<3> *);
#define LINALGX_CUDA_KERNELS_LU_SOLVE_ONE_BASED(T, TRANS)                      \
  void _mlir_ciface_linalgx_lu_solve_one_based_##T##_##TRANS(                  \
      linalgx::cuda_kernels::MemRef<3> *, linalgx::cuda_kernels::MemRef<2> *,  \
      linalgx::cuda_kernels::MemRef<3> *, linalgx::cuda_kernels::MemRef<3> *);
#define LINALGX_CUDA_KERNELS_SOLVE(T)                                          \
  LINALGX_CUDA_KERNELS_LU_SOLVE(T, none)                                       \
  LINALGX_CUDA_KERNELS_LU_SOLVE(T, transpose)                                  \
  LINALGX_CUDA_KERNELS_LU_SOLVE(T, adjoint)                                    \
  LINALGX_CUDA_KERNELS_LU_SOLVE_ONE_BASED(T, none)                             \
  LINALGX_CUDA_KERNELS_LU_SOLVE_ONE_BASED(T, transpose)                        \
  LINALGX_CUDA_KERNELS_LU_SOLVE_ONE_BASED(T, adjoint)                          \
  void _mlir_ciface_linalgx_solve_##T(                                         \
      linalgx::cuda_kernels::MemRef<3> *, linalgx::cuda_kernels::MemRef<3> *,  \
      linalgx::cuda_kernels::MemRef<3> *, linalgx::cuda_kernels::MemRef<1> *); \
  void _mlir_ciface_linalgx_det_##T(                                           \
      linalgx::cuda_kernels::MemRef<3> *, linalgx::cuda_kernels::MemRef<3> *,  \
      linalgx::cuda_kernels::MemRef<2> *, linalgx::cuda_kernels::MemRef<1> *,  \
      linalgx::cuda_kernels::MemRef<1> *);                                     \
  void _mlir_ciface_linalgx_slogdet_##T(                                       \
      linalgx::cuda_kernels::MemRef<3> *, linalgx::cuda_kernels::MemRef<3> *,  \
      linalgx::cuda_kernels::MemRef<2> *, linalgx::cuda_kernels::MemRef<1> *,  \
      linalgx::cuda_kernels::MemRef<1> *, linalgx::cuda_kernels::MemRef<1> *); \
  void _mlir_ciface_linalgx_fused_det_##T(linalgx::cuda_kernels::MemRef<3> *,  \
                                          linalgx::cuda_kernels::MemRef<1> *); \
  void _mlir_ciface_linalgx_fused_slogdet_##T(                                 \
      linalgx::cuda_kernels::MemRef<3> *, linalgx::cuda_kernels::MemRef<1> *,  \
      linalgx::cuda_kernels::MemRef<1> *);
LINALGX_CUDA_KERNELS_SOLVE(f32)
LINALGX_CUDA_KERNELS_SOLVE(f64)
LINALGX_CUDA_KERNELS_SOLVE(c32)
LINALGX_CUDA_KERNELS_SOLVE(c64)
#undef LINALGX_CUDA_KERNELS_SOLVE
#undef LINALGX_CUDA_KERNELS_LU_SOLVE
#undef LINALGX_CUDA_KERNELS_LU_SOLVE_ONE_BASED
void _mlir_ciface_linalgx_pivots_to_permutation_i32(
    linalgx::cuda_kernels::MemRef<2> *, linalgx::cuda_kernels::MemRef<2> *);
void _mlir_ciface_linalgx_pivots_to_permutation_i64(
    linalgx::cuda_kernels::MemRef<2> *, linalgx::cuda_kernels::MemRef<2> *);
}

#endif // LINALGX_CUDAKERNELS_H
