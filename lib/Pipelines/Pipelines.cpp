//===- Pipelines.cpp - linalgx end-to-end pipelines -------------*- C++ -*-===//

#include "linalgx/Pipelines/Pipelines.h"
#include "linalgx/Conversion/Passes.h"
#include "linalgx/Dialect/LinalgX/Transforms/Passes.h"

#include "mlir/Conversion/Passes.h"
#include "mlir/Dialect/Bufferization/Pipelines/Passes.h"
#include "mlir/Dialect/Bufferization/Transforms/Passes.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/Pipelines/Passes.h"
#include "mlir/Dialect/Linalg/Passes.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;

/// The bufferization prefix shared by every linalgx pipeline: One-Shot
/// Bufferize and (optionally) buffer deallocation.
template <typename Derived>
static void buildBufferizationPipeline(
    OpPassManager &pm,
    const linalgx::BufferizationPipelineOptions<Derived> &options) {
  // On tensors still: an lu and the permutation of its pivots become one op,
  // which the GPU lowering computes in one kernel.
  pm.addPass(linalgx::createLinalgXFuseLuPermutation());
  bufferization::OneShotBufferizePassOptions bufferization;
  bufferization.bufferizeFunctionBoundaries =
      options.bufferizeFunctionBoundaries;
  // Identity layouts at function boundaries keep signatures plain
  // (`memref<4x4xf64>`), which is what the runner utilities and C callers
  // expect.
  bufferization.functionBoundaryTypeConversion =
      bufferization::LayoutMapOption::IdentityLayoutMap;
  pm.addPass(bufferization::createOneShotBufferizePass(bufferization));
  pm.addPass(createCanonicalizerPass());
  if (options.deallocateBuffers) {
    bufferization::BufferDeallocationPipelineOptions deallocation;
    bufferization::buildBufferDeallocationPipeline(pm, deallocation);
  }
  // Deallocation may clone buffers that escape through function results.
  pm.addPass(createConvertBufferizationToMemRefPass());
}

void linalgx::buildCPUPipeline(OpPassManager &pm,
                               const CPUPipelineOptions &options) {
  buildBufferizationPipeline(pm, options);

  // linalg.lu to CPU runtime calls (unless lu-strategy=loops), then what is
  // left of linalgx and linalg to loops (vector.print stays for the runner).
  ConvertLinalgXToCPURuntimeOptions runtime;
  runtime.luStrategy = options.luStrategy;
  pm.addPass(createConvertLinalgXToCPURuntime(runtime));
  pm.addPass(createConvertLinalgXToLoops());
  pm.addNestedPass<func::FuncOp>(createConvertLinalgToLoopsPass());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());

  // Loops to the LLVM dialect. The generated CPU code's scf.parallel loops
  // (its batches) become OpenMP worksharing loops, run by libomp's thread
  // pool. Complex division and absolute value are expanded to real
  // arithmetic; memref metadata is made explicit so the final memref
  // conversion sees only simple descriptors. That conversion runs before
  // scf-to-cf because convert-scf-to-openmp wraps each parallel body in a
  // memref.alloca_scope, whose region must stay a single block until
  // memref-to-llvm turns it into a stack save and restore.
  pm.addPass(createConvertSCFToOpenMPPass());
  pm.addPass(createConvertVectorToSCFPass());
  pm.addPass(createConvertComplexToStandardPass());
  pm.addPass(memref::createExpandStridedMetadataPass());
  pm.addPass(createLowerAffinePass());
  pm.addPass(createFinalizeMemRefToLLVMConversionPass());
  pm.addPass(createSCFToControlFlowPass());
  pm.addPass(createConvertVectorToLLVMPass());
  pm.addPass(createConvertMathToLLVMPass());
  pm.addPass(createConvertComplexToLLVMPass());
  pm.addPass(createArithToLLVMConversionPass());
  pm.addPass(createConvertIndexToLLVMPass());
  pm.addPass(createConvertFuncToLLVMPass());
  pm.addPass(createConvertControlFlowToLLVMPass());
  // The omp ops' own operands and block arguments (index to i64).
  pm.addPass(createConvertOpenMPToLLVMPass());
  pm.addPass(createReconcileUnrealizedCastsPass());
}

void linalgx::buildGPUPipeline(OpPassManager &pm,
                               const GPUPipelineOptions &options) {
  buildBufferizationPipeline(pm, options);

  ConvertLinalgXToGPUOptions lowering;
  lowering.hostBuffers = options.hostBuffers;
  lowering.luStrategy = options.luStrategy;
  lowering.cyclicLuMaxBatch = options.cyclicLuMaxBatch;
  lowering.cyclicLuMaxWarps = options.cyclicLuMaxWarps;
  lowering.panelLuMaxSize = options.panelLuMaxSize;
  lowering.blockedLuMaxSize = options.blockedLuMaxSize;
  lowering.blockedLuMinBatch = options.blockedLuMinBatch;
  pm.addPass(createConvertLinalgXToGPU(lowering));
  // What remains outside the kernels runs on the host.
  pm.addNestedPass<func::FuncOp>(createConvertLinalgToLoopsPass());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  pm.addPass(createConvertComplexToStandardPass());
  pm.addPass(createConvertVectorToSCFPass());

  // Upstream's NVVM pipeline: kernels to NVVM, PTX and a fatbin through
  // ptxas; host code, launches and gpu.* runtime calls to LLVM.
  gpu::GPUToNVVMPipelineOptions nvvm;
  nvvm.cubinChip = options.chip;
  nvvm.cubinFeatures = options.features;
  nvvm.cubinFormat = options.format;
  gpu::buildLowerToNVVMPassPipeline(pm, nvvm);
}

void linalgx::registerPipelines() {
  PassPipelineRegistration<GPUPipelineOptions>(
      "linalgx-gpu-pipeline",
      "Lower a module using linalgx ops on tensors or memrefs to the LLVM "
      "dialect with its kernels compiled for an NVIDIA GPU (default sm_90) "
      "and calls of the linalgx CUDA runtime",
      buildGPUPipeline);
  PassPipelineRegistration<CPUPipelineOptions>(
      "linalgx-cpu-pipeline",
      "Lower a module using linalgx ops on tensors or memrefs to the LLVM "
      "dialect for the CPU (bufferize, CPU runtime calls and loops, LLVM)",
      buildCPUPipeline);
}
