/*===-- linalgx-c/RegisterEverything.h - register linalgx from C --*- C -*-===*\
|*                                                                            *|
|* The C face of linalgx/InitAllLinalgX.h: the same curated dialects,         *|
|* external models, translations, passes and pipelines that linalgx-opt and   *|
|* linalgx-runner register.                                                   *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef LINALGX_C_REGISTEREVERYTHING_H
#define LINALGX_C_REGISTEREVERYTHING_H

#include "mlir-c/IR.h"
#include "mlir-c/Support.h"

#ifdef __cplusplus
extern "C" {
#endif

/// Adds to `registry` the linalgx dialect, the upstream dialects its inputs
/// use and its pipelines produce (affine, arith, bufferization, cf, complex,
/// func, gpu, index, linalg, llvm, math, memref, nvvm, scf, tensor, ub,
/// vector), the One-Shot Bufferize external models of linalgx and of those
/// upstream ops, the func inliner extension, the convert-to-LLVM interfaces
/// and the NVVM target attribute model. This is
/// mlir::linalgx::registerAllDialects.
MLIR_CAPI_EXPORTED void
linalgxRegisterAllDialects(MlirDialectRegistry registry);

/// Adds to `registry` the translations of the builtin, LLVM, GPU and NVVM
/// dialects to LLVM IR (mlir::linalgx::registerAllTranslations), which JIT
/// or AOT compilation of lowered modules needs.
MLIR_CAPI_EXPORTED void
linalgxRegisterAllTranslations(MlirDialectRegistry registry);

/// Registers with MLIR's global pass registry the linalgx passes
/// (convert-linalgx-to-loops, convert-linalgx-to-gpu), the pipelines
/// (linalgx-cpu-pipeline, linalgx-gpu-pipeline) and the upstream passes they
/// are made of (mlir::linalgx::registerAllPasses). Idempotent: the first call
/// registers, the others do nothing.
MLIR_CAPI_EXPORTED void linalgxRegisterAllPasses(void);

#ifdef __cplusplus
}
#endif

#endif // LINALGX_C_REGISTEREVERYTHING_H
