//===- Getrf.cpp - batched LU factorization and solve entry points --------===//
//
// linalgxCudaGemmSubtract: C -= A * B on row-major blocks (cuBLAS's strided
// batched gemm), the blocked LU's trailing update where it takes the vendor's
// GEMM, on the current stream or put aside on a side stream (joined back by
// linalgxCudaJoinAside) so that it runs beside the next panel.
// linalgxCudaSolveUnitLower: B := L^-1 B on row-major blocks (cuBLAS trsm),
// the U rows right of a block of the blocked LU's panels.
//
// linalgxCudaGetrs: the solve from those factors with cuSOLVER's getrs, for
// the systems whose factors are too large for linalgx's solve kernels; or,
// when the caller has exchanged B's rows itself, only its two triangular
// solves (cuBLAS trsm): getrs applies the exchanges to B one after the other
// (a chain of N dependent swaps in global memory, half a millisecond at
// N = 4096), which a permutation computed in parallel and a gather avoid.
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
// The cuSOLVER path factors the matrices of a batch concurrently: a single
// getrf of a mid-size matrix is a chain of small, latency-bound kernels that
// leaves most of the GPU idle, so matrix b goes to lane b % S, where lane 0 is
// the caller's stream and lanes 1..S-1 are library-owned streams forked from
// and joined back into it with events (see getrfCusolverLoop). Every lane has
// its own cuSOLVER handle bound to its stream and its own workspace: a handle
// carries per-handle state and a workspace is scratch memory, so neither may
// be used by two streams running at the same time.
//
// Cached per (device, stream): the cuSOLVER and cuBLAS handles bound to the
// stream, the bufferSize query (memoized per element type/m/n) and the extra
// lanes (stream, handle, event; created on first use). Scratch memory (the
// cuSOLVER workspaces, getrfBatched's array of matrix pointers, which a
// small kernel writes) is allocated and freed in stream order with every
// call, so the steady state neither allocates with cudaMalloc, synchronizes
// the host, nor stages through host memory, and a call can be captured into
// a CUDA graph.
//
//===----------------------------------------------------------------------===//

#include "Internal.h"

#include "linalgx/CudaRuntime.h"

#include <algorithm>
#include <climits>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

using namespace linalgx::cuda;

namespace {

/// Largest n for which the auto strategy picks cuBLAS getrfBatched (when
/// batch > 1 and the matrices are square and real). On an H200 getrfBatched
/// beat the per-matrix cuSOLVER loop on every batched case up to n = 128 and
/// lost at 8 x 512 and on single matrices; sizes between 128 and 512 were
/// not measured (docs/benchmarks.md, "Crossover of the LU strategies").
/// LINALGX_GETRF_BATCHED_MAX_N overrides it (read once per process).
constexpr int64_t kBatchedGetrfMaxN = 128;

/// Default number of streams (the caller's included) the cuSOLVER path
/// spreads a batch over; LINALGX_GETRF_STREAMS overrides it (1 = everything
/// on the caller's stream, the behaviour before the fan-out existed). The
/// override is clamped to [1, kMaxGetrfStreams].
constexpr int64_t kDefaultGetrfStreams = 8;
constexpr int64_t kMaxGetrfStreams = 32;

/// Bound on the workspace the extra lanes of ONE call may need together
/// (each lane needs its own, of the size cusolverDn<t>getrf_bufferSize
/// reports, which grows like m*n for large matrices). Lanes that do not fit
/// are not used, so very large matrices (which keep the GPU busy on their
/// own anyway) fall back to the caller's stream alone instead of multiplying
/// their workspace. LINALGX_GETRF_STREAMS_WORKSPACE_MIB overrides it.
constexpr int64_t kDefaultLaneWorkspaceMiB = 256;

int64_t getrfStreams() {
  static const int64_t value = [] {
    return envInt("LINALGX_GETRF_STREAMS", kDefaultGetrfStreams, 1,
                  kMaxGetrfStreams);
  }();
  return value;
}

uint64_t laneWorkspaceBudgetBytes() {
  static const uint64_t value = [] {
    const int64_t maxMiB = int64_t(1) << 30; // keeps the product in range
    int64_t mib = envInt("LINALGX_GETRF_STREAMS_WORKSPACE_MIB",
                         kDefaultLaneWorkspaceMiB, 0, maxMiB);
    return static_cast<uint64_t>(mib) << 20;
  }();
  return value;
}

int64_t batchedGetrfMaxN() {
  static const int64_t value =
      envInt("LINALGX_GETRF_BATCHED_MAX_N", kBatchedGetrfMaxN, 0, INT32_MAX);
  return value;
}

/// LINALGX_CUDA_CHECK_INFO=1: synchronize after every call and treat a
/// negative info (illegal argument) as an error. Off by default because it
/// costs a host synchronization; the arguments are validated on the host
/// with LAPACK's rules before any call, so a negative info would be a bug in
/// this file or in the CUDA libraries.
bool checkInfoEagerly() {
  static const bool value = envInt("LINALGX_CUDA_CHECK_INFO", 0, 0, 1) != 0;
  return value;
}

const char *const kCusolverNames[] = {"cusolverDnSgetrf", "cusolverDnDgetrf",
                                      "cusolverDnCgetrf", "cusolverDnZgetrf"};
const char *const kCusolverBufferSizeNames[] = {
    "cusolverDnSgetrf_bufferSize", "cusolverDnDgetrf_bufferSize",
    "cusolverDnCgetrf_bufferSize", "cusolverDnZgetrf_bufferSize"};
const char *const kCusolverGetrsNames[] = {
    "cusolverDnSgetrs", "cusolverDnDgetrs", "cusolverDnCgetrs",
    "cusolverDnZgetrs"};
const char *const kCublasTrsmNames[] = {"cublasStrsm", "cublasDtrsm",
                                        "cublasCtrsm", "cublasZtrsm"};
const char *const kCublasGemmNames[] = {
    "cublasSgemmStridedBatched", "cublasDgemmStridedBatched",
    "cublasCgemmStridedBatched", "cublasZgemmStridedBatched"};
const char *const kCublasNames[] = {
    "cublasSgetrfBatched", "cublasDgetrfBatched", "cublasCgetrfBatched",
    "cublasZgetrfBatched"};
const int64_t kElementBytes[] = {4, 8, 8, 16};

/// An extra stream of the cuSOLVER fan-out (lane 0 is the caller's stream
/// with StreamResources' own handle).
struct Lane {
  cudaStream_t stream = nullptr;       // non-blocking, owned by the library
  cusolverDnHandle_t solver = nullptr; // bound to `stream`
  cudaEvent_t done = nullptr;          // join: recorded on `stream`
};

struct StreamResources {
  int device = -1;
  cudaStream_t stream = nullptr;
  cusolverDnHandle_t solver = nullptr;
  cublasHandle_t blas = nullptr;

