//===- LinalgXToLoops.h - linalgx to scf loops ------------------*- C++ -*-===//

#ifndef LINALGX_CONVERSION_LINALGXTOLOOPS_LINALGXTOLOOPS_H
#define LINALGX_CONVERSION_LINALGXTOLOOPS_LINALGXTOLOOPS_H

namespace mlir {
class RewritePatternSet;

namespace linalgx {
/// Patterns rewriting linalgx ops on memrefs into scf/memref/arith/math/
/// complex loops with LAPACK getrf semantics.
void populateLinalgXToLoopsPatterns(RewritePatternSet &patterns);
} // namespace linalgx
} // namespace mlir

#endif // LINALGX_CONVERSION_LINALGXTOLOOPS_LINALGXTOLOOPS_H
