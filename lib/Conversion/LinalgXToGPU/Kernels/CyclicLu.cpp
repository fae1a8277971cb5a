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
#include "linalgx/Conversion/LinalgXToLoops/LoopBuilders.h"

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
Value predicatedMulSub(KernelBuilder &b, Value acc, Value negLhs, Value rhs,
                       Value keep) {
  Type type = acc.getType();
  bool isF64 = type.isF64();
  assert((isF64 || type.isF32()) && "a real f32 or f64 element");
  // $0 is tied to $1 (the "0" constraint): one register, kept where the
  // predicate $4 holds.
  std::string ptx = std::string("@!$4 fma.rn.") + (isF64 ? "f64" : "f32") +
                    " $0, $2, $3, $1;";
  std::string constraints = isF64 ? "=d,0,d,d,b" : "=f,0,f,f,b";
  return b.inlinePtx(type, ValueRange{acc, negLhs, rhs, keep}, ptx, constraints,
                     /*sideEffects=*/false);
}

} // namespace

SmallVector<Type> cyclicRegisterLuWorkgroupTypes(CyclicRegisterLuShape shape,
                                                 Type elementType) {
  auto buffer = [](int64_t size, Type type) -> Type {
    return workgroupMemRef({size}, type);
  };
  int64_t stride = CyclicRegisterLuShape::stagedStride(shape.stagedColumns());
  int64_t slotRows = 32 * shape.rowSlots();
  Type i32 = IntegerType::get(elementType.getContext(), 32);
  return {buffer(shape.rows * stride, elementType),
          buffer(2 * slotRows, elementType), buffer(2 * slotRows, i32),
          buffer(2, i32)};
}

namespace {

using P = arith::CmpIPredicate;

/// The cyclic register LU's kernel body (see CyclicLu.h): the state its
/// phases share (arguments, shape, the thread's rows and columns, the
/// matrix's registers) and the phases. Every phase creates its ops with the
/// builder it is handed, in the order of the algorithm.
class CyclicLuKernel {
public:
  CyclicLuKernel(KernelBuilder &top, ValueRange args, ValueRange workgroup,
                 Type elementType, Type intType, bool withPermutation,
                 bool oneBasedPivots, CyclicRegisterLuShape shape);

  /// The kernel: each block walks the batch, a matrix at a time: load it
  /// into registers, search step 0, run the steps round by round, store.
  void emit();

private:
  /// One step of a round, in the rolled loop's body: the registers, used
  /// flags and info it carries, and what the step's outcome hands to the
  /// updates.
  struct Step {
    int64_t round;
    Value owner, step, parity;
    SmallVector<Value> a, used;
    Value status;
    SmallVector<Value> negMultiplier;
    Value pivotRowSlot, pivotLane, updates;
    /// Whether the thread's warp owns the next step and has updated (and
    /// searched) its column ahead, for column slots `round` and
    /// `round + 1`.
    SmallVector<Value> searchedFirst;
  };
  /// One step's pivot search by the warp owning its column.
  struct Search {
    Value step, stepI32, parity, multiplierBase;
    ArrayRef<Value> column, used;
    SmallVector<Value> keys, position;
    Value laneKey, rowAtStep;
  };

  // Set-up and the matrix's way in and out.
  void hoistThreadValues();
  void loadMatrix(KernelBuilder &b);
  void initRowOrder(KernelBuilder &b);
  void stageBand(KernelBuilder &b, int64_t first, int64_t width);
  void bandToRegisters(KernelBuilder &b, int64_t first, int64_t width);
  void appendPivotState(KernelBuilder &b);
  void storeMatrix(KernelBuilder &b);
  void registersToBand(KernelBuilder &b, int64_t first, int64_t width);
  void storePermutation(KernelBuilder &b);
  void storeInfo(KernelBuilder &b);

  // The steps.
  void searchFirstStep(KernelBuilder &b);
  void emitRound(KernelBuilder &b, int64_t round);
  void emitStep(KernelBuilder &b, int64_t round, Value first, Value owner,
                ValueRange iterArgs);
  void receiveStep(KernelBuilder &b, Step &s);
  void lookAhead(KernelBuilder &b, Step &s);
  void updateRest(KernelBuilder &b, Step &s);
  SmallVector<Value> updatedRest(KernelBuilder &b, Step &s);
  SmallVector<Value> updatedSlot(KernelBuilder &b, Step &s, int64_t c);

  // The pivot search.
  SmallVector<Value> searchAndPublish(KernelBuilder &b, Value step,
                                      ArrayRef<Value> column,
                                      ArrayRef<Value> used);
  void rankRows(KernelBuilder &b, Search &s);
  std::pair<Value, Value> candidateOf(KernelBuilder &b, const Search &s,
                                      Value key);
  std::pair<Value, Value> findPivot(KernelBuilder &b, const Search &s);
  SmallVector<Value> pivotOfTiedLanes(KernelBuilder &b, const Search &s,
                                      Value high, Value bestHigh);
  SmallVector<Value> scaleColumn(KernelBuilder &b, const Search &s, Value pivot,
                                 Value pivotRow, Value singular);
  void publishPivot(KernelBuilder &b, const Search &s, Value pivotRow,
                    Value pivotPosition, Value singular);