  // Memoized cusolverDn<t>getrf_bufferSize.
  int32_t lworkType = -1;
  int64_t lworkM = -1, lworkN = -1;
  size_t lworkBytes = 0;

  // cuSOLVER fan-out: lanes[i] is lane i + 1; `forked` is recorded on
  // `stream` and waited on by every lane a call uses.
  std::vector<Lane> lanes;
  cudaEvent_t forked = nullptr;

  // linalgxCudaGemmSubtract's side stream (its own, so that the fan-out's
  // lanes never carry it): `asideForked` recorded on `stream` before each
  // GEMM put aside, `aside.done` after it; linalgxCudaJoinAside makes
  // `stream` wait for it while `asidePending`.
  struct {
    cudaStream_t stream = nullptr;
    cublasHandle_t blas = nullptr;
    cudaEvent_t done = nullptr;
  } aside;
  cudaEvent_t asideForked = nullptr;
  bool asidePending = false;
};

/// The kernel that writes getrfBatched's pointer array, loaded once per
/// device.
struct PointerKernel {
  int device = -1;
  CUmodule module = nullptr;
  CUfunction function = nullptr;
};

struct ResourceCache {
  // Held for a whole linalgxCudaGetrf call: it only enqueues work, so this
  // is short, and it keeps the per-stream buffers consistent when several
  // host threads share a stream.
  std::mutex mu;
  std::vector<std::unique_ptr<StreamResources>> entries;
  std::vector<PointerKernel> pointerKernels;
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
  return res;
}

/// The cached resources of `stream` on the active device, the cache locked
/// while this lives: an entry point only enqueues work, so that is short.
struct LockedResources {
  explicit LockedResources(cudaStream_t stream)
      : cache(resourceCache()), lock(cache.mu),
        res(resourcesFor(cache, activeDevice(), stream)) {}

  ResourceCache &cache;
  std::lock_guard<std::mutex> lock;
  StreamResources &res;
};

cusolverDnHandle_t solverHandle(StreamResources &res, const char *op) {
  if (!res.solver) {
    CaptureTolerantScope tolerant(op);
    check(cusolverDnCreate(&res.solver), op, "cusolverDnCreate");
    check(cusolverDnSetStream(res.solver, res.stream), op,
          "cusolverDnSetStream");
  }
  return res.solver;
}

/// SMs the GEMMs put aside leave to the work beside them (the blocked LU's
/// next panel, whose blocks otherwise wait for the GEMM's to retire): the
/// side handle's cuBLAS SM count target is the device's SMs less these.
/// LINALGX_CUDA_ASIDE_RESERVED_SMS overrides the default, 0 (cuBLAS's own
/// choice).
int64_t asideReservedSms() {
  static const int64_t value =
      envInt("LINALGX_CUDA_ASIDE_RESERVED_SMS", 0, 0, 1024);
  return value;
}

/// Whether the GEMMs on the side stream mark their C blocks as streaming in
/// L2 (markStreamingInL2). LINALGX_CUDA_ASIDE_STREAMING=0 turns it off.
bool asideStreaming() {
  static const bool value =
      envInt("LINALGX_CUDA_ASIDE_STREAMING", 1, 0, 1) != 0;
  return value;
}

/// Gives the work queued on `stream` from now on an L2 access policy window
/// marking [c, c + bytes) as streaming (evicted first): a GEMM beside a
/// panel touches each line of C once, and evicting the panel's lines
/// instead (its unrolled code) slowed the panels by up to 2x (docs/gpu.md).
/// Capped at the device's largest window; bytes past it keep the normal
/// policy.
void markStreamingInL2(int device, cudaStream_t stream, const void *c,
                       int64_t bytes, const char *op) {
  static auto *maxWindows = new PerDevice<int>; // never destroyed
  const int maxWindow = maxWindows->get(device, [op](int d) {
    int value = 0;
    check(
        cudaDeviceGetAttribute(&value, cudaDevAttrMaxAccessPolicyWindowSize, d),
        op, "cudaDeviceGetAttribute");
    return value;
  });
  if (maxWindow == 0)
    return;
  cudaStreamAttrValue value = {};
  value.accessPolicyWindow.base_ptr = const_cast<void *>(c);
  value.accessPolicyWindow.num_bytes =
      static_cast<size_t>(std::min<int64_t>(bytes, maxWindow));
  value.accessPolicyWindow.hitRatio = 1.0f;
  value.accessPolicyWindow.hitProp = cudaAccessPropertyStreaming;
  value.accessPolicyWindow.missProp = cudaAccessPropertyStreaming;
  check(cudaStreamSetAttribute(stream, cudaStreamAttributeAccessPolicyWindow,
                               &value),
        op, "cudaStreamSetAttribute");
}

/// The side stream of `res` with its cuBLAS handle and events, created on
/// first use with the caller's stream's priority (non-blocking: ordered by
/// the events alone, as the fan-out's lanes).
void prepareAside(StreamResources &res, const char *op) {
  if (res.aside.stream && res.aside.blas && res.aside.done && res.asideForked)
    return;
  CaptureTolerantScope tolerant(op);
  if (!res.aside.stream) {
    int priority = 0;
    check(cudaStreamGetPriority(res.stream, &priority), op,
          "cudaStreamGetPriority");
    check(cudaStreamCreateWithPriority(&res.aside.stream, cudaStreamNonBlocking,
                                       priority),
          op, "cudaStreamCreateWithPriority");
  }
  if (!res.aside.blas) {
    check(cublasCreate(&res.aside.blas), op, "cublasCreate");
    check(cublasSetStream(res.aside.blas, res.aside.stream), op,
          "cublasSetStream");
    if (int64_t reserved = asideReservedSms()) {
      int sms = 0;
      check(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount,
                                   res.device),
            op, "cudaDeviceGetAttribute");
      check(cublasSetSmCountTarget(
                res.aside.blas,
                static_cast<int>(std::max<int64_t>(1, sms - reserved))),
            op, "cublasSetSmCountTarget");
    }
  }
  for (cudaEvent_t *event : {&res.aside.done, &res.asideForked})
    if (!*event)
      check(cudaEventCreateWithFlags(event, cudaEventDisableTiming), op,
            "cudaEventCreateWithFlags");
}

