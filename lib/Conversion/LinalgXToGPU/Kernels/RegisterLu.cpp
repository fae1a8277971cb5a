//===- RegisterLu.cpp - the warp register LU kernel -------------*- C++ -*-===//
//
// Matrices of at most 16 rows and columns, several a warp, a lane a row.
// (RegisterLu.h).
//
//===----------------------------------------------------------------------===//

#include "RegisterLu.h"
#include "../GPULoweringUtils.h"
#include "KernelBuilder.h"
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

SmallVector<Type> registerLuWorkgroupTypes(int64_t size, Type elementType) {
  int64_t matrices = kRegisterLuWarpsPerBlock * (32 / size);
  return {workgroupMemRef(
      {matrices * size * StagedRowSegments(elementType, size).stride},
      elementType)};
}

namespace {

/// The warp register LU kernel (see buildRegisterLuKernelBody): the values
/// its phases share, and the phases. Lane `lane` of a warp holds row
/// `row = lane % size` of matrix `slot` of the block in registers.
class RegisterLuKernel {
public:
  RegisterLuKernel(KernelBuilder &b, ValueRange args, ValueRange workgroup,
                   Type elementType, Type intType, bool withPermutation,
                   bool oneBasedPivots, int64_t size)
      : top(b), input(args[0]), lu(args[1]), pivots(args[2]), info(args[3]),
        permutation(withPermutation ? args[4] : Value()), staged(workgroup[0]),
        elementType(elementType), intType(intType),
        oneBasedPivots(oneBasedPivots),
        element(elementType, ElementArith::Flavour::Kernel),
        i32(b.getI32Type()), size(size), groupsPerWarp(32 / size),
        stagedStride(StagedRowSegments(elementType, size).stride) {}

  /// The kernel: its prologue, then a batch loop factoring a matrix per
  /// group of `size` lanes an iteration: load, the unrolled steps (pivot
  /// search, exchange, elimination), store.
  void emit();

private:
  using P = arith::CmpIPredicate;

  void emitPrologue();
  void factorMatrix(KernelBuilder &b, Value blockFirst);
  SmallVector<Value> loadRows(KernelBuilder &b);
  RegisterStep emitStep(KernelBuilder &b, int64_t step,
                        MutableArrayRef<Value> a, Value position, Value used);
  std::pair<Value, Value> searchPivot(KernelBuilder &b, int64_t step,
                                      Value entry, Value position, Value used);
  std::pair<Value, Value> searchPivotByRedux(KernelBuilder &b, Value key,
                                             Value candidate);
  std::pair<Value, Value> searchPivotByButterfly(KernelBuilder &b, Value key,
                                                 Value candidate);
  Value eliminateBelow(KernelBuilder &b, int64_t step, MutableArrayRef<Value> a,
                       Value pivotRow, Value newUsed);
  void storeRows(KernelBuilder &b, ArrayRef<Value> state);

  Value c32(KernelBuilder &b, int64_t v) { return b.i32(v); }
  Value stagedIndexOf(KernelBuilder &b, Value r, Value j);
  Value groupReduce(KernelBuilder &b, NVVM::ReduxKind kind, Value value,
                    Value identity);
  void forEachRow(KernelBuilder &b,
                  function_ref<void(KernelBuilder &, Value, Value)> body);

  // The kernel's builder, arguments and types.
  KernelBuilder &top;
  Value input, lu, pivots, info, permutation, staged;
  Type elementType, intType;
  bool oneBasedPivots;
  ElementArith element;
  Type i32;
  const int64_t size, groupsPerWarp, stagedStride;

  // Made by the prologue, at the kernel's top level.
  /// Index constants 0..size: the loops use them in nested regions.
  SmallVector<Value> c;
  Value batch, m, n, k, lane, warp, blockId, gridDim;
  Value group, row, rowI32, firstLaneOfGroup, matricesPerBlock, slot;
  Value noPosition, fullMask;
  /// The lanes of the thread's matrix, as a mask.
  Value groupLanes;

