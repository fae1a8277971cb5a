// A prototype, in CUDA, of a blocked LU for large matrices (n = 512 ... 8192)
// to learn where cuSOLVER's getrf can be beaten before the GPU lowering
// generates it. Two parts:
//
// 1. The pivot chain's floor: the latency of one pivot step's
//    synchronization (a block-wide argmax, and the same across a thread
//    block cluster through distributed shared memory), in a loop of
//    dependent steps. n steps of this are the least any LU of n columns
//    costs, however its updates are done.
//
// 2. A right-looking blocked LU on the row-major matrix, two launches per
//    panel of NB columns:
//      - one block of 1024 threads factors the panel (rows j0..m-1 held in
//        shared memory, the first largest magnitude as pivot), exchanges
//        the pivot rows over the whole matrix (each thread owns a column,
//        so the NB exchanges need no barrier), and solves the NB x (n - j0 -
//        NB) block row of U by forward substitution (thread = column);
//      - cuBLAS ?gemm updates the trailing matrix (rank NB; the transposed
//        equation, a row-major matrix being a column-major transpose; FP64
//        tensor cores for f64, plain FP32 for f32).
//    Checked against cuSOLVER's ?getrf on the same matrix (pivots equal,
//    backward error ||A[perm] - L U||_max / ||A||_max / (n eps)) and timed
//    beside it with CUDA events (median of repeated calls, the input
//    restored between calls outside the timed region), with the time split
//    into panel kernels and GEMMs.
//
// Build: nvcc -O3 -std=c++17 -gencode=arch=compute_90,code=sm_90
//        large_lu_prototype.cu -lcublas -lcusolver -o large_lu_prototype
// Run:   ./large_lu_prototype            (prints one table)
#include "cuda_check.h"

#include <cooperative_groups.h>
#include <cublas_v2.h>
#include <cusolverDn.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <limits>
#include <random>
#include <string>
#include <vector>

namespace cg = cooperative_groups;

