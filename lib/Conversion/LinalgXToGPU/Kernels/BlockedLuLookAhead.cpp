//===- BlockedLuLookAhead.cpp - the blocked LU's look-ahead kernel -*- C++ -*-//
//
// After a panel whose update takes the GEMM, the next panel's columns in one
// kernel on a cluster: the panel's row exchanges, their U12 rows and the
// panel's rank-32 update (BlockedLu.h).
//
//===----------------------------------------------------------------------===//

#include "../GPULoweringUtils.h"
#include "BlockedLu.h"
#include "KernelBuilder.h"
#include "linalgx/Conversion/ElementArith.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace mlir::linalgx;

namespace mlir::linalgx::gpu_kernels {

namespace {

/// The look-ahead kernel (buildBlockedLuLookAheadKernelBody).
///
/// The panel at k0 (32 steps: it takes the GEMM) left its row order in
/// `order`: position t of the panel's rows received row order[t]. Positions
/// from 32 on receive their own row or one of the first 32 (swaps), so the
/// only rows a block reads that another block writes are the first 32 and
/// the rows that moved into them. Every block reads those first and arrives
/// on the cluster barrier; it waits on it before it solves and stores.
///
/// Lane j of every warp takes column k1 + j of the next panel (k1 = k0 +
/// 32) and solves its U12 entries in registers, so that a row's update is
/// its L21 row (read back broadcast from the warp's shared memory) against
/// the lane's U12 column.
/// Block c of the cluster updates the c-th chunk of the rows below, each
/// warp kRowsAtOnce rows at a time (independent chains of FMAs), loading
/// the next rows while it computes.
class LookAheadKernel {
public:
  using S = BlockedLuShape;
  using P = arith::CmpIPredicate;
  static constexpr int64_t NB = S::kPanelColumns;
  static constexpr int64_t warps = S::kLookAheadWarps;
  static constexpr int64_t kRowsAtOnce = S::kLookAheadRowsAtOnce;
  static constexpr int64_t kLoadStepsAtOnce = 2;
  static_assert(NB == 32, "a lane a column of the next panel");

  LookAheadKernel(KernelBuilder &b, ValueRange args, Type elementType)
      : top(b), lu(args[0]), order(args[1]), k0(args[2]),
        elementType(elementType),
        element(elementType, ElementArith::Flavour::Kernel) {}

  void emit() {
    emitPrologue();
    top.forLoop(firstMatrix, batch, matrixStride,
                [&](KernelBuilder &b, Value matrixOfCluster) {
                  matrix = matrixOfCluster;
                  readPanelRows(b);
                  // Relaxed: what the arrival must follow is this thread's
                  // loads, whose values it has already stored into shared
                  // memory; a release arrival is a GPU-wide memory barrier.
                  NVVM::ClusterArriveRelaxedOp::create(b, b.getUnitAttr());
                  b.barrier();
                  SmallVector<Value> firstEntries =
                      loadRows(b, firstPosition, top.index(0));
                  // The wait before the solve: LLVM would sink the solve's
                  // arithmetic past it and keep its 528 loads live across.
                  NVVM::ClusterWaitOp::create(b, b.getUnitAttr());
                  SmallVector<Value> u12 = solveU12(b);
                  storeU12(b, u12);
                  updateRowsBelow(b, u12, firstEntries);
                  // The next matrix refills shared memory.
                  b.barrier();
                });
  }

private:
  void emitPrologue() {
    KernelBuilder &b = top;
    batch = b.dim(lu, 0);
    Value m = b.dim(lu, 1), n = b.dim(lu, 2);
    lane = b.threadId(gpu::Dimension::x);
    warp = b.threadId(gpu::Dimension::y);
    rank = b.blockId(gpu::Dimension::x);
    firstMatrix = b.blockId(gpu::Dimension::y);
    matrixStride = b.gridDim(gpu::Dimension::y);
    k1 = b.add(k0, b.index(NB));
    // The lane's column, clamped into the matrix for loads (a narrower last
    // panel leaves lanes without one: they store nothing).
    Value column = b.add(k1, lane);
    inColumns = b.cmp(P::ult, column, n);
    loadColumn = b.minU(column, b.sub(n, b.index(1)));
    // Rows below the panel's 32: block `rank`'s chunk of them.
    Value rows = b.sub(m, k0);
    Value chunk =
        b.ceilDivU(b.sub(rows, b.index(NB)), b.gridDim(gpu::Dimension::x));
    chunkStart = b.add(b.index(NB), b.mul(rank, chunk));
    chunkEnd = b.minU(b.add(chunkStart, chunk), rows);
    firstPosition = b.add(chunkStart, b.mul(warp, b.index(kRowsAtOnce)));

    int64_t elementBytes = elementByteSize(elementType);
    Value shared = gpu::DynamicSharedMemoryOp::create(
        b, workgroupMemRef({ShapedType::kDynamic}, b.getI8Type()));
    auto view = [&](int64_t index, int64_t count) -> Value {
      return memref::ViewOp::create(
          b, workgroupMemRef({count}, elementType), shared,
          b.index(index * NB * NB * elementBytes), ValueRange());
    };
    l11 = view(0, NB * NB);
    oldRows = view(1, NB * NB);
    newRows = view(2, NB * NB);
    static_assert(S::lookAheadSharedBytes(1) ==
                      3 * NB * NB + 2 * warps * kRowsAtOnce * NB,
                  "BlockedLuShape::lookAheadSharedBytes describes the views");
    l21Rows = view(3, 2 * warps * kRowsAtOnce * NB);
  }

