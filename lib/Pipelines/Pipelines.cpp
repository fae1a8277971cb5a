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
#include "mlir/Target/LLVM/NVVM/Utils.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Config/Targets.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/TargetParser/Triple.h"

#include <memory>

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
  // Factors that only a solve or a determinant reads need not be stored:
  // lu + lu_solve becomes one solve (lu + lu_det one det), which the GPU
  // lowering fuses into one kernel.
  pm.addPass(linalgx::createLinalgXFuseLuConsumers());
  bufferization::OneShotBufferizePassOptions bufferization;
  bufferization.bufferizeFunctionBoundaries =
      options.bufferizeFunctionBoundaries;
  // Identity layouts at function boundaries keep signatures plain
  // (`memref<4x4xf64>`), which is what the runner utilities and C callers
  // expect.
  bufferization.functionBoundaryTypeConversion =
      bufferization::LayoutMapOption::IdentityLayoutMap;
  // Loops on tensors that yield new values (convert-linalgx-to-linalg's
  // steps, user code) get a buffer per iteration rather than an error.
  bufferization.allowReturnAllocsFromLoops = true;
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

  // linalg.lu to CPU runtime calls (unless lu-strategy=loops), solve of
  // small real matrices fused into the generated LU, the other solves and
  // the determinants as an lu (to the runtime's) and their consumer; then
  // what is left of linalgx and linalg to loops (vector.print stays for the
  // runner). With lu-strategy=loops the fused ops are decomposed after.
  ConvertLinalgXToCPURuntimeOptions runtime;
  runtime.luStrategy = options.luStrategy;
  pm.addPass(createConvertLinalgXToCPURuntime(runtime));
  pm.addPass(linalgx::createLinalgXDecomposeFusedLu());
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

//===----------------------------------------------------------------------===//
// GPU target options
//===----------------------------------------------------------------------===//

/// The oldest architecture the generated kernels run on: they use cp.async
/// and redux.sync, which NVPTX selects from sm_80 on.
static constexpr unsigned kMinimumSM = 80;

/// The PTX ISA versions LLVM 22's NVPTX backend requires of the chips it
/// knows (a smaller `+ptxNN` feature aborts code generation).
static unsigned minimumPTXVersion(StringRef chip) {
  return llvm::StringSwitch<unsigned>(chip)
      .Case("sm_80", 70)
      .Case("sm_86", 71)
      .Case("sm_87", 74)
      .Cases({"sm_89", "sm_90"}, 78)
      .Case("sm_90a", 80)
      .Cases({"sm_100", "sm_100a", "sm_101", "sm_101a"}, 86)
      .Cases({"sm_120", "sm_120a"}, 87)
      .Cases({"sm_103", "sm_103a", "sm_121", "sm_121a"}, 88)
      .Default(0);
}

/// NVPTX's subtarget description: the chips and features it knows.
static std::unique_ptr<llvm::MCSubtargetInfo> nvptxSubtargetInfo() {
#if LLVM_HAS_NVPTX_TARGET
  LLVMInitializeNVPTXTargetInfo();
  LLVMInitializeNVPTXTargetMC();
  std::string error;
  llvm::Triple triple("nvptx64-nvidia-cuda");
  if (const llvm::Target *target =
          llvm::TargetRegistry::lookupTarget(triple, error))
    return std::unique_ptr<llvm::MCSubtargetInfo>(
        target->createMCSubtargetInfo(triple, "", ""));
#endif
  return nullptr;
}

