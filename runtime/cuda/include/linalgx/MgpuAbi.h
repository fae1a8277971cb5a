//===- MgpuAbi.h - the mgpu* entry points MLIR's GPU lowering calls -*- C++
//-*-//
//
// C declarations of the mgpu* functions liblinalgx_cuda_runtime.so exports.
// Generated code calls them; this header exists so the definitions
// (lib/MgpuWrappers.cpp) are checked against one declaration and so test
// drivers can call them by hand. Each comment gives the LLVM IR declaration
// MLIR 22 emits (see README.md for how that list was obtained).
//
// Streams, events, modules and functions are opaque pointers (cudaStream_t,
// cudaEvent_t, and internal module and kernel handles: a function is what
// mgpuModuleGetFunction returned, not a CUfunction).
//
//===----------------------------------------------------------------------===//

#ifndef LINALGX_MGPU_ABI_H
#define LINALGX_MGPU_ABI_H

#include "linalgx/CudaRuntime.h"

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

// declare ptr @mgpuModuleLoad(ptr, i64)          ; cubin / fatbin
LINALGX_CUDA_EXPORT void *mgpuModuleLoad(void *data, size_t gpuBlobSize);
// declare ptr @mgpuModuleLoadJIT(ptr, i32)       ; NUL-terminated PTX
LINALGX_CUDA_EXPORT void *mgpuModuleLoadJIT(void *data, int32_t optLevel);
// declare void @mgpuModuleUnload(ptr)
LINALGX_CUDA_EXPORT void mgpuModuleUnload(void *module);
// declare ptr @mgpuModuleGetFunction(ptr, ptr)
LINALGX_CUDA_EXPORT void *mgpuModuleGetFunction(void *module, const char *name);
// declare void @mgpuLaunchKernel(ptr, i64, i64, i64, i64, i64, i64, i32, ptr,
//                                ptr, ptr, i64)
LINALGX_CUDA_EXPORT void mgpuLaunchKernel(void *function, intptr_t gridX,
                                          intptr_t gridY, intptr_t gridZ,
                                          intptr_t blockX, intptr_t blockY,
                                          intptr_t blockZ, int32_t smem,
                                          void *stream, void **params,
                                          void **extra, size_t paramsCount);
// declare void @mgpuLaunchClusterKernel(ptr, i64, i64, i64, i64, i64, i64,
//                                       i64, i64, i64, i32, ptr, ptr, ptr)
LINALGX_CUDA_EXPORT void
mgpuLaunchClusterKernel(void *function, intptr_t clusterX, intptr_t clusterY,
                        intptr_t clusterZ, intptr_t gridX, intptr_t gridY,
                        intptr_t gridZ, intptr_t blockX, intptr_t blockY,
                        intptr_t blockZ, int32_t smem, void *stream,
                        void **params, void **extra);

// declare ptr @mgpuStreamCreate()
LINALGX_CUDA_EXPORT void *mgpuStreamCreate(void);
// declare void @mgpuStreamDestroy(ptr)
LINALGX_CUDA_EXPORT void mgpuStreamDestroy(void *stream);
// declare void @mgpuStreamSynchronize(ptr)
LINALGX_CUDA_EXPORT void mgpuStreamSynchronize(void *stream);
// declare void @mgpuStreamWaitEvent(ptr, ptr)
LINALGX_CUDA_EXPORT void mgpuStreamWaitEvent(void *stream, void *event);
// declare ptr @mgpuEventCreate()
LINALGX_CUDA_EXPORT void *mgpuEventCreate(void);
// declare void @mgpuEventDestroy(ptr)
LINALGX_CUDA_EXPORT void mgpuEventDestroy(void *event);
// declare void @mgpuEventSynchronize(ptr)
LINALGX_CUDA_EXPORT void mgpuEventSynchronize(void *event);
// declare void @mgpuEventRecord(ptr, ptr)
LINALGX_CUDA_EXPORT void mgpuEventRecord(void *event, void *stream);

// declare ptr @mgpuMemAlloc(i64, ptr, i8)
// (the i8 is received as 32 bits and masked; see MgpuWrappers.cpp)
LINALGX_CUDA_EXPORT void *mgpuMemAlloc(uint64_t sizeBytes, void *stream,
                                       uint32_t isHostShared);
// declare void @mgpuMemFree(ptr, ptr)
LINALGX_CUDA_EXPORT void mgpuMemFree(void *ptr, void *stream);
// declare void @mgpuMemcpy(ptr, ptr, i64, ptr)
LINALGX_CUDA_EXPORT void mgpuMemcpy(void *dst, void *src, size_t sizeBytes,
                                    void *stream);
// declare void @mgpuMemset32(ptr, i32, i64, ptr)
LINALGX_CUDA_EXPORT void mgpuMemset32(void *dst, uint32_t value, size_t count,
                                      void *stream);
// declare void @mgpuMemset16(ptr, i16, i64, ptr)
// (the i16 is received as 32 bits and masked)
LINALGX_CUDA_EXPORT void mgpuMemset16(void *dst, uint32_t value, size_t count,
                                      void *stream);
// declare void @mgpuMemHostRegisterMemRef(i64, ptr, i64)
LINALGX_CUDA_EXPORT void mgpuMemHostRegisterMemRef(int64_t rank,
                                                   void *descriptor,
                                                   int64_t elementSizeBytes);
// declare void @mgpuMemHostUnregisterMemRef(i64, ptr, i64)
LINALGX_CUDA_EXPORT void mgpuMemHostUnregisterMemRef(int64_t rank,
                                                     void *descriptor,
                                                     int64_t elementSizeBytes);
// Not emitted by MLIR 22; exported like upstream for hand-written drivers.
LINALGX_CUDA_EXPORT void mgpuMemHostRegister(void *ptr, uint64_t sizeBytes);
LINALGX_CUDA_EXPORT void mgpuMemHostUnregister(void *ptr);

// declare void @mgpuSetDefaultDevice(i32)
LINALGX_CUDA_EXPORT void mgpuSetDefaultDevice(int32_t device);

#ifdef __cplusplus
} // extern "C"
#endif

#endif // LINALGX_MGPU_ABI_H
