//===- Pipelines.h - linalgx end-to-end pipelines ---------------*- C++ -*-===//

#ifndef LINALGX_PIPELINES_PIPELINES_H
#define LINALGX_PIPELINES_PIPELINES_H

#include "mlir/Pass/PassOptions.h"

namespace mlir {
class OpPassManager;

namespace linalgx {

/// Options of `linalgx-cpu-pipeline`.
struct CPUPipelineOptions : public PassPipelineOptions<CPUPipelineOptions> {
  PassOptions::Option<bool> bufferizeFunctionBoundaries{
      *this, "bufferize-function-boundaries",
      llvm::cl::desc("Bufferize function arguments and results (tensor "
                     "signatures become identity-layout memrefs)"),
      llvm::cl::init(true)};
};

/// Tensors or memrefs using linalgx (and upstream linalg/tensor/scf/...) ops
/// all the way to the LLVM dialect, for the CPU.
void buildCPUPipeline(OpPassManager &pm, const CPUPipelineOptions &options);

/// The bufferization prefix shared by every linalgx pipeline: One-Shot
/// Bufferize and buffer deallocation.
void buildBufferizationPipeline(OpPassManager &pm,
                                bool bufferizeFunctionBoundaries);

/// Registers every named linalgx pipeline with the global pass registry.
void registerPipelines();

} // namespace linalgx
} // namespace mlir

#endif // LINALGX_PIPELINES_PIPELINES_H
