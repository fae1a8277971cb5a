//===- LuSolve.cpp - linalgx.lu_solve on the GPU --------------------------===//
//
// Two kernels. Tiny matrices (N <= 8) and many right-hand sides (R >= 8)
// take a thread per right-hand side column, which walks the column's N²
// dependent steps itself. The others take a warp per matrix: the factors staged
// in shared memory once, then per column the exchanges and sweeps in which the
// lanes update the rows below (or above) each solved entry together, N steps
// per triangle. The lu + lu_solve fusion into the factorization's kernels is
// the next step.
//
//===----------------------------------------------------------------------===//

#include "LuSolve.h"

#include "../GPULoweringUtils.h"
#include "KernelBuilder.h"
#include "LuCommon.h"
#include "linalgx/Conversion/ElementArith.h"
#include "linalgx/Conversion/LuSolveSteps.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"

namespace mlir::linalgx::gpu_kernels {

namespace {

constexpr int64_t kLuSolveBlockSize = 128;

/// The row that step i of the exchanges swaps with row i, and whether the
/// swap happens: a pivot outside [0, N) names no row and is skipped (one
/// unsigned comparison: a negative pivot is a huge row), as
/// pivots_to_permutation skips it.
std::pair<Value, Value> exchangedRow(KernelBuilder &b, Value pivots,
                                     Value matrix, Value i, Value n,
                                     bool oneBased) {
  Value pivot = b.load(pivots, ValueRange{matrix, i});
  if (oneBased)
    pivot = b.sub(pivot, b.integer(pivot.getType(), 1));
  Value row = b.toIndex(pivot);
  return {row, b.both(b.ultU(row, n), b.ne(row, i))};
}

/// The thread-per-column kernel's body: the columns of every matrix in a
/// grid-stride loop.
class LuSolveThreadKernel {
public:
  LuSolveThreadKernel(KernelBuilder &top, ValueRange args, Type elementType,
                      LuSolveTrans trans, bool oneBased)
      : top(top), lu(args[0]), pivots(args[1]), x(args[2]),
        element(elementType, ElementArith::Flavour::Kernel), trans(trans),
        oneBased(oneBased) {}

  void emit() {
    Value batch = top.dim(x, 0);
    n = top.dim(x, 1);
    Value columns = top.dim(x, 2);
    Value blockSize = top.index(kLuSolveBlockSize);
    Value first = top.add(top.mul(top.blockId(gpu::Dimension::x), blockSize),
                          top.threadId(gpu::Dimension::x));
    Value stride = top.mul(top.gridDim(gpu::Dimension::x), blockSize);
    top.forLoop(first, top.mul(batch, columns), stride,
                [&](KernelBuilder &b, Value item) {
                  matrix = b.divU(item, columns);
                  column = b.remU(item, columns);
                  solveColumn(b);
                });
  }

private:
  void solveColumn(KernelBuilder &b) {
    forEachGetrsStep(
        trans, [&](bool reverse) { exchangeRows(b, reverse); },
        [&](bool lower) { substitute(b, lower); });
  }

  Value loadX(KernelBuilder &b, Value i) {
    return b.load(x, ValueRange{matrix, i, column});
  }
  void storeX(KernelBuilder &b, Value value, Value i) {
    b.store(value, x, ValueRange{matrix, i, column});
  }
  /// Entry (i, j) of the factor the system multiplies by (transposed, and
  /// conjugated for Aᴴ, unless trans is none).
  Value factor(KernelBuilder &b, Value i, Value j) {
    if (trans == LuSolveTrans::None)
      return b.load(lu, ValueRange{matrix, i, j});
    Value entry = b.load(lu, ValueRange{matrix, j, i});
    return trans == LuSolveTrans::Adjoint ? element.conjugate(b, entry) : entry;
  }

