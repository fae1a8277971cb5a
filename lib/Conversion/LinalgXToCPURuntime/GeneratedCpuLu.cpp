//===- GeneratedCpuLu.cpp - batch-parallel generated LU for the CPU -------===//
//
// The factorization is the reference loops' (LoopBuilders.h): the same pivot
// rule, info, zero-pivot skip and NaN behaviour. What differs is where and
// how it runs:
//
// - The batch is an scf.parallel (OpenMP after the CPU pipeline's
//   convert-scf-to-openmp) when it has enough work to pay for waking the
//   other threads, a serial loop nest otherwise.
// - Each matrix is copied into a stack buffer (memref.alloca in an
//   stack save/restore, so the stack does not grow with the batch) whose rows
//   are padded to whole 64-byte vectors and start on a vector boundary: every
//   access of the factorization is then an aligned, unmasked full vector,
//   the matrix stays in L1, and only the copies in and out touch the
//   caller's (possibly unaligned, odd-sized) rows, with masked transfers.
// - Real types: the row swap and the trailing update are vector-dialect
//   loops. The update of a row starts at the vector holding column k, whose
//   lanes left of k keep their value and whose lane k receives the
//   multiplier (a select, not a scalar store: a scalar store followed by a
//   vector load of the same bytes cannot be store-forwarded and stalls). The
//   next column's pivot search runs in the same row loop, on values just
//   written, so its compare-and-select chain overlaps the row updates
//   instead of being a serial pass of its own. Rows are scaled by the
//   pivot's reciprocal where it is safe (|pivot| >= the smallest normal
//   number, LAPACK getf2's rule, as the CPU runtime and the generated GPU
//   kernels do), divided by it otherwise.
// - Complex types (no vectors of complex numbers in MLIR) use the reference
//   loops as they are, on the local buffer.
//
// Multiplies and subtracts stay separate operations (no contraction flags),
// as in the reference loops; the results differ from theirs only by the
// rounding of multipliers taken from the reciprocal (which feeds the later
// updates too), exactly as the CPU runtime's kernel does.
//
//===----------------------------------------------------------------------===//

#include "GeneratedCpuLu.h"

#include "linalgx/Conversion/ElementArith.h"
#include "linalgx/Conversion/LinalgXToLoops/LoopBuilders.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "llvm/Support/MathExtras.h"

#include <limits>

using namespace mlir;
using namespace mlir::linalgx;

namespace {

/// Multiply-adds from which a batch is spread over the cores: the CPU
/// runtime's threshold (2^17, docs/cpu.md), below which waking the other
/// threads costs more than it saves.
constexpr int64_t kParallelMinWork = int64_t(1) << 17;

/// Permutation entries from which pivots_to_permutation's batch is spread
/// over the cores: from there the serial work costs several fork-joins.
constexpr int64_t kPermutationParallelMinEntries = int64_t(1) << 14;

Value indexConstant(ImplicitLocOpBuilder &b, int64_t value) {
  return arith::ConstantIndexOp::create(b, value);
}

/// `body` between a stack save and restore, so that the allocas it makes
/// per matrix are released at the end of each iteration instead of growing
/// the stack with the batch. (memref.alloca_scope would say the same, but
/// its region must stay one block, and the CPU pipeline lowers the scf loops
/// inside it to control flow before memref-to-llvm lowers the scope.)
void buildStackScope(ImplicitLocOpBuilder &b,
                     function_ref<void(ImplicitLocOpBuilder &)> body) {
  Value saved =
      LLVM::StackSaveOp::create(b, LLVM::LLVMPointerType::get(b.getContext()));
  body(b);
  LLVM::StackRestoreOp::create(b, saved);
}

/// The dimensions of `memref` in [from, to), constants where static.
SmallVector<Value> dims(ImplicitLocOpBuilder &b, Value memref, int64_t from,
                        int64_t to) {
  SmallVector<Value> result;
  auto type = cast<MemRefType>(memref.getType());
  for (int64_t dim = from; dim < to; ++dim)
    result.push_back(type.isDynamicDim(dim)
                         ? memref::DimOp::create(b, memref, dim).getResult()
                         : indexConstant(b, type.getDimSize(dim)));
  return result;
}

int64_t lanesOf(Type elementType) {
  return kGeneratedVectorBytes / (elementType.getIntOrFloatBitWidth() / 8);
}

/// The padded row length of the local buffer: n rounded up to whole vectors.
Value paddedRowLength(ImplicitLocOpBuilder &b, Value n, int64_t lanes) {
  Value lanesValue = indexConstant(b, lanes);
  Value chunks = arith::CeilDivUIOp::create(b, n, lanesValue);
  return arith::MulIOp::create(b, chunks, lanesValue);
}

int64_t elementBytes(Type elementType) {
  if (auto complexType = dyn_cast<ComplexType>(elementType))
    return 2 * complexType.getElementType().getIntOrFloatBitWidth() / 8;
  return elementType.getIntOrFloatBitWidth() / 8;
}

/// The index vector [0, 1, ..., lanes - 1]: the column of each lane of a
/// row's vector, relative to the vector's first.
Value laneIndices(ImplicitLocOpBuilder &b, int64_t lanes) {
  SmallVector<Attribute> iota;
  for (int64_t lane = 0; lane < lanes; ++lane)
    iota.push_back(b.getIndexAttr(lane));
  return arith::ConstantOp::create(
      b,
      DenseElementsAttr::get(VectorType::get({lanes}, b.getIndexType()), iota));
}

/// A vector of zeros of `type`.
Value zeroVector(ImplicitLocOpBuilder &b, VectorType type) {
  return arith::ConstantOp::create(
      b, DenseElementsAttr::get(type, b.getZeroAttr(type.getElementType())));
}

/// Whether a batch of `batchDims` whose `work` (a product of sizes) reaches
/// `minWork` is spread over the cores; a single matrix never is.
Value parallelBatch(ImplicitLocOpBuilder &b, ArrayRef<Value> batchDims,
                    ArrayRef<Value> work, int64_t minWork) {
  SmallVector<Value> all(batchDims);
  all.append(work.begin(), work.end());
  if (std::optional<int64_t> known = getConstantIntValue(product(b, batchDims));
      known && *known < 2)
    return arith::ConstantIntOp::create(b, 0, 1);
  return atLeast(b, product(b, all), minWork);
}

/// A real matrix's local copy: `rows` rows of `rowLength` (a whole number of
/// vectors) in a 64-byte aligned stack buffer.
struct LocalMatrix {
  Value buffer, rows, rowLength;
  VectorType vectorType;

