//===- MultiGpuGetrf.cpp - one LU factorization over several GPUs ---------===//
//
// linalgxCudaMgGetrf: partial-pivoting LU of ONE n x n matrix spread over a
// list of GPUs of this process with cuSOLVERMg (libcusolverMg, part of the
// CUDA toolkit), for a matrix larger than one GPU's memory, or faster on
// several.
//
// Why cuSOLVERMg and not cuSOLVERMp: cuSOLVERMg is single-process,
// single-node multi-GPU: one host thread gives it a device list and one tile
// pointer per device, which is exactly what a runtime call from generated
// code or from Python has. cuSOLVERMp expects one process per GPU (one handle
// per process and GPU) joined by an NCCL communicator that MPI or another
// launcher sets up, and ships outside the toolkit (nvidia-cusolvermp, NCCL):
// every caller would have to become a multi-process program. docs/scale.md
// ("One matrix over several GPUs") has the whole argument.
//
// A call is host-synchronous, as cuSOLVERMg is:
//   1. the arguments are validated on the host before any CUDA call;
//   2. it waits for the caller's current stream (`a` may be device memory
//      that earlier work writes);
//   3. A is distributed in cuSOLVERMg's only layout, 1-D column
//      block-cyclic: column block b (blockSize columns, all n rows) goes to
//      grid device b % D as its local block b / D, one copy per block on
//      that device's own stream (a row-major A: a 2-D copy of the block into
//      a staging buffer, then a cuBLAS geam transpose on that device);
//   4. cusolverMgGetrf_bufferSize, one workspace per device,
//      cusolverMgGetrf, and a synchronization of every grid device;
//   5. the factors and the (global, 1-based) pivots are gathered back into
//      `a` and `pivots`, `info` is written, the streams are waited for, and
//      everything allocated is freed.
// `a`, `pivots` and `info` may be host memory (pageable or pinned) or device
// memory of any device: every copy is cudaMemcpy*Async(cudaMemcpyDefault),
// which unified addressing resolves.
//
//===----------------------------------------------------------------------===//

#include "Internal.h"

#include "linalgx/CudaRuntime.h"

// cusolverMg.h marks the whole cuSOLVERMg API deprecated as of CUDA 13. It
// is still the toolkit's only single-process multi-GPU LU (docs/scale.md
// says what replaces it if it goes), so the deprecation is acknowledged here
// once rather than warned about at every call.
#define DISABLE_CUSOLVERMG_DEPRECATED
#include <cusolverMg.h>

#include <algorithm>
#include <chrono>
#include <climits>
#include <cstdint>
#include <string>
#include <thread>
#include <vector>

using namespace linalgx::cuda;