  /// Rows i and pivots[i] exchanged for i = 0 .. N-1, or N-1 .. 0 with
  /// `reverse`; a pivot outside [0, N) is skipped.
  void exchangeRows(KernelBuilder &b, bool reverse) {
    b.forLoop(b.index(0), n, b.index(1), [&](KernelBuilder &b, Value step) {
      Value i = reverse ? b.sub(b.sub(n, b.index(1)), step) : step;
      auto [row, exchanges] = exchangedRow(b, pivots, matrix, i, n, oneBased);
      b.ifThen(exchanges, [&](KernelBuilder &b) {
        Value atI = loadX(b, i), atRow = loadX(b, row);
        storeX(b, atRow, i);
        storeX(b, atI, row);
      });
    });
  }

  /// x := T⁻¹ x for the lower (forwards) or upper (backwards) triangle of
  /// the system's factors; the unit diagonal is L's (or Lᵀ's).
  void substitute(KernelBuilder &b, bool lower) {
    bool unitDiagonal = hasUnitDiagonal(trans, lower);
    b.forLoop(b.index(0), n, b.index(1), [&](KernelBuilder &b, Value step) {
      Value i = lower ? step : b.sub(b.sub(n, b.index(1)), step);
      Value lb = lower ? b.index(0) : b.add(i, b.index(1));
      Value ub = lower ? i : n;
      auto sum = scf::ForOp::create(
          b, lb, ub, b.index(1), ValueRange{loadX(b, i)},
          [&](OpBuilder &nested, Location loc, Value j, ValueRange acc) {
            KernelBuilder nb(loc, nested);
            scf::YieldOp::create(
                nb, element.mulSub(nb, acc[0], factor(nb, i, j), loadX(nb, j)));
          });
      Value value = sum.getResult(0);
      if (!unitDiagonal)
        value = element.div(b, value, factor(b, i, i));
      storeX(b, value, i);
    });
  }

  KernelBuilder &top;
  Value lu, pivots, x;
  ElementArith element;
  LuSolveTrans trans;
  bool oneBased;
  // Set by emit: the size and the current column's coordinates.
  Value n, matrix, column;
};

/// The warp kernel's body (a block of one warp a matrix): the factors in
/// shared memory at the odd row stride N + 1 (a column's entries then fall
/// in distinct banks), the column being solved beside them.
class LuSolveWarpKernel {
public:
  LuSolveWarpKernel(KernelBuilder &top, ValueRange args, Type elementType,
                    LuSolveTrans trans, bool oneBased)
      : top(top), lu(args[0]), pivots(args[1]), x(args[2]),
        elementType(elementType),
        element(elementType, ElementArith::Flavour::Kernel), trans(trans),
        oneBased(oneBased) {}

  void emit() {
    Value batch = top.dim(x, 0);
    n = top.dim(x, 1);
    Value columns = top.dim(x, 2);
    lane = top.threadId(gpu::Dimension::x);
    stride = top.add(n, top.index(1));
    Value shared = gpu::DynamicSharedMemoryOp::create(
        top, workgroupMemRef({ShapedType::kDynamic}, top.getI8Type()));
    Value factorEntries = top.mul(n, stride);
    factors = memref::ViewOp::create(
        top, workgroupMemRef({ShapedType::kDynamic}, elementType), shared,
        top.index(0), ValueRange{factorEntries});
    column = memref::ViewOp::create(
        top, workgroupMemRef({ShapedType::kDynamic}, elementType), shared,
        top.mul(factorEntries, top.index(elementByteSize(elementType))),
        ValueRange{n});
    top.forLoop(
        top.blockId(gpu::Dimension::x), batch, top.gridDim(gpu::Dimension::x),
        [&](KernelBuilder &b, Value index) {
          matrix = index;
          stageFactors(b);
          b.forLoop(b.index(0), columns, b.index(1),
                    [&](KernelBuilder &b, Value c) { solveColumn(b, c); });
        });
  }

private:
  /// `body(i)` for the lane's rows i = lane, lane + 32, ... in [begin, end).
  void forLaneRows(KernelBuilder &b, Value begin, Value end,
                   function_ref<void(KernelBuilder &, Value)> body) {
    b.forLoop(lane, end, b.index(32), [&](KernelBuilder &b, Value i) {
      b.ifThen(b.uleU(begin, i), [&](KernelBuilder &b) { body(b, i); });
    });
  }

