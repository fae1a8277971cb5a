//===- LinalgXToLoops.cpp - linalgx to scf loops ----------------*- C++ -*-===//
//
// The reference lowering of the linalgx ops: plain loops over memrefs that any
// MLIR CPU pipeline compiles. It defines the semantics every faster path
// (vendor libraries, generated GPU kernels) must reproduce bit for bit in
// pivots and info.
//
//===----------------------------------------------------------------------===//

#include "linalgx/Conversion/Determinant.h"
#include "linalgx/Conversion/ElementArith.h"
#include "linalgx/Conversion/LinalgXToLoops/LoopBuilders.h"
#include "linalgx/Conversion/LuSolveSteps.h"
#include "linalgx/Conversion/Passes.h"
#include "linalgx/Dialect/LinalgX/IR/LinalgXOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/ImplicitLocOpBuilder.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/DialectConversion.h"
#include "llvm/Support/CheckedArithmetic.h"

#include <limits>

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
static scf::ForOp buildFor(
    ImplicitLocOpBuilder &b, Value lb, Value ub, ValueRange iterArgs,
    function_ref<SmallVector<Value>(ImplicitLocOpBuilder &, Value, ValueRange)>
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

    buildBatchLoopNest(
        b, lu, batchRank, [&](ImplicitLocOpBuilder &b, BatchedAccess access) {
          Value m = memref::DimOp::create(b, lu, batchRank);
          Value n = memref::DimOp::create(b, lu, batchRank + 1);
          Value status = buildUnblockedLuLoops(
              b, elementType, indexElementType, m, n,
              [&](ImplicitLocOpBuilder &b, Value i, Value j) -> Value {
                return memref::LoadOp::create(b, lu, access.at({i, j}));
              },
              [&](ImplicitLocOpBuilder &b, Value v, Value i, Value j) {
                memref::StoreOp::create(b, v, lu, access.at({i, j}));
              },
              [&](ImplicitLocOpBuilder &b, Value kk, Value pivotRow) {
                memref::StoreOp::create(
                    b, storedPivot(b, pivotRow, op.getOneBased()), pivots,
                    access.at({kk}));
              });
          memref::StoreOp::create(b, status, info, access.batch);
        });

    // The loops swap rows in place, so the permutation is the pivots'
    // (lowered by the pattern below).
    if (Value permutation = op.getPermutation())
      PivotsToPermutationOp::create(b, pivots, permutation, op.getOneBased());

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
    Type indexElementType = cast<MemRefType>(pivots.getType()).getElementType();
    bool oneBased = op.getOneBased();

    buildBatchLoopNest(
        b, permutation, batchRank,
        [&](ImplicitLocOpBuilder &b, BatchedAccess access) {
          Value n = memref::DimOp::create(b, permutation, batchRank);
          Value k = memref::DimOp::create(b, pivots, batchRank);
          buildPermutationFromPivots(
              b, indexElementType, k, n, oneBased,
              [&](ImplicitLocOpBuilder &b, Value i) -> Value {
                return memref::LoadOp::create(b, pivots, access.at({i}));
              },
              [&](ImplicitLocOpBuilder &b, Value j) -> Value {
                return memref::LoadOp::create(b, permutation, access.at({j}));
              },
              [&](ImplicitLocOpBuilder &b, Value v, Value j) {
                memref::StoreOp::create(b, v, permutation, access.at({j}));
              });
        });

    rewriter.eraseOp(op);
    return success();
  }
};

//===----------------------------------------------------------------------===//
// linalgx.lu_solve
//===----------------------------------------------------------------------===//

/// Work (B·N²·R multiply-adds) from which lu_solve's batch is spread over
/// the cores: below it the OpenMP fork-join costs more than it saves.
constexpr int64_t kLuSolveParallelMinWork = int64_t(1) << 17;

