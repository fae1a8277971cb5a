// A prototype, in CUDA, of the look-ahead panel LU that the GPU lowering
// generates for small batches of 33 to 80 rows and columns
// (`lu-panel-max-size`, docs/gpu.md), for the issue-4 cases ((75,75) and
// (64,75,75), f64 and f32): measured here first, for panel widths NB and
// warps W, before it went into the MLIR generator. Run 13 in
// docs/benchmarks.md has its history: a single warp doing everything (the
// first commit of this file) spent ~460-500 cycles a step and as many on
// the trailing update; the look-ahead below keeps the steps in one warp
// and gives the trailing update to the others.
//
// A block of W warps factors one matrix held in shared memory (rows never
// move; positions live in the panel warp's registers, the row order in
// shared memory at the end):
//   - warp 0 holds a panel of NB columns in registers (lane l: rows l,
//     l + 32, ...) and runs its NB steps there. A lane first computes its
//     own candidate (largest magnitude high word among its open rows), that
//     row's reciprocal and later panel entries, pinned before the branch in
//     the shadow of one redux.sync; when a single row holds the maximum
//     (two ballots) and the pivot is normal, shuffles from its lane follow
//     with no other branch; ties, zeros, NaN, Inf and extreme pivots take
//     the full search (64-bit keys, then the first position);
//   - it publishes the panel (its columns, pivot rows, zero steps and the
//     list of unused rows) and meets the others at one barrier a panel,
//     then applies the panel to the next one itself (look-ahead: the U
//     block by forward substitution in lanes 0..NB-1, through shared
//     memory, then predicated fused multiply-adds) and factors it;
//   - warps 1..W-1 meanwhile apply the panel to the columns past the next
//     one, lane = column: the panel's U rows (every warp; the first stores
//     them after a named barrier among them), then the rank-NB update of
//     their groups of four unused rows, the next group's data loaded while
//     the current one computes.
// Semantics are the dialect's (docs/design.md, "The contract"): first largest
// |a|, a NaN chosen only on the diagonal, zero pivots neither scale nor update,
// info = first zero pivot + 1, 0-based pivots, perm with a[perm] = L U.
//
// Prints, per case, the check against a CPU reference (pivots identical,
// backward error ||A[perm] - LU|| / ||A|| / (n eps)) and the kernel's time:
// CUDA events around each launch (median of 200) and clock64 cycles of the
// panel warp of block 0 (total, factoring, look-ahead, barrier wait).
//
//   nvcc -O3 -arch=sm_90 -std=c++17 -o one_warp_lu bench/one_warp_lu.cu
//   ./one_warp_lu [CASE BATCH]   (on the GPU machine; CASE: f64-4-4, ...)
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

#include "cuda_check.h"

constexpr unsigned kFull = 0xffffffffu;