  void stageFactors(KernelBuilder &b) {
    // The previous matrix's last column is written back before its
    // factors are overwritten.
    b.barrier();
    Value entries = b.mul(n, n);
    b.forLoop(lane, entries, b.index(32), [&](KernelBuilder &b, Value e) {
      Value i = b.divU(e, n), j = b.remU(e, n);
      b.store(b.load(lu, ValueRange{matrix, i, j}), factors,
              b.add(b.mul(i, stride), j));
    });
  }

  /// Entry (i, j) of the factor the system multiplies by.
  Value factor(KernelBuilder &b, Value i, Value j) {
    if (trans == LuSolveTrans::None)
      return b.load(factors, b.add(b.mul(i, stride), j));
    Value entry = b.load(factors, b.add(b.mul(j, stride), i));
    return trans == LuSolveTrans::Adjoint ? element.conjugate(b, entry) : entry;
  }

  void solveColumn(KernelBuilder &b, Value c) {
    b.barrier();
    forLaneRows(b, b.index(0), n, [&](KernelBuilder &b, Value i) {
      b.store(b.load(x, ValueRange{matrix, i, c}), column, i);
    });
    b.barrier();
    forEachGetrsStep(
        trans, [&](bool reverse) { exchangeRows(b, reverse); },
        [&](bool lower) { sweep(b, lower); });
    forLaneRows(b, b.index(0), n, [&](KernelBuilder &b, Value i) {
      b.store(b.load(column, i), x, ValueRange{matrix, i, c});
    });
  }

  /// The exchanges, in order, by lane 0 (each depends on the ones before).
  void exchangeRows(KernelBuilder &b, bool reverse) {
    b.ifThen(b.eq(lane, b.index(0)), [&](KernelBuilder &b) {
      b.forLoop(b.index(0), n, b.index(1), [&](KernelBuilder &b, Value step) {
        Value i = reverse ? b.sub(b.sub(n, b.index(1)), step) : step;
        auto [row, exchanges] = exchangedRow(b, pivots, matrix, i, n, oneBased);
        b.ifThen(exchanges, [&](KernelBuilder &b) {
          Value atI = b.load(column, i), atRow = b.load(column, row);
          b.store(atRow, column, i);
          b.store(atI, column, row);
        });
      });
    });
    b.barrier();
  }

  /// The column sweep: entry j is final once the rows before it (forwards)
  /// or after it (backwards) are folded in, and divided by the diagonal
  /// unless that is L's (or Lᵀ's) unit one; the lanes then subtract its
  /// multiples from the rows still to come.
  void sweep(KernelBuilder &b, bool lower) {
    bool unitDiagonal = hasUnitDiagonal(trans, lower);
    b.forLoop(b.index(0), n, b.index(1), [&](KernelBuilder &b, Value step) {
      Value j = lower ? step : b.sub(b.sub(n, b.index(1)), step);
      Value xj = b.load(column, j);
      if (!unitDiagonal)
        xj = element.div(b, xj, factor(b, j, j));
      b.barrier();
      if (!unitDiagonal)
        b.ifThen(b.eq(lane, b.index(0)),
                 [&](KernelBuilder &b) { b.store(xj, column, j); });
      Value begin = lower ? b.add(j, b.index(1)) : b.index(0);
      Value end = lower ? n : j;
      forLaneRows(b, begin, end, [&](KernelBuilder &b, Value i) {
        b.store(element.mulSub(b, b.load(column, i), factor(b, i, j), xj),
                column, i);
      });
      b.barrier();
    });
  }

