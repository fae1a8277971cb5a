//===- BlockedLuClusterPanel.cpp - the blocked LU's cluster panel -*- C++ -*-=//
//
// The blocked LU's panel factored by a thread-block cluster: the panel's
// rows split over the cluster's blocks, the pivot search through distributed
// shared memory, one cluster barrier a step (BlockedLu.h).
//
//===----------------------------------------------------------------------===//

#include "../GPULoweringUtils.h"
#include "BlockedLu.h"
#include "KernelBuilder.h"
#include "linalgx/Conversion/ElementArith.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace mlir::linalgx;

namespace mlir::linalgx::gpu_kernels {

namespace {

/// The cluster panel kernel (buildBlockedLuClusterPanelKernelBody): its
/// arguments, shape, hoisted constants and shared-memory views.
///
/// Block c of the cluster holds the panel's rows [c R, (c + 1) R) in shared
/// memory and never moves them: a row's position in the pivot order lives
/// beside it (`position`), and a step exchanges two positions, not two rows.
/// Each warp offers its best candidate (the largest pivotKey, then the
/// smallest position: LAPACK's first index) in a slot every block of the
/// cluster reads after the step's cluster barrier, so that all threads agree
/// on the pivot without a second barrier; the pivot row, final from then on,
/// is read from its owner's shared memory by one load a warp.
class ClusterPanelLuKernel : BlockedPanelKernelBase {
public:
  static constexpr int64_t warps = S::kClusterPanelWarps, threads = 32 * warps;
  static_assert(S::kClusterPanelMaxBlocks * warps <= 32,
                "a warp's lanes read every warp's candidate of the cluster");
  static_assert(NB == 32, "lane j of a warp reads the pivot row's column j");

  ClusterPanelLuKernel(KernelBuilder &b, ValueRange args, Type elementType,
                       Type intType, bool oneBasedPivots)
      : BlockedPanelKernelBase(b, args, elementType, intType, oneBasedPivots) {}

  /// The algorithm: per matrix of the cluster, load the block's rows and
  /// offer column 0's candidates; per step, agree on the pivot, eliminate
  /// the block's rows and offer the next column's; store in pivot order.
  void emit() {
    emitPrologue();
    top.forLoop(firstMatrix, batch, matrixStride,
                [&](KernelBuilder &b, Value matrixOfCluster) {
                  matrix = matrixOfCluster;
                  loadRows(b);
                  offerFirstCandidates(b);
                  Value firstZero = zeroInfo;
                  for (int64_t kk = 0; kk < NB; ++kk)
                    firstZero = emitStep(b, kk, firstZero);
                  storeRows(b, firstZero);
                  // Every remote read of this matrix came before the last
                  // step's cluster barrier; the next matrix may overwrite
                  // the rows after the block's own barrier.
                  b.barrier();
                });
  }

private:
  /// Types, constants, the shape, the block's rows and the shared memory.
  void emitPrologue() {
    KernelBuilder &b = top;
    emitCommonPrologue();
    noWord = b.i32(-1);
    // The grid is (cluster blocks, clusters): the rank is blockIdx.x.
    rank = b.blockId(gpu::Dimension::x);
    // Thread 0 of block 0 writes the pivots and info.
    leader = b.both(b.cmp(P::eq, rank, top.index(0)),
                    b.cmp(P::eq, thread, top.index(0)));
    clusterBlocks = b.gridDim(gpu::Dimension::x);
    firstMatrix = b.blockId(gpu::Dimension::y);
    matrixStride = b.gridDim(gpu::Dimension::y);
    rowsPerBlock = b.ceilDivU(rows, clusterBlocks);
    firstRow = b.mul(rank, rowsPerBlock);
    blockRows =
        b.select(b.cmp(P::ugt, rows, firstRow),
                 b.minU(rowsPerBlock, b.sub(rows, firstRow)), top.index(0));

    // Dynamic shared memory (BlockedLuShape::clusterPanelSharedBytes).
    Value shared = gpu::DynamicSharedMemoryOp::create(
        b, workgroupMemRef({ShapedType::kDynamic}, b.getI8Type()));
    sharedBase = memref::ExtractAlignedPointerAsIndexOp::create(b, shared);
    int64_t elementBytes = elementByteSize(elementType);
    a = memref::ViewOp::create(
        b, workgroupMemRef({ShapedType::kDynamic}, elementType), shared,
        top.index(0), ValueRange{b.mul(rowsPerBlock, top.index(stride))});
    Value positionOffset =
        b.mul(rowsPerBlock, top.index(stride * elementBytes));
    position = memref::ViewOp::create(
        b, workgroupMemRef({ShapedType::kDynamic}, i32), shared, positionOffset,
        ValueRange{rowsPerBlock});
    keysOffset = S::clusterPanelSlotsOffset(b, rowsPerBlock, elementBytes);
    wordsOffset = b.add(keysOffset, top.index(2 * warps * 8));
    slotKeys = memref::ViewOp::create(b, workgroupMemRef({2 * warps}, keyType),
                                      shared, keysOffset, ValueRange());
    slotWords = memref::ViewOp::create(b, workgroupMemRef({2 * warps}, i32),
                                       shared, wordsOffset, ValueRange());
  }

