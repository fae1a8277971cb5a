//===- LinalgXToLinalg.cpp - linalgx on tensors to linalg -------*- C++ -*-===//
//
// linalgx.lu, linalgx.pivots_to_permutation, linalgx.lu_solve,
// linalgx.solve, linalgx.lu_det and linalgx.lu_slogdet on tensors as upstream
// ops only -- an scf.for over the pivot steps whose body is linalg.generic ops
// on the whole batch -- for compilers that take linalg on tensors but not
// linalgx (IREE). Step k of the LU is two generics: the pivot search (a
// reduction over the rows of column k) and one element-wise pass that swaps the
// pivot row in, scales column k and updates the trailing matrix (reading the
// step's input through tensor.extract, a gather). The arithmetic is
// ElementArith's, so pivots and info are those of every other lowering
// (LAPACK's getf2). A solve's steps (getrs's order) are one element-wise pass
// each: a row exchange, or the rows updated by the row solved at that step; a
// determinant is one pass over the batch that folds each diagonal.
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
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/ImplicitLocOpBuilder.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::linalgx {
#define GEN_PASS_DEF_CONVERTLINALGXTOLINALG
#include "linalgx/Conversion/Passes.h.inc"
} // namespace mlir::linalgx

using namespace mlir;
using namespace mlir::linalgx;

namespace {

/// `value` ([B..., X...]) with its batch dimensions collapsed into one
/// ([B, X...]; a rank without batch gets a batch of 1), and back.
struct BatchCollapse {
  int64_t batchRank;

  Value collapse(ImplicitLocOpBuilder &b, Value value) const {
    auto type = cast<RankedTensorType>(value.getType());
    int64_t rank = type.getRank();
    if (batchRank == 0) {
      // [X...] -> [1, X...]: dimension 0 expands into the batch and itself.
      SmallVector<int64_t> shape = {1};
      llvm::append_range(shape, type.getShape());
      SmallVector<OpFoldResult> sizes = {b.getIndexAttr(1)};
      llvm::append_range(sizes, tensor::getMixedSizes(b, b.getLoc(), value));
      auto expanded = RankedTensorType::get(shape, type.getElementType());
      return tensor::ExpandShapeOp::create(b, expanded, value,
                                           leadingGroups(rank), sizes);
    }
    return tensor::CollapseShapeOp::create(b, value, batchGroups(rank));
  }

  /// `value` ([B, X...]) back to `like`'s type ([B..., X...]).
  Value expand(ImplicitLocOpBuilder &b, Value value, Value like) const {
    auto type = cast<RankedTensorType>(like.getType());
    int64_t rank = type.getRank();
    if (batchRank == 0)
      return tensor::CollapseShapeOp::create(b, type, value,
                                             leadingGroups(rank));
    return tensor::ExpandShapeOp::create(
        b, type, value, batchGroups(rank),
        tensor::getMixedSizes(b, b.getLoc(), like));
  }

private:
  /// Groups of [B..., X...] around [B, X...]: the batch, then one each.
  SmallVector<ReassociationIndices> batchGroups(int64_t rank) const {
    SmallVector<ReassociationIndices> groups(1);
    for (int64_t dim = 0; dim < batchRank; ++dim)
      groups[0].push_back(dim);
    for (int64_t dim = batchRank; dim < rank; ++dim)
      groups.push_back({dim});
    return groups;
  }

