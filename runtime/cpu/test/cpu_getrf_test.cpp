//===- cpu_getrf_test.cpp - test of linalgxCpuGetrf by itself ---*- C++ -*-===//
//
// Calls the CPU runtime's entry point directly with every strategy, element
// type and index width on random, singular and empty batches, and checks the
// linalgx contract against an independent reference written here in the
// simplest form (column-by-column getf2 on a copy, in long double for the
// pivot search inputs it shares with nobody):
//   - pivots are 0-based and equal the reference's on tie-free input;
//   - info is 0, or 1 + the first zero pivot's step;
//   - max |A[perm] - L·U| <= 30·n·eps·max|A|.
// Prints one line per failed check and a summary; exits non-zero on failure.
// Argument: "lapack" when the library is expected to have LAPACK.
//
//===----------------------------------------------------------------------===//

#include "linalgx/CpuRuntime.h"

#include <algorithm>
#include <cmath>
#include <complex>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include <sys/wait.h>
#include <unistd.h>

namespace {

int failures = 0, checks = 0;

void check(bool ok, const std::string &what) {
  ++checks;
  if (!ok) {
    ++failures;
    std::printf("FAIL: %s\n", what.c_str());
  }
}

template <typename T> struct Traits;
template <> struct Traits<float> {
  static constexpr int code = LINALGX_CPU_F32;
  static constexpr const char *name = "f32";
  using Real = float;
};
template <> struct Traits<double> {
  static constexpr int code = LINALGX_CPU_F64;
  static constexpr const char *name = "f64";
  using Real = double;
};
template <> struct Traits<std::complex<float>> {
  static constexpr int code = LINALGX_CPU_C32;
  static constexpr const char *name = "c32";
  using Real = float;
};
template <> struct Traits<std::complex<double>> {
  static constexpr int code = LINALGX_CPU_C64;
  static constexpr const char *name = "c64";
  using Real = double;
};

double magnitude(double v) { return std::fabs(v); }
double magnitude(std::complex<double> v) {
  return std::fabs(v.real()) + std::fabs(v.imag());
}

template <typename T> T randomValue(std::mt19937_64 &rng) {
  std::uniform_real_distribution<double> dist(-1.0, 1.0);
  if constexpr (std::is_same_v<T, float> || std::is_same_v<T, double>)
    return static_cast<T>(dist(rng));
  else
    return T(dist(rng), dist(rng));
}

/// The reference: getf2 in double precision on the element values, with the
/// first-largest pivot rule. Returns the pivots and info, and whether every
/// pivot won by a clear margin (1e-3 relative), i.e. whether another rounding
/// order (f32 arithmetic, LAPACK's blocked algorithm) must choose the same.
template <typename W>
bool referenceLu(std::vector<W> a, int64_t m, int64_t n,
                 std::vector<int64_t> &pivots, int64_t &info) {
  int64_t k = std::min(m, n);
  pivots.assign(k, 0);
  info = 0;
  bool clearCut = true;
  for (int64_t c = 0; c < k; ++c) {
    int64_t p = c;
    for (int64_t i = c + 1; i < m; ++i)
      if (magnitude(a[i * n + c]) > magnitude(a[p * n + c]))
        p = i;
    for (int64_t i = c; i < m; ++i)
      if (i != p && magnitude(a[i * n + c]) > 0 &&
          magnitude(a[i * n + c]) >= (1 - 1e-3) * magnitude(a[p * n + c]))
        clearCut = false;
    pivots[c] = p;
    if (a[p * n + c] == W(0)) {
      if (info == 0)
        info = c + 1;
      continue;
    }
    for (int64_t j = 0; j < n; ++j)
      std::swap(a[c * n + j], a[p * n + j]);
    for (int64_t i = c + 1; i < m; ++i) {
      W l = a[i * n + c] / a[c * n + c];
      a[i * n + c] = l;
      for (int64_t j = c + 1; j < n; ++j)
        a[i * n + j] -= l * a[c * n + j];
    }
  }
  return clearCut;
}

template <typename T>
using Wide =
    std::conditional_t<std::is_same_v<T, float> || std::is_same_v<T, double>,
                       double, std::complex<double>>;

/// Runs one batch through linalgxCpuGetrf and checks every matrix.
template <typename T, typename I>
void runCase(const char *strategyName, int32_t strategy, int64_t batch,
             int64_t m, int64_t n, bool singular, std::mt19937_64 &rng,
             bool subnormal = false) {
  using W = Wide<T>;
  using Real = typename Traits<T>::Real;
  int64_t k = std::min(m, n);
  std::vector<T> a(batch * m * n);
  // Subnormal entries make subnormal pivots, whose reciprocals overflow:
  // those must be divided by.
  Real scale = subnormal ? std::numeric_limits<Real>::min() / 8 : Real(1);
  for (T &v : a)
    v = randomValue<T>(rng) * scale;
  if (singular && k > 1)
    // Zero columns stay exactly zero through the elimination, so U(c,c) is
    // exactly 0 for each: column 1 (info 2; the second step of a pair in
    // the kernel that takes two steps at a time) and, where it exists,
    // column 4 (the first step of a pair).
    for (int64_t b = 0; b < batch; ++b)
      for (int64_t i = 0; i < m; ++i) {
        a[(b * m + i) * n + 1] = T(0);
        if (k > 5)
          a[(b * m + i) * n + 4] = T(0);
      }
  // In place (input == lu) for half of the shapes; otherwise lu starts as
  // garbage and the input must come out unchanged.
  const bool inPlace = (m + n) % 2 == 0;
  std::vector<T> lu = inPlace ? a : std::vector<T>(a.size(), T(-3));
  const std::vector<T> input = a;
  std::vector<I> pivots(batch * k + 1, I(-7)), info(batch + 1, I(-7));
  linalgxCpuGetrf(Traits<T>::code, sizeof(I) * 8,
                  inPlace ? lu.data() : input.data(), lu.data(), pivots.data(),
                  info.data(), batch, m, n, strategy);

  char label[160];
  std::snprintf(label, sizeof(label), "%s %s i%d batch=%lld %lldx%lld%s",
                strategyName, Traits<T>::name, int(sizeof(I) * 8),
                (long long)batch, (long long)m, (long long)n,
                singular    ? " singular"
                : subnormal ? " subnormal"
                            : "");
  check(pivots[batch * k] == I(-7) && info[batch] == I(-7),
        std::string(label) + ": wrote past pivots/info");
  check(inPlace || input == a, std::string(label) + ": changed the input");
  double eps = std::numeric_limits<Real>::epsilon();
  for (int64_t b = 0; b < batch; ++b) {
    std::vector<W> original(a.begin() + b * m * n, a.begin() + (b + 1) * m * n);
    std::vector<int64_t> refPivots;
    int64_t refInfo;
    bool clearCut = referenceLu(original, m, n, refPivots, refInfo);
    std::string where = std::string(label) + " matrix " + std::to_string(b);
    bool samePivots = true, inRange = true;
    for (int64_t i = 0; i < k; ++i) {
      samePivots &= static_cast<int64_t>(pivots[b * k + i]) == refPivots[i];
      inRange &= pivots[b * k + i] >= I(i) && pivots[b * k + i] < I(m);
    }
    check(inRange, where + ": a pivot outside [step, m)");
    if (!inRange)
      continue;
    check(samePivots || !clearCut,
          where + ": pivots differ from the reference");
    check(static_cast<int64_t>(info[b]) == refInfo,
          where + ": info " + std::to_string((long long)info[b]) +
              ", expected " + std::to_string((long long)refInfo));
    // Residual: permutation from the pivots, then A[perm] - L·U.
    std::vector<int64_t> perm(m);
    for (int64_t i = 0; i < m; ++i)
      perm[i] = i;
    for (int64_t i = 0; i < k; ++i)
      std::swap(perm[i], perm[pivots[b * k + i]]);
    const T *f = lu.data() + b * m * n;
    double worst = 0, scale = 0;
    for (const W &v : original)
      scale = std::max(scale, magnitude(v));
    for (int64_t i = 0; i < m; ++i)
      for (int64_t j = 0; j < n; ++j) {
        W sum = 0;
        for (int64_t p = 0; p <= std::min(i, j) && p < k; ++p) {
          W l = p == i ? W(1) : W(f[i * n + p]);
          sum += l * W(f[p * n + j]);
        }
        worst = std::max(worst, magnitude(original[perm[i] * n + j] - sum));
      }
    check(worst <= 30.0 * std::max(m, n) * eps * std::max(scale, 1e-300),
          where + ": residual " + std::to_string(worst));
  }
}

template <typename T, typename I>
void runStrategy(const char *name, int32_t strategy, std::mt19937_64 &rng) {
  const int64_t shapes[][3] = {
      {1, 1, 1},
      {1, 5, 5},
      {3, 7, 4},
      {2, 4, 7},
      {1, 75, 75},
      {64, 16, 16},
      {200, 8, 8},
      {5, 33, 31},
      {1, 130, 130},
      {2, 150, 97},
      // From the crossover on, `auto` takes the recursive BLAS-3 LU.
      {1, 300, 260},
      {2, 260, 300}};
  for (auto &shape : shapes) {
    runCase<T, I>(name, strategy, shape[0], shape[1], shape[2], false, rng);
    runCase<T, I>(name, strategy, shape[0], shape[1], shape[2], true, rng);
  }
  // LAPACK's strategy is OpenBLAS's ?getrf as it stands, which loses
  // subnormal input (docs/cpu.md); the other paths must not.
  if (strategy != LINALGX_CPU_GETRF_LAPACK) {
    runCase<T, I>(name, strategy, 1, 40, 40, false, rng, /*subnormal=*/true);
    runCase<T, I>(name, strategy, 1, 300, 260, false, rng, /*subnormal=*/true);
  }
  // Empty matrices: info 0 for every matrix, nothing else written.
  runCase<T, I>(name, strategy, 3, 0, 4, false, rng);
  runCase<T, I>(name, strategy, 3, 4, 0, false, rng);
  runCase<T, I>(name, strategy, 0, 4, 4, false, rng);
}

template <typename T>
void runType(const char *name, int32_t strategy, std::mt19937_64 &rng) {
  runStrategy<T, int32_t>(name, strategy, rng);
  runStrategy<T, int64_t>(name, strategy, rng);
}

} // namespace

