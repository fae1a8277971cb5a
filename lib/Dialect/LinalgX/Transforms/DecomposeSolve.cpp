//===- DecomposeSolve.cpp - linalgx.solve as lu and lu_solve --------------===//
//
// What a lowering without a fused kernel does with `linalgx.solve`: the
// factorization and the solve it stands for, on scratch buffers.
//
//===----------------------------------------------------------------------===//

#include "linalgx/Dialect/LinalgX/IR/LinalgXOps.h"
#include "linalgx/Dialect/LinalgX/Transforms/Passes.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::linalgx {
#define GEN_PASS_DEF_LINALGXDECOMPOSESOLVE
#include "linalgx/Dialect/LinalgX/Transforms/Passes.h.inc"
} // namespace mlir::linalgx

using namespace mlir;
using namespace mlir::linalgx;

Value mlir::linalgx::allocateHostScratch(OpBuilder &builder, Location loc,
                                         MemRefType type,
                                         ValueRange dynamicSizes) {
  return memref::AllocOp::create(builder, loc, type, dynamicSizes);
}

void mlir::linalgx::releaseHostScratch(OpBuilder &builder, Location loc,
                                       Value buffer) {
  memref::DeallocOp::create(builder, loc, buffer);
}

void mlir::linalgx::buildDecomposedSolve(OpBuilder &builder, SolveOp op,
                                         const ScratchAllocator &allocate,
                                         const ScratchRelease &release) {
  Location loc = op.getLoc();
  Value a = op.getA();
  auto aType = cast<MemRefType>(a.getType());
  Type intType = cast<MemRefType>(op.getInfo().getType()).getElementType();
  // Factors [B..., N, N] and pivots [B..., N] with a's sizes.
  SmallVector<int64_t> factorShape(aType.getShape());
  SmallVector<Value> factorSizes;
  for (int64_t dim = 0; dim < aType.getRank(); ++dim)
    if (aType.isDynamicDim(dim))
      factorSizes.push_back(memref::DimOp::create(builder, loc, a, dim));
  Value factors = allocate(builder, loc,
                           MemRefType::get(factorShape, aType.getElementType()),
                           factorSizes);
  ArrayRef<int64_t> pivotShape = ArrayRef(factorShape).drop_back();
  SmallVector<Value> pivotSizes(factorSizes);
  if (aType.isDynamicDim(aType.getRank() - 1))
    pivotSizes.pop_back();
  Value pivots =
      allocate(builder, loc, MemRefType::get(pivotShape, intType), pivotSizes);
  LuOp::create(builder, loc, a, factors, pivots, op.getInfo(),
               /*permutation=*/Value());
  LuSolveOp::create(builder, loc, factors, pivots, op.getRhs(),
                    op.getSolution());
  release(builder, loc, pivots);
  release(builder, loc, factors);
}

namespace {

struct DecomposeSolve : public OpRewritePattern<SolveOp> {
  DecomposeSolve(MLIRContext *context, ScratchAllocator allocate,
                 ScratchRelease release)
      : OpRewritePattern<SolveOp>(context), allocate(std::move(allocate)),
        release(std::move(release)) {}

  LogicalResult matchAndRewrite(SolveOp op,
                                PatternRewriter &rewriter) const override {
    if (!op.hasPureBufferSemantics())
      return rewriter.notifyMatchFailure(
          op, "expected memref operands; run one-shot-bufferize first");
    rewriter.setInsertionPoint(op);
    buildDecomposedSolve(rewriter, op, allocate, release);
    rewriter.eraseOp(op);
    return success();
  }

  ScratchAllocator allocate;
  ScratchRelease release;
};

struct LinalgXDecomposeSolvePass
    : public linalgx::impl::LinalgXDecomposeSolveBase<
          LinalgXDecomposeSolvePass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    populateDecomposeSolvePatterns(patterns, allocateHostScratch,
                                   releaseHostScratch);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace

void mlir::linalgx::populateDecomposeSolvePatterns(RewritePatternSet &patterns,
                                                   ScratchAllocator allocate,
                                                   ScratchRelease release) {
  patterns.add<DecomposeSolve>(patterns.getContext(), std::move(allocate),
                               std::move(release));
}