  /// Groups of [1, X...] around [X...] (none for a rank-0 X).
  static SmallVector<ReassociationIndices> leadingGroups(int64_t rank) {
    SmallVector<ReassociationIndices> groups;
    if (rank == 0)
      return groups;
    groups.push_back({0, 1});
    for (int64_t dim = 1; dim < rank; ++dim)
      groups.push_back({dim + 1});
    return groups;
  }
};

/// A parallel linalg.generic over `init`'s shape whose inputs are indexed
/// by `inputMaps`, its body built by `body(nested, args)`.
Value generate(ImplicitLocOpBuilder &b, Value init, ValueRange inputs,
               ArrayRef<AffineMap> inputMaps,
               function_ref<Value(ImplicitLocOpBuilder &, ValueRange)> body) {
  auto type = cast<RankedTensorType>(init.getType());
  SmallVector<AffineMap> maps(inputMaps);
  maps.push_back(b.getMultiDimIdentityMap(type.getRank()));
  SmallVector<utils::IteratorType> iterators(type.getRank(),
                                             utils::IteratorType::parallel);
  return linalg::GenericOp::create(
             b, TypeRange{type}, inputs, ValueRange{init}, maps, iterators,
             [&](OpBuilder &nested, Location loc, ValueRange args) {
               ImplicitLocOpBuilder nb(loc, nested);
               linalg::YieldOp::create(nb, body(nb, args.drop_back()));
             })
      .getResult(0);
}

Value emptyLike(ImplicitLocOpBuilder &b, Value like, Type elementType) {
  return tensor::EmptyOp::create(b, tensor::getMixedSizes(b, b.getLoc(), like),
                                 elementType);
}

Value index(ImplicitLocOpBuilder &b, int64_t dim) {
  return linalg::IndexOp::create(b, dim);
}

/// The identity permutation in every row of `rows`' shape ([B, M]).
Value identityRows(ImplicitLocOpBuilder &b, Value rows) {
  Type intType = getElementTypeOrSelf(rows.getType());
  return generate(b, rows, {}, {}, [&](ImplicitLocOpBuilder &nb, ValueRange) {
    return arith::IndexCastOp::create(nb, intType, index(nb, 1));
  });
}

/// The row swapped into row `i` at a step that swaps rows `k` and `p`.
Value swappedRow(ImplicitLocOpBuilder &b, Value i, Value k, Value p) {
  Value isK = arith::CmpIOp::create(b, arith::CmpIPredicate::eq, i, k);
  Value isP = arith::CmpIOp::create(b, arith::CmpIPredicate::eq, i, p);
  return arith::SelectOp::create(b, isK, p,
                                 arith::SelectOp::create(b, isP, k, i));
}

/// The index of an i64 element (row numbers cross IREE's dispatch
/// boundaries as i64 tensors: index tensors may not).
Value asIndex(ImplicitLocOpBuilder &b, Value value) {
  return arith::IndexCastOp::create(b, b.getIndexType(), value);
}

/// Swaps entries `k` and `p[b]` (an i64 [B]) of each row of `rows` ([B, M],
/// integers).
Value swapEntries(ImplicitLocOpBuilder &b, Value rows, Value k, Value p) {
  MLIRContext *ctx = b.getContext();
  AffineMap batchOnly = AffineMap::get(2, 0, {getAffineDimExpr(0, ctx)}, ctx);
  // Into a new tensor: the body gathers from `rows`, which an in-place
  // update would overwrite under it in a consumer's bufferization.
  return generate(b, emptyLike(b, rows, getElementTypeOrSelf(rows.getType())),
                  ValueRange{p}, {batchOnly},
                  [&](ImplicitLocOpBuilder &nb, ValueRange args) -> Value {
                    Value source =
                        swappedRow(nb, index(nb, 1), k, asIndex(nb, args[0]));
                    return tensor::ExtractOp::create(
                        nb, rows, ValueRange{index(nb, 0), source});
                  });
}

/// The shared frame of the patterns: ops on tensors only (on memrefs the
/// pass reports them), a builder at the op, the op replaced by what
/// `lower` returns.
template <typename OpTy>
struct OnTensorsToLinalg : public OpRewritePattern<OpTy> {
  using OpRewritePattern<OpTy>::OpRewritePattern;

  LogicalResult matchAndRewrite(OpTy op,
                                PatternRewriter &rewriter) const final {
    if (!op.hasPureTensorSemantics())
      return rewriter.notifyMatchFailure(op, "on memrefs");
    ImplicitLocOpBuilder b(op.getLoc(), rewriter);
    rewriter.replaceOp(op, lower(op, b));
    return success();
  }

  virtual SmallVector<Value> lower(OpTy op, ImplicitLocOpBuilder &b) const = 0;
};

struct LuToLinalg : public OnTensorsToLinalg<LuOp> {
  using OnTensorsToLinalg::OnTensorsToLinalg;

