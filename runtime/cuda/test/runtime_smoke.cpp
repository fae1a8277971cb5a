//===- runtime_smoke.cpp - end-to-end check of liblinalgx_cuda_runtime ----===//
//
// Needs a GPU. Without one it prints the probe message and exits 77 (skip).
// Prints one PASS/FAIL line per check and exits 1 if any check failed (the
// library itself exits 1 with its one-line error if a CUDA call fails).
//
// Covers:
//  * the mgpu* ABI by hand: stream policy, alloc/free (device and host-shared),
//    memset16/32, memcpy, events, host_register of a strided memref, PTX JIT
//    module load + plain and cluster launches;
//  * linalgxCudaGetrf for f32/f64/complex<f32>/complex<f64>, strategies 1
//    (cuSOLVER loop), 2 (cuBLAS batched) and 0 (auto), square and
//    rectangular, with singular matrices, empty problems, the pointer arrays
//    of changing buffers and a caller-set stream;
//  * CUDA graph capture of both vendor strategies (global capture mode, the
//    stream's first call and a warmed stream), replayed on new data;
//  * the per-thread stream override (linalgxCudaSetStream{,Ex}): streams of
//    the test's own CUDA runtime, one thread's override invisible to
//    another, mgpuStreamDestroy leaving the caller's stream alone, and
//    LINALGX_CUDA_STREAM_DEFER_SYNC: on a stream blocked by a host function,
//    alloc, copies, getrf, free and mgpuStreamSynchronize all return without
//    waiting, and the results appear in stream order once it is released;
//  * linalgxCudaGemmSubtract (the blocked LU's trailing update on cuBLAS)
//    for the four types, blocks inside one matrix, against a host loop, on
//    the current stream and split with its larger part on the side stream
//    (linalgxCudaJoinAside), also recorded into a CUDA graph and replayed;
//  * linalgxCudaSolveUnitLower (a block of panels' U rows on cuBLAS) for
//    the four types, L and B inside one matrix, against a host forward
//    substitution;
//  * the multi-stream fan-out of the cuSOLVER path (batches of 6 square and
//    rectangular 300-row/column matrices, more matrices than streams, back
//    to back calls ordered only by the stream, forked from the legacy
//    stream).
//
// Usage: linalgx_cuda_runtime_smoke [--getrf-streams=N] [--only=GROUP,...]
//   --getrf-streams=N sets LINALGX_GETRF_STREAMS (1 = no fan-out) for this
//   run; run it with the default and with --getrf-streams=1.
//   --only=GROUP,... runs those groups of checks alone (kGroups; an unknown
//   name prints the list).
//
// Each factored matrix is checked against a host getf2 with LAPACK's pivot
// rule (first index of the largest |x|, |re|+|im| for complex):
//   ||P*A - L*U||_F / ||A||_F <= 30 * max(m, n) * eps, info equal, and
//   pivots equal.
// Pivot equality needs matrices without near-ties, where rounding differences
// between the GPU's blocked algorithm and getf2 could pick another row. Most
// test matrices are therefore built as A = Pi * L * U with |L(i,j)| <= 0.4
// below a unit diagonal and well-conditioned L and U (see makeMatrix): in
// exact arithmetic partial pivoting recovers Pi, L and U, and at every step
// the pivot beats the other candidates by a factor > 1.7, far beyond
// rounding. Every fourth matrix is plain uniform random;
// for those, pivots are only checked to be in range (and the residual and
// info as usual).
//
//===----------------------------------------------------------------------===//

#include "linalgx/CudaRuntime.h"

#include "TestElements.h"
#include "linalgx/MgpuAbi.h"

#include <cuda_runtime_api.h> // the test's own runtime, as an embedder's

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <complex>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <random>
#include <string>
#include <thread>
#include <type_traits>
#include <utility>
#include <vector>

