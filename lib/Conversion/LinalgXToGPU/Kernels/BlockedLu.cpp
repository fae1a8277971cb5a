//===- BlockedLu.cpp - the blocked LU ---------------------------*- C++ -*-===//
//
// Matrices too large for one block: 32-column panels, each a panel kernel
// and an update kernel over every matrix of the batch. (BlockedLu.h).
//
//===----------------------------------------------------------------------===//

#include "BlockedLu.h"
#include "../GPULoweringUtils.h"
#include "../VendorLu.h"
#include "KernelBuilder.h"
#include "Permutation.h"
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

/// The panel kernel (buildBlockedLuPanelKernelBody): its arguments, shape,
/// hoisted constants and shared-memory views, shared by its phases.
class PanelLuKernel : BlockedPanelKernelBase {
public:
  static constexpr int64_t warps = S::kPanelWarps, threads = 32 * warps;

  PanelLuKernel(KernelBuilder &b, ValueRange args, Type elementType,
                Type intType, bool oneBasedPivots)
      : BlockedPanelKernelBase(b, args, elementType, intType, oneBasedPivots) {}

  /// The algorithm: per matrix of the block, load the panel; per step,
  /// search the pivot, exchange the rows, eliminate below; store.
  void emit() {
    emitPrologue();
    top.forLoop(blockId, batch, gridDim,
                [&](KernelBuilder &b, Value matrixOfBlock) {
                  matrix = matrixOfBlock;
                  loadPanel(b);
                  // The steps, unrolled (static columns); those past `steps`
                  // skipped. firstZero: the first zero pivot's step + 1 (info),
                  // 0 if none.
                  Value firstZero = zeroInfo;
                  for (int64_t kk = 0; kk < NB; ++kk)
                    firstZero = emitStep(b, kk, firstZero);
                  storePanel(b, firstZero);
                  // The next matrix refills shared memory.
                  b.barrier();
                });
  }

private:
  /// The kernel's top level: types and constants, the shape, the thread's
  /// coordinates and the views of the dynamic shared memory.
  void emitPrologue() {
    KernelBuilder &b = top;
    emitCommonPrologue();
    noRow = top.i32(std::numeric_limits<int32_t>::max());
    blockId = b.blockId(gpu::Dimension::x);
    gridDim = b.gridDim(gpu::Dimension::x);

    // Dynamic shared memory (BlockedLuShape::panelSharedBytes): the panel at
    // an odd row stride, the row order, the warps' candidates.
    Value shared = gpu::DynamicSharedMemoryOp::create(
        b, workgroupMemRef({ShapedType::kDynamic}, b.getI8Type()));
    int64_t elementBytes = elementByteSize(elementType);
    Value panelBytes = b.mul(rows, top.index(stride * elementBytes));
    a = memref::ViewOp::create(
        b, workgroupMemRef({ShapedType::kDynamic}, elementType), shared,
        top.index(0), ValueRange{b.mul(rows, top.index(stride))});
    candidateKeys = memref::ViewOp::create(b, workgroupMemRef({warps}, keyType),
                                           shared, panelBytes, ValueRange());
    candidateRows = memref::ViewOp::create(
        b, workgroupMemRef({warps}, i32), shared,
        b.add(panelBytes, top.index(warps * 8)), ValueRange());
    order = memref::ViewOp::create(
        b, workgroupMemRef({ShapedType::kDynamic}, i32), shared,
        b.add(panelBytes, top.index(warps * 12)), ValueRange{rows});
  }

  /// Entry (row, col) of the panel in shared memory.
  Value at(KernelBuilder &b, Value row, int64_t col) {
    return b.add(b.mul(row, top.index(stride)), top.index(col));
  }

  /// The thread's rows from `first` on: thread, thread + threads, ...
  /// (a panel has at most a few times as many rows as the block threads).
  void forRows(KernelBuilder &b, Value first,
               function_ref<void(KernelBuilder &, Value)> body) {
    b.forLoop(thread, rows, top.index(threads), [&](KernelBuilder &b, Value r) {
      b.ifThen(b.cmp(P::uge, r, first), [&](KernelBuilder &b) { body(b, r); });
    });
  }

  /// In: rows of 32 columns, consecutive threads on consecutive columns
  /// (zeros past the panel's width), and the identity row order.
  void loadPanel(KernelBuilder &b) {
    loadRowsToShared(b, matrix, /*firstRow=*/Value(), rows, a, threads,
                     [&](KernelBuilder &b, Value r, Value) {
                       b.store(b.toI32(r), order, r);
                     });
    b.barrier();
  }

  /// Step kk, when the panel has it (kk < steps): pivot search, exchange,
  /// elimination. Returns the new firstZero (unchanged past `steps`).
  Value emitStep(KernelBuilder &b, int64_t kk, Value firstZero) {
    Value step = top.index(kk);
    return b.ifThenElse(
        b.cmp(P::ult, step, steps),
        [&](KernelBuilder &b) -> SmallVector<Value> {
          // Step 0 searches; every later step's candidates were offered by
          // the step before, ahead of its last barrier.
          Value pivotRow = kk == 0 ? searchPivot(b, step, kk) : blockBestRow(b);
          exchangeRows(b, step, pivotRow);
          Value singular = eliminate(b, step, kk);
          Value noneYet = b.cmp(P::eq, firstZero, zeroInfo);
          Value stepInfo = arith::IndexCastOp::create(b, zeroInfo.getType(),
                                                      top.index(kk + 1));
          return {b.select(b.both(singular, noneYet), stepInfo, firstZero)};
        },
        [&](KernelBuilder &) -> SmallVector<Value> { return {firstZero}; })[0];
  }

  /// Pivot search: the warps' candidates, a barrier, the block's best.
  /// Returns the pivot's row (index).
  Value searchPivot(KernelBuilder &b, Value step, int64_t kk) {
    offerCandidates(b, step, kk);
    b.barrier();
    return blockBestRow(b);
  }

  /// Each thread's best row in column kk from row `step` on (the first of
  /// its largest key, pivotKey), the warp's (redux.sync), offered in the
  /// warp's candidate slot.
  void offerCandidates(KernelBuilder &b, Value step, int64_t kk) {
    auto scan = scf::ForOp::create(
        b, thread, rows, top.index(threads), ValueRange{zeroKey, noRow},
        [&](OpBuilder &nested, Location loc, Value r, ValueRange best) {
          KernelBuilder b(loc, nested);
          Value open = b.cmp(P::uge, r, step);
          Value key = b.select(open,
                               pivotKey(b, element, b.load(a, at(b, r, kk)),
                                        b.cmp(P::eq, r, step), magnitudeType),
                               zeroKey);
          Value rI32 = b.toI32(r);
          Value take = b.both(open, b.bitOr(b.cmp(P::ugt, key, best[0]),
                                            b.cmp(P::eq, best[1], noRow)));
          scf::YieldOp::create(b, ValueRange{b.select(take, key, best[0]),
                                             b.select(take, rI32, best[1])});
        });
    Candidate best = warpBest(b, {scan.getResult(0), scan.getResult(1)}, noRow);
    b.ifThen(b.cmp(P::eq, lane, top.index(0)), [&](KernelBuilder &b) {
      b.store(best.key, candidateKeys, warp);
      b.store(best.word, candidateRows, warp);
    });
  }

  /// The block's best candidate: the largest key of the warps', the first
  /// row among equal keys. Lane w of every warp reads warp w's candidate and
  /// the warp reduces them as it reduced its rows: a pass over the 16
  /// candidates in each thread was most of a step's instructions.
  Value blockBestRow(KernelBuilder &b) {
    Value offered = b.cmp(P::ult, lane, top.index(warps));
    Value slot = b.select(offered, lane, top.index(0));
    Value key = b.select(offered, b.load(candidateKeys, slot), zeroKey);
    Value row = b.select(offered, b.load(candidateRows, slot), noRow);
    return b.toIndex(warpBest(b, {key, row}, noRow).word);
  }

  /// The exchange of rows kk and pivotRow (all 32 columns: L's part of the
  /// panel too), the row order, the pivot.
  void exchangeRows(KernelBuilder &b, Value step, Value pivotRow) {
    b.ifThen(b.cmp(P::ne, pivotRow, step), [&](KernelBuilder &b) {
      b.ifThen(b.cmp(P::ult, thread, top.index(NB)), [&](KernelBuilder &b) {
        Value atStep = b.add(b.mul(step, top.index(stride)), thread);
        Value atPivot = b.add(b.mul(pivotRow, top.index(stride)), thread);
        Value x = b.load(a, atStep);
        Value y = b.load(a, atPivot);
        b.store(y, a, atStep);
        b.store(x, a, atPivot);
      });
      b.ifThen(b.cmp(P::eq, thread, top.index(NB)), [&](KernelBuilder &b) {
        Value x = b.load(order, step);
        Value y = b.load(order, pivotRow);
        b.store(y, order, step);
        b.store(x, order, pivotRow);
      });
    });
    b.ifThen(b.cmp(P::eq, thread, top.index(0)),
             [&](KernelBuilder &b) { storePivot(b, matrix, step, pivotRow); });
    b.barrier();
  }

