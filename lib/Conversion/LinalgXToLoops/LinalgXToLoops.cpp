//===- LinalgXToLoops.cpp - linalgx to scf loops ----------------*- C++ -*-===//
//
// The reference lowering of the linalgx ops: plain loops over memrefs that any
// MLIR CPU pipeline compiles. It defines the semantics every faster path
// (vendor libraries, generated GPU kernels) must reproduce bit for bit in
// pivots and info.
//
//===----------------------------------------------------------------------===//

#include "linalgx/Conversion/Passes.h"
#include "linalgx/Conversion/ElementArith.h"
#include "linalgx/Dialect/LinalgX/IR/LinalgXOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/ImplicitLocOpBuilder.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/DialectConversion.h"

namespace mlir::linalgx {
#define GEN_PASS_DEF_CONVERTLINALGXTOLOOPS
#include "linalgx/Conversion/Passes.h.inc"
} // namespace mlir::linalgx

using namespace mlir;
using namespace mlir::linalgx;

namespace {

/// Index helpers for `[B..., i, j]` accesses into a batched memref.
struct BatchedAccess {
  SmallVector<Value> batch;

  SmallVector<Value> at(ValueRange trailing) const {
    SmallVector<Value> indices(batch);
    indices.append(trailing.begin(), trailing.end());
    return indices;
  }
};

/// Builds `for ivs in [0, dims(memref)[0..rank)) { body(ivs) }` over the
/// leading `rank` dimensions of `memref`.
static void buildBatchLoopNest(
    ImplicitLocOpBuilder &b, Value memref, int64_t rank,
    function_ref<void(ImplicitLocOpBuilder &, BatchedAccess)> body) {
  Value zero = arith::ConstantIndexOp::create(b, 0);
  Value one = arith::ConstantIndexOp::create(b, 1);
  SmallVector<Value> lbs(rank, zero), steps(rank, one), ubs;
  for (int64_t dim = 0; dim < rank; ++dim)
    ubs.push_back(memref::DimOp::create(b, memref, dim));
  scf::buildLoopNest(b, b.getLoc(), lbs, ubs, steps,
                     [&](OpBuilder &nested, Location loc, ValueRange ivs) {
                       ImplicitLocOpBuilder nb(loc, nested);
                       body(nb, BatchedAccess{llvm::to_vector(ivs)});
                     });
}

/// Builds `scf.for iv = lb to ub` with an ImplicitLocOpBuilder body.
static scf::ForOp
buildFor(ImplicitLocOpBuilder &b, Value lb, Value ub, ValueRange iterArgs,
         function_ref<SmallVector<Value>(ImplicitLocOpBuilder &, Value,
                                         ValueRange)>
             body) {
  Value one = arith::ConstantIndexOp::create(b, 1);
  return scf::ForOp::create(
      b, lb, ub, one, iterArgs,
      [&](OpBuilder &nested, Location loc, Value iv, ValueRange args) {
        ImplicitLocOpBuilder nb(loc, nested);
        SmallVector<Value> yielded = body(nb, iv, args);
        scf::YieldOp::create(nb, yielded);
      });
}

//===----------------------------------------------------------------------===//
// linalgx.lu
//===----------------------------------------------------------------------===//

struct LuOpToLoops : public OpRewritePattern<LuOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(LuOp op,
                                PatternRewriter &rewriter) const override {
    if (!op.hasPureBufferSemantics())
      return rewriter.notifyMatchFailure(
          op, "expected memref operands; run one-shot-bufferize first");

    ImplicitLocOpBuilder b(op.getLoc(), rewriter);
    Value lu = op.getLu(), pivots = op.getPivots(), info = op.getInfo();
    // Factor in place in `lu`; an in-place op (input == lu) needs no copy.
    if (op.getInput() != lu)
      memref::CopyOp::create(b, op.getInput(), lu);

    int64_t batchRank = op.getBatchRank();
    Type elementType = cast<MemRefType>(lu.getType()).getElementType();
    Type indexElementType = cast<MemRefType>(pivots.getType()).getElementType();

    buildBatchLoopNest(b, lu, batchRank, [&](ImplicitLocOpBuilder &b,
                                             BatchedAccess access) {
      ElementArith element(elementType);
      Value zero = arith::ConstantIndexOp::create(b, 0);
      Value one = arith::ConstantIndexOp::create(b, 1);
      Value m = memref::DimOp::create(b, lu, batchRank);
      Value n = memref::DimOp::create(b, lu, batchRank + 1);
      Value k = arith::MinUIOp::create(b, m, n);
      auto load = [&](ImplicitLocOpBuilder &b, Value i, Value j) -> Value {
        return memref::LoadOp::create(b, lu, access.at({i, j}));
      };
      auto store = [&](ImplicitLocOpBuilder &b, Value v, Value i, Value j) {
        memref::StoreOp::create(b, v, lu, access.at({i, j}));
      };
      Value noError = arith::ConstantOp::create(
          b, b.getIntegerAttr(indexElementType, 0));

      // for kk in [0, K): one column of L, one row of U, a rank-1 update.
      auto columns = buildFor(b, zero, k, {noError}, [&](ImplicitLocOpBuilder &b,
                                                         Value kk,
                                                         ValueRange iter) {
        Value below = arith::AddIOp::create(b, kk, one);
        // Pivot search: the first row with the largest magnitude. A strict
        // `>` keeps the first of equal magnitudes and never selects a NaN,
        // exactly as LAPACK's i?amax.
        Value start = element.magnitude(b, load(b, kk, kk));
        auto search = buildFor(
            b, below, m, {start, kk},
            [&](ImplicitLocOpBuilder &b, Value i, ValueRange best) {
              Value candidate = element.magnitude(b, load(b, i, kk));
              Value better = arith::CmpFOp::create(
                  b, arith::CmpFPredicate::OGT, candidate, best[0]);
              return SmallVector<Value>{
                  arith::SelectOp::create(b, better, candidate, best[0]),
                  arith::SelectOp::create(b, better, i, best[1])};
            });
        Value pivotRow = search.getResult(1);
        memref::StoreOp::create(
            b, arith::IndexCastOp::create(b, indexElementType, pivotRow),
            pivots, access.at({kk}));

        Value pivot = load(b, pivotRow, kk);
        Value singular = element.isZero(b, pivot);
        Value regular = arith::XOrIOp::create(
            b, singular, arith::ConstantIntOp::create(b, 1, /*width=*/1));
        // A zero pivot means the whole column below the diagonal is zero:
        // nothing to swap, scale or update (LAPACK skips the same work).
        scf::IfOp::create(b, regular, [&](OpBuilder &nested, Location loc) {
          ImplicitLocOpBuilder b(loc, nested);
          Value needsSwap = arith::CmpIOp::create(b, arith::CmpIPredicate::ne,
                                                  pivotRow, kk);
          scf::IfOp::create(b, needsSwap, [&](OpBuilder &nested, Location loc) {
            ImplicitLocOpBuilder b(loc, nested);
            buildFor(b, zero, n, {},
                     [&](ImplicitLocOpBuilder &b, Value j, ValueRange) {
                       Value top = load(b, kk, j);
                       Value other = load(b, pivotRow, j);
                       store(b, other, kk, j);
                       store(b, top, pivotRow, j);
                       return SmallVector<Value>{};
                     });
            scf::YieldOp::create(b);
          });
          // L(i, kk) = A(i, kk) / U(kk, kk), then the rank-1 update of the
          // trailing matrix, row by row so the inner loop is contiguous.
          Value columnAfter = arith::AddIOp::create(b, kk, one);
          buildFor(b, below, m, {}, [&](ImplicitLocOpBuilder &b, Value i,
                                        ValueRange) {
            Value multiplier = element.div(b, load(b, i, kk), pivot);
            store(b, multiplier, i, kk);
            buildFor(b, columnAfter, n, {},
                     [&](ImplicitLocOpBuilder &b, Value j, ValueRange) {
                       store(b, element.mulSub(b, load(b, i, j), multiplier,
                                             load(b, kk, j)),
                             i, j);
                       return SmallVector<Value>{};
                     });
            return SmallVector<Value>{};
          });
          scf::YieldOp::create(b);
        });

        // info keeps the first zero pivot, 1-based.
        Value firstError = arith::AndIOp::create(
            b, singular,
            arith::CmpIOp::create(b, arith::CmpIPredicate::eq, iter[0],
                                  noError));
        Value oneBasedStep = arith::IndexCastOp::create(b, indexElementType,
                                                        below);
        return SmallVector<Value>{
            arith::SelectOp::create(b, firstError, oneBasedStep, iter[0])};
      });
      memref::StoreOp::create(b, columns.getResult(0), info, access.batch);
    });

    // The loops swap rows in place, so the permutation is the pivots'
    // (lowered by the pattern below).
    if (Value permutation = op.getPermutation())
      PivotsToPermutationOp::create(b, pivots, permutation);

    rewriter.eraseOp(op);
    return success();
  }
};

