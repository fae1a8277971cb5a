//===- Getrf.cpp - batched LU factorization entry point -------------------===//
//
// linalgxCudaGetrf: partial-pivoting LU of a contiguous batch of column-major
// matrices, on the current stream, without host synchronization in the
// steady state. Two implementations:
//   * cuSOLVER cusolverDn<t>getrf once per matrix (any shape; the blocked
//     LAPACK-style algorithm, best for large matrices),
//   * cuBLAS cublas<t>getrfBatched (square only; one launch for the whole
//     batch, best for many small matrices).
// The legacy 32-bit cuSOLVER API is used on purpose: its pivots are int32
// (cusolverDnXgetrf writes int64 pivots, which would need a conversion
// kernel), and matrices with more than 2^31-1 rows or columns are rejected.
//
// Cached per (device, stream): the cuSOLVER and cuBLAS handles bound to the
// stream, the cuSOLVER workspace (grow-only; the bufferSize query is memoized
// per element type/m/n), and up to kPointerArrayCacheSize device arrays of
// matrix pointers for getrfBatched, keyed by (a, batch, stride).
//
//===----------------------------------------------------------------------===//

#include "Internal.h"

#include "linalgx/CudaRuntime.h"

#include <climits>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

using namespace linalgx::cuda;

namespace {

/// Largest n for which the auto strategy picks cuBLAS getrfBatched (when
/// batch > 1 and the matrices are square). JAX uses a similar cut-off; the
/// real crossover is to be measured, hence the override
/// LINALGX_GETRF_BATCHED_MAX_N (read once per process).
constexpr int64_t kBatchedGetrfMaxN = 128;

/// Pointer arrays kept per stream. A loop alternating between a few buffers
/// then never re-uploads them.
constexpr size_t kPointerArrayCacheSize = 8;

int64_t batchedGetrfMaxN() {
  static const int64_t value =
      envInt("LINALGX_GETRF_BATCHED_MAX_N", kBatchedGetrfMaxN);
  return value;
}

/// LINALGX_CUDA_CHECK_INFO=1: synchronize after every call and treat a
/// negative info (illegal argument) as an error. Off by default because it
/// costs a host synchronization; the arguments are validated on the host
/// with LAPACK's rules before any call, so a negative info would be a bug in
/// this file or in the CUDA libraries.
bool checkInfoEagerly() {
  static const bool value = envInt("LINALGX_CUDA_CHECK_INFO", 0) != 0;
  return value;
}

const char *const kCusolverNames[] = {"cusolverDnSgetrf", "cusolverDnDgetrf",
                                      "cusolverDnCgetrf", "cusolverDnZgetrf"};
const char *const kCusolverBufferSizeNames[] = {
    "cusolverDnSgetrf_bufferSize", "cusolverDnDgetrf_bufferSize",
    "cusolverDnCgetrf_bufferSize", "cusolverDnZgetrf_bufferSize"};
const char *const kCublasNames[] = {"cublasSgetrfBatched",
                                    "cublasDgetrfBatched",
                                    "cublasCgetrfBatched",
                                    "cublasZgetrfBatched"};
const int64_t kElementBytes[] = {4, 8, 8, 16};

struct PointerArray {
  const void *a = nullptr;
  int64_t batch = -1;
  int64_t strideBytes = -1;
  void **device = nullptr;
  int64_t capacity = 0;
  uint64_t lastUse = 0;
};

struct StreamResources {
  int device = -1;
  cudaStream_t stream = nullptr;
  cusolverDnHandle_t solver = nullptr;
  cublasHandle_t blas = nullptr;

  // cuSOLVER workspace.
  void *workspace = nullptr;
  size_t workspaceBytes = 0;
  int32_t lworkType = -1;
  int64_t lworkM = -1, lworkN = -1;
  size_t lworkBytes = 0;