#define CHECK_LIB(call)                                                        \
  do {                                                                         \
    int status = static_cast<int>(call);                                       \
    if (status != 0) {                                                         \
      std::fprintf(stderr, "%s:%d: %s failed: status %d\n", __FILE__,          \
                   __LINE__, #call, status);                                   \
      std::exit(1);                                                            \
    }                                                                          \
  } while (0)

constexpr int kThreads = 1024;

//===----------------------------------------------------------------------===//
// Part 1: the latency of a pivot step's synchronization
//===----------------------------------------------------------------------===//

/// A pivot candidate: a magnitude and its row; the larger magnitude wins,
/// the first row among equal ones.
template <typename V> struct Candidate {
  V value;
  int index;
};

template <typename V>
__device__ Candidate<V> better(Candidate<V> a, Candidate<V> b) {
  return (b.value > a.value || (b.value == a.value && b.index < a.index)) ? b
                                                                          : a;
}

template <typename V> __device__ Candidate<V> warpArgmax(Candidate<V> c) {
  for (int offset = 16; offset > 0; offset /= 2) {
    Candidate<V> o{__shfl_xor_sync(~0u, c.value, offset),
                   __shfl_xor_sync(~0u, c.index, offset)};
    c = better(c, o);
  }
  return c;
}

/// One block-wide argmax: warp shuffles, one slot per warp, a barrier, the
/// first warp reduces the slots, a barrier to publish the winner.
__device__ Candidate<float> blockArgmax(Candidate<float> c,
                                        Candidate<float> *slots) {
  int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
  c = warpArgmax(c);
  if (lane == 0)
    slots[warp] = c;
  __syncthreads();
  if (warp == 0) {
    c = lane < blockDim.x / 32 ? slots[lane] : Candidate<float>{-1.f, 1 << 30};
    c = warpArgmax(c);
    if (lane == 0)
      slots[32] = c;
  }
  __syncthreads();
  return slots[32];
}

/// `steps` dependent block-wide argmaxes; each step's input depends on the
/// previous winner, as a pivot search depends on the previous step.
__global__ void blockStepLatency(int steps, int *out) {
  __shared__ Candidate<float> slots[33];
  int seed = threadIdx.x;
  for (int s = 0; s < steps; ++s) {
    Candidate<float> c{static_cast<float>((seed * 7919 + s * 31) % 1021),
                       static_cast<int>(threadIdx.x)};
    Candidate<float> w = blockArgmax(c, slots);
    seed += w.index;
  }
  if (threadIdx.x == 0)
    out[blockIdx.x] = seed;
}

/// The same across a cluster: each block's winner goes to its shared
/// memory, a cluster barrier, every block reads every block's winner
/// through distributed shared memory, and a second barrier lets the slot be
/// reused.
__global__ void clusterStepLatency(int steps, int *out) {
  __shared__ Candidate<float> slots[33];
  __shared__ Candidate<float> published;
  cg::cluster_group cluster = cg::this_cluster();
  int seed = threadIdx.x;
  for (int s = 0; s < steps; ++s) {
    Candidate<float> c{
        static_cast<float>((seed * 7919 + s * 31 + blockIdx.x) % 1021),
        static_cast<int>(threadIdx.x + blockIdx.x * blockDim.x)};
    Candidate<float> w = blockArgmax(c, slots);
    if (threadIdx.x == 0)
      published = w;
    cluster.sync();
    if (threadIdx.x < 32) {
      Candidate<float> o =
          threadIdx.x < cluster.num_blocks()
              ? *cluster.map_shared_rank(&published, threadIdx.x)
              : Candidate<float>{-1.f, 1 << 30};
      o = warpArgmax(o);
      if (threadIdx.x == 0)
        slots[32] = o;
    }
    cluster.sync();
    seed += slots[32].index;
  }
  if (threadIdx.x == 0)
    out[blockIdx.x] = seed;
}

float timeKernel(void (*launch)(), int repeats) {
  cudaEvent_t start, stop;
  CHECK(cudaEventCreate(&start));
  CHECK(cudaEventCreate(&stop));
  launch();
  CHECK(cudaDeviceSynchronize());
  std::vector<float> times;
  for (int r = 0; r < repeats; ++r) {
    CHECK(cudaEventRecord(start));
    launch();
    CHECK(cudaEventRecord(stop));
    CHECK(cudaEventSynchronize(stop));
    float ms;
    CHECK(cudaEventElapsedTime(&ms, start, stop));
    times.push_back(ms);
  }
  std::sort(times.begin(), times.end());
  return times[times.size() / 2];
}

int *gSink;
constexpr int kSteps = 4096;
template <int Threads> void launchBlockSteps() {
  blockStepLatency<<<1, Threads>>>(kSteps, gSink);
  CHECK(cudaGetLastError());
}
template <int Blocks, int Threads> void launchClusterSteps() {
  cudaLaunchConfig_t config = {};
  config.gridDim = Blocks;
  config.blockDim = Threads;
  cudaLaunchAttribute attribute;
  attribute.id = cudaLaunchAttributeClusterDimension;
  attribute.val.clusterDim.x = Blocks;
  attribute.val.clusterDim.y = 1;
  attribute.val.clusterDim.z = 1;
  config.attrs = &attribute;
  config.numAttrs = 1;
  CHECK(cudaLaunchKernelEx(&config, clusterStepLatency, kSteps, gSink));
}

void measureStepLatency() {
  CHECK(cudaMalloc(&gSink, 64 * sizeof(int)));
  CHECK(cudaFuncSetAttribute(
      clusterStepLatency, cudaFuncAttributeNonPortableClusterSizeAllowed, 1));
  struct Row {
    const char *name;
    void (*launch)();
  } rows[] = {{"block of 256", launchBlockSteps<256>},
              {"block of 1024", launchBlockSteps<1024>},
              {"cluster 2 x 1024", launchClusterSteps<2, 1024>},
              {"cluster 4 x 1024", launchClusterSteps<4, 1024>},
              {"cluster 8 x 1024", launchClusterSteps<8, 1024>},
              {"cluster 16 x 512", launchClusterSteps<16, 512>}};
  std::printf("\n## Pivot-step synchronization (%d dependent steps)\n\n",
              kSteps);
  std::printf("| scope | ns a step |\n|---|---|\n");
  for (const Row &row : rows) {
    float ms = timeKernel(row.launch, 20);
    std::printf("| %s | %.0f |\n", row.name, ms * 1e6 / kSteps);
  }
}

//===----------------------------------------------------------------------===//
// Part 2: the blocked LU
//===----------------------------------------------------------------------===//

template <typename T> struct Blas;
template <> struct Blas<double> {
  static constexpr const char *name = "f64";
  static cublasStatus_t gemm(cublasHandle_t h, int m, int n, int k,
                             const double *alpha, const double *a, int lda,
                             const double *b, int ldb, const double *beta,
                             double *c, int ldc) {
    return cublasDgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, m, n, k, alpha, a, lda, b,
                       ldb, beta, c, ldc);
  }
  static cusolverStatus_t getrfBufferSize(cusolverDnHandle_t h, int n,
                                          double *a, int *size) {
    return cusolverDnDgetrf_bufferSize(h, n, n, a, n, size);
  }
  static cusolverStatus_t getrf(cusolverDnHandle_t h, int n, double *a,
                                double *work, int *pivots, int *info) {
    return cusolverDnDgetrf(h, n, n, a, n, work, pivots, info);
  }
};
template <> struct Blas<float> {
  static constexpr const char *name = "f32";
  static cublasStatus_t gemm(cublasHandle_t h, int m, int n, int k,
                             const float *alpha, const float *a, int lda,
                             const float *b, int ldb, const float *beta,
                             float *c, int ldc) {
    return cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, m, n, k, alpha, a, lda, b,
                       ldb, beta, c, ldc);
  }
  static cusolverStatus_t getrfBufferSize(cusolverDnHandle_t h, int n, float *a,
                                          int *size) {
    return cusolverDnSgetrf_bufferSize(h, n, n, a, n, size);
  }
  static cusolverStatus_t getrf(cusolverDnHandle_t h, int n, float *a,
                                float *work, int *pivots, int *info) {
    return cusolverDnSgetrf(h, n, n, a, n, work, pivots, info);
  }
};