namespace {

int gFailures = 0;

void report(bool ok, const std::string &what) {
  std::printf("%s: %s\n", ok ? "PASS" : "FAIL", what.c_str());
  std::fflush(stdout);
  if (!ok)
    ++gFailures;
}

using linalgx::cuda::test::Elem;
using linalgx::cuda::test::IsComplex;
using linalgx::cuda::test::pivotAbs;
using linalgx::cuda::test::referenceGetf2;
using linalgx::cuda::test::uniform;
using linalgx::cuda::test::widen;

//===----------------------------------------------------------------------===//
// Test matrices and host reference
//===----------------------------------------------------------------------===//

enum class Kind {
  Structured,         // Pi * L * U, random row permutation
  SingularLastColumn, // same with the last column zero: info = min(m,n)
                      // (square or tall)
  SingularMidColumn,  // identity Pi, column/row j of U zero: info = j + 1
  PlainRandom,        // uniform; pivots only range-checked
};

const char *kindName(Kind kind) {
  switch (kind) {
  case Kind::Structured:
    return "structured";
  case Kind::SingularLastColumn:
    return "singular-last-column";
  case Kind::SingularMidColumn:
    return "singular-mid-column";
  case Kind::PlainRandom:
    return "plain-random";
  }
  return "?";
}

/// Kind of matrix b of a batch: a mix, with the singular ones early so that
/// small batches still contain them.
Kind kindFor(int64_t b, int64_t m, int64_t n) {
  int64_t k = std::min(m, n);
  if (b == 1 && m >= n)
    return Kind::SingularLastColumn;
  if (b == 2 && k >= 3)
    return Kind::SingularMidColumn;
  if (b % 4 == 3)
    return Kind::PlainRandom;
  return Kind::Structured;
}

/// Column-major m x n test matrix of the given kind.
template <typename T>
std::vector<T> makeMatrix(Kind kind, int64_t m, int64_t n,
                          std::mt19937_64 &rng) {
  std::vector<T> a(static_cast<size_t>(m * n));
  if (kind == Kind::PlainRandom) {
    for (T &x : a)
      x = uniform<T>(rng, 1.0);
    return a;
  }
  const int64_t k = std::min(m, n);
  // Off-diagonal parts of L and U are scaled with 1/sqrt(k) so that
  // ||L - I|| and ||U - D|| stay below 1: both factors, and so the leading
  // blocks of A, are then well conditioned, and the factors the GPU computes
  // stay close to L and U (with O(1) entries, random triangular factors get
  // exponentially ill-conditioned and f32 pivots at n = 200 do flip).
  const double scale = std::min(1.0, 1.0 / std::sqrt(double(k)));
  // L: m x k unit lower trapezoidal with small multipliers.
  std::vector<T> l(static_cast<size_t>(m * k), T(0));
  for (int64_t j = 0; j < k; ++j) {
    l[j + j * m] = T(1);
    for (int64_t i = j + 1; i < m; ++i)
      l[i + j * m] = uniform<T>(rng, 0.4 * scale);
  }
  // U: k x n upper trapezoidal with |diagonal| in [1, 2].
  std::vector<T> u(static_cast<size_t>(k * n), T(0));
  std::uniform_real_distribution<double> mag(1.0, 2.0);
  std::bernoulli_distribution sign(0.5);
  for (int64_t j = 0; j < n; ++j)
    for (int64_t i = 0; i <= std::min(j, k - 1); ++i)
      u[i + j * k] = i == j ? T(sign(rng) ? mag(rng) : -mag(rng))
                            : uniform<T>(rng, 0.5 * scale);
  int64_t zeroColumn = -1;
  if (kind == Kind::SingularLastColumn)
    zeroColumn = n - 1;
  if (kind == Kind::SingularMidColumn)
    zeroColumn = k / 2;
  if (zeroColumn >= 0) {
    // A zero column of U gives an exactly zero column of A, hence an exactly
    // zero pivot column at that step. Zeroing U's row too keeps the later
    // steps well separated.
    for (int64_t i = 0; i < k; ++i)
      u[i + zeroColumn * k] = T(0);
    if (zeroColumn < k)
      for (int64_t j = 0; j < n; ++j)
        u[zeroColumn + j * k] = T(0);
  }
  std::vector<int64_t> perm(static_cast<size_t>(m));
  for (int64_t i = 0; i < m; ++i)
    perm[i] = i;
  if (kind != Kind::SingularMidColumn)
    std::shuffle(perm.begin(), perm.end(), rng);
  for (int64_t j = 0; j < n; ++j)
    for (int64_t i = 0; i < m; ++i) {
      T sum(0);
      for (int64_t p = 0; p < k; ++p)
        sum += l[i + p * m] * u[p + j * k];
      a[perm[i] + j * m] = sum;
    }
  return a;
}

/// ||P*A - L*U||_F / ||A||_F with L, U read from the packed factorization.
/// NaN if a pivot is out of range or the factors contain NaN.
template <typename T>
double relativeResidual(const std::vector<T> &a0, const T *lu,
                        const int32_t *pivots, int64_t m, int64_t n) {
  const int64_t k = std::min(m, n);
  std::vector<std::complex<double>> pa(static_cast<size_t>(m * n));
  for (int64_t i = 0; i < m * n; ++i)
    pa[i] = widen(a0[i]);
  for (int64_t j = 0; j < k; ++j) {
    int64_t p = pivots[j] - 1;
    if (p < j || p >= m)
      return std::numeric_limits<double>::quiet_NaN();
    if (p != j)
      for (int64_t c = 0; c < n; ++c)
        std::swap(pa[j + c * m], pa[p + c * m]);
  }
  double diff = 0, norm = 0;
  for (int64_t c = 0; c < n; ++c)
    for (int64_t i = 0; i < m; ++i) {
      std::complex<double> sum = 0;
      for (int64_t p = 0; p <= std::min({i, c, k - 1}); ++p) {
        std::complex<double> lip = p == i ? 1.0 : widen(lu[i + p * m]);
        sum += lip * widen(lu[p + c * m]);
      }
      diff += std::norm(pa[i + c * m] - sum);
      norm += std::norm(pa[i + c * m]);
    }
  return norm == 0 ? std::sqrt(diff) : std::sqrt(diff / norm);
}

/// For a failure message: first pivot and first column where the GPU's
/// packed factors differ from the reference getf2's.
template <typename T>
std::string describeDifference(const std::vector<T> &ref, const T *got,
                               const std::vector<int32_t> &refPiv,
                               const int32_t *gotPiv, int64_t m, int64_t n) {
  std::string text;
  for (size_t j = 0; j < refPiv.size(); ++j)
    if (gotPiv[j] != refPiv[j]) {
      text += "; first pivot difference at " + std::to_string(j);
      break;
    }
  double amax = 0;
  for (const T &x : ref)
    amax = std::max(amax, std::abs(widen(x)));
  for (int64_t c = 0; c < n; ++c)
    for (int64_t i = 0; i < m; ++i)
      if (std::abs(widen(got[i + c * m]) - widen(ref[i + c * m])) >
          1e-3 * amax) {
        return text + "; factors first differ at column " + std::to_string(c) +
               " (row " + std::to_string(i) + ")";
      }
  return text;
}

template <typename T>
void dumpFactors(const std::vector<T> &ref, const T *got,
                 const std::vector<int32_t> &refPiv, const int32_t *gotPiv,
                 int64_t m, int64_t n) {
  auto dump = [&](const char *title, const T *lu, const int32_t *piv) {
    std::printf("  %s (real parts), pivots:", title);
    for (size_t j = 0; j < refPiv.size(); ++j)
      std::printf(" %d", piv[j]);
    std::printf("\n");
    for (int64_t i = 0; i < m; ++i) {
      std::printf("   ");
      for (int64_t c = 0; c < n; ++c)
        std::printf(" %9.5f", widen(lu[i + c * m]).real());
      std::printf("\n");
    }
  };
  dump("reference getf2", ref.data(), refPiv.data());
  dump("GPU", got, gotPiv);
}

//===----------------------------------------------------------------------===//
// Device helpers (through the library's own mgpu* ABI)
//===----------------------------------------------------------------------===//

void *stream() { return mgpuStreamCreate(); } // the current stream

template <typename T> T *deviceAlloc(size_t count) {
  return static_cast<T *>(mgpuMemAlloc(count * sizeof(T), stream(), 0));
}

void toDevice(void *dst, const void *src, size_t bytes) {
  mgpuMemcpy(dst, const_cast<void *>(src), bytes, stream());
}

void toHost(void *dst, const void *src, size_t bytes) {
  mgpuMemcpy(dst, const_cast<void *>(src), bytes, stream());
  mgpuStreamSynchronize(stream());
}

//===----------------------------------------------------------------------===//
// getrf checks
//===----------------------------------------------------------------------===//

/// The auto rule's cut-off, honouring the same override as the library.
int64_t batchedMaxN() {
  const char *text = std::getenv("LINALGX_GETRF_BATCHED_MAX_N");
  return text && *text ? std::atoll(text) : 128;
}

/// `batch` fresh column-major test matrices (kinds from kindFor), packed.
template <typename T>
std::vector<T> makeBatch(int64_t batch, int64_t m, int64_t n,
                         std::mt19937_64 &rng) {
  const size_t mn = static_cast<size_t>(m * n);
  std::vector<T> host(static_cast<size_t>(batch) * mn);
  for (int64_t b = 0; b < batch; ++b) {
    std::vector<T> a = makeMatrix<T>(kindFor(b, m, n), m, n, rng);
    std::copy(a.begin(), a.end(), host.begin() + b * mn);
  }
  return host;
}

/// Poisons pivots and info so that "not written" cannot pass.
void poisonOutputs(int32_t *dPiv, int32_t *dInfo, int64_t batch, int64_t k) {
  mgpuMemset32(dPiv, 0x7f7f7f7f, static_cast<size_t>(batch * k), stream());
  mgpuMemset32(dInfo, 0x7f7f7f7f, static_cast<size_t>(batch), stream());
}

template <typename T>
bool checkFactors(const std::vector<T> &host, const T *dA, const int32_t *dPiv,
                  const int32_t *dInfo, int64_t batch, int64_t m, int64_t n,
                  int32_t strategy, const std::string &label);

/// Factors `batch` fresh test matrices in device buffer `dA` (already big
/// enough) and checks every result. Returns false on any mismatch.
template <typename T>
bool factorAndCheck(T *dA, int32_t *dPiv, int32_t *dInfo, int64_t batch,
                    int64_t m, int64_t n, int32_t strategy,
                    std::mt19937_64 &rng, const std::string &label) {
  std::vector<T> host = makeBatch<T>(batch, m, n, rng);
  toDevice(dA, host.data(), host.size() * sizeof(T));
  poisonOutputs(dPiv, dInfo, batch, std::min(m, n));
  linalgxCudaGetrf(Elem<T>::code, dA, dPiv, dInfo, batch, m, n, strategy);
  return checkFactors(host, dA, dPiv, dInfo, batch, m, n, strategy, label);
}

/// Downloads the factors, pivots and info of `batch` matrices factored from
/// `host` (waiting for the current stream) and checks each against the host
/// getf2. Returns false on any mismatch.
template <typename T>
bool checkFactors(const std::vector<T> &host, const T *dA, const int32_t *dPiv,
                  const int32_t *dInfo, int64_t batch, int64_t m, int64_t n,
                  int32_t strategy, const std::string &label) {
  const int64_t k = std::min(m, n);
  const size_t mn = static_cast<size_t>(m * n);
  std::vector<T> lu(host.size());
  std::vector<int32_t> piv(static_cast<size_t>(batch * k)),
      info(static_cast<size_t>(batch));
  toHost(lu.data(), dA, lu.size() * sizeof(T));
  toHost(piv.data(), dPiv, piv.size() * sizeof(int32_t));
  toHost(info.data(), dInfo, info.size() * sizeof(int32_t));

  const double eps = std::numeric_limits<typename Elem<T>::Real>::epsilon();
  const double tol = 30.0 * double(std::max(m, n)) * eps;
  double worst = 0;
  std::string problem;
  // Which implementation runs (mirrors linalgxCudaGetrf's auto rule).
  const bool batchedPath =
      strategy == LINALGX_CUDA_GETRF_CUBLAS_BATCHED ||
      (strategy == LINALGX_CUDA_GETRF_AUTO && !IsComplex<T>::value &&
       batch > 1 && m == n && n <= batchedMaxN());
  int partialChecks = 0;
  for (int64_t b = 0; b < batch && problem.empty(); ++b) {
    Kind kind = kindFor(b, m, n);
    std::vector<T> a0(host.begin() + b * mn, host.begin() + (b + 1) * mn);
    std::vector<T> ref = a0;
    std::vector<int32_t> refPiv;
    int32_t refInfo = 0;
    referenceGetf2(ref, m, n, refPiv, refInfo);
    const T *got = lu.data() + b * mn;
    const int32_t *gotPiv = piv.data() + b * k;
    std::string where =
        "matrix " + std::to_string(b) + " (" + kindName(kind) + ")";
    for (int64_t j = 0; j < k && problem.empty(); ++j)
      if (gotPiv[j] < j + 1 || gotPiv[j] > m)
        problem = where + ": pivot " + std::to_string(j) + " = " +
                  std::to_string(gotPiv[j]) + " out of range";
    if (problem.empty() && info[b] != refInfo)
      problem = where + ": info " + std::to_string(info[b]) + ", expected " +
                std::to_string(refInfo);
    if (!problem.empty())
      break;

    // cuBLAS getrfBatched, unlike LAPACK and cuSOLVER, does not finish the
    // factorization correctly after an exactly zero pivot (README.md,
    // "getrf"): there only info, the pivots up to the zero pivot and the
    // factors' leading info columns of L / rows of U are checked.
    const int64_t lead = refInfo;
    if (batchedPath && refInfo > 0 && refInfo < k) {
      ++partialChecks;
      double amax = 0;
      for (const T &x : ref)
        amax = std::max(amax, std::abs(widen(x)));
      const double bound = 10 * tol * amax;
      for (int64_t j = 0; j < lead && problem.empty(); ++j)
        if (gotPiv[j] != refPiv[j])
          problem = where + ": pivot " + std::to_string(j) + " = " +
                    std::to_string(gotPiv[j]) + ", expected " +
                    std::to_string(refPiv[j]);
      for (int64_t c = 0; c < n && problem.empty(); ++c)
        for (int64_t i = 0; i < m && problem.empty(); ++i) {
          bool leadingL = c < lead && i > c;
          bool leadingU = i < lead && i <= c;
          if ((leadingL || leadingU) &&
              !(std::abs(widen(got[i + c * m]) - widen(ref[i + c * m])) <=
                bound))
            problem = where + ": leading factors differ at (" +
                      std::to_string(i) + ", " + std::to_string(c) + ")";
        }
      continue;
    }

    double res = relativeResidual(a0, got, gotPiv, m, n);
    worst = std::max(worst, std::isnan(res) ? 1e300 : res);
    if (!(res <= tol)) {
      problem = where + ": residual " + std::to_string(res) + " > " +
                std::to_string(tol) + "; info " + std::to_string(info[b]) +
                describeDifference(ref, got, refPiv, gotPiv, m, n);
      if (m * n <= 64)
        dumpFactors(ref, got, refPiv, gotPiv, m, n);
    } else if (kind != Kind::PlainRandom) {
      for (int64_t j = 0; j < k && problem.empty(); ++j)
        if (gotPiv[j] != refPiv[j])
          problem = where + ": pivot " + std::to_string(j) + " = " +
                    std::to_string(gotPiv[j]) + ", expected " +
                    std::to_string(refPiv[j]);
    }
  }
  char summary[200];
  std::snprintf(summary, sizeof(summary), " (worst residual %.2e, tol %.2e%s)",
                worst, tol,
                partialChecks ? "; singular: leading part only" : "");
  report(problem.empty(), label + (problem.empty() ? summary : ": " + problem));
  return problem.empty();
}

template <typename T>
void testGetrf(int32_t strategy, int64_t batch, int64_t m, int64_t n,
               std::mt19937_64 &rng) {
  const int64_t k = std::min(m, n);
  T *dA = deviceAlloc<T>(static_cast<size_t>(batch * m * n));
  int32_t *dPiv = deviceAlloc<int32_t>(static_cast<size_t>(batch * k));
  int32_t *dInfo = deviceAlloc<int32_t>(static_cast<size_t>(batch));
  std::string label = std::string("getrf ") + Elem<T>::name + " strategy " +
                      std::to_string(strategy) + " batch " +
                      std::to_string(batch) + " " + std::to_string(m) + "x" +
                      std::to_string(n);
  factorAndCheck(dA, dPiv, dInfo, batch, m, n, strategy, rng, label);
  mgpuMemFree(dA, stream());
  mgpuMemFree(dPiv, stream());
  mgpuMemFree(dInfo, stream());
}

template <typename T> void testAllGetrfShapes(std::mt19937_64 &rng) {
  // strategy 1: cuSOLVER loop, any shape
  testGetrf<T>(1, 1, 1, 1, rng);
  testGetrf<T>(1, 3, 8, 8, rng);
  testGetrf<T>(1, 4, 40, 25, rng);
  testGetrf<T>(1, 4, 25, 40, rng);
  testGetrf<T>(1, 3, 200, 200, rng);
  // strategy 2: cuBLAS batched, square
  testGetrf<T>(2, 1, 16, 16, rng);
  testGetrf<T>(2, 5, 8, 8, rng);
  testGetrf<T>(2, 17, 32, 32, rng);
  testGetrf<T>(2, 3, 130, 130, rng); // beyond the auto cut-off
  // strategy 0: auto
  testGetrf<T>(0, 6, 64, 64, rng);   // -> batched
  testGetrf<T>(0, 3, 200, 200, rng); // -> cuSOLVER (n > 128)
  testGetrf<T>(0, 1, 50, 50, rng);   // -> cuSOLVER (batch 1)
  testGetrf<T>(0, 4, 30, 20, rng);   // -> cuSOLVER (not square)
}

/// The cuSOLVER fan-out: strategy 1 (and auto on the cuSOLVER side) with
/// batch > 1 runs matrix b on lane b % S, lane 0 being the current stream
/// and lanes 1..S-1 library streams forked from and joined into it
/// (README.md, "Multi-stream fan-out"). Run the whole test with the default
/// pool and with --getrf-streams=1 (everything on the current stream).
template <typename T> void testGetrfFanOut(std::mt19937_64 &rng) {
  testGetrf<T>(1, 19, 24, 24, rng);  // more matrices than lanes: wrap-around
  testGetrf<T>(1, 6, 300, 300, rng); // lanes' workspaces grow
  testGetrf<T>(1, 6, 300, 170, rng); // tall
  testGetrf<T>(1, 6, 170, 300, rng); // wide
  testGetrf<T>(0, 6, 300, 300, rng); // auto -> cuSOLVER (n > 128)
}

/// Ordering of the fan-out against the current stream, with no host
/// synchronization between the steps: upload batch 1, factor it, copy the
/// factors device-to-device, upload batch 2 into the same buffer, factor it.
/// The copy must see all of call 1's lanes finished (join), and call 2's
/// lanes must see the second upload and not the factors of call 1 (fork).
template <typename T> void testGetrfFanOutOrdering(std::mt19937_64 &rng) {
  const int64_t batch = 7, m = 256, n = 256, k = 256;
  const size_t count = static_cast<size_t>(batch * m * n);
  std::vector<T> first = makeBatch<T>(batch, m, n, rng);
  std::vector<T> second = makeBatch<T>(batch, m, n, rng);
  T *dA = deviceAlloc<T>(count);
  T *dCopy = deviceAlloc<T>(count);
  int32_t *dPiv1 = deviceAlloc<int32_t>(static_cast<size_t>(batch * k));
  int32_t *dPiv2 = deviceAlloc<int32_t>(static_cast<size_t>(batch * k));
  int32_t *dInfo1 = deviceAlloc<int32_t>(static_cast<size_t>(batch));
  int32_t *dInfo2 = deviceAlloc<int32_t>(static_cast<size_t>(batch));
  poisonOutputs(dPiv1, dInfo1, batch, k);
  poisonOutputs(dPiv2, dInfo2, batch, k);
  toDevice(dA, first.data(), count * sizeof(T));
  linalgxCudaGetrf(Elem<T>::code, dA, dPiv1, dInfo1, batch, m, n,
                   LINALGX_CUDA_GETRF_CUSOLVER_LOOP);
  mgpuMemcpy(dCopy, dA, count * sizeof(T), stream());
  toDevice(dA, second.data(), count * sizeof(T));
  linalgxCudaGetrf(Elem<T>::code, dA, dPiv2, dInfo2, batch, m, n,
                   LINALGX_CUDA_GETRF_CUSOLVER_LOOP);
  const std::string label = std::string("getrf ") + Elem<T>::name +
                            " strategy 1 batch 7 256x256 back to back, ";
  checkFactors(first, dCopy, dPiv1, dInfo1, batch, m, n,
               LINALGX_CUDA_GETRF_CUSOLVER_LOOP,
               label + "call 1 (copied on the stream after the call)");
  checkFactors(second, dA, dPiv2, dInfo2, batch, m, n,
               LINALGX_CUDA_GETRF_CUSOLVER_LOOP,
               label + "call 2 (uploaded on the stream before the call)");
  for (void *p : {static_cast<void *>(dA), static_cast<void *>(dCopy),
                  static_cast<void *>(dPiv1), static_cast<void *>(dPiv2),
                  static_cast<void *>(dInfo1), static_cast<void *>(dInfo2)})
    mgpuMemFree(p, stream());
}

/// The pivot magnitude for complex numbers. LAPACK (i?amax) compares
/// |re| + |im|; cuSOLVER getrf does too, cuBLAS getrfBatched compares the
/// modulus |z| (observed with CUDA 13.0; README.md, "getrf"). Column 0 is
/// [1, 0.6+0.6i, 0, ...]: |re|+|im| picks row 2 (1.2 > 1), |z| picks row 1
/// (0.85 < 1). A change of either library's behaviour fails here, so the
/// documentation gets updated.
template <typename T> void testComplexPivotRule() {
  const int64_t n = 4, batch = 2;
  std::vector<T> host(static_cast<size_t>(batch * n * n), T(0));
  for (int64_t b = 0; b < batch; ++b) {
    T *a = host.data() + b * n * n;
    for (int64_t i = 0; i < n; ++i)
      a[i + i * n] = T(3);
    a[0] = T(1);
    a[1] = T(0.6, 0.6);
    a[0 + 1 * n] = T(0.5);
  }
  T *dA = deviceAlloc<T>(host.size());
  int32_t *dPiv = deviceAlloc<int32_t>(static_cast<size_t>(batch * n));
  int32_t *dInfo = deviceAlloc<int32_t>(static_cast<size_t>(batch));
  for (int32_t strategy :
       {LINALGX_CUDA_GETRF_CUSOLVER_LOOP, LINALGX_CUDA_GETRF_CUBLAS_BATCHED}) {
    toDevice(dA, host.data(), host.size() * sizeof(T));
    linalgxCudaGetrf(Elem<T>::code, dA, dPiv, dInfo, batch, n, n, strategy);
    std::vector<T> lu(host.size());
    std::vector<int32_t> piv(static_cast<size_t>(batch * n));
    toHost(lu.data(), dA, lu.size() * sizeof(T));
    toHost(piv.data(), dPiv, piv.size() * sizeof(int32_t));
    const int32_t expected = strategy == LINALGX_CUDA_GETRF_CUSOLVER_LOOP
                                 ? 2  // LAPACK: |re| + |im|
                                 : 1; // cuBLAS batched: |z|
    bool ok = true;
    for (int64_t b = 0; b < batch; ++b) {
      std::vector<T> a0(host.begin() + b * n * n,
                        host.begin() + (b + 1) * n * n);
      ok &= piv[b * n] == expected;
      ok &= relativeResidual(a0, lu.data() + b * n * n, piv.data() + b * n, n,
                             n) <= 1e-5;
    }
    report(ok, std::string("getrf ") + Elem<T>::name + " strategy " +
                   std::to_string(strategy) + " complex pivot rule: " +
                   (expected == 2 ? "|re|+|im| (LAPACK)"
                                  : "|z| (cuBLAS, not LAPACK)") +
                   ", first pivot " + std::to_string(piv[0]));
  }
  mgpuMemFree(dA, stream());
  mgpuMemFree(dPiv, stream());
  mgpuMemFree(dInfo, stream());
}

/// Empty problems: return at once, info zeroed when batch > 0.
void testEmptyGetrf() {
  int32_t *dInfo = deviceAlloc<int32_t>(3);
  for (auto [m, n] : {std::pair<int64_t, int64_t>{0, 5}, {5, 0}, {0, 0}}) {
    mgpuMemset32(dInfo, 0x7f7f7f7f, 3, stream());
    // No matrix, no pivots: a and pivots may be null.
    linalgxCudaGetrf(LINALGX_CUDA_F64, nullptr, nullptr, dInfo, 3, m, n, 0);
    int32_t info[3];
    toHost(info, dInfo, sizeof(info));
    report(info[0] == 0 && info[1] == 0 && info[2] == 0,
           "getrf empty " + std::to_string(m) + "x" + std::to_string(n) +
               " zeroes info");
  }
  linalgxCudaGetrf(LINALGX_CUDA_F32, nullptr, nullptr, nullptr, 0, 4, 4, 0);
  report(true, "getrf batch 0 returns without touching anything");
  mgpuMemFree(dInfo, stream());
}

/// Strategy 2's pointer arrays, written on the device for every call:
/// buffers that change from call to call, and a batch that spans several
/// blocks of the pointer kernel.
void testPointerArrays(std::mt19937_64 &rng) {
  const int64_t n = 8, maxBatch = 600; // > one 256-thread block
  const int buffers = 10;
  std::vector<double *> a(buffers);
  for (double *&p : a)
    p = deviceAlloc<double>(static_cast<size_t>(maxBatch * n * n));
  int32_t *dPiv = deviceAlloc<int32_t>(static_cast<size_t>(maxBatch * n));
  int32_t *dInfo = deviceAlloc<int32_t>(static_cast<size_t>(maxBatch));
  bool ok = true;
  for (int round = 0; round < 2; ++round)
    for (int i = 0; i < buffers; ++i)
      ok &= factorAndCheck(a[i], dPiv, dInfo, 4, n, n, 2, rng,
                           "pointer array round " + std::to_string(round) +
                               " buffer " + std::to_string(i));
  ok &= factorAndCheck(a[0], dPiv, dInfo, maxBatch, n, n, 2, rng,
                       "pointer array of batch 600");
  report(ok, "getrf pointer arrays (changing buffers, several blocks)");
  for (double *p : a)
    mgpuMemFree(p, stream());
  mgpuMemFree(dPiv, stream());
  mgpuMemFree(dInfo, stream());
}

/// Aborts the test on a failed call of the test's own CUDA runtime.
void checkRuntime(cudaError_t err, const char *what) {
  if (err != cudaSuccess) {
    std::printf("FAIL: %s: %s\n", what, cudaGetErrorString(err));
    std::exit(1);
  }
}

/// linalgxCudaGetrf recorded into a CUDA graph, as PyTorch's and XLA's
/// graph capture do (global capture mode, deferred synchronization), then
/// replayed twice on new matrices in the same buffers. Each replay is
/// checked like a direct call. The first capture is the stream's first call
/// (the library creates its handles and streams then); the second captures
/// the warmed stream again. Global mode rejects cudaMalloc, host
/// synchronization and pinned staging inside the capture, so a capture that
/// succeeds shows the call does none of them.
template <typename T>
void testGraphCapture(int32_t strategy, int64_t batch, int64_t n,
                      std::mt19937_64 &rng) {
  const int64_t count = batch * n * n;
  T *dA = nullptr;
  int32_t *dPiv = nullptr, *dInfo = nullptr;
  checkRuntime(cudaMalloc(reinterpret_cast<void **>(&dA), count * sizeof(T)),
               "cudaMalloc");
  checkRuntime(
      cudaMalloc(reinterpret_cast<void **>(&dPiv), batch * n * sizeof(int32_t)),
      "cudaMalloc");
  checkRuntime(
      cudaMalloc(reinterpret_cast<void **>(&dInfo), batch * sizeof(int32_t)),
      "cudaMalloc");
  cudaStream_t s = nullptr;
  checkRuntime(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking),
               "cudaStreamCreate");
  for (const char *when : {"first call", "warmed stream"}) {
    std::string label = std::string("graph capture (") + when + ") " +
                        Elem<T>::name + " strategy " +
                        std::to_string(strategy) + " batch " +
                        std::to_string(batch) + " " + std::to_string(n) + "x" +
                        std::to_string(n);
    cudaGraph_t graph = nullptr;
    cudaGraphExec_t exec = nullptr;
    linalgxCudaSetStreamEx(s, LINALGX_CUDA_STREAM_DEFER_SYNC);
    checkRuntime(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal),
                 "cudaStreamBeginCapture");
    linalgxCudaGetrf(Elem<T>::code, dA, dPiv, dInfo, batch, n, n, strategy);
    checkRuntime(cudaStreamEndCapture(s, &graph), "cudaStreamEndCapture");
    linalgxCudaResetStream();
    checkRuntime(cudaGraphInstantiate(&exec, graph, 0), "cudaGraphInstantiate");
    bool ok = true;
    for (int replay = 0; replay < 2; ++replay) {
      std::vector<T> host = makeBatch<T>(batch, n, n, rng);
      checkRuntime(cudaMemcpyAsync(dA, host.data(), count * sizeof(T),
                                   cudaMemcpyHostToDevice, s),
                   "cudaMemcpyAsync");
      checkRuntime(cudaMemsetAsync(dPiv, 0x7f, batch * n * sizeof(int32_t), s),
                   "cudaMemsetAsync");
      checkRuntime(cudaMemsetAsync(dInfo, 0x7f, batch * sizeof(int32_t), s),
                   "cudaMemsetAsync");
      checkRuntime(cudaGraphLaunch(exec, s), "cudaGraphLaunch");
      checkRuntime(cudaStreamSynchronize(s), "cudaStreamSynchronize");
      ok &= checkFactors(host, dA, dPiv, dInfo, batch, n, n, strategy,
                         label + " replay " + std::to_string(replay));
    }
    report(ok, label);
    checkRuntime(cudaGraphExecDestroy(exec), "cudaGraphExecDestroy");
    checkRuntime(cudaGraphDestroy(graph), "cudaGraphDestroy");
  }
  checkRuntime(cudaStreamDestroy(s), "cudaStreamDestroy");
  checkRuntime(cudaFree(dA), "cudaFree");
  checkRuntime(cudaFree(dPiv), "cudaFree");
  checkRuntime(cudaFree(dInfo), "cudaFree");
}

