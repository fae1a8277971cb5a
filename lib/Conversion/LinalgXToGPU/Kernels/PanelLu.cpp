//===- PanelLu.cpp - the look-ahead panel LU kernel -------------*- C++ -*-===//
//
// One matrix a block in shared memory: warp 0 factors 4-column panels in its
// registers one panel ahead of the warps that update the rest. (PanelLu.h).
//
//===----------------------------------------------------------------------===//

#include "PanelLu.h"
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
Value magnitudeHighWord(ImplicitLocOpBuilder &b, Value x) {
  Type i32 = b.getI32Type();
  Value bits;
  if (x.getType().isF64()) {
    Value wide = arith::BitcastOp::create(b, b.getI64Type(), x);
    bits = arith::TruncIOp::create(
        b, i32,
        arith::ShRUIOp::create(b, wide,
                               arith::ConstantIntOp::create(b, b.getI64Type(),
                                                            32)));
  } else {
    bits = arith::BitcastOp::create(b, i32, x);
  }
  return arith::AndIOp::create(
      b, bits, arith::ConstantIntOp::create(b, i32, 0x7fffffff));
}

/// Whether the real value x is finite: its magnitude's high word below
/// the infinities'.
Value isFiniteValue(ImplicitLocOpBuilder &b, Value x) {
  int64_t infinityHigh = x.getType().isF64() ? 0x7ff00000 : 0x7f800000;
  return arith::CmpIOp::create(
      b, arith::CmpIPredicate::ult, magnitudeHighWord(b, x),
      arith::ConstantIntOp::create(b, b.getI32Type(), infinityHigh));
}