/// Panel j0 of the n x n row-major matrix `a`: factor rows j0..n-1 of
/// columns j0..j0+NB-1 in shared memory, exchange the pivot rows across the
/// whole matrix, solve the block row of U right of the panel.
template <typename T, int NB>
__global__ void __launch_bounds__(kThreads, 1)
    panelKernel(T *a, int n, int j0, int *pivots, int *info, bool apply) {
  extern __shared__ unsigned char sharedBytes[];
  // rows x NB, rows padded by one element: at a stride of NB elements a
  // warp's 32 rows would fall in one bank.
  constexpr int S = NB + 1;
  T *panel = reinterpret_cast<T *>(sharedBytes);
  __shared__ Candidate<double> slots[33];
  const int rows = n - j0, tid = threadIdx.x, lane = tid % 32, warp = tid / 32;
  for (int e = tid; e < rows * NB; e += kThreads)
    panel[e / NB * S + e % NB] =
        a[static_cast<int64_t>(j0 + e / NB) * n + j0 + e % NB];
  __syncthreads();
  __shared__ int stepPivots[NB];
  for (int j = 0; j < NB; ++j) {
    Candidate<double> best{-1.0, 1 << 30};
    for (int r = j + tid; r < rows; r += kThreads)
      best = better(best, Candidate<double>{
                              fabs(static_cast<double>(panel[r * S + j])), r});
    best = warpArgmax(best);
    if (lane == 0)
      slots[warp] = best;
    __syncthreads();
    if (warp == 0) {
      best = warpArgmax(slots[lane]);
      if (lane == 0) {
        int p = best.index;
        stepPivots[j] = p;
        pivots[j0 + j] = j0 + p;
        if (panel[p * S + j] == T(0) && *info == 0)
          *info = j0 + j + 1;
      }
    }
    __syncthreads();
    int p = stepPivots[j];
    if (p != j && tid < NB) {
      T x = panel[j * S + tid];
      panel[j * S + tid] = panel[p * S + tid];
      panel[p * S + tid] = x;
    }
    __syncthreads();
    T diagonal = panel[j * S + j];
    if (diagonal != T(0))
      for (int r = j + 1 + tid; r < rows; r += kThreads) {
        T l = panel[r * S + j] / diagonal;
        panel[r * S + j] = l;
#pragma unroll
        for (int c = j + 1; c < NB; ++c)
          panel[r * S + c] -= l * panel[j * S + c];
      }
    // The next step's search reads only rows this thread updated; the
    // barrier inside it orders the rest.
  }
  __syncthreads();
  for (int e = tid; e < rows * NB; e += kThreads)
    a[static_cast<int64_t>(j0 + e / NB) * n + j0 + e % NB] =
        panel[e / NB * S + e % NB];
  if (!apply)
    return;
  // Exchanges outside the panel and the block row of U: thread = column.
  for (int c = tid; c < n; c += kThreads) {
    if (c >= j0 && c < j0 + NB)
      continue;
    for (int j = 0; j < NB; ++j) {
      int p = stepPivots[j];
      if (p != j) {
        T *x = &a[static_cast<int64_t>(j0 + j) * n + c];
        T *y = &a[static_cast<int64_t>(j0 + p) * n + c];
        T t = *x;
        *x = *y;
        *y = t;
      }
    }
    if (c >= j0 + NB) {
      T u[NB];
#pragma unroll
      for (int i = 0; i < NB; ++i) {
        T s = a[static_cast<int64_t>(j0 + i) * n + c];
#pragma unroll
        for (int q = 0; q < i; ++q)
          s -= panel[i * S + q] * u[q];
        u[i] = s;
        a[static_cast<int64_t>(j0 + i) * n + c] = s;
      }
    }
  }
}