/// Both vendor strategies, every type, a small and a large shape.
template <typename T> void testGraphCaptures(std::mt19937_64 &rng) {
  testGraphCapture<T>(LINALGX_CUDA_GETRF_CUSOLVER_LOOP, 3, 16, rng);
  testGraphCapture<T>(LINALGX_CUDA_GETRF_CUSOLVER_LOOP, 1, 1024, rng);
  testGraphCapture<T>(LINALGX_CUDA_GETRF_CUBLAS_BATCHED, 5, 8, rng);
  testGraphCapture<T>(LINALGX_CUDA_GETRF_CUBLAS_BATCHED, 64, 128, rng);
}

/// linalgxCudaSetStream: NULL selects the legacy default stream (what
/// PyTorch reports for its default stream); ResetStream restores ours.
void testCallerStream(std::mt19937_64 &rng) {
  void *owned = linalgxCudaGetStream();
  linalgxCudaSetStream(nullptr);
  report(linalgxCudaGetStream() == nullptr && mgpuStreamCreate() == nullptr,
         "linalgxCudaSetStream(NULL) makes the legacy stream current");
  testGetrf<float>(0, 5, 16, 16, rng);
  testGetrf<float>(0, 2, 150, 150, rng);
  // Fan-out forked from / joined into the legacy stream (the lanes are
  // non-blocking streams, so only the events order them).
  testGetrf<double>(1, 6, 300, 300, rng);
  testGetrfFanOutOrdering<float>(rng);
  linalgxCudaResetStream();
  report(linalgxCudaGetStream() == owned,
         "linalgxCudaResetStream restores the library stream");
}

