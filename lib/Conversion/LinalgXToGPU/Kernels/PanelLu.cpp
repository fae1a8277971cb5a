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

/// The high 32 bits of |x|'s bit pattern (all of them for f32): orders like
/// |x| up to ties of the low word, which only the full search looks at.
Value magnitudeHighWord(KernelBuilder &b, Value x) {
  Type i32 = b.getI32Type();
  Value bits;
  if (x.getType().isF64()) {
    Value wide = arith::BitcastOp::create(b, b.getI64Type(), x);
    bits = arith::TruncIOp::create(b, i32, b.shrU(wide, b.i64(32)));
  } else {
    bits = arith::BitcastOp::create(b, i32, x);
  }
  return b.bitAnd(bits, b.i32(0x7fffffff));
}

/// Whether the real values are all finite: the largest of their
/// magnitudes' high words, a tree of maxima (not a chain of compares on the
/// panel warp's path), below the infinities'.
Value areFinite(KernelBuilder &b, ArrayRef<Value> values) {
  if (values.empty())
    return b.boolean(true);
  SmallVector<Value> high;
  for (Value v : values)
    high.push_back(magnitudeHighWord(b, v));
  while (high.size() > 1) {
    SmallVector<Value> next;
    for (size_t i = 0; i + 1 < high.size(); i += 2)
      next.push_back(b.maxU(high[i], high[i + 1]));
    if (high.size() % 2)
      next.push_back(high.back());
    high = std::move(next);
  }
  int64_t infinityHigh = values[0].getType().isF64() ? 0x7ff00000 : 0x7f800000;
  return b.cmp(arith::CmpIPredicate::ult, high[0],
               arith::ConstantIntOp::create(b, b.getI32Type(), infinityHigh));
}

/// lhs * rhs + acc, fused: LLVM's fma intrinsic, which NVPTX emits as
/// fma.rn; math.fma would become a libdevice call, and compiling the
/// kernels would need the CUDA toolkit's libdevice.
Value fma(KernelBuilder &b, Value lhs, Value rhs, Value acc) {
  return LLVM::FMAOp::create(b, lhs, rhs, acc);
}

/// 1 / x for a pivot whose high word lies in [kPanelLuNormalHigh,
/// kPanelLuReciprocalHigh): the hardware approximation refined by Newton
/// steps (within an ulp), without rcp.rn's slow-path branch, which would
/// end the basic block ptxas schedules the step's chain in.
Value fastReciprocal(KernelBuilder &b, Value x) {
  Type type = x.getType();
  bool isF64 = type.isF64();
  Value r = b.inlinePtx(type, ValueRange{x},
                        isF64 ? "rcp.approx.ftz.f64 $0, $1;"
                              : "rcp.approx.ftz.f32 $0, $1;",
                        isF64 ? "=d,d" : "=f,f", /*sideEffects=*/false);
  Value one = arith::ConstantOp::create(b, b.getFloatAttr(type, 1.0));
  Value negX = arith::NegFOp::create(b, x);
  auto newton = [&](Value r) -> Value {
    Value e = fma(b, negX, r, one);
    return fma(b, r, e, r);
  };
  // f32: one step from the ~23-bit approximation; f64: the approximation's
  // error squared first, then one step.
  if (!isF64)
    return newton(r);
  Value e = fma(b, negX, r, one);
  e = fma(b, e, e, e);
  r = fma(b, r, e, r);
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
  return b.inlinePtx(type, ValueRange{value}, "", constraint,
                     /*sideEffects=*/true);
}

using P = arith::CmpIPredicate;
/// The low bits of a candidate's high word that carry its lane in the
/// panel warp's reduction.
constexpr int64_t kLaneMask = 31;
constexpr int64_t NB = PanelLuShape::kPanelColumns;
constexpr int64_t TW = PanelLuShape::kWarps - 1; // trailing warps

/// Bit i of the i32 `bits`, as an i1.
Value bit(KernelBuilder &b, Value bits, int64_t i) {
  return b.cmp(P::ne, b.bitAnd(bits, b.i32(1 << i)), b.i32(0));
}

/// `v` from lane `lane`.
Value shuffle(KernelBuilder &b, Value v, Value lane) {
  return b.shuffle(v, lane, gpu::ShuffleMode::IDX);
}

/// The thread's panel registers: q[qAt(r, c)] = row slot r, column c.
int64_t qAt(int64_t r, int64_t c) { return r * NB + c; }

/// The look-ahead panel kernel's body (buildPanelLuKernelBody) as its
/// phases: the values they share are members, set by the phase that emits
/// them and read by the phases emitted after it.
class PanelLuKernel {
public:
  PanelLuKernel(KernelBuilder &top, ValueRange args, Type elementType,
                Type intType, bool withPermutation, bool oneBasedPivots,
                PanelLuShape shape, bool overlapCopies);

  /// The kernel: the block's matrices one at a time, each copied into
  /// shared memory, factored there by the panel warp and the trailing warps
  /// together, and copied out in the row order.
  void emit();

private:
  //===--- Setup and shared memory ---------------------------------------===//
  void castToStaticShapes();
  void hoistValues();
  Value at(KernelBuilder &b, Value row, Value col);
  Value loadA(KernelBuilder &b, Value row, Value col);
  Value loadInt(KernelBuilder &b, Value offset);
  void storeInt(KernelBuilder &b, Value v, Value offset);
  SmallVector<Value> loadFirstPanelFromInput(KernelBuilder &b);
  SmallVector<Value> loadPanel(KernelBuilder &b, Value col0);
  Value subtractMultiple(KernelBuilder &b, Value applies, Value l, Value u,
                         Value acc, bool uFinite);

  //===--- Copies in and out ---------------------------------------------===//
  void forEachSlot(KernelBuilder &b, Value first, int64_t increment,
                   int64_t bound, Value size,
                   function_ref<void(KernelBuilder &, Value)> body);
  void forEachRow(KernelBuilder &b, int64_t firstRow, Value worker,
                  int64_t workers,
                  function_ref<void(KernelBuilder &, Value)> body);
  void forEachColumn(KernelBuilder &b,
                     function_ref<void(KernelBuilder &, Value)> body);
  void copyIn(KernelBuilder &b);
  void storeOut(KernelBuilder &b, Value rowStart, Value position, Value col);
  void storePermutation(KernelBuilder &b, Value row, Value position);
  void storeFinishedRows(KernelBuilder &b, ArrayRef<Value> rowAt,
                         Value firstPosition);
  int64_t lastPanelStart() const;
  void copyOut(KernelBuilder &b);

  //===--- The panel warp ------------------------------------------------===//
  /// A step's pivot, as every lane knows it once found.
  struct Pivot {
    /// The lane holding it, its row slot there, its value, position and
    /// reciprocal, and its row's later panel entries (u[j], j > the step's
    /// column).
    Value from, slot, value, position, inverse;
    SmallVector<Value> u;
    /// Found by the full search (it may be zero or extreme).
    bool slow = false;
    /// Set by finishStep: its row, which of the lane's row slots holds it,
    /// and the lane's rows' positions after the exchange.
    Value row;
    SmallVector<Value> here, newPosition;
  };
  void panelWarp(KernelBuilder &b);
  SmallVector<Value> factorPanel(KernelBuilder &b, Value panel,
                                 ValueRange iter);
  static SmallVector<Value> packState(ArrayRef<Value> q,
                                      ArrayRef<Value> position, Value firstZero,
                                      Value zeroBits, Value pivotRowOfStep);
  void factorColumn(KernelBuilder &b, int64_t c);
  SmallVector<Value> factorStep(KernelBuilder &b, int64_t c);
  void searchLaneCandidate(KernelBuilder &b);
  void prepareCandidate(KernelBuilder &b);
  SmallVector<Value> takeCandidate(KernelBuilder &b);
  SmallVector<Value> fullSearch(KernelBuilder &b);
  SmallVector<Value> finishStep(KernelBuilder &b, Pivot &pivot);
  SmallVector<Value> eliminate(KernelBuilder &b, const Pivot &pivot,
                               bool divide);
  SmallVector<Value> skipZeroPivot(KernelBuilder &b, const Pivot &pivot);
  void publishPanel(KernelBuilder &b);
  void storePanelColumns(KernelBuilder &b);
  void publishPivotRows(KernelBuilder &b);
  Value publishUnusedRows(KernelBuilder &b);
  SmallVector<Value> lookAhead(KernelBuilder &b, Value panel);
  SmallVector<Value> applyPanelToNext(KernelBuilder &b);
  SmallVector<Value> applyUBlock(KernelBuilder &b, Value n0,
                                 ArrayRef<Value> next, bool fullPanel);
  SmallVector<Value> uBlockOver(KernelBuilder &b, Value n0, bool fullPanel);
  void storeUBlock(KernelBuilder &b, Value n0, ArrayRef<Value> u);
  SmallVector<Value> updateAfterFullPanel(KernelBuilder &b,
                                          ArrayRef<Value> next,
                                          ArrayRef<Value> u);
  SmallVector<Value> updateNextPanel(KernelBuilder &b, ArrayRef<Value> next,
                                     ArrayRef<Value> u, bool uIsFinite);
  void storeOrderAndInfo(KernelBuilder &b, scf::ForOp panelLoop);

