//===- Memory.cpp - stream-ordered temporaries and capture tolerance ------===//
//
// Temporaries of deferred-sync calls (generated code's gpu.alloc) and the
// vendor libraries' scratch (cuSOLVER workspaces, cuBLAS pointer arrays) are
// allocated and freed in stream order from one library-owned memory pool per
// device. Stream order keeps the host out of the loop (no cudaMalloc, no
// cudaFree waiting for the device) and makes the calls capturable into CUDA
// graphs, where the same calls become allocation and free nodes.
//
// The pool is the library's own rather than the device's default pool
// because its release threshold has to be high: with the default threshold
// of 0 every synchronization returns the freed memory to the driver, and the
// next call maps it again, which costs tens of microseconds for the
// megabytes a large factorization borrows. Changing the default pool's
// threshold would change the embedder's memory behaviour too.
//
//===----------------------------------------------------------------------===//

#include "Internal.h"

#include <cstdint>
#include <mutex>
#include <utility>
#include <vector>

namespace linalgx::cuda {

namespace {

/// Bytes each pool keeps mapped across synchronizations
/// (cudaMemPoolAttrReleaseThreshold); LINALGX_CUDA_POOL_KEEP_MIB overrides.
constexpr int64_t kDefaultPoolKeepMiB = 1024;

uint64_t poolKeepBytes() {
  static const uint64_t value = [] {
    int64_t mib = envInt("LINALGX_CUDA_POOL_KEEP_MIB", kDefaultPoolKeepMiB, 0,
                         int64_t(1) << 30);
    return static_cast<uint64_t>(mib) << 20;
  }();
  return value;
}

PerDevice<cudaMemPool_t> &memoryPools() {
  static auto *pools = new PerDevice<cudaMemPool_t>; // never destroyed, see
                                                     // Support.cpp
  return *pools;
}

cudaMemPool_t memoryPool(int device, const char *op) {
  return memoryPools().get(device, [op](int device) {
    CaptureTolerantScope tolerant(op);
    cudaMemPoolProps props = {};
    props.allocType = cudaMemAllocationTypePinned;
    props.location.type = cudaMemLocationTypeDevice;
    props.location.id = device;
    cudaMemPool_t pool = nullptr;
    check(cudaMemPoolCreate(&pool, &props), op, "cudaMemPoolCreate");
    uint64_t keep = poolKeepBytes();
    check(cudaMemPoolSetAttribute(pool, cudaMemPoolAttrReleaseThreshold, &keep),
          op, "cudaMemPoolSetAttribute");
    return pool;
  });
}

} // namespace

CaptureTolerantScope::CaptureTolerantScope(const char *operation)
    : operation(operation) {
  check(cudaThreadExchangeStreamCaptureMode(&mode), operation,
        "cudaThreadExchangeStreamCaptureMode");
}

CaptureTolerantScope::~CaptureTolerantScope() {
  check(cudaThreadExchangeStreamCaptureMode(&mode), operation,
        "cudaThreadExchangeStreamCaptureMode");
}

void *allocateOrdered(size_t bytes, cudaStream_t stream, const char *op) {
  if (faultInjected(Fault::Alloc))
    failCuda(cudaErrorMemoryAllocation, op, "cudaMallocFromPoolAsync",
             /*injected=*/true);
  if (bytes == 0)
    return nullptr;
  void *ptr = nullptr;
  check(cudaMallocFromPoolAsync(&ptr, bytes, memoryPool(activeDevice(), op),
                                stream),
        op, "cudaMallocFromPoolAsync");
  return ptr;
}

void freeOrdered(void *ptr, cudaStream_t stream, const char *op) {
  if (ptr)
    check(cudaFreeAsync(ptr, stream), op, "cudaFreeAsync");
}

void releaseMemoryPools(const char *op) {
  memoryPools().clear([op](int device, cudaMemPool_t pool) {
    DeviceScope scope(op, device);
    // Every ordered free has been queued; wait for them before destroying.
    check(cudaDeviceSynchronize(), op, "cudaDeviceSynchronize");
    check(cudaMemPoolDestroy(pool), op, "cudaMemPoolDestroy");
  });
}

} // namespace linalgx::cuda
