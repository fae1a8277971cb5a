//===- Internal.h - shared helpers of the linalgx CUDA runtime --*- C++ -*-===//
//
// Error reporting, fault injection, lazily resolved CUDA driver entry points,
// and the process-wide device / current-stream state.
//
// Why the driver API is resolved at run time: the library must stay loadable
// (dlopen) on machines without libcuda.so.1 so that linalgxCudaProbe can say
// "no GPU" instead of the dynamic loader failing. The CUDA runtime is linked
// statically and loads the driver itself on first use; driver-only entry
// points (modules, launches, 16/32-bit memsets) are fetched through
// cudaGetDriverEntryPointByVersion once a device is known to exist.
//
//===----------------------------------------------------------------------===//

#ifndef LINALGX_RUNTIME_CUDA_INTERNAL_H
#define LINALGX_RUNTIME_CUDA_INTERNAL_H

#include <cublas_v2.h>
#include <cuda.h>
#include <cudaTypedefs.h>
#include <cuda_runtime_api.h>
#include <cusolverDn.h>

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

namespace linalgx::cuda {

//===----------------------------------------------------------------------===//
// Errors
//===----------------------------------------------------------------------===//

/// Prints `linalgx-cuda-runtime: error: <operation>: <call> failed with
/// <codeName> (<code>): <description>[ (injected)]` and exits with
/// EXIT_FAILURE.
[[noreturn]] void reportFailure(const char *operation, const char *call,
                                const char *codeName, long long code,
                                const std::string &description, bool injected);

/// Reports a caller error detected by the library itself (bad argument):
/// `linalgx-cuda-runtime: error: <operation>: invalid argument: <message>`.
[[noreturn]] void reportInvalidArgument(const char *operation,
                                        const std::string &message);

/// reportInvalidArgument unless `elemType` is one of LinalgxCudaElementType's
/// four codes.
void checkElementType(int32_t elemType, const char *operation);

[[noreturn]] void failCuda(cudaError_t err, const char *operation,
                           const char *call, bool injected = false);
[[noreturn]] void failDriver(CUresult err, const char *operation,
                             const char *call, bool injected = false,
                             const std::string &extra = {});
[[noreturn]] void failCublas(cublasStatus_t err, const char *operation,
                             const char *call, bool injected = false);
[[noreturn]] void failCusolver(cusolverStatus_t err, const char *operation,
                               const char *call, bool injected = false);

// `check` overloads: one per status type, so every call site reads the same.
inline void check(cudaError_t err, const char *operation, const char *call) {
  if (err != cudaSuccess)
    failCuda(err, operation, call);
}
inline void check(CUresult err, const char *operation, const char *call) {
  if (err != CUDA_SUCCESS)
    failDriver(err, operation, call);
}
inline void check(cublasStatus_t err, const char *operation, const char *call) {
  if (err != CUBLAS_STATUS_SUCCESS)
    failCublas(err, operation, call);
}
inline void check(cusolverStatus_t err, const char *operation,
                  const char *call) {
  if (err != CUSOLVER_STATUS_SUCCESS)
    failCusolver(err, operation, call);
}

const char *cublasStatusName(cublasStatus_t status);
const char *cublasStatusDescription(cublasStatus_t status);
const char *cusolverStatusName(cusolverStatus_t status);
const char *cusolverStatusDescription(cusolverStatus_t status);

//===----------------------------------------------------------------------===//
// Test-only fault injection (LINALGX_CUDA_INJECT_FAULT=<name>)
//===----------------------------------------------------------------------===//

enum class Fault { None, Alloc, Launch, Getrf, Module };

/// True when LINALGX_CUDA_INJECT_FAULT names `fault`. Read once. Entry points
/// test this BEFORE touching CUDA so the error path can also be exercised on
/// machines without a GPU.
bool faultInjected(Fault fault);

//===----------------------------------------------------------------------===//
// Driver entry points
//===----------------------------------------------------------------------===//

struct DriverApi {
  PFN_cuGetErrorName_v6000 getErrorName = nullptr;
  PFN_cuGetErrorString_v6000 getErrorString = nullptr;
  PFN_cuModuleLoadData_v2000 moduleLoadData = nullptr;
  PFN_cuModuleLoadDataEx_v2010 moduleLoadDataEx = nullptr;
  PFN_cuModuleUnload_v2000 moduleUnload = nullptr;
  PFN_cuModuleGetFunction_v2000 moduleGetFunction = nullptr;
  PFN_cuModuleGetGlobal_v3020 moduleGetGlobal = nullptr;
  PFN_cuFuncSetAttribute_v9000 funcSetAttribute = nullptr;
  PFN_cuLaunchKernel_v4000 launchKernel = nullptr;
  PFN_cuLaunchKernelEx_v11060 launchKernelEx = nullptr;
  PFN_cuMemsetD16Async_v3020 memsetD16Async = nullptr;
  PFN_cuMemsetD32Async_v3020 memsetD32Async = nullptr;
};

/// Resolves the driver entry points on first use (thread-safe); a missing
/// driver or symbol is reported as an error of `operation`.
const DriverApi &driverApi(const char *operation);

//===----------------------------------------------------------------------===//
// Device and current stream
//===----------------------------------------------------------------------===//

/// The device all library work of the calling thread targets: the device of
/// the thread's stream override (linalgxCudaSetStream), else the process-wide
/// one (mgpuSetDefaultDevice, 0 by default).
int activeDevice();

/// True when `stream` is the calling thread's override stream and it was set
/// with LINALGX_CUDA_STREAM_DEFER_SYNC: mgpuStreamSynchronize then returns
/// without waiting and mgpuMemAlloc/mgpuMemFree are stream-ordered.
bool deferredSyncStream(void *stream);

/// Makes the active device (and so its primary context, which the driver API
/// calls need) current on the calling thread for the scope, restoring the
/// caller's device afterwards if it was different. The first scope on a thread
/// always calls cudaSetDevice, which since CUDA 12 initializes the primary
/// context and makes it current; later scopes cost one cudaGetDevice.
class DeviceScope {
public:
  explicit DeviceScope(const char *operation);
  /// Same, for an explicit device instead of the active one.
  DeviceScope(const char *operation, int device);
  ~DeviceScope();
  DeviceScope(const DeviceScope &) = delete;
  DeviceScope &operator=(const DeviceScope &) = delete;

private:
  const char *operation;
  int previous = -1; // device to restore, or -1
};

/// The current stream (see CudaRuntime.h): the open aside region's side
/// stream, else the thread's override, else the library-owned stream of the
/// active device, created on first use; call inside a DeviceScope.
cudaStream_t currentStream(const char *operation);

/// Opens (a stream) or closes (null) the calling thread's aside region:
/// while open, currentStream returns `stream`.
void setAsideStream(cudaStream_t stream);
/// The open aside region's side stream, null when none is open.
cudaStream_t asideStream();

/// One `T` per device, created by `create(device)` on the first request for
/// that device; safe to use from several threads. (Few devices: a list.)
template <typename T> class PerDevice {
public:
  template <typename Create> T get(int device, Create create) {
    std::lock_guard<std::mutex> lock(mu);
    for (const auto &[d, value] : values)
      if (d == device)
        return value;
    T value = create(device);
    values.emplace_back(device, value);
    return value;
  }

  /// Calls `release(device, value)` on each value and forgets them all.
  template <typename Release> void clear(Release release) {
    std::lock_guard<std::mutex> lock(mu);
    for (const auto &[device, value] : values)
      release(device, value);
    values.clear();
  }

private:
  std::mutex mu;
  std::vector<std::pair<int, T>> values;
};

/// Lets the calling thread make the calls stream capture forbids (creating
/// handles, streams, events, pools; loading a module) for the scope, even
/// while a stream of the thread is being captured into a CUDA graph in
/// global mode: the resources the library creates lazily on a stream's
/// first call are not part of the captured work, so a first call may be a
/// captured one. Restores the thread's previous capture mode.
class CaptureTolerantScope {
public:
  explicit CaptureTolerantScope(const char *operation);
  ~CaptureTolerantScope();
  CaptureTolerantScope(const CaptureTolerantScope &) = delete;
  CaptureTolerantScope &operator=(const CaptureTolerantScope &) = delete;

private:
  const char *operation;
  cudaStreamCaptureMode mode = cudaStreamCaptureModeRelaxed;
};

/// `bytes` of device memory of the active device, allocated in stream order
/// on `stream` from the library's pool of that device (Memory.cpp); null for
/// 0 bytes. Usable by work queued on `stream` after this call, and by other
/// streams once they wait for it.
void *allocateOrdered(size_t bytes, cudaStream_t stream, const char *op);
/// Frees `ptr` (from allocateOrdered, or null) after the work queued on
/// `stream` so far.
void freeOrdered(void *ptr, cudaStream_t stream, const char *op);
/// Destroys the pools (after synchronizing their devices).
void releaseMemoryPools(const char *op);

/// True once the process has started exiting (set by an atexit handler that
/// armExitDetection registers). Teardown paths use it to avoid calling into
/// a CUDA runtime/driver that is already being torn down.
bool processExiting();
/// Registers that atexit handler (once); see Support.cpp for the ordering.
void armExitDetection();

/// Reads an integer environment variable in [min, max]: `fallback` when
/// unset; a bad or out-of-range value is reported and replaced
/// (common/EnvironmentInteger.h).
int64_t envInt(const char *name, int64_t fallback, int64_t min, int64_t max);

} // namespace linalgx::cuda

#endif // LINALGX_RUNTIME_CUDA_INTERNAL_H