/// Makes the side stream of `res` wait for everything queued on `stream` (its
/// owner) so far: a GEMM put aside, or an aside region, starts here.
void forkAside(StreamResources &res, cudaStream_t stream, const char *op) {
  prepareAside(res, op);
  check(cudaEventRecord(res.asideForked, stream), op, "cudaEventRecord");
  check(cudaStreamWaitEvent(res.aside.stream, res.asideForked, 0), op,
        "cudaStreamWaitEvent");
}

/// Marks the end of the work queued on the side stream of `res`, which
/// linalgxCudaJoinAside then joins.
void markAsidePending(StreamResources &res, const char *op) {
  check(cudaEventRecord(res.aside.done, res.aside.stream), op,
        "cudaEventRecord");
  res.asidePending = true;
}

cublasHandle_t blasHandle(StreamResources &res, const char *op) {
  if (!res.blas) {
    CaptureTolerantScope tolerant(op);
    check(cublasCreate(&res.blas), op, "cublasCreate");
    check(cublasSetStream(res.blas, res.stream), op, "cublasSetStream");
  }
  return res.blas;
}

/// Workspace bytes one cusolverDn<t>getrf of an m x n matrix needs (the
/// bufferSize query, memoized per type/m/n).
size_t getrfWorkspaceBytes(StreamResources &res, int32_t type, void *a, int m,
                           int n, const char *op) {
  if (res.lworkType != type || res.lworkM != m || res.lworkN != n) {
    cusolverDnHandle_t handle = solverHandle(res, op);
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
                                        static_cast<cuComplex *>(a), m, &lwork),
            op, call);
      break;
    default:
      check(cusolverDnZgetrf_bufferSize(
                handle, m, n, static_cast<cuDoubleComplex *>(a), m, &lwork),
            op, call);
      break;
    }
    res.lworkType = type;
    res.lworkM = m;
    res.lworkN = n;
    res.lworkBytes = static_cast<size_t>(lwork > 0 ? lwork : 1) *
                     static_cast<size_t>(kElementBytes[type]);
  }
  return res.lworkBytes;
}

/// Extra lane `index` (>= 1) of `res`, created on first use: a non-blocking
/// stream with the caller's stream's priority, a cuSOLVER handle bound to it
/// and its join event.
Lane &lane(StreamResources &res, size_t index, const char *op) {
  if (res.lanes.size() < index)
    res.lanes.resize(index);
  Lane &l = res.lanes[index - 1];
  if (l.stream && l.solver && l.done)
    return l;
  CaptureTolerantScope tolerant(op);
  if (!l.stream) {
    // Same priority as the caller's stream, so that the fan-out does not
    // change how the factorization competes with the caller's other work.
    int priority = 0;
    check(cudaStreamGetPriority(res.stream, &priority), op,
          "cudaStreamGetPriority");
    // Non-blocking: a lane must not synchronize implicitly with the legacy
    // default stream (which may itself be the caller's stream); ordering
    // comes from the fork/join events alone.
    check(cudaStreamCreateWithPriority(&l.stream, cudaStreamNonBlocking,
                                       priority),
          op, "cudaStreamCreateWithPriority");
  }
  if (!l.solver) {
    check(cusolverDnCreate(&l.solver), op, "cusolverDnCreate");
    check(cusolverDnSetStream(l.solver, l.stream), op, "cusolverDnSetStream");
  }
  if (!l.done)
    check(cudaEventCreateWithFlags(&l.done, cudaEventDisableTiming), op,
          "cudaEventCreateWithFlags");
  return l;
}