  SmallVector<Value> lower(LuOp op, ImplicitLocOpBuilder &b) const override {
    BatchCollapse batch{op.getBatchRank()};
    Value a = batch.collapse(b, op.getInput());
    auto type = cast<RankedTensorType>(a.getType());
    ElementArith arith(type.getElementType());
    Type intType = getElementTypeOrSelf(op.getPivots().getType());
    Value zeroIndex = arith::ConstantIndexOp::create(b, 0);
    Value one = arith::ConstantIndexOp::create(b, 1);
    Value m = tensor::DimOp::create(b, a, 1),
          n = tensor::DimOp::create(b, a, 2);
    Value k = arith::MinUIOp::create(b, m, n);

    Value pivots0 = batch.collapse(b, op.getPivots());
    Value info0 = batch.collapse(b, op.getInfo());
    Value zeroInt = arith::ConstantOp::create(b, b.getIntegerAttr(intType, 0));
    Value info = linalg::FillOp::create(b, zeroInt, info0).getResult(0);
    SmallVector<Value> carried = {a, pivots0, info};
    Value permutation0 = op.getPermutation();
    if (permutation0)
      carried.push_back(identityRows(b, batch.collapse(b, permutation0)));
    auto loop = scf::ForOp::create(
        b, zeroIndex, k, one, carried,
        [&](OpBuilder &nested, Location loc, Value step, ValueRange values) {
          ImplicitLocOpBuilder nb(loc, nested);
          scf::YieldOp::create(nb, factorStep(nb, arith, step, values, intType,
                                              op.getOneBased()));
        });

    SmallVector<Value> results = {
        batch.expand(b, loop.getResult(0), op.getLu()),
        batch.expand(b, loop.getResult(1), op.getPivots()),
        batch.expand(b, loop.getResult(2), op.getInfo())};
    if (permutation0)
      results.push_back(batch.expand(b, loop.getResult(3), permutation0));
    return results;
  }

private:
  /// Step `k`: (a, pivots, info[, permutation]) after pivoting, scaling and
  /// updating column k; `oneBased` stores the pivot row plus one.
  static SmallVector<Value> factorStep(ImplicitLocOpBuilder &b,
                                       const ElementArith &arith, Value k,
                                       ValueRange values, Type intType,
                                       bool oneBased) {
    Value a = values[0], pivots = values[1], info = values[2];
    MLIRContext *ctx = b.getContext();
    auto [pivotRow, pivotMagnitude] = searchPivot(b, arith, a, k);

    // The pivot row swapped in, column k scaled, the rest updated; rows
    // above k stay (the pivot row is never above k). Into a new tensor (see
    // swapEntries).
    AffineMap batchOnly = AffineMap::get(3, 0, {getAffineDimExpr(0, ctx)}, ctx);
    Value updated = generate(
        b, emptyLike(b, a, getElementTypeOrSelf(a.getType())),
        ValueRange{pivotRow}, {batchOnly},
        [&](ImplicitLocOpBuilder &nb, ValueRange args) -> Value {
          Value bi = index(nb, 0), i = index(nb, 1), j = index(nb, 2);
          Value p = asIndex(nb, args[0]);
          Value row = swappedRow(nb, i, k, p);
          Value x = tensor::ExtractOp::create(nb, a, ValueRange{bi, row, j});
          Value below =
              arith::CmpIOp::create(nb, arith::CmpIPredicate::ugt, i, k);
          Value pivot = tensor::ExtractOp::create(nb, a, ValueRange{bi, p, k});
          Value column =
              tensor::ExtractOp::create(nb, a, ValueRange{bi, row, k});
          // LAPACK leaves a column with a zero pivot unscaled.
          Value multiplier =
              arith::SelectOp::create(nb, arith.isZero(nb, pivot), column,
                                      arith.div(nb, column, pivot));
          Value pivotRowEntry =
              tensor::ExtractOp::create(nb, a, ValueRange{bi, p, j});
          Value updatedEntry = arith.mulSub(nb, x, multiplier, pivotRowEntry);
          Value isColumn =
              arith::CmpIOp::create(nb, arith::CmpIPredicate::eq, j, k);
          Value right =
              arith::CmpIOp::create(nb, arith::CmpIPredicate::ugt, j, k);
          Value lower = arith::SelectOp::create(
              nb, isColumn, multiplier,
              arith::SelectOp::create(nb, right, updatedEntry, x));
          return arith::SelectOp::create(nb, below, lower, x);
        });

    // pivots[:, k] = p; info = k + 1 where the first zero pivot is.
    Value pivotsColumn =
        generate(b, emptyLike(b, pivotRow, intType), ValueRange{pivotRow},
                 {b.getMultiDimIdentityMap(1)},
                 [&](ImplicitLocOpBuilder &nb, ValueRange args) -> Value {
                   Value row = args[0];
                   if (intType != row.getType())
                     row = arith::TruncIOp::create(nb, intType, row);
                   return storedPivot(nb, row, oneBased);
                 });
    Value batchSize = tensor::DimOp::create(b, pivots, 0);
    SmallVector<OpFoldResult> offsets = {b.getIndexAttr(0), k};
    SmallVector<OpFoldResult> sizes = {batchSize, b.getIndexAttr(1)};
    SmallVector<OpFoldResult> strides = {b.getIndexAttr(1), b.getIndexAttr(1)};
    Value newPivots = tensor::InsertSliceOp::create(
        b, expandColumn(b, pivotsColumn), pivots, offsets, sizes, strides);
    Value newInfo = generate(
        b, info, ValueRange{info, pivotMagnitude},
        {b.getMultiDimIdentityMap(1), b.getMultiDimIdentityMap(1)},
        [&](ImplicitLocOpBuilder &nb, ValueRange args) -> Value {
          Value zero =
              arith::ConstantOp::create(nb, nb.getIntegerAttr(intType, 0));
          Value unset = arith::CmpIOp::create(nb, arith::CmpIPredicate::eq,
                                              args[0], zero);
          Value zeroPivot = arith::CmpFOp::create(
              nb, arith::CmpFPredicate::OEQ, args[1],
              arith::ConstantOp::create(nb, nb.getZeroAttr(args[1].getType())));
          Value stepPlusOne = arith::IndexCastOp::create(
              nb, intType,
              arith::AddIOp::create(nb, k,
                                    arith::ConstantIndexOp::create(nb, 1)));
          return arith::SelectOp::create(
              nb, arith::AndIOp::create(nb, unset, zeroPivot), stepPlusOne,
              args[0]);
        });
    SmallVector<Value> next = {updated, newPivots, newInfo};
    if (values.size() == 4)
      next.push_back(swapEntries(b, values[3], k, pivotRow));
    return next;
  }

