//===- ThreadLu.cpp - the thread-per-matrix LU kernel ---------------------===//
//
// (ThreadLu.h.) The steps are unrolled for kThreadLuSize rows and columns,
// so every entry has a static register; the run-time sizes only mask: rows
// and columns past the matrix are zero and never chosen as pivots, steps
// past min(M, N) change nothing. Rows are exchanged by selects.
//
//===----------------------------------------------------------------------===//

#include "ThreadLu.h"

#include "../GPULoweringUtils.h"
#include "KernelBuilder.h"
#include "LuCommon.h"
#include "linalgx/Conversion/Determinant.h"
#include "linalgx/Conversion/ElementArith.h"
#include "linalgx/Conversion/LinalgXToLoops/LoopBuilders.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"

namespace mlir::linalgx::gpu_kernels {

namespace {

constexpr int64_t kThreadLuBlockSize = 128;
constexpr int64_t S = kThreadLuSize;

/// One thread's matrix: loaded, factored (LAPACK getf2's steps and pivot
/// rule), then handed to an epilogue.
class ThreadLuKernel {
public:
  ThreadLuKernel(KernelBuilder &top, Value input, Type elementType,
                 Type intType)
      : top(top), input(input), elementType(elementType), intType(intType),
        element(elementType, ElementArith::Flavour::Kernel) {}

  /// The grid-stride loop over the matrices: `epilogue(b, matrix)` after
  /// each factorization. Square matrices (solve, determinants) take a copy
  /// of the body for each N (a switch on the uniform N): with the sizes
  /// constant the masks fold away, and a matrix's loads are straight-line
  /// code that issues together.
  void emit(bool square, function_ref<void(KernelBuilder &, Value)> epilogue) {
    KernelBuilder &b = top;
    for (int64_t v = 0; v <= S; ++v)
      c.push_back(b.index(v));
    Value batch = b.dim(input, 0);
    Value rows = b.dim(input, 1), columns = b.dim(input, 2);
    Value blockSize = b.index(kThreadLuBlockSize);
    Value first = b.add(b.mul(b.blockId(gpu::Dimension::x), blockSize),
                        b.threadId(gpu::Dimension::x));
    auto body = [&](KernelBuilder &b, Value matrix, Value rows, Value columns) {
      m = rows;
      n = columns;
      k = b.minU(m, n);
      load(b, matrix);
      for (int64_t step = 0; step < S; ++step)
        factorStep(b, step);
      epilogue(b, matrix);
    };
    b.forLoop(first, batch, b.mul(b.gridDim(gpu::Dimension::x), blockSize),
              [&](KernelBuilder &b, Value matrix) {
                if (!square)
                  return body(b, matrix, rows, columns);
                b.switchOn(columns,
                           llvm::to_vector(llvm::seq<int64_t>(0, S + 1)),
                           [&](KernelBuilder &b, int64_t size) {
                             body(b, matrix, c[size], c[size]);
                           });
              });
  }

  /// The factors (L below the diagonal, U on and above), by row and column.
  SmallVector<SmallVector<Value, S>, S> a;
  /// Step i's pivot row (index), i itself for steps past min(M, N).
  SmallVector<Value, S> pivotRows;
  /// linalgx.lu's info, of the pivots' integer type.
  Value info;
  SmallVector<Value> c;
  Value m, n, k;

  /// `memref[indices]` where `inside` holds, else zero: a predicated load,
  /// since an empty matrix has no entry to clamp the address to.
  Value loadOrZero(KernelBuilder &b, Value memref, ValueRange indices,
                   Value inside) {
    return b.loadOr(inside, memref, indices, element.zero(b));
  }

