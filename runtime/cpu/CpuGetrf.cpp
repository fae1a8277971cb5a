//===- CpuGetrf.cpp - linalgxCpuGetrf ---------------------------*- C++ -*-===//
//
// The batched LU entry point of liblinalgx_cpu_runtime.so: picks a kernel
// (LAPACK ?getrf or the unblocked kernel of UnblockedLu.cpp) and spreads the
// batch over a thread pool. See include/linalgx/CpuRuntime.h for the ABI and
// docs/cpu.md for the measured crossovers.
//
//===----------------------------------------------------------------------===//

#include "RecursiveLu.h"
#include "UnblockedLu.h"
#include "linalgx/CpuRuntime.h"
#ifdef LINALGX_CPU_RUNTIME_HAS_LAPACK
#include "Blas.h"
#endif
#include "common/EnvironmentInteger.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <climits>
#include <complex>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <mutex>
#include <thread>
#include <type_traits>
#include <unistd.h>
#include <vector>

using namespace linalgx::cpu;

namespace {

[[noreturn]] void fatal(const char *what, long long value) {
  std::fprintf(stderr, "linalgx-cpu-runtime: error: %s (got %lld)\n", what,
               value);
  std::exit(EXIT_FAILURE);
}

//===----------------------------------------------------------------------===//
// Crossovers (measured on the 2-core development machine, docs/cpu.md)
//===----------------------------------------------------------------------===//

/// From this min(m, n) on, LAPACK beats the unblocked kernel: its blocked
/// getrf pays off once the trailing matrix outgrows the caches, and it also
/// needs the two transposes between our row-major layout and its
/// column-major one. On single matrices f64 ties at 256 and f32 at about 192
/// (docs/cpu.md); complex matrices switch earlier, their unblocked kernel
/// being scalar.
template <typename T> constexpr int64_t kLapackMinSize = 256;
template <> constexpr int64_t kLapackMinSize<float> = 192;
template <> constexpr int64_t kLapackMinSize<std::complex<float>> = 96;
template <> constexpr int64_t kLapackMinSize<std::complex<double>> = 96;

/// A batch is spread over the pool only when it has at least this many
/// multiply-adds (m·n·min(m, n) per matrix), so that waking the workers
/// (some microseconds) is small against the work.
constexpr double kMinParallelWork = 1 << 17;

/// OpenBLAS factors a matrix with fewer elements than this on the calling
/// thread (interface/lapack/getrf.c); larger ones use its own threads, so a
/// batch of those is not spread over ours.
constexpr int64_t kOpenBlasSingleThreadElements = 10000;

/// Matrices from this many elements on are transposed on every thread of
/// the pool.
constexpr int64_t kParallelTransposeElements = 1 << 16;

//===----------------------------------------------------------------------===//
// Thread pool
//===----------------------------------------------------------------------===//

/// Busy-waits (with the CPU's pause hint) until `done()` or `limit` passes;
/// returns whether `done()` became true.
template <typename Done>
bool spinUntil(Done done, std::chrono::microseconds limit) {
  auto start = std::chrono::steady_clock::now();
  for (;;) {
    for (int i = 0; i < 64; ++i) {
      if (done())
        return true;
#if defined(__x86_64__)
      __builtin_ia32_pause();
#endif
    }
    if (std::chrono::steady_clock::now() - start > limit)
      return done();
  }
}

/// How long a worker keeps polling for the next batch, and the caller for
/// the workers' completion, before sleeping. Waking a sleeping thread costs
/// tens to hundreds of microseconds on a virtual machine (an idle vCPU is
/// halted), as much as a whole batch of small matrices; a short spin keeps
/// back-to-back calls from paying it. (OpenMP runtimes do the same, much
/// longer: KMP_BLOCKTIME is 200 ms.)
constexpr std::chrono::microseconds kSpinBeforeSleep{300};

/// A fixed pool of workers that run chunks of an index range together with
/// the calling thread. Created on first use and never destroyed: the workers
/// may still wait on its condition variable while the process exits.
class ThreadPool {
public:
  static ThreadPool &get() {
    static ThreadPool *pool = new ThreadPool(requestedThreads());
    return *pool;
  }