LogicalResult
linalgx::verifyGPUPipelineOptions(const GPUPipelineOptions &options,
                                  function_ref<void(const Twine &)> emitError) {
  bool valid = true;
  auto fail = [&](const Twine &message) {
    emitError("linalgx-gpu-pipeline: " + message);
    valid = false;
  };
  StringRef format = options.format;
  if (!llvm::is_contained({"fatbin", "bin", "isa", "offload"}, format))
    fail("format='" + format +
         "' is not one of fatbin, bin (cubin), isa (PTX) or offload");

  std::unique_ptr<llvm::MCSubtargetInfo> subtarget = nvptxSubtargetInfo();
  if (!subtarget) {
    fail("this LLVM was built without the NVPTX target");
    return failure();
  }
  StringRef chip = options.chip;
  std::optional<unsigned> sm = nvidiaSmVersion(chip);
  if (!subtarget->isCPUStringValid(chip) || !sm)
    fail("chip='" + chip +
         "' is not an NVIDIA GPU architecture LLVM knows (e.g. sm_90)");
  else if (*sm < kMinimumSM)
    fail("chip='" + chip + "': linalgx's kernels need sm_" + Twine(kMinimumSM) +
         " or newer (cp.async, redux.sync)");

  unsigned ptxVersion = 0;
  for (StringRef feature : llvm::split(StringRef(options.features), ',')) {
    feature = feature.trim();
    if (feature.empty())
      continue;
    StringRef name = feature.drop_front();
    bool known = llvm::any_of(
        subtarget->getAllProcessorFeatures(),
        [&](const llvm::SubtargetFeatureKV &kv) { return name == kv.Key; });
    if ((feature[0] != '+' && feature[0] != '-') || !known) {
      fail("features='" + options.features + "': '" + feature +
           "' is not +name or -name of a feature NVPTX knows (e.g. +ptx80)");
      continue;
    }
    unsigned version;
    if (feature[0] == '+' && name.consume_front("ptx") &&
        !name.getAsInteger(10, version))
      ptxVersion = std::max(ptxVersion, version);
  }
  unsigned required = minimumPTXVersion(chip);
  if (ptxVersion && required && ptxVersion < required)
    fail("features='" + options.features + "': " + chip + " needs PTX ISA " +
         Twine(required / 10) + "." + Twine(required % 10) + " or newer (+ptx" +
         Twine(required) + ")");
  // st.async came with PTX ISA 8.1; below it ptxas rejects the kernels.
  if (options.blockedLuRegisterPanelPush &&
      options.blockedLuRegisterPanelAsyncPush && ptxVersion < 81)
    fail("features='" + options.features +
         "': lu-blocked-register-panel-async-push (on by default) stores "
         "with st.async, which needs PTX ISA 8.1 or newer (+ptx81); or pass "
         "lu-blocked-register-panel-async-push=false");
  return success(valid);
}

void linalgx::buildGPUKernelPipeline(OpPassManager &pm,
                                     const GPUPipelineOptions &options) {
  ConvertLinalgXToGPUOptions lowering;
  lowering.hostBuffers = options.hostBuffers;
  lowering.luStrategy = options.luStrategy;
  lowering.cyclicLuMaxBatch = options.cyclicLuMaxBatch;
  lowering.cyclicLuMaxWarps = options.cyclicLuMaxWarps;
  lowering.panelLuMaxSize = options.panelLuMaxSize;
  lowering.panelLuAnyBatchMinSize = options.panelLuAnyBatchMinSize;
  lowering.panelLuOverlapCopies = options.panelLuOverlapCopies;
  lowering.blockedLuMaxSize = options.blockedLuMaxSize;
  lowering.blockedLuMinBatch = options.blockedLuMinBatch;
  lowering.blockedLuSingleMaxBytes = options.blockedLuSingleMaxBytes;
  lowering.blockedLuClusterMaxBatch = options.blockedLuClusterMaxBatch;
  lowering.blockedLuTensorCores = options.blockedLuTensorCores;
  lowering.blockedLuGemmMinRows = options.blockedLuGemmMinRows;
  lowering.blockedLuGemmMinRowsF32 = options.blockedLuGemmMinRowsF32;
  lowering.blockedLuRegisterPanelMaxRows =
      options.blockedLuRegisterPanelMaxRows;
  lowering.blockedLuRegisterPanelMaxRowsF32 =
      options.blockedLuRegisterPanelMaxRowsF32;
  lowering.blockedLuGemmLookAhead = options.blockedLuGemmLookAhead;
  lowering.blockedLuGemmBlockColumns = options.blockedLuGemmBlockColumns;
  lowering.blockedLuGemmBlockMinRows = options.blockedLuGemmBlockMinRows;
  lowering.blockedLuGemmBlockMinRowsF32 = options.blockedLuGemmBlockMinRowsF32;
  lowering.blockedLuLookAheadKernel = options.blockedLuLookAheadKernel;
  lowering.blockedLuRegisterPanelLocalPivotRow =
      options.blockedLuRegisterPanelLocalPivotRow;
  lowering.blockedLuRegisterPanelHandshake =
      options.blockedLuRegisterPanelHandshake;
  lowering.blockedLuRegisterPanelPush = options.blockedLuRegisterPanelPush;
  lowering.blockedLuRegisterPanelAsyncPush =
      options.blockedLuRegisterPanelAsyncPush;
  lowering.blockedLuColumnSolve = options.blockedLuColumnSolve;
  lowering.blockedLuSplitRegisterPanel = options.blockedLuSplitRegisterPanel;
  lowering.luExactSizes.assign(options.luExactSizes.begin(),
                               options.luExactSizes.end());
  lowering.mgDevices.assign(options.mgDevices.begin(), options.mgDevices.end());
  lowering.mgBlockSize = options.mgBlockSize;
  pm.addPass(createConvertLinalgXToGPU(lowering));
  // What remains outside the kernels runs on the host.
  pm.addNestedPass<func::FuncOp>(createConvertLinalgToLoopsPass());
  // A memref.reshape to a shape with a dynamic dimension (a tensor.reshape
  // of a shape-polymorphic JAX export's solve) becomes a
  // memref.reinterpret_cast: upstream's gpu-to-llvm, which lowers the host's
  // memref ops in the NVVM pipeline below, leaves such a reshape unconverted
  // (finalize-memref-to-llvm, the CPU pipeline's, lowers it).
  pm.addNestedPass<func::FuncOp>(memref::createExpandOpsPass());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  pm.addPass(createConvertComplexToStandardPass());
  pm.addPass(createConvertVectorToSCFPass());
}

