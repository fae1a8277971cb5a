//===- linalgx-dialect-plugin.cpp - linalgx as an mlir-opt dialect plugin -===//
//
// `mlir-opt --load-dialect-plugin=liblinalgx-dialect-plugin.so` makes the
// linalgx dialect, its One-Shot Bufferize models and the upstream dialects and
// interfaces linalgx-opt registers available to a stock mlir-opt.
//
// The plugin is linked against the MLIR and LLVM dylibs that mlir-opt itself
// uses (see CMakeLists.txt), so the upstream registration functions called
// from linalgx::registerAllDialects are the host's: the extensions they add
// are keyed by the same function pointers and the registry drops the copies
// of what mlir-opt registered already.
//
// Passes are the pass plugin's business: registering them here as well would
// abort when both plugins are loaded (pipelines may be registered once only).
//
//===----------------------------------------------------------------------===//

#include "linalgx/InitAllLinalgX.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/Plugins/DialectPlugin.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/Compiler.h"

using namespace mlir;

static void registerLinalgXDialectPlugin(DialectRegistry *registry) {
  linalgx::registerAllDialects(*registry);
  // gpu-module-to-binary (linalgx-gpu-pipeline) translates gpu.modules to
  // LLVM IR; the translations are idempotent like the dialects above.
  linalgx::registerAllTranslations(*registry);
}

extern "C" LLVM_ATTRIBUTE_WEAK DialectPluginLibraryInfo
mlirGetDialectPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "LinalgXDialect", LLVM_VERSION_STRING,
          registerLinalgXDialectPlugin};
}