  // The matrix of the current batch iteration (factorMatrix).
  Value matrix, valid, rowValid, columnInMatrix;
};

void RegisterLuKernel::emit() {
  emitPrologue();
  // Every lane runs the same iterations (the shuffles need the whole warp).
  top.forLoop(
      top.mul(blockId, matricesPerBlock), batch,
      top.mul(gridDim, matricesPerBlock),
      [&](KernelBuilder &b, Value blockFirst) { factorMatrix(b, blockFirst); });
}

/// The constants and thread coordinates every phase uses, made at the
/// kernel's top level.
void RegisterLuKernel::emitPrologue() {
  KernelBuilder &b = top;
  for (int64_t v = 0; v <= size; ++v)
    c.push_back(b.index(v));
  batch = b.dim(lu, 0);
  m = b.dim(lu, 1);
  n = b.dim(lu, 2);
  k = b.minU(m, n);
  lane = b.threadId(gpu::Dimension::x);
  warp = b.threadId(gpu::Dimension::y);
  blockId = b.blockId(gpu::Dimension::x);
  gridDim = b.gridDim(gpu::Dimension::x);
  group = b.divU(lane, c[size]);
  row = b.remU(lane, c[size]);
  rowI32 = b.toI32Unsigned(row);
  firstLaneOfGroup = b.toI32Unsigned(b.mul(group, c[size]));
  matricesPerBlock = b.index(kRegisterLuWarpsPerBlock * groupsPerWarp);
  slot = b.add(b.mul(warp, c[groupsPerWarp]), group);
  noPosition = c32(b, std::numeric_limits<int32_t>::max());
  fullMask = c32(b, -1);
  groupLanes = b.shl(c32(b, size == 32 ? -1 : (int64_t{1} << size) - 1),
                     firstLaneOfGroup);
}

/// One iteration of the batch loop: the lane's matrix (from `blockFirst`)
/// loaded into registers, factored step by step, and stored.
void RegisterLuKernel::factorMatrix(KernelBuilder &b, Value blockFirst) {
  matrix = b.add(blockFirst, slot);
  valid = b.cmp(P::ult, matrix, batch);
  rowValid = b.bitAnd(valid, b.cmp(P::ult, row, m));
  SmallVector<Value> state = loadRows(b);
  state = unrollRegisterSteps(b, state, size, size, k, c,
                              [&](KernelBuilder &b, int64_t step,
                                  MutableArrayRef<Value> a, Value position,
                                  Value used) -> RegisterStep {
                                return emitStep(b, step, a, position, used);
                              });
  storeRows(b, state);
}

/// Element `j` of staged row `r` of the lane's matrix (slot).
Value RegisterLuKernel::stagedIndexOf(KernelBuilder &b, Value r, Value j) {
  Value stagedRow = b.add(b.mul(slot, c[size]), r);
  return b.add(b.mul(stagedRow, b.index(stagedStride)), j);
}

/// The reduction of `value` over the lanes of each matrix of the warp.
Value RegisterLuKernel::groupReduce(KernelBuilder &b, NVVM::ReduxKind kind,
                                    Value value, Value identity) {
  Value result;
  for (int64_t g = 0; g < groupsPerWarp; ++g) {
    Value inGroup = b.cmp(P::eq, group, c[g]);
    Value offered =
        groupsPerWarp == 1 ? value : b.select(inGroup, value, identity);
    Value reduced = NVVM::ReduxOp::create(b, i32, offered, kind, fullMask);
    result = g == 0 ? reduced : b.select(inGroup, reduced, result);
  }
  return result;
}

/// Calls `body(r, inMatrix)` for every row r of the lane's matrix, a loop
/// of kStagedCopyUnroll rows an iteration (see kStagedCopyUnroll).
void RegisterLuKernel::forEachRow(
    KernelBuilder &b, function_ref<void(KernelBuilder &, Value, Value)> body) {
  b.forLoop(c[0], c[size], c[kStagedCopyUnroll],
            [&](KernelBuilder &b, Value firstRow) {
              for (int64_t u = 0; u < kStagedCopyUnroll; ++u) {
                Value r = b.add(firstRow, c[u]);
                body(b, r, b.bitAnd(columnInMatrix, b.cmp(P::ult, r, m)));
              }
            });
}

/// The matrix into shared memory: lane j copies column j of every row (a
/// row's segment per matrix and access), rows and columns outside it
/// zero-filled. Then row `row` into registers, then its position, used
/// flag and info: the per-lane state the steps carry.
SmallVector<Value> RegisterLuKernel::loadRows(KernelBuilder &b) {
  columnInMatrix = b.bitAnd(valid, b.cmp(P::ult, row, n));
  forEachRow(b, [&](KernelBuilder &b, Value r, Value inMatrix) {
    asyncCopyOrZero(b, staged, stagedIndexOf(b, r, row), input,
                    {matrix, r, row}, inMatrix, c[0], c[1]);
  });
  NVVM::CpAsyncCommitGroupOp::create(b);
  NVVM::CpAsyncWaitGroupOp::create(b, 0);
  NVVM::SyncWarpOp::create(b, fullMask);
  SmallVector<Value> state;
  for (int64_t j = 0; j < size; ++j)
    state.push_back(b.load(staged, stagedIndexOf(b, row, c[j])));
  appendRegisterRowBookkeeping(b, state, row, rowValid, intType);
  return state;
}

/// Step `step` of the factorization (unrollRegisterSteps): pivot search,
/// row exchange, elimination of the row `a` against the pivot row.
RegisterStep RegisterLuKernel::emitStep(KernelBuilder &b, int64_t step,
                                        MutableArrayRef<Value> a,
                                        Value position, Value used) {
  auto [pivotPosition, pivotRow] =
      searchPivot(b, step, a[step], position, used);
  Value isPivotRow = b.cmp(P::eq, rowI32, pivotRow);
  auto [newPosition, newUsed] =
      exchangeRows(b, position, used, isPivotRow, pivotPosition, step, c[step],
                   valid, pivots, matrix, oneBasedPivots);
  Value singular = eliminateBelow(b, step, a, pivotRow, newUsed);
  return {newPosition, newUsed, singular};
}

/// Pivot search among the rows not used yet: the largest key (pivotKey),
/// then the first position holding it. Returns the pivot's position and
/// the row (relative to the matrix's first lane) holding it.
std::pair<Value, Value> RegisterLuKernel::searchPivot(KernelBuilder &b,
                                                      int64_t step, Value entry,
                                                      Value position,
                                                      Value used) {
  Value stepI32 = c32(b, step);
  Value key =
      pivotKey(b, element, entry, b.cmp(P::eq, position, stepI32), elementType);
  Value zeroKey = arith::ConstantOp::create(b, b.getZeroAttr(key.getType()));
  key = b.select(used, zeroKey, key);
  Value candidate = b.select(used, noPosition, position);
  if (groupsPerWarp <= 2)
    return searchPivotByRedux(b, key, candidate);
  return searchPivotByButterfly(b, key, candidate);
}

/// Two matrices a warp at most: warp-wide reductions (redux.sync, each lane
/// offering the identity for the other matrix's) take fewer instructions
/// than a butterfly of three shuffles a level; a ballot finds the lane
/// holding the pivot row.
std::pair<Value, Value> RegisterLuKernel::searchPivotByRedux(KernelBuilder &b,
                                                             Value key,
                                                             Value candidate) {
  Value pivotPosition = groupReduce(
      b, NVVM::ReduxKind::UMIN,
      b.select(b.cmp(P::eq, key,
                     reduceMaxKey(b, key,
                                  [&](KernelBuilder &b, Value v) {
                                    return groupReduce(b, NVVM::ReduxKind::UMAX,
                                                       v, c32(b, 0));
                                  })),
               candidate, noPosition),
      noPosition);
  Value holders =
      NVVM::VoteSyncOp::create(b, i32, fullMask,
                               b.bitAnd(b.cmp(P::eq, candidate, pivotPosition),
                                        b.cmp(P::ne, candidate, noPosition)),
                               NVVM::VoteSyncKind::ballot);
  // No holder only in a matrix past the batch (every row used): its lanes
  // then read their own group's first lane.
  Value holderLane = b.bitAnd(
      math::CountTrailingZerosOp::create(b, b.bitAnd(holders, groupLanes)),
      c32(b, 31));
  Value pivotRow = b.sub(
      b.select(b.cmp(P::eq, holders, c32(b, 0)), firstLaneOfGroup, holderLane),
      firstLaneOfGroup);
  return {pivotPosition, pivotRow};
}

/// Four matrices a warp: a butterfly of (key, position, row) shuffles over
/// the matrix's lanes.
std::pair<Value, Value>
RegisterLuKernel::searchPivotByButterfly(KernelBuilder &b, Value key,
                                         Value candidate) {
  Value candidateRow = rowI32;
  for (int64_t offset = size / 2; offset >= 1; offset /= 2) {
    Value otherKey = b.shuffleXor(key, offset);
    Value otherPosition = b.shuffleXor(candidate, offset);
    Value otherRow = b.shuffleXor(candidateRow, offset);
    // Larger key, or equal key at an earlier position (used rows sit at
    // position INT_MAX with key 0 and lose every tie).
    Value take = b.bitOr(b.cmp(P::ugt, otherKey, key),
                         b.bitAnd(b.cmp(P::eq, otherKey, key),
                                  b.cmp(P::ult, otherPosition, candidate)));
    key = b.select(take, otherKey, key);
    candidate = b.select(take, otherPosition, candidate);
    candidateRow = b.select(take, otherRow, candidateRow);
  }
  return {candidate, candidateRow};
}

/// Elimination of the rows below, against the pivot row broadcast from the
/// lane holding it: a row not yet used divides its entry in column `step`
/// by the pivot and updates its later columns. Returns whether the pivot is
/// exactly zero.
Value RegisterLuKernel::eliminateBelow(KernelBuilder &b, int64_t step,
                                       MutableArrayRef<Value> a, Value pivotRow,
                                       Value newUsed) {
  Value source = b.add(firstLaneOfGroup, pivotRow);
  Value pivot = b.shuffle(a[step], source, gpu::ShuffleMode::IDX);
  Value singular = element.isZero(b, pivot);
  Value eliminate = b.bitAnd(b.bitXor(newUsed, b.boolean(true)),
                             b.bitXor(singular, b.boolean(true)));
  Value multiplier = element.div(b, a[step], pivot);
  a[step] = b.select(eliminate, multiplier, a[step]);
  for (int64_t j = step + 1; j < size; ++j) {
    Value pivotRowEntry = b.shuffle(a[j], source, gpu::ShuffleMode::IDX);
    a[j] = b.select(eliminate,
                    element.mulSub(b, a[j], multiplier, pivotRowEntry), a[j]);
  }
  return singular;
}

/// Row `position` of L\U is the lane's row: staged at its position (after
/// every lane has read its own), then copied out as it came in; then the
/// permutation and info (storeRegisterRowState).
void RegisterLuKernel::storeRows(KernelBuilder &b, ArrayRef<Value> state) {
  // The last warp sync keeps the warp's next matrix from overwriting the
  // buffer before every lane has copied out.
  NVVM::SyncWarpOp::create(b, fullMask);
  Value position = b.toIndexUnsigned(state[size]);
  b.ifThen(rowValid, [&](KernelBuilder &b) {
    for (int64_t j = 0; j < size; ++j)
      b.store(state[j], staged, stagedIndexOf(b, position, c[j]));
  });
  NVVM::SyncWarpOp::create(b, fullMask);
  forEachRow(b, [&](KernelBuilder &b, Value r, Value inMatrix) {
    b.ifThen(inMatrix, [&](KernelBuilder &b) {
      b.store(b.load(staged, stagedIndexOf(b, r, row)), lu,
              ValueRange{matrix, r, row});
    });
  });
  NVVM::SyncWarpOp::create(b, fullMask);
  storeRegisterRowState(b, state, size, /*lu=*/Value(), permutation, info,
                        matrix, row, n, rowValid, valid, c);
}

} // namespace

