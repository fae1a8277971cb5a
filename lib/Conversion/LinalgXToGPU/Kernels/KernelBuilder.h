//===- KernelBuilder.h - small builders for generated kernels ---*- C++ -*-===//
//
// Shared by the kernels of the GPU lowering (LinalgXToGPU.cpp,
// GeneratedLu.cpp). Internal to lib/Conversion/LinalgXToGPU.
//
//===----------------------------------------------------------------------===//

#ifndef LINALGX_LIB_CONVERSION_LINALGXTOGPU_KERNELBUILDER_H
#define LINALGX_LIB_CONVERSION_LINALGXTOGPU_KERNELBUILDER_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/ImplicitLocOpBuilder.h"

namespace mlir::linalgx::gpu_kernels {

/// The integer arithmetic of kernel bodies, spelled short (index or
/// integer operands alike).
inline Value add(ImplicitLocOpBuilder &b, Value x, Value y) {
  return arith::AddIOp::create(b, x, y);
}
inline Value mul(ImplicitLocOpBuilder &b, Value x, Value y) {
  return arith::MulIOp::create(b, x, y);
}
/// x and y, for i1 conditions.
inline Value both(ImplicitLocOpBuilder &b, Value x, Value y) {
  return arith::AndIOp::create(b, x, y);
}

/// Builds `scf.for iv = lb to ub step step { body(iv) }`.
inline void buildLoop(ImplicitLocOpBuilder &b, Value lb, Value ub, Value step,
               function_ref<void(ImplicitLocOpBuilder &, Value)> body) {
  scf::ForOp::create(b, lb, ub, step, ValueRange(),
                     [&](OpBuilder &nested, Location loc, Value iv, ValueRange) {
                       ImplicitLocOpBuilder nb(loc, nested);
                       body(nb, iv);
                       scf::YieldOp::create(nb);
                     });
}

/// `memref` (identity layout, every size dynamic) with its trailing sizes
/// `trailing` made static: a kernel specialized for one static shape casts
/// its arguments so, and every address and bound in it folds to constants.
inline Value withStaticTrailingSizes(ImplicitLocOpBuilder &b, Value memref,
                                     ArrayRef<int64_t> trailing) {
  auto type = cast<MemRefType>(memref.getType());
  SmallVector<int64_t> shape(type.getShape().drop_back(trailing.size()));
  llvm::append_range(shape, trailing);
  return memref::CastOp::create(
      b, MemRefType::get(shape, type.getElementType()), memref);
}

/// A shared-memory buffer type for a kernel's workgroup attributions.
inline MemRefType workgroupMemRef(ArrayRef<int64_t> shape, Type elementType) {
  auto space = gpu::AddressSpaceAttr::get(elementType.getContext(),
                                          gpu::AddressSpace::Workgroup);
  return MemRefType::get(shape, elementType, MemRefLayoutAttrInterface(),
                         space);
}

/// Builds `scf.if condition { then() }`.
inline void buildIf(ImplicitLocOpBuilder &b, Value condition,
             function_ref<void(ImplicitLocOpBuilder &)> then) {
  scf::IfOp::create(b, condition, [&](OpBuilder &nested, Location loc) {
    ImplicitLocOpBuilder nb(loc, nested);
    then(nb);
    scf::YieldOp::create(nb);
  });
}

/// Builds `scf.if condition -> (...) { then() } else { otherwise() }` and
/// returns its results.
inline SmallVector<Value>
buildIfElse(ImplicitLocOpBuilder &b, Value condition,
            function_ref<SmallVector<Value>(ImplicitLocOpBuilder &)> then,
            function_ref<SmallVector<Value>(ImplicitLocOpBuilder &)> otherwise) {
  auto op = scf::IfOp::create(
      b, condition,
      [&](OpBuilder &nested, Location loc) {
        ImplicitLocOpBuilder nb(loc, nested);
        scf::YieldOp::create(nb, then(nb));
      },
      [&](OpBuilder &nested, Location loc) {
        ImplicitLocOpBuilder nb(loc, nested);
        scf::YieldOp::create(nb, otherwise(nb));
      });
  return SmallVector<Value>(op.getResults());
}

} // namespace mlir::linalgx::gpu_kernels

#endif // LINALGX_LIB_CONVERSION_LINALGXTOGPU_KERNELBUILDER_H
