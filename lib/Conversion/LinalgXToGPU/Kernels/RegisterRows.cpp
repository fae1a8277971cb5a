//===- RegisterRows.cpp - rows held in registers ----------------*- C++ -*-===//
//
// What the warp and block register LU kernels share: a thread holds a row in
// registers, staged through shared memory on the way in and out, and rows
// never move (each thread tracks its row's logical position). (RegisterRows.h).
//
//===----------------------------------------------------------------------===//

#include "RegisterRows.h"
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

#include <limits>

using namespace mlir;
using namespace mlir::linalgx;

namespace mlir::linalgx::gpu_kernels {

void asyncCopyOrZero(KernelBuilder &b, Value staged, Value stagedAt,
                     Value source, ValueRange indices, Value inSource,
                     Value zero, Value one) {
  SmallVector<Value> sourceIndices;
  for (Value index : indices)
    sourceIndices.push_back(b.select(inSource, index, zero));
  nvgpu::DeviceAsyncCopyOp::create(
      b, nvgpu::DeviceAsyncTokenType::get(b.getContext()), staged,
      ValueRange{stagedAt}, source, sourceIndices, b.getIndexAttr(1),
      b.select(inSource, one, zero),
      /*bypassL1=*/UnitAttr());
}

void appendRegisterRowBookkeeping(KernelBuilder &b,
                                  SmallVectorImpl<Value> &state, Value row,
                                  Value rowValid, Type intType) {
  state.push_back(b.toI32Unsigned(row));
  state.push_back(
      b.bitXor(rowValid, arith::ConstantIntOp::create(b, b.getI1Type(), 1)));
  state.push_back(arith::ConstantOp::create(b, b.getIntegerAttr(intType, 0)));
}

std::pair<Value, Value> exchangeRows(KernelBuilder &b, Value position,
                                     Value used, Value isPivotRow,
                                     Value pivotPosition, int64_t step,
                                     Value stepIndex, Value valid, Value pivots,
                                     Value matrix, bool oneBasedPivots) {
  Value stepI32 = arith::ConstantIntOp::create(b, b.getI32Type(), step);
  Value newPosition =
      b.select(isPivotRow, stepI32,
               b.select(b.cmp(arith::CmpIPredicate::eq, position, stepI32),
                        pivotPosition, position));
  Value newUsed = b.bitOr(used, isPivotRow);
  if (!pivots)
    return {newPosition, newUsed};
  b.ifThen(b.bitAnd(valid, isPivotRow), [&](KernelBuilder &b) {
    Type intType = cast<MemRefType>(pivots.getType()).getElementType();
    Value pivotIndex = intType.isInteger(32)
                           ? pivotPosition
                           : arith::ExtUIOp::create(b, intType, pivotPosition);
    b.store(storedPivot(b, pivotIndex, oneBasedPivots), pivots,
            ValueRange{matrix, stepIndex});
  });
  return {newPosition, newUsed};
}

SmallVector<Value>
unrollRegisterSteps(KernelBuilder &b, ValueRange initialState, int64_t size,
                    int64_t steps, Value k, ArrayRef<Value> c,
                    function_ref<RegisterStep(KernelBuilder &, int64_t step,
                                              MutableArrayRef<Value> row,
                                              Value position, Value used)>
                        body) {
  SmallVector<Value> state(initialState);
  for (int64_t step = 0; step < steps; ++step) {
    auto stepIf = scf::IfOp::create(
        b, b.cmp(arith::CmpIPredicate::ult, c[step], k),
        [&](OpBuilder &nested, Location loc) {
          KernelBuilder b(loc, nested);
          SmallVector<Value> row(state.begin(), state.begin() + size);
          Value status = state[size + 2];
          RegisterStep next = body(b, step, row, state[size], state[size + 1]);
          Value noError = arith::ConstantOp::create(
              b, b.getIntegerAttr(status.getType(), 0));
          Value firstError = b.bitAnd(
              next.singular, b.cmp(arith::CmpIPredicate::eq, status, noError));
          status =
              b.select(firstError,
                       arith::ConstantOp::create(
                           b, b.getIntegerAttr(status.getType(), step + 1)),
                       status);
          row.append({next.position, next.used, status});
          scf::YieldOp::create(b, row);
        },
        [&](OpBuilder &nested, Location loc) {
          KernelBuilder nb(loc, nested);
          scf::YieldOp::create(nb, state);
        });
    state.assign(stepIf.getResults().begin(), stepIf.getResults().end());
  }
  return state;
}

void storeRegisterRowState(KernelBuilder &b, ValueRange state, int64_t size,
                           Value lu, Value permutation, Value info,
                           Value matrix, Value row, Value n, Value rowValid,
                           Value valid, ArrayRef<Value> c) {
  Value position = b.toIndexUnsigned(state[size]);
  b.ifThen(rowValid, [&](KernelBuilder &b) {
    for (int64_t j = 0; lu && j < size; ++j)
      b.ifThen(b.cmp(arith::CmpIPredicate::ult, c[j], n),
               [&](KernelBuilder &b) {
                 b.store(state[j], lu, ValueRange{matrix, position, c[j]});
               });
    if (permutation) {
      Type intType = cast<MemRefType>(permutation.getType()).getElementType();
      b.store(arith::IndexCastUIOp::create(b, intType, row), permutation,
              ValueRange{matrix, position});
    }
  });
  b.ifThen(b.bitAnd(valid, b.cmp(arith::CmpIPredicate::eq, row, c[0])),
           [&](KernelBuilder &b) { b.store(state[size + 2], info, matrix); });
}

} // namespace mlir::linalgx::gpu_kernels