/// The per-thread override with streams of another CUDA runtime instance
/// (the test's own static one, as PyTorch's or XLA's would be).
void testThreadStreamOverride(std::mt19937_64 &rng) {
  auto rt = [](cudaError_t err, const char *what) {
    if (err != cudaSuccess) {
      std::printf("FAIL: %s: %s\n", what, cudaGetErrorString(err));
      std::exit(1);
    }
  };
  void *owned = linalgxCudaGetStream();
  cudaStream_t a = nullptr, b = nullptr;
  rt(cudaStreamCreateWithFlags(&a, cudaStreamNonBlocking), "cudaStreamCreate");
  rt(cudaStreamCreateWithFlags(&b, cudaStreamNonBlocking), "cudaStreamCreate");
  linalgxCudaSetStream(a);
  report(mgpuStreamCreate() == a && linalgxCudaGetStream() == a,
         "override: mgpuStreamCreate returns the caller's stream");
  void *otherBefore = nullptr, *otherSet = nullptr, *otherAfter = nullptr;
  std::thread other([&] {
    otherBefore = mgpuStreamCreate();
    linalgxCudaSetStream(b);
    otherSet = mgpuStreamCreate();
    linalgxCudaResetStream();
    otherAfter = mgpuStreamCreate();
  });
  other.join();
  report(otherBefore == owned && otherSet == b && otherAfter == owned &&
             mgpuStreamCreate() == a,
         "override is per thread (another thread sees the library stream, "
         "sets and resets its own)");
  mgpuStreamDestroy(a); // must leave the caller's stream alone

  // A well-conditioned 64x64 f64 matrix, factored once the plain way (this
  // also creates the cached handle and workspace for stream a, whose
  // creation may synchronize).
  const int64_t n = 64;
  std::vector<double> host = makeMatrix<double>(Kind::Structured, n, n, rng);
  const size_t bytes = host.size() * sizeof(double);
  auto *dA = static_cast<double *>(mgpuMemAlloc(bytes, a, 0));
  auto *dRef = static_cast<double *>(mgpuMemAlloc(bytes, a, 0));
  auto *dOut = static_cast<double *>(mgpuMemAlloc(bytes, a, 0));
  auto *dPiv =
      static_cast<int32_t *>(mgpuMemAlloc(2 * n * sizeof(int32_t), a, 0));
  auto *dInfo = static_cast<int32_t *>(mgpuMemAlloc(2 * sizeof(int32_t), a, 0));
  mgpuMemcpy(dA, host.data(), bytes, a);
  mgpuMemcpy(dRef, dA, bytes, a);
  linalgxCudaGetrf(LINALGX_CUDA_F64, dRef, dPiv, dInfo, 1, n, n,
                   LINALGX_CUDA_GETRF_CUSOLVER_LOOP);
  mgpuStreamSynchronize(a); // waits: no DEFER_SYNC
  report(cudaStreamQuery(a) == cudaSuccess,
         "override without flags: mgpuStreamSynchronize waits");

  // Block stream a behind a host function, then queue work from another
  // thread with DEFER_SYNC: nothing may wait for the stream (a wait would
  // hang that thread, so the main thread gives it 10 s).
  std::atomic<bool> release{false}, queued{false};
  rt(cudaLaunchHostFunc(
         a,
         [](void *flag) {
           while (!static_cast<std::atomic<bool> *>(flag)->load())
             std::this_thread::yield();
         },
         &release),
     "cudaLaunchHostFunc");
  std::thread worker([&] {
    linalgxCudaSetStreamEx(a, LINALGX_CUDA_STREAM_DEFER_SYNC);
    void *tmp = mgpuMemAlloc(bytes, a, 0); // cudaMallocAsync
    mgpuMemcpy(tmp, dA, bytes, a);
    linalgxCudaGetrf(LINALGX_CUDA_F64, tmp, dPiv + n, dInfo + 1, 1, n, n,
                     LINALGX_CUDA_GETRF_CUSOLVER_LOOP);
    mgpuMemcpy(dOut, tmp, bytes, a);
    mgpuMemFree(tmp, a);      // cudaFreeAsync, after the copy
    mgpuStreamSynchronize(a); // returns at once
    linalgxCudaResetStream();
    queued = true;
  });
  auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
  while (!queued && std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  bool returned = queued.load();
  bool pending = cudaStreamQuery(a) == cudaErrorNotReady;
  release = true;
  worker.join();
  report(returned && pending,
         "DEFER_SYNC: alloc, copies, getrf, free and mgpuStreamSynchronize "
         "return while the caller's stream is blocked");
  rt(cudaStreamSynchronize(a), "cudaStreamSynchronize");
  std::vector<double> ref(host.size()), out(host.size());
  std::vector<int32_t> piv(2 * n), info(2);
  rt(cudaMemcpy(ref.data(), dRef, bytes, cudaMemcpyDeviceToHost), "cudaMemcpy");
  rt(cudaMemcpy(out.data(), dOut, bytes, cudaMemcpyDeviceToHost), "cudaMemcpy");
  rt(cudaMemcpy(piv.data(), dPiv, piv.size() * 4, cudaMemcpyDeviceToHost),
     "cudaMemcpy");
  rt(cudaMemcpy(info.data(), dInfo, 8, cudaMemcpyDeviceToHost), "cudaMemcpy");
  report(ref == out &&
             std::equal(piv.begin(), piv.begin() + n, piv.begin() + n) &&
             info[0] == 0 && info[1] == 0,
         "DEFER_SYNC: the work ran in stream order once released (factors "
         "and pivots equal to the synchronous call's)");
  for (void *p : {static_cast<void *>(dA), static_cast<void *>(dRef),
                  static_cast<void *>(dOut), static_cast<void *>(dPiv),
                  static_cast<void *>(dInfo)})
    mgpuMemFree(p, a);
  linalgxCudaResetStream();
  report(linalgxCudaGetStream() == owned,
         "linalgxCudaResetStream: the thread is back on the library stream");
  // The library caches handles per stream: release them before the stream
  // goes away.
  linalgxCudaReleaseCachedResources();
  rt(cudaStreamDestroy(a), "cudaStreamDestroy");
  rt(cudaStreamDestroy(b), "cudaStreamDestroy");
}

//===----------------------------------------------------------------------===//
// mgpu* ABI checks
//===----------------------------------------------------------------------===//

// PTX of this kernel, generated (not hand-written) with
//   mlir-opt-22 --gpu-lower-to-nvvm-pipeline="cubin-chip=sm_90
//       cubin-features=+ptx80 cubin-format=isa"
// from:
//   gpu.func @scale(%buf: memref<?xf32>, %s: f32) kernel {
//     %i = gpu.global_id x
//     scf.if (%i < dim %buf) { %buf[%i] = %buf[%i] * %s }
//   }
// Its parameters are the expanded memref descriptor and the scalar.
const char kScalePtx[] = R"PTX(
.version 8.0
.target sm_90
.address_size 64

	// .globl	scale

.visible .entry scale(
	.param .u64 .ptr .align 1 scale_param_0,
	.param .u64 .ptr .align 1 scale_param_1,
	.param .u64 scale_param_2,
	.param .u64 scale_param_3,
	.param .u64 scale_param_4,
	.param .f32 scale_param_5
)
{
	.reg .pred 	%p<2>;
	.reg .b32 	%r<7>;
	.reg .b64 	%rd<9>;

	ld.param.b64 	%rd2, [scale_param_1];
	cvta.to.global.u64 	%rd3, %rd2;
	mov.u32 	%r2, %ctaid.x;
	ld.param.b64 	%rd4, [scale_param_3];
	mov.u32 	%r3, %ntid.x;
	mul.wide.u32 	%rd5, %r2, %r3;
	mov.u32 	%r4, %tid.x;
	cvt.u64.u32 	%rd6, %r4;
	add.s64 	%rd7, %rd5, %rd6;
	setp.ge.u64 	%p1, %rd7, %rd4;
	@%p1 bra 	$L__BB0_2;
	ld.param.b32 	%r1, [scale_param_5];
	shl.b64 	%rd8, %rd7, 2;
	add.s64 	%rd1, %rd3, %rd8;
	ld.global.b32 	%r5, [%rd1];
	mul.rn.f32 	%r6, %r1, %r5;
	st.global.b32 	[%rd1], %r6;
$L__BB0_2:
	ret;

}
)PTX";