/// The exchanges of panel j0 outside its columns and the block row of U,
/// over the whole width: a block of ApplyThreads columns. The NB exchanges
/// in order move at most 2 NB rows; their net effect is worked out once per
/// block, then every thread loads its column of those rows at once (the
/// loads in flight together instead of NB dependent exchanges), stores them
/// permuted, and solves its column of U with L11 from shared memory.
constexpr int kApplyThreads = 128;
template <typename T, int NB>
__global__ void __launch_bounds__(kApplyThreads)
    applyKernel(T *a, int n, int j0, const int *pivots) {
  __shared__ int touched[2 * NB], source[2 * NB], count;
  __shared__ T l11[NB][NB];
  __shared__ T column[2 * NB][kApplyThreads];
  const int tid = threadIdx.x;
  if (tid == 0) {
    // rows[i] holds the row whose contents position touched[i] ends with.
    int rows = 0;
    auto slot = [&](int r) {
      for (int i = 0; i < rows; ++i)
        if (touched[i] == r)
          return i;
      touched[rows] = r, source[rows] = r;
      return rows++;
    };
    for (int j = 0; j < NB && j0 + j < n; ++j) {
      int x = slot(j0 + j), y = slot(pivots[j0 + j]);
      int t = source[x];
      source[x] = source[y];
      source[y] = t;
    }
    count = rows;
  }
  for (int e = tid; e < NB * NB; e += kApplyThreads)
    l11[e / NB][e % NB] =
        a[static_cast<int64_t>(j0 + e / NB) * n + j0 + e % NB];
  __syncthreads();
  int c = blockIdx.x * kApplyThreads + tid;
  if (c >= n || (c >= j0 && c < j0 + NB))
    return;
  for (int i = 0; i < count; ++i)
    column[i][tid] = a[static_cast<int64_t>(source[i]) * n + c];
  for (int i = 0; i < count; ++i)
    a[static_cast<int64_t>(touched[i]) * n + c] = column[i][tid];
  if (c < j0 + NB)
    return;
  T u[NB];
#pragma unroll
  for (int i = 0; i < NB; ++i) {
    T s = a[static_cast<int64_t>(j0 + i) * n + c];
#pragma unroll
    for (int q = 0; q < i; ++q)
      s -= l11[i][q] * u[q];
    u[i] = s;
  }
#pragma unroll
  for (int i = 0; i < NB; ++i)
    a[static_cast<int64_t>(j0 + i) * n + c] = u[i];
}