  /// Entry (local row, col) of the block's rows in shared memory.
  Value at(KernelBuilder &b, Value localRow, Value col) {
    return b.add(b.mul(localRow, top.index(stride)), col);
  }
  Value at(KernelBuilder &b, Value localRow, int64_t col) {
    return at(b, localRow, top.index(col));
  }

  /// The block's rows, consecutive threads on consecutive columns (zeros
  /// past the panel's width); each row's position is its panel row.
  void loadRows(KernelBuilder &b) {
    loadRowsToShared(b, matrix, firstRow, blockRows, a, threads,
                     [&](KernelBuilder &b, Value localRow, Value row) {
                       b.store(b.toI32(row), position, localRow);
                     });
    b.barrier();
  }

  /// The candidate of the block's row `localRow` for column `col` at
  /// `rowPosition`, no candidate unless `open`: its word holds its position
  /// above its panel row (16 bits each), so that the smallest word among
  /// equal keys is the first position.
  Candidate rowCandidate(KernelBuilder &b, Value localRow, Value rowPosition,
                         int64_t col, Value open) {
    Value key = b.select(open,
                         pivotKey(b, element, b.load(a, at(b, localRow, col)),
                                  b.cmp(P::eq, rowPosition, top.index(col)),
                                  magnitudeType),
                         zeroKey);
    Value word = b.toI32(
        b.bitOr(b.shl(rowPosition, top.index(16)), b.add(firstRow, localRow)));
    return {key, b.select(open, word, noWord)};
  }

  /// The warp's best of its threads' candidates (redux.sync), into the
  /// warp's slot of `parity`.
  void publish(KernelBuilder &b, Candidate best, int64_t parity) {
    Candidate warpCandidate = warpBest(b, best, noWord);
    b.ifThen(b.cmp(P::eq, lane, top.index(0)), [&](KernelBuilder &b) {
      Value slot = b.add(warp, top.index(parity * warps));
      b.store(warpCandidate.key, slotKeys, slot);
      b.store(warpCandidate.word, slotWords, slot);
    });
  }

  /// Column 0's candidates, then the barrier that starts step 0.
  void offerFirstCandidates(KernelBuilder &b) {
    auto scan = scf::ForOp::create(
        b, thread, blockRows, top.index(threads), ValueRange{zeroKey, noWord},
        [&](OpBuilder &nested, Location loc, Value localRow, ValueRange best) {
          KernelBuilder b(loc, nested);
          Value rowPosition = b.add(firstRow, localRow);
          Candidate c =
              rowCandidate(b, localRow, rowPosition, 0, b.boolean(true));
          Candidate kept = better(b, {best[0], best[1]}, c);
          scf::YieldOp::create(b, ValueRange{kept.key, kept.word});
        });
    publish(b, {scan.getResult(0), scan.getResult(1)}, 0);
    clusterBarrier(b);
  }