namespace {

const char *const kOp = "linalgxCudaMgGetrf";

/// cusolverMgDeviceSelect accepts at most 32 devices.
constexpr int32_t kMaxDevices = 32;

/// Default bound, in seconds, on each of the call's waits for a stream
/// (LINALGX_CUDA_MG_WAIT_SECONDS overrides it; 0 = no bound). Copies and the
/// caller's earlier work only: the factorization itself runs inside
/// cusolverMgGetrf, which cannot be bounded from outside.
constexpr int64_t kDefaultWaitSeconds = 600;

const size_t kElementBytes[] = {4, 8, 8, 16};
const cudaDataType kDataTypes[] = {CUDA_R_32F, CUDA_R_64F, CUDA_C_32F,
                                   CUDA_C_64F};
const char *const kGeamNames[] = {"cublasSgeam", "cublasDgeam", "cublasCgeam",
                                  "cublasZgeam"};

std::string onDevice(const std::string &call, int device) {
  return call + " on device " + std::to_string(device);
}

std::string deviceListText(const std::vector<int> &devices) {
  std::string text;
  for (size_t i = 0; i < devices.size(); ++i)
    text += (i ? "," : "") + std::to_string(devices[i]);
  return text;
}

//===----------------------------------------------------------------------===//
// Argument checks
//===----------------------------------------------------------------------===//

void validateDevices(const int32_t *devices, int32_t deviceCount) {
  if (!devices)
    reportInvalidArgument(kOp, "devices is null");
  if (deviceCount < 1 || deviceCount > kMaxDevices)
    reportInvalidArgument(kOp, "deviceCount " + std::to_string(deviceCount) +
                                   " is not in [1, 32] (cuSOLVERMg's limit)");
  for (int32_t i = 0; i < deviceCount; ++i) {
    if (devices[i] < 0)
      reportInvalidArgument(kOp, "devices[" + std::to_string(i) +
                                     "] = " + std::to_string(devices[i]) +
                                     " is negative");
    for (int32_t j = 0; j < i; ++j)
      if (devices[j] == devices[i])
        reportInvalidArgument(
            kOp, "device " + std::to_string(devices[i]) +
                     " appears twice in devices (at " + std::to_string(j) +
                     " and " + std::to_string(i) +
                     "); each device holds one share of the matrix");
  }
}

/// Every check that needs no CUDA call, with LAPACK's rules, so that neither
/// cuSOLVERMg nor the copies can see an illegal argument.
void validateArguments(int32_t elemType, const void *a, const int32_t *pivots,
                       const int32_t *info, int64_t n, int32_t layout,
                       const int32_t *devices, int32_t deviceCount,
                       int64_t blockSize) {
  if (elemType < LINALGX_CUDA_F32 || elemType > LINALGX_CUDA_C64)
    reportInvalidArgument(kOp, "elemType " + std::to_string(elemType) +
                                   " is not 0 (f32), 1 (f64), 2 (complex<f32>)"
                                   " or 3 (complex<f64>), the types "
                                   "cusolverMgGetrf supports");
  if (layout != LINALGX_CUDA_COLUMN_MAJOR && layout != LINALGX_CUDA_ROW_MAJOR)
    reportInvalidArgument(kOp, "layout " + std::to_string(layout) +
                                   " is not 0 (column-major) or 1 (row-major)");
  if (n < 0)
    reportInvalidArgument(kOp, "negative n (" + std::to_string(n) + ")");
  if (n > INT_MAX)
    reportInvalidArgument(kOp, "n must fit in int32 (cuSOLVERMg's sizes and "
                               "the int32 pivots), got " +
                                   std::to_string(n));
  if (n > 0 &&
      n > INT64_MAX / n / static_cast<int64_t>(kElementBytes[elemType]))
    reportInvalidArgument(kOp, "n * n elements overflow a 64-bit byte count "
                               "(n = " +
                                   std::to_string(n) + ")");
  if (!info)
    reportInvalidArgument(kOp, "info is null");
  if (n > 0 && !a)
    reportInvalidArgument(kOp, "a is null");
  if (n > 0 && !pivots)
    reportInvalidArgument(kOp, "pivots is null");
  validateDevices(devices, deviceCount);
  if (blockSize < 1 || blockSize > INT_MAX)
    reportInvalidArgument(kOp, "blockSize " + std::to_string(blockSize) +
                                   " is not in [1, 2^31-1]");
}

/// The device ids must name devices of this process; cudaGetDeviceCount
/// also reports a missing driver as the error of a named call.
void checkDevicesExist(const int32_t *devices, int32_t deviceCount) {
  int available = 0;
  check(cudaGetDeviceCount(&available), kOp, "cudaGetDeviceCount");
  for (int32_t i = 0; i < deviceCount; ++i)
    if (devices[i] >= available)
      reportInvalidArgument(
          kOp, "device " + std::to_string(devices[i]) +
                   " does not exist: this process sees " +
                   std::to_string(available) + " CUDA device(s)" +
                   (available > 0 ? ", 0 to " + std::to_string(available - 1)
                                  : std::string()));
}

//===----------------------------------------------------------------------===//
// Waiting, devices, memory
//===----------------------------------------------------------------------===//

int64_t waitLimitSeconds() {
  static const int64_t value =
      envInt("LINALGX_CUDA_MG_WAIT_SECONDS", kDefaultWaitSeconds, 0, INT32_MAX);
  return value;
}

/// Waits for the work queued on `stream` (of `device`) so far. It polls
/// instead of blocking in cudaStreamSynchronize so that a stream that never
/// finishes becomes an error naming the device and the work (`what`) after
/// waitLimitSeconds(), not a hang.
void waitForStream(cudaStream_t stream, int device, const std::string &what) {
  using Clock = std::chrono::steady_clock;
  const int64_t limit = waitLimitSeconds();
  const Clock::time_point start = Clock::now();
  std::chrono::microseconds pause(10);
  for (;;) {
    cudaError_t status = cudaStreamQuery(stream);
    if (status == cudaSuccess)
      return;
    if (status != cudaErrorNotReady)
      failCuda(status, kOp,
               onDevice("cudaStreamQuery (" + what + ")", device).c_str());
    if (limit > 0 && Clock::now() - start > std::chrono::seconds(limit))
      reportFailure(kOp, onDevice("cudaStreamQuery", device).c_str(),
                    "cudaErrorNotReady", cudaErrorNotReady,
                    what + " did not finish within " + std::to_string(limit) +
                        " s (LINALGX_CUDA_MG_WAIT_SECONDS)",
                    false);
    std::this_thread::sleep_for(pause);
    pause = std::min(pause * 2, std::chrono::microseconds(1000));
  }
}

/// `a` (and `pivots`, `info`) may be device memory that work queued earlier
/// on the caller's current stream still writes or reads, while the call's
/// copies run on the grid devices' own streams: wait for that work first.
void waitForCallerStream() {
  DeviceScope scope(kOp);
  cudaStream_t stream = currentStream(kOp);
  cudaStreamCaptureStatus capture = cudaStreamCaptureStatusNone;
  check(cudaStreamIsCapturing(stream, &capture), kOp, "cudaStreamIsCapturing");
  if (capture != cudaStreamCaptureStatusNone)
    reportInvalidArgument(kOp, "the current stream is being captured into a "
                               "CUDA graph; this call waits on the host "
                               "(cuSOLVERMg is host-synchronous) and cannot "
                               "be captured");
  waitForStream(stream, activeDevice(),
                "the work queued on the current stream before the call");
}

/// Restores the calling thread's current device when the call returns: it
/// switches between the grid's devices.
class CurrentDeviceRestorer {
public:
  CurrentDeviceRestorer() {
    check(cudaGetDevice(&device), kOp, "cudaGetDevice");
  }
  ~CurrentDeviceRestorer() {
    check(cudaSetDevice(device), kOp,
          onDevice("cudaSetDevice", device).c_str());
  }
  CurrentDeviceRestorer(const CurrentDeviceRestorer &) = delete;
  CurrentDeviceRestorer &operator=(const CurrentDeviceRestorer &) = delete;

private:
  int device = 0;
};

void setDevice(int device) {
  check(cudaSetDevice(device), kOp, onDevice("cudaSetDevice", device).c_str());
}

/// cuSOLVERMg exchanges panels between the devices; peer access lets those
/// copies go device to device (NVLink, PCIe) rather than through the host.
/// Enabled for every ordered pair that supports it and left enabled: it is
/// a per-context setting that the embedder may rely on as well.
void enablePeerAccess(const std::vector<int> &devices) {
  for (int from : devices)
    for (int to : devices) {
      if (from == to)
        continue;
      int possible = 0;
      check(cudaDeviceCanAccessPeer(&possible, from, to), kOp,
            onDevice("cudaDeviceCanAccessPeer", from).c_str());
      if (!possible)
        continue;
      setDevice(from);
      cudaError_t err = cudaDeviceEnablePeerAccess(to, 0);
      if (err == cudaErrorPeerAccessAlreadyEnabled) {
        (void)cudaGetLastError(); // not an error; do not leave it pending
        continue;
      }
      check(err, kOp,
            onDevice("cudaDeviceEnablePeerAccess(" + std::to_string(to) + ")",
                     from)
                .c_str());
    }
}

/// cudaMalloc on the current device (`device`); running out of memory is
/// reported with the size, what it was for and the device's free memory.
void *allocate(int device, size_t bytes, const char *what) {
  void *ptr = nullptr;
  cudaError_t err = cudaMalloc(&ptr, std::max<size_t>(bytes, 256));
  if (err == cudaSuccess)
    return ptr;
  size_t freeBytes = 0, totalBytes = 0;
  bool known = cudaMemGetInfo(&freeBytes, &totalBytes) == cudaSuccess;
  (void)cudaGetLastError();
  std::string description = std::string(cudaGetErrorString(err)) + ": " +
                            std::to_string(bytes) + " bytes for the " + what;
  if (known)
    description += "; " + std::to_string(freeBytes) + " of " +
                   std::to_string(totalBytes) + " bytes free";
  description += "; spread the matrix over more devices";
  reportFailure(kOp, onDevice("cudaMalloc", device).c_str(),
                cudaGetErrorName(err), static_cast<int>(err), description,
                false);
}

//===----------------------------------------------------------------------===//
// Layout and per-device shares
//===----------------------------------------------------------------------===//

/// cuSOLVERMg's 1-D column block-cyclic layout over D devices: column block
/// b (columns [b*T, min((b+1)*T, n))) is local block b / D of grid device
/// b % D. Each local block is stored n x T column-major (leading dimension
/// n), its pivots as T ints, so a device's tiles and pivots are contiguous.
struct BlockCyclic {
  int64_t n;
  int64_t blockSize; // T, at most n
  int64_t blocks;
  int64_t devices; // D, at most `blocks`

