//===- FuseLuPermutation.cpp - lu + pivots_to_permutation fusion ----------===//
//
// The permutation of an LU factorization is a by-product of how it is
// computed: a kernel that factors with a row-order indirection instead of
// physical swaps holds the permutation when it ends. Forming
// `linalgx.lu ... permutation(...)` from the pair lets a lowering exploit
// that; a lowering that cannot simply computes the permutation from the
// pivots afterwards (as the unfused pair would).
//
//===----------------------------------------------------------------------===//

#include "linalgx/Dialect/LinalgX/IR/LinalgXOps.h"
#include "linalgx/Dialect/LinalgX/Transforms/Passes.h"

#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::linalgx {
#define GEN_PASS_DEF_LINALGXFUSELUPERMUTATION
#include "linalgx/Dialect/LinalgX/Transforms/Passes.h.inc"
} // namespace mlir::linalgx

using namespace mlir;
using namespace mlir::linalgx;

namespace {

/// Whether the run-time size `dim` of `value` is provably `expected`: equal
/// static sizes, or the same SSA value (the `tensor.empty` size operand that
/// is the `tensor.dim` of the factored matrix, as JAX import produces).
bool sizesProvablyEqual(Value lhs, int64_t lhsDim, Value rhs, int64_t rhsDim) {
  auto lhsType = cast<RankedTensorType>(lhs.getType());
  auto rhsType = cast<RankedTensorType>(rhs.getType());
  int64_t lhsSize = lhsType.getDimSize(lhsDim);
  int64_t rhsSize = rhsType.getDimSize(rhsDim);
  if (!ShapedType::isDynamic(lhsSize) || !ShapedType::isDynamic(rhsSize))
    return lhsSize == rhsSize;
  // A dynamic size of `lhs` given by the `tensor.empty` that creates it.
  auto dynamicSizeOf = [](Value v, int64_t dim) -> Value {
    auto empty = v.getDefiningOp<tensor::EmptyOp>();
    return empty ? empty.getDynamicSize(dim) : Value();
  };
  auto dimOf = [](Value size) -> std::pair<Value, int64_t> {
    auto dimOp = size ? size.getDefiningOp<tensor::DimOp>() : nullptr;
    if (!dimOp)
      return {Value(), -1};
    std::optional<int64_t> index = dimOp.getConstantIndex();
    return {dimOp.getSource(), index ? *index : -1};
  };
  Value lhsSizeValue = dynamicSizeOf(lhs, lhsDim);
  Value rhsSizeValue = dynamicSizeOf(rhs, rhsDim);
  if (lhsSizeValue && lhsSizeValue == rhsSizeValue)
    return true;
  // One side may name the size directly as `tensor.dim %rhs, rhsDim`.
  auto [source, index] = dimOf(lhsSizeValue);
  return source == rhs && index == rhsDim;
}

/// A destination for the permutation that is available where `lu` is: the
/// permutation op's own init when it dominates `lu`; otherwise a new
/// `tensor.empty` of its type before `lu`. Its contents are never read (the
/// op writes every entry), so only its sizes matter: the init's own size
/// operands when they dominate `lu`, else the input's batch sizes and M.
Value materializePermutationInit(PatternRewriter &rewriter, LuOp lu,
                                 Value init) {
  DominanceInfo dominance;
  if (dominance.properlyDominates(init, lu))
    return init;
  auto type = cast<RankedTensorType>(init.getType());
  rewriter.setInsertionPoint(lu);
  auto empty = init.getDefiningOp<tensor::EmptyOp>();
  if (empty && llvm::all_of(empty.getDynamicSizes(), [&](Value size) {
        return dominance.properlyDominates(size, lu);
      }))
    return tensor::EmptyOp::create(rewriter, lu.getLoc(), type,
                                   empty.getDynamicSizes());
  // Dimension d of the permutation [B..., M] is dimension d of the input
  // [B..., M, N].
  SmallVector<Value> sizes;
  for (int64_t dim = 0; dim < type.getRank(); ++dim)
    if (type.isDynamicDim(dim))
      sizes.push_back(
          tensor::DimOp::create(rewriter, lu.getLoc(), lu.getInput(), dim));
  return tensor::EmptyOp::create(rewriter, lu.getLoc(), type, sizes);
}

struct FuseLuPermutation : public OpRewritePattern<PivotsToPermutationOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(PivotsToPermutationOp permutationOp,
                                PatternRewriter &rewriter) const override {
    if (!permutationOp.hasPureTensorSemantics())
      return rewriter.notifyMatchFailure(permutationOp, "not on tensors");
    auto lu = permutationOp.getPivots().getDefiningOp<LuOp>();
    if (!lu || permutationOp.getPivots() != lu->getResult(1))
      return rewriter.notifyMatchFailure(permutationOp,
                                         "pivots do not come from an lu");
    if (permutationOp.getOneBased() != lu.getOneBased())
      return rewriter.notifyMatchFailure(
          permutationOp, "the pivots' base is not the one the lu writes");

    // One entry per row: the permutation's last size is M.
    Value init = permutationOp.getPermutation();
    int64_t rank = cast<ShapedType>(init.getType()).getRank();
    if (!sizesProvablyEqual(init, rank - 1, lu.getInput(), rank - 1))
      return rewriter.notifyMatchFailure(permutationOp,
                                         "permutation length not provably M");

    // A further user of the same pivots reads the permutation the lu
    // computes already (the lu dominates it: it uses the lu's pivots).
    if (Value computed = lu.getPermutation()) {
      if (computed.getType() != permutationOp->getResult(0).getType())
        return rewriter.notifyMatchFailure(
            permutationOp, "the lu's permutation has another type");
      rewriter.replaceOp(permutationOp, lu->getResult(3));
      return success();
    }

    Value fusedInit = materializePermutationInit(rewriter, lu, init);
    rewriter.setInsertionPoint(lu);
    auto fused =
        LuOp::create(rewriter, lu.getLoc(), lu.getInput(), lu.getLu(),
                     lu.getPivots(), lu.getInfo(), fusedInit, lu.getOneBased());
    fused->setDiscardableAttrs(lu->getDiscardableAttrDictionary());
    rewriter.replaceOp(permutationOp, fused->getResult(3));
    rewriter.replaceOp(lu, fused->getResults().take_front(3));
    return success();
  }
};

struct LinalgXFuseLuPermutationPass
    : public linalgx::impl::LinalgXFuseLuPermutationBase<
          LinalgXFuseLuPermutationPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    populateFuseLuPermutationPatterns(patterns);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace

void mlir::linalgx::populateFuseLuPermutationPatterns(
    RewritePatternSet &patterns) {
  patterns.add<FuseLuPermutation>(patterns.getContext());
}