  /// Entry `e` of block `blockRank`'s rows.
  Value remoteEntry(KernelBuilder &b, Value blockRank, Value e) {
    Value offset = b.mul(e, top.index(elementByteSize(elementType)));
    if (!complexType)
      return clusterLoad(b, blockRank, offset, elementType);
    int64_t partBytes = elementByteSize(magnitudeType);
    Value re = clusterLoad(b, blockRank, offset, magnitudeType);
    Value im = clusterLoad(b, blockRank, b.add(offset, top.index(partBytes)),
                           magnitudeType);
    return complex::CreateOp::create(b, complexType, re, im);
  }

  /// The pivot of a step: lane l reads warp l % warps's slot of `parity` in
  /// block l / warps and the warp reduces them. Returns its panel row and
  /// position (index).
  std::pair<Value, Value> agreeOnPivot(KernelBuilder &b, int64_t parity) {
    Value slotCount = b.mul(clusterBlocks, top.index(warps));
    Value offered = b.cmp(P::ult, lane, slotCount);
    Value blockRank = b.divU(lane, top.index(warps));
    Value slot =
        b.add(b.remU(lane, top.index(warps)), top.index(parity * warps));
    int64_t keyBytes = keyType.getIntOrFloatBitWidth() / 8;
    SmallVector<Value> offer = b.ifThenElse(
        offered,
        [&](KernelBuilder &b) -> SmallVector<Value> {
          return {
              clusterLoad(b, blockRank,
                          b.add(keysOffset, b.mul(slot, top.index(keyBytes))),
                          keyType),
              clusterLoad(b, blockRank,
                          b.add(wordsOffset, b.mul(slot, top.index(4))), i32)};
        },
        [&](KernelBuilder &) -> SmallVector<Value> {
          return {zeroKey, noWord};
        });
    Value word =
        b.toIndexUnsigned(warpBest(b, {offer[0], offer[1]}, noWord).word);
    return {b.bitAnd(word, top.index(0xffff)), b.shrU(word, top.index(16))};
  }

  /// The pivot row's columns kk.. (index 0: the pivot), in every thread:
  /// lane j of each warp reads column j from the owner, then shuffles.
  SmallVector<Value> readPivotRow(KernelBuilder &b, Value pivotRow,
                                  int64_t kk) {
    Value owner = b.divU(pivotRow, rowsPerBlock);
    Value localRow = b.sub(pivotRow, b.mul(owner, rowsPerBlock));
    Value mine = remoteEntry(b, owner, at(b, localRow, lane));
    SmallVector<Value> u;
    for (int64_t j = kk; j < NB; ++j)
      u.push_back(b.shuffle(mine, top.i32(j), gpu::ShuffleMode::IDX));
    return u;
  }

  /// Step kk, when the panel has it (kk < steps): the pivot, the
  /// elimination, the next candidates. Returns the new firstZero.
  Value emitStep(KernelBuilder &b, int64_t kk, Value firstZero) {
    Value step = top.index(kk);
    return b.ifThenElse(
        b.cmp(P::ult, step, steps),
        [&](KernelBuilder &b) -> SmallVector<Value> {
          std::pair<Value, Value> pivot = agreeOnPivot(b, kk % 2);
          Value pivotRow = pivot.first, pivotPosition = pivot.second;
          b.ifThen(leader, [&](KernelBuilder &b) {
            storePivot(b, matrix, step, pivotPosition);
          });
          SmallVector<Value> u = readPivotRow(b, pivotRow, kk);
          Value singular = element.isZero(b, u[0]);
          eliminate(b, kk, pivotRow, pivotPosition, u, singular);
          Value noneYet = b.cmp(P::eq, firstZero, zeroInfo);
          Value stepInfo = arith::IndexCastOp::create(b, zeroInfo.getType(),
                                                      top.index(kk + 1));
          return {b.select(b.both(singular, noneYet), stepInfo, firstZero)};
        },
        [&](KernelBuilder &) -> SmallVector<Value> { return {firstZero}; })[0];
  }