  int32_t threads() const { return static_cast<int32_t>(workers.size()) + 1; }

  /// The pool, or null where it cannot share work: it has one thread, or
  /// this is a child forked after it was created (see usable()).
  static ThreadPool *forSharedWork() {
    ThreadPool &pool = get();
    return pool.threads() >= 2 && pool.usable() ? &pool : nullptr;
  }

  /// False in a child forked after the pool was created: fork copies only
  /// the calling thread, so the workers do not exist there and a batch
  /// handed to them would wait forever. The caller then runs it alone.
  bool usable() const { return getpid() == owner; }

  /// Runs body(begin, end) over [0, count) in chunks of `grain`, on every
  /// thread; returns when all chunks are done. Calls from different threads
  /// take turns.
  void parallelFor(int64_t count, int64_t grain,
                   const std::function<void(int64_t, int64_t)> &body) {
    std::lock_guard<std::mutex> turn(callMutex);
    job = &body;
    jobCount = count;
    jobGrain = std::max<int64_t>(grain, 1);
    next.store(0, std::memory_order_relaxed);
    busy.store(static_cast<int>(workers.size()), std::memory_order_relaxed);
    {
      // Under the mutex, so that a worker about to sleep either sees the
      // new generation or is woken by the notification.
      std::lock_guard<std::mutex> lock(mutex);
      generation.fetch_add(1, std::memory_order_release);
    }
    wake.notify_all();
    runChunks(body, count, jobGrain);
    auto finished = [&] { return busy.load(std::memory_order_acquire) == 0; };
    if (!spinUntil(finished, kSpinBeforeSleep)) {
      std::unique_lock<std::mutex> lock(mutex);
      done.wait(lock, finished);
    }
    job = nullptr;
  }

private:
  explicit ThreadPool(int threads) : owner(getpid()) {
    for (int t = 1; t < threads; ++t)
      workers.emplace_back([this] { workerLoop(); });
  }

  /// One thread per core unless $LINALGX_CPU_THREADS says otherwise, at
  /// most four per core (more only adds switches, and each is a stack).
  static int requestedThreads() {
    int64_t cores = std::max(1u, std::thread::hardware_concurrency());
    return static_cast<int>(linalgx::runtime::environmentInteger(
        "linalgx-cpu-runtime", "LINALGX_CPU_THREADS", cores, 1, 4 * cores));
  }

  void runChunks(const std::function<void(int64_t, int64_t)> &body,
                 int64_t count, int64_t grain) {
    for (int64_t begin = next.fetch_add(grain); begin < count;
         begin = next.fetch_add(grain))
      body(begin, std::min(count, begin + grain));
  }

  void workerLoop() {
    uint64_t seen = 0;
    for (;;) {
      auto posted = [&] {
        return generation.load(std::memory_order_acquire) != seen;
      };
      if (!spinUntil(posted, kSpinBeforeSleep)) {
        std::unique_lock<std::mutex> lock(mutex);
        wake.wait(lock, posted);
      }
      seen = generation.load(std::memory_order_acquire);
      runChunks(*job, jobCount, jobGrain);
      if (busy.fetch_sub(1, std::memory_order_acq_rel) == 1) {
        std::lock_guard<std::mutex> lock(mutex);
        done.notify_one();
      }
    }
  }