struct Split {
  float total, panels, gemms;
};

template <typename T, int NB> struct BlockedLu {
  int n;
  bool splitApply = false;
  cudaStream_t stream = nullptr;
  cublasHandle_t blas;
  size_t sharedBytes;

  BlockedLu(int n, cublasHandle_t blas) : n(n), blas(blas) {
    sharedBytes = static_cast<size_t>(n) * (NB + 1) * sizeof(T);
    CHECK(cudaFuncSetAttribute(panelKernel<T, NB>,
                               cudaFuncAttributeMaxDynamicSharedMemorySize,
                               static_cast<int>(sharedBytes)));
  }

  void panel(T *a, int j0, int *pivots, int *info) {
    factorPanel(a, j0, pivots, info);
    applyPanel(a, j0, pivots);
  }

  void factorPanel(T *a, int j0, int *pivots, int *info) {
    size_t bytes = static_cast<size_t>(n - j0) * (NB + 1) * sizeof(T);
    panelKernel<T, NB>
        <<<1, kThreads, bytes, stream>>>(a, n, j0, pivots, info, !splitApply);
    CHECK(cudaGetLastError());
  }

  void applyPanel(T *a, int j0, const int *pivots) {
    if (splitApply) {
      int blocks = (n + kApplyThreads - 1) / kApplyThreads;
      applyKernel<T, NB>
          <<<blocks, kApplyThreads, 0, stream>>>(a, n, j0, pivots);
      CHECK(cudaGetLastError());
    }
  }

  void update(T *a, int j0) {
    int rest = n - j0 - NB;
    if (rest <= 0)
      return;
    const T minusOne = -1, one = 1;
    // A22 -= A21 A12, i.e. A22^T -= A12^T A21^T in cuBLAS's column-major.
    CHECK_LIB(Blas<T>::gemm(blas, rest, rest, NB, &minusOne,
                            a + static_cast<int64_t>(j0) * n + j0 + NB, n,
                            a + static_cast<int64_t>(j0 + NB) * n + j0, n, &one,
                            a + static_cast<int64_t>(j0 + NB) * n + j0 + NB,
                            n));
  }

  void factor(T *a, int *pivots, int *info) {
    CHECK(cudaMemsetAsync(info, 0, sizeof(int), stream));
    for (int j0 = 0; j0 < n; j0 += NB) {
      panel(a, j0, pivots, info);
      update(a, j0);
    }
  }
};

