//===- BlockedLu.cpp - the blocked LU ---------------------------*- C++ -*-===//
//
// Matrices too large for one block: 32-column panels, each a panel kernel
// and an update kernel over every matrix of the batch. (BlockedLu.h).
//
//===----------------------------------------------------------------------===//

#include "BlockedLu.h"
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

void buildBlockedLuPanelKernelBody(ImplicitLocOpBuilder &b, ValueRange args,
                                   Type elementType, Type intType) {
  Value lu = args[0], pivots = args[1], info = args[2],
        panelPermutation = args[3], k0 = args[4];
  using S = BlockedLuShape;
  constexpr int64_t NB = S::kPanelColumns, stride = NB + 1;
  constexpr int64_t warps = S::kPanelWarps, threads = 32 * warps;
  ElementArith element(elementType, ElementArith::Flavour::Kernel);
  auto complexType = dyn_cast<ComplexType>(elementType);
  Type magnitudeType = complexType ? complexType.getElementType() : elementType;
  Type keyType = b.getIntegerType(magnitudeType.getIntOrFloatBitWidth());
  Type i32 = b.getI32Type(), indexType = b.getIndexType();
  using P = arith::CmpIPredicate;
  auto index = [&](int64_t v) -> Value {
    return arith::ConstantIndexOp::create(b, v);
  };
  auto int32 = [&](int64_t v) -> Value {
    return arith::ConstantIntOp::create(b, i32, v);
  };
  auto redux = [&](ImplicitLocOpBuilder &b, NVVM::ReduxKind kind,
                   Value v) -> Value {
    return NVVM::ReduxOp::create(b, i32, v, kind,
                                 arith::ConstantIntOp::create(b, i32, -1));
  };
  Value noRow = int32(std::numeric_limits<int32_t>::max());
  Value zeroKey = arith::ConstantIntOp::create(b, keyType, 0);
  Value zeroInfo = arith::ConstantOp::create(
      b, b.getZeroAttr(cast<MemRefType>(info.getType()).getElementType()));

  Value batch = memref::DimOp::create(b, lu, 0);
  Value m = memref::DimOp::create(b, lu, 1);
  Value n = memref::DimOp::create(b, lu, 2);
  S::Panel panel = S::panelAt(b, m, n, k0);
  Value width = panel.width, rows = panel.rows, steps = panel.steps;
  Value lane = gpu::ThreadIdOp::create(b, gpu::Dimension::x);
  Value warp = gpu::ThreadIdOp::create(b, gpu::Dimension::y);
  Value thread = add(b, mul(b, warp, index(32)), lane);
  Value blockId = gpu::BlockIdOp::create(b, gpu::Dimension::x);
  Value gridDim = gpu::GridDimOp::create(b, gpu::Dimension::x);

  // Dynamic shared memory (BlockedLuShape::panelSharedBytes): the panel at
  // an odd row stride, the row order, the warps' candidates.
  Value shared = gpu::DynamicSharedMemoryOp::create(
      b, workgroupMemRef({ShapedType::kDynamic}, b.getI8Type()));
  int64_t elementBytes = elementByteSize(elementType);
  Value panelBytes = mul(b, rows, index(stride * elementBytes));
  Value a = memref::ViewOp::create(
      b, workgroupMemRef({ShapedType::kDynamic}, elementType), shared,
      index(0), ValueRange{mul(b, rows, index(stride))});
  Value candidateKeys = memref::ViewOp::create(
      b, workgroupMemRef({warps}, keyType), shared, panelBytes, ValueRange());
  Value candidateRows = memref::ViewOp::create(
      b, workgroupMemRef({warps}, i32), shared,
      add(b, panelBytes, index(warps * 8)), ValueRange());
  Value order = memref::ViewOp::create(
      b, workgroupMemRef({ShapedType::kDynamic}, i32), shared,
      add(b, panelBytes, index(warps * 12)), ValueRange{rows});
  auto at = [&](ImplicitLocOpBuilder &b, Value row, int64_t col) -> Value {
    return add(b, mul(b, row, index(stride)), index(col));
  };
  // The thread's rows from `first` on: thread, thread + threads, ...
  // (a panel has at most a few times as many rows as the block threads).
  auto forRows = [&](ImplicitLocOpBuilder &b, Value first,
                     function_ref<void(ImplicitLocOpBuilder &, Value)> body) {
    buildLoop(b, thread, rows, index(threads),
              [&](ImplicitLocOpBuilder &b, Value r) {
      buildIf(b, cmp(b, P::uge, r, first),
              [&](ImplicitLocOpBuilder &b) { body(b, r); });
    });
  };

  buildLoop(b, blockId, batch, gridDim, [&](ImplicitLocOpBuilder &b,
                                            Value matrix) {
    // In: rows of 32 columns, consecutive threads on consecutive columns
    // (zeros past the panel's width), and the identity row order.
    buildLoop(b, thread, mul(b, rows, index(NB)), index(threads),
              [&](ImplicitLocOpBuilder &b, Value e) {
      Value r = arith::DivUIOp::create(b, e, index(NB));
      Value c = arith::RemUIOp::create(b, e, index(NB));
      Value v = buildIfElse(
          b, cmp(b, P::ult, c, width),
          [&](ImplicitLocOpBuilder &b) -> SmallVector<Value> {
            return {memref::LoadOp::create(
                b, lu, ValueRange{matrix, add(b, k0, r), add(b, k0, c)})};
          },
          [&](ImplicitLocOpBuilder &b) -> SmallVector<Value> {
            return {element.zero(b)};
          })[0];
      memref::StoreOp::create(b, v, a,
                              add(b, mul(b, r, index(stride)), c));
      buildIf(b, cmp(b, P::eq, c, index(0)), [&](ImplicitLocOpBuilder &b) {
        memref::StoreOp::create(b, arith::IndexCastOp::create(b, i32, r),
                                order, r);
      });
    });
    gpu::BarrierOp::create(b);

    // The steps, unrolled (static columns); those past `steps` skipped.
    // firstZero: the first zero pivot's step + 1 (info), 0 if none.
    Value firstZero = zeroInfo;
    for (int64_t kk = 0; kk < NB; ++kk) {
      Value step = index(kk);
      firstZero = buildIfElse(
          b, cmp(b, P::ult, step, steps),
          [&](ImplicitLocOpBuilder &b) -> SmallVector<Value> {
        // Pivot search: each thread's best row (the first of its largest
        // key, pivotKey), the warp's (redux.sync), the block's from the
        // warps' candidates in shared memory.
        auto scan = scf::ForOp::create(
            b, thread, rows, index(threads), ValueRange{zeroKey, noRow},
            [&](OpBuilder &nested, Location loc, Value r, ValueRange best) {
              ImplicitLocOpBuilder b(loc, nested);
              Value open = cmp(b, P::uge, r, step);
              Value key = select(
                  b, open,
                  pivotKey(b, element, memref::LoadOp::create(b, a, at(b, r, kk)),
                           cmp(b, P::eq, r, step), magnitudeType),
                  zeroKey);
              Value rI32 = arith::IndexCastOp::create(b, i32, r);
              Value take = both(
                  b, open,
                  arith::OrIOp::create(b, cmp(b, P::ugt, key, best[0]),
                                       cmp(b, P::eq, best[1], noRow)));
              scf::YieldOp::create(
                  b, ValueRange{select(b, take, key, best[0]),
                                select(b, take, rI32, best[1])});
            });
        Value key = scan.getResult(0), row = scan.getResult(1);
        Value warpKey = reduceMaxKey(b, key, [&](ImplicitLocOpBuilder &b,
                                                 Value v) {
          return redux(b, NVVM::ReduxKind::UMAX, v);
        });
        Value warpRow = redux(
            b, NVVM::ReduxKind::UMIN,
            select(b, cmp(b, P::eq, key, warpKey), row, noRow));
        buildIf(b, cmp(b, P::eq, lane, index(0)), [&](ImplicitLocOpBuilder &b) {
          memref::StoreOp::create(b, warpKey, candidateKeys, warp);
          memref::StoreOp::create(b, warpRow, candidateRows, warp);
        });
        gpu::BarrierOp::create(b);
        Value bestKey = memref::LoadOp::create(b, candidateKeys, index(0));
        Value bestRow = memref::LoadOp::create(b, candidateRows, index(0));
        for (int64_t w = 1; w < warps; ++w) {
          Value otherKey = memref::LoadOp::create(b, candidateKeys, index(w));
          Value otherRow = memref::LoadOp::create(b, candidateRows, index(w));
          Value take = arith::OrIOp::create(
              b, cmp(b, P::ugt, otherKey, bestKey),
              both(b, cmp(b, P::eq, otherKey, bestKey),
                   cmp(b, P::ult, otherRow, bestRow)));
          bestKey = select(b, take, otherKey, bestKey);
          bestRow = select(b, take, otherRow, bestRow);
        }
        Value pivotRow = arith::IndexCastOp::create(b, indexType, bestRow);

        // The exchange of rows kk and pivotRow (all 32 columns: L's part
        // of the panel too), the row order, the pivot.
        buildIf(b, cmp(b, P::ne, pivotRow, step), [&](ImplicitLocOpBuilder &b) {
          buildIf(b, cmp(b, P::ult, thread, index(NB)),
                  [&](ImplicitLocOpBuilder &b) {
            Value atStep = add(b, mul(b, step, index(stride)), thread);
            Value atPivot = add(b, mul(b, pivotRow, index(stride)), thread);
            Value x = memref::LoadOp::create(b, a, atStep);
            Value y = memref::LoadOp::create(b, a, atPivot);
            memref::StoreOp::create(b, y, a, atStep);
            memref::StoreOp::create(b, x, a, atPivot);
          });
          buildIf(b, cmp(b, P::eq, thread, index(NB)),
                  [&](ImplicitLocOpBuilder &b) {
            Value x = memref::LoadOp::create(b, order, step);
            Value y = memref::LoadOp::create(b, order, pivotRow);
            memref::StoreOp::create(b, y, order, step);
            memref::StoreOp::create(b, x, order, pivotRow);
          });
        });
        buildIf(b, cmp(b, P::eq, thread, index(0)), [&](ImplicitLocOpBuilder &b) {
          memref::StoreOp::create(
              b, arith::IndexCastOp::create(b, intType, add(b, pivotRow, k0)),
              pivots, ValueRange{matrix, add(b, k0, step)});
        });
        gpu::BarrierOp::create(b);

        // Elimination below: a thread a row, the multiplier and the row's
        // later columns against the pivot row (broadcast loads, held in
        // registers). A zero pivot neither scales nor updates.
        Value pivot = memref::LoadOp::create(b, a, at(b, step, kk));
        Value singular = element.isZero(b, pivot);
        buildIf(b, arith::XOrIOp::create(
                       b, singular, arith::ConstantIntOp::create(b, 1, 1)),
                [&](ImplicitLocOpBuilder &b) {
          Value reciprocal = element.reciprocal(b, pivot);
          Value useReciprocal = element.reciprocalIsSafe(b, pivot);
          // (Complex pivot rows would take twice the registers: they are
          // read for each row instead.)
          SmallVector<Value> u;
          if (!complexType)
            for (int64_t j = kk + 1; j < NB; ++j)
              u.push_back(memref::LoadOp::create(b, a, at(b, step, j)));
          auto pivotRowEntry = [&](ImplicitLocOpBuilder &b, int64_t j) {
            return complexType ? memref::LoadOp::create(b, a, at(b, step, j))
                                     .getResult()
                               : u[j - kk - 1];
          };
          forRows(b, add(b, step, index(1)), [&](ImplicitLocOpBuilder &b,
                                                 Value r) {
            Value entry = memref::LoadOp::create(b, a, at(b, r, kk));
            Value l = buildIfElse(
                b, useReciprocal,
                [&](ImplicitLocOpBuilder &b) -> SmallVector<Value> {
                  return {element.mul(b, entry, reciprocal)};
                },
                [&](ImplicitLocOpBuilder &b) -> SmallVector<Value> {
                  return {element.div(b, entry, pivot)};
                })[0];
            memref::StoreOp::create(b, l, a, at(b, r, kk));
            for (int64_t j = kk + 1; j < NB; ++j) {
              Value target = at(b, r, j);
              memref::StoreOp::create(
                  b,
                  element.mulSub(b, memref::LoadOp::create(b, a, target), l,
                                 pivotRowEntry(b, j)),
                  a, target);
            }
          });
        });
        gpu::BarrierOp::create(b);
        Value noneYet = cmp(b, P::eq, firstZero, zeroInfo);
        Value stepInfo = arith::IndexCastOp::create(
            b, zeroInfo.getType(), index(kk + 1));
        return {select(b, both(b, singular, noneYet), stepInfo, firstZero)};
          },
          [&](ImplicitLocOpBuilder &) -> SmallVector<Value> {
            return {firstZero};
          })[0];
    }

    // Out: the panel in its pivot order, the panel's row order (the
    // update's exchanges), and info unless an earlier panel set it.
    buildLoop(b, thread, mul(b, rows, index(NB)), index(threads),
              [&](ImplicitLocOpBuilder &b, Value e) {
      Value r = arith::DivUIOp::create(b, e, index(NB));
      Value c = arith::RemUIOp::create(b, e, index(NB));
      buildIf(b, cmp(b, P::ult, c, width), [&](ImplicitLocOpBuilder &b) {
        memref::StoreOp::create(
            b, memref::LoadOp::create(b, a, add(b, mul(b, r, index(stride)), c)),
            lu, ValueRange{matrix, add(b, k0, r), add(b, k0, c)});
      });
      buildIf(b, cmp(b, P::eq, c, index(0)), [&](ImplicitLocOpBuilder &b) {
        Value from = memref::LoadOp::create(b, order, r);
        memref::StoreOp::create(
            b, intType.isInteger(32) ? from : arith::ExtUIOp::create(b, intType, from).getResult(),
            panelPermutation, ValueRange{matrix, r});
      });
    });
    buildIf(b, cmp(b, P::eq, thread, index(0)), [&](ImplicitLocOpBuilder &b) {
      Value earlier = select(b, cmp(b, P::eq, k0, index(0)), zeroInfo,
                             memref::LoadOp::create(b, info, matrix));
      Value takes = both(b, cmp(b, P::eq, earlier, zeroInfo),
                         cmp(b, P::ne, firstZero, zeroInfo));
      memref::StoreOp::create(
          b,
          select(b, takes,
                 add(b, firstZero,
                     arith::IndexCastOp::create(b, zeroInfo.getType(), k0)),
                 earlier),
          info, matrix);
    });
    // The next matrix refills shared memory.
    gpu::BarrierOp::create(b);
  });
}


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
