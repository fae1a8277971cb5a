//===- LuSolve.cpp - linalgx.lu_solve on the GPU --------------------------===//
//
// Three kernels. Tiny matrices (N <= 8) and factors too large for a block's
// shared memory take a thread per right-hand side column, which walks the
// column's N² dependent steps in global memory. Larger matrices stage their
// factors in shared memory: with at most 7 right-hand sides a warp per
// matrix solves the columns one after the other, the lanes updating the rows
// below (or above) each solved entry together, N steps per triangle; with
// more, a block per matrix gives each thread a column (the thread kernel's
// steps, on chip). linalgx.solve fuses small matrices' solve into the
// factorization's kernel (ThreadLu.h).
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

#include <functional>

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

/// One thread's solve of one right-hand side column, in getrs's order (N²
/// dependent steps), wherever the factors and the column live: `factorAt`
/// reads the stored factors' entry (i, j), `loadX` / `storeX` the column.
class ColumnSolver {
public:
  using Entry = std::function<Value(KernelBuilder &, Value i, Value j)>;
  using Load = std::function<Value(KernelBuilder &, Value i)>;
  using Store = std::function<void(KernelBuilder &, Value value, Value i)>;

  ColumnSolver(Type elementType, LuSolveTrans trans, bool oneBased,
               Value pivots, Value matrix, Value n, Entry factorAt, Load loadX,
               Store storeX)
      : element(elementType, ElementArith::Flavour::Kernel), trans(trans),
        oneBased(oneBased), pivots(pivots), matrix(matrix), n(n),
        factorAt(std::move(factorAt)), loadX(std::move(loadX)),
        storeX(std::move(storeX)) {}

