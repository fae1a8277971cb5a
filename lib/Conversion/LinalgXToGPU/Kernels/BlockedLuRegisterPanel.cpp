//===- BlockedLuRegisterPanel.cpp - the register panel ----------*- C++ -*-===//
//
// The blocked LU's panel with each row in one thread's registers, on one
// block or a cluster of blocks, or split in halves on one block: no pass
// over the panel in shared memory a step, one barrier a step (BlockedLu.h).
//
//===----------------------------------------------------------------------===//

#include "BlockedLu.h"
#include "KernelBuilder.h"
#include "LuCommon.h"
#include "linalgx/Conversion/ElementArith.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace mlir::linalgx;

namespace mlir::linalgx::gpu_kernels {

namespace {

/// The register panel kernel (buildBlockedLuRegisterPanelKernelBody).
///
/// Thread t of block c holds panel rows c * blockRows + t + r * threads
/// (r < perThread: two f32 rows, one f64 row) in registers (NB values each,
/// static indices: the steps are unrolled; a split panel twice the rows,
/// `columns` = NB / 2 values at a time: emitSplit) and never moves them: a
/// row's position in the pivot order lives beside it, and a step exchanges two
/// positions, not two rows. Each warp offers its best candidate (the largest
/// pivotKey, then the smallest position: LAPACK's first index) in a slot, and
/// the candidate's lane copies its row beside the slot, so that after the
/// step's one barrier every thread agrees on the pivot and reads the pivot row
/// from shared memory (the owner block's, through the cluster's shared window,
/// on a cluster; with localPivotRow, a copy warp 0 of each block makes). A
/// step's shared-memory traffic is one row a warp and the broadcast reads of
/// the pivot row, not the whole panel twice as in the shared-memory panel
/// kernel. With localPivotRow only warp 0 reads another block's shared
/// memory, so with `handshake` a cluster's step ends in a block barrier and
/// a handshake of the warps 0 (each arrives on the other blocks' mbarrier of
/// the next step's parity and waits on its own) instead of a barrier of
/// every thread of the cluster.
/// With `push` a cluster reads nothing remote: each block's warp 0 stores the
/// block's best candidate and its row into every other block's inbox and
/// arrives on that block's mbarrier, and each warp, once its block's has
/// completed, reduces the blocks' candidates from its own shared memory.
/// With `asyncPush` those stores are st.async, each completing its bytes of
/// the receiving block's mbarrier transaction, which one arrival of the
/// receiver's own expects: no warp barrier, release fence or remote arrival.
class RegisterPanelLuKernel : BlockedPanelKernelBase {
public:
  static constexpr int64_t warps = S::kRegisterPanelWarps, threads = 32 * warps;
  static_assert(warps <= 32, "a block's candidates are one read a lane");
  static_assert(S::kRegisterPanelMaxBlocks * S::registerPanelMaxRows(4) <
                    (1 << 16),
                "a candidate's word holds its row and position in 16 bits "
                "each");
  static_assert(
      S::registerPanelSharedBytes(4) <= kGeneratedLuMaxSharedBytes &&
          S::registerPanelSharedBytes(8) +
                  S::registerPanelPushBytes(8, S::kRegisterPanelMaxBlocks) <=
              kGeneratedLuMaxSharedBytes,
      "a panel's rows, slots and stage fit a block");

  RegisterPanelLuKernel(KernelBuilder &b, ValueRange args, Type elementType,
                        Type intType, bool oneBasedPivots,
                        int64_t clusterBlocks, bool localPivotRow,
                        bool handshake, bool push, bool asyncPush, bool split)
      : BlockedPanelKernelBase(b, args, elementType, intType, oneBasedPivots),
        elementBytes(elementByteSize(elementType)),
        perThread(S::registerPanelRowsPerThread(elementBytes) *
                  (split ? 2 : 1)),
        blockRows(split ? S::splitRegisterPanelMaxRows(elementBytes)
                        : S::registerPanelMaxRows(elementBytes)),
        columns(split ? S::kSplitPanelColumns : NB),
        clusterBlocks(clusterBlocks), localPivotRow(localPivotRow),
        handshake(handshake), push(push), asyncPush(asyncPush), split(split) {
    assert((!localPivotRow || clusterBlocks > 1) &&
           "one block reads its own stage rows");
    assert((!split || clusterBlocks == 1) && "a split panel is one block");
    assert((!handshake || localPivotRow) &&
           "only warp 0 reads other blocks between handshakes");
    assert((!push || (clusterBlocks > 1 && !localPivotRow)) &&
           "pushing replaces the cluster's remote reads");
    assert((!asyncPush || push) && "st.async carries the push");
  }

  /// The algorithm: per matrix of the block (cluster), load the thread's rows
  /// and offer column 0's candidates; per step, agree on the pivot, eliminate
  /// and offer the next column's; store the rows at their positions.
  void emit() {
    emitPrologue();
    top.forLoop(firstMatrix, batch, matrixStride,
                [&](KernelBuilder &b, Value matrixOfBlock) {
                  matrix = matrixOfBlock;
                  if (split)
                    return emitSplit(b);
                  if (handshake || push)
                    initHandshakes(b);
                  Rows state = loadRows(b);
                  publish(b, state, /*col=*/0);
                  stepBarrier(b);
                  for (int64_t kk = 0; kk < NB; ++kk)
                    state = emitStep(b, kk, state);
                  storeRows(b, state);
                  // The next matrix refills shared memory (with handshakes,
                  // after the other blocks' last reads, and the mbarriers).
                  if (handshake)
                    clusterBarrier(b);
                  else
                    b.barrier();
                });
  }

private:
  /// A row in registers: its values and its position in the pivot order.
  struct Row {
    SmallVector<Value> values;
    Value position;
  };
  /// The thread's rows and the panel's first zero step + 1 so far (info;
  /// 0: none), carried through the unrolled steps.
  struct Rows {
    SmallVector<Row> rows;
    Value firstZero;
  };