template <typename T> struct Real;
template <> struct Real<double> {
  using Bits = unsigned long long;
  static __device__ Bits bits(double x) { return __double_as_longlong(x); }
  static constexpr Bits kInfBits = 0x7ff0000000000000ull;
};
template <> struct Real<float> {
  using Bits = unsigned;
  static __device__ Bits bits(float x) { return __float_as_uint(x); }
  static constexpr Bits kInfBits = 0x7f800000u;
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

// The high 32 bits of |x|'s bit pattern (all of them for f32): orders like
// |x| up to ties of the low word, which only the slow search looks at.
__device__ unsigned highKey(double x) {
  return unsigned(uint64_t(__double_as_longlong(x)) >> 32) & 0x7fffffffu;
}
__device__ unsigned highKey(float x) {
  return __float_as_uint(x) & 0x7fffffffu;
}
template <typename T>
constexpr unsigned kInfHigh = sizeof(T) == 8 ? 0x7ff00000u : 0x7f800000u;

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
// An empty volatile asm that reads and writes `v`: the value is computed
// before this point, which stays where it is in the code.
__device__ __forceinline__ void pin(double &v) { asm volatile("" : "+d"(v)); }
__device__ __forceinline__ void pin(float &v) { asm volatile("" : "+f"(v)); }
__device__ __forceinline__ void pin(int &v) { asm volatile("" : "+r"(v)); }

// High words of |pivot| between which the fast reciprocal holds: the
// smallest normal number and 2^(emax - 2) (whose reciprocal is normal).
template <typename T>
constexpr unsigned kNormalHigh = sizeof(T) == 8 ? 0x00100000u : 0x00800000u;
template <typename T>
constexpr unsigned kReciprocalHigh = sizeof(T) == 8 ? 0x7fd00000u : 0x7e800000u;

// Shared memory of one matrix: the matrix (odd row stride), then the row
// order at the end, and, by panel parity, the list of unused rows after
// the panel, its pivot rows and its zero steps.
template <typename T, int M, int N, int NB> struct Layout {
  static constexpr int S = N | 1;
  static constexpr int kList = (M + 3) / 4 * 4; // whole groups of four
  // Arrays start 16-byte aligned (the list is read as int4).
  static constexpr size_t kMatrixBytes =
      (size_t(M) * S * sizeof(T) + 15) / 16 * 16;
  static constexpr size_t kUBytes = (NB * NB * sizeof(T) + 15) / 16 * 16;
  static constexpr size_t bytes() {
    return kMatrixBytes + kUBytes +
           sizeof(int) * (kList + 2 * kList + 2 * NB + 4);
  }
  T *a;
  T *u; // the panel warp's U block of the next panel (look-ahead)
  int *order, *list, *pivotRows, *meta; // meta[parity]: count, zero bits
  __device__ Layout(unsigned char *smem) {
    a = reinterpret_cast<T *>(smem);
    u = reinterpret_cast<T *>(smem + kMatrixBytes);
    order = reinterpret_cast<int *>(smem + kMatrixBytes + kUBytes);
    list = order + kList;
    pivotRows = list + 2 * kList;
    meta = pivotRows + 2 * NB;
  }
};

struct Clocks {
  long long total, factor, lookahead, wait;
};

// The panel's steps in the panel warp's registers (row slot r of lane l:
// row l + 32 r). A lane computes its own candidate first — the largest
// high word among its open rows, that row's value, reciprocal, position
// and later panel entries — so that after the warp's reduction only
// shuffles from the winner remain; one uniform branch (not taken on
// random data) leaves the fast path for ties, zeros, NaN, Inf and extreme
// pivots.
template <typename T, int M, int NB, int Rows>
__device__ __forceinline__ void
factorPanel(T (&q)[Rows][NB], int k0, int steps, int (&position)[Rows],
            int (&pivotRow)[NB], unsigned &zeroBits, int &firstZero,
            int *pivotsOut) {
  using Bits = typename Real<T>::Bits;
  const int lane = threadIdx.x;
  zeroBits = 0;
#pragma unroll
  for (int c = 0; c < NB; ++c) {
    pivotRow[c] = 0;
    if (c >= steps)
      continue;
    const int k = k0 + c;
    bool open[Rows];
    unsigned high[Rows], laneMax = 0;
#pragma unroll
    for (int r = 0; r < Rows; ++r) {
      open[r] = position[r] >= k;
      high[r] = open[r] ? highKey(q[r][c]) : 0u;
      laneMax = max(laneMax, high[r]);
    }
    int mySlot = 0, holding = 0;
#pragma unroll
    for (int r = Rows - 1; r >= 0; --r) {
      bool holds = open[r] && high[r] == laneMax;
      mySlot = holds ? r : mySlot;
      holding += holds;
    }
    T cand = q[0][c];
    int candPos = position[0];
    T candRow[NB];
#pragma unroll
    for (int j = c + 1; j < NB; ++j)
      candRow[j] = q[0][j];
#pragma unroll
    for (int r = 1; r < Rows; ++r) {
      cand = mySlot == r ? q[r][c] : cand;
      candPos = mySlot == r ? position[r] : candPos;
#pragma unroll
      for (int j = c + 1; j < NB; ++j)
        candRow[j] = mySlot == r ? q[r][j] : candRow[j];
    }
    T candInverse = fastReciprocal(cand);
    // Computed before the branch, in the reduction's shadow: otherwise they
    // sink into the fast path, after the reduction, onto the chain.
    pin(candInverse);
    pin(cand);
    pin(candPos);
#pragma unroll
    for (int j = c + 1; j < NB; ++j)
      pin(candRow[j]);
    const unsigned top = __reduce_max_sync(kFull, laneMax);
    const unsigned holders = __ballot_sync(kFull, laneMax == top);
    const unsigned twice = __ballot_sync(kFull, laneMax == top && holding > 1);
    // The step with the pivot found: `slow` (a literal) keeps the zero and
    // division cases out of the fast path's code.
    auto finish = [&](int from, int pivotSlot, T pivot, int pivotPos, T inverse,
                      const T(&u)[NB], bool slow) {
      pivotRow[c] = from + 32 * pivotSlot;
#pragma unroll
      for (int r = 0; r < Rows; ++r) {
        bool pivotHere = lane == from && r == pivotSlot;
        position[r] =
            pivotHere ? k : (position[r] == k ? pivotPos : position[r]);
      }
      if (lane == 0)
        pivotsOut[k] = pivotPos;
      if (slow && pivot == T(0)) {
        zeroBits |= 1u << c;
        firstZero = firstZero ? firstZero : k + 1;
        return;
      }
      const unsigned magnitude = highKey(pivot);
      const bool divide = slow && !(magnitude >= kNormalHigh<T> &&
                                    magnitude < kReciprocalHigh<T>);
#pragma unroll
      for (int r = 0; r < Rows; ++r) {
        const bool below = open[r] && !(lane == from && r == pivotSlot);
        const T l = divide ? q[r][c] / pivot : q[r][c] * inverse;
        q[r][c] = below ? l : q[r][c];
#pragma unroll
        for (int j = c + 1; j < NB; ++j)
          q[r][j] = below ? fma(-l, u[j], q[r][j]) : q[r][j];
      }
    };
    T u[NB];
    if (__builtin_expect(__popc(holders) == 1 && twice == 0 &&
                             top >= kNormalHigh<T> && top < kReciprocalHigh<T>,
                         1)) {
      const int from = __ffs(holders) - 1;
#pragma unroll
      for (int j = c + 1; j < NB; ++j)
        u[j] = __shfl_sync(kFull, candRow[j], from);
      finish(from, __shfl_sync(kFull, mySlot, from),
             __shfl_sync(kFull, cand, from), __shfl_sync(kFull, candPos, from),
             __shfl_sync(kFull, candInverse, from), u, false);
    } else {
      // The full search: 64-bit keys (NaN rules), then the first position.
      Bits bestKey = 0;
      int bestPos = 1 << 30, bestSlot = 0;
#pragma unroll
      for (int r = 0; r < Rows; ++r) {
        Bits key = open[r] ? pivotKey(q[r][c], position[r] == k) : Bits(0);
        bool take = open[r] && (key > bestKey ||
                                (key == bestKey && position[r] < bestPos));
        bestKey = take ? key : bestKey;
        bestPos = take ? position[r] : bestPos;
        bestSlot = take ? r : bestSlot;
      }
      unsigned hi = sizeof(T) == 8 ? unsigned(uint64_t(bestKey) >> 32)
                                   : unsigned(bestKey);
      unsigned topHi = __reduce_max_sync(kFull, hi);
      bool tied = hi == topHi;
      if (sizeof(T) == 8) {
        unsigned lo = tied ? unsigned(uint64_t(bestKey)) : 0u;
        unsigned topLo = __reduce_max_sync(kFull, lo);
        tied = tied && lo == topLo;
      }
      unsigned firstPos =
          __reduce_min_sync(kFull, tied ? unsigned(bestPos) : ~0u);
      const int from =
          __ffs(__ballot_sync(kFull, tied && unsigned(bestPos) == firstPos)) -
          1;
      const int pivotSlot = __shfl_sync(kFull, bestSlot, from);
      T mine = q[0][c];
#pragma unroll
      for (int r = 1; r < Rows; ++r)
        mine = pivotSlot == r ? q[r][c] : mine;
#pragma unroll
      for (int j = c + 1; j < NB; ++j) {
        T v = q[0][j];
#pragma unroll
        for (int r = 1; r < Rows; ++r)
          v = pivotSlot == r ? q[r][j] : v;
        u[j] = __shfl_sync(kFull, v, from);
      }
      const T pivot = __shfl_sync(kFull, mine, from);
      finish(from, pivotSlot, pivot, __shfl_sync(kFull, bestPos, from),
             fastReciprocal(pivot), u, true);
    }
  }
}

// The panel warp applies the panel just factored (its multipliers still in
// `q`) to the next panel's columns `next` (loaded from shared memory at
// columns n0..): lane c < NB computes column c of the U block (the panel's
// pivot rows) by forward substitution from shared memory, publishes it in
// `ub`, then every row slot takes its rank-NB update, step t applying to
// the rows below it (predicated fused multiply-adds, independent chains).
template <typename T, int N, int NB, int Rows>
__device__ __forceinline__ void
applyPanel(T (&next)[Rows][NB], const T (&q)[Rows][NB], const T *a, T *ub,
           int k0, int n0, int steps, const int (&position)[Rows],
           const int (&pivotRow)[NB], unsigned zeroBits) {
  constexpr int S = N | 1;
  const int lane = threadIdx.x;
  const int c = lane < NB ? lane : 0;
  T x[NB];
#pragma unroll
  for (int t = 0; t < NB; ++t) {
    const int prow = pivotRow[t];
    T v = t < steps ? a[prow * S + n0 + c] : T(0);
#pragma unroll
    for (int s = 0; s < t; ++s)
      if (!((zeroBits >> s) & 1))
        v = fma(-a[prow * S + k0 + s], x[s], v);
    x[t] = v;
  }
  if (lane < NB) {
#pragma unroll
    for (int t = 0; t < NB; ++t)
      ub[t * NB + lane] = x[t];
  }
  __syncwarp();
#pragma unroll
  for (int t = 0; t < NB; ++t) {
    if (t >= steps || ((zeroBits >> t) & 1))
      continue;
    T u[NB];
#pragma unroll
    for (int j = 0; j < NB; ++j)
      u[j] = ub[t * NB + j];
#pragma unroll
    for (int r = 0; r < Rows; ++r) {
      const bool below = position[r] > k0 + t;
#pragma unroll
      for (int j = 0; j < NB; ++j)
        next[r][j] = below ? fma(-q[r][t], u[j], next[r][j]) : next[r][j];
    }
  }
  __syncwarp();
}

// One trailing warp's share of a panel's update of the columns past the
// next panel, lane = column (SL slots from `first`): the panel's U rows by
// forward substitution (every trailing warp computes them; the first
// stores them once all have read), then the rank-NB update of its groups
// of four unused rows, the next group's data in flight while the current
// one computes.
template <typename T, int M, int N, int NB, int W, int SL>
__device__ __forceinline__ void
trailingShare(T *a, int k0, int first, int steps, const int (&pivotRow)[NB],
              unsigned zeroBits, const int *list, int count) {
  constexpr int S = N | 1;
  constexpr int TW = W - 1;
  const int lane = threadIdx.x, tw = threadIdx.y - 1;
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
        if (!((zeroBits >> q) & 1))
          v = fma(-l11[q], x[q][s], v);
      x[t][s] = v;
    }
  }
  if (TW > 1)
    asm volatile("bar.sync 1, %0;" ::"n"(32 * TW) : "memory");
  if (tw == 0) {
#pragma unroll
    for (int t = 0; t < NB; ++t)
#pragma unroll
      for (int s = 0; s < SL; ++s)
        if (t < steps && valid[s])
          a[pivotRow[t] * S + col[s]] = x[t][s];
  }
  // Zero steps neither scale nor update: their multipliers drop out.