/// 1 / x for a pivot whose high word lies in [kPanelLuNormalHigh,
/// kPanelLuReciprocalHigh): the hardware approximation refined by Newton
/// steps (within an ulp), without rcp.rn's slow-path branch, which would
/// end the basic block ptxas schedules the step's chain in.
Value fastReciprocal(ImplicitLocOpBuilder &b, Value x) {
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
Value pinValue(ImplicitLocOpBuilder &b, Value value) {
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

void buildPanelLuKernelBody(ImplicitLocOpBuilder &b, ValueRange args,
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
  Type i32 = b.getI32Type(), i1 = b.getI1Type(), indexType = b.getIndexType();
  Type keyType = b.getIntegerType(elementType.getIntOrFloatBitWidth());
  using P = arith::CmpIPredicate;
  auto index = [](ImplicitLocOpBuilder &b, int64_t v) -> Value {
    return arith::ConstantIndexOp::create(b, v);
  };
  auto int32 = [&](ImplicitLocOpBuilder &b, int64_t v) -> Value {
    return arith::ConstantIntOp::create(b, i32, v);
  };
  auto negate = [&](ImplicitLocOpBuilder &b, Value x) -> Value {
    return arith::XOrIOp::create(b, x, arith::ConstantIntOp::create(b, i1, 1));
  };
  auto toI32 = [&](ImplicitLocOpBuilder &b, Value v) -> Value {
    return arith::IndexCastOp::create(b, i32, v);
  };
  auto toIndex = [&](ImplicitLocOpBuilder &b, Value v) -> Value {
    return arith::IndexCastOp::create(b, indexType, v);
  };
  auto toIntType = [&](ImplicitLocOpBuilder &b, Value v) -> Value {
    return intType.isInteger(32) ? v : arith::ExtSIOp::create(b, intType, v);
  };
  auto fma = [](ImplicitLocOpBuilder &b, Value negLhs, Value rhs,
                Value acc) -> Value {
    return math::FmaOp::create(b, negLhs, rhs, acc);
  };
  auto bit = [&](ImplicitLocOpBuilder &b, Value bits, int64_t i) -> Value {
    return cmp(b, P::ne, arith::AndIOp::create(b, bits, int32(b, 1 << i)),
               int32(b, 0));
  };
  auto reduce = [&](ImplicitLocOpBuilder &b, NVVM::ReduxKind kind,
                    Value v) -> Value {
    return NVVM::ReduxOp::create(b, i32, v, kind, int32(b, -1));
  };
  auto ballot = [&](ImplicitLocOpBuilder &b, Value condition) -> Value {
    return NVVM::VoteSyncOp::create(b, i32, int32(b, -1), condition,
                                    NVVM::VoteSyncKind::ballot);
  };
  auto shuffle = [](ImplicitLocOpBuilder &b, Value v, Value lane) -> Value {
    return shuffleValue(b, v, lane, gpu::ShuffleMode::IDX);
  };
  auto syncWarp = [&](ImplicitLocOpBuilder &b) {
    NVVM::SyncWarpOp::create(b, int32(b, -1));
  };
  Value zeroValue = arith::ConstantOp::create(b, b.getZeroAttr(elementType));
  // acc - l * u where `applies`, acc elsewhere (an elimination's entry).
  // With u known finite a zero multiplier does it without a select an
  // entry (exact up to the sign of a zero entry; 0 * Inf would be NaN),
  // else a select. The negation goes on u, not on the selected multiplier:
  // LLVM would push it into the select, and ptxas computes it there by a
  // DADD.
  auto subtractMultiple = [&](ImplicitLocOpBuilder &b, Value applies, Value l,
                              Value u, Value acc, bool uFinite) -> Value {
    if (uFinite)
      return fma(b, select(b, applies, l, zeroValue),
                 arith::NegFOp::create(b, u), acc);
    return select(b, applies, fma(b, arith::NegFOp::create(b, l), u, acc), acc);
  };
  // High words of |pivot| between which fastReciprocal holds: the smallest
  // normal number and 2^(emax - 2), whose reciprocal is normal.
  const bool isF64 = elementType.isF64();
  const int64_t normalHigh = isF64 ? 0x00100000 : 0x00800000;
  const int64_t reciprocalHigh = isF64 ? 0x7fd00000 : 0x7e800000;

  Value batch = memref::DimOp::create(b, lu, 0);
  Value m = memref::DimOp::create(b, lu, 1);
  Value n = memref::DimOp::create(b, lu, 2);
  Value k = arith::MinUIOp::create(b, m, n);
  Value panels = arith::CeilDivUIOp::create(b, k, index(b, NB));
  Value stride = index(b, shape.rowStride());
  Value lane = gpu::ThreadIdOp::create(b, gpu::Dimension::x);
  Value laneI32 = toI32(b, lane);
  Value warp = gpu::ThreadIdOp::create(b, gpu::Dimension::y);
  Value blockId = gpu::BlockIdOp::create(b, gpu::Dimension::x);
  Value gridDim = gpu::GridDimOp::create(b, gpu::Dimension::x);

  // Dynamic shared memory (PanelLuShape::sharedBytes): the matrix at the
  // odd row stride of the size bound, then i32: the row at each position,
  // and by panel parity the list of unused rows, the pivot rows and (count,
  // zero steps).
  Value shared = gpu::DynamicSharedMemoryOp::create(
      b, workgroupMemRef({ShapedType::kDynamic}, b.getI8Type()));
  int64_t elementBytes = elementByteSize(elementType);
  Value matrixBytes = index(b, shape.matrixBytes(elementBytes));
  Value a = memref::ViewOp::create(
      b, workgroupMemRef({shape.rows * shape.rowStride()}, elementType), shared,
      index(b, 0), ValueRange());
  Value ints = memref::ViewOp::create(
      b, workgroupMemRef({PanelLuShape::intCount(shape.rows)}, i32), shared,
      matrixBytes, ValueRange());
  const int64_t orderAt = 0, listAt = listSize, pivotRowsAt = 3 * listSize,
                metaAt = 3 * listSize + 2 * NB;
  auto at = [&](ImplicitLocOpBuilder &b, Value row, Value col) -> Value {
    return add(b, mul(b, row, stride), col);
  };
  auto loadA = [&](ImplicitLocOpBuilder &b, Value row, Value col) -> Value {
    return memref::LoadOp::create(b, a, at(b, row, col));
  };
  auto loadInt = [&](ImplicitLocOpBuilder &b, Value offset) -> Value {
    return memref::LoadOp::create(b, ints, offset);
  };
  auto storeInt = [&](ImplicitLocOpBuilder &b, Value v, Value offset) {
    memref::StoreOp::create(b, v, ints, offset);
  };
  SmallVector<Value> rows;
  for (int64_t r = 0; r < rowSlots; ++r)
    rows.push_back(add(b, lane, index(b, 32 * r)));

  // The thread's panel registers: q[r * NB + c] = row slot r, column c.
  auto qAt = [](int64_t r, int64_t c) { return r * NB + c; };
  // Columns [col0, col0 + width) of the lane's rows from shared memory
  // (zeros outside the matrix or past `width`).
  auto loadPanel = [&](ImplicitLocOpBuilder &b, Value col0,
                       Value width) -> SmallVector<Value> {
    SmallVector<Value> panel;
    for (int64_t r = 0; r < rowSlots; ++r) {
      Value rowValid = cmp(b, P::ult, rows[r], m);
      Value row = select(b, rowValid, rows[r], index(b, 0));
      for (int64_t c = 0; c < NB; ++c) {
        Value valid = both(b, rowValid, cmp(b, P::ult, index(b, c), width));
        Value col = select(b, valid, add(b, col0, index(b, c)), index(b, 0));
        panel.push_back(select(b, valid, loadA(b, row, col), zeroValue));
      }
    }
    return panel;
  };

  // The panel warp (warp 0): factors the panels in registers, publishes
  // each (its columns in shared memory; pivot rows, zero steps and the
  // unused rows by parity), meets the others at the panel's barrier, then
  // applies the panel to the next one itself (look-ahead) and goes on.
  auto buildPanelWarp = [&](ImplicitLocOpBuilder &b, Value matrix) {
    const int64_t positionAt = rowSlots * NB, firstZeroAt = positionAt + rowSlots;
    SmallVector<Value> init =
        loadPanel(b, index(b, 0), arith::MinUIOp::create(b, k, index(b, NB)));
    for (int64_t r = 0; r < rowSlots; ++r)
      init.push_back(select(b, cmp(b, P::ult, rows[r], m), toI32(b, rows[r]),
                            int32(b, -1)));
    init.push_back(int32(b, 0));
    auto panelLoop = scf::ForOp::create(
        b, index(b, 0), panels, index(b, 1), init,
        [&](OpBuilder &nested, Location loc, Value panel, ValueRange iter) {
      ImplicitLocOpBuilder b(loc, nested);
      SmallVector<Value> q(iter.begin(), iter.begin() + positionAt);
      SmallVector<Value> position(iter.begin() + positionAt,
                                  iter.begin() + firstZeroAt);
      Value firstZero = iter[firstZeroAt];
      Value k0 = mul(b, panel, index(b, NB));
      Value k0I32 = toI32(b, k0);
      Value steps = arith::MinUIOp::create(b, arith::SubIOp::create(b, k, k0),
                                           index(b, NB));
      Value parity = arith::AndIOp::create(b, panel, index(b, 1));
      Value zeroBits = int32(b, 0);
      SmallVector<Value> pivotRow(NB, int32(b, 0));

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
        auto step = [&](ImplicitLocOpBuilder &b) -> SmallVector<Value> {
          Value kStep = add(b, k0I32, int32(b, c));
          // The lane's candidate first: the largest high word among its
          // open rows, that row's slot, value, position, reciprocal and
          // later panel entries. Only shuffles from the winner follow the
          // reduction on the fast path.
          SmallVector<Value> open, high;
          Value laneMax;
          for (int64_t r = 0; r < rowSlots; ++r) {
            open.push_back(cmp(b, P::sge, position[r], kStep));
            high.push_back(select(b, open[r],
                                  magnitudeHighWord(b, q[qAt(r, c)]),
                                  int32(b, 0)));
            laneMax = r ? arith::MaxUIOp::create(b, laneMax, high[r]).getResult()
                        : high[r];
          }
          // The reduction first in program order: a warp-synchronous
          // instruction begins a basic block for ptxas (its convergence
          // check), so what precedes it in the PTX is issued before it. The
          // candidate's selects and its reciprocal's Newton chain go after,
          // where they run while the reduction is in flight.
          Value top = reduce(b, NVVM::ReduxKind::UMAX, laneMax);
          Value mySlot = int32(b, 0), holding = int32(b, 0);
          for (int64_t r = rowSlots - 1; r >= 0; --r) {
            Value holds = both(b, open[r], cmp(b, P::eq, high[r], laneMax));
            mySlot = select(b, holds, int32(b, r), mySlot);
            holding = add(b, holding, arith::ExtUIOp::create(b, i32, holds));
          }
          Value cand = q[qAt(0, c)], candPos = position[0];
          SmallVector<Value> candRow(NB);
          for (int64_t j = c + 1; j < NB; ++j)
            candRow[j] = q[qAt(0, j)];
          for (int64_t r = 1; r < rowSlots; ++r) {
            Value isSlot = cmp(b, P::eq, mySlot, int32(b, r));
            cand = select(b, isSlot, q[qAt(r, c)], cand);
            candPos = select(b, isSlot, position[r], candPos);
            for (int64_t j = c + 1; j < NB; ++j)
              candRow[j] = select(b, isSlot, q[qAt(r, j)], candRow[j]);
          }
          // The fast path also asks for the winner's later panel entries to
          // be finite: its rows that do not update then take a zero
          // multiplier instead of a select an entry (0 * Inf would be NaN).
          Value rowFinite = arith::ConstantIntOp::create(b, i1, 1);
          for (int64_t j = c + 1; j < NB; ++j)
            rowFinite = both(b, rowFinite, isFiniteValue(b, candRow[j]));
          Value isTop = cmp(b, P::eq, laneMax, top);
          Value holders = ballot(b, isTop);
          Value irregular = ballot(
              b, both(b, isTop,
                      arith::OrIOp::create(
                          b, cmp(b, P::ugt, holding, int32(b, 1)),
                          negate(b, rowFinite))));
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
          auto finish = [&](ImplicitLocOpBuilder &b, Value from,
                            Value pivotSlot, Value pivot, Value pivotPos,
                            Value inverse, ArrayRef<Value> u,
                            bool slow) -> SmallVector<Value> {
            Value pivotRowOfStep = add(b, from, mul(b, pivotSlot, int32(b, 32)));
            Value isFrom = cmp(b, P::eq, laneI32, from);
            SmallVector<Value> here, newPosition;
            for (int64_t r = 0; r < rowSlots; ++r) {
              here.push_back(
                  both(b, isFrom, cmp(b, P::eq, pivotSlot, int32(b, r))));
              newPosition.push_back(select(
                  b, here[r], kStep,
                  select(b, cmp(b, P::eq, position[r], kStep), pivotPos,
                         position[r])));
            }
            // Every lane stores the same value to the same address: no
            // branch on the chain.
            memref::StoreOp::create(b, toIntType(b, pivotPos), pivots,
                                    ValueRange{matrix, toIndex(b, kStep)});
            auto eliminate = [&](ImplicitLocOpBuilder &b,
                                 bool divide) -> SmallVector<Value> {
              SmallVector<Value> next(q);
              for (int64_t r = 0; r < rowSlots; ++r) {
                Value below = both(b, open[r], negate(b, here[r]));
                Value value = q[qAt(r, c)];
                Value l = divide ? element.div(b, value, pivot)
                                 : element.mul(b, value, inverse);
                next[qAt(r, c)] = select(b, below, l, value);
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
            return buildIfElse(
                b, element.isZero(b, pivot),
                [&](ImplicitLocOpBuilder &b) {
                  // A zero pivot neither scales nor updates; info is the
                  // first one's step + 1.
                  Value noneYet = cmp(b, P::eq, firstZero, int32(b, 0));
                  return pack(q, newPosition,
                              select(b, noneYet, add(b, kStep, int32(b, 1)),
                                     firstZero),
                              arith::OrIOp::create(b, zeroBits,
                                                   int32(b, 1 << c)),
                              pivotRowOfStep);
                },
                [&](ImplicitLocOpBuilder &b) {
                  Value magnitude = magnitudeHighWord(b, pivot);
                  Value multiplies = both(
                      b, cmp(b, P::uge, magnitude, int32(b, normalHigh)),
                      cmp(b, P::ult, magnitude, int32(b, reciprocalHigh)));
                  return buildIfElse(
                      b, multiplies,
                      [&](ImplicitLocOpBuilder &b) { return eliminate(b, false); },
                      [&](ImplicitLocOpBuilder &b) { return eliminate(b, true); });
                });
          };

          Value fast = both(
              b,
              both(b,
                   cmp(b, P::eq, math::CtPopOp::create(b, holders), int32(b, 1)),
                   cmp(b, P::eq, irregular, int32(b, 0))),
              both(b, cmp(b, P::uge, top, int32(b, normalHigh)),
                   cmp(b, P::ult, top, int32(b, reciprocalHigh))));
          return buildIfElse(
              b, fast,
              [&](ImplicitLocOpBuilder &b) {
                Value from = math::CountTrailingZerosOp::create(b, holders);
                SmallVector<Value> u(NB);
                for (int64_t j = c + 1; j < NB; ++j)
                  u[j] = shuffle(b, candRow[j], from);
                return finish(b, from, shuffle(b, mySlot, from),
                              shuffle(b, cand, from), shuffle(b, candPos, from),
                              shuffle(b, candInverse, from), u, /*slow=*/false);
              },
              [&](ImplicitLocOpBuilder &b) {
                // Ties, zeros, NaN, Inf, extreme pivots: the full 64-bit
                // keys (pivotKey's NaN rules), then the first position
                // holding the largest.
                Value bestKey = arith::ConstantIntOp::create(b, keyType, 0);
                Value bestPos = int32(b, 1 << 30), bestSlot = int32(b, 0);
                for (int64_t r = 0; r < rowSlots; ++r) {
                  Value key = select(
                      b, open[r],
                      pivotKey(b, element, q[qAt(r, c)],
                               cmp(b, P::eq, position[r], kStep), elementType),
                      arith::ConstantIntOp::create(b, keyType, 0));
                  Value take = both(
                      b, open[r],
                      arith::OrIOp::create(
                          b, cmp(b, P::ugt, key, bestKey),
                          both(b, cmp(b, P::eq, key, bestKey),
                               cmp(b, P::slt, position[r], bestPos))));
                  bestKey = select(b, take, key, bestKey);
                  bestPos = select(b, take, position[r], bestPos);
                  bestSlot = select(b, take, int32(b, r), bestSlot);
                }
                Value best = reduceMaxKey(
                    b, bestKey, [&](ImplicitLocOpBuilder &b, Value v) {
                      return reduce(b, NVVM::ReduxKind::UMAX, v);
                    });
                Value tied = cmp(b, P::eq, bestKey, best);
                Value firstPos = reduce(b, NVVM::ReduxKind::UMIN,
                                        select(b, tied, bestPos, int32(b, -1)));
                Value from = math::CountTrailingZerosOp::create(
                    b, ballot(b, both(b, tied, cmp(b, P::eq, bestPos, firstPos))));
                Value pivotSlot = shuffle(b, bestSlot, from);
                auto ofPivotSlot = [&](int64_t j) {
                  Value v = q[qAt(0, j)];
                  for (int64_t r = 1; r < rowSlots; ++r)
                    v = select(b, cmp(b, P::eq, pivotSlot, int32(b, r)),
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
        SmallVector<Value> state = buildIfElse(
            b, cmp(b, P::ult, index(b, c), steps), step,
            [&](ImplicitLocOpBuilder &) {
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
        Value rowValid = cmp(b, P::ult, rows[r], m);
        for (int64_t c = 0; c < NB; ++c)
          buildIf(b, both(b, rowValid, cmp(b, P::ult, index(b, c), steps)),
                  [&](ImplicitLocOpBuilder &b) {
            memref::StoreOp::create(b, q[qAt(r, c)], a,
                                    at(b, rows[r], add(b, k0, index(b, c))));
          });
      }
      Value mine = pivotRow[0];
      for (int64_t t = 1; t < NB; ++t)
        mine = select(b, cmp(b, P::eq, lane, index(b, t)), pivotRow[t], mine);
      buildIf(b, cmp(b, P::ult, lane, index(b, NB)),
              [&](ImplicitLocOpBuilder &b) {
        storeInt(b, mine,
                 add(b, add(b, mul(b, parity, index(b, NB)), lane),
                     index(b, pivotRowsAt)));
      });
      Value listBase = add(b, mul(b, parity, index(b, listSize)), index(b, listAt));
      Value firstI32 = toI32(b, add(b, k0, steps));
      Value lanesBelow = arith::SubIOp::create(
          b, arith::ShLIOp::create(b, int32(b, 1), laneI32), int32(b, 1));
      Value count = int32(b, 0);
      for (int64_t r = 0; r < rowSlots; ++r) {
        Value unused = cmp(b, P::sge, position[r], firstI32);
        Value unusedLanes = ballot(b, unused);
        Value slotIndex = add(
            b, count,
            math::CtPopOp::create(b, arith::AndIOp::create(b, unusedLanes,
                                                           lanesBelow)));
        buildIf(b, unused, [&](ImplicitLocOpBuilder &b) {
          storeInt(b, toI32(b, rows[r]), add(b, listBase, toIndex(b, slotIndex)));
        });
        count = add(b, count, math::CtPopOp::create(b, unusedLanes));
      }
      syncWarp(b);
      Value padding = arith::AndIOp::create(
          b, arith::SubIOp::create(b, int32(b, 0), count), int32(b, 3));
      buildIf(b,
              both(b, cmp(b, P::sgt, count, int32(b, 0)),
                   cmp(b, P::slt, laneI32, padding)),
              [&](ImplicitLocOpBuilder &b) {
        Value end = add(b, listBase, toIndex(b, count));
        storeInt(b, loadInt(b, arith::SubIOp::create(b, end, index(b, 1))),
                 add(b, end, lane));
      });
      Value metaBase = add(b, mul(b, parity, index(b, 2)), index(b, metaAt));
      storeInt(b, count, metaBase);
      storeInt(b, zeroBits, add(b, metaBase, index(b, 1)));
      gpu::BarrierOp::create(b);

      // Look-ahead: the next panel's columns, with this panel applied.
      SmallVector<Value> nextQ = buildIfElse(
          b, cmp(b, P::ult, add(b, panel, index(b, 1)), panels),
          [&](ImplicitLocOpBuilder &b) {
            Value n0 = add(b, k0, index(b, NB));
            SmallVector<Value> next = loadPanel(
                b, n0,
                arith::MinUIOp::create(b, arith::SubIOp::create(b, k, n0),
                                       index(b, NB)));
            // The panel's U block over these columns (its pivot rows), by
            // forward substitution from shared memory, in every lane: all
            // NB columns' NB * (NB - 1) / 2 multiply-adds each instead of
            // one column's, but no hand-over from the lanes that computed
            // them (a store, a warp sync and loads on the panel warp's
            // chain). Columns past the matrix read its last one; their
            // results are never stored.
            SmallVector<Value> cols;
            for (int64_t j = 0; j < NB; ++j)
              cols.push_back(arith::MinUIOp::create(
                  b, add(b, n0, index(b, j)),
                  arith::SubIOp::create(b, n, index(b, 1))));
            auto uAt = [](int64_t t, int64_t j) { return t * NB + j; };
            SmallVector<Value> u(NB * NB);
            for (int64_t t = 0; t < NB; ++t) {
              Value pivotRowIndex = toIndex(b, pivotRow[t]);
              Value live = cmp(b, P::ult, index(b, t), steps);
              SmallVector<Value> negL;
              for (int64_t s = 0; s < t; ++s)
                negL.push_back(arith::NegFOp::create(
                    b, loadA(b, pivotRowIndex, add(b, k0, index(b, s)))));
              for (int64_t j = 0; j < NB; ++j) {
                Value v = select(b, live, loadA(b, pivotRowIndex, cols[j]),
                                 zeroValue);
                for (int64_t s = 0; s < t; ++s)
                  v = select(b, bit(b, zeroBits, s), v,
                             fma(b, negL[s], u[uAt(s, j)], v));
                u[uAt(t, j)] = v;
              }
            }
            // Whether the U block is finite (the same in every lane): then
            // the rows that do not update take a zero multiplier rather
            // than a select an entry.
            Value uFinite = arith::ConstantIntOp::create(b, i1, 1);
            for (Value v : u)
              uFinite = both(b, uFinite, isFiniteValue(b, v));
            // Every row slot: step t applies to the rows below it (a later
            // position), independent chains of fused multiply-adds.
            auto update = [&](ImplicitLocOpBuilder &b,
                              bool uIsFinite) -> SmallVector<Value> {
              SmallVector<Value> updated(next);
              for (int64_t t = 0; t < NB; ++t) {
                Value live = both(b, cmp(b, P::ult, index(b, t), steps),
                                  negate(b, bit(b, zeroBits, t)));
                for (int64_t r = 0; r < rowSlots; ++r) {
                  Value updates = both(
                      b, live,
                      cmp(b, P::sgt, position[r], add(b, k0I32, int32(b, t))));
                  for (int64_t j = 0; j < NB; ++j)
                    updated[qAt(r, j)] =
                        subtractMultiple(b, updates, q[qAt(r, t)], u[uAt(t, j)],
                                         updated[qAt(r, j)], uIsFinite);
                }
              }
              return updated;
            };
            next = buildIfElse(
                b, uFinite,
                [&](ImplicitLocOpBuilder &b) { return update(b, true); },
                [&](ImplicitLocOpBuilder &b) { return update(b, false); });
            return next;
          },
          [&](ImplicitLocOpBuilder &) { return SmallVector<Value>(q); });
      SmallVector<Value> yielded(nextQ);
      yielded.append(position.begin(), position.end());
      yielded.push_back(firstZero);
      scf::YieldOp::create(b, yielded);
    });
    // The row at each position (the permutation) and info.
    for (int64_t r = 0; r < rowSlots; ++r) {
      Value position = panelLoop.getResult(positionAt + r);
      buildIf(b, cmp(b, P::sge, position, int32(b, 0)),
              [&](ImplicitLocOpBuilder &b) {
        storeInt(b, toI32(b, rows[r]),
                 add(b, toIndex(b, position), index(b, orderAt)));
      });
    }
    memref::StoreOp::create(b, toIntType(b, panelLoop.getResult(firstZeroAt)),
                            info, matrix);
  };

  // The trailing warps (1..W-1): after panel p's barrier, its update of the
  // columns past panel p + 1 (the panel warp takes p + 1's): the panel's U
  // rows there by forward substitution (each warp all of them; the first
  // stores them once every warp has read the pivot rows), then the rank-NB
  // update of the unused rows, their groups of four shared round-robin,
  // the next group's data loaded while the current one computes.
  auto buildTrailingWarps = [&](ImplicitLocOpBuilder &b, Value matrix) {
    Value trailingWarp = arith::SubIOp::create(b, warp, index(b, 1));
    buildLoop(b, index(b, 0), panels, index(b, 1),
              [&](ImplicitLocOpBuilder &b, Value panel) {
      gpu::BarrierOp::create(b);
      Value k0 = mul(b, panel, index(b, NB));
      Value steps = arith::MinUIOp::create(b, arith::SubIOp::create(b, k, k0),
                                           index(b, NB));
      Value parity = arith::AndIOp::create(b, panel, index(b, 1));
      // Past the next panel: what the panel warp's look-ahead leaves (it
      // takes the next panel's columns below K; past K, as in a wide
      // matrix, the columns are all the trailing warps').
      Value first = arith::MinUIOp::create(b, add(b, k0, index(b, 2 * NB)), k);
      buildIf(b, cmp(b, P::ult, first, n), [&](ImplicitLocOpBuilder &b) {
        SmallVector<Value> pivotRow;
        for (int64_t t = 0; t < NB; ++t)
          pivotRow.push_back(toIndex(
              b, loadInt(b, add(b, mul(b, parity, index(b, NB)),
                                index(b, pivotRowsAt + t)))));
        Value metaBase = add(b, mul(b, parity, index(b, 2)), index(b, metaAt));
        Value groups = arith::CeilDivUIOp::create(
            b, toIndex(b, loadInt(b, metaBase)), index(b, 4));
        Value zeroBits = loadInt(b, add(b, metaBase, index(b, 1)));
        Value listBase =
            add(b, mul(b, parity, index(b, listSize)), index(b, listAt));

        auto share = [&](ImplicitLocOpBuilder &b, int64_t slots) {
          SmallVector<Value> col, valid;
          for (int64_t s = 0; s < slots; ++s) {
            Value j = add(b, first, add(b, lane, index(b, 32 * s)));
            valid.push_back(cmp(b, P::ult, j, n));
            col.push_back(select(b, valid[s], j, first));
          }
          auto xAt = [&](int64_t t, int64_t s) { return t * slots + s; };
          // Zero steps' multipliers must not apply (a branch, not a select
          // an element, on panels without them).
          auto substitute = [&](ImplicitLocOpBuilder &b,
                                bool skipZeroSteps) -> SmallVector<Value> {
            SmallVector<Value> x(NB * slots);
            for (int64_t t = 0; t < NB; ++t) {
              Value live = cmp(b, P::ult, index(b, t), steps);
              Value panelStart = add(b, mul(b, pivotRow[t], stride), k0);
              SmallVector<Value> l11;
              for (int64_t s = 0; s < t; ++s)
                l11.push_back(arith::NegFOp::create(
                    b, memref::LoadOp::create(b, a,
                                              add(b, panelStart, index(b, s)))));
              for (int64_t s = 0; s < slots; ++s) {
                Value v =
                    select(b, live, loadA(b, pivotRow[t], col[s]), zeroValue);
                for (int64_t p = 0; p < t; ++p) {
                  Value updated = fma(b, l11[p], x[xAt(p, s)], v);
                  v = skipZeroSteps
                          ? select(b, bit(b, zeroBits, p), v, updated)
                          : updated;
                }
                x[xAt(t, s)] = v;
              }
            }
            return x;
          };
          SmallVector<Value> x = buildIfElse(
              b, cmp(b, P::eq, zeroBits, int32(b, 0)),
              [&](ImplicitLocOpBuilder &b) { return substitute(b, false); },
              [&](ImplicitLocOpBuilder &b) { return substitute(b, true); });
          if (TW > 1)
            NVVM::BarrierOp::create(b, TypeRange(), int32(b, 1),
                                    int32(b, 32 * TW), {}, Value());
          buildIf(b, cmp(b, P::eq, trailingWarp, index(b, 0)),
                  [&](ImplicitLocOpBuilder &b) {
            for (int64_t t = 0; t < NB; ++t)
              for (int64_t s = 0; s < slots; ++s)
                buildIf(b, both(b, cmp(b, P::ult, index(b, t), steps), valid[s]),
                        [&](ImplicitLocOpBuilder &b) {
                  memref::StoreOp::create(b, x[xAt(t, s)], a,
                                          at(b, pivotRow[t], col[s]));
                });
          });
          // Zero steps neither scale nor update: their U rows drop out.
          for (int64_t t = 0; t < NB; ++t) {
            Value applies = both(b, cmp(b, P::ult, index(b, t), steps),
                                 negate(b, bit(b, zeroBits, t)));
            for (int64_t s = 0; s < slots; ++s)
              x[xAt(t, s)] = select(b, applies, x[xAt(t, s)], zeroValue);
          }
          // A group's rows, then their multipliers and entries.
          // (Addresses as a row's base plus constants, which become the
          // loads' immediate offsets.)
          auto loadGroup = [&](ImplicitLocOpBuilder &b,
                               Value group) -> SmallVector<Value> {
            SmallVector<Value> data, rowStart;
            Value base = add(b, listBase, mul(b, group, index(b, 4)));
            for (int64_t i = 0; i < 4; ++i) {
              data.push_back(toIndex(b, loadInt(b, add(b, base, index(b, i)))));
              rowStart.push_back(mul(b, data[i], stride));
            }
            for (int64_t i = 0; i < 4; ++i) {
              Value panelStart = add(b, rowStart[i], k0);
              for (int64_t t = 0; t < NB; ++t)
                data.push_back(memref::LoadOp::create(
                    b, a, add(b, panelStart, index(b, t))));
            }
            for (int64_t i = 0; i < 4; ++i)
              for (int64_t s = 0; s < slots; ++s)
                data.push_back(
                    memref::LoadOp::create(b, a, add(b, rowStart[i], col[s])));
            return data;
          };
          buildIf(b, cmp(b, P::ult, trailingWarp, groups),
                  [&](ImplicitLocOpBuilder &b) {
            Value lastGroup = arith::SubIOp::create(b, groups, index(b, 1));
            scf::ForOp::create(
                b, trailingWarp, groups, index(b, TW), loadGroup(b, trailingWarp),
                [&](OpBuilder &nested, Location loc, Value group,
                    ValueRange current) {
              ImplicitLocOpBuilder b(loc, nested);
              SmallVector<Value> next = loadGroup(
                  b, arith::MinUIOp::create(b, add(b, group, index(b, TW)),
                                            lastGroup));
              for (int64_t i = 0; i < 4; ++i)
                for (int64_t s = 0; s < slots; ++s) {
                  Value acc = current[4 + 4 * NB + i * slots + s];
                  for (int64_t t = 0; t < NB; ++t)
                    acc = fma(b, arith::NegFOp::create(b, current[4 + i * NB + t]),
                              x[xAt(t, s)], acc);
                  buildIf(b, valid[s], [&](ImplicitLocOpBuilder &b) {
                    memref::StoreOp::create(b, acc, a, at(b, current[i], col[s]));
                  });
                }
              scf::YieldOp::create(b, next);
            });
          });
        };
        // As many column slots as the columns past the next panel need.
        Value slotsNeeded = arith::CeilDivUIOp::create(
            b, arith::SubIOp::create(b, n, first), index(b, 32));
        std::function<void(ImplicitLocOpBuilder &, int64_t)> dispatch =
            [&](ImplicitLocOpBuilder &b, int64_t slots) {
              if (slots == columnSlots)
                return share(b, slots);
              scf::IfOp::create(
                  b, cmp(b, P::ule, slotsNeeded, index(b, slots)),
                  [&](OpBuilder &nested, Location loc) {
                    ImplicitLocOpBuilder nb(loc, nested);
                    share(nb, slots);
                    scf::YieldOp::create(nb);
                  },
                  [&](OpBuilder &nested, Location loc) {
                    ImplicitLocOpBuilder nb(loc, nested);
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
  auto forEachSlot = [&](ImplicitLocOpBuilder &b, Value first, int64_t step,
                         int64_t bound, Value size,
                         function_ref<void(ImplicitLocOpBuilder &, Value)> body) {
    for (int64_t offset = 0; offset < bound; offset += step) {
      Value at = add(b, first, index(b, offset));
      if (shape.exact && offset + step <= bound)
        body(b, at);
      else
        buildIf(b, cmp(b, P::ult, at, size),
                [&](ImplicitLocOpBuilder &b) { body(b, at); });
    }
  };
  auto forEachRow = [&](ImplicitLocOpBuilder &b,
                        function_ref<void(ImplicitLocOpBuilder &, Value)> body) {
    if (shape.exact)
      return forEachSlot(b, warp, PanelLuShape::kWarps, shape.rows, m, body);
    buildLoop(b, warp, m, index(b, PanelLuShape::kWarps), body);
  };
  auto forEachColumn = [&](ImplicitLocOpBuilder &b,
                           function_ref<void(ImplicitLocOpBuilder &, Value)> body) {
    forEachSlot(b, lane, 32, shape.cols, n, body);
  };

  buildLoop(b, blockId, batch, gridDim, [&](ImplicitLocOpBuilder &b,
                                            Value matrix) {
    // The previous matrix's readers are done with shared memory.
    gpu::BarrierOp::create(b);
    // In: a warp a row at a time, consecutive lanes on consecutive columns
    // (coalesced; no division by the run-time width), copied asynchronously
    // (no registers, all in flight).
    forEachRow(b, [&](ImplicitLocOpBuilder &b, Value row) {
      Value rowStart = mul(b, row, stride);
      forEachColumn(b, [&](ImplicitLocOpBuilder &b, Value col) {
        nvgpu::DeviceAsyncCopyOp::create(
            b, nvgpu::DeviceAsyncTokenType::get(b.getContext()), a,
            ValueRange{add(b, rowStart, col)}, input, ValueRange{matrix, row, col},
            b.getIndexAttr(1), /*srcElements=*/Value(), /*bypassL1=*/UnitAttr());
      });
    });
    NVVM::CpAsyncCommitGroupOp::create(b);
    NVVM::CpAsyncWaitGroupOp::create(b, 0);
    gpu::BarrierOp::create(b);

    Value isPanelWarp = cmp(b, P::eq, warp, index(b, 0));
    scf::IfOp::create(
        b, isPanelWarp,
        [&](OpBuilder &nested, Location loc) {
          ImplicitLocOpBuilder b(loc, nested);
          buildPanelWarp(b, matrix);
          scf::YieldOp::create(b);
        },
        [&](OpBuilder &nested, Location loc) {
          ImplicitLocOpBuilder b(loc, nested);
          buildTrailingWarps(b, matrix);
          scf::YieldOp::create(b);
        });
    gpu::BarrierOp::create(b);
    // Out: row q of lu is row order[q], a warp a row; the permutation is
    // the row order.
    forEachRow(b, [&](ImplicitLocOpBuilder &b, Value q) {
      Value row = loadInt(b, add(b, q, index(b, orderAt)));
      Value rowStart = mul(b, toIndex(b, row), stride);
      forEachColumn(b, [&](ImplicitLocOpBuilder &b, Value col) {
        memref::StoreOp::create(
            b, memref::LoadOp::create(b, a, add(b, rowStart, col)), lu,
            ValueRange{matrix, q, col});
      });
      if (permutation)
        buildIf(b, cmp(b, P::eq, lane, index(b, 0)), [&](ImplicitLocOpBuilder &b) {
          memref::StoreOp::create(b, toIntType(b, row), permutation,
                                  ValueRange{matrix, q});
        });
    });
  });
}

} // namespace mlir::linalgx::gpu_kernels