  static LocalMatrix allocate(ImplicitLocOpBuilder &b, Type elementType,
                              Value rows, Value rowLength) {
    Value buffer = memref::AllocaOp::create(
        b, MemRefType::get({ShapedType::kDynamic}, elementType),
        ValueRange{arith::MulIOp::create(b, rows, rowLength)},
        b.getI64IntegerAttr(kGeneratedVectorBytes));
    return {buffer, rows, rowLength,
            VectorType::get({lanesOf(elementType)}, elementType)};
  }

  /// `body(i, j, offset)` for the vector at column j of every row i.
  void
  eachVector(ImplicitLocOpBuilder &b,
             function_ref<void(ImplicitLocOpBuilder &, Value, Value, Value)>
                 body) const {
    Value zero = indexConstant(b, 0);
    Value lanes = indexConstant(b, vectorType.getNumElements());
    buildSimpleFor(b, zero, rows, [&](ImplicitLocOpBuilder &b, Value i) {
      Value rowStart = arith::MulIOp::create(b, i, rowLength);
      scf::ForOp::create(
          b, zero, rowLength, lanes, ValueRange{},
          [&](OpBuilder &nested, Location loc, Value j, ValueRange) {
            ImplicitLocOpBuilder nb(loc, nested);
            body(nb, i, j, arith::AddIOp::create(nb, rowStart, j));
            scf::YieldOp::create(nb);
          });
    });
  }

  /// Copies the matrix at `at(i, j)` of `source` in; the row's tail past n
  /// reads as zeros, so the padding holds zeros (never denormals or NaNs
  /// that would slow the updates).
  void copyIn(ImplicitLocOpBuilder &b, Value source,
              function_ref<SmallVector<Value>(Value, Value)> at) const {
    Value padding = arith::ConstantOp::create(
        b, b.getZeroAttr(vectorType.getElementType()));
    eachVector(b, [&](ImplicitLocOpBuilder &b, Value i, Value j, Value offset) {
      Value row = vector::TransferReadOp::create(b, vectorType, source,
                                                 at(i, j), padding);
      vector::StoreOp::create(b, row, buffer, ValueRange{offset});
    });
  }