  //===--- The trailing warps --------------------------------------------===//
  void trailingWarps(KernelBuilder &b);
  SmallVector<Value> trailingPanel(KernelBuilder &b, Value panel,
                                   ValueRange previousPivotRows);
  SmallVector<Value> readPivotRows(KernelBuilder &b);
  void readPublishedPanel(KernelBuilder &b);
  void dispatchColumnSlots(KernelBuilder &b, int64_t slots);
  void updateColumns(KernelBuilder &b, int64_t slots);
  int64_t xAt(int64_t t, int64_t s) const { return t * slots + s; }
  SmallVector<Value> substituteURows(KernelBuilder &b, bool skipZeroSteps);
  void storeURows(KernelBuilder &b, ArrayRef<Value> x);
  void updateGroups(KernelBuilder &b, ArrayRef<Value> x);
  SmallVector<Value> loadGroup(KernelBuilder &b, Value group);
  void updateGroup(KernelBuilder &b, ValueRange current, ArrayRef<Value> x);

  //===--- State ---------------------------------------------------------===//
  /// The kernel entry's builder (the body's outermost insertion point).
  KernelBuilder &top;
  Value input, lu, pivots, info, permutation;
  Type elementType, intType, i32, keyType;
  bool oneBasedPivots;
  const PanelLuShape shape;
  /// The copies overlap the factorization (buildPanelLuKernelBody).
  const bool overlapCopies;
  const ElementArith element;
  const int64_t rowSlots, columnSlots, listSize;
  // High words of |pivot| between which fastReciprocal holds: the smallest
  // normal number and 2^(emax - 2), whose reciprocal is normal.
  const int64_t normalHigh, reciprocalHigh;
  /// The i32 words after the matrix: the row at each position, the lists
  /// of unused rows, the pivot rows and (count, zero steps) by parity.
  const int64_t orderAt, listAt, pivotRowsAt, metaAt;
  /// Where the panel loop's state (q, then position, then firstZero) is.
  const int64_t positionAt, firstZeroAt;

  /// Hoisted: zero, the sizes, the thread's ids, the views of shared
  /// memory, the lane's rows (lane + 32 * slot).
  Value zeroValue, batch, m, n, k, panels, stride, lane, laneI32, warp, blockId,
      gridDim, a, ints;
  SmallVector<Value> rows;
  /// The matrix the block works on.
  Value matrix;

  /// The panel being emitted (in either loop): its first column, its step
  /// count, its parity and its zero steps (bit t: step k0 + t's pivot was
  /// zero).
  Value k0, steps, parity, zeroBits;

  /// The panel warp's state, carried from panel to panel and updated in
  /// place after each step: the panel registers, the positions of the
  /// lane's rows (-1 past the matrix), info (the first zero step + 1), and
  /// the panel's pivot rows.
  SmallVector<Value> q, position;
  Value firstZero, k0I32;
  SmallVector<Value> pivotRow;
  /// The step being emitted: its column in the panel, its index, which of
  /// the lane's row slots are still open, and the lane's candidate: the
  /// high words of its open rows, their maximum, the warp's maximum, the
  /// slot holding it (and how many do), that row's value, position and
  /// later panel entries, its reciprocal, the lane the reduction names,
  /// the ballot of the lanes that rule the fast path out (ties, non-finite
  /// entries) and the fast path's pivot from the named lane.
  struct Step {
    int64_t c;
    Value k;
    SmallVector<Value> open, high;
    Value laneMax, topHigh, mySlot, holding, cand, candPos, candInverse,
        irregular, from;
    SmallVector<Value> candRow;
    Pivot candidate;
  } step;

  /// The trailing warps' state: the warp's index among them, the panel's
  /// pivot rows, its groups of four unused rows and their list, the first
  /// column past the next panel and the column slots those columns need;
  /// in updateColumns, the slot count and the lane's columns (and whether
  /// they lie in the matrix).
  Value trailingWarp;
  SmallVector<Value> pivotRowIndex;
  Value groups, listBase, lastListed, first, slotsNeeded;
  int64_t slots = 0;
  SmallVector<Value> col, valid;
};

PanelLuKernel::PanelLuKernel(KernelBuilder &top, ValueRange args,
                             Type elementType, Type intType,
                             bool withPermutation, bool oneBasedPivots,
                             PanelLuShape shape, bool overlapCopies)
    : top(top), input(args[0]), lu(args[1]), pivots(args[2]), info(args[3]),
      permutation(withPermutation ? args[4] : Value()),
      elementType(elementType), intType(intType), i32(top.getI32Type()),
      keyType(top.getIntegerType(elementType.getIntOrFloatBitWidth())),
      oneBasedPivots(oneBasedPivots), shape(shape),
      overlapCopies(overlapCopies),
      element(elementType, ElementArith::Flavour::Kernel),
      rowSlots(shape.rowSlots()), columnSlots(shape.columnSlots()),
      listSize(PanelLuShape::listSize(shape.rows)),
      normalHigh(elementType.isF64() ? 0x00100000 : 0x00800000),
      reciprocalHigh(elementType.isF64() ? 0x7fd00000 : 0x7e800000), orderAt(0),
      listAt(listSize), pivotRowsAt(3 * listSize),
      metaAt(3 * listSize + 2 * NB), positionAt(rowSlots * NB),
      firstZeroAt(positionAt + rowSlots) {}

void PanelLuKernel::emit() {
  castToStaticShapes();
  hoistValues();
  top.forLoop(blockId, batch, gridDim, [&](KernelBuilder &b, Value index) {
    matrix = index;
    // The previous matrix's readers are done with shared memory.
    b.barrier();
    if (!overlapCopies)
      copyIn(b);
    Value isPanelWarp = b.cmp(P::eq, warp, b.index(0));
    scf::IfOp::create(
        b, isPanelWarp,
        [&](OpBuilder &nested, Location loc) {
          KernelBuilder b(loc, nested);
          panelWarp(b);
          scf::YieldOp::create(b);
        },
        [&](OpBuilder &nested, Location loc) {
          KernelBuilder b(loc, nested);
          trailingWarp = b.sub(warp, b.index(1));
          if (overlapCopies)
            copyIn(b);
          trailingWarps(b);
          scf::YieldOp::create(b);
        });
    b.barrier();
    copyOut(b);
  });
}

//===----------------------------------------------------------------------===//
// Setup and shared memory
//===----------------------------------------------------------------------===//

/// A static shape's kernel casts its arguments to it, so that every address
/// and bound folds to constants.
void PanelLuKernel::castToStaticShapes() {
  if (!shape.exact)
    return;
  input = withStaticTrailingSizes(top, input, {shape.rows, shape.cols});
  lu = withStaticTrailingSizes(top, lu, {shape.rows, shape.cols});
  pivots =
      withStaticTrailingSizes(top, pivots, {std::min(shape.rows, shape.cols)});
  if (permutation)
    permutation = withStaticTrailingSizes(top, permutation, {shape.rows});
}

