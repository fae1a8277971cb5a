//===- LinalgxJaxCudaFfi.cpp - linalgx LU as a JAX custom call on CUDA ----===//
//
// `LinalgxLuCuda`, the XLA FFI handler of linalgx.jax.lu on XLA's CUDA
// platform (registered beside the CPU one, LinalgxLuCpu, under the same
// target name). It calls linalgx's own GPU lowering compiled ahead of time
// (liblinalgx_cuda_kernels.so: `_mlir_ciface_linalgx_lu_<type>`, the lu with
// its permutation output on device memrefs, lu-strategy=auto) on the device
// buffers XLA hands it, with the batch dimensions flattened, on XLA's stream:
// the calling thread's stream override is set with
// LINALGX_CUDA_STREAM_DEFER_SYNC for the call, so every launch, library call
// and temporary allocation is queued on that stream and nothing waits on the
// host (XLA orders whatever consumes the results on the same stream).
//
// No CUDA header is needed: XLA's stream is passed through as a void *.
//
//===----------------------------------------------------------------------===//

#include "linalgx/CudaKernels.h"
#include "linalgx/CudaRuntime.h"

#include "xla/ffi/api/ffi.h"

#include <algorithm>
#include <climits>
#include <cstdint>
#include <functional>
#include <numeric>
#include <string>

namespace ffi = xla::ffi;
using linalgx::cuda_kernels::contiguous;
using linalgx::cuda_kernels::LuEntry;
using linalgx::cuda_kernels::MemRef;

namespace {

LuEntry entryFor(ffi::DataType type) {
  switch (type) {
  case ffi::DataType::F32:
    return _mlir_ciface_linalgx_lu_f32;
  case ffi::DataType::F64:
    return _mlir_ciface_linalgx_lu_f64;
  case ffi::DataType::C64:
    return _mlir_ciface_linalgx_lu_c32;
  case ffi::DataType::C128:
    return _mlir_ciface_linalgx_lu_c64;
  default:
    return nullptr;
  }
}

ffi::Error factor(void *stream, ffi::AnyBuffer a,
                  ffi::Result<ffi::AnyBuffer> lu,
                  ffi::Result<ffi::Buffer<ffi::S32>> pivots,
                  ffi::Result<ffi::Buffer<ffi::S32>> permutation,
                  ffi::Result<ffi::Buffer<ffi::S32>> info) {
  auto dims = a.dimensions();
  if (dims.size() < 2)
    return ffi::Error::InvalidArgument(
        "linalgx lu: the operand must have rank >= 2 ([..., M, N])");
  LuEntry entry = entryFor(a.element_type());
  if (!entry)
    return ffi::Error::InvalidArgument(
        "linalgx lu: the operand must be float32, float64, complex64 or "
        "complex128");
  int64_t m = dims[dims.size() - 2], n = dims[dims.size() - 1];
  int64_t batch = std::accumulate(dims.begin(), dims.end() - 2, int64_t{1},
                                  std::multiplies<int64_t>());
  if (m > INT32_MAX || n > INT32_MAX)
    return ffi::Error::InvalidArgument(
        "linalgx lu: int32 pivots cannot index " + std::to_string(m) + " x " +
        std::to_string(n) + " matrices");
  int64_t k = std::min(m, n);
  MemRef<3> aDesc = contiguous<3>(a.untyped_data(), {batch, m, n});
  MemRef<3> luDesc = contiguous<3>(lu->untyped_data(), {batch, m, n});
  MemRef<2> pivDesc = contiguous<2>(pivots->typed_data(), {batch, k});
  MemRef<1> infoDesc = contiguous<1>(info->typed_data(), {batch});
  MemRef<2> permDesc = contiguous<2>(permutation->typed_data(), {batch, m});
  // XLA's stream as this thread's override for the call only (removed, not
  // restored, afterwards: docs/python.md, "Streams").
  linalgxCudaSetStreamEx(stream, LINALGX_CUDA_STREAM_DEFER_SYNC);
  entry(&aDesc, &luDesc, &pivDesc, &infoDesc, &permDesc);
  linalgxCudaResetStream();
  return ffi::Error::Success();
}

} // namespace

// Command-buffer compatible: the call only queues work on XLA's stream (no
// host synchronization, temporaries stream-ordered), so XLA may record it
// into a CUDA graph (--xla_gpu_enable_command_buffer=+CUSTOM_CALL).
XLA_FFI_DEFINE_HANDLER_SYMBOL(LinalgxLuCuda, factor,
                              ffi::Ffi::Bind()
                                  .Ctx<ffi::PlatformStream<void *>>()
                                  .Arg<ffi::AnyBuffer>()
                                  .Ret<ffi::AnyBuffer>()
                                  .Ret<ffi::Buffer<ffi::S32>>()
                                  .Ret<ffi::Buffer<ffi::S32>>()
                                  .Ret<ffi::Buffer<ffi::S32>>(),
                              {ffi::Traits::kCmdBufferCompatible});
