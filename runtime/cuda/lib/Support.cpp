//===- Support.cpp - errors, driver entry points, device/stream state -----===//
//
// Also holds the linalgx entry points that only deal with that state:
// linalgxCudaProbe and the linalgxCuda{Set,Reset,Get}Stream family.
//
//===----------------------------------------------------------------------===//

#include "Internal.h"
#include "common/EnvironmentInteger.h"

#include "linalgx/CudaRuntime.h"
#include "linalgx/MgpuAbi.h"

#include <cerrno>
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <utility>
#include <vector>

namespace linalgx::cuda {

//===----------------------------------------------------------------------===//
// Errors
//===----------------------------------------------------------------------===//

void reportFailure(const char *operation, const char *call,
                   const char *codeName, long long code,
                   const std::string &description, bool injected) {
  // One fprintf so that concurrent failures do not interleave mid-line.
  std::fprintf(stderr,
               "linalgx-cuda-runtime: error: %s: %s failed with %s (%lld): "
               "%s%s\n",
               operation, call, codeName, code, description.c_str(),
               injected ? " (injected)" : "");
  std::fflush(stderr);
  std::exit(EXIT_FAILURE);
}

void reportInvalidArgument(const char *operation, const std::string &message) {
  std::fprintf(stderr,
               "linalgx-cuda-runtime: error: %s: invalid argument: %s\n",
               operation, message.c_str());
  std::fflush(stderr);
  std::exit(EXIT_FAILURE);
}

void checkElementType(int32_t elemType, const char *operation) {
  if (elemType < LINALGX_CUDA_F32 || elemType > LINALGX_CUDA_C64)
    reportInvalidArgument(operation,
                          "elemType " + std::to_string(elemType) +
                              " is not 0 (f32), 1 (f64), 2 (complex<f32>) or "
                              "3 (complex<f64>)");
}

void failCuda(cudaError_t err, const char *operation, const char *call,
              bool injected) {
  // cudaGetErrorName/String are static tables of the runtime: they work even
  // without a driver.
  reportFailure(operation, call, cudaGetErrorName(err), static_cast<int>(err),
                cudaGetErrorString(err), injected);
}

/// Set once the driver entry points are resolved; failDriver uses the
/// driver's own names when it can.
static std::atomic<const DriverApi *> gDriver{nullptr};

/// Names for the driver codes the library itself produces (fault injection)
/// or may see before the driver's own cuGetErrorName is available.
static std::pair<const char *, const char *> fallbackDriverError(CUresult e) {
  switch (e) {
  case CUDA_ERROR_INVALID_VALUE:
    return {"CUDA_ERROR_INVALID_VALUE", "invalid argument"};
  case CUDA_ERROR_OUT_OF_MEMORY:
    return {"CUDA_ERROR_OUT_OF_MEMORY", "out of memory"};
  case CUDA_ERROR_NOT_INITIALIZED:
    return {"CUDA_ERROR_NOT_INITIALIZED", "initialization error"};
  case CUDA_ERROR_DEINITIALIZED:
    return {"CUDA_ERROR_DEINITIALIZED", "driver shutting down"};
  case CUDA_ERROR_NO_DEVICE:
    return {"CUDA_ERROR_NO_DEVICE", "no CUDA-capable device is detected"};
  case CUDA_ERROR_INVALID_IMAGE:
    return {"CUDA_ERROR_INVALID_IMAGE", "device kernel image is invalid"};
  case CUDA_ERROR_INVALID_CONTEXT:
    return {"CUDA_ERROR_INVALID_CONTEXT", "invalid device context"};
  case CUDA_ERROR_NOT_FOUND:
    return {"CUDA_ERROR_NOT_FOUND", "named symbol not found"};
  case CUDA_ERROR_LAUNCH_FAILED:
    return {"CUDA_ERROR_LAUNCH_FAILED", "unspecified launch failure"};
  default:
    return {"CUDA_ERROR_<unknown>", "unknown CUDA driver error"};
  }
}

void failDriver(CUresult err, const char *operation, const char *call,
                bool injected, const std::string &extra) {
  auto [name, description] = fallbackDriverError(err);
  if (const DriverApi *api = gDriver.load()) {
    const char *s = nullptr;
    if (api->getErrorName(err, &s) == CUDA_SUCCESS && s)
      name = s;
    if (api->getErrorString(err, &s) == CUDA_SUCCESS && s)
      description = s;
  }
  std::string text = description;
  if (!extra.empty())
    text += "; " + extra;
  reportFailure(operation, call, name, static_cast<long long>(err), text,
                injected);
}

const char *cublasStatusName(cublasStatus_t status) {
  switch (status) {
  case CUBLAS_STATUS_SUCCESS:
    return "CUBLAS_STATUS_SUCCESS";
  case CUBLAS_STATUS_NOT_INITIALIZED:
    return "CUBLAS_STATUS_NOT_INITIALIZED";
  case CUBLAS_STATUS_ALLOC_FAILED:
    return "CUBLAS_STATUS_ALLOC_FAILED";
  case CUBLAS_STATUS_INVALID_VALUE:
    return "CUBLAS_STATUS_INVALID_VALUE";
  case CUBLAS_STATUS_ARCH_MISMATCH:
    return "CUBLAS_STATUS_ARCH_MISMATCH";
  case CUBLAS_STATUS_MAPPING_ERROR:
    return "CUBLAS_STATUS_MAPPING_ERROR";
  case CUBLAS_STATUS_EXECUTION_FAILED:
    return "CUBLAS_STATUS_EXECUTION_FAILED";
  case CUBLAS_STATUS_INTERNAL_ERROR:
    return "CUBLAS_STATUS_INTERNAL_ERROR";
  case CUBLAS_STATUS_NOT_SUPPORTED:
    return "CUBLAS_STATUS_NOT_SUPPORTED";
  case CUBLAS_STATUS_LICENSE_ERROR:
    return "CUBLAS_STATUS_LICENSE_ERROR";
  }
  return "CUBLAS_STATUS_<unknown>";
}

const char *cublasStatusDescription(cublasStatus_t status) {
  switch (status) {
  case CUBLAS_STATUS_SUCCESS:
    return "success";
  case CUBLAS_STATUS_NOT_INITIALIZED:
    return "the cuBLAS library was not initialized";
  case CUBLAS_STATUS_ALLOC_FAILED:
    return "resource allocation failed inside cuBLAS";
  case CUBLAS_STATUS_INVALID_VALUE:
    return "an unsupported value or parameter was passed to cuBLAS";
  case CUBLAS_STATUS_ARCH_MISMATCH:
    return "the device lacks a feature cuBLAS needs";
  case CUBLAS_STATUS_MAPPING_ERROR:
    return "access to GPU memory space failed";
  case CUBLAS_STATUS_EXECUTION_FAILED:
    return "the GPU program failed to execute";
  case CUBLAS_STATUS_INTERNAL_ERROR:
    return "an internal cuBLAS operation failed";
  case CUBLAS_STATUS_NOT_SUPPORTED:
    return "the functionality requested is not supported";
  case CUBLAS_STATUS_LICENSE_ERROR:
    return "license error";
  }
  return "unknown cuBLAS status";
}

const char *cusolverStatusName(cusolverStatus_t status) {
  switch (status) {
#define LINALGX_CASE(x)                                                        \
  case x:                                                                      \
    return #x;
    LINALGX_CASE(CUSOLVER_STATUS_SUCCESS)
    LINALGX_CASE(CUSOLVER_STATUS_NOT_INITIALIZED)
    LINALGX_CASE(CUSOLVER_STATUS_ALLOC_FAILED)
    LINALGX_CASE(CUSOLVER_STATUS_INVALID_VALUE)
    LINALGX_CASE(CUSOLVER_STATUS_ARCH_MISMATCH)
    LINALGX_CASE(CUSOLVER_STATUS_MAPPING_ERROR)
    LINALGX_CASE(CUSOLVER_STATUS_EXECUTION_FAILED)
    LINALGX_CASE(CUSOLVER_STATUS_INTERNAL_ERROR)
    LINALGX_CASE(CUSOLVER_STATUS_MATRIX_TYPE_NOT_SUPPORTED)
    LINALGX_CASE(CUSOLVER_STATUS_NOT_SUPPORTED)
    LINALGX_CASE(CUSOLVER_STATUS_ZERO_PIVOT)
    LINALGX_CASE(CUSOLVER_STATUS_INVALID_LICENSE)
    LINALGX_CASE(CUSOLVER_STATUS_INVALID_WORKSPACE)
#undef LINALGX_CASE
  default:
    break; // the IRS_* codes are irrelevant to getrf
  }
  return "CUSOLVER_STATUS_<unknown>";
}

const char *cusolverStatusDescription(cusolverStatus_t status) {
  switch (status) {
  case CUSOLVER_STATUS_SUCCESS:
    return "success";
  case CUSOLVER_STATUS_NOT_INITIALIZED:
    return "the cuSOLVER library was not initialized";
  case CUSOLVER_STATUS_ALLOC_FAILED:
    return "resource allocation failed inside cuSOLVER";
  case CUSOLVER_STATUS_INVALID_VALUE:
    return "an unsupported value or parameter was passed to cuSOLVER";
  case CUSOLVER_STATUS_ARCH_MISMATCH:
    return "the device lacks a feature cuSOLVER needs";
  case CUSOLVER_STATUS_MAPPING_ERROR:
    return "access to GPU memory space failed";
  case CUSOLVER_STATUS_EXECUTION_FAILED:
    return "the GPU program failed to execute";
  case CUSOLVER_STATUS_INTERNAL_ERROR:
    return "an internal cuSOLVER operation failed";
  case CUSOLVER_STATUS_MATRIX_TYPE_NOT_SUPPORTED:
    return "the matrix type is not supported";
  case CUSOLVER_STATUS_NOT_SUPPORTED:
    return "the functionality requested is not supported";
  case CUSOLVER_STATUS_ZERO_PIVOT:
    return "zero pivot";
  case CUSOLVER_STATUS_INVALID_LICENSE:
    return "license error";
  case CUSOLVER_STATUS_INVALID_WORKSPACE:
    return "invalid workspace";
  default:
    break;
  }
  return "unknown cuSOLVER status";
}

void failCublas(cublasStatus_t err, const char *operation, const char *call,
                bool injected) {
  reportFailure(operation, call, cublasStatusName(err), static_cast<int>(err),
                cublasStatusDescription(err), injected);
}

void failCusolver(cusolverStatus_t err, const char *operation, const char *call,
                  bool injected) {
  reportFailure(operation, call, cusolverStatusName(err), static_cast<int>(err),
                cusolverStatusDescription(err), injected);
}

//===----------------------------------------------------------------------===//
// Fault injection
//===----------------------------------------------------------------------===//

bool faultInjected(Fault fault) {
  static const Fault configured = [] {
    const char *name = std::getenv("LINALGX_CUDA_INJECT_FAULT");
    if (!name || !*name)
      return Fault::None;
    const std::pair<const char *, Fault> names[] = {{"alloc", Fault::Alloc},
                                                    {"launch", Fault::Launch},
                                                    {"getrf", Fault::Getrf},
                                                    {"module", Fault::Module}};
    for (const auto &[text, value] : names)
      if (std::strcmp(name, text) == 0)
        return value;
    // A typo must not make a fault-injection test pass silently.
    reportInvalidArgument("LINALGX_CUDA_INJECT_FAULT",
                          std::string("unknown fault '") + name +
                              "' (expected alloc, launch, getrf or module)");
  }();
  return configured != Fault::None && configured == fault;
}

//===----------------------------------------------------------------------===//
// Driver entry points
//===----------------------------------------------------------------------===//

template <typename Fn>
static void resolve(Fn &slot, const char *symbol, const char *operation) {
  void *fn = nullptr;
  cudaDriverEntryPointQueryResult status = cudaDriverEntryPointSymbolNotFound;
  // 12000: ask for the ABI of CUDA 12.0, which is what the PFN_*_vNNNN
  // typedefs in DriverApi describe; any CUDA 12/13 driver provides it.
  check(cudaGetDriverEntryPointByVersion(symbol, &fn, 12000, cudaEnableDefault,
                                         &status),
        operation, "cudaGetDriverEntryPointByVersion");
  if (!fn || status != cudaDriverEntryPointSuccess)
    reportFailure(
        operation, "cudaGetDriverEntryPointByVersion",
        "cudaDriverEntryPointSymbolNotFound", static_cast<int>(status),
        std::string("driver symbol ") + symbol + " not available", false);
  slot = reinterpret_cast<Fn>(fn);
}

const DriverApi &driverApi(const char *operation) {
  if (const DriverApi *api = gDriver.load(std::memory_order_acquire))
    return *api;
  static std::mutex mu;
  std::lock_guard<std::mutex> lock(mu);
  if (const DriverApi *api = gDriver.load(std::memory_order_acquire))
    return *api;
  // Never freed: the table must outlive every static destructor that may
  // still report an error.
  auto *api = new DriverApi;
  resolve(api->getErrorName, "cuGetErrorName", operation);
  resolve(api->getErrorString, "cuGetErrorString", operation);
  resolve(api->moduleLoadData, "cuModuleLoadData", operation);
  resolve(api->moduleLoadDataEx, "cuModuleLoadDataEx", operation);
  resolve(api->moduleUnload, "cuModuleUnload", operation);
  resolve(api->moduleGetFunction, "cuModuleGetFunction", operation);
  resolve(api->moduleGetGlobal, "cuModuleGetGlobal", operation);
  resolve(api->funcSetAttribute, "cuFuncSetAttribute", operation);
  resolve(api->launchKernel, "cuLaunchKernel", operation);
  resolve(api->launchKernelEx, "cuLaunchKernelEx", operation);
  resolve(api->memsetD16Async, "cuMemsetD16Async", operation);
  resolve(api->memsetD32Async, "cuMemsetD32Async", operation);
  gDriver.store(api, std::memory_order_release);
  return *api;
}

//===----------------------------------------------------------------------===//
// Device and current stream
//===----------------------------------------------------------------------===//

namespace {
/// Library-owned streams, one per device, created lazily and never
/// destroyed: destroying them from a static destructor would race the CUDA
/// runtime's own teardown, and the driver reclaims them at exit anyway.
PerDevice<cudaStream_t> &ownedStreams() {
  static auto *streams = new PerDevice<cudaStream_t>; // never destroyed
  return *streams;
}

/// The calling thread's override (linalgxCudaSetStream{,Ex}). Per thread so
/// that embedders running on several host threads, each with its own stream
/// (XLA's executor threads, a PyTorch program's worker threads), cannot
/// redirect each other's work; a thread without an override uses the
/// library's stream of the process-wide device.
struct ThreadStream {
  bool set = false;
  cudaStream_t stream = nullptr;
  int device = -1;
  uint32_t flags = 0;
};
thread_local ThreadStream tStream;

/// The side stream the calling thread's work goes to between
/// linalgxCudaBeginAside and linalgxCudaEndAside (null outside).
thread_local cudaStream_t tAsideStream = nullptr;

std::atomic<int> gDevice{0};
std::atomic<bool> gExiting{false};
} // namespace

// Order at exit (glibc): atexit handlers run last-registered first, and the
// executable's and libraries' destructors (.fini_array, where gpu.binary's
// module-unload global dtor lands) run from _dl_fini, which __libc_start_main
// registers before the executable's constructors run. Registering here, from
// the first mgpuModuleLoad (called by those constructors, or later by a JIT),
// therefore sets the flag before the module-unload dtors run. A library
// constructor would be too early: it runs before _dl_fini is registered, so
// its handler would run after the dtors. The CUDA runtime registers its own
// teardown at its first call, later still, so it runs even earlier.
void armExitDetection() {
  static std::once_flag once;
  std::call_once(once, [] { std::atexit([] { gExiting.store(true); }); });
}

bool processExiting() { return gExiting.load(); }

int activeDevice() {
  return tStream.set ? tStream.device : gDevice.load(std::memory_order_relaxed);
}

bool deferredSyncStream(void *stream) {
  return tStream.set && (tStream.flags & LINALGX_CUDA_STREAM_DEFER_SYNC) &&
         static_cast<cudaStream_t>(stream) == tStream.stream;
}

DeviceScope::DeviceScope(const char *operation)
    : DeviceScope(operation, activeDevice()) {}

DeviceScope::DeviceScope(const char *operation, int target)
    : operation(operation) {
  // Whether cudaSetDevice ran on this thread: a fresh thread reports device
  // 0 from cudaGetDevice without any context being current, and the driver
  // API calls of this library need the primary context current.
  thread_local bool primed = false;
  int current = -1;
  check(cudaGetDevice(&current), operation, "cudaGetDevice");
  if (primed && current == target)
    return;
  check(cudaSetDevice(target), operation, "cudaSetDevice");
  primed = true;
  if (current != target)
    previous = current;
}

DeviceScope::~DeviceScope() {
  if (previous >= 0)
    check(cudaSetDevice(previous), operation, "cudaSetDevice");
}

void setAsideStream(cudaStream_t stream) { tAsideStream = stream; }

cudaStream_t asideStream() { return tAsideStream; }

cudaStream_t currentStream(const char *operation) {
  if (tAsideStream)
    return tAsideStream;
  if (tStream.set)
    return tStream.stream;
  return ownedStreams().get(activeDevice(), [operation](int) {
    // Non-blocking: must not serialize against other libraries' work on the
    // legacy default stream.
    cudaStream_t stream = nullptr;
    check(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking), operation,
          "cudaStreamCreateWithFlags");
    return stream;
  });
}