/// One matrix's solution, solved in place (LAPACK getrs's order): the row
/// exchanges, then the two triangular solves, for `A` or, transposed, for
/// `Aᵀ`/`Aᴴ`. Every step updates whole rows of the solution, whose R
/// entries are contiguous: the innermost loops run along them.
class LuSolveMatrix {
public:
  LuSolveMatrix(LuSolveOp op, ValueRange batch, Value n, Value columns)
      : op(op), batch(batch), n(n), columns(columns),
        element(cast<MemRefType>(op.getLu().getType()).getElementType()),
        trans(op.getTrans()) {}

  void build(ImplicitLocOpBuilder &b) {
    forEachGetrsStep(
        trans, [&](bool reverse) { exchangeRows(b, reverse); },
        [&](bool lower) { substitute(b, lower); });
  }

private:
  SmallVector<Value> at(ValueRange trailing) const {
    SmallVector<Value> indices(batch.begin(), batch.end());
    indices.append(trailing.begin(), trailing.end());
    return indices;
  }
  Value x(ImplicitLocOpBuilder &b, Value i, Value c) {
    return memref::LoadOp::create(b, op.getSolution(), at({i, c}));
  }
  void setX(ImplicitLocOpBuilder &b, Value value, Value i, Value c) {
    memref::StoreOp::create(b, value, op.getSolution(), at({i, c}));
  }
  /// `body(c)` for every column c of the solution.
  void eachColumn(ImplicitLocOpBuilder &b,
                  function_ref<void(ImplicitLocOpBuilder &, Value)> body) {
    buildSimpleFor(b, arith::ConstantIndexOp::create(b, 0), columns, body);
  }
  /// Entry (i, j) of the factor that `op`'s system multiplies by: the
  /// factors as stored, or transposed (and conjugated for Aᴴ).
  Value factor(ImplicitLocOpBuilder &b, Value i, Value j) {
    if (trans == LuSolveTrans::None)
      return memref::LoadOp::create(b, op.getLu(), at({i, j}));
    Value entry = memref::LoadOp::create(b, op.getLu(), at({j, i}));
    return trans == LuSolveTrans::Adjoint ? element.conjugate(b, entry) : entry;
  }

  /// Row i and row pivots[i] of the solution exchanged for i = 0 .. N-1
  /// (P·B), or for i = N-1 .. 0 (Pᵀ·B). A pivot outside [0, N) names no
  /// row and is skipped, as pivots_to_permutation skips it.
  void exchangeRows(ImplicitLocOpBuilder &b, bool reverse) {
    Value zero = arith::ConstantIndexOp::create(b, 0);
    Value last =
        arith::SubIOp::create(b, n, arith::ConstantIndexOp::create(b, 1));
    buildSimpleFor(b, zero, n, [&](ImplicitLocOpBuilder &b, Value step) {
      Value i = reverse ? arith::SubIOp::create(b, last, step) : step;
      Value pivot = memref::LoadOp::create(b, op.getPivots(), at({i}));
      if (op.getOneBased())
        pivot = arith::SubIOp::create(
            b, pivot,
            arith::ConstantOp::create(b, b.getIntegerAttr(pivot.getType(), 1)));
      Value row = arith::IndexCastOp::create(b, b.getIndexType(), pivot);
      // One unsigned comparison: a negative row is a huge index.
      Value valid = arith::CmpIOp::create(b, arith::CmpIPredicate::ult, row, n);
      Value other = arith::CmpIOp::create(b, arith::CmpIPredicate::ne, row, i);
      scf::IfOp::create(b, arith::AndIOp::create(b, valid, other),
                        [&](OpBuilder &nested, Location loc) {
                          ImplicitLocOpBuilder nb(loc, nested);
                          eachColumn(nb, [&](ImplicitLocOpBuilder &b, Value c) {
                            Value atI = x(b, i, c), atRow = x(b, row, c);
                            setX(b, atRow, i, c);
                            setX(b, atI, row, c);
                          });
                          scf::YieldOp::create(nb);
                        });
    });
  }