  pid_t owner;
  std::vector<std::thread> workers;
  std::mutex callMutex, mutex;
  std::condition_variable wake, done;
  // Written by the caller before the generation is bumped (release), read
  // by the workers after they see it (acquire).
  const std::function<void(int64_t, int64_t)> *job = nullptr;
  int64_t jobCount = 0, jobGrain = 1;
  std::atomic<int64_t> next{0};
  std::atomic<int> busy{0};
  std::atomic<uint64_t> generation{0};
};

//===----------------------------------------------------------------------===//
// The unblocked kernel, for the best ISA level of this CPU
//===----------------------------------------------------------------------===//

template <typename T, typename I>
typename UnblockedLuKernels<T, I>::Fn pickUnblocked() {
#if defined(__x86_64__) && defined(LINALGX_HAVE_ISA_VARIANTS)
  __builtin_cpu_init();
  if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512dq") &&
      __builtin_cpu_supports("avx512vl") && __builtin_cpu_supports("avx512bw"))
    return &avx512::unblockedLu<T, I>;
  if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma"))
    return &avx2::unblockedLu<T, I>;
#endif
  return &baseline::unblockedLu<T, I>;
}

//===----------------------------------------------------------------------===//
// LAPACK
//===----------------------------------------------------------------------===//

#ifdef LINALGX_CPU_RUNTIME_HAS_LAPACK
constexpr bool kHasLapack = true;
#else
constexpr bool kHasLapack = false;
#endif

/// The leading dimension of the column-major workspace: m, padded by a
/// cache line when a column would be a multiple of 512 bytes. Columns at
/// such power-of-two strides map to the same few cache sets, and OpenBLAS's
/// getrf then runs several times slower (a 512x512 f64 matrix took 4.8 ms
/// at lda 512 against 1.0 ms for 384x384, on the development machine).
template <typename T> int64_t paddedLeadingDimension(int64_t m) {
  int64_t lda = std::max<int64_t>(m, 1);
  if ((lda * static_cast<int64_t>(sizeof(T))) % 512 == 0)
    lda += 64 / static_cast<int64_t>(sizeof(T));
  return lda;
}

constexpr int64_t kTransposeTile = 32;

/// Column-major `dst` (leading dimension lda) = rows [rowBegin, rowEnd) of
/// the row-major m x n `src` (which may be the final `lu`: the workspace is
/// separate), in square tiles so that both sides are read and written a
/// cache line at a time.
template <typename T>
void toColumnMajor(const T *src, T *__restrict dst, int64_t rowBegin,
                   int64_t rowEnd, int64_t n, int64_t lda) {
  for (int64_t i0 = rowBegin; i0 < rowEnd; i0 += kTransposeTile)
    for (int64_t j0 = 0; j0 < n; j0 += kTransposeTile) {
      int64_t iEnd = std::min(rowEnd, i0 + kTransposeTile);
      int64_t jEnd = std::min(n, j0 + kTransposeTile);
      for (int64_t i = i0; i < iEnd; ++i)
        for (int64_t j = j0; j < jEnd; ++j)
          dst[j * lda + i] = src[i * n + j];
    }
}

/// Rows [rowBegin, rowEnd) of the row-major m x n `dst` = column-major
/// `src` (leading dimension lda).
template <typename T>
void fromColumnMajor(const T *__restrict src, T *__restrict dst,
                     int64_t rowBegin, int64_t rowEnd, int64_t n, int64_t lda) {
  for (int64_t i0 = rowBegin; i0 < rowEnd; i0 += kTransposeTile)
    for (int64_t j0 = 0; j0 < n; j0 += kTransposeTile) {
      int64_t iEnd = std::min(rowEnd, i0 + kTransposeTile);
      int64_t jEnd = std::min(n, j0 + kTransposeTile);
      for (int64_t j = j0; j < jEnd; ++j)
        for (int64_t i = i0; i < iEnd; ++i)
          dst[i * n + j] = src[j * lda + i];
    }
}

