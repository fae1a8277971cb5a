//===- FuseLuSolve.cpp - lu + lu_solve fusion ----------------------------===//
//
// Factors and pivots that only an lu_solve reads need not exist in memory:
// `linalgx.solve` says so, and the GPU lowering then solves small matrices
// in the registers the factorization leaves them in.
//
//===----------------------------------------------------------------------===//

#include "linalgx/Dialect/LinalgX/IR/LinalgXOps.h"
#include "linalgx/Dialect/LinalgX/Transforms/Passes.h"

#include "mlir/IR/Dominance.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::linalgx {
#define GEN_PASS_DEF_LINALGXFUSELUSOLVE
#include "linalgx/Dialect/LinalgX/Transforms/Passes.h.inc"
} // namespace mlir::linalgx

using namespace mlir;
using namespace mlir::linalgx;

namespace {

struct FuseLuSolve : public OpRewritePattern<LuSolveOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(LuSolveOp solve,
                                PatternRewriter &rewriter) const override {
    if (!solve.hasPureTensorSemantics())
      return rewriter.notifyMatchFailure(solve, "not on tensors");
    auto lu = solve.getLu().getDefiningOp<LuOp>();
    if (!lu || solve.getLu() != lu->getResult(0) ||
        solve.getPivots() != lu->getResult(1))
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

struct LinalgXFuseLuSolvePass
    : public linalgx::impl::LinalgXFuseLuSolveBase<LinalgXFuseLuSolvePass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    populateFuseLuSolvePatterns(patterns);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace

void mlir::linalgx::populateFuseLuSolvePatterns(RewritePatternSet &patterns) {
  patterns.add<FuseLuSolve>(patterns.getContext());
}