  /// X := T⁻¹ X for the triangle T of `factor`: lower (forwards) or upper
  /// (backwards), row i of X less T(i, j) times row j for the rows j
  /// solved before it, then divided by T(i, i). The system's lower factor
  /// has the unit diagonal when it is L (no transpose), its upper one when
  /// it is Lᵀ.
  /// With one right-hand side the row update has one entry: the entry is
  /// then accumulated in a register over j instead (the same operations in
  /// the same order, without a store a step).
  void substitute(ImplicitLocOpBuilder &b, bool lower) {
    Value one = arith::ConstantIndexOp::create(b, 1);
    scf::IfOp::create(
        b, arith::CmpIOp::create(b, arith::CmpIPredicate::eq, columns, one),
        [&](OpBuilder &nested, Location loc) {
          ImplicitLocOpBuilder nb(loc, nested);
          substituteRows(nb, lower, /*oneColumn=*/true);
          scf::YieldOp::create(nb);
        },
        [&](OpBuilder &nested, Location loc) {
          ImplicitLocOpBuilder nb(loc, nested);
          if (auto real = dyn_cast<FloatType>(
                  cast<MemRefType>(op.getSolution().getType())
                      .getElementType()))
            substituteRowBlocks(nb, real, lower);
          else
            substituteRows(nb, lower, /*oneColumn=*/false);
          scf::YieldOp::create(nb);
        });
  }

  void substituteRows(ImplicitLocOpBuilder &b, bool lower, bool oneColumn) {
    bool unitDiagonal = hasUnitDiagonal(trans, lower);
    Value zero = arith::ConstantIndexOp::create(b, 0);
    Value one = arith::ConstantIndexOp::create(b, 1);
    Value last = arith::SubIOp::create(b, n, one);
    buildSimpleFor(b, zero, n, [&](ImplicitLocOpBuilder &b, Value step) {
      Value i = lower ? step : arith::SubIOp::create(b, last, step);
      Value lb = lower ? zero : arith::AddIOp::create(b, i, one);
      Value ub = lower ? i : n;
      if (oneColumn) {
        auto sum = scf::ForOp::create(
            b, lb, ub, one, ValueRange{x(b, i, zero)},
            [&](OpBuilder &nested, Location loc, Value j, ValueRange acc) {
              ImplicitLocOpBuilder nb(loc, nested);
              scf::YieldOp::create(
                  nb,
                  element.mulSub(nb, acc[0], factor(nb, i, j), x(nb, j, zero)));
            });
        Value value = sum.getResult(0);
        if (!unitDiagonal)
          value = element.div(b, value, factor(b, i, i));
        setX(b, value, i, zero);
        return;
      }
      buildSimpleFor(b, lb, ub, [&](ImplicitLocOpBuilder &b, Value j) {
        Value t = factor(b, i, j);
        eachColumn(b, [&](ImplicitLocOpBuilder &b, Value c) {
          setX(b, element.mulSub(b, x(b, i, c), t, x(b, j, c)), i, c);
        });
      });
      if (unitDiagonal)
        return;
      Value diagonal = factor(b, i, i);
      eachColumn(b, [&](ImplicitLocOpBuilder &b, Value c) {
        setX(b, element.div(b, x(b, i, c), diagonal), i, c);
      });
    });
  }