  /// [B] -> [B, 1].
  static Value expandColumn(ImplicitLocOpBuilder &b, Value column) {
    auto type = cast<RankedTensorType>(column.getType());
    auto expanded =
        RankedTensorType::get({type.getDimSize(0), 1}, type.getElementType());
    SmallVector<OpFoldResult> sizes = {
        tensor::getMixedSize(b, b.getLoc(), column, 0), b.getIndexAttr(1)};
    return tensor::ExpandShapeOp::create(
        b, expanded, column, ArrayRef<ReassociationIndices>{{0, 1}}, sizes);
  }

  /// The pivot row of column `k` of each matrix (i64, [B]) and its
  /// magnitude ([B]): the first row i >= k of largest magnitude.
  static std::pair<Value, Value> searchPivot(ImplicitLocOpBuilder &b,
                                             const ElementArith &arith, Value a,
                                             Value k) {
    MLIRContext *ctx = b.getContext();
    Value batchSize = tensor::DimOp::create(b, a, 0);
    Value m = tensor::DimOp::create(b, a, 1);
    Type element = getElementTypeOrSelf(a.getType());
    // Not rank-reduced: with a batch of 1, dropping "the" unit dimension
    // would be ambiguous.
    auto columnType = RankedTensorType::get(
        {ShapedType::kDynamic, ShapedType::kDynamic, 1}, element);
    SmallVector<OpFoldResult> offsets = {b.getIndexAttr(0), b.getIndexAttr(0),
                                         k};
    SmallVector<OpFoldResult> sizes = {batchSize, m, b.getIndexAttr(1)};
    SmallVector<OpFoldResult> strides(3, b.getIndexAttr(1));
    Value column = tensor::ExtractSliceOp::create(b, columnType, a, offsets,
                                                  sizes, strides);
    Type magnitudeType = element;
    if (auto complexType = dyn_cast<ComplexType>(element))
      magnitudeType = complexType.getElementType();
    Value minusOne =
        arith::ConstantOp::create(b, b.getFloatAttr(magnitudeType, -1.0));
    auto filled = [&](Value value, Type type) -> Value {
      Value empty =
          tensor::EmptyOp::create(b, ArrayRef<OpFoldResult>{batchSize}, type);
      return linalg::FillOp::create(b, value, empty).getResult(0);
    };
    Value bestInit = filled(minusOne, magnitudeType);
    Value rowInit = filled(arith::IndexCastOp::create(b, b.getI64Type(), k),
                           b.getI64Type());
    AffineMap columnMap =
        AffineMap::get(2, 0,
                       {getAffineDimExpr(0, ctx), getAffineDimExpr(1, ctx),
                        getAffineConstantExpr(0, ctx)},
                       ctx);
    AffineMap batchOnly = AffineMap::get(2, 0, {getAffineDimExpr(0, ctx)}, ctx);
    auto search = linalg::GenericOp::create(
        b, TypeRange{bestInit.getType(), rowInit.getType()}, ValueRange{column},
        ValueRange{bestInit, rowInit}, {columnMap, batchOnly, batchOnly},
        {utils::IteratorType::parallel, utils::IteratorType::reduction},
        [&](OpBuilder &nested, Location loc, ValueRange args) {
          ImplicitLocOpBuilder nb(loc, nested);
          Value i = index(nb, 1);
          Value row = arith::IndexCastOp::create(nb, nb.getI64Type(), i);
          Value magnitude = arith.magnitude(nb, args[0]);
          // Strictly larger, from row k on: the first row of a tie wins.
          Value larger = arith::CmpFOp::create(nb, arith::CmpFPredicate::OGT,
                                               magnitude, args[1]);
          Value candidate = arith::AndIOp::create(
              nb, larger,
              arith::CmpIOp::create(nb, arith::CmpIPredicate::uge, i, k));
          linalg::YieldOp::create(
              nb,
              ValueRange{
                  arith::SelectOp::create(nb, candidate, magnitude, args[1]),
                  arith::SelectOp::create(nb, candidate, row, args[2])});
        });
    // A column of NaNs from row k on keeps row k (and magnitude -1: no zero
    // pivot is recorded).
    return {search.getResult(1), search.getResult(0)};
  }
};

struct PivotsToPermutationToLinalg
    : public OnTensorsToLinalg<PivotsToPermutationOp> {
  using OnTensorsToLinalg::OnTensorsToLinalg;

  SmallVector<Value> lower(PivotsToPermutationOp op,
                           ImplicitLocOpBuilder &b) const override {
    auto pivotsType = cast<RankedTensorType>(op.getPivots().getType());
    BatchCollapse batch{pivotsType.getRank() - 1};
    Value pivots = batch.collapse(b, op.getPivots());
    Value rows = batch.collapse(b, op.getPermutation());
    Value n = tensor::DimOp::create(b, rows, 1);
    Value identity = identityRows(b, rows);
    Value zero = arith::ConstantIndexOp::create(b, 0);
    Value one = arith::ConstantIndexOp::create(b, 1);
    Value steps = tensor::DimOp::create(b, pivots, 1);
    bool oneBased = op.getOneBased();
    auto loop = scf::ForOp::create(
        b, zero, steps, one, ValueRange{identity},
        [&](OpBuilder &nested, Location loc, Value k, ValueRange values) {
          ImplicitLocOpBuilder nb(loc, nested);
          // p[b] = pivots[b, k] (0-based); one out of [0, n) swaps nothing.
          Value target = generate(
              nb,
              tensor::EmptyOp::create(
                  nb,
                  ArrayRef<OpFoldResult>{
                      tensor::getMixedSize(nb, loc, pivots, 0)},
                  nb.getI64Type()),
              {}, {}, [&](ImplicitLocOpBuilder &bb, ValueRange) -> Value {
                Value p = tensor::ExtractOp::create(
                    bb, pivots, ValueRange{index(bb, 0), k});
                p = arith::IndexCastOp::create(bb, bb.getIndexType(), p);
                if (oneBased)
                  p = arith::SubIOp::create(
                      bb, p, arith::ConstantIndexOp::create(bb, 1));
                Value inRange =
                    arith::CmpIOp::create(bb, arith::CmpIPredicate::ult, p, n);
                return arith::IndexCastOp::create(
                    bb, bb.getI64Type(),
                    arith::SelectOp::create(bb, inRange, p, k));
              });
          scf::YieldOp::create(nb, swapEntries(nb, values[0], k, target));
        });
    return {batch.expand(b, loop.getResult(0), op.getPermutation())};
  }
};

/// linalgx.lu_solve: getrs's steps (forEachGetrsStep), each an scf.for
/// over the N rows whose body is one element-wise generic on the whole
/// batch of solutions [B, N, R], into a new tensor (it gathers from the
/// step's input; see swapEntries).
struct LuSolveToLinalg : public OnTensorsToLinalg<LuSolveOp> {
  using OnTensorsToLinalg::OnTensorsToLinalg;