  /// Types, constants, the shape, the thread's rows and the views of the
  /// shared memory.
  void emitPrologue() {
    KernelBuilder &b = top;
    emitCommonPrologue();
    noWord = b.i32(-1);
    // One block a matrix on a grid over x; a cluster a matrix on a grid of
    // (cluster blocks, clusters), the block's rank blockIdx.x.
    gpu::Dimension matrices =
        clusterBlocks > 1 ? gpu::Dimension::y : gpu::Dimension::x;
    firstMatrix = b.blockId(matrices);
    matrixStride = b.gridDim(matrices);
    rank = clusterBlocks > 1 ? b.blockId(gpu::Dimension::x) : top.index(0);
    firstRow = b.mul(rank, top.index(blockRows));
    leader = b.both(b.cmp(P::eq, rank, top.index(0)),
                    b.cmp(P::eq, thread, top.index(0)));
    for (int64_t r = 0; r < perThread; ++r) {
      localRow.push_back(b.add(thread, top.index(r * threads)));
      panelRow.push_back(b.add(firstRow, localRow.back()));
      hasRow.push_back(b.cmp(P::ult, panelRow.back(), rows));
    }
    blockRowsHere = b.select(
        b.cmp(P::ugt, rows, firstRow),
        b.minU(top.index(blockRows), b.sub(rows, firstRow)), top.index(0));

    // Dynamic shared memory (BlockedLuShape::registerPanelSharedBytes): the
    // rows at an odd stride (loading and storing only), their positions, the
    // warps' candidate keys and words and their rows, for two steps.
    keyBytes = keyType.getIntOrFloatBitWidth() / 8;
    // A split panel keeps half of each row (no positions: each thread
    // stores its own rows).
    int64_t rowsBytes = blockRows * (columns + 1) * elementBytes;
    keysOffset = rowsBytes + (split ? 0 : blockRows * 4);
    wordsOffset = keysOffset + 2 * warps * 8;
    stageOffset = wordsOffset + 2 * warps * 4;
    localPivotOffset = stageOffset + 2 * warps * NB * elementBytes;
    // With push, the other blocks' candidates' rows extend the stage (from
    // localPivotOffset), then their keys and words, then the mbarriers.
    if (push) {
      inboxKeysOffset =
          localPivotOffset + 2 * clusterBlocks * NB * elementBytes;
      inboxWordsOffset = inboxKeysOffset + 2 * clusterBlocks * 8;
      handshakesOffset = inboxWordsOffset + 2 * clusterBlocks * 4;
      assert(handshakesOffset + S::kRegisterPanelHandshakeBytes ==
                 S::registerPanelSharedBytes(elementBytes) +
                     S::registerPanelPushBytes(elementBytes, clusterBlocks) &&
             "the layout the launch sizes");
    }
    int64_t multipliersOffset = localPivotOffset;
    int64_t upperOffset = multipliersOffset + columns * columns * elementBytes;
    int64_t pivotRowsOffset = upperOffset + columns * columns * elementBytes;
    assert((split ? pivotRowsOffset + columns * 4 ==
                        S::splitRegisterPanelSharedBytes(elementBytes)
                  : localPivotOffset ==
                        S::registerPanelSharedBytes(elementBytes)) &&
           "the layout the launch sizes");
    Value shared = gpu::DynamicSharedMemoryOp::create(
        b, workgroupMemRef({ShapedType::kDynamic}, b.getI8Type()));
    if (clusterBlocks > 1)
      sharedBase = memref::ExtractAlignedPointerAsIndexOp::create(b, shared);
    auto view = [&](int64_t offset, int64_t size, Type type) -> Value {
      return memref::ViewOp::create(b, workgroupMemRef({size}, type), shared,
                                    top.index(offset), ValueRange());
    };
    a = view(0, blockRows * (columns + 1), elementType);
    if (!split)
      position = view(rowsBytes, blockRows, i32);
    slotKeys = view(keysOffset, 2 * warps * 8 / keyBytes, keyType);
    slotWords = view(wordsOffset, 2 * warps, i32);
    stage = view(stageOffset, 2 * (warps + (push ? clusterBlocks : 0)) * NB,
                 elementType);
    if (push) {
      inboxKeys =
          view(inboxKeysOffset, 2 * clusterBlocks * 8 / keyBytes, keyType);
      inboxWords = view(inboxWordsOffset, 2 * clusterBlocks, i32);
    }
    if (localPivotRow) {
      localPivot = view(localPivotOffset, NB, elementType);
      localPivotWords =
          view(localPivotOffset + NB * elementBytes, /*size=*/2, i32);
      handshakesOffset =
          localPivotOffset + S::registerPanelLocalPivotBytes(elementBytes);
    }
    if (split) {
      multipliers = view(multipliersOffset, columns * columns, elementType);
      upper = view(upperOffset, columns * columns, elementType);
      pivotLocalRows = view(pivotRowsOffset, columns, i32);
    }
  }

  /// The thread's rows (zeros past the panel's width and past its rows):
  /// the block's rows loaded by consecutive threads on consecutive columns
  /// into shared memory (a split panel's left halves), then each row into
  /// its thread's registers.
  Rows loadRows(KernelBuilder &b) {
    if (split)
      loadHalfToShared(b, 0);
    else
      loadRowsToShared(b, matrix, firstRow, blockRowsHere, a, threads);
    b.barrier();
    Rows state;
    SmallVector<SmallVector<Value>> values = rowsFromShared(b);
    for (int64_t r = 0; r < perThread; ++r)
      state.rows.push_back({std::move(values[r]), panelRow[r]});
    state.firstZero = zeroInfo;
    return state;
  }