template <typename T>
double backwardError(const std::vector<T> &original, const std::vector<T> &lu,
                     const std::vector<int> &pivots, int n) {
  // A[perm] - L U in double on the host, for every entry.
  std::vector<int> perm(n);
  for (int i = 0; i < n; ++i)
    perm[i] = i;
  for (int i = 0; i < n; ++i)
    std::swap(perm[i], perm[pivots[i]]);
  std::vector<double> l(static_cast<size_t>(n) * n), u(l.size());
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j) {
      double v = lu[static_cast<size_t>(i) * n + j];
      l[static_cast<size_t>(i) * n + j] = i > j ? v : (i == j ? 1.0 : 0.0);
      u[static_cast<size_t>(i) * n + j] = i <= j ? v : 0.0;
    }
  double worst = 0, scale = 0;
  std::vector<double> row(n);
  for (int i = 0; i < n; ++i) {
    std::fill(row.begin(), row.end(), 0.0);
    for (int q = 0; q <= i; ++q) {
      double lv = l[static_cast<size_t>(i) * n + q];
      const double *ur = &u[static_cast<size_t>(q) * n];
      for (int j = q; j < n; ++j)
        row[j] += lv * ur[j];
    }
    for (int j = 0; j < n; ++j) {
      double x = original[static_cast<size_t>(perm[i]) * n + j];
      worst = std::max(worst, std::fabs(x - row[j]));
      scale = std::max(scale, std::fabs(x));
    }
  }
  double eps = std::numeric_limits<T>::epsilon();
  return worst / scale / (n * eps);
}

