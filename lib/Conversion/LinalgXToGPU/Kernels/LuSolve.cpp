//===- LuSolve.cpp - linalgx.lu_solve on the GPU --------------------------===//
//
// Four kernel families. Tiny matrices (N <= 8) and factors too large for a
// block's shared memory take a thread per right-hand side column, which
// walks the column's N² dependent steps in global memory. Larger matrices
// stage their factors in shared memory: for A·X = B with many right-hand
// sides of matrices up to 256 bytes a column, a thread per column holds it
// in registers; for batches with many columns in all, a thread per column
// in shared memory; otherwise a warp per column, its rows spread over the
// lanes, shuffles each solved entry to the lanes that fold it in (2N
// dependent steps), the columns spread over the warps of as many blocks as
// they need. linalgx.solve fuses small matrices' solve into the
// factorization's kernel (ThreadLu.h).
//
//===----------------------------------------------------------------------===//

#include "LuSolve.h"

#include "../GPULoweringUtils.h"
#include "BlockRegisterLu.h"
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

  /// The two triangular solves alone, for a column whose exchanges are made
  /// as it is read and written.
  void solveTriangles(KernelBuilder &b) {
    substitute(b, /*lower=*/true);
    substitute(b, /*lower=*/false);
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
      Value row, exchanges;
      std::tie(row, exchanges) =
          exchangedRow(b, pivots, matrix, i, n, oneBased);
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
      Value value = foldRow(b, i, lb, ub, loadX(b, i));
      if (!unitDiagonal)
        value = element.div(b, value, factor(b, i, i));
      storeX(b, value, i);
    });
  }

  /// `init` minus the products of row i's factor entries j in [lb, ub) and
  /// x's entries j, in order.
  Value foldRow(KernelBuilder &b, Value i, Value lb, Value ub, Value init) {
    return scf::ForOp::create(b, lb, ub, b.index(1), ValueRange{init},
                              [&](OpBuilder &nested, Location loc, Value j,
                                  ValueRange carried) {
                                KernelBuilder nb(loc, nested);
                                scf::YieldOp::create(
                                    nb, element.mulSub(nb, carried[0],
                                                       factor(nb, i, j),
                                                       loadX(nb, j)));
                              })
        .getResult(0);
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

/// Global loads each thread of a staging loop issues before it stores any:
/// a block staging a matrix waits for memory's latency once per round
/// instead of once per entry.
constexpr int64_t kStagingLoadsInFlight = 8;

/// The warp kernel's row stride for staged N x N factors: N rounded up to
/// an odd number of elements, so that a column's entries, read by the 32
/// lanes at once, fall in distinct banks (an even stride folds them onto a
/// few). Folded where N is a constant.
Value oddRowStride(ImplicitLocOpBuilder &b, Value n) {
  return b.createOrFold<arith::OrIOp>(
      n, b.createOrFold<arith::ConstantIndexOp>(1));
}

/// One matrix's factors and row permutation staged in shared memory by a
/// whole block, for the staged kernels: the factors at row stride `stride`,
/// and `permutation[i]`, the row of B that the forward exchanges bring to row
/// i, so that they become a gather when the column is read (and the reverse
/// ones a scatter when it is written) instead of N dependent swaps per
/// column.
class StagedFactors {
public:
  /// `columnMajor`: entry (i, j) at j · stride + i instead of i · stride + j.
  StagedFactors(Value lu, Value pivots, bool oneBased, Value n, Value stride,
                Value factors, Value permutation, Value pivotRows,
                bool columnMajor = false)
      : lu(lu), pivots(pivots), oneBased(oneBased), n(n), stride(stride),
        factors(factors), permutation(permutation), pivotRows(pivotRows),
        columnMajor(columnMajor) {}

  /// Stages `matrix`; every thread of the block calls it, and it returns once
  /// the staged matrix is visible to all (and the previous one is no longer
  /// read).
  void stage(KernelBuilder &b, Value matrix) {
    Value thread = b.threadId(gpu::Dimension::x);
    Value threads = b.blockDim(gpu::Dimension::x);
    b.barrier();
    stageEntries(b, matrix, thread, threads);
    // Each exchange's row, or the row itself where the pivot names none.
    b.forLoop(thread, n, threads, [&](KernelBuilder &b, Value i) {
      auto [row, exchanges] = exchangedRow(b, pivots, matrix, i, n, oneBased);
      b.store(b.toI32(b.select(exchanges, row, i)), pivotRows, i);
      b.store(b.toI32(i), permutation, i);
    });
    b.barrier();
    // The exchanges depend on one another: one thread applies them to the
    // identity, in shared memory.
    b.ifThen(b.eq(thread, b.index(0)), [&](KernelBuilder &b) {
      b.forLoop(b.index(0), n, b.index(1), [&](KernelBuilder &b, Value i) {
        Value row = b.toIndex(b.load(pivotRows, i));
        Value atI = b.load(permutation, i), atRow = b.load(permutation, row);
        b.store(atRow, permutation, i);
        b.store(atI, permutation, row);
      });
    });
    b.barrier();
  }

  /// The staged factors' entry (i, j).
  Value entry(KernelBuilder &b, Value i, Value j) const {
    return b.load(factors, place(b, i, j));
  }

  /// The row of B that the forward exchanges bring to row `i`.
  Value sourceRow(KernelBuilder &b, Value i) const {
    return b.toIndex(b.load(permutation, i));
  }

private:
  /// The N² entries, kStagingLoadsInFlight loads per thread per round; a
  /// round's entries past the end load and store the round's first entry
  /// again instead (the same value to the same place).
  void stageEntries(KernelBuilder &b, Value matrix, Value thread,
                    Value threads) {
    Value entries = b.mul(n, n);
    Value round = b.mul(threads, b.index(kStagingLoadsInFlight));
    b.forLoop(thread, entries, round, [&](KernelBuilder &b, Value first) {
      SmallVector<Value> places, values;
      for (int64_t k = 0; k < kStagingLoadsInFlight; ++k) {
        Value e = b.add(first, b.mul(threads, b.index(k)));
        e = b.select(b.ultU(e, entries), e, first);
        Value i = b.divU(e, n);
        Value j = b.sub(e, b.mul(i, n));
        places.push_back(place(b, i, j));
        values.push_back(b.load(lu, ValueRange{matrix, i, j}));
      }
      for (auto [value, place] : llvm::zip_equal(values, places))
        b.store(value, factors, place);
    });
  }

  Value place(KernelBuilder &b, Value i, Value j) const {
    return columnMajor ? b.add(b.mul(j, stride), i)
                       : b.add(b.mul(i, stride), j);
  }

  Value lu, pivots;
  bool oneBased;
  Value n, stride, factors, permutation, pivotRows;
  bool columnMajor;
};

/// Views of the staged kernels' dynamic shared memory: `factorEntries`
/// entries for the factors, then `columnEntries` entries for the right-hand
/// sides, then the two int32 arrays of StagedFactors (after the elements,
/// whose alignment is the larger).
struct StagedSharedMemory {
  Value factors, columns, permutation, pivotRows;

  static StagedSharedMemory create(KernelBuilder &b, Type elementType, Value n,
                                   Value factorEntries, Value columnEntries) {
    Value shared = gpu::DynamicSharedMemoryOp::create(
        b, workgroupMemRef({ShapedType::kDynamic}, b.getI8Type()));
    Value elementBytes = b.index(elementByteSize(elementType));
    auto view = [&](Type type, Value byteOffset, Value size) -> Value {
      return memref::ViewOp::create(
          b, workgroupMemRef({ShapedType::kDynamic}, type), shared, byteOffset,
          ValueRange{size});
    };
    Value columnsOffset = b.mul(factorEntries, elementBytes);
    Value intsOffset = b.add(columnsOffset, b.mul(columnEntries, elementBytes));
    Type i32 = b.getI32Type();
    return {view(elementType, b.index(0), factorEntries),
            view(elementType, columnsOffset, columnEntries),
            view(i32, intsOffset, n),
            view(i32, b.add(intsOffset, b.mul(n, b.index(4))), n)};
  }
};

/// The columns kernel's body (a block a matrix, a thread a right-hand side
/// column): the factors read by every thread at the same address (a
/// broadcast), each thread's column beside them, entry i of thread t at
/// i · blockDim + t (consecutive threads, consecutive banks). The threads
/// never wait for one another within a matrix.
void emitLuSolveColumnsKernel(KernelBuilder &top, ValueRange args,
                              Type elementType, LuSolveTrans trans,
                              bool oneBased) {
  Value lu = args[0], pivots = args[1], x = args[2];
  Value batch = top.dim(x, 0);
  Value n = top.dim(x, 1);
  Value columns = top.dim(x, 2);
  Value thread = top.threadId(gpu::Dimension::x);
  Value threads = top.blockDim(gpu::Dimension::x);
  StagedSharedMemory shared = StagedSharedMemory::create(
      top, elementType, n, top.mul(n, n), top.mul(n, threads));
  StagedFactors staged(lu, pivots, oneBased, n, /*stride=*/n, shared.factors,
                       shared.permutation, shared.pivotRows);
  // The forward exchanges come first (A) or the reverse ones last (Aᵀ, Aᴴ):
  // a gather as the column is read or a scatter as it is written.
  bool gather = trans == LuSolveTrans::None;
  auto entryOfColumn = [&](KernelBuilder &b, Value i) {
    return b.add(b.mul(i, threads), thread);
  };
  top.forLoop(
      top.blockId(gpu::Dimension::x), batch, top.gridDim(gpu::Dimension::x),
      [&](KernelBuilder &b, Value matrix) {
        staged.stage(b, matrix);
        b.forLoop(
            thread, columns, threads, [&](KernelBuilder &b, Value column) {
              Value last = b.sub(n, b.index(1));
              Value round = b.index(kStagingLoadsInFlight);
              b.forLoop(b.index(0), n, round,
                        [&](KernelBuilder &b, Value first) {
                          SmallVector<Value> rows, values;
                          for (int64_t k = 0; k < kStagingLoadsInFlight; ++k) {
                            Value i = b.minU(b.add(first, b.index(k)), last);
                            Value source = gather ? staged.sourceRow(b, i) : i;
                            rows.push_back(i);
                            values.push_back(
                                b.load(x, ValueRange{matrix, source, column}));
                          }
                          for (auto [value, i] : llvm::zip_equal(values, rows))
                            b.store(value, shared.columns, entryOfColumn(b, i));
                        });
              ColumnSolver(
                  elementType, trans, oneBased, pivots, matrix, n,
                  [&](KernelBuilder &b, Value i, Value j) {
                    return staged.entry(b, i, j);
                  },
                  [&](KernelBuilder &b, Value i) {
                    return b.load(shared.columns, entryOfColumn(b, i));
                  },
                  [&](KernelBuilder &b, Value value, Value i) {
                    b.store(value, shared.columns, entryOfColumn(b, i));
                  })
                  .solveTriangles(b);
              b.forLoop(b.index(0), n, b.index(1),
                        [&](KernelBuilder &b, Value i) {
                          Value target = gather ? i : staged.sourceRow(b, i);
                          b.store(b.load(shared.columns, entryOfColumn(b, i)),
                                  x, ValueRange{matrix, target, column});
                        });
            });
      });
}

/// The register columns kernel's body, for A·X = B with N <= 32 · `slots`
/// (a block a matrix, a thread a right-hand side column, as the columns
/// kernel): the column in registers, the factors staged in shared memory
/// and read by every thread at the same address. Both triangular solves
/// are column-oriented, getrs's (trsm's) order for A: step k folds x_k
/// into every row below (L) or above (U) it, independent updates, so the
/// chain of dependent steps is 2N long instead of the N² of a row-oriented
/// fold. Every index is static (a kernel per slot count); rows past N hold
/// zeros or values nothing reads (the factors' entries they meet are
/// whatever the padding of the staged columns holds).
void emitLuSolveRegisterColumnsKernel(KernelBuilder &top, ValueRange args,
                                      Type elementType, bool oneBased,
                                      int64_t slots) {
  Value lu = args[0], pivots = args[1], rhs = args[2], x = args[3];
  ElementArith element(elementType, ElementArith::Flavour::Kernel);
  int64_t rows = 32 * slots;
  Value batch = top.dim(x, 0);
  Value n = top.dim(x, 1);
  Value columns = top.dim(x, 2);
  Value thread = top.threadId(gpu::Dimension::x);
  Value threads = top.blockDim(gpu::Dimension::x);
  SmallVector<Value> c;
  for (int64_t v = 0; v <= rows; ++v)
    c.push_back(top.index(v));
  Value lastRow = top.sub(n, c[1]);
  Value zero = element.zero(top);
  // The factors column-major at the static stride `rows`: every entry a
  // step reads is at a constant address.
  StagedSharedMemory shared = StagedSharedMemory::create(
      top, elementType, n, top.index(rows * rows), /*columnEntries=*/c[0]);
  StagedFactors staged(lu, pivots, oneBased, n, /*stride=*/c[rows],
                       shared.factors, shared.permutation, shared.pivotRows,
                       /*columnMajor=*/true);
  auto factor = [&](KernelBuilder &b, int64_t i, int64_t k) {
    return staged.entry(b, c[i], c[k]);
  };
  // The step k < N of a sweep, or nothing past N.
  auto stepIfInside =
      [&](KernelBuilder &b, int64_t k, MutableArrayRef<Value> xs,
          function_ref<void(KernelBuilder &, MutableArrayRef<Value>)> body) {
        SmallVector<Value> next = b.ifThenElse(
            b.ultU(c[k], n),
            [&](KernelBuilder &b) -> SmallVector<Value> {
              SmallVector<Value> updated(xs);
              body(b, updated);
              return updated;
            },
            [&](KernelBuilder &) -> SmallVector<Value> {
              return SmallVector<Value>(xs);
            });
        llvm::copy(next, xs.begin());
      };
  top.forLoop(
      top.blockId(gpu::Dimension::x), batch, top.gridDim(gpu::Dimension::x),
      [&](KernelBuilder &b, Value matrix) {
        staged.stage(b, matrix);
        b.forLoop(
            thread, columns, threads, [&](KernelBuilder &b, Value column) {
              // The forward exchanges as a gather while the column is read.
              SmallVector<Value> xs;
              for (int64_t i = 0; i < rows; ++i) {
                Value inside = b.ultU(c[i], n);
                Value row = staged.sourceRow(b, b.minU(c[i], lastRow));
                Value value = b.load(rhs, ValueRange{matrix, row, column});
                xs.push_back(b.select(inside, value, zero));
              }
              for (int64_t k = 0; k < rows; ++k)
                stepIfInside(
                    b, k, xs, [&](KernelBuilder &b, MutableArrayRef<Value> xs) {
                      for (int64_t i = k + 1; i < rows; ++i)
                        xs[i] =
                            element.mulSub(b, xs[i], factor(b, i, k), xs[k]);
                    });
              for (int64_t k = rows - 1; k >= 0; --k)
                stepIfInside(
                    b, k, xs, [&](KernelBuilder &b, MutableArrayRef<Value> xs) {
                      xs[k] = element.div(b, xs[k], factor(b, k, k));
                      for (int64_t i = 0; i < k; ++i)
                        xs[i] =
                            element.mulSub(b, xs[i], factor(b, i, k), xs[k]);
                    });
              for (int64_t i = 0; i < rows; ++i)
                b.ifThen(b.ultU(c[i], n), [&](KernelBuilder &b) {
                  b.store(xs[i], x, ValueRange{matrix, c[i], column});
                });
            });
      });
}

/// The warp kernel's body (a block of warpKernelWarps(slots) warps a
/// matrix, which stage it together; then a warp a right-hand side column,
/// read from B and written to X, which may be one buffer: a warp reads its
/// whole column before it writes any of it): the column in registers, entry
/// 32·s + lane in lane `lane`'s slot s, the factors in shared memory at an odd
/// row stride (oddRowStride: a column's entries fall in distinct banks). Each
/// step of a sweep shuffles the solved entry from the lane holding it to the
/// others, which fold it into their rows: no barrier and no shared-memory round
/// trip on the chain of 2N dependent steps. A kernel takes one number of slots
/// (the host picks the kernel for N): a step is then one basic block, its
/// shared-memory loads issue together ahead of the shuffle they do not depend
/// on, and the kernel holds the registers of N's column, not those of the
/// largest one.
class LuSolveWarpKernel {
public:
  LuSolveWarpKernel(KernelBuilder &top, ValueRange args, Type elementType,
                    LuSolveTrans trans, bool oneBased, int64_t slots)
      : top(top), lu(args[0]), pivots(args[1]), rhs(args[2]), x(args[3]),
        elementType(elementType),
        element(elementType, ElementArith::Flavour::Kernel), trans(trans),
        oneBased(oneBased), slots(slots) {}

  void emit() {
    Value batch = top.dim(x, 0);
    n = top.dim(x, 1);
    Value columns = top.dim(x, 2);
    Value thread = top.threadId(gpu::Dimension::x);
    lane = top.remU(thread, top.index(32));
    Value warp = top.divU(thread, top.index(32));
    Value warps = top.divU(top.blockDim(gpu::Dimension::x), top.index(32));
    Value stride = oddRowStride(top, n);
    StagedSharedMemory shared =
        StagedSharedMemory::create(top, elementType, n, top.mul(n, stride),
                                   /*columnEntries=*/top.index(0));
    StagedFactors staged(lu, pivots, oneBased, n, stride, shared.factors,
                         shared.permutation, shared.pivotRows);
    top.forLoop(
        top.blockId(gpu::Dimension::x), batch, top.gridDim(gpu::Dimension::x),
        [&](KernelBuilder &b, Value matrix) {
          staged.stage(b, matrix);
          // Many right-hand sides spread over the grid's y blocks, each of
          // which stages the matrix: their columns' chains run side by side.
          Value firstColumn =
              b.add(b.mul(b.blockId(gpu::Dimension::y), warps), warp);
          Value columnStride = b.mul(b.gridDim(gpu::Dimension::y), warps);
          b.forLoop(firstColumn, columns, columnStride,
                    [&](KernelBuilder &b, Value column) {
                      solveColumn(b, staged, matrix, column);
                    });
        });
  }

private:
  /// The forward exchanges come first (A) or the reverse ones last (Aᵀ,
  /// Aᴴ): a gather as the column is read or a scatter as it is written.
  void solveColumn(KernelBuilder &b, const StagedFactors &staged, Value matrix,
                   Value column) {
    bool gather = trans == LuSolveTrans::None;
    SmallVector<Value> slotValues;
    for (int64_t s = 0; s < slots; ++s) {
      // Rows past N read row N - 1 (a valid address); no step folds them in.
      Value row = clampedRow(b, s);
      Value source = gather ? staged.sourceRow(b, row) : row;
      slotValues.push_back(b.load(rhs, ValueRange{matrix, source, column}));
    }
    for (bool lower : {true, false})
      slotValues = sweep(b, staged, slotValues, lower);
    for (int64_t s = 0; s < slots; ++s) {
      Value row = rowOfSlot(b, s);
      b.ifThen(b.ultU(row, n), [&](KernelBuilder &b) {
        Value target = gather ? row : staged.sourceRow(b, row);
        b.store(slotValues[s], x, ValueRange{matrix, target, column});
      });
    }
  }

  Value rowOfSlot(KernelBuilder &b, int64_t s) {
    return b.add(b.index(32 * s), lane);
  }
  Value clampedRow(KernelBuilder &b, int64_t s) {
    return b.minU(rowOfSlot(b, s), b.sub(n, b.index(1)));
  }

  /// Entry (i, j) of the factor the system multiplies by.
  Value factor(KernelBuilder &b, const StagedFactors &staged, Value i,
               Value j) {
    if (trans == LuSolveTrans::None)
      return staged.entry(b, i, j);
    Value entry = staged.entry(b, j, i);
    return trans == LuSolveTrans::Adjoint ? element.conjugate(b, entry) : entry;
  }

  /// x := T⁻¹x for the lower (forwards, slot 0 first) or upper (backwards)
  /// triangle. Where the diagonal is not the unit one, each lane first takes
  /// the reciprocals of its rows' diagonal entries, so that the chain of
  /// steps multiplies instead of dividing.
  SmallVector<Value> sweep(KernelBuilder &b, const StagedFactors &staged,
                           SmallVector<Value> slotValues, bool lower) {
    SmallVector<Value> reciprocals;
    if (!hasUnitDiagonal(trans, lower))
      for (int64_t s = 0; s < slots; ++s) {
        Value row = clampedRow(b, s);
        reciprocals.push_back(
            element.reciprocal(b, factor(b, staged, row, row)));
      }
    for (int64_t step = 0; step < slots; ++step) {
      int64_t s = lower ? step : slots - 1 - step;
      slotValues = sweepSlot(b, staged, slotValues, reciprocals, s, lower);
    }
    return slotValues;
  }

  /// The steps j of slot s's rows: entry j, scaled by its reciprocal
  /// diagonal entry unless that is L's (or Lᵀ's) unit one, goes from lane
  /// j - 32·s to every lane, which subtracts its multiples from its rows
  /// still to come.
  SmallVector<Value> sweepSlot(KernelBuilder &b, const StagedFactors &staged,
                               ValueRange slotValues,
                               ArrayRef<Value> reciprocals, int64_t s,
                               bool lower) {
    Value count = b.minU(b.sub(n, b.index(32 * s)), b.index(32));
    auto loop = scf::ForOp::create(
        b, b.index(0), count, b.index(1), slotValues,
        [&](OpBuilder &nested, Location loc, Value step, ValueRange carried) {
          KernelBuilder nb(loc, nested);
          SmallVector<Value> values(carried);
          Value owner = lower ? step : nb.sub(nb.sub(count, nb.index(1)), step);
          Value j = nb.add(nb.index(32 * s), owner);
          Value solved = values[s];
          if (!reciprocals.empty())
            solved = element.mul(nb, solved, reciprocals[s]);
          Value xj = nb.shuffle(solved, nb.toI32(owner), gpu::ShuffleMode::IDX);
          if (!reciprocals.empty())
            values[s] = nb.select(nb.eq(lane, owner), xj, values[s]);
          int64_t firstSlot = lower ? s : 0, lastSlot = lower ? slots - 1 : s;
          for (int64_t r = firstSlot; r <= lastSlot; ++r) {
            Value row = rowOfSlot(nb, r);
            Value pending = lower ? nb.both(nb.ultU(j, row), nb.ultU(row, n))
                                  : nb.ultU(row, j);
            Value entry = factor(nb, staged, clampedRow(nb, r), j);
            values[r] = nb.select(
                pending, element.mulSub(nb, values[r], entry, xj), values[r]);
          }
          scf::YieldOp::create(nb, values);
        });
    return SmallVector<Value>(loop.getResults());
  }

  KernelBuilder &top;
  Value lu, pivots, rhs, x;
  Type elementType;
  ElementArith element;
  LuSolveTrans trans;
  bool oneBased;
  int64_t slots;
  // Set by emit.
  Value n, lane;
};

/// Largest N the thread-per-column kernel always takes: its N² steps cost
/// less than staging the factors there.
constexpr int64_t kLuSolveThreadMaxSize = 8;
/// Right-hand sides from which the thread-a-column staged kernels (the
/// register columns and columns kernels) may take a solve instead of the
/// warp kernels (a warp a column).
constexpr int64_t kColumnsKernelMinColumns = 8;
/// The columns kernels' largest block: more columns loop.
constexpr int64_t kColumnsKernelMaxThreads = 256;
/// Right-hand side columns in the whole batch from which the columns kernel
/// (a thread a column, N² row-oriented steps in shared memory) takes a
/// solve the register columns kernels cannot: a warp a column costs a lane
/// per row at every one of the 2N steps, so with enough columns to fill the
/// GPU with threads the columns kernel's fewer instructions win; with fewer,
/// the warp kernel's short chain does. On an H200 the two were within 5 %
/// of each other at 8192 columns (docs/benchmarks.md, run 32).
constexpr int64_t kColumnsKernelMinBatchColumns = 8192;

/// Matrices in a batch per N² entries of a matrix up to which getrs once
/// per matrix (a few tens of microseconds each) beats the thread kernel's N²
/// dependent steps (a few nanoseconds each): an estimate.
constexpr int64_t kVendorSolveEntriesPerMatrix = 4096;

/// Warps of the warp kernel's block for N of `slots` 32-row slots: they
/// stage a matrix together, then each solves a right-hand side column at a
/// time. Larger factors leave room for fewer blocks an SM, so their blocks
/// have more warps (more columns a staging); four where several blocks fit.
int64_t warpKernelWarps(int64_t slots) {
  return slots <= 3 ? 4 : (slots == 4 ? 8 : 16);
}

/// Bytes of a register columns kernel's column.
constexpr int64_t kRegisterColumnsMaxBytes = 256;

/// Bytes per row of the two int32 arrays StagedFactors keeps.
constexpr int64_t kStagedIntBytesPerRow = 8;

/// The shared memory the warp kernel stages per matrix: the factors at its
/// odd row stride and the row permutation, the least of any staged kernel.
/// Folded where N is a constant.
Value warpSharedBytes(ImplicitLocOpBuilder &b, Value n, Type elementType) {
  auto index = [&](int64_t v) -> Value {
    return b.createOrFold<arith::ConstantIndexOp>(v);
  };
  Value factorBytes = b.createOrFold<arith::MulIOp>(
      b.createOrFold<arith::MulIOp>(n, oddRowStride(b, n)),
      index(elementByteSize(elementType)));
  return b.createOrFold<arith::AddIOp>(
      factorBytes,
      b.createOrFold<arith::MulIOp>(n, index(kStagedIntBytesPerRow)));
}

/// The register slots (32 rows each) of the warp kernel's column: enough
/// for the largest N whose factors it can stage.
int64_t warpKernelSlots(Type elementType) {
  int64_t bytes = elementByteSize(elementType);
  auto sharedBytes = [&](int64_t n) {
    return n * (n | 1) * bytes + n * kStagedIntBytesPerRow;
  };
  int64_t n = 0;
  while (sharedBytes(n + 1) <= kGeneratedLuMaxSharedBytes)
    ++n;
  return llvm::divideCeil(n, 32);
}

/// The largest slot count (32 rows each) of the register columns kernel:
/// columns of at most 256 bytes. With 512 (64 f64 rows) ptxas spilled 684
/// bytes a thread, with 768 four kilobytes.
int64_t registerColumnsSlots(Type elementType) {
  return kRegisterColumnsMaxBytes / elementByteSize(elementType) / 32;
}

/// The i1 constant true.
Value trueConstant(ImplicitLocOpBuilder &b) {
  return arith::ConstantIntOp::create(b, b.getI1Type(), 1);
}

} // namespace