/// The values every phase uses, at the body's top: zero, the sizes, the
/// thread's ids, the views of shared memory and the lane's rows.
void PanelLuKernel::hoistValues() {
  KernelBuilder &b = top;
  zeroValue = arith::ConstantOp::create(b, b.getZeroAttr(elementType));
  batch = b.dim(lu, 0);
  m = b.dim(lu, 1);
  n = b.dim(lu, 2);
  k = b.minU(m, n);
  panels = b.ceilDivU(k, b.index(NB));
  stride = b.index(shape.rowStride());
  lane = b.threadId(gpu::Dimension::x);
  laneI32 = b.toI32(lane);
  warp = b.threadId(gpu::Dimension::y);
  blockId = b.blockId(gpu::Dimension::x);
  gridDim = b.gridDim(gpu::Dimension::x);

  // Dynamic shared memory (PanelLuShape::sharedBytes): the matrix at the
  // odd row stride of the size bound, then i32: the row at each position,
  // and by panel parity the list of unused rows, the pivot rows and (count,
  // zero steps).
  Value shared = gpu::DynamicSharedMemoryOp::create(
      b, workgroupMemRef({ShapedType::kDynamic}, b.getI8Type()));
  int64_t elementBytes = elementByteSize(elementType);
  Value matrixBytes = b.index(shape.matrixBytes(elementBytes));
  a = memref::ViewOp::create(
      b, workgroupMemRef({shape.rows * shape.rowStride()}, elementType), shared,
      b.index(0), ValueRange());
  ints = memref::ViewOp::create(
      b, workgroupMemRef({PanelLuShape::intCount(shape.rows)}, i32), shared,
      matrixBytes, ValueRange());
  for (int64_t r = 0; r < rowSlots; ++r)
    rows.push_back(b.add(lane, b.index(32 * r)));
}

Value PanelLuKernel::at(KernelBuilder &b, Value row, Value col) {
  return b.add(b.mul(row, stride), col);
}
Value PanelLuKernel::loadA(KernelBuilder &b, Value row, Value col) {
  return b.load(a, at(b, row, col));
}
Value PanelLuKernel::loadInt(KernelBuilder &b, Value offset) {
  return b.load(ints, offset);
}
void PanelLuKernel::storeInt(KernelBuilder &b, Value v, Value offset) {
  b.store(v, ints, offset);
}

/// The first panel's columns of the lane's rows from the input in global
/// memory, as panel registers, zeros outside the matrix (loadPanel's
/// clamped addresses would read past an empty matrix there).
SmallVector<Value> PanelLuKernel::loadFirstPanelFromInput(KernelBuilder &b) {
  Value width = b.minU(k, b.index(NB));
  SmallVector<Value> panel;
  for (int64_t r = 0; r < rowSlots; ++r) {
    Value rowValid = b.cmp(P::ult, rows[r], m);
    Value row = b.select(rowValid, rows[r], b.index(0));
    for (int64_t c = 0; c < NB; ++c) {
      Value valid = b.both(rowValid, b.cmp(P::ult, b.index(c), width));
      Value col = b.select(valid, b.index(c), b.index(0));
      panel.push_back(b.select(
          valid, b.load(input, ValueRange{matrix, row, col}), zeroValue));
    }
  }
  return panel;
}
/// Columns col0... of the lane's rows from shared memory, as panel
/// registers. Rows past the matrix and columns past it read its last row
/// and column instead of selecting zeros: those registers are never
/// searched or stored (their rows have no position, their columns no
/// step), so their values do not matter.
SmallVector<Value> PanelLuKernel::loadPanel(KernelBuilder &b, Value col0) {
  Value lastRow = b.sub(b.maxU(m, b.index(1)), b.index(1));
  Value lastCol = b.sub(b.maxU(n, b.index(1)), b.index(1));
  SmallVector<Value> panel;
  for (int64_t r = 0; r < rowSlots; ++r) {
    Value row = b.minU(rows[r], lastRow);
    for (int64_t c = 0; c < NB; ++c)
      panel.push_back(loadA(b, row, b.minU(b.add(col0, b.index(c)), lastCol)));
  }
  return panel;
}

/// acc - l * u where `applies`, acc elsewhere (an elimination's entry).
/// With u known finite a zero multiplier does it without a select an
/// entry (exact up to the sign of a zero entry; 0 * Inf would be NaN),
/// else a select. The negation goes on u, not on the selected multiplier:
/// LLVM would push it into the select, and ptxas computes it there by a
/// DADD.
Value PanelLuKernel::subtractMultiple(KernelBuilder &b, Value applies, Value l,
                                      Value u, Value acc, bool uFinite) {
  if (uFinite)
    return fma(b, b.select(applies, l, zeroValue), arith::NegFOp::create(b, u),
               acc);
  return b.select(applies, fma(b, arith::NegFOp::create(b, l), u, acc), acc);
}

//===----------------------------------------------------------------------===//
// Copies in and out
//===----------------------------------------------------------------------===//

// The matrix's rows a warp each and its columns a lane each (row
// firstRow + worker + workers * i, column lane + 32 * s) for the copies in
// and out. Unrolled to the shape's bound, they are loads and stores at
// constant offsets from a thread's first address, with no loop counters
// (two 64-bit loops cost ~70 instructions a row). Guarded where the bound
// can pass the matrix. A size bucket's kernel keeps the loop over rows:
// unrolled and guarded to the bound, its larger code was slower
// (docs/benchmarks.md, run 16).
void PanelLuKernel::forEachSlot(
    KernelBuilder &b, Value first, int64_t increment, int64_t bound, Value size,
    function_ref<void(KernelBuilder &, Value)> body) {
  for (int64_t offset = 0; offset < bound; offset += increment) {
    Value slot = b.add(first, b.index(offset));
    if (shape.exact && offset + increment <= bound)
      body(b, slot);
    else
      b.ifThen(b.cmp(P::ult, slot, size),
               [&](KernelBuilder &b) { body(b, slot); });
  }
}
void PanelLuKernel::forEachRow(
    KernelBuilder &b, int64_t firstRow, Value worker, int64_t workers,
    function_ref<void(KernelBuilder &, Value)> body) {
  Value first = b.add(b.index(firstRow), worker);
  if (shape.exact)
    return forEachSlot(b, first, workers, shape.rows - firstRow, m, body);
  b.forLoop(first, m, b.index(workers), body);
}
void PanelLuKernel::forEachColumn(
    KernelBuilder &b, function_ref<void(KernelBuilder &, Value)> body) {
  forEachSlot(b, lane, 32, shape.cols, n, body);
}

/// In: a warp a row at a time, consecutive lanes on consecutive columns
/// (coalesced; no division by the run-time width), copied asynchronously
/// (no registers, all in flight); then a barrier. With overlapped copies,
/// only the trailing warps copy, while the panel warp factors the first
/// panel from global memory: its columns are left to its publication,
/// whose barrier makes the copies visible.
void PanelLuKernel::copyIn(KernelBuilder &b) {
  Value worker = overlapCopies ? trailingWarp : warp;
  int64_t workers = overlapCopies ? TW : PanelLuShape::kWarps;
  Value firstColumn = overlapCopies ? b.minU(k, b.index(NB)) : Value();
  forEachRow(b, 0, worker, workers, [&](KernelBuilder &b, Value row) {
    Value rowStart = b.mul(row, stride);
    auto copy = [&](KernelBuilder &b, Value col) {
      nvgpu::DeviceAsyncCopyOp::create(
          b, nvgpu::DeviceAsyncTokenType::get(b.getContext()), a,
          ValueRange{b.add(rowStart, col)}, input, ValueRange{matrix, row, col},
          b.getIndexAttr(1), /*srcElements=*/Value(), /*bypassL1=*/UnitAttr());
    };
    forEachColumn(b, [&](KernelBuilder &b, Value col) {
      if (!overlapCopies)
        return copy(b, col);
      b.ifThen(b.cmp(P::uge, col, firstColumn),
               [&](KernelBuilder &b) { copy(b, col); });
    });
  });
  NVVM::CpAsyncCommitGroupOp::create(b);
  NVVM::CpAsyncWaitGroupOp::create(b, 0);
  if (!overlapCopies)
    b.barrier();
}