  void solve(KernelBuilder &b) {
    forEachGetrsStep(
        trans, [&](bool reverse) { exchangeRows(b, reverse); },
        [&](bool lower) { substitute(b, lower); });
  }

private:
  /// Entry (i, j) of the factor the system multiplies by (transposed, and
  /// conjugated for Aᴴ, unless trans is none).
  Value factor(KernelBuilder &b, Value i, Value j) {
    if (trans == LuSolveTrans::None)
      return factorAt(b, i, j);
    Value entry = factorAt(b, j, i);
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

  ElementArith element;
  LuSolveTrans trans;
  bool oneBased;
  Value pivots, matrix, n;
  Entry factorAt;
  Load loadX;
  Store storeX;
};

/// The thread-per-column kernel's body: the columns of every matrix in a
/// grid-stride loop, factors and columns in global memory.
void emitLuSolveThreadKernel(KernelBuilder &top, ValueRange args,
                             Type elementType, LuSolveTrans trans,
                             bool oneBased) {
  Value lu = args[0], pivots = args[1], x = args[2];
  Value batch = top.dim(x, 0);
  Value n = top.dim(x, 1);
  Value columns = top.dim(x, 2);
  Value blockSize = top.index(kLuSolveBlockSize);
  Value first = top.add(top.mul(top.blockId(gpu::Dimension::x), blockSize),
                        top.threadId(gpu::Dimension::x));
  Value stride = top.mul(top.gridDim(gpu::Dimension::x), blockSize);
  top.forLoop(first, top.mul(batch, columns), stride,
              [&](KernelBuilder &b, Value item) {
                Value matrix = b.divU(item, columns);
                Value column = b.remU(item, columns);
                ColumnSolver(
                    elementType, trans, oneBased, pivots, matrix, n,
                    [&](KernelBuilder &b, Value i, Value j) {
                      return b.load(lu, ValueRange{matrix, i, j});
                    },
                    [&](KernelBuilder &b, Value i) {
                      return b.load(x, ValueRange{matrix, i, column});
                    },
                    [&](KernelBuilder &b, Value value, Value i) {
                      b.store(value, x, ValueRange{matrix, i, column});
                    })
                    .solve(b);
              });
}

/// The columns kernel's body (a block a matrix, a thread a right-hand side
/// column): the factors staged in shared memory once per matrix, read by
/// every thread at the same address (a broadcast), and each thread's column
/// in shared memory beside them, entry i of thread t at i · blockDim + t
/// (consecutive threads, consecutive banks). The threads never wait for one
/// another within a matrix.
void emitLuSolveColumnsKernel(KernelBuilder &top, ValueRange args,
                              Type elementType, LuSolveTrans trans,
                              bool oneBased) {
  Value lu = args[0], pivots = args[1], x = args[2];
  Value batch = top.dim(x, 0);
  Value n = top.dim(x, 1);
  Value columns = top.dim(x, 2);
  Value thread = top.threadId(gpu::Dimension::x);
  Value threads = top.blockDim(gpu::Dimension::x);
  Value shared = gpu::DynamicSharedMemoryOp::create(
      top, workgroupMemRef({ShapedType::kDynamic}, top.getI8Type()));
  Value factorEntries = top.mul(n, n);
  Value factors = memref::ViewOp::create(
      top, workgroupMemRef({ShapedType::kDynamic}, elementType), shared,
      top.index(0), ValueRange{factorEntries});
  Value columnBuffer = memref::ViewOp::create(
      top, workgroupMemRef({ShapedType::kDynamic}, elementType), shared,
      top.mul(factorEntries, top.index(elementByteSize(elementType))),
      ValueRange{top.mul(n, threads)});
  auto entryOfColumn = [&](KernelBuilder &b, Value i) {
    return b.add(b.mul(i, threads), thread);
  };
  top.forLoop(
      top.blockId(gpu::Dimension::x), batch, top.gridDim(gpu::Dimension::x),
      [&](KernelBuilder &b, Value matrix) {
        // The previous matrix's solves are done before its factors go.
        b.barrier();
        b.forLoop(
            thread, factorEntries, threads, [&](KernelBuilder &b, Value e) {
              b.store(
                  b.load(lu, ValueRange{matrix, b.divU(e, n), b.remU(e, n)}),
                  factors, e);
            });
        b.barrier();
        b.forLoop(
            thread, columns, threads, [&](KernelBuilder &b, Value column) {
              b.forLoop(b.index(0), n, b.index(1),
                        [&](KernelBuilder &b, Value i) {
                          b.store(b.load(x, ValueRange{matrix, i, column}),
                                  columnBuffer, entryOfColumn(b, i));
                        });
              ColumnSolver(
                  elementType, trans, oneBased, pivots, matrix, n,
                  [&](KernelBuilder &b, Value i, Value j) {
                    return b.load(factors, b.add(b.mul(i, n), j));
                  },
                  [&](KernelBuilder &b, Value i) {
                    return b.load(columnBuffer, entryOfColumn(b, i));
                  },
                  [&](KernelBuilder &b, Value value, Value i) {
                    b.store(value, columnBuffer, entryOfColumn(b, i));
                  })
                  .solve(b);
              b.forLoop(b.index(0), n, b.index(1),
                        [&](KernelBuilder &b, Value i) {
                          b.store(b.load(columnBuffer, entryOfColumn(b, i)), x,
                                  ValueRange{matrix, i, column});
                        });
            });
      });
}

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
/// Right-hand sides up to which the warp kernel takes N > 8 (it solves a
/// matrix's columns one after the other); the columns kernel takes more.
constexpr int64_t kLuSolveWarpMaxColumns = 7;
/// The columns kernel's largest block: more columns loop.
constexpr int64_t kLuSolveColumnsMaxThreads = 256;

/// Matrices in a batch per N² entries of a matrix up to which getrs once
/// per matrix (a few tens of microseconds each) beats the thread kernel's N²
/// dependent steps (a few nanoseconds each): an estimate.
constexpr int64_t kVendorSolveEntriesPerMatrix = 4096;

/// The shared memory the warp kernel stages per matrix: the factors at row
/// stride N + 1 and a column, the least of any staged kernel. Folded where
/// N is a constant.
Value warpSharedBytes(ImplicitLocOpBuilder &b, Value n, Type elementType) {
  auto index = [&](int64_t v) -> Value {
    return b.createOrFold<arith::ConstantIndexOp>(v);
  };
  Value rows = b.createOrFold<arith::AddIOp>(n, index(1));
  Value entries =
      b.createOrFold<arith::AddIOp>(b.createOrFold<arith::MulIOp>(n, rows), n);
  return b.createOrFold<arith::MulIOp>(entries,
                                       index(elementByteSize(elementType)));
}

/// The i1 constant true.
Value trueConstant(ImplicitLocOpBuilder &b) {
  return arith::ConstantIntOp::create(b, b.getI1Type(), 1);
}

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
        emitLuSolveThreadKernel(kb, args, elementType, trans, oneBased);
      });
  gpu::GPUFuncOp warpKernel = getOrCreateKernel(
      module, name + "_warp", types, {32, 1, 1}, /*workgroupTypes=*/{},
      [&](KernelBuilder &kb, ValueRange args, ValueRange) {
        LuSolveWarpKernel(kb, args, elementType, trans, oneBased).emit();
      });
  gpu::GPUFuncOp columnsKernel = getOrCreateKernel(
      module, name + "_columns", types, /*blockSize=*/{},
      /*workgroupTypes=*/{},
      [&](KernelBuilder &kb, ValueRange args, ValueRange) {
        emitLuSolveColumnsKernel(kb, args, elementType, trans, oneBased);
      });

  // N > 8 stages the factors in shared memory where they fit: the warp
  // kernel for a few right-hand sides (the factors at stride N + 1 and a
  // column), the columns kernel for more (the factors and a column a
  // thread); the thread kernel takes the rest.
  auto index = [&](int64_t v) -> Value {
    return arith::ConstantIndexOp::create(b, v);
  };
  auto ule = [&](Value lhs, Value rhs) -> Value {
    return arith::CmpIOp::create(b, arith::CmpIPredicate::ule, lhs, rhs);
  };
  auto both = [&](Value lhs, Value rhs) -> Value {
    return arith::AndIOp::create(b, lhs, rhs);
  };
  auto bytesOf = [&](Value entries) -> Value {
    return arith::MulIOp::create(b, entries,
                                 index(elementByteSize(elementType)));
  };
  Value batch = memref::DimOp::create(b, solution3d, 0);
  Value n = memref::DimOp::create(b, solution3d, 1);
  Value columns = memref::DimOp::create(b, solution3d, 2);
  Value maxShared = index(kGeneratedLuMaxSharedBytes);
  Value staged = arith::CmpIOp::create(b, arith::CmpIPredicate::ugt, n,
                                       index(kLuSolveThreadMaxSize));
  Value few = ule(columns, index(kLuSolveWarpMaxColumns));

  Value warpBytes = warpSharedBytes(b, n, elementType);
  Value useWarp = both(both(staged, few), ule(warpBytes, maxShared));
  work.when(useWarp, [&] {
    work.launch(warpKernel, {gridSizeFor(b, batch, 1), index(1), index(1)},
                {index(32), index(1), index(1)}, operands, warpBytes);
  });

  Value threads = arith::MinUIOp::create(
      b,
      arith::MulIOp::create(
          b,
          arith::DivUIOp::create(
              b, arith::AddIOp::create(b, columns, index(31)), index(32)),
          index(32)),
      index(kLuSolveColumnsMaxThreads));
  Value columnsBytes = bytesOf(
      arith::MulIOp::create(b, n, arith::AddIOp::create(b, n, threads)));
  Value useColumns =
      both(both(staged, arith::XOrIOp::create(b, few, trueConstant(b))),
           ule(columnsBytes, maxShared));
  work.when(useColumns, [&] {
    work.launch(columnsKernel, {gridSizeFor(b, batch, 1), index(1), index(1)},
                {threads, index(1), index(1)}, operands, columnsBytes);
  });

  Value useThreads = arith::XOrIOp::create(
      b, arith::OrIOp::create(b, useWarp, useColumns), trueConstant(b));
  work.when(useThreads, [&] {
    Value items = arith::MulIOp::create(b, batch, columns);
    work.launch(threadKernel, gridSizeFor(b, items, kLuSolveBlockSize),
                {kLuSolveBlockSize, 1, 1}, operands);
  });
}