/// Runs body(rowBegin, rowEnd) over the m rows of a matrix in tiles of
/// kTransposeTile rows, on every thread of the pool when `pool` is given.
/// A transpose is bound by one core's memory traffic rather than the
/// machine's, so the pool's threads share it (docs/cpu.md).
template <typename Body>
void forRowTiles(ThreadPool *pool, int64_t m, const Body &body) {
  if (!pool)
    return body(0, m);
  int64_t tiles = (m + kTransposeTile - 1) / kTransposeTile;
  pool->parallelFor(tiles, 1, [&](int64_t begin, int64_t end) {
    body(begin * kTransposeTile, std::min(m, end * kTransposeTile));
  });
}

/// One matrix through LAPACK: our row-major m x n matrix is LAPACK's
/// column-major n x m one, i.e. its transpose; factoring that would pivot
/// columns. So the matrix is transposed into a column-major workspace,
/// factored, and transposed back, and the 1-based pivots become 0-based.
template <typename T, typename I>
void lapackLu(const T *input, T *a, int64_t m, int64_t n, I *pivots, I *info,
              ThreadPool *pool) {
#ifdef LINALGX_CPU_RUNTIME_HAS_LAPACK
  thread_local std::vector<T> columnMajor;
  thread_local std::vector<int> lapackPivots;
  int64_t k = std::min(m, n), lda = paddedLeadingDimension<T>(m);
  columnMajor.resize(static_cast<size_t>(lda * n));
  lapackPivots.resize(static_cast<size_t>(k));
  T *workspace = columnMajor.data();
  forRowTiles(pool, m, [&](int64_t begin, int64_t end) {
    toColumnMajor(input, workspace, begin, end, n, lda);
  });
  int status = 0;
  blas::getrf(static_cast<int>(m), static_cast<int>(n), columnMajor.data(),
              static_cast<int>(lda), lapackPivots.data(), &status);
  forRowTiles(pool, m, [&](int64_t begin, int64_t end) {
    fromColumnMajor(workspace, a, begin, end, n, lda);
  });
  for (int64_t i = 0; i < k; ++i)
    pivots[i] = static_cast<I>(lapackPivots[i] - 1);
  // LAPACK's info > 0 is 1 + the first zero pivot's step, as ours; < 0 (a bad
  // argument) cannot happen with the sizes checked by the caller.
  *info = static_cast<I>(status);
#else
  (void)input, (void)a, (void)m, (void)n, (void)pivots, (void)info;
  fatal("linalgxCpuGetrf: LAPACK strategy, but liblinalgx_cpu_runtime was "
        "built without LAPACK (install libopenblas-dev and reconfigure)",
        LINALGX_CPU_GETRF_LAPACK);
#endif
}

//===----------------------------------------------------------------------===//
// Non-finite input
//===----------------------------------------------------------------------===//

/// Whether an IEEE value is NaN or infinite, from its exponent bits (an
/// integer test, so that the scan over a matrix vectorizes).
template <typename Real> bool isNonFinite(Real value) {
  using Bits = std::conditional_t<sizeof(Real) == 8, uint64_t, uint32_t>;
  constexpr Bits exponent =
      sizeof(Real) == 8 ? 0x7ff0000000000000ull : 0x7f800000u;
  Bits bits;
  std::memcpy(&bits, &value, sizeof(bits));
  return (bits & exponent) == exponent;
}

/// The real type of a matrix element.
template <typename T> struct RealPart {
  using type = T;
};
template <typename T> struct RealPart<std::complex<T>> {
  using type = T;
};

/// Whether every entry of a matrix is finite. LAPACK's getrf (OpenBLAS's
/// i?amax kernels) picks a NaN as the pivot or not depending on the vector
/// width and where it sits, and forms 0 * Inf where our kernels skip a zero
/// pivot; a matrix with a NaN or an infinity is therefore factored by the
/// unblocked kernel, so that every size and strategy follows the one rule of
/// docs/reliability.md. The scan reads the matrix once (under 2 % of a
/// LAPACK-sized factorization).
template <typename T> bool allFinite(const T *a, int64_t count) {
  using Real = typename RealPart<T>::type;
  const Real *values = reinterpret_cast<const Real *>(a);
  int64_t scalars = count * static_cast<int64_t>(sizeof(T) / sizeof(Real));
  bool nonFinite = false;
  for (int64_t i = 0; i < scalars; ++i)
    nonFinite |= isNonFinite(values[i]);
  return !nonFinite;
}