  /// Exchanges entry `step` of `rows` with entry `other` (a run-time index
  /// >= step) by selects.
  template <typename RowT>
  void exchange(KernelBuilder &b, SmallVectorImpl<RowT> &rows, int64_t step,
                Value other) {
    RowT atStep = rows[step];
    for (int64_t i = step + 1; i < S; ++i) {
      Value isOther = b.eq(other, c[i]);
      atStep = selectRow(b, isOther, rows[i], atStep);
      rows[i] = selectRow(b, isOther, rows[step], rows[i]);
    }
    rows[step] = atStep;
  }

private:
  void load(KernelBuilder &b, Value matrix) {
    a.assign(S, {});
    for (int64_t i = 0; i < S; ++i)
      for (int64_t j = 0; j < S; ++j)
        a[i].push_back(loadOrZero(b, input, ValueRange{matrix, c[i], c[j]},
                                  b.both(b.ultU(c[i], m), b.ultU(c[j], n))));
    pivotRows.clear();
    info = b.integer(intType, 0);
  }

  /// Step `step`: the pivot search over the rows at and below it (the first
  /// largest key; rows past M never qualify), the exchange, and the
  /// elimination unless the pivot is exactly zero.
  void factorStep(KernelBuilder &b, int64_t step) {
    Value active = b.ultU(c[step], k);
    Type magnitudeType = elementType;
    if (auto complexType = dyn_cast<ComplexType>(elementType))
      magnitudeType = complexType.getElementType();
    Value best = c[step];
    Value bestKey =
        pivotKey(b, element, a[step][step], b.boolean(true), magnitudeType);
    for (int64_t i = step + 1; i < S; ++i) {
      Value key =
          pivotKey(b, element, a[i][step], b.boolean(false), magnitudeType);
      Value take = b.both(b.both(active, b.ultU(c[i], m)),
                          b.cmp(arith::CmpIPredicate::ugt, key, bestKey));
      best = b.select(take, c[i], best);
      bestKey = b.select(take, key, bestKey);
    }
    pivotRows.push_back(best);
    exchange(b, a, step, best);

    Value pivot = a[step][step];
    Value singular = element.isZero(b, pivot);
    Value eliminate = b.both(active, b.negate(singular));
    for (int64_t i = step + 1; i < S; ++i) {
      Value multiplier = element.div(b, a[i][step], pivot);
      a[i][step] = b.select(eliminate, multiplier, a[i][step]);
      for (int64_t j = step + 1; j < S; ++j)
        a[i][j] = b.select(eliminate,
                           element.mulSub(b, a[i][j], multiplier, a[step][j]),
                           a[i][j]);
    }
    Value firstSingular =
        b.both(b.both(active, singular), b.eq(info, b.integer(intType, 0)));
    info = b.select(firstSingular, b.integer(intType, step + 1), info);
  }

  static Value selectRow(KernelBuilder &b, Value condition, Value x, Value y) {
    return b.select(condition, x, y);
  }
  static SmallVector<Value, S> selectRow(KernelBuilder &b, Value condition,
                                         ArrayRef<Value> x, ArrayRef<Value> y) {
    SmallVector<Value, S> row;
    for (auto [xj, yj] : llvm::zip_equal(x, y))
      row.push_back(b.select(condition, xj, yj));
    return row;
  }

