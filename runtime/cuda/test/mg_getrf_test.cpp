//===- mg_getrf_test.cpp - linalgxCudaMgGetrf on one or several GPUs ------===//
//
// Checks linalgxCudaMgGetrf (lib/MultiGpuGetrf.cpp, cuSOLVERMg). Prints one
// PASS/FAIL line per check and `N passed, N failed`; exits 1 if a check
// failed, 77 (skip) when there is no GPU and the checks that need none passed,
// else 0.
//
// Without a GPU (any machine): every argument error, each in a child process
// (the runtime reports an error and exits the process, see CudaRuntime.h), is
// reported with its message and exit code 1 before any CUDA call; a call with
// valid arguments reports the missing driver naming cudaGetDeviceCount; the
// injected fault (LINALGX_CUDA_INJECT_FAULT=getrf) names cusolverMgGetrf.
//
// With a GPU, on a device grid of ONE GPU (device 0):
//   * f32, f64, complex<f32>, complex<f64>; n = 1, 7, 64, 513 with block
//     sizes 1 (n <= 64), 64 and 256, column- and row-major, host memory;
//     n = 2048 once per type (block 256); n = 513 with the matrix, pivots and
//     info in device memory; a singular matrix (info > 0) per type and
//     layout; n = 0 (info = 0);
//   * checks: ||P*A - L*U||_F / ||A||_F <= 10 * n * eps (for n = 2048 the
//     same quotient on 4 random vectors x, ||P*A*x - L*(U*x)|| /
//     (||A||_F ||x||), a lower bound of it that any wrong factorization
//     fails); info; pivots equal to LAPACK's.
//   Pivots: most matrices are A = Pi * L * U with |L(i,j)| <= 0.4 below a
//   unit diagonal and well-conditioned factors, so partial pivoting recovers
//   Pi with a margin far beyond rounding; their pivots are compared with a
//   host getf2 (LAPACK's rule, n <= 513) or with the pivots Pi implies
//   (n = 2048). Every other matrix is plain uniform random, where the GPU's
//   blocked algorithm may break a near-tie differently: pivots are then only
//   range-checked (the residual still is checked).
// With 2 or more GPUs (skipped with a printed reason otherwise): the same
// checks on a grid of every device (at most 8), fewer column blocks than
// devices, the device list reversed, a grid without device 0 factoring a
// matrix held in device 0's memory, and the caller's current device
// restored.
//
// Usage: linalgx_cuda_runtime_mg_getrf_test [--quick]
//   --quick: only n <= 64 and the error cases (seconds).
//   (--error-case=NAME is how the test runs its child processes.)
//
//===----------------------------------------------------------------------===//

#include "linalgx/CudaRuntime.h"

#include "TestElements.h"
#include "linalgx/MgpuAbi.h"

#include <cuda_runtime_api.h> // the test's own runtime, as an embedder's

#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <climits>
#include <cmath>
#include <complex>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <limits>
#include <random>
#include <string>
#include <type_traits>
#include <vector>