#pragma unroll
  for (int t = 0; t < NB; ++t)
#pragma unroll
    for (int s = 0; s < SL; ++s)
      x[t][s] = (t < steps && !((zeroBits >> t) & 1)) ? x[t][s] : T(0);
  const int groups = (count + 3) / 4;
  auto load = [&](int g, int (&row)[4], T(&acc)[4][SL], T(&l)[4][NB]) {
    int4 rows4 = *reinterpret_cast<const int4 *>(list + 4 * g);
    row[0] = rows4.x;
    row[1] = rows4.y;
    row[2] = rows4.z;
    row[3] = rows4.w;
#pragma unroll
    for (int i = 0; i < 4; ++i) {
      const T *rowPtr = a + row[i] * S;
#pragma unroll
      for (int t = 0; t < NB; ++t)
        l[i][t] = rowPtr[k0 + t];
#pragma unroll
      for (int s = 0; s < SL; ++s)
        acc[i][s] = rowPtr[col[s]];
    }
  };
  auto update = [&](const int (&row)[4], T(&acc)[4][SL], const T(&l)[4][NB]) {
#pragma unroll
    for (int t = 0; t < NB; ++t)
#pragma unroll
      for (int i = 0; i < 4; ++i)
#pragma unroll
        for (int s = 0; s < SL; ++s)
          acc[i][s] = fma(-l[i][t], x[t][s], acc[i][s]);
#pragma unroll
    for (int i = 0; i < 4; ++i) {
      T *rowPtr = a + row[i] * S;
#pragma unroll
      for (int s = 0; s < SL; ++s)
        if (valid[s])
          rowPtr[col[s]] = acc[i][s];
    }
  };
  int rowA[4], rowB[4];
  T accA[4][SL], accB[4][SL], lA[4][NB], lB[4][NB];
  int g = tw;
  if (g >= groups)
    return;
  load(g, rowA, accA, lA);
  for (;;) {
    bool more = g + TW < groups;
    if (more)
      load(g + TW, rowB, accB, lB);
    update(rowA, accA, lA);
    if (!more)
      break;
    g += TW;
    more = g + TW < groups;
    if (more)
      load(g + TW, rowA, accA, lA);
    update(rowB, accB, lB);
    if (!more)
      break;
    g += TW;
  }
}

