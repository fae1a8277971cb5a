//===- BlockRegisterLu.cpp - the block register LU kernel -------*- C++ -*-===//
//
// Matrices of up to 128 rows, a thread a row of registers, a warp per 32 rows.
// (BlockRegisterLu.h).
//
//===----------------------------------------------------------------------===//

#include "BlockRegisterLu.h"
#include "../GPULoweringUtils.h"
#include "KernelBuilder.h"
#include "LuCommon.h"
#include "RegisterRows.h"
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

SmallVector<Type> blockRegisterLuWorkgroupTypes(BlockRegisterLuShape shape,
                                                Type elementType) {
  MLIRContext *context = elementType.getContext();
  auto buffer = [](int64_t size, Type type) -> Type {
    return workgroupMemRef({size}, type);
  };
  int64_t slots = 2 * shape.matricesPerBlock() * shape.warps();
  StagedRowSegments segments(elementType);
  SmallVector<Type> types = {
      buffer(slots * shape.width(), elementType),
      buffer(slots,
             IntegerType::get(context, elementType.getIntOrFloatBitWidth())),
      buffer(slots, IntegerType::get(context, 32)),
      buffer(2 * shape.matricesPerBlock() * shape.rows * segments.stride,
             elementType)};
  // The fused solve's backward substitution: each step's row of X, double
  // buffered by step parity.
  if (shape.rhsCols)
    types.push_back(
        buffer(2 * shape.matricesPerBlock() * shape.rhsCols, elementType));
  return types;
}

namespace {

/// The operands of the block register kernel: the LU's, or the fused
/// solve's.
struct BlockRegisterOperands {
  static BlockRegisterOperands factors(ValueRange args, bool withPermutation) {
    return {
        args[0], args[1], args[2], args[3], withPermutation ? args[4] : Value(),
        Value(), Value()};
  }
  static BlockRegisterOperands solve(ValueRange args) {
    return {args[0], Value(), Value(), args[3], Value(), args[1], args[2]};
  }
  Value input, lu, pivots, info, permutation, rhs, solution;
};

/// The block register LU kernel (see buildBlockRegisterLuKernelBody): the
/// values its phases share, and the phases. Thread (lane, warp, group) holds
/// row `warp * 32 + lane` of the group's matrix in registers, and in the
/// fused solve that row's right-hand sides after it.
class BlockRegisterLuKernel {
public:
  BlockRegisterLuKernel(KernelBuilder &b, BlockRegisterOperands operands,
                        ValueRange workgroup, Type elementType, Type intType,
                        bool oneBasedPivots, BlockRegisterLuShape shape)
      : top(b), input(operands.input), lu(operands.lu), pivots(operands.pivots),
        info(operands.info), permutation(operands.permutation),
        rhs(operands.rhs), solution(operands.solution),
        candidateRows(workgroup[0]), candidateKeys(workgroup[1]),
        candidatePositions(workgroup[2]), staged(workgroup[3]),
        solvedRows(shape.rhsCols ? workgroup[4] : Value()),
        elementType(elementType), intType(intType),
        oneBasedPivots(oneBasedPivots),
        element(elementType, ElementArith::Flavour::Kernel), shape(shape),
        cols(shape.cols), width(shape.width()), warps(shape.warps()),
        groups(shape.matricesPerBlock()), steps(std::min(shape.rows, cols)),
        keyType(b.getIntegerType(elementType.getIntOrFloatBitWidth())),
        segments(elementType), matrixThreads(32 * warps),
        segmentCount(llvm::divideCeil(cols, segments.width)) {}

  /// The kernel: its prologue, then a batch loop factoring a matrix per
  /// group of warps an iteration: load, the unrolled steps (pivot search,
  /// exchange, elimination), store.
  void emit();

private:
  using P = arith::CmpIPredicate;
  /// A warp's best pivot candidate in a step, and the slot it is offered in.
  struct WarpCandidate {
    Value key, position, isWinner, slot;
  };
  /// A step's pivot: its position, whether it is the thread's row, and the
  /// candidate slot holding the pivot row.
  struct Pivot {
    Value position, isPivotRow, slot;
  };