  SmallVector<Value> lower(LuSolveOp op,
                           ImplicitLocOpBuilder &b) const override {
    BatchCollapse batch{op.getBatchRank()};
    Value lu = batch.collapse(b, op.getLu());
    Value pivots = batch.collapse(b, op.getPivots());
    Value x = batch.collapse(b, op.getRhs());
    Value n = tensor::DimOp::create(b, lu, 1);
    LuSolveTrans trans = op.getTrans();
    ElementArith arith(getElementTypeOrSelf(lu.getType()));
    forEachGetrsStep(
        trans,
        [&](bool reverse) {
          x = overRows(b, n, reverse, x,
                       [&](ImplicitLocOpBuilder &nb, Value k, Value x) {
                         return exchangeRows(nb, x, pivots, n, k,
                                             op.getOneBased());
                       });
        },
        [&](bool lower) {
          bool unit = hasUnitDiagonal(trans, lower);
          x = overRows(b, n, /*reverse=*/!lower, x,
                       [&](ImplicitLocOpBuilder &nb, Value k, Value x) {
                         return substituteColumn(nb, arith, x, lu, k, trans,
                                                 lower, unit);
                       });
        });
    return {batch.expand(b, x, op.getSolution())};
  }

private:
  /// `step(k, x)` for k = 0 .. N-1 (N-1 .. 0 when `reverse`), x carried.
  static Value
  overRows(ImplicitLocOpBuilder &b, Value n, bool reverse, Value x,
           function_ref<Value(ImplicitLocOpBuilder &, Value, Value)> step) {
    Value zero = arith::ConstantIndexOp::create(b, 0);
    Value one = arith::ConstantIndexOp::create(b, 1);
    auto loop = scf::ForOp::create(
        b, zero, n, one, ValueRange{x},
        [&](OpBuilder &nested, Location loc, Value i, ValueRange values) {
          ImplicitLocOpBuilder nb(loc, nested);
          Value k = reverse ? arith::SubIOp::create(
                                  nb, arith::SubIOp::create(nb, n, one), i)
                            : i;
          scf::YieldOp::create(nb, step(nb, k, values[0]));
        });
    return loop.getResult(0);
  }