int64_t envInt(const char *name, int64_t fallback, int64_t min, int64_t max) {
  return linalgx::runtime::environmentInteger("linalgx-cuda-runtime", name,
                                              fallback, min, max);
}

} // namespace linalgx::cuda

using namespace linalgx::cuda;

//===----------------------------------------------------------------------===//
// linalgx entry points: probe and stream policy
//===----------------------------------------------------------------------===//

static void writeMessage(char *message, int64_t capacity, const char *format,
                         ...) __attribute__((format(printf, 3, 4)));
static void writeMessage(char *message, int64_t capacity, const char *format,
                         ...) {
  if (!message || capacity <= 0)
    return;
  va_list args;
  va_start(args, format);
  std::vsnprintf(message, static_cast<size_t>(capacity), format, args);
  va_end(args);
}

extern "C" LINALGX_CUDA_EXPORT int linalgxCudaProbe(char *message,
                                                    int64_t capacity) {
  // Only non-terminating calls here: this is how callers decide whether to
  // use the GPU at all.
  int count = 0;
  cudaError_t err = cudaGetDeviceCount(&count);
  if (err != cudaSuccess) {
    (void)cudaGetLastError(); // do not leave the error for the embedder
    writeMessage(message, capacity, "no CUDA driver/device: %s (%d): %s",
                 cudaGetErrorName(err), static_cast<int>(err),
                 cudaGetErrorString(err));
    return 0;
  }
  if (count <= 0) {
    writeMessage(message, capacity,
                 "no CUDA driver/device: no CUDA-capable device is detected");
    return 0;
  }
  int driverVersion = 0, runtimeVersion = 0, major = 0, minor = 0;
  (void)cudaDriverGetVersion(&driverVersion);
  (void)cudaRuntimeGetVersion(&runtimeVersion);
  (void)cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, 0);
  (void)cudaDeviceGetAttribute(&minor, cudaDevAttrComputeCapabilityMinor, 0);
  (void)cudaGetLastError();
  writeMessage(message, capacity,
               "%d CUDA device(s); device 0 is sm_%d%d; driver %d.%d, "
               "runtime %d.%d",
               count, major, minor, driverVersion / 1000,
               (driverVersion % 1000) / 10, runtimeVersion / 1000,
               (runtimeVersion % 1000) / 10);
  return count;
}

