// The host path of linalgx's ahead-of-time LU entry point without any
// framework around it: for each case, the host time of one call of
// _mlir_ciface_linalgx_lu_factor_<t> (the generated host code and the CUDA
// runtime enqueueing the work; no wait), the synchronous wall time of a call
// and its synchronization, and the GPU time between events around it, on a
// stream set with linalgxCudaSetStreamEx (as PyTorch's operators set theirs,
// deferred synchronization): a created one, then CUDA's legacy default stream
// (PyTorch's default). Medians of many calls after warm-up. Splits a
// framework call's host overhead into what linalgx's own path costs and what
// the framework adds (docs/benchmarks.md, run 32).
//
//   c++ -O2 -std=c++17 lu_factor_host_path.cpp -I <pack>/src \
//       -I /usr/local/cuda/include -L <pack>/lib -llinalgx_cuda_kernels \
//       -llinalgx_cuda_runtime -L /usr/local/cuda/lib64 -lcudart \
//       -Wl,-rpath,<pack>/lib -o host_path && ./host_path

#include "cuda_check.h"
#include "linalgx/CudaKernels.h"
#include "linalgx/CudaRuntime.h"

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <random>
#include <vector>

namespace {

using linalgx::cuda_kernels::contiguous;
using linalgx::cuda_kernels::MemRef;

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

template <typename T, typename Entry>
void measure(const char *name, Entry entry, int64_t batch, int64_t n, int calls,
             bool legacyStream) {
  size_t elements = size_t(batch) * n * n;
  std::vector<T> host(elements);
  std::mt19937_64 rng(3);
  std::normal_distribution<double> normal;
  for (T &v : host)
    v = static_cast<T>(normal(rng));
  T *a, *lu;
  int32_t *pivots, *info;
  CHECK(cudaMalloc(&a, elements * sizeof(T)));
  CHECK(cudaMalloc(&lu, elements * sizeof(T)));
  CHECK(cudaMalloc(&pivots, batch * n * sizeof(int32_t)));
  CHECK(cudaMalloc(&info, batch * sizeof(int32_t)));
  CHECK(
      cudaMemcpy(a, host.data(), elements * sizeof(T), cudaMemcpyHostToDevice));
  // A created stream, or CUDA's legacy default stream (PyTorch's default).
  cudaStream_t stream = cudaStreamLegacy;
  if (!legacyStream)
    CHECK(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
  linalgxCudaSetStreamEx(stream, LINALGX_CUDA_STREAM_DEFER_SYNC);
  MemRef<3> aDesc = contiguous<3>(a, {batch, n, n});
  MemRef<3> luDesc = contiguous<3>(lu, {batch, n, n});
  MemRef<2> pivDesc = contiguous<2>(pivots, {batch, n});
  MemRef<1> infoDesc = contiguous<1>(info, {batch});
  cudaEvent_t start, stop;
  CHECK(cudaEventCreate(&start));
  CHECK(cudaEventCreate(&stop));
  std::vector<double> hostUs, wallUs, gpuUs;
  using clock = std::chrono::steady_clock;
  for (int i = 0; i < calls + 5; ++i) {
    CHECK(cudaStreamSynchronize(stream));
    auto t0 = clock::now();
    CHECK(cudaEventRecord(start, stream));
    entry(&aDesc, &luDesc, &pivDesc, &infoDesc);
    auto t1 = clock::now();
    CHECK(cudaEventRecord(stop, stream));
    CHECK(cudaStreamSynchronize(stream));
    auto t2 = clock::now();
    float ms = 0;
    CHECK(cudaEventElapsedTime(&ms, start, stop));
    if (i < 5)
      continue;
    hostUs.push_back(
        std::chrono::duration<double, std::micro>(t1 - t0).count());
    wallUs.push_back(
        std::chrono::duration<double, std::micro>(t2 - t0).count());
    gpuUs.push_back(ms * 1e3);
  }
  std::printf("| (%lld,%lld,%lld) %s, %s | %.1f | %.1f | %.1f | %.1f |\n",
              static_cast<long long>(batch), static_cast<long long>(n),
              static_cast<long long>(n), name,
              legacyStream ? "legacy default stream" : "created stream",
              median(hostUs), median(gpuUs), median(wallUs),
              median(wallUs) - median(gpuUs));
  linalgxCudaResetStream();
  CHECK(cudaEventDestroy(start));
  CHECK(cudaEventDestroy(stop));
  if (!legacyStream)
    CHECK(cudaStreamDestroy(stream));
  CHECK(cudaFree(a));
  CHECK(cudaFree(lu));
  CHECK(cudaFree(pivots));
  CHECK(cudaFree(info));
}

} // namespace

int main() {
  std::printf(
      "| case | host call µs | GPU (events) µs | sync wall µs | wall − GPU "
      "µs |\n|---|---:|---:|---:|---:|\n");
  for (bool legacy : {false, true}) {
    measure<double>("f64", _mlir_ciface_linalgx_lu_factor_f64, 1, 75, 200,
                    legacy);
    measure<double>("f64", _mlir_ciface_linalgx_lu_factor_f64, 64, 75, 200,
                    legacy);
    measure<double>("f64", _mlir_ciface_linalgx_lu_factor_f64, 4096, 32, 200,
                    legacy);
    measure<double>("f64", _mlir_ciface_linalgx_lu_factor_f64, 1, 1024, 60,
                    legacy);
    measure<float>("f32", _mlir_ciface_linalgx_lu_factor_f32, 1, 4096, 20,
                   legacy);
  }
  return 0;
}