  /// L11 and the next panel's columns of the first 32 rows before the
  /// exchanges (oldRows) and after them (newRows), into shared memory: warp
  /// w rows w, w + warps, ..., lane j column j. Every load is issued before
  /// the first store, and the rows the pivots came from right after their
  /// indices: two memory latencies in all.
  void readPanelRows(KernelBuilder &b) {
    static_assert(NB % warps == 0, "the warps share the panel's rows");
    SmallVector<Value> rows, l, old, from, moved;
    for (int64_t i = 0; i < NB / warps; ++i) {
      Value t = b.add(warp, top.index(warps * i));
      rows.push_back(t);
      Value row = b.add(k0, t);
      l.push_back(b.load(lu, ValueRange{matrix, row, b.add(k0, lane)}));
      old.push_back(b.load(lu, ValueRange{matrix, row, loadColumn}));
      from.push_back(b.toIndex(b.load(order, ValueRange{matrix, t})));
    }
    for (Value f : from)
      moved.push_back(b.load(lu, ValueRange{matrix, b.add(k0, f), loadColumn}));
    for (auto [i, t] : llvm::enumerate(rows)) {
      // Transposed: a solve step reads a column of L11.
      b.store(l[i], l11, b.add(b.mul(lane, top.index(NB)), t));
      Value at = b.add(b.mul(t, top.index(NB)), lane);
      b.store(old[i], oldRows, at);
      b.store(moved[i], newRows, at);
    }
  }

  /// The lane's column of U12 = L11^-1 * newRows, every warp alike:
  /// column-oriented, so that each step's updates are independent and read
  /// adjacent entries of the transposed L11.
  SmallVector<Value> solveU12(KernelBuilder &b) {
    SmallVector<Value> x;
    for (int64_t r = 0; r < NB; ++r)
      x.push_back(b.load(newRows, b.add(top.index(r * NB), lane)));
    for (int64_t k = 0; k < NB; ++k)
      for (int64_t r = k + 1; r < NB; ++r)
        x[r] =
            element.mulSub(b, x[r], b.load(l11, top.index(k * NB + r)), x[k]);
    return x;
  }

  /// Block 0 stores U12 into the panel's first 32 rows, warp w rows w,
  /// w + warps, ... (picked by selects: a branch a row would let LLVM sink
  /// the solve's arithmetic into them).
  void storeU12(KernelBuilder &b, ArrayRef<Value> u12) {
    b.ifThen(b.both(b.cmp(P::eq, rank, top.index(0)), inColumns),
             [&](KernelBuilder &b) {
               for (int64_t r = 0; r < NB; r += warps) {
                 Value mine = u12[r];
                 for (int64_t w = 1; w < warps; ++w)
                   mine = b.select(b.cmp(P::eq, warp, top.index(w)), u12[r + w],
                                   mine);
                 Value row = b.add(k0, b.add(warp, top.index(r)));
                 b.store(mine, lu, ValueRange{matrix, row, b.add(k1, lane)});
               }
             });
  }

  /// x * y + acc, contracted: with the negated L21 in shared memory, the
  /// loop needs no negated copy of the lane's U12 column in registers.
  static Value fusedMultiplyAdd(KernelBuilder &b, Value x, Value y, Value acc) {
    auto contract = arith::FastMathFlags::contract;
    return arith::AddFOp::create(
        b, acc, arith::MulFOp::create(b, x, y, contract), contract);
  }

  /// The index of entry `column` of the warp's L21 row i in l21Rows'
  /// `buffer` (0 or 1, an index).
  Value l21Entry(KernelBuilder &b, Value buffer, int64_t i, Value column) {
    Value rowsOfWarp = b.add(b.mul(warp, top.index(2)), buffer);
    return b.add(b.mul(rowsOfWarp, top.index(kRowsAtOnce * NB)),
                 b.add(top.index(i * NB), column));
  }

