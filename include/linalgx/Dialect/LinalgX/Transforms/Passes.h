//===- Passes.h - linalgx transformation passes -----------------*- C++ -*-===//

#ifndef LINALGX_DIALECT_LINALGX_TRANSFORMS_PASSES_H
#define LINALGX_DIALECT_LINALGX_TRANSFORMS_PASSES_H

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/Pass/Pass.h"

#include <functional>

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

/// Patterns that turn an `lu` whose factors and pivots only feed an
/// `lu_solve` (`lu_det`, `lu_slogdet`) into one `solve` (`det`, `slogdet`).
/// See the pass description.
void populateFuseLuConsumersPatterns(RewritePatternSet &patterns);

/// Patterns that expand a `solve`, `det` or `slogdet` on memrefs into `lu`
/// and its consumer on scratch buffers from `allocate(builder, type,
/// dynamicSizes)`, released by `release(builder, buffer)` after it.
using ScratchAllocator =
    std::function<Value(OpBuilder &, Location, MemRefType, ValueRange)>;
using ScratchRelease = std::function<void(OpBuilder &, Location, Value)>;
void populateDecomposeFusedLuPatterns(RewritePatternSet &patterns,
                                      ScratchAllocator allocate,
                                      ScratchRelease release);

/// Host scratch for those patterns: `memref.alloc`, freed by
/// `memref.dealloc`.
Value allocateHostScratch(OpBuilder &builder, Location loc, MemRefType type,
                          ValueRange dynamicSizes);
void releaseHostScratch(OpBuilder &builder, Location loc, Value buffer);

/// Builds at `builder`'s insertion point the `lu` and the consumer that
/// `op` (a `solve`, `det` or `slogdet` on memrefs) stands for, as those
/// patterns do; `op` stays.
void buildDecomposedFusedLu(OpBuilder &builder, Operation *op,
                            const ScratchAllocator &allocate,
                            const ScratchRelease &release);

} // namespace linalgx
} // namespace mlir

#endif // LINALGX_DIALECT_LINALGX_TRANSFORMS_PASSES_H
