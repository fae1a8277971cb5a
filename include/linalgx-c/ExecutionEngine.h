/*===-- linalgx-c/ExecutionEngine.h - JIT-compile linalgx code ----*- C -*-===*\
|*                                                                            *|
|* Parse MLIR text, lower it with a linalgx pipeline and JIT-compile it with  *|
|* MLIR's ExecutionEngine, in one call; then find the C entry points of its   *|
|* functions. This is what the Python package (python/linalgx) loads with     *|
|* ctypes, and what any other host without MLIR bindings can use.             *|
|*                                                                            *|
|* Every error (a parse or verifier error, a failing pass, a failed JIT       *|
|* compilation, an unknown function) is passed as text to the error callback  *|
|* and reported by the return value; nothing is printed and nothing aborts.   *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef LINALGX_C_EXECUTIONENGINE_H
#define LINALGX_C_EXECUTIONENGINE_H

#include "mlir-c/Support.h"

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// A module lowered and compiled to native code. Owns the JIT and its code;
/// the MLIR context used to build it is gone by the time it is returned.
typedef struct LinalgXJitModule {
  void *ptr;
} LinalgXJitModule;

static inline bool linalgxJitModuleIsNull(LinalgXJitModule module) {
  return !module.ptr;
}

/// Parses `source` (MLIR text) in a fresh context with linalgx's dialects and
/// translations, marks every public function that has a body with
/// `llvm.emit_c_interface`, runs `pipeline` on the module (as
/// linalgxRunPipeline does: "linalgx-cpu-pipeline", or the anchored form
/// "builtin.module(...)"; "" when the text is already in the LLVM dialect)
/// and JIT-compiles it for the host with optimization level `optLevel`
/// (0..3). `sharedLibPaths` are loaded into the process and searched for
/// the symbols the code calls. What the lowered code needs beyond them and
/// the process is loaded as the runner does: linalgx's CPU runtime
/// (liblinalgx_cpu_runtime.so: linalgxCpuGetrf), libomp.so (the generated
/// code's threads), MLIR's libmlir_c_runner_utils.so (memref copies),
/// liblinalgx_runner_utils.so (the exact printers) and, for GPU code,
/// liblinalgx_cuda_runtime.so -- each only while some function is still
/// undefined, from $LINALGX_RUNTIME_DIR, the directory of the binary holding
/// this API and ../lib beside it, then the MLIR installation. A function no
/// library defines is an error that names it.
///
/// On failure returns a null module and passes every diagnostic, one per
/// line with its location, to `errorCallback` (which may be NULL).
MLIR_CAPI_EXPORTED LinalgXJitModule linalgxJitModuleCreate(
    MlirStringRef source, MlirStringRef pipeline, int optLevel,
    intptr_t numSharedLibPaths, const MlirStringRef *sharedLibPaths,
    MlirStringCallback errorCallback, void *userData);

/// Frees the compiled code of `module` (a null module is ignored). Function
/// addresses found in it are invalid afterwards.
MLIR_CAPI_EXPORTED void linalgxJitModuleDestroy(LinalgXJitModule module);

/// Passes to `callback` the type of function `name` as it was written in the
/// source, before lowering (e.g. "(tensor<?x?xf64>, memref<4xi32>) ->
/// tensor<?xi32>"), so that a caller can marshal its arguments. Fails, with a
/// message to `errorCallback` that lists the callable functions, when the
/// module has no public function `name` with a body.
MLIR_CAPI_EXPORTED MlirLogicalResult linalgxJitModuleGetFunctionType(
    LinalgXJitModule module, MlirStringRef name, MlirStringCallback callback,
    void *userData, MlirStringCallback errorCallback, void *errorUserData);

/// The address of the C interface of function `name`,
/// `_mlir_ciface_<name>`: memref arguments are passed as pointers to memref
/// descriptors ({allocated, aligned, offset, sizes[rank], strides[rank]}),
/// and results, when there is more than one or one of them is a memref, are
/// written through a pointer passed as the first argument. Returns NULL, with
/// a message to `errorCallback`, when there is no such function.
MLIR_CAPI_EXPORTED void *
linalgxJitModuleLookup(LinalgXJitModule module, MlirStringRef name,
                       MlirStringCallback errorCallback, void *userData);

/// How many modules linalgxJitModuleCreate has compiled successfully in this
/// process: a caller's cache can be tested against it.
MLIR_CAPI_EXPORTED int64_t linalgxJitCompilationCount(void);

/// The library directory of the MLIR installation linalgx was built against,
/// where libmlir_c_runner_utils.so is.
MLIR_CAPI_EXPORTED MlirStringRef linalgxJitMLIRLibraryDirectory(void);

#ifdef __cplusplus
}
#endif

#endif // LINALGX_C_EXECUTIONENGINE_H