  // getrfBatched pointer arrays, and the pinned buffer they are uploaded
  // from. `stagingDone` is recorded after each upload; the staging buffer is
  // rewritten only once it has completed.
  std::vector<PointerArray> pointerArrays;
  uint64_t useCounter = 0;
  void **staging = nullptr;
  int64_t stagingCapacity = 0;
  cudaEvent_t stagingDone = nullptr;
  bool stagingPending = false;
};

struct ResourceCache {
  // Held for a whole linalgxCudaGetrf call: it only enqueues work, so this
  // is short, and it keeps the per-stream buffers consistent when several
  // host threads share a stream.
  std::mutex mu;
  std::vector<std::unique_ptr<StreamResources>> entries;
};

ResourceCache &resourceCache() {
  static auto *cache = new ResourceCache; // never destroyed, see Support.cpp
  return *cache;
}

StreamResources &resourcesFor(ResourceCache &cache, int device,
                              cudaStream_t stream) {
  for (auto &entry : cache.entries)
    if (entry->device == device && entry->stream == stream)
      return *entry;
  cache.entries.push_back(std::make_unique<StreamResources>());
  StreamResources &res = *cache.entries.back();
  res.device = device;
  res.stream = stream;
  res.pointerArrays.reserve(kPointerArrayCacheSize);
  return res;
}

cusolverDnHandle_t solverHandle(StreamResources &res, const char *op) {
  if (!res.solver) {
    check(cusolverDnCreate(&res.solver), op, "cusolverDnCreate");
    check(cusolverDnSetStream(res.solver, res.stream), op,
          "cusolverDnSetStream");
  }
  return res.solver;
}

cublasHandle_t blasHandle(StreamResources &res, const char *op) {
  if (!res.blas) {
    check(cublasCreate(&res.blas), op, "cublasCreate");
    check(cublasSetStream(res.blas, res.stream), op, "cublasSetStream");
  }
  return res.blas;
}

/// Frees device memory that work already queued on `res.stream` may still
/// use. The stream synchronization is the one host sync of this file; it
/// only happens when a cache has to grow.
void freeAfterStreamWork(StreamResources &res, void *ptr, const char *op) {
  if (!ptr)
    return;
  check(cudaStreamSynchronize(res.stream), op, "cudaStreamSynchronize");
  check(cudaFree(ptr), op, "cudaFree");
}

void *getrfWorkspace(StreamResources &res, int32_t type, void *a, int m,
                     int n, const char *op) {
  cusolverDnHandle_t handle = solverHandle(res, op);
  if (res.lworkType != type || res.lworkM != m || res.lworkN != n) {
    int lwork = 0;
    const char *call = kCusolverBufferSizeNames[type];
    switch (type) {
    case LINALGX_CUDA_F32:
      check(cusolverDnSgetrf_bufferSize(handle, m, n, static_cast<float *>(a),
                                        m, &lwork),
            op, call);
      break;
    case LINALGX_CUDA_F64:
      check(cusolverDnDgetrf_bufferSize(handle, m, n, static_cast<double *>(a),
                                        m, &lwork),
            op, call);
      break;
    case LINALGX_CUDA_C32:
      check(cusolverDnCgetrf_bufferSize(handle, m, n,
                                        static_cast<cuComplex *>(a), m,
                                        &lwork),
            op, call);
      break;
    default:
      check(cusolverDnZgetrf_bufferSize(handle, m, n,
                                        static_cast<cuDoubleComplex *>(a), m,
                                        &lwork),
            op, call);
      break;
    }
    res.lworkType = type;
    res.lworkM = m;
    res.lworkN = n;
    res.lworkBytes = static_cast<size_t>(lwork > 0 ? lwork : 1) *
                     static_cast<size_t>(kElementBytes[type]);
  }
  if (res.lworkBytes > res.workspaceBytes) {
    freeAfterStreamWork(res, res.workspace, op);
    res.workspace = nullptr;
    res.workspaceBytes = 0;
    check(cudaMalloc(&res.workspace, res.lworkBytes), op, "cudaMalloc");
    res.workspaceBytes = res.lworkBytes;
  }
  return res.workspace;
}

/// Device array {a, a + stride, ..., a + (batch-1)*stride} for getrfBatched.
void **pointerArray(StreamResources &res, void *a, int64_t batch,
                    int64_t strideBytes, const char *op) {
  ++res.useCounter;
  for (PointerArray &entry : res.pointerArrays)
    if (entry.a == a && entry.batch == batch &&
        entry.strideBytes == strideBytes) {
      entry.lastUse = res.useCounter;
      return entry.device;
    }

  // Miss: take a free slot or evict the least recently used one. Its device
  // memory may be rewritten without waiting: the upload below is ordered
  // after every getrfBatched already queued on this stream.
  PointerArray *slot = nullptr;
  if (res.pointerArrays.size() < kPointerArrayCacheSize) {
    res.pointerArrays.emplace_back();
    slot = &res.pointerArrays.back();
  } else {
    slot = &res.pointerArrays.front();
    for (PointerArray &entry : res.pointerArrays)
      if (entry.lastUse < slot->lastUse)
        slot = &entry;
  }
  size_t bytes = static_cast<size_t>(batch) * sizeof(void *);
  if (slot->capacity < batch) {
    freeAfterStreamWork(res, slot->device, op);
    slot->device = nullptr;
    slot->capacity = 0;
    check(cudaMalloc(reinterpret_cast<void **>(&slot->device), bytes), op,
          "cudaMalloc");
    slot->capacity = batch;
  }

  // The previous upload may still be reading the staging buffer (the copy
  // sits in the stream behind earlier work): wait for it before rewriting.
  if (res.stagingPending) {
    check(cudaEventSynchronize(res.stagingDone), op, "cudaEventSynchronize");
    res.stagingPending = false;
  }
  if (res.stagingCapacity < batch) {
    if (res.staging)
      check(cudaFreeHost(res.staging), op, "cudaFreeHost");
    res.staging = nullptr;
    res.stagingCapacity = 0;
    // Pinned, so that cudaMemcpyAsync is truly asynchronous.
    check(cudaMallocHost(reinterpret_cast<void **>(&res.staging), bytes), op,
          "cudaMallocHost");
    res.stagingCapacity = batch;
  }
  for (int64_t b = 0; b < batch; ++b)
    res.staging[b] = static_cast<char *>(a) + b * strideBytes;
  check(cudaMemcpyAsync(slot->device, res.staging, bytes,
                        cudaMemcpyHostToDevice, res.stream),
        op, "cudaMemcpyAsync");
  if (!res.stagingDone)
    check(cudaEventCreateWithFlags(&res.stagingDone, cudaEventDisableTiming),
          op, "cudaEventCreateWithFlags");
  check(cudaEventRecord(res.stagingDone, res.stream), op, "cudaEventRecord");
  res.stagingPending = true;

  slot->a = a;
  slot->batch = batch;
  slot->strideBytes = strideBytes;
  slot->lastUse = res.useCounter;
  return slot->device;
}

void getrfCusolverLoop(StreamResources &res, int32_t type, void *a,
                       int32_t *pivots, int32_t *info, int64_t batch, int m,
                       int n, const char *op) {
  cusolverDnHandle_t handle = solverHandle(res, op);
  void *work = getrfWorkspace(res, type, a, m, n, op);
  const int64_t strideBytes = int64_t(m) * n * kElementBytes[type];
  const int64_t k = m < n ? m : n;
  const char *call = kCusolverNames[type];
  for (int64_t b = 0; b < batch; ++b) {
    void *ab = static_cast<char *>(a) + b * strideBytes;
    int *pb = pivots + b * k;
    int *ib = info + b;
    switch (type) {
    case LINALGX_CUDA_F32:
      check(cusolverDnSgetrf(handle, m, n, static_cast<float *>(ab), m,
                             static_cast<float *>(work), pb, ib),
            op, call);
      break;
    case LINALGX_CUDA_F64:
      check(cusolverDnDgetrf(handle, m, n, static_cast<double *>(ab), m,
                             static_cast<double *>(work), pb, ib),
            op, call);
      break;
    case LINALGX_CUDA_C32:
      check(cusolverDnCgetrf(handle, m, n, static_cast<cuComplex *>(ab), m,
                             static_cast<cuComplex *>(work), pb, ib),
            op, call);
      break;
    default:
      check(cusolverDnZgetrf(handle, m, n, static_cast<cuDoubleComplex *>(ab),
                             m, static_cast<cuDoubleComplex *>(work), pb, ib),
            op, call);
      break;
    }
  }
}

void getrfCublasBatched(StreamResources &res, int32_t type, void *a,
                        int32_t *pivots, int32_t *info, int batch, int n,
                        const char *op) {
  cublasHandle_t handle = blasHandle(res, op);
  const int64_t strideBytes = int64_t(n) * n * kElementBytes[type];
  void **ptrs = pointerArray(res, a, batch, strideBytes, op);
  // Pivots are written as [batch, n], 1-based; info per matrix with the
  // LAPACK convention (0, or j when U(j,j) is exactly zero).
  const char *call = kCublasNames[type];
  switch (type) {
  case LINALGX_CUDA_F32:
    check(cublasSgetrfBatched(handle, n, reinterpret_cast<float **>(ptrs), n,
                              pivots, info, batch),
          op, call);
    break;
  case LINALGX_CUDA_F64:
    check(cublasDgetrfBatched(handle, n, reinterpret_cast<double **>(ptrs), n,
                              pivots, info, batch),
          op, call);
    break;
  case LINALGX_CUDA_C32:
    check(cublasCgetrfBatched(handle, n, reinterpret_cast<cuComplex **>(ptrs),
                              n, pivots, info, batch),
          op, call);
    break;
  default:
    check(cublasZgetrfBatched(handle, n,
                              reinterpret_cast<cuDoubleComplex **>(ptrs), n,
                              pivots, info, batch),
          op, call);
    break;
  }
}

/// LINALGX_CUDA_CHECK_INFO=1 only: the lazy check of negative info.
void checkNoNegativeInfo(StreamResources &res, const int32_t *info,
                         int64_t batch, const char *call, const char *op) {
  std::vector<int32_t> host(static_cast<size_t>(batch));
  check(cudaMemcpyAsync(host.data(), info, host.size() * sizeof(int32_t),
                        cudaMemcpyDeviceToHost, res.stream),
        op, "cudaMemcpyAsync");
  check(cudaStreamSynchronize(res.stream), op, "cudaStreamSynchronize");
  for (int64_t b = 0; b < batch; ++b)
    if (host[b] < 0)
      reportFailure(op, call, "info", host[b],
                    "argument " + std::to_string(-host[b]) +
                        " had an illegal value (matrix " + std::to_string(b) +
                        ")",
                    false);
}

} // namespace

