// A prototype, in CUDA, of a one-warp blocked LU for the issue-4 cases
// ((75,75) and (64,75,75), f64 and f32): what a factorization whose steps
// never leave one warp costs, measured before it goes into the MLIR
// generator (docs/gpu.md: the cyclic kernel's cross-warp hand-off puts a
// ~590-cycle floor under each of its 75 steps, bench/handoff_latency.cu).
//
// One warp factors one matrix held in shared memory (rows never move; the
// row order is an array, which at the end is the permutation), in panels of
// NB columns:
//   - panel: lane l holds rows l, l + 32, ... (R row slots) of the panel's
//     NB columns in registers and runs the panel's NB steps there: the pivot
//     search (64-bit magnitude keys; one redux.sync on the high word, a
//     ballot, and the low word and the first position only on a tie), the
//     pivot row's panel entries by shuffles, the scaling and the in-panel
//     updates; positions tracked in registers;
//   - trailing update, lane = column: for each trailing column the panel's
//     U rows by forward substitution (L11 in registers), then every unused
//     row (a compact list: the row order past the panel) gets the rank-NB
//     update from its L row (broadcast loads) in NB fused multiply-adds.
// Semantics are the dialect's (docs/design.md §2): first largest |a|, a NaN
// chosen only on the diagonal, zero pivots neither scale nor update, info =
// first zero pivot + 1, 0-based pivots, perm with a[perm] = L U.
//
// Prints, per case, the check against a CPU reference (pivots identical,
// backward error ||A[perm] - LU|| / ||A|| / (n eps)) and the kernel's time:
// CUDA events around each launch (median of 200) and clock64 cycles inside
// the kernel (total, panels, trailing updates) for block 0.
//
//   nvcc -O3 -arch=sm_90 -std=c++17 -o one_warp_lu bench/one_warp_lu.cu
//   ./one_warp_lu                (on the GPU machine)
#include <cuda_runtime.h>

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <vector>