  /// Elimination below: a thread a row, the multiplier and the row's later
  /// columns against the pivot row (broadcast loads, held in registers). A
  /// zero pivot neither scales nor updates. Then the next step's candidates
  /// from the rows each thread has just updated, so that one barrier ends
  /// this step and starts the next. Returns whether the pivot is zero.
  Value eliminate(KernelBuilder &b, Value step, int64_t kk) {
    Value pivot = b.load(a, at(b, step, kk));
    Value singular = element.isZero(b, pivot);
    b.ifThen(b.bitXor(singular, arith::ConstantIntOp::create(b, 1, 1)),
             [&](KernelBuilder &b) {
               Value reciprocal = element.reciprocal(b, pivot);
               Value useReciprocal = element.reciprocalIsSafe(b, pivot);
               // (Complex pivot rows would take twice the registers: they are
               // read for each row instead.)
               SmallVector<Value> u;
               if (!complexType)
                 for (int64_t j = kk + 1; j < NB; ++j)
                   u.push_back(b.load(a, at(b, step, j)));
               auto pivotRowEntry = [&](KernelBuilder &b, int64_t j) {
                 return complexType ? b.load(a, at(b, step, j)) : u[j - kk - 1];
               };
               forRows(b, b.add(step, top.index(1)),
                       [&](KernelBuilder &b, Value r) {
                         Value entry = b.load(a, at(b, r, kk));
                         Value l = scaleByPivot(b, element, entry, pivot,
                                                useReciprocal, reciprocal);
                         b.store(l, a, at(b, r, kk));
                         for (int64_t j = kk + 1; j < NB; ++j) {
                           Value target = at(b, r, j);
                           b.store(element.mulSub(b, b.load(a, target), l,
                                                  pivotRowEntry(b, j)),
                                   a, target);
                         }
                       });
             });
    if (kk + 1 < NB)
      offerCandidates(b, b.add(step, top.index(1)), kk + 1);
    b.barrier();
    return singular;
  }

  /// Out: the panel in its pivot order, the panel's row order (the
  /// update's exchanges), and info unless an earlier panel set it.
  void storePanel(KernelBuilder &b, Value firstZero) {
    b.forLoop(thread, b.mul(rows, top.index(NB)), top.index(threads),
              [&](KernelBuilder &b, Value e) {
                Value r = b.divU(e, top.index(NB));
                Value c = b.remU(e, top.index(NB));
                b.ifThen(b.cmp(P::ult, c, width), [&](KernelBuilder &b) {
                  b.store(b.load(a, b.add(b.mul(r, top.index(stride)), c)), lu,
                          ValueRange{matrix, b.add(k0, r), b.add(k0, c)});
                });
                b.ifThen(b.cmp(P::eq, c, top.index(0)), [&](KernelBuilder &b) {
                  Value from = b.load(order, r);
                  b.store(intType.isInteger(32)
                              ? from
                              : arith::ExtUIOp::create(b, intType, from),
                          panelPermutation, ValueRange{matrix, r});
                });
              });
    b.ifThen(b.cmp(P::eq, thread, top.index(0)),
             [&](KernelBuilder &b) { storeInfo(b, matrix, firstZero); });
  }

  Value noRow;
  // The block's place in the grid.
  Value blockId, gridDim;
  // Shared memory: the panel, the warps' candidates, the row order.
  Value a, candidateKeys, candidateRows, order;
  // The matrix the block works on (the loop's induction variable).
  Value matrix;
};

} // namespace

void BlockedPanelKernelBase::emitCommonPrologue() {
  KernelBuilder &b = top;
  magnitudeType = complexType ? complexType.getElementType() : elementType;
  keyType = b.getIntegerType(magnitudeType.getIntOrFloatBitWidth());
  i32 = b.getI32Type();
  zeroKey = arith::ConstantIntOp::create(b, keyType, 0);
  zeroInfo = arith::ConstantOp::create(
      b, b.getZeroAttr(cast<MemRefType>(info.getType()).getElementType()));
  batch = b.dim(lu, 0);
  BlockedLuShape::Panel panel =
      BlockedLuShape::panelAt(b, b.dim(lu, 1), b.dim(lu, 2), k0);
  width = panel.width, rows = panel.rows, steps = panel.steps;
  lane = b.threadId(gpu::Dimension::x);
  warp = b.threadId(gpu::Dimension::y);
  thread = b.add(b.mul(warp, top.index(32)), lane);
}

void BlockedPanelKernelBase::storePivot(KernelBuilder &b, Value matrix,
                                        Value step, Value position) const {
  b.store(storedPivot(
              b, arith::IndexCastOp::create(b, intType, b.add(k0, position)),
              oneBasedPivots),
          pivots, ValueRange{matrix, b.add(k0, step)});
}

void BlockedPanelKernelBase::storeInfo(KernelBuilder &b, Value matrix,
                                       Value firstZero) const {
  using P = arith::CmpIPredicate;
  Value earlier =
      b.select(b.cmp(P::eq, k0, b.index(0)), zeroInfo, b.load(info, matrix));
  Value takes = b.both(b.cmp(P::eq, earlier, zeroInfo),
                       b.cmp(P::ne, firstZero, zeroInfo));
  Value fromHere =
      b.add(firstZero, arith::IndexCastOp::create(b, zeroInfo.getType(), k0));
  b.store(b.select(takes, fromHere, earlier), info, matrix);
}

BlockedPanelKernelBase::Candidate
BlockedPanelKernelBase::better(KernelBuilder &b, Candidate x,
                               Candidate y) const {
  Value takeY = b.bitOr(
      b.cmp(P::ugt, y.key, x.key),
      b.both(b.cmp(P::eq, y.key, x.key), b.cmp(P::ult, y.word, x.word)));
  return {b.select(takeY, y.key, x.key), b.select(takeY, y.word, x.word)};
}

BlockedPanelKernelBase::Candidate
BlockedPanelKernelBase::warpBest(KernelBuilder &b, Candidate mine,
                                 Value none) const {
  Value key = reduceMaxKey(b, mine.key, [&](KernelBuilder &b, Value v) {
    return b.redux(NVVM::ReduxKind::UMAX, v);
  });
  Value word = b.redux(NVVM::ReduxKind::UMIN,
                       b.select(b.cmp(P::eq, mine.key, key), mine.word, none));
  return {key, word};
}

void BlockedPanelKernelBase::loadRowsToShared(
    KernelBuilder &b, Value matrix, Value firstRow, Value count, Value rowsView,
    int64_t threads, function_ref<void(KernelBuilder &, Value, Value)> onRow,
    int64_t firstColumn, int64_t columns) const {
  b.forLoop(thread, b.mul(count, top.index(columns)), top.index(threads),
            [&](KernelBuilder &b, Value e) {
              Value localRow = b.divU(e, top.index(columns));
              Value loaded = b.remU(e, top.index(columns));
              Value c =
                  firstColumn ? b.add(loaded, top.index(firstColumn)) : loaded;
              Value row = firstRow ? b.add(firstRow, localRow) : localRow;
              Value v =
                  b.loadOr(b.cmp(P::ult, c, width), lu,
                           ValueRange{matrix, b.add(k0, row), b.add(k0, c)},
                           element.zero(b));
              b.store(v, rowsView,
                      b.add(b.mul(localRow, top.index(columns + 1)), loaded));
              if (onRow)
                b.ifThen(b.cmp(P::eq, loaded, top.index(0)),
                         [&](KernelBuilder &b) { onRow(b, localRow, row); });
            });
}

void BlockedPanelKernelBase::storeRowsAtPositions(KernelBuilder &b,
                                                  Value matrix, Value firstRow,
                                                  Value count, Value rowsView,
                                                  Value positions,
                                                  int64_t threads) const {
  b.forLoop(thread, b.mul(count, top.index(NB)), top.index(threads),
            [&](KernelBuilder &b, Value e) {
              Value localRow = b.divU(e, top.index(NB));
              Value c = b.remU(e, top.index(NB));
              Value to = b.toIndexUnsigned(b.load(positions, localRow));
              b.ifThen(b.cmp(P::ult, c, width), [&](KernelBuilder &b) {
                b.store(b.load(rowsView,
                               b.add(b.mul(localRow, top.index(stride)), c)),
                        lu, ValueRange{matrix, b.add(k0, to), b.add(k0, c)});
              });
              b.ifThen(b.cmp(P::eq, c, top.index(0)), [&](KernelBuilder &b) {
                b.store(arith::IndexCastOp::create(b, intType,
                                                   b.add(firstRow, localRow)),
                        panelPermutation, ValueRange{matrix, to});
              });
            });
}

void BlockedPanelKernelBase::clusterBarrier(KernelBuilder &b) const {
  NVVM::ClusterArriveOp::create(b, b.getUnitAttr());
  NVVM::ClusterWaitOp::create(b, b.getUnitAttr());
}

Value BlockedPanelKernelBase::clusterAddress(KernelBuilder &b, Value blockRank,
                                             Value offset) const {
  MLIRContext *ctx = b.getContext();
  Value local = LLVM::IntToPtrOp::create(
      b, LLVM::LLVMPointerType::get(ctx, /*shared=*/3),
      ValueRange{arith::IndexCastOp::create(b, b.getI64Type(),
                                            b.add(sharedBase, offset))});
  return NVVM::MapaOp::create(
      b, LLVM::LLVMPointerType::get(ctx, /*shared::cluster=*/7), local,
      b.toI32(blockRank));
}

Value BlockedPanelKernelBase::clusterLoad(KernelBuilder &b, Value blockRank,
                                          Value offset, Type type) const {
  return LLVM::LoadOp::create(b, type, clusterAddress(b, blockRank, offset));
}

void buildBlockedLuPanelKernelBody(KernelBuilder &b, ValueRange args,
                                   Type elementType, Type intType,
                                   bool oneBasedPivots) {
  PanelLuKernel(b, args, elementType, intType, oneBasedPivots).emit();
}