  /// Copies the matrix out to `at(i, j)` of `target`, masked at the rows'
  /// ends.
  void copyOut(ImplicitLocOpBuilder &b, Value target,
               function_ref<SmallVector<Value>(Value, Value)> at) const {
    eachVector(b, [&](ImplicitLocOpBuilder &b, Value i, Value j, Value offset) {
      Value row =
          vector::LoadOp::create(b, vectorType, buffer, ValueRange{offset});
      vector::TransferWriteOp::create(b, row, target, at(i, j));
    });
  }
};

/// The real-typed generated factorization of one matrix, held in a 1-D local
/// buffer with rows of `rowLength` (a multiple of the vector length).
class VectorLu {
public:
  VectorLu(ImplicitLocOpBuilder &b, Type elementType, Type indexType,
           Value buffer, Value m, Value n, Value rowLength)
      : element(elementType), elementType(elementType), indexType(indexType),
        buffer(buffer), m(m), n(n), rowLength(rowLength),
        lanes(lanesOf(elementType)),
        vectorType(VectorType::get({lanes}, elementType)),
        laneIota(laneIndices(b, lanes)) {}

  /// Factors the buffer; `storePivot(k, row)` gets each pivot row as an
  /// `indexType` integer. Returns info (`indexType`).
  Value
  build(ImplicitLocOpBuilder &b,
        function_ref<void(ImplicitLocOpBuilder &, Value, Value)> storePivot) {
    Value zero = indexConstant(b, 0), one = indexConstant(b, 1);
    Value k = arith::MinUIOp::create(b, m, n);
    Value noError =
        arith::ConstantOp::create(b, b.getIntegerAttr(indexType, 0));

    // Step 0's pivot row; each step finds the next one.
    Value firstPivot = searchIfStepExists(b, zero, k);
    auto steps = scf::ForOp::create(
        b, zero, k, one, ValueRange{noError, firstPivot},
        [&](OpBuilder &nested, Location loc, Value kk, ValueRange iter) {
          ImplicitLocOpBuilder b(loc, nested);
          Value info = iter[0], pivotRow = iter[1];
          Value below = arith::AddIOp::create(b, kk, one);
          storePivot(b, kk, arith::IndexCastOp::create(b, indexType, pivotRow));
          Value pivot = load(b, pivotRow, kk);
          Value singular = element.isZero(b, pivot);

          // A zero pivot: the column below the diagonal is zero and the step
          // changes nothing (as in the loops); the next column is searched
          // on its own.
          auto step = scf::IfOp::create(b, b.getIndexType(), singular,
                                        /*withElseRegion=*/true);
          {
            OpBuilder::InsertionGuard guard(b);
            b.setInsertionPointToStart(&step.getThenRegion().front());
            scf::YieldOp::create(b, searchIfStepExists(b, below, k));
            b.setInsertionPointToStart(&step.getElseRegion().front());
            scf::YieldOp::create(b, eliminate(b, kk, pivotRow, pivot));
          }

          Value firstError = arith::AndIOp::create(
              b, singular,
              arith::CmpIOp::create(b, arith::CmpIPredicate::eq, info,
                                    noError));
          Value oneBasedStep = arith::IndexCastOp::create(b, indexType, below);
          scf::YieldOp::create(
              b, ValueRange{
                     arith::SelectOp::create(b, firstError, oneBasedStep, info),
                     step.getResult(0)});
        });
    return steps.getResult(0);
  }

private:
  Value offset(ImplicitLocOpBuilder &b, Value i, Value j) {
    return arith::AddIOp::create(b, arith::MulIOp::create(b, i, rowLength), j);
  }
  Value load(ImplicitLocOpBuilder &b, Value i, Value j) {
    return memref::LoadOp::create(b, buffer, offset(b, i, j));
  }
  Value loadVector(ImplicitLocOpBuilder &b, Value i, Value j) {
    return vector::LoadOp::create(b, vectorType, buffer,
                                  ValueRange{offset(b, i, j)});
  }
  void storeVector(ImplicitLocOpBuilder &b, Value v, Value i, Value j) {
    vector::StoreOp::create(b, v, buffer, ValueRange{offset(b, i, j)});
  }

