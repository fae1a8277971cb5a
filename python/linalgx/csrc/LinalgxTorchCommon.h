//===- LinalgxTorchCommon.h - shared by the kernels -------------*- C++ -*-===//
//
// What the kernels of torch.ops.linalgx share across their files
// (LinalgxTorchOps.cpp: the LU family, LinalgxTorchSolve.cpp: solve,
// lu_solve, the determinants and the inverse): picking the AOT entry point of
// a dtype, running it on PyTorch's current stream, the CPU kernels' message,
// and the vector-or-matrix rule of torch.linalg.solve, which the Autograd
// kernels need too.
//
//===----------------------------------------------------------------------===//

#ifndef LINALGX_TORCH_COMMON_H
#define LINALGX_TORCH_COMMON_H

#include "LinalgxTorchGraphs.h"
#include "linalgx/CudaRuntime.h"

#include <ATen/ATen.h>
#include <c10/cuda/CUDAException.h>
#include <c10/cuda/CUDAGuard.h>
#include <c10/cuda/CUDAStream.h>

#include <mutex>
#include <optional>
#include <string>
#include <type_traits>
#include <unordered_map>
#include <utility>

namespace linalgx::torch_ops {

/// Whether the AOT kernels exist for `type` (float32, float64, complex64,
/// complex128; not the other floating types, such as float16).
inline bool isKernelType(at::ScalarType type) {
  return type == at::kFloat || type == at::kDouble ||
         type == at::kComplexFloat || type == at::kComplexDouble;
}

/// The entry point for `type` among one family's four (f32, f64, c32, c64).
template <typename Entry>
Entry entryFor(at::ScalarType type, const char *op, Entry f32, Entry f64,
               Entry c32, Entry c64) {
  switch (type) {
  case at::kFloat:
    return f32;
  case at::kDouble:
    return f64;
  case at::kComplexFloat:
    return c32;
  case at::kComplexDouble:
    return c64;
  default:
    TORCH_CHECK(false, op,
                ": A must be float32, float64, complex64 or complex128, got ",
                type);
  }
}

/// Matrices of at least this many rows and columns are factored by the
/// blocked LU's chain of launches: a few kernels and cuBLAS calls a
/// 32-column panel.
inline constexpr int64_t kKernelChainMinSize = 512;

/// Whether `a` ([..., M, N]) is factored by a chain of many launches.
inline bool factoredByKernelChain(const at::Tensor &a) {
  return a.size(-2) >= kKernelChainMinSize && a.size(-1) >= kKernelChainMinSize;
}

/// A non-blocking stream of `device` for the kernel chains PyTorch queues on
/// the legacy default stream (onCurrentStream); one a device for the
/// process, so that the runtime keeps one set of resources for it.
inline cudaStream_t legacyProxyStream(c10::DeviceIndex device) {
  static std::mutex mutex;
  static std::unordered_map<c10::DeviceIndex, cudaStream_t> streams;
  std::lock_guard<std::mutex> lock(mutex);
  cudaStream_t &stream = streams[device];
  if (!stream)
    C10_CUDA_CHECK(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
  return stream;
}

/// The calling thread's fork and join events of `device`.
inline std::pair<cudaEvent_t, cudaEvent_t>
forkJoinEvents(c10::DeviceIndex device) {
  thread_local std::unordered_map<c10::DeviceIndex,
                                  std::pair<cudaEvent_t, cudaEvent_t>>
      events;
  auto &[fork, join] = events[device];
  if (!fork) {
    C10_CUDA_CHECK(cudaEventCreateWithFlags(&fork, cudaEventDisableTiming));
    C10_CUDA_CHECK(cudaEventCreateWithFlags(&join, cudaEventDisableTiming));
  }
  return {fork, join};
}

/// Runs `body` (or `body(stream)`) with `stream` as the calling thread's
/// linalgx stream.
template <typename Body> void onStream(cudaStream_t stream, Body body) {
  linalgxCudaSetStreamEx(stream, LINALGX_CUDA_STREAM_DEFER_SYNC);
  if constexpr (std::is_invocable_v<Body, cudaStream_t>)
    body(stream);
  else
    body();
  linalgxCudaResetStream();
}

/// Runs `body` with PyTorch's current stream of `device` as the calling
/// thread's linalgx stream, for this call only. A chain of many launches
/// (`kernelChain`) queued on the legacy default stream, which is ordered
/// with the process's blocking streams, ran slower there than on a created
/// stream once JAX shared the process (docs/python.md); such a chain runs
/// on a non-blocking stream instead, after the work queued before it on the
/// legacy stream and before the work queued after.
template <typename Body>
void onCurrentStream(const at::Device &device, Body body,
                     bool kernelChain = false) {
  c10::cuda::CUDAGuard guard(device);
  cudaStream_t stream =
      c10::cuda::getCurrentCUDAStream(device.index()).stream();
  bool legacy = stream == nullptr || stream == cudaStreamLegacy;
  if (!kernelChain || !legacy)
    return onStream(stream, body);
  cudaStream_t proxy = legacyProxyStream(device.index());
  auto [fork, join] = forkJoinEvents(device.index());
  C10_CUDA_CHECK(cudaEventRecord(fork, stream));
  C10_CUDA_CHECK(cudaStreamWaitEvent(proxy, fork, 0));
  onStream(proxy, body);
  C10_CUDA_CHECK(cudaEventRecord(join, proxy));
  C10_CUDA_CHECK(cudaStreamWaitEvent(stream, join, 0));
}

/// Runs `factor(a, outputs)` on PyTorch's current stream as onCurrentStream
/// does; a kernel chain through its cached CUDA graph where there is one
/// (LinalgxTorchGraphs.h).
inline void factorOnCurrentStream(const char *op, const at::Tensor &a,
                                  at::TensorList outputs,
                                  const ChainFactor &factor) {
  bool kernelChain = factoredByKernelChain(a);
  onCurrentStream(
      a.device(),
      [&](cudaStream_t stream) {
        if (!kernelChain || !replayKernelChain(op, a, outputs, stream, factor))
          factor(a, outputs);
      },
      kernelChain);
}

/// The CPU "kernels": a sentence instead of PyTorch's missing-backend error,
/// naming what to use on the CPU instead.
[[noreturn]] inline void onCpu(const char *op, const char *argument,
                               const char *onTheCpu) {
  TORCH_CHECK(false, op, ": ", argument,
              " is a CPU tensor; linalgx's PyTorch operators run on CUDA "
              "tensors (on the CPU: ",
              onTheCpu, ")");
}

/// A size as message text: its value, or "s" for a symbolic one. Messages
/// print sizes through these rather than streaming c10::SymInt or its
/// ArrayRef, which crashed the process (SIGSEGV) inside TORCH_CHECK with
/// PyTorch 2.11.
inline std::string sizeText(const c10::SymInt &size) {
  if (std::optional<int64_t> value = size.maybe_as_int())
    return std::to_string(*value);
  return "s";
}

/// A shape as message text: "[2, 3, 3]".
inline std::string shapeText(c10::SymIntArrayRef sizes) {
  std::string text = "[";
  for (size_t i = 0; i < sizes.size(); ++i)
    text += (i ? ", " : "") + sizeText(sizes[i]);
  return text + "]";
}

/// linalgx::lu_unpack's checks of its arguments, each naming the argument
/// (shared by its CUDA kernel and the composite of the other backends).
void checkLuUnpackArguments(const at::Tensor &lu,
                            const at::Tensor &permutation);

/// (P, L, U) of CUDA factors LU [..., M, N] and their row permutation
/// [..., M] in one launch on the current stream (lu_unpack's CUDA kernel,
/// without its argument checks: the caller's outputs fit by construction).
std::tuple<at::Tensor, at::Tensor, at::Tensor>
unpackFactorsCuda(const at::Tensor &lu, const at::Tensor &permutation);

/// torch.linalg.solve's rule for B: a vector (or a batch of them) when it is
/// 1-D or has exactly A's shape without the last dimension, else matrices.
inline bool isVectorRhs(const at::Tensor &a, const at::Tensor &b) {
  if (b.dim() == 1)
    return true;
  return a.dim() >= 2 && b.dim() == a.dim() - 1 &&
         b.sym_sizes() == a.sym_sizes().slice(0, a.dim() - 1);
}

} // namespace linalgx::torch_ops

#endif // LINALGX_TORCH_COMMON_H