Value luSolveUsesVendor(ImplicitLocOpBuilder &b, LuSolveOp op) {
  auto index = [&](int64_t v) -> Value {
    return b.createOrFold<arith::ConstantIndexOp>(v);
  };
  auto dim = [&](Value memref, int64_t d) -> Value {
    return b.createOrFold<memref::DimOp>(memref, d);
  };
  auto mul = [&](Value x, Value y) -> Value {
    return b.createOrFold<arith::MulIOp>(x, y);
  };
  auto cmp = [&](arith::CmpIPredicate predicate, Value x, Value y) -> Value {
    return b.createOrFold<arith::CmpIOp>(predicate, x, y);
  };
  Value solution = op.getSolution();
  Value n = dim(solution, op.getBatchRank());
  Value batch = index(1);
  for (int64_t d = 0; d < op.getBatchRank(); ++d)
    batch = mul(batch, dim(solution, d));
  Type elementType = cast<MemRefType>(solution.getType()).getElementType();
  Value tooLarge =
      cmp(arith::CmpIPredicate::ugt, warpSharedBytes(b, n, elementType),
          index(kGeneratedLuMaxSharedBytes));
  Value fewMatrices =
      cmp(arith::CmpIPredicate::ule,
          mul(batch, index(kVendorSolveEntriesPerMatrix)), mul(n, n));
  return b.createOrFold<arith::AndIOp>(tooLarge, fewMatrices);
}

} // namespace mlir::linalgx::gpu_kernels