  /// Rows k and pivots[b, k] of every solution exchanged (a pivot outside
  /// [0, N) exchanges nothing, as in the loops).
  static Value exchangeRows(ImplicitLocOpBuilder &b, Value x, Value pivots,
                            Value n, Value k, bool oneBased) {
    return generate(
        b, emptyLike(b, x, getElementTypeOrSelf(x.getType())), {}, {},
        [&](ImplicitLocOpBuilder &nb, ValueRange) -> Value {
          Value bi = index(nb, 0);
          Value p = asIndex(
              nb, tensor::ExtractOp::create(nb, pivots, ValueRange{bi, k}));
          if (oneBased)
            p = arith::SubIOp::create(nb, p,
                                      arith::ConstantIndexOp::create(nb, 1));
          Value inRange =
              arith::CmpIOp::create(nb, arith::CmpIPredicate::ult, p, n);
          p = arith::SelectOp::create(nb, inRange, p, k);
          Value row = swappedRow(nb, index(nb, 1), k, p);
          return tensor::ExtractOp::create(nb, x,
                                           ValueRange{bi, row, index(nb, 2)});
        });
  }

  /// Step k of T X = B for the `lower` (or upper) triangle T of the system:
  /// row k is solved (divided by T(k, k) unless `unit`), then the rows it
  /// feeds -- below it for `lower`, above otherwise -- lose T(i, k) times
  /// it. T is the factors as stored, or transposed (conjugated for Aᴴ).
  static Value substituteColumn(ImplicitLocOpBuilder &b,
                                const ElementArith &arith, Value x, Value lu,
                                Value k, LuSolveTrans trans, bool lower,
                                bool unit) {
    auto factor = [&](ImplicitLocOpBuilder &nb, Value bi, Value i,
                      Value j) -> Value {
      if (trans == LuSolveTrans::None)
        return tensor::ExtractOp::create(nb, lu, ValueRange{bi, i, j});
      Value entry = tensor::ExtractOp::create(nb, lu, ValueRange{bi, j, i});
      return trans == LuSolveTrans::Adjoint ? arith.conjugate(nb, entry)
                                            : entry;
    };
    return generate(
        b, emptyLike(b, x, getElementTypeOrSelf(x.getType())), {}, {},
        [&](ImplicitLocOpBuilder &nb, ValueRange) -> Value {
          Value bi = index(nb, 0), i = index(nb, 1), c = index(nb, 2);
          Value solved = tensor::ExtractOp::create(nb, x, ValueRange{bi, k, c});
          if (!unit)
            solved = arith.div(nb, solved, factor(nb, bi, k, k));
          Value entry = tensor::ExtractOp::create(nb, x, ValueRange{bi, i, c});
          Value updated = arith.mulSub(nb, entry, factor(nb, bi, i, k), solved);
          Value fed = arith::CmpIOp::create(
              nb, lower ? arith::CmpIPredicate::ugt : arith::CmpIPredicate::ult,
              i, k);
          Value isK = arith::CmpIOp::create(nb, arith::CmpIPredicate::eq, i, k);
          return arith::SelectOp::create(
              nb, isK, solved,
              arith::SelectOp::create(nb, fed, updated, entry));
        });
  }
};

/// The lu of `a` ([B..., N, N]) on new tensors for the factors and pivots
/// (of `intType`), with `info` as info's destination (a new one if null).
static LuOp createLuOnEmptyTensors(ImplicitLocOpBuilder &b, Value a,
                                   Type intType, Value info = Value()) {
  SmallVector<OpFoldResult> sizes = tensor::getMixedSizes(b, b.getLoc(), a);
  auto empty = [&](ArrayRef<OpFoldResult> shape, Type elementType) -> Value {
    return tensor::EmptyOp::create(b, shape, elementType);
  };
  ArrayRef<OpFoldResult> shape(sizes);
  Value factors = empty(shape, getElementTypeOrSelf(a.getType()));
  Value pivots = empty(shape.drop_back(), intType);
  if (!info)
    info = empty(shape.drop_back(2), intType);
  return LuOp::create(b, a, factors, pivots, info, /*permutation=*/Value());
}

/// linalgx.solve: the lu and lu_solve it stands for, on new tensors for
/// the factors and pivots (the patterns above then lower both).
struct SolveToLinalg : public OnTensorsToLinalg<SolveOp> {
  using OnTensorsToLinalg::OnTensorsToLinalg;