namespace {

int gPassed = 0;
int gFailed = 0;

void report(bool ok, const std::string &what) {
  std::printf("%s: %s\n", ok ? "PASS" : "FAIL", what.c_str());
  std::fflush(stdout);
  ++(ok ? gPassed : gFailed);
}

using linalgx::cuda::test::Elem;
using linalgx::cuda::test::IsComplex;
using linalgx::cuda::test::pivotAbs;
using linalgx::cuda::test::referenceGetf2;
using linalgx::cuda::test::uniform;
using linalgx::cuda::test::widen;

//===----------------------------------------------------------------------===//
// Test matrices (column-major n x n) and host references
//===----------------------------------------------------------------------===//

enum class Kind {
  Structured,  // Pi * L * U: pivots known
  Singular,    // L * U with column/row n/3 of U zero: info = n/3 + 1
  PlainRandom, // uniform: pivots range-checked only
};

const char *kindName(Kind kind) {
  switch (kind) {
  case Kind::Structured:
    return "structured";
  case Kind::Singular:
    return "singular";
  case Kind::PlainRandom:
    return "plain-random";
  }
  return "?";
}

/// A test matrix with, for Structured, the pivots partial pivoting must
/// find (1-based) and, for Singular, the info it must report.
template <typename T> struct TestMatrix {
  std::vector<T> a; // column-major
  std::vector<int32_t> knownPivots;
  int32_t knownInfo = 0;
};

/// The 1-based pivot sequence that undoes the row permutation `perm`
/// (row i of L*U stored at row perm[i]): at step j the pivot is wherever
/// row j of L*U currently is, since |L(i,j)| < 1 = L(j,j) keeps it largest.
std::vector<int32_t> pivotsOfPermutation(const std::vector<int64_t> &perm) {
  const int64_t n = static_cast<int64_t>(perm.size());
  std::vector<int64_t> rowAt(n), positionOf(n);
  for (int64_t i = 0; i < n; ++i) {
    rowAt[perm[i]] = i;
    positionOf[i] = perm[i];
  }
  std::vector<int32_t> pivots(n);
  for (int64_t j = 0; j < n; ++j) {
    int64_t p = positionOf[j];
    pivots[j] = static_cast<int32_t>(p + 1);
    std::swap(rowAt[j], rowAt[p]);
    positionOf[rowAt[j]] = j;
    positionOf[rowAt[p]] = p;
  }
  return pivots;
}

template <typename T>
TestMatrix<T> makeMatrix(Kind kind, int64_t n, std::mt19937_64 &rng) {
  TestMatrix<T> m;
  m.a.assign(static_cast<size_t>(n * n), T(0));
  if (kind == Kind::PlainRandom) {
    for (T &x : m.a)
      x = uniform<T>(rng, 1.0);
    return m;
  }
  // Off-diagonal parts scaled with 1/sqrt(n) keep ||L - I|| and ||U - D||
  // below 1: both factors stay well conditioned, so the computed factors
  // stay close to L and U and the pivots keep their margin.
  const double scale = std::min(1.0, 1.0 / std::sqrt(double(n)));
  std::vector<T> l(static_cast<size_t>(n * n), T(0));
  std::vector<T> u(static_cast<size_t>(n * n), T(0));
  std::uniform_real_distribution<double> magnitude(1.0, 2.0);
  std::bernoulli_distribution negative(0.5);
  for (int64_t j = 0; j < n; ++j) {
    l[j + j * n] = T(1);
    for (int64_t i = j + 1; i < n; ++i)
      l[i + j * n] = uniform<T>(rng, 0.4 * scale);
    for (int64_t i = 0; i < j; ++i)
      u[i + j * n] = uniform<T>(rng, 0.5 * scale);
    u[j + j * n] = T(negative(rng) ? -magnitude(rng) : magnitude(rng));
  }
  const int64_t zero = kind == Kind::Singular ? n / 3 : -1;
  if (zero >= 0) {
    // A zero column of U makes column `zero` of A exactly zero, hence an
    // exactly zero pivot there; its zero row keeps the later steps apart.
    for (int64_t i = 0; i < n; ++i) {
      u[i + zero * n] = T(0);
      u[zero + i * n] = T(0);
    }
    m.knownInfo = static_cast<int32_t>(zero + 1);
  }
  std::vector<T> product(static_cast<size_t>(n * n), T(0));
  for (int64_t j = 0; j < n; ++j)
    for (int64_t p = 0; p <= j; ++p) {
      const T upj = u[p + j * n];
      if (upj == T(0))
        continue;
      for (int64_t i = p; i < n; ++i)
        product[i + j * n] += l[i + p * n] * upj;
    }
  std::vector<int64_t> perm(n);
  for (int64_t i = 0; i < n; ++i)
    perm[i] = i;
  if (kind == Kind::Structured)
    std::shuffle(perm.begin(), perm.end(), rng);
  for (int64_t j = 0; j < n; ++j)
    for (int64_t i = 0; i < n; ++i)
      m.a[perm[i] + j * n] = product[i + j * n];
  if (kind == Kind::Structured)
    m.knownPivots = pivotsOfPermutation(perm);
  return m;
}

/// P*A in complex<double>, or an empty vector when a pivot is out of range
/// (pivot j must be in [j+1, n]).
template <typename T>
std::vector<std::complex<double>> permutedRows(const std::vector<T> &a,
                                               const std::vector<int32_t> &piv,
                                               int64_t n) {
  std::vector<std::complex<double>> pa(a.size());
  for (size_t i = 0; i < a.size(); ++i)
    pa[i] = widen(a[i]);
  for (int64_t j = 0; j < n; ++j) {
    int64_t p = int64_t(piv[j]) - 1;
    if (p < j || p >= n)
      return {};
    if (p != j)
      for (int64_t c = 0; c < n; ++c)
        std::swap(pa[j + c * n], pa[p + c * n]);
  }
  return pa;
}

template <typename T> double frobenius(const std::vector<T> &a) {
  double sum = 0;
  for (const T &x : a)
    sum += std::norm(widen(x));
  return std::sqrt(sum);
}

/// ||P*A - L*U||_F / ||A||_F (L, U packed in `lu`); NaN for a bad pivot.
template <typename T>
double fullResidual(const std::vector<T> &a, const std::vector<T> &lu,
                    const std::vector<int32_t> &piv, int64_t n) {
  std::vector<std::complex<double>> pa = permutedRows(a, piv, n);
  if (pa.empty())
    return std::numeric_limits<double>::quiet_NaN();
  std::vector<std::complex<double>> w(lu.size());
  for (size_t i = 0; i < lu.size(); ++i)
    w[i] = widen(lu[i]);
  double diff = 0;
  for (int64_t c = 0; c < n; ++c)
    for (int64_t i = 0; i < n; ++i) {
      std::complex<double> sum = 0;
      const int64_t last = std::min(i, c);
      for (int64_t p = 0; p <= last; ++p)
        sum += (p == i ? 1.0 : w[i + p * n]) * w[p + c * n];
      diff += std::norm(pa[i + c * n] - sum);
    }
  double norm = frobenius(a);
  return norm == 0 ? std::sqrt(diff) : std::sqrt(diff / norm / norm);
}

/// max over 4 random x of ||P*A*x - L*(U*x)|| / (||A||_F ||x||): O(n^2),
/// at most the full residual, and O(1) for any wrong factorization.
template <typename T>
double probedResidual(const std::vector<T> &a, const std::vector<T> &lu,
                      const std::vector<int32_t> &piv, int64_t n,
                      std::mt19937_64 &rng) {
  std::vector<std::complex<double>> pa = permutedRows(a, piv, n);
  if (pa.empty())
    return std::numeric_limits<double>::quiet_NaN();
  double worst = 0;
  for (int probe = 0; probe < 4; ++probe) {
    std::vector<std::complex<double>> x(n), ux(n, 0.0), lux(n, 0.0),
        pax(n, 0.0);
    for (auto &v : x)
      v = widen(uniform<std::complex<double>>(rng, 1.0));
    for (int64_t c = 0; c < n; ++c)
      for (int64_t i = 0; i < n; ++i) {
        pax[i] += pa[i + c * n] * x[c];
        if (i <= c)
          ux[i] += widen(lu[i + c * n]) * x[c];
      }
    for (int64_t c = 0; c < n; ++c)
      for (int64_t i = c; i < n; ++i)
        lux[i] += (i == c ? 1.0 : widen(lu[i + c * n])) * ux[c];
    double diff = 0, xnorm = 0;
    for (int64_t i = 0; i < n; ++i) {
      diff += std::norm(pax[i] - lux[i]);
      xnorm += std::norm(x[i]);
    }
    worst = std::max(worst, std::sqrt(diff / xnorm) / frobenius(a));
  }
  return worst;
}

//===----------------------------------------------------------------------===//
// Running the entry point
//===----------------------------------------------------------------------===//

/// Column-major <-> row-major copy of a square matrix (its transpose).
template <typename T>
std::vector<T> transposed(const std::vector<T> &a, int64_t n) {
  std::vector<T> t(a.size());
  for (int64_t j = 0; j < n; ++j)
    for (int64_t i = 0; i < n; ++i)
      t[j + i * n] = a[i + j * n];
  return t;
}

struct Setup {
  int64_t n;
  int64_t blockSize;
  int32_t layout;
  bool deviceMemory; // a, pivots, info in memory of the current device
  Kind kind;
  std::vector<int32_t> devices;
};

std::string describe(const char *type, const Setup &s) {
  std::string devices;
  for (size_t i = 0; i < s.devices.size(); ++i)
    devices += (i ? "," : "") + std::to_string(s.devices[i]);
  return std::string(type) + " n=" + std::to_string(s.n) +
         " block=" + std::to_string(s.blockSize) + " " +
         (s.layout == LINALGX_CUDA_ROW_MAJOR ? "row-major" : "column-major") +
         " " + kindName(s.kind) + (s.deviceMemory ? " device-memory" : "") +
         " devices=" + devices;
}

/// Calls the entry on `data` (in s.layout) with host or device buffers and
/// returns the call's wall time in milliseconds.
double callEntry(int32_t type, std::vector<char> &data,
                 std::vector<int32_t> &pivots, int32_t &info, const Setup &s) {
  using Clock = std::chrono::steady_clock;
  if (!s.deviceMemory) {
    Clock::time_point start = Clock::now();
    linalgxCudaMgGetrf(type, data.data(), pivots.data(), &info, s.n, s.layout,
                       s.devices.data(), static_cast<int32_t>(s.devices.size()),
                       s.blockSize);
    return std::chrono::duration<double, std::milli>(Clock::now() - start)
        .count();
  }
  void *stream = mgpuStreamCreate(); // the current stream
  const size_t pivotBytes = pivots.size() * sizeof(int32_t);
  void *dA = mgpuMemAlloc(data.size(), stream, false);
  void *dPivots = mgpuMemAlloc(std::max<size_t>(pivotBytes, 4), stream, false);
  void *dInfo = mgpuMemAlloc(sizeof(int32_t), stream, false);
  // Queued, not waited for: the entry must wait for the current stream.
  mgpuMemcpy(dA, data.data(), data.size(), stream);
  mgpuMemset32(dPivots, 0x7f7f7f7f, pivots.size(), stream);
  mgpuMemset32(dInfo, 0x7f7f7f7f, 1, stream);
  Clock::time_point start = Clock::now();
  linalgxCudaMgGetrf(type, dA, static_cast<int32_t *>(dPivots),
                     static_cast<int32_t *>(dInfo), s.n, s.layout,
                     s.devices.data(), static_cast<int32_t>(s.devices.size()),
                     s.blockSize);
  double ms =
      std::chrono::duration<double, std::milli>(Clock::now() - start).count();
  mgpuMemcpy(data.data(), dA, data.size(), stream);
  if (pivotBytes)
    mgpuMemcpy(pivots.data(), dPivots, pivotBytes, stream);
  mgpuMemcpy(&info, dInfo, sizeof(int32_t), stream);
  mgpuStreamSynchronize(stream);
  mgpuMemFree(dA, stream);
  mgpuMemFree(dPivots, stream);
  mgpuMemFree(dInfo, stream);
  return ms;
}

std::string scientific(double value) {
  char text[32];
  std::snprintf(text, sizeof(text), "%.2e", value);
  return text;
}

/// Factors a fresh matrix of `s.kind` and checks residual, info and pivots.
template <typename T> void testCase(const Setup &s, std::mt19937_64 &rng) {
  const int64_t n = s.n;
  TestMatrix<T> m = makeMatrix<T>(s.kind, n, rng);
  std::vector<int32_t> expectedPivots = m.knownPivots;
  int32_t expectedInfo = m.knownInfo;
  const bool smallEnough = n <= 513;
  if (smallEnough && s.kind != Kind::PlainRandom) {
    std::vector<int32_t> reference;
    std::vector<T> factors = m.a;
    referenceGetf2(factors, n, n, reference, expectedInfo);
    if (!expectedPivots.empty() && reference != expectedPivots) {
      report(false, describe(Elem<T>::name, s) +
                        ": the test's own getf2 disagrees with the pivots "
                        "the structured matrix implies");
      return;
    }
    expectedPivots = reference;
  }

  std::vector<T> input =
      s.layout == LINALGX_CUDA_ROW_MAJOR ? transposed(m.a, n) : m.a;
  std::vector<char> data(input.size() * sizeof(T));
  std::memcpy(data.data(), input.data(), data.size());
  std::vector<int32_t> pivots(static_cast<size_t>(n), 0x7f7f7f7f);
  int32_t info = 0x7f7f7f7f;
  const double ms = callEntry(Elem<T>::code, data, pivots, info, s);

  std::vector<T> lu(input.size());
  std::memcpy(lu.data(), data.data(), data.size());
  if (s.layout == LINALGX_CUDA_ROW_MAJOR)
    lu = transposed(lu, n);
  const double residual = smallEnough ? fullResidual(m.a, lu, pivots, n)
                                      : probedResidual(m.a, lu, pivots, n, rng);
  const double eps = std::numeric_limits<typename Elem<T>::Real>::epsilon();
  const double bound = 10.0 * double(std::max<int64_t>(n, 1)) * eps;
  bool ok = residual <= bound && info == expectedInfo; // NaN fails
  std::string detail = ": residual " + scientific(residual) + " (bound " +
                       scientific(bound) + "), info " + std::to_string(info) +
                       " (expected " + std::to_string(expectedInfo) + ")";
  if (!expectedPivots.empty()) {
    size_t first = 0;
    while (first < pivots.size() && pivots[first] == expectedPivots[first])
      ++first;
    ok = ok && first == pivots.size();
    detail += first == pivots.size()
                  ? ", pivots equal LAPACK's"
                  : ", pivots differ from LAPACK's first at " +
                        std::to_string(first) + " (" +
                        std::to_string(pivots[first]) + " vs " +
                        std::to_string(expectedPivots[first]) + ")";
  } else {
    detail += ", pivots in range (plain random: not compared)";
  }
  char time[64];
  std::snprintf(time, sizeof(time), ", %.1f ms", ms);
  report(ok, describe(Elem<T>::name, s) + detail + time);
}

/// The cases of one element type on `devices`, for n in `sizes`.
template <typename T>
void testType(const std::vector<int32_t> &devices,
              const std::vector<int64_t> &sizes, std::mt19937_64 &rng) {
  int counter = 0;
  for (int64_t n : sizes)
    for (int64_t block : {1, 64, 256}) {
      if (block == 1 && n > 64)
        continue; // one column per tile: a panel per column, slow and redundant
      for (int32_t layout :
           {LINALGX_CUDA_COLUMN_MAJOR, LINALGX_CUDA_ROW_MAJOR}) {
        Kind kind = counter++ % 2 ? Kind::PlainRandom : Kind::Structured;
        testCase<T>({n, block, layout, false, kind, devices}, rng);
      }
    }
}

/// n = 0: nothing to factor, info = 0, in host and in device memory.
void testEmpty(const std::vector<int32_t> &devices) {
  for (bool deviceMemory : {false, true}) {
    Setup s{
        0,      64, LINALGX_CUDA_COLUMN_MAJOR, deviceMemory, Kind::Structured,
        devices};
    std::vector<char> data;
    std::vector<int32_t> pivots;
    int32_t info = 0x7f7f7f7f;
    callEntry(LINALGX_CUDA_F64, data, pivots, info, s);
    report(info == 0, describe("f64", s) + ": info " + std::to_string(info) +
                          " (expected 0)");
  }
}

/// Everything on one grid: the sizes, device memory, singular matrices.
void testGrid(const std::vector<int32_t> &devices, bool quick,
              std::mt19937_64 &rng) {
  const std::vector<int64_t> sizes = quick
                                         ? std::vector<int64_t>{1, 7, 64}
                                         : std::vector<int64_t>{1, 7, 64, 513};
  testType<float>(devices, sizes, rng);
  testType<double>(devices, sizes, rng);
  testType<std::complex<float>>(devices, sizes, rng);
  testType<std::complex<double>>(devices, sizes, rng);
  const int32_t col = LINALGX_CUDA_COLUMN_MAJOR, row = LINALGX_CUDA_ROW_MAJOR;
  for (int32_t layout : {col, row}) {
    // Block 16: the zero column (64/3 = 21) lies in the second tile.
    testCase<float>({64, 16, layout, false, Kind::Singular, devices}, rng);
    testCase<double>({64, 16, layout, false, Kind::Singular, devices}, rng);
    testCase<std::complex<float>>(
        {64, 16, layout, false, Kind::Singular, devices}, rng);
    testCase<std::complex<double>>(
        {64, 16, layout, false, Kind::Singular, devices}, rng);
  }
  testEmpty(devices);
  if (quick)
    return;
  for (int32_t layout : {col, row}) {
    testCase<double>({513, 64, layout, true, Kind::Structured, devices}, rng);
    testCase<std::complex<float>>(
        {513, 64, layout, true, Kind::Structured, devices}, rng);
  }
  testCase<double>({2048, 256, col, false, Kind::Structured, devices}, rng);
  testCase<float>({2048, 256, row, false, Kind::Structured, devices}, rng);
  testCase<std::complex<float>>(
      {2048, 256, col, false, Kind::PlainRandom, devices}, rng);
  testCase<std::complex<double>>(
      {2048, 256, row, true, Kind::Structured, devices}, rng);
}

/// 2+ GPUs: all devices (at most 8), reversed, a grid without device 0 on a
/// matrix in device 0's memory, and the caller's device restored.
void testSeveralDevices(int count, bool quick, std::mt19937_64 &rng) {
  std::vector<int32_t> all;
  for (int32_t d = 0; d < std::min(count, 8); ++d)
    all.push_back(d);
  std::printf("== grid of %zu devices\n", all.size());
  testGrid(all, quick, rng);
  std::vector<int32_t> reversed(all.rbegin(), all.rend());
  testCase<double>(
      {513, 32, LINALGX_CUDA_COLUMN_MAJOR, false, Kind::Structured, reversed},
      rng);
  // Fewer column blocks (1) than devices: the others are left out.
  testCase<double>(
      {7, 64, LINALGX_CUDA_ROW_MAJOR, false, Kind::Structured, all}, rng);
  std::vector<int32_t> withoutFirst(all.begin() + 1, all.end());
  testCase<std::complex<double>>(
      {300, 32, LINALGX_CUDA_ROW_MAJOR, true, Kind::Structured, withoutFirst},
      rng);

  // The caller's current device (set with the test's own runtime) survives.
  int last = all.back();
  if (cudaSetDevice(last) != cudaSuccess) {
    report(false, "cudaSetDevice(" + std::to_string(last) + ") in the test");
    return;
  }
  testCase<float>(
      {100, 16, LINALGX_CUDA_COLUMN_MAJOR, false, Kind::Structured, all}, rng);
  int current = -1;
  bool ok = cudaGetDevice(&current) == cudaSuccess && current == last;
  report(ok, "current device restored after a call on " +
                 std::to_string(all.size()) +
                 " devices: " + std::to_string(current) + " (expected " +
                 std::to_string(last) + ")");
  (void)cudaSetDevice(0);
}

//===----------------------------------------------------------------------===//
// Argument errors, each in a child process
//===----------------------------------------------------------------------===//

struct ErrorCase {
  const char *name;
  const char *expected; // follows "linalgx-cuda-runtime: error: <op>: "
  enum { Always, WithGpu, WithoutGpu } when;
  const char *environment; // prefix of the child's command line
  std::function<void()> call;
};

double gA[16];
int32_t gPivots[4];
int32_t gInfo;
const int32_t kDevice0[] = {0};
constexpr int32_t kF64 = LINALGX_CUDA_F64;

void callWith(int32_t type, void *a, int32_t *pivots, int32_t *info, int64_t n,
              int32_t layout, const int32_t *devices, int32_t count,
              int64_t block) {
  linalgxCudaMgGetrf(type, a, pivots, info, n, layout, devices, count, block);
}

void validCall(const int32_t *devices, int32_t count) {
  callWith(LINALGX_CUDA_F64, gA, gPivots, &gInfo, 4, 0, devices, count, 2);
}

std::vector<ErrorCase> errorCases() {
  static const int32_t negative[] = {0, -1};
  static const int32_t duplicate[] = {0, 1, 0};
  static const int32_t missing[] = {0, 999};
  static int32_t many[33];
  for (int32_t i = 0; i < 33; ++i)
    many[i] = i;
  return {
      {"bad-type", "invalid argument: elemType 7 is not 0", ErrorCase::Always,
       "", [] { callWith(7, gA, gPivots, &gInfo, 4, 0, kDevice0, 1, 2); }},
      {"bad-layout", "invalid argument: layout 5 is not 0", ErrorCase::Always,
       "", [] { callWith(kF64, gA, gPivots, &gInfo, 4, 5, kDevice0, 1, 2); }},
      {"negative-n", "invalid argument: negative n (-3)", ErrorCase::Always, "",
       [] { callWith(kF64, gA, gPivots, &gInfo, -3, 0, kDevice0, 1, 2); }},
      {"n-over-int32", "invalid argument: n must fit in int32",
       ErrorCase::Always, "",
       [] {
         callWith(kF64, gA, gPivots, &gInfo, int64_t(1) << 31, 0, kDevice0, 1,
                  2);
       }},
      {"null-a", "invalid argument: a is null", ErrorCase::Always, "",
       [] { callWith(kF64, nullptr, gPivots, &gInfo, 4, 0, kDevice0, 1, 2); }},
      {"null-pivots", "invalid argument: pivots is null", ErrorCase::Always, "",
       [] { callWith(kF64, gA, nullptr, &gInfo, 4, 0, kDevice0, 1, 2); }},
      {"null-info", "invalid argument: info is null", ErrorCase::Always, "",
       [] { callWith(kF64, gA, gPivots, nullptr, 4, 0, kDevice0, 1, 2); }},
      {"null-devices", "invalid argument: devices is null", ErrorCase::Always,
       "", [] { callWith(kF64, gA, gPivots, &gInfo, 4, 0, nullptr, 1, 2); }},
      {"no-devices", "invalid argument: deviceCount 0 is not in [1, 32]",
       ErrorCase::Always, "",
       [] { callWith(kF64, gA, gPivots, &gInfo, 4, 0, kDevice0, 0, 2); }},
      {"too-many-devices", "invalid argument: deviceCount 33 is not in [1, 32]",
       ErrorCase::Always, "", [] { validCall(many, 33); }},
      {"negative-device", "invalid argument: devices[1] = -1 is negative",
       ErrorCase::Always, "", [] { validCall(negative, 2); }},
      {"duplicate-device",
       "invalid argument: device 0 appears twice in devices (at 0 and 2)",
       ErrorCase::Always, "", [] { validCall(duplicate, 3); }},
      {"zero-block-size", "invalid argument: blockSize 0 is not in [1, 2^31-1]",
       ErrorCase::Always, "",
       [] { callWith(kF64, gA, gPivots, &gInfo, 4, 0, kDevice0, 1, 0); }},
      {"huge-block-size", "invalid argument: blockSize 2147483648 is not in",
       ErrorCase::Always, "",
       [] {
         callWith(kF64, gA, gPivots, &gInfo, 4, 0, kDevice0, 1,
                  int64_t(1) << 31);
       }},
      {"injected-fault",
       "cusolverMgGetrf failed with CUSOLVER_STATUS_EXECUTION_FAILED (6): the "
       "GPU program failed to execute (injected)",
       ErrorCase::Always, "LINALGX_CUDA_INJECT_FAULT=getrf ",
       [] { validCall(kDevice0, 1); }},
      {"missing-device", "invalid argument: device 999 does not exist",
       ErrorCase::WithGpu, "", [] { validCall(missing, 2); }},
      {"no-driver", "cudaGetDeviceCount failed with", ErrorCase::WithoutGpu, "",
       [] { validCall(kDevice0, 1); }},
  };
}

/// Child side: runs the named case, which must not return.
int runErrorCase(const std::string &name) {
  for (const ErrorCase &c : errorCases())
    if (name == c.name) {
      c.call();
      std::printf(
          "linalgxCudaMgGetrf returned instead of reporting an error\n");
      return 0;
    }
  std::fprintf(stderr, "unknown error case %s\n", name.c_str());
  return 2;
}

std::string selfPath() {
  char path[4096];
  ssize_t length = readlink("/proc/self/exe", path, sizeof(path) - 1);
  if (length <= 0)
    return "";
  path[length] = '\0';
  return path;
}

/// Parent side: each applicable case in a child process must exit 1 with
/// the expected error line.
void testErrorCases(bool haveGpu) {
  const std::string self = selfPath();
  for (const ErrorCase &c : errorCases()) {
    if ((c.when == ErrorCase::WithGpu && !haveGpu) ||
        (c.when == ErrorCase::WithoutGpu && haveGpu))
      continue;
    std::string command = std::string(c.environment) + "'" + self +
                          "' --error-case=" + c.name + " 2>&1";
    FILE *pipe = popen(command.c_str(), "r");
    if (!pipe) {
      report(false, std::string("error case ") + c.name + ": popen failed");
      continue;
    }
    std::string output;
    char buffer[512];
    while (std::fgets(buffer, sizeof(buffer), pipe))
      output += buffer;
    int status = pclose(pipe);
    const std::string expected =
        std::string("linalgx-cuda-runtime: error: linalgxCudaMgGetrf: ") +
        c.expected;
    bool exitedWithOne =
        status != -1 && WIFEXITED(status) && WEXITSTATUS(status) == 1;
    bool ok = exitedWithOne && output.find(expected) != std::string::npos;
    while (!output.empty() && output.back() == '\n')
      output.pop_back();
    report(ok, std::string("error case ") + c.name + ": exit " +
                   (WIFEXITED(status) ? std::to_string(WEXITSTATUS(status))
                                      : std::string("(signal)")) +
                   ", \"" + output + "\"" +
                   (ok ? "" : " (expected exit 1 and \"" + expected + "\")"));
  }
}

} // namespace

