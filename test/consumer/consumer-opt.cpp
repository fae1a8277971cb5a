//===- consumer-opt.cpp - an mlir-opt built against installed linalgx ----===//
//
// Uses only the installed headers and the LinalgX:: CMake targets:
//  - the linalgx dialect and the upstream dialects/interfaces its pipelines
//    need, through the public entry point mlir::linalgx::registerAllDialects;
//  - a narrower set of passes than mlir::linalgx::registerAllPasses: only
//    linalgx's own conversion passes (generated Passes.h.inc) and pipelines,
//    none of the upstream passes;
//  - the C++ pipeline API (buildCPUPipeline) inside a pipeline of its own,
//    and the op classes (LinalgXOps.h.inc) in a pass of its own.
//
//===----------------------------------------------------------------------===//

#include "linalgx/Conversion/Passes.h"
#include "linalgx/Dialect/LinalgX/IR/LinalgXOps.h"
#include "linalgx/InitAllLinalgX.h"
#include "linalgx/Pipelines/Pipelines.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

using namespace mlir;

namespace {
/// Tags the module with the number of linalgx ops it contains, seen through
/// the generated op classes.
struct CountLinalgXOpsPass
    : public PassWrapper<CountLinalgXOpsPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(CountLinalgXOpsPass)
  StringRef getArgument() const final { return "consumer-count-linalgx-ops"; }
  StringRef getDescription() const final {
    return "Attach consumer.lu / consumer.pivots_to_permutation counts to the "
           "module";
  }
  void runOnOperation() override {
    int64_t lu = 0, perm = 0;
    getOperation().walk([&](Operation *op) {
      if (isa<linalgx::LuOp>(op))
        ++lu;
      else if (isa<linalgx::PivotsToPermutationOp>(op))
        ++perm;
    });
    Builder b(&getContext());
    getOperation()->setAttr("consumer.lu", b.getI64IntegerAttr(lu));
    getOperation()->setAttr("consumer.pivots_to_permutation",
                            b.getI64IntegerAttr(perm));
  }
};
} // namespace

int main(int argc, char **argv) {
  // Narrower than registerAllPasses(): linalgx's passes and pipelines only.
  linalgx::registerLinalgXConversionPasses();
  linalgx::registerPipelines();
  PassRegistration<CountLinalgXOpsPass>();
  PassPipelineRegistration<>(
      "consumer-cpu-pipeline",
      "linalgx-cpu-pipeline, built from C++ by the consumer",
      [](OpPassManager &pm) {
        linalgx::buildCPUPipeline(pm, linalgx::CPUPipelineOptions());
      });

  DialectRegistry registry;
  linalgx::registerAllDialects(registry);
  return asMainReturnCode(
      MlirOptMain(argc, argv, "linalgx consumer driver\n", registry));
}