  void emitPrologue();
  void factorMatrix(KernelBuilder &b, Value blockFirst);
  SmallVector<Value> loadRows(KernelBuilder &b);
  RegisterStep emitStep(KernelBuilder &b, int64_t step,
                        MutableArrayRef<Value> a, Value position, Value used);
  WarpCandidate searchWarpPivot(KernelBuilder &b, int64_t step,
                                ArrayRef<Value> a, Value position, Value used);
  Pivot chooseAmongWarps(KernelBuilder &b, int64_t parity,
                         const WarpCandidate &candidate);
  Value eliminate(KernelBuilder &b, int64_t step, MutableArrayRef<Value> a,
                  Value pivotBase, Value newUsed);
  void storeRows(KernelBuilder &b, ArrayRef<Value> state);
  void appendRightHandSides(KernelBuilder &b, SmallVectorImpl<Value> &state);
  void substituteBackwards(KernelBuilder &b, MutableArrayRef<Value> state);
  void storeSolution(KernelBuilder &b, ArrayRef<Value> state);

  Value slotOf(KernelBuilder &b, int64_t parity, Value warpOfGroup);
  Value rowBase(KernelBuilder &b, Value slot) { return b.mul(slot, c[width]); }
  Value pivotRowEntry(KernelBuilder &b, Value pivotBase, int64_t j) {
    return b.load(candidateRows, ValueRange{b.add(pivotBase, c[j])});
  }
  void syncMatrix(KernelBuilder &b);
  static Value indexIn(KernelBuilder &b, int64_t v) { return b.index(v); }
  Value stagedIndexOf(KernelBuilder &b, int64_t buffer, Value r, Value j);
  Value stagedIndex(KernelBuilder &b, int64_t buffer, Value r, int64_t j) {
    return stagedIndexOf(b, buffer, r, indexIn(b, j));
  }
  int64_t segmentWidth(int64_t segment) const {
    return std::min(segments.width, cols - segment * segments.width);
  }
  void copyStagedSegment(
      KernelBuilder &b, Value valid, int64_t segment,
      function_ref<void(KernelBuilder &, Value, Value, Value, Value)> body);
  void startCopyIn(KernelBuilder &b, Value matrix, Value valid,
                   int64_t segment);

  // The kernel's builder: constants made with `top` land at the kernel's
  // top level, ahead of the loops and branches that use them.
  KernelBuilder &top;
  Value input, lu, pivots, info, permutation, rhs, solution;
  Value candidateRows, candidateKeys, candidatePositions, staged, solvedRows;
  Type elementType, intType;
  bool oneBasedPivots;
  ElementArith element;
  const BlockRegisterLuShape shape;
  /// `width` values a thread: its row's `cols`, then its right-hand sides.
  const int64_t cols, width, warps, groups, steps;
  Type keyType;
  // The staged copies (StagedRowSegments) of a matrix: the threads of its
  // warps share the work, so they synchronize as a block, or as a warp when
  // the matrix has one.
  const StagedRowSegments segments;
  const int64_t matrixThreads, segmentCount;

  // Made by the prologue, at the kernel's top level.
  /// 0 .. max(rows, width) and 32 (the warp size, for row = warp * 32 +
  /// lane).
  SmallVector<Value> c;
  Value trueValue, fullMask, noPosition, zeroKey;
  Value batch, m, n, k, lane, warp, group, blockId, gridDim, row;
  /// The fused solve's right-hand side count.
  Value rhsCount;
  Value zeroValue;