  /// The thread's rows' `columns` values from `a` (zeros past the panel's
  /// rows).
  SmallVector<SmallVector<Value>> rowsFromShared(KernelBuilder &b) {
    SmallVector<SmallVector<Value>> rows;
    for (int64_t r = 0; r < perThread; ++r)
      rows.push_back(b.ifThenElse(
          hasRow[r],
          [&](KernelBuilder &b) -> SmallVector<Value> {
            SmallVector<Value> values;
            for (int64_t c = 0; c < columns; ++c)
              values.push_back(b.load(a, at(b, localRow[r], c)));
            return values;
          },
          [&](KernelBuilder &b) -> SmallVector<Value> {
            return SmallVector<Value>(columns, element.zero(b));
          }));
    return rows;
  }

  /// Entry (row, col) of the rows in shared memory (a split panel's: of
  /// the half there).
  Value at(KernelBuilder &b, Value row, Value col) {
    return b.add(b.mul(row, top.index(columns + 1)), col);
  }
  Value at(KernelBuilder &b, Value row, int64_t col) {
    return at(b, row, top.index(col));
  }

  /// Whether the thread's row r is still a candidate at column `col`: a row
  /// of the panel not yet a pivot (position >= col).
  Value isOpen(KernelBuilder &b, const Row &row, int64_t r, int64_t col) {
    return b.both(hasRow[r], b.cmp(P::uge, row.position, top.index(col)));
  }

  /// The warp's best candidate for column `col` (the largest pivotKey, then
  /// the smallest word: position above panel row, 16 bits each) into the
  /// warp's slot of `col`'s parity, and its row (columns col..) into the
  /// warp's row of the stage.
  void publish(KernelBuilder &b, const Rows &state, int64_t col) {
    SmallVector<Value> open, words;
    Candidate best;
    for (int64_t r = 0; r < perThread; ++r) {
      const Row &row = state.rows[r];
      open.push_back(isOpen(b, row, r, col));
      Value key = b.select(open[r],
                           pivotKey(b, element, valueAt(row, col),
                                    b.cmp(P::eq, row.position, top.index(col)),
                                    magnitudeType),
                           zeroKey);
      words.push_back(b.select(
          open[r],
          b.toI32(b.bitOr(b.shl(row.position, top.index(16)), panelRow[r])),
          noWord));
      best = r == 0 ? Candidate{key, words[r]}
                    : better(b, best, Candidate{key, words[r]});
    }
    Candidate warpCandidate = warpBest(b, best, noWord);
    int64_t parity = col % 2;
    Value slot = b.add(warp, top.index(parity * warps));
    b.ifThen(b.cmp(P::eq, lane, top.index(0)), [&](KernelBuilder &b) {
      b.store(warpCandidate.key, slotKeys, slot);
      b.store(warpCandidate.word, slotWords, slot);
    });
    for (int64_t r = 0; r < perThread; ++r)
      b.ifThen(b.both(open[r], b.cmp(P::eq, words[r], warpCandidate.word)),
               [&](KernelBuilder &b) {
                 Value base = b.mul(slot, top.index(NB));
                 for (int64_t c = col; c < windowEnd(); ++c)
                   b.store(valueAt(state.rows[r], c), stage,
                           b.add(base, top.index(c)));
               });
  }

  /// The pivot of step kk: lane l reads slots l, l + 32, ... of the
  /// block's (the cluster's) warps, slot s being warp s % warps of block
  /// s / warps, keeps the best and the warp reduces them. Returns the
  /// pivot's panel row and position (index).
  std::pair<Value, Value> agreeOnPivot(KernelBuilder &b, int64_t kk) {
    if (clusterBlocks == 1)
      return decode(b, blockBest(b, kk).word);
    Value parityBase = top.index((kk % 2) * warps);
    Candidate best;
    for (int64_t first = 0; first < clusterBlocks * warps; first += 32) {
      Value reading = first == 0 ? lane : b.add(lane, top.index(first));
      Value slot = b.add(b.remU(reading, top.index(warps)), parityBase);
      Value block = b.divU(reading, top.index(warps));
      Candidate read;
      read.key = clusterLoad(
          b, block,
          b.add(top.index(keysOffset), b.mul(slot, top.index(keyBytes))),
          keyType);
      read.word = clusterLoad(
          b, block, b.add(top.index(wordsOffset), b.mul(slot, top.index(4))),
          i32);
      best = first == 0 ? read : better(b, best, read);
    }
    return decode(b, warpBest(b, best, noWord).word);
  }

  /// The best of the block's warps' candidates of step kk (their slots in
  /// its own shared memory), in every lane.
  Candidate blockBest(KernelBuilder &b, int64_t kk) {
    // The block's 16 slots leave half the lanes without one.
    Value offered = b.cmp(P::ult, lane, top.index(warps));
    Value slot = b.add(b.select(offered, lane, top.index(0)),
                       top.index((kk % 2) * warps));
    return warpBest(b,
                    {b.select(offered, b.load(slotKeys, slot), zeroKey),
                     b.select(offered, b.load(slotWords, slot), noWord)},
                    noWord);
  }

  /// A candidate's panel row and position.
  std::pair<Value, Value> decode(KernelBuilder &b, Value word) {
    Value pivot = b.toIndexUnsigned(word);
    return {b.bitAnd(pivot, top.index(0xffff)), b.shrU(pivot, top.index(16))};
  }