  /// The pivot row of column `column` (rows column..m-1), the reference
  /// search: the first largest magnitude, a strict `>` that never picks a
  /// NaN. Built only under `column < k`, returns `column` otherwise.
  Value searchIfStepExists(ImplicitLocOpBuilder &b, Value column, Value k) {
    Value exists =
        arith::CmpIOp::create(b, arith::CmpIPredicate::ult, column, k);
    auto search = scf::IfOp::create(b, b.getIndexType(), exists,
                                    /*withElseRegion=*/true);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(&search.getThenRegion().front());
    Value start = element.magnitude(b, load(b, column, column));
    Value below = arith::AddIOp::create(b, column, indexConstant(b, 1));
    auto loop = scf::ForOp::create(
        b, below, m, indexConstant(b, 1), ValueRange{start, column},
        [&](OpBuilder &nested, Location loc, Value i, ValueRange best) {
          ImplicitLocOpBuilder b(loc, nested);
          Value candidate = element.magnitude(b, load(b, i, column));
          Value better = arith::CmpFOp::create(b, arith::CmpFPredicate::OGT,
                                               candidate, best[0]);
          scf::YieldOp::create(
              b,
              ValueRange{arith::SelectOp::create(b, better, candidate, best[0]),
                         arith::SelectOp::create(b, better, i, best[1])});
        });
    scf::YieldOp::create(b, loop.getResult(1));
    b.setInsertionPointToStart(&search.getElseRegion().front());
    scf::YieldOp::create(b, column);
    return search.getResult(0);
  }

  /// Step kk with a nonzero pivot: swap, multipliers, trailing update, and
  /// the pivot search of column kk + 1 on the updated rows. Returns the next
  /// pivot row (kk + 1 when there is no row below).
  Value eliminate(ImplicitLocOpBuilder &b, Value kk, Value pivotRow,
                  Value pivot) {
    Value zero = indexConstant(b, 0), one = indexConstant(b, 1);
    Value lanesValue = indexConstant(b, lanes);
    Value below = arith::AddIOp::create(b, kk, one);

    // Swap whole padded rows: aligned vectors, no tail.
    Value needsSwap =
        arith::CmpIOp::create(b, arith::CmpIPredicate::ne, pivotRow, kk);
    scf::IfOp::create(b, needsSwap, [&](OpBuilder &nested, Location loc) {
      ImplicitLocOpBuilder b(loc, nested);
      scf::ForOp::create(
          b, zero, rowLength, lanesValue, ValueRange{},
          [&](OpBuilder &nested, Location loc, Value j, ValueRange) {
            ImplicitLocOpBuilder b(loc, nested);
            Value top = loadVector(b, kk, j);
            Value other = loadVector(b, pivotRow, j);
            storeVector(b, other, kk, j);
            storeVector(b, top, pivotRow, j);
            scf::YieldOp::create(b);
          });
      scf::YieldOp::create(b);
    });

    // The vector holding column kk, and which of its lanes are left of kk
    // (kept), kk itself (the multiplier) and right of it (updated).
    Value firstChunk =
        arith::SubIOp::create(b, kk, arith::RemUIOp::create(b, kk, lanesValue));
    Value columns = arith::AddIOp::create(
        b, laneIota,
        vector::BroadcastOp::create(b, laneIota.getType(), firstChunk));
    Value kkLanes = vector::BroadcastOp::create(b, laneIota.getType(), kk);
    Value updateLanes =
        arith::CmpIOp::create(b, arith::CmpIPredicate::ugt, columns, kkLanes);
    Value multiplierLane =
        arith::CmpIOp::create(b, arith::CmpIPredicate::eq, columns, kkLanes);
    Value restStart = arith::AddIOp::create(b, firstChunk, lanesValue);
    // Column kk + 1 is searched while the rows are updated; when it does not
    // exist (kk = n - 1) a column that does is read and the result unused.
    Value nMinusOne = arith::SubIOp::create(b, n, one);
    Value nextColumn = arith::MinUIOp::create(b, below, nMinusOne);

    auto rowLoop =
        [&](ImplicitLocOpBuilder &b,
            function_ref<Value(ImplicitLocOpBuilder &, Value)> multiplierOf)
        -> Value {
      Value noBest = arith::ConstantOp::create(b, b.getZeroAttr(elementType));
      auto rows = scf::ForOp::create(
          b, below, m, one, ValueRange{noBest, below},
          [&](OpBuilder &nested, Location loc, Value i, ValueRange best) {
            ImplicitLocOpBuilder b(loc, nested);
            Value multiplier = multiplierOf(b, load(b, i, kk));
            Value spread =
                vector::BroadcastOp::create(b, vectorType, multiplier);
            auto update = [&](ImplicitLocOpBuilder &b, Value j) -> Value {
              Value a = loadVector(b, i, j);
              Value u = loadVector(b, kk, j);
              Value updated = arith::SubFOp::create(
                  b, a, arith::MulFOp::create(b, spread, u));
              return updated;
            };
            Value original = loadVector(b, i, firstChunk);
            Value updated = update(b, firstChunk);
            Value merged = arith::SelectOp::create(
                b, updateLanes, updated,
                arith::SelectOp::create(b, multiplierLane, spread, original));
            storeVector(b, merged, i, firstChunk);
            scf::ForOp::create(
                b, restStart, rowLength, lanesValue, ValueRange{},
                [&](OpBuilder &nested, Location loc, Value j, ValueRange) {
                  ImplicitLocOpBuilder b(loc, nested);
                  storeVector(b, update(b, j), i, j);
                  scf::YieldOp::create(b);
                });
            // The next column's search: row kk + 1 is the start value (NaN
            // included, as in the reference search), later rows replace it
            // only when strictly larger.
            Value candidate = element.magnitude(b, load(b, i, nextColumn));
            Value first =
                arith::CmpIOp::create(b, arith::CmpIPredicate::eq, i, below);
            Value larger = arith::CmpFOp::create(b, arith::CmpFPredicate::OGT,
                                                 candidate, best[0]);
            Value better = arith::OrIOp::create(b, first, larger);
            scf::YieldOp::create(
                b, ValueRange{
                       arith::SelectOp::create(b, better, candidate, best[0]),
                       arith::SelectOp::create(b, better, i, best[1])});
          });
      return rows.getResult(1);
    };

    // LAPACK's getf2: scale by the reciprocal unless it would overflow.
    auto scaled = scf::IfOp::create(b, b.getIndexType(),
                                    element.reciprocalIsSafe(b, pivot),
                                    /*withElseRegion=*/true);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(&scaled.getThenRegion().front());
    Value reciprocal = element.reciprocal(b, pivot);
    scf::YieldOp::create(b, rowLoop(b, [&](ImplicitLocOpBuilder &b, Value a) {
                           return element.mul(b, a, reciprocal);
                         }));
    b.setInsertionPointToStart(&scaled.getElseRegion().front());
    scf::YieldOp::create(b, rowLoop(b, [&](ImplicitLocOpBuilder &b, Value a) {
                           return element.div(b, a, pivot);
                         }));
    return scaled.getResult(0);
  }