  KernelBuilder &top;
  Value input;
  Type elementType, intType;
  ElementArith element;
};

/// linalgx.lu's results: the factors, the pivots (at their base), info
/// and, if asked for, the permutation the pivots describe.
void storeFactors(KernelBuilder &b, ThreadLuKernel &kernel,
                  const LuOperands &lu, Value matrix, ValueRange args) {
  ArrayRef<Value> c = kernel.c;
  Value factors = args[1], pivots = args[2], info = args[3];
  for (int64_t i = 0; i < S; ++i)
    for (int64_t j = 0; j < S; ++j)
      b.ifThen(b.both(b.ultU(c[i], kernel.m), b.ultU(c[j], kernel.n)),
               [&](KernelBuilder &b) {
                 b.store(kernel.a[i][j], factors,
                         ValueRange{matrix, c[i], c[j]});
               });
  for (int64_t step = 0; step < S; ++step)
    b.ifThen(b.ultU(c[step], kernel.k), [&](KernelBuilder &b) {
      Value row =
          arith::IndexCastUIOp::create(b, lu.intType, kernel.pivotRows[step]);
      b.store(storedPivot(b, row, lu.oneBasedPivots), pivots,
              ValueRange{matrix, c[step]});
    });
  b.store(kernel.info, info, ValueRange{matrix});
  if (!lu.withPermutation)
    return;
  SmallVector<Value, S> order(c.take_front(S));
  for (int64_t step = 0; step < S; ++step)
    kernel.exchange(b, order, step, kernel.pivotRows[step]);
  for (int64_t i = 0; i < S; ++i)
    b.ifThen(b.ultU(c[i], kernel.m), [&](KernelBuilder &b) {
      b.store(arith::IndexCastUIOp::create(b, lu.intType, order[i]), args[4],
              ValueRange{matrix, c[i]});
    });
}

/// The solution of P·A = L·U for every column of the right-hand sides:
/// the column exchanged as the pivots say, then L forwards and U backwards,
/// as getrs; a zero on U's diagonal divides by zero, as getrs does.
void storeSolution(KernelBuilder &b, ThreadLuKernel &kernel, Type elementType,
                   Value matrix, Value rhs, Value solution, Value info) {
  ArrayRef<Value> c = kernel.c;
  ElementArith element(elementType, ElementArith::Flavour::Kernel);
  Value n = kernel.n;
  b.forLoop(c[0], b.dim(rhs, 2), c[1], [&](KernelBuilder &b, Value column) {
    SmallVector<Value, S> y;
    for (int64_t i = 0; i < S; ++i)
      y.push_back(kernel.loadOrZero(b, rhs, ValueRange{matrix, c[i], column},
                                    b.ultU(c[i], n)));
    for (int64_t step = 0; step < S; ++step)
      kernel.exchange(b, y, step, kernel.pivotRows[step]);
    for (int64_t j = 0; j < S; ++j)
      for (int64_t i = j + 1; i < S; ++i)
        y[i] = element.mulSub(b, y[i], kernel.a[i][j], y[j]);
    // Entries past N stay 0 (no 0 / 0): the columns above them are zero.
    for (int64_t j = S - 1; j >= 0; --j) {
      y[j] =
          b.select(b.ultU(c[j], n), element.div(b, y[j], kernel.a[j][j]), y[j]);
      for (int64_t i = 0; i < j; ++i)
        y[i] = element.mulSub(b, y[i], kernel.a[i][j], y[j]);
    }
    for (int64_t i = 0; i < S; ++i)
      b.ifThen(b.ultU(c[i], n), [&](KernelBuilder &b) {
        b.store(y[i], solution, ValueRange{matrix, c[i], column});
      });
  });
  b.store(kernel.info, info, ValueRange{matrix});
}

/// The determinant (or sign and log-magnitude) from the factors in
/// registers, folded as linalgx.lu_det folds the stored ones.
void storeDeterminant(KernelBuilder &b, ThreadLuKernel &kernel,
                      const DeterminantFold &fold, Value matrix,
                      ValueRange results) {
  ArrayRef<Value> c = kernel.c;
  SmallVector<Value> state = fold.identity(b);
  for (int64_t step = 0; step < S; ++step) {
    SmallVector<Value> next = fold.accumulate(
        b, state, kernel.a[step][step], b.ne(kernel.pivotRows[step], c[step]));
    Value inside = b.ultU(c[step], kernel.k);
    for (size_t i = 0; i < state.size(); ++i)
      state[i] = b.select(inside, next[i], state[i]);
  }
  for (auto [value, result] : llvm::zip_equal(fold.finish(b, state), results))
    b.store(value, result, ValueRange{matrix});
}

} // namespace

void launchThreadLu(ImplicitLocOpBuilder &b, DeviceWork &work,
                    const LuOperands &lu) {
  gpu::GPUFuncOp kernel = getOrCreateKernel(
      lu.module,
      "linalgx_lu_thread" + std::to_string(S) + "_" + lu.kernelSuffix(),
      TypeRange(ValueRange(lu.values)),
      {static_cast<int32_t>(kThreadLuBlockSize), 1, 1}, /*workgroupTypes=*/{},
      [&](KernelBuilder &kb, ValueRange args, ValueRange) {
        ThreadLuKernel thread(kb, args[0], lu.elementType, lu.intType);
        thread.emit(/*square=*/false, [&](KernelBuilder &b, Value matrix) {
          storeFactors(b, thread, lu, matrix, args);
        });
      });
  Value batch = memref::DimOp::create(b, lu.lu(), 0);
  work.launch(kernel, gridSizeFor(b, batch, kThreadLuBlockSize),
              {kThreadLuBlockSize, 1, 1}, lu.values);
}

void launchThreadSolve(ModuleOp module, ImplicitLocOpBuilder &b,
                       DeviceWork &work, Value a, Value rhs, Value solution,
                       Value info) {
  Type elementType = cast<MemRefType>(a.getType()).getElementType();
  Type intType = cast<MemRefType>(info.getType()).getElementType();
  SmallVector<Value> operands = {a, rhs, solution, info};
  gpu::GPUFuncOp kernel = getOrCreateKernel(
      module,
      "linalgx_solve_thread" + std::to_string(S) + "_" +
          typeSuffix(elementType) + "_" + typeSuffix(intType),
      TypeRange(ValueRange(operands)),
      {static_cast<int32_t>(kThreadLuBlockSize), 1, 1}, /*workgroupTypes=*/{},
      [&](KernelBuilder &kb, ValueRange args, ValueRange) {
        ThreadLuKernel thread(kb, args[0], elementType, intType);
        thread.emit(/*square=*/true, [&](KernelBuilder &b, Value matrix) {
          storeSolution(b, thread, elementType, matrix, args[1], args[2],
                        args[3]);
        });
      });
  Value batch = memref::DimOp::create(b, a, 0);
  work.launch(kernel, gridSizeFor(b, batch, kThreadLuBlockSize),
              {kThreadLuBlockSize, 1, 1}, operands);
}

void launchThreadDeterminant(ModuleOp module, ImplicitLocOpBuilder &b,
                             DeviceWork &work, Value a, ValueRange results,
                             bool logarithmic) {
  Type elementType = cast<MemRefType>(a.getType()).getElementType();
  DeterminantFold fold(elementType, logarithmic, ElementArith::Flavour::Kernel);
  SmallVector<Value> operands = {a};
  llvm::append_range(operands, results);
  gpu::GPUFuncOp kernel = getOrCreateKernel(
      module,
      std::string(logarithmic ? "linalgx_slogdet_thread"
                              : "linalgx_det_thread") +
          std::to_string(S) + "_" + typeSuffix(elementType),
      TypeRange(ValueRange(operands)),
      {static_cast<int32_t>(kThreadLuBlockSize), 1, 1}, /*workgroupTypes=*/{},
      [&](KernelBuilder &kb, ValueRange args, ValueRange) {
        // Info stays in registers (a singular matrix's determinant is 0):
        // its type is immaterial.
        ThreadLuKernel thread(kb, args[0], elementType, kb.getI32Type());
        thread.emit(/*square=*/true, [&](KernelBuilder &b, Value matrix) {
          storeDeterminant(b, thread, fold, matrix, args.drop_front());
        });
      });
  Value batch = memref::DimOp::create(b, a, 0);
  work.launch(kernel, gridSizeFor(b, batch, kThreadLuBlockSize),
              {kThreadLuBlockSize, 1, 1}, operands);
}

} // namespace mlir::linalgx::gpu_kernels