  SmallVector<Value> lower(SolveOp op, ImplicitLocOpBuilder &b) const override {
    LuOp lu = createLuOnEmptyTensors(
        b, op.getA(), getElementTypeOrSelf(op.getInfo().getType()),
        op.getInfo());
    auto solve = LuSolveOp::create(b, lu.getResult(0), lu.getResult(1),
                                   op.getRhs(), op.getSolution());
    return {solve.getResult(0), lu.getResult(2)};
  }
};

/// linalgx.det and linalgx.slogdet: the lu and lu_det (lu_slogdet) they
/// stand for, on new tensors for the factors, pivots and info.
struct DetToLinalg : public OnTensorsToLinalg<DetOp> {
  using OnTensorsToLinalg::OnTensorsToLinalg;

  SmallVector<Value> lower(DetOp op, ImplicitLocOpBuilder &b) const override {
    LuOp lu = createLuOnEmptyTensors(b, op.getA(), b.getI32Type());
    return LuDetOp::create(b, lu.getResult(0), lu.getResult(1), op.getDet())
        ->getResults();
  }
};

struct SlogdetToLinalg : public OnTensorsToLinalg<SlogdetOp> {
  using OnTensorsToLinalg::OnTensorsToLinalg;

  SmallVector<Value> lower(SlogdetOp op,
                           ImplicitLocOpBuilder &b) const override {
    LuOp lu = createLuOnEmptyTensors(b, op.getA(), b.getI32Type());
    return LuSlogdetOp::create(b, lu.getResult(0), lu.getResult(1),
                               op.getSign(), op.getLogabsdet())
        ->getResults();
  }
};

/// linalgx.lu_det and linalgx.lu_slogdet: one parallel generic over the
/// batch whose body folds a matrix's diagonal in an scf.for
/// (DeterminantFold, the CPU loops' fold), reading the factors and pivots
/// with tensor.extract.
template <typename OpTy>
struct DeterminantToLinalg : public OnTensorsToLinalg<OpTy> {
  using OnTensorsToLinalg<OpTy>::OnTensorsToLinalg;

