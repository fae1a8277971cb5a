//===- KernelBuilder.cpp - the builder every generated kernel uses -C++ -*-===//
//
//===----------------------------------------------------------------------===//

#include "KernelBuilder.h"

using namespace mlir;

namespace mlir::linalgx::gpu_kernels {

Value KernelBuilder::shuffle(Value value, Value lane, gpu::ShuffleMode mode) {
  KernelBuilder &b = *this;
  Type type = value.getType();
  unsigned width = type.getIntOrFloatBitWidth();
  Type i32 = b.getI32Type(), bitsType = b.getIntegerType(width);
  Value bits = isa<FloatType>(type)
                   ? arith::BitcastOp::create(b, bitsType, value)
                   : value;
  Value warpWidth = b.i32(32);
  auto shuffle32 = [&](Value v) -> Value {
    return gpu::ShuffleOp::create(b, v, lane, warpWidth, mode)
        .getShuffleResult();
  };
  Value result;
  if (width == 32) {
    result = shuffle32(bits);
  } else {
    Value shift = arith::ConstantIntOp::create(b, bitsType, 32);
    Value low = arith::TruncIOp::create(b, i32, bits);
    Value high = arith::TruncIOp::create(b, i32, b.shrU(bits, shift));
    result = b.bitOr(
        b.shl(arith::ExtUIOp::create(b, bitsType, shuffle32(high)), shift),
        arith::ExtUIOp::create(b, bitsType, shuffle32(low)));
  }
  return isa<FloatType>(type) ? arith::BitcastOp::create(b, type, result)
                              : result;
}

Value KernelBuilder::shuffleXor(Value value, int32_t offset) {
  return shuffle(value, i32(offset), gpu::ShuffleMode::XOR);
}

} // namespace mlir::linalgx::gpu_kernels
