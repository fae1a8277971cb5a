//===- LinalgxJaxFfi.cpp - linalgx LU as a JAX (XLA FFI) custom call ------===//
//
// `LinalgxLuCpu`, an XLA FFI handler that factors with the linalgx CPU
// runtime (linalgxCpuGetrf: the lowering's own library, OpenBLAS for large
// matrices, its kernel and thread pool for batches of small ones), so that
// python/linalgx/jax.py can offer a drop-in for `jax.lax.linalg.lu` that
// works under `jax.jit` and `jax.vmap`. Any batch rank; f32, f64,
// complex64, complex128. Results: lu, 0-based int32 pivots, the int32
// permutation of the rows, int32 info (0, or the 1-based first zero pivot).
//
//===----------------------------------------------------------------------===//

#include "linalgx/CpuRuntime.h"

#include "xla/ffi/api/ffi.h"

#include <algorithm>
#include <climits>
#include <cstdint>
#include <numeric>
#include <string>

namespace ffi = xla::ffi;

namespace {

/// linalgxCpuGetrf's element type code of an XLA element type, or -1.
int32_t elementTypeCode(ffi::DataType type) {
  switch (type) {
  case ffi::DataType::F32:
    return LINALGX_CPU_F32;
  case ffi::DataType::F64:
    return LINALGX_CPU_F64;
  case ffi::DataType::C64:
    return LINALGX_CPU_C32;
  case ffi::DataType::C128:
    return LINALGX_CPU_C64;
  default:
    return -1;
  }
}

ffi::Error factor(ffi::AnyBuffer a, ffi::Result<ffi::AnyBuffer> lu,
                  ffi::Result<ffi::Buffer<ffi::S32>> pivots,
                  ffi::Result<ffi::Buffer<ffi::S32>> permutation,
                  ffi::Result<ffi::Buffer<ffi::S32>> info) {
  auto dims = a.dimensions();
  if (dims.size() < 2)
    return ffi::Error::InvalidArgument(
        "linalgx lu: the operand must have rank >= 2 ([..., M, N])");
  int32_t type = elementTypeCode(a.element_type());
  if (type < 0)
    return ffi::Error::InvalidArgument(
        "linalgx lu: the operand must be float32, float64, complex64 or "
        "complex128");
  int64_t m = dims[dims.size() - 2], n = dims[dims.size() - 1];
  int64_t batch = std::accumulate(dims.begin(), dims.end() - 2, int64_t{1},
                                  std::multiplies<int64_t>());
  if (m > INT32_MAX)
    return ffi::Error::InvalidArgument(
        "linalgx lu: int32 pivots cannot index " + std::to_string(m) + " rows");
  linalgxCpuGetrf(type, /*indexBits=*/32, a.untyped_data(), lu->untyped_data(),
                  pivots->typed_data(), info->typed_data(), batch, m, n,
                  LINALGX_CPU_GETRF_AUTO);

  // The permutation the pivots describe (docs/design.md, "The contract",
  // with N = M): one pass over each matrix's K swaps; the runtime has no
  // entry point for it, and it is negligible next to the factorization.
  int64_t k = std::min(m, n);
  const int32_t *pivot = pivots->typed_data();
  int32_t *perm = permutation->typed_data();
  for (int64_t b = 0; b < batch; ++b, pivot += k, perm += m) {
    std::iota(perm, perm + m, 0);
    for (int64_t i = 0; i < k; ++i)
      std::swap(perm[i], perm[pivot[i]]);
  }
  return ffi::Error::Success();
}

} // namespace

XLA_FFI_DEFINE_HANDLER_SYMBOL(LinalgxLuCpu, factor,
                              ffi::Ffi::Bind()
                                  .Arg<ffi::AnyBuffer>()
                                  .Ret<ffi::AnyBuffer>()
                                  .Ret<ffi::Buffer<ffi::S32>>()
                                  .Ret<ffi::Buffer<ffi::S32>>()
                                  .Ret<ffi::Buffer<ffi::S32>>());
