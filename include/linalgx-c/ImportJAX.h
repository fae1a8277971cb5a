/*===-- linalgx-c/ImportJAX.h - Import JAX's exported modules -----*- C -*-===*\
|*                                                                            *|
|* A module exported by JAX (jax.export), in MLIR's generic form, made        *|
|* linalgx-ready in one call: the linalgx-import-jax pipeline (JAX's LU      *|
|* custom calls to linalgx ops, the StableHLO around them lowered). The       *|
|* Python function linalgx.jax.import_exported and the linalgx-import-jax    *|
|* command call it after JAX's own bindings have printed the generic form.    *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef LINALGX_C_IMPORTJAX_H
#define LINALGX_C_IMPORTJAX_H

#include "mlir-c/Support.h"

#ifdef __cplusplus
extern "C" {
#endif

/// Parses `source` (generic-form MLIR; the StableHLO dialect is read as
/// unregistered operations), runs linalgx-import-jax on it and checks that
/// no StableHLO operation is left. With `lowerToLinalg`, the linalgx ops are
/// lowered further to scf.for loops over linalg.generic ops
/// (convert-linalgx-to-linalg), for compilers without linalgx (IREE). On success passes the module's text
/// (custom form, without locations unless `printLocations`) to
/// `outputCallback`, possibly in several pieces. On failure passes every
/// diagnostic, one per line with its location, to `errorCallback` (which may
/// be NULL). `sourceName` names the input in those locations.
MLIR_CAPI_EXPORTED MlirLogicalResult linalgxImportJAX(
    MlirStringRef source, MlirStringRef sourceName, bool printLocations,
    bool lowerToLinalg,
    MlirStringCallback outputCallback, void *outputUserData,
    MlirStringCallback errorCallback, void *errorUserData);

#ifdef __cplusplus
}
#endif

#endif // LINALGX_C_IMPORTJAX_H