  ElementArith element;
  Type elementType, indexType;
  Value buffer, m, n, rowLength;
  int64_t lanes;
  VectorType vectorType;
  Value laneIota;
};

} // namespace

bool mlir::linalgx::hasUnitInnerStride(Value value) {
  auto type = dyn_cast<MemRefType>(value.getType());
  if (!type || type.getRank() == 0)
    return false;
  SmallVector<int64_t> strides;
  int64_t offset;
  if (failed(type.getStridesAndOffset(strides, offset)))
    return false;
  return strides.back() == 1;
}

bool mlir::linalgx::generatedLuFits(Type elementType, int64_t m, int64_t n) {
  // Compared per row, as the dynamic check below: no product of two static
  // sizes is formed (a type's sizes may be any int64).
  int64_t rowBytesLimit = kGeneratedLuMaxLocalBytes / elementBytes(elementType);
  if (n > rowBytesLimit)
    return false;
  int64_t rowLength = n;
  if (!isa<ComplexType>(elementType)) {
    int64_t lanes = lanesOf(elementType);
    rowLength = (n + lanes - 1) / lanes * lanes;
  }
  int64_t bytesPerRow =
      std::max<int64_t>(rowLength * elementBytes(elementType), 1);
  return m <= kGeneratedLuMaxLocalBytes / bytesPerRow;
}

Value mlir::linalgx::generatedLuFits(ImplicitLocOpBuilder &b, Type elementType,
                                     Value m, Value n) {
  std::optional<int64_t> staticM = getConstantIntValue(m);
  std::optional<int64_t> staticN = getConstantIntValue(n);
  if (staticM && staticN)
    return arith::ConstantIntOp::create(
        b, generatedLuFits(elementType, *staticM, *staticN), 1);
  Value rowLength = isa<ComplexType>(elementType)
                        ? n
                        : paddedRowLength(b, n, lanesOf(elementType));
  // Compared per row (bytes / m), so that a huge m * n cannot overflow.
  Value bytesPerRow = arith::MulIOp::create(
      b, rowLength, indexConstant(b, elementBytes(elementType)));
  Value rowsThatFit = arith::DivUIOp::create(
      b, indexConstant(b, kGeneratedLuMaxLocalBytes),
      arith::MaxUIOp::create(b, bytesPerRow, indexConstant(b, 1)));
  return arith::CmpIOp::create(b, arith::CmpIPredicate::ule, m, rowsThatFit);
}