int main(int argc, char **argv) {
  bool quick = false;
  const std::string errorFlag = "--error-case=";
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    if (arg.compare(0, errorFlag.size(), errorFlag) == 0)
      return runErrorCase(arg.substr(errorFlag.size()));
    if (arg == "--quick") {
      quick = true;
      continue;
    }
    std::fprintf(stderr, "usage: %s [--quick]\n", argv[0]);
    return 2;
  }

  // The probe never terminates the process and leaves no CUDA state that a
  // child process could inherit (the children exec afresh anyway).
  char message[512] = {};
  const int count = linalgxCudaProbe(message, sizeof(message));
  std::printf("probe: %s\n", message);
  testErrorCases(count > 0);
  if (count <= 0) {
    std::printf("SKIP: GPU cases: no GPU\n%d passed, %d failed\n", gPassed,
                gFailed);
    return gFailed ? 1 : 77;
  }

  std::mt19937_64 rng(20260729);
  std::printf("== grid of 1 device (device 0)\n");
  testGrid({0}, quick, rng);
  if (count >= 2)
    testSeveralDevices(count, quick, rng);
  else
    std::printf("SKIP: multi-GPU cases: this machine has 1 GPU\n");
  std::printf("%d passed, %d failed\n", gPassed, gFailed);
  return gFailed ? 1 : 0;
}