namespace {

/// The update kernel (buildBlockedLuUpdateKernelBody): its arguments, shape,
/// the thread's tile columns and the shared-memory views, shared by its
/// phases, and per matrix the entries of the panel rows the thread holds.
class UpdateLuKernel {
public:
  using S = BlockedLuShape;
  using P = arith::CmpIPredicate;
  static constexpr int64_t NB = S::kPanelColumns, TR = S::kTileRows,
                           TX = S::kThreadsX, TY = S::kThreadsY;
  static constexpr int64_t rowsPerThread = TR / TY;
  static constexpr int64_t kInnerUnroll = 4;
  static_assert(NB % TY == 0 && NB % TX == 0 && NB <= TX * TY,
                "a block's threads cover a panel's rows and columns");
  /// The tensor-core update: mma.sync m8n8k4 on 8 x 8 blocks; the block's
  /// warps as kMmaWarpRows x kMmaWarpColumns, each a 16-row slice (two
  /// blocks high) of the row tile and half its columns.
  static constexpr int64_t kMmaM = 8, kMmaN = 8, kMmaK = 4;
  static constexpr int64_t kMmaWarpRows = 4, kMmaWarpColumns = 2;
  static constexpr int64_t kMmaRowBlocks = TR / (kMmaWarpRows * kMmaM);
  static_assert(kMmaWarpRows * kMmaWarpColumns * 32 == TX * TY &&
                    TR % (kMmaWarpRows * kMmaM) == 0 && NB % (2 * kMmaK) == 0,
                "the warps tile the row tile; the k loop takes two steps a "
                "trip");

  UpdateLuKernel(KernelBuilder &b, ValueRange args, Type elementType,
                 int64_t tileColumns, BlockedLuUpdatePhases phases,
                 bool tensorCores, bool columnSolve)
      : TC(tileColumns), colsPerThread(tileColumns / TX), phases(phases),
        tensorCores(tensorCores),
        solveByLanes(columnSolve && exchangeAndSolveOnly(phases)),
        ltStride(S::updateL21Stride(tensorCores)),
        uStride(S::updateUStride(tileColumns, tensorCores,
                                 elementByteSize(elementType))),
        top(b), lu(args[0]), panelPermutation(args[1]), k0(args[2]),
        updateEnd(args[3]), elementType(elementType),
        element(elementType, ElementArith::Flavour::Kernel),
        complexType(dyn_cast<ComplexType>(elementType)) {
    assert(TC % TX == 0 && NB * uStride <= TR * ltStride &&
           "threads cover the tile's columns; the old panel rows fit L21's "
           "buffer");
    assert((!tensorCores || TC % (kMmaWarpColumns * kMmaN) == 0) &&
           "the warps' column halves are whole 8-column blocks");
  }

  /// The algorithm, per matrix of the block: the panel's row moves and
  /// L11; the panel rows read; the old ones moved down; U12 solved; the
  /// rows below updated (the phases asked for: the trailing phase alone
  /// reads U12 back from the matrix).
  void emit() {
    using Phases = BlockedLuUpdatePhases;
    emitPrologue();
    top.forLoop(firstMatrix, batch, matrixStride,
                [&](KernelBuilder &b, Value matrixOfBlock) {
                  matrix = matrixOfBlock;
                  collectEntries(b);
                  if (phases != Phases::Trailing) {
                    readPanelAndRows(b);
                    moveOldPanelRows(b);
                    if (solveByLanes)
                      solveU12ByLanes(b);
                    else
                      solveU12(b);
                  } else {
                    loadU12(b);
                  }
                  if (!exchangeAndSolveOnly(phases))
                    updateBelow(b);
                  // The next matrix refills shared memory.
                  b.barrier();
                });
  }

private:
  /// One of the thread's entries of the panel rows: row t of the panel,
  /// tile column cc (global column col), its place in the U and L21
  /// buffers, and whether it is the thread's to move.
  struct Entry {
    Value t, cc, col, at, active;
  };

  /// The kernel's top level: the shape, the thread's coordinates, the
  /// shared-memory views and the thread's columns of the tile.
  void emitPrologue() {
    KernelBuilder &b = top;
    Type i32 = b.getI32Type();
    batch = b.dim(lu, 0);
    m = b.dim(lu, 1);
    n = b.dim(lu, 2);
    // The panel: columns [k0, panelEnd), its rows P = M - k0, its steps s.
    S::Panel panel = S::panelAt(b, m, n, k0);
    Value width = panel.width;
    panelRows = panel.rows, steps = panel.steps;
    panelEnd = b.add(k0, width);
    untouchedEnd = phases == BlockedLuUpdatePhases::ExchangeAndSolveBeside
                       ? b.minU(b.add(panelEnd, top.index(NB)), n)
                       : panelEnd;
    tx = b.threadId(gpu::Dimension::x);
    ty = b.threadId(gpu::Dimension::y);
    thread = b.add(b.mul(ty, top.index(TX)), tx);
    tileStart = b.mul(b.blockId(gpu::Dimension::x), top.index(TC));
    firstMatrix = b.blockId(gpu::Dimension::y);
    matrixStride = b.gridDim(gpu::Dimension::y);

    // Shared memory (BlockedLuShape::updateSharedBytes).
    int64_t elementBytes = elementByteSize(elementType);
    Value shared = gpu::DynamicSharedMemoryOp::create(
        b, workgroupMemRef({ShapedType::kDynamic}, b.getI8Type()));
    auto view = [&](int64_t byteOffset, int64_t count, Type type) -> Value {
      return memref::ViewOp::create(b, workgroupMemRef({count}, type), shared,
                                    top.index(byteOffset), ValueRange());
    };
    l11 = view(0, NB * NB, elementType);
    u = view(NB * NB * elementBytes, NB * uStride, elementType);
    lt = view((NB * NB + NB * uStride) * elementBytes, TR * ltStride,
              elementType);
    inverse =
        view((NB * NB + NB * uStride + TR * ltStride) * elementBytes, NB, i32);
    zeroValue = element.zero(b);

    // The tile's columns a thread takes: tileStart + tx + TX * j.
    for (int64_t j = 0; j < colsPerThread; ++j) {
      Value col = b.add(tileStart, b.add(tx, top.index(TX * j)));
      columns.push_back(col);
      inTile.push_back(b.cmp(P::ult, col, n));
    }
    // Whether the tile has columns right of the panel, below which the
    // panel's L21 * U12 is subtracted: not past updateEnd (a tile boundary),
    // whose columns take the row exchanges alone.
    Value tileEnd = b.minU(b.add(tileStart, top.index(TC)), n);
    updatesRight = b.both(b.cmp(P::ugt, tileEnd, untouchedEnd),
                          b.cmp(P::ult, tileStart, updateEnd));
    if (tensorCores)
      layOutMmaAccumulators(b);
    else
      layOutScalarAccumulators(b);
  }

  /// The scalar update's entries of a row tile: rows ty + TY * i, the
  /// thread's tile columns.
  void layOutScalarAccumulators(KernelBuilder &b) {
    for (int64_t i = 0; i < rowsPerThread; ++i)
      accRows.push_back(b.add(ty, top.index(TY * i)));
    accColumns = columns;
    accInTile = inTile;
  }

  /// The tensor-core update's entries: those of the accumulator fragments
  /// of the warp's blocks. In an m8n8k4 fragment lane l holds row l / 4 and
  /// columns 2 (l % 4) and 2 (l % 4) + 1 of C, entry (l / 4, l % 4) of A
  /// and entry (l % 4, l / 4) of B. Also the fragments' shared-memory
  /// offsets for the first k step (A: the L21 tile, B: the U rows).
  void layOutMmaAccumulators(KernelBuilder &b) {
    Value warp = b.divU(thread, top.index(32));
    Value laneId = b.remU(thread, top.index(32));
    Value group = b.divU(laneId, top.index(4));
    Value inGroup = b.remU(laneId, top.index(4));
    Value sliceRow = b.add(b.mul(b.divU(warp, top.index(kMmaWarpColumns)),
                                 top.index(kMmaRowBlocks * kMmaM)),
                           group);
    Value sliceColumn = b.mul(b.remU(warp, top.index(kMmaWarpColumns)),
                              top.index(TC / kMmaWarpColumns));
    for (int64_t i = 0; i < kMmaRowBlocks; ++i)
      accRows.push_back(b.add(sliceRow, top.index(i * kMmaM)));
    Value pairStart =
        b.add(tileStart, b.add(sliceColumn, b.mul(inGroup, top.index(2))));
    for (int64_t j = 0; j < mmaColumnBlocks(); ++j)
      for (int64_t e = 0; e < 2; ++e) {
        Value col = b.add(pairStart, top.index(j * kMmaN + e));
        accColumns.push_back(col);
        accInTile.push_back(b.cmp(P::ult, col, n));
      }
    aFragmentAt = b.add(b.mul(sliceRow, top.index(ltStride)), inGroup);
    bFragmentAt =
        b.add(b.mul(inGroup, top.index(uStride)), b.add(sliceColumn, group));
  }

  int64_t mmaColumnBlocks() const { return TC / (kMmaWarpColumns * kMmaN); }

  /// lu[indices] where `inBounds`, zero elsewhere (nothing is read).
  Value loadOrZero(KernelBuilder &b, Value inBounds,
                   SmallVector<Value> indices) {
    return b.loadOr(inBounds, lu, indices, zeroValue);
  }

  static bool exchangeAndSolveOnly(BlockedLuUpdatePhases phases) {
    return phases == BlockedLuUpdatePhases::ExchangeAndSolve ||
           phases == BlockedLuUpdatePhases::ExchangeAndSolveBeside;
  }

