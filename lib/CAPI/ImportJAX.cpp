//===- ImportJAX.cpp - Import JAX's exported modules from C ---------------===//
//
// The implementation of linalgx-c/ImportJAX.h.
//
//===----------------------------------------------------------------------===//

#include "linalgx-c/ImportJAX.h"
#include "DiagnosticText.h"
#include "linalgx/Conversion/Passes.h"
#include "linalgx/Dialect/LinalgX/Transforms/Passes.h"
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
#include "mlir/Transforms/Passes.h"

using namespace mlir;
using mlir::linalgx::capi::DiagnosticText;
using mlir::linalgx::capi::report;

MlirLogicalResult
linalgxImportJAX(MlirStringRef source, MlirStringRef sourceName,
                 bool printLocations, LinalgxImportTarget target,
                 MlirStringRef cudaChip, MlirStringRef cudaFeatures,
                 MlirStringCallback outputCallback, void *outputUserData,
                 MlirStringCallback errorCallback, void *errorUserData) {
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
  if (target == LINALGX_IMPORT_IREE_CUDA) {
    pm.addPass(linalgx::createLinalgXFuseLuPermutation());
    linalgx::ConvertLinalgXToIREECUDAOptions cuda;
    if (cudaChip.length)
      cuda.chip = unwrap(cudaChip).str();
    if (cudaFeatures.length)
      cuda.features = unwrap(cudaFeatures).str();
    pm.addPass(linalgx::createConvertLinalgXToIREECUDA(cuda));
  }
  if (target != LINALGX_IMPORT_LINALGX) {
    pm.addPass(linalgx::createConvertLinalgXToLinalg());
    pm.addPass(createCanonicalizerPass());
  }
  if (failed(pm.run(*module)))
    return fail("linalgx-import-jax: the import failed");
  // What no pass took (another dialect's operations) would only fail later,
  // in a pipeline that cannot say why.
  bool unknown = false;
  module->walk([&](Operation *op) {
    // IREE's hal ops are what LINALGX_IMPORT_IREE_CUDA writes.
    if (op->isRegistered() || op->getName().getDialectNamespace() == "hal")
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
  if (!diagnostics.collected().empty())
    report(errorCallback, errorUserData, diagnostics.collected());
  return mlirLogicalResultSuccess();
}
