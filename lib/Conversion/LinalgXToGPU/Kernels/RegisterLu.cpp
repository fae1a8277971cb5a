//===- RegisterLu.cpp - the warp register LU kernel -------------*- C++ -*-===//
//
// Matrices of at most 16 rows and columns, several a warp, a lane a row. (RegisterLu.h).
//
//===----------------------------------------------------------------------===//

#include "RegisterLu.h"
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

SmallVector<Type> registerLuWorkgroupTypes(int64_t size, Type elementType) {
  int64_t matrices = kRegisterLuWarpsPerBlock * (32 / size);
  return {workgroupMemRef(
      {matrices * size * StagedRowSegments(elementType, size).stride},
      elementType)};
}

void buildRegisterLuKernelBody(ImplicitLocOpBuilder &b, ValueRange args,
                               ValueRange workgroup, Type elementType,
                               Type intType, bool withPermutation,
                               int64_t size) {
  Value input = args[0], lu = args[1], pivots = args[2], info = args[3];
  Value permutation = withPermutation ? args[4] : Value();
  ElementArith element(elementType, ElementArith::Flavour::Kernel);
  Type i32 = b.getI32Type(), i1 = b.getI1Type();
  // Index constants 0..size, made here: the loops below use them in nested
  // regions.
  SmallVector<Value> c;
  for (int64_t v = 0; v <= size; ++v)
    c.push_back(arith::ConstantIndexOp::create(b, v));
  auto c32 = [&](ImplicitLocOpBuilder &b, int64_t v) -> Value {
    return arith::ConstantIntOp::create(b, i32, v);
  };
  auto toI32 = [&](ImplicitLocOpBuilder &b, Value index) -> Value {
    return arith::IndexCastUIOp::create(b, i32, index);
  };
  using P = arith::CmpIPredicate;

  Value batch = memref::DimOp::create(b, lu, 0);
  Value m = memref::DimOp::create(b, lu, 1);
  Value n = memref::DimOp::create(b, lu, 2);
  Value k = arith::MinUIOp::create(b, m, n);
  Value lane = gpu::ThreadIdOp::create(b, gpu::Dimension::x);
  Value warp = gpu::ThreadIdOp::create(b, gpu::Dimension::y);
  Value blockId = gpu::BlockIdOp::create(b, gpu::Dimension::x);
  Value gridDim = gpu::GridDimOp::create(b, gpu::Dimension::x);
  int64_t groupsPerWarp = 32 / size;
  Value group = arith::DivUIOp::create(b, lane, c[size]);
  Value row = arith::RemUIOp::create(b, lane, c[size]);
  Value rowI32 = toI32(b, row);
  Value firstLaneOfGroup = toI32(b, arith::MulIOp::create(b, group, c[size]));
  Value matricesPerBlock = arith::ConstantIndexOp::create(
      b, kRegisterLuWarpsPerBlock * groupsPerWarp);
  Value slot = arith::AddIOp::create(
      b, arith::MulIOp::create(b, warp, c[groupsPerWarp]), group);
  Value noPosition = c32(b, std::numeric_limits<int32_t>::max());
  Value fullMask = c32(b, -1);
  // Element `j` of staged row `r` of the lane's matrix (slot).
  Value staged = workgroup[0];
  const int64_t stagedStride = StagedRowSegments(elementType, size).stride;
  auto stagedIndexOf = [&](ImplicitLocOpBuilder &b, Value r,
                           Value j) -> Value {
    Value stagedRow = arith::AddIOp::create(
        b, arith::MulIOp::create(b, slot, c[size]), r);
    return arith::AddIOp::create(
        b,
        arith::MulIOp::create(b, stagedRow,
                              arith::ConstantIndexOp::create(b, stagedStride)),
        j);
  };
  // The lanes of the thread's matrix, as a mask.
  Value groupLanes = arith::ShLIOp::create(
      b, c32(b, size == 32 ? -1 : (int64_t{1} << size) - 1), firstLaneOfGroup);
  // The reduction of `value` over the lanes of each matrix of the warp.
  auto groupReduce = [&](ImplicitLocOpBuilder &b, NVVM::ReduxKind kind,
                         Value value, Value identity) -> Value {
    Value result;
    for (int64_t g = 0; g < groupsPerWarp; ++g) {
      Value inGroup = cmp(b, P::eq, group, c[g]);
      Value offered =
          groupsPerWarp == 1 ? value : select(b, inGroup, value, identity);
      Value reduced = NVVM::ReduxOp::create(b, i32, offered, kind, fullMask);
      result = g == 0 ? reduced : select(b, inGroup, reduced, result);
    }
    return result;
  };
  // Every lane runs the same iterations (the shuffles need the whole warp).
  buildLoop(b, arith::MulIOp::create(b, blockId, matricesPerBlock), batch,
            arith::MulIOp::create(b, gridDim, matricesPerBlock),
            [&](ImplicitLocOpBuilder &b, Value blockFirst) {
    Value matrix = arith::AddIOp::create(b, blockFirst, slot);
    Value valid = cmp(b, P::ult, matrix, batch);
    Value rowValid = arith::AndIOp::create(b, valid, cmp(b, P::ult, row, m));

    // The matrix into shared memory: lane j copies column j of every row
    // (a row's segment per matrix and access), rows and columns outside it
    // zero-filled. Then row `row` into registers, then its position, used
    // flag and info.
    Value columnInMatrix =
        arith::AndIOp::create(b, valid, cmp(b, P::ult, row, n));
    // Calls `body(r, inMatrix)` for every row r of the lane's matrix, a
    // loop of kStagedCopyUnroll rows an iteration (see kStagedCopyUnroll).
    auto forEachRow = [&](ImplicitLocOpBuilder &b,
                          function_ref<void(ImplicitLocOpBuilder &, Value,
                                            Value)>
                              body) {
      buildLoop(b, c[0], c[size], c[kStagedCopyUnroll],
                [&](ImplicitLocOpBuilder &b, Value firstRow) {
        for (int64_t u = 0; u < kStagedCopyUnroll; ++u) {
          Value r = arith::AddIOp::create(b, firstRow, c[u]);
          body(b, r,
               arith::AndIOp::create(b, columnInMatrix,
                                     cmp(b, P::ult, r, m)));
        }
      });
    };
    forEachRow(b, [&](ImplicitLocOpBuilder &b, Value r, Value inMatrix) {
      asyncCopyOrZero(b, staged, stagedIndexOf(b, r, row), input,
                      {matrix, r, row}, inMatrix, c[0], c[1]);
    });
    NVVM::CpAsyncCommitGroupOp::create(b);
    NVVM::CpAsyncWaitGroupOp::create(b, 0);
    NVVM::SyncWarpOp::create(b, fullMask);
    SmallVector<Value> state;
    for (int64_t j = 0; j < size; ++j)
      state.push_back(memref::LoadOp::create(b, staged,
                                             stagedIndexOf(b, row, c[j])));
    appendRegisterRowBookkeeping(b, state, row, rowValid, intType);

    state = unrollRegisterSteps(
        b, state, size, size, k, c,
        [&](ImplicitLocOpBuilder &b, int64_t step, MutableArrayRef<Value> a,
            Value position, Value used) -> RegisterStep {
          Value stepI32 = c32(b, step);

          // Pivot search among the rows not used yet.
          Value key = pivotKey(b, element, a[step],
                               cmp(b, P::eq, position, stepI32),
                               elementType);
          Value zeroKey =
              arith::ConstantOp::create(b, b.getZeroAttr(key.getType()));
          key = select(b, used, zeroKey, key);
          Value candidate = select(b, used, noPosition, position);
          Value pivotPosition, pivotRow;
          if (groupsPerWarp <= 2) {
            // Two matrices a warp at most: warp-wide reductions (redux.sync,
            // each lane offering the identity for the other matrix's) take
            // fewer instructions than a butterfly of three shuffles a level;
            // a ballot finds the lane holding the pivot row.
            pivotPosition = groupReduce(
                b, NVVM::ReduxKind::UMIN,
                select(b,
                       cmp(b, P::eq, key,
                           reduceMaxKey(b, key,
                                        [&](ImplicitLocOpBuilder &b, Value v) {
                                          return groupReduce(
                                              b, NVVM::ReduxKind::UMAX, v,
                                              c32(b, 0));
                                        })),
                       candidate, noPosition),
                noPosition);
            Value holders = NVVM::VoteSyncOp::create(
                b, i32, fullMask,
                arith::AndIOp::create(
                    b, cmp(b, P::eq, candidate, pivotPosition),
                    cmp(b, P::ne, candidate, noPosition)),
                NVVM::VoteSyncKind::ballot);
            // No holder only in a matrix past the batch (every row used):
            // its lanes then read their own group's first lane.
            Value holderLane = arith::AndIOp::create(
                b,
                math::CountTrailingZerosOp::create(
                    b, arith::AndIOp::create(b, holders, groupLanes)),
                c32(b, 31));
            pivotRow = arith::SubIOp::create(
                b,
                select(b, cmp(b, P::eq, holders, c32(b, 0)), firstLaneOfGroup,
                       holderLane),
                firstLaneOfGroup);
          } else {
            Value candidateRow = rowI32;
            for (int64_t offset = size / 2; offset >= 1; offset /= 2) {
              Value otherKey = shuffleXor(b, key, offset);
              Value otherPosition = shuffleXor(b, candidate, offset);
              Value otherRow = shuffleXor(b, candidateRow, offset);
              // Larger key, or equal key at an earlier position (used rows
              // sit at position INT_MAX with key 0 and lose every tie).
              Value take = arith::OrIOp::create(
                  b, cmp(b, P::ugt, otherKey, key),
                  arith::AndIOp::create(b, cmp(b, P::eq, otherKey, key),
                                        cmp(b, P::ult, otherPosition,
                                            candidate)));
              key = select(b, take, otherKey, key);
              candidate = select(b, take, otherPosition, candidate);
              candidateRow = select(b, take, otherRow, candidateRow);
            }
            pivotPosition = candidate;
            pivotRow = candidateRow;
          }
          Value isPivotRow = cmp(b, P::eq, rowI32, pivotRow);
          auto [newPosition, newUsed] =
              exchangeRows(b, position, used, isPivotRow, pivotPosition,
                           step, c[step], valid, pivots, matrix);

          // Elimination of the rows below, against the broadcast pivot row.
          Value source = arith::AddIOp::create(b, firstLaneOfGroup, pivotRow);
          Value pivot =
              shuffleValue(b, a[step], source, gpu::ShuffleMode::IDX);
          Value singular = element.isZero(b, pivot);
          Value eliminate = arith::AndIOp::create(
              b,
              arith::XOrIOp::create(b, newUsed,
                                    arith::ConstantIntOp::create(b, i1, 1)),
              arith::XOrIOp::create(b, singular,
                                    arith::ConstantIntOp::create(b, i1, 1)));
          Value multiplier = element.div(b, a[step], pivot);
          a[step] = select(b, eliminate, multiplier, a[step]);
          for (int64_t j = step + 1; j < size; ++j) {
            Value pivotRowEntry =
                shuffleValue(b, a[j], source, gpu::ShuffleMode::IDX);
            a[j] = select(b, eliminate,
                          element.mulSub(b, a[j], multiplier, pivotRowEntry),
                          a[j]);
          }
          return {newPosition, newUsed, singular};
        });

    // Row `position` of L\U is the lane's row: staged at its position
    // (after every lane has read its own), then copied out as it came in.
    // The last warp sync keeps the warp's next matrix from overwriting the
    // buffer before every lane has copied out.
    NVVM::SyncWarpOp::create(b, fullMask);
    Value position =
        arith::IndexCastUIOp::create(b, b.getIndexType(), state[size]);
    buildIf(b, rowValid, [&](ImplicitLocOpBuilder &b) {
      for (int64_t j = 0; j < size; ++j)
        memref::StoreOp::create(b, state[j], staged,
                                stagedIndexOf(b, position, c[j]));
    });
    NVVM::SyncWarpOp::create(b, fullMask);
    forEachRow(b, [&](ImplicitLocOpBuilder &b, Value r, Value inMatrix) {
      buildIf(b, inMatrix, [&](ImplicitLocOpBuilder &b) {
        memref::StoreOp::create(
            b, memref::LoadOp::create(b, staged, stagedIndexOf(b, r, row)),
            lu, ValueRange{matrix, r, row});
      });
    });
    NVVM::SyncWarpOp::create(b, fullMask);
    storeRegisterRowState(b, state, size, /*lu=*/Value(), permutation, info,
                          matrix, row, n, rowValid, valid, c);
  });
}

} // namespace mlir::linalgx::gpu_kernels