  /// The stage's entry where block `block`'s best candidate's row of step
  /// kk starts in the inbox (push).
  Value inboxRow(KernelBuilder &b, Value block, int64_t kk) {
    return b.mul(b.add(block, top.index(2 * warps + (kk % 2) * clusterBlocks)),
                 top.index(NB));
  }

  /// The pivot of step kk with push: every warp takes the block's best
  /// candidate, warp 0 pushes it and its row into the other blocks
  /// (pushCandidate), and once every other block has pushed its own each
  /// warp reduces them. Returns the pivot's panel row, its position and the
  /// first entry of its row in the stage (the owner warp's stage row or
  /// the inbox's).
  std::tuple<Value, Value, Value> exchangeCandidates(KernelBuilder &b,
                                                     int64_t kk) {
    Candidate own = blockBest(b, kk);
    b.ifThen(b.cmp(P::eq, warp, top.index(0)),
             [&](KernelBuilder &b) { pushCandidate(b, kk, own); });
    waitHandshake(b, kk, /*use=*/kk / 2);
    // Lane j < clusterBlocks takes block j's candidate (its own block's
    // from `own`), the other lanes their own block's again.
    Value fromOther = b.both(b.cmp(P::ult, lane, top.index(clusterBlocks)),
                             b.cmp(P::ne, lane, rank));
    Value slot = b.add(b.minU(lane, top.index(clusterBlocks - 1)),
                       top.index((kk % 2) * clusterBlocks));
    Candidate read{b.select(fromOther, b.load(inboxKeys, slot), own.key),
                   b.select(fromOther, b.load(inboxWords, slot), own.word)};
    auto [pivotRow, pivotPosition] = decode(b, warpBest(b, read, noWord).word);
    Value owner = b.divU(pivotRow, top.index(blockRows));
    Value base = b.select(b.cmp(P::eq, owner, rank),
                          stageRowOf(b, pivotRow, kk), inboxRow(b, owner, kk));
    return {pivotRow, pivotPosition, base};
  }

  /// Warp 0: the block's best candidate of step kk (`own`) and its row
  /// (lane c entry c of its warp's stage row) into this block's slot of
  /// every other block's inbox, then, ordered after those stores by the
  /// warp barrier and the arrival's release, lane j arrives on block j's
  /// mbarrier of kk's parity.
  void pushCandidate(KernelBuilder &b, int64_t kk, Candidate own) {
    Value entry = b.load(
        stage, b.add(stageRowOf(b, decode(b, own.word).first, kk), lane));
    Value slot = b.add(rank, top.index((kk % 2) * clusterBlocks));
    Value rowBytes =
        b.mul(b.add(inboxRow(b, rank, kk), lane), top.index(elementBytes));
    if (asyncPush)
      b.ifThen(b.cmp(P::eq, lane, top.index(0)),
               [&](KernelBuilder &b) { expectPush(b, kk); });
    for (int64_t j = 0; j < clusterBlocks; ++j) {
      Value block = top.index(j);
      b.ifThen(b.cmp(P::ne, rank, block), [&](KernelBuilder &b) {
        Value window = asyncPush ? sharedWindowOf(b, block) : Value();
        auto store = [&](KernelBuilder &b, Value value, Value at) {
          if (asyncPush)
            return asyncStore(b, value, window, at, kk);
          LLVM::StoreOp::create(b, value, clusterAddress(b, block, at));
        };
        store(b, entry, b.add(top.index(stageOffset), rowBytes));
        b.ifThen(b.cmp(P::eq, lane, top.index(0)), [&](KernelBuilder &b) {
          store(b, own.key,
                b.add(top.index(inboxKeysOffset),
                      b.mul(slot, top.index(keyBytes))));
          store(b, own.word,
                b.add(top.index(inboxWordsOffset), b.mul(slot, top.index(4))));
        });
      });
    }
    if (asyncPush)
      return;
    b.syncWarp();
    arriveHandshake(b, kk);
  }

  /// The bytes every other block's push brings into this block at a step:
  /// its best candidate's row, key and word.
  int64_t pushedBytes() const {
    return (clusterBlocks - 1) * (NB * elementBytes + keyBytes + 4);
  }

  /// asyncPush: this block's one arrival on its mbarrier of step kk, which
  /// expects the other blocks' pushed bytes (they may land before it: the
  /// transaction count may go negative, and the phase completes only once
  /// both the arrival and all the bytes are in). It follows this thread's
  /// wait for step kk - 2, which every other block's push of step kk
  /// follows too (through this block's push of step kk - 1).
  void expectPush(KernelBuilder &b, int64_t kk) {
    b.inlinePtx(Type(),
                ValueRange{handshakeAddress(b, kk), b.i32(pushedBytes())},
                "mbarrier.arrive.expect_tx.shared::cta.b64 _, [$0], $1;", "r,r",
                /*sideEffects=*/true);
  }

  /// The start of block `block`'s shared memory in the cluster's window
  /// (i32). Mapped at each use, not hoisted: kept for the whole kernel, a
  /// block's addresses of either parity would take registers the rows need.
  Value sharedWindowOf(KernelBuilder &b, Value block) {
    return b.inlinePtx(b.getI32Type(),
                       ValueRange{b.toI32(sharedBase), b.toI32(block)},
                       "mapa.shared::cluster.u32 $0, $1, $2;", "=r,r,r",
                       /*sideEffects=*/true);
  }