/// Upstream's NVVM pipeline with linalgx-externalize-gpu-dynamic-shared-memory
/// and linalgx-gpu-programmatic-launch between convert-gpu-to-nvvm and
/// gpu-module-to-binary (the passes say why):
/// upstream builds it, and its textual form is parsed back with the pass
/// spliced in, so that what upstream's pipeline runs stays its own. Parsing
/// needs those passes registered: every tool and library that builds the
/// GPU pipeline calls linalgx::registerAllPasses first.
static void addLowerToNVVMPipeline(OpPassManager &pm,
                                   const gpu::GPUToNVVMPipelineOptions &nvvm,
                                   bool launchDependentsEarly) {
  OpPassManager upstream(pm.getOpAnchorName(), pm.getNesting());
  gpu::buildLowerToNVVMPassPipeline(upstream, nvvm);
  std::string text;
  llvm::raw_string_ostream os(text);
  upstream.printAsTextualPipeline(os);
  StringRef anchored(text);
  StringRef passes = anchored;
  if (anchored.consume_front(pm.getOpAnchorName()) &&
      anchored.consume_front("(") && anchored.consume_back(")"))
    passes = anchored;
  size_t serialization = passes.find("gpu-module-to-binary");
  if (serialization == StringRef::npos)
    llvm::report_fatal_error(
        Twine("upstream's NVVM pipeline has no gpu-module-to-binary: ") + text);
  std::string spliced = (passes.take_front(serialization) +
                         "linalgx-externalize-gpu-dynamic-shared-memory," +
                         "linalgx-gpu-programmatic-launch{launch-dependents-"
                         "early=" +
                         (launchDependentsEarly ? "true" : "false") + "}," +
                         passes.drop_front(serialization))
                            .str();
  std::string errors;
  llvm::raw_string_ostream errorStream(errors);
  if (failed(parsePassPipeline(spliced, pm, errorStream)))
    llvm::report_fatal_error(
        Twine("cannot parse the NVVM pipeline (are its passes registered? "
              "linalgx::registerAllPasses) ") +
        spliced + ": " + errors);
}