//===----------------------------------------------------------------------===//
// linalgx.pivots_to_permutation
//===----------------------------------------------------------------------===//

struct PivotsToPermutationOpToLoops
    : public OpRewritePattern<PivotsToPermutationOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(PivotsToPermutationOp op,
                                PatternRewriter &rewriter) const override {
    if (!op.hasPureBufferSemantics())
      return rewriter.notifyMatchFailure(
          op, "expected memref operands; run one-shot-bufferize first");

    ImplicitLocOpBuilder b(op.getLoc(), rewriter);
    Value pivots = op.getPivots(), permutation = op.getPermutation();
    int64_t batchRank = op.getBatchRank();
    Type indexElementType =
        cast<MemRefType>(pivots.getType()).getElementType();
    bool oneBased = op.getOneBased();

    buildBatchLoopNest(b, permutation, batchRank, [&](ImplicitLocOpBuilder &b,
                                                      BatchedAccess access) {
      Value zero = arith::ConstantIndexOp::create(b, 0);
      Value n = memref::DimOp::create(b, permutation, batchRank);
      Value k = memref::DimOp::create(b, pivots, batchRank);
      buildFor(b, zero, n, {}, [&](ImplicitLocOpBuilder &b, Value j,
                                   ValueRange) {
        memref::StoreOp::create(
            b, arith::IndexCastOp::create(b, indexElementType, j), permutation,
            access.at({j}));
        return SmallVector<Value>{};
      });

      // With dynamic shapes K may exceed N at run time; swaps past N have
      // no row to act on, so only the first min(K, N) pivots are applied.
      Value steps = arith::MinUIOp::create(b, k, n);
      Value lowest = arith::ConstantOp::create(
          b, b.getIntegerAttr(indexElementType, oneBased ? 1 : 0));
      buildFor(b, zero, steps, {}, [&](ImplicitLocOpBuilder &b, Value i,
                                       ValueRange) {
        Value target = memref::LoadOp::create(b, pivots, access.at({i}));
        if (oneBased)
          target = arith::SubIOp::create(b, target, lowest);
        // Out-of-range entries are skipped, as JAX's kernel does. The upper
        // bound is compared in index arithmetic: N itself may not fit the
        // pivot type (i32 pivots, N = 2^31).
        Value zeroPivot = arith::ConstantOp::create(
            b, b.getIntegerAttr(indexElementType, 0));
        Value j = arith::IndexCastOp::create(b, b.getIndexType(), target);
        Value inRange = arith::AndIOp::create(
            b,
            arith::CmpIOp::create(b, arith::CmpIPredicate::sge, target,
                                  zeroPivot),
            arith::CmpIOp::create(b, arith::CmpIPredicate::slt, j, n));
        scf::IfOp::create(b, inRange, [&](OpBuilder &nested, Location loc) {
          ImplicitLocOpBuilder b(loc, nested);
          Value atI = memref::LoadOp::create(b, permutation, access.at({i}));
          Value atJ = memref::LoadOp::create(b, permutation, access.at({j}));
          memref::StoreOp::create(b, atJ, permutation, access.at({i}));
          memref::StoreOp::create(b, atI, permutation, access.at({j}));
          scf::YieldOp::create(b);
        });
        return SmallVector<Value>{};
      });
    });

    rewriter.eraseOp(op);
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Pass
//===----------------------------------------------------------------------===//

struct ConvertLinalgXToLoopsPass
    : public linalgx::impl::ConvertLinalgXToLoopsBase<
          ConvertLinalgXToLoopsPass> {
  void runOnOperation() override {
    // Point the user at the missing step instead of the generic "failed to
    // legalize" message of the conversion driver.
    WalkResult onTensors = getOperation()->walk([](Operation *op) {
      auto linalgxOp = dyn_cast<DestinationStyleOpInterface>(op);
      if (!linalgxOp || !isa<LinalgXDialect>(op->getDialect()) ||
          linalgxOp.hasPureBufferSemantics())
        return WalkResult::advance();
      op->emitOpError() << "must be on memrefs to be lowered to loops; run "
                           "'one-shot-bufferize' first (linalgx-cpu-pipeline "
                           "does)";
      return WalkResult::interrupt();
    });
    if (onTensors.wasInterrupted())
      return signalPassFailure();

    ConversionTarget target(getContext());
    target.addIllegalDialect<LinalgXDialect>();
    target.markUnknownOpDynamicallyLegal([](Operation *) { return true; });
    RewritePatternSet patterns(&getContext());
    populateLinalgXToLoopsPatterns(patterns);
    if (failed(applyPartialConversion(getOperation(), target,
                                      std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace

void mlir::linalgx::populateLinalgXToLoopsPatterns(
    RewritePatternSet &patterns) {
  patterns.add<LuOpToLoops, PivotsToPermutationOpToLoops>(
      patterns.getContext());
}
