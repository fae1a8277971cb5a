//===- FuseLuConsumers.cpp - lu + lu_solve / lu_det fusion ---------------===//
//
// Factors and pivots that only an lu_solve (or a determinant) reads need not
// exist in memory: `linalgx.solve` (`linalgx.det`, `linalgx.slogdet`) says
// so, and the GPU lowering then finishes small matrices in the registers the
// factorization leaves them in.
//
//===----------------------------------------------------------------------===//

#include "linalgx/Dialect/LinalgX/IR/LinalgXOps.h"
#include "linalgx/Dialect/LinalgX/Transforms/Passes.h"

#include "mlir/IR/Dominance.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::linalgx {
#define GEN_PASS_DEF_LINALGXFUSELUCONSUMERS
#include "linalgx/Dialect/LinalgX/Transforms/Passes.h.inc"
} // namespace mlir::linalgx

using namespace mlir;
using namespace mlir::linalgx;

namespace {

/// The lu whose results `factors` and `pivots` are, or null.
LuOp luProducing(Value factors, Value pivots) {
  auto lu = factors.getDefiningOp<LuOp>();
  if (!lu || factors != lu->getResult(0) || pivots != lu->getResult(1))
    return nullptr;
  return lu;
}

struct FuseLuSolve : public OpRewritePattern<LuSolveOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(LuSolveOp solve,
                                PatternRewriter &rewriter) const override {
    if (!solve.hasPureTensorSemantics())
      return rewriter.notifyMatchFailure(solve, "not on tensors");
    LuOp lu = luProducing(solve.getLu(), solve.getPivots());
    if (!lu)
      return rewriter.notifyMatchFailure(
          solve, "factors and pivots do not come from one lu");
    if (solve.getTrans() != LuSolveTrans::None ||
        solve.getOneBased() != lu.getOneBased() || lu.getPermutation())
      return rewriter.notifyMatchFailure(
          solve, "not A·X = B with the lu's pivots, or the lu also computes "
                 "a permutation");
    if (!lu->getResult(0).hasOneUse() || !lu->getResult(1).hasOneUse())
      return rewriter.notifyMatchFailure(solve,
                                         "the factors or pivots have other "
                                         "uses");

    // The solve replaces both ops: where every use of info and every
    // operand are available.
    DominanceInfo dominance;
    Value info = lu->getResult(2);
    Operation *at = solve;
    if (!llvm::all_of(info.getUsers(), [&](Operation *user) {
          return dominance.properlyDominates(solve, user);
        })) {
      if (!dominance.properlyDominates(solve.getRhs(), lu) ||
          !dominance.properlyDominates(solve.getSolution(), lu))
        return rewriter.notifyMatchFailure(
            solve, "info is used before the lu_solve, whose operands are "
                   "defined after the lu");
      at = lu;
    }
    rewriter.setInsertionPoint(at);
    auto fused =
        SolveOp::create(rewriter, solve.getLoc(), lu.getInput(), solve.getRhs(),
                        solve.getSolution(), lu.getInfo());
    rewriter.replaceOp(solve, fused->getResult(0));
    rewriter.replaceAllUsesWith(info, fused->getResult(1));
    rewriter.eraseOp(lu);
    return success();
  }
};

/// The op on `a` that `determinant` of a's factors stands for.
Operation *createFromMatrices(PatternRewriter &rewriter, LuDetOp determinant,
                              Value a) {
  return DetOp::create(rewriter, determinant.getLoc(), a, determinant.getDet());
}
Operation *createFromMatrices(PatternRewriter &rewriter,
                              LuSlogdetOp determinant, Value a) {
  return SlogdetOp::create(rewriter, determinant.getLoc(), a,
                           determinant.getSign(), determinant.getLogabsdet());
}

/// lu + lu_det (lu_slogdet) into det (slogdet), where nothing else reads
/// the factors, pivots or info.
template <typename LuDeterminantOpTy>
struct FuseLuDeterminant : public OpRewritePattern<LuDeterminantOpTy> {
  using OpRewritePattern<LuDeterminantOpTy>::OpRewritePattern;

  LogicalResult matchAndRewrite(LuDeterminantOpTy determinant,
                                PatternRewriter &rewriter) const override {
    if (!determinant.hasPureTensorSemantics())
      return rewriter.notifyMatchFailure(determinant, "not on tensors");
    LuOp lu = luProducing(determinant.getLu(), determinant.getPivots());
    if (!lu)
      return rewriter.notifyMatchFailure(
          determinant, "factors and pivots do not come from one lu");
    if (determinant.getOneBased() != lu.getOneBased() || lu.getPermutation())
      return rewriter.notifyMatchFailure(
          determinant, "pivots of another base, or the lu also computes a "
                       "permutation");
    if (!lu->getResult(0).hasOneUse() || !lu->getResult(1).hasOneUse() ||
        !lu->getResult(2).use_empty())
      return rewriter.notifyMatchFailure(
          determinant, "the factors, pivots or info have other uses");
    rewriter.setInsertionPoint(determinant);
    Operation *fused = createFromMatrices(rewriter, determinant, lu.getInput());
    rewriter.replaceOp(determinant, fused->getResults());
    rewriter.eraseOp(lu);
    return success();
  }
};

struct LinalgXFuseLuConsumersPass
    : public linalgx::impl::LinalgXFuseLuConsumersBase<
          LinalgXFuseLuConsumersPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    populateFuseLuConsumersPatterns(patterns);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace

void mlir::linalgx::populateFuseLuConsumersPatterns(
    RewritePatternSet &patterns) {
  patterns.add<FuseLuSolve, FuseLuDeterminant<LuDetOp>,
               FuseLuDeterminant<LuSlogdetOp>>(patterns.getContext());
}