  /// The multi-column substitution of a real type: kRowBlock rows of X at a
  /// time, so that each tile of a solved row j loaded from memory updates
  /// kRowBlock rows held in registers instead of one. The rows a whole
  /// block does not cover (the last n mod kRowBlock forwards, the first
  /// ones backwards) go one at a time.
  void substituteRowBlocks(ImplicitLocOpBuilder &b, FloatType type,
                           bool lower) {
    bool unitDiagonal = hasUnitDiagonal(trans, lower);
    Value zero = arith::ConstantIndexOp::create(b, 0);
    Value one = arith::ConstantIndexOp::create(b, 1);
    Value block = arith::ConstantIndexOp::create(b, kRowBlock);
    Value blocks = arith::DivUIOp::create(b, n, block);
    Value covered = arith::MulIOp::create(b, blocks, block);
    Value last = arith::SubIOp::create(b, n, one);
    auto singleRows = [&](Value count) {
      buildSimpleFor(b, zero, count, [&](ImplicitLocOpBuilder &b, Value k) {
        Value i = lower ? Value(arith::AddIOp::create(b, covered, k))
                        : Value(arith::SubIOp::create(b, last, k));
        substituteRowsInTiles(b, type, i, 1, lower, unitDiagonal);
      });
    };
    Value rest = arith::SubIOp::create(b, n, covered);
    if (!lower)
      singleRows(rest);
    buildSimpleFor(b, zero, blocks, [&](ImplicitLocOpBuilder &b, Value k) {
      // Forwards the blocks from the top; backwards from the bottom, after
      // the rows below the lowest whole block: block k starts at row
      // covered - (k + 1)·kRowBlock.
      Value first =
          lower ? Value(arith::MulIOp::create(b, k, block))
                : Value(arith::SubIOp::create(
                      b, covered,
                      arith::MulIOp::create(b, arith::AddIOp::create(b, k, one),
                                            block)));
      substituteRowsInTiles(b, type, first, kRowBlock, lower, unitDiagonal);
    });
    if (lower)
      singleRows(rest);
  }

  /// Rows [first, first + count) of X, a tile of kRowTileBytes at a time
  /// (the last one masked), held in vectors across the whole update: less
  /// T(i, j) times the solved rows j outside them (each tile of row j loaded
  /// once for all the rows), then their own triangle in registers, then
  /// divided by T(i, i) unless `unitDiagonal`. For one row, or forwards,
  /// each row's operations come in the scalar loops' order; backwards a
  /// block's own rows come last.
  void substituteRowsInTiles(ImplicitLocOpBuilder &b, FloatType type,
                             Value first, int64_t count, bool lower,
                             bool unitDiagonal) {
    int64_t lanes = kRowTileBytes / (type.getWidth() / 8);
    auto tileType = VectorType::get({lanes}, type);
    Value padding = arith::ConstantOp::create(b, b.getFloatAttr(type, 0.0));
    Value zero = arith::ConstantIndexOp::create(b, 0);
    Value one = arith::ConstantIndexOp::create(b, 1);
    SmallVector<Value> rows = {first};
    for (int64_t r = 1; r < count; ++r)
      rows.push_back(arith::AddIOp::create(
          b, first, arith::ConstantIndexOp::create(b, r)));
    Value lb = lower ? zero : arith::AddIOp::create(b, rows.back(), one);
    Value ub = lower ? first : n;
    auto tile = [&](ImplicitLocOpBuilder &b, Value row, Value c) -> Value {
      return vector::TransferReadOp::create(b, tileType, op.getSolution(),
                                            at({row, c}), padding,
                                            ArrayRef<bool>{false});
    };
    auto less = [&](ImplicitLocOpBuilder &b, Value acc, Value t,
                    Value solved) -> Value {
      Value product = arith::MulFOp::create(
          b, vector::BroadcastOp::create(b, tileType, t), solved);
      return arith::SubFOp::create(b, acc, product);
    };
    scf::ForOp::create(
        b, zero, columns, arith::ConstantIndexOp::create(b, lanes),
        ValueRange(),
        [&](OpBuilder &nested, Location loc, Value c, ValueRange) {
          ImplicitLocOpBuilder nb(loc, nested);
          SmallVector<Value> init;
          for (Value row : rows)
            init.push_back(tile(nb, row, c));
          auto outside = scf::ForOp::create(
              nb, lb, ub, one, init,
              [&](OpBuilder &inner, Location loc, Value j, ValueRange accs) {
                ImplicitLocOpBuilder ib(loc, inner);
                Value solved = tile(ib, j, c);
                SmallVector<Value> next;
                for (auto [row, acc] : llvm::zip_equal(rows, accs))
                  next.push_back(less(ib, acc, factor(ib, row, j), solved));
                scf::YieldOp::create(ib, next);
              });
          SmallVector<Value> accs(outside.getResults());
          for (int64_t step = 0; step < count; ++step) {
            int64_t r = lower ? step : count - 1 - step;
            int64_t from = lower ? 0 : r + 1, to = lower ? r : count;
            for (int64_t s = from; s < to; ++s)
              accs[r] =
                  less(nb, accs[r], factor(nb, rows[r], rows[s]), accs[s]);
            if (!unitDiagonal)
              accs[r] = arith::DivFOp::create(
                  nb, accs[r],
                  vector::BroadcastOp::create(nb, tileType,
                                              factor(nb, rows[r], rows[r])));
          }
          for (auto [row, acc] : llvm::zip_equal(rows, accs))
            vector::TransferWriteOp::create(
                nb, acc, op.getSolution(), at({row, c}), ArrayRef<bool>{false});
          scf::YieldOp::create(nb);
        });
  }

