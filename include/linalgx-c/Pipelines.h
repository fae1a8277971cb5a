/*===-- linalgx-c/Pipelines.h - build and run linalgx pipelines ---*- C -*-===*\
|*                                                                            *|
|* Building the linalgx pipelines into a pass manager and running a textual   *|
|* pipeline on a module, with every error reported as an MLIR diagnostic (or  *|
|* through the callback) rather than printed or fatal.                        *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef LINALGX_C_PIPELINES_H
#define LINALGX_C_PIPELINES_H

#include "mlir-c/IR.h"
#include "mlir-c/Pass.h"
#include "mlir-c/Support.h"

#ifdef __cplusplus
extern "C" {
#endif

/// Parses `pipeline` and runs it on `op` (usually a builtin.module) in a
/// fresh pass manager anchored on `op`'s name, after verifying `op`.
///
/// `pipeline` is either a pass list for `op`, as given to
/// mlirOpPassManagerAddPipeline ("linalgx-cpu-pipeline",
/// "linalgx-gpu-pipeline{chip=sm_80 host-buffers=false}",
/// "one-shot-bufferize,convert-linalgx-to-loops"), or the anchored form of
/// mlirParsePassPipeline ("builtin.module(linalgx-cpu-pipeline)").
///
/// Calls linalgxRegisterAllPasses() first, so the names of linalgx's and the
/// upstream passes it registers resolve. Run the dialects of
/// linalgxRegisterAllDialects in `op`'s context: the pipelines need the
/// bufferization models it brings.
///
/// Returns failure, with an error diagnostic on `op`'s location in its
/// context (see mlirContextAttachDiagnosticHandler), when `op` does not
/// verify, when `pipeline` does not parse, or when a pass fails; `op` may
/// then be partially transformed.
MLIR_CAPI_EXPORTED MlirLogicalResult linalgxRunPipeline(MlirOperation op,
                                                        MlirStringRef pipeline);

/// Appends `linalgx-cpu-pipeline` with the given options ("" for the
/// defaults; "bufferize-function-boundaries=false deallocate-buffers=false"
/// and so on, as on the command line) to `passManager`, which must be
/// anchored on builtin.module or be an any-op pass manager. On an options
/// error returns failure and passes the message to `errorCallback` (which
/// may be NULL).
MLIR_CAPI_EXPORTED MlirLogicalResult
linalgxBuildCPUPipeline(MlirOpPassManager passManager, MlirStringRef options,
                        MlirStringCallback errorCallback, void *userData);

/// Appends `linalgx-gpu-pipeline` with the given options ("" for the
/// defaults; "chip=sm_80 format=isa host-buffers=false lu-strategy=cusolver"
/// and so on) to `passManager`. Errors as for linalgxBuildCPUPipeline.
MLIR_CAPI_EXPORTED MlirLogicalResult
linalgxBuildGPUPipeline(MlirOpPassManager passManager, MlirStringRef options,
                        MlirStringCallback errorCallback, void *userData);

#ifdef __cplusplus
}
#endif

#endif // LINALGX_C_PIPELINES_H
