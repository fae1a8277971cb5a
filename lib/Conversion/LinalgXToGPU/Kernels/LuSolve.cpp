//===- LuSolve.cpp - linalgx.lu_solve on the GPU --------------------------===//
//
// A thread per right-hand side column: exact and simple, with the column's
// N dependent steps in one thread. It makes lu_solve lowerable on the GPU
// with the CPU loops' results; the batched small-matrix targets need the
// factors staged in shared memory and a warp per matrix, the lu + lu_solve
// fusion the factorization's kernels themselves.
//
//===----------------------------------------------------------------------===//

#include "LuSolve.h"

#include "../GPULoweringUtils.h"
#include "KernelBuilder.h"
#include "linalgx/Conversion/ElementArith.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"

namespace mlir::linalgx::gpu_kernels {

namespace {

constexpr int64_t kLuSolveBlockSize = 128;

/// The kernel's body: the columns of every matrix in a grid-stride loop.
class LuSolveKernel {
public:
  LuSolveKernel(KernelBuilder &top, ValueRange args, Type elementType,
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
    if (trans == LuSolveTrans::None) {
      exchangeRows(b, /*reverse=*/false);
      substitute(b, /*lower=*/true);
      substitute(b, /*lower=*/false);
      return;
    }
    // Aᵀ = Uᵀ Lᵀ P: Uᵀ is lower triangular, Lᵀ upper with a unit diagonal.
    substitute(b, /*lower=*/true);
    substitute(b, /*lower=*/false);
    exchangeRows(b, /*reverse=*/true);
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
      Value pivot = b.load(pivots, ValueRange{matrix, i});
      if (oneBased)
        pivot = b.sub(pivot, b.integer(pivot.getType(), 1));
      // Unsigned: a negative pivot is a huge row.
      Value row = b.toIndex(pivot);
      b.ifThen(b.both(b.ultU(row, n), b.ne(row, i)), [&](KernelBuilder &b) {
        Value atI = loadX(b, i), atRow = loadX(b, row);
        storeX(b, atRow, i);
        storeX(b, atI, row);
      });
    });
  }

  /// x := T⁻¹ x for the lower (forwards) or upper (backwards) triangle of
  /// the system's factors; the unit diagonal is L's (or Lᵀ's).
  void substitute(KernelBuilder &b, bool lower) {
    bool unitDiagonal = lower == (trans == LuSolveTrans::None);
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
  gpu::GPUFuncOp kernel = getOrCreateKernel(
      module, name, {lu3d.getType(), pivots2d.getType(), solution3d.getType()},
      {static_cast<int32_t>(kLuSolveBlockSize), 1, 1}, /*workgroupTypes=*/{},
      [&](KernelBuilder &kb, ValueRange args, ValueRange) {
        LuSolveKernel(kb, args, elementType, trans, oneBased).emit();
      });
  Value columns =
      arith::MulIOp::create(b, memref::DimOp::create(b, solution3d, 0),
                            memref::DimOp::create(b, solution3d, 2));
  work.launch(kernel, gridSizeFor(b, columns, kLuSolveBlockSize),
              {kLuSolveBlockSize, 1, 1}, {lu3d, pivots2d, solution3d});
}

} // namespace mlir::linalgx::gpu_kernels