  /// asyncPush: stores `value` at byte `offset` of the block whose shared
  /// memory starts at `window` in the cluster's window, completing as many
  /// bytes of that block's mbarrier of step kk.
  void asyncStore(KernelBuilder &b, Value value, Value window, Value offset,
                  int64_t kk) {
    Type type = value.getType();
    unsigned bits = type.getIntOrFloatBitWidth();
    assert((bits == 32 || bits == 64) && "keys, words and real entries");
    StringRef constraint = isa<FloatType>(type) ? (bits == 32 ? "f" : "d")
                                                : (bits == 32 ? "r" : "l");
    auto at = [&](Value offset) {
      return arith::AddIOp::create(b, window, b.toI32(offset));
    };
    b.inlinePtx(Type(), ValueRange{at(offset), value, at(handshakeOffset(kk))},
                ("st.async.shared::cluster.mbarrier::complete_tx::bytes.b" +
                 Twine(bits) + " [$0], $1, [$2];")
                    .str(),
                ("r," + constraint + ",r").str(), /*sideEffects=*/true);
  }

  /// The first entry of panel row `pivotRow`'s copy in the stage of step
  /// kk (its warp's row; in its block's shared memory).
  Value stageRowOf(KernelBuilder &b, Value pivotRow, int64_t kk) {
    Value pivotWarp =
        b.divU(b.remU(pivotRow, top.index(threads)), top.index(32));
    return b.mul(b.add(pivotWarp, top.index((kk % 2) * warps)), top.index(NB));
  }

  /// The pivot of step kk on a cluster with localPivotRow: warp 0 agrees
  /// on it, its lane c reads entry c of the pivot row from the owner's
  /// stage into the block's copy, and after a block barrier every warp
  /// reads the pivot there — a block's remote reads a step are one warp's,
  /// not every warp's. (The step's closing cluster barrier orders these
  /// reads before the next step's writes.)
  std::pair<Value, Value> copyPivotRow(KernelBuilder &b, int64_t kk) {
    b.ifThen(b.cmp(P::eq, warp, top.index(0)), [&](KernelBuilder &b) {
      if (handshake && kk > 0)
        waitHandshake(b, kk, /*use=*/(kk - 1) / 2);
      Value pivotRow, pivotPosition;
      std::tie(pivotRow, pivotPosition) = agreeOnPivot(b, kk);
      Value entry = b.add(stageRowOf(b, pivotRow, kk), lane);
      b.store(clusterLoad(b, b.divU(pivotRow, top.index(blockRows)),
                          b.add(top.index(stageOffset),
                                b.mul(entry, top.index(elementBytes))),
                          elementType),
              localPivot, lane);
      b.ifThen(b.cmp(P::eq, lane, top.index(0)), [&](KernelBuilder &b) {
        b.store(b.toI32(pivotRow), localPivotWords, top.index(0));
        b.store(b.toI32(pivotPosition), localPivotWords, top.index(1));
      });
    });
    b.barrier();
    return {b.toIndexUnsigned(b.load(localPivotWords, top.index(0))),
            b.toIndexUnsigned(b.load(localPivotWords, top.index(1)))};
  }

  /// Step kk, when the panel has it (kk < steps): the pivot, its row from
  /// the stage, the positions, the elimination, the next column's
  /// candidates and the step's barrier.
  Rows emitStep(KernelBuilder &b, int64_t kk, const Rows &state) {
    auto pack = [](const Rows &s) {
      SmallVector<Value> all;
      for (const Row &row : s.rows) {
        llvm::append_range(all, row.values);
        all.push_back(row.position);
      }
      all.push_back(s.firstZero);
      return all;
    };
    SmallVector<Value> next = b.ifThenElse(
        b.cmp(P::ult, top.index(kk), steps),
        [&](KernelBuilder &b) -> SmallVector<Value> {
          return pack(step(b, kk, state));
        },
        [&](KernelBuilder &) -> SmallVector<Value> { return pack(state); });
    Rows out;
    auto it = next.begin();
    for (int64_t r = 0; r < perThread; ++r, it += columns + 1) {
      Row row;
      row.values.assign(it, it + columns);
      row.position = it[columns];
      out.rows.push_back(row);
    }
    out.firstZero = *it;
    return out;
  }

  /// The body of step kk (emitStep).
  Rows step(KernelBuilder &b, int64_t kk, const Rows &state) {
    Value kkIndex = top.index(kk);
    Value pivotRow, pivotPosition, pivotBase, pivotRowAddress;
    if (push)
      std::tie(pivotRow, pivotPosition, pivotBase) = exchangeCandidates(b, kk);
    else if (localPivotRow)
      std::tie(pivotRow, pivotPosition) = copyPivotRow(b, kk);
    else
      std::tie(pivotRow, pivotPosition) = agreeOnPivot(b, kk);
    b.ifThen(leader, [&](KernelBuilder &b) {
      storePivot(b, matrix, kkIndex, pivotPosition);
    });
    // The pivot row from its warp's stage row (broadcast loads; on a
    // cluster through the shared window, from the owner's block), from the
    // block's copy, or with push from the stage or the inbox.
    bool remoteRow = clusterBlocks > 1 && !localPivotRow && !push;
    if (!localPivotRow && !push)
      pivotBase = stageRowOf(b, pivotRow, kk);
    // On a cluster the stage row's address in the window is mapped once a
    // step; its entries are constant offsets from it.
    if (remoteRow)
      pivotRowAddress =
          clusterAddress(b, b.divU(pivotRow, top.index(blockRows)),
                         b.add(top.index(stageOffset),
                               b.mul(pivotBase, top.index(elementBytes))));
    auto pivotRowEntry = [&](KernelBuilder &b, int64_t c) -> Value {
      if (localPivotRow)
        return b.load(localPivot, top.index(c));
      if (!remoteRow)
        return b.load(stage, b.add(pivotBase, top.index(c)));
      Value entry = LLVM::GEPOp::create(
          b, pivotRowAddress.getType(), elementType, pivotRowAddress,
          ArrayRef<LLVM::GEPArg>{static_cast<int32_t>(c)});
      return LLVM::LoadOp::create(b, elementType, entry);
    };
    Value pivot = pivotRowEntry(b, kk);
    Value singular = element.isZero(b, pivot);

    Rows out;
    for (int64_t r = 0; r < perThread; ++r) {
      const Row &row = state.rows[r];
      Row next;
      Value isPivot = b.cmp(P::eq, panelRow[r], pivotRow);
      next.position = b.select(isPivot, kkIndex,
                               b.select(b.cmp(P::eq, row.position, kkIndex),
                                        pivotPosition, row.position));
      // The rows below the pivot: positions after kk once it is placed.
      Value eliminated = isOpen(b, next, r, kk + 1);
      next.values = b.ifThenElse(
          b.both(eliminated, b.negate(singular)),
          [&](KernelBuilder &b) -> SmallVector<Value> {
            return eliminate(b, kk, row.values, pivot, pivotRowEntry);
          },
          [&](KernelBuilder &) -> SmallVector<Value> {
            return SmallVector<Value>(row.values);
          });
      out.rows.push_back(next);
    }
    Value noneYet = b.cmp(P::eq, state.firstZero, zeroInfo);
    Value stepInfo =
        arith::IndexCastOp::create(b, zeroInfo.getType(), top.index(kk + 1));
    out.firstZero =
        b.select(b.both(singular, noneYet), stepInfo, state.firstZero);
    if (kk + 1 < windowEnd())
      publish(b, out, kk + 1);
    if (push) {
      b.barrier();
    } else if (handshake) {
      b.barrier();
      if (kk + 1 < NB)
        arriveHandshake(b, kk + 1);
    } else {
      stepBarrier(b);
    }
    return out;
  }

