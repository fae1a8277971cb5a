//===- MgpuWrappers.cpp - the mgpu* ABI MLIR's GPU lowering calls ---------===//
//
// Implements every mgpu* entry point that MLIR 22 emits for gpu.binary,
// gpu.launch_func, gpu.alloc/dealloc/memcpy/memset, gpu.wait (streams and
// events), gpu.host_register/unregister and gpu.set_default_device. The exact
// LLVM IR declarations are listed in runtime/cuda/README.md; the C signatures
// below must stay ABI-compatible with them.
//
// Differences from MLIR's own CudaRuntimeWrappers.cpp, on purpose:
//  * mgpuStreamCreate returns the ONE current stream and mgpuStreamDestroy is
//    a no-op (see README.md, "Stream policy").
//  * Modules load lazily, per device, on the first mgpuModuleGetFunction:
//    gpu.binary's global constructor then touches no CUDA state, so a program
//    with embedded kernels still starts (and can probe and fall back) on a
//    machine without a GPU.
//  * A kernel is looked up in the driver once per module, device and name;
//    mgpuModuleGetFunction returns that lookup (not a CUfunction), which also
//    remembers the launch attributes already set, so that a launch in steady
//    state is one driver call.
//  * Kernels of a module that defines `linalgx_programmatic_launch` (every
//    one begins with griddepcontrol.wait: linalgx-gpu-programmatic-launch)
//    launch with programmatic stream serialization on sm_90 and newer.
//  * Every failure terminates the process with a one-line message instead of
//    printing and continuing with garbage.
//
//===----------------------------------------------------------------------===//

#include "Internal.h"

#include "linalgx/MgpuAbi.h"

#include <atomic>
#include <climits>
#include <cstddef>
#include <cstring>
#include <deque>
#include <mutex>
#include <string>
#include <vector>

using namespace linalgx::cuda;

namespace {

/// A kernel of a loaded module: what mgpuModuleGetFunction returns and the
/// launches take. The generated code looks a kernel up before every launch,
/// so the lookup and the launch attributes are cached here instead of asking
/// the driver each time.
struct LoadedFunction {
  LoadedFunction(int device, std::string name, CUfunction function,
                 bool programmaticLaunch)
      : device(device), name(std::move(name)), function(function),
        programmaticLaunch(programmaticLaunch) {}

