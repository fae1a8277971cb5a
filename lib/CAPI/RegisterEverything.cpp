//===- RegisterEverything.cpp - register linalgx from C -------------------===//

#include "linalgx-c/RegisterEverything.h"
#include "linalgx/InitAllLinalgX.h"

#include "mlir/CAPI/IR.h"

#include <mutex>

void linalgxRegisterAllDialects(MlirDialectRegistry registry) {
  mlir::linalgx::registerAllDialects(*unwrap(registry));
}

void linalgxRegisterAllTranslations(MlirDialectRegistry registry) {
  mlir::linalgx::registerAllTranslations(*unwrap(registry));
}

void linalgxRegisterAllPasses(void) {
  // MLIR builds with assertions abort when a pipeline name is registered
  // twice, and C callers (and linalgxRunPipeline) may call this more than
  // once.
  static std::once_flag registered;
  std::call_once(registered, [] { mlir::linalgx::registerAllPasses(); });
}
