//===- SharedMemoryLu.cpp - the shared-memory LU kernel ---------*- C++ -*-===//
//
// Any matrix that fits a block's shared memory, any element type. (SharedMemoryLu.h).
//
//===----------------------------------------------------------------------===//

#include "SharedMemoryLu.h"
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
#include "mlir/Dialect/SCF/Utils/Utils.h"

#include <limits>

using namespace mlir;
using namespace mlir::linalgx;

namespace mlir::linalgx::gpu_kernels {

/// Rows a lane of the pivot search examines per loop iteration.
constexpr uint64_t kGeneratedLuScanUnroll = 4;
/// Rows a warp updates together in a step (see the elimination below).
constexpr int64_t kGeneratedLuRowsPerPass = 4;

void buildSharedMemoryLuKernelBody(ImplicitLocOpBuilder &b,
                                   ValueRange args, Type elementType,
                                   Type intType, bool withPermutation) {
  Value input = args[0], lu = args[1], pivots = args[2], info = args[3];
  Value permutation = withPermutation ? args[4] : Value();
  ElementArith element(elementType, ElementArith::Flavour::Kernel);
  auto c = [&](int64_t v) -> Value {
    return arith::ConstantIndexOp::create(b, v);
  };
  Value zero = c(0), one = c(1), warpSize = c(32);
  Type i32 = b.getI32Type();
  // 0 .. kGeneratedLuRowsPerPass, for the nested regions below (`c` builds
  // at the kernel's top level).
  SmallVector<Value> passOffsets;
  for (int64_t t = 0; t <= kGeneratedLuRowsPerPass; ++t)
    passOffsets.push_back(c(t));

  Value batch = memref::DimOp::create(b, lu, 0);
  Value m = memref::DimOp::create(b, lu, 1);
  Value n = memref::DimOp::create(b, lu, 2);
  Value k = arith::MinUIOp::create(b, m, n);
  // The row stride of the shared copy, as GeneratedLuLaunch counts it.
  Value stride = arith::OrIOp::create(b, n, one);
  Value lane = gpu::ThreadIdOp::create(b, gpu::Dimension::x);
  Value warp = gpu::ThreadIdOp::create(b, gpu::Dimension::y);
  Value group = gpu::ThreadIdOp::create(b, gpu::Dimension::z);
  Value warps = gpu::BlockDimOp::create(b, gpu::Dimension::y);
  Value groups = gpu::BlockDimOp::create(b, gpu::Dimension::z);
  Value blockId = gpu::BlockIdOp::create(b, gpu::Dimension::x);
  Value gridDim = gpu::GridDimOp::create(b, gpu::Dimension::x);

  // Shared memory: [groups][M][stride] elements, then [groups][M] i32 row
  // order.
  Value shared = gpu::DynamicSharedMemoryOp::create(
      b, workgroupMemRef({ShapedType::kDynamic}, b.getI8Type()));
  Value matrixElements = arith::MulIOp::create(b, m, stride);
  Value elementCount = arith::MulIOp::create(b, groups, matrixElements);
  Value elements = memref::ViewOp::create(
      b, workgroupMemRef({ShapedType::kDynamic}, elementType), shared, zero,
      ValueRange{elementCount});
  int64_t elementBytes = elementByteSize(elementType);
  Value rowOrder = memref::ViewOp::create(
      b, workgroupMemRef({ShapedType::kDynamic}, i32), shared,
      arith::MulIOp::create(b, elementCount, c(elementBytes)),
      ValueRange{arith::MulIOp::create(b, groups, m)});
  Value matrixBase = arith::MulIOp::create(b, group, matrixElements);
  Value rowOrderBase = arith::MulIOp::create(b, group, m);

  auto at = [&](ImplicitLocOpBuilder &b, Value row, Value col) -> Value {
    return arith::AddIOp::create(
        b, matrixBase,
        arith::AddIOp::create(b, arith::MulIOp::create(b, row, stride), col));
  };
  auto rowOf = [&](ImplicitLocOpBuilder &b, Value position) -> Value {
    return arith::IndexCastUIOp::create(
        b, b.getIndexType(),
        memref::LoadOp::create(
            b, rowOrder, ValueRange{arith::AddIOp::create(b, rowOrderBase,
                                                          position)}));
  };
  auto isFirstLane = [&](ImplicitLocOpBuilder &b) -> Value {
    return arith::CmpIOp::create(b, arith::CmpIPredicate::eq, lane, zero);
  };
  auto isFirstWarp = [&](ImplicitLocOpBuilder &b) -> Value {
    return arith::CmpIOp::create(b, arith::CmpIPredicate::eq, warp, zero);
  };
  // Rows r = first + warp, + W, ... and columns c = first + lane, + 32, ...
  auto forRowsOfWarp = [&](ImplicitLocOpBuilder &b, Value first,
                           function_ref<void(ImplicitLocOpBuilder &, Value)> f) {
    buildLoop(b, arith::AddIOp::create(b, first, warp), m, warps, f);
  };
  auto forColumnsOfLane = [&](ImplicitLocOpBuilder &b, Value first,
                              function_ref<void(ImplicitLocOpBuilder &, Value)>
                                  f) {
    buildLoop(b, arith::AddIOp::create(b, first, lane), n, warpSize, f);
  };

  Value firstMatrix = arith::MulIOp::create(b, blockId, groups);
  Value matrixStride = arith::MulIOp::create(b, gridDim, groups);
  // Every thread of a block runs the same iterations (barriers inside);
  // groups past the batch factor a copy of its last matrix and store nothing.
  buildLoop(b, firstMatrix, batch, matrixStride, [&](ImplicitLocOpBuilder &b,
                                                     Value blockFirst) {
    Value matrix = arith::AddIOp::create(b, blockFirst, group);
    Value valid =
        arith::CmpIOp::create(b, arith::CmpIPredicate::ult, matrix, batch);
    Value source = arith::MinUIOp::create(
        b, matrix, arith::SubIOp::create(b, batch, one));

    // 1. Load.
    forRowsOfWarp(b, zero, [&](ImplicitLocOpBuilder &b, Value r) {
      forColumnsOfLane(b, zero, [&](ImplicitLocOpBuilder &b, Value col) {
        Value v = memref::LoadOp::create(b, input, ValueRange{source, r, col});
        memref::StoreOp::create(b, v, elements, at(b, r, col));
      });
      buildIf(b, isFirstLane(b), [&](ImplicitLocOpBuilder &b) {
        memref::StoreOp::create(
            b, arith::IndexCastUIOp::create(b, i32, r), rowOrder,
            ValueRange{arith::AddIOp::create(b, rowOrderBase, r)});
      });
    });
    gpu::BarrierOp::create(b);

    // 2. Factor.
    Value noError = arith::ConstantOp::create(b, b.getIntegerAttr(intType, 0));
    auto complexType = dyn_cast<ComplexType>(elementType);
    Type magnitudeType =
        complexType ? complexType.getElementType() : elementType;
    unsigned keyWidth = magnitudeType.getIntOrFloatBitWidth();
    Type keyType = b.getIntegerType(keyWidth);
    auto steps = scf::ForOp::create(
        b, zero, k, one, ValueRange{noError},
        [&](OpBuilder &nested, Location loc, Value kk, ValueRange iter) {
          ImplicitLocOpBuilder b(loc, nested);
          // Pivot search by warp 0 (see pivotKey).
          buildIf(b, isFirstWarp(b), [&](ImplicitLocOpBuilder &b) {
            Value zeroKey = arith::ConstantIntOp::create(b, keyType, 0);
            Value noRow = arith::ConstantIntOp::create(b, i32, -1);
            auto scan = scf::ForOp::create(
                b, arith::AddIOp::create(b, kk, lane), m, warpSize,
                ValueRange{zeroKey, noRow},
                [&](OpBuilder &nested, Location loc, Value i, ValueRange best) {
                  ImplicitLocOpBuilder b(loc, nested);
                  Value v = memref::LoadOp::create(
                      b, elements, at(b, rowOf(b, i), kk));
                  Value key = pivotKey(
                      b, element, v,
                      arith::CmpIOp::create(b, arith::CmpIPredicate::eq, i, kk),
                      magnitudeType);
                  // Rows grow along the scan: only a larger key wins (the
                  // unsigned -1 "no row" loses every tie below).
                  Value better = arith::OrIOp::create(
                      b,
                      arith::CmpIOp::create(b, arith::CmpIPredicate::ugt, key,
                                            best[0]),
                      arith::CmpIOp::create(b, arith::CmpIPredicate::eq, best[1],
                                            noRow));
                  Value iInt = arith::IndexCastUIOp::create(b, i32, i);
                  scf::YieldOp::create(
                      b, ValueRange{
                             arith::SelectOp::create(b, better, key, best[0]),
                             arith::SelectOp::create(b, better, iInt, best[1])});
                });
            // Unrolled, the candidates' loads (independent: the scan stores
            // nothing) are issued together instead of one round trip each.
            ValueRange scanResults = scan.getResults();
            FailureOr<UnrolledLoopInfo> unrolledScan =
                loopUnrollByFactor(scan, kGeneratedLuScanUnroll);
            if (succeeded(unrolledScan) && unrolledScan->epilogueLoopOp)
              scanResults = unrolledScan->epilogueLoopOp->getResults();
            else if (succeeded(unrolledScan) && unrolledScan->mainLoopOp)
              scanResults = unrolledScan->mainLoopOp->getResults();
            Value bestKey = scanResults[0], bestRow = scanResults[1];
            for (int32_t offset = 16; offset >= 1; offset /= 2) {
              Value otherKey = shuffleXor(b, bestKey, offset);
              Value otherRow = shuffleXor(b, bestRow, offset);
              // Larger key, or equal key at an earlier row; lanes without a
              // row (-1 as unsigned is the largest) never win a tie.
              Value take = arith::OrIOp::create(
                  b,
                  arith::AndIOp::create(
                      b,
                      arith::CmpIOp::create(b, arith::CmpIPredicate::ne,
                                            otherRow, noRow),
                      arith::CmpIOp::create(b, arith::CmpIPredicate::ugt,
                                            otherKey, bestKey)),
                  arith::AndIOp::create(
                      b,
                      arith::CmpIOp::create(b, arith::CmpIPredicate::eq,
                                            otherKey, bestKey),
                      arith::CmpIOp::create(b, arith::CmpIPredicate::ult,
                                            otherRow, bestRow)));
              bestKey = arith::SelectOp::create(b, take, otherKey, bestKey);
              bestRow = arith::SelectOp::create(b, take, otherRow, bestRow);
            }
            buildIf(b, isFirstLane(b), [&](ImplicitLocOpBuilder &b) {
              Value pivotRow =
                  arith::IndexCastUIOp::create(b, b.getIndexType(), bestRow);
              Value atK = arith::AddIOp::create(b, rowOrderBase, kk);
              Value atPivot = arith::AddIOp::create(b, rowOrderBase, pivotRow);
              Value rowAtK = memref::LoadOp::create(b, rowOrder, atK);
              Value rowAtPivot = memref::LoadOp::create(b, rowOrder, atPivot);
              memref::StoreOp::create(b, rowAtPivot, rowOrder, atK);
              memref::StoreOp::create(b, rowAtK, rowOrder, atPivot);
              buildIf(b, valid, [&](ImplicitLocOpBuilder &b) {
                Value pivotValue = intType.isInteger(32)
                                       ? bestRow
                                       : arith::ExtUIOp::create(b, intType,
                                                                bestRow)
                                             .getResult();
                memref::StoreOp::create(b, pivotValue, pivots,
                                        ValueRange{matrix, kk});
              });
            });
          });
          gpu::BarrierOp::create(b);

          // Elimination below the pivot, by every warp.
          Value pivotRow = rowOf(b, kk);
          Value pivot =
              memref::LoadOp::create(b, elements, at(b, pivotRow, kk));
          Value singular = element.isZero(b, pivot);
          Value below = arith::AddIOp::create(b, kk, one);
          buildIf(b, arith::XOrIOp::create(
                         b, singular, arith::ConstantIntOp::create(b, 1, 1)),
                  [&](ImplicitLocOpBuilder &b) {
            // One division per step, then a multiplication per row (f64
            // division is a long instruction sequence); a pivot too small
            // for its reciprocal divides every row, as LAPACK's getf2 does.
            Value reciprocal = element.reciprocal(b, pivot);
            Value useReciprocal = element.reciprocalIsSafe(b, pivot);
            // A warp updates kGeneratedLuRowsPerPass rows at a time, their
            // loads issued before any store, so that the rows' shared-memory
            // round trips overlap instead of running one after another.
            Value lastRow = arith::SubIOp::create(b, m, one);
            Value passStride =
                arith::MulIOp::create(b, warps, passOffsets.back());
            buildLoop(b, arith::AddIOp::create(b, below, warp), m, passStride,
                      [&](ImplicitLocOpBuilder &b, Value firstRow) {
              SmallVector<Value> rowValid, rows, entries, multiplierAt;
              for (int64_t t = 0; t < kGeneratedLuRowsPerPass; ++t) {
                Value i = arith::AddIOp::create(
                    b, firstRow,
                    arith::MulIOp::create(b, warps, passOffsets[t]));
                rowValid.push_back(arith::CmpIOp::create(
                    b, arith::CmpIPredicate::ult, i, m));
                // Rows past M read row M-1 (in bounds) and store nothing.
                Value row = rowOf(b, arith::MinUIOp::create(b, i, lastRow));
                rows.push_back(row);
                multiplierAt.push_back(at(b, row, kk));
                entries.push_back(
                    memref::LoadOp::create(b, elements, multiplierAt.back()));
              }
              auto scaled = scf::IfOp::create(
                  b, useReciprocal,
                  [&](OpBuilder &nested, Location loc) {
                    ImplicitLocOpBuilder nb(loc, nested);
                    SmallVector<Value> products;
                    for (Value entry : entries)
                      products.push_back(element.mul(nb, entry, reciprocal));
                    scf::YieldOp::create(nb, products);
                  },
                  [&](OpBuilder &nested, Location loc) {
                    ImplicitLocOpBuilder nb(loc, nested);
                    SmallVector<Value> quotients;
                    for (Value entry : entries)
                      quotients.push_back(element.div(nb, entry, pivot));
                    scf::YieldOp::create(nb, quotients);
                  });
              forColumnsOfLane(b, below, [&](ImplicitLocOpBuilder &b,
                                             Value col) {
                Value pivotRowEntry =
                    memref::LoadOp::create(b, elements, at(b, pivotRow, col));
                SmallVector<Value> targets, values;
                for (Value row : rows) {
                  targets.push_back(at(b, row, col));
                  values.push_back(
                      memref::LoadOp::create(b, elements, targets.back()));
                }
                for (int64_t t = 0; t < kGeneratedLuRowsPerPass; ++t) {
                  Value updated = element.mulSub(
                      b, values[t], scaled.getResult(t), pivotRowEntry);
                  buildIf(b, rowValid[t], [&](ImplicitLocOpBuilder &b) {
                    memref::StoreOp::create(b, updated, elements, targets[t]);
                  });
                }
              });
              // Every lane has read a(i, k) before lane 0 replaces it.
              NVVM::SyncWarpOp::create(b,
                                       arith::ConstantIntOp::create(b, i32, -1));
              buildIf(b, isFirstLane(b), [&](ImplicitLocOpBuilder &b) {
                for (int64_t t = 0; t < kGeneratedLuRowsPerPass; ++t)
                  buildIf(b, rowValid[t], [&](ImplicitLocOpBuilder &b) {
                    memref::StoreOp::create(b, scaled.getResult(t), elements,
                                            multiplierAt[t]);
                  });
              });
            });
          });
          gpu::BarrierOp::create(b);

          // info: the first zero pivot, 1-based.
          Value firstError = arith::AndIOp::create(
              b, singular,
              arith::CmpIOp::create(b, arith::CmpIPredicate::eq, iter[0],
                                    noError));
          scf::YieldOp::create(
              b, ValueRange{arith::SelectOp::create(
                     b, firstError, arith::IndexCastOp::create(b, intType, below),
                     iter[0])});
        });

    // 3. Store, rows in pivot order.
    buildIf(b, valid, [&](ImplicitLocOpBuilder &b) {
      forRowsOfWarp(b, zero, [&](ImplicitLocOpBuilder &b, Value r) {
        Value row = rowOf(b, r);
        forColumnsOfLane(b, zero, [&](ImplicitLocOpBuilder &b, Value col) {
          Value v = memref::LoadOp::create(b, elements, at(b, row, col));
          memref::StoreOp::create(b, v, lu, ValueRange{matrix, r, col});
        });
        if (permutation)
          buildIf(b, isFirstLane(b), [&](ImplicitLocOpBuilder &b) {
            memref::StoreOp::create(
                b, arith::IndexCastUIOp::create(b, intType, row), permutation,
                ValueRange{matrix, r});
          });
      });
      buildIf(b,
              arith::AndIOp::create(b, isFirstWarp(b), isFirstLane(b)),
              [&](ImplicitLocOpBuilder &b) {
                memref::StoreOp::create(b, steps.getResult(0), info, matrix);
              });
    });
    // Shared memory is refilled by the next iteration.
    gpu::BarrierOp::create(b);
  });
}

} // namespace mlir::linalgx::gpu_kernels
