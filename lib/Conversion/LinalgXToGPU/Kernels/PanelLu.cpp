//===- PanelLu.cpp - the look-ahead panel LU kernel -------------*- C++ -*-===//
//
// One matrix a block in shared memory: warp 0 factors 4-column panels in its
// registers one panel ahead of the warps that update the rest. (PanelLu.h).
//
//===----------------------------------------------------------------------===//

#include "PanelLu.h"
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

/// The high 32 bits of |x|'s bit pattern (all of them for f32): orders like
/// |x| up to ties of the low word, which only the full search looks at.
Value magnitudeHighWord(KernelBuilder &b, Value x) {
  Type i32 = b.getI32Type();
  Value bits;
  if (x.getType().isF64()) {
    Value wide = arith::BitcastOp::create(b, b.getI64Type(), x);
    bits = arith::TruncIOp::create(
        b, i32,
        b.shrU(wide,
                               b.i64(32)));
  } else {
    bits = arith::BitcastOp::create(b, i32, x);
  }
  return b.bitAnd(bits, b.i32(0x7fffffff));
}

/// Whether the real value x is finite: its magnitude's high word below
/// the infinities'.
Value isFiniteValue(KernelBuilder &b, Value x) {
  int64_t infinityHigh = x.getType().isF64() ? 0x7ff00000 : 0x7f800000;
  return b.cmp(arith::CmpIPredicate::ult, magnitudeHighWord(b, x),
      arith::ConstantIntOp::create(b, b.getI32Type(), infinityHigh));
}

/// 1 / x for a pivot whose high word lies in [kPanelLuNormalHigh,
/// kPanelLuReciprocalHigh): the hardware approximation refined by Newton
/// steps (within an ulp), without rcp.rn's slow-path branch, which would
/// end the basic block ptxas schedules the step's chain in.
Value fastReciprocal(KernelBuilder &b, Value x) {
  Type type = x.getType();
  bool isF64 = type.isF64();
  Value r = LLVM::InlineAsmOp::create(
                b, type, ValueRange{x},
                isF64 ? "rcp.approx.ftz.f64 $0, $1;" : "rcp.approx.ftz.f32 $0, $1;",
                isF64 ? "=d,d" : "=f,f", /*has_side_effects=*/false,
                /*is_align_stack=*/false, LLVM::tailcallkind::TailCallKind::None,
                LLVM::AsmDialectAttr::get(b.getContext(),
                                          LLVM::AsmDialect::AD_ATT),
                ArrayAttr())
                .getResult(0);
  Value one = arith::ConstantOp::create(b, b.getFloatAttr(type, 1.0));
  Value negX = arith::NegFOp::create(b, x);
  auto newton = [&](Value r) -> Value {
    Value e = math::FmaOp::create(b, negX, r, one);
    return math::FmaOp::create(b, r, e, r);
  };
  // f32: one step from the ~23-bit approximation; f64: the approximation's
  // error squared first, then one step.
  if (!isF64)
    return newton(r);
  Value e = math::FmaOp::create(b, negX, r, one);
  e = math::FmaOp::create(b, e, e, e);
  r = math::FmaOp::create(b, r, e, r);
  return newton(r);
}

/// `value`, computed before this point: an empty volatile asm reads and
/// rewrites it, so that LLVM cannot sink its computation past the point
/// (into the branch that uses it, after the reduction it should overlap).
Value pinValue(KernelBuilder &b, Value value) {
  Type type = value.getType();
  std::string constraint = type.isF64()   ? "=d,0"
                           : type.isF32() ? "=f,0"
                                          : "=r,0";
  return LLVM::InlineAsmOp::create(
             b, type, ValueRange{value}, "", constraint,
             /*has_side_effects=*/true, /*is_align_stack=*/false,
             LLVM::tailcallkind::TailCallKind::None,
             LLVM::AsmDialectAttr::get(b.getContext(), LLVM::AsmDialect::AD_ATT),
             ArrayAttr())
      .getResult(0);
}

} // namespace