void testStreamsAndEvents() {
  void *s1 = mgpuStreamCreate();
  void *s2 = mgpuStreamCreate();
  report(s1 != nullptr && s1 == s2 && s1 == linalgxCudaGetStream(),
         "mgpuStreamCreate returns the one current stream");
  mgpuStreamDestroy(s2); // no-op by design
  void *event = mgpuEventCreate();
  mgpuEventRecord(event, s1);
  mgpuStreamWaitEvent(s1, event);
  mgpuEventSynchronize(event);
  mgpuEventDestroy(event);
  mgpuStreamSynchronize(s1); // still valid after mgpuStreamDestroy
  report(true, "events record/wait/synchronize/destroy");
}

void testMemoryOps() {
  const size_t count = 4096;
  auto *d = deviceAlloc<float>(count);
  float onePointFive = 1.5f;
  uint32_t bits;
  std::memcpy(&bits, &onePointFive, sizeof(bits));
  mgpuMemset32(d, bits, count, stream());
  std::vector<float> h(count, 0.0f);
  toHost(h.data(), d, count * sizeof(float));
  report(std::all_of(h.begin(), h.end(), [](float x) { return x == 1.5f; }),
         "mgpuMemset32 + mgpuMemcpy device->host");

  mgpuMemset16(d, 0xABCD, 2 * count, stream());
  std::vector<uint16_t> h16(2 * count, 0);
  toHost(h16.data(), d, h16.size() * sizeof(uint16_t));
  report(std::all_of(h16.begin(), h16.end(),
                     [](uint16_t x) { return x == 0xABCD; }),
         "mgpuMemset16");

  // Device -> host copy into a registered, strided memref (rank 2, offset
  // 3, 5 x 6 view with row stride 8): registration must cover exactly its
  // 1 + 4*8 + 5*1 = 38-element footprint.
  struct Rank2 {
    float *allocated, *aligned;
    int64_t offset, sizes[2], strides[2];
  };
  std::vector<float> backing(3 + 38 + 2, -1.0f);
  Rank2 desc{backing.data(), backing.data(), 3, {5, 6}, {8, 1}};
  mgpuMemHostRegisterMemRef(2, &desc, sizeof(float));
  std::vector<float> src(38);
  for (size_t i = 0; i < src.size(); ++i)
    src[i] = float(i);
  toDevice(d, src.data(), src.size() * sizeof(float));
  toHost(backing.data() + 3, d, src.size() * sizeof(float));
  mgpuMemHostUnregisterMemRef(2, &desc, sizeof(float));
  report(std::equal(src.begin(), src.end(), backing.begin() + 3) &&
             backing[2] == -1.0f && backing[41] == -1.0f,
         "mgpuMemHostRegisterMemRef/Unregister round trip");

  // gpu.alloc host_shared: managed memory written by the host.
  auto *shared = static_cast<float *>(
      mgpuMemAlloc(count * sizeof(float), nullptr, /*isHostShared=*/1));
  for (size_t i = 0; i < count; ++i)
    shared[i] = float(i) * 0.5f;
  toDevice(d, shared, count * sizeof(float));
  toHost(h.data(), d, count * sizeof(float));
  bool sharedOk = true;
  for (size_t i = 0; i < count; ++i)
    sharedOk &= h[i] == float(i) * 0.5f;
  report(sharedOk, "mgpuMemAlloc host_shared (managed) + mgpuMemcpy");
  mgpuMemFree(shared, stream());
  mgpuMemFree(d, stream());
  report(mgpuMemAlloc(0, stream(), 0) == nullptr,
         "mgpuMemAlloc of 0 bytes returns null");
}

/// A module marked for programmatic dependent launch (the global
/// linalgx_programmatic_launch), as linalgx-gpu-programmatic-launch emits
/// it: `step` waits for the grid ahead, lets its dependents launch at once,
/// then sets x[i] = 3 x[i] + 1 (u32). A chain of launches gives the right
/// values only if each waits for the one before it.
const char kChainPtx[] = R"PTX(
.version 8.0
.target sm_90
.address_size 64

.visible .global .align 1 .b8 linalgx_programmatic_launch = 1;

.visible .entry step(
	.param .u64 .ptr .align 1 step_param_0,
	.param .u64 step_param_1
)
{
	.reg .pred 	%p<2>;
	.reg .b32 	%r<7>;
	.reg .b64 	%rd<6>;

	griddepcontrol.wait;
	griddepcontrol.launch_dependents;
	ld.param.b64 	%rd1, [step_param_0];
	ld.param.b64 	%rd2, [step_param_1];
	cvta.to.global.u64 	%rd3, %rd1;
	mov.u32 	%r1, %ctaid.x;
	mov.u32 	%r2, %ntid.x;
	mov.u32 	%r3, %tid.x;
	mad.lo.s32 	%r4, %r1, %r2, %r3;
	cvt.u64.u32 	%rd4, %r4;
	setp.ge.u64 	%p1, %rd4, %rd2;
	@%p1 bra 	$L__done;
	mul.wide.u32 	%rd5, %r4, 4;
	add.s64 	%rd5, %rd3, %rd5;
	ld.global.u32 	%r5, [%rd5];
	mad.lo.s32 	%r6, %r5, 3, 1;
	st.global.u32 	[%rd5], %r6;
$L__done:
	ret;
}
)PTX";