  /// Whether the kernel moves `col`'s entries: not the panel's columns, nor
  /// beside the look-ahead kernel the next panel's.
  Value outsidePanel(KernelBuilder &b, Value col) {
    return b.bitOr(b.cmp(P::ult, col, k0), b.cmp(P::uge, col, untouchedEnd));
  }

  /// The thread's entries of the panel rows (Entry).
  void collectEntries(KernelBuilder &b) {
    entries.clear();
    for (int64_t i = 0; i < NB / TY; ++i)
      for (int64_t j = 0; j < colsPerThread; ++j) {
        Value t = b.add(ty, top.index(TY * i));
        Value cc = b.add(tx, top.index(TX * j));
        Value active = b.both(b.both(b.cmp(P::ult, t, steps), inTile[j]),
                              outsidePanel(b, columns[j]));
        entries.push_back({t, cc, columns[j],
                           b.add(b.mul(t, top.index(uStride)), cc), active});
      }
  }

  /// The trailing phase's U12: the tile's panel rows right of the panel, as
  /// the exchange-and-solve phase stored them (zeros elsewhere).
  void loadU12(KernelBuilder &b) {
    for (const Entry &e : entries)
      b.store(loadOrZero(b, b.both(e.active, b.cmp(P::uge, e.col, panelEnd)),
                         {matrix, b.add(k0, e.t), e.col}),
              u, e.at);
    b.barrier();
  }

  /// 1. Every read before any write, in two rounds of loads so that a
  ///    warp waits for two latencies, not one a load and its store:
  ///    - where the panel's first `steps` rows went (the permutation's
  ///      inverse on them; rows past them stay or receive one of them).
  ///      The panel exchanged rows LAPACK's way, so a first row that left
  ///      the first `steps` positions went where a pivot row came from: the
  ///      candidates are the positions t < steps and permutation[t], two
  ///      dependent loads whatever the panel's height (a scan of every
  ///      position cost one load latency per TX * TY rows);
  ///    - L11 with zeros outside its strictly lower part;
  ///    - the tile's new panel rows (row permutation[t] of the panel at
  ///      position t) into U, its old ones into the L21 buffer, for the
  ///      columns outside the panel.
  void readPanelAndRows(KernelBuilder &b) {
    static_assert(2 * NB <= TX * TY, "a thread a candidate position");
    static_assert(NB * NB % (TX * TY) == 0, "L11 in whole rounds");
    // Round 1: what depends on nothing.
    Value t = b.remU(thread, top.index(NB));
    Value direct = b.cmp(P::ult, thread, top.index(NB));
    Value candidate = b.both(b.cmp(P::ult, thread, top.index(2 * NB)),
                             b.cmp(P::ult, t, steps));
    Value pivotFrom = loadPositionOrZero(b, candidate, t);
    SmallVector<Value> rowFrom, oldRow;
    for (const Entry &e : entries) {
      rowFrom.push_back(loadPositionOrZero(b, e.active, e.t));
      oldRow.push_back(
          loadOrZero(b, e.active, {matrix, b.add(k0, e.t), e.col}));
    }
    SmallVector<Value> l11Value, l11At;
    for (int64_t i = 0; i < NB * NB / (TX * TY); ++i) {
      Value e = b.add(thread, top.index(i * TX * TY));
      Value row = b.divU(e, top.index(NB)), j = b.remU(e, top.index(NB));
      Value lower =
          b.both(b.both(b.cmp(P::ult, j, row), b.cmp(P::ult, row, steps)),
                 updatesRight);
      l11Value.push_back(
          loadOrZero(b, lower, {matrix, b.add(k0, row), b.add(k0, j)}));
      // The column solve reads a column of L11 across lanes: transposed,
      // its rows fall in consecutive banks.
      l11At.push_back(solveByLanes ? b.add(b.mul(j, top.index(NB)), row) : e);
    }
    // Round 2: at the positions round 1 read.
    Value position = b.select(direct, t, pivotFrom);
    Value from = loadPositionOrZero(b, candidate, position);
    SmallVector<Value> newRow;
    for (auto [e, r] : llvm::zip(entries, rowFrom))
      newRow.push_back(loadOrZero(b, e.active, {matrix, b.add(k0, r), e.col}));
    // A position below the steps, seen by its direct candidate.
    Value owned = b.bitOr(direct, b.cmp(P::uge, position, steps));
    b.ifThen(
        b.both(candidate, b.both(owned, b.cmp(P::ult, from, steps))),
        [&](KernelBuilder &b) { b.store(b.toI32(position), inverse, from); });
    b.ifThen(updatesRight, [&](KernelBuilder &b) {
      for (auto [v, at] : llvm::zip(l11Value, l11At))
        b.store(v, l11, at);
    });
    for (size_t i = 0; i < entries.size(); ++i)
      b.ifThen(entries[i].active, [&](KernelBuilder &b) {
        b.store(newRow[i], u, entries[i].at);
        b.store(oldRow[i], lt, entries[i].at);
      });
    b.barrier();
  }

  /// The panel's row order at `position` (an index), where `valid`; 0
  /// elsewhere (nothing is read).
  Value loadPositionOrZero(KernelBuilder &b, Value valid, Value position) {
    return b.toIndex(
        b.loadOr(valid, panelPermutation, {matrix, position},
                 b.integer(getElementTypeOrSelf(panelPermutation), 0)));
  }

  /// 2. The old panel rows that moved below the panel's steps go there
  ///    (each position receives one row, so the writes never collide);
  ///    left of the panel, and from updateEnd on (exchanges alone), the new
  ///    panel rows are final.
  void moveOldPanelRows(KernelBuilder &b) {
    for (const Entry &e : entries)
      b.ifThen(e.active, [&](KernelBuilder &b) {
        Value to = b.toIndex(b.load(inverse, e.t));
        b.ifThen(b.cmp(P::uge, to, steps), [&](KernelBuilder &b) {
          b.store(b.load(lt, e.at), lu,
                  ValueRange{matrix, b.add(k0, to), e.col});
        });
        Value unsolved =
            b.bitOr(b.cmp(P::ult, e.col, k0), b.cmp(P::uge, e.col, updateEnd));
        b.ifThen(unsolved, [&](KernelBuilder &b) {
          b.store(b.load(u, e.at), lu,
                  ValueRange{matrix, b.add(k0, e.t), e.col});
        });
      });
  }

  /// 3. Right of the panel: U12 = L11^-1 * (new panel rows), by columns
  ///    of L11: at step j the owners of row j publish it (final: every
  ///    earlier step has been applied to it), then every entry below
  ///    subtracts its multiple. The entries live in registers; L11's
  ///    zeros on and above its diagonal make the update uniform. Then
  ///    the rows go to global memory.
  void solveU12(KernelBuilder &b) {
    b.ifThen(updatesRight, [&](KernelBuilder &b) {
      SmallVector<Value> x;
      for (const Entry &e : entries)
        x.push_back(b.load(u, e.at));
      auto solve = scf::ForOp::create(
          b, top.index(0), steps, top.index(1), x,
          [&](OpBuilder &nested, Location loc, Value j, ValueRange iter) {
            KernelBuilder b(loc, nested);
            for (size_t i = 0; i < entries.size(); ++i)
              b.ifThen(b.cmp(P::eq, entries[i].t, j), [&](KernelBuilder &b) {
                b.store(iter[i], u, entries[i].at);
              });
            b.barrier();
            SmallVector<Value> next;
            for (auto [e, v] : llvm::zip(entries, iter)) {
              Value pivotRow =
                  b.load(u, b.add(b.mul(j, top.index(uStride)), e.cc));
              Value l = b.load(l11, b.add(b.mul(e.t, top.index(NB)), j));
              next.push_back(element.mulSub(b, v, l, pivotRow));
            }
            scf::YieldOp::create(b, next);
          });
      (void)solve;
      b.barrier();
      for (const Entry &e : entries)
        b.ifThen(b.both(e.active, b.cmp(P::uge, e.col, panelEnd)),
                 [&](KernelBuilder &b) {
                   b.store(b.load(u, e.at), lu,
                           ValueRange{matrix, b.add(k0, e.t), e.col});
                 });
    });
    b.barrier();
  }

  /// 3, by lanes (solveByLanes): each warp takes TC / 8 of the tile's
  ///    columns, lanesPerColumn lanes a column, lane g of a column rows g,
  ///    g + lanesPerColumn, ... in registers. At step t the lane holding row
  ///    t (final by then) shuffles it to its column's lanes, and those with
  ///    rows below subtract its multiple: the steps above, in their order
  ///    (the same roundings), with no barrier. L11 is stored transposed
  ///    (readPanelAndRows). Entries past the panel's steps, and columns not
  ///    right of the panel, start at zero and are not stored.
  void solveU12ByLanes(KernelBuilder &b) {
    constexpr int64_t warps = TX * TY / 32;
    const int64_t lanesPerColumn = 32 * warps / TC;
    const int64_t rowsPerLane = NB / lanesPerColumn;
    b.ifThen(updatesRight, [&](KernelBuilder &b) {
      Value laneId = b.remU(thread, top.index(32));
      Value group = b.divU(laneId, top.index(lanesPerColumn));
      Value g = b.remU(laneId, top.index(lanesPerColumn));
      Value cc = b.add(
          b.mul(b.divU(thread, top.index(32)), top.index(32 / lanesPerColumn)),
          group);
      Value col = b.add(tileStart, cc);
      Value solving =
          b.both(b.cmp(P::ult, col, n), b.cmp(P::uge, col, untouchedEnd));
      SmallVector<Value> rows, inU, x;
      for (int64_t i = 0; i < rowsPerLane; ++i) {
        rows.push_back(b.add(g, top.index(lanesPerColumn * i)));
        inU.push_back(b.add(b.mul(rows[i], top.index(uStride)), cc));
        x.push_back(b.select(b.both(solving, b.cmp(P::ult, rows[i], steps)),
                             b.load(u, inU[i]), zeroValue));
      }
      Value firstLane = b.mul(group, top.index(lanesPerColumn));
      for (int64_t t = 0; t < NB; ++t) {
        Value pivot =
            b.shuffle(x[t / lanesPerColumn],
                      b.toI32(b.add(firstLane, top.index(t % lanesPerColumn))),
                      gpu::ShuffleMode::IDX);
        for (int64_t i = 0; i < rowsPerLane; ++i) {
          Value l = b.load(l11, b.add(top.index(t * NB), rows[i]));
          x[i] = b.select(b.cmp(P::ugt, rows[i], top.index(t)),
                          element.mulSub(b, x[i], l, pivot), x[i]);
        }
      }
      for (int64_t i = 0; i < rowsPerLane; ++i)
        b.ifThen(b.both(solving, b.cmp(P::ult, rows[i], steps)),
                 [&](KernelBuilder &b) {
                   b.store(x[i], u, inU[i]);
                   b.store(x[i], lu,
                           ValueRange{matrix, b.add(k0, rows[i]), col});
                 });
    });
    b.barrier();
  }