  BlockCyclic(int64_t n, int64_t requestedBlockSize, int64_t deviceCount)
      : n(n), blockSize(std::min(requestedBlockSize, n)),
        blocks((n + blockSize - 1) / blockSize),
        devices(std::min(deviceCount, blocks)) {}

  int64_t columnsOf(int64_t block) const {
    return std::min(blockSize, n - block * blockSize);
  }
  size_t deviceOf(int64_t block) const {
    return static_cast<size_t>(block % devices);
  }
  int64_t localBlockOf(int64_t block) const { return block / devices; }
  int64_t localBlocks(int64_t device) const {
    return (blocks - device + devices - 1) / devices;
  }
};

/// What one grid device holds during a call. The destructor releases it on
/// every path that returns (an error ends the process, see CudaRuntime.h).
struct DeviceShare {
  int device = -1;
  cudaStream_t stream = nullptr;
  cublasHandle_t blas = nullptr; // row-major layout only
  void *tiles = nullptr;         // localBlocks * n * T elements
  int32_t *pivots = nullptr;     // localBlocks * T
  void *workspace = nullptr;     // cuSOLVERMg's, lwork elements
  void *staging = nullptr;       // row-major layout only: n * T elements

  DeviceShare() = default;
  DeviceShare(const DeviceShare &) = delete;
  DeviceShare &operator=(const DeviceShare &) = delete;