/// x -> 3x + 1 applied `steps` times to 0, in u32.
uint32_t chainValue(int steps) {
  uint32_t x = 0;
  for (int i = 0; i < steps; ++i)
    x = 3 * x + 1;
  return x;
}

/// Launches of a marked module (programmatic stream serialization, unless
/// LINALGX_CUDA_PROGRAMMATIC_LAUNCH=0): a chain of
/// plain and cluster launches on a created stream, and the same chain
/// captured in a CUDA graph and replayed, each launch reading what the one
/// before it wrote.
void testProgrammaticLaunch() {
  void *module = mgpuModuleLoadJIT(const_cast<char *>(kChainPtx), 2);
  void *function = mgpuModuleGetFunction(module, "step");
  const int64_t n = 1 << 20; // many waves of blocks: launches would overlap
  const int steps = 48;
  uint32_t *d = nullptr;
  checkRuntime(cudaMalloc(reinterpret_cast<void **>(&d), n * sizeof(uint32_t)),
               "cudaMalloc");
  cudaStream_t s = nullptr;
  checkRuntime(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking),
               "cudaStreamCreate");
  uint32_t *pointer = d;
  int64_t size = n;
  void *params[] = {&pointer, &size};
  auto chain = [&] {
    for (int i = 0; i < steps; ++i) {
      if (i % 3 == 2)
        mgpuLaunchClusterKernel(function, 2, 1, 1, n / 256, 1, 1, 256, 1, 1, 0,
                                s, params, nullptr);
      else
        mgpuLaunchKernel(function, n / 256, 1, 1, 256, 1, 1, 0, s, params,
                         nullptr, 2);
    }
  };
  auto check = [&](int chains, const std::string &what) {
    std::vector<uint32_t> out(n);
    checkRuntime(cudaMemcpyAsync(out.data(), d, n * sizeof(uint32_t),
                                 cudaMemcpyDeviceToHost, s),
                 "cudaMemcpyAsync");
    checkRuntime(cudaStreamSynchronize(s), "cudaStreamSynchronize");
    uint32_t want = chainValue(chains * steps);
    report(std::all_of(out.begin(), out.end(),
                       [&](uint32_t x) { return x == want; }),
           what);
  };
  checkRuntime(cudaMemsetAsync(d, 0, n * sizeof(uint32_t), s),
               "cudaMemsetAsync");
  linalgxCudaSetStreamEx(s, LINALGX_CUDA_STREAM_DEFER_SYNC);
  chain();
  linalgxCudaResetStream();
  check(1, "programmatic launches of a marked module: " +
               std::to_string(steps) + " dependent launches in order");

  checkRuntime(cudaMemsetAsync(d, 0, n * sizeof(uint32_t), s),
               "cudaMemsetAsync");
  cudaGraph_t graph = nullptr;
  cudaGraphExec_t exec = nullptr;
  linalgxCudaSetStreamEx(s, LINALGX_CUDA_STREAM_DEFER_SYNC);
  checkRuntime(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal),
               "cudaStreamBeginCapture");
  chain();
  checkRuntime(cudaStreamEndCapture(s, &graph), "cudaStreamEndCapture");
  linalgxCudaResetStream();
  checkRuntime(cudaGraphInstantiate(&exec, graph, 0), "cudaGraphInstantiate");
  for (int replay = 0; replay < 2; ++replay)
    checkRuntime(cudaGraphLaunch(exec, s), "cudaGraphLaunch");
  check(2, "programmatic launches captured in a CUDA graph, replayed twice");
  checkRuntime(cudaGraphExecDestroy(exec), "cudaGraphExecDestroy");
  checkRuntime(cudaGraphDestroy(graph), "cudaGraphDestroy");
  checkRuntime(cudaStreamDestroy(s), "cudaStreamDestroy");
  checkRuntime(cudaFree(d), "cudaFree");
  mgpuModuleUnload(module);
}

void testModuleAndLaunch() {
  void *module = mgpuModuleLoadJIT(const_cast<char *>(kScalePtx), 2);
  void *function = mgpuModuleGetFunction(module, "scale");
  const int64_t n = 1000;
  auto *d = deviceAlloc<float>(n);
  std::vector<float> h(n);
  for (int64_t i = 0; i < n; ++i)
    h[i] = float(i);
  toDevice(d, h.data(), n * sizeof(float));

  float *allocated = d, *aligned = d;
  int64_t offset = 0, size = n, strideOne = 1;
  float factor = 2.0f;
  void *params[] = {&allocated, &aligned, &offset, &size, &strideOne, &factor};
  // The synchronous gpu.launch_func sequence: create, launch, sync, destroy.
  void *s = mgpuStreamCreate();
  mgpuLaunchKernel(function, (n + 255) / 256, 1, 1, 256, 1, 1, 0, s, params,
                   nullptr, 6);
  mgpuStreamSynchronize(s);
  mgpuStreamDestroy(s);
  // Cluster launch (sm_90+): 8 blocks in clusters of 2, 128 threads each.
  factor = 3.0f;
  mgpuLaunchClusterKernel(function, 2, 1, 1, 8, 1, 1, 128, 1, 1, 0, stream(),
                          params, nullptr);
  std::vector<float> out(n);
  toHost(out.data(), d, n * sizeof(float));
  bool ok = true;
  for (int64_t i = 0; i < n; ++i)
    ok &= out[i] == float(i) * 6.0f;
  report(ok, "mgpuModuleLoadJIT + GetFunction + LaunchKernel + "
             "LaunchClusterKernel");
  // A non-portable cluster of 16 blocks (the register panels' largest),
  // which the launch must allow explicitly.
  factor = 0.5f;
  mgpuLaunchClusterKernel(function, 16, 1, 1, 16, 1, 1, 64, 1, 1, 0, stream(),
                          params, nullptr);
  toHost(out.data(), d, n * sizeof(float));
  ok = true;
  for (int64_t i = 0; i < n; ++i)
    ok &= out[i] == float(i) * 3.0f;
  report(ok, "LaunchClusterKernel in a non-portable cluster of 16 blocks");
  // The kernel record is cached: the same handle again, and the launch
  // attributes it remembers (the cluster opt-in above, the shared-memory
  // opt-in raised from 64 to 100 KiB here) still let every launch through.
  report(mgpuModuleGetFunction(module, "scale") == function,
         "mgpuModuleGetFunction returns the cached kernel record");
  mgpuLaunchClusterKernel(function, 16, 1, 1, 16, 1, 1, 64, 1, 1, 0, stream(),
                          params, nullptr);
  factor = 2.0f;
  for (int32_t smem : {64 << 10, 64 << 10, 100 << 10})
    mgpuLaunchKernel(function, (n + 255) / 256, 1, 1, 256, 1, 1, smem, stream(),
                     params, nullptr, 6);
  toHost(out.data(), d, n * sizeof(float));
  ok = true;
  for (int64_t i = 0; i < n; ++i)
    ok &= out[i] == float(i) * 12.0f;
  report(ok, "launches after the cached cluster and shared-memory opt-ins");
  mgpuModuleUnload(module);
  mgpuMemFree(d, stream());
}

//===----------------------------------------------------------------------===//
// linalgxCudaGemmSubtract
//===----------------------------------------------------------------------===//

/// The largest error of `got` against `want` on the entries (i, j) of the
/// `batch` row-major m x n matrices that `changes` selects, and whether
/// every other entry still equals `input`.
template <typename T, typename Changes>
std::pair<double, bool>
compareMatrices(const std::vector<T> &got, const std::vector<T> &input,
                const std::vector<T> &want, int64_t batch, int64_t m, int64_t n,
                Changes changes) {
  double worst = 0;
  bool untouched = true;
  for (int64_t t = 0; t < batch; ++t)
    for (int64_t i = 0; i < m; ++i)
      for (int64_t j = 0; j < n; ++j) {
        size_t at = static_cast<size_t>((t * m + i) * n + j);
        if (changes(i, j))
          worst = std::max(worst, std::abs(widen(got[at]) - widen(want[at])));
        else
          untouched = untouched && got[at] == input[at];
      }
  return {worst, untouched};
}