  /// Four AVX-512 registers (eight AVX2 ones): enough lanes to keep the
  /// loads busy, few enough to stay in registers.
  static constexpr int64_t kRowTileBytes = 256;
  /// Rows of X a block updates together: four tiles of four AVX-512
  /// registers, with the solved row's tile, fit the 32 registers.
  static constexpr int64_t kRowBlock = 4;

  LuSolveOp op;
  ValueRange batch;
  Value n, columns;
  ElementArith element;
  LuSolveTrans trans;
};

struct LuSolveOpToLoops : public OpRewritePattern<LuSolveOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(LuSolveOp op,
                                PatternRewriter &rewriter) const override {
    if (!op.hasPureBufferSemantics())
      return rewriter.notifyMatchFailure(
          op, "expected memref operands; run one-shot-bufferize first");

    ImplicitLocOpBuilder b(op.getLoc(), rewriter);
    Value solution = op.getSolution();
    // Solve in place in `solution`; an in-place op needs no copy.
    if (op.getRhs() != solution)
      memref::CopyOp::create(b, op.getRhs(), solution);

    int64_t batchRank = op.getBatchRank();
    SmallVector<Value> batchDims;
    for (int64_t dim = 0; dim < batchRank; ++dim)
      batchDims.push_back(memref::DimOp::create(b, solution, dim));
    Value n = memref::DimOp::create(b, solution, batchRank);
    Value columns = memref::DimOp::create(b, solution, batchRank + 1);
    SmallVector<Value> work(batchDims);
    work.append({n, n, columns});
    Value parallel =
        batchRank == 0 ? arith::ConstantIntOp::create(b, 0, 1).getResult()
                       : atLeast(b, product(b, work), kLuSolveParallelMinWork);
    buildBatchLoops(b, batchDims, parallel,
                    [&](ImplicitLocOpBuilder &b, ValueRange ivs) {
                      LuSolveMatrix(op, ivs, n, columns).build(b);
                    });
    rewriter.eraseOp(op);
    return success();
  }
};

//===----------------------------------------------------------------------===//
// linalgx.lu_det and linalgx.lu_slogdet
//===----------------------------------------------------------------------===//

/// The fold over each matrix's diagonal (DeterminantFold), a loop per
/// matrix: O(N) work, no need to spread the batch over cores.
template <typename OpTy>
struct DeterminantOpToLoops : public OpRewritePattern<OpTy> {
  using OpRewritePattern<OpTy>::OpRewritePattern;

