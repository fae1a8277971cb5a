//===- LuCommon.cpp - what the LU kernels share -----------------*- C++ -*-===//
//
// The pieces every generated LU kernel uses: the shared-memory limit, element
// sizes, the pivot search's keys and the multipliers' scaling (LuCommon.h).
//
//===----------------------------------------------------------------------===//

#include "LuCommon.h"
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

/// Bytes of one element of `type` (complex numbers: both parts).
int64_t elementByteSize(Type type) {
  if (auto complexType = dyn_cast<ComplexType>(type))
    return 2 * elementByteSize(complexType.getElementType());
  return type.getIntOrFloatBitWidth() / 8;
}

Type realPartType(Type type) {
  if (auto complexType = dyn_cast<ComplexType>(type))
    return complexType.getElementType();
  return type;
}

Value pivotKey(KernelBuilder &b, const ElementArith &element, Value value,
               Value onDiagonal, Type magnitudeType) {
  Type keyType = b.getIntegerType(magnitudeType.getIntOrFloatBitWidth());
  Value zeroKey = arith::ConstantIntOp::create(b, keyType, 0);
  Value infKey = arith::BitcastOp::create(
      b, keyType,
      arith::ConstantOp::create(
          b, b.getFloatAttr(
                 magnitudeType,
                 APFloat::getInf(
                     cast<FloatType>(magnitudeType).getFloatSemantics()))));
  Value magnitude = element.magnitude(b, value);
  Value isNaN =
      arith::CmpFOp::create(b, arith::CmpFPredicate::UNO, magnitude, magnitude);
  return b.select(isNaN, b.select(onDiagonal, infKey, zeroKey),
                  arith::BitcastOp::create(b, keyType, magnitude));
}

Value reduceMaxKey(KernelBuilder &b, Value key,
                   function_ref<Value(KernelBuilder &, Value)> reduceMax) {
  Type keyType = key.getType(), i32 = b.getI32Type();
  if (keyType.isInteger(32))
    return reduceMax(b, key);
  Value shift = arith::ConstantIntOp::create(b, keyType, 32);
  Value high = arith::TruncIOp::create(b, i32, b.shrU(key, shift));
  Value low = arith::TruncIOp::create(b, i32, key);
  Value bestHigh = reduceMax(b, high);
  Value bestLow =
      reduceMax(b, b.select(b.cmp(arith::CmpIPredicate::eq, high, bestHigh),
                            low, b.i32(0)));
  return b.bitOr(b.shl(arith::ExtUIOp::create(b, keyType, bestHigh), shift),
                 arith::ExtUIOp::create(b, keyType, bestLow));
}

Value scaleByPivot(KernelBuilder &b, const ElementArith &element, Value entry,
                   Value pivot, Value useReciprocal, Value reciprocal) {
  return b.ifThenElse(
      useReciprocal,
      [&](KernelBuilder &b) -> SmallVector<Value> {
        return {element.mul(
            b, entry, reciprocal ? reciprocal : element.reciprocal(b, pivot))};
      },
      [&](KernelBuilder &b) -> SmallVector<Value> {
        return {element.div(b, entry, pivot)};
      })[0];
}

} // namespace mlir::linalgx::gpu_kernels
