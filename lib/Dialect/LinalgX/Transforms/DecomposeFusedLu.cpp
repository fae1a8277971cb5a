//===- DecomposeFusedLu.cpp - solve, det, slogdet as lu and consumer -----===//
//
// What a lowering without a fused kernel does with `linalgx.solve`,
// `linalgx.det` and `linalgx.slogdet`: the factorization and the solve (or
// determinant) they stand for, on scratch buffers.
//
//===----------------------------------------------------------------------===//

#include "linalgx/Dialect/LinalgX/IR/LinalgXOps.h"
#include "linalgx/Dialect/LinalgX/Transforms/Passes.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/ADT/TypeSwitch.h"

namespace mlir::linalgx {
#define GEN_PASS_DEF_LINALGXDECOMPOSEFUSEDLU
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

namespace {

/// Scratch factors [B..., N, N], pivots [B..., N] and info [B...] for
/// matrices `a`, pivots and info of `intType`.
struct ScratchFactors {
  Value factors, pivots, info;

  static ScratchFactors allocate(OpBuilder &builder, Location loc, Value a,
                                 Type intType, bool withInfo,
                                 const ScratchAllocator &allocate) {
    auto aType = cast<MemRefType>(a.getType());
    SmallVector<Value> sizes;
    for (int64_t dim = 0; dim < aType.getRank(); ++dim)
      if (aType.isDynamicDim(dim))
        sizes.push_back(memref::DimOp::create(builder, loc, a, dim));
    // Each scratch buffer drops a trailing dimension of a's shape, and with
    // it that dimension's size if it is dynamic.
    auto dropLast = [&](ArrayRef<int64_t> shape, SmallVector<Value> &dynamic) {
      if (ShapedType::isDynamic(shape.back()))
        dynamic.pop_back();
      return shape.drop_back();
    };
    ScratchFactors scratch;
    scratch.factors = allocate(
        builder, loc, MemRefType::get(aType.getShape(), aType.getElementType()),
        sizes);
    ArrayRef<int64_t> pivotShape = dropLast(aType.getShape(), sizes);
    scratch.pivots =
        allocate(builder, loc, MemRefType::get(pivotShape, intType), sizes);
    if (withInfo) {
      ArrayRef<int64_t> infoShape = dropLast(pivotShape, sizes);
      scratch.info =
          allocate(builder, loc, MemRefType::get(infoShape, intType), sizes);
    }
    return scratch;
  }

  void release(OpBuilder &builder, Location loc,
               const ScratchRelease &release) const {
    for (Value buffer : {info, pivots, factors})
      if (buffer)
        release(builder, loc, buffer);
  }
};

} // namespace

void mlir::linalgx::buildDecomposedFusedLu(OpBuilder &builder, Operation *op,
                                           const ScratchAllocator &allocate,
                                           const ScratchRelease &release) {
  Location loc = op->getLoc();
  auto solve = dyn_cast<SolveOp>(op);
  Value a = solve ? solve.getA() : op->getOperand(0);
  // The pivots' type is info's for a solve; the determinants have neither
  // as results and take i32.
  Type intType =
      solve ? cast<MemRefType>(solve.getInfo().getType()).getElementType()
            : builder.getI32Type();
  ScratchFactors scratch = ScratchFactors::allocate(
      builder, loc, a, intType, /*withInfo=*/!solve, allocate);
  LuOp::create(builder, loc, a, scratch.factors, scratch.pivots,
               solve ? solve.getInfo() : scratch.info,
               /*permutation=*/Value());
  TypeSwitch<Operation *>(op)
      .Case([&](SolveOp op) {
        LuSolveOp::create(builder, loc, scratch.factors, scratch.pivots,
                          op.getRhs(), op.getSolution());
      })
      .Case([&](DetOp op) {
        LuDetOp::create(builder, loc, scratch.factors, scratch.pivots,
                        op.getDet());
      })
      .Case([&](SlogdetOp op) {
        LuSlogdetOp::create(builder, loc, scratch.factors, scratch.pivots,
                            op.getSign(), op.getLogabsdet());
      });
  scratch.release(builder, loc, release);
}

namespace {

template <typename OpTy>
struct DecomposeFusedLu : public OpRewritePattern<OpTy> {
  DecomposeFusedLu(MLIRContext *context, ScratchAllocator allocate,
                   ScratchRelease release)
      : OpRewritePattern<OpTy>(context), allocate(std::move(allocate)),
        release(std::move(release)) {}

  LogicalResult matchAndRewrite(OpTy op,
                                PatternRewriter &rewriter) const override {
    if (!op.hasPureBufferSemantics())
      return rewriter.notifyMatchFailure(
          op, "expected memref operands; run one-shot-bufferize first");
    rewriter.setInsertionPoint(op);
    buildDecomposedFusedLu(rewriter, op, allocate, release);
    rewriter.eraseOp(op);
    return success();
  }

  ScratchAllocator allocate;
  ScratchRelease release;
};

struct LinalgXDecomposeFusedLuPass
    : public linalgx::impl::LinalgXDecomposeFusedLuBase<
          LinalgXDecomposeFusedLuPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    populateDecomposeFusedLuPatterns(patterns, allocateHostScratch,
                                     releaseHostScratch);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace

void mlir::linalgx::populateDecomposeFusedLuPatterns(
    RewritePatternSet &patterns, ScratchAllocator allocate,
    ScratchRelease release) {
  patterns.add<DecomposeFusedLu<SolveOp>, DecomposeFusedLu<DetOp>,
               DecomposeFusedLu<SlogdetOp>>(patterns.getContext(), allocate,
                                            release);
}
