//===- linalgx-opt.cpp - the linalgx optimizer driver -----------*- C++ -*-===//
//
// mlir-opt with the linalgx dialect, its passes and pipelines, and the
// upstream dialects and passes those pipelines are made of.
//
//===----------------------------------------------------------------------===//

#include "linalgx/InitAllLinalgX.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

int main(int argc, char **argv) {
  mlir::linalgx::registerAllPasses();
  mlir::DialectRegistry registry;
  mlir::linalgx::registerAllDialects(registry);
  // gpu-module-to-binary translates kernels to LLVM IR inside the pipeline.
  mlir::linalgx::registerAllTranslations(registry);
  return mlir::asMainReturnCode(
      mlir::MlirOptMain(argc, argv, "linalgx optimizer driver\n", registry));
}