  /// The block's rows at step kk: the pivot row takes position kk, the row
  /// at kk the pivot's old position; every other open row scales its entry
  /// and updates its later columns against `u` (none if `singular`) and
  /// offers its candidate for column kk + 1. Ends with the cluster barrier.
  void eliminate(KernelBuilder &b, int64_t kk, Value pivotRow,
                 Value pivotPosition, ArrayRef<Value> u, Value singular) {
    Value step = top.index(kk);
    Value reciprocal = element.reciprocal(b, u[0]);
    Value useReciprocal = element.reciprocalIsSafe(b, u[0]);
    Value update = b.negate(singular);
    auto scan = scf::ForOp::create(
        b, thread, blockRows, top.index(threads), ValueRange{zeroKey, noWord},
        [&](OpBuilder &nested, Location loc, Value localRow, ValueRange best) {
          KernelBuilder b(loc, nested);
          Value oldPosition = b.toIndexUnsigned(b.load(position, localRow));
          Value isPivot = b.cmp(P::eq, b.add(firstRow, localRow), pivotRow);
          Value open =
              b.both(b.cmp(P::uge, oldPosition, step), b.negate(isPivot));
          Value newPosition = b.select(isPivot, step,
                                       b.select(b.cmp(P::eq, oldPosition, step),
                                                pivotPosition, oldPosition));
          b.store(b.toI32(newPosition), position, localRow);
          b.ifThen(b.both(open, update), [&](KernelBuilder &b) {
            Value entry = b.load(a, at(b, localRow, kk));
            Value l = scaleByPivot(b, element, entry, u[0], useReciprocal,
                                   reciprocal);
            b.store(l, a, at(b, localRow, kk));
            for (int64_t j = kk + 1; j < NB; ++j) {
              Value target = at(b, localRow, j);
              b.store(element.mulSub(b, b.load(a, target), l, u[j - kk]), a,
                      target);
            }
          });
          Candidate kept{best[0], best[1]};
          if (kk + 1 < NB)
            kept = better(b, kept,
                          rowCandidate(b, localRow, newPosition, kk + 1, open));
          scf::YieldOp::create(b, ValueRange{kept.key, kept.word});
        });
    if (kk + 1 < NB)
      publish(b, {scan.getResult(0), scan.getResult(1)}, (kk + 1) % 2);
    clusterBarrier(b);
  }

  /// Out: each row at its position, the panel's row order, and info unless
  /// an earlier panel set it.
  void storeRows(KernelBuilder &b, Value firstZero) {
    b.barrier();
    storeRowsAtPositions(b, matrix, firstRow, blockRows, a, position, threads);
    b.ifThen(leader,
             [&](KernelBuilder &b) { storeInfo(b, matrix, firstZero); });
  }

  Value noWord;
  // The cluster, the block's place in it and its rows, its first thread.
  Value rank, leader, clusterBlocks, firstMatrix, matrixStride;
  Value rowsPerBlock, firstRow, blockRows;
  // Shared memory: the block's rows, their positions, the warps' candidate
  // slots (two steps' worth).
  Value a, position, keysOffset, wordsOffset, slotKeys, slotWords;
  // The matrix the cluster works on (the loop's induction variable).
  Value matrix;
};

} // namespace

void buildBlockedLuClusterPanelKernelBody(KernelBuilder &b, ValueRange args,
                                          Type elementType, Type intType,
                                          bool oneBasedPivots) {
  ClusterPanelLuKernel(b, args, elementType, intType, oneBasedPivots).emit();
}

} // namespace mlir::linalgx::gpu_kernels