  ~DeviceShare() {
    if (device < 0)
      return;
    setDevice(device);
    if (blas)
      check(cublasDestroy(blas), kOp,
            onDevice("cublasDestroy", device).c_str());
    for (void *ptr : {tiles, static_cast<void *>(pivots), workspace, staging})
      if (ptr)
        check(cudaFree(ptr), kOp, onDevice("cudaFree", device).c_str());
    if (stream)
      check(cudaStreamDestroy(stream), kOp,
            onDevice("cudaStreamDestroy", device).c_str());
  }
};

/// Creates device `device`'s stream and buffers for its `localBlocks` blocks
/// (and, for a row-major matrix, its cuBLAS handle and staging buffer).
void prepareShare(DeviceShare &share, int device, int32_t type, bool rowMajor,
                  const BlockCyclic &cyclic, int64_t localBlocks) {
  share.device = device;
  setDevice(device);
  // Non-blocking: the copies must not serialize with other work on the
  // legacy default stream of the device.
  check(cudaStreamCreateWithFlags(&share.stream, cudaStreamNonBlocking), kOp,
        onDevice("cudaStreamCreateWithFlags", device).c_str());
  const size_t tileBytes =
      static_cast<size_t>(cyclic.n * cyclic.blockSize) * kElementBytes[type];
  share.tiles = allocate(device, tileBytes * localBlocks, "matrix tiles");
  share.pivots = static_cast<int32_t *>(allocate(
      device, sizeof(int32_t) * cyclic.blockSize * localBlocks, "pivots"));
  if (!rowMajor)
    return;
  share.staging = allocate(device, tileBytes, "row-major staging buffer");
  check(cublasCreate(&share.blas), kOp,
        onDevice("cublasCreate", device).c_str());
  check(cublasSetStream(share.blas, share.stream), kOp,
        onDevice("cublasSetStream", device).c_str());
  // geam below runs in cuBLAS's in-place form with beta = 0, whose B is the
  // destination; zeroing both buffers once means no stale NaN can ever be
  // multiplied by that 0.
  check(cudaMemsetAsync(share.tiles, 0, tileBytes * localBlocks, share.stream),
        kOp, onDevice("cudaMemsetAsync", device).c_str());
  check(cudaMemsetAsync(share.staging, 0, tileBytes, share.stream), kOp,
        onDevice("cudaMemsetAsync", device).c_str());
}

//===----------------------------------------------------------------------===//
// Moving blocks between `a` and the tiles
//===----------------------------------------------------------------------===//

/// dst (rows x cols, column-major, leading dimension rows) := src^T, src
/// being cols x rows column-major (leading dimension cols); no conjugation.
/// cuBLAS geam with beta = 0 and dst as B, the usual transpose form.
void transposeOnDevice(const DeviceShare &share, int32_t type, int64_t rows,
                       int64_t cols, const void *src, void *dst) {
  const std::string call = onDevice(kGeamNames[type], share.device);
  const int m = static_cast<int>(rows), n = static_cast<int>(cols);
  auto run = [&](auto geam, auto one, auto zero, auto *from, auto *to) {
    check(geam(share.blas, CUBLAS_OP_T, CUBLAS_OP_N, m, n, &one, from, n, &zero,
               to, m, to, m),
          kOp, call.c_str());
  };
  switch (type) {
  case LINALGX_CUDA_F32:
    run(cublasSgeam, 1.0f, 0.0f, static_cast<const float *>(src),
        static_cast<float *>(dst));
    break;
  case LINALGX_CUDA_F64:
    run(cublasDgeam, 1.0, 0.0, static_cast<const double *>(src),
        static_cast<double *>(dst));
    break;
  case LINALGX_CUDA_C32:
    run(cublasCgeam, make_cuComplex(1, 0), make_cuComplex(0, 0),
        static_cast<const cuComplex *>(src), static_cast<cuComplex *>(dst));
    break;
  default:
    run(cublasZgeam, make_cuDoubleComplex(1, 0), make_cuDoubleComplex(0, 0),
        static_cast<const cuDoubleComplex *>(src),
        static_cast<cuDoubleComplex *>(dst));
    break;
  }
}

/// Where column block `block` lives: its device's share and the address of
/// its tile there.
struct BlockPlace {
  const DeviceShare &share;
  char *tile;
  int64_t columns;
};

BlockPlace placeOf(const std::vector<DeviceShare> &shares,
                   const BlockCyclic &cyclic, int32_t type, int64_t block) {
  const DeviceShare &share = shares[cyclic.deviceOf(block)];
  const size_t tileBytes =
      static_cast<size_t>(cyclic.n * cyclic.blockSize) * kElementBytes[type];
  char *tile = static_cast<char *>(share.tiles) +
               static_cast<size_t>(cyclic.localBlockOf(block)) * tileBytes;
  return {share, tile, cyclic.columnsOf(block)};
}

/// Copies column block `block` of `a` into its tile: one contiguous copy
/// for a column-major `a`; for a row-major one, a 2-D copy of the block's n
/// row pieces into the staging buffer (row-major n x columns), then a
/// transpose into the tile.
void scatterBlock(const std::vector<DeviceShare> &shares,
                  const BlockCyclic &cyclic, int32_t type, bool rowMajor,
                  const char *a, int64_t block) {
  BlockPlace place = placeOf(shares, cyclic, type, block);
  const DeviceShare &share = place.share;
  const size_t elem = kElementBytes[type];
  const int64_t firstColumn = block * cyclic.blockSize;
  setDevice(share.device);
  if (!rowMajor) {
    check(cudaMemcpyAsync(place.tile, a + firstColumn * cyclic.n * elem,
                          static_cast<size_t>(cyclic.n * place.columns) * elem,
                          cudaMemcpyDefault, share.stream),
          kOp, onDevice("cudaMemcpyAsync", share.device).c_str());
    return;
  }
  check(cudaMemcpy2DAsync(share.staging, place.columns * elem,
                          a + firstColumn * elem, cyclic.n * elem,
                          place.columns * elem, cyclic.n, cudaMemcpyDefault,
                          share.stream),
        kOp, onDevice("cudaMemcpy2DAsync", share.device).c_str());
  transposeOnDevice(share, type, cyclic.n, place.columns, share.staging,
                    place.tile);
}

/// The reverse of scatterBlock, plus the block's pivots into `pivots`.
void gatherBlock(const std::vector<DeviceShare> &shares,
                 const BlockCyclic &cyclic, int32_t type, bool rowMajor,
                 char *a, int32_t *pivots, int64_t block) {
  BlockPlace place = placeOf(shares, cyclic, type, block);
  const DeviceShare &share = place.share;
  const size_t elem = kElementBytes[type];
  const int64_t firstColumn = block * cyclic.blockSize;
  setDevice(share.device);
  const int32_t *blockPivots =
      share.pivots + cyclic.localBlockOf(block) * cyclic.blockSize;
  check(cudaMemcpyAsync(pivots + firstColumn, blockPivots,
                        sizeof(int32_t) * place.columns, cudaMemcpyDefault,
                        share.stream),
        kOp, onDevice("cudaMemcpyAsync", share.device).c_str());
  if (!rowMajor) {
    check(cudaMemcpyAsync(a + firstColumn * cyclic.n * elem, place.tile,
                          static_cast<size_t>(cyclic.n * place.columns) * elem,
                          cudaMemcpyDefault, share.stream),
          kOp, onDevice("cudaMemcpyAsync", share.device).c_str());
    return;
  }
  transposeOnDevice(share, type, place.columns, cyclic.n, place.tile,
                    share.staging);
  check(cudaMemcpy2DAsync(a + firstColumn * elem, cyclic.n * elem,
                          share.staging, place.columns * elem,
                          place.columns * elem, cyclic.n, cudaMemcpyDefault,
                          share.stream),
        kOp, onDevice("cudaMemcpy2DAsync", share.device).c_str());
}

void waitForShares(const std::vector<DeviceShare> &shares,
                   const std::string &what) {
  for (const DeviceShare &share : shares) {
    setDevice(share.device);
    waitForStream(share.stream, share.device, what);
  }
}

//===----------------------------------------------------------------------===//
// cuSOLVERMg
//===----------------------------------------------------------------------===//

/// The cuSOLVERMg handle, device grid and matrix descriptor of one call,
/// destroyed with it.
class MgSolver {
public:
  MgSolver(const std::vector<int> &gridDevices, int32_t type,
           const BlockCyclic &cyclic)
      : devices(gridDevices), type(type), cyclic(cyclic),
        where(" on devices " + deviceListText(gridDevices)) {
    check(cusolverMgCreate(&handle), kOp, "cusolverMgCreate");
    check(cusolverMgDeviceSelect(handle, static_cast<int>(devices.size()),
                                 devices.data()),
          kOp, call("cusolverMgDeviceSelect").c_str());
    std::vector<int32_t> ids(devices.begin(), devices.end());
    check(cusolverMgCreateDeviceGrid(&grid, 1, static_cast<int32_t>(ids.size()),
                                     ids.data(),
                                     CUDALIBMG_GRID_MAPPING_COL_MAJOR),
          kOp, call("cusolverMgCreateDeviceGrid").c_str());
    // Row blocks of n rows: every tile spans all rows (1-D column layout).
    check(cusolverMgCreateMatrixDesc(&descriptor, cyclic.n, cyclic.n, cyclic.n,
                                     cyclic.blockSize, kDataTypes[type], grid),
          kOp, call("cusolverMgCreateMatrixDesc").c_str());
  }