void buildPanelLuKernelBody(KernelBuilder &b, ValueRange args,
                            Type elementType, Type intType,
                            bool withPermutation, PanelLuShape shape) {
  Value input = args[0], lu = args[1], pivots = args[2], info = args[3];
  Value permutation = withPermutation ? args[4] : Value();
  if (shape.exact) {
    input = withStaticTrailingSizes(b, input, {shape.rows, shape.cols});
    lu = withStaticTrailingSizes(b, lu, {shape.rows, shape.cols});
    pivots =
        withStaticTrailingSizes(b, pivots, {std::min(shape.rows, shape.cols)});
    if (permutation)
      permutation = withStaticTrailingSizes(b, permutation, {shape.rows});
  }
  ElementArith element(elementType, ElementArith::Flavour::Kernel);
  constexpr int64_t NB = PanelLuShape::kPanelColumns;
  constexpr int64_t TW = PanelLuShape::kWarps - 1; // trailing warps
  const int64_t rowSlots = shape.rowSlots();
  const int64_t columnSlots = shape.columnSlots();
  const int64_t listSize = PanelLuShape::listSize(shape.rows);
  Type i32 = b.getI32Type();
  Type keyType = b.getIntegerType(elementType.getIntOrFloatBitWidth());
  using P = arith::CmpIPredicate;
  auto fma = [](KernelBuilder &b, Value negLhs, Value rhs,
                Value acc) -> Value {
    return math::FmaOp::create(b, negLhs, rhs, acc);
  };
  auto bit = [&](KernelBuilder &b, Value bits, int64_t i) -> Value {
    return b.cmp(P::ne, b.bitAnd(bits, b.i32(1 << i)),
               b.i32(0));
  };
  auto shuffle = [](KernelBuilder &b, Value v, Value lane) -> Value {
    return shuffleValue(b, v, lane, gpu::ShuffleMode::IDX);
  };
  Value zeroValue = arith::ConstantOp::create(b, b.getZeroAttr(elementType));
  // acc - l * u where `applies`, acc elsewhere (an elimination's entry).
  // With u known finite a zero multiplier does it without a select an
  // entry (exact up to the sign of a zero entry; 0 * Inf would be NaN),
  // else a select. The negation goes on u, not on the selected multiplier:
  // LLVM would push it into the select, and ptxas computes it there by a
  // DADD.
  auto subtractMultiple = [&](KernelBuilder &b, Value applies, Value l,
                              Value u, Value acc, bool uFinite) -> Value {
    if (uFinite)
      return fma(b, b.select(applies, l, zeroValue),
                 arith::NegFOp::create(b, u), acc);
    return b.select(applies, fma(b, arith::NegFOp::create(b, l), u, acc), acc);
  };
  // High words of |pivot| between which fastReciprocal holds: the smallest
  // normal number and 2^(emax - 2), whose reciprocal is normal.
  const bool isF64 = elementType.isF64();
  const int64_t normalHigh = isF64 ? 0x00100000 : 0x00800000;
  const int64_t reciprocalHigh = isF64 ? 0x7fd00000 : 0x7e800000;

  Value batch = b.dim(lu, 0);
  Value m = b.dim(lu, 1);
  Value n = b.dim(lu, 2);
  Value k = b.minU(m, n);
  Value panels = b.ceilDivU(k, b.index(NB));
  Value stride = b.index(shape.rowStride());
  Value lane = b.threadId(gpu::Dimension::x);
  Value laneI32 = b.toI32(lane);
  Value warp = b.threadId(gpu::Dimension::y);
  Value blockId = b.blockId(gpu::Dimension::x);
  Value gridDim = b.gridDim(gpu::Dimension::x);

  // Dynamic shared memory (PanelLuShape::sharedBytes): the matrix at the
  // odd row stride of the size bound, then i32: the row at each position,
  // and by panel parity the list of unused rows, the pivot rows and (count,
  // zero steps).
  Value shared = gpu::DynamicSharedMemoryOp::create(
      b, workgroupMemRef({ShapedType::kDynamic}, b.getI8Type()));
  int64_t elementBytes = elementByteSize(elementType);
  Value matrixBytes = b.index(shape.matrixBytes(elementBytes));
  Value a = memref::ViewOp::create(
      b, workgroupMemRef({shape.rows * shape.rowStride()}, elementType), shared,
      b.index(0), ValueRange());
  Value ints = memref::ViewOp::create(
      b, workgroupMemRef({PanelLuShape::intCount(shape.rows)}, i32), shared,
      matrixBytes, ValueRange());
  const int64_t orderAt = 0, listAt = listSize, pivotRowsAt = 3 * listSize,
                metaAt = 3 * listSize + 2 * NB;
  auto at = [&](KernelBuilder &b, Value row, Value col) -> Value {
    return b.add(b.mul(row, stride), col);
  };
  auto loadA = [&](KernelBuilder &b, Value row, Value col) -> Value {
    return b.load(a, at(b, row, col));
  };
  auto loadInt = [&](KernelBuilder &b, Value offset) -> Value {
    return b.load(ints, offset);
  };
  auto storeInt = [&](KernelBuilder &b, Value v, Value offset) {
    b.store(v, ints, offset);
  };
  SmallVector<Value> rows;
  for (int64_t r = 0; r < rowSlots; ++r)
    rows.push_back(b.add(lane, b.index(32 * r)));

  // The thread's panel registers: q[r * NB + c] = row slot r, column c.
  auto qAt = [](int64_t r, int64_t c) { return r * NB + c; };
  // Columns [col0, col0 + width) of the lane's rows from shared memory
  // (zeros outside the matrix or past `width`).
  auto loadPanel = [&](KernelBuilder &b, Value col0,
                       Value width) -> SmallVector<Value> {
    SmallVector<Value> panel;
    for (int64_t r = 0; r < rowSlots; ++r) {
      Value rowValid = b.cmp(P::ult, rows[r], m);
      Value row = b.select(rowValid, rows[r], b.index(0));
      for (int64_t c = 0; c < NB; ++c) {
        Value valid = b.both(rowValid, b.cmp(P::ult, b.index(c), width));
        Value col = b.select(valid, b.add(col0, b.index(c)), b.index(0));
        panel.push_back(b.select(valid, loadA(b, row, col), zeroValue));
      }
    }
    return panel;
  };

  // The panel warp (warp 0): factors the panels in registers, publishes
  // each (its columns in shared memory; pivot rows, zero steps and the
  // unused rows by parity), meets the others at the panel's barrier, then
  // applies the panel to the next one itself (look-ahead) and goes on.
  auto buildPanelWarp = [&](KernelBuilder &b, Value matrix) {
    const int64_t positionAt = rowSlots * NB, firstZeroAt = positionAt + rowSlots;
    SmallVector<Value> init =
        loadPanel(b, b.index(0), b.minU(k, b.index(NB)));
    for (int64_t r = 0; r < rowSlots; ++r)
      init.push_back(b.select(b.cmp(P::ult, rows[r], m), b.toI32(rows[r]),
                            b.i32(-1)));
    init.push_back(b.i32(0));
    auto panelLoop = scf::ForOp::create(
        b, b.index(0), panels, b.index(1), init,
        [&](OpBuilder &nested, Location loc, Value panel, ValueRange iter) {
      KernelBuilder b(loc, nested);
      SmallVector<Value> q(iter.begin(), iter.begin() + positionAt);
      SmallVector<Value> position(iter.begin() + positionAt,
                                  iter.begin() + firstZeroAt);
      Value firstZero = iter[firstZeroAt];
      Value k0 = b.mul(panel, b.index(NB));
      Value k0I32 = b.toI32(k0);
      Value steps = b.minU(b.sub(k, k0),
                                           b.index(NB));
      Value parity = b.bitAnd(panel, b.index(1));
      Value zeroBits = b.i32(0);
      SmallVector<Value> pivotRow(NB, b.i32(0));

      for (int64_t c = 0; c < NB; ++c) {
        auto pack = [&](ArrayRef<Value> q, ArrayRef<Value> position,
                        Value firstZero, Value zeroBits,
                        Value pivotRowOfStep) -> SmallVector<Value> {
          SmallVector<Value> state(q);
          state.append(position.begin(), position.end());
          state.append({firstZero, zeroBits, pivotRowOfStep});
          return state;
        };
        // Step k0 + c, when the panel has it: the pivot, the row exchange,
        // the scaling and the update of the panel's later columns.
        auto step = [&](KernelBuilder &b) -> SmallVector<Value> {
          Value kStep = b.add(k0I32, b.i32(c));
          // The lane's candidate first: the largest high word among its
          // open rows, that row's slot, value, position, reciprocal and
          // later panel entries. Only shuffles from the winner follow the
          // reduction on the fast path.
          SmallVector<Value> open, high;
          Value laneMax;
          for (int64_t r = 0; r < rowSlots; ++r) {
            open.push_back(b.cmp(P::sge, position[r], kStep));
            high.push_back(b.select(open[r],
                                  magnitudeHighWord(b, q[qAt(r, c)]),
                                  b.i32(0)));
            laneMax = r ? b.maxU(laneMax, high[r])
                        : high[r];
          }
          // The reduction first in program order: a warp-synchronous
          // instruction begins a basic block for ptxas (its convergence
          // check), so what precedes it in the PTX is issued before it. The
          // candidate's selects and its reciprocal's Newton chain go after,
          // where they run while the reduction is in flight.
          Value top = b.redux(NVVM::ReduxKind::UMAX, laneMax);
          Value mySlot = b.i32(0), holding = b.i32(0);
          for (int64_t r = rowSlots - 1; r >= 0; --r) {
            Value holds = b.both(open[r], b.cmp(P::eq, high[r], laneMax));
            mySlot = b.select(holds, b.i32(r), mySlot);
            holding = b.add(holding, arith::ExtUIOp::create(b, i32, holds));
          }
          Value cand = q[qAt(0, c)], candPos = position[0];
          SmallVector<Value> candRow(NB);
          for (int64_t j = c + 1; j < NB; ++j)
            candRow[j] = q[qAt(0, j)];
          for (int64_t r = 1; r < rowSlots; ++r) {
            Value isSlot = b.cmp(P::eq, mySlot, b.i32(r));
            cand = b.select(isSlot, q[qAt(r, c)], cand);
            candPos = b.select(isSlot, position[r], candPos);
            for (int64_t j = c + 1; j < NB; ++j)
              candRow[j] = b.select(isSlot, q[qAt(r, j)], candRow[j]);
          }
          // The fast path also asks for the winner's later panel entries to
          // be finite: its rows that do not update then take a zero
          // multiplier instead of a select an entry (0 * Inf would be NaN).
          Value rowFinite = b.boolean(true);
          for (int64_t j = c + 1; j < NB; ++j)
            rowFinite = b.both(rowFinite, isFiniteValue(b, candRow[j]));
          Value isTop = b.cmp(P::eq, laneMax, top);
          Value holders = b.ballot(isTop);
          Value irregular = b.ballot(b.both(isTop,
                      b.bitOr(b.cmp(P::ugt, holding, b.i32(1)),
                          b.negate(rowFinite))));
          // Computed in the shadow of the reduction and the ballots (pinned
          // here, before the branch, so that LLVM does not sink them into
          // the fast path, where they would follow the branch in line).
          Value candInverse = pinValue(b, fastReciprocal(b, cand));
          cand = pinValue(b, cand);
          candPos = pinValue(b, candPos);
          for (int64_t j = c + 1; j < NB; ++j)
            candRow[j] = pinValue(b, candRow[j]);

          // The step with its pivot found. `slow` is known here: the fast
          // path's pivot is normal with a normal reciprocal, so its code
          // holds neither the zero pivot's branch nor divisions.
          auto finish = [&](KernelBuilder &b, Value from,
                            Value pivotSlot, Value pivot, Value pivotPos,
                            Value inverse, ArrayRef<Value> u,
                            bool slow) -> SmallVector<Value> {
            Value pivotRowOfStep = b.add(from, b.mul(pivotSlot, b.i32(32)));
            Value isFrom = b.cmp(P::eq, laneI32, from);
            SmallVector<Value> here, newPosition;
            for (int64_t r = 0; r < rowSlots; ++r) {
              here.push_back(
                  b.both(isFrom, b.cmp(P::eq, pivotSlot, b.i32(r))));
              newPosition.push_back(b.select(here[r], kStep,
                  b.select(b.cmp(P::eq, position[r], kStep), pivotPos,
                         position[r])));
            }
            // Every lane stores the same value to the same address: no
            // branch on the chain.
            b.store(b.extendSigned(pivotPos, intType), pivots,
                                    ValueRange{matrix, b.toIndex(kStep)});
            auto eliminate = [&](KernelBuilder &b,
                                 bool divide) -> SmallVector<Value> {
              SmallVector<Value> next(q);
              for (int64_t r = 0; r < rowSlots; ++r) {
                Value below = b.both(open[r], b.negate(here[r]));
                Value value = q[qAt(r, c)];
                Value l = divide ? element.div(b, value, pivot)
                                 : element.mul(b, value, inverse);
                next[qAt(r, c)] = b.select(below, l, value);
                // On the fast path the pivot row's entries u are finite.
                for (int64_t j = c + 1; j < NB; ++j)
                  next[qAt(r, j)] = subtractMultiple(b, below, l, u[j],
                                                     q[qAt(r, j)], !slow);
              }
              return pack(next, newPosition, firstZero, zeroBits,
                          pivotRowOfStep);
            };
            if (!slow)
              return eliminate(b, /*divide=*/false);
            return b.ifThenElse(element.isZero(b, pivot),
                [&](KernelBuilder &b) {
                  // A zero pivot neither scales nor updates; info is the
                  // first one's step + 1.
                  Value noneYet = b.cmp(P::eq, firstZero, b.i32(0));
                  return pack(q, newPosition,
                              b.select(noneYet, b.add(kStep, b.i32(1)),
                                     firstZero),
                              b.bitOr(zeroBits,
                                                   b.i32(1 << c)),
                              pivotRowOfStep);
                },
                [&](KernelBuilder &b) {
                  Value magnitude = magnitudeHighWord(b, pivot);
                  Value multiplies = b.both(b.cmp(P::uge, magnitude, b.i32(normalHigh)),
                      b.cmp(P::ult, magnitude, b.i32(reciprocalHigh)));
                  return b.ifThenElse(multiplies,
                      [&](KernelBuilder &b) { return eliminate(b, false); },
                      [&](KernelBuilder &b) { return eliminate(b, true); });
                });
          };

          Value fast = b.both(b.both(b.cmp(P::eq, math::CtPopOp::create(b, holders), b.i32(1)),
                   b.cmp(P::eq, irregular, b.i32(0))),
              b.both(b.cmp(P::uge, top, b.i32(normalHigh)),
                   b.cmp(P::ult, top, b.i32(reciprocalHigh))));
          return b.ifThenElse(fast,
              [&](KernelBuilder &b) {
                Value from = math::CountTrailingZerosOp::create(b, holders);
                SmallVector<Value> u(NB);
                for (int64_t j = c + 1; j < NB; ++j)
                  u[j] = shuffle(b, candRow[j], from);
                return finish(b, from, shuffle(b, mySlot, from),
                              shuffle(b, cand, from), shuffle(b, candPos, from),
                              shuffle(b, candInverse, from), u, /*slow=*/false);
              },
              [&](KernelBuilder &b) {
                // Ties, zeros, NaN, Inf, extreme pivots: the full 64-bit
                // keys (pivotKey's NaN rules), then the first position
                // holding the largest.
                Value bestKey = arith::ConstantIntOp::create(b, keyType, 0);
                Value bestPos = b.i32(1 << 30), bestSlot = b.i32(0);
                for (int64_t r = 0; r < rowSlots; ++r) {
                  Value key = b.select(open[r],
                      pivotKey(b, element, q[qAt(r, c)],
                               b.cmp(P::eq, position[r], kStep), elementType),
                      arith::ConstantIntOp::create(b, keyType, 0));
                  Value take = b.both(open[r],
                      b.bitOr(b.cmp(P::ugt, key, bestKey),
                          b.both(b.cmp(P::eq, key, bestKey),
                               b.cmp(P::slt, position[r], bestPos))));
                  bestKey = b.select(take, key, bestKey);
                  bestPos = b.select(take, position[r], bestPos);
                  bestSlot = b.select(take, b.i32(r), bestSlot);
                }
                Value best = reduceMaxKey(
                    b, bestKey, [&](KernelBuilder &b, Value v) {
                      return b.redux(NVVM::ReduxKind::UMAX, v);
                    });
                Value tied = b.cmp(P::eq, bestKey, best);
                Value firstPos = b.redux(NVVM::ReduxKind::UMIN,
                                        b.select(tied, bestPos, b.i32(-1)));
                Value from = math::CountTrailingZerosOp::create(
                    b, b.ballot(b.both(tied, b.cmp(P::eq, bestPos, firstPos))));
                Value pivotSlot = shuffle(b, bestSlot, from);
                auto ofPivotSlot = [&](int64_t j) {
                  Value v = q[qAt(0, j)];
                  for (int64_t r = 1; r < rowSlots; ++r)
                    v = b.select(b.cmp(P::eq, pivotSlot, b.i32(r)),
                               q[qAt(r, j)], v);
                  return shuffle(b, v, from);
                };
                SmallVector<Value> u(NB);
                for (int64_t j = c + 1; j < NB; ++j)
                  u[j] = ofPivotSlot(j);
                Value pivot = ofPivotSlot(c);
                return finish(b, from, pivotSlot, pivot,
                              shuffle(b, bestPos, from), fastReciprocal(b, pivot),
                              u, /*slow=*/true);
              });
        };
        SmallVector<Value> state = b.ifThenElse(b.cmp(P::ult, b.index(c), steps), step,
            [&](KernelBuilder &) {
              return pack(q, position, firstZero, zeroBits, pivotRow[c]);
            });
        q.assign(state.begin(), state.begin() + positionAt);
        position.assign(state.begin() + positionAt, state.begin() + firstZeroAt);
        firstZero = state[firstZeroAt];
        zeroBits = state[firstZeroAt + 1];
        pivotRow[c] = state[firstZeroAt + 2];
      }

      // Publish the panel: its columns, its pivot rows (lane t: step t's),
      // its zero steps and the rows still unused, listed in whole groups of
      // four (the last group repeats the last row: duplicates compute the
      // same values from the same data).
      for (int64_t r = 0; r < rowSlots; ++r) {
        Value rowValid = b.cmp(P::ult, rows[r], m);
        for (int64_t c = 0; c < NB; ++c)
          b.ifThen(b.both(rowValid, b.cmp(P::ult, b.index(c), steps)),
                  [&](KernelBuilder &b) {
            b.store(q[qAt(r, c)], a,
                                    at(b, rows[r], b.add(k0, b.index(c))));
          });
      }
      Value mine = pivotRow[0];
      for (int64_t t = 1; t < NB; ++t)
        mine = b.select(b.cmp(P::eq, lane, b.index(t)), pivotRow[t], mine);
      b.ifThen(b.cmp(P::ult, lane, b.index(NB)),
              [&](KernelBuilder &b) {
        storeInt(b, mine,
                 b.add(b.add(b.mul(parity, b.index(NB)), lane),
                     b.index(pivotRowsAt)));
      });
      Value listBase = b.add(b.mul(parity, b.index(listSize)), b.index(listAt));
      Value firstI32 = b.toI32(b.add(k0, steps));
      Value lanesBelow = b.sub(b.shl(b.i32(1), laneI32), b.i32(1));
      Value count = b.i32(0);
      for (int64_t r = 0; r < rowSlots; ++r) {
        Value unused = b.cmp(P::sge, position[r], firstI32);
        Value unusedLanes = b.ballot(unused);
        Value slotIndex = b.add(count,
            math::CtPopOp::create(b, b.bitAnd(unusedLanes,
                                                           lanesBelow)));
        b.ifThen(unused, [&](KernelBuilder &b) {
          storeInt(b, b.toI32(rows[r]), b.add(listBase, b.toIndex(slotIndex)));
        });
        count = b.add(count, math::CtPopOp::create(b, unusedLanes));
      }
      b.syncWarp();
      Value padding = b.bitAnd(b.sub(b.i32(0), count), b.i32(3));
      b.ifThen(b.both(b.cmp(P::sgt, count, b.i32(0)),
                   b.cmp(P::slt, laneI32, padding)),
              [&](KernelBuilder &b) {
        Value end = b.add(listBase, b.toIndex(count));
        storeInt(b, loadInt(b, b.sub(end, b.index(1))),
                 b.add(end, lane));
      });
      Value metaBase = b.add(b.mul(parity, b.index(2)), b.index(metaAt));
      storeInt(b, count, metaBase);
      storeInt(b, zeroBits, b.add(metaBase, b.index(1)));
      b.barrier();

      // Look-ahead: the next panel's columns, with this panel applied.
      SmallVector<Value> nextQ = b.ifThenElse(b.cmp(P::ult, b.add(panel, b.index(1)), panels),
          [&](KernelBuilder &b) {
            Value n0 = b.add(k0, b.index(NB));
            SmallVector<Value> next = loadPanel(
                b, n0,
                b.minU(b.sub(k, n0),
                                       b.index(NB)));
            // The panel's U block over these columns (its pivot rows), by
            // forward substitution from shared memory, in every lane: all
            // NB columns' NB * (NB - 1) / 2 multiply-adds each instead of
            // one column's, but no hand-over from the lanes that computed
            // them (a store, a warp sync and loads on the panel warp's
            // chain). Columns past the matrix read its last one; their
            // results are never stored.
            SmallVector<Value> cols;
            for (int64_t j = 0; j < NB; ++j)
              cols.push_back(b.minU(b.add(n0, b.index(j)),
                  b.sub(n, b.index(1))));
            auto uAt = [](int64_t t, int64_t j) { return t * NB + j; };
            SmallVector<Value> u(NB * NB);
            for (int64_t t = 0; t < NB; ++t) {
              Value pivotRowIndex = b.toIndex(pivotRow[t]);
              Value live = b.cmp(P::ult, b.index(t), steps);
              SmallVector<Value> negL;
              for (int64_t s = 0; s < t; ++s)
                negL.push_back(arith::NegFOp::create(
                    b, loadA(b, pivotRowIndex, b.add(k0, b.index(s)))));
              for (int64_t j = 0; j < NB; ++j) {
                Value v = b.select(live, loadA(b, pivotRowIndex, cols[j]),
                                 zeroValue);
                for (int64_t s = 0; s < t; ++s)
                  v = b.select(bit(b, zeroBits, s), v,
                             fma(b, negL[s], u[uAt(s, j)], v));
                u[uAt(t, j)] = v;
              }
            }
            // Whether the U block is finite (the same in every lane): then
            // the rows that do not update take a zero multiplier rather
            // than a select an entry.
            Value uFinite = b.boolean(true);
            for (Value v : u)
              uFinite = b.both(uFinite, isFiniteValue(b, v));
            // Every row slot: step t applies to the rows below it (a later
            // position), independent chains of fused multiply-adds.
            auto update = [&](KernelBuilder &b,
                              bool uIsFinite) -> SmallVector<Value> {
              SmallVector<Value> updated(next);
              for (int64_t t = 0; t < NB; ++t) {
                Value live = b.both(b.cmp(P::ult, b.index(t), steps),
                                  b.negate(bit(b, zeroBits, t)));
                for (int64_t r = 0; r < rowSlots; ++r) {
                  Value updates = b.both(live,
                      b.cmp(P::sgt, position[r], b.add(k0I32, b.i32(t))));
                  for (int64_t j = 0; j < NB; ++j)
                    updated[qAt(r, j)] =
                        subtractMultiple(b, updates, q[qAt(r, t)], u[uAt(t, j)],
                                         updated[qAt(r, j)], uIsFinite);
                }
              }
              return updated;
            };
            next = b.ifThenElse(uFinite,
                [&](KernelBuilder &b) { return update(b, true); },
                [&](KernelBuilder &b) { return update(b, false); });
            return next;
          },
          [&](KernelBuilder &) { return SmallVector<Value>(q); });
      SmallVector<Value> yielded(nextQ);
      yielded.append(position.begin(), position.end());
      yielded.push_back(firstZero);
      scf::YieldOp::create(b, yielded);
    });
    // The row at each position (the permutation) and info.
    for (int64_t r = 0; r < rowSlots; ++r) {
      Value position = panelLoop.getResult(positionAt + r);
      b.ifThen(b.cmp(P::sge, position, b.i32(0)),
              [&](KernelBuilder &b) {
        storeInt(b, b.toI32(rows[r]),
                 b.add(b.toIndex(position), b.index(orderAt)));
      });
    }
    b.store(b.extendSigned(panelLoop.getResult(firstZeroAt), intType),
                            info, matrix);
  };

  // The trailing warps (1..W-1): after panel p's barrier, its update of the
  // columns past panel p + 1 (the panel warp takes p + 1's): the panel's U
  // rows there by forward substitution (each warp all of them; the first
  // stores them once every warp has read the pivot rows), then the rank-NB
  // update of the unused rows, their groups of four shared round-robin,
  // the next group's data loaded while the current one computes.
  auto buildTrailingWarps = [&](KernelBuilder &b, Value matrix) {
    Value trailingWarp = b.sub(warp, b.index(1));
    b.forLoop(b.index(0), panels, b.index(1),
              [&](KernelBuilder &b, Value panel) {
      b.barrier();
      Value k0 = b.mul(panel, b.index(NB));
      Value steps = b.minU(b.sub(k, k0),
                                           b.index(NB));
      Value parity = b.bitAnd(panel, b.index(1));
      // Past the next panel: what the panel warp's look-ahead leaves (it
      // takes the next panel's columns below K; past K, as in a wide
      // matrix, the columns are all the trailing warps').
      Value first = b.minU(b.add(k0, b.index(2 * NB)), k);
      b.ifThen(b.cmp(P::ult, first, n), [&](KernelBuilder &b) {
        SmallVector<Value> pivotRow;
        for (int64_t t = 0; t < NB; ++t)
          pivotRow.push_back(b.toIndex(loadInt(b, b.add(b.mul(parity, b.index(NB)),
                                b.index(pivotRowsAt + t)))));
        Value metaBase = b.add(b.mul(parity, b.index(2)), b.index(metaAt));
        Value groups = b.ceilDivU(b.toIndex(loadInt(b, metaBase)), b.index(4));
        Value zeroBits = loadInt(b, b.add(metaBase, b.index(1)));
        Value listBase =
            b.add(b.mul(parity, b.index(listSize)), b.index(listAt));

        auto share = [&](KernelBuilder &b, int64_t slots) {
          SmallVector<Value> col, valid;
          for (int64_t s = 0; s < slots; ++s) {
            Value j = b.add(first, b.add(lane, b.index(32 * s)));
            valid.push_back(b.cmp(P::ult, j, n));
            col.push_back(b.select(valid[s], j, first));
          }
          auto xAt = [&](int64_t t, int64_t s) { return t * slots + s; };
          // Zero steps' multipliers must not apply (a branch, not a select
          // an element, on panels without them).
          auto substitute = [&](KernelBuilder &b,
                                bool skipZeroSteps) -> SmallVector<Value> {
            SmallVector<Value> x(NB * slots);
            for (int64_t t = 0; t < NB; ++t) {
              Value live = b.cmp(P::ult, b.index(t), steps);
              Value panelStart = b.add(b.mul(pivotRow[t], stride), k0);
              SmallVector<Value> l11;
              for (int64_t s = 0; s < t; ++s)
                l11.push_back(arith::NegFOp::create(
                    b, b.load(a,
                                              b.add(panelStart, b.index(s)))));
              for (int64_t s = 0; s < slots; ++s) {
                Value v =
                    b.select(live, loadA(b, pivotRow[t], col[s]), zeroValue);
                for (int64_t p = 0; p < t; ++p) {
                  Value updated = fma(b, l11[p], x[xAt(p, s)], v);
                  v = skipZeroSteps
                          ? b.select(bit(b, zeroBits, p), v, updated)
                          : updated;
                }
                x[xAt(t, s)] = v;
              }
            }
            return x;
          };
          SmallVector<Value> x = b.ifThenElse(b.cmp(P::eq, zeroBits, b.i32(0)),
              [&](KernelBuilder &b) { return substitute(b, false); },
              [&](KernelBuilder &b) { return substitute(b, true); });
          if (TW > 1)
            NVVM::BarrierOp::create(b, TypeRange(), b.i32(1),
                                    b.i32(32 * TW), {}, Value());
          b.ifThen(b.cmp(P::eq, trailingWarp, b.index(0)),
                  [&](KernelBuilder &b) {
            for (int64_t t = 0; t < NB; ++t)
              for (int64_t s = 0; s < slots; ++s)
                b.ifThen(b.both(b.cmp(P::ult, b.index(t), steps), valid[s]),
                        [&](KernelBuilder &b) {
                  b.store(x[xAt(t, s)], a,
                                          at(b, pivotRow[t], col[s]));
                });
          });
          // Zero steps neither scale nor update: their U rows drop out.
          for (int64_t t = 0; t < NB; ++t) {
            Value applies = b.both(b.cmp(P::ult, b.index(t), steps),
                                 b.negate(bit(b, zeroBits, t)));
            for (int64_t s = 0; s < slots; ++s)
              x[xAt(t, s)] = b.select(applies, x[xAt(t, s)], zeroValue);
          }
          // A group's rows, then their multipliers and entries.
          // (Addresses as a row's base plus constants, which become the
          // loads' immediate offsets.)
          auto loadGroup = [&](KernelBuilder &b,
                               Value group) -> SmallVector<Value> {
            SmallVector<Value> data, rowStart;
            Value base = b.add(listBase, b.mul(group, b.index(4)));
            for (int64_t i = 0; i < 4; ++i) {
              data.push_back(b.toIndex(loadInt(b, b.add(base, b.index(i)))));
              rowStart.push_back(b.mul(data[i], stride));
            }
            for (int64_t i = 0; i < 4; ++i) {
              Value panelStart = b.add(rowStart[i], k0);
              for (int64_t t = 0; t < NB; ++t)
                data.push_back(b.load(a, b.add(panelStart, b.index(t))));
            }
            for (int64_t i = 0; i < 4; ++i)
              for (int64_t s = 0; s < slots; ++s)
                data.push_back(
                    b.load(a, b.add(rowStart[i], col[s])));
            return data;
          };
          b.ifThen(b.cmp(P::ult, trailingWarp, groups),
                  [&](KernelBuilder &b) {
            Value lastGroup = b.sub(groups, b.index(1));
            scf::ForOp::create(
                b, trailingWarp, groups, b.index(TW), loadGroup(b, trailingWarp),
                [&](OpBuilder &nested, Location loc, Value group,
                    ValueRange current) {
              KernelBuilder b(loc, nested);
              SmallVector<Value> next = loadGroup(
                  b, b.minU(b.add(group, b.index(TW)),
                                            lastGroup));
              for (int64_t i = 0; i < 4; ++i)
                for (int64_t s = 0; s < slots; ++s) {
                  Value acc = current[4 + 4 * NB + i * slots + s];
                  for (int64_t t = 0; t < NB; ++t)
                    acc = fma(b, arith::NegFOp::create(b, current[4 + i * NB + t]),
                              x[xAt(t, s)], acc);
                  b.ifThen(valid[s], [&](KernelBuilder &b) {
                    b.store(acc, a, at(b, current[i], col[s]));
                  });
                }
              scf::YieldOp::create(b, next);
            });
          });
        };
        // As many column slots as the columns past the next panel need.
        Value slotsNeeded = b.ceilDivU(b.sub(n, first), b.index(32));
        std::function<void(KernelBuilder &, int64_t)> dispatch =
            [&](KernelBuilder &b, int64_t slots) {
              if (slots == columnSlots)
                return share(b, slots);
              scf::IfOp::create(
                  b, b.cmp(P::ule, slotsNeeded, b.index(slots)),
                  [&](OpBuilder &nested, Location loc) {
                    KernelBuilder nb(loc, nested);
                    share(nb, slots);
                    scf::YieldOp::create(nb);
                  },
                  [&](OpBuilder &nested, Location loc) {
                    KernelBuilder nb(loc, nested);
                    dispatch(nb, slots + 1);
                    scf::YieldOp::create(nb);
                  });
            };
        dispatch(b, 1);
      });
    });
  };

  // The matrix's rows a warp each and its columns a lane each (row warp +
  // kWarps * i, column lane + 32 * s) for the copies in and out. Unrolled
  // to the shape's bound, they are loads and stores at constant offsets
  // from a thread's first address, with no loop counters (as two 64-bit
  // loops they took ~70 instructions a row; 28.5 -> 27.0 us for (75,75)
  // f64). Guarded where the bound can pass the matrix. A size bucket's
  // kernel keeps the loop over rows: unrolled and guarded to the bound, its
  // larger code was slower (38.9 -> 41.3 us, run 16).
  auto forEachSlot = [&](KernelBuilder &b, Value first, int64_t step,
                         int64_t bound, Value size,
                         function_ref<void(KernelBuilder &, Value)> body) {
    for (int64_t offset = 0; offset < bound; offset += step) {
      Value at = b.add(first, b.index(offset));
      if (shape.exact && offset + step <= bound)
        body(b, at);
      else
        b.ifThen(b.cmp(P::ult, at, size),
                [&](KernelBuilder &b) { body(b, at); });
    }
  };
  auto forEachRow = [&](KernelBuilder &b,
                        function_ref<void(KernelBuilder &, Value)> body) {
    if (shape.exact)
      return forEachSlot(b, warp, PanelLuShape::kWarps, shape.rows, m, body);
    b.forLoop(warp, m, b.index(PanelLuShape::kWarps), body);
  };
  auto forEachColumn = [&](KernelBuilder &b,
                           function_ref<void(KernelBuilder &, Value)> body) {
    forEachSlot(b, lane, 32, shape.cols, n, body);
  };

  b.forLoop(blockId, batch, gridDim, [&](KernelBuilder &b,
                                            Value matrix) {
    // The previous matrix's readers are done with shared memory.
    b.barrier();
    // In: a warp a row at a time, consecutive lanes on consecutive columns
    // (coalesced; no division by the run-time width), copied asynchronously
    // (no registers, all in flight).
    forEachRow(b, [&](KernelBuilder &b, Value row) {
      Value rowStart = b.mul(row, stride);
      forEachColumn(b, [&](KernelBuilder &b, Value col) {
        nvgpu::DeviceAsyncCopyOp::create(
            b, nvgpu::DeviceAsyncTokenType::get(b.getContext()), a,
            ValueRange{b.add(rowStart, col)}, input, ValueRange{matrix, row, col},
            b.getIndexAttr(1), /*srcElements=*/Value(), /*bypassL1=*/UnitAttr());
      });
    });
    NVVM::CpAsyncCommitGroupOp::create(b);
    NVVM::CpAsyncWaitGroupOp::create(b, 0);
    b.barrier();

    Value isPanelWarp = b.cmp(P::eq, warp, b.index(0));
    scf::IfOp::create(
        b, isPanelWarp,
        [&](OpBuilder &nested, Location loc) {
          KernelBuilder b(loc, nested);
          buildPanelWarp(b, matrix);
          scf::YieldOp::create(b);
        },
        [&](OpBuilder &nested, Location loc) {
          KernelBuilder b(loc, nested);
          buildTrailingWarps(b, matrix);
          scf::YieldOp::create(b);
        });
    b.barrier();
    // Out: row q of lu is row order[q], a warp a row; the permutation is
    // the row order.
    forEachRow(b, [&](KernelBuilder &b, Value q) {
      Value row = loadInt(b, b.add(q, b.index(orderAt)));
      Value rowStart = b.mul(b.toIndex(row), stride);
      forEachColumn(b, [&](KernelBuilder &b, Value col) {
        b.store(b.load(a, b.add(rowStart, col)), lu,
            ValueRange{matrix, q, col});
      });
      if (permutation)
        b.ifThen(b.cmp(P::eq, lane, b.index(0)), [&](KernelBuilder &b) {
          b.store(b.extendSigned(row, intType), permutation,
                                  ValueRange{matrix, q});
        });
    });
  });
}