//===----------------------------------------------------------------------===//
// Dispatch
//===----------------------------------------------------------------------===//

template <typename T, typename I>
void getrfBatch(const T *input, T *lu, I *pivots, I *info, int64_t batch,
                int64_t m, int64_t n, int32_t strategy) {
  const int64_t k = std::min(m, n);
  if (k == 0) {
    // Nothing to factor; every matrix succeeded.
    std::fill(info, info + batch, I(0));
    return;
  }
  // LAPACK takes 32-bit sizes; larger matrices can only use our kernel.
  bool fitsLapack = m < INT_MAX - 64 && n <= INT_MAX;
  bool useLapack;
  switch (strategy) {
  case LINALGX_CPU_GETRF_LAPACK:
    if (!kHasLapack)
      fatal("linalgxCpuGetrf: LAPACK strategy, but liblinalgx_cpu_runtime "
            "was built without LAPACK (install libopenblas-dev and "
            "reconfigure)",
            strategy);
    if (!fitsLapack)
      fatal("linalgxCpuGetrf: LAPACK strategy, but a matrix dimension does "
            "not fit LAPACK's 32-bit integers",
            std::max(m, n));
    useLapack = true;
    break;
  case LINALGX_CPU_GETRF_UNBLOCKED:
    useLapack = false;
    break;
  default:
    useLapack = kHasLapack && fitsLapack && k >= kLapackMinSize<T>;
    break;
  }

  // Matrices that OpenBLAS factors on its own threads are taken one at a
  // time by the calling thread, which can then spread their transposes over
  // the pool.
  bool oneThreadPerMatrix = !useLapack || m * n < kOpenBlasSingleThreadElements;
  ThreadPool *transposePool =
      !oneThreadPerMatrix && m * n >= kParallelTransposeElements
          ? ThreadPool::forSharedWork()
          : nullptr;

  static const auto unblocked = pickUnblocked<T, I>();
  auto factor = [&](int64_t b) {
    const T *source = input + b * m * n;
    T *a = lu + b * m * n;
    bool throughBlas = useLapack && allFinite(source, m * n);
    if (throughBlas && strategy == LINALGX_CPU_GETRF_LAPACK) {
      lapackLu(source, a, m, n, pivots + b * k, info + b, transposePool);
      return;
    }
    // The copy of one small matrix leaves it in this core's cache for the
    // factorization.
    if (source != a)
      std::copy(source, source + m * n, a);
    if (throughBlas)
      recursiveLu(a, m, n, pivots + b * k, info + b);
    else
      unblocked(a, m, n, pivots + b * k, info + b);
  };

  double work = static_cast<double>(batch) * m * n * k;
  ThreadPool *pool = batch > 1 && oneThreadPerMatrix && work >= kMinParallelWork
                         ? ThreadPool::forSharedWork()
                         : nullptr;
  if (!pool) {
    for (int64_t b = 0; b < batch; ++b)
      factor(b);
    return;
  }
  // A few chunks per thread balance uneven progress without much traffic
  // on the shared counter.
  int64_t grain = std::max<int64_t>(1, batch / (8 * pool->threads()));
  pool->parallelFor(batch, grain, [&](int64_t begin, int64_t end) {
    for (int64_t b = begin; b < end; ++b)
      factor(b);
  });
}

