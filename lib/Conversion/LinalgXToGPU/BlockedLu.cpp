//===- BlockedLu.cpp - the blocked GPU LU's update kernel --------*- C++ -*-===//
//
// The second of the two kernels of a panel of the blocked LU (GeneratedLu.h,
// BlockedLuShape; docs/gpu.md "The blocked LU"): after the panel kernel has
// factored the panel in place, a block of this kernel brings one tile of
// columns of one matrix up to date with it: the panel's row exchanges, the
// triangular solve for its U rows and the rank-kPanelColumns update of the
// rows below.
//
//===----------------------------------------------------------------------===//

#include "GeneratedLu.h"
#include "KernelBuilder.h"
#include "linalgx/Conversion/ElementArith.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace mlir::linalgx;

namespace mlir::linalgx::gpu_kernels {

void buildBlockedLuUpdateKernelBody(ImplicitLocOpBuilder &b, ValueRange args,
                                    Type elementType) {
  Value lu = args[0], panelPermutation = args[1], k0 = args[2];
  using S = BlockedLuShape;
  constexpr int64_t NB = S::kPanelColumns, TC = S::kTileColumns,
                    TR = S::kTileRows, TX = S::kThreadsX, TY = S::kThreadsY;
  constexpr int64_t rowsPerThread = TR / TY, colsPerThread = TC / TX;
  constexpr int64_t ltStride = NB + 1;
  constexpr int64_t kInnerUnroll = 4;
  static_assert(NB % TY == 0 && NB % TX == 0 && NB <= TX * TY,
                "a block's threads cover a panel's rows and columns");
  ElementArith element(elementType, ElementArith::Flavour::Kernel);
  using P = arith::CmpIPredicate;
  Type i32 = b.getI32Type(), indexType = b.getIndexType();
  auto index = [&](int64_t v) -> Value {
    return arith::ConstantIndexOp::create(b, v);
  };
  auto cmp = [](ImplicitLocOpBuilder &b, P predicate, Value x,
                Value y) -> Value {
    return arith::CmpIOp::create(b, predicate, x, y);
  };
  auto toIndex = [&](ImplicitLocOpBuilder &b, Value v) -> Value {
    return arith::IndexCastOp::create(b, indexType, v);
  };

  Value batch = memref::DimOp::create(b, lu, 0);
  Value m = memref::DimOp::create(b, lu, 1);
  Value n = memref::DimOp::create(b, lu, 2);
  // The panel: columns [k0, panelEnd), its rows P = M - k0, its steps s.
  S::Panel panel = S::panelAt(b, m, n, k0);
  Value width = panel.width, panelRows = panel.rows, steps = panel.steps;
  Value panelEnd = add(b, k0, width);
  Value tx = gpu::ThreadIdOp::create(b, gpu::Dimension::x);
  Value ty = gpu::ThreadIdOp::create(b, gpu::Dimension::y);
  Value thread = add(b, mul(b, ty, index(TX)), tx);
  Value tileStart = mul(b, gpu::BlockIdOp::create(b, gpu::Dimension::x),
                        index(TC));
  Value firstMatrix = gpu::BlockIdOp::create(b, gpu::Dimension::y);
  Value matrixStride = gpu::GridDimOp::create(b, gpu::Dimension::y);

  // Shared memory (BlockedLuShape::updateSharedBytes).
  int64_t elementBytes = elementByteSize(elementType);
  Value shared = gpu::DynamicSharedMemoryOp::create(
      b, workgroupMemRef({ShapedType::kDynamic}, b.getI8Type()));
  auto view = [&](int64_t byteOffset, int64_t count, Type type) -> Value {
    return memref::ViewOp::create(b, workgroupMemRef({count}, type), shared,
                                  index(byteOffset), ValueRange());
  };
  Value l11 = view(0, NB * NB, elementType);
  Value u = view(NB * NB * elementBytes, NB * TC, elementType);
  Value lt = view((NB * NB + NB * TC) * elementBytes, TR * ltStride,
                  elementType);
  Value inverse = view((NB * NB + NB * TC + TR * ltStride) * elementBytes, NB,
                       i32);
  Value zeroValue = element.zero(b);
  // lu[indices] where `inBounds`, zero elsewhere (nothing is read).
  auto loadOrZero = [&](ImplicitLocOpBuilder &b, Value inBounds,
                        SmallVector<Value> indices) -> Value {
    return buildIfElse(
        b, inBounds,
        [&](ImplicitLocOpBuilder &b) -> SmallVector<Value> {
          return {memref::LoadOp::create(b, lu, indices)};
        },
        [&](ImplicitLocOpBuilder &) -> SmallVector<Value> {
          return {zeroValue};
        })[0];
  };

  // The tile's columns a thread takes: tileStart + tx + TX * j.
  SmallVector<Value> columns, inTile;
  for (int64_t j = 0; j < colsPerThread; ++j) {
    Value col = add(b, tileStart, add(b, tx, index(TX * j)));
    columns.push_back(col);
    inTile.push_back(cmp(b, P::ult, col, n));
  }
  auto outsidePanel = [&](ImplicitLocOpBuilder &b, Value col) -> Value {
    return arith::OrIOp::create(b, cmp(b, P::ult, col, k0),
                                cmp(b, P::uge, col, panelEnd));
  };
  // Whether the tile has columns right of the panel, below which the
  // panel's L21 * U12 is subtracted.
  Value tileEnd = arith::MinUIOp::create(b, add(b, tileStart, index(TC)), n);
  Value updatesRight = cmp(b, P::ugt, tileEnd, panelEnd);

  buildLoop(b, firstMatrix, batch, matrixStride, [&](ImplicitLocOpBuilder &b,
                                                     Value matrix) {
    // 1. Where the panel's first `steps` rows went (the permutation's
    //    inverse on them; rows past them stay or receive one of them), and
    //    L11 with zeros outside its strictly lower part.
    buildLoop(b, thread, panelRows, index(TX * TY),
              [&](ImplicitLocOpBuilder &b, Value position) {
      Value from = toIndex(b, memref::LoadOp::create(
                                  b, panelPermutation,
                                  ValueRange{matrix, position}));
      buildIf(b, cmp(b, P::ult, from, steps), [&](ImplicitLocOpBuilder &b) {
        memref::StoreOp::create(b, arith::IndexCastOp::create(b, i32, position),
                                inverse, from);
      });
    });
    buildIf(b, updatesRight, [&](ImplicitLocOpBuilder &b) {
      buildLoop(b, thread, index(NB * NB), index(TX * TY),
                [&](ImplicitLocOpBuilder &b, Value e) {
        Value t = arith::DivUIOp::create(b, e, index(NB));
        Value j = arith::RemUIOp::create(b, e, index(NB));
        Value lower = both(b, cmp(b, P::ult, j, t), cmp(b, P::ult, t, steps));
        Value v = loadOrZero(b, lower, {matrix, add(b, k0, t), add(b, k0, j)});
        memref::StoreOp::create(b, v, l11, e);
      });
    });
    gpu::BarrierOp::create(b);

    // 2. Every read before any write: the tile's new panel rows (row
    //    permutation[t] of the panel at position t) into U, its old ones
    //    into the L21 buffer, for the columns outside the panel.
    struct Entry {
      Value t, cc, col, at, active;
    };
    SmallVector<Entry> entries;
    for (int64_t i = 0; i < NB / TY; ++i)
      for (int64_t j = 0; j < colsPerThread; ++j) {
        Value t = add(b, ty, index(TY * i));
        Value cc = add(b, tx, index(TX * j));
        Value active = both(b, both(b, cmp(b, P::ult, t, steps), inTile[j]),
                            outsidePanel(b, columns[j]));
        entries.push_back(
            {t, cc, columns[j], add(b, mul(b, t, index(TC)), cc), active});
      }
    for (const Entry &e : entries)
      buildIf(b, e.active, [&](ImplicitLocOpBuilder &b) {
        Value from = toIndex(
            b, memref::LoadOp::create(b, panelPermutation, ValueRange{matrix, e.t}));
        memref::StoreOp::create(
            b,
            memref::LoadOp::create(b, lu,
                                   ValueRange{matrix, add(b, k0, from), e.col}),
            u, e.at);
        memref::StoreOp::create(
            b,
            memref::LoadOp::create(b, lu, ValueRange{matrix, add(b, k0, e.t), e.col}),
            lt, e.at);
      });
    gpu::BarrierOp::create(b);

    // 3. The old panel rows that moved below the panel's steps go there
    //    (each position receives one row, so the writes never collide);
    //    left of the panel the new panel rows are final.
    for (const Entry &e : entries)
      buildIf(b, e.active, [&](ImplicitLocOpBuilder &b) {
        Value to = toIndex(b, memref::LoadOp::create(b, inverse, e.t));
        buildIf(b, cmp(b, P::uge, to, steps), [&](ImplicitLocOpBuilder &b) {
          memref::StoreOp::create(b, memref::LoadOp::create(b, lt, e.at), lu,
                                  ValueRange{matrix, add(b, k0, to), e.col});
        });
        buildIf(b, cmp(b, P::ult, e.col, k0), [&](ImplicitLocOpBuilder &b) {
          memref::StoreOp::create(b, memref::LoadOp::create(b, u, e.at), lu,
                                  ValueRange{matrix, add(b, k0, e.t), e.col});
        });
      });

    // 4. Right of the panel: U12 = L11^-1 * (new panel rows), by columns
    //    of L11: at step j the owners of row j publish it (final: every
    //    earlier step has been applied to it), then every entry below
    //    subtracts its multiple. The entries live in registers; L11's
    //    zeros on and above its diagonal make the update uniform. Then
    //    the rows go to global memory.
    buildIf(b, updatesRight, [&](ImplicitLocOpBuilder &b) {
      SmallVector<Value> x;
      for (const Entry &e : entries)
        x.push_back(memref::LoadOp::create(b, u, e.at));
      auto solve = scf::ForOp::create(
          b, index(0), steps, index(1), x,
          [&](OpBuilder &nested, Location loc, Value j, ValueRange iter) {
            ImplicitLocOpBuilder b(loc, nested);
            for (size_t i = 0; i < entries.size(); ++i)
              buildIf(b, cmp(b, P::eq, entries[i].t, j),
                      [&](ImplicitLocOpBuilder &b) {
                memref::StoreOp::create(b, iter[i], u, entries[i].at);
              });
            gpu::BarrierOp::create(b);
            SmallVector<Value> next;
            for (auto [e, v] : llvm::zip(entries, iter)) {
              Value pivotRow = memref::LoadOp::create(
                  b, u, add(b, mul(b, j, index(TC)), e.cc));
              Value l = memref::LoadOp::create(
                  b, l11, add(b, mul(b, e.t, index(NB)), j));
              next.push_back(element.mulSub(b, v, l, pivotRow));
            }
            scf::YieldOp::create(b, next);
          });
      (void)solve;
      gpu::BarrierOp::create(b);
      for (const Entry &e : entries)
        buildIf(b, both(b, e.active, cmp(b, P::uge, e.col, panelEnd)),
                [&](ImplicitLocOpBuilder &b) {
          memref::StoreOp::create(b, memref::LoadOp::create(b, u, e.at), lu,
                                  ValueRange{matrix, add(b, k0, e.t), e.col});
        });
    });
    gpu::BarrierOp::create(b);

    // 5. The rows below the panel's steps, kTileRows at a time: their L21
    //    tile into shared memory, then each thread's entries minus
    //    L21 * U12. (Rows below exist only when the panel has all
    //    kPanelColumns steps, so every U row is valid here.)
    buildIf(b, updatesRight, [&](ImplicitLocOpBuilder &b) {
      buildLoop(b, add(b, k0, steps), m, index(TR),
                [&](ImplicitLocOpBuilder &b, Value firstRow) {
        for (int64_t i = 0; i < rowsPerThread; ++i)
          for (int64_t j = 0; j < NB / TX; ++j) {
            Value rr = add(b, ty, index(TY * i));
            Value jj = add(b, tx, index(TX * j));
            Value row = add(b, firstRow, rr);
            Value v = loadOrZero(b, cmp(b, P::ult, row, m),
                                 {matrix, row, add(b, k0, jj)});
            memref::StoreOp::create(
                b, v, lt, add(b, mul(b, rr, index(ltStride)), jj));
          }
        gpu::BarrierOp::create(b);
        SmallVector<Value> rows, rowValid;
        for (int64_t i = 0; i < rowsPerThread; ++i) {
          rows.push_back(add(b, firstRow, add(b, ty, index(TY * i))));
          rowValid.push_back(cmp(b, P::ult, rows[i], m));
        }
        SmallVector<Value> colValid;
        for (int64_t j = 0; j < colsPerThread; ++j)
          colValid.push_back(
              both(b, inTile[j], cmp(b, P::uge, columns[j], panelEnd)));
        // The entries, loaded together, then NB fused updates each.
        SmallVector<Value> acc;
        for (int64_t i = 0; i < rowsPerThread; ++i)
          for (int64_t j = 0; j < colsPerThread; ++j)
            acc.push_back(loadOrZero(b, both(b, rowValid[i], colValid[j]),
                                     {matrix, rows[i], columns[j]}));
        // A loop over the panel's columns, kInnerUnroll a trip: unrolled
        // whole, LICM would hoist every shared-memory address out of the
        // row-tile loop (hundreds of live registers).
        auto inner = scf::ForOp::create(
            b, index(0), index(NB), index(kInnerUnroll), acc,
            [&](OpBuilder &nested, Location loc, Value t0, ValueRange iter) {
              ImplicitLocOpBuilder b(loc, nested);
              SmallVector<Value> sums(iter);
              Value lAt = add(b, mul(b, ty, index(ltStride)), t0);
              Value uAt = add(b, mul(b, t0, index(TC)), tx);
              for (int64_t t = 0; t < kInnerUnroll; ++t) {
                SmallVector<Value> l, uRow;
                for (int64_t i = 0; i < rowsPerThread; ++i)
                  l.push_back(memref::LoadOp::create(
                      b, lt, add(b, lAt, index(TY * i * ltStride + t))));
                for (int64_t j = 0; j < colsPerThread; ++j)
                  uRow.push_back(memref::LoadOp::create(
                      b, u, add(b, uAt, index(t * TC + TX * j))));
                for (int64_t i = 0; i < rowsPerThread; ++i)
                  for (int64_t j = 0; j < colsPerThread; ++j)
                    sums[i * colsPerThread + j] = element.mulSub(
                        b, sums[i * colsPerThread + j], l[i], uRow[j]);
              }
              scf::YieldOp::create(b, sums);
            });
        acc.assign(inner.getResults().begin(), inner.getResults().end());
        for (int64_t i = 0; i < rowsPerThread; ++i)
          for (int64_t j = 0; j < colsPerThread; ++j)
            buildIf(b, both(b, rowValid[i], colValid[j]),
                    [&](ImplicitLocOpBuilder &b) {
              memref::StoreOp::create(b, acc[i * colsPerThread + j], lu,
                                      ValueRange{matrix, rows[i], columns[j]});
            });
        // The next tile's L21 overwrites this one.
        gpu::BarrierOp::create(b);
      });
    });

    // The next matrix refills shared memory.
    gpu::BarrierOp::create(b);
  });
}

} // namespace mlir::linalgx::gpu_kernels
