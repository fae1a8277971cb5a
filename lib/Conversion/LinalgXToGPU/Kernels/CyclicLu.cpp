//===- CyclicLu.cpp - the cyclic register LU kernel -------------*- C++ -*-===//
//
// One matrix spread over a whole block in registers, for single matrices and
// small batches of 33 to 128 rows or columns. (CyclicLu.h).
//
//===----------------------------------------------------------------------===//

#include "CyclicLu.h"
#include "../GPULoweringUtils.h"
#include "KernelBuilder.h"
#include "linalgx/Conversion/ElementArith.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

#include <limits>

using namespace mlir;
using namespace mlir::linalgx;

namespace mlir::linalgx::gpu_kernels {

namespace {

/// `acc - lhs * rhs` as one fused multiply-add (`negLhs` is -lhs) where
/// `keep` is false, `acc` unchanged where it is true: a predicated PTX fma.
/// The same through arith (an fma and a select) costs a select per element,
/// two instructions for an f64 (one per half); the predicate costs none.
Value predicatedMulSub(KernelBuilder &b, Value acc, Value negLhs,
                       Value rhs, Value keep) {
  Type type = acc.getType();
  bool isF64 = type.isF64();
  assert((isF64 || type.isF32()) && "a real f32 or f64 element");
  // $0 is tied to $1 (the "0" constraint): one register, kept where the
  // predicate $4 holds.
  std::string ptx = std::string("@!$4 fma.rn.") + (isF64 ? "f64" : "f32") +
                    " $0, $2, $3, $1;";
  std::string constraints = isF64 ? "=d,0,d,d,b" : "=f,0,f,f,b";
  return LLVM::InlineAsmOp::create(
             b, type, ValueRange{acc, negLhs, rhs, keep}, ptx, constraints,
             /*has_side_effects=*/false, /*is_align_stack=*/false,
             LLVM::tailcallkind::TailCallKind::None,
             LLVM::AsmDialectAttr::get(b.getContext(),
                                       LLVM::AsmDialect::AD_ATT),
             /*operand_attrs=*/ArrayAttr())
      .getResult(0);
}

} // namespace

SmallVector<Type> cyclicRegisterLuWorkgroupTypes(CyclicRegisterLuShape shape,
                                                 Type elementType) {
  auto buffer = [](int64_t size, Type type) -> Type {
    return workgroupMemRef({size}, type);
  };
  int64_t stride = CyclicRegisterLuShape::stagedStride(
      shape.stagedColumns());
  int64_t slotRows = 32 * shape.rowSlots();
  Type i32 = IntegerType::get(elementType.getContext(), 32);
  return {buffer(shape.rows * stride, elementType),
          buffer(2 * slotRows, elementType), buffer(2 * slotRows, i32),
          buffer(2, i32)};
}

void buildCyclicRegisterLuKernelBody(KernelBuilder &b, ValueRange args,
                                     ValueRange workgroup, Type elementType,
                                     Type intType, bool withPermutation,
                                     CyclicRegisterLuShape shape) {
  Value input = args[0], lu = args[1], pivots = args[2], info = args[3];
  Value permutation = withPermutation ? args[4] : Value();
  Value staged = workgroup[0], multipliers = workgroup[1],
        rowOrder = workgroup[2], outcome = workgroup[3];
  ElementArith element(elementType, ElementArith::Flavour::Kernel);
  const int64_t rowSlots = shape.rowSlots(), columnSlots = shape.columnSlots(),
                warps = shape.warps(), threads = 32 * warps;
  const int64_t slotRows = 32 * rowSlots;
  const int64_t bandColumns = shape.stagedColumns();
  const int64_t stride = CyclicRegisterLuShape::stagedStride(bandColumns);
  const int64_t bands = llvm::divideCeil(shape.cols, bandColumns);
  // rowOrder holds each row's logical position, then the row at each
  // position (the permutation); outcome the step's outcome (by parity).
  const int64_t rowAtPosition = slotRows;
  Type i32 = b.getI32Type();
  Type keyType = b.getIntegerType(elementType.getIntOrFloatBitWidth());
  using P = arith::CmpIPredicate;
  Value fullMask = b.i32(-1);
  Value zeroValue = arith::ConstantOp::create(b, b.getZeroAttr(elementType));

  Value batch = b.dim(lu, 0);
  Value m = b.dim(lu, 1);
  Value n = b.dim(lu, 2);
  Value k = b.minU(m, n);
  Value lane = b.threadId(gpu::Dimension::x);
  Value warp = b.threadId(gpu::Dimension::y);
  Value thread = b.add(b.mul(warp, b.index(32)), lane);
  Value blockId = b.blockId(gpu::Dimension::x);
  Value gridDim = b.gridDim(gpu::Dimension::x);
  // The thread's rows (lane + 32 r) and columns (warp + W c).
  SmallVector<Value> rows, rowsI32, columns;
  for (int64_t r = 0; r < rowSlots; ++r) {
    rows.push_back(b.add(lane, b.index(32 * r)));
    rowsI32.push_back(b.toI32Unsigned(rows.back()));
  }
  for (int64_t c = 0; c < columnSlots; ++c)
    columns.push_back(b.add(warp, b.index(warps * c)));
  // Element (r, c) of the thread's registers.
  auto slot = [&](int64_t r, int64_t c) { return r * columnSlots + c; };

  // The value of row slot `rowSlot` (an i32, the same for the whole warp)
  // among `values` (one per row slot), fetched from lane `fromLane`.
  auto fromRow = [&](KernelBuilder &b, ArrayRef<Value> values,
                     Value rowSlot, Value fromLane) -> Value {
    Value chosen = values[0];
    for (int64_t r = 1; r < rowSlots; ++r)
      chosen = b.select(b.cmp(P::eq, rowSlot, b.i32(r)), values[r],
                      chosen);
    return shuffleValue(b, chosen, fromLane, gpu::ShuffleMode::IDX);
  };

  // A band of columns [first, first + width) staged in shared memory at
  // row stride `stride`: `body(row, column, stagedAt)` for the elements
  // (row < bound, column < first + width) the thread moves, consecutive
  // threads on consecutive columns of a row (coalesced global accesses).
  auto forBandElements =
      [&](KernelBuilder &b, int64_t first, int64_t width, Value bound,
          function_ref<void(KernelBuilder &, Value, Value, Value)>
              body) {
        Value widthValue = b.index(width);
        b.forLoop(thread, b.mul(bound, widthValue), b.index(threads),
                  [&](KernelBuilder &b, Value element) {
          Value row = b.divU(element, widthValue);
          Value j = b.remU(element, widthValue);
          body(b, row, b.add(j, b.index(first)),
               b.add(b.mul(row, b.index(stride)), j));
        });
      };
  // Whether the thread's column slot `c` lies in the band starting at
  // `first` of `width` columns (null: certainly, for every warp), and its
  // staged column there.
  auto inBand = [&](KernelBuilder &b, int64_t c, int64_t first,
                    int64_t width) -> std::pair<Value, Value> {
    int64_t lowest = warps * c, highest = warps * c + warps - 1;
    Value column = b.sub(columns[c], b.index(first));
    if (lowest >= first && highest < first + width)
      return {Value(), column};
    Value inside = b.bitAnd(b.cmp(P::uge, columns[c], b.index(first)),
        b.cmp(P::ult, columns[c], b.index(first + width)));
    return {inside, b.select(inside, column, b.index(0))};
  };
  auto bandHolds = [&](int64_t c, int64_t first, int64_t width) {
    return warps * c < first + width && warps * c + warps - 1 >= first;
  };

  // Every thread of the block runs the same iterations (barriers).
  b.forLoop(blockId, batch, gridDim, [&](KernelBuilder &b,
                                            Value matrix) {
    // The matrix into registers, a band of columns at a time; rows and
    // columns past the matrix are zeros.
    SmallVector<Value> state(rowSlots * columnSlots, zeroValue);
    for (int64_t band = 0; band < bands; ++band) {
      int64_t first = band * bandColumns;
      int64_t width = std::min(bandColumns, shape.cols - first);
      // The previous matrix's or band's readers are done with the buffers.
      b.barrier();
      if (band == 0) {
        // Every row at its own position.
        b.ifThen(b.cmp(P::ult, thread, b.index(slotRows)),
                [&](KernelBuilder &b) {
          Value threadI32 = b.toI32Unsigned(thread);
          b.store(threadI32, rowOrder, thread);
          b.store(threadI32, rowOrder,
                                  b.add(thread, b.index(rowAtPosition)));
        });
      }
      forBandElements(b, first, width, b.index(shape.rows),
                      [&](KernelBuilder &b, Value row, Value column,
                          Value stagedAt) {
        Value inMatrix = b.bitAnd(b.cmp(P::ult, row, m),
                                               b.cmp(P::ult, column, n));
        auto load = scf::IfOp::create(
            b, inMatrix,
            [&](OpBuilder &nested, Location loc) {
              KernelBuilder nb(loc, nested);
              scf::YieldOp::create(
                  nb, nb.load(input,
                                             ValueRange{matrix, row, column}));
            },
            [&](OpBuilder &nested, Location loc) {
              KernelBuilder nb(loc, nested);
              scf::YieldOp::create(nb, zeroValue);
            });
        b.store(load.getResult(0), staged, stagedAt);
      });
      b.barrier();
      for (int64_t c = 0; c < columnSlots; ++c) {
        if (!bandHolds(c, first, width))
          continue;
        auto [inside, column] = inBand(b, c, first, width);
        for (int64_t r = 0; r < rowSlots; ++r) {
          // Rows past the bound (the last slot's lanes) read the last row
          // and keep their zeros.
          bool pastBound = 32 * r + 31 >= shape.rows;
          Value row = pastBound
                          ? b.minU(rows[r],
                                                   b.index(shape.rows - 1))
                          : rows[r];
          Value value = b.load(staged, b.add(b.mul(row, b.index(stride)), column));
          Value keep = inside;
          if (pastBound) {
            Value rowInBound = b.cmp(P::ult, rows[r], b.index(shape.rows));
            keep = keep ? b.bitAnd(keep, rowInBound)
                        : rowInBound;
          }
          state[slot(r, c)] =
              keep ? b.select(keep, value, state[slot(r, c)]) : value;
        }
      }
    }
    // Then whether each row slot has been a pivot row (rows past the matrix
    // count as used: they never compete), and info.
    for (int64_t r = 0; r < rowSlots; ++r)
      state.push_back(b.cmp(P::uge, rows[r], m));
    state.push_back(arith::ConstantOp::create(b, b.getIntegerAttr(intType, 0)));
    const int64_t usedAt = rowSlots * columnSlots, infoAt = usedAt + rowSlots;

    // Step s is published in buffers s % 2 through named barrier 1 + s % 2
    // (barrier 0 is the copies'): its owner arrives (bar.arrive, no wait)
    // once it has stored the outcome and multipliers, every other warp
    // waits there (bar.sync) before reading them. The owner of step s + 1
    // searches as soon as it has applied step s to that one column, before
    // its other updates (look-ahead): no warp waits at a block-wide
    // barrier for each step's search, only the next owner for the step
    // before (run 10, docs/gpu.md). Reusing buffer s % 2 at step s + 2 is
    // safe: its owner passed barrier s + 1, which every warp reaches after
    // reading step s.
    Value threadCount = b.i32(threads);
    auto parityOf = [&](KernelBuilder &b, Value step) -> Value {
      return b.bitAnd(step, b.index(1));
    };
    // (A register id: ptxas then reserves all 16 barriers, which costs
    // nothing here, one block an SM by its registers anyway; branches with
    // constant ids are merged back by LLVM.)
    auto barrierOf = [&](KernelBuilder &b, Value parity) -> Value {
      return b.add(b.toI32Unsigned(parity), b.i32(1));
    };

    // Step `step`'s pivot search and scaling of its column (`column`, one
    // value per row slot, already updated by the steps before), by the
    // warp owning it; returns the scaled column.
    auto searchAndPublish = [&](KernelBuilder &b, Value step,
                                ArrayRef<Value> column,
                                ArrayRef<Value> used) -> SmallVector<Value> {
      Value stepI32 = b.toI32Unsigned(step);
      Value parity = parityOf(b, step);
      Value multiplierBase = b.mul(parity, b.index(slotRows));
      // The largest key (pivotKey) of the unused rows, then the first
      // logical position holding it; position * 128 + row names the row too
      // (positions and rows are below 128).
      SmallVector<Value> keys, position;
      Value laneKey;
      for (int64_t r = 0; r < rowSlots; ++r) {
        position.push_back(b.load(rowOrder, rows[r]));
        keys.push_back(b.select(used[r], arith::ConstantIntOp::create(b, keyType, 0),
            pivotKey(b, element, column[r],
                     b.cmp(P::eq, position[r], stepI32), elementType)));
        laneKey = r ? b.maxU(laneKey, keys[r])
                    : keys[r];
      }
      Value rowAtStep = b.load(rowOrder, b.add(step, b.index(rowAtPosition)));
      // The lane's first unused row holding `key`, as position * 128 + row
      // (all ones: none), and that row's value in `column`.
      auto candidateOf =
          [&](KernelBuilder &b, Value key) -> std::pair<Value, Value> {
        Value laneCandidate, laneValue;
        for (int64_t r = 0; r < rowSlots; ++r) {
          Value candidate = b.select(b.bitAnd(b.negate(used[r]),
                                    b.cmp(P::eq, keys[r], key)),
              b.bitOr(b.shl(position[r], b.i32(7)),
                  rowsI32[r]),
              b.i32(-1));
          if (r == 0) {
            laneCandidate = candidate;
            laneValue = column[0];
            continue;
          }
          Value earlier = b.cmp(P::ult, candidate, laneCandidate);
          laneCandidate = b.select(earlier, candidate, laneCandidate);
          laneValue = b.select(earlier, column[r], laneValue);
        }
        return {laneCandidate, laneValue};
      };
      // The largest key's high word (f32: the key) first. When a single lane
      // holds it (a ballot; the rule on random data) that lane's own
      // candidate is the pivot and the candidate's value the pivot's value,
      // fetched by shuffles side by side; otherwise the largest low word
      // among the lanes tied on the high word, then the first position
      // holding the largest key: two more reductions, and the pivot by
      // shuffle from the row they name. The step's owner waits on this
      // chain, so what does not depend on the reductions comes off it: the
      // high words' maximum is taken in 32 bits (the high word of the
      // largest key is the largest high word), and the lane's candidate is
      // found before the ballot.
      bool wideKey = !keyType.isInteger(32);
      Value high;
      for (int64_t r = 0; r < rowSlots; ++r) {
        Value keyHigh =
            wideKey ? arith::TruncIOp::create(
                          b, i32,
                          b.shrU(keys[r],
                              arith::ConstantIntOp::create(b, keyType, 32)))
                    : keys[r];
        high = r ? b.maxU(high, keyHigh)
                 : keyHigh;
      }
      Value laneCandidate, laneValue;
      std::tie(laneCandidate, laneValue) = candidateOf(b, laneKey);
      Value bestHigh = b.redux(NVVM::ReduxKind::UMAX, high, fullMask);
      Value tied = NVVM::VoteSyncOp::create(b, i32, fullMask,
                                            b.cmp(P::eq, high, bestHigh),
                                            NVVM::VoteSyncKind::ballot);
      auto search = scf::IfOp::create(
          b, b.cmp(P::eq, math::CtPopOp::create(b, tied), b.i32(1)),
          [&](OpBuilder &nested, Location loc) {
            KernelBuilder b(loc, nested);
            Value winner = math::CountTrailingZerosOp::create(b, tied);
            scf::YieldOp::create(
                b, ValueRange{shuffleValue(b, laneCandidate, winner,
                                           gpu::ShuffleMode::IDX),
                              shuffleValue(b, laneValue, winner,
                                           gpu::ShuffleMode::IDX)});
          },
          [&](OpBuilder &nested, Location loc) {
            KernelBuilder b(loc, nested);
            Value bestKey = bestHigh;
            if (wideKey) {
              Value bestLow = b.redux(NVVM::ReduxKind::UMAX, b.select(b.cmp(P::eq, high, bestHigh),
                         arith::TruncIOp::create(b, i32, laneKey),
                         b.i32(0)), fullMask);
              bestKey = b.bitOr(b.shl(arith::ExtUIOp::create(b, keyType, bestHigh),
                      arith::ConstantIntOp::create(b, keyType, 32)),
                  arith::ExtUIOp::create(b, keyType, bestLow));
            }
            Value best = b.redux(NVVM::ReduxKind::UMIN, candidateOf(b, bestKey).first, fullMask);
            Value row = b.bitAnd(best, b.i32(127));
            scf::YieldOp::create(
                b, ValueRange{best,
                              fromRow(b, column,
                                      b.shrU(row,
                                                             b.i32(5)),
                                      b.bitAnd(row,
                                                            b.i32(31)))});
          });
      Value best = search.getResult(0);
      Value pivotRow = b.bitAnd(best, b.i32(127));
      Value pivotPosition = b.shrU(best, b.i32(7));
      Value pivot = search.getResult(1);
      Value singular = element.isZero(b, pivot);

      // Multipliers of the unused rows but the pivot's: one reciprocal, or
      // divisions when the pivot is below the smallest normal number
      // (LAPACK's getf2; also taken by a zero pivot, whose multipliers are
      // not used).
      auto scaled = scf::IfOp::create(
          b, element.reciprocalIsSafe(b, pivot),
          [&](OpBuilder &nested, Location loc) {
            KernelBuilder b(loc, nested);
            Value inverse = element.reciprocal(b, pivot);
            SmallVector<Value> values;
            for (int64_t r = 0; r < rowSlots; ++r)
              values.push_back(element.mul(b, column[r], inverse));
            scf::YieldOp::create(b, values);
          },
          [&](OpBuilder &nested, Location loc) {
            KernelBuilder b(loc, nested);
            SmallVector<Value> values;
            for (int64_t r = 0; r < rowSlots; ++r)
              values.push_back(element.div(b, column[r], pivot));
            scf::YieldOp::create(b, values);
          });
      SmallVector<Value> scaledColumn;
      Value scales = b.negate(singular);
      for (int64_t r = 0; r < rowSlots; ++r) {
        Value eligible = b.bitAnd(b.bitAnd(scales, b.negate(used[r])),
            b.cmp(P::ne, rowsI32[r], pivotRow));
        scaledColumn.push_back(
            b.select(eligible, scaled.getResult(r), column[r]));
        b.store(scaledColumn.back(), multipliers,
                                ValueRange{b.add(multiplierBase, rows[r])});
      }
      // The warp publishes the outcome (pivot row, and the sign bit for a
      // zero pivot), records the pivot and exchanges the positions of the
      // pivot row and the row at `step`: every lane stores the same values
      // to the same addresses, which costs the owner's chain no branch.
      b.store(b.bitOr(pivotRow,
              b.select(singular,
                     b.i32(std::numeric_limits<int32_t>::min()),
                     b.i32(0))),
          outcome, parity);
      b.store(b.extendUnsigned(pivotPosition, intType),
                              pivots, ValueRange{matrix, step});
      b.store(rowAtStep, rowOrder,
          b.add(b.toIndexUnsigned(pivotPosition), b.index(rowAtPosition)));
      b.store(pivotRow, rowOrder,
                              b.add(step, b.index(rowAtPosition)));
      b.store(pivotPosition, rowOrder,
                              b.toIndexUnsigned(rowAtStep));
      b.store(stepI32, rowOrder, b.toIndexUnsigned(pivotRow));
      // A block of one warp has nobody to tell (its lanes synchronize at
      // the next step's bar.warp.sync).
      if (warps > 1)
        NVVM::BarrierArriveOp::create(b, barrierOf(b, parity), threadCount);
      return scaledColumn;
    };

    using BuildValues =
        function_ref<SmallVector<Value>(KernelBuilder &)>;
    auto yieldIf = [&](KernelBuilder &b, Value condition,
                       BuildValues then,
                       ValueRange otherwise) -> SmallVector<Value> {
      return b.ifThenElse(condition, then, [&](KernelBuilder &) {
        return SmallVector<Value>(otherwise);
      });
    };
    // The pivot row's entries in column slots `slots` of `a`: its row slot
    // is the same across the warp, so a branch picks it and an entry is one
    // shuffle (selecting it per lane among the row slots cost two more
    // instructions an f64 entry).
    auto pivotRowEntries = [&](KernelBuilder &b, ArrayRef<Value> a,
                               ArrayRef<int64_t> slots, Value pivotRowSlot,
                               Value pivotLane) -> SmallVector<Value> {
      std::function<SmallVector<Value>(KernelBuilder &, int64_t)>
          fromRowSlot = [&](KernelBuilder &b, int64_t r) {
            auto shuffled = [&](KernelBuilder &b) {
              SmallVector<Value> entries;
              for (int64_t c : slots)
                entries.push_back(shuffleValue(b, a[slot(r, c)], pivotLane,
                                               gpu::ShuffleMode::IDX));
              return entries;
            };
            if (r == rowSlots - 1)
              return shuffled(b);
            return b.ifThenElse(b.cmp(P::eq, pivotRowSlot, b.i32(r)), shuffled,
                [&](KernelBuilder &b) { return fromRowSlot(b, r + 1); });
          };
      return fromRowSlot(b, 0);
    };
    // The update by a step of column slots `slots` of `a`: a - l u for the
    // unused rows, one predicated fused multiply-add each (`negMultiplier`
    // is -l, one per row slot).
    auto updateSlots = [&](KernelBuilder &b, MutableArrayRef<Value> a,
                           ArrayRef<int64_t> slots,
                           ArrayRef<Value> negMultiplier,
                           ArrayRef<Value> used, Value pivotRowSlot,
                           Value pivotLane) {
      SmallVector<Value> entries =
          pivotRowEntries(b, a, slots, pivotRowSlot, pivotLane);
      for (auto [entry, c] : llvm::zip_equal(entries, slots))
        for (int64_t r = 0; r < rowSlots; ++r)
          a[slot(r, c)] = predicatedMulSub(b, a[slot(r, c)], negMultiplier[r],
                                           entry, used[r]);
    };
    auto slotValues = [&](ArrayRef<Value> a, int64_t c) {
      SmallVector<Value> values;
      for (int64_t r = 0; r < rowSlots; ++r)
        values.push_back(a[slot(r, c)]);
      return values;
    };
    auto setSlot = [&](MutableArrayRef<Value> a, int64_t c,
                       ArrayRef<Value> values) {
      for (int64_t r = 0; r < rowSlots; ++r)
        a[slot(r, c)] = values[r];
    };

    // Step 0, searched by warp 0 before any update.
    {
      SmallVector<Value> used(state.begin() + usedAt, state.begin() + infoAt);
      setSlot(state, 0,
              yieldIf(
                  b,
                  b.bitAnd(b.cmp(P::ugt, k, b.index(0)),
                                        b.cmp(P::eq, warp, b.index(0))),
                  [&](KernelBuilder &b) {
                    return searchAndPublish(b, b.index(0),
                                            slotValues(state, 0), used);
                  },
                  slotValues(state, 0)));
    }

    for (int64_t round = 0; round < columnSlots; ++round) {
      // Steps round * W + w, w < min(W, K - round * W).
      Value first = b.index(round * warps);
      Value roundSteps = b.select(b.cmp(P::ugt, k, first),
          b.minU(b.sub(k, first),
                                 b.index(warps)),
          b.index(0));
      auto loop = scf::ForOp::create(
          b, b.index(0), roundSteps, b.index(1), state,
          [&](OpBuilder &nested, Location loc, Value owner,
              ValueRange iterArgs) {
        KernelBuilder b(loc, nested);
        SmallVector<Value> a(iterArgs.begin(), iterArgs.begin() + usedAt);
        SmallVector<Value> used(iterArgs.begin() + usedAt,
                                iterArgs.begin() + infoAt);
        Value status = iterArgs[infoAt];
        Value step = b.add(first, owner);
        Value stepI32 = b.toI32Unsigned(step);
        Value parity = parityOf(b, step);
        Value multiplierBase = b.mul(parity, b.index(slotRows));

        // The step's outcome: the owner's own stores (ordered for its lanes
        // by bar.warp.sync), the others' after its barrier.
        Value isOwner = b.cmp(P::eq, warp, owner);
        scf::IfOp::create(
            b, isOwner,
            [&](OpBuilder &nested, Location loc) {
              KernelBuilder b(loc, nested);
              NVVM::SyncWarpOp::create(b, fullMask);
              scf::YieldOp::create(b);
            },
            [&](OpBuilder &nested, Location loc) {
              KernelBuilder b(loc, nested);
              NVVM::BarrierOp::create(b, TypeRange(), barrierOf(b, parity),
                                      threadCount, {}, Value());
              scf::YieldOp::create(b);
            });
        Value stepOutcome = b.load(outcome, parity);
        Value singular = b.cmp(P::slt, stepOutcome, b.i32(0));
        Value pivotRow = b.bitAnd(stepOutcome, b.i32(127));
        // info: the first zero pivot, 1-based.
        status = b.select(b.bitAnd(singular,
                b.cmp(P::eq, status,
                    arith::ConstantOp::create(b, b.getIntegerAttr(intType, 0)))),
            b.extendUnsigned(b.add(stepI32, b.i32(1)), intType), status);
        SmallVector<Value> negMultiplier;
        for (int64_t r = 0; r < rowSlots; ++r) {
          negMultiplier.push_back(arith::NegFOp::create(
              b, b.load(multipliers,
                     ValueRange{b.add(multiplierBase, rows[r])})));
          used[r] = b.bitOr(used[r], b.cmp(P::eq, rowsI32[r], pivotRow));
        }
        Value pivotRowSlot = b.shrU(pivotRow, b.i32(5));
        Value pivotLane = b.bitAnd(pivotRow, b.i32(31));
        Value updates = b.negate(singular);
        // Column slot `c` of `a` updated by the step.
        auto updatedSlot = [&](KernelBuilder &b, int64_t c) {
          SmallVector<Value> values(a);
          updateSlots(b, values, {c}, negMultiplier, used, pivotRowSlot,
                      pivotLane);
          return slotValues(values, c);
        };

        // Look-ahead: column step + 1 is slot `round` of the next warp, or
        // slot `round + 1` of warp 0 after the round's last warp. Its owner
        // updates it and searches step + 1 first.
        Value nextStep = b.add(step, b.index(1));
        Value hasNext = b.cmp(P::ult, nextStep, k);
        SmallVector<Value> searchedFirst;
        for (int64_t c = round; c < std::min(round + 2, columnSlots); ++c) {
          Value nextOwner =
              c == round
                  ? b.cmp(P::eq, warp, b.add(owner, b.index(1)))
                  : b.bitAnd(b.cmp(P::eq, warp, b.index(0)),
                        b.cmp(P::eq, owner, b.index(warps - 1)));
          nextOwner = b.bitAnd(nextOwner, hasNext);
          searchedFirst.push_back(nextOwner);
          setSlot(a, c,
                  yieldIf(
                      b, nextOwner,
                      [&](KernelBuilder &b) {
                        SmallVector<Value> column = yieldIf(
                            b, updates,
                            [&](KernelBuilder &b) {
                              return updatedSlot(b, c);
                            },
                            slotValues(a, c));
                        return searchAndPublish(b, nextStep, column, used);
                      },
                      slotValues(a, c)));
        }

        // The rest of the update of the columns after `step`, none when the
        // pivot is zero: slot `round` in the warps after the owner (a
        // warp-uniform branch), then the later slots as straight-line code,
        // so that their shuffles and multiply-adds overlap (a branch a slot
        // serializes them: 76.1 against 68.3 us for 75x75 f64 with 8 warps;
        // with 16, 55.3 and 55.7, even, run 10). Columns past the matrix are
        // updated too: nothing reads them.
        SmallVector<Value> rest;
        for (int64_t c = round; c < columnSlots; ++c)
          rest.append(slotValues(a, c));
        rest = yieldIf(
            b, updates,
            [&](KernelBuilder &b) {
              SmallVector<Value> updated(a);
              setSlot(updated, round,
                      yieldIf(
                          b,
                          b.bitAnd(b.cmp(P::ugt, warp, owner),
                              b.negate(searchedFirst[0])),
                          [&](KernelBuilder &b) {
                            return updatedSlot(b, round);
                          },
                          slotValues(a, round)));
              SmallVector<int64_t> later =
                  llvm::to_vector(llvm::seq<int64_t>(round + 1, columnSlots));
              if (!later.empty()) {
                updateSlots(b, updated, later, negMultiplier, used,
                            pivotRowSlot, pivotLane);
                // Warp 0's slot round + 1, already updated for the
                // look-ahead after the round's last step.
                for (int64_t r = 0; r < rowSlots; ++r)
                  updated[slot(r, round + 1)] =
                      b.select(searchedFirst[1], a[slot(r, round + 1)],
                             updated[slot(r, round + 1)]);
              }
              SmallVector<Value> values;
              for (int64_t c = round; c < columnSlots; ++c)
                values.append(slotValues(updated, c));
              return values;
            },
            rest);
        for (int64_t c = round; c < columnSlots; ++c)
          setSlot(a, c,
                  ArrayRef<Value>(rest).slice((c - round) * rowSlots,
                                              rowSlots));
        SmallVector<Value> next(a);
        next.append(used);
        next.push_back(status);
        scf::YieldOp::create(b, next);
      });
      state.assign(loop.getResults().begin(), loop.getResults().end());
    }

    // Row `position` of L\U is the thread's row: staged at its position, a
    // band at a time, then copied out in rows.
    for (int64_t band = 0; band < bands; ++band) {
      int64_t firstColumn = band * bandColumns;
      int64_t width = std::min(bandColumns, shape.cols - firstColumn);
      b.barrier();
      for (int64_t r = 0; r < rowSlots; ++r) {
        Value rowInBound = b.cmp(P::ult, rows[r], b.index(shape.rows));
        Value stagedRow = b.mul(b.toIndexUnsigned(b.load(rowOrder, rows[r])),
            b.index(stride));
        for (int64_t c = 0; c < columnSlots; ++c) {
          if (!bandHolds(c, firstColumn, width))
            continue;
          Value inside, column;
          std::tie(inside, column) = inBand(b, c, firstColumn, width);
          Value store = inside ? b.bitAnd(inside, rowInBound)
                               : rowInBound;
          b.ifThen(store, [&](KernelBuilder &b) {
            b.store(state[slot(r, c)], staged,
                                    b.add(stagedRow, column));
          });
        }
      }
      b.barrier();
      forBandElements(b, firstColumn, width, m,
                      [&](KernelBuilder &b, Value row, Value column,
                          Value stagedAt) {
        b.ifThen(b.cmp(P::ult, column, n), [&](KernelBuilder &b) {
          b.store(b.load(staged, stagedAt),
                                  lu, ValueRange{matrix, row, column});
        });
      });
    }
    // The permutation is the row at each position.
    if (permutation) {
      Type permutationType =
          cast<MemRefType>(permutation.getType()).getElementType();
      b.forLoop(thread, m, b.index(threads),
                [&](KernelBuilder &b, Value position) {
        b.store(b.extendUnsigned(b.load(rowOrder,
                          b.add(position, b.index(rowAtPosition))), permutationType),
            permutation, ValueRange{matrix, position});
      });
    }
    b.ifThen(b.cmp(P::eq, thread, b.index(0)),
            [&](KernelBuilder &b) {
      b.store(state[infoAt], info, matrix);
    });
  });
}

void launchCyclicRegisterLu(ImplicitLocOpBuilder &b, DeviceWork &work,
                            const LuOperands &lu, CyclicRegisterLuShape shape) {
  Value batch = memref::DimOp::create(b, lu.lu(), 0);
  int32_t warps = static_cast<int32_t>(shape.warps());
  gpu::GPUFuncOp kernel = getOrCreateKernel(
      lu.module,
      "linalgx_lu_cyclic" + std::to_string(shape.rows) + "x" +
          std::to_string(shape.cols) + "_" + lu.kernelSuffix(),
      TypeRange(ValueRange(lu.values)), {32, warps, 1},
      cyclicRegisterLuWorkgroupTypes(shape, lu.elementType),
      [&](KernelBuilder &kb, ValueRange args, ValueRange workgroup) {
        buildCyclicRegisterLuKernelBody(kb, args, workgroup, lu.elementType,
                                        lu.intType, lu.withPermutation, shape);
      });
  work.launch(kernel, gridSizeFor(b, batch, 1), {32, warps, 1}, lu.values);
}

} // namespace mlir::linalgx::gpu_kernels