/// The sizes and buffers a memref descriptor claims are checked before any
/// is read: a batch whose byte size overflows int64 cannot be allocated (its
/// memref.alloc returned null, or the sizes are garbage), and a null buffer
/// of elements would be dereferenced.
void checkBuffers(int64_t elementBytes, const void *input, const void *lu,
                  const void *pivots, const void *info, int64_t batch,
                  int64_t m, int64_t n) {
  int64_t elements, bytes, k = std::min(m, n);
  if (__builtin_mul_overflow(batch, m, &elements) ||
      __builtin_mul_overflow(elements, n, &elements) ||
      __builtin_mul_overflow(elements, elementBytes, &bytes)) {
    std::fprintf(stderr,
                 "linalgx-cpu-runtime: error: linalgxCpuGetrf: %lld matrices "
                 "of %lld x %lld elements of %lld bytes are more than 2^63 "
                 "bytes; the memref's sizes cannot be right\n",
                 static_cast<long long>(batch), static_cast<long long>(m),
                 static_cast<long long>(n),
                 static_cast<long long>(elementBytes));
    std::exit(EXIT_FAILURE);
  }
  auto require = [](bool holds, const char *what) {
    if (holds)
      return;
    std::fprintf(stderr, "linalgx-cpu-runtime: error: %s\n", what);
    std::exit(EXIT_FAILURE);
  };
  require(elements == 0 || (input && lu),
          "linalgxCpuGetrf: the input or lu buffer is null (a failed "
          "allocation?)");
  require(batch * k == 0 || pivots,
          "linalgxCpuGetrf: the pivots buffer is null");
  require(batch == 0 || info, "linalgxCpuGetrf: the info buffer is null");
}

template <typename T>
void getrfForIndex(int32_t indexBits, const void *input, void *lu, void *pivots,
                   void *info, int64_t batch, int64_t m, int64_t n,
                   int32_t strategy) {
  checkBuffers(sizeof(T), input, lu, pivots, info, batch, m, n);
  const T *source = static_cast<const T *>(input);
  T *a = static_cast<T *>(lu);
  switch (indexBits) {
  case 32:
    return getrfBatch(source, a, static_cast<int32_t *>(pivots),
                      static_cast<int32_t *>(info), batch, m, n, strategy);
  case 64:
    return getrfBatch(source, a, static_cast<int64_t *>(pivots),
                      static_cast<int64_t *>(info), batch, m, n, strategy);
  default:
    fatal("linalgxCpuGetrf: indexBits must be 32 or 64", indexBits);
  }
}

} // namespace

extern "C" void linalgxCpuGetrf(int32_t elemType, int32_t indexBits,
                                const void *input, void *lu, void *pivots,
                                void *info, int64_t batch, int64_t m, int64_t n,
                                int32_t strategy) {
  if (batch < 0 || m < 0 || n < 0)
    fatal("linalgxCpuGetrf: negative size", std::min({batch, m, n}));
  if (strategy < LINALGX_CPU_GETRF_AUTO ||
      strategy > LINALGX_CPU_GETRF_UNBLOCKED)
    fatal("linalgxCpuGetrf: unknown strategy", strategy);
  if (batch == 0)
    return;
  switch (elemType) {
  case LINALGX_CPU_F32:
    return getrfForIndex<float>(indexBits, input, lu, pivots, info, batch, m, n,
                                strategy);
  case LINALGX_CPU_F64:
    return getrfForIndex<double>(indexBits, input, lu, pivots, info, batch, m,
                                 n, strategy);
  case LINALGX_CPU_C32:
    return getrfForIndex<std::complex<float>>(indexBits, input, lu, pivots,
                                              info, batch, m, n, strategy);
  case LINALGX_CPU_C64:
    return getrfForIndex<std::complex<double>>(indexBits, input, lu, pivots,
                                               info, batch, m, n, strategy);
  default:
    fatal("linalgxCpuGetrf: unknown element type", elemType);
  }
}

extern "C" int32_t linalgxCpuHasLapack(void) { return kHasLapack ? 1 : 0; }

extern "C" int32_t linalgxCpuNumThreads(void) {
  return ThreadPool::get().threads();
}