void launchPanelLu(ImplicitLocOpBuilder &b, DeviceWork &work,
                   const LuOperands &lu, PanelLuShape shape) {
  Value batch = memref::DimOp::create(b, lu.lu(), 0);
  Value one = arith::ConstantIndexOp::create(b, 1);
  Value warpSize = arith::ConstantIndexOp::create(b, 32);
  int32_t warps = static_cast<int32_t>(PanelLuShape::kWarps);
  // A static shape's kernel is its own; dynamic shapes share the size
  // bucket's (`upto`).
  gpu::GPUFuncOp kernel = getOrCreateKernel(
      lu.module,
      "linalgx_lu_panel" + std::string(shape.exact ? "" : "_upto") +
          std::to_string(shape.rows) + "x" + std::to_string(shape.cols) + "_" +
          lu.kernelSuffix(),
      TypeRange(ValueRange(lu.values)), {32, warps, 1},
      /*workgroupTypes=*/{},
      [&](KernelBuilder &kb, ValueRange args, ValueRange) {
        buildPanelLuKernelBody(kb, args, lu.elementType, lu.intType,
                               lu.withPermutation, shape);
      });
  // One block a matrix in small batches: without saying so, ptxas sizes
  // registers for several 128-thread blocks an SM and spills.
  kernel->setAttr(NVVM::NVVMDialect::getMinctasmAttrName(),
                  b.getI32IntegerAttr(1));
  Value warpCount = arith::ConstantIndexOp::create(b, warps);
  work.launch(kernel, {gridSizeFor(b, batch, 1), one, one},
              {warpSize, warpCount, one}, lu.values,
              arith::ConstantIndexOp::create(
                  b, shape.sharedBytes(elementByteSize(lu.elementType))));
}

} // namespace mlir::linalgx::gpu_kernels
