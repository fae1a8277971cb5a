//===- ImportJAX.cpp - Import JAX's exported modules from C ---------------===//
//
// The implementation of linalgx-c/ImportJAX.h.
//
//===----------------------------------------------------------------------===//

#include "linalgx-c/ImportJAX.h"
#include "DiagnosticText.h"
#include "linalgx/Conversion/Passes.h"
#include "linalgx/InitAllLinalgX.h"
#include "linalgx/Pipelines/Pipelines.h"

#include "mlir/CAPI/Support.h"
#include "mlir/CAPI/Utils.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OperationSupport.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"

using namespace mlir;
using mlir::linalgx::capi::DiagnosticText;
using mlir::linalgx::capi::report;

MlirLogicalResult linalgxImportJAX(MlirStringRef source,
                                   MlirStringRef sourceName,
                                   bool printLocations, bool lowerToLinalg,
                                   MlirStringCallback outputCallback,
                                   void *outputUserData,
                                   MlirStringCallback errorCallback,
                                   void *errorUserData) {
  DialectRegistry registry;
  linalgx::registerAllDialects(registry);
  MLIRContext context(registry, MLIRContext::Threading::DISABLED);
  context.allowUnregisteredDialects();
  DiagnosticText diagnostics(&context);
  auto fail = [&](llvm::StringRef what) {
    report(errorCallback, errorUserData, diagnostics.describe(what));
    return mlirLogicalResultFailure();
  };

  ParserConfig config(&context);
  OwningOpRef<ModuleOp> module =
      parseSourceString<ModuleOp>(unwrap(source), config, unwrap(sourceName));
  if (!module)
    return fail("linalgx-import-jax: the module does not parse (it must be "
                "in MLIR's generic form; JAX's own bindings print it)");

  PassManager pm(&context);
  linalgx::buildJAXImportPipeline(pm);
  if (lowerToLinalg)
    pm.addPass(linalgx::createConvertLinalgXToLinalg());
  if (failed(pm.run(*module)))
    return fail("linalgx-import-jax: the import failed");
  // What no pass took (another dialect's operations) would only fail later,
  // in a pipeline that cannot say why.
  bool unknown = false;
  module->walk([&](Operation *op) {
    if (op->isRegistered())
      return;
    op->emitError() << "'" << op->getName()
                    << "' is left after the import: linalgx knows no such "
                       "operation";
    unknown = true;
  });
  if (unknown)
    return fail("linalgx-import-jax: the module is not linalgx-ready");

  OpPrintingFlags flags;
  if (printLocations)
    flags.enableDebugInfo();
  detail::CallbackOstream stream(outputCallback, outputUserData);
  module->print(stream, flags);
  stream.flush();
  return mlirLogicalResultSuccess();
}