template <typename T, int M, int N, int NB, int W, int SL>
__device__ __forceinline__ void
trailingDispatch(T *a, int k0, int first, int steps, const int (&pivotRow)[NB],
                 unsigned zeroBits, const int *list, int count) {
  if constexpr (SL > 1) {
    if ((N - first + 31) / 32 < SL)
      return trailingDispatch<T, M, N, NB, W, SL - 1>(
          a, k0, first, steps, pivotRow, zeroBits, list, count);
  }
  trailingShare<T, M, N, NB, W, SL>(a, k0, first, steps, pivotRow, zeroBits,
                                    list, count);
}

// One block of W warps a matrix: warp 0 factors the panels of NB columns
// in registers, one panel ahead of the others (look-ahead): after the
// barrier that publishes panel k it applies panel k to panel k + 1 itself
// and factors it, while warps 1..W-1 apply panel k to the columns past
// panel k + 1. One block-wide barrier a panel, none a step.
template <typename T, int M, int N, int NB, int W>
__global__ void __launch_bounds__(32 * W)
    lookaheadLu(const T *__restrict__ in, T *__restrict__ lu,
                int *__restrict__ pivots, int *__restrict__ perm,
                int *__restrict__ info, Clocks *clocks) {
  static_assert(W >= 2, "a panel warp and at least one trailing warp");
  constexpr int K = M < N ? M : N;
  constexpr int Rows = (M + 31) / 32;
  constexpr int S = N | 1;
  constexpr int Panels = (K + NB - 1) / NB;
  using L = Layout<T, M, N, NB>;
  extern __shared__ __align__(16) unsigned char smem[];
  L shared(smem);
  T *a = shared.a;
  const int lane = threadIdx.x, warp = threadIdx.y;
  const int thread = lane + 32 * warp;
  const size_t matrix = blockIdx.x;
  const T *src = in + matrix * M * N;
  long long t0 = clock64(), tFactor = 0, tLook = 0, tWait = 0;

  for (int e = thread; e < M * N; e += 32 * W) {
    int row = e / N, col = e % N;
    unsigned dst =
        static_cast<unsigned>(__cvta_generic_to_shared(a + row * S + col));
    asm volatile("cp.async.ca.shared.global [%0], [%1], %2;" ::"r"(dst),
                 "l"(src + e), "n"(sizeof(T)));
  }
  asm volatile("cp.async.wait_all;" ::: "memory");
  __syncthreads();

  int firstZero = 0;
  if (warp == 0) {
    int position[Rows];
#pragma unroll
    for (int r = 0; r < Rows; ++r)
      position[r] = lane + 32 * r < M ? lane + 32 * r : -1;
    T q[Rows][NB];
    auto loadPanel = [&](T(&panel)[Rows][NB], int k0, int steps) {
#pragma unroll
      for (int r = 0; r < Rows; ++r)
#pragma unroll
        for (int c = 0; c < NB; ++c) {
          int row = lane + 32 * r;
          panel[r][c] = (row < M && c < steps) ? a[row * S + k0 + c] : T(0);
        }
    };
    loadPanel(q, 0, K < NB ? K : NB);
    for (int k = 0; k < Panels; ++k) {
      const int k0 = k * NB, steps = K - k0 < NB ? K - k0 : NB;
      const int parity = k & 1;
      long long c0 = clock64();
      int pivotRow[NB];
      unsigned zeroBits;
      factorPanel<T, M, NB, Rows>(q, k0, steps, position, pivotRow, zeroBits,
                                  firstZero, pivots + matrix * K);
#pragma unroll
      for (int r = 0; r < Rows; ++r)
#pragma unroll
        for (int c = 0; c < NB; ++c) {
          int row = lane + 32 * r;
          if (row < M && c < steps)
            a[row * S + k0 + c] = q[r][c];
        }
      // Publish: pivot rows, zero steps, and the unused rows in groups.
      int *list = shared.list + parity * L::kList;
#pragma unroll
      for (int t = 0; t < NB; ++t)
        if (lane == t)
          shared.pivotRows[parity * NB + t] = pivotRow[t];
      const int first = k0 + steps;
      int count = 0;
#pragma unroll
      for (int r = 0; r < Rows; ++r) {
        bool unused = position[r] >= first;
        unsigned b = __ballot_sync(kFull, unused);
        if (unused)
          list[count + __popc(b & ((1u << lane) - 1))] = lane + 32 * r;
        count += __popc(b);
      }
      // The last group repeats the last row (its duplicates compute the
      // same values from the same data).
      __syncwarp();
      if (count > 0 && lane < (4 - count % 4) % 4)
        list[count + lane] = list[count - 1];
      if (lane == 0) {
        shared.meta[2 * parity] = count;
        shared.meta[2 * parity + 1] = int(zeroBits);
      }
      long long c1 = clock64();
      tFactor += c1 - c0;
      __syncthreads(); // B_k
      long long c2 = clock64();
      tWait += c2 - c1;
      if (k + 1 < Panels) {
        const int n0 = k0 + NB, nsteps = K - n0 < NB ? K - n0 : NB;
        T next[Rows][NB];
        loadPanel(next, n0, nsteps);
        applyPanel<T, N, NB, Rows>(next, q, a, shared.u, k0, n0, steps,
                                   position, pivotRow, zeroBits);
#pragma unroll
        for (int r = 0; r < Rows; ++r)
#pragma unroll
          for (int c = 0; c < NB; ++c)
            q[r][c] = next[r][c];
      }
      tLook += clock64() - c2;
    }
#pragma unroll
    for (int r = 0; r < Rows; ++r)
      if (position[r] >= 0)
        shared.order[position[r]] = lane + 32 * r;
  } else {
    for (int k = 0; k < Panels; ++k) {
      __syncthreads(); // B_k
      const int k0 = k * NB, steps = K - k0 < NB ? K - k0 : NB;
      const int parity = k & 1;
      const int first = k0 + 2 * NB; // past the next panel
      if (first >= N)
        continue;
      int pivotRow[NB];
#pragma unroll
      for (int t = 0; t < NB; ++t)
        pivotRow[t] = shared.pivotRows[parity * NB + t];
      const int count = shared.meta[2 * parity];
      const unsigned zeroBits = unsigned(shared.meta[2 * parity + 1]);
      trailingDispatch<T, M, N, NB, W, (N + 31) / 32>(
          a, k0, first, steps, pivotRow, zeroBits,
          shared.list + parity * L::kList, count);
    }
  }
  __syncthreads();
  T *dst = lu + matrix * M * N;
  for (int e = thread; e < M * N; e += 32 * W) {
    int q = e / N, col = e % N;
    dst[e] = a[shared.order[q] * S + col];
  }
  for (int q = thread; q < M; q += 32 * W)
    perm[matrix * M + q] = shared.order[q];
  if (thread == 0) {
    info[matrix] = firstZero;
    if (matrix == 0 && clocks)
      *clocks = {clock64() - t0, tFactor, tLook, tWait};
  }
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

template <typename T, int M, int N, int NB, int W> void runCase(int batch) {
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
  CHECK(
      cudaMemcpy(dIn, host.data(), elems * sizeof(T), cudaMemcpyHostToDevice));
  const size_t shared = Layout<T, M, N, NB>::bytes();
  auto kernel = lookaheadLu<T, M, N, NB, W>;
  CHECK(cudaFuncSetAttribute(
      kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, int(shared)));
  kernel<<<batch, dim3(32, W), shared>>>(dIn, dLu, dPiv, dPerm, dInfo, dClocks);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());

  // Check every matrix against the reference.
  std::vector<T> lu(elems);
  std::vector<int> piv(size_t(batch) * K), perm(size_t(batch) * M), info(batch);
  CHECK(cudaMemcpy(lu.data(), dLu, elems * sizeof(T), cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(piv.data(), dPiv, piv.size() * sizeof(int),
                   cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(perm.data(), dPerm, perm.size() * sizeof(int),
                   cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(info.data(), dInfo, batch * sizeof(int),
                   cudaMemcpyDeviceToHost));
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
  const int reps = std::getenv("ONE_WARP_REPS")
                       ? std::atoi(std::getenv("ONE_WARP_REPS"))
                       : 220;
  for (int rep = 0; rep < reps; ++rep) {
    CHECK(cudaEventRecord(start));
    kernel<<<batch, dim3(32, W), shared>>>(dIn, dLu, dPiv, dPerm, dInfo,
                                           dClocks);
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
  std::printf(
      "| (%d,%d,%d) %s | %d | %d | %s (%d mismatches) | %.2f | %.1f | %lld | "
      "%lld | %lld | %lld |\n",
      batch, M, N, sizeof(T) == 8 ? "f64" : "f32", NB, W,
      pivotMismatches ? "FAIL" : "ok", pivotMismatches, worst,
      1e3 * ms[ms.size() / 2], clocks.total, clocks.factor, clocks.lookahead,
      clocks.wait);
  CHECK(cudaFree(dIn));
  CHECK(cudaFree(dLu));
  CHECK(cudaFree(dPiv));
  CHECK(cudaFree(dPerm));
  CHECK(cudaFree(dInfo));
  CHECK(cudaFree(dClocks));
}

int main(int argc, char **argv) {
  using Case = void (*)(int);
  const struct {
    const char *name;
    Case run;
  } cases[] = {
      {"f64-2-4", runCase<double, 75, 75, 2, 4>},
      {"f64-3-4", runCase<double, 75, 75, 3, 4>},
      {"f64-4-2", runCase<double, 75, 75, 4, 2>},
      {"f64-4-3", runCase<double, 75, 75, 4, 3>},
      {"f64-4-4", runCase<double, 75, 75, 4, 4>},
      {"f64-5-4", runCase<double, 75, 75, 5, 4>},
      {"f32-3-4", runCase<float, 75, 75, 3, 4>},
      {"f32-4-4", runCase<float, 75, 75, 4, 4>},
  };
  std::printf("| case | NB | warps | pivots, info | backward error / (n eps) | "
              "events us "
              "| cycles | panel warp: factor | look-ahead | barrier wait |\n"
              "|---|---|---|---|---|---|---|---|---|---|\n");
  // one_warp_lu [CASE BATCH]: one case (for a profiler), else all.
  for (const auto &c : cases)
    if (argc == 3 ? !std::strcmp(argv[1], c.name) : true)
      for (int batch : {1, 64})
        if (argc != 3 || batch == std::atoi(argv[2]) ||
            (batch == 1 && std::atoi(argv[2]) > 64))
          c.run(argc == 3 ? std::atoi(argv[2]) : batch);
  return 0;
}