/// `--call NAME`: one call with sizes or buffers a memref can claim but the
/// runtime must refuse with a message (the lit test checks it and the exit
/// status); returning from it is a failure.
int callWithBadArguments(const char *name) {
  double a[4] = {1, 2, 3, 4}, lu[4];
  int32_t pivots[2], info[1];
  const int64_t huge = INT64_MAX;
  if (std::strcmp(name, "overflow") == 0)
    linalgxCpuGetrf(LINALGX_CPU_F64, 64, nullptr, nullptr, nullptr, nullptr, 1,
                    huge, 2, LINALGX_CPU_GETRF_AUTO);
  else if (std::strcmp(name, "overflow-batch") == 0)
    linalgxCpuGetrf(LINALGX_CPU_C64, 32, a, lu, pivots, info, int64_t(1) << 40,
                    int64_t(1) << 20, 4, LINALGX_CPU_GETRF_AUTO);
  else if (std::strcmp(name, "null-input") == 0)
    linalgxCpuGetrf(LINALGX_CPU_F64, 32, nullptr, lu, pivots, info, 1, 2, 2,
                    LINALGX_CPU_GETRF_AUTO);
  else if (std::strcmp(name, "null-pivots") == 0)
    linalgxCpuGetrf(LINALGX_CPU_F64, 32, a, lu, nullptr, info, 1, 2, 2,
                    LINALGX_CPU_GETRF_AUTO);
  else if (std::strcmp(name, "null-info") == 0)
    linalgxCpuGetrf(LINALGX_CPU_F64, 32, a, lu, pivots, nullptr, 1, 2, 2,
                    LINALGX_CPU_GETRF_AUTO);
  else {
    std::printf("unknown --call %s\n", name);
    return 2;
  }
  std::printf("FAIL: linalgxCpuGetrf returned from --call %s\n", name);
  return 1;
}