  /// 4. The rows below the panel's steps, kTileRows at a time: their L21
  ///    tile into shared memory, then each thread's entries minus
  ///    L21 * U12. (Rows below exist only when the panel has all
  ///    kPanelColumns steps, so every U row is valid here.)
  void updateBelow(KernelBuilder &b) {
    b.ifThen(updatesRight, [&](KernelBuilder &b) {
      // Row tiles z, z + Z, ... of the grid's z dimension.
      Value firstTile = b.mul(b.blockId(gpu::Dimension::z), top.index(TR));
      Value tileStride = b.mul(b.gridDim(gpu::Dimension::z), top.index(TR));
      b.forLoop(b.add(b.add(k0, steps), firstTile), m, tileStride,
                [&](KernelBuilder &b, Value firstRow) {
                  stageL21(b, firstRow);
                  updateRowTile(b, firstRow);
                  // The next tile's L21 overwrites this one.
                  b.barrier();
                });
    });
  }

  /// The L21 tile of rows [firstRow, firstRow + kTileRows) into shared
  /// memory (zeros below the matrix); negated for the tensor cores, which
  /// add products (negation is exact).
  void stageL21(KernelBuilder &b, Value firstRow) {
    for (int64_t i = 0; i < rowsPerThread; ++i)
      for (int64_t j = 0; j < NB / TX; ++j) {
        Value rr = b.add(ty, top.index(TY * i));
        Value jj = b.add(tx, top.index(TX * j));
        Value row = b.add(firstRow, rr);
        Value v =
            loadOrZero(b, b.cmp(P::ult, row, m), {matrix, row, b.add(k0, jj)});
        if (tensorCores)
          v = element.negate(b, v);
        b.store(v, lt, b.add(b.mul(rr, top.index(ltStride)), jj));
      }
    b.barrier();
  }

  /// The thread's entries of the row tile at `firstRow` (accRows x
  /// accColumns) minus L21 * U12.
  void updateRowTile(KernelBuilder &b, Value firstRow) {
    SmallVector<Value> rows, rowValid;
    for (Value offset : accRows) {
      rows.push_back(b.add(firstRow, offset));
      rowValid.push_back(b.cmp(P::ult, rows.back(), m));
    }
    SmallVector<Value> colValid;
    for (auto [col, inside] : llvm::zip(accColumns, accInTile))
      colValid.push_back(b.both(inside, b.cmp(P::uge, col, panelEnd)));
    // The entries, loaded together, then L21 * U12 subtracted from them.
    size_t cols = accColumns.size();
    SmallVector<Value> acc;
    for (size_t i = 0; i < rows.size(); ++i)
      for (size_t j = 0; j < cols; ++j)
        acc.push_back(loadOrZero(b, b.both(rowValid[i], colValid[j]),
                                 {matrix, rows[i], accColumns[j]}));
    acc = tensorCores ? subtractL21U12WithMma(b, acc) : subtractL21U12(b, acc);
    for (size_t i = 0; i < rows.size(); ++i)
      for (size_t j = 0; j < cols; ++j)
        b.ifThen(b.both(rowValid[i], colValid[j]), [&](KernelBuilder &b) {
          b.store(acc[i * cols + j], lu,
                  ValueRange{matrix, rows[i], accColumns[j]});
        });
  }

  /// `acc` (rowsPerThread x colsPerThread entries) minus the thread's part
  /// of L21 * U12, from the tiles in shared memory.
  SmallVector<Value> subtractL21U12(KernelBuilder &b, ValueRange acc) {
    // A loop over the panel's columns, kInnerUnroll a trip: unrolled
    // whole, LICM would hoist every shared-memory address out of the
    // row-tile loop (hundreds of live registers).
    auto inner = scf::ForOp::create(
        b, top.index(0), top.index(NB), top.index(kInnerUnroll), acc,
        [&](OpBuilder &nested, Location loc, Value t0, ValueRange iter) {
          KernelBuilder b(loc, nested);
          SmallVector<Value> sums(iter);
          Value lAt = b.add(b.mul(ty, top.index(ltStride)), t0);
          Value uAt = b.add(b.mul(t0, top.index(uStride)), tx);
          for (int64_t t = 0; t < kInnerUnroll; ++t) {
            SmallVector<Value> l, uRow;
            for (int64_t i = 0; i < rowsPerThread; ++i)
              l.push_back(
                  b.load(lt, b.add(lAt, top.index(TY * i * ltStride + t))));
            for (int64_t j = 0; j < colsPerThread; ++j)
              uRow.push_back(
                  b.load(u, b.add(uAt, top.index(t * uStride + TX * j))));
            for (int64_t i = 0; i < rowsPerThread; ++i)
              for (int64_t j = 0; j < colsPerThread; ++j)
                sums[i * colsPerThread + j] = element.mulSub(
                    b, sums[i * colsPerThread + j], l[i], uRow[j]);
          }
          scf::YieldOp::create(b, sums);
        });
    return SmallVector<Value>(inner.getResults().begin(),
                              inner.getResults().end());
  }

  /// `acc` (the warp's accumulator fragments, layOutMmaAccumulators) plus
  /// (-L21) * U12 on the tensor cores, two k steps a trip. Complex entries
  /// are four real products: re += ar br - ai bi, im += ar bi + ai br.
  SmallVector<Value> subtractL21U12WithMma(KernelBuilder &b, ValueRange acc) {
    // The loop carries real parts (then imaginary ones for complex).
    SmallVector<Value> parts(acc);
    if (complexType) {
      parts.clear();
      for (Value v : acc)
        parts.push_back(complex::ReOp::create(b, v));
      for (Value v : acc)
        parts.push_back(complex::ImOp::create(b, v));
    }
    // Up to `steps` (all NB of them here): a constant trip count would be
    // unrolled whole and LICM would hoist every trip's fragment addresses
    // out of the row-tile loop.
    auto inner = scf::ForOp::create(
        b, top.index(0), steps, top.index(2 * kMmaK), parts,
        [&](OpBuilder &nested, Location loc, Value t0, ValueRange iter) {
          KernelBuilder b(loc, nested);
          SmallVector<Value> sums(iter);
          for (int64_t step = 0; step < 2; ++step)
            mmaStep(b, b.add(t0, top.index(step * kMmaK)), sums);
          scf::YieldOp::create(b, sums);
        });
    SmallVector<Value> result(inner.getResults().begin(),
                              inner.getResults().end());
    if (!complexType)
      return result;
    size_t count = acc.size();
    SmallVector<Value> entries;
    for (size_t i = 0; i < count; ++i)
      entries.push_back(complex::CreateOp::create(b, complexType, result[i],
                                                  result[count + i]));
    return entries;
  }

  /// One k step of kMmaK panel columns from `kk` on: the warp's A fragments
  /// (one a row block), B fragments (one a column block), and an mma a
  /// block (four for complex) into `sums`.
  void mmaStep(KernelBuilder &b, Value kk, SmallVector<Value> &sums) {
    auto split = [&](Value v) -> std::pair<Value, Value> {
      if (!complexType)
        return {v, Value()};
      return {complex::ReOp::create(b, v), complex::ImOp::create(b, v)};
    };
    SmallVector<std::pair<Value, Value>> a, bf;
    for (int64_t i = 0; i < kMmaRowBlocks; ++i)
      a.push_back(split(b.load(
          lt, b.add(b.add(aFragmentAt, kk), top.index(i * kMmaM * ltStride)))));
    Value bRow = b.add(bFragmentAt, b.mul(kk, top.index(uStride)));
    for (int64_t j = 0; j < mmaColumnBlocks(); ++j)
      bf.push_back(split(b.load(u, b.add(bRow, top.index(j * kMmaN)))));
    size_t cols = accColumns.size(), count = accRows.size() * cols;
    for (int64_t i = 0; i < kMmaRowBlocks; ++i)
      for (int64_t j = 0; j < mmaColumnBlocks(); ++j) {
        size_t at = i * cols + 2 * j;
        auto mma = [&](Value x, Value y, size_t where) {
          std::tie(sums[where], sums[where + 1]) =
              mmaF64(b, x, y, sums[where], sums[where + 1]);
        };
        mma(a[i].first, bf[j].first, at);
        if (!complexType)
          continue;
        mma(arith::NegFOp::create(b, a[i].second), bf[j].second, at);
        mma(a[i].first, bf[j].second, count + at);
        mma(a[i].second, bf[j].first, count + at);
      }
  }