/// Number of lanes (the caller's stream included) for `batch` matrices whose
/// getrf needs `lworkBytes` of workspace each: at most the pool size
/// (LINALGX_GETRF_STREAMS), at most one per matrix, and only as many extra
/// lanes as fit in the workspace budget.
int64_t getrfLaneCount(int64_t batch, size_t lworkBytes) {
  int64_t lanes = getrfStreams();
  if (batch < lanes)
    lanes = batch;
  if (lanes > 1) {
    uint64_t extra = laneWorkspaceBudgetBytes() / lworkBytes; // lworkBytes > 0
    if (static_cast<uint64_t>(lanes - 1) > extra)
      lanes = 1 + static_cast<int64_t>(extra);
  }
  return lanes;
}

// pointers[i] = base + i * stride for i < count, a thread per entry. PTX
// rather than CUDA C++ so that the library needs no device compiler; the
// driver compiles it for the device at load time.
constexpr char kPointerKernelPtx[] = R"(
.version 7.0
.target sm_75
.address_size 64

.visible .entry linalgx_strided_pointers(.param .u64 pointers,
    .param .u64 base, .param .u64 stride, .param .u64 count)
{
  .reg .pred %out_of_range;
  .reg .b32 %r<4>;
  .reg .b64 %rd<8>;
  ld.param.u64 %rd0, [pointers];
  ld.param.u64 %rd1, [base];
  ld.param.u64 %rd2, [stride];
  ld.param.u64 %rd3, [count];
  mov.u32 %r0, %ctaid.x;
  mov.u32 %r1, %ntid.x;
  mov.u32 %r2, %tid.x;
  mul.wide.u32 %rd4, %r0, %r1;
  cvt.u64.u32 %rd5, %r2;
  add.u64 %rd4, %rd4, %rd5;
  setp.ge.u64 %out_of_range, %rd4, %rd3;
  @%out_of_range ret;
  mad.lo.u64 %rd5, %rd4, %rd2, %rd1;
  cvta.to.global.u64 %rd0, %rd0;
  shl.b64 %rd6, %rd4, 3;
  add.u64 %rd6, %rd0, %rd6;
  st.global.u64 [%rd6], %rd5;
  ret;
}
)";

constexpr unsigned kPointerKernelBlock = 256;

CUfunction pointerKernel(ResourceCache &cache, int device, const char *op) {
  for (const PointerKernel &kernel : cache.pointerKernels)
    if (kernel.device == device)
      return kernel.function;
  const DriverApi &api = driverApi(op);
  CaptureTolerantScope tolerant(op);
  PointerKernel kernel;
  kernel.device = device;
  check(api.moduleLoadData(&kernel.module, kPointerKernelPtx), op,
        "cuModuleLoadData");
  check(api.moduleGetFunction(&kernel.function, kernel.module,
                              "linalgx_strided_pointers"),
        op, "cuModuleGetFunction");
  cache.pointerKernels.push_back(kernel);
  return kernel.function;
}

/// Queues the writing of {a, a + stride, ..., a + (batch-1)*stride} into
/// `pointers` (a device array of `batch` entries) on `stream`.
void writePointerArray(CUfunction kernel, void **pointers, void *a,
                       int64_t batch, int64_t strideBytes, cudaStream_t stream,
                       const char *op) {
  uint64_t pointersArg = reinterpret_cast<uintptr_t>(pointers);
  uint64_t baseArg = reinterpret_cast<uintptr_t>(a);
  uint64_t strideArg = static_cast<uint64_t>(strideBytes);
  uint64_t countArg = static_cast<uint64_t>(batch);
  void *params[] = {&pointersArg, &baseArg, &strideArg, &countArg};
  auto blocks = static_cast<unsigned>((batch + kPointerKernelBlock - 1) /
                                      kPointerKernelBlock);
  check(driverApi(op).launchKernel(kernel, blocks, 1, 1, kPointerKernelBlock, 1,
                                   1, 0, stream, params, nullptr),
        op, "cuLaunchKernel");
}

/// One cusolverDn<t>getrf on the stream `handle` is bound to.
void cusolverGetrf(cusolverDnHandle_t handle, int32_t type, int m, int n,
                   void *a, void *work, int *pivots, int *info,
                   const char *op) {
  const char *call = kCusolverNames[type];
  switch (type) {
  case LINALGX_CUDA_F32:
    check(cusolverDnSgetrf(handle, m, n, static_cast<float *>(a), m,
                           static_cast<float *>(work), pivots, info),
          op, call);
    break;
  case LINALGX_CUDA_F64:
    check(cusolverDnDgetrf(handle, m, n, static_cast<double *>(a), m,
                           static_cast<double *>(work), pivots, info),
          op, call);
    break;
  case LINALGX_CUDA_C32:
    check(cusolverDnCgetrf(handle, m, n, static_cast<cuComplex *>(a), m,
                           static_cast<cuComplex *>(work), pivots, info),
          op, call);
    break;
  default:
    check(cusolverDnZgetrf(handle, m, n, static_cast<cuDoubleComplex *>(a), m,
                           static_cast<cuDoubleComplex *>(work), pivots, info),
          op, call);
    break;
  }
}

/// A cublas<t>trsm's shape: B (m x n, column-major) := op(T)^-1 B from the
/// left or B op(T)^-1 from the right, T a triangle of A.
struct TrsmShape {
  cublasSideMode_t side;
  cublasFillMode_t triangle;
  cublasOperation_t trans;
  cublasDiagType_t diagonal;
  int m, n, lda, ldb;
};

