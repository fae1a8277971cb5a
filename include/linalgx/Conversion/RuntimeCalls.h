//===- RuntimeCalls.h - calling the linalgx runtimes ------------*- C++ -*-===//
//
// What the lowerings that call a linalgx runtime library share: the CPU one
// (convert-linalgx-to-cpu-runtime, linalgxCpuGetrf) and the CUDA one
// (convert-linalgx-to-gpu, linalgxCudaGetrf) take the same element type codes
// and raw pointers, declared as private func.func symbols of the module.
//
//===----------------------------------------------------------------------===//

#ifndef LINALGX_CONVERSION_RUNTIMECALLS_H
#define LINALGX_CONVERSION_RUNTIMECALLS_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/ImplicitLocOpBuilder.h"

namespace mlir::linalgx {

/// The element type code of the runtimes' getrf entry points: 0 f32, 1 f64,
/// 2 complex<f32>, 3 complex<f64>.
inline int32_t runtimeElementTypeCode(Type type) {
  if (type.isF32())
    return 0;
  if (type.isF64())
    return 1;
  return cast<ComplexType>(type).getElementType().isF32() ? 2 : 3;
}

/// The private func.func `name` of `type` in `module`, declared at the top of
/// the module the first time it is asked for. (The passes check beforehand
/// that an existing `name` has this type.)
inline func::FuncOp getOrDeclareRuntimeFunction(ModuleOp module, StringRef name,
                                                FunctionType type) {
  if (auto existing = module.lookupSymbol<func::FuncOp>(name))
    return existing;
  OpBuilder b = OpBuilder::atBlockBegin(module.getBody());
  auto function = func::FuncOp::create(b, module.getLoc(), name, type);
  function.setPrivate();
  return function;
}

/// The aligned pointer of `memref` (the address of its first element, for
/// identity layouts) as the `!llvm.ptr` a C function takes.
inline Value alignedPointer(ImplicitLocOpBuilder &b, Value memref) {
  Value address = memref::ExtractAlignedPointerAsIndexOp::create(b, memref);
  Value asInteger = arith::IndexCastOp::create(b, b.getI64Type(), address);
  return LLVM::IntToPtrOp::create(b, LLVM::LLVMPointerType::get(b.getContext()),
                                  asInteger);
}

} // namespace mlir::linalgx

#endif // LINALGX_CONVERSION_RUNTIMECALLS_H
