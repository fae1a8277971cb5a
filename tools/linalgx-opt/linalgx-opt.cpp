//===- linalgx-opt.cpp - the linalgx optimizer driver -----------*- C++ -*-===//
//
// mlir-opt with the linalgx dialect, its passes and pipelines, and the
// upstream dialects and passes those pipelines are made of.
//
//===----------------------------------------------------------------------===//

#include "linalgx/InitAllLinalgX.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

namespace {
/// Whether `path` holds StableHLO in its custom form, as jax.export prints
/// it (`%0 = stablehlo.constant ...`); the generic form quotes every name
/// (`"stablehlo.constant"`) and `#stablehlo<...>` attributes follow a `#`.
bool holdsCustomFormStableHLO(llvm::StringRef path) {
  if (path == "-")
    return false;
  auto buffer = llvm::MemoryBuffer::getFile(path);
  return buffer && (*buffer)->getBuffer().contains(" stablehlo.");
}
} // namespace

int main(int argc, char **argv) {
  mlir::linalgx::registerAllPasses();
  mlir::DialectRegistry registry;
  mlir::linalgx::registerAllDialects(registry);
  // gpu-module-to-binary translates kernels to LLVM IR inside the pipeline.
  mlir::linalgx::registerAllTranslations(registry);
  auto [input, output] = mlir::registerAndParseCLIOptions(
      argc, argv, "linalgx optimizer driver\n", registry);
  if (succeeded(mlir::MlirOptMain(argc, argv, input, output, registry)))
    return 0;
  if (holdsCustomFormStableHLO(input))
    llvm::errs()
        << "linalgx-opt: note: " << input
        << " looks like StableHLO as jax.export prints it; linalgx-opt reads "
           "StableHLO only in MLIR's generic form. Import it with "
           "`linalgx-import-jax "
        << input
        << " -o imported.mlir` (the Python package's command, which reads "
           "JAX's output with JAX's own bindings), or pass the generic form "
           "(module.operation.get_asm(print_generic_op_form=True)) with "
           "--allow-unregistered-dialect --linalgx-import-jax\n";
  return 1;
}