  ~MgSolver() {
    if (descriptor)
      check(cusolverMgDestroyMatrixDesc(descriptor), kOp,
            call("cusolverMgDestroyMatrixDesc").c_str());
    if (grid)
      check(cusolverMgDestroyGrid(grid), kOp,
            call("cusolverMgDestroyGrid").c_str());
    if (handle)
      check(cusolverMgDestroy(handle), kOp, call("cusolverMgDestroy").c_str());
  }

  MgSolver(const MgSolver &) = delete;
  MgSolver &operator=(const MgSolver &) = delete;

  /// cuSOLVERMg's workspace per device, in elements of the matrix's type.
  int64_t workspaceElements(std::vector<DeviceShare> &shares) {
    collectPointers(shares);
    int64_t lwork = 0;
    check(cusolverMgGetrf_bufferSize(handle, n(), n(), tiles.data(), 1, 1,
                                     descriptor, pivots.data(),
                                     kDataTypes[type], &lwork),
          kOp, call("cusolverMgGetrf_bufferSize").c_str());
    return lwork;
  }

  /// cusolverMgGetrf, then a synchronization of every grid device (the
  /// library's own streams are not visible, so device-wide). Returns info.
  int getrf(std::vector<DeviceShare> &shares, int64_t lwork) {
    collectPointers(shares);
    std::vector<void *> workspaces;
    for (DeviceShare &share : shares)
      workspaces.push_back(share.workspace);
    int info = 0;
    check(cusolverMgGetrf(handle, n(), n(), tiles.data(), 1, 1, descriptor,
                          pivots.data(), kDataTypes[type], workspaces.data(),
                          lwork, &info),
          kOp, call("cusolverMgGetrf").c_str());
    for (int device : devices) {
      setDevice(device);
      check(cudaDeviceSynchronize(), kOp,
            onDevice("cudaDeviceSynchronize (after cusolverMgGetrf)", device)
                .c_str());
    }
    return info;
  }

private:
  std::string call(const char *function) const { return function + where; }
  int n() const { return static_cast<int>(cyclic.n); }