/// Entry `col` of the row at `rowStart` in shared memory to lu's row
/// `position`; the permutation's entry `position`, the row (i32).
void PanelLuKernel::storeOut(KernelBuilder &b, Value rowStart, Value position,
                             Value col) {
  b.store(b.load(a, b.add(rowStart, col)), lu,
          ValueRange{matrix, position, col});
}
void PanelLuKernel::storePermutation(KernelBuilder &b, Value row,
                                     Value position) {
  b.store(b.extendSigned(row, intType), permutation,
          ValueRange{matrix, position});
}

/// A finished panel's rows (`rowAt`, at positions firstPosition...) to
/// lu and the permutation, by the trailing warps, whose lanes split the
/// columns: written while later panels are factored rather than after.
void PanelLuKernel::storeFinishedRows(KernelBuilder &b, ArrayRef<Value> rowAt,
                                      Value firstPosition) {
  Value column = b.add(lane, b.mul(trailingWarp, b.index(32)));
  for (int64_t t = 0; t < NB; ++t) {
    Value rowStart = b.mul(b.toIndex(rowAt[t]), stride);
    Value position = b.add(firstPosition, b.index(t));
    forEachSlot(b, column, 32 * TW, shape.cols, n,
                [&](KernelBuilder &b, Value col) {
                  storeOut(b, rowStart, position, col);
                });
  }
  if (!permutation)
    return;
  Value mine = rowAt[0];
  for (int64_t t = 1; t < NB; ++t)
    mine = b.select(b.cmp(P::eq, lane, b.index(t)), rowAt[t], mine);
  b.ifThen(b.both(b.cmp(P::eq, trailingWarp, b.index(0)),
                  b.cmp(P::ult, lane, b.index(NB))),
           [&](KernelBuilder &b) {
             storePermutation(b, mine, b.add(firstPosition, lane));
           });
}

/// The first position copyOut writes with overlapped copies: the last
/// panel's (a static shape's, else 0 here and computed at run time).
int64_t PanelLuKernel::lastPanelStart() const {
  if (!overlapCopies || !shape.exact)
    return 0;
  int64_t steps = std::min(shape.rows, shape.cols);
  return steps == 0 ? 0 : (steps - 1) / NB * NB;
}

/// Out, after the last barrier: row q of lu is row order[q], a warp a row;
/// the permutation is the row order. With overlapped copies, only the
/// positions the trailing warps have not written: the last panel's and, in
/// a tall matrix, those past K.
void PanelLuKernel::copyOut(KernelBuilder &b) {
  Value start = b.index(0);
  if (overlapCopies && !shape.exact) {
    Value lastPanel = b.sub(b.maxU(panels, b.index(1)), b.index(1));
    start = b.mul(lastPanel, b.index(NB));
  }
  forEachRow(b, lastPanelStart(), b.add(start, warp), PanelLuShape::kWarps,
             [&](KernelBuilder &b, Value q) {
               Value row = loadInt(b, b.add(q, b.index(orderAt)));
               Value rowStart = b.mul(b.toIndex(row), stride);
               forEachColumn(b, [&](KernelBuilder &b, Value col) {
                 storeOut(b, rowStart, q, col);
               });
               if (permutation)
                 b.ifThen(
                     b.cmp(P::eq, lane, b.index(0)),
                     [&](KernelBuilder &b) { storePermutation(b, row, q); });
             });
}

//===----------------------------------------------------------------------===//
// The panel warp
//===----------------------------------------------------------------------===//

/// The panel warp (warp 0): factors the panels in registers, publishes
/// each (its columns in shared memory; pivot rows, zero steps and the
/// unused rows by parity), meets the others at the panel's barrier, then
/// applies the panel to the next one itself (look-ahead) and goes on. With
/// overlapped copies the first panel comes straight from global memory,
/// its steps overlapping the trailing warps' copy of the rest.
void PanelLuKernel::panelWarp(KernelBuilder &b) {
  SmallVector<Value> init =
      overlapCopies ? loadFirstPanelFromInput(b) : loadPanel(b, b.index(0));
  for (int64_t r = 0; r < rowSlots; ++r)
    init.push_back(
        b.select(b.cmp(P::ult, rows[r], m), b.toI32(rows[r]), b.i32(-1)));
  init.push_back(b.i32(0));
  auto panelLoop = scf::ForOp::create(
      b, b.index(0), panels, b.index(1), init,
      [&](OpBuilder &nested, Location loc, Value panel, ValueRange iter) {
        KernelBuilder b(loc, nested);
        scf::YieldOp::create(b, factorPanel(b, panel, iter));
      });
  storeOrderAndInfo(b, panelLoop);
}

/// One panel of the panel warp's loop: its steps, its publication and the
/// look-ahead; returns the loop's next state.
SmallVector<Value> PanelLuKernel::factorPanel(KernelBuilder &b, Value panel,
                                              ValueRange iter) {
  q.assign(iter.begin(), iter.begin() + positionAt);
  position.assign(iter.begin() + positionAt, iter.begin() + firstZeroAt);
  firstZero = iter[firstZeroAt];
  k0 = b.mul(panel, b.index(NB));
  k0I32 = b.toI32(k0);
  steps = b.minU(b.sub(k, k0), b.index(NB));
  parity = b.bitAnd(panel, b.index(1));
  zeroBits = b.i32(0);
  pivotRow.assign(NB, b.i32(0));
  for (int64_t c = 0; c < NB; ++c)
    factorColumn(b, c);
  publishPanel(b);
  SmallVector<Value> yielded = lookAhead(b, panel);
  yielded.append(position.begin(), position.end());
  yielded.push_back(firstZero);
  return yielded;
}

/// A step's result (the panel warp's state after it), as its branches
/// yield it.
SmallVector<Value> PanelLuKernel::packState(ArrayRef<Value> q,
                                            ArrayRef<Value> position,
                                            Value firstZero, Value zeroBits,
                                            Value pivotRowOfStep) {
  SmallVector<Value> state(q);
  state.append(position.begin(), position.end());
  state.append({firstZero, zeroBits, pivotRowOfStep});
  return state;
}

/// Step k0 + c when the panel has it (else the state unchanged); the
/// panel warp's state takes its result.
void PanelLuKernel::factorColumn(KernelBuilder &b, int64_t c) {
  SmallVector<Value> state = b.ifThenElse(
      b.cmp(P::ult, b.index(c), steps),
      [&](KernelBuilder &b) { return factorStep(b, c); },
      [&](KernelBuilder &) {
        return packState(q, position, firstZero, zeroBits, pivotRow[c]);
      });
  q.assign(state.begin(), state.begin() + positionAt);
  position.assign(state.begin() + positionAt, state.begin() + firstZeroAt);
  firstZero = state[firstZeroAt];
  zeroBits = state[firstZeroAt + 1];
  pivotRow[c] = state[firstZeroAt + 2];
}

/// Step k0 + c: the pivot, the row exchange, the scaling and the update of
/// the panel's later columns. The lanes' candidates first; the fast path
/// when a single normal pivot holds the maximum, else the full search.
SmallVector<Value> PanelLuKernel::factorStep(KernelBuilder &b, int64_t c) {
  step = Step();
  step.c = c;
  searchLaneCandidate(b);
  prepareCandidate(b);
  Value fast =
      b.both(b.cmp(P::eq, step.irregular, b.i32(0)),
             b.both(b.cmp(P::uge, step.topHigh, b.i32(normalHigh)),
                    b.cmp(P::ult, step.topHigh, b.i32(reciprocalHigh))));
  return b.ifThenElse(
      fast, [&](KernelBuilder &b) { return takeCandidate(b); },
      [&](KernelBuilder &b) { return fullSearch(b); });
}