/// One cublas<t>trsm with alpha = 1.
void cublasTrsm(cublasHandle_t handle, int32_t type, const TrsmShape &s,
                const void *a, void *b, const char *op) {
  const char *call = kCublasTrsmNames[type];
  auto run = [&](auto function, auto one, auto *aa, auto *bb) {
    check(function(handle, s.side, s.triangle, s.trans, s.diagonal, s.m, s.n,
                   &one, aa, s.lda, bb, s.ldb),
          op, call);
  };
  switch (type) {
  case LINALGX_CUDA_F32:
    run(cublasStrsm, 1.0f, static_cast<const float *>(a),
        static_cast<float *>(b));
    break;
  case LINALGX_CUDA_F64:
    run(cublasDtrsm, 1.0, static_cast<const double *>(a),
        static_cast<double *>(b));
    break;
  case LINALGX_CUDA_C32:
    run(cublasCtrsm, make_cuComplex(1, 0), static_cast<const cuComplex *>(a),
        static_cast<cuComplex *>(b));
    break;
  default:
    run(cublasZtrsm, make_cuDoubleComplex(1, 0),
        static_cast<const cuDoubleComplex *>(a),
        static_cast<cuDoubleComplex *>(b));
    break;
  }
}

/// getrs's two triangular solves without its row exchanges: L then U for
/// op(A) = A, U^T (U^H) then L^T (L^H) otherwise.
void triangularSolves(cublasHandle_t handle, int32_t type,
                      cublasOperation_t trans, int n, int nrhs, const void *lu,
                      void *b, const char *op) {
  cublasFillMode_t first =
      trans == CUBLAS_OP_N ? CUBLAS_FILL_MODE_LOWER : CUBLAS_FILL_MODE_UPPER;
  cublasFillMode_t second =
      trans == CUBLAS_OP_N ? CUBLAS_FILL_MODE_UPPER : CUBLAS_FILL_MODE_LOWER;
  // The lower triangle is L's: unit diagonal.
  auto solve = [&](cublasFillMode_t triangle) {
    cublasDiagType_t diagonal = triangle == CUBLAS_FILL_MODE_LOWER
                                    ? CUBLAS_DIAG_UNIT
                                    : CUBLAS_DIAG_NON_UNIT;
    cublasTrsm(handle, type,
               {CUBLAS_SIDE_LEFT, triangle, trans, diagonal, n, nrhs, n, n}, lu,
               b, op);
  };
  solve(first);
  solve(second);
}

/// One cusolverDn<t>getrs on the stream `handle` is bound to.
void cusolverGetrs(cusolverDnHandle_t handle, int32_t type,
                   cublasOperation_t trans, int n, int nrhs, const void *lu,
                   const int *pivots, void *b, int *info, const char *op) {
  const char *call = kCusolverGetrsNames[type];
  switch (type) {
  case LINALGX_CUDA_F32:
    check(cusolverDnSgetrs(handle, trans, n, nrhs,
                           static_cast<const float *>(lu), n, pivots,
                           static_cast<float *>(b), n, info),
          op, call);
    break;
  case LINALGX_CUDA_F64:
    check(cusolverDnDgetrs(handle, trans, n, nrhs,
                           static_cast<const double *>(lu), n, pivots,
                           static_cast<double *>(b), n, info),
          op, call);
    break;
  case LINALGX_CUDA_C32:
    check(cusolverDnCgetrs(handle, trans, n, nrhs,
                           static_cast<const cuComplex *>(lu), n, pivots,
                           static_cast<cuComplex *>(b), n, info),
          op, call);
    break;
  default:
    check(cusolverDnZgetrs(handle, trans, n, nrhs,
                           static_cast<const cuDoubleComplex *>(lu), n, pivots,
                           static_cast<cuDoubleComplex *>(b), n, info),
          op, call);
    break;
  }
}

/// cuSOLVER getrf for every matrix of the batch. With S = getrfLaneCount()
/// > 1 lanes, matrix b runs on lane b % S:
///   fork:  record `forked` on the caller's stream; lanes 1..S-1 wait on it
///          (so they see everything queued before this call);
///   issue: matrix b on lane b % S, with that lane's handle and a workspace
///          allocated on the lane's stream for this call (lane 0 = the
///          caller's stream and its handle);
///   join:  free each lane's workspace and record its `done` event; the
///          caller's stream waits on all of them (so everything queued after
///          this call sees the factors, pivots and info).
/// No host synchronization: the host only enqueues. With S == 1 this is the
/// plain loop on the caller's stream.
void getrfCusolverLoop(StreamResources &res, int32_t type, void *a,
                       int32_t *pivots, int32_t *info, int64_t batch, int m,
                       int n, const char *op) {
  const size_t lworkBytes = getrfWorkspaceBytes(res, type, a, m, n, op);
  const int64_t lanes = getrfLaneCount(batch, lworkBytes);

  cusolverDnHandle_t handles[kMaxGetrfStreams];
  cudaStream_t streams[kMaxGetrfStreams];
  void *works[kMaxGetrfStreams];
  if (res.lanes.size() < static_cast<size_t>(lanes - 1))
    res.lanes.resize(static_cast<size_t>(lanes - 1)); // no reallocation below
  handles[0] = solverHandle(res, op);
  streams[0] = res.stream;
  for (int64_t i = 1; i < lanes; ++i) {
    Lane &l = lane(res, static_cast<size_t>(i), op);
    handles[i] = l.solver;
    streams[i] = l.stream;
  }

  if (lanes > 1) {
    if (!res.forked)
      check(cudaEventCreateWithFlags(&res.forked, cudaEventDisableTiming), op,
            "cudaEventCreateWithFlags");
    check(cudaEventRecord(res.forked, res.stream), op, "cudaEventRecord");
    for (int64_t i = 1; i < lanes; ++i)
      check(cudaStreamWaitEvent(res.lanes[i - 1].stream, res.forked, 0), op,
            "cudaStreamWaitEvent");
  }

  for (int64_t i = 0; i < lanes; ++i)
    works[i] = allocateOrdered(lworkBytes, streams[i], op);
  const int64_t strideBytes = int64_t(m) * n * kElementBytes[type];
  const int64_t k = m < n ? m : n;
  for (int64_t b = 0; b < batch; ++b) {
    const int64_t i = b % lanes;
    cusolverGetrf(handles[i], type, m, n,
                  static_cast<char *>(a) + b * strideBytes, works[i],
                  pivots + b * k, info + b, op);
  }

  for (int64_t i = 0; i < lanes; ++i)
    freeOrdered(works[i], streams[i], op);
  for (int64_t i = 1; i < lanes; ++i) {
    Lane &l = res.lanes[i - 1];
    check(cudaEventRecord(l.done, l.stream), op, "cudaEventRecord");
    check(cudaStreamWaitEvent(res.stream, l.done, 0), op,
          "cudaStreamWaitEvent");
  }
}

