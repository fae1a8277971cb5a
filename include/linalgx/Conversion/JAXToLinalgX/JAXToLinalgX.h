//===- JAXToLinalgX.h - JAX's LU custom calls to linalgx --------*- C++ -*-===//
//
// JAX exports `jax.lax.linalg.lu` as StableHLO custom calls into its own
// kernels (`cusolver_getrf_ffi`, `lapack_dgetrf_ffi`,
// `cu_lu_pivots_to_permutation`, ...). These entry points recognize them in
// MLIR's generic form, without the StableHLO dialect, and rewrite them into
// linalgx ops with identical semantics. See docs/integration-jax.md.
//
//===----------------------------------------------------------------------===//

#ifndef LINALGX_CONVERSION_JAXTOLINALGX_JAXTOLINALGX_H
#define LINALGX_CONVERSION_JAXTOLINALGX_JAXTOLINALGX_H

#include "mlir/Support/LLVM.h"

#include <string>

namespace mlir {
class Operation;
class RewritePatternSet;

namespace linalgx {
/// Whether `op` is a `stablehlo.custom_call` to one of JAX's LU kernels that
/// the patterns below import (whatever its form; see
/// checkJAXLuCustomCall).
bool isJAXLuCustomCall(Operation *op);

/// Checks that `op`, a custom call for which isJAXLuCustomCall holds, is in
/// the form JAX exports (operand and result types, layouts, batch dimension
/// attribute, backend config). On success returns success(); otherwise
/// returns failure() and, when `reason` is given, stores there a message
/// that says what is wrong and what was expected.
LogicalResult checkJAXLuCustomCall(Operation *op,
                                   std::string *reason = nullptr);

/// Patterns rewriting JAX's LU custom calls into linalgx ops on tensors
/// (`outs` created with `tensor.empty`):
///  - `{cusolver,hipsolver}_getrf_ffi`, `lapack_{s,d,c,z}getrf_ffi` become
///    `linalgx.lu`; the 1-based pivots are re-based: JAX's
///    `stablehlo.subtract(pivots, 1)` is folded away, other uses get
///    `pivots + 1` (a `linalg.map`);
///  - `{cu,hip}_lu_pivots_to_permutation` (0-based pivots) become
///    `linalgx.pivots_to_permutation`.
/// A custom call not in the form checkJAXLuCustomCall accepts is not matched.
/// Every other operation is left untouched.
void populateJAXToLinalgXPatterns(RewritePatternSet &patterns);

/// Dialect-conversion patterns lowering the StableHLO operations JAX writes
/// around its LU (element-wise arithmetic, comparisons and selects, constants,
/// iotas, broadcasts, reshapes, concatenations, slices, transposes, dimension
/// sizes, shape assertions) to arith, cf, linalg and tensor ops. JAX's CPU
/// permutation loop is not a pattern: linalgx-legalize-jax-stablehlo replaces
/// it first.
void populateLegalizeJAXStableHLOPatterns(RewritePatternSet &patterns);

/// Patterns lowering linalgx.lu and linalgx.pivots_to_permutation on tensors
/// to scf.for loops over linalg.generic ops (convert-linalgx-to-linalg).
void populateLinalgXToLinalgPatterns(RewritePatternSet &patterns);
} // namespace linalgx
} // namespace mlir

#endif // LINALGX_CONVERSION_JAXTOLINALGX_JAXTOLINALGX_H