  /// The row's multiplier (column kk) and its later columns against the
  /// pivot row.
  SmallVector<Value>
  eliminate(KernelBuilder &b, int64_t kk, ArrayRef<Value> values, Value pivot,
            function_ref<Value(KernelBuilder &, int64_t)> pivotRowEntry) {
    SmallVector<Value> out(values);
    Value entry = values[kk - windowStart];
    Value l = scaleByPivot(b, element, entry, pivot,
                           element.reciprocalIsSafe(b, pivot),
                           /*reciprocal=*/nullptr);
    out[kk - windowStart] = l;
    for (int64_t j = kk + 1; j < windowEnd(); ++j)
      out[j - windowStart] =
          element.mulSub(b, values[j - windowStart], l, pivotRowEntry(b, j));
    return out;
  }

  /// The last panel column in registers + 1, and a row's value there.
  int64_t windowEnd() const { return windowStart + columns; }
  Value valueAt(const Row &row, int64_t col) const {
    return row.values[col - windowStart];
  }

  /// A split panel (BlockedLuShape::kSplitPanelColumns at a time): the
  /// left half's steps in registers, the right half's update from them,
  /// then the right half's steps, every row stored at its position.
  void emitSplit(KernelBuilder &b) {
    windowStart = 0;
    Rows state = loadRows(b);
    // The right halves take `a` next.
    b.barrier();
    loadHalfToShared(b, columns);
    b.barrier();
    publish(b, state, 0);
    stepBarrier(b);
    for (int64_t kk = 0; kk < columns; ++kk)
      state = emitStep(b, kk, state);
    updateRightHalf(b, state);
    state = exchangeHalves(b, state);
    windowStart = columns;
    publish(b, state, columns);
    stepBarrier(b);
    for (int64_t kk = columns; kk < NB; ++kk)
      state = emitStep(b, kk, state);
    storeSplitRows(b, state);
    // The next matrix refills shared memory.
    b.barrier();
  }

  /// Panel columns [c0, c0 + columns) of the block's rows into `a`.
  void loadHalfToShared(KernelBuilder &b, int64_t c0) {
    loadRowsToShared(b, matrix, firstRow, blockRowsHere, a, threads,
                     /*onRow=*/{}, c0, columns);
  }

  /// After the left half's steps: the right half's rows in `a` as the
  /// one-pass panel leaves them before step 16 (keepPivotRows, solveUpper,
  /// updateOpenRows, a barrier after each).
  void updateRightHalf(KernelBuilder &b, const Rows &state) {
    keepPivotRows(b, state);
    b.barrier();
    solveUpper(b);
    b.barrier();
    updateOpenRows(b, state);
    b.barrier();
  }

  /// Each left pivot row (position < columns) leaves its left half (its
  /// multipliers and U entries) and its local row by its position.
  void keepPivotRows(KernelBuilder &b, const Rows &state) {
    Value half = top.index(columns);
    for (int64_t r = 0; r < perThread; ++r) {
      const Row &row = state.rows[r];
      b.ifThen(b.both(hasRow[r], b.cmp(P::ult, row.position, half)),
               [&](KernelBuilder &b) {
                 Value base = b.mul(row.position, half);
                 for (int64_t m = 0; m < columns; ++m)
                   b.store(row.values[m], multipliers,
                           b.add(base, top.index(m)));
                 b.store(b.toI32(localRow[r]), pivotLocalRows, row.position);
               });
    }
  }

  /// Whether step m's pivot was zero (a step that updated no row, as in
  /// the one-pass panel), read where it is used: sixteen flags held across
  /// the updates would take registers the rows need.
  Value zeroPivot(KernelBuilder &b, int64_t m) {
    return element.isZero(b, b.load(multipliers, top.index(m * columns + m)));
  }