void getrfCublasBatched(StreamResources &res, CUfunction pointerKernel,
                        int32_t type, void *a, int32_t *pivots, int32_t *info,
                        int batch, int n, const char *op) {
  cublasHandle_t handle = blasHandle(res, op);
  const int64_t strideBytes = int64_t(n) * n * kElementBytes[type];
  auto **ptrs = static_cast<void **>(allocateOrdered(
      static_cast<size_t>(batch) * sizeof(void *), res.stream, op));
  writePointerArray(pointerKernel, ptrs, a, batch, strideBytes, res.stream, op);
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
  freeOrdered(ptrs, res.stream, op);
}

/// LINALGX_CUDA_CHECK_INFO=1 only: the lazy check of negative info.
void checkNoNegativeInfo(StreamResources &res, const int32_t *info,
                         int64_t batch, const char *call, const char *op) {
  cudaStreamCaptureStatus capture = cudaStreamCaptureStatusNone;
  check(cudaStreamIsCapturing(res.stream, &capture), op,
        "cudaStreamIsCapturing");
  if (capture != cudaStreamCaptureStatusNone)
    reportInvalidArgument(op, "LINALGX_CUDA_CHECK_INFO=1 waits for every "
                              "call, which a stream being captured into a "
                              "CUDA graph cannot do; unset it to capture");
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
  checkElementType(elemType, op);
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
    reportInvalidArgument(
        op, "m and n must fit in int32 (m = " + std::to_string(m) +
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

  LockedResources locked(stream);
  StreamResources &res = locked.res;
  if (batched)
    getrfCublasBatched(res, pointerKernel(locked.cache, res.device, op),
                       elemType, a, pivots, info, static_cast<int>(batch),
                       static_cast<int>(n), op);
  else
    getrfCusolverLoop(res, elemType, a, pivots, info, batch,
                      static_cast<int>(m), static_cast<int>(n), op);
  if (checkInfoEagerly())
    checkNoNegativeInfo(
        res, info, batch,
        batched ? kCublasNames[elemType] : kCusolverNames[elemType], op);
}

extern "C" LINALGX_CUDA_EXPORT void
linalgxCudaGetrs(int32_t elemType, int32_t trans, const void *lu,
                 const int32_t *pivots, void *b, int64_t batch, int64_t n,
                 int64_t nrhs) {
  const char *op = "linalgxCudaGetrs";
  checkElementType(elemType, op);
  if (trans < LINALGX_CUDA_GETRS_NONE || trans > LINALGX_CUDA_GETRS_ADJOINT)
    reportInvalidArgument(op, "trans " + std::to_string(trans) +
                                  " is not 0 (none), 1 (transpose) or 2 "
                                  "(adjoint)");
  if (batch < 0 || n < 0 || nrhs < 0)
    reportInvalidArgument(
        op, "negative batch/n/nrhs (" + std::to_string(batch) + ", " +
                std::to_string(n) + ", " + std::to_string(nrhs) + ")");
  if (n > INT_MAX || nrhs > INT_MAX)
    reportInvalidArgument(
        op, "n and nrhs must fit in int32 (n = " + std::to_string(n) +
                ", nrhs = " + std::to_string(nrhs) + ")");
  if (batch == 0 || n == 0 || nrhs == 0)
    return;
  if (!lu || !b)
    reportInvalidArgument(op, "lu or b is null");
  if (n * std::max<int64_t>(n, nrhs) >
      INT64_MAX / kElementBytes[elemType] / batch)
    reportInvalidArgument(op, "batch * n * max(n, nrhs) overflows");

  cublasOperation_t operation = CUBLAS_OP_N;
  if (trans == LINALGX_CUDA_GETRS_TRANSPOSE ||
      (trans == LINALGX_CUDA_GETRS_ADJOINT && elemType < LINALGX_CUDA_C32))
    operation = CUBLAS_OP_T;
  else if (trans == LINALGX_CUDA_GETRS_ADJOINT)
    operation = CUBLAS_OP_C;

  DeviceScope scope(op);
  cudaStream_t stream = currentStream(op);
  LockedResources locked(stream);
  StreamResources &res = locked.res;
  const int64_t luBytes = n * n * kElementBytes[elemType];
  const int64_t rhsBytes = n * nrhs * kElementBytes[elemType];
  if (!pivots) {
    cublasHandle_t handle = blasHandle(res, op);
    for (int64_t matrix = 0; matrix < batch; ++matrix)
      triangularSolves(handle, elemType, operation, static_cast<int>(n),
                       static_cast<int>(nrhs),
                       static_cast<const char *>(lu) + matrix * luBytes,
                       static_cast<char *>(b) + matrix * rhsBytes, op);
    return;
  }
  cusolverDnHandle_t handle = solverHandle(res, op);
  // getrs reports only illegal arguments in devInfo, which the checks above
  // rule out: one scratch word for the whole batch, never read.
  int *info = static_cast<int *>(allocateOrdered(sizeof(int), stream, op));
  for (int64_t matrix = 0; matrix < batch; ++matrix)
    cusolverGetrs(handle, elemType, operation, static_cast<int>(n),
                  static_cast<int>(nrhs),
                  static_cast<const char *>(lu) + matrix * luBytes,
                  pivots + matrix * n,
                  static_cast<char *>(b) + matrix * rhsBytes, info, op);
  freeOrdered(info, stream, op);
}

namespace {

/// Elements from a row-major block's first entry to one past its last.
int64_t rowMajorBlockExtent(int64_t rows, int64_t cols, int64_t ld) {
  return (rows - 1) * ld + cols;
}

/// Rejects row-major blocks whose rows `ld` elements apart are shorter than
/// `widest` (the widest block's row), and a batch whose `written` blocks
/// (rows x cols, batchStride elements apart) overlap.
void checkRowMajorBlocks(const char *op, const char *widestName, int64_t widest,
                         const char *written, int64_t rows, int64_t cols,
                         int64_t ld, int64_t batch, int64_t batchStride) {
  if (ld < widest)
    reportInvalidArgument(op, "ld " + std::to_string(ld) + " is less than " +
                                  widestName + " = " + std::to_string(widest));
  const int64_t extent = rowMajorBlockExtent(rows, cols, ld);
  if (batch > 1 && batchStride < extent)
    reportInvalidArgument(op, "batchStride " + std::to_string(batchStride) +
                                  " is less than a " + written +
                                  " block's extent " + std::to_string(extent));
}

/// C -= A * B for `batch` row-major blocks (linalgxCudaGemmSubtract's
/// arguments): cuBLAS is column-major, so it computes C^T -= B^T * A^T, each
/// row-major block being the column-major transpose at the same leading
/// dimension.
void gemmSubtract(cublasHandle_t handle, int32_t type, void *c, const void *a,
                  const void *b, int rows, int cols, int depth, int64_t ld,
                  int64_t stride, int batch, const char *op) {
  auto run = [&](auto function, auto minusOne, auto one, auto *cc, auto *aa,
                 auto *bb) {
    check(function(handle, CUBLAS_OP_N, CUBLAS_OP_N, cols, rows, depth,
                   &minusOne, bb, ld, stride, aa, ld, stride, &one, cc, ld,
                   stride, batch),
          op, kCublasGemmNames[type]);
  };
  switch (type) {
  case LINALGX_CUDA_F32:
    run(cublasSgemmStridedBatched, -1.0f, 1.0f, static_cast<float *>(c),
        static_cast<const float *>(a), static_cast<const float *>(b));
    break;
  case LINALGX_CUDA_F64:
    run(cublasDgemmStridedBatched, -1.0, 1.0, static_cast<double *>(c),
        static_cast<const double *>(a), static_cast<const double *>(b));
    break;
  case LINALGX_CUDA_C32:
    run(cublasCgemmStridedBatched, make_cuComplex(-1, 0), make_cuComplex(1, 0),
        static_cast<cuComplex *>(c), static_cast<const cuComplex *>(a),
        static_cast<const cuComplex *>(b));
    break;
  default:
    run(cublasZgemmStridedBatched, make_cuDoubleComplex(-1, 0),
        make_cuDoubleComplex(1, 0), static_cast<cuDoubleComplex *>(c),
        static_cast<const cuDoubleComplex *>(a),
        static_cast<const cuDoubleComplex *>(b));
    break;
  }
}

/// B := L^-1 B for `batch` row-major blocks (linalgxCudaSolveUnitLower's
/// arguments): cuBLAS sees the column-major transposes at the same leading
/// dimension, B^T and the upper unit triangle L^T, and solves
/// X * L^T = B^T from the right, one cublas<t>trsm a block.
void solveUnitLower(cublasHandle_t handle, int32_t type, const void *l, void *b,
                    int rows, int cols, int64_t ld, int64_t stride,
                    int64_t batch, const char *op) {
  const TrsmShape shape = {CUBLAS_SIDE_RIGHT,
                           CUBLAS_FILL_MODE_UPPER,
                           CUBLAS_OP_N,
                           CUBLAS_DIAG_UNIT,
                           cols,
                           rows,
                           static_cast<int>(ld),
                           static_cast<int>(ld)};
  const int64_t strideBytes = stride * kElementBytes[type];
  for (int64_t t = 0; t < batch; ++t)
    cublasTrsm(handle, type, shape,
               static_cast<const char *>(l) + t * strideBytes,
               static_cast<char *>(b) + t * strideBytes, op);
}

} // namespace

extern "C" LINALGX_CUDA_EXPORT void
linalgxCudaGemmSubtract(int32_t elemType, void *c, const void *a, const void *b,
                        int64_t batch, int64_t rows, int64_t cols,
                        int64_t depth, int64_t ld, int64_t batchStride,
                        int32_t aside) {
  const char *op = "linalgxCudaGemmSubtract";
  checkElementType(elemType, op);
  if (batch < 0 || rows < 0 || cols < 0 || depth < 0)
    reportInvalidArgument(
        op, "negative batch/rows/cols/depth (" + std::to_string(batch) + ", " +
                std::to_string(rows) + ", " + std::to_string(cols) + ", " +
                std::to_string(depth) + ")");
  if (batch > INT_MAX || rows > INT_MAX || cols > INT_MAX || depth > INT_MAX ||
      ld > INT_MAX)
    reportInvalidArgument(op,
                          "batch, rows, cols, depth and ld must fit in int32");
  if (aside != 0 && aside != 1)
    reportInvalidArgument(op, "aside " + std::to_string(aside) +
                                  " is not 0 (the current stream) or 1 (the "
                                  "side stream)");
  if (batch == 0 || rows == 0 || cols == 0 || depth == 0)
    return;
  // The C blocks of a batch must not overlap (the inputs may).
  checkRowMajorBlocks(op, "max(cols, depth)", std::max(cols, depth), "C", rows,
                      cols, ld, batch, batchStride);
  if (!c || !a || !b)
    reportInvalidArgument(op, "c, a or b is null");

  DeviceScope scope(op);
  cudaStream_t stream = currentStream(op);
  LockedResources locked(stream);
  StreamResources &res = locked.res;
  cublasHandle_t handle = blasHandle(res, op);
  cudaStream_t target = stream;
  if (aside) {
    forkAside(res, stream, op);
    handle = res.aside.blas;
    target = res.aside.stream;
  }
  // Put aside, or queued inside an aside region: beside the next panel.
  if ((aside || stream == asideStream()) && asideStreaming())
    markStreamingInL2(
        res.device, target, c,
        ((batch - 1) * batchStride + rowMajorBlockExtent(rows, cols, ld)) *
            kElementBytes[elemType],
        op);
  gemmSubtract(handle, elemType, c, a, b, static_cast<int>(rows),
               static_cast<int>(cols), static_cast<int>(depth), ld, batchStride,
               static_cast<int>(batch), op);
  if (aside)
    markAsidePending(res, op);
}

extern "C" LINALGX_CUDA_EXPORT void
linalgxCudaSolveUnitLower(int32_t elemType, const void *l, void *b,
                          int64_t batch, int64_t rows, int64_t cols, int64_t ld,
                          int64_t batchStride) {
  const char *op = "linalgxCudaSolveUnitLower";
  checkElementType(elemType, op);
  if (batch < 0 || rows < 0 || cols < 0)
    reportInvalidArgument(
        op, "negative batch/rows/cols (" + std::to_string(batch) + ", " +
                std::to_string(rows) + ", " + std::to_string(cols) + ")");
  if (rows > INT_MAX || cols > INT_MAX || ld > INT_MAX)
    reportInvalidArgument(op, "rows, cols and ld must fit in int32");
  if (batch == 0 || rows == 0 || cols == 0)
    return;
  checkRowMajorBlocks(op, "max(rows, cols)", std::max(rows, cols), "B", rows,
                      cols, ld, batch, batchStride);
  if (!l || !b)
    reportInvalidArgument(op, "l or b is null");

  DeviceScope scope(op);
  cudaStream_t stream = currentStream(op);
  LockedResources locked(stream);
  StreamResources &res = locked.res;
  solveUnitLower(blasHandle(res, op), elemType, l, b, static_cast<int>(rows),
                 static_cast<int>(cols), ld, batchStride, batch, op);
}

extern "C" LINALGX_CUDA_EXPORT void linalgxCudaJoinAside(void) {
  const char *op = "linalgxCudaJoinAside";
  DeviceScope scope(op);
  cudaStream_t stream = currentStream(op);
  LockedResources locked(stream);
  StreamResources &res = locked.res;
  if (!res.asidePending)
    return;
  check(cudaStreamWaitEvent(stream, res.aside.done, 0), op,
        "cudaStreamWaitEvent");
  res.asidePending = false;
}

namespace {
/// The stream an open aside region forked from (its side stream's owner).
thread_local cudaStream_t tAsideFrom = nullptr;
} // namespace

extern "C" LINALGX_CUDA_EXPORT void linalgxCudaBeginAside(void) {
  const char *op = "linalgxCudaBeginAside";
  if (asideStream())
    reportInvalidArgument(op, "an aside region is already open on this "
                              "thread (linalgxCudaEndAside closes it)");
  DeviceScope scope(op);
  cudaStream_t stream = currentStream(op);
  LockedResources locked(stream);
  StreamResources &res = locked.res;
  forkAside(res, stream, op);
  tAsideFrom = stream;
  setAsideStream(res.aside.stream);
}

extern "C" LINALGX_CUDA_EXPORT void linalgxCudaEndAside(void) {
  const char *op = "linalgxCudaEndAside";
  if (!asideStream())
    reportInvalidArgument(op, "no aside region is open on this thread "
                              "(linalgxCudaBeginAside opens one)");
  setAsideStream(nullptr);
  DeviceScope scope(op);
  LockedResources locked(tAsideFrom);
  StreamResources &res = locked.res;
  tAsideFrom = nullptr;
  markAsidePending(res, op);
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
    for (Lane &l : res.lanes) {
      if (l.solver)
        check(cusolverDnDestroy(l.solver), op, "cusolverDnDestroy");
      if (l.done)
        check(cudaEventDestroy(l.done), op, "cudaEventDestroy");
      if (l.stream)
        check(cudaStreamDestroy(l.stream), op, "cudaStreamDestroy");
    }
    if (res.forked)
      check(cudaEventDestroy(res.forked), op, "cudaEventDestroy");
    if (res.aside.blas)
      check(cublasDestroy(res.aside.blas), op, "cublasDestroy");
    for (cudaEvent_t event : {res.aside.done, res.asideForked})
      if (event)
        check(cudaEventDestroy(event), op, "cudaEventDestroy");
    if (res.aside.stream)
      check(cudaStreamDestroy(res.aside.stream), op, "cudaStreamDestroy");
  }
  cache.entries.clear();
  for (const PointerKernel &kernel : cache.pointerKernels) {
    DeviceScope scope(op, kernel.device);
    check(driverApi(op).moduleUnload(kernel.module), op, "cuModuleUnload");
  }
  cache.pointerKernels.clear();
  releaseMemoryPools(op);
}