  /// (d0, d1) = a * b + (c0, c1) for the warp's 8 x 8 x 4 f64 fragments.
  static std::pair<Value, Value> mmaF64(KernelBuilder &b, Value a, Value bv,
                                        Value c0, Value c1) {
    Type f64 = b.getF64Type();
    Type pair = LLVM::LLVMStructType::getLiteral(b.getContext(), {f64, f64});
    Value d = NVVM::MmaOp::create(
        b, pair, ValueRange{a}, ValueRange{bv}, ValueRange{c0, c1},
        {kMmaM, kMmaN, kMmaK}, /*b1Op=*/std::nullopt,
        /*intOverflow=*/std::nullopt,
        std::array<NVVM::MMATypes, 2>{NVVM::MMATypes::f64, NVVM::MMATypes::f64},
        std::array<NVVM::MMALayout, 2>{NVVM::MMALayout::row,
                                       NVVM::MMALayout::col});
    return {LLVM::ExtractValueOp::create(b, d, 0),
            LLVM::ExtractValueOp::create(b, d, 1)};
  }

  /// The tile's columns and a thread's share of them; the phases; whether
  /// the trailing update runs on tensor cores, and the shared-memory strides.
  const int64_t TC, colsPerThread;
  const BlockedLuUpdatePhases phases;
  const bool tensorCores;
  // U12 by lanes (solveU12ByLanes): the exchange-and-solve kernel only,
  // whose registers limit nothing (its 128 L11 loads a thread would cost
  // the fused updates occupancy).
  const bool solveByLanes;
  const int64_t ltStride, uStride;
  // Constants made with `top` land at the kernel's top level, ahead of the
  // loops and branches that use them.
  KernelBuilder &top;
  Value lu, panelPermutation, k0, updateEnd;
  Type elementType;
  ElementArith element;
  ComplexType complexType;
  // The shape, the panel and the thread's coordinates.
  Value batch, m, n, panelRows, steps, panelEnd;
  // The end of the columns the kernel leaves alone from k0 on.
  Value untouchedEnd;
  Value tx, ty, thread, tileStart, firstMatrix, matrixStride;
  // Shared memory: L11, the tile's U rows, the L21 tile, the inverse.
  Value l11, u, lt, inverse;
  Value zeroValue;
  // The thread's columns of the tile, whether each is inside the matrix,
  // and whether the tile has columns right of the panel.
  SmallVector<Value> columns, inTile;
  Value updatesRight;
  // The entries of a row tile the thread updates: rows firstRow +
  // accRows[i] x columns accColumns[j] (inside the matrix: accInTile[j]),
  // an accumulator i * accColumns.size() + j; for the tensor cores also
  // the first k step's fragment offsets in the L21 and U buffers.
  SmallVector<Value> accRows, accColumns, accInTile;
  Value aFragmentAt, bFragmentAt;
  // Per matrix: the matrix, the thread's entries of the panel rows.
  Value matrix;
  SmallVector<Entry> entries;
};

} // namespace

void buildBlockedLuUpdateKernelBody(KernelBuilder &b, ValueRange args,
                                    Type elementType, int64_t tileColumns,
                                    BlockedLuUpdatePhases phases,
                                    bool tensorCores, bool columnSolve) {
  UpdateLuKernel(b, args, elementType, tileColumns, phases, tensorCores,
                 columnSolve)
      .emit();
}

namespace {

/// The host side of the blocked LU (emitBlockedLu): the input copied into
/// the factors, the kernels, then for each panel its launch and its
/// update's launches (or the update's GEMMs), all queued on `work`.
class BlockedLuHost {
public:
  using S = BlockedLuShape;

  BlockedLuHost(ImplicitLocOpBuilder &b, DeviceWork &work, const LuOperands &lu,
                const BlockedLuOptions &options)
      : b(b), work(work), lu(lu), options(options), elementType(lu.elementType),
        intType(lu.intType), factors(lu.lu()), pivots(lu.pivots()),
        info(lu.info()), elementBytes(elementByteSize(lu.elementType)),
        lookAhead(options.gemmMinRows > 0 && options.gemmLookAhead),
        lookAheadKernel(lookAhead && options.lookAheadKernel &&
                        options.gemmBlockColumns == 0 &&
                        !isa<ComplexType>(lu.elementType)) {}

  void emit() {
    batch = memref::DimOp::create(b, factors, 0);
    m = memref::DimOp::create(b, factors, 1);
    n = memref::DimOp::create(b, factors, 2);
    Value k = arith::MinUIOp::create(b, m, n);
    // The panels' row orders, for the update's row exchanges: with the
    // look-ahead kernel, a panel's exchanges run beside the next panel, so
    // consecutive panels take turns between two.
    rowOrders.push_back(work.allocate(dynamicMemRef(2, intType), {batch, m}));
    if (lookAheadKernel)
      rowOrders.push_back(work.allocate(dynamicMemRef(2, intType), {batch, m}));
    panelPermutation = rowOrders.front();
    // The input into the factors, unless they are one buffer (an in-place
    // lu).
    work.copyUnlessAliased(factors, lu.input());
    createPanelKernels();
    createUpdateKernels();
    if (options.gemmMinRows > 0 && options.gemmBlockColumns > 0) {
      Value tallEnough = arith::CmpIOp::create(b, arith::CmpIPredicate::uge, m,
                                               c(options.gemmBlockMinRows));
      work.repeat(c(0), k, c(options.gemmBlockColumns), [&](Value blockStart) {
        emitBlock(blockStart, k, tallEnough);
      });
    } else
      work.repeat(c(0), k, c(S::kPanelColumns), [&](Value k0) {
        if (lookAheadKernel)
          panelPermutation = arith::SelectOp::create(
              b,
              arith::CmpIOp::create(
                  b, arith::CmpIPredicate::eq,
                  arith::RemUIOp::create(
                      b, arith::DivUIOp::create(b, k0, c(S::kPanelColumns)),
                      c(2)),
                  c(1)),
              rowOrders[1], rowOrders[0]);
        emitPanel(k0);
        emitUpdate(k0, n);
      });
    // The last GEMM put aside, before the results are used.
    if (lookAhead)
      emitJoinAside(lu.module, b);
    if (lu.withPermutation)
      launchPermutationKernel(lu.module, b, work, pivots, lu.permutation(),
                              lu.oneBasedPivots);
  }

private:
  Value c(int64_t v) { return arith::ConstantIndexOp::create(b, v); }
  Value negate(Value condition) {
    return arith::XOrIOp::create(b, condition,
                                 arith::ConstantIntOp::create(b, 1, 1));
  }

  /// The panel kernels (one block, a cluster, and for real types the
  /// register panel when asked for), and whether the batch is small enough
  /// for clusters.
  void createPanelKernels() {
    SmallVector<Type> panelTypes = {factors.getType(), pivots.getType(),
                                    info.getType(), panelPermutation.getType(),
                                    b.getIndexType()};
    auto panelKernel = [&](StringRef name, int64_t warps, auto buildBody) {
      return getOrCreateKernel(
          lu.module,
          name.str() + typeSuffix(elementType) + "_" + lu.pivotsSuffix(),
          panelTypes, {32, static_cast<int32_t>(warps), 1},
          /*workgroupTypes=*/{},
          [&](KernelBuilder &kb, ValueRange args, ValueRange) {
            buildBody(kb, args, elementType, intType, lu.oneBasedPivots);
          });
    };
    panel = panelKernel("linalgx_lu_blocked_panel_", S::kPanelWarps,
                        buildBlockedLuPanelKernelBody);
    // One block an SM (its shared memory): without saying so, ptxas sizes
    // registers for several 512-thread blocks and spills complex panels.
    panel->setAttr(NVVM::NVVMDialect::getMinctasmAttrName(),
                   b.getI32IntegerAttr(1));
    clusterPanel =
        panelKernel("linalgx_lu_blocked_cluster_panel_", S::kClusterPanelWarps,
                    buildBlockedLuClusterPanelKernelBody);
    if (!isa<ComplexType>(elementType) && options.registerPanelMaxRows > 0) {
      auto registerKernel = [&](StringRef name, int64_t clusterBlocks) {
        gpu::GPUFuncOp kernel = panelKernel(
            name, S::kRegisterPanelWarps,
            [&](KernelBuilder &kb, ValueRange args, Type elementType,
                Type intType, bool oneBasedPivots) {
              bool push = clusterBlocks > 1 && options.registerPanelPush;
              bool localPivotRow = clusterBlocks > 1 && !push &&
                                   options.registerPanelLocalPivotRow;
              buildBlockedLuRegisterPanelKernelBody(
                  kb, args, elementType, intType, oneBasedPivots, clusterBlocks,
                  localPivotRow,
                  localPivotRow && options.registerPanelHandshake, push,
                  push && options.registerPanelAsyncPush);
            });
        // A thread's rows take 64 registers: all 128 a thread may have at
        // one block an SM.
        kernel->setAttr(NVVM::NVVMDialect::getMinctasmAttrName(),
                        b.getI32IntegerAttr(1));
        return kernel;
      };
      registerPanel = registerKernel("linalgx_lu_blocked_register_panel_", 1);
      int64_t blockRows = S::registerPanelMaxRows(elementBytes);
      if (options.splitRegisterPanel && registerPanelMaxRows() > blockRows) {
        splitRegisterPanel = panelKernel(
            "linalgx_lu_blocked_split_register_panel_", S::kRegisterPanelWarps,
            buildBlockedLuSplitRegisterPanelKernelBody);
        splitRegisterPanel->setAttr(NVVM::NVVMDialect::getMinctasmAttrName(),
                                    b.getI32IntegerAttr(1));
      }
      // Clusters of 2, 4, ... blocks up to those the option's rows need:
      // each kernel reads exactly its blocks' slots, all at once.
      int64_t mostBlocks = llvm::divideCeil(registerPanelMaxRows(), blockRows);
      for (int64_t blocks = 2; blocks / 2 < mostBlocks; blocks *= 2)
        clusterRegisterPanels.push_back(
            registerKernel("linalgx_lu_blocked_cluster_register_panel_x" +
                               std::to_string(blocks) + "_",
                           blocks));
    }
    // Small batches spread each panel over a cluster, where one block a
    // matrix would leave SMs idle; so do panels too tall for one block.
    fewMatrices = arith::CmpIOp::create(b, arith::CmpIPredicate::ult, batch,
                                        c(options.clusterMaxBatch));
  }

