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

/// What linalgxImportJAX makes of the linalgx ops it forms.
typedef enum LinalgxImportTarget {
  /// linalgx ops on tensors, for linalgx's own pipelines.
  LINALGX_IMPORT_LINALGX = 0,
  /// Upstream ops only: scf.for loops over linalg.generic ops
  /// (convert-linalgx-to-linalg), which IREE compiles for any target.
  LINALGX_IMPORT_IREE = 1,
  /// For IREE's CUDA target: each op that linalgx compiles into one kernel
  /// becomes a hal.dispatch.extern of that kernel
  /// (convert-linalgx-to-iree-cuda); the others are lowered as for
  /// LINALGX_IMPORT_IREE, with a warning.
  LINALGX_IMPORT_IREE_CUDA = 2,
} LinalgxImportTarget;

/// Parses `source` (generic-form MLIR; the StableHLO dialect is read as
/// unregistered operations), runs linalgx-import-jax on it and checks that
/// no StableHLO operation is left, then lowers the linalgx ops as `target`
/// says; `cudaChip` and `cudaFeatures` (empty: sm_90, +ptx81) are the
/// kernels' target for LINALGX_IMPORT_IREE_CUDA. On success passes the
/// module's text (custom form, without locations unless `printLocations`)
/// to `outputCallback`, possibly in several pieces, and any warnings to
/// `errorCallback`. On failure passes every diagnostic, one per line with
/// its location, to `errorCallback` (which may be NULL). `sourceName` names
/// the input in those locations.
MLIR_CAPI_EXPORTED MlirLogicalResult
linalgxImportJAX(MlirStringRef source, MlirStringRef sourceName,
                 bool printLocations, LinalgxImportTarget target,
                 MlirStringRef cudaChip, MlirStringRef cudaFeatures,
                 MlirStringCallback outputCallback, void *outputUserData,
                 MlirStringCallback errorCallback, void *errorUserData);

#ifdef __cplusplus
}
#endif

#endif // LINALGX_C_IMPORTJAX_H