/// The lane's candidate: the largest high word among its open rows (and
/// the slot holding it), and the warp's largest with the lane holding it.
void PanelLuKernel::searchLaneCandidate(KernelBuilder &b) {
  const int64_t c = step.c;
  step.k = b.add(k0I32, b.i32(c));
  // The lane's candidate first: the largest high word among its
  // open rows, that row's slot, value, position, reciprocal and
  // later panel entries. The high words leave their lowest bits to the
  // lane, so that the reduction names the lane of the largest: the
  // shuffles from it start while a ballot decides whether it is the
  // only one (else the full search, on whole values, takes the step).
  Value highBits = b.i32(~kLaneMask);
  for (int64_t r = 0; r < rowSlots; ++r) {
    step.open.push_back(b.cmp(P::sge, position[r], step.k));
    step.high.push_back(b.select(
        step.open[r], b.bitAnd(magnitudeHighWord(b, q[qAt(r, c)]), highBits),
        b.i32(0)));
    step.laneMax = r ? b.maxU(step.laneMax, step.high[r]) : step.high[r];
  }
  // The reduction first in program order: a warp-synchronous
  // instruction begins a basic block for ptxas (its convergence
  // check), so what precedes it in the PTX is issued before it. The
  // candidate's selects and its reciprocal's Newton chain go after,
  // where they run while the reduction is in flight.
  Value top = b.redux(NVVM::ReduxKind::UMAX, b.bitOr(step.laneMax, laneI32));
  step.topHigh = b.bitAnd(top, highBits);
  step.from = b.bitAnd(top, b.i32(kLaneMask));
  step.mySlot = b.i32(0);
  step.holding = b.i32(0);
  for (int64_t r = rowSlots - 1; r >= 0; --r) {
    Value holds =
        b.both(step.open[r], b.cmp(P::eq, step.high[r], step.laneMax));
    step.mySlot = b.select(holds, b.i32(r), step.mySlot);
    step.holding = b.add(step.holding, arith::ExtUIOp::create(b, i32, holds));
  }
}

/// The candidate's value, position, later panel entries and reciprocal, in
/// the shadow of the reduction; the ballot that decides the fast path.
void PanelLuKernel::prepareCandidate(KernelBuilder &b) {
  const int64_t c = step.c;
  step.cand = q[qAt(0, c)];
  step.candPos = position[0];
  step.candRow.resize(NB);
  for (int64_t j = c + 1; j < NB; ++j)
    step.candRow[j] = q[qAt(0, j)];
  for (int64_t r = 1; r < rowSlots; ++r) {
    Value isSlot = b.cmp(P::eq, step.mySlot, b.i32(r));
    step.cand = b.select(isSlot, q[qAt(r, c)], step.cand);
    step.candPos = b.select(isSlot, position[r], step.candPos);
    for (int64_t j = c + 1; j < NB; ++j)
      step.candRow[j] = b.select(isSlot, q[qAt(r, j)], step.candRow[j]);
  }
  // The fast path also asks for the winner's later panel entries to
  // be finite: its rows that do not update then take a zero
  // multiplier instead of a select an entry (0 * Inf would be NaN).
  Value rowFinite =
      areFinite(b, ArrayRef<Value>(step.candRow).drop_front(c + 1));
  // One ballot rules the fast path out: a lane holding the maximum
  // other than the one the reduction names (a tie), or that one holding
  // it in two rows or with a non-finite later entry.
  Value isTop = b.cmp(P::eq, step.laneMax, step.topHigh);
  Value notSole = b.bitOr(b.cmp(P::ne, laneI32, step.from),
                          b.cmp(P::ugt, step.holding, b.i32(1)));
  step.irregular =
      b.ballot(b.both(isTop, b.bitOr(notSole, b.negate(rowFinite))));
  // Computed in the shadow of the reduction and the ballot, before the
  // branch (pinned there, so that LLVM does not sink them into the fast
  // path, where they would follow the branch in line): the reciprocal,
  // then the shuffles of the fast path's pivot from the reduction's lane.
  step.candInverse = pinValue(b, fastReciprocal(b, step.cand));
  Pivot &pivot = step.candidate;
  pivot.from = step.from;
  pivot.u.resize(NB);
  for (int64_t j = c + 1; j < NB; ++j)
    pivot.u[j] = shuffle(b, step.candRow[j], pivot.from);
  pivot.slot = shuffle(b, step.mySlot, pivot.from);
  pivot.value = shuffle(b, step.cand, pivot.from);
  pivot.position = shuffle(b, step.candPos, pivot.from);
  pivot.inverse = shuffle(b, step.candInverse, pivot.from);
  pivot.slow = false;
}

/// The fast path: the single lane holding the maximum has the pivot,
/// shuffled from it already; the step.
SmallVector<Value> PanelLuKernel::takeCandidate(KernelBuilder &b) {
  return finishStep(b, step.candidate);
}

/// Ties, zeros, NaN, Inf, extreme pivots: the full 64-bit keys (pivotKey's
/// NaN rules), then the first position holding the largest.
SmallVector<Value> PanelLuKernel::fullSearch(KernelBuilder &b) {
  const int64_t c = step.c;
  Value bestKey = arith::ConstantIntOp::create(b, keyType, 0);
  Value bestPos = b.i32(1 << 30), bestSlot = b.i32(0);
  for (int64_t r = 0; r < rowSlots; ++r) {
    Value key =
        b.select(step.open[r],
                 pivotKey(b, element, q[qAt(r, c)],
                          b.cmp(P::eq, position[r], step.k), elementType),
                 arith::ConstantIntOp::create(b, keyType, 0));
    Value take = b.both(step.open[r],
                        b.bitOr(b.cmp(P::ugt, key, bestKey),
                                b.both(b.cmp(P::eq, key, bestKey),
                                       b.cmp(P::slt, position[r], bestPos))));
    bestKey = b.select(take, key, bestKey);
    bestPos = b.select(take, position[r], bestPos);
    bestSlot = b.select(take, b.i32(r), bestSlot);
  }
  Value best = reduceMaxKey(b, bestKey, [&](KernelBuilder &b, Value v) {
    return b.redux(NVVM::ReduxKind::UMAX, v);
  });
  Value tied = b.cmp(P::eq, bestKey, best);
  Value firstPos =
      b.redux(NVVM::ReduxKind::UMIN, b.select(tied, bestPos, b.i32(-1)));
  Pivot pivot;
  pivot.from = math::CountTrailingZerosOp::create(
      b, b.ballot(b.both(tied, b.cmp(P::eq, bestPos, firstPos))));
  pivot.slot = shuffle(b, bestSlot, pivot.from);
  // Column j of the pivot's row, from its lane.
  auto ofPivotSlot = [&](int64_t j) {
    Value v = q[qAt(0, j)];
    for (int64_t r = 1; r < rowSlots; ++r)
      v = b.select(b.cmp(P::eq, pivot.slot, b.i32(r)), q[qAt(r, j)], v);
    return shuffle(b, v, pivot.from);
  };
  pivot.u.resize(NB);
  for (int64_t j = c + 1; j < NB; ++j)
    pivot.u[j] = ofPivotSlot(j);
  pivot.value = ofPivotSlot(c);
  pivot.position = shuffle(b, bestPos, pivot.from);
  pivot.inverse = fastReciprocal(b, pivot.value);
  pivot.slow = true;
  return finishStep(b, pivot);
}

