// cuSOLVER's two getrf interfaces on one large matrix, synchronous wall time
// and CUDA-event time per call (medians): the legacy cusolverDn<t>getrf
// (int32 pivots, what linalgx's runtime calls) and the 64-bit
// cusolverDnXgetrf (int64 pivots, what PyTorch calls), each alone on a
// preallocated workspace and each in the sequence its caller runs around it
// (linalgx: a transposing copy in and one out; PyTorch: one transposing copy
// in and a conversion of the pivots to int32). Says whether the large
// matrices' gap to PyTorch is in the vendor call or around it.
//
//   nvcc -O2 -arch=sm_90 getrf_api_probe.cu -lcusolver -lcublas -o probe
//   ./probe [calls]

#include "cuda_check.h"

#include <cublas_v2.h>
#include <cusolverDn.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <random>
#include <vector>

#define SOLVER_CHECK(call)                                                     \
  do {                                                                         \
    cusolverStatus_t status = (call);                                          \
    if (status != CUSOLVER_STATUS_SUCCESS) {                                   \
      std::fprintf(stderr, "%s:%d: %s failed: %d\n", __FILE__, __LINE__,       \
                   #call, static_cast<int>(status));                           \
      std::exit(1);                                                            \
    }                                                                          \
  } while (0)

namespace {

struct Timing {
  double wallUs, eventUs;
};

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

/// Median synchronous wall time and event time of `call` over `calls` calls
/// after `restore` (untimed) puts the input back each time.
Timing timeCalls(cudaStream_t stream, int calls,
                 const std::function<void()> &restore,
                 const std::function<void()> &call) {
  cudaEvent_t start, stop;
  CHECK(cudaEventCreate(&start));
  CHECK(cudaEventCreate(&stop));
  std::vector<double> walls, events;
  for (int i = 0; i < calls + 3; ++i) {
    restore();
    CHECK(cudaStreamSynchronize(stream));
    auto t0 = std::chrono::steady_clock::now();
    CHECK(cudaEventRecord(start, stream));
    call();
    CHECK(cudaEventRecord(stop, stream));
    CHECK(cudaStreamSynchronize(stream));
    auto t1 = std::chrono::steady_clock::now();
    float ms = 0;
    CHECK(cudaEventElapsedTime(&ms, start, stop));
    if (i < 3)
      continue; // warm-up
    walls.push_back(std::chrono::duration<double, std::micro>(t1 - t0).count());
    events.push_back(ms * 1e3);
  }
  CHECK(cudaEventDestroy(start));
  CHECK(cudaEventDestroy(stop));
  return {median(walls), median(events)};
}

template <typename T> struct Types;
template <> struct Types<float> {
  static constexpr cudaDataType data = CUDA_R_32F;
  static constexpr const char *name = "f32";
};
template <> struct Types<double> {
  static constexpr cudaDataType data = CUDA_R_64F;
  static constexpr const char *name = "f64";
};

cublasStatus_t geam(cublasHandle_t h, int n, const float *a, float *c) {
  float one = 1, zero = 0;
  return cublasSgeam(h, CUBLAS_OP_T, CUBLAS_OP_N, n, n, &one, a, n, &zero, c, n,
                     c, n);
}
cublasStatus_t geam(cublasHandle_t h, int n, const double *a, double *c) {
  double one = 1, zero = 0;
  return cublasDgeam(h, CUBLAS_OP_T, CUBLAS_OP_N, n, n, &one, a, n, &zero, c, n,
                     c, n);
}
cusolverStatus_t legacyBufferSize(cusolverDnHandle_t h, int n, float *a,
                                  int *lwork) {
  return cusolverDnSgetrf_bufferSize(h, n, n, a, n, lwork);
}
cusolverStatus_t legacyBufferSize(cusolverDnHandle_t h, int n, double *a,
                                  int *lwork) {
  return cusolverDnDgetrf_bufferSize(h, n, n, a, n, lwork);
}
cusolverStatus_t legacyGetrf(cusolverDnHandle_t h, int n, float *a, float *w,
                             int *piv, int *info) {
  return cusolverDnSgetrf(h, n, n, a, n, w, piv, info);
}
cusolverStatus_t legacyGetrf(cusolverDnHandle_t h, int n, double *a, double *w,
                             int *piv, int *info) {
  return cusolverDnDgetrf(h, n, n, a, n, w, piv, info);
}

__global__ void pivotsToInt32(const int64_t *in, int *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = static_cast<int>(in[i]);
}

template <typename T> void probe(int n, int calls) {
  cudaStream_t stream;
  CHECK(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
  cusolverDnHandle_t solver;
  SOLVER_CHECK(cusolverDnCreate(&solver));
  SOLVER_CHECK(cusolverDnSetStream(solver, stream));
  cublasHandle_t blas;
  if (cublasCreate(&blas) != CUBLAS_STATUS_SUCCESS)
    std::exit(1);
  cublasSetStream(blas, stream);
  cusolverDnParams_t params;
  SOLVER_CHECK(cusolverDnCreateParams(&params));

  size_t bytes = size_t(n) * n * sizeof(T);
  std::vector<T> host(size_t(n) * n);
  std::mt19937_64 rng(7);
  std::normal_distribution<double> normal;
  for (T &v : host)
    v = static_cast<T>(normal(rng));
  T *source, *a, *scratch;
  CHECK(cudaMalloc(&source, bytes));
  CHECK(cudaMalloc(&a, bytes));
  CHECK(cudaMalloc(&scratch, bytes));
  CHECK(cudaMemcpy(source, host.data(), bytes, cudaMemcpyHostToDevice));
  int *piv32, *info;
  int64_t *piv64;
  CHECK(cudaMalloc(&piv32, n * sizeof(int)));
  CHECK(cudaMalloc(&piv64, n * sizeof(int64_t)));
  CHECK(cudaMalloc(&info, sizeof(int)));

  int lwork = 0;
  SOLVER_CHECK(legacyBufferSize(solver, n, a, &lwork));
  T *work;
  CHECK(cudaMalloc(&work, size_t(lwork) * sizeof(T)));
  size_t deviceBytes = 0, hostBytes = 0;
  SOLVER_CHECK(cusolverDnXgetrf_bufferSize(solver, params, n, n, Types<T>::data,
                                           a, n, Types<T>::data, &deviceBytes,
                                           &hostBytes));
  void *xwork;
  CHECK(cudaMalloc(&xwork, std::max<size_t>(deviceBytes, 1)));
  std::vector<char> xhost(std::max<size_t>(hostBytes, 1));

  auto restore = [&] {
    CHECK(cudaMemcpyAsync(a, source, bytes, cudaMemcpyDeviceToDevice, stream));
  };
  auto legacy = [&] {
    SOLVER_CHECK(legacyGetrf(solver, n, a, work, piv32, info));
  };
  auto x64 = [&] {
    SOLVER_CHECK(cusolverDnXgetrf(solver, params, n, n, Types<T>::data, a, n,
                                  piv64, Types<T>::data, xwork, deviceBytes,
                                  xhost.data(), hostBytes, info));
  };
  // linalgx's vendor path: transpose in, getrf, transpose back.
  auto linalgxSequence = [&] {
    geam(blas, n, source, scratch);
    SOLVER_CHECK(legacyGetrf(solver, n, scratch, work, piv32, info));
    geam(blas, n, scratch, a);
  };
  // PyTorch's: one transposing copy, Xgetrf in place, the pivots to int32.
  auto torchSequence = [&] {
    geam(blas, n, source, a);
    x64();
    pivotsToInt32<<<(n + 255) / 256, 256, 0, stream>>>(piv64, piv32, n);
  };
  struct Row {
    const char *what;
    std::function<void()> call;
  } rows[] = {{"legacy getrf alone", legacy},
              {"Xgetrf alone", x64},
              {"transpose + legacy getrf + transpose", linalgxSequence},
              {"transpose + Xgetrf + pivots to int32", torchSequence}};
  for (const Row &row : rows) {
    Timing t = timeCalls(stream, calls, restore, row.call);
    std::printf("| (%d,%d) %s | %s | %.1f | %.1f | %.1f |\n", n, n,
                Types<T>::name, row.what, t.eventUs, t.wallUs,
                t.wallUs - t.eventUs);
  }
  CHECK(cudaFree(source));
  CHECK(cudaFree(a));
  CHECK(cudaFree(scratch));
  CHECK(cudaFree(work));
  CHECK(cudaFree(xwork));
  CHECK(cudaFree(piv32));
  CHECK(cudaFree(piv64));
  CHECK(cudaFree(info));
  cusolverDnDestroyParams(params);
  cublasDestroy(blas);
  cusolverDnDestroy(solver);
  CHECK(cudaStreamDestroy(stream));
}

} // namespace

int main(int argc, char **argv) {
  int calls = argc > 1 ? std::atoi(argv[1]) : 50;
  std::printf("| case | call | events µs | wall µs | wall − events µs |\n"
              "|---|---|---:|---:|---:|\n");
  probe<double>(1024, calls);
  probe<double>(2048, calls);
  probe<float>(4096, calls / 2 + 1);
  return 0;
}