  SmallVector<Value> lower(OpTy op, ImplicitLocOpBuilder &b) const override {
    BatchCollapse batch{op.getBatchRank()};
    Value lu = batch.collapse(b, op.getLu());
    Value pivots = batch.collapse(b, op.getPivots());
    SmallVector<Value> inits;
    for (Value init : op.getDpsInits())
      inits.push_back(batch.collapse(b, init));
    DeterminantFold fold(getElementTypeOrSelf(lu.getType()),
                         std::is_same_v<OpTy, LuSlogdetOp>,
                         ElementArith::Flavour::Host);
    Value n = tensor::DimOp::create(b, lu, 1);
    bool oneBased = op.getOneBased();
    SmallVector<AffineMap> maps(inits.size(), b.getMultiDimIdentityMap(1));
    auto generic = linalg::GenericOp::create(
        b, TypeRange(ValueRange(inits)), ValueRange(), inits, maps,
        {utils::IteratorType::parallel},
        [&](OpBuilder &nested, Location loc, ValueRange) {
          ImplicitLocOpBuilder nb(loc, nested);
          Value bi = index(nb, 0);
          SmallVector<Value> state = fold.foldDiagonal(
              nb, arith::ConstantIndexOp::create(nb, 0), n,
              arith::ConstantIndexOp::create(nb, 1), oneBased,
              [&](ImplicitLocOpBuilder &b, Value i) -> Value {
                return tensor::ExtractOp::create(b, lu, ValueRange{bi, i, i});
              },
              [&](ImplicitLocOpBuilder &b, Value i) -> Value {
                return tensor::ExtractOp::create(b, pivots, ValueRange{bi, i});
              });
          linalg::YieldOp::create(nb, fold.finish(nb, state));
        });
    SmallVector<Value> results;
    for (auto [result, init] :
         llvm::zip_equal(generic.getResults(), op.getDpsInits()))
      results.push_back(batch.expand(b, result, init));
    return results;
  }
};

struct ConvertLinalgXToLinalgPass
    : public linalgx::impl::ConvertLinalgXToLinalgBase<
          ConvertLinalgXToLinalgPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    populateLinalgXToLinalgPatterns(patterns);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      return signalPassFailure();
    WalkResult left = getOperation()->walk([](Operation *op) {
      if (!isa<LuOp, PivotsToPermutationOp, LuSolveOp, SolveOp, LuDetOp,
               LuSlogdetOp, DetOp, SlogdetOp>(op))
        return WalkResult::advance();
      op->emitError("convert-linalgx-to-linalg takes linalgx ops on tensors "
                    "(run it before bufferization)");
      return WalkResult::interrupt();
    });
    if (left.wasInterrupted())
      signalPassFailure();
  }
};

} // namespace

void mlir::linalgx::populateLinalgXToLinalgPatterns(
    RewritePatternSet &patterns) {
  patterns.add<LuToLinalg, PivotsToPermutationToLinalg, LuSolveToLinalg,
               SolveToLinalg, DeterminantToLinalg<LuDetOp>,
               DeterminantToLinalg<LuSlogdetOp>, DetToLinalg, SlogdetToLinalg>(
      patterns.getContext());
}