float median(std::vector<float> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

/// How runCase launches the blocked LU: the apply work inside the panel
/// kernel, in a kernel of its own, or that with the whole factorization
/// captured once as a CUDA graph and replayed (no host launch gaps).
enum class Mode { Fused, Split, SplitGraph };
const char *modeName(Mode mode) {
  return mode == Mode::Fused   ? "fused"
         : mode == Mode::Split ? "split"
                               : "graph";
}

template <typename T, int NB>
void runCase(int n, int repeats, bool check, Mode mode) {
  size_t count = static_cast<size_t>(n) * n;
  std::vector<T> host(count), transposed(count);
  std::mt19937_64 rng(n * 31 + NB);
  std::normal_distribution<double> normal;
  for (T &v : host)
    v = static_cast<T>(normal(rng));
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j)
      transposed[static_cast<size_t>(j) * n + i] =
          host[static_cast<size_t>(i) * n + j];

  T *pristine, *a, *colMajorPristine, *colMajor, *work;
  int *pivots, *info, *vendorPivots, *vendorInfo;
  CHECK(cudaMalloc(&pristine, count * sizeof(T)));
  CHECK(cudaMalloc(&a, count * sizeof(T)));
  CHECK(cudaMalloc(&colMajorPristine, count * sizeof(T)));
  CHECK(cudaMalloc(&colMajor, count * sizeof(T)));
  CHECK(cudaMalloc(&pivots, n * sizeof(int)));
  CHECK(cudaMalloc(&vendorPivots, n * sizeof(int)));
  CHECK(cudaMalloc(&info, sizeof(int)));
  CHECK(cudaMalloc(&vendorInfo, sizeof(int)));
  CHECK(cudaMemcpy(pristine, host.data(), count * sizeof(T),
                   cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(colMajorPristine, transposed.data(), count * sizeof(T),
                   cudaMemcpyHostToDevice));

  cublasHandle_t blas;
  cusolverDnHandle_t solver;
  CHECK_LIB(cublasCreate(&blas));
  CHECK_LIB(cusolverDnCreate(&solver));
  int workSize;
  CHECK_LIB(Blas<T>::getrfBufferSize(solver, n, colMajor, &workSize));
  CHECK(cudaMalloc(&work, static_cast<size_t>(workSize) * sizeof(T)));

  cudaStream_t stream;
  CHECK(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
  CHECK_LIB(cublasSetStream(blas, stream));
  CHECK_LIB(cusolverDnSetStream(solver, stream));
  BlockedLu<T, NB> lu(n, blas);
  lu.stream = stream;
  lu.splitApply = mode != Mode::Fused;
  cudaGraphExec_t graph = nullptr;
  if (mode == Mode::SplitGraph) {
    cudaGraph_t captured;
    CHECK(cudaStreamBeginCapture(stream, cudaStreamCaptureModeGlobal));
    lu.factor(a, pivots, info);
    CHECK(cudaStreamEndCapture(stream, &captured));
    CHECK(cudaGraphInstantiate(&graph, captured, 0));
    CHECK(cudaGraphDestroy(captured));
  }
  auto restore = [&](T *to, const T *from) {
    CHECK(cudaMemcpyAsync(to, from, count * sizeof(T), cudaMemcpyDeviceToDevice,
                          stream));
  };
  cudaEvent_t e0, e1;
  CHECK(cudaEventCreate(&e0));
  CHECK(cudaEventCreate(&e1));
  auto timed = [&](auto body) {
    CHECK(cudaEventRecord(e0, stream));
    body();
    CHECK(cudaEventRecord(e1, stream));
    CHECK(cudaEventSynchronize(e1));
    float ms;
    CHECK(cudaEventElapsedTime(&ms, e0, e1));
    return ms * 1000.f;
  };
  std::vector<float> ours, vendor, panels, applies, gemms;
  for (int r = 0; r < repeats + 2; ++r) {
    restore(a, pristine);
    float t = timed([&] {
      if (graph)
        CHECK(cudaGraphLaunch(graph, stream));
      else
        lu.factor(a, pivots, info);
    });
    restore(colMajor, colMajorPristine);
    float v = timed([&] {
      CHECK_LIB(
          Blas<T>::getrf(solver, n, colMajor, work, vendorPivots, vendorInfo));
    });
    if (r >= 2)
      ours.push_back(t), vendor.push_back(v);
  }
  // The split: the same factorization with each launch timed alone.
  for (int r = 0; r < 3; ++r) {
    restore(a, pristine);
    CHECK(cudaMemsetAsync(info, 0, sizeof(int), stream));
    float p = 0, x = 0, g = 0;
    for (int j0 = 0; j0 < n; j0 += NB) {
      p += timed([&] { lu.factorPanel(a, j0, pivots, info); });
      x += timed([&] { lu.applyPanel(a, j0, pivots); });
      g += timed([&] { lu.update(a, j0); });
    }
    panels.push_back(p), applies.push_back(x), gemms.push_back(g);
  }

  // The checked result is the last whole factorization's.
  restore(a, pristine);
  if (graph)
    CHECK(cudaGraphLaunch(graph, stream));
  else
    lu.factor(a, pivots, info);
  CHECK(cudaStreamSynchronize(stream));
  std::vector<int> ourPivots(n), theirPivots(n);
  CHECK(cudaMemcpy(ourPivots.data(), pivots, n * sizeof(int),
                   cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(theirPivots.data(), vendorPivots, n * sizeof(int),
                   cudaMemcpyDeviceToHost));
  int samePivots = 0;
  for (int i = 0; i < n; ++i)
    samePivots += ourPivots[i] == theirPivots[i] - 1;
  double error = -1;
  if (check) {
    std::vector<T> result(count);
    CHECK(cudaMemcpy(result.data(), a, count * sizeof(T),
                     cudaMemcpyDeviceToHost));
    error = backwardError(host, result, ourPivots, n);
  }
  float tOurs = median(ours), tVendor = median(vendor);
  double flops = 2.0 / 3.0 * n * static_cast<double>(n) * n;
  std::printf("| %d | %s | %d | %s | %.1f | %.1f | %.2f | %.2f | %.1f (%.2f a "
              "step) | %.1f | %.1f | %d/%d | %s |\n",
              n, Blas<T>::name, NB, modeName(mode), tOurs, tVendor,
              tOurs / tVendor, flops / tOurs * 1e-6, median(panels),
              median(panels) / n, median(applies), median(gemms), samePivots, n,
              error < 0 ? "-" : std::to_string(error).c_str());

  cudaFree(pristine), cudaFree(a), cudaFree(colMajorPristine);
  cudaFree(colMajor), cudaFree(work), cudaFree(pivots);
  cudaFree(vendorPivots), cudaFree(info), cudaFree(vendorInfo);
  if (graph)
    cudaGraphExecDestroy(graph);
  cudaStreamDestroy(stream);
  cublasDestroy(blas);
  cusolverDnDestroy(solver);
}

/// The trailing update's building block alone: an n x n rank-k update
/// through cuBLAS, for the panel widths a blocked LU could use.
template <typename T> void measureRankUpdates() {
  std::printf(
      "\n## cuBLAS rank-k update of an n x n %s matrix (us, TFLOP/s)\n\n",
      Blas<T>::name);
  std::printf("| n | k=8 | k=16 | k=32 | k=64 | k=128 | k=256 |\n"
              "|---|---|---|---|---|---|---|\n");
  cublasHandle_t blas;
  CHECK_LIB(cublasCreate(&blas));
  cudaEvent_t e0, e1;
  CHECK(cudaEventCreate(&e0));
  CHECK(cudaEventCreate(&e1));
  for (int n : {1024, 2048, 4096, 8192}) {
    T *c, *a, *b;
    CHECK(cudaMalloc(&c, sizeof(T) * n * n));
    CHECK(cudaMalloc(&a, sizeof(T) * n * 256));
    CHECK(cudaMalloc(&b, sizeof(T) * n * 256));
    CHECK(cudaMemset(c, 0x3f, sizeof(T) * n * n));
    CHECK(cudaMemset(a, 0x3f, sizeof(T) * n * 256));
    CHECK(cudaMemset(b, 0x3f, sizeof(T) * n * 256));
    std::printf("| %d |", n);
    for (int k : {8, 16, 32, 64, 128, 256}) {
      const T minusOne = -1, one = 1;
      std::vector<float> times;
      for (int r = 0; r < 12; ++r) {
        CHECK(cudaEventRecord(e0));
        CHECK_LIB(
            Blas<T>::gemm(blas, n, n, k, &minusOne, a, n, b, k, &one, c, n));
        CHECK(cudaEventRecord(e1));
        CHECK(cudaEventSynchronize(e1));
        float ms;
        CHECK(cudaEventElapsedTime(&ms, e0, e1));
        if (r >= 2)
          times.push_back(ms * 1000.f);
      }
      float us = median(times);
      std::printf(" %.1f (%.1f) |", us, 2.0 * n * n * k / us * 1e-6);
    }
    std::printf("\n");
    cudaFree(c), cudaFree(a), cudaFree(b);
  }
  cublasDestroy(blas);
}

int main(int argc, char **argv) {
  cudaDeviceProp prop;
  CHECK(cudaGetDeviceProperties(&prop, 0));
  std::printf("# %s, %d SMs, %zu KB shared memory a block (opt-in)\n",
              prop.name, prop.multiProcessorCount,
              prop.sharedMemPerBlockOptin / 1024);
  if (argc < 2 || std::string(argv[1]) != "--lu-only") {
    measureStepLatency();
    measureRankUpdates<double>();
    measureRankUpdates<float>();
  }
  std::printf("\n## Blocked LU (one block a panel + cuBLAS gemm) vs "
              "cuSOLVER getrf, CUDA events, median\n\n");
  std::printf(
      "| n | type | NB | launches | blocked us | cuSOLVER us | ratio "
      "| TFLOP/s | panel kernels us | apply kernels us | gemms us | pivots = "
      "| backward error / "
      "(n eps) |\n|---|---|---|---|---|---|---|---|---|---|---|---|---|\n");
  for (Mode mode : {Mode::Fused, Mode::Split}) {
    bool check = mode == Mode::SplitGraph;
    runCase<double, 8>(512, 20, check, mode);
    runCase<double, 16>(512, 20, false, mode);
    runCase<double, 8>(1024, 20, check, mode);
    runCase<double, 16>(1024, 20, check, mode);
    runCase<double, 8>(2048, 10, check, mode);
    runCase<float, 8>(2048, 10, false, mode);
    runCase<float, 16>(2048, 10, check, mode);
    runCase<float, 8>(4096, 5, false, mode);
  }
  return 0;
}
