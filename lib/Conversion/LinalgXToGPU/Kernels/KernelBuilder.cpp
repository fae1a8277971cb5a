//===- KernelBuilder.cpp - the builder every generated kernel uses -C++ -*-===//
//
//===----------------------------------------------------------------------===//

#include "KernelBuilder.h"

#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

using namespace mlir;

namespace mlir::linalgx::gpu_kernels {

Value KernelBuilder::inlinePtx(Type resultType, ValueRange operands,
                               StringRef ptx, StringRef constraints,
                               bool sideEffects) {
  auto op = LLVM::InlineAsmOp::create(
      *this, resultType ? TypeRange{resultType} : TypeRange{}, operands, ptx,
      constraints, sideEffects, /*is_align_stack=*/false,
      LLVM::tailcallkind::TailCallKind::None,
      LLVM::AsmDialectAttr::get(getContext(), LLVM::AsmDialect::AD_ATT),
      /*operand_attrs=*/ArrayAttr());
  return resultType ? op.getResult(0) : Value();
}

Value KernelBuilder::shuffle(Value value, Value lane, gpu::ShuffleMode mode) {
  KernelBuilder &b = *this;
  Type type = value.getType();
  if (auto complexType = dyn_cast<ComplexType>(type))
    return complex::CreateOp::create(
        b, complexType, shuffle(complex::ReOp::create(b, value), lane, mode),
        shuffle(complex::ImOp::create(b, value), lane, mode));
  if (type.isInteger(1))
    return arith::TruncIOp::create(
        b, type,
        shuffle(arith::ExtUIOp::create(b, b.getI32Type(), value), lane, mode));
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

void KernelBuilder::switchOn(
    Value selector, ArrayRef<int64_t> values,
    function_ref<void(KernelBuilder &, int64_t)> body) {
  auto switchOp = scf::IndexSwitchOp::create(*this, TypeRange(), selector,
                                             values, values.size());
  for (auto [region, value] :
       llvm::zip_equal(switchOp.getCaseRegions(), values)) {
    KernelBuilder nested(getLoc(), getContext());
    nested.setInsertionPointToStart(&region.emplaceBlock());
    body(nested, value);
    scf::YieldOp::create(nested);
  }
  KernelBuilder nested(getLoc(), getContext());
  nested.setInsertionPointToStart(&switchOp.getDefaultRegion().emplaceBlock());
  scf::YieldOp::create(nested);
}

} // namespace mlir::linalgx::gpu_kernels