/// The step with its pivot found: the exchange (positions; pivots[k]),
/// then the elimination. `slow` is known here: the fast path's pivot is
/// normal with a normal reciprocal, so its code holds neither the zero
/// pivot's branch nor divisions.
SmallVector<Value> PanelLuKernel::finishStep(KernelBuilder &b, Pivot &pivot) {
  pivot.row = b.add(pivot.from, b.mul(pivot.slot, b.i32(32)));
  Value isFrom = b.cmp(P::eq, laneI32, pivot.from);
  for (int64_t r = 0; r < rowSlots; ++r) {
    pivot.here.push_back(b.both(isFrom, b.cmp(P::eq, pivot.slot, b.i32(r))));
    pivot.newPosition.push_back(
        b.select(pivot.here[r], step.k,
                 b.select(b.cmp(P::eq, position[r], step.k), pivot.position,
                          position[r])));
  }
  // Every lane stores the same value to the same address: no
  // branch on the chain.
  b.store(
      storedPivot(b, b.extendSigned(pivot.position, intType), oneBasedPivots),
      pivots, ValueRange{matrix, b.toIndex(step.k)});
  if (!pivot.slow)
    return eliminate(b, pivot, /*divide=*/false);
  return b.ifThenElse(
      element.isZero(b, pivot.value),
      [&](KernelBuilder &b) { return skipZeroPivot(b, pivot); },
      [&](KernelBuilder &b) {
        Value magnitude = magnitudeHighWord(b, pivot.value);
        Value multiplies =
            b.both(b.cmp(P::uge, magnitude, b.i32(normalHigh)),
                   b.cmp(P::ult, magnitude, b.i32(reciprocalHigh)));
        return b.ifThenElse(
            multiplies,
            [&](KernelBuilder &b) { return eliminate(b, pivot, false); },
            [&](KernelBuilder &b) { return eliminate(b, pivot, true); });
      });
}

/// The rows below the pivot (open, not the pivot's): their multipliers
/// (by the reciprocal, or dividing for extreme pivots) and the update of
/// their later panel entries.
SmallVector<Value> PanelLuKernel::eliminate(KernelBuilder &b,
                                            const Pivot &pivot, bool divide) {
  const int64_t c = step.c;
  SmallVector<Value> next(q);
  for (int64_t r = 0; r < rowSlots; ++r) {
    Value below = b.both(step.open[r], b.negate(pivot.here[r]));
    Value value = q[qAt(r, c)];
    Value l = divide ? element.div(b, value, pivot.value)
                     : element.mul(b, value, pivot.inverse);
    next[qAt(r, c)] = b.select(below, l, value);
    // On the fast path the pivot row's entries u are finite.
    for (int64_t j = c + 1; j < NB; ++j)
      next[qAt(r, j)] =
          subtractMultiple(b, below, l, pivot.u[j], q[qAt(r, j)], !pivot.slow);
  }
  return packState(next, pivot.newPosition, firstZero, zeroBits, pivot.row);
}

/// A zero pivot neither scales nor updates; info is the first one's step
/// + 1.
SmallVector<Value> PanelLuKernel::skipZeroPivot(KernelBuilder &b,
                                                const Pivot &pivot) {
  Value noneYet = b.cmp(P::eq, firstZero, b.i32(0));
  return packState(q, pivot.newPosition,
                   b.select(noneYet, b.add(step.k, b.i32(1)), firstZero),
                   b.bitOr(zeroBits, b.i32(1 << step.c)), pivot.row);
}

/// Publish the panel: its columns, its pivot rows (lane t: step t's),
/// its zero steps and the rows still unused; then the panel's barrier.
void PanelLuKernel::publishPanel(KernelBuilder &b) {
  storePanelColumns(b);
  publishPivotRows(b);
  Value count = publishUnusedRows(b);
  Value metaBase = b.add(b.mul(parity, b.index(2)), b.index(metaAt));
  storeInt(b, count, metaBase);
  storeInt(b, zeroBits, b.add(metaBase, b.index(1)));
  b.barrier();
}

/// The panel's columns of the lane's rows that were unused when it began,
/// into shared memory. Earlier pivot rows hold their final values there
/// already (stored by the look-ahead or the trailing warps' U rows); the
/// panel warp's registers of those rows are not kept up to date.
void PanelLuKernel::storePanelColumns(KernelBuilder &b) {
  for (int64_t r = 0; r < rowSlots; ++r) {
    Value unusedBefore = b.cmp(P::sge, position[r], k0I32);
    for (int64_t c = 0; c < NB; ++c)
      b.ifThen(b.both(unusedBefore, b.cmp(P::ult, b.index(c), steps)),
               [&](KernelBuilder &b) {
                 b.store(q[qAt(r, c)], a,
                         at(b, rows[r], b.add(k0, b.index(c))));
               });
  }
}

/// The pivot rows by parity, lane t storing step t's.
void PanelLuKernel::publishPivotRows(KernelBuilder &b) {
  Value mine = pivotRow[0];
  for (int64_t t = 1; t < NB; ++t)
    mine = b.select(b.cmp(P::eq, lane, b.index(t)), pivotRow[t], mine);
  b.ifThen(b.cmp(P::ult, lane, b.index(NB)), [&](KernelBuilder &b) {
    storeInt(
        b, mine,
        b.add(b.add(b.mul(parity, b.index(NB)), lane), b.index(pivotRowsAt)));
  });
}

/// The unused rows' list by parity (compacted by ballots); returns their
/// count. The trailing warps complete its last group of four themselves,
/// which keeps a warp sync and a load off the panel warp's path.
Value PanelLuKernel::publishUnusedRows(KernelBuilder &b) {
  Value listBase = b.add(b.mul(parity, b.index(listSize)), b.index(listAt));
  Value firstI32 = b.toI32(b.add(k0, steps));
  Value lanesBelow = b.sub(b.shl(b.i32(1), laneI32), b.i32(1));
  Value count = b.i32(0);
  for (int64_t r = 0; r < rowSlots; ++r) {
    Value unused = b.cmp(P::sge, position[r], firstI32);
    Value unusedLanes = b.ballot(unused);
    Value slotIndex = b.add(
        count, math::CtPopOp::create(b, b.bitAnd(unusedLanes, lanesBelow)));
    b.ifThen(unused, [&](KernelBuilder &b) {
      storeInt(b, b.toI32(rows[r]), b.add(listBase, b.toIndex(slotIndex)));
    });
    count = b.add(count, math::CtPopOp::create(b, unusedLanes));
  }
  return count;
}

/// Look-ahead: the next panel's columns, with this panel applied (the
/// panel registers unchanged after the last panel).
SmallVector<Value> PanelLuKernel::lookAhead(KernelBuilder &b, Value panel) {
  return b.ifThenElse(
      b.cmp(P::ult, b.add(panel, b.index(1)), panels),
      [&](KernelBuilder &b) { return applyPanelToNext(b); },
      [&](KernelBuilder &) { return SmallVector<Value>(q); });
}

/// The next panel's columns from shared memory, updated by this panel's
/// steps. (A panel followed by another has all NB steps.)
SmallVector<Value> PanelLuKernel::applyPanelToNext(KernelBuilder &b) {
  Value n0 = b.add(k0, b.index(NB));
  SmallVector<Value> next = loadPanel(b, n0);
  // The common panel, all NB steps with nonzero pivots, needs none of the
  // selects that drop a zero step's terms: a branch of its own.
  Value fullPanel = b.cmp(P::eq, zeroBits, b.i32(0));
  return b.ifThenElse(
      fullPanel,
      [&](KernelBuilder &b) { return applyUBlock(b, n0, next, true); },
      [&](KernelBuilder &b) { return applyUBlock(b, n0, next, false); });
}

/// The panel's U block over the next panel's columns and its update of
/// `next`; `fullPanel`: every step of the panel took a nonzero pivot.
SmallVector<Value> PanelLuKernel::applyUBlock(KernelBuilder &b, Value n0,
                                              ArrayRef<Value> next,
                                              bool fullPanel) {
  SmallVector<Value> u = uBlockOver(b, n0, fullPanel);
  storeUBlock(b, n0, u);
  if (fullPanel)
    return updateAfterFullPanel(b, next, u);
  // Whether the U block is finite (the same in every lane): then
  // the rows that do not update take a zero multiplier rather
  // than a select an entry.
  return b.ifThenElse(
      areFinite(b, u),
      [&](KernelBuilder &b) { return updateNextPanel(b, next, u, true); },
      [&](KernelBuilder &b) { return updateNextPanel(b, next, u, false); });
}

