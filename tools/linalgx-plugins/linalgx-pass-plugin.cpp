//===- linalgx-pass-plugin.cpp - linalgx as an mlir-opt pass plugin -------===//
//
// `mlir-opt --load-pass-plugin=liblinalgx-pass-plugin.so` registers the
// linalgx passes (convert-linalgx-to-loops, convert-linalgx-to-gpu, ...) and
// the named pipelines linalgx-cpu-pipeline and linalgx-gpu-pipeline.
//
// Only the linalgx-specific registrations are made: linalgx::registerAllPasses
// also registers the upstream passes the pipelines are built from, which the
// host mlir-opt has registered already (and pass pipelines must be registered
// exactly once). Load the dialect plugin as well to parse linalgx ops.
//
//===----------------------------------------------------------------------===//

#include "linalgx/Conversion/Passes.h"
#include "linalgx/Dialect/LinalgX/Transforms/Passes.h"
#include "linalgx/Pipelines/Pipelines.h"

#include "mlir/Tools/Plugins/PassPlugin.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/Compiler.h"

using namespace mlir;

static void registerLinalgXPassPlugin() {
  linalgx::registerLinalgXConversionPasses();
  linalgx::registerLinalgXTransformsPasses();
  linalgx::registerPipelines();
}

extern "C" LLVM_ATTRIBUTE_WEAK PassPluginLibraryInfo mlirGetPassPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "LinalgXPasses", LLVM_VERSION_STRING,
          registerLinalgXPassPlugin};
}