  /// The update kernels (the update does not see the pivots' base), the
  /// tile width and the row chunks a narrow grid's trailing update takes.
  void createUpdateKernels() {
    // Narrow tiles when wide ones would leave SMs idle
    // (S::kNarrowTileMaxBlocks).
    Value wideBlocks = arith::MulIOp::create(
        b, arith::CeilDivUIOp::create(b, n, c(S::kTileColumns)), batch);
    narrow = arith::CmpIOp::create(b, arith::CmpIPredicate::ule, wideBlocks,
                                   c(S::kNarrowTileMaxBlocks));
    notNarrow = negate(narrow);
    std::string typeName = typeSuffix(elementType) + "_" + typeSuffix(intType);
    SmallVector<Type> updateTypes = {factors.getType(),
                                     panelPermutation.getType(),
                                     b.getIndexType(), b.getIndexType()};
    using Phases = BlockedLuUpdatePhases;
    auto updateKernel = [&](StringRef name, int64_t tileColumns,
                            Phases phases) {
      bool mma = usesTensorCores(tileColumns);
      return getOrCreateKernel(
          lu.module, name.str() + (mma ? "mma_" : "") + typeName, updateTypes,
          {static_cast<int32_t>(S::kThreadsX),
           static_cast<int32_t>(S::kThreadsY), 1},
          /*workgroupTypes=*/{},
          [&](KernelBuilder &kb, ValueRange args, ValueRange) {
            buildBlockedLuUpdateKernelBody(kb, args, elementType, tileColumns,
                                           phases, mma, options.columnSolve);
          });
    };
    wideUpdate = updateKernel("linalgx_lu_blocked_update_", S::kTileColumns,
                              Phases::All);
    narrowUpdate = updateKernel("linalgx_lu_blocked_update_narrow_",
                                S::kNarrowTileColumns, Phases::All);
    exchangeAndSolve =
        updateKernel("linalgx_lu_blocked_exchange_solve_narrow_",
                     S::kNarrowTileColumns, Phases::ExchangeAndSolve);
    if (lookAheadKernel) {
      exchangeAndSolveBeside =
          updateKernel("linalgx_lu_blocked_exchange_solve_beside_narrow_",
                       S::kNarrowTileColumns, Phases::ExchangeAndSolveBeside);
      lookAheadUpdate = getOrCreateKernel(
          lu.module, "linalgx_lu_blocked_look_ahead_" + typeName,
          {factors.getType(), panelPermutation.getType(), b.getIndexType()},
          {32, static_cast<int32_t>(S::kLookAheadWarps), 1},
          /*workgroupTypes=*/{},
          [&](KernelBuilder &kb, ValueRange args, ValueRange) {
            buildBlockedLuLookAheadKernelBody(kb, args, elementType);
          });
      // A lane's U12 column takes 32 registers (64 for f64): left to
      // itself, ptxas sizes the block for many blocks an SM and spills.
      lookAheadUpdate->setAttr(NVVM::NVVMDialect::getMinctasmAttrName(),
                               b.getI32IntegerAttr(1));
    }
    trailing = updateKernel("linalgx_lu_blocked_trailing_narrow_",
                            S::kNarrowTileColumns, Phases::Trailing);
    wideTiles = arith::CeilDivUIOp::create(b, n, c(S::kTileColumns));
    narrowTiles = arith::CeilDivUIOp::create(b, n, c(S::kNarrowTileColumns));
    // Row chunks of the trailing update that would fill the GPU (grid z);
    // an empty batch divides by one.
    chunksWanted = arith::CeilDivUIOp::create(
        b, c(S::kTrailingSplitTargetBlocks),
        arith::MaxUIOp::create(b, arith::MulIOp::create(b, narrowTiles, batch),
                               c(1)));
  }

  /// The panel at column k0: real panels of at most registerPanelMaxRows
  /// rows in registers; a cluster a matrix for small batches and panels too
  /// tall for one block; one block a matrix otherwise.
  void emitPanel(Value k0) {
    Value rows = arith::SubIOp::create(b, m, k0);
    Value panelBytes = S::panelSharedBytes(b, rows, elementBytes);
    Value clustered = arith::OrIOp::create(
        b, fewMatrices,
        arith::CmpIOp::create(b, arith::CmpIPredicate::ugt, panelBytes,
                              c(kGeneratedLuMaxSharedBytes)));
    // Without a register panel, every panel takes one of the others.
    Value inSharedMemory;
    if (registerPanel)
      inSharedMemory = negate(emitRegisterPanel(k0, rows));
    auto unlessInRegisters = [&](Value condition) {
      return inSharedMemory
                 ? arith::AndIOp::create(b, inSharedMemory, condition)
                 : condition;
    };
    work.when(unlessInRegisters(clustered), [&] {
      Value blocks = arith::MinUIOp::create(
          b,
          arith::CeilDivUIOp::create(b, rows, c(S::kClusterPanelRowsPerBlock)),
          c(S::kClusterPanelMaxBlocks));
      Value rowsPerBlock = arith::CeilDivUIOp::create(b, rows, blocks);
      work.launch(clusterPanel, {blocks, gridSizeFor(b, batch, 1), c(1)},
                  {c(32), c(S::kClusterPanelWarps), c(1)},
                  {factors, pivots, info, panelPermutation, k0},
                  S::clusterPanelSharedBytes(b, rowsPerBlock, elementBytes),
                  gpu::KernelDim3{blocks, c(1), c(1)});
    });
    work.when(unlessInRegisters(negate(clustered)), [&] {
      work.launch(panel, {gridSizeFor(b, batch, 1), c(1), c(1)},
                  {c(32), c(S::kPanelWarps), c(1)},
                  {factors, pivots, info, panelPermutation, k0}, panelBytes);
    });
  }

  /// The register panels of the panel at column k0 where its rows fit: a
  /// block's rows in registers, then the smallest cluster of 2, 4, ...
  /// blocks that holds them. Returns whether one ran.
  Value emitRegisterPanel(Value k0, Value rows) {
    int64_t blockRows = S::registerPanelMaxRows(elementBytes);
    int64_t maxRows = registerPanelMaxRows();
    Value oneBlock = arith::CmpIOp::create(b, arith::CmpIPredicate::ule, rows,
                                           c(std::min(maxRows, blockRows)));
    work.when(oneBlock, [&] {
      work.launch(registerPanel, {gridSizeFor(b, batch, 1), c(1), c(1)},
                  {c(32), c(S::kRegisterPanelWarps), c(1)},
                  {factors, pivots, info, panelPermutation, k0},
                  c(S::registerPanelSharedBytes(elementBytes)));
    });
    if (clusterRegisterPanels.empty())
      return oneBlock;
    // Full-width panels of up to twice a block's rows: the split panel, one
    // block, instead of a cluster of 2.
    Value split;
    if (splitRegisterPanel) {
      Value fullWidth = arith::CmpIOp::create(b, arith::CmpIPredicate::uge,
                                              arith::SubIOp::create(b, n, k0),
                                              c(S::kPanelColumns));
      Value taller = arith::CmpIOp::create(b, arith::CmpIPredicate::ugt, rows,
                                           c(blockRows));
      Value fits = arith::CmpIOp::create(
          b, arith::CmpIPredicate::ule, rows,
          c(std::min(maxRows, S::splitRegisterPanelMaxRows(elementBytes))));
      split = arith::AndIOp::create(b, fullWidth,
                                    arith::AndIOp::create(b, taller, fits));
      work.when(split, [&] {
        work.launch(splitRegisterPanel, {gridSizeFor(b, batch, 1), c(1), c(1)},
                    {c(32), c(S::kRegisterPanelWarps), c(1)},
                    {factors, pivots, info, panelPermutation, k0},
                    c(S::splitRegisterPanelSharedBytes(elementBytes)));
      });
    }
    auto sharedBytesOf = [&](int64_t blocks) {
      int64_t bytes = S::registerPanelSharedBytes(elementBytes);
      if (options.registerPanelPush)
        return bytes + S::registerPanelPushBytes(elementBytes, blocks);
      if (options.registerPanelLocalPivotRow)
        bytes +=
            S::registerPanelLocalPivotBytes(elementBytes) +
            (options.registerPanelHandshake ? S::kRegisterPanelHandshakeBytes
                                            : 0);
      return bytes;
    };
    // A panel of (B/2 * blockRows, B * blockRows] rows takes the cluster of
    // B blocks (its last blocks without rows where fewer would do).
    int64_t blocks = 2;
    for (gpu::GPUFuncOp kernel : clusterRegisterPanels) {
      Value taller = arith::CmpIOp::create(b, arith::CmpIPredicate::ugt, rows,
                                           c(blocks / 2 * blockRows));
      Value fits =
          arith::CmpIOp::create(b, arith::CmpIPredicate::ule, rows,
                                c(std::min(maxRows, blocks * blockRows)));
      Value takes = arith::AndIOp::create(b, taller, fits);
      if (split && blocks == 2)
        takes = arith::AndIOp::create(b, takes, negate(split));
      work.when(takes, [&] {
        work.launch(kernel, {c(blocks), gridSizeFor(b, batch, 1), c(1)},
                    {c(32), c(S::kRegisterPanelWarps), c(1)},
                    {factors, pivots, info, panelPermutation, k0},
                    c(sharedBytesOf(blocks)),
                    gpu::KernelDim3{c(blocks), c(1), c(1)});
      });
      blocks *= 2;
    }
    return arith::CmpIOp::create(b, arith::CmpIPredicate::ule, rows,
                                 c(maxRows));
  }