  // The matrix of the current batch iteration (factorMatrix).
  Value matrix, valid, rowValid;
};

void BlockRegisterLuKernel::emit() {
  emitPrologue();
  KernelBuilder &b = top;
  // Every thread runs the same iterations (barriers and warp reductions).
  b.forLoop(
      b.mul(blockId, c[groups]), batch, b.mul(gridDim, c[groups]),
      [&](KernelBuilder &b, Value blockFirst) { factorMatrix(b, blockFirst); });
}

/// The constants and thread coordinates every phase uses, made at the
/// kernel's top level: the nested regions use them.
void BlockRegisterLuKernel::emitPrologue() {
  KernelBuilder &b = top;
  for (int64_t v = 0; v <= std::max({width, shape.rows, int64_t{32}}); ++v)
    c.push_back(top.index(v));
  trueValue = b.boolean(true);
  fullMask = top.i32(-1);
  noPosition = top.i32(std::numeric_limits<int32_t>::max());
  zeroKey = arith::ConstantIntOp::create(b, keyType, 0);

  batch = b.dim(input, 0);
  m = b.dim(input, 1);
  n = b.dim(input, 2);
  if (solution)
    rhsCount = b.dim(solution, 2);
  k = b.minU(m, n);
  lane = b.threadId(gpu::Dimension::x);
  warp = b.threadId(gpu::Dimension::y);
  group = b.threadId(gpu::Dimension::z);
  blockId = b.blockId(gpu::Dimension::x);
  gridDim = b.gridDim(gpu::Dimension::x);
  row = b.add(b.mul(warp, c[32]), lane);
  zeroValue = arith::ConstantOp::create(b, b.getZeroAttr(elementType));
}

/// One iteration of the batch loop: the group's matrix (from `blockFirst`)
/// loaded into registers, factored step by step, and stored.
void BlockRegisterLuKernel::factorMatrix(KernelBuilder &b, Value blockFirst) {
  matrix = b.add(blockFirst, group);
  valid = b.cmp(P::ult, matrix, batch);
  rowValid = b.bitAnd(valid, b.cmp(P::ult, row, m));
  SmallVector<Value> state = loadRows(b);
  state = unrollRegisterSteps(b, state, width, steps, k, c,
                              [&](KernelBuilder &b, int64_t step,
                                  MutableArrayRef<Value> a, Value position,
                                  Value used) -> RegisterStep {
                                return emitStep(b, step, a, position, used);
                              });
  if (!solution)
    return storeRows(b, state);
  substituteBackwards(b, state);
  storeSolution(b, state);
}

/// Slot of (parity, group, warp) in the candidate buffers.
Value BlockRegisterLuKernel::slotOf(KernelBuilder &b, int64_t parity,
                                    Value warpOfGroup) {
  return b.add(b.mul(b.add(top.index(parity * groups), group), c[warps]),
               warpOfGroup);
}

void BlockRegisterLuKernel::syncMatrix(KernelBuilder &b) {
  if (warps == 1)
    NVVM::SyncWarpOp::create(b, fullMask);
  else
    b.barrier();
}

/// Element `j` of staged row `r` of the thread's matrix in buffer `buffer`
/// (two buffers: a segment is copied in while the previous one is read).
Value BlockRegisterLuKernel::stagedIndexOf(KernelBuilder &b, int64_t buffer,
                                           Value r, Value j) {
  Value stagedRow = b.add(
      b.mul(b.add(group, indexIn(b, buffer * groups)), indexIn(b, shape.rows)),
      r);
  return b.add(b.mul(stagedRow, indexIn(b, segments.stride)), j);
}

/// The thread's part of the copy of segment `segment` (in buffer
/// segment % 2) of the matrix `valid` says is one: `body(row, column,
/// inMatrix, stagedAt)` for each element it copies, consecutive threads on
/// consecutive columns. A matrix's threads cover whole rows of a segment
/// (32 * warps is a multiple of its width), so a thread keeps its column
/// and moves down a fixed number of rows, kStagedCopyUnroll rows an
/// iteration of a loop.
void BlockRegisterLuKernel::copyStagedSegment(
    KernelBuilder &b, Value valid, int64_t segment,
    function_ref<void(KernelBuilder &, Value, Value, Value, Value)> body) {
  assert(matrixThreads % segments.width == 0 && "threads cover whole rows");
  const int64_t rowsPerCopy = matrixThreads / segments.width;
  Value firstRow = b.divU(row, indexIn(b, segments.width));
  Value j = b.remU(row, indexIn(b, segments.width));
  Value column = b.add(j, indexIn(b, segment * segments.width));
  Value columnInMatrix = b.bitAnd(valid, b.cmp(P::ult, column, n));
  b.forLoop(
      firstRow, c[shape.rows], indexIn(b, kStagedCopyUnroll * rowsPerCopy),
      [&](KernelBuilder &b, Value firstOfIteration) {
        for (int64_t u = 0; u < kStagedCopyUnroll; ++u) {
          Value r = b.add(firstOfIteration, indexIn(b, u * rowsPerCopy));
          auto copy = [&](KernelBuilder &b) {
            Value inMatrix = b.bitAnd(columnInMatrix, b.cmp(P::ult, r, m));
            body(b, r, column, inMatrix, stagedIndexOf(b, segment % 2, r, j));
          };
          if (u == 0)
            copy(b);
          else
            b.ifThen(b.cmp(P::ult, r, c[shape.rows]), copy);
        }
      });
}

/// Starts copying segment `segment` of the matrix into its buffer
/// (asyncCopyOrZero), one cp.async group a segment.
void BlockRegisterLuKernel::startCopyIn(KernelBuilder &b, Value matrix,
                                        Value valid, int64_t segment) {
  copyStagedSegment(b, valid, segment,
                    [&](KernelBuilder &b, Value r, Value column, Value inMatrix,
                        Value stagedAt) {
                      asyncCopyOrZero(b, staged, stagedAt, input,
                                      {matrix, r, column}, inMatrix, c[0],
                                      c[1]);
                    });
  NVVM::CpAsyncCommitGroupOp::create(b);
}

/// The thread's row in registers, segment by segment through shared
/// memory, then its position, used flag and info: the per-thread state the
/// steps carry. Segment s + 1 is in flight while segment s is read.
SmallVector<Value> BlockRegisterLuKernel::loadRows(KernelBuilder &b) {
  SmallVector<Value> state;
  startCopyIn(b, matrix, valid, 0);
  for (int64_t segment = 0; segment < segmentCount; ++segment) {
    bool last = segment + 1 == segmentCount;
    if (!last)
      startCopyIn(b, matrix, valid, segment + 1);
    NVVM::CpAsyncWaitGroupOp::create(b, last ? 0 : 1);
    syncMatrix(b);
    // The last warp's threads past the rows have no staged row: they read
    // the last one's and keep zeros (unconditional loads vectorize).
    Value stagedRow = row;
    Value pastRows;
    if (shape.rows % 32 != 0) {
      pastRows = b.cmp(P::uge, row, c[shape.rows]);
      stagedRow = b.minU(row, c[shape.rows - 1]);
    }
    for (int64_t j = 0; j < segmentWidth(segment); ++j) {
      Value value = b.load(staged, stagedIndex(b, segment % 2, stagedRow, j));
      state.push_back(pastRows ? b.select(pastRows, zeroValue, value) : value);
    }
    // Read before the segment after next (or the results) overwrites the
    // buffer.
    syncMatrix(b);
  }
  if (rhs)
    appendRightHandSides(b, state);
  appendRegisterRowBookkeeping(b, state, row, rowValid, intType);
  return state;
}

/// The fused solve: the thread's row of B after its row of A, zeros past
/// R. A row's right-hand sides are contiguous, and one of each is a warp's
/// consecutive elements, so they are loaded straight from global memory.
void BlockRegisterLuKernel::appendRightHandSides(
    KernelBuilder &b, SmallVectorImpl<Value> &state) {
  for (int64_t j = 0; j < shape.rhsCols; ++j)
    state.push_back(b.loadOr(b.bitAnd(rowValid, b.ultU(c[j], rhsCount)), rhs,
                             ValueRange{matrix, row, c[j]}, zeroValue));
}

/// Step `step` of the factorization (unrollRegisterSteps): each warp's
/// candidate, the block's pivot among them, the row exchange, and the
/// elimination of the thread's row `a`.
RegisterStep BlockRegisterLuKernel::emitStep(KernelBuilder &b, int64_t step,
                                             MutableArrayRef<Value> a,
                                             Value position, Value used) {
  int64_t parity = step % 2;
  WarpCandidate candidate = searchWarpPivot(b, step, a, position, used);
  Pivot pivot;
  if (warps == 1) {
    NVVM::SyncWarpOp::create(b, fullMask);
    pivot = {candidate.position, candidate.isWinner, candidate.slot};
  } else {
    pivot = chooseAmongWarps(b, parity, candidate);
  }
  Value pivotBase = rowBase(b, pivot.slot);
  auto [newPosition, newUsed] =
      exchangeRows(b, position, used, pivot.isPivotRow, pivot.position, step,
                   c[step], valid, pivots, matrix, oneBasedPivots);
  Value singular = eliminate(b, step, a, pivotBase, newUsed);
  return {newPosition, newUsed, singular};
}

/// The warp's best candidate: the largest key (see pivotKey), then the
/// first position holding it; the winning thread offers its row (columns
/// from `step` on) in the warp's candidate slot of the step's parity.
BlockRegisterLuKernel::WarpCandidate
BlockRegisterLuKernel::searchWarpPivot(KernelBuilder &b, int64_t step,
                                       ArrayRef<Value> a, Value position,
                                       Value used) {
  Value stepI32 = top.i32(step);
  int64_t parity = step % 2;
  Value key = b.select(used, zeroKey,
                       pivotKey(b, element, a[step],
                                b.cmp(P::eq, position, stepI32), elementType));
  Value bestKey = reduceMaxKey(b, key, [&](KernelBuilder &b, Value v) {
    return b.redux(NVVM::ReduxKind::UMAX, v, fullMask);
  });
  Value bestPosition = b.redux(
      NVVM::ReduxKind::UMIN,
      b.select(b.bitAnd(b.cmp(P::eq, key, bestKey), b.bitXor(used, trueValue)),
               position, noPosition),
      fullMask);
  // Unused rows have distinct positions: at most one winner.
  Value isWarpWinner =
      b.bitAnd(b.bitXor(used, trueValue), b.cmp(P::eq, position, bestPosition));
  Value ownSlot = slotOf(b, parity, warp);
  b.ifThen(isWarpWinner, [&](KernelBuilder &b) {
    Value base = rowBase(b, ownSlot);
    for (int64_t j = step; j < width; ++j)
      b.store(a[j], candidateRows, ValueRange{b.add(base, c[j])});
  });
  return {bestKey, bestPosition, isWarpWinner, ownSlot};
}

/// Several warps a matrix: lane 0 of each offers its warp's key and
/// position, and after a barrier every thread picks the best of the warps'
/// candidates, in warp order.
BlockRegisterLuKernel::Pivot
BlockRegisterLuKernel::chooseAmongWarps(KernelBuilder &b, int64_t parity,
                                        const WarpCandidate &candidate) {
  b.ifThen(b.cmp(P::eq, lane, c[0]), [&](KernelBuilder &b) {
    b.store(candidate.key, candidateKeys, candidate.slot);
    b.store(candidate.position, candidatePositions, candidate.slot);
  });
  b.barrier();
  // The best of the warps' candidates, in warp order.
  Value bestWarp = c[0];
  Value firstSlot = slotOf(b, parity, c[0]);
  Value winnerKey = b.load(candidateKeys, firstSlot);
  Value pivotPosition = b.load(candidatePositions, firstSlot);
  for (int64_t w = 1; w < warps; ++w) {
    Value slot = slotOf(b, parity, c[w]);
    Value otherKey = b.load(candidateKeys, slot);
    Value otherPosition = b.load(candidatePositions, slot);
    Value take = b.bitOr(b.cmp(P::ugt, otherKey, winnerKey),
                         b.bitAnd(b.cmp(P::eq, otherKey, winnerKey),
                                  b.cmp(P::ult, otherPosition, pivotPosition)));
    winnerKey = b.select(take, otherKey, winnerKey);
    pivotPosition = b.select(take, otherPosition, pivotPosition);
    bestWarp = b.select(take, c[w], bestWarp);
  }
  Value isPivotRow = b.bitAnd(candidate.isWinner, b.cmp(P::eq, warp, bestWarp));
  Value pivotSlot = slotOf(b, parity, bestWarp);
  return {pivotPosition, isPivotRow, pivotSlot};
}

/// Elimination of the remaining rows against the pivot row (read from its
/// candidate slot at `pivotBase`). Rows already used keep their values:
/// they are final. Returns whether the pivot is exactly zero.
Value BlockRegisterLuKernel::eliminate(KernelBuilder &b, int64_t step,
                                       MutableArrayRef<Value> a,
                                       Value pivotBase, Value newUsed) {
  Value pivot = pivotRowEntry(b, pivotBase, step);
  Value singular = element.isZero(b, pivot);
  auto eliminated = scf::IfOp::create(
      b, b.bitAnd(b.bitXor(newUsed, trueValue), b.bitXor(singular, trueValue)),
      [&](OpBuilder &nested, Location loc) {
        KernelBuilder b(loc, nested);
        // One reciprocal per step and a multiplication, unless the pivot is
        // too small for its reciprocal (LAPACK's getf2 divides then).
        Value multiplier = scaleByPivot(b, element, a[step], pivot,
                                        element.reciprocalIsSafe(b, pivot),
                                        /*reciprocal=*/nullptr);
        SmallVector<Value> updated = {multiplier};
        for (int64_t j = step + 1; j < width; ++j)
          updated.push_back(element.mulSub(b, a[j], multiplier,
                                           pivotRowEntry(b, pivotBase, j)));
        scf::YieldOp::create(b, updated);
      },
      [&](OpBuilder &nested, Location loc) {
        KernelBuilder nb(loc, nested);
        scf::YieldOp::create(nb, ArrayRef<Value>(a).drop_front(step));
      });
  for (int64_t j = step; j < width; ++j)
    a[j] = eliminated.getResult(j - step);
  return singular;
}

/// Row `position` of L\U is the thread's row: staged at its position, then
/// copied out in lines, segment by segment; then the permutation and info
/// (storeRegisterRowState).
void BlockRegisterLuKernel::storeRows(KernelBuilder &b, ArrayRef<Value> state) {
  // The synchronization after the last segment also keeps the block's next
  // matrix from writing candidate slots (they are double-buffered by step
  // parity, which only a barrier between the steps of one matrix protects)
  // before every warp has read this matrix's last candidates.
  Value position = b.toIndexUnsigned(state[width]);
  for (int64_t segment = 0; segment < segmentCount; ++segment) {
    int64_t first = segment * segments.width;
    b.ifThen(rowValid, [&](KernelBuilder &b) {
      for (int64_t j = 0; j < segmentWidth(segment); ++j)
        b.store(state[first + j], staged,
                stagedIndex(b, segment % 2, position, j));
    });
    // Also orders this buffer's copy-out two segments ago before the
    // writes above.
    syncMatrix(b);
    copyStagedSegment(b, valid, segment,
                      [&](KernelBuilder &b, Value r, Value column,
                          Value inMatrix, Value stagedAt) {
                        b.ifThen(inMatrix, [&](KernelBuilder &b) {
                          b.store(b.load(staged, stagedAt), lu,
                                  ValueRange{matrix, r, column});
                        });
                      });
  }
  syncMatrix(b);
  storeRegisterRowState(b, state, width, /*lu=*/Value(), permutation, info,
                        matrix, row, n, rowValid, valid, c);
}

/// The fused solve's U·X = Y, backwards in registers (getrs's second
/// triangular solve, in its order): in step k the thread at position k
/// divides its right-hand sides by U(k, k) -- they are row k of X -- and
/// offers them in shared memory; every row above subtracts U(i, k) times
/// them. A zero on U's diagonal divides by zero, as getrs does.
void BlockRegisterLuKernel::substituteBackwards(KernelBuilder &b,
                                                MutableArrayRef<Value> state) {
  Value position = state[width];
  MutableArrayRef<Value> y = state.slice(cols, shape.rhsCols);
  for (int64_t step = steps - 1; step >= 0; --step) {
    SmallVector<Value> solved = b.ifThenElse(
        b.ultU(c[step], k),
        [&](KernelBuilder &b) -> SmallVector<Value> {
          SmallVector<Value> next(y);
          Value stepI32 = top.i32(step);
          Value base =
              b.mul(b.add(group, c[(step % 2) * groups]), c[shape.rhsCols]);
          Value isOwner = b.bitAnd(rowValid, b.eq(position, stepI32));
          next = b.ifThenElse(
              isOwner,
              [&](KernelBuilder &b) -> SmallVector<Value> {
                SmallVector<Value> x;
                for (int64_t j = 0; j < shape.rhsCols; ++j) {
                  x.push_back(element.div(b, next[j], state[step]));
                  b.store(x.back(), solvedRows, b.add(base, c[j]));
                }
                return x;
              },
              [&](KernelBuilder &) -> SmallVector<Value> { return next; });
          syncMatrix(b);
          Value isAbove = b.bitAnd(rowValid, b.cmp(P::ult, position, stepI32));
          return b.ifThenElse(
              isAbove,
              [&](KernelBuilder &b) -> SmallVector<Value> {
                SmallVector<Value> updated;
                for (int64_t j = 0; j < shape.rhsCols; ++j)
                  updated.push_back(
                      element.mulSub(b, next[j], state[step],
                                     b.load(solvedRows, b.add(base, c[j]))));
                return updated;
              },
              [&](KernelBuilder &) -> SmallVector<Value> { return next; });
        },
        [&](KernelBuilder &) -> SmallVector<Value> {
          return SmallVector<Value>(y);
        });
    llvm::copy(solved, y.begin());
  }
}

/// The fused solve's results: row `position` of X is the thread's right-hand
/// sides; row 0's thread stores info.
void BlockRegisterLuKernel::storeSolution(KernelBuilder &b,
                                          ArrayRef<Value> state) {
  Value position = b.toIndexUnsigned(state[width]);
  b.ifThen(rowValid, [&](KernelBuilder &b) {
    for (int64_t j = 0; j < shape.rhsCols; ++j)
      b.ifThen(b.ultU(c[j], rhsCount), [&](KernelBuilder &b) {
        b.store(state[cols + j], solution, ValueRange{matrix, position, c[j]});
      });
  });
  storeRegisterRowState(b, state, width, /*lu=*/Value(),
                        /*permutation=*/Value(), info, matrix, row, n, rowValid,
                        valid, c);
}

/// The kernel's launch on `values` (its operands) in blocks of `shape`.
void launchBlockRegisterKernel(ImplicitLocOpBuilder &b, DeviceWork &work,
                               gpu::GPUFuncOp kernel, ValueRange values,
                               BlockRegisterLuShape shape) {
  int32_t warps = static_cast<int32_t>(shape.warps());
  int32_t groups = static_cast<int32_t>(shape.matricesPerBlock());
  // The row lives in registers: the block size bounds what ptxas may give
  // each thread (up to 255).
  kernel->setAttr(NVVM::NVVMDialect::getMaxntidAttrName(),
                  b.getDenseI32ArrayAttr({32 * warps * groups, 1, 1}));
  Value batch = memref::DimOp::create(b, values[0], 0);
  work.launch(kernel, gridSizeFor(b, batch, groups), {32, warps, groups},
              values);
}

} // namespace

