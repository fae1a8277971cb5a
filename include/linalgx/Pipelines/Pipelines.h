//===- Pipelines.h - linalgx end-to-end pipelines ---------------*- C++ -*-===//

#ifndef LINALGX_PIPELINES_PIPELINES_H
#define LINALGX_PIPELINES_PIPELINES_H

#include "linalgx/Conversion/LinalgXToGPU/LinalgXToGPU.h"
#include "mlir/Pass/PassOptions.h"

namespace mlir {
class OpPassManager;

namespace linalgx {

using PassOptions = ::mlir::detail::PassOptions;

/// Options every linalgx pipeline has: how it bufferizes.
template <typename Derived>
struct BufferizationPipelineOptions : public PassPipelineOptions<Derived> {
  PassOptions::Option<bool> bufferizeFunctionBoundaries{
      *this, "bufferize-function-boundaries",
      llvm::cl::desc("Bufferize function arguments and results (tensor "
                     "signatures become identity-layout memrefs)"),
      llvm::cl::init(true)};
  PassOptions::Option<bool> deallocateBuffers{
      *this, "deallocate-buffers",
      llvm::cl::desc("Insert the deallocations of the buffers bufferization "
                     "allocates (turn off for programs that free memrefs "
                     "themselves, which the deallocation passes reject)"),
      llvm::cl::init(true)};
};

/// Options of `linalgx-cpu-pipeline`.
struct CPUPipelineOptions
    : public BufferizationPipelineOptions<CPUPipelineOptions> {
  PassOptions::Option<std::string> luStrategy{
      *this, "lu-strategy",
      llvm::cl::desc("How linalgx.lu factors: auto (by size and batch; "
                     "docs/cpu.md), lapack, unblocked (CPU runtime calls), "
                     "generated (batch-parallel generated code, OpenMP) or "
                     "loops (the reference loops)"),
      llvm::cl::init("auto")};
};

/// Options of `linalgx-gpu-pipeline`.
struct GPUPipelineOptions
    : public BufferizationPipelineOptions<GPUPipelineOptions> {
  PassOptions::Option<std::string> chip{
      *this, "chip", llvm::cl::desc("GPU architecture to compile for"),
      llvm::cl::init("sm_90")};
  PassOptions::Option<std::string> features{
      *this, "features",
      llvm::cl::desc("PTX features (default +ptx81: PTX ISA 8.1, which "
                     "lu-blocked-register-panel-async-push needs)"),
      llvm::cl::init(kDefaultGpuFeatures)};
  PassOptions::Option<std::string> format{
      *this, "format",
      llvm::cl::desc("Embedded binary format: fatbin, bin (cubin), isa "
                     "(PTX text, JIT-compiled by the driver) or offload"),
      llvm::cl::init("fatbin")};
  PassOptions::Option<bool> hostBuffers{
      *this, "host-buffers",
      llvm::cl::desc("Operands of linalgx ops are host memory, copied to and "
                     "from the device around each op (linalgx-runner's "
                     "mode); otherwise they must be device memory"),
      llvm::cl::init(true)};
  PassOptions::Option<std::string> luStrategy{
      *this, "lu-strategy",
      llvm::cl::desc("auto, generated, cusolver, cublas-batched or "
                     "cusolver-mg"),
      llvm::cl::init("auto")};
  PassOptions::Option<int64_t> cyclicLuMaxBatch{
      *this, "lu-cyclic-max-batch",
      llvm::cl::desc("Batches of at most this many matrices take a kernel "
                     "of a block a matrix (panel or cyclic; 0: never)"),
      llvm::cl::init(kDefaultCyclicLuMaxBatch)};
  PassOptions::Option<int64_t> cyclicLuMaxWarps{
      *this, "lu-cyclic-max-warps",
      llvm::cl::desc("Warps the cyclic register LU kernel spreads a matrix "
                     "over at most (1 to 32)"),
      llvm::cl::init(kDefaultCyclicLuMaxWarps)};
  PassOptions::Option<int64_t> panelLuMaxSize{
      *this, "lu-panel-max-size",
      llvm::cl::desc("Of the cyclic kernel's batches, matrices of at most "
                     "this many rows and columns take the look-ahead panel LU "
                     "kernel (0: none)"),
      llvm::cl::init(kDefaultPanelLuMaxSize)};
  PassOptions::Option<int64_t> panelLuAnyBatchMinSize{
      *this, "lu-panel-any-batch-min-size",
      llvm::cl::desc("Matrices the panel kernel takes whose larger dimension "
                     "is at least this take it in batches of any size"),
      llvm::cl::init(kDefaultPanelLuAnyBatchMinSize)};
  PassOptions::Option<bool> panelLuOverlapCopies{
      *this, "lu-panel-overlap-copies",
      llvm::cl::desc("The look-ahead panel kernel overlaps its copies in and "
                     "out with the factorization (default false)"),
      llvm::cl::init(kDefaultPanelLuOverlapCopies)};
  PassOptions::Option<int64_t> blockedLuMaxSize{
      *this, "lu-blocked-max-size",
      llvm::cl::desc("Matrices of at most this many rows and columns too "
                     "large for the one-kernel LUs take the blocked LU where "
                     "its panels fit (0: none)"),
      llvm::cl::init(kDefaultBlockedLuMaxSize)};
  PassOptions::Option<int64_t> blockedLuMinBatch{
      *this, "lu-blocked-min-batch",
      llvm::cl::desc("The blocked LU takes batches of at least this many "
                     "matrices"),
      llvm::cl::init(kDefaultBlockedLuMinBatch)};
  PassOptions::Option<int64_t> blockedLuSingleMaxBytes{
      *this, "lu-blocked-single-max-bytes",
      llvm::cl::desc("Smaller batches of real matrices take the blocked LU "
                     "too when max(M, N) * sizeof(element) is at most this "
                     "(0: never)"),
      llvm::cl::init(kDefaultBlockedLuSingleMaxBytes)};
  PassOptions::Option<int64_t> blockedLuClusterMaxBatch{
      *this, "lu-blocked-cluster-max-batch",
      llvm::cl::desc("The blocked LU factors each panel of batches of fewer "
                     "matrices than this on a thread-block cluster (panels "
                     "too tall for one block always)"),
      llvm::cl::init(kDefaultBlockedLuClusterMaxBatch)};
  PassOptions::Option<bool> blockedLuTensorCores{
      *this, "lu-blocked-tensor-cores",
      llvm::cl::desc("The blocked LU subtracts L21 * U12 of f64 and "
                     "complex<f64> matrices on FP64 tensor cores in its "
                     "narrow update tiles (false: fused multiply-adds)"),
      llvm::cl::init(true)};
  PassOptions::Option<int64_t> blockedLuGemmMinRows{
      *this, "lu-blocked-gemm-min-rows",
      llvm::cl::desc("The blocked LU's trailing updates (f64, complex<f64>) "
                     "of at least this many rows below the panel are cuBLAS "
                     "GEMMs (0: never)"),
      llvm::cl::init(kDefaultBlockedLuGemmMinRows)};
  PassOptions::Option<int64_t> blockedLuGemmMinRowsF32{
      *this, "lu-blocked-gemm-min-rows-f32",
      llvm::cl::desc("lu-blocked-gemm-min-rows for f32 and complex<f32> "
                     "matrices (0: never)"),
      llvm::cl::init(kDefaultBlockedLuGemmMinRowsF32)};
  PassOptions::Option<int64_t> blockedLuRegisterPanelMaxRows{
      *this, "lu-blocked-register-panel-max-rows",
      llvm::cl::desc("f64 panels of at most this many rows (at most 16384, "
                     "in effect 8192) in registers (default 8192)"),
      llvm::cl::init(kDefaultBlockedLuRegisterPanelMaxRows)};
  PassOptions::Option<int64_t> blockedLuRegisterPanelMaxRowsF32{
      *this, "lu-blocked-register-panel-max-rows-f32",
      llvm::cl::desc("f32 panels of at most this many rows (at most 16384) "
                     "in registers (default 8192)"),
      llvm::cl::init(kDefaultBlockedLuRegisterPanelMaxRowsF32)};
  PassOptions::Option<bool> blockedLuGemmLookAhead{
      *this, "lu-blocked-gemm-look-ahead",
      llvm::cl::desc("With lu-blocked-gemm-min-rows: the next panel's "
                     "columns first, the rest of the GEMM beside the next "
                     "panel (false: one GEMM)"),
      llvm::cl::init(true)};
  PassOptions::Option<bool> blockedLuLookAheadKernel{
      *this, "lu-blocked-look-ahead-kernel",
      llvm::cl::desc(
          "With the GEMM's look-ahead and no blocks of panels "
          "(lu-blocked-gemm-block-columns=0): one kernel updates the "
          "next panel's columns, the other columns' work goes to "
          "the side stream beside the next panel (default false)"),
      llvm::cl::init(kDefaultBlockedLuLookAheadKernel)};
  PassOptions::Option<int64_t> blockedLuGemmBlockColumns{
      *this, "lu-blocked-gemm-block-columns",
      llvm::cl::desc("With lu-blocked-gemm-min-rows: the columns right of "
                     "each block of this many columns (a multiple of 64, at "
                     "most 1024) take one triangular solve and one GEMM of "
                     "that depth (default 256; 0: every panel's GEMM)"),
      llvm::cl::init(kDefaultBlockedLuGemmBlockColumns)};
  PassOptions::Option<int64_t> blockedLuGemmBlockMinRows{
      *this, "lu-blocked-gemm-block-min-rows",
      llvm::cl::desc("f64 and complex<f64> matrices of at least this many "
                     "rows take lu-blocked-gemm-block-columns (default "
                     "4096; 0: every matrix)"),
      llvm::cl::init(kDefaultBlockedLuGemmBlockMinRows)};
  PassOptions::Option<int64_t> blockedLuGemmBlockMinRowsF32{
      *this, "lu-blocked-gemm-block-min-rows-f32",
      llvm::cl::desc("lu-blocked-gemm-block-min-rows for f32 and "
                     "complex<f32> matrices (default 8192)"),
      llvm::cl::init(kDefaultBlockedLuGemmBlockMinRowsF32)};
  PassOptions::Option<bool> blockedLuRegisterPanelLocalPivotRow{
      *this, "lu-blocked-register-panel-local-pivot-row",
      llvm::cl::desc("Register panels on a cluster: one warp a block reads "
                     "each step's pivot row into the block's shared memory "
                     "(default true)"),
      llvm::cl::init(kDefaultBlockedLuRegisterPanelLocalPivotRow)};
  PassOptions::Option<bool> blockedLuRegisterPanelHandshake{
      *this, "lu-blocked-register-panel-handshake",
      llvm::cl::desc("With the local pivot row: a cluster's register panel "
                     "step ends in a block barrier and the warps' 0 mbarrier "
                     "handshake (default true)"),
      llvm::cl::init(kDefaultBlockedLuRegisterPanelHandshake)};
  PassOptions::Option<bool> blockedLuRegisterPanelPush{
      *this, "lu-blocked-register-panel-push",
      llvm::cl::desc("Register panels on a cluster: each block pushes its "
                     "best candidate and its row into the other blocks' "
                     "shared memory (default true)"),
      llvm::cl::init(kDefaultBlockedLuRegisterPanelPush)};
  PassOptions::Option<bool> blockedLuRegisterPanelAsyncPush{
      *this, "lu-blocked-register-panel-async-push",
      llvm::cl::desc("With the push: st.async stores that complete the "
                     "other blocks' mbarrier transactions (needs +ptx81; "
                     "default true)"),
      llvm::cl::init(kDefaultBlockedLuRegisterPanelAsyncPush)};
  PassOptions::Option<bool> blockedLuColumnSolve{
      *this, "lu-blocked-column-solve",
      llvm::cl::desc("The blocked LU's exchange-and-solve kernel solves U12 "
                     "by a warp's lanes a tile column, with no barrier a step "
                     "(default true)"),
      llvm::cl::init(kDefaultBlockedLuColumnSolve)};
  PassOptions::Option<bool> blockedLuSplitRegisterPanel{
      *this, "lu-blocked-split-register-panel",
      llvm::cl::desc("Full-width register panels of up to twice a block's "
                     "rows in one block, 16 columns at a time (default "
                     "false)"),
      llvm::cl::init(false)};
  PassOptions::Option<bool> launchDependentsEarly{
      *this, "launch-dependents-early",
      llvm::cl::desc("sm_90 and newer: each kernel lets the next kernel of "
                     "its stream be scheduled as soon as its own blocks have "
                     "started (linalgx-gpu-programmatic-launch; default "
                     "false)"),
      llvm::cl::init(false)};
  PassOptions::Option<std::string> binaryCache{
      *this, "gpu-binary-cache",
      llvm::cl::desc("A directory caching the compiled kernels' binaries, "
                     "keyed by the kernels and the toolchain (empty: none)"),
      llvm::cl::init("")};
  PassOptions::ListOption<int32_t> mgDevices{
      *this, "lu-mg-devices",
      llvm::cl::desc("lu-strategy=cusolver-mg: the CUDA device ids a matrix "
                     "is spread over (default 0)")};
  PassOptions::Option<int64_t> mgBlockSize{
      *this, "lu-mg-block-size",
      llvm::cl::desc("lu-strategy=cusolver-mg: columns of a tile"),
      llvm::cl::init(kDefaultMgBlockSize)};
  PassOptions::ListOption<int64_t> luExactSizes{
      *this, "lu-exact-sizes",
      llvm::cl::desc("Square sizes for which dynamically shaped LUs get the "
                     "kernels of that static shape (a run-time test of the "
                     "sizes)")};
};

/// Checks the target options of `linalgx-gpu-pipeline` (chip, features,
/// format) before anything is built, so that a bad value is an error that
/// names it rather than a crash deep in the NVPTX backend. Reports each
/// problem through `emitError`.
LogicalResult verifyGPUPipelineOptions(
    const GPUPipelineOptions &options,
    llvm::function_ref<void(const llvm::Twine &)> emitError);

/// Tensors or memrefs using linalgx ops all the way to the LLVM dialect with
/// the kernels compiled for an NVIDIA GPU and embedded as a gpu.binary.
/// `options` must pass verifyGPUPipelineOptions.
void buildGPUPipeline(OpPassManager &pm, const GPUPipelineOptions &options);

/// The middle of buildGPUPipeline: linalgx ops on memrefs to launches of
/// kernels in gpu.modules, the rest to host code, no binary yet.
void buildGPUKernelPipeline(OpPassManager &pm,
                            const GPUPipelineOptions &options);

/// The end of buildGPUPipeline: kernels to binaries (upstream's NVVM
/// pipeline, through the binary cache when the options name one) and host
/// code to the LLVM dialect. With `barePointerKernels`, kernels take each
/// (static, strided) memref as a bare pointer.
void buildGPUBinaryPipeline(OpPassManager &pm,
                            const GPUPipelineOptions &options,
                            bool barePointerKernels = false);

/// Tensors or memrefs using linalgx (and upstream linalg/tensor/scf/...) ops
/// all the way to the LLVM dialect, for the CPU.
void buildCPUPipeline(OpPassManager &pm, const CPUPipelineOptions &options);

/// Registers every named linalgx pipeline with the global pass registry.
/// What a GPU binary depends on besides its kernels, for the keys of
/// gpu-binary-cache: chip, features, format, the LLVM version and the ptxas
/// binary (path, size and modification time) gpu-module-to-binary runs.
std::string describeGPUToolchain(const GPUPipelineOptions &options);

/// `linalgx-import-jax`: a module exported by JAX (generic form) to linalgx
/// on tensors: JAX's LU custom calls to linalgx ops
/// (convert-jax-to-linalgx), the StableHLO around them lowered
/// (linalgx-legalize-jax-stablehlo), then canonicalized.
void buildJAXImportPipeline(OpPassManager &pm);

void registerPipelines();

} // namespace linalgx
} // namespace mlir

#endif // LINALGX_PIPELINES_PIPELINES_H