  // Helpers.
  /// Element (r, c) of the thread's registers.
  int64_t slot(int64_t r, int64_t c) const { return r * columnSlots + c; }
  bool wideKey() const { return !keyType.isInteger(32); }
  Value fromRow(KernelBuilder &b, ArrayRef<Value> values, Value rowSlot,
                Value fromLane);
  void forBandElements(
      KernelBuilder &b, int64_t first, int64_t width, Value bound,
      function_ref<void(KernelBuilder &, Value, Value, Value)> body);
  std::pair<Value, Value> inBand(KernelBuilder &b, int64_t c, int64_t first,
                                 int64_t width);
  bool bandHolds(int64_t c, int64_t first, int64_t width) const {
    return warps * c < first + width && warps * c + warps - 1 >= first;
  }
  Value parityOf(KernelBuilder &b, Value step);
  Value barrierOf(KernelBuilder &b, Value parity);
  SmallVector<Value> yieldIf(KernelBuilder &b, Value condition,
                             KernelBuilder::ValuesBuilder then,
                             ValueRange otherwise);
  SmallVector<Value> pivotRowEntries(KernelBuilder &b, ArrayRef<Value> a,
                                     ArrayRef<int64_t> slots,
                                     Value pivotRowSlot, Value pivotLane,
                                     int64_t r = 0);
  void updateSlots(KernelBuilder &b, MutableArrayRef<Value> a,
                   ArrayRef<int64_t> slots, ArrayRef<Value> negMultiplier,
                   ArrayRef<Value> used, Value pivotRowSlot, Value pivotLane);
  SmallVector<Value> slotValues(ArrayRef<Value> a, int64_t c) const;
  void setSlot(MutableArrayRef<Value> a, int64_t c,
               ArrayRef<Value> values) const;

  /// The kernel's entry builder (the matrix loop and what is hoisted).
  KernelBuilder &top;
  Value input, lu, pivots, info, permutation;
  Value staged, multipliers, rowOrder, outcome;
  Type elementType, intType, i32, keyType;
  bool oneBasedPivots;
  ElementArith element;
  CyclicRegisterLuShape shape;
  const int64_t rowSlots, columnSlots, warps, threads, slotRows, bandColumns,
      stride, bands;
  // rowOrder holds each row's logical position, then the row at each
  // position (the permutation); outcome the step's outcome (by parity).
  const int64_t rowAtPosition;
  // The matrix's state: its registers (slot(r, c)), then whether each row
  // slot has been a pivot row (at usedAt), then info (at infoAt).
  const int64_t usedAt, infoAt;

  // Hoisted into the kernel's entry block.
  Value fullMask, zeroValue, batch, m, n, k, lane, warp, thread, blockId,
      gridDim;
  /// The thread's rows (lane + 32 r) and columns (warp + W c).
  SmallVector<Value> rows, rowsI32, columns;