int main(int argc, char **argv) {
  if (argc > 2 && std::strcmp(argv[1], "--call") == 0)
    return callWithBadArguments(argv[2]);
  bool expectLapack = argc > 1 && std::strcmp(argv[1], "lapack") == 0;
  check(linalgxCpuHasLapack() == (expectLapack ? 1 : 0),
        "linalgxCpuHasLapack disagrees with the build configuration");
  check(linalgxCpuNumThreads() >= 1, "linalgxCpuNumThreads < 1");
  std::mt19937_64 rng(20261130);
  struct {
    const char *name;
    int32_t code;
  } strategies[] = {{"auto", LINALGX_CPU_GETRF_AUTO},
                    {"unblocked", LINALGX_CPU_GETRF_UNBLOCKED},
                    {"lapack", LINALGX_CPU_GETRF_LAPACK}};
  for (auto &s : strategies) {
    if (s.code == LINALGX_CPU_GETRF_LAPACK && !linalgxCpuHasLapack())
      continue;
    runType<float>(s.name, s.code, rng);
    runType<double>(s.name, s.code, rng);
    runType<std::complex<float>>(s.name, s.code, rng);
    runType<std::complex<double>>(s.name, s.code, rng);
  }
  // A child forked after the thread pool exists has no workers: a batch
  // there must still complete (on the calling thread), not wait for them.
  {
    std::vector<double> a(256 * 32 * 32), lu(a.size());
    for (double &v : a)
      v = randomValue<double>(rng);
    std::vector<int32_t> pivots(256 * 32), info(256);
    linalgxCpuGetrf(LINALGX_CPU_F64, 32, a.data(), lu.data(), pivots.data(),
                    info.data(), 256, 32, 32, LINALGX_CPU_GETRF_UNBLOCKED);
    std::fflush(stdout);
    pid_t child = fork();
    if (child == 0) {
      alarm(20); // a hang becomes a failure, not a stuck test
      linalgxCpuGetrf(LINALGX_CPU_F64, 32, a.data(), lu.data(), pivots.data(),
                      info.data(), 256, 32, 32, LINALGX_CPU_GETRF_UNBLOCKED);
      _exit(info[255] == 0 ? 0 : 1);
    }
    int status = 0;
    waitpid(child, &status, 0);
    check(child > 0 && WIFEXITED(status) && WEXITSTATUS(status) == 0,
          "a batch in a forked child did not complete");
  }
  std::printf("cpu-getrf: %d checks, %d failed\n", checks, failures);
  return failures == 0 ? 0 : 1;
}