void mlir::linalgx::buildGeneratedCpuLu(ImplicitLocOpBuilder &b, LuOp op,
                                        Value input) {
  Value lu = op.getLu(), pivots = op.getPivots(), info = op.getInfo();
  Value permutation = op.getPermutation();
  int64_t batchRank = op.getBatchRank();
  Type elementType = cast<MemRefType>(lu.getType()).getElementType();
  Type indexType = cast<MemRefType>(pivots.getType()).getElementType();
  bool isComplex = isa<ComplexType>(elementType);

  SmallVector<Value> batchDims = dims(b, lu, 0, batchRank);
  SmallVector<Value> matrixDims = dims(b, lu, batchRank, batchRank + 2);
  Value m = matrixDims[0], n = matrixDims[1];
  Value k = arith::MinUIOp::create(b, m, n);
  Value parallel = parallelBatch(b, batchDims, {m, n, k}, kParallelMinWork);

  int64_t lanes = isComplex ? 1 : lanesOf(elementType);
  Value rowLength = isComplex ? n : paddedRowLength(b, n, lanes);

  buildBatchLoops(
      b, batchDims, parallel, [&](ImplicitLocOpBuilder &b, ValueRange ivs) {
        auto at = [&](std::initializer_list<Value> trailing) {
          SmallVector<Value> indices(ivs.begin(), ivs.end());
          indices.append(trailing.begin(), trailing.end());
          return indices;
        };
        auto storePivot = [&](ImplicitLocOpBuilder &b, Value kk, Value row) {
          memref::StoreOp::create(b, storedPivot(b, row, op.getOneBased()),
                                  pivots, at({kk}));
        };
        Value zero = indexConstant(b, 0);

        buildStackScope(b, [&](ImplicitLocOpBuilder &b) {
          Value status;
          if (isComplex) {
            // The reference loops on a local copy.
            auto bufferType = MemRefType::get(
                {ShapedType::kDynamic, ShapedType::kDynamic}, elementType);
            Value buffer =
                memref::AllocaOp::create(b, bufferType, ValueRange{m, n});
            auto copy =
                [&](function_ref<void(ImplicitLocOpBuilder &, Value, Value)>
                        body) {
                  buildSimpleFor(
                      b, zero, m, [&](ImplicitLocOpBuilder &b, Value i) {
                        buildSimpleFor(b, zero, n,
                                       [&](ImplicitLocOpBuilder &b, Value j) {
                                         body(b, i, j);
                                       });
                      });
                };
            copy([&](ImplicitLocOpBuilder &b, Value i, Value j) {
              memref::StoreOp::create(
                  b, memref::LoadOp::create(b, input, at({i, j})), buffer,
                  ValueRange{i, j});
            });
            status = buildUnblockedLuLoops(
                b, elementType, indexType, m, n,
                [&](ImplicitLocOpBuilder &b, Value i, Value j) -> Value {
                  return memref::LoadOp::create(b, buffer, ValueRange{i, j});
                },
                [&](ImplicitLocOpBuilder &b, Value v, Value i, Value j) {
                  memref::StoreOp::create(b, v, buffer, ValueRange{i, j});
                },
                storePivot);
            copy([&](ImplicitLocOpBuilder &b, Value i, Value j) {
              memref::StoreOp::create(
                  b, memref::LoadOp::create(b, buffer, ValueRange{i, j}), lu,
                  at({i, j}));
            });
          } else {
            LocalMatrix local =
                LocalMatrix::allocate(b, elementType, m, rowLength);
            auto matrixAt = [&](Value i, Value j) { return at({i, j}); };
            local.copyIn(b, input, matrixAt);
            status = VectorLu(b, elementType, indexType, local.buffer, m, n,
                              rowLength)
                         .build(b, storePivot);
            local.copyOut(b, lu, matrixAt);
          }
          memref::StoreOp::create(b, status, info, ValueRange(ivs));
        });

        // The permutation of the pivots just written, in the same pass over
        // the batch (they are still in this core's cache).
        if (permutation) {
          Value width = memref::DimOp::create(b, permutation, batchRank);
          buildPermutationFromPivots(
              b, indexType, k, width, op.getOneBased(),
              [&](ImplicitLocOpBuilder &b, Value i) -> Value {
                return memref::LoadOp::create(b, pivots, at({i}));
              },
              [&](ImplicitLocOpBuilder &b, Value j) -> Value {
                return memref::LoadOp::create(b, permutation, at({j}));
              },
              [&](ImplicitLocOpBuilder &b, Value v, Value j) {
                memref::StoreOp::create(b, v, permutation, at({j}));
              });
        }
      });
}