  /// The right half's U rows in pivot order, warp 0 a lane a column: each
  /// pivot row's entry less its multipliers times the earlier U entries
  /// (read back from `upper`, the lane's own stores: the rows' halves hold
  /// most registers), into `a` and `upper`.
  void solveUpper(KernelBuilder &b) {
    b.ifThen(
        b.both(b.cmp(P::eq, warp, top.index(0)),
               b.cmp(P::ult, lane, top.index(columns))),
        [&](KernelBuilder &b) {
          for (int64_t kk = 0; kk < columns; ++kk) {
            Value entry =
                at(b, b.toIndexUnsigned(b.load(pivotLocalRows, top.index(kk))),
                   lane);
            Value v = b.load(a, entry);
            for (int64_t m = 0; m < kk; ++m)
              v = b.select(
                  zeroPivot(b, m), v,
                  element.mulSub(
                      b, v, b.load(multipliers, top.index(kk * columns + m)),
                      b.load(upper, b.add(top.index(m * columns), lane))));
            b.store(v, a, entry);
            b.store(v, upper, b.add(top.index(kk * columns), lane));
          }
        });
  }

  /// Every other row's right half less its multipliers times the U rows,
  /// in step order.
  void updateOpenRows(KernelBuilder &b, const Rows &state) {
    for (int64_t r = 0; r < perThread; ++r) {
      const Row &row = state.rows[r];
      b.ifThen(
          b.both(hasRow[r], b.cmp(P::uge, row.position, top.index(columns))),
          [&](KernelBuilder &b) {
            for (int64_t j = 0; j < columns; ++j) {
              Value entry = at(b, localRow[r], j);
              Value v = b.load(a, entry);
              for (int64_t m = 0; m < columns; ++m)
                v = b.select(
                    zeroPivot(b, m), v,
                    element.mulSub(b, v, row.values[m],
                                   b.load(upper, top.index(m * columns + j))));
              b.store(v, a, entry);
            }
          });
    }
  }

  /// The right halves into registers, the left halves into `a`, entry by
  /// entry: a thread's rows in `a` are its own from here on, and holding
  /// both halves at once would spill.
  Rows exchangeHalves(KernelBuilder &b, const Rows &state) {
    Rows out = state;
    for (int64_t r = 0; r < perThread; ++r)
      out.rows[r].values = b.ifThenElse(
          hasRow[r],
          [&](KernelBuilder &b) -> SmallVector<Value> {
            SmallVector<Value> right;
            for (int64_t c = 0; c < columns; ++c) {
              Value entry = at(b, localRow[r], c);
              right.push_back(b.load(a, entry));
              b.store(state.rows[r].values[c], a, entry);
            }
            return right;
          },
          [&](KernelBuilder &b) -> SmallVector<Value> {
            return SmallVector<Value>(columns, element.zero(b));
          });
    return out;
  }

  /// Out: each of the thread's rows at its position (the left half from
  /// `a`, which only its own thread wrote, the right one from registers),
  /// the panel's row order, and info unless an earlier panel set it.
  void storeSplitRows(KernelBuilder &b, const Rows &state) {
    for (int64_t r = 0; r < perThread; ++r)
      b.ifThen(hasRow[r], [&](KernelBuilder &b) {
        const Row &row = state.rows[r];
        Value to = b.add(k0, row.position);
        for (int64_t c = 0; c < NB; ++c)
          b.ifThen(b.cmp(P::ult, top.index(c), width), [&](KernelBuilder &b) {
            Value v = c < columns ? b.load(a, at(b, localRow[r], c))
                                  : row.values[c - columns];
            b.store(v, lu, ValueRange{matrix, to, b.add(k0, top.index(c))});
          });
        b.store(arith::IndexCastOp::create(b, intType, panelRow[r]),
                panelPermutation, ValueRange{matrix, row.position});
      });
    b.ifThen(leader,
             [&](KernelBuilder &b) { storeInfo(b, matrix, state.firstZero); });
  }

  /// Out: the block's rows through shared memory (so that consecutive
  /// threads store consecutive columns of a row), each at its position, the
  /// panel's row order, and info unless an earlier panel set it.
  void storeRows(KernelBuilder &b, const Rows &state) {
    for (int64_t r = 0; r < perThread; ++r)
      b.ifThen(hasRow[r], [&](KernelBuilder &b) {
        const Row &row = state.rows[r];
        for (int64_t c = 0; c < NB; ++c)
          b.store(row.values[c], a, at(b, localRow[r], c));
        b.store(b.toI32(row.position), position, localRow[r]);
      });
    b.barrier();
    storeRowsAtPositions(b, matrix, firstRow, blockRowsHere, a, position,
                         threads);
    b.ifThen(leader,
             [&](KernelBuilder &b) { storeInfo(b, matrix, state.firstZero); });
  }

  /// Shared-memory offset of the block's mbarrier of step kk's parity; its
  /// address (as i32), and the same in the cluster's window of block
  /// `blockRank`.
  Value handshakeOffset(int64_t kk) {
    return top.index(handshakesOffset + (kk % 2) * 8);
  }
  Value handshakeAddress(KernelBuilder &b, int64_t kk) {
    return b.toI32(b.add(sharedBase, handshakeOffset(kk)));
  }
  Value remoteHandshakeAddress(KernelBuilder &b, Value blockRank, int64_t kk) {
    return LLVM::PtrToIntOp::create(
        b, b.getI32Type(), clusterAddress(b, blockRank, handshakeOffset(kk)));
  }

