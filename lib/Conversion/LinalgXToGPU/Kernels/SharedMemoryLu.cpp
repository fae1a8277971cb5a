//===- SharedMemoryLu.cpp - the shared-memory LU kernel ---------*- C++ -*-===//
//
// Any matrix that fits a block's shared memory, any element type.
// (SharedMemoryLu.h).
//
//===----------------------------------------------------------------------===//

#include "SharedMemoryLu.h"
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
#include "mlir/Dialect/SCF/Utils/Utils.h"

#include <limits>
#include <tuple>

using namespace mlir;
using namespace mlir::linalgx;

namespace mlir::linalgx::gpu_kernels {

/// Rows a lane of the pivot search examines per loop iteration.
constexpr uint64_t kGeneratedLuScanUnroll = 4;
/// Rows a warp updates together in a step (see the elimination below).
constexpr int64_t kGeneratedLuRowsPerPass = 4;

namespace {

/// The shared-memory LU kernel (see buildSharedMemoryLuKernelBody): the
/// values its phases share, and the phases. Each group of warps (z) copies
/// its matrix into shared memory, factors it there and copies it out.
class SharedMemoryLuKernel {
public:
  SharedMemoryLuKernel(KernelBuilder &b, ValueRange args, Type elementType,
                       Type intType, bool withPermutation, bool oneBasedPivots)
      : top(b), input(args[0]), lu(args[1]), pivots(args[2]), info(args[3]),
        permutation(withPermutation ? args[4] : Value()),
        elementType(elementType), intType(intType),
        oneBasedPivots(oneBasedPivots),
        element(elementType, ElementArith::Flavour::Kernel) {}

  /// The kernel: its prologue, then a batch loop factoring a matrix per
  /// group an iteration: load, for each step k (pivot search, exchange,
  /// elimination), store.
  void emit();

private:
  void emitPrologue();
  void factorMatrix(KernelBuilder &b, Value blockFirst);
  void loadMatrix(KernelBuilder &b);
  Value factor(KernelBuilder &b);
  Value emitStep(KernelBuilder &b, Value kk, Value infoSoFar);
  void searchPivot(KernelBuilder &b, Value kk);
  std::pair<Value, Value> scanColumn(KernelBuilder &b, Value kk, Value zeroKey,
                                     Value noRow);
  void exchangeRows(KernelBuilder &b, Value kk, Value bestRow);
  void eliminate(KernelBuilder &b, Value kk, Value pivotRow, Value pivot,
                 Value below);
  void eliminatePass(KernelBuilder &b, Value kk, Value firstRow, Value lastRow,
                     Value pivotRow, Value pivot, Value below, Value reciprocal,
                     Value useReciprocal);
  void storeMatrix(KernelBuilder &b, Value infoValue);

  /// Index constant `v`, made at the kernel's top level.
  Value c(int64_t v) { return top.index(v); }
  Value at(KernelBuilder &b, Value row, Value col) {
    return b.add(matrixBase, b.add(b.mul(row, stride), col));
  }
  Value rowOf(KernelBuilder &b, Value position) {
    return b.toIndexUnsigned(
        b.load(rowOrder, ValueRange{b.add(rowOrderBase, position)}));
  }
  Value isFirstLane(KernelBuilder &b) {
    return b.cmp(arith::CmpIPredicate::eq, lane, zero);
  }
  Value isFirstWarp(KernelBuilder &b) {
    return b.cmp(arith::CmpIPredicate::eq, warp, zero);
  }
  /// Rows r = first + warp, + W, ... and columns c = first + lane, + 32, ...
  void forRowsOfWarp(KernelBuilder &b, Value first,
                     function_ref<void(KernelBuilder &, Value)> f) {
    b.forLoop(b.add(first, warp), m, warps, f);
  }
  void forColumnsOfLane(KernelBuilder &b, Value first,
                        function_ref<void(KernelBuilder &, Value)> f) {
    b.forLoop(b.add(first, lane), n, warpSize, f);
  }

  // The kernel's builder, arguments and types.
  KernelBuilder &top;
  Value input, lu, pivots, info, permutation;
  Type elementType, intType;
  bool oneBasedPivots;
  ElementArith element;

  // Made by the prologue, at the kernel's top level.
  Value zero, one, warpSize;
  /// 0 .. kGeneratedLuRowsPerPass, for the nested regions.
  SmallVector<Value> passOffsets;
  Value batch, m, n, k, stride, lane, warp, group, warps, groups, blockId,
      gridDim;
  /// The group's matrix in shared memory, and its row order.
  Value elements, rowOrder, matrixBase, rowOrderBase;

