//===- Pipelines.cpp - build and run linalgx pipelines from C -------------===//

#include "linalgx-c/Pipelines.h"
#include "linalgx-c/RegisterEverything.h"
#include "linalgx/Pipelines/Pipelines.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Pass.h"
#include "mlir/CAPI/Support.h"
#include "mlir/CAPI/Utils.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Operation.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;

MlirLogicalResult linalgxRunPipeline(MlirOperation cOp,
                                     MlirStringRef cPipeline) {
  if (mlirOperationIsNull(cOp))
    return mlirLogicalResultFailure();
  Operation *op = unwrap(cOp);
  StringRef pipeline = unwrap(cPipeline).trim();
  linalgxRegisterAllPasses();

  // The verifier reports through the context's diagnostics itself.
  if (failed(verify(op)))
    return wrap(failure());

  PassManager pm(op->getContext(), op->getName().getStringRef());
  std::string errors;
  llvm::raw_string_ostream errorStream(errors);
  // "builtin.module(...)" is the anchored form of mlirParsePassPipeline;
  // anything else ("linalgx-cpu-pipeline", "func.func(canonicalize),cse") is
  // a pass list for `op`, as for mlirOpPassManagerAddPipeline.
  std::string anchor = (op->getName().getStringRef() + "(").str();
  if (pipeline.starts_with(anchor)) {
    FailureOr<OpPassManager> parsed = parsePassPipeline(pipeline, errorStream);
    if (succeeded(parsed))
      static_cast<OpPassManager &>(pm) = std::move(*parsed);
    else
      return wrap(emitError(op->getLoc())
                  << "linalgx: cannot parse pass pipeline '" << pipeline
                  << "': " << StringRef(errors).trim());
  } else if (failed(parsePassPipeline(pipeline, pm, errorStream))) {
    return wrap(emitError(op->getLoc())
                << "linalgx: cannot parse pass pipeline '" << pipeline
                << "': " << StringRef(errors).trim());
  }
  // Failing passes emit their own diagnostics.
  return wrap(pm.run(op));
}

/// Parses `options` into a T (PassPipelineOptions) and appends the pipeline
/// `build` makes of them to `passManager`.
template <typename T, typename BuildFn>
static MlirLogicalResult
buildPipeline(MlirOpPassManager passManager, MlirStringRef options,
              MlirStringCallback errorCallback, void *userData, StringRef name,
              BuildFn build) {
  T parsed;
  std::string errors;
  llvm::raw_string_ostream errorStream(errors);
  if (failed(parsed.parseFromString(unwrap(options), errorStream))) {
    if (errorCallback) {
      // Unknown options are reported into `errors`; invalid values are
      // printed to stderr by llvm::cl itself, so name the options here.
      std::string message = ("linalgx: invalid options for " + name + " '" +
                             unwrap(options) + "'")
                                .str();
      if (!StringRef(errors).trim().empty())
        message += (": " + StringRef(errors).trim()).str();
      errorCallback(mlirStringRefCreate(message.data(), message.size()),
                    userData);
    }
    return mlirLogicalResultFailure();
  }
  build(*unwrap(passManager), parsed);
  return mlirLogicalResultSuccess();
}

MlirLogicalResult linalgxBuildCPUPipeline(MlirOpPassManager passManager,
                                          MlirStringRef options,
                                          MlirStringCallback errorCallback,
                                          void *userData) {
  return buildPipeline<linalgx::CPUPipelineOptions>(
      passManager, options, errorCallback, userData, "linalgx-cpu-pipeline",
      linalgx::buildCPUPipeline);
}

MlirLogicalResult linalgxBuildGPUPipeline(MlirOpPassManager passManager,
                                          MlirStringRef options,
                                          MlirStringCallback errorCallback,
                                          void *userData) {
  return buildPipeline<linalgx::GPUPipelineOptions>(
      passManager, options, errorCallback, userData, "linalgx-gpu-pipeline",
      linalgx::buildGPUPipeline);
}
