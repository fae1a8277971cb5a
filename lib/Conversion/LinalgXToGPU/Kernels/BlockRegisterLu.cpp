//===- BlockRegisterLu.cpp - the block register LU kernel -------*- C++ -*-===//
//
// Matrices of up to 128 rows, a thread a row of registers, a warp per 32 rows. (BlockRegisterLu.h).
//
//===----------------------------------------------------------------------===//

#include "BlockRegisterLu.h"
#include "RegisterRows.h"
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

SmallVector<Type> blockRegisterLuWorkgroupTypes(BlockRegisterLuShape shape,
                                                Type elementType) {
  MLIRContext *context = elementType.getContext();
  auto buffer = [](int64_t size, Type type) -> Type {
    return workgroupMemRef({size}, type);
  };
  int64_t slots = 2 * shape.matricesPerBlock() * shape.warps();
  StagedRowSegments segments(elementType);
  return {buffer(slots * shape.cols, elementType),
          buffer(slots, IntegerType::get(
                            context, elementType.getIntOrFloatBitWidth())),
          buffer(slots, IntegerType::get(context, 32)),
          buffer(2 * shape.matricesPerBlock() * shape.rows * segments.stride,
                 elementType)};
}

void buildBlockRegisterLuKernelBody(ImplicitLocOpBuilder &b, ValueRange args,
                                    ValueRange workgroup, Type elementType,
                                    Type intType, bool withPermutation,
                                    BlockRegisterLuShape shape) {
  Value input = args[0], lu = args[1], pivots = args[2], info = args[3];
  Value permutation = withPermutation ? args[4] : Value();
  Value candidateRows = workgroup[0], candidateKeys = workgroup[1],
        candidatePositions = workgroup[2], staged = workgroup[3];
  ElementArith element(elementType, ElementArith::Flavour::Kernel);
  const int64_t cols = shape.cols, warps = shape.warps(),
                groups = shape.matricesPerBlock();
  const int64_t steps = std::min(shape.rows, cols);
  Type i32 = b.getI32Type(), i1 = b.getI1Type();
  unsigned keyWidth = elementType.getIntOrFloatBitWidth();
  Type keyType = b.getIntegerType(keyWidth);
  using P = arith::CmpIPredicate;
  // Constants are made here, at the kernel's top level, and used in the
  // nested regions below.
  auto index = [&](int64_t v) -> Value {
    return arith::ConstantIndexOp::create(b, v);
  };
  auto int32 = [&](int64_t v) -> Value {
    return arith::ConstantIntOp::create(b, i32, v);
  };
  SmallVector<Value> c;
  // 0 .. max(rows, cols) and 32 (the warp size, for row = warp * 32 + lane).
  for (int64_t v = 0; v <= std::max({cols, shape.rows, int64_t{32}}); ++v)
    c.push_back(index(v));
  Value trueValue = arith::ConstantIntOp::create(b, i1, 1);
  Value fullMask = int32(-1);
  Value noPosition = int32(std::numeric_limits<int32_t>::max());
  Value zeroKey = arith::ConstantIntOp::create(b, keyType, 0);
  auto negate = [&](ImplicitLocOpBuilder &b, Value condition) -> Value {
    return arith::XOrIOp::create(b, condition, trueValue);
  };
  auto redux = [&](ImplicitLocOpBuilder &b, NVVM::ReduxKind kind,
                   Value value) -> Value {
    return NVVM::ReduxOp::create(b, i32, value, kind, fullMask);
  };

  Value batch = memref::DimOp::create(b, lu, 0);
  Value m = memref::DimOp::create(b, lu, 1);
  Value n = memref::DimOp::create(b, lu, 2);
  Value k = arith::MinUIOp::create(b, m, n);
  Value lane = gpu::ThreadIdOp::create(b, gpu::Dimension::x);
  Value warp = gpu::ThreadIdOp::create(b, gpu::Dimension::y);
  Value group = gpu::ThreadIdOp::create(b, gpu::Dimension::z);
  Value blockId = gpu::BlockIdOp::create(b, gpu::Dimension::x);
  Value gridDim = gpu::GridDimOp::create(b, gpu::Dimension::x);
  Value row = arith::AddIOp::create(
      b, arith::MulIOp::create(b, warp, c[32]), lane);
  // Slot of (parity, group, warp) in the candidate buffers.
  auto slotOf = [&](ImplicitLocOpBuilder &b, int64_t parity,
                    Value warpOfGroup) -> Value {
    return arith::AddIOp::create(
        b,
        arith::MulIOp::create(
            b, arith::AddIOp::create(b, index(parity * groups), group),
            c[warps]),
        warpOfGroup);
  };
  auto rowBase = [&](ImplicitLocOpBuilder &b, Value slot) -> Value {
    return arith::MulIOp::create(b, slot, c[cols]);
  };

  // The staged copies (StagedRowSegments) of a matrix: the threads of its
  // warps share the work, so they synchronize as a block, or as a warp when
  // the matrix has one.
  const StagedRowSegments segments(elementType);
  const int64_t matrixThreads = 32 * warps;
  Value zeroValue = arith::ConstantOp::create(b, b.getZeroAttr(elementType));
  auto syncMatrix = [&](ImplicitLocOpBuilder &b) {
    if (warps == 1)
      NVVM::SyncWarpOp::create(b, fullMask);
    else
      gpu::BarrierOp::create(b);
  };
  auto indexIn = [](ImplicitLocOpBuilder &b, int64_t v) -> Value {
    return arith::ConstantIndexOp::create(b, v);
  };
  // Element `j` of staged row `r` of the thread's matrix in buffer `buffer`
  // (two buffers: a segment is copied in while the previous one is read).
  auto stagedIndexOf = [&](ImplicitLocOpBuilder &b, int64_t buffer, Value r,
                           Value j) -> Value {
    Value stagedRow = arith::AddIOp::create(
        b,
        arith::MulIOp::create(
            b, arith::AddIOp::create(b, group, indexIn(b, buffer * groups)),
            indexIn(b, shape.rows)),
        r);
    return arith::AddIOp::create(
        b, arith::MulIOp::create(b, stagedRow, indexIn(b, segments.stride)),
        j);
  };
  auto stagedIndex = [&](ImplicitLocOpBuilder &b, int64_t buffer, Value r,
                         int64_t j) -> Value {
    return stagedIndexOf(b, buffer, r, indexIn(b, j));
  };
  const int64_t segmentCount = llvm::divideCeil(cols, segments.width);
  auto segmentWidth = [&](int64_t segment) {
    return std::min(segments.width, cols - segment * segments.width);
  };
  // The thread's part of the copy of segment `segment` (in buffer
  // segment % 2) of the matrix `valid` says is one: `body(row, column,
  // inMatrix, stagedAt)` for each element it copies, consecutive threads on
  // consecutive columns. A matrix's threads cover whole rows of a segment
  // (32 * warps is a multiple of its width), so a thread keeps its column
  // and moves down a fixed number of rows, kStagedCopyUnroll rows an
  // iteration of a loop.
  assert(matrixThreads % segments.width == 0 && "threads cover whole rows");
  auto copyStagedSegment =
      [&](ImplicitLocOpBuilder &b, Value valid, int64_t segment,
          function_ref<void(ImplicitLocOpBuilder &, Value, Value, Value,
                            Value)>
              body) {
        const int64_t rowsPerCopy = matrixThreads / segments.width;
        Value firstRow =
            arith::DivUIOp::create(b, row, indexIn(b, segments.width));
        Value j = arith::RemUIOp::create(b, row, indexIn(b, segments.width));
        Value column = arith::AddIOp::create(
            b, j, indexIn(b, segment * segments.width));
        Value columnInMatrix = arith::AndIOp::create(
            b, valid, cmp(b, P::ult, column, n));
        buildLoop(b, firstRow, c[shape.rows],
                  indexIn(b, kStagedCopyUnroll * rowsPerCopy),
                  [&](ImplicitLocOpBuilder &b, Value firstOfIteration) {
          for (int64_t u = 0; u < kStagedCopyUnroll; ++u) {
            Value r = arith::AddIOp::create(b, firstOfIteration,
                                            indexIn(b, u * rowsPerCopy));
            auto copy = [&](ImplicitLocOpBuilder &b) {
              Value inMatrix = arith::AndIOp::create(b, columnInMatrix,
                                                     cmp(b, P::ult, r, m));
              body(b, r, column, inMatrix,
                   stagedIndexOf(b, segment % 2, r, j));
            };
            if (u == 0)
              copy(b);
            else
              buildIf(b, cmp(b, P::ult, r, c[shape.rows]), copy);
          }
        });
      };
  // Starts copying segment `segment` of the matrix into its buffer
  // (asyncCopyOrZero), one cp.async group a segment.
  auto startCopyIn = [&](ImplicitLocOpBuilder &b, Value matrix, Value valid,
                         int64_t segment) {
    copyStagedSegment(b, valid, segment, [&](ImplicitLocOpBuilder &b,
                                             Value r, Value column,
                                             Value inMatrix, Value stagedAt) {
      asyncCopyOrZero(b, staged, stagedAt, input, {matrix, r, column},
                      inMatrix, c[0], c[1]);
    });
    NVVM::CpAsyncCommitGroupOp::create(b);
  };

  // Every thread runs the same iterations (barriers and warp reductions).
  buildLoop(b, arith::MulIOp::create(b, blockId, c[groups]), batch,
            arith::MulIOp::create(b, gridDim, c[groups]),
            [&](ImplicitLocOpBuilder &b, Value blockFirst) {
    Value matrix = arith::AddIOp::create(b, blockFirst, group);
    Value valid = cmp(b, P::ult, matrix, batch);
    Value rowValid = arith::AndIOp::create(b, valid, cmp(b, P::ult, row, m));

    // The thread's row in registers, then its position, used flag and info.
    // Segment s + 1 is in flight while segment s is read.
    SmallVector<Value> state;
    startCopyIn(b, matrix, valid, 0);
    for (int64_t segment = 0; segment < segmentCount; ++segment) {
      bool last = segment + 1 == segmentCount;
      if (!last)
        startCopyIn(b, matrix, valid, segment + 1);
      NVVM::CpAsyncWaitGroupOp::create(b, last ? 0 : 1);
      syncMatrix(b);
      // The last warp's threads past the rows have no staged row: they read
      // the last one's and keep zeros (unconditional loads vectorize).
      Value stagedRow = row;
      Value pastRows;
      if (shape.rows % 32 != 0) {
        pastRows = cmp(b, P::uge, row, c[shape.rows]);
        stagedRow = arith::MinUIOp::create(b, row, c[shape.rows - 1]);
      }
      for (int64_t j = 0; j < segmentWidth(segment); ++j) {
        Value value = memref::LoadOp::create(
            b, staged, stagedIndex(b, segment % 2, stagedRow, j));
        state.push_back(pastRows ? select(b, pastRows, zeroValue, value)
                                 : value);
      }
      // Read before the segment after next (or the results) overwrites the
      // buffer.
      syncMatrix(b);
    }
    appendRegisterRowBookkeeping(b, state, row, rowValid, intType);

    state = unrollRegisterSteps(
        b, state, cols, steps, k, c,
        [&](ImplicitLocOpBuilder &b, int64_t step, MutableArrayRef<Value> a,
            Value position, Value used) -> RegisterStep {
          Value stepI32 = int32(step);
          int64_t parity = step % 2;

          // The warp's best candidate: the largest key (see pivotKey),
          // then the first position holding it.
          Value key = select(
              b, used, zeroKey,
              pivotKey(b, element, a[step],
                       cmp(b, P::eq, position, stepI32), elementType));
          Value bestKey = reduceMaxKey(
              b, key, [&](ImplicitLocOpBuilder &b, Value v) {
                return redux(b, NVVM::ReduxKind::UMAX, v);
              });
          Value bestPosition = redux(
              b, NVVM::ReduxKind::UMIN,
              select(b, arith::AndIOp::create(b, cmp(b, P::eq, key, bestKey),
                                              negate(b, used)),
                     position, noPosition));
          // Unused rows have distinct positions: at most one winner.
          Value isWarpWinner = arith::AndIOp::create(
              b, negate(b, used), cmp(b, P::eq, position, bestPosition));
          Value ownSlot = slotOf(b, parity, warp);
          buildIf(b, isWarpWinner, [&](ImplicitLocOpBuilder &b) {
            Value base = rowBase(b, ownSlot);
            for (int64_t j = step; j < cols; ++j)
              memref::StoreOp::create(
                  b, a[j], candidateRows,
                  ValueRange{arith::AddIOp::create(b, base, c[j])});
          });

          Value pivotPosition, isPivotRow, pivotSlot;
          if (warps == 1) {
            NVVM::SyncWarpOp::create(b, fullMask);
            pivotPosition = bestPosition;
            isPivotRow = isWarpWinner;
            pivotSlot = ownSlot;
          } else {
            buildIf(b, cmp(b, P::eq, lane, c[0]),
                    [&](ImplicitLocOpBuilder &b) {
              memref::StoreOp::create(b, bestKey, candidateKeys, ownSlot);
              memref::StoreOp::create(b, bestPosition, candidatePositions,
                                      ownSlot);
            });
            gpu::BarrierOp::create(b);
            // The best of the warps' candidates, in warp order.
            Value bestWarp = c[0];
            Value firstSlot = slotOf(b, parity, c[0]);
            Value winnerKey =
                memref::LoadOp::create(b, candidateKeys, firstSlot);
            pivotPosition =
                memref::LoadOp::create(b, candidatePositions, firstSlot);
            for (int64_t w = 1; w < warps; ++w) {
              Value slot = slotOf(b, parity, c[w]);
              Value otherKey = memref::LoadOp::create(b, candidateKeys, slot);
              Value otherPosition =
                  memref::LoadOp::create(b, candidatePositions, slot);
              Value take = arith::OrIOp::create(
                  b, cmp(b, P::ugt, otherKey, winnerKey),
                  arith::AndIOp::create(
                      b, cmp(b, P::eq, otherKey, winnerKey),
                      cmp(b, P::ult, otherPosition, pivotPosition)));
              winnerKey = select(b, take, otherKey, winnerKey);
              pivotPosition = select(b, take, otherPosition, pivotPosition);
              bestWarp = select(b, take, c[w], bestWarp);
            }
            isPivotRow = arith::AndIOp::create(
                b, isWarpWinner, cmp(b, P::eq, warp, bestWarp));
            pivotSlot = slotOf(b, parity, bestWarp);
          }
          Value pivotBase = rowBase(b, pivotSlot);
          auto pivotRowEntry = [&](ImplicitLocOpBuilder &b,
                                   int64_t j) -> Value {
            return memref::LoadOp::create(
                b, candidateRows,
                ValueRange{arith::AddIOp::create(b, pivotBase, c[j])});
          };

          auto [newPosition, newUsed] =
              exchangeRows(b, position, used, isPivotRow, pivotPosition,
                           step, c[step], valid, pivots, matrix);

          // Elimination of the remaining rows. Rows already used keep
          // their values: they are final.
          Value pivot = pivotRowEntry(b, step);
          Value singular = element.isZero(b, pivot);
          auto eliminated = scf::IfOp::create(
              b, arith::AndIOp::create(b, negate(b, newUsed),
                                       negate(b, singular)),
              [&](OpBuilder &nested, Location loc) {
                ImplicitLocOpBuilder b(loc, nested);
                // One reciprocal per step and a multiplication, unless
                // the pivot is too small for its reciprocal (LAPACK's
                // getf2 divides then).
                auto scaled = scf::IfOp::create(
                    b, element.reciprocalIsSafe(b, pivot),
                    [&](OpBuilder &nested, Location loc) {
                      ImplicitLocOpBuilder nb(loc, nested);
                      scf::YieldOp::create(
                          nb, element.mul(nb, a[step],
                                          element.reciprocal(nb, pivot)));
                    },
                    [&](OpBuilder &nested, Location loc) {
                      ImplicitLocOpBuilder nb(loc, nested);
                      scf::YieldOp::create(nb,
                                           element.div(nb, a[step], pivot));
                    });
                Value multiplier = scaled.getResult(0);
                SmallVector<Value> updated = {multiplier};
                for (int64_t j = step + 1; j < cols; ++j)
                  updated.push_back(element.mulSub(
                      b, a[j], multiplier, pivotRowEntry(b, j)));
                scf::YieldOp::create(b, updated);
              },
              [&](OpBuilder &nested, Location loc) {
                ImplicitLocOpBuilder nb(loc, nested);
                scf::YieldOp::create(
                    nb, ArrayRef<Value>(a).drop_front(step));
              });
          for (int64_t j = step; j < cols; ++j)
            a[j] = eliminated.getResult(j - step);
          return {newPosition, newUsed, singular};
        });

    // Row `position` of L\U is the thread's row: staged at its position,
    // then copied out in lines. The synchronization after the last segment
    // also keeps the block's next matrix from writing candidate slots (they
    // are double-buffered by step parity, which only a barrier between the
    // steps of one matrix protects) before every warp has read this
    // matrix's last candidates.
    Value position =
        arith::IndexCastUIOp::create(b, b.getIndexType(), state[cols]);
    for (int64_t segment = 0; segment < segmentCount; ++segment) {
      int64_t first = segment * segments.width;
      buildIf(b, rowValid, [&](ImplicitLocOpBuilder &b) {
        for (int64_t j = 0; j < segmentWidth(segment); ++j)
          memref::StoreOp::create(b, state[first + j], staged,
                                  stagedIndex(b, segment % 2, position, j));
      });
      // Also orders this buffer's copy-out two segments ago before the
      // writes above.
      syncMatrix(b);
      copyStagedSegment(b, valid, segment, [&](ImplicitLocOpBuilder &b,
                                               Value r, Value column,
                                               Value inMatrix,
                                               Value stagedAt) {
        buildIf(b, inMatrix, [&](ImplicitLocOpBuilder &b) {
          memref::StoreOp::create(
              b, memref::LoadOp::create(b, staged, stagedAt), lu,
              ValueRange{matrix, r, column});
        });
      });
    }
    syncMatrix(b);
    storeRegisterRowState(b, state, cols, /*lu=*/Value(), permutation, info,
                          matrix, row, n, rowValid, valid, c);
  });
}

} // namespace mlir::linalgx::gpu_kernels