extern "C" LINALGX_CUDA_EXPORT void
linalgxCudaGetrf(int32_t elemType, void *a, int32_t *pivots, int32_t *info,
                 int64_t batch, int64_t m, int64_t n, int32_t strategy) {
  const char *op = "linalgxCudaGetrf";
  bool validType = elemType >= 0 && elemType <= 3;
  if (faultInjected(Fault::Getrf))
    failCusolver(CUSOLVER_STATUS_EXECUTION_FAILED, op,
                 validType ? kCusolverNames[elemType] : "cusolverDn<t>getrf",
                 /*injected=*/true);

  // Host-side validation with LAPACK's rules (see checkInfoEagerly).
  if (!validType)
    reportInvalidArgument(op, "elemType " + std::to_string(elemType) +
                                  " is not 0 (f32), 1 (f64), 2 (complex<f32>)"
                                  " or 3 (complex<f64>)");
  if (strategy < LINALGX_CUDA_GETRF_AUTO ||
      strategy > LINALGX_CUDA_GETRF_CUBLAS_BATCHED)
    reportInvalidArgument(op, "strategy " + std::to_string(strategy) +
                                  " is not 0 (auto), 1 (cuSOLVER) or 2 "
                                  "(cuBLAS batched)");
  if (batch < 0 || m < 0 || n < 0)
    reportInvalidArgument(op, "negative batch/m/n (" + std::to_string(batch) +
                                  ", " + std::to_string(m) + ", " +
                                  std::to_string(n) + ")");
  if (m > INT_MAX || n > INT_MAX)
    reportInvalidArgument(op, "m and n must fit in int32 (m = " +
                                  std::to_string(m) +
                                  ", n = " + std::to_string(n) + ")");
  if (m * n > INT64_MAX / kElementBytes[elemType] ||
      (m * n > 0 && batch > INT64_MAX / (m * n * kElementBytes[elemType])))
    reportInvalidArgument(op, "batch * m * n overflows");
  if (strategy == LINALGX_CUDA_GETRF_CUBLAS_BATCHED && m != n)
    reportInvalidArgument(op, "strategy 2 (cuBLAS getrfBatched) needs square "
                              "matrices, got " +
                                  std::to_string(m) + " x " +
                                  std::to_string(n));
  if (strategy == LINALGX_CUDA_GETRF_CUBLAS_BATCHED && batch > INT_MAX)
    reportInvalidArgument(op, "strategy 2 (cuBLAS getrfBatched) needs batch "
                              "<= 2^31-1");
  if (batch == 0)
    return;
  if (!info)
    reportInvalidArgument(op, "info is null");
  bool empty = m == 0 || n == 0;
  if (!empty && (!a || !pivots))
    reportInvalidArgument(op, "a or pivots is null");

  DeviceScope scope(op);
  cudaStream_t stream = currentStream(op);
  if (empty) {
    // Nothing to factor (and no pivots: min(m, n) == 0); info is 0.
    check(cudaMemsetAsync(info, 0, static_cast<size_t>(batch) * sizeof(int32_t),
                          stream),
          op, "cudaMemsetAsync");
    return;
  }

  bool batched;
  // cuBLAS getrfBatched picks complex pivots by |z| rather than LAPACK's
  // |re| + |im| (measured on the H200, see runtime/cuda/README.md), so auto
  // keeps complex types on cuSOLVER, whose pivots follow LAPACK.
  bool isComplex = elemType >= 2;
  if (strategy == LINALGX_CUDA_GETRF_AUTO)
    batched = !isComplex && batch > 1 && m == n && n <= batchedGetrfMaxN() &&
              batch <= INT_MAX;
  else
    batched = strategy == LINALGX_CUDA_GETRF_CUBLAS_BATCHED;

  ResourceCache &cache = resourceCache();
  std::lock_guard<std::mutex> lock(cache.mu);
  StreamResources &res = resourcesFor(cache, activeDevice(), stream);
  if (batched)
    getrfCublasBatched(res, elemType, a, pivots, info, static_cast<int>(batch),
                       static_cast<int>(n), op);
  else
    getrfCusolverLoop(res, elemType, a, pivots, info, batch,
                      static_cast<int>(m), static_cast<int>(n), op);
  if (checkInfoEagerly())
    checkNoNegativeInfo(res, info, batch,
                        batched ? kCublasNames[elemType]
                                : kCusolverNames[elemType],
                        op);
}

extern "C" LINALGX_CUDA_EXPORT void linalgxCudaReleaseCachedResources(void) {
  const char *op = "linalgxCudaReleaseCachedResources";
  ResourceCache &cache = resourceCache();
  std::lock_guard<std::mutex> lock(cache.mu);
  for (auto &entry : cache.entries) {
    StreamResources &res = *entry;
    DeviceScope scope(op, res.device);
    // Device-wide: an embedder's stream may already be destroyed, so do not
    // synchronize on it.
    check(cudaDeviceSynchronize(), op, "cudaDeviceSynchronize");
    if (res.solver)
      check(cusolverDnDestroy(res.solver), op, "cusolverDnDestroy");
    if (res.blas)
      check(cublasDestroy(res.blas), op, "cublasDestroy");
    if (res.workspace)
      check(cudaFree(res.workspace), op, "cudaFree");
    for (PointerArray &array : res.pointerArrays)
      if (array.device)
        check(cudaFree(array.device), op, "cudaFree");
    if (res.staging)
      check(cudaFreeHost(res.staging), op, "cudaFreeHost");
    if (res.stagingDone)
      check(cudaEventDestroy(res.stagingDone), op, "cudaEventDestroy");
  }
  cache.entries.clear();
}