  void collectPointers(std::vector<DeviceShare> &shares) {
    tiles.clear();
    pivots.clear();
    for (DeviceShare &share : shares) {
      tiles.push_back(share.tiles);
      pivots.push_back(share.pivots);
    }
  }

  std::vector<int> devices;
  int32_t type;
  BlockCyclic cyclic;
  std::string where;
  cusolverMgHandle_t handle = nullptr;
  cudaLibMgGrid_t grid = nullptr;
  cudaLibMgMatrixDesc_t descriptor = nullptr;
  std::vector<void *> tiles;
  std::vector<int *> pivots;
};

/// Steps 3 to 5 of the file comment for n > 0, on the grid `devices`.
void factorOnGrid(int32_t type, bool rowMajor, char *a, int32_t *pivots,
                  int32_t *info, const BlockCyclic &cyclic,
                  const std::vector<int> &devices) {
  enablePeerAccess(devices);
  std::vector<DeviceShare> shares(devices.size());
  for (size_t p = 0; p < devices.size(); ++p)
    prepareShare(shares[p], devices[p], type, rowMajor, cyclic,
                 cyclic.localBlocks(static_cast<int64_t>(p)));
  for (int64_t block = 0; block < cyclic.blocks; ++block)
    scatterBlock(shares, cyclic, type, rowMajor, a, block);
  waitForShares(shares, "copying the matrix to the grid");

  MgSolver solver(devices, type, cyclic);
  const int64_t lwork = solver.workspaceElements(shares);
  if (lwork < 0 ||
      static_cast<uint64_t>(lwork) > UINT64_MAX / 2 / kElementBytes[type])
    reportFailure(kOp, "cusolverMgGetrf_bufferSize", "lwork", lwork,
                  "reported a workspace size that cannot be allocated", false);
  for (DeviceShare &share : shares) {
    setDevice(share.device);
    share.workspace =
        allocate(share.device, static_cast<size_t>(lwork) * kElementBytes[type],
                 "cuSOLVERMg workspace");
  }
  int32_t status = solver.getrf(shares, lwork);
  if (status < 0)
    reportFailure(
        kOp, "cusolverMgGetrf", "info", status,
        "argument " + std::to_string(-status) + " had an illegal value", false);

  for (int64_t block = 0; block < cyclic.blocks; ++block)
    gatherBlock(shares, cyclic, type, rowMajor, a, pivots, block);
  setDevice(shares[0].device);
  check(cudaMemcpyAsync(info, &status, sizeof(int32_t), cudaMemcpyDefault,
                        shares[0].stream),
        kOp, onDevice("cudaMemcpyAsync", shares[0].device).c_str());
  waitForShares(shares, "copying the factors back");
}

/// n == 0: nothing to factor; info is 0 (written on the caller's stream,
/// as `info` may be device memory).
void writeZeroInfo(int32_t *info) {
  DeviceScope scope(kOp);
  cudaStream_t stream = currentStream(kOp);
  const int32_t zero = 0;
  check(
      cudaMemcpyAsync(info, &zero, sizeof(int32_t), cudaMemcpyDefault, stream),
      kOp, "cudaMemcpyAsync");
  waitForStream(stream, activeDevice(), "writing info");
}

} // namespace

extern "C" LINALGX_CUDA_EXPORT void
linalgxCudaMgGetrf(int32_t elemType, void *a, int32_t *pivots, int32_t *info,
                   int64_t n, int32_t layout, const int32_t *devices,
                   int32_t deviceCount, int64_t blockSize) {
  validateArguments(elemType, a, pivots, info, n, layout, devices, deviceCount,
                    blockSize);
  if (faultInjected(Fault::Getrf))
    failCusolver(CUSOLVER_STATUS_EXECUTION_FAILED, kOp, "cusolverMgGetrf",
                 /*injected=*/true);
  checkDevicesExist(devices, deviceCount);

  CurrentDeviceRestorer restorer;
  waitForCallerStream();
  if (n == 0) {
    writeZeroInfo(info);
    return;
  }
  // Devices beyond the number of column blocks would hold no tile; they are
  // left out of the grid rather than handed to cuSOLVERMg empty.
  BlockCyclic cyclic(n, blockSize, deviceCount);
  std::vector<int> grid(devices, devices + cyclic.devices);
  factorOnGrid(elemType, layout == LINALGX_CUDA_ROW_MAJOR,
               static_cast<char *>(a), pivots, info, cyclic, grid);
}