  // The matrix the block works on, its state (carried through the rounds)
  // and the step barriers' thread count.
  Value matrix;
  SmallVector<Value> state;
  Value threadCount;
};

CyclicLuKernel::CyclicLuKernel(KernelBuilder &top, ValueRange args,
                               ValueRange workgroup, Type elementType,
                               Type intType, bool withPermutation,
                               bool oneBasedPivots, CyclicRegisterLuShape shape)
    : top(top), input(args[0]), lu(args[1]), pivots(args[2]), info(args[3]),
      permutation(withPermutation ? args[4] : Value()), staged(workgroup[0]),
      multipliers(workgroup[1]), rowOrder(workgroup[2]), outcome(workgroup[3]),
      elementType(elementType), intType(intType), i32(top.getI32Type()),
      keyType(top.getIntegerType(elementType.getIntOrFloatBitWidth())),
      oneBasedPivots(oneBasedPivots),
      element(elementType, ElementArith::Flavour::Kernel), shape(shape),
      rowSlots(shape.rowSlots()), columnSlots(shape.columnSlots()),
      warps(shape.warps()), threads(32 * warps), slotRows(32 * rowSlots),
      bandColumns(shape.stagedColumns()),
      stride(CyclicRegisterLuShape::stagedStride(bandColumns)),
      bands(llvm::divideCeil(shape.cols, bandColumns)), rowAtPosition(slotRows),
      usedAt(rowSlots * columnSlots), infoAt(usedAt + rowSlots) {}

void CyclicLuKernel::emit() {
  hoistThreadValues();
  // Every thread of the block runs the same iterations (barriers).
  top.forLoop(blockId, batch, gridDim, [&](KernelBuilder &b, Value index) {
    matrix = index;
    loadMatrix(b);
    appendPivotState(b);
    // Step s is published in buffers s % 2 through named barrier 1 + s % 2
    // (barrier 0 is the copies'): its owner arrives (bar.arrive, no wait)
    // once it has stored the outcome and multipliers, every other warp
    // waits there (bar.sync) before reading them. The owner of step s + 1
    // searches as soon as it has applied step s to that one column, before
    // its other updates (look-ahead): no warp waits at a block-wide
    // barrier for each step's search, only the next owner for the step
    // before (docs/gpu.md). Reusing buffer s % 2 at step s + 2 is
    // safe: its owner passed barrier s + 1, which every warp reaches after
    // reading step s.
    threadCount = b.i32(threads);
    searchFirstStep(b);
    for (int64_t round = 0; round < columnSlots; ++round)
      emitRound(b, round);
    storeMatrix(b);
    storePermutation(b);
    storeInfo(b);
  });
}

//===----------------------------------------------------------------------===//
// Set-up, load and store
//===----------------------------------------------------------------------===//

/// The constants, sizes and thread coordinates every phase uses, created once
/// in the kernel's entry block.
void CyclicLuKernel::hoistThreadValues() {
  KernelBuilder &b = top;
  fullMask = b.i32(-1);
  zeroValue = arith::ConstantOp::create(b, b.getZeroAttr(elementType));
  batch = b.dim(lu, 0);
  m = b.dim(lu, 1);
  n = b.dim(lu, 2);
  k = b.minU(m, n);
  lane = b.threadId(gpu::Dimension::x);
  warp = b.threadId(gpu::Dimension::y);
  thread = b.add(b.mul(warp, b.index(32)), lane);
  blockId = b.blockId(gpu::Dimension::x);
  gridDim = b.gridDim(gpu::Dimension::x);
  for (int64_t r = 0; r < rowSlots; ++r) {
    rows.push_back(b.add(lane, b.index(32 * r)));
    rowsI32.push_back(b.toI32Unsigned(rows.back()));
  }
  for (int64_t c = 0; c < columnSlots; ++c)
    columns.push_back(b.add(warp, b.index(warps * c)));
}

/// The matrix into registers, a band of columns at a time; rows and columns
/// past the matrix are zeros.
void CyclicLuKernel::loadMatrix(KernelBuilder &b) {
  state.assign(rowSlots * columnSlots, zeroValue);
  for (int64_t band = 0; band < bands; ++band) {
    int64_t first = band * bandColumns;
    int64_t width = std::min(bandColumns, shape.cols - first);
    // The previous matrix's or band's readers are done with the buffers.
    b.barrier();
    if (band == 0)
      initRowOrder(b);
    stageBand(b, first, width);
    b.barrier();
    bandToRegisters(b, first, width);
  }
}

/// Every row at its own position.
void CyclicLuKernel::initRowOrder(KernelBuilder &b) {
  b.ifThen(b.cmp(P::ult, thread, b.index(slotRows)), [&](KernelBuilder &b) {
    Value threadI32 = b.toI32Unsigned(thread);
    b.store(threadI32, rowOrder, thread);
    b.store(threadI32, rowOrder, b.add(thread, b.index(rowAtPosition)));
  });
}

/// Columns [first, first + width) of the input into shared memory, in
/// coalesced rows (zeros past the matrix).
void CyclicLuKernel::stageBand(KernelBuilder &b, int64_t first, int64_t width) {
  forBandElements(
      b, first, width, b.index(shape.rows),
      [&](KernelBuilder &b, Value row, Value column, Value stagedAt) {
        Value inMatrix =
            b.bitAnd(b.cmp(P::ult, row, m), b.cmp(P::ult, column, n));
        auto load = scf::IfOp::create(
            b, inMatrix,
            [&](OpBuilder &nested, Location loc) {
              KernelBuilder nb(loc, nested);
              scf::YieldOp::create(
                  nb, nb.load(input, ValueRange{matrix, row, column}));
            },
            [&](OpBuilder &nested, Location loc) {
              KernelBuilder nb(loc, nested);
              scf::YieldOp::create(nb, zeroValue);
            });
        b.store(load.getResult(0), staged, stagedAt);
      });
}

/// The staged band's elements of the thread's rows and columns into its
/// registers.
void CyclicLuKernel::bandToRegisters(KernelBuilder &b, int64_t first,
                                     int64_t width) {
  for (int64_t c = 0; c < columnSlots; ++c) {
    if (!bandHolds(c, first, width))
      continue;
    auto [inside, column] = inBand(b, c, first, width);
    for (int64_t r = 0; r < rowSlots; ++r) {
      // Rows past the bound (the last slot's lanes) read the last row
      // and keep their zeros.
      bool pastBound = 32 * r + 31 >= shape.rows;
      Value row =
          pastBound ? b.minU(rows[r], b.index(shape.rows - 1)) : rows[r];
      Value value = b.load(staged, b.add(b.mul(row, b.index(stride)), column));
      Value keep = inside;
      if (pastBound) {
        Value rowInBound = b.cmp(P::ult, rows[r], b.index(shape.rows));
        keep = keep ? b.bitAnd(keep, rowInBound) : rowInBound;
      }
      state[slot(r, c)] =
          keep ? b.select(keep, value, state[slot(r, c)]) : value;
    }
  }
}

/// Then whether each row slot has been a pivot row (rows past the matrix
/// count as used: they never compete), and info.
void CyclicLuKernel::appendPivotState(KernelBuilder &b) {
  for (int64_t r = 0; r < rowSlots; ++r)
    state.push_back(b.cmp(P::uge, rows[r], m));
  state.push_back(arith::ConstantOp::create(b, b.getIntegerAttr(intType, 0)));
}

/// Row `position` of L\U is the thread's row: staged at its position, a
/// band at a time, then copied out in rows.
void CyclicLuKernel::storeMatrix(KernelBuilder &b) {
  for (int64_t band = 0; band < bands; ++band) {
    int64_t firstColumn = band * bandColumns;
    int64_t width = std::min(bandColumns, shape.cols - firstColumn);
    b.barrier();
    registersToBand(b, firstColumn, width);
    b.barrier();
    forBandElements(
        b, firstColumn, width, m,
        [&](KernelBuilder &b, Value row, Value column, Value stagedAt) {
          b.ifThen(b.cmp(P::ult, column, n), [&](KernelBuilder &b) {
            b.store(b.load(staged, stagedAt), lu,
                    ValueRange{matrix, row, column});
          });
        });
  }
}

/// The thread's registers of columns [first, first + width) into shared
/// memory, each row at its logical position.
void CyclicLuKernel::registersToBand(KernelBuilder &b, int64_t firstColumn,
                                     int64_t width) {
  for (int64_t r = 0; r < rowSlots; ++r) {
    Value rowInBound = b.cmp(P::ult, rows[r], b.index(shape.rows));
    Value stagedRow =
        b.mul(b.toIndexUnsigned(b.load(rowOrder, rows[r])), b.index(stride));
    for (int64_t c = 0; c < columnSlots; ++c) {
      if (!bandHolds(c, firstColumn, width))
        continue;
      Value inside, column;
      std::tie(inside, column) = inBand(b, c, firstColumn, width);
      Value store = inside ? b.bitAnd(inside, rowInBound) : rowInBound;
      b.ifThen(store, [&](KernelBuilder &b) {
        b.store(state[slot(r, c)], staged, b.add(stagedRow, column));
      });
    }
  }
}

/// The permutation is the row at each position.
void CyclicLuKernel::storePermutation(KernelBuilder &b) {
  if (!permutation)
    return;
  Type permutationType =
      cast<MemRefType>(permutation.getType()).getElementType();
  b.forLoop(thread, m, b.index(threads), [&](KernelBuilder &b, Value position) {
    b.store(b.extendUnsigned(
                b.load(rowOrder, b.add(position, b.index(rowAtPosition))),
                permutationType),
            permutation, ValueRange{matrix, position});
  });
}

/// info, by the block's first thread.
void CyclicLuKernel::storeInfo(KernelBuilder &b) {
  b.ifThen(b.cmp(P::eq, thread, b.index(0)),
           [&](KernelBuilder &b) { b.store(state[infoAt], info, matrix); });
}

//===----------------------------------------------------------------------===//
// The steps
//===----------------------------------------------------------------------===//

/// Step 0, searched by warp 0 before any update.
void CyclicLuKernel::searchFirstStep(KernelBuilder &b) {
  SmallVector<Value> used(state.begin() + usedAt, state.begin() + infoAt);
  setSlot(state, 0,
          yieldIf(
              b,
              b.bitAnd(b.cmp(P::ugt, k, b.index(0)),
                       b.cmp(P::eq, warp, b.index(0))),
              [&](KernelBuilder &b) {
                return searchAndPublish(b, b.index(0), slotValues(state, 0),
                                        used);
              },
              slotValues(state, 0)));
}

/// Round `round`: steps round * W + w, w < min(W, K - round * W) (the
/// columns of slot `round`), a rolled loop carrying the state.
void CyclicLuKernel::emitRound(KernelBuilder &b, int64_t round) {
  Value first = b.index(round * warps);
  Value roundSteps =
      b.select(b.cmp(P::ugt, k, first), b.minU(b.sub(k, first), b.index(warps)),
               b.index(0));
  auto loop = scf::ForOp::create(
      b, b.index(0), roundSteps, b.index(1), state,
      [&](OpBuilder &nested, Location loc, Value owner, ValueRange iterArgs) {
        KernelBuilder b(loc, nested);
        emitStep(b, round, first, owner, iterArgs);
      });
  state.assign(loop.getResults().begin(), loop.getResults().end());
}

/// Step first + owner, owned by warp `owner`: take its outcome, search the
/// next step ahead where this warp owns it, update the rest.
void CyclicLuKernel::emitStep(KernelBuilder &b, int64_t round, Value first,
                              Value owner, ValueRange iterArgs) {
  Step s;
  s.round = round;
  s.owner = owner;
  s.a.assign(iterArgs.begin(), iterArgs.begin() + usedAt);
  s.used.assign(iterArgs.begin() + usedAt, iterArgs.begin() + infoAt);
  s.status = iterArgs[infoAt];
  s.step = b.add(first, owner);
  receiveStep(b, s);
  lookAhead(b, s);
  updateRest(b, s);
  SmallVector<Value> next(s.a);
  next.append(s.used);
  next.push_back(s.status);
  scf::YieldOp::create(b, next);
}

/// The step's outcome as every warp reads it (pivot row, zero pivot, the
/// negated multipliers), with info and the used flags updated.
void CyclicLuKernel::receiveStep(KernelBuilder &b, Step &s) {
  Value stepI32 = b.toI32Unsigned(s.step);
  s.parity = parityOf(b, s.step);
  Value multiplierBase = b.mul(s.parity, b.index(slotRows));

  // The step's outcome: the owner's own stores (ordered for its lanes
  // by bar.warp.sync), the others' after its barrier.
  Value isOwner = b.cmp(P::eq, warp, s.owner);
  scf::IfOp::create(
      b, isOwner,
      [&](OpBuilder &nested, Location loc) {
        KernelBuilder b(loc, nested);
        NVVM::SyncWarpOp::create(b, fullMask);
        scf::YieldOp::create(b);
      },
      [&](OpBuilder &nested, Location loc) {
        KernelBuilder b(loc, nested);
        NVVM::BarrierOp::create(b, TypeRange(), barrierOf(b, s.parity),
                                threadCount, {}, Value());
        scf::YieldOp::create(b);
      });
  Value stepOutcome = b.load(outcome, s.parity);
  Value singular = b.cmp(P::slt, stepOutcome, b.i32(0));
  Value pivotRow = b.bitAnd(stepOutcome, b.i32(127));
  // info: the first zero pivot, 1-based.
  s.status =
      b.select(b.bitAnd(singular, b.cmp(P::eq, s.status,
                                        arith::ConstantOp::create(
                                            b, b.getIntegerAttr(intType, 0)))),
               b.extendUnsigned(b.add(stepI32, b.i32(1)), intType), s.status);
  for (int64_t r = 0; r < rowSlots; ++r) {
    s.negMultiplier.push_back(arith::NegFOp::create(
        b, b.load(multipliers, ValueRange{b.add(multiplierBase, rows[r])})));
    s.used[r] = b.bitOr(s.used[r], b.cmp(P::eq, rowsI32[r], pivotRow));
  }
  s.pivotRowSlot = b.shrU(pivotRow, b.i32(5));
  s.pivotLane = b.bitAnd(pivotRow, b.i32(31));
  s.updates = b.negate(singular);
}

/// Look-ahead: column step + 1 is slot `round` of the next warp, or slot
/// `round + 1` of warp 0 after the round's last warp. Its owner updates it
/// and searches step + 1 first.
void CyclicLuKernel::lookAhead(KernelBuilder &b, Step &s) {
  Value nextStep = b.add(s.step, b.index(1));
  Value hasNext = b.cmp(P::ult, nextStep, k);
  for (int64_t c = s.round; c < std::min(s.round + 2, columnSlots); ++c) {
    Value nextOwner = c == s.round
                          ? b.cmp(P::eq, warp, b.add(s.owner, b.index(1)))
                          : b.bitAnd(b.cmp(P::eq, warp, b.index(0)),
                                     b.cmp(P::eq, s.owner, b.index(warps - 1)));
    nextOwner = b.bitAnd(nextOwner, hasNext);
    s.searchedFirst.push_back(nextOwner);
    setSlot(s.a, c,
            yieldIf(
                b, nextOwner,
                [&](KernelBuilder &b) {
                  SmallVector<Value> column = yieldIf(
                      b, s.updates,
                      [&](KernelBuilder &b) { return updatedSlot(b, s, c); },
                      slotValues(s.a, c));
                  return searchAndPublish(b, nextStep, column, s.used);
                },
                slotValues(s.a, c)));
  }
}

/// The rest of the update of the columns after `step`, none when the
/// pivot is zero: slot `round` in the warps after the owner (a
/// warp-uniform branch), then the later slots as straight-line code,
/// so that their shuffles and multiply-adds overlap (a branch a slot
/// serializes them; docs/benchmarks.md, run 10). Columns past the matrix
/// are updated too: nothing reads them.
void CyclicLuKernel::updateRest(KernelBuilder &b, Step &s) {
  SmallVector<Value> rest;
  for (int64_t c = s.round; c < columnSlots; ++c)
    rest.append(slotValues(s.a, c));
  rest = yieldIf(
      b, s.updates, [&](KernelBuilder &b) { return updatedRest(b, s); }, rest);
  for (int64_t c = s.round; c < columnSlots; ++c)
    setSlot(s.a, c,
            ArrayRef<Value>(rest).slice((c - s.round) * rowSlots, rowSlots));
}

/// updateRest's branch for a nonzero pivot: column slots `round` onwards,
/// updated.
SmallVector<Value> CyclicLuKernel::updatedRest(KernelBuilder &b, Step &s) {
  int64_t round = s.round;
  SmallVector<Value> updated(s.a);
  setSlot(
      updated, round,
      yieldIf(
          b,
          b.bitAnd(b.cmp(P::ugt, warp, s.owner), b.negate(s.searchedFirst[0])),
          [&](KernelBuilder &b) { return updatedSlot(b, s, round); },
          slotValues(s.a, round)));
  SmallVector<int64_t> later =
      llvm::to_vector(llvm::seq<int64_t>(round + 1, columnSlots));
  if (!later.empty()) {
    updateSlots(b, updated, later, s.negMultiplier, s.used, s.pivotRowSlot,
                s.pivotLane);
    // Warp 0's slot round + 1, already updated for the
    // look-ahead after the round's last step.
    for (int64_t r = 0; r < rowSlots; ++r)
      updated[slot(r, round + 1)] =
          b.select(s.searchedFirst[1], s.a[slot(r, round + 1)],
                   updated[slot(r, round + 1)]);
  }
  SmallVector<Value> values;
  for (int64_t c = round; c < columnSlots; ++c)
    values.append(slotValues(updated, c));
  return values;
}

/// Column slot `c` of the step's registers updated by the step.
SmallVector<Value> CyclicLuKernel::updatedSlot(KernelBuilder &b, Step &s,
                                               int64_t c) {
  SmallVector<Value> values(s.a);
  updateSlots(b, values, {c}, s.negMultiplier, s.used, s.pivotRowSlot,
              s.pivotLane);
  return slotValues(values, c);
}

//===----------------------------------------------------------------------===//
// The pivot search
//===----------------------------------------------------------------------===//

/// Step `step`'s pivot search and scaling of its column (`column`, one
/// value per row slot, already updated by the steps before), by the
/// warp owning it; returns the scaled column.
SmallVector<Value> CyclicLuKernel::searchAndPublish(KernelBuilder &b,
                                                    Value step,
                                                    ArrayRef<Value> column,
                                                    ArrayRef<Value> used) {
  Search s;
  s.step = step;
  s.column = column;
  s.used = used;
  s.stepI32 = b.toI32Unsigned(step);
  s.parity = parityOf(b, step);
  s.multiplierBase = b.mul(s.parity, b.index(slotRows));
  rankRows(b, s);
  auto [best, pivot] = findPivot(b, s);
  Value pivotRow = b.bitAnd(best, b.i32(127));
  Value pivotPosition = b.shrU(best, b.i32(7));
  Value singular = element.isZero(b, pivot);
  SmallVector<Value> scaledColumn =
      scaleColumn(b, s, pivot, pivotRow, singular);
  publishPivot(b, s, pivotRow, pivotPosition, singular);
  return scaledColumn;
}

/// The rows' logical positions and keys (pivotKey; zero for used rows),
/// the lane's largest key, and the row at position `step`.
void CyclicLuKernel::rankRows(KernelBuilder &b, Search &s) {
  // The largest key (pivotKey) of the unused rows, then the first
  // logical position holding it; position * 128 + row names the row too
  // (positions and rows are below 128).
  for (int64_t r = 0; r < rowSlots; ++r) {
    s.position.push_back(b.load(rowOrder, rows[r]));
    s.keys.push_back(b.select(
        s.used[r], arith::ConstantIntOp::create(b, keyType, 0),
        pivotKey(b, element, s.column[r],
                 b.cmp(P::eq, s.position[r], s.stepI32), elementType)));
    s.laneKey = r ? b.maxU(s.laneKey, s.keys[r]) : s.keys[r];
  }
  s.rowAtStep = b.load(rowOrder, b.add(s.step, b.index(rowAtPosition)));
}

/// The lane's first unused row holding `key`, as position * 128 + row
/// (all ones: none), and that row's value in the column.
std::pair<Value, Value>
CyclicLuKernel::candidateOf(KernelBuilder &b, const Search &s, Value key) {
  Value laneCandidate, laneValue;
  for (int64_t r = 0; r < rowSlots; ++r) {
    Value candidate = b.select(
        b.bitAnd(b.negate(s.used[r]), b.cmp(P::eq, s.keys[r], key)),
        b.bitOr(b.shl(s.position[r], b.i32(7)), rowsI32[r]), b.i32(-1));
    if (r == 0) {
      laneCandidate = candidate;
      laneValue = s.column[0];
      continue;
    }
    Value earlier = b.cmp(P::ult, candidate, laneCandidate);
    laneCandidate = b.select(earlier, candidate, laneCandidate);
    laneValue = b.select(earlier, s.column[r], laneValue);
  }
  return {laneCandidate, laneValue};
}

/// The pivot across the warp: position * 128 + row, and its value.
std::pair<Value, Value> CyclicLuKernel::findPivot(KernelBuilder &b,
                                                  const Search &s) {
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
  Value high;
  for (int64_t r = 0; r < rowSlots; ++r) {
    Value keyHigh =
        wideKey() ? arith::TruncIOp::create(
                        b, i32,
                        b.shrU(s.keys[r],
                               arith::ConstantIntOp::create(b, keyType, 32)))
                  : s.keys[r];
    high = r ? b.maxU(high, keyHigh) : keyHigh;
  }
  Value laneCandidate, laneValue;
  std::tie(laneCandidate, laneValue) = candidateOf(b, s, s.laneKey);
  Value bestHigh = b.redux(NVVM::ReduxKind::UMAX, high, fullMask);
  Value tied =
      NVVM::VoteSyncOp::create(b, i32, fullMask, b.cmp(P::eq, high, bestHigh),
                               NVVM::VoteSyncKind::ballot);
  auto search = scf::IfOp::create(
      b, b.cmp(P::eq, math::CtPopOp::create(b, tied), b.i32(1)),
      [&](OpBuilder &nested, Location loc) {
        KernelBuilder b(loc, nested);
        Value winner = math::CountTrailingZerosOp::create(b, tied);
        scf::YieldOp::create(
            b,
            ValueRange{b.shuffle(laneCandidate, winner, gpu::ShuffleMode::IDX),
                       b.shuffle(laneValue, winner, gpu::ShuffleMode::IDX)});
      },
      [&](OpBuilder &nested, Location loc) {
        KernelBuilder b(loc, nested);
        scf::YieldOp::create(b, pivotOfTiedLanes(b, s, high, bestHigh));
      });
  return {search.getResult(0), search.getResult(1)};
}

/// findPivot when several lanes hold the largest high word: the largest
/// key and the first position holding it by two more reductions, the pivot
/// by shuffle from its row.
SmallVector<Value> CyclicLuKernel::pivotOfTiedLanes(KernelBuilder &b,
                                                    const Search &s, Value high,
                                                    Value bestHigh) {
  Value bestKey = bestHigh;
  if (wideKey()) {
    Value bestLow =
        b.redux(NVVM::ReduxKind::UMAX,
                b.select(b.cmp(P::eq, high, bestHigh),
                         arith::TruncIOp::create(b, i32, s.laneKey), b.i32(0)),
                fullMask);
    bestKey = b.bitOr(b.shl(arith::ExtUIOp::create(b, keyType, bestHigh),
                            arith::ConstantIntOp::create(b, keyType, 32)),
                      arith::ExtUIOp::create(b, keyType, bestLow));
  }
  Value best = b.redux(NVVM::ReduxKind::UMIN, candidateOf(b, s, bestKey).first,
                       fullMask);
  Value row = b.bitAnd(best, b.i32(127));
  return {best, fromRow(b, s.column, b.shrU(row, b.i32(5)),
                        b.bitAnd(row, b.i32(31)))};
}

/// Multipliers of the unused rows but the pivot's, published in shared
/// memory; returns the scaled column.
SmallVector<Value> CyclicLuKernel::scaleColumn(KernelBuilder &b,
                                               const Search &s, Value pivot,
                                               Value pivotRow, Value singular) {
  // One reciprocal, or divisions when the pivot is below the smallest
  // normal number (LAPACK's getf2; also taken by a zero pivot, whose
  // multipliers are not used).
  auto scaled = scf::IfOp::create(
      b, element.reciprocalIsSafe(b, pivot),
      [&](OpBuilder &nested, Location loc) {
        KernelBuilder b(loc, nested);
        Value inverse = element.reciprocal(b, pivot);
        SmallVector<Value> values;
        for (int64_t r = 0; r < rowSlots; ++r)
          values.push_back(element.mul(b, s.column[r], inverse));
        scf::YieldOp::create(b, values);
      },
      [&](OpBuilder &nested, Location loc) {
        KernelBuilder b(loc, nested);
        SmallVector<Value> values;
        for (int64_t r = 0; r < rowSlots; ++r)
          values.push_back(element.div(b, s.column[r], pivot));
        scf::YieldOp::create(b, values);
      });
  SmallVector<Value> scaledColumn;
  Value scales = b.negate(singular);
  for (int64_t r = 0; r < rowSlots; ++r) {
    Value eligible = b.bitAnd(b.bitAnd(scales, b.negate(s.used[r])),
                              b.cmp(P::ne, rowsI32[r], pivotRow));
    scaledColumn.push_back(
        b.select(eligible, scaled.getResult(r), s.column[r]));
    b.store(scaledColumn.back(), multipliers,
            ValueRange{b.add(s.multiplierBase, rows[r])});
  }
  return scaledColumn;
}

/// The warp publishes the outcome (pivot row, and the sign bit for a
/// zero pivot), records the pivot and exchanges the positions of the
/// pivot row and the row at `step`: every lane stores the same values
/// to the same addresses, which costs the owner's chain no branch.
void CyclicLuKernel::publishPivot(KernelBuilder &b, const Search &s,
                                  Value pivotRow, Value pivotPosition,
                                  Value singular) {
  b.store(b.bitOr(pivotRow,
                  b.select(singular, b.i32(std::numeric_limits<int32_t>::min()),
                           b.i32(0))),
          outcome, s.parity);
  b.store(
      storedPivot(b, b.extendUnsigned(pivotPosition, intType), oneBasedPivots),
      pivots, ValueRange{matrix, s.step});
  b.store(s.rowAtStep, rowOrder,
          b.add(b.toIndexUnsigned(pivotPosition), b.index(rowAtPosition)));
  b.store(pivotRow, rowOrder, b.add(s.step, b.index(rowAtPosition)));
  b.store(pivotPosition, rowOrder, b.toIndexUnsigned(s.rowAtStep));
  b.store(s.stepI32, rowOrder, b.toIndexUnsigned(pivotRow));
  // A block of one warp has nobody to tell (its lanes synchronize at
  // the next step's bar.warp.sync).
  if (warps > 1)
    NVVM::BarrierArriveOp::create(b, barrierOf(b, s.parity), threadCount);
}

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

/// The value of row slot `rowSlot` (an i32, the same for the whole warp)
/// among `values` (one per row slot), fetched from lane `fromLane`.
Value CyclicLuKernel::fromRow(KernelBuilder &b, ArrayRef<Value> values,
                              Value rowSlot, Value fromLane) {
  Value chosen = values[0];
  for (int64_t r = 1; r < rowSlots; ++r)
    chosen = b.select(b.cmp(P::eq, rowSlot, b.i32(r)), values[r], chosen);
  return b.shuffle(chosen, fromLane, gpu::ShuffleMode::IDX);
}

/// A band of columns [first, first + width) staged in shared memory at
/// row stride `stride`: `body(row, column, stagedAt)` for the elements
/// (row < bound, column < first + width) the thread moves, consecutive
/// threads on consecutive columns of a row (coalesced global accesses).
void CyclicLuKernel::forBandElements(
    KernelBuilder &b, int64_t first, int64_t width, Value bound,
    function_ref<void(KernelBuilder &, Value, Value, Value)> body) {
  Value widthValue = b.index(width);
  b.forLoop(thread, b.mul(bound, widthValue), b.index(threads),
            [&](KernelBuilder &b, Value flat) {
              Value row = b.divU(flat, widthValue);
              Value j = b.remU(flat, widthValue);
              body(b, row, b.add(j, b.index(first)),
                   b.add(b.mul(row, b.index(stride)), j));
            });
}

/// Whether the thread's column slot `c` lies in the band starting at
/// `first` of `width` columns (null: certainly, for every warp), and its
/// staged column there. (bandHolds: whether any warp's does.)
std::pair<Value, Value> CyclicLuKernel::inBand(KernelBuilder &b, int64_t c,
                                               int64_t first, int64_t width) {
  int64_t lowest = warps * c, highest = warps * c + warps - 1;
  Value column = b.sub(columns[c], b.index(first));
  if (lowest >= first && highest < first + width)
    return {Value(), column};
  Value inside = b.bitAnd(b.cmp(P::uge, columns[c], b.index(first)),
                          b.cmp(P::ult, columns[c], b.index(first + width)));
  return {inside, b.select(inside, column, b.index(0))};
}

/// Step `step`'s buffer parity, and its named barrier.
Value CyclicLuKernel::parityOf(KernelBuilder &b, Value step) {
  return b.bitAnd(step, b.index(1));
}
// (A register id: ptxas then reserves all 16 barriers, which costs
// nothing here, one block an SM by its registers anyway; branches with
// constant ids are merged back by LLVM.)
Value CyclicLuKernel::barrierOf(KernelBuilder &b, Value parity) {
  return b.add(b.toI32Unsigned(parity), b.i32(1));
}

/// `then()` where `condition` holds, `otherwise` else.
SmallVector<Value> CyclicLuKernel::yieldIf(KernelBuilder &b, Value condition,
                                           KernelBuilder::ValuesBuilder then,
                                           ValueRange otherwise) {
  return b.ifThenElse(condition, then, [&](KernelBuilder &) {
    return SmallVector<Value>(otherwise);
  });
}

/// The pivot row's entries in column slots `slots` of `a`: its row slot
/// is the same across the warp, so a branch picks it (a chain of them from
/// row slot `r`) and an entry is one shuffle (selecting it per lane among
/// the row slots cost two more instructions an f64 entry).
SmallVector<Value> CyclicLuKernel::pivotRowEntries(KernelBuilder &b,
                                                   ArrayRef<Value> a,
                                                   ArrayRef<int64_t> slots,
                                                   Value pivotRowSlot,
                                                   Value pivotLane, int64_t r) {
  auto shuffled = [&](KernelBuilder &b) {
    SmallVector<Value> entries;
    for (int64_t c : slots)
      entries.push_back(
          b.shuffle(a[slot(r, c)], pivotLane, gpu::ShuffleMode::IDX));
    return entries;
  };
  if (r == rowSlots - 1)
    return shuffled(b);
  return b.ifThenElse(
      b.cmp(P::eq, pivotRowSlot, b.i32(r)), shuffled, [&](KernelBuilder &b) {
        return pivotRowEntries(b, a, slots, pivotRowSlot, pivotLane, r + 1);
      });
}

/// The update by a step of column slots `slots` of `a`: a - l u for the
/// unused rows, one predicated fused multiply-add each (`negMultiplier`
/// is -l, one per row slot).
void CyclicLuKernel::updateSlots(KernelBuilder &b, MutableArrayRef<Value> a,
                                 ArrayRef<int64_t> slots,
                                 ArrayRef<Value> negMultiplier,
                                 ArrayRef<Value> used, Value pivotRowSlot,
                                 Value pivotLane) {
  SmallVector<Value> entries =
      pivotRowEntries(b, a, slots, pivotRowSlot, pivotLane);
  for (auto [entry, c] : llvm::zip_equal(entries, slots))
    for (int64_t r = 0; r < rowSlots; ++r)
      a[slot(r, c)] =
          predicatedMulSub(b, a[slot(r, c)], negMultiplier[r], entry, used[r]);
}

SmallVector<Value> CyclicLuKernel::slotValues(ArrayRef<Value> a,
                                              int64_t c) const {
  SmallVector<Value> values;
  for (int64_t r = 0; r < rowSlots; ++r)
    values.push_back(a[slot(r, c)]);
  return values;
}

void CyclicLuKernel::setSlot(MutableArrayRef<Value> a, int64_t c,
                             ArrayRef<Value> values) const {
  for (int64_t r = 0; r < rowSlots; ++r)
    a[slot(r, c)] = values[r];
}

} // namespace

void buildCyclicRegisterLuKernelBody(KernelBuilder &b, ValueRange args,
                                     ValueRange workgroup, Type elementType,
                                     Type intType, bool withPermutation,
                                     bool oneBasedPivots,
                                     CyclicRegisterLuShape shape) {
  CyclicLuKernel(b, args, workgroup, elementType, intType, withPermutation,
                 oneBasedPivots, shape)
      .emit();
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
                                        lu.intType, lu.withPermutation,
                                        lu.oneBasedPivots, shape);
      });
  work.launch(kernel, gridSizeFor(b, batch, 1), {32, warps, 1}, lu.values);
}

} // namespace mlir::linalgx::gpu_kernels