  // The matrix of the current batch iteration (factorMatrix).
  Value matrix, valid, source;
  // The factorization's (factor).
  Value noError;
  Type magnitudeType, keyType;
};

void SharedMemoryLuKernel::emit() {
  emitPrologue();
  KernelBuilder &b = top;
  Value firstMatrix = b.mul(blockId, groups);
  Value matrixStride = b.mul(gridDim, groups);
  // Every thread of a block runs the same iterations (barriers inside);
  // groups past the batch factor a copy of its last matrix and store nothing.
  b.forLoop(
      firstMatrix, batch, matrixStride,
      [&](KernelBuilder &b, Value blockFirst) { factorMatrix(b, blockFirst); });
}

/// The constants, thread coordinates and shared-memory views every phase
/// uses, made at the kernel's top level.
void SharedMemoryLuKernel::emitPrologue() {
  KernelBuilder &b = top;
  zero = c(0), one = c(1), warpSize = c(32);
  for (int64_t t = 0; t <= kGeneratedLuRowsPerPass; ++t)
    passOffsets.push_back(c(t));

  batch = b.dim(lu, 0);
  m = b.dim(lu, 1);
  n = b.dim(lu, 2);
  k = b.minU(m, n);
  // The row stride of the shared copy, as GeneratedLuLaunch counts it.
  stride = b.bitOr(n, one);
  lane = b.threadId(gpu::Dimension::x);
  warp = b.threadId(gpu::Dimension::y);
  group = b.threadId(gpu::Dimension::z);
  warps = b.blockDim(gpu::Dimension::y);
  groups = b.blockDim(gpu::Dimension::z);
  blockId = b.blockId(gpu::Dimension::x);
  gridDim = b.gridDim(gpu::Dimension::x);

  // Shared memory: [groups][M][stride] elements, then [groups][M] i32 row
  // order.
  Value shared = gpu::DynamicSharedMemoryOp::create(
      b, workgroupMemRef({ShapedType::kDynamic}, b.getI8Type()));
  Value matrixElements = b.mul(m, stride);
  Value elementCount = b.mul(groups, matrixElements);
  elements = memref::ViewOp::create(
      b, workgroupMemRef({ShapedType::kDynamic}, elementType), shared, zero,
      ValueRange{elementCount});
  int64_t elementBytes = elementByteSize(elementType);
  rowOrder = memref::ViewOp::create(
      b, workgroupMemRef({ShapedType::kDynamic}, b.getI32Type()), shared,
      b.mul(elementCount, c(elementBytes)), ValueRange{b.mul(groups, m)});
  matrixBase = b.mul(group, matrixElements);
  rowOrderBase = b.mul(group, m);
}

/// One iteration of the batch loop: the group's matrix (from `blockFirst`)
/// loaded, factored and stored.
void SharedMemoryLuKernel::factorMatrix(KernelBuilder &b, Value blockFirst) {
  matrix = b.add(blockFirst, group);
  valid = b.cmp(arith::CmpIPredicate::ult, matrix, batch);
  source = b.minU(matrix, b.sub(batch, one));
  loadMatrix(b);
  Value infoValue = factor(b);
  storeMatrix(b, infoValue);
  // Shared memory is refilled by the next iteration.
  b.barrier();
}

/// 1. Load: the matrix into shared memory, and the identity row order.
void SharedMemoryLuKernel::loadMatrix(KernelBuilder &b) {
  forRowsOfWarp(b, zero, [&](KernelBuilder &b, Value r) {
    forColumnsOfLane(b, zero, [&](KernelBuilder &b, Value col) {
      Value v = b.load(input, ValueRange{source, r, col});
      b.store(v, elements, at(b, r, col));
    });
    b.ifThen(isFirstLane(b), [&](KernelBuilder &b) {
      b.store(b.toI32Unsigned(r), rowOrder, ValueRange{b.add(rowOrderBase, r)});
    });
  });
  b.barrier();
}

/// 2. Factor: a loop over the K steps, carrying info. Returns info.
Value SharedMemoryLuKernel::factor(KernelBuilder &b) {
  noError = arith::ConstantOp::create(b, b.getIntegerAttr(intType, 0));
  auto complexType = dyn_cast<ComplexType>(elementType);
  magnitudeType = complexType ? complexType.getElementType() : elementType;
  keyType = b.getIntegerType(magnitudeType.getIntOrFloatBitWidth());
  auto steps = scf::ForOp::create(
      b, zero, k, one, ValueRange{noError},
      [&](OpBuilder &nested, Location loc, Value kk, ValueRange iter) {
        KernelBuilder b(loc, nested);
        scf::YieldOp::create(b, ValueRange{emitStep(b, kk, iter[0])});
      });
  return steps.getResult(0);
}

/// Step `kk`: warp 0 searches the pivot and exchanges the rows, then every
/// warp eliminates below it. Returns info after the step (`infoSoFar`, or
/// the step's 1-based index at the first zero pivot).
Value SharedMemoryLuKernel::emitStep(KernelBuilder &b, Value kk,
                                     Value infoSoFar) {
  // Pivot search by warp 0 (see pivotKey).
  b.ifThen(isFirstWarp(b), [&](KernelBuilder &b) { searchPivot(b, kk); });
  b.barrier();

  // Elimination below the pivot, by every warp.
  Value pivotRow = rowOf(b, kk);
  Value pivot = b.load(elements, at(b, pivotRow, kk));
  Value singular = element.isZero(b, pivot);
  Value below = b.add(kk, one);
  b.ifThen(b.bitXor(singular, arith::ConstantIntOp::create(b, 1, 1)),
           [&](KernelBuilder &b) { eliminate(b, kk, pivotRow, pivot, below); });
  b.barrier();

  // info: the first zero pivot, 1-based.
  Value firstError =
      b.bitAnd(singular, b.cmp(arith::CmpIPredicate::eq, infoSoFar, noError));
  return b.select(firstError, arith::IndexCastOp::create(b, intType, below),
                  infoSoFar);
}

/// Warp 0's pivot search in column `kk` among the rows from `kk` on: each
/// lane scans its rows, a butterfly finds the warp's best, and lane 0
/// exchanges the rows.
void SharedMemoryLuKernel::searchPivot(KernelBuilder &b, Value kk) {
  Value zeroKey = arith::ConstantIntOp::create(b, keyType, 0);
  Value noRow = b.i32(-1);
  Value bestKey, bestRow;
  std::tie(bestKey, bestRow) = scanColumn(b, kk, zeroKey, noRow);
  for (int32_t offset = 16; offset >= 1; offset /= 2) {
    Value otherKey = b.shuffleXor(bestKey, offset);
    Value otherRow = b.shuffleXor(bestRow, offset);
    // Larger key, or equal key at an earlier row; lanes without a row (-1
    // as unsigned is the largest) never win a tie.
    Value take =
        b.bitOr(b.bitAnd(b.cmp(arith::CmpIPredicate::ne, otherRow, noRow),
                         b.cmp(arith::CmpIPredicate::ugt, otherKey, bestKey)),
                b.bitAnd(b.cmp(arith::CmpIPredicate::eq, otherKey, bestKey),
                         b.cmp(arith::CmpIPredicate::ult, otherRow, bestRow)));
    bestKey = b.select(take, otherKey, bestKey);
    bestRow = b.select(take, otherRow, bestRow);
  }
  b.ifThen(isFirstLane(b),
           [&](KernelBuilder &b) { exchangeRows(b, kk, bestRow); });
}

/// The lane's rows kk + lane, + 32, ...: the largest key (pivotKey) and its
/// row (`noRow` when the lane has none, starting from `zeroKey`), the loop
/// unrolled.
std::pair<Value, Value> SharedMemoryLuKernel::scanColumn(KernelBuilder &b,
                                                         Value kk,
                                                         Value zeroKey,
                                                         Value noRow) {
  auto scan = scf::ForOp::create(
      b, b.add(kk, lane), m, warpSize, ValueRange{zeroKey, noRow},
      [&](OpBuilder &nested, Location loc, Value i, ValueRange best) {
        KernelBuilder b(loc, nested);
        Value v = b.load(elements, at(b, rowOf(b, i), kk));
        Value key =
            pivotKey(b, element, v, b.cmp(arith::CmpIPredicate::eq, i, kk),
                     magnitudeType);
        // Rows grow along the scan: only a larger key wins (the unsigned -1
        // "no row" loses every tie below).
        Value better = b.bitOr(b.cmp(arith::CmpIPredicate::ugt, key, best[0]),
                               b.cmp(arith::CmpIPredicate::eq, best[1], noRow));
        Value iInt = b.toI32Unsigned(i);
        scf::YieldOp::create(b, ValueRange{b.select(better, key, best[0]),
                                           b.select(better, iInt, best[1])});
      });
  // Unrolled, the candidates' loads (independent: the scan stores nothing)
  // are issued together instead of one round trip each.
  ValueRange scanResults = scan.getResults();
  FailureOr<UnrolledLoopInfo> unrolledScan =
      loopUnrollByFactor(scan, kGeneratedLuScanUnroll);
  if (succeeded(unrolledScan) && unrolledScan->epilogueLoopOp)
    scanResults = unrolledScan->epilogueLoopOp->getResults();
  else if (succeeded(unrolledScan) && unrolledScan->mainLoopOp)
    scanResults = unrolledScan->mainLoopOp->getResults();
  return {scanResults[0], scanResults[1]};
}

/// Lane 0 of warp 0: the row order's entries at `kk` and at the pivot
/// `bestRow` exchanged, and the pivot recorded (for matrices in the batch).
void SharedMemoryLuKernel::exchangeRows(KernelBuilder &b, Value kk,
                                        Value bestRow) {
  Value pivotRow = b.toIndexUnsigned(bestRow);
  Value atK = b.add(rowOrderBase, kk);
  Value atPivot = b.add(rowOrderBase, pivotRow);
  Value rowAtK = b.load(rowOrder, atK);
  Value rowAtPivot = b.load(rowOrder, atPivot);
  b.store(rowAtPivot, rowOrder, atK);
  b.store(rowAtK, rowOrder, atPivot);
  b.ifThen(valid, [&](KernelBuilder &b) {
    Value pivotValue = intType.isInteger(32)
                           ? bestRow
                           : arith::ExtUIOp::create(b, intType, bestRow);
    b.store(storedPivot(b, pivotValue, oneBasedPivots), pivots,
            ValueRange{matrix, kk});
  });
}

/// The rows `below` and on (in row order) eliminated against the nonzero
/// `pivot` of row `pivotRow`, each warp taking passes of
/// kGeneratedLuRowsPerPass rows.
void SharedMemoryLuKernel::eliminate(KernelBuilder &b, Value kk, Value pivotRow,
                                     Value pivot, Value below) {
  // One division per step, then a multiplication per row (f64 division is
  // a long instruction sequence); a pivot too small for its reciprocal
  // divides every row, as LAPACK's getf2 does.
  Value reciprocal = element.reciprocal(b, pivot);
  Value useReciprocal = element.reciprocalIsSafe(b, pivot);
  // A warp updates kGeneratedLuRowsPerPass rows at a time, their loads
  // issued before any store, so that the rows' shared-memory round trips
  // overlap instead of running one after another.
  Value lastRow = b.sub(m, one);
  Value passStride = b.mul(warps, passOffsets.back());
  b.forLoop(b.add(below, warp), m, passStride,
            [&](KernelBuilder &b, Value firstRow) {
              eliminatePass(b, kk, firstRow, lastRow, pivotRow, pivot, below,
                            reciprocal, useReciprocal);
            });
}

/// One pass of a warp: rows firstRow, + W, ... (kGeneratedLuRowsPerPass of
/// them) scaled by the pivot, their columns after `kk` updated, then their
/// multipliers stored in column `kk`.
void SharedMemoryLuKernel::eliminatePass(KernelBuilder &b, Value kk,
                                         Value firstRow, Value lastRow,
                                         Value pivotRow, Value pivot,
                                         Value below, Value reciprocal,
                                         Value useReciprocal) {
  SmallVector<Value> rowValid, rows, entries, multiplierAt;
  for (int64_t t = 0; t < kGeneratedLuRowsPerPass; ++t) {
    Value i = b.add(firstRow, b.mul(warps, passOffsets[t]));
    rowValid.push_back(b.cmp(arith::CmpIPredicate::ult, i, m));
    // Rows past M read row M-1 (in bounds) and store nothing.
    Value row = rowOf(b, b.minU(i, lastRow));
    rows.push_back(row);
    multiplierAt.push_back(at(b, row, kk));
    entries.push_back(b.load(elements, multiplierAt.back()));
  }
  auto scaled = scf::IfOp::create(
      b, useReciprocal,
      [&](OpBuilder &nested, Location loc) {
        KernelBuilder nb(loc, nested);
        SmallVector<Value> products;
        for (Value entry : entries)
          products.push_back(element.mul(nb, entry, reciprocal));
        scf::YieldOp::create(nb, products);
      },
      [&](OpBuilder &nested, Location loc) {
        KernelBuilder nb(loc, nested);
        SmallVector<Value> quotients;
        for (Value entry : entries)
          quotients.push_back(element.div(nb, entry, pivot));
        scf::YieldOp::create(nb, quotients);
      });
  forColumnsOfLane(b, below, [&](KernelBuilder &b, Value col) {
    Value pivotRowEntry = b.load(elements, at(b, pivotRow, col));
    SmallVector<Value> targets, values;
    for (Value row : rows) {
      targets.push_back(at(b, row, col));
      values.push_back(b.load(elements, targets.back()));
    }
    for (int64_t t = 0; t < kGeneratedLuRowsPerPass; ++t) {
      Value updated =
          element.mulSub(b, values[t], scaled.getResult(t), pivotRowEntry);
      b.ifThen(rowValid[t], [&](KernelBuilder &b) {
        b.store(updated, elements, targets[t]);
      });
    }
  });
  // Every lane has read a(i, k) before lane 0 replaces it.
  b.syncWarp();
  b.ifThen(isFirstLane(b), [&](KernelBuilder &b) {
    for (int64_t t = 0; t < kGeneratedLuRowsPerPass; ++t)
      b.ifThen(rowValid[t], [&](KernelBuilder &b) {
        b.store(scaled.getResult(t), elements, multiplierAt[t]);
      });
  });
}

/// 3. Store, rows in pivot order, with the permutation; lane 0 of warp 0
/// stores info. Nothing for a group past the batch.
void SharedMemoryLuKernel::storeMatrix(KernelBuilder &b, Value infoValue) {
  b.ifThen(valid, [&](KernelBuilder &b) {
    forRowsOfWarp(b, zero, [&](KernelBuilder &b, Value r) {
      Value row = rowOf(b, r);
      forColumnsOfLane(b, zero, [&](KernelBuilder &b, Value col) {
        Value v = b.load(elements, at(b, row, col));
        b.store(v, lu, ValueRange{matrix, r, col});
      });
      if (permutation)
        b.ifThen(isFirstLane(b), [&](KernelBuilder &b) {
          b.store(arith::IndexCastUIOp::create(b, intType, row), permutation,
                  ValueRange{matrix, r});
        });
    });
    b.ifThen(b.bitAnd(isFirstWarp(b), isFirstLane(b)),
             [&](KernelBuilder &b) { b.store(infoValue, info, matrix); });
  });
}

} // namespace

void buildSharedMemoryLuKernelBody(KernelBuilder &b, ValueRange args,
                                   Type elementType, Type intType,
                                   bool withPermutation, bool oneBasedPivots) {
  SharedMemoryLuKernel(b, args, elementType, intType, withPermutation,
                       oneBasedPivots)
      .emit();
}

void launchSharedMemoryLu(ImplicitLocOpBuilder &b, DeviceWork &work,
                          const LuOperands &lu) {
  gpu::GPUFuncOp kernel = getOrCreateKernel(
      lu.module, "linalgx_lu_generated_" + lu.kernelSuffix(),
      TypeRange(ValueRange(lu.values)), /*blockSize=*/{},
      /*workgroupTypes=*/{},
      [&](KernelBuilder &kb, ValueRange args, ValueRange) {
        buildSharedMemoryLuKernelBody(kb, args, lu.elementType, lu.intType,
                                      lu.withPermutation, lu.oneBasedPivots);
      });
  kernel->setAttr(NVVM::NVVMDialect::getMaxntidAttrName(),
                  b.getDenseI32ArrayAttr(
                      {static_cast<int32_t>(kGeneratedLuMaxThreads), 1, 1}));
  Value batch = memref::DimOp::create(b, lu.lu(), 0);
  GeneratedLuLaunch launch = GeneratedLuLaunch::build(
      b, batch, memref::DimOp::create(b, lu.lu(), 1),
      memref::DimOp::create(b, lu.lu(), 2), elementByteSize(lu.elementType));
  Value one = arith::ConstantIndexOp::create(b, 1);
  Value blocks = gridSizeFor(
      b, arith::CeilDivUIOp::create(b, batch, launch.matricesPerBlock), 1);
  work.launch(kernel, {blocks, one, one},
              {arith::ConstantIndexOp::create(b, 32), launch.warpsPerMatrix,
               launch.matricesPerBlock},
              lu.values, launch.sharedBytes);
}

} // namespace mlir::linalgx::gpu_kernels