/// The panel's U block over the next panel's columns (n0...; its pivot
/// rows; u[t * NB + j]). The panel has all NB steps (a later one follows);
/// without `fullPanel` some may have had zero pivots, whose terms drop.
SmallVector<Value> PanelLuKernel::uBlockOver(KernelBuilder &b, Value n0,
                                             bool fullPanel) {
  // The panel's U block over these columns (its pivot rows), by
  // forward substitution from shared memory, in every lane: all
  // NB columns' NB * (NB - 1) / 2 multiply-adds each instead of
  // one column's, but no hand-over from the lanes that computed
  // them (a store, a warp sync and loads on the panel warp's
  // chain). Columns past the matrix read its last one; their
  // results are never stored.
  SmallVector<Value> cols;
  for (int64_t j = 0; j < NB; ++j)
    cols.push_back(b.minU(b.add(n0, b.index(j)), b.sub(n, b.index(1))));
  auto uAt = [](int64_t t, int64_t j) { return t * NB + j; };
  SmallVector<Value> u(NB * NB);
  for (int64_t t = 0; t < NB; ++t) {
    Value rowIndex = b.toIndex(pivotRow[t]);
    SmallVector<Value> negL;
    for (int64_t s = 0; s < t; ++s)
      negL.push_back(
          arith::NegFOp::create(b, loadA(b, rowIndex, b.add(k0, b.index(s)))));
    for (int64_t j = 0; j < NB; ++j) {
      Value v = loadA(b, rowIndex, cols[j]);
      for (int64_t s = 0; s < t; ++s) {
        Value updated = fma(b, negL[s], u[uAt(s, j)], v);
        v = fullPanel ? updated : b.select(bit(b, zeroBits, s), v, updated);
      }
      u[uAt(t, j)] = v;
    }
  }
  return u;
}

/// The U block's columns in the matrix, at its pivot rows: the next
/// panel's publication leaves those rows out. Every lane holds the block
/// and stores it (one address a store); columns past the next panel's
/// width store their row's last column first, which the right value then
/// overwrites, rather than take a branch each.
void PanelLuKernel::storeUBlock(KernelBuilder &b, Value n0, ArrayRef<Value> u) {
  Value lastCol = b.sub(b.minU(k, b.add(n0, b.index(NB))), b.index(1));
  for (int64_t t = 0; t < NB; ++t) {
    Value rowIndex = b.toIndex(pivotRow[t]);
    for (int64_t j = NB - 1; j >= 0; --j)
      b.store(u[t * NB + j], a,
              at(b, rowIndex, b.minU(b.add(n0, b.index(j)), lastCol)));
  }
}

/// After a full panel every row slot takes every step, independent chains
/// of fused multiply-adds: the rows the update should not touch are this
/// and earlier panels' pivot rows (whose registers the panel warp no longer
/// reads) and rows past the matrix.
SmallVector<Value> PanelLuKernel::updateAfterFullPanel(KernelBuilder &b,
                                                       ArrayRef<Value> next,
                                                       ArrayRef<Value> u) {
  SmallVector<Value> updated(next);
  for (int64_t t = 0; t < NB; ++t)
    for (int64_t r = 0; r < rowSlots; ++r)
      for (int64_t j = 0; j < NB; ++j)
        updated[qAt(r, j)] = fma(b, arith::NegFOp::create(b, q[qAt(r, t)]),
                                 u[t * NB + j], updated[qAt(r, j)]);
  return updated;
}

/// After a panel with zero pivots: step t applies to the rows below it (a
/// later position) unless its pivot was zero.
SmallVector<Value> PanelLuKernel::updateNextPanel(KernelBuilder &b,
                                                  ArrayRef<Value> next,
                                                  ArrayRef<Value> u,
                                                  bool uIsFinite) {
  SmallVector<Value> updated(next);
  for (int64_t t = 0; t < NB; ++t) {
    Value nonzeroStep = b.negate(bit(b, zeroBits, t));
    for (int64_t r = 0; r < rowSlots; ++r) {
      Value updates = b.both(
          nonzeroStep, b.cmp(P::sgt, position[r], b.add(k0I32, b.i32(t))));
      for (int64_t j = 0; j < NB; ++j)
        updated[qAt(r, j)] =
            subtractMultiple(b, updates, q[qAt(r, t)], u[t * NB + j],
                             updated[qAt(r, j)], uIsFinite);
    }
  }
  return updated;
}

/// After the panel loop: the row at each position (the permutation) and
/// info.
void PanelLuKernel::storeOrderAndInfo(KernelBuilder &b, scf::ForOp panelLoop) {
  for (int64_t r = 0; r < rowSlots; ++r) {
    Value position = panelLoop.getResult(positionAt + r);
    b.ifThen(b.cmp(P::sge, position, b.i32(0)), [&](KernelBuilder &b) {
      storeInt(b, b.toI32(rows[r]),
               b.add(b.toIndex(position), b.index(orderAt)));
    });
  }
  b.store(b.extendSigned(panelLoop.getResult(firstZeroAt), intType), info,
          matrix);
}

//===----------------------------------------------------------------------===//
// The trailing warps
//===----------------------------------------------------------------------===//

/// The trailing warps (1..W-1): after panel p's barrier, its update of the
/// columns past panel p + 1 (the panel warp takes p + 1's): the panel's U
/// rows there by forward substitution (each warp all of them; the first
/// stores them once every warp has read the pivot rows), then the rank-NB
/// update of the unused rows, their groups of four shared round-robin,
/// the next group's data loaded while the current one computes. With
/// overlapped copies they then write out panel p - 1's rows, final since
/// this barrier (the loop carries each panel's pivot rows).
void PanelLuKernel::trailingWarps(KernelBuilder &b) {
  SmallVector<Value> init(overlapCopies ? NB : 0, b.i32(0));
  scf::ForOp::create(
      b, b.index(0), panels, b.index(1), init,
      [&](OpBuilder &nested, Location loc, Value panel, ValueRange iter) {
        KernelBuilder b(loc, nested);
        scf::YieldOp::create(b, trailingPanel(b, panel, iter));
      });
}

/// Panel `panel`'s update of the columns past the next panel, after its
/// barrier, where there are any; with overlapped copies, then the previous
/// panel's rows out. Returns the panel's pivot rows (i32) in that case.
SmallVector<Value> PanelLuKernel::trailingPanel(KernelBuilder &b, Value panel,
                                                ValueRange previousPivotRows) {
  b.barrier();
  k0 = b.mul(panel, b.index(NB));
  steps = b.minU(b.sub(k, k0), b.index(NB));
  parity = b.bitAnd(panel, b.index(1));
  SmallVector<Value> pivotRows;
  if (overlapCopies)
    pivotRows = readPivotRows(b);
  // Past the next panel: what the panel warp's look-ahead leaves (it
  // takes the next panel's columns below K; past K, as in a wide
  // matrix, the columns are all the trailing warps').
  first = b.minU(b.add(k0, b.index(2 * NB)), k);
  b.ifThen(b.cmp(P::ult, first, n), [&](KernelBuilder &b) {
    if (!overlapCopies)
      readPivotRows(b);
    readPublishedPanel(b);
    // As many column slots as the columns past the next panel need.
    slotsNeeded = b.ceilDivU(b.sub(n, first), b.index(32));
    dispatchColumnSlots(b, 1);
  });
  if (!overlapCopies)
    return pivotRows;
  // Panel p - 1's rows are final: its columns and those before by their
  // panels' publications, this panel's by this one's, the rest by the
  // trailing warps' update before this barrier. (The panel warp may store
  // the same values again in them meanwhile: its look-ahead leaves
  // earlier pivot rows as they are.)
  b.ifThen(b.cmp(P::ugt, panel, b.index(0)), [&](KernelBuilder &b) {
    storeFinishedRows(b, SmallVector<Value>(previousPivotRows),
                      b.sub(k0, b.index(NB)));
  });
  return pivotRows;
}