  /// A matrix's two mbarriers (steps of either parity), each completing a
  /// phase once every other block has arrived (asyncPush: once this block
  /// has arrived and every other block's bytes are in); the cluster barrier
  /// after the first candidates orders this before any arrival.
  void initHandshakes(KernelBuilder &b) {
    b.ifThen(b.cmp(P::eq, thread, top.index(0)), [&](KernelBuilder &b) {
      Value others = b.i32(asyncPush ? 1 : clusterBlocks - 1);
      for (int64_t parity = 0; parity < 2; ++parity)
        b.inlinePtx(Type(), ValueRange{handshakeAddress(b, parity), others},
                    "mbarrier.init.shared::cta.b64 [$0], $1;", "r,r",
                    /*sideEffects=*/true);
      b.inlinePtx(Type(), ValueRange{}, "fence.mbarrier_init.release.cluster;",
                  "", /*sideEffects=*/true);
    });
  }

  /// Lane j of warp 0 arrives on block j's mbarrier of step kk (release,
  /// cluster scope: with the handshake, after the block barrier that ends
  /// step kk - 1, the slots and stage rows the block's warps wrote before
  /// it; with push, the warp's stores into block j), j not this block,
  /// where the panel has step kk.
  void arriveHandshake(KernelBuilder &b, int64_t kk) {
    Value arriving = b.both(
        b.both(b.cmp(P::eq, warp, top.index(0)),
               b.cmp(P::ult, lane, top.index(clusterBlocks))),
        b.both(b.cmp(P::ne, lane, rank), b.cmp(P::ult, top.index(kk), steps)));
    b.ifThen(arriving, [&](KernelBuilder &b) {
      b.inlinePtx(
          Type(), ValueRange{remoteHandshakeAddress(b, lane, kk)},
          "mbarrier.arrive.release.cluster.shared::cluster.b64 _, [$0];", "r",
          /*sideEffects=*/true);
    });
  }

  /// Waits (acquire, cluster scope) until every other block has arrived for
  /// step kk, the `use`-th of the mbarrier of kk's parity (the mbarriers are
  /// set up anew for each matrix): warp 0 with the handshake, from step 1;
  /// every warp with push, from step 0.
  void waitHandshake(KernelBuilder &b, int64_t kk, int64_t use) {
    Value address = handshakeAddress(b, kk);
    Value phase = b.i32(use % 2);
    scf::WhileOp::create(
        b, TypeRange{}, ValueRange{},
        [&](OpBuilder &nested, Location loc, ValueRange) {
          KernelBuilder b(loc, nested);
          Value done = b.inlinePtx(
              b.getI32Type(), ValueRange{address, phase},
              "{\n.reg .pred p;\n"
              "mbarrier.try_wait.parity.acquire.cluster.shared::cta.b64 p, "
              "[$1], $2;\nselp.u32 $0, 1, 0, p;\n}",
              "=r,r,r", /*sideEffects=*/true);
          scf::ConditionOp::create(b, b.cmp(P::eq, done, b.i32(0)),
                                   ValueRange{});
        },
        [&](OpBuilder &nested, Location loc, ValueRange) {
          scf::YieldOp::create(nested, loc);
        });
  }

  /// The end of a step: a block barrier, or on a cluster a release/acquire
  /// barrier of every thread of the cluster (the next step reads the other
  /// blocks' slots and stage rows).
  void stepBarrier(KernelBuilder &b) {
    if (clusterBlocks == 1)
      return b.barrier();
    clusterBarrier(b);
  }

  const int64_t elementBytes, perThread, blockRows, columns, clusterBlocks;
  const bool localPivotRow, handshake, push, asyncPush, split;
  // The panel column of a row's first value in registers (a split panel's
  // right half: kSplitPanelColumns).
  int64_t windowStart = 0;
  int64_t keyBytes = 0, keysOffset = 0, wordsOffset = 0, stageOffset = 0,
          localPivotOffset = 0, handshakesOffset = 0, inboxKeysOffset = 0,
          inboxWordsOffset = 0;
  Value noWord;
  // The block's matrices, its rank in the cluster (0 without one), its
  // first panel row and rows, the leader (thread 0 of rank 0); the thread's
  // rows in the block and in the panel, and whether the panel has them.
  Value firstMatrix, matrixStride, rank, firstRow, blockRowsHere, leader;
  SmallVector<Value> localRow, panelRow, hasRow;
  // Shared memory: the block's rows (loading and storing), their positions,
  // the warps' candidate slots and rows (two steps' worth).
  Value a, position, slotKeys, slotWords, stage;
  // With localPivotRow, the block's copy of the step's pivot row and the
  // pivot's row and position.
  Value localPivot, localPivotWords;
  // With push, the other blocks' best candidates' keys and words (their
  // rows extend `stage`), for two steps.
  Value inboxKeys, inboxWords;
  // A split panel's left-half pivot rows (their multipliers, by step), the
  // right half's U rows, and the pivots' local rows.
  Value multipliers, upper, pivotLocalRows;
  // The matrix the block works on (the loop's induction variable).
  Value matrix;
};

} // namespace

void buildBlockedLuRegisterPanelKernelBody(KernelBuilder &b, ValueRange args,
                                           Type elementType, Type intType,
                                           bool oneBasedPivots,
                                           int64_t clusterBlocks,
                                           bool localPivotRow, bool handshake,
                                           bool push, bool asyncPush) {
  RegisterPanelLuKernel(b, args, elementType, intType, oneBasedPivots,
                        clusterBlocks, localPivotRow, handshake, push,
                        asyncPush, /*split=*/false)
      .emit();
}

void buildBlockedLuSplitRegisterPanelKernelBody(KernelBuilder &b,
                                                ValueRange args,
                                                Type elementType, Type intType,
                                                bool oneBasedPivots) {
  RegisterPanelLuKernel(b, args, elementType, intType, oneBasedPivots,
                        /*clusterBlocks=*/1, /*localPivotRow=*/false,
                        /*handshake=*/false, /*push=*/false,
                        /*asyncPush=*/false, /*split=*/true)
      .emit();
}

} // namespace mlir::linalgx::gpu_kernels