  /// The warp's kRowsAtOnce rows from `position` on: their L21 rows,
  /// negated, into `buffer`, and the lane's entries of the next panel as the
  /// exchanges leave them (a row's own or, where an old panel row moved there,
  /// that row's, read before the barrier). Rows past the chunk read its last
  /// row.
  SmallVector<Value> loadRows(KernelBuilder &b, Value position, Value buffer) {
    SmallVector<Value> entries;
    for (int64_t i = 0; i < kRowsAtOnce; ++i) {
      Value at =
          b.minU(b.add(position, top.index(i)), b.sub(chunkEnd, top.index(1)));
      Value row = b.add(k0, at);
      Value from = b.toIndex(b.load(order, ValueRange{matrix, at}));
      Value own = b.load(lu, ValueRange{matrix, row, loadColumn});
      Value old = b.load(
          oldRows,
          b.add(b.mul(b.minU(from, top.index(NB - 1)), top.index(NB)), lane));
      entries.push_back(b.select(b.cmp(P::ult, from, top.index(NB)), old, own));
      Value l = b.load(lu, ValueRange{matrix, row, b.add(k0, lane)});
      b.store(element.negate(b, l), l21Rows, l21Entry(b, buffer, i, lane));
    }
    return entries;
  }

  /// The chunk's rows less their L21 rows times U12, kRowsAtOnce rows a
  /// warp at a time, each group's loads issued while the previous group
  /// computes (the first group's before the barrier and the solve): the
  /// L21 rows through the warp's two shared buffers, read back broadcast
  /// (a shuffle each would cost twice the instructions, and LLVM hoists
  /// them all).
  void updateRowsBelow(KernelBuilder &b, ArrayRef<Value> u12,
                       ArrayRef<Value> firstEntries) {
    Value step = top.index(kRowsAtOnce * warps);
    scf::ForOp::create(
        b, firstPosition, chunkEnd, step, firstEntries,
        [&](OpBuilder &nested, Location loc, Value position,
            ValueRange entries) {
          KernelBuilder b(loc, nested);
          Value group = b.divU(b.sub(position, firstPosition), step);
          Value buffer = b.remU(group, top.index(2));
          // The previous group read the other buffer; its stores landed.
          b.syncWarp();
          SmallVector<Value> next =
              loadRows(b, b.add(position, step), b.sub(top.index(1), buffer));
          SmallVector<Value> acc(entries.begin(), entries.end());
          for (int64_t k = 0; k < NB; ++k) {
            // LLVM would load all the group's L21 entries first, hundreds
            // of registers: every kLoadStepsAtOnce steps the accumulators
            // pass through an empty asm with side effects, which neither
            // the steps' multiply-adds before it nor the loads after it
            // cross.
            if (k > 0 && k % kLoadStepsAtOnce == 0)
              for (Value &a : acc)
                a = b.inlinePtx(a.getType(), a, "",
                                a.getType().isF64() ? "=d,0" : "=f,0",
                                /*sideEffects=*/true);
            for (int64_t i = 0; i < kRowsAtOnce; ++i) {
              Value minusL =
                  b.load(l21Rows, l21Entry(b, buffer, i, top.index(k)));
              acc[i] = fusedMultiplyAdd(b, minusL, u12[k], acc[i]);
            }
          }
          for (int64_t i = 0; i < kRowsAtOnce; ++i) {
            Value at = b.add(position, top.index(i));
            b.ifThen(b.both(b.cmp(P::ult, at, chunkEnd), inColumns),
                     [&](KernelBuilder &b) {
                       b.store(
                           acc[i], lu,
                           ValueRange{matrix, b.add(k0, at), b.add(k1, lane)});
                     });
          }
          scf::YieldOp::create(b, next);
        });
  }

  KernelBuilder &top;
  Value lu, order, k0;
  Type elementType;
  ElementArith element;
  Value batch, lane, warp, rank, firstMatrix, matrixStride, k1;
  Value inColumns, loadColumn, chunkStart, chunkEnd, firstPosition;
  // Shared memory: L11 (transposed) and the next panel's columns of the
  // panel's first 32 rows before and after the exchanges, all 32 x 32.
  Value l11, oldRows, newRows;
  // The warps' two buffers of kRowsAtOnce L21 rows.
  Value l21Rows;
  Value matrix;
};

} // namespace

void buildBlockedLuLookAheadKernelBody(KernelBuilder &b, ValueRange args,
                                       Type elementType) {
  LookAheadKernel(b, args, elementType).emit();
}

} // namespace mlir::linalgx::gpu_kernels
