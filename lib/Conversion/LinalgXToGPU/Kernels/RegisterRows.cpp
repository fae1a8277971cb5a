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

void asyncCopyOrZero(ImplicitLocOpBuilder &b, Value staged, Value stagedAt,
                     Value source, ValueRange indices, Value inSource,
                     Value zero, Value one) {
  SmallVector<Value> sourceIndices;
  for (Value index : indices)
    sourceIndices.push_back(
        arith::SelectOp::create(b, inSource, index, zero));
  nvgpu::DeviceAsyncCopyOp::create(
      b, nvgpu::DeviceAsyncTokenType::get(b.getContext()), staged,
      ValueRange{stagedAt}, source, sourceIndices, b.getIndexAttr(1),
      arith::SelectOp::create(b, inSource, one, zero),
      /*bypassL1=*/UnitAttr());
}

void appendRegisterRowBookkeeping(ImplicitLocOpBuilder &b,
                                  SmallVectorImpl<Value> &state, Value row,
                                  Value rowValid, Type intType) {
  state.push_back(arith::IndexCastUIOp::create(b, b.getI32Type(), row));
  state.push_back(arith::XOrIOp::create(
      b, rowValid, arith::ConstantIntOp::create(b, b.getI1Type(), 1)));
  state.push_back(arith::ConstantOp::create(b, b.getIntegerAttr(intType, 0)));
}

std::pair<Value, Value> exchangeRows(ImplicitLocOpBuilder &b, Value position,
                                     Value used, Value isPivotRow,
                                     Value pivotPosition, int64_t step,
                                     Value stepIndex, Value valid,
                                     Value pivots, Value matrix) {
  Value stepI32 = arith::ConstantIntOp::create(b, b.getI32Type(), step);
  Value newPosition = arith::SelectOp::create(
      b, isPivotRow, stepI32,
      arith::SelectOp::create(
          b,
          arith::CmpIOp::create(b, arith::CmpIPredicate::eq, position,
                                stepI32),
          pivotPosition, position));
  Value newUsed = arith::OrIOp::create(b, used, isPivotRow);
  buildIf(b, arith::AndIOp::create(b, valid, isPivotRow),
          [&](ImplicitLocOpBuilder &b) {
    Type intType = cast<MemRefType>(pivots.getType()).getElementType();
    Value pivotIndex =
        intType.isInteger(32)
            ? pivotPosition
            : arith::ExtUIOp::create(b, intType, pivotPosition).getResult();
    memref::StoreOp::create(b, pivotIndex, pivots,
                            ValueRange{matrix, stepIndex});
  });
  return {newPosition, newUsed};
}

SmallVector<Value> unrollRegisterSteps(
    ImplicitLocOpBuilder &b, ValueRange initialState, int64_t size,
    int64_t steps, Value k, ArrayRef<Value> c,
    function_ref<RegisterStep(ImplicitLocOpBuilder &, int64_t step,
                              MutableArrayRef<Value> row, Value position,
                              Value used)>
        body) {
  SmallVector<Value> state(initialState);
  for (int64_t step = 0; step < steps; ++step) {
    auto stepIf = scf::IfOp::create(
        b, arith::CmpIOp::create(b, arith::CmpIPredicate::ult, c[step], k),
        [&](OpBuilder &nested, Location loc) {
          ImplicitLocOpBuilder b(loc, nested);
          SmallVector<Value> row(state.begin(), state.begin() + size);
          Value status = state[size + 2];
          RegisterStep next =
              body(b, step, row, state[size], state[size + 1]);
          Value noError = arith::ConstantOp::create(
              b, b.getIntegerAttr(status.getType(), 0));
          Value firstError = arith::AndIOp::create(
              b, next.singular,
              arith::CmpIOp::create(b, arith::CmpIPredicate::eq, status,
                                    noError));
          status = arith::SelectOp::create(
              b, firstError,
              arith::ConstantOp::create(
                  b, b.getIntegerAttr(status.getType(), step + 1)),
              status);
          row.append({next.position, next.used, status});
          scf::YieldOp::create(b, row);
        },
        [&](OpBuilder &nested, Location loc) {
          ImplicitLocOpBuilder nb(loc, nested);
          scf::YieldOp::create(nb, state);
        });
    state.assign(stepIf.getResults().begin(), stepIf.getResults().end());
  }
  return state;
}

void storeRegisterRowState(ImplicitLocOpBuilder &b, ValueRange state,
                           int64_t size, Value lu, Value permutation,
                           Value info, Value matrix, Value row, Value n,
                           Value rowValid, Value valid, ArrayRef<Value> c) {
  Value position =
      arith::IndexCastUIOp::create(b, b.getIndexType(), state[size]);
  buildIf(b, rowValid, [&](ImplicitLocOpBuilder &b) {
    for (int64_t j = 0; lu && j < size; ++j)
      buildIf(b, arith::CmpIOp::create(b, arith::CmpIPredicate::ult, c[j], n),
              [&](ImplicitLocOpBuilder &b) {
        memref::StoreOp::create(b, state[j], lu,
                                ValueRange{matrix, position, c[j]});
      });
    if (permutation) {
      Type intType = cast<MemRefType>(permutation.getType()).getElementType();
      memref::StoreOp::create(b, arith::IndexCastUIOp::create(b, intType, row),
                              permutation, ValueRange{matrix, position});
    }
  });
  buildIf(b,
          arith::AndIOp::create(
              b, valid,
              arith::CmpIOp::create(b, arith::CmpIPredicate::eq, row, c[0])),
          [&](ImplicitLocOpBuilder &b) {
    memref::StoreOp::create(b, state[size + 2], info, matrix);
  });
}

} // namespace mlir::linalgx::gpu_kernels