namespace {

/// The substitutions of a factored matrix's one right-hand side, `x` a local
/// vector of `rowLength` entries (zeros past n), the factors in the local
/// buffer of VectorLu: row i of x less the dot product of row i of L (or U)
/// with x, a vector of lanes at a time masked to the solved entries, then
/// divided by U(i, i).
class VectorSubstitution {
public:
  VectorSubstitution(ImplicitLocOpBuilder &b, Type elementType, Value buffer,
                     Value x, Value n, Value rowLength)
      : buffer(buffer), x(x), n(n), rowLength(rowLength),
        lanes(lanesOf(elementType)),
        vectorType(VectorType::get({lanes}, elementType)),
        laneIota(laneIndices(b, lanes)), zeros(zeroVector(b, vectorType)) {}

  /// x := L⁻¹ x (unit diagonal), then x := U⁻¹ x.
  void build(ImplicitLocOpBuilder &b) {
    Value zero = indexConstant(b, 0), one = indexConstant(b, 1);
    Value last = arith::SubIOp::create(b, n, one);
    buildSimpleFor(b, zero, n, [&](ImplicitLocOpBuilder &b, Value i) {
      // Columns [0, i): the chunks up to the one holding column i.
      store(b, arith::SubFOp::create(b, load(b, i), dot(b, i, zero, i, true)),
            i);
    });
    buildSimpleFor(b, zero, n, [&](ImplicitLocOpBuilder &b, Value step) {
      Value i = arith::SubIOp::create(b, last, step);
      // Columns (i, n): from the chunk holding column i to the row's end.
      Value lanesValue = indexConstant(b, lanes);
      Value first = arith::MulIOp::create(
          b, arith::DivUIOp::create(b, i, lanesValue), lanesValue);
      Value rest = arith::SubFOp::create(b, load(b, i),
                                         dot(b, i, first, rowLength, false));
      Value diagonal = memref::LoadOp::create(
          b, buffer,
          ValueRange{arith::AddIOp::create(
              b, arith::MulIOp::create(b, i, rowLength), i)});
      store(b, arith::DivFOp::create(b, rest, diagonal), i);
    });
  }

private:
  Value load(ImplicitLocOpBuilder &b, Value i) {
    return memref::LoadOp::create(b, x, i);
  }
  void store(ImplicitLocOpBuilder &b, Value v, Value i) {
    memref::StoreOp::create(b, v, x, i);
  }

  /// Σ row i of the factors times x over the chunks [from, to), the columns
  /// before i (`below`) or after it only.
  Value dot(ImplicitLocOpBuilder &b, Value i, Value from, Value to,
            bool below) {
    Value rowStart = arith::MulIOp::create(b, i, rowLength);
    Value bound = below ? i : arith::AddIOp::create(b, i, indexConstant(b, 1));
    auto sum = scf::ForOp::create(
        b, from, to, indexConstant(b, lanes), ValueRange{zeros},
        [&](OpBuilder &nested, Location loc, Value j, ValueRange acc) {
          ImplicitLocOpBuilder nb(loc, nested);
          Value columns = arith::AddIOp::create(
              nb,
              vector::BroadcastOp::create(
                  nb, VectorType::get({lanes}, nb.getIndexType()), j),
              laneIota);
          Value wanted = arith::CmpIOp::create(
              nb, below ? arith::CmpIPredicate::ult : arith::CmpIPredicate::uge,
              columns,
              vector::BroadcastOp::create(
                  nb, VectorType::get({lanes}, nb.getIndexType()), bound));
          Value factors = vector::LoadOp::create(
              nb, vectorType, buffer,
              ValueRange{arith::AddIOp::create(nb, rowStart, j)});
          Value xs = vector::LoadOp::create(nb, vectorType, x, ValueRange{j});
          Value product = arith::MulFOp::create(
              nb, arith::SelectOp::create(nb, wanted, factors, zeros), xs);
          scf::YieldOp::create(
              nb, arith::AddFOp::create(nb, acc[0], product).getResult());
        });
    return vector::ReductionOp::create(b, vector::CombiningKind::ADD,
                                       sum.getResult(0));
  }

  Value buffer, x, n, rowLength;
  int64_t lanes;
  VectorType vectorType;
  Value laneIota, zeros;
};

} // namespace