/// The panel's pivot rows, as the panel warp published them (i32).
SmallVector<Value> PanelLuKernel::readPivotRows(KernelBuilder &b) {
  SmallVector<Value> pivotRows;
  pivotRowIndex.clear();
  for (int64_t t = 0; t < NB; ++t) {
    pivotRows.push_back(loadInt(
        b, b.add(b.mul(parity, b.index(NB)), b.index(pivotRowsAt + t))));
    pivotRowIndex.push_back(b.toIndex(pivotRows.back()));
  }
  return pivotRows;
}

/// What else the panel warp published for the panel: its unused rows'
/// group count and list, its zero steps.
void PanelLuKernel::readPublishedPanel(KernelBuilder &b) {
  Value metaBase = b.add(b.mul(parity, b.index(2)), b.index(metaAt));
  Value count = b.toIndex(loadInt(b, metaBase));
  groups = b.ceilDivU(count, b.index(4));
  zeroBits = loadInt(b, b.add(metaBase, b.index(1)));
  listBase = b.add(b.mul(parity, b.index(listSize)), b.index(listAt));
  lastListed = b.sub(b.add(listBase, count), b.index(1));
}

/// The update with `slots` column slots a lane when they suffice, else
/// with more (up to the shape's bound), by a chain of ifs.
void PanelLuKernel::dispatchColumnSlots(KernelBuilder &b, int64_t slots) {
  if (slots == columnSlots)
    return updateColumns(b, slots);
  scf::IfOp::create(
      b, b.cmp(P::ule, slotsNeeded, b.index(slots)),
      [&](OpBuilder &nested, Location loc) {
        KernelBuilder nb(loc, nested);
        updateColumns(nb, slots);
        scf::YieldOp::create(nb);
      },
      [&](OpBuilder &nested, Location loc) {
        KernelBuilder nb(loc, nested);
        dispatchColumnSlots(nb, slots + 1);
        scf::YieldOp::create(nb);
      });
}

/// The update of the columns past the next panel with `slots` columns a
/// lane: the U rows there, stored by the first trailing warp, then the
/// unused rows' groups.
void PanelLuKernel::updateColumns(KernelBuilder &b, int64_t slots) {
  this->slots = slots;
  col.clear();
  valid.clear();
  for (int64_t s = 0; s < slots; ++s) {
    Value j = b.add(first, b.add(lane, b.index(32 * s)));
    valid.push_back(b.cmp(P::ult, j, n));
    col.push_back(b.select(valid[s], j, first));
  }
  // Zero steps' multipliers must not apply (a branch, not a select
  // an element, on panels without them).
  SmallVector<Value> x = b.ifThenElse(
      b.cmp(P::eq, zeroBits, b.i32(0)),
      [&](KernelBuilder &b) { return substituteURows(b, false); },
      [&](KernelBuilder &b) { return substituteURows(b, true); });
  if (TW > 1)
    NVVM::BarrierOp::create(b, TypeRange(), b.i32(1), b.i32(32 * TW), {},
                            Value());
  storeURows(b, x);
  // Zero steps neither scale nor update: their U rows drop out.
  for (int64_t t = 0; t < NB; ++t) {
    Value applies =
        b.both(b.cmp(P::ult, b.index(t), steps), b.negate(bit(b, zeroBits, t)));
    for (int64_t s = 0; s < slots; ++s)
      x[xAt(t, s)] = b.select(applies, x[xAt(t, s)], zeroValue);
  }
  updateGroups(b, x);
}

/// The panel's U rows over the lane's columns (x[xAt(t, s)]), by forward
/// substitution with the panel's L11 from shared memory.
SmallVector<Value> PanelLuKernel::substituteURows(KernelBuilder &b,
                                                  bool skipZeroSteps) {
  SmallVector<Value> x(NB * slots);
  for (int64_t t = 0; t < NB; ++t) {
    Value live = b.cmp(P::ult, b.index(t), steps);
    Value panelStart = b.add(b.mul(pivotRowIndex[t], stride), k0);
    SmallVector<Value> l11;
    for (int64_t s = 0; s < t; ++s)
      l11.push_back(
          arith::NegFOp::create(b, b.load(a, b.add(panelStart, b.index(s)))));
    for (int64_t s = 0; s < slots; ++s) {
      Value v = b.select(live, loadA(b, pivotRowIndex[t], col[s]), zeroValue);
      for (int64_t p = 0; p < t; ++p) {
        Value updated = fma(b, l11[p], x[xAt(p, s)], v);
        v = skipZeroSteps ? b.select(bit(b, zeroBits, p), v, updated) : updated;
      }
      x[xAt(t, s)] = v;
    }
  }
  return x;
}

/// The first trailing warp stores the U rows (the others have read the
/// pivot rows' old values by the barrier before).
void PanelLuKernel::storeURows(KernelBuilder &b, ArrayRef<Value> x) {
  b.ifThen(b.cmp(P::eq, trailingWarp, b.index(0)), [&](KernelBuilder &b) {
    for (int64_t t = 0; t < NB; ++t)
      for (int64_t s = 0; s < slots; ++s)
        b.ifThen(b.both(b.cmp(P::ult, b.index(t), steps), valid[s]),
                 [&](KernelBuilder &b) {
                   b.store(x[xAt(t, s)], a, at(b, pivotRowIndex[t], col[s]));
                 });
  });
}

/// The rank-NB update of the unused rows, groups of four round-robin over
/// the trailing warps, the next group's data loaded a group ahead.
void PanelLuKernel::updateGroups(KernelBuilder &b, ArrayRef<Value> x) {
  b.ifThen(b.cmp(P::ult, trailingWarp, groups), [&](KernelBuilder &b) {
    Value lastGroup = b.sub(groups, b.index(1));
    scf::ForOp::create(
        b, trailingWarp, groups, b.index(TW), loadGroup(b, trailingWarp),
        [&](OpBuilder &nested, Location loc, Value group, ValueRange current) {
          KernelBuilder b(loc, nested);
          SmallVector<Value> next =
              loadGroup(b, b.minU(b.add(group, b.index(TW)), lastGroup));
          updateGroup(b, current, x);
          scf::YieldOp::create(b, next);
        });
  });
}

/// A group's rows, then their multipliers and entries. The last group
/// repeats the last listed row where the list ends before it does:
/// duplicates compute the same values from the same data. (Addresses as a
/// row's base plus constants, which become the loads' immediate offsets.)
SmallVector<Value> PanelLuKernel::loadGroup(KernelBuilder &b, Value group) {
  SmallVector<Value> data, rowStart;
  Value base = b.add(listBase, b.mul(group, b.index(4)));
  for (int64_t i = 0; i < 4; ++i) {
    Value entry = b.minU(b.add(base, b.index(i)), lastListed);
    data.push_back(b.toIndex(loadInt(b, entry)));
    rowStart.push_back(b.mul(data[i], stride));
  }
  for (int64_t i = 0; i < 4; ++i) {
    Value panelStart = b.add(rowStart[i], k0);
    for (int64_t t = 0; t < NB; ++t)
      data.push_back(b.load(a, b.add(panelStart, b.index(t))));
  }
  for (int64_t i = 0; i < 4; ++i)
    for (int64_t s = 0; s < slots; ++s)
      data.push_back(b.load(a, b.add(rowStart[i], col[s])));
  return data;
}

/// A loaded group's (loadGroup's layout) entries minus their multipliers
/// times the U rows, stored back.
void PanelLuKernel::updateGroup(KernelBuilder &b, ValueRange current,
                                ArrayRef<Value> x) {
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
}

} // namespace

void buildPanelLuKernelBody(KernelBuilder &b, ValueRange args, Type elementType,
                            Type intType, bool withPermutation,
                            bool oneBasedPivots, PanelLuShape shape,
                            bool overlapCopies) {
  PanelLuKernel(b, args, elementType, intType, withPermutation, oneBasedPivots,
                shape, overlapCopies)
      .emit();
}

void launchPanelLu(ImplicitLocOpBuilder &b, DeviceWork &work,
                   const LuOperands &lu, PanelLuShape shape,
                   bool overlapCopies) {
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
                               lu.withPermutation, lu.oneBasedPivots, shape,
                               overlapCopies);
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