  const int device;
  const std::string name;
  const CUfunction function;
  /// Whether its module is marked as waiting for the grids ahead of it.
  const bool programmaticLaunch;
  /// The dynamic shared memory the function is opted into (the driver's
  /// default is 48 KiB); only grows.
  std::atomic<int32_t> dynamicSharedBytes{48 * 1024};
  std::atomic<bool> nonPortableClusters{false};
};

/// A module loaded on one device.
struct LoadedModule {
  int device;
  CUmodule module;
  bool programmaticLaunch;
};

/// What mgpuModuleLoad{,JIT} return: the image plus its per-device modules
/// and the kernels looked up in them.
struct ModuleHandle {
  const void *image = nullptr;
  bool isPtx = false; // from mgpuModuleLoadJIT
  int optLevel = 0;
  std::mutex mu;
  std::vector<LoadedModule> loaded;
  std::deque<LoadedFunction> functions; // stable addresses
};

CUstream toDriver(void *stream) { return static_cast<CUstream>(stream); }

/// The global a module defines when all its kernels begin with
/// griddepcontrol.wait (the compiler's linalgx-gpu-programmatic-launch).
constexpr const char *kProgrammaticLaunchMarker = "linalgx_programmatic_launch";

/// Whether `module`'s kernels may launch with programmatic stream
/// serialization: the module is marked and LINALGX_CUDA_PROGRAMMATIC_LAUNCH
/// is not 0 (on by default: it hides the launch gaps between the blocked
/// LU's short dependent kernels).
bool allowsProgrammaticLaunch(const DriverApi &api, CUmodule module) {
  static const bool enabled =
      envInt("LINALGX_CUDA_PROGRAMMATIC_LAUNCH", 1, 0, 1) != 0;
  CUdeviceptr marker = 0;
  size_t bytes = 0;
  return enabled &&
         api.moduleGetGlobal(&marker, &bytes, module,
                             kProgrammaticLaunchMarker) == CUDA_SUCCESS;
}

/// Returns the module of `handle` for `device`, loading it on first use.
/// Must run inside a DeviceScope (cuModuleLoadData loads into the current
/// context) and with `handle.mu` held.
const LoadedModule &moduleForDevice(ModuleHandle &handle, int device,
                                    const char *op) {
  for (const LoadedModule &loaded : handle.loaded)
    if (loaded.device == device)
      return loaded;
  const DriverApi &api = driverApi(op);
  CUmodule module = nullptr;
  if (!handle.isPtx) {
    // cubin or fatbin: cuModuleLoadData recognizes both by their headers.
    check(api.moduleLoadData(&module, handle.image), op, "cuModuleLoadData");
  } else {
    // PTX (gpu.binary with format=isa): JIT it, and keep the JIT's error log
    // for the message.
    char log[4096] = {};
    CUjit_option options[] = {CU_JIT_OPTIMIZATION_LEVEL,
                              CU_JIT_ERROR_LOG_BUFFER,
                              CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES};
    void *values[] = {
        reinterpret_cast<void *>(static_cast<intptr_t>(handle.optLevel)), log,
        reinterpret_cast<void *>(sizeof(log))};
    CUresult err =
        api.moduleLoadDataEx(&module, handle.image, 3, options, values);
    if (err != CUDA_SUCCESS) {
      std::string text(log);
      for (char &c : text) // keep the report on one line
        if (c == '\n' || c == '\r')
          c = ' ';
      failDriver(err, op, "cuModuleLoadDataEx", false,
                 text.empty() ? std::string() : "JIT log: " + text);
    }
  }
  return handle.loaded.emplace_back(
      LoadedModule{device, module, allowsProgrammaticLaunch(api, module)});
}

/// Converts an MLIR `index` launch dimension to the driver's unsigned int.
unsigned launchDim(intptr_t value, const char *what, const char *op) {
  if (value < 0 || static_cast<uint64_t>(value) > UINT_MAX)
    reportInvalidArgument(op, std::string(what) + " = " +
                                  std::to_string(value) +
                                  " does not fit an unsigned int");
  return static_cast<unsigned>(value);
}

/// Kernels need an explicit opt-in to more than 48 KiB of dynamic shared
/// memory.
void allowDynamicSharedMemory(const DriverApi &api, LoadedFunction &function,
                              int32_t smem, const char *op) {
  if (smem < 0)
    reportInvalidArgument(op, "negative dynamic shared memory size " +
                                  std::to_string(smem));
  if (smem <= function.dynamicSharedBytes.load(std::memory_order_relaxed))
    return;
  check(api.funcSetAttribute(function.function,
                             CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
                             smem),
        op, "cuFuncSetAttribute");
  // Two threads may both raise it: keep the larger.
  int32_t allowed = function.dynamicSharedBytes.load();
  while (allowed < smem &&
         !function.dynamicSharedBytes.compare_exchange_weak(allowed, smem))
    ;
}

/// Whether `kernel` launches on `stream` with programmatic stream
/// serialization. The legacy default stream keeps ordinary launches: it is
/// also ordered with every blocking stream, where the attribute has not been
/// measured.
bool launchesProgrammatically(const LoadedFunction &kernel, CUstream stream) {
  return kernel.programmaticLaunch && stream != nullptr &&
         stream != CU_STREAM_LEGACY;
}

/// The launch attribute that lets a kernel start before the one ahead of it
/// in its stream has finished (it waits for it by griddepcontrol.wait).
CUlaunchAttribute programmaticSerialization() {
  CUlaunchAttribute attribute = {};
  attribute.id = CU_LAUNCH_ATTRIBUTE_PROGRAMMATIC_STREAM_SERIALIZATION;
  attribute.value.programmaticStreamSerializationAllowed = 1;
  return attribute;
}

/// The launch configuration of a grid of (gridX, gridY, gridZ) blocks of
/// (blockX, blockY, blockZ) threads, each dimension checked to fit the
/// driver's unsigned int; no attributes yet.
CUlaunchConfig launchConfig(intptr_t gridX, intptr_t gridY, intptr_t gridZ,
                            intptr_t blockX, intptr_t blockY, intptr_t blockZ,
                            int32_t smem, void *stream, const char *op) {
  CUlaunchConfig config = {};
  config.gridDimX = launchDim(gridX, "gridX", op);
  config.gridDimY = launchDim(gridY, "gridY", op);
  config.gridDimZ = launchDim(gridZ, "gridZ", op);
  config.blockDimX = launchDim(blockX, "blockX", op);
  config.blockDimY = launchDim(blockY, "blockY", op);
  config.blockDimZ = launchDim(blockZ, "blockZ", op);
  config.sharedMemBytes = static_cast<unsigned>(smem);
  config.hStream = toDriver(stream);
  return config;
}

LoadedFunction &loadedFunction(void *function, const char *op) {
  if (!function)
    reportInvalidArgument(op, "null kernel (not from mgpuModuleGetFunction)");
  return *static_cast<LoadedFunction *>(function);
}

/// Byte range covered by a ranked memref descriptor
/// {T *allocated, T *aligned, i64 offset, i64 sizes[rank], i64 strides[rank]}.
struct HostRange {
  char *begin = nullptr;
  uint64_t bytes = 0;
};

HostRange memrefRange(int64_t rank, void *descriptor, int64_t elementSizeBytes,
                      const char *op) {
  if (!descriptor || rank < 0 || elementSizeBytes <= 0)
    reportInvalidArgument(op, "bad memref descriptor (rank " +
                                  std::to_string(rank) + ", element size " +
                                  std::to_string(elementSizeBytes) + ")");
  // Read through memcpy: the descriptor is a plain struct from generated code.
  auto *base = static_cast<const char *>(descriptor);
  char *aligned = nullptr;
  int64_t offset = 0;
  std::memcpy(&aligned, base + sizeof(void *), sizeof(aligned));
  std::memcpy(&offset, base + 2 * sizeof(void *), sizeof(offset));
  const char *sizesBase = base + 2 * sizeof(void *) + sizeof(int64_t);
  // Footprint of a strided view: 1 + sum((size_i - 1) * stride_i) elements.
  // Unlike upstream this does not assume a dense layout.
  uint64_t extent = 1;
  for (int64_t i = 0; i < rank; ++i) {
    int64_t size = 0, stride = 0;
    std::memcpy(&size, sizesBase + i * sizeof(int64_t), sizeof(size));
    std::memcpy(&stride, sizesBase + (rank + i) * sizeof(int64_t),
                sizeof(stride));
    if (size == 0)
      return {aligned + offset * elementSizeBytes, 0};
    if (size < 0 || stride < 0)
      reportInvalidArgument(op, "memref with negative size or stride");
    extent += static_cast<uint64_t>(size - 1) * static_cast<uint64_t>(stride);
  }
  return {aligned + offset * elementSizeBytes,
          extent * static_cast<uint64_t>(elementSizeBytes)};
}

} // namespace

