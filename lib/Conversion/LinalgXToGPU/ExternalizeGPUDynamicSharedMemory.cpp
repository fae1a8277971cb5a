//===- ExternalizeGPUDynamicSharedMemory.cpp - extern __shared__ ----------===//
//
// convert-gpu-to-nvvm declares dynamic shared memory as an internal global
// of zero bytes, which lets LLVM reason as if no access to it could be in
// bounds; external linkage (CUDA's extern __shared__) leaves its size
// unknown, so that the accesses keep their order.
//
//===----------------------------------------------------------------------===//

#include "linalgx/Conversion/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

namespace mlir::linalgx {
#define GEN_PASS_DEF_EXTERNALIZEGPUDYNAMICSHAREDMEMORY
#include "linalgx/Conversion/Passes.h.inc"
} // namespace mlir::linalgx

using namespace mlir;

namespace {

/// The prefix of the symbols convert-gpu-to-nvvm gives the globals it
/// creates for gpu.dynamic_shared_memory.
constexpr StringLiteral kDynamicSharedMemoryPrefix = "__dynamic_shmem__";

struct ExternalizeGPUDynamicSharedMemoryPass
    : public linalgx::impl::ExternalizeGPUDynamicSharedMemoryBase<
          ExternalizeGPUDynamicSharedMemoryPass> {
  void runOnOperation() override {
    getOperation().walk([](gpu::GPUModuleOp module) {
      for (auto global : module.getOps<LLVM::GlobalOp>())
        if (global.getSymName().starts_with(kDynamicSharedMemoryPrefix) &&
            global.getLinkage() == LLVM::Linkage::Internal)
          global.setLinkage(LLVM::Linkage::External);
    });
  }
};

} // namespace