  LogicalResult matchAndRewrite(OpTy op,
                                PatternRewriter &rewriter) const override {
    if (!op.hasPureBufferSemantics())
      return rewriter.notifyMatchFailure(
          op, "expected memref operands; run one-shot-bufferize first");
    ImplicitLocOpBuilder b(op.getLoc(), rewriter);
    Value lu = op.getLu(), pivots = op.getPivots();
    DeterminantFold fold(cast<MemRefType>(lu.getType()).getElementType(),
                         std::is_same_v<OpTy, LuSlogdetOp>,
                         ElementArith::Flavour::Host);
    int64_t batchRank = op.getBatchRank();
    Value n = memref::DimOp::create(b, lu, batchRank);
    buildBatchLoopNest(
        b, lu, batchRank, [&](ImplicitLocOpBuilder &b, BatchedAccess access) {
          SmallVector<Value> state = fold.foldDiagonal(
              b, arith::ConstantIndexOp::create(b, 0), n,
              arith::ConstantIndexOp::create(b, 1), op.getOneBased(),
              [&](ImplicitLocOpBuilder &b, Value i) -> Value {
                return memref::LoadOp::create(b, lu, access.at({i, i}));
              },
              [&](ImplicitLocOpBuilder &b, Value i) -> Value {
                return memref::LoadOp::create(b, pivots, access.at({i}));
              });
          for (auto [result, init] :
               llvm::zip_equal(fold.finish(b, state), op.getDpsInits()))
            memref::StoreOp::create(b, result, init, access.batch);
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

//===----------------------------------------------------------------------===//
// Per-matrix bodies (LoopBuilders.h)
//===----------------------------------------------------------------------===//

void mlir::linalgx::buildBatchLoops(
    ImplicitLocOpBuilder &b, ArrayRef<Value> dims, Value parallel,
    function_ref<void(ImplicitLocOpBuilder &, ValueRange)> body) {
  if (dims.empty()) {
    body(b, {});
    return;
  }
  SmallVector<Value> lbs(dims.size(), arith::ConstantIndexOp::create(b, 0));
  SmallVector<Value> steps(dims.size(), arith::ConstantIndexOp::create(b, 1));
  auto buildParallel = [&](ImplicitLocOpBuilder &b) {
    scf::ParallelOp::create(
        b, lbs, dims, steps,
        [&](OpBuilder &nested, Location loc, ValueRange ivs) {
          ImplicitLocOpBuilder nb(loc, nested);
          body(nb, ivs);
        });
  };
  auto buildSerial = [&](ImplicitLocOpBuilder &b) {
    scf::buildLoopNest(b, b.getLoc(), lbs, dims, steps,
                       [&](OpBuilder &nested, Location loc, ValueRange ivs) {
                         ImplicitLocOpBuilder nb(loc, nested);
                         body(nb, ivs);
                       });
  };
  if (std::optional<int64_t> known = getConstantIntValue(parallel)) {
    if (*known)
      buildParallel(b);
    else
      buildSerial(b);
    return;
  }
  scf::IfOp::create(
      b, parallel,
      [&](OpBuilder &nested, Location loc) {
        ImplicitLocOpBuilder nb(loc, nested);
        buildParallel(nb);
        scf::YieldOp::create(nb);
      },
      [&](OpBuilder &nested, Location loc) {
        ImplicitLocOpBuilder nb(loc, nested);
        buildSerial(nb);
        scf::YieldOp::create(nb);
      });
}

Value mlir::linalgx::atLeast(ImplicitLocOpBuilder &b, Value lhs, int64_t rhs) {
  if (std::optional<int64_t> known = getConstantIntValue(lhs))
    return arith::ConstantIntOp::create(b, *known >= rhs, 1);
  return arith::CmpIOp::create(b, arith::CmpIPredicate::sge, lhs,
                               arith::ConstantIndexOp::create(b, rhs));
}

Value mlir::linalgx::product(ImplicitLocOpBuilder &b, ArrayRef<Value> values) {
  int64_t constant = 1;
  Value dynamic;
  for (Value value : values) {
    if (std::optional<int64_t> known = getConstantIntValue(value)) {
      if (llvm::MulOverflow(constant, *known, constant))
        constant = std::numeric_limits<int64_t>::max();
      continue;
    }
    dynamic =
        dynamic ? arith::MulIOp::create(b, dynamic, value).getResult() : value;
  }
  Value folded = arith::ConstantIndexOp::create(b, constant);
  if (!dynamic)
    return folded;
  return constant == 1 ? dynamic
                       : arith::MulIOp::create(b, dynamic, folded).getResult();
}

void mlir::linalgx::buildSimpleFor(
    ImplicitLocOpBuilder &b, Value lb, Value ub,
    function_ref<void(ImplicitLocOpBuilder &, Value)> body) {
  buildFor(b, lb, ub, {}, [&](ImplicitLocOpBuilder &b, Value iv, ValueRange) {
    body(b, iv);
    return SmallVector<Value>{};
  });
}

Value mlir::linalgx::buildUnblockedLuLoops(
    ImplicitLocOpBuilder &b, Type elementType, Type indexElementType, Value m,
    Value n, MatrixLoad load, MatrixStore store,
    function_ref<void(ImplicitLocOpBuilder &, Value, Value)> storePivot) {
  ElementArith element(elementType);
  Value zero = arith::ConstantIndexOp::create(b, 0);
  Value one = arith::ConstantIndexOp::create(b, 1);
  Value k = arith::MinUIOp::create(b, m, n);
  Value noError =
      arith::ConstantOp::create(b, b.getIntegerAttr(indexElementType, 0));

  // for kk in [0, K): one column of L, one row of U, a rank-1 update.
  auto columns = buildFor(
      b, zero, k, {noError},
      [&](ImplicitLocOpBuilder &b, Value kk, ValueRange iter) {
        Value below = arith::AddIOp::create(b, kk, one);
        // Pivot search: the first row with the largest magnitude. A strict
        // `>` keeps the first of equal magnitudes and never selects a NaN,
        // exactly as LAPACK's i?amax.
        Value start = element.magnitude(b, load(b, kk, kk));
        auto search = buildFor(
            b, below, m, {start, kk},
            [&](ImplicitLocOpBuilder &b, Value i, ValueRange best) {
              Value candidate = element.magnitude(b, load(b, i, kk));
              Value better = arith::CmpFOp::create(b, arith::CmpFPredicate::OGT,
                                                   candidate, best[0]);
              return SmallVector<Value>{
                  arith::SelectOp::create(b, better, candidate, best[0]),
                  arith::SelectOp::create(b, better, i, best[1])};
            });
        Value pivotRow = search.getResult(1);
        storePivot(b, kk,
                   arith::IndexCastOp::create(b, indexElementType, pivotRow));

        Value pivot = load(b, pivotRow, kk);
        Value singular = element.isZero(b, pivot);
        Value regular = arith::XOrIOp::create(
            b, singular, arith::ConstantIntOp::create(b, 1, /*width=*/1));
        // A zero pivot means the whole column below the diagonal is zero:
        // nothing to swap, scale or update (LAPACK skips the same work).
        scf::IfOp::create(b, regular, [&](OpBuilder &nested, Location loc) {
          ImplicitLocOpBuilder b(loc, nested);
          Value needsSwap =
              arith::CmpIOp::create(b, arith::CmpIPredicate::ne, pivotRow, kk);
          scf::IfOp::create(b, needsSwap, [&](OpBuilder &nested, Location loc) {
            ImplicitLocOpBuilder b(loc, nested);
            buildSimpleFor(b, zero, n, [&](ImplicitLocOpBuilder &b, Value j) {
              Value top = load(b, kk, j);
              Value other = load(b, pivotRow, j);
              store(b, other, kk, j);
              store(b, top, pivotRow, j);
            });
            scf::YieldOp::create(b);
          });
          // L(i, kk) = A(i, kk) / U(kk, kk), then the rank-1 update of the
          // trailing matrix, row by row so the inner loop is contiguous.
          Value columnAfter = arith::AddIOp::create(b, kk, one);
          buildSimpleFor(b, below, m, [&](ImplicitLocOpBuilder &b, Value i) {
            Value multiplier = element.div(b, load(b, i, kk), pivot);
            store(b, multiplier, i, kk);
            buildSimpleFor(b, columnAfter, n,
                           [&](ImplicitLocOpBuilder &b, Value j) {
                             store(b,
                                   element.mulSub(b, load(b, i, j), multiplier,
                                                  load(b, kk, j)),
                                   i, j);
                           });
          });
          scf::YieldOp::create(b);
        });

        // info keeps the first zero pivot, 1-based.
        Value firstError = arith::AndIOp::create(
            b, singular,
            arith::CmpIOp::create(b, arith::CmpIPredicate::eq, iter[0],
                                  noError));
        Value oneBasedStep =
            arith::IndexCastOp::create(b, indexElementType, below);
        return SmallVector<Value>{
            arith::SelectOp::create(b, firstError, oneBasedStep, iter[0])};
      });
  return columns.getResult(0);
}

Value mlir::linalgx::storedPivot(ImplicitLocOpBuilder &b, Value pivotRow,
                                 bool oneBased) {
  if (!oneBased)
    return pivotRow;
  return arith::AddIOp::create(
      b, pivotRow,
      arith::ConstantOp::create(b, b.getIntegerAttr(pivotRow.getType(), 1)));
}

void mlir::linalgx::buildPermutationFromPivots(
    ImplicitLocOpBuilder &b, Type indexElementType, Value k, Value n,
    bool oneBased, function_ref<Value(ImplicitLocOpBuilder &, Value)> loadPivot,
    function_ref<Value(ImplicitLocOpBuilder &, Value)> loadPermutation,
    function_ref<void(ImplicitLocOpBuilder &, Value, Value)> storePermutation) {
  Value zero = arith::ConstantIndexOp::create(b, 0);
  buildSimpleFor(b, zero, n, [&](ImplicitLocOpBuilder &b, Value j) {
    storePermutation(b, arith::IndexCastOp::create(b, indexElementType, j), j);
  });

  // With dynamic shapes K may exceed N at run time; swaps past N have
  // no row to act on, so only the first min(K, N) pivots are applied.
  Value steps = arith::MinUIOp::create(b, k, n);
  Value lowest = arith::ConstantOp::create(
      b, b.getIntegerAttr(indexElementType, oneBased ? 1 : 0));
  Value zeroPivot =
      arith::ConstantOp::create(b, b.getIntegerAttr(indexElementType, 0));
  buildSimpleFor(b, zero, steps, [&](ImplicitLocOpBuilder &b, Value i) {
    Value target = loadPivot(b, i);
    if (oneBased)
      target = arith::SubIOp::create(b, target, lowest);
    // Out-of-range entries are skipped, as JAX's kernel does. The upper
    // bound is compared in index arithmetic: N itself may not fit the
    // pivot type (i32 pivots, N = 2^31).
    Value j = arith::IndexCastOp::create(b, b.getIndexType(), target);
    Value inRange = arith::AndIOp::create(
        b,
        arith::CmpIOp::create(b, arith::CmpIPredicate::sge, target, zeroPivot),
        arith::CmpIOp::create(b, arith::CmpIPredicate::slt, j, n));
    scf::IfOp::create(b, inRange, [&](OpBuilder &nested, Location loc) {
      ImplicitLocOpBuilder b(loc, nested);
      Value atI = loadPermutation(b, i);
      Value atJ = loadPermutation(b, j);
      storePermutation(b, atJ, i);
      storePermutation(b, atI, j);
      scf::YieldOp::create(b);
    });
  });
}

void mlir::linalgx::populateLinalgXToLoopsPatterns(
    RewritePatternSet &patterns) {
  patterns
      .add<LuOpToLoops, LuSolveOpToLoops, PivotsToPermutationOpToLoops,
           DeterminantOpToLoops<LuDetOp>, DeterminantOpToLoops<LuSlogdetOp>>(
          patterns.getContext());
}