#define CHECK(call)                                                          \
  do {                                                                       \
    cudaError_t err = (call);                                                \
    if (err != cudaSuccess) {                                                \
      std::fprintf(stderr, "%s:%d: %s failed: %s\n", __FILE__, __LINE__,     \
                   #call, cudaGetErrorString(err));                          \
      std::exit(1);                                                          \
    }                                                                        \
  } while (0)

constexpr unsigned kFull = 0xffffffffu;

template <typename T> struct Real;
template <> struct Real<double> {
  using Bits = unsigned long long;
  static __device__ Bits bits(double x) { return __double_as_longlong(x); }
  static constexpr Bits kInfBits = 0x7ff0000000000000ull;
  static constexpr double kSafeMin = DBL_MIN;
  static __device__ double reciprocal(double x) { return 1.0 / x; }
};
template <> struct Real<float> {
  using Bits = unsigned;
  static __device__ Bits bits(float x) { return __float_as_uint(x); }
  static constexpr Bits kInfBits = 0x7f800000u;
  static constexpr float kSafeMin = FLT_MIN;
  static __device__ float reciprocal(float x) { return 1.0f / x; }
};

// The pivot key of a candidate: |a|'s bits (non-negative floats order as
// unsigned integers); a NaN is never chosen (key 0) except on the diagonal,
// where the sequential scan keeps it (+Inf, and the first position wins).
template <typename T>
__device__ typename Real<T>::Bits pivotKey(T a, bool diagonal) {
  using R = Real<T>;
  typename R::Bits key = R::bits(std::fabs(a));
  if (key > R::kInfBits)
    key = diagonal ? R::kInfBits : 0;
  return key;
}

struct Clocks {
  long long total, panel, trailing;
};

// The high 32 bits of |x|'s bit pattern (all of them for f32): orders like
// |x| up to ties of the low word, which only the slow search looks at.
__device__ unsigned highKey(double x) {
  return unsigned(uint64_t(__double_as_longlong(x)) >> 32) & 0x7fffffffu;
}
__device__ unsigned highKey(float x) { return __float_as_uint(x) & 0x7fffffffu; }
template <typename T> constexpr unsigned kInfHigh = sizeof(T) == 8 ? 0x7ff00000u : 0x7f800000u;

// 1/x for normal x whose reciprocal is normal: the approximation and Newton
// steps, without rcp.rn's slow-path branch (which ends ptxas's scheduling
// region); other pivots divide.
__device__ double fastReciprocal(double x) {
  double r;
  asm("rcp.approx.ftz.f64 %0, %1;" : "=d"(r) : "d"(x));
  double e = fma(-x, r, 1.0);
  e = fma(e, e, e);
  r = fma(r, e, r);
  e = fma(-x, r, 1.0);
  return fma(r, e, r);
}
__device__ float fastReciprocal(float x) {
  float r;
  asm("rcp.approx.ftz.f32 %0, %1;" : "=f"(r) : "f"(x));
  return fmaf(r, fmaf(-x, r, 1.0f), r);
}
// High words of |pivot| between which the fast reciprocal holds: the
// smallest normal number and 2^(emax - 2) (whose reciprocal is normal).
template <typename T> constexpr unsigned kNormalHigh = sizeof(T) == 8 ? 0x00100000u : 0x00800000u;
template <typename T> constexpr unsigned kReciprocalHigh = sizeof(T) == 8 ? 0x7fd00000u : 0x7e800000u;

// The trailing update of one panel, lane = column (SL column slots from
// `first`): the panel's U rows by forward substitution, then the rank-NB
// update of the unused rows, four at a time, the next four's row numbers
// (a shuffle) and data (loads) in flight while the current four compute.
template <typename T, int M, int N, int NB, int SL, bool SkipZero>
__device__ __forceinline__ void trailingUpdate(T *a, int k0, int first, int steps,
                                               const int (&pivotRow)[NB],
                                               const bool (&zeroStep)[NB],
                                               int listed, int count) {
  constexpr int S = N | 1;
  const int lane = threadIdx.x;
  int col[SL];
  bool valid[SL];
#pragma unroll
  for (int s = 0; s < SL; ++s) {
    int j = first + lane + 32 * s;
    valid[s] = j < N;
    col[s] = valid[s] ? j : first;
  }
  T x[NB][SL];
#pragma unroll
  for (int t = 0; t < NB; ++t) {
    const bool live = t < steps;
    const int prow = pivotRow[t];
    T l11[NB];
#pragma unroll
    for (int s = 0; s < t; ++s)
      l11[s] = a[prow * S + k0 + s];
#pragma unroll
    for (int s = 0; s < SL; ++s) {
      T v = live ? a[prow * S + col[s]] : T(0);
#pragma unroll
      for (int q = 0; q < t; ++q)
        if (!SkipZero || !zeroStep[q])
          v = fma(-l11[q], x[q][s], v);
      x[t][s] = v;
      if (live && valid[s])
        a[prow * S + col[s]] = v;
    }
  }
  if (count <= 0)
    return;
  // Rank-NB update. Row numbers: lane l holds list entries l, l + 32, ...
  auto rowOf = [&](int q) {
    q = q < count ? q : count - 1; // the last group repeats its last row
    return __shfl_sync(kFull, (listed >> (8 * (q >> 5))) & 0xff, q & 31);
  };
  auto load = [&](int q0, int (&row)[4], T (&acc)[4][SL], T (&l)[4][NB]) {
#pragma unroll
    for (int i = 0; i < 4; ++i)
      row[i] = rowOf(q0 + i);
#pragma unroll
    for (int i = 0; i < 4; ++i) {
#pragma unroll
      for (int t = 0; t < NB; ++t)
        l[i][t] = a[row[i] * S + k0 + t];
#pragma unroll
      for (int s = 0; s < SL; ++s)
        acc[i][s] = a[row[i] * S + col[s]];
    }
  };
  auto update = [&](const int (&row)[4], T (&acc)[4][SL], const T (&l)[4][NB]) {
#pragma unroll
    for (int t = 0; t < NB; ++t)
      if (!SkipZero || !zeroStep[t])
#pragma unroll
        for (int i = 0; i < 4; ++i)
#pragma unroll
          for (int s = 0; s < SL; ++s)
            acc[i][s] = fma(-l[i][t], x[t][s], acc[i][s]);
#pragma unroll
    for (int i = 0; i < 4; ++i)
#pragma unroll
      for (int s = 0; s < SL; ++s)
        if (valid[s])
          a[row[i] * S + col[s]] = acc[i][s];
  };
  int rowA[4], rowB[4];
  T accA[4][SL], accB[4][SL], lA[4][NB], lB[4][NB];
  const int groups = (count + 3) / 4;
  load(0, rowA, accA, lA);
  for (int g = 0; g < groups; g += 2) {
    if (g + 1 < groups)
      load(4 * (g + 1), rowB, accB, lB);
    update(rowA, accA, lA);
    if (g + 1 >= groups)
      break;
    if (g + 2 < groups)
      load(4 * (g + 2), rowA, accA, lA);
    update(rowB, accB, lB);
  }
}

template <typename T, int M, int N, int NB, int SL>
__device__ __forceinline__ void trailingDispatch(T *a, int k0, int first, int steps,
                                                 const int (&pivotRow)[NB],
                                                 const bool (&zeroStep)[NB],
                                                 bool anyZero, int listed, int count) {
  if constexpr (SL > 1) {
    if ((N - first + 31) / 32 < SL)
      return trailingDispatch<T, M, N, NB, SL - 1>(a, k0, first, steps, pivotRow,
                                                   zeroStep, anyZero, listed, count);
  }
  if (anyZero)
    trailingUpdate<T, M, N, NB, SL, true>(a, k0, first, steps, pivotRow, zeroStep,
                                          listed, count);
  else
    trailingUpdate<T, M, N, NB, SL, false>(a, k0, first, steps, pivotRow, zeroStep,
                                           listed, count);
}

template <typename T, int M, int N, int NB>
__global__ void __launch_bounds__(32)
    oneWarpLu(const T *__restrict__ in, T *__restrict__ lu,
              int *__restrict__ pivots, int *__restrict__ perm,
              int *__restrict__ info, Clocks *clocks) {
  using R = Real<T>;
  using Bits = typename R::Bits;
  constexpr int K = M < N ? M : N;
  constexpr int Rows = (M + 31) / 32; // row slots a lane
  constexpr int S = N | 1;            // odd row stride: a column hits all banks
  static_assert(M <= 128, "row numbers are packed in bytes");
  extern __shared__ __align__(16) unsigned char smem[];
  T *a = reinterpret_cast<T *>(smem);
  int *order = reinterpret_cast<int *>(a + M * S); // position -> row (at the end)
  const int lane = threadIdx.x;
  const size_t matrix = blockIdx.x;
  const T *src = in + matrix * M * N;
  long long t0 = clock64(), tPanel = 0, tTrailing = 0;

  for (int e = lane; e < M * N; e += 32) {
    int row = e / N, col = e % N;
    unsigned dst = static_cast<unsigned>(__cvta_generic_to_shared(a + row * S + col));
    asm volatile("cp.async.ca.shared.global [%0], [%1], %2;" ::"r"(dst),
                 "l"(src + e), "n"(sizeof(T)));
  }
  asm volatile("cp.async.wait_all;" ::: "memory");
  __syncwarp();

  int position[Rows]; // logical position of this lane's row slot; -1: none
#pragma unroll
  for (int r = 0; r < Rows; ++r)
    position[r] = lane + 32 * r < M ? lane + 32 * r : -1;
  int firstZero = 0;

  for (int k0 = 0; k0 < K; k0 += NB) {
    long long tp = clock64();
    const int steps = K - k0 < NB ? K - k0 : NB;
    T p[Rows][NB];
#pragma unroll
    for (int r = 0; r < Rows; ++r)
#pragma unroll
      for (int c = 0; c < NB; ++c) {
        int row = lane + 32 * r;
        p[r][c] = (row < M && c < steps) ? a[row * S + k0 + c] : T(0);
      }
    int pivotRow[NB];
    bool zeroStep[NB];
    bool anyZero = false;
#pragma unroll
    for (int c = 0; c < NB; ++c) {
      pivotRow[c] = 0;
      zeroStep[c] = false;
      if (c >= steps)
        continue;
      const int k = k0 + c;
      // The search's fast path: the largest high word, held by one row,
      // and the pivot it names normal with a normal reciprocal. Then one
      // uniform branch, not taken, and straight-line code to the next
      // step; ties, zeros, NaN, Inf and extreme pivots take the other.
      bool open[Rows];
      unsigned high[Rows], laneMax = 0;
#pragma unroll
      for (int r = 0; r < Rows; ++r) {
        open[r] = position[r] >= k;
        high[r] = open[r] ? highKey(p[r][c]) : 0u;
        laneMax = max(laneMax, high[r]);
      }
      const unsigned top = __reduce_max_sync(kFull, laneMax);
      unsigned holders = 0;
      int count = 0, slot = 0;
#pragma unroll
      for (int r = Rows - 1; r >= 0; --r) {
        unsigned b = __ballot_sync(kFull, open[r] && high[r] == top);
        count += __popc(b);
        holders |= b;
        slot = b ? r : slot;
      }
      // Applies step k with the pivot in row slot `slot` of lane `from`.
      auto apply = [&](int from, int slot, bool divide) {
        T mine = p[0][c];
        int minePos = position[0];
#pragma unroll
        for (int r = 1; r < Rows; ++r) {
          mine = slot == r ? p[r][c] : mine;
          minePos = slot == r ? position[r] : minePos;
        }
        const T pivot = __shfl_sync(kFull, mine, from);
        const int pivotPos = __shfl_sync(kFull, minePos, from);
        pivotRow[c] = from + 32 * slot;
        T u[NB];
#pragma unroll
        for (int j = c + 1; j < NB; ++j) {
          T v = p[0][j];
#pragma unroll
          for (int r = 1; r < Rows; ++r)
            v = slot == r ? p[r][j] : v;
          u[j] = __shfl_sync(kFull, v, from);
        }
#pragma unroll
        for (int r = 0; r < Rows; ++r) {
          bool pivotHere = lane == from && r == slot;
          position[r] = pivotHere ? k : (position[r] == k ? pivotPos : position[r]);
        }
        if (lane == 0)
          pivots[matrix * K + k] = pivotPos;
        if (pivot == T(0)) {
          zeroStep[c] = true;
          anyZero = true;
          firstZero = firstZero ? firstZero : k + 1;
          return;
        }
        T l[Rows];
        if (divide) {
#pragma unroll
          for (int r = 0; r < Rows; ++r)
            l[r] = p[r][c] / pivot;
        } else {
          const T inverse = fastReciprocal(pivot);
#pragma unroll
          for (int r = 0; r < Rows; ++r)
            l[r] = p[r][c] * inverse;
        }
#pragma unroll
        for (int r = 0; r < Rows; ++r) {
          const bool below = position[r] > k;
          p[r][c] = below ? l[r] : p[r][c];
#pragma unroll
          for (int j = c + 1; j < NB; ++j)
            p[r][j] = below ? fma(-l[r], u[j], p[r][j]) : p[r][j];
        }
      };
      if (__builtin_expect(count == 1 && top >= kNormalHigh<T> &&
                               top < kReciprocalHigh<T>, 1)) {
        apply(__ffs(holders) - 1, slot, false);
      } else {
        // The full search: 64-bit keys (NaN rules), then the first position.
        Bits bestKey = 0;
        int bestPos = 1 << 30, bestSlot = 0;
#pragma unroll
        for (int r = 0; r < Rows; ++r) {
          Bits key = open[r] ? pivotKey(p[r][c], position[r] == k) : Bits(0);
          bool take = open[r] && (key > bestKey || (key == bestKey && position[r] < bestPos));
          bestKey = take ? key : bestKey;
          bestPos = take ? position[r] : bestPos;
          bestSlot = take ? r : bestSlot;
        }
        unsigned hi = sizeof(T) == 8 ? unsigned(uint64_t(bestKey) >> 32) : unsigned(bestKey);
        unsigned topHi = __reduce_max_sync(kFull, hi);
        bool tied = hi == topHi;
        if (sizeof(T) == 8) {
          unsigned lo = tied ? unsigned(uint64_t(bestKey)) : 0u;
          unsigned topLo = __reduce_max_sync(kFull, lo);
          tied = tied && lo == topLo;
        }
        unsigned firstPos = __reduce_min_sync(kFull, tied ? unsigned(bestPos) : ~0u);
        int from = __ffs(__ballot_sync(kFull, tied && unsigned(bestPos) == firstPos)) - 1;
        // Normal pivots with normal reciprocals multiply; others divide.
        apply(from, __shfl_sync(kFull, bestSlot, from),
              !(topHi >= kNormalHigh<T> && topHi < kReciprocalHigh<T>));
      }
    }
#pragma unroll
    for (int r = 0; r < Rows; ++r)
#pragma unroll
      for (int c = 0; c < NB; ++c) {
        int row = lane + 32 * r;
        if (row < M && c < steps)
          a[row * S + k0 + c] = p[r][c];
      }
    // The unused rows, a list packed a byte an entry: lane l holds entries
    // l, l + 32, l + 64, l + 96 (built in shared memory by ballots).
    const int first = k0 + steps;
    int listed = 0, count = 0;
    {
#pragma unroll
      for (int r = 0; r < Rows; ++r) {
        bool unused = position[r] >= first;
        unsigned b = __ballot_sync(kFull, unused);
        int index = count + __popc(b & ((1u << lane) - 1));
        if (unused)
          order[index] = lane + 32 * r; // scratch: the list
        count += __popc(b);
      }
      __syncwarp();
#pragma unroll
      for (int w = 0; w < 4; ++w) {
        int e = lane + 32 * w;
        int v = e < count ? order[e] : 0;
        listed |= v << (8 * w);
      }
      __syncwarp();
    }
    long long tt = clock64();
    tPanel += tt - tp;
    if (first < N)
      trailingDispatch<T, M, N, NB, (N + 31) / 32>(a, k0, first, steps, pivotRow,
                                                  zeroStep, anyZero, listed, count);
    __syncwarp();
    tTrailing += clock64() - tt;
  }

#pragma unroll
  for (int r = 0; r < Rows; ++r)
    if (position[r] >= 0)
      order[position[r]] = lane + 32 * r;
  __syncwarp();
  T *dst = lu + matrix * M * N;
  for (int e = lane; e < M * N; e += 32) {
    int q = e / N, col = e % N;
    dst[e] = a[order[q] * S + col];
  }
  for (int q = lane; q < M; q += 32)
    perm[matrix * M + q] = order[q];
  if (lane == 0)
    info[matrix] = firstZero;
  if (lane == 0 && matrix == 0 && clocks)
    *clocks = {clock64() - t0, tPanel, tTrailing};
}

// The reference: the same contract, sequentially, in double precision
// arithmetic of T.
template <typename T>
void referenceLu(int m, int n, std::vector<T> &a, std::vector<int> &piv,
                 int &info) {
  int k = std::min(m, n);
  info = 0;
  piv.assign(k, 0);
  for (int j = 0; j < k; ++j) {
    int p = j;
    T best = std::fabs(a[j * n + j]);
    for (int i = j + 1; i < m; ++i)
      if (std::fabs(a[i * n + j]) > best) {
        best = std::fabs(a[i * n + j]);
        p = i;
      }
    piv[j] = p;
    for (int c = 0; c < n; ++c)
      std::swap(a[j * n + c], a[p * n + c]);
    T pivot = a[j * n + j];
    if (pivot == T(0)) {
      if (!info)
        info = j + 1;
      continue;
    }
    for (int i = j + 1; i < m; ++i) {
      T l = a[i * n + j] / pivot;
      a[i * n + j] = l;
      for (int c = j + 1; c < n; ++c)
        a[i * n + c] -= l * a[j * n + c];
    }
  }
}

template <typename T, int M, int N, int NB>
void runCase(int batch) {
  constexpr int K = M < N ? M : N;
  const size_t elems = size_t(batch) * M * N;
  std::vector<T> host(elems);
  std::mt19937_64 rng(42 + batch);
  std::uniform_real_distribution<double> dist(-1.0, 1.0);
  for (auto &v : host)
    v = T(dist(rng));
  T *dIn, *dLu;
  int *dPiv, *dPerm, *dInfo;
  Clocks *dClocks;
  CHECK(cudaMalloc(&dIn, elems * sizeof(T)));
  CHECK(cudaMalloc(&dLu, elems * sizeof(T)));
  CHECK(cudaMalloc(&dPiv, size_t(batch) * K * sizeof(int)));
  CHECK(cudaMalloc(&dPerm, size_t(batch) * M * sizeof(int)));
  CHECK(cudaMalloc(&dInfo, batch * sizeof(int)));
  CHECK(cudaMalloc(&dClocks, sizeof(Clocks)));
  CHECK(cudaMemcpy(dIn, host.data(), elems * sizeof(T), cudaMemcpyHostToDevice));
  const size_t shared = size_t(M) * (N | 1) * sizeof(T) + M * sizeof(int);
  auto kernel = oneWarpLu<T, M, N, NB>;
  CHECK(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize,
                             int(shared)));
  kernel<<<batch, 32, shared>>>(dIn, dLu, dPiv, dPerm, dInfo, dClocks);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());

  // Check every matrix against the reference.
  std::vector<T> lu(elems);
  std::vector<int> piv(size_t(batch) * K), perm(size_t(batch) * M), info(batch);
  CHECK(cudaMemcpy(lu.data(), dLu, elems * sizeof(T), cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(piv.data(), dPiv, piv.size() * sizeof(int), cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(perm.data(), dPerm, perm.size() * sizeof(int), cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(info.data(), dInfo, batch * sizeof(int), cudaMemcpyDeviceToHost));
  int pivotMismatches = 0;
  double worst = 0;
  for (int b = 0; b < batch; ++b) {
    std::vector<T> ref(host.begin() + size_t(b) * M * N,
                       host.begin() + size_t(b + 1) * M * N);
    std::vector<int> refPiv;
    int refInfo;
    referenceLu(M, N, ref, refPiv, refInfo);
    for (int k = 0; k < K; ++k)
      pivotMismatches += refPiv[k] != piv[size_t(b) * K + k];
    pivotMismatches += refInfo != info[b];
    // ||A[perm] - L U|| / ||A|| (Frobenius), over n eps.
    const T *A = host.data() + size_t(b) * M * N;
    const T *F = lu.data() + size_t(b) * M * N;
    double num = 0, den = 0;
    for (int i = 0; i < M; ++i)
      for (int j = 0; j < N; ++j) {
        double s = 0;
        for (int t = 0; t <= std::min(i, j) && t < K; ++t)
          s += (t == i ? 1.0 : double(F[i * N + t])) * double(F[t * N + j]);
        double d = double(A[perm[size_t(b) * M + i] * N + j]) - s;
        num += d * d;
        den += double(A[i * N + j]) * A[i * N + j];
      }
    double eps = sizeof(T) == 8 ? DBL_EPSILON : FLT_EPSILON;
    worst = std::max(worst, std::sqrt(num / den) / (std::max(M, N) * eps));
  }

  // Time: each launch between two events, median of 200 after warm-up.
  cudaEvent_t start, stop;
  CHECK(cudaEventCreate(&start));
  CHECK(cudaEventCreate(&stop));
  std::vector<float> ms;
  const int reps = std::getenv("ONE_WARP_REPS") ? std::atoi(std::getenv("ONE_WARP_REPS")) : 220;
  for (int rep = 0; rep < reps; ++rep) {
    CHECK(cudaEventRecord(start));
    kernel<<<batch, 32, shared>>>(dIn, dLu, dPiv, dPerm, dInfo, dClocks);
    CHECK(cudaEventRecord(stop));
    CHECK(cudaEventSynchronize(stop));
    float t;
    CHECK(cudaEventElapsedTime(&t, start, stop));
    if (rep >= reps / 10)
      ms.push_back(t);
  }
  std::sort(ms.begin(), ms.end());
  Clocks clocks;
  CHECK(cudaMemcpy(&clocks, dClocks, sizeof clocks, cudaMemcpyDeviceToHost));
  std::printf("| (%d,%d,%d) %s | %d | %s (%d mismatches) | %.2f | %.1f | %lld | "
              "%lld | %lld |\n",
              batch, M, N, sizeof(T) == 8 ? "f64" : "f32", NB,
              pivotMismatches ? "FAIL" : "ok", pivotMismatches, worst,
              1e3 * ms[ms.size() / 2], clocks.total, clocks.panel,
              clocks.trailing);
  CHECK(cudaFree(dIn));
  CHECK(cudaFree(dLu));
  CHECK(cudaFree(dPiv));
  CHECK(cudaFree(dPerm));
  CHECK(cudaFree(dInfo));
  CHECK(cudaFree(dClocks));
}

int main(int argc, char **argv) {
  std::printf("| case | NB | pivots, info | backward error / (n eps) | events us "
              "| cycles | panel cycles | trailing cycles |\n"
              "|---|---|---|---|---|---|---|---|\n");
  if (argc == 4) {
    // One case (for a profiler): one_warp_lu f64|f32 NB BATCH
    bool f64 = !std::strcmp(argv[1], "f64");
    int nb = std::atoi(argv[2]), batch = std::atoi(argv[3]);
    if (f64 && nb == 4) runCase<double, 75, 75, 4>(batch);
    else if (f64 && nb == 8) runCase<double, 75, 75, 8>(batch);
    else if (!f64 && nb == 8) runCase<float, 75, 75, 8>(batch);
    else if (!f64 && nb == 16) runCase<float, 75, 75, 16>(batch);
    else return std::fprintf(stderr, "no such case\n"), 2;
    return 0;
  }
  for (int batch : {1, 64}) {
    runCase<double, 75, 75, 4>(batch);
    runCase<double, 75, 75, 8>(batch);
    runCase<float, 75, 75, 8>(batch);
    runCase<float, 75, 75, 16>(batch);
  }
  return 0;
}