/// A case of the blocked LU's trailing update on `batch` random row-major
/// m x n matrices: lu[k1:, k1:] -= lu[k1:, k0:k1] * lu[k0:k1, k1:] (k1 = k0
/// + depth), the three blocks inside one matrix at its row length, and the
/// host loop's result.
template <typename T> struct GemmSubtractCase {
  int64_t batch, m, n, k0, depth, k1, rows, cols;
  size_t mn;
  std::vector<T> input, want;

  GemmSubtractCase(int64_t batch, int64_t m, int64_t n, int64_t k0,
                   int64_t depth, std::mt19937_64 &rng)
      : batch(batch), m(m), n(n), k0(k0), depth(depth), k1(k0 + depth),
        rows(m - k1), cols(n - k1), mn(static_cast<size_t>(m * n)),
        input(static_cast<size_t>(batch) * mn) {
    for (T &x : input)
      x = uniform<T>(rng, 1.0);
    want = input;
    for (int64_t t = 0; t < batch; ++t) {
      T *a = want.data() + t * mn;
      for (int64_t i = k1; i < m; ++i)
        for (int64_t j = k1; j < n; ++j) {
          std::complex<double> sum = 0;
          for (int64_t k = k0; k < k1; ++k)
            sum += widen(a[i * n + k]) * widen(a[k * n + j]);
          std::complex<double> got = widen(a[i * n + j]) - sum;
          if constexpr (IsComplex<T>::value)
            a[i * n + j] = T(typename T::value_type(got.real()),
                             typename T::value_type(got.imag()));
          else
            a[i * n + j] = T(got.real());
        }
    }
  }

  /// Queues the update of the matrices at `d` on the current stream: whole,
  /// or as the blocked LU's look-ahead does, the first `depth` columns on
  /// the current stream and the rest aside, then joined.
  void queue(T *d, bool aside) const {
    const int64_t split = aside ? std::min<int64_t>(depth, cols) : cols;
    linalgxCudaGemmSubtract(Elem<T>::code, d + k1 * n + k1, d + k1 * n + k0,
                            d + k0 * n + k1, batch, rows, split, depth, n,
                            static_cast<int64_t>(mn), 0);
    if (!aside)
      return;
    linalgxCudaGemmSubtract(Elem<T>::code, d + k1 * n + k1 + split,
                            d + k1 * n + k0, d + k0 * n + k1 + split, batch,
                            rows, cols - split, depth, n,
                            static_cast<int64_t>(mn), 1);
    linalgxCudaJoinAside();
  }

  /// As queue(d, true), the rest queued in an aside region instead: on the
  /// side stream that mgpuStreamCreate returns between linalgxCudaBeginAside
  /// and linalgxCudaEndAside. Returns whether the region's stream was a
  /// stream other than the current one, and the current one again after.
  bool queueInAsideRegion(T *d) const {
    const int64_t split = std::min<int64_t>(depth, cols);
    void *current = mgpuStreamCreate();
    linalgxCudaBeginAside();
    void *side = mgpuStreamCreate();
    linalgxCudaGemmSubtract(Elem<T>::code, d + k1 * n + k1 + split,
                            d + k1 * n + k0, d + k0 * n + k1 + split, batch,
                            rows, cols - split, depth, n,
                            static_cast<int64_t>(mn), 0);
    linalgxCudaEndAside();
    bool streams = side != current && mgpuStreamCreate() == current;
    linalgxCudaGemmSubtract(Elem<T>::code, d + k1 * n + k1, d + k1 * n + k0,
                            d + k0 * n + k1, batch, rows, split, depth, n,
                            static_cast<int64_t>(mn), 0);
    linalgxCudaJoinAside();
    return streams;
  }

  /// PASS when `got` is the host loop's result within rounding (each entry
  /// a sum of `depth` products of magnitudes below 1) and nothing outside
  /// the trailing block changed.
  void check(const std::vector<T> &got, const std::string &what) const {
    const double tolerance =
        8.0 * double(depth) *
        std::numeric_limits<typename Elem<T>::Real>::epsilon();
    auto [worst, untouched] = compareMatrices(
        got, input, want, batch, m, n,
        [&](int64_t i, int64_t j) { return i >= k1 && j >= k1; });
    report(untouched && worst <= tolerance,
           what + " " + Elem<T>::name + " batch " + std::to_string(batch) +
               " " + std::to_string(m) + "x" + std::to_string(n) + " k0 " +
               std::to_string(k0) + ": max error " + std::to_string(worst) +
               " (bound " + std::to_string(tolerance) + ")" +
               (untouched ? "" : ", entries outside the block changed"));
  }
};

template <typename T>
void testGemmSubtract(int64_t batch, int64_t m, int64_t n, int64_t k0,
                      int64_t depth, bool aside, std::mt19937_64 &rng) {
  GemmSubtractCase<T> c(batch, m, n, k0, depth, rng);
  T *d = deviceAlloc<T>(c.input.size());
  toDevice(d, c.input.data(), c.input.size() * sizeof(T));
  c.queue(d, aside);
  std::vector<T> got(c.input.size());
  toHost(got.data(), d, got.size() * sizeof(T));
  mgpuMemFree(d, stream());
  c.check(got, aside ? "gemm-subtract aside" : "gemm-subtract");
}

template <typename T>
void testGemmSubtractInAsideRegion(int64_t batch, int64_t m, int64_t n,
                                   int64_t k0, std::mt19937_64 &rng) {
  GemmSubtractCase<T> c(batch, m, n, k0, 32, rng);
  T *d = deviceAlloc<T>(c.input.size());
  toDevice(d, c.input.data(), c.input.size() * sizeof(T));
  bool streams = c.queueInAsideRegion(d);
  report(streams, std::string("aside region: mgpuStreamCreate returns the "
                              "side stream inside, the current one after (") +
                      Elem<T>::name + ")");
  std::vector<T> got(c.input.size());
  toHost(got.data(), d, got.size() * sizeof(T));
  mgpuMemFree(d, stream());
  c.check(got, "gemm-subtract in an aside region");
}

/// The GEMMs beside the next panel (put aside, or queued in an aside
/// region) give the side stream an L2 access policy window that marks
/// their C blocks as streaming, as far as the device's largest window
/// reaches (none with LINALGX_CUDA_ASIDE_STREAMING=0); the current stream
/// keeps none.
template <typename T> void testAsideStreamingWindow(std::mt19937_64 &rng) {
  GemmSubtractCase<T> c(2, 130, 110, 32, 32, rng);
  T *d = deviceAlloc<T>(c.input.size());
  toDevice(d, c.input.data(), c.input.size() * sizeof(T));
  int device = 0, maxWindow = 0;
  checkRuntime(cudaGetDevice(&device), "cudaGetDevice");
  checkRuntime(cudaDeviceGetAttribute(
                   &maxWindow, cudaDevAttrMaxAccessPolicyWindowSize, device),
               "cudaDeviceGetAttribute");
  const char *setting = std::getenv("LINALGX_CUDA_ASIDE_STREAMING");
  const bool marked = !(setting && std::string(setting) == "0");
  const int64_t split = std::min<int64_t>(c.depth, c.cols);
  const void *base = d + c.k1 * c.n + c.k1 + split;
  const int64_t extent = ((c.batch - 1) * static_cast<int64_t>(c.mn) +
                          (c.rows - 1) * c.n + c.cols - split) *
                         static_cast<int64_t>(sizeof(T));
  const size_t want =
      marked ? static_cast<size_t>(std::min<int64_t>(extent, maxWindow)) : 0;
  for (bool region : {false, true}) {
    if (region)
      c.queueInAsideRegion(d);
    else
      c.queue(d, /*aside=*/true);
    linalgxCudaBeginAside();
    auto side = static_cast<cudaStream_t>(mgpuStreamCreate());
    linalgxCudaEndAside();
    linalgxCudaJoinAside();
    cudaStreamAttrValue got = {}, current = {};
    checkRuntime(cudaStreamGetAttribute(
                     side, cudaStreamAttributeAccessPolicyWindow, &got),
                 "cudaStreamGetAttribute");
    checkRuntime(cudaStreamGetAttribute(static_cast<cudaStream_t>(stream()),
                                        cudaStreamAttributeAccessPolicyWindow,
                                        &current),
                 "cudaStreamGetAttribute");
    const cudaAccessPolicyWindow &w = got.accessPolicyWindow;
    const bool ok = w.num_bytes == want &&
                    current.accessPolicyWindow.num_bytes == 0 &&
                    (want == 0 || (w.base_ptr == base &&
                                   w.hitProp == cudaAccessPropertyStreaming &&
                                   w.missProp == cudaAccessPropertyStreaming));
    report(ok, std::string("side stream's L2 window after a GEMM ") +
                   (region ? "in an aside region" : "put aside") + " (" +
                   Elem<T>::name + "): " + std::to_string(w.num_bytes) +
                   " bytes, want " + std::to_string(want) +
                   (w.base_ptr == base ? "" : ", another base"));
  }
  mgpuMemFree(d, stream());
}

/// The look-ahead's GEMMs (current stream, side stream, join) recorded into
/// a CUDA graph in global capture mode, as PyTorch's and XLA's graphs would
/// record the blocked LU, and replayed on new matrices: the first capture
/// creates the side stream, handle and events, the second finds them, the
/// third queues the rest in an aside region.
template <typename T> void testGemmSubtractCapture(std::mt19937_64 &rng) {
  const int64_t batch = 2, m = 200, n = 170, k0 = 32, depth = 32;
  const size_t count = static_cast<size_t>(batch * m * n);
  T *d = nullptr;
  checkRuntime(cudaMalloc(reinterpret_cast<void **>(&d), count * sizeof(T)),
               "cudaMalloc");
  cudaStream_t s = nullptr;
  checkRuntime(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking),
               "cudaStreamCreate");
  for (const char *when : {"first call", "warmed stream", "aside region"}) {
    cudaGraph_t graph = nullptr;
    cudaGraphExec_t exec = nullptr;
    GemmSubtractCase<T> shape(batch, m, n, k0, depth, rng);
    linalgxCudaSetStreamEx(s, LINALGX_CUDA_STREAM_DEFER_SYNC);
    checkRuntime(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal),
                 "cudaStreamBeginCapture");
    if (std::string(when) == "aside region")
      shape.queueInAsideRegion(d);
    else
      shape.queue(d, /*aside=*/true);
    checkRuntime(cudaStreamEndCapture(s, &graph), "cudaStreamEndCapture");
    linalgxCudaResetStream();
    checkRuntime(cudaGraphInstantiate(&exec, graph, 0), "cudaGraphInstantiate");
    for (int replay = 0; replay < 2; ++replay) {
      GemmSubtractCase<T> c(batch, m, n, k0, depth, rng);
      checkRuntime(cudaMemcpyAsync(d, c.input.data(), count * sizeof(T),
                                   cudaMemcpyHostToDevice, s),
                   "cudaMemcpyAsync");
      checkRuntime(cudaGraphLaunch(exec, s), "cudaGraphLaunch");
      std::vector<T> got(count);
      checkRuntime(cudaMemcpyAsync(got.data(), d, count * sizeof(T),
                                   cudaMemcpyDeviceToHost, s),
                   "cudaMemcpyAsync");
      checkRuntime(cudaStreamSynchronize(s), "cudaStreamSynchronize");
      c.check(got, std::string("gemm-subtract aside, graph capture (") + when +
                       ") replay " + std::to_string(replay));
    }
    checkRuntime(cudaGraphExecDestroy(exec), "cudaGraphExecDestroy");
    checkRuntime(cudaGraphDestroy(graph), "cudaGraphDestroy");
  }
  checkRuntime(cudaStreamDestroy(s), "cudaStreamDestroy");
  checkRuntime(cudaFree(d), "cudaFree");
}