  /// The block of panels from column blockStart (of K = min(M, N)): in
  /// matrices of at least gemmBlockMinRows rows (`tallEnough`), where the
  /// columns right of the block have at least gemmMinRows rows below it
  /// (every panel of the block then takes the GEMM), its panels update the
  /// block's columns alone, and the columns right of it take the exchanges
  /// from each panel, then the block's U rows (a triangular solve) and one
  /// GEMM of the block's depth; other blocks as without.
  void emitBlock(Value blockStart, Value k, Value tallEnough) {
    int64_t width = options.gemmBlockColumns;
    Value blockEnd = arith::AddIOp::create(b, blockStart, c(width));
    Value deferred = arith::AndIOp::create(
        b,
        arith::AndIOp::create(
            b,
            arith::CmpIOp::create(
                b, arith::CmpIPredicate::uge, m,
                arith::AddIOp::create(b, blockEnd, c(options.gemmMinRows))),
            tallEnough),
        arith::CmpIOp::create(b, arith::CmpIPredicate::ugt, n, blockEnd));
    Value updateEnd = arith::SelectOp::create(b, deferred, blockEnd, n);
    work.repeat(blockStart, arith::MinUIOp::create(b, blockEnd, k),
                c(S::kPanelColumns), [&](Value k0) {
                  emitPanel(k0);
                  emitUpdate(k0, updateEnd);
                });
    work.when(deferred, [&] {
      if (lookAhead)
        emitJoinAside(lu.module, b);
      emitBlockU12Solve(lu.module, b, factors, blockStart, width);
      emitTrailingUpdateGemm(lu.module, b, factors, blockStart, width, n,
                             lookAhead ? S::kPanelColumns : 0);
    });
  }

  /// The update after the panel at column k0: wide tiles, narrow ones, or
  /// for narrow grids whose rows below would fill more blocks the
  /// exchanges and U12 a block a tile, then the trailing update a block a
  /// tile's row chunk. Updates of at least gemmMinRows rows below, with
  /// columns right of the panel, are the exchanges and U12 in a kernel,
  /// then cuBLAS's GEMM. Columns from updateEnd on take the exchanges alone.
  void emitUpdate(Value k0, Value updateEnd) {
    Value panelEnd = arith::AddIOp::create(b, k0, c(S::kPanelColumns));
    Value below = arith::SubIOp::create(
        b, arith::MaxUIOp::create(b, m, panelEnd), panelEnd);
    Value rowChunks = arith::MinUIOp::create(
        b, arith::CeilDivUIOp::create(b, below, c(S::kTileRows)), chunksWanted);
    Value split = arith::AndIOp::create(
        b, narrow,
        arith::CmpIOp::create(b, arith::CmpIPredicate::ugt, rowChunks, c(1)));
    Value whole = negate(split);
    // A GEMM put aside by the previous panel's update ran beside this
    // panel; every update writes its columns, so it joins first.
    if (lookAhead)
      emitJoinAside(lu.module, b);
    Value generated;
    if (options.gemmMinRows > 0) {
      Value gemm = arith::AndIOp::create(
          b,
          arith::CmpIOp::create(b, arith::CmpIPredicate::uge, below,
                                c(options.gemmMinRows)),
          arith::CmpIOp::create(b, arith::CmpIPredicate::ugt, n, panelEnd));
      work.when(gemm, [&] {
        if (lookAheadKernel)
          return emitLookAheadUpdate(k0, updateEnd);
        launchUpdate(exchangeAndSolve, k0, updateEnd, narrowTiles, c(1),
                     S::kNarrowTileColumns);
        emitTrailingUpdateGemm(lu.module, b, factors, k0, S::kPanelColumns,
                               updateEnd, lookAhead ? S::kPanelColumns : 0);
      });
      generated = negate(gemm);
    }
    auto unlessGemm = [&](Value condition) -> Value {
      if (!generated)
        return condition;
      return arith::AndIOp::create(b, generated, condition);
    };
    work.when(unlessGemm(notNarrow), [&] {
      launchUpdate(wideUpdate, k0, updateEnd, wideTiles, c(1), S::kTileColumns);
    });
    work.when(unlessGemm(arith::AndIOp::create(b, narrow, whole)), [&] {
      launchUpdate(narrowUpdate, k0, updateEnd, narrowTiles, c(1),
                   S::kNarrowTileColumns);
    });
    work.when(unlessGemm(split), [&] {
      launchUpdate(exchangeAndSolve, k0, updateEnd, narrowTiles, c(1),
                   S::kNarrowTileColumns);
      launchUpdate(trailing, k0, updateEnd, narrowTiles, rowChunks,
                   S::kNarrowTileColumns);
    });
  }

  /// The GEMM update of the full panel at k0 with the look-ahead kernel:
  /// the exchanges and U12 of every column but the next panel's, then the
  /// GEMM right of the next panel, aside; the next panel's columns by the
  /// look-ahead kernel, on a cluster of a block for every
  /// kLookAheadRowsPerBlock rows below, then the next panel beside the rest.
  void emitLookAheadUpdate(Value k0, Value updateEnd) {
    Value panelEnd = arith::AddIOp::create(b, k0, c(S::kPanelColumns));
    Value nextEnd = arith::MinUIOp::create(
        b, arith::AddIOp::create(b, panelEnd, c(S::kPanelColumns)), updateEnd);
    emitBeginAside(lu.module, b);
    work.queueOnNewChain([&] {
      launchUpdate(exchangeAndSolveBeside, k0, updateEnd, narrowTiles, c(1),
                   S::kNarrowTileColumns);
    });
    emitTrailingUpdateGemmColumns(lu.module, b, factors, k0, S::kPanelColumns,
                                  nextEnd, updateEnd);
    emitEndAside(lu.module, b);
    Value below = arith::SubIOp::create(b, m, panelEnd);
    Value blocks = arith::MinUIOp::create(
        b, arith::CeilDivUIOp::create(b, below, c(S::kLookAheadRowsPerBlock)),
        c(S::kLookAheadMaxBlocks));
    work.launch(lookAheadUpdate, {blocks, gridSizeFor(b, batch, 1), c(1)},
                {c(32), c(S::kLookAheadWarps), c(1)},
                {factors, panelPermutation, k0},
                c(S::lookAheadSharedBytes(elementBytes)),
                gpu::KernelDim3{blocks, c(1), c(1)});
  }

  /// The tallest panel the register panels take (0: none).
  int64_t registerPanelMaxRows() const {
    return S::registerPanelRowsFor(elementType, options.registerPanelMaxRows);
  }

  void launchUpdate(gpu::GPUFuncOp kernel, Value k0, Value updateEnd,
                    Value tiles, Value rowChunks, int64_t tileColumns) {
    work.launch(kernel, {tiles, gridSizeFor(b, batch, 1), rowChunks},
                {c(S::kThreadsX), c(S::kThreadsY), c(1)},
                {factors, panelPermutation, k0, updateEnd},
                c(S::updateSharedBytes(elementBytes, tileColumns,
                                       usesTensorCores(tileColumns))));
  }

  bool usesTensorCores(int64_t tileColumns) const {
    return S::updateUsesTensorCores(elementType, options.tensorCores,
                                    tileColumns);
  }

  ImplicitLocOpBuilder &b;
  DeviceWork &work;
  const LuOperands &lu;
  const BlockedLuOptions &options;
  Type elementType, intType;
  Value factors, pivots, info;
  const int64_t elementBytes;
  // Whether GEMM updates look ahead, and whether by the look-ahead kernel.
  const bool lookAhead, lookAheadKernel;
  // The shape, the scratch of the panels' row orders and the current
  // panel's.
  Value batch, m, n, panelPermutation;
  SmallVector<Value, 2> rowOrders;
  gpu::GPUFuncOp panel, clusterPanel;
  // Null unless real panels short enough take them.
  gpu::GPUFuncOp registerPanel, splitRegisterPanel;
  SmallVector<gpu::GPUFuncOp> clusterRegisterPanels;
  gpu::GPUFuncOp wideUpdate, narrowUpdate, exchangeAndSolve, trailing;
  // Null without the look-ahead kernel.
  gpu::GPUFuncOp exchangeAndSolveBeside, lookAheadUpdate;
  // Host decisions that hold for every panel.
  Value fewMatrices, narrow, notNarrow, wideTiles, narrowTiles, chunksWanted;
};

} // namespace

void emitBlockedLu(ImplicitLocOpBuilder &b, DeviceWork &work,
                   const LuOperands &lu, const BlockedLuOptions &options) {
  BlockedLuHost(b, work, lu, options).emit();
}

} // namespace mlir::linalgx::gpu_kernels
