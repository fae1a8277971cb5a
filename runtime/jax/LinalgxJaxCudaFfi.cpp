//===- LinalgxJaxCudaFfi.cpp - linalgx as JAX custom calls on CUDA --------===//
//
// The XLA FFI handlers of linalgx.jax on XLA's CUDA platform:
//   * `LinalgxLuCuda`, linalgx.jax.lu (registered beside the CPU one,
//     LinalgxLuCpu, under the same target name): `_mlir_ciface_linalgx_lu_<t>`,
//     the lu with its permutation output;
//   * `LinalgxSolveCuda`, the primal of linalgx.jax.solve (CUDA only):
//     `_mlir_ciface_linalgx_solve_<t>`, linalgx.solve, whose small systems
//     are factored and solved in one kernel that writes neither factors nor
//     pivots.
// Both call linalgx's own GPU lowering compiled ahead of time
// (liblinalgx_cuda_kernels.so, on device memrefs, lu-strategy=auto) on the
// device buffers XLA hands them, with the batch dimensions flattened, on XLA's
// stream: the calling thread's stream override is set with
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

/// linalgx.solve's entry: a, rhs, solution [B, N, R], info [B].
using SolveEntry = void (*)(MemRef<3> *, MemRef<3> *, MemRef<3> *, MemRef<1> *);

/// The `_mlir_ciface_linalgx_<family>_<t>` entry of `type`, or null.
template <typename Entry>
Entry entryFor(ffi::DataType type, Entry f32, Entry f64, Entry c32, Entry c64) {
  switch (type) {
  case ffi::DataType::F32:
    return f32;
  case ffi::DataType::F64:
    return f64;
  case ffi::DataType::C64:
    return c32;
  case ffi::DataType::C128:
    return c64;
  default:
    return nullptr;
  }
}

/// The product of the batch dimensions `dims[0 .. dims.size() - 2)`.
template <typename Dims> int64_t batchOf(const Dims &dims) {
  return std::accumulate(dims.begin(), dims.end() - 2, int64_t{1},
                         std::multiplies<int64_t>());
}

/// Runs `body` with XLA's stream as this thread's override for the call only
/// (removed, not restored, afterwards: docs/python.md, "Streams").
template <typename Body> void onStream(void *stream, Body body) {
  linalgxCudaSetStreamEx(stream, LINALGX_CUDA_STREAM_DEFER_SYNC);
  body();
  linalgxCudaResetStream();
}

const char *const kTypeError = "must be float32, float64, complex64 or "
                               "complex128";

ffi::Error factor(void *stream, ffi::AnyBuffer a,
                  ffi::Result<ffi::AnyBuffer> lu,
                  ffi::Result<ffi::Buffer<ffi::S32>> pivots,
                  ffi::Result<ffi::Buffer<ffi::S32>> permutation,
                  ffi::Result<ffi::Buffer<ffi::S32>> info) {
  auto dims = a.dimensions();
  if (dims.size() < 2)
    return ffi::Error::InvalidArgument(
        "linalgx lu: the operand must have rank >= 2 ([..., M, N])");
  LuEntry entry = entryFor<LuEntry>(
      a.element_type(), _mlir_ciface_linalgx_lu_f32,
      _mlir_ciface_linalgx_lu_f64, _mlir_ciface_linalgx_lu_c32,
      _mlir_ciface_linalgx_lu_c64);
  if (!entry)
    return ffi::Error::InvalidArgument(std::string("linalgx lu: the operand ") +
                                       kTypeError);
  int64_t m = dims[dims.size() - 2], n = dims[dims.size() - 1];
  int64_t batch = batchOf(dims);
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
  onStream(stream,
           [&] { entry(&aDesc, &luDesc, &pivDesc, &infoDesc, &permDesc); });
  return ffi::Error::Success();
}

/// A·X = B for a [..., N, N] and b [..., N, R] of one element type and
/// batch (linalgx.jax.solve broadcasts before the call); info as lu's.
ffi::Error solve(void *stream, ffi::AnyBuffer a, ffi::AnyBuffer b,
                 ffi::Result<ffi::AnyBuffer> x,
                 ffi::Result<ffi::Buffer<ffi::S32>> info) {
  auto aDims = a.dimensions(), bDims = b.dimensions();
  if (aDims.size() < 2 || aDims[aDims.size() - 1] != aDims[aDims.size() - 2])
    return ffi::Error::InvalidArgument(
        "linalgx solve: a must be square matrices [..., N, N]");
  int64_t n = aDims[aDims.size() - 1];
  if (bDims.size() != aDims.size() || bDims[bDims.size() - 2] != n ||
      !std::equal(aDims.begin(), aDims.end() - 2, bDims.begin()))
    return ffi::Error::InvalidArgument(
        "linalgx solve: b must be [..., N, R] with a's batch and N");
  if (a.element_type() != b.element_type())
    return ffi::Error::InvalidArgument(
        "linalgx solve: a and b must have one element type");
  if (n > INT32_MAX)
    return ffi::Error::InvalidArgument(
        "linalgx solve: int32 pivots cannot index " + std::to_string(n) +
        " rows");
  SolveEntry entry = entryFor<SolveEntry>(
      a.element_type(), _mlir_ciface_linalgx_solve_f32,
      _mlir_ciface_linalgx_solve_f64, _mlir_ciface_linalgx_solve_c32,
      _mlir_ciface_linalgx_solve_c64);
  if (!entry)
    return ffi::Error::InvalidArgument(std::string("linalgx solve: a ") +
                                       kTypeError);
  int64_t batch = batchOf(aDims), columns = bDims[bDims.size() - 1];
  MemRef<3> aDesc = contiguous<3>(a.untyped_data(), {batch, n, n});
  MemRef<3> bDesc = contiguous<3>(b.untyped_data(), {batch, n, columns});
  MemRef<3> xDesc = contiguous<3>(x->untyped_data(), {batch, n, columns});
  MemRef<1> infoDesc = contiguous<1>(info->typed_data(), {batch});
  onStream(stream, [&] { entry(&aDesc, &bDesc, &xDesc, &infoDesc); });
  return ffi::Error::Success();
}

} // namespace

// Command-buffer compatible: the calls only queue work on XLA's stream (no
// host synchronization, temporaries stream-ordered), so XLA may record them
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

XLA_FFI_DEFINE_HANDLER_SYMBOL(LinalgxSolveCuda, solve,
                              ffi::Ffi::Bind()
                                  .Ctx<ffi::PlatformStream<void *>>()
                                  .Arg<ffi::AnyBuffer>()
                                  .Arg<ffi::AnyBuffer>()
                                  .Ret<ffi::AnyBuffer>()
                                  .Ret<ffi::Buffer<ffi::S32>>(),
                              {ffi::Traits::kCmdBufferCompatible});
