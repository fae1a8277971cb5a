//===- GPUProgrammaticLaunch.cpp - griddepcontrol at kernel entry ---------===//
//
// Every kernel of linalgx's kernel module begins with griddepcontrol.wait, and
// the module carries a marker that the CUDA runtime looks for, so that a
// chain of linalgx kernels (the blocked LU's panel, exchanges and updates) is
// launched with programmatic stream serialization: the next kernel's launch
// overlaps the end of the one before it instead of following it.
//
//===----------------------------------------------------------------------===//

#include "linalgx/Conversion/LinalgXToGPU/LinalgXToGPU.h"
#include "linalgx/Conversion/Passes.h"

#include "GPULoweringUtils.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/IR/ImplicitLocOpBuilder.h"

namespace mlir::linalgx {
#define GEN_PASS_DEF_GPUPROGRAMMATICLAUNCH
#include "linalgx/Conversion/Passes.h.inc"
} // namespace mlir::linalgx

using namespace mlir;

namespace {

/// The global whose presence tells the CUDA runtime (runtime/cuda,
/// MgpuWrappers.cpp) that every kernel of the module waits for the grids
/// ahead of it before touching memory.
constexpr StringLiteral kProgrammaticLaunchMarker =
    "linalgx_programmatic_launch";

/// griddepcontrol needs sm_90: true when every target of `module` is an NVVM
/// chip sm_90 or newer.
bool targetsAllowGridDependencyControl(gpu::GPUModuleOp module) {
  ArrayAttr targets = module.getTargetsAttr();
  if (!targets || targets.empty())
    return false;
  return llvm::all_of(targets, [](Attribute target) {
    auto nvvm = dyn_cast<NVVM::NVVMTargetAttr>(target);
    return nvvm && linalgx::nvidiaSmVersion(nvvm.getChip()).value_or(0) >= 90;
  });
}

struct GPUProgrammaticLaunchPass
    : public linalgx::impl::GPUProgrammaticLaunchBase<
          GPUProgrammaticLaunchPass> {
  using Base::Base;

  void runOnOperation() override {
    for (auto module : getOperation().getOps<gpu::GPUModuleOp>()) {
      if (module.getName() != linalgx::gpu_kernels::kKernelModuleName ||
          module.lookupSymbol(kProgrammaticLaunchMarker) ||
          !targetsAllowGridDependencyControl(module))
        continue;
      for (auto kernel : module.getOps<LLVM::LLVMFuncOp>())
        if (!kernel.isExternal() &&
            kernel->hasAttr(NVVM::NVVMDialect::getKernelFuncAttrName()))
          waitAtEntry(kernel);
      OpBuilder b = OpBuilder::atBlockBegin(module.getBody());
      LLVM::GlobalOp::create(b, module.getLoc(), b.getI8Type(),
                             /*isConstant=*/true, LLVM::Linkage::External,
                             kProgrammaticLaunchMarker, b.getI8IntegerAttr(1),
                             /*alignment=*/1, /*addrSpace=*/1);
    }
  }

  void waitAtEntry(LLVM::LLVMFuncOp kernel) {
    ImplicitLocOpBuilder b = ImplicitLocOpBuilder::atBlockBegin(
        kernel.getLoc(), &kernel.getBody().front());
    // Inline PTX with a memory clobber, as CUDA's cudaGridDependencySynchronize
    // is: LLVM models the NVVM intrinsic as touching no memory, so it could
    // hoist a load of the previous grid's results above the wait.
    griddepcontrol(b, "griddepcontrol.wait;");
    if (launchDependentsEarly)
      griddepcontrol(b, "griddepcontrol.launch_dependents;");
  }

  static void griddepcontrol(ImplicitLocOpBuilder &b, StringRef ptx) {
    LLVM::InlineAsmOp::create(
        b, TypeRange{}, ValueRange{}, ptx, "~{memory}",
        /*has_side_effects=*/true, /*is_align_stack=*/false,
        LLVM::tailcallkind::TailCallKind::None,
        LLVM::AsmDialectAttr::get(b.getContext(), LLVM::AsmDialect::AD_ATT),
        /*operand_attrs=*/ArrayAttr());
  }
};

} // namespace