void linalgx::buildGPUBinaryPipeline(OpPassManager &pm,
                                     const GPUPipelineOptions &options,
                                     bool barePointerKernels) {
  // Upstream's NVVM pipeline: kernels to NVVM, PTX and a fatbin through
  // ptxas; host code, launches and gpu.* runtime calls to LLVM.
  std::string cacheDir = options.binaryCache;
  if (!cacheDir.empty()) {
    LoadCachedGPUBinariesOptions cache;
    cache.cacheDir = cacheDir;
    cache.toolchain = describeGPUToolchain(options);
    pm.addPass(createLoadCachedGPUBinaries(cache));
  }
  gpu::GPUToNVVMPipelineOptions nvvm;
  nvvm.cubinChip = options.chip;
  nvvm.cubinFeatures = options.features;
  nvvm.cubinFormat = options.format;
  nvvm.kernelUseBarePtrCallConv = barePointerKernels;
  addLowerToNVVMPipeline(pm, nvvm, options.launchDependentsEarly);
  pm.addPass(createStripGPUObjectTimings());
  if (!cacheDir.empty())
    pm.addPass(createStoreGPUBinariesInCache({cacheDir}));
}

void linalgx::buildGPUPipeline(OpPassManager &pm,
                               const GPUPipelineOptions &options) {
  buildBufferizationPipeline(pm, options);
  buildGPUKernelPipeline(pm, options);
  buildGPUBinaryPipeline(pm, options);
}

std::string linalgx::describeGPUToolchain(const GPUPipelineOptions &options) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << "chip=" << options.chip << " features=" << options.features
     << " format=" << options.format << " llvm=" << LLVM_VERSION_STRING;
  // The passes between the cache and the binary change the binary: the
  // grid-dependency waits and, with the option, the early launches.
  os << " griddepcontrol="
     << (options.launchDependentsEarly ? "wait,launch-dependents" : "wait");
  // gpu-module-to-binary looks for ptxas in the CUDA toolkit, then on PATH.
  SmallString<256> inToolkit(NVVM::getCUDAToolkitPath());
  llvm::sys::path::append(inToolkit, "bin", "ptxas");
  std::string ptxas = std::string(inToolkit);
  if (!llvm::sys::fs::can_execute(ptxas))
    if (llvm::ErrorOr<std::string> onPath =
            llvm::sys::findProgramByName("ptxas"))
      ptxas = *onPath;
  llvm::sys::fs::file_status status;
  if (!llvm::sys::fs::status(ptxas, status))
    os << " ptxas=" << ptxas << ":" << status.getSize() << ":"
       << llvm::sys::toTimeT(status.getLastModificationTime());
  return text;
}

void linalgx::buildJAXImportPipeline(OpPassManager &pm) {
  pm.addPass(createConvertJAXToLinalgX());
  pm.addPass(createLegalizeJAXStableHLO());
  // One loop for the NaN guard's broadcasts and select, not one buffer each.
  pm.addPass(createLinalgElementwiseOpFusionPass());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
}

void linalgx::registerPipelines() {
  // As PassPipelineRegistration<GPUPipelineOptions>, with the options
  // verified before the pipeline is built.
  registerPassPipeline(
      "linalgx-gpu-pipeline",
      "Lower a module using linalgx ops on tensors or memrefs to the LLVM "
      "dialect with its kernels compiled for an NVIDIA GPU (default sm_90) "
      "and calls of the linalgx CUDA runtime",
      [](OpPassManager &pm, StringRef text,
         function_ref<LogicalResult(const Twine &)> errorHandler) {
        GPUPipelineOptions options;
        if (failed(options.parseFromString(text)))
          return failure();
        // One error for all problems: the handler locates only one.
        SmallVector<std::string> problems;
        if (failed(verifyGPUPipelineOptions(options, [&](const Twine &problem) {
              problems.push_back(problem.str());
            })))
          return errorHandler(llvm::join(problems, "; "));
        buildGPUPipeline(pm, options);
        return success();
      },
      [](function_ref<void(const detail::PassOptions &)> optionsHandler) {
        optionsHandler(GPUPipelineOptions());
      });
  PassPipelineRegistration<CPUPipelineOptions>(
      "linalgx-cpu-pipeline",
      "Lower a module using linalgx ops on tensors or memrefs to the LLVM "
      "dialect for the CPU (bufferize, CPU runtime calls and loops, LLVM)",
      buildCPUPipeline);
  PassPipelineRegistration<>(
      "linalgx-import-jax",
      "Import a module exported by JAX (StableHLO in the generic form): its "
      "LU custom calls become linalgx ops and the StableHLO around them "
      "tensor, linalg and arith ops",
      buildJAXImportPipeline);
}