void launchLuSolveKernel(ModuleOp module, ImplicitLocOpBuilder &b,
                         DeviceWork &work, LuSolveOp op, Value lu3d,
                         Value pivots2d, Value rhs3d, Value solution3d) {
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
  SmallVector<gpu::GPUFuncOp> warpKernels;
  for (int64_t slots = 1; slots <= warpKernelSlots(elementType); ++slots)
    warpKernels.push_back(getOrCreateKernel(
        module, name + "_warp" + std::to_string(32 * slots),
        {lu3d.getType(), pivots2d.getType(), rhs3d.getType(),
         solution3d.getType()},
        {static_cast<int32_t>(32 * warpKernelWarps(slots)), 1, 1},
        /*workgroupTypes=*/{},
        [&](KernelBuilder &kb, ValueRange args, ValueRange) {
          LuSolveWarpKernel(kb, args, elementType, trans, oneBased, slots)
              .emit();
        }));
  gpu::GPUFuncOp columnsKernel = getOrCreateKernel(
      module, name + "_columns", types, /*blockSize=*/{},
      /*workgroupTypes=*/{},
      [&](KernelBuilder &kb, ValueRange args, ValueRange) {
        emitLuSolveColumnsKernel(kb, args, elementType, trans, oneBased);
      });
  // A·X = B with many right-hand sides: the columns in registers, one
  // kernel per number of 32-row slots.
  SmallVector<gpu::GPUFuncOp> registerColumnsKernels;
  if (trans == LuSolveTrans::None)
    for (int64_t slots = 1; slots <= registerColumnsSlots(elementType); ++slots)
      registerColumnsKernels.push_back(getOrCreateKernel(
          module, name + "_columns" + std::to_string(32 * slots),
          {lu3d.getType(), pivots2d.getType(), rhs3d.getType(),
           solution3d.getType()},
          /*blockSize=*/{}, /*workgroupTypes=*/{},
          [&](KernelBuilder &kb, ValueRange args, ValueRange) {
            emitLuSolveRegisterColumnsKernel(kb, args, elementType, oneBased,
                                             slots);
          }));

  // N > 8 stages the factors in shared memory where they fit. With many
  // right-hand sides a thread a column: in registers for A·X = B and small
  // matrices (the register columns kernels), in shared memory when the
  // whole batch has enough columns to fill the GPU (the columns kernel).
  // Otherwise a warp a column (the warp kernels); the thread kernel takes
  // what does not fit.
  auto index = [&](int64_t v) -> Value {
    return arith::ConstantIndexOp::create(b, v);
  };
  auto ule = [&](Value lhs, Value rhs) -> Value {
    return arith::CmpIOp::create(b, arith::CmpIPredicate::ule, lhs, rhs);
  };
  auto both = [&](Value lhs, Value rhs) -> Value {
    return arith::AndIOp::create(b, lhs, rhs);
  };
  auto negate = [&](Value condition) -> Value {
    return arith::XOrIOp::create(b, condition, trueConstant(b));
  };
  Value batch = memref::DimOp::create(b, solution3d, 0);
  Value n = memref::DimOp::create(b, solution3d, 1);
  Value columns = memref::DimOp::create(b, solution3d, 2);
  Value maxShared = index(kGeneratedLuMaxSharedBytes);
  Value staged = arith::CmpIOp::create(b, arith::CmpIPredicate::ugt, n,
                                       index(kLuSolveThreadMaxSize));
  Value many = both(staged, ule(index(kColumnsKernelMinColumns), columns));
  // One kernel for each number of 32-row slots N needs.
  Value slotsNeeded = arith::CeilDivUIOp::create(b, n, index(32));

  // The register columns kernels stage the factors (padded to the slots'
  // rows) and the permutation.
  Value slotRows = arith::MulIOp::create(b, slotsNeeded, index(32));
  Value registerColumnsBytes = arith::AddIOp::create(
      b,
      arith::MulIOp::create(b, arith::MulIOp::create(b, slotRows, slotRows),
                            index(elementByteSize(elementType))),
      arith::MulIOp::create(b, n, index(kStagedIntBytesPerRow)));
  Value useRegisterColumns =
      both(both(many, ule(slotsNeeded, index(registerColumnsKernels.size()))),
           ule(registerColumnsBytes, maxShared));
  Value threads = arith::MinUIOp::create(
      b,
      arith::MulIOp::create(
          b,
          arith::DivUIOp::create(
              b, arith::AddIOp::create(b, columns, index(31)), index(32)),
          index(32)),
      index(kColumnsKernelMaxThreads));
  Value columnsBytes = arith::AddIOp::create(
      b,
      arith::MulIOp::create(
          b, arith::MulIOp::create(b, n, arith::AddIOp::create(b, n, threads)),
          index(elementByteSize(elementType))),
      arith::MulIOp::create(b, n, index(kStagedIntBytesPerRow)));
  Value useColumns = both(both(both(many, negate(useRegisterColumns)),
                               ule(index(kColumnsKernelMinBatchColumns),
                                   arith::MulIOp::create(b, batch, columns))),
                          ule(columnsBytes, maxShared));
  Value warpBytes = warpSharedBytes(b, n, elementType);
  Value useWarp = both(both(staged, negate(arith::OrIOp::create(
                                        b, useRegisterColumns, useColumns))),
                       ule(warpBytes, maxShared));

  // The columns and thread kernels solve in place; the others read B.
  Value readsB = arith::OrIOp::create(b, useWarp, useRegisterColumns);
  work.when(both(work.distinct(solution3d, rhs3d), negate(readsB)),
            [&] { work.copy(solution3d, rhs3d); });
  Value matrixBlocks = gridSizeFor(b, batch, 1);
  // A warp a column; as many blocks a matrix as the columns need, up to a
  // grid of about kMaxBlocks.
  Value perMatrixCap = arith::MaxUIOp::create(
      b, arith::DivUIOp::create(b, index(kMaxBlocks), matrixBlocks), index(1));
  for (size_t i = 0; i < warpKernels.size(); ++i) {
    int64_t warps = warpKernelWarps(i + 1);
    Value slotsMatch = arith::CmpIOp::create(b, arith::CmpIPredicate::eq,
                                             slotsNeeded, index(i + 1));
    work.when(both(useWarp, slotsMatch), [&] {
      Value columnBlocks = arith::MinUIOp::create(
          b, gridSizeFor(b, columns, warps), perMatrixCap);
      work.launch(warpKernels[i], {matrixBlocks, columnBlocks, index(1)},
                  {index(32 * warps), index(1), index(1)},
                  {lu3d, pivots2d, rhs3d, solution3d}, warpBytes);
    });
  }
  for (size_t i = 0; i < registerColumnsKernels.size(); ++i) {
    Value slotsMatch = arith::CmpIOp::create(b, arith::CmpIPredicate::eq,
                                             slotsNeeded, index(i + 1));
    work.when(both(useRegisterColumns, slotsMatch), [&] {
      work.launch(registerColumnsKernels[i], {matrixBlocks, index(1), index(1)},
                  {threads, index(1), index(1)},
                  {lu3d, pivots2d, rhs3d, solution3d}, registerColumnsBytes);
    });
  }

  work.when(useColumns, [&] {
    work.launch(columnsKernel, {matrixBlocks, index(1), index(1)},
                {threads, index(1), index(1)}, operands, columnsBytes);
  });

  Value staging = arith::OrIOp::create(b, readsB, useColumns);
  work.when(negate(staging), [&] {
    Value items = arith::MulIOp::create(b, batch, columns);
    work.launch(threadKernel, gridSizeFor(b, items, kLuSolveBlockSize),
                {kLuSolveBlockSize, 1, 1}, operands);
  });
}

Value luSolveUsesVendor(ImplicitLocOpBuilder &b, LuSolveOp op) {
  return luSolveUsesVendor(b, op.getSolution(), op.getBatchRank());
}

Value luSolveUsesVendor(ImplicitLocOpBuilder &b, Value solution,
                        int64_t batchRank) {
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
  Value n = dim(solution, batchRank);
  Value batch = index(1);
  for (int64_t d = 0; d < batchRank; ++d)
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