void mlir::linalgx::buildGeneratedCpuSolve(ImplicitLocOpBuilder &b,
                                           SolveOp op) {
  Value a = op.getA(), rhs = op.getRhs(), solution = op.getSolution();
  Value info = op.getInfo();
  int64_t batchRank = op.getBatchRank();
  Type elementType = cast<MemRefType>(a.getType()).getElementType();
  Type indexType = cast<MemRefType>(info.getType()).getElementType();
  SmallVector<Value> batchDims = dims(b, a, 0, batchRank);
  Value n = dims(b, a, batchRank, batchRank + 1)[0];
  Value parallel = parallelBatch(b, batchDims, {n, n, n}, kParallelMinWork);
  int64_t lanes = lanesOf(elementType);
  Value rowLength = paddedRowLength(b, n, lanes);
  auto vectorType = VectorType::get({lanes}, elementType);

  buildBatchLoops(
      b, batchDims, parallel, [&](ImplicitLocOpBuilder &b, ValueRange ivs) {
        auto at = [&](std::initializer_list<Value> trailing) {
          SmallVector<Value> indices(ivs.begin(), ivs.end());
          indices.append(trailing.begin(), trailing.end());
          return indices;
        };
        Value zero = indexConstant(b, 0);
        buildStackScope(b, [&](ImplicitLocOpBuilder &b) {
          LocalMatrix local =
              LocalMatrix::allocate(b, elementType, n, rowLength);
          local.copyIn(b, a, [&](Value i, Value j) { return at({i, j}); });
          Value pivots = memref::AllocaOp::create(
              b, MemRefType::get({ShapedType::kDynamic}, indexType),
              ValueRange{n});
          Value status =
              VectorLu(b, elementType, indexType, local.buffer, n, n, rowLength)
                  .build(b, [&](ImplicitLocOpBuilder &b, Value k, Value row) {
                    memref::StoreOp::create(b, row, pivots, k);
                  });
          memref::StoreOp::create(b, status, info, ValueRange(ivs));

          // x: the right-hand side, zeros past n, its rows exchanged as
          // the factorization exchanged A's.
          LocalMatrix column = LocalMatrix::allocate(
              b, elementType, indexConstant(b, 1), rowLength);
          Value x = column.buffer;
          Value zeros = zeroVector(b, vectorType);
          column.eachVector(
              b, [&](ImplicitLocOpBuilder &b, Value, Value, Value offset) {
                vector::StoreOp::create(b, zeros, x, ValueRange{offset});
              });
          buildSimpleFor(b, zero, n, [&](ImplicitLocOpBuilder &b, Value i) {
            memref::StoreOp::create(
                b, memref::LoadOp::create(b, rhs, at({i, zero})), x, i);
          });
          buildSimpleFor(b, zero, n, [&](ImplicitLocOpBuilder &b, Value i) {
            Value row = arith::IndexCastOp::create(
                b, b.getIndexType(), memref::LoadOp::create(b, pivots, i));
            Value atI = memref::LoadOp::create(b, x, i);
            memref::StoreOp::create(b, memref::LoadOp::create(b, x, row), x, i);
            memref::StoreOp::create(b, atI, x, row);
          });
          VectorSubstitution(b, elementType, local.buffer, x, n, rowLength)
              .build(b);
          buildSimpleFor(b, zero, n, [&](ImplicitLocOpBuilder &b, Value i) {
            memref::StoreOp::create(b, memref::LoadOp::create(b, x, i),
                                    solution, at({i, zero}));
          });
        });
      });
}

void mlir::linalgx::buildParallelPivotsToPermutation(ImplicitLocOpBuilder &b,
                                                     PivotsToPermutationOp op) {
  Value pivots = op.getPivots(), permutation = op.getPermutation();
  int64_t batchRank = op.getBatchRank();
  Type indexType = cast<MemRefType>(pivots.getType()).getElementType();
  SmallVector<Value> batchDims = dims(b, permutation, 0, batchRank);
  Value width = dims(b, permutation, batchRank, batchRank + 1)[0];
  Value k = dims(b, pivots, batchRank, batchRank + 1)[0];
  Value parallel =
      parallelBatch(b, batchDims, {width}, kPermutationParallelMinEntries);

  buildBatchLoops(b, batchDims, parallel,
                  [&](ImplicitLocOpBuilder &b, ValueRange ivs) {
                    auto at = [&](Value trailing) {
                      SmallVector<Value> indices(ivs.begin(), ivs.end());
                      indices.push_back(trailing);
                      return indices;
                    };
                    buildPermutationFromPivots(
                        b, indexType, k, width, op.getOneBased(),
                        [&](ImplicitLocOpBuilder &b, Value i) -> Value {
                          return memref::LoadOp::create(b, pivots, at(i));
                        },
                        [&](ImplicitLocOpBuilder &b, Value j) -> Value {
                          return memref::LoadOp::create(b, permutation, at(j));
                        },
                        [&](ImplicitLocOpBuilder &b, Value v, Value j) {
                          memref::StoreOp::create(b, v, permutation, at(j));
                        });
                  });
}