extern "C" LINALGX_CUDA_EXPORT void linalgxCudaSetStreamEx(void *stream,
                                                           uint32_t flags) {
  const char *op = "linalgxCudaSetStreamEx";
  if (flags & ~uint32_t{LINALGX_CUDA_STREAM_DEFER_SYNC})
    reportInvalidArgument(op, "unknown flags " + std::to_string(flags));
  auto s = static_cast<cudaStream_t>(stream);
  int device = -1;
  if (s == nullptr || s == cudaStreamLegacy || s == cudaStreamPerThread)
    // Special handles mean "the default stream of the calling thread's
    // current device".
    check(cudaGetDevice(&device), op, "cudaGetDevice");
  else {
    // A stream being captured into a CUDA graph (torch.cuda.graph, XLA's
    // command buffers) refuses cudaStreamGetDevice; the capturing thread's
    // current device is the stream's (PyTorch and XLA capture under it).
    cudaStreamCaptureStatus capture = cudaStreamCaptureStatusNone;
    check(cudaStreamIsCapturing(s, &capture), op, "cudaStreamIsCapturing");
    if (capture == cudaStreamCaptureStatusNone)
      check(cudaStreamGetDevice(s, &device), op, "cudaStreamGetDevice");
    else
      check(cudaGetDevice(&device), op, "cudaGetDevice");
    static const bool reportCapture =
        envInt("LINALGX_CUDA_REPORT_CAPTURE", 0, 0, 1) != 0;
    static std::once_flag reported;
    if (reportCapture && capture != cudaStreamCaptureStatusNone)
      std::call_once(reported, [&] {
        std::fprintf(
            stderr,
            "linalgx-cuda-runtime: note: stream capture: the work "
            "queued on stream %p is being recorded into a CUDA graph\n",
            stream);
      });
  }
  tStream.set = true;
  tStream.stream = s;
  tStream.device = device;
  tStream.flags = flags;
}

extern "C" LINALGX_CUDA_EXPORT void linalgxCudaSetStream(void *stream) {
  linalgxCudaSetStreamEx(stream, 0);
}

extern "C" LINALGX_CUDA_EXPORT void linalgxCudaResetStream(void) {
  tStream = ThreadStream{};
}

extern "C" LINALGX_CUDA_EXPORT void *linalgxCudaGetStream(void) {
  const char *op = "linalgxCudaGetStream";
  DeviceScope scope(op);
  return currentStream(op);
}

// gpu.set_default_device lowers to this. Unlike upstream's thread_local
// default device, the device here is process-wide; a thread with a stream
// override works on that stream's device instead.
extern "C" LINALGX_CUDA_EXPORT void mgpuSetDefaultDevice(int32_t device) {
  const char *op = "mgpuSetDefaultDevice";
  if (device < 0)
    reportInvalidArgument(op,
                          "device " + std::to_string(device) + " must be >= 0");
  if (tStream.set && tStream.device != device)
    reportInvalidArgument(
        op, "device " + std::to_string(device) + " differs from device " +
                std::to_string(tStream.device) +
                " of the stream set by linalgxCudaSetStream on this thread");
  gDevice.store(device);
}