extern "C" {

//===----------------------------------------------------------------------===//
// Modules and launches
//===----------------------------------------------------------------------===//

// declare ptr @mgpuModuleLoad(ptr, i64)
LINALGX_CUDA_EXPORT void *mgpuModuleLoad(void *data, size_t /*gpuBlobSize*/) {
  armExitDetection();
  auto *handle = new ModuleHandle;
  handle->image = data; // a constant global of the caller: outlives us
  return handle;
}

// declare ptr @mgpuModuleLoadJIT(ptr, i32)
LINALGX_CUDA_EXPORT void *mgpuModuleLoadJIT(void *data, int32_t optLevel) {
  armExitDetection();
  auto *handle = new ModuleHandle;
  handle->image = data; // NUL-terminated PTX
  handle->isPtx = true;
  handle->optLevel = optLevel < 0 ? 0 : (optLevel > 4 ? 4 : optLevel);
  return handle;
}

// declare void @mgpuModuleUnload(ptr)
LINALGX_CUDA_EXPORT void mgpuModuleUnload(void *module) {
  auto *handle = static_cast<ModuleHandle *>(module);
  if (!handle)
    return;
  // gpu.binary unloads from a global destructor. During process exit the
  // CUDA runtime may already be torn down and the driver frees modules
  // anyway, so only unload explicitly while the process is running (e.g. a
  // JIT engine being destroyed). processExiting() covers the normal exit
  // order; the two "shutting down" codes cover any other teardown order.
  const char *op = "mgpuModuleUnload";
  int device = -1;
  bool shuttingDown =
      !handle->loaded.empty() &&
      (processExiting() || cudaGetDevice(&device) == cudaErrorCudartUnloading);
  for (const LoadedModule &loaded : handle->loaded) {
    if (shuttingDown)
      break;
    DeviceScope scope(op, loaded.device);
    CUresult err = driverApi(op).moduleUnload(loaded.module);
    if (err == CUDA_ERROR_DEINITIALIZED)
      break;
    check(err, op, "cuModuleUnload");
  }
  delete handle;
}

// declare ptr @mgpuModuleGetFunction(ptr, ptr)
LINALGX_CUDA_EXPORT void *mgpuModuleGetFunction(void *module,
                                                const char *name) {
  const char *op = "mgpuModuleGetFunction";
  // The module is loaded here (lazily), so this is where a module fault is
  // reported.
  if (faultInjected(Fault::Module))
    failDriver(CUDA_ERROR_INVALID_IMAGE, op, "cuModuleLoadData",
               /*injected=*/true);
  if (!module || !name)
    reportInvalidArgument(op, "null module or kernel name");
  DeviceScope scope(op);
  auto &handle = *static_cast<ModuleHandle *>(module);
  int device = activeDevice();
  std::lock_guard<std::mutex> lock(handle.mu);
  for (LoadedFunction &function : handle.functions)
    if (function.device == device && function.name == name)
      return &function;
  const LoadedModule &loaded = moduleForDevice(handle, device, op);
  CUfunction function = nullptr;
  CUresult err =
      driverApi(op).moduleGetFunction(&function, loaded.module, name);
  if (err != CUDA_SUCCESS)
    failDriver(err, op, "cuModuleGetFunction", false,
               std::string("kernel '") + name + "'");
  return &handle.functions.emplace_back(device, name, function,
                                        loaded.programmaticLaunch);
}

// declare void @mgpuLaunchKernel(ptr, i64, i64, i64, i64, i64, i64, i32, ptr,
//                                ptr, ptr, i64)
LINALGX_CUDA_EXPORT void
mgpuLaunchKernel(void *function, intptr_t gridX, intptr_t gridY, intptr_t gridZ,
                 intptr_t blockX, intptr_t blockY, intptr_t blockZ,
                 int32_t smem, void *stream, void **params, void **extra,
                 size_t /*paramsCount*/) {
  const char *op = "mgpuLaunchKernel";
  if (faultInjected(Fault::Launch))
    failDriver(CUDA_ERROR_LAUNCH_FAILED, op, "cuLaunchKernel",
               /*injected=*/true);
  CUlaunchConfig config = launchConfig(gridX, gridY, gridZ, blockX, blockY,
                                       blockZ, smem, stream, op);
  DeviceScope scope(op);
  const DriverApi &api = driverApi(op);
  LoadedFunction &kernel = loadedFunction(function, op);
  allowDynamicSharedMemory(api, kernel, smem, op);
  if (!launchesProgrammatically(kernel, config.hStream)) {
    check(api.launchKernel(kernel.function, config.gridDimX, config.gridDimY,
                           config.gridDimZ, config.blockDimX, config.blockDimY,
                           config.blockDimZ, config.sharedMemBytes,
                           config.hStream, params, extra),
          op, "cuLaunchKernel");
    return;
  }
  CUlaunchAttribute attribute = programmaticSerialization();
  config.attrs = &attribute;
  config.numAttrs = 1;
  check(api.launchKernelEx(&config, kernel.function, params, extra), op,
        "cuLaunchKernelEx");
}

// declare void @mgpuLaunchClusterKernel(ptr, i64, i64, i64, i64, i64, i64,
//                                       i64, i64, i64, i32, ptr, ptr, ptr)
LINALGX_CUDA_EXPORT void
mgpuLaunchClusterKernel(void *function, intptr_t clusterX, intptr_t clusterY,
                        intptr_t clusterZ, intptr_t gridX, intptr_t gridY,
                        intptr_t gridZ, intptr_t blockX, intptr_t blockY,
                        intptr_t blockZ, int32_t smem, void *stream,
                        void **params, void **extra) {
  const char *op = "mgpuLaunchClusterKernel";
  if (faultInjected(Fault::Launch))
    failDriver(CUDA_ERROR_LAUNCH_FAILED, op, "cuLaunchKernelEx",
               /*injected=*/true);
  CUlaunchConfig config = launchConfig(gridX, gridY, gridZ, blockX, blockY,
                                       blockZ, smem, stream, op);
  CUlaunchAttribute attributes[2] = {};
  CUlaunchAttribute &cluster = attributes[0];
  cluster.id = CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION;
  cluster.value.clusterDim.x = launchDim(clusterX, "clusterX", op);
  cluster.value.clusterDim.y = launchDim(clusterY, "clusterY", op);
  cluster.value.clusterDim.z = launchDim(clusterZ, "clusterZ", op);
  config.attrs = attributes;
  config.numAttrs = 1;

  DeviceScope scope(op);
  const DriverApi &api = driverApi(op);
  LoadedFunction &kernel = loadedFunction(function, op);
  allowDynamicSharedMemory(api, kernel, smem, op);
  if (launchesProgrammatically(kernel, config.hStream))
    attributes[config.numAttrs++] = programmaticSerialization();
  // More than 8 blocks per cluster is "non-portable" and needs an opt-in.
  uint64_t clusterSize = uint64_t(cluster.value.clusterDim.x) *
                         cluster.value.clusterDim.y *
                         cluster.value.clusterDim.z;
  if (clusterSize > 8 &&
      !kernel.nonPortableClusters.load(std::memory_order_relaxed)) {
    check(api.funcSetAttribute(
              kernel.function,
              CU_FUNC_ATTRIBUTE_NON_PORTABLE_CLUSTER_SIZE_ALLOWED, 1),
          op, "cuFuncSetAttribute");
    kernel.nonPortableClusters.store(true);
  }
  check(api.launchKernelEx(&config, kernel.function, params, extra), op,
        "cuLaunchKernelEx");
}

//===----------------------------------------------------------------------===//
// Streams and events
//===----------------------------------------------------------------------===//

// declare ptr @mgpuStreamCreate()
// Returns the current stream instead of creating one: MLIR's synchronous
// gpu.launch_func lowering does create/launch/synchronize/destroy around
// every launch, and a real stream create+destroy costs microseconds. It also
// orders all generated work and all library calls on one stream.
LINALGX_CUDA_EXPORT void *mgpuStreamCreate() {
  const char *op = "mgpuStreamCreate";
  DeviceScope scope(op);
  return currentStream(op);
}

// declare void @mgpuStreamDestroy(ptr)
// No-op: every stream generated code sees is the current stream, which is
// either owned by the library for the whole process or owned by the embedder.
LINALGX_CUDA_EXPORT void mgpuStreamDestroy(void * /*stream*/) {}

// declare void @mgpuStreamSynchronize(ptr)
// Returns at once on a stream the caller set with
// LINALGX_CUDA_STREAM_DEFER_SYNC: the generated code ends every function with
// a gpu.wait, but an embedder (XLA, PyTorch) consumes the results on that
// same stream and synchronizes itself; blocking the host there would
// serialize its pipeline (and is not allowed while a stream is captured).
LINALGX_CUDA_EXPORT void mgpuStreamSynchronize(void *stream) {
  const char *op = "mgpuStreamSynchronize";
  if (deferredSyncStream(stream))
    return;
  DeviceScope scope(op);
  check(cudaStreamSynchronize(static_cast<cudaStream_t>(stream)), op,
        "cudaStreamSynchronize");
}

// declare void @mgpuStreamWaitEvent(ptr, ptr)
LINALGX_CUDA_EXPORT void mgpuStreamWaitEvent(void *stream, void *event) {
  const char *op = "mgpuStreamWaitEvent";
  DeviceScope scope(op);
  check(cudaStreamWaitEvent(static_cast<cudaStream_t>(stream),
                            static_cast<cudaEvent_t>(event), 0),
        op, "cudaStreamWaitEvent");
}

// declare ptr @mgpuEventCreate()
LINALGX_CUDA_EXPORT void *mgpuEventCreate() {
  const char *op = "mgpuEventCreate";
  DeviceScope scope(op);
  cudaEvent_t event = nullptr;
  // Events here only order work; timing would make them more expensive.
  check(cudaEventCreateWithFlags(&event, cudaEventDisableTiming), op,
        "cudaEventCreateWithFlags");
  return event;
}

// declare void @mgpuEventDestroy(ptr)
LINALGX_CUDA_EXPORT void mgpuEventDestroy(void *event) {
  const char *op = "mgpuEventDestroy";
  DeviceScope scope(op);
  check(cudaEventDestroy(static_cast<cudaEvent_t>(event)), op,
        "cudaEventDestroy");
}

// declare void @mgpuEventSynchronize(ptr)
LINALGX_CUDA_EXPORT void mgpuEventSynchronize(void *event) {
  const char *op = "mgpuEventSynchronize";
  DeviceScope scope(op);
  check(cudaEventSynchronize(static_cast<cudaEvent_t>(event)), op,
        "cudaEventSynchronize");
}

// declare void @mgpuEventRecord(ptr, ptr)
LINALGX_CUDA_EXPORT void mgpuEventRecord(void *event, void *stream) {
  const char *op = "mgpuEventRecord";
  DeviceScope scope(op);
  check(cudaEventRecord(static_cast<cudaEvent_t>(event),
                        static_cast<cudaStream_t>(stream)),
        op, "cudaEventRecord");
}

//===----------------------------------------------------------------------===//
// Memory
//===----------------------------------------------------------------------===//

// declare ptr @mgpuMemAlloc(i64, ptr, i8)
// The i8 flag is taken as a 32-bit integer and masked: generated code passes
// an i8 without zero-extension, and a clang-compiled `bool` parameter would
// assume the caller extended it.
LINALGX_CUDA_EXPORT void *mgpuMemAlloc(uint64_t sizeBytes, void *stream,
                                       uint32_t isHostSharedBits) {
  const char *op = "mgpuMemAlloc";
  bool hostShared = (isHostSharedBits & 0xFFu) != 0;
  // On a deferred-sync stream (see mgpuStreamSynchronize) temporaries are
  // stream-ordered, from the library's pool (Memory.cpp): cudaFree would
  // wait for the whole device, which is the host synchronization the caller
  // asked not to have, and ordered calls can be captured into a graph.
  bool ordered = !hostShared && deferredSyncStream(stream);
  const char *call = hostShared ? "cudaMallocManaged"
                     : ordered  ? "cudaMallocFromPoolAsync"
                                : "cudaMalloc";
  if (faultInjected(Fault::Alloc))
    failCuda(cudaErrorMemoryAllocation, op, call, /*injected=*/true);
  if (sizeBytes == 0)
    return nullptr;
  DeviceScope scope(op);
  void *ptr = nullptr;
  // Otherwise plain cudaMalloc: the allocation is usable on any stream at
  // once, which callers that synchronize (the runner, tests) may rely on.
  // Managed memory only when the IR asks for it (gpu.alloc host_shared).
  if (hostShared)
    check(cudaMallocManaged(&ptr, sizeBytes, cudaMemAttachGlobal), op, call);
  else if (ordered)
    ptr = allocateOrdered(sizeBytes, static_cast<cudaStream_t>(stream), op);
  else
    check(cudaMalloc(&ptr, sizeBytes), op, call);
  return ptr;
}

// declare void @mgpuMemFree(ptr, ptr)
// cudaFree waits for outstanding device work before releasing the memory, so
// freeing a buffer that queued work on `stream` still uses is safe (at the
// cost of a device-wide synchronization). On a deferred-sync stream the
// buffer came from the library's pool on that stream (mgpuMemAlloc) and goes
// back the same way, after the work queued before it.
LINALGX_CUDA_EXPORT void mgpuMemFree(void *ptr, void *stream) {
  const char *op = "mgpuMemFree";
  if (!ptr)
    return;
  DeviceScope scope(op);
  if (deferredSyncStream(stream)) {
    freeOrdered(ptr, static_cast<cudaStream_t>(stream), op);
    return;
  }
  check(cudaFree(ptr), op, "cudaFree");
}

// declare void @mgpuMemcpy(ptr, ptr, i64, ptr)
LINALGX_CUDA_EXPORT void mgpuMemcpy(void *dst, void *src, size_t sizeBytes,
                                    void *stream) {
  const char *op = "mgpuMemcpy";
  if (sizeBytes == 0)
    return;
  DeviceScope scope(op);
  // cudaMemcpyDefault: unified addressing infers the direction.
  check(cudaMemcpyAsync(dst, src, sizeBytes, cudaMemcpyDefault,
                        static_cast<cudaStream_t>(stream)),
        op, "cudaMemcpyAsync");
}

// declare void @mgpuMemset32(ptr, i32, i64, ptr)
LINALGX_CUDA_EXPORT void mgpuMemset32(void *dst, uint32_t value, size_t count,
                                      void *stream) {
  const char *op = "mgpuMemset32";
  if (count == 0)
    return;
  DeviceScope scope(op);
  check(driverApi(op).memsetD32Async(reinterpret_cast<CUdeviceptr>(dst), value,
                                     count, toDriver(stream)),
        op, "cuMemsetD32Async");
}

// declare void @mgpuMemset16(ptr, i16, i64, ptr)
// Value taken as 32 bits and masked, for the same reason as mgpuMemAlloc.
LINALGX_CUDA_EXPORT void mgpuMemset16(void *dst, uint32_t value, size_t count,
                                      void *stream) {
  const char *op = "mgpuMemset16";
  if (count == 0)
    return;
  DeviceScope scope(op);
  check(
      driverApi(op).memsetD16Async(reinterpret_cast<CUdeviceptr>(dst),
                                   static_cast<unsigned short>(value & 0xFFFFu),
                                   count, toDriver(stream)),
      op, "cuMemsetD16Async");
}

// Not emitted by MLIR 22, kept because upstream's wrappers export them and
// hand-written test drivers use them.
LINALGX_CUDA_EXPORT void mgpuMemHostRegister(void *ptr, uint64_t sizeBytes) {
  const char *op = "mgpuMemHostRegister";
  if (!ptr || sizeBytes == 0)
    return;
  DeviceScope scope(op);
  check(cudaHostRegister(ptr, sizeBytes, cudaHostRegisterDefault), op,
        "cudaHostRegister");
}

LINALGX_CUDA_EXPORT void mgpuMemHostUnregister(void *ptr) {
  const char *op = "mgpuMemHostUnregister";
  if (!ptr)
    return;
  DeviceScope scope(op);
  check(cudaHostUnregister(ptr), op, "cudaHostUnregister");
}

// declare void @mgpuMemHostRegisterMemRef(i64, ptr, i64)
// `descriptor` points to a ranked memref descriptor of rank `rank`.
// Registering an empty memref is a no-op (CUDA rejects zero-sized ranges).
LINALGX_CUDA_EXPORT void mgpuMemHostRegisterMemRef(int64_t rank,
                                                   void *descriptor,
                                                   int64_t elementSizeBytes) {
  const char *op = "mgpuMemHostRegisterMemRef";
  HostRange range = memrefRange(rank, descriptor, elementSizeBytes, op);
  if (range.bytes == 0)
    return;
  DeviceScope scope(op);
  check(cudaHostRegister(range.begin, range.bytes, cudaHostRegisterDefault), op,
        "cudaHostRegister");
}

// declare void @mgpuMemHostUnregisterMemRef(i64, ptr, i64)
LINALGX_CUDA_EXPORT void mgpuMemHostUnregisterMemRef(int64_t rank,
                                                     void *descriptor,
                                                     int64_t elementSizeBytes) {
  const char *op = "mgpuMemHostUnregisterMemRef";
  HostRange range = memrefRange(rank, descriptor, elementSizeBytes, op);
  if (range.bytes == 0)
    return; // mirrors mgpuMemHostRegisterMemRef
  DeviceScope scope(op);
  check(cudaHostUnregister(range.begin), op, "cudaHostUnregister");
}

} // extern "C"