void buildBlockRegisterLuKernelBody(KernelBuilder &b, ValueRange args,
                                    ValueRange workgroup, Type elementType,
                                    Type intType, bool withPermutation,
                                    bool oneBasedPivots,
                                    BlockRegisterLuShape shape) {
  BlockRegisterLuKernel(b,
                        BlockRegisterOperands::factors(args, withPermutation),
                        workgroup, elementType, intType, oneBasedPivots, shape)
      .emit();
}

void launchBlockRegisterLu(ImplicitLocOpBuilder &b, DeviceWork &work,
                           const LuOperands &lu, BlockRegisterLuShape shape) {
  int32_t warps = static_cast<int32_t>(shape.warps());
  int32_t groups = static_cast<int32_t>(shape.matricesPerBlock());
  gpu::GPUFuncOp kernel = getOrCreateKernel(
      lu.module,
      "linalgx_lu_registers" + std::to_string(shape.rows) + "x" +
          std::to_string(shape.cols) + "_" + lu.kernelSuffix(),
      TypeRange(ValueRange(lu.values)), {32, warps, groups},
      blockRegisterLuWorkgroupTypes(shape, lu.elementType),
      [&](KernelBuilder &kb, ValueRange args, ValueRange workgroup) {
        buildBlockRegisterLuKernelBody(kb, args, workgroup, lu.elementType,
                                       lu.intType, lu.withPermutation,
                                       lu.oneBasedPivots, shape);
      });
  launchBlockRegisterKernel(b, work, kernel, lu.values, shape);
}