void buildRegisterLuKernelBody(KernelBuilder &b, ValueRange args,
                               ValueRange workgroup, Type elementType,
                               Type intType, bool withPermutation,
                               bool oneBasedPivots, int64_t size) {
  RegisterLuKernel(b, args, workgroup, elementType, intType, withPermutation,
                   oneBasedPivots, size)
      .emit();
}

void launchRegisterLu(ImplicitLocOpBuilder &b, DeviceWork &work,
                      const LuOperands &lu, int64_t size) {
  Value batch = memref::DimOp::create(b, lu.lu(), 0);
  gpu::GPUFuncOp kernel = getOrCreateKernel(
      lu.module,
      "linalgx_lu_registers" + std::to_string(size) + "_" + lu.kernelSuffix(),
      TypeRange(ValueRange(lu.values)),
      {32, static_cast<int32_t>(kRegisterLuWarpsPerBlock), 1},
      registerLuWorkgroupTypes(size, lu.elementType),
      [&](KernelBuilder &kb, ValueRange args, ValueRange workgroup) {
        buildRegisterLuKernelBody(kb, args, workgroup, lu.elementType,
                                  lu.intType, lu.withPermutation,
                                  lu.oneBasedPivots, size);
      });
  int64_t matricesPerBlock = kRegisterLuWarpsPerBlock * (32 / size);
  work.launch(kernel, gridSizeFor(b, batch, matricesPerBlock),
              {32, kRegisterLuWarpsPerBlock, 1}, lu.values);
}

} // namespace mlir::linalgx::gpu_kernels