//===----------------------------------------------------------------------===//
// linalgxCudaSolveUnitLower
//===----------------------------------------------------------------------===//

/// The U rows right of a block of the blocked LU's panels on `batch` random
/// row-major m x n matrices: lu[k0:k1, k1:] = L^-1 * lu[k0:k1, k1:] with L
/// the unit lower triangle of lu[k0:k1, k0:k1] (k1 = k0 + depth; its
/// entries below 1 / depth, so that the substitution stays well scaled),
/// against a host forward substitution; nothing else may change.
template <typename T>
void testSolveUnitLower(int64_t batch, int64_t m, int64_t n, int64_t k0,
                        int64_t depth, std::mt19937_64 &rng) {
  const int64_t k1 = k0 + depth;
  const size_t mn = static_cast<size_t>(m * n);
  std::vector<T> input(static_cast<size_t>(batch) * mn);
  for (T &x : input)
    x = uniform<T>(rng, 1.0 / double(depth));
  std::vector<T> want = input;
  for (int64_t t = 0; t < batch; ++t) {
    T *a = want.data() + t * mn;
    for (int64_t i = k0; i < k1; ++i)
      for (int64_t j = k1; j < n; ++j) {
        std::complex<double> x = widen(a[i * n + j]);
        for (int64_t k = k0; k < i; ++k)
          x -= widen(a[i * n + k]) * widen(a[k * n + j]);
        if constexpr (IsComplex<T>::value)
          a[i * n + j] = T(typename T::value_type(x.real()),
                           typename T::value_type(x.imag()));
        else
          a[i * n + j] = T(x.real());
      }
  }
  T *d = deviceAlloc<T>(input.size());
  toDevice(d, input.data(), input.size() * sizeof(T));
  linalgxCudaSolveUnitLower(Elem<T>::code, d + k0 * n + k0, d + k0 * n + k1,
                            batch, depth, n - k1, n, static_cast<int64_t>(mn));
  std::vector<T> got(input.size());
  toHost(got.data(), d, got.size() * sizeof(T));
  mgpuMemFree(d, stream());
  const double tolerance =
      8.0 * double(depth) *
      std::numeric_limits<typename Elem<T>::Real>::epsilon();
  auto [worst, untouched] =
      compareMatrices(got, input, want, batch, m, n, [&](int64_t i, int64_t j) {
        return i >= k0 && i < k1 && j >= k1;
      });
  report(untouched && worst <= tolerance,
         std::string("solve-unit-lower ") + Elem<T>::name + " batch " +
             std::to_string(batch) + " " + std::to_string(m) + "x" +
             std::to_string(n) + " k0 " + std::to_string(k0) + " depth " +
             std::to_string(depth) + ": max error " + std::to_string(worst) +
             " (bound " + std::to_string(tolerance) + ")" +
             (untouched ? "" : ", entries outside the block changed"));
}

template <typename T> void testSolveUnitLowers(std::mt19937_64 &rng) {
  testSolveUnitLower<T>(1, 300, 260, 0, 128, rng); // one matrix, the first
  testSolveUnitLower<T>(3, 200, 333, 64, 64, rng); // a batch, ragged right
  testSolveUnitLower<T>(2, 130, 129, 64, 64, rng); // one column right
}

template <typename T> void testGemmSubtracts(std::mt19937_64 &rng) {
  for (bool aside : {false, true}) {
    testGemmSubtract<T>(3, 97, 130, 32, 32, aside, rng); // ragged, wide
    testGemmSubtract<T>(1, 200, 67, 0, 32, aside, rng);  // tall, one matrix
    // The last panels: the next panel's columns only, and a few more.
    testGemmSubtract<T>(2, 96, 90, 32, 32, aside, rng);
    testGemmSubtract<T>(2, 130, 110, 32, 32, aside, rng);
  }
  testGemmSubtractInAsideRegion<T>(3, 97, 130, 32, rng);
  testAsideStreamingWindow<T>(rng);
  testGemmSubtractCapture<T>(rng);
}

/// Calls `test(T{})` for the four element types, in the runtime's order.
template <typename Test> void forEachElementType(Test test) {
  test(float{});
  test(double{});
  test(std::complex<float>{});
  test(std::complex<double>{});
}

/// The test's groups, in the order they run; `--only=NAME,...` runs those
/// alone (e.g. on a GPU lent for a few minutes). A group run alone starts
/// from the first random matrices, so its data differ from a whole run's.
struct Group {
  const char *name;
  void (*run)(std::mt19937_64 &rng);
};

const Group kGroups[] = {
    {"entry-points",
     [](std::mt19937_64 &) {
       testStreamsAndEvents();
       testMemoryOps();
       testModuleAndLaunch();
       testProgrammaticLaunch();
     }},
    {"getrf",
     [](std::mt19937_64 &rng) {
       forEachElementType(
           [&](auto zero) { testAllGetrfShapes<decltype(zero)>(rng); });
     }},
    {"fan-out",
     [](std::mt19937_64 &rng) {
       forEachElementType(
           [&](auto zero) { testGetrfFanOut<decltype(zero)>(rng); });
       testGetrfFanOutOrdering<double>(rng);
       testGetrfFanOutOrdering<std::complex<float>>(rng);
     }},
    {"pivots",
     [](std::mt19937_64 &rng) {
       testComplexPivotRule<std::complex<float>>();
       testComplexPivotRule<std::complex<double>>();
       testEmptyGetrf();
       testPointerArrays(rng);
     }},
    {"streams",
     [](std::mt19937_64 &rng) {
       testCallerStream(rng);
       testThreadStreamOverride(rng);
     }},
    {"graphs",
     [](std::mt19937_64 &rng) {
       forEachElementType(
           [&](auto zero) { testGraphCaptures<decltype(zero)>(rng); });
     }},
    {"gemm",
     [](std::mt19937_64 &rng) {
       forEachElementType(
           [&](auto zero) { testGemmSubtracts<decltype(zero)>(rng); });
       // Nothing to do for an empty block.
       linalgxCudaGemmSubtract(LINALGX_CUDA_F64, nullptr, nullptr, nullptr, 2,
                               0, 5, 32, 64, 64, 1);
       linalgxCudaJoinAside();
       report(true, "gemm-subtract with no rows returns");
     }},
    {"solve",
     [](std::mt19937_64 &rng) {
       forEachElementType(
           [&](auto zero) { testSolveUnitLowers<decltype(zero)>(rng); });
       linalgxCudaSolveUnitLower(LINALGX_CUDA_F64, nullptr, nullptr, 2, 64, 0,
                                 64, 64);
       report(true, "solve-unit-lower with no columns returns");
     }},
    {"release",
     [](std::mt19937_64 &rng) {
       linalgxCudaReleaseCachedResources();
       testGetrf<double>(0, 4, 32, 32, rng); // caches rebuilt after release
       linalgxCudaReleaseCachedResources();
     }},
};

int usage(const char *program) {
  std::string names;
  for (const Group &group : kGroups)
    names += std::string(names.empty() ? "" : ",") + group.name;
  std::fprintf(stderr,
               "usage: %s [--getrf-streams=N] [--only=GROUP,...]\n"
               "  groups: %s\n",
               program, names.c_str());
  return 2;
}

} // namespace

int main(int argc, char **argv) {
  // --getrf-streams=N: sets LINALGX_GETRF_STREAMS before the library reads
  // it (at the first linalgxCudaGetrf), e.g. 1 to run every cuSOLVER batch
  // on the current stream alone.
  const std::string streamsFlag = "--getrf-streams=", onlyFlag = "--only=";
  std::vector<std::string> only;
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    if (arg.compare(0, streamsFlag.size(), streamsFlag) == 0 &&
        arg.size() > streamsFlag.size()) {
      setenv("LINALGX_GETRF_STREAMS", arg.c_str() + streamsFlag.size(), 1);
    } else if (arg.compare(0, onlyFlag.size(), onlyFlag) == 0) {
      std::string names = arg.substr(onlyFlag.size()) + ",";
      for (size_t at = 0, comma;
           (comma = names.find(',', at)) != std::string::npos; at = comma + 1)
        only.push_back(names.substr(at, comma - at));
    } else {
      return usage(argv[0]);
    }
  }
  for (const std::string &name : only)
    if (std::none_of(std::begin(kGroups), std::end(kGroups),
                     [&](const Group &group) { return name == group.name; }))
      return usage(argv[0]);
  auto selected = [&](const Group &group) {
    return only.empty() ||
           std::find(only.begin(), only.end(), group.name) != only.end();
  };
  const char *streams = std::getenv("LINALGX_GETRF_STREAMS");
  std::printf("LINALGX_GETRF_STREAMS=%s\n",
              streams ? streams : "(unset: library default)");

  char message[512] = {};
  int devices = linalgxCudaProbe(message, sizeof(message));
  std::printf("probe: %s\n", message);
  if (devices <= 0) {
    std::printf("SKIP: no GPU\n");
    return 77;
  }
  report(true,
         "linalgxCudaProbe found " + std::to_string(devices) + " device(s)");

  std::mt19937_64 rng(20240601);
  for (const Group &group : kGroups)
    if (selected(group))
      group.run(rng);

  std::printf("%s: %d failure(s)\n", gFailures ? "FAIL" : "PASS", gFailures);
  return gFailures ? 1 : 0;
}