void launchBlockRegisterSolve(ModuleOp module, ImplicitLocOpBuilder &b,
                              DeviceWork &work, Value a, Value rhs,
                              Value solution, Value info,
                              BlockRegisterLuShape shape) {
  Type elementType = cast<MemRefType>(a.getType()).getElementType();
  Type intType = cast<MemRefType>(info.getType()).getElementType();
  SmallVector<Value> operands = {a, rhs, solution, info};
  int32_t warps = static_cast<int32_t>(shape.warps());
  int32_t groups = static_cast<int32_t>(shape.matricesPerBlock());
  gpu::GPUFuncOp kernel = getOrCreateKernel(
      module,
      "linalgx_solve_registers" + std::to_string(shape.rows) + "x" +
          std::to_string(shape.cols) + "_rhs" + std::to_string(shape.rhsCols) +
          "_" + typeSuffix(elementType) + "_" + typeSuffix(intType),
      TypeRange(ValueRange(operands)), {32, warps, groups},
      blockRegisterLuWorkgroupTypes(shape, elementType),
      [&](KernelBuilder &kb, ValueRange args, ValueRange workgroup) {
        BlockRegisterLuKernel(kb, BlockRegisterOperands::solve(args), workgroup,
                              elementType, intType,
                              /*oneBasedPivots=*/false, shape)
            .emit();
      });
  launchBlockRegisterKernel(b, work, kernel, operands, shape);
}

} // namespace mlir::linalgx::gpu_kernels
