//===- Passes.h - linalgx transformation passes -----------------*- C++ -*-===//

#ifndef LINALGX_DIALECT_LINALGX_TRANSFORMS_PASSES_H
#define LINALGX_DIALECT_LINALGX_TRANSFORMS_PASSES_H

#include "mlir/Pass/Pass.h"

namespace mlir {
class RewritePatternSet;
namespace linalgx {
class LinalgXDialect;

#define GEN_PASS_DECL
#define GEN_PASS_REGISTRATION
#include "linalgx/Dialect/LinalgX/Transforms/Passes.h.inc"

/// Patterns that fold a `pivots_to_permutation` of an `lu`'s pivots into the
/// `lu` (its optional `permutation` output). See the pass description.
void populateFuseLuPermutationPatterns(RewritePatternSet &patterns);

} // namespace linalgx
} // namespace mlir

#endif // LINALGX_DIALECT_LINALGX_TRANSFORMS_PASSES_H