  KernelBuilder &top;
  Value lu, pivots, x;
  Type elementType;
  ElementArith element;
  LuSolveTrans trans;
  bool oneBased;
  // Set by emit.
  Value n, lane, stride, factors, column, matrix;
};

/// Largest N the thread-per-column kernel always takes: its N² steps cost
/// less than staging the factors there.
constexpr int64_t kLuSolveThreadMaxSize = 8;
/// Right-hand sides from which the thread-per-column kernel takes every N:
/// the warp kernel solves a matrix's columns one after the other.
constexpr int64_t kLuSolveWarpMaxColumns = 7;

} // namespace

void launchLuSolveKernel(ModuleOp module, ImplicitLocOpBuilder &b,
                         DeviceWork &work, LuSolveOp op, Value lu3d,
                         Value pivots2d, Value solution3d) {
  Type elementType = cast<MemRefType>(lu3d.getType()).getElementType();
  Type intType = cast<MemRefType>(pivots2d.getType()).getElementType();
  LuSolveTrans trans = op.getTrans();
  // Aᴴ = Aᵀ for real matrices: one kernel for both.
  if (trans == LuSolveTrans::Adjoint && !isa<ComplexType>(elementType))
    trans = LuSolveTrans::Transpose;
  bool oneBased = op.getOneBased();
  std::string name = "linalgx_lu_solve_" + typeSuffix(elementType) + "_" +
                     typeSuffix(intType) + (oneBased ? "_one_based" : "") +
                     "_" + stringifyLuSolveTrans(trans).str();
  SmallVector<Type> types = {lu3d.getType(), pivots2d.getType(),
                             solution3d.getType()};
  SmallVector<Value> operands = {lu3d, pivots2d, solution3d};
  gpu::GPUFuncOp threadKernel = getOrCreateKernel(
      module, name, types, {static_cast<int32_t>(kLuSolveBlockSize), 1, 1},
      /*workgroupTypes=*/{},
      [&](KernelBuilder &kb, ValueRange args, ValueRange) {
        LuSolveThreadKernel(kb, args, elementType, trans, oneBased).emit();
      });
  gpu::GPUFuncOp warpKernel = getOrCreateKernel(
      module, name + "_warp", types, {32, 1, 1}, /*workgroupTypes=*/{},
      [&](KernelBuilder &kb, ValueRange args, ValueRange) {
        LuSolveWarpKernel(kb, args, elementType, trans, oneBased).emit();
      });
  // The warp kernel's shared memory: the factors at stride N + 1 and a
  // column; matrices past what a block may take use the thread kernel.
  auto index = [&](int64_t v) -> Value {
    return arith::ConstantIndexOp::create(b, v);
  };
  Value batch = memref::DimOp::create(b, solution3d, 0);
  Value n = memref::DimOp::create(b, solution3d, 1);
  Value columns = memref::DimOp::create(b, solution3d, 2);
  Value entries = arith::AddIOp::create(
      b, arith::MulIOp::create(b, n, arith::AddIOp::create(b, n, index(1))), n);
  Value sharedBytes =
      arith::MulIOp::create(b, entries, index(elementByteSize(elementType)));
  Value useWarp = arith::AndIOp::create(
      b,
      arith::AndIOp::create(
          b,
          arith::CmpIOp::create(b, arith::CmpIPredicate::ugt, n,
                                index(kLuSolveThreadMaxSize)),
          arith::CmpIOp::create(b, arith::CmpIPredicate::ule, columns,
                                index(kLuSolveWarpMaxColumns))),
      arith::CmpIOp::create(b, arith::CmpIPredicate::ule, sharedBytes,
                            index(kGeneratedLuMaxSharedBytes)));
  work.when(useWarp, [&] {
    work.launch(warpKernel, {gridSizeFor(b, batch, 1), index(1), index(1)},
                {index(32), index(1), index(1)}, operands, sharedBytes);
  });
  Value useThreads =
      arith::XOrIOp::create(b, useWarp, arith::ConstantIntOp::create(b, 1, 1));
  work.when(useThreads, [&] {
    Value threads = arith::MulIOp::create(b, batch, columns);
    work.launch(threadKernel, gridSizeFor(b, threads, kLuSolveBlockSize),
                {kLuSolveBlockSize, 1, 1}, operands);
  });
}

} // namespace mlir::linalgx::gpu_kernels
