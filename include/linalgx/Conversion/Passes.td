//===- Passes.td - linalgx conversion passes ---------------*- tablegen -*-===//

#ifndef LINALGX_CONVERSION_PASSES_TD
#define LINALGX_CONVERSION_PASSES_TD

include "mlir/Pass/PassBase.td"

def ConvertLinalgXToLoops : Pass<"convert-linalgx-to-loops"> {
  let summary = "Lower linalgx ops on memrefs to scf/memref/arith loops";
  let description = [{
    Rewrites `linalgx.lu` into an unblocked right-looking LU factorization
    with partial pivoting (LAPACK `getf2`: pivot = first index of the largest
    `|a(i, k)|`, `|re| + |im|` for complex; `info` = the 1-based index of the
    first exactly-zero pivot; the factorization completes on singular input)
    and `linalgx.pivots_to_permutation` into one pass over the swaps per
    vector. Batch dimensions become an outer `scf.for` nest; every size is
    read with `memref.dim`, so dynamic shapes lower the same way.

    The ops must be on memrefs: run `one-shot-bufferize` first.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::complex::ComplexDialect",
    "::mlir::math::MathDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::vector::VectorDialect",
  ];
}

def ConvertLinalgXToCPURuntime
    : Pass<"convert-linalgx-to-cpu-runtime", "::mlir::ModuleOp"> {
  let summary = "Lower linalgx.lu on memrefs to calls of the linalgx CPU runtime";
  let description = [{
    Rewrites `linalgx.lu` into one call of the CPU runtime's

      void linalgxCpuGetrf(i32 elemType, i32 indexBits, ptr input, ptr lu,
                           ptr pivots, ptr info, i64 batch, i64 m, i64 n,
                           i32 strategy)

    (liblinalgx_cpu_runtime.so, runtime/cpu), which reads the input (a
    strided one is first copied into `lu`, then factored in place) and
    factors the whole batch into `lu` with the linalgx contract: LAPACK `?getrf` (OpenBLAS) on a
    column-major copy for large matrices, its own unblocked row-major kernel
    for small ones, the batch spread over a thread pool. An `lu` with a
    `permutation` is followed by a `linalgx.pivots_to_permutation` of its
    pivots. The function is declared in the module (`func.func private`).

    Or, with `lu-strategy=generated` (and with `auto` on static batches of
    small real matrices, where it measured faster), into generated code
    instead of a call: an `scf.parallel` over the batch (the CPU pipeline
    lowers it to OpenMP; a serial loop when the batch is too small to pay
    for the threads), each matrix copied into a 64-byte aligned stack
    buffer with rows padded to whole vectors, factored there with the
    reference loops' pivot rule and info (vector-dialect row swaps and
    updates for f32/f64; the reference loops themselves for complex
    types), copied back, and its permutation written in the same pass.
    Matrices too large for the 256 KiB buffer get the runtime call.

    `linalgx.pivots_to_permutation` (for every strategy but `loops`) becomes
    the reference pass per vector with the batch spread over the cores by
    an `scf.parallel` when it has at least 2^14 entries.

    `lu-strategy`: `auto` (by size and batch, at the crossovers measured in
    docs/cpu.md), `lapack` (LAPACK for every matrix; rejected when linalgx
    was built without OpenBLAS), `unblocked` (the runtime's own kernel for
    every matrix), `generated` (the generated code wherever a matrix fits
    its buffer) or `loops` (leave every op to convert-linalgx-to-loops, the
    reference lowering). Ops whose layouts the chosen path cannot take (the
    runtime needs identity layouts for `lu`, `pivots` and `info`, the
    generated code a unit inner stride for `lu`) are left to
    convert-linalgx-to-loops. Run this pass before it; ops on tensors are
    left alone (convert-linalgx-to-loops reports them).
  }];
  let options = [
    Option<"luStrategy", "lu-strategy", "std::string", /*default=*/"\"auto\"",
           "How linalgx.lu factors: auto (by size and batch, see "
           "docs/cpu.md), lapack, unblocked (runtime calls), generated "
           "(batch-parallel generated code) or loops "
           "(convert-linalgx-to-loops)">,
  ];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::complex::ComplexDialect",
    "::mlir::func::FuncDialect",
    "::mlir::LLVM::LLVMDialect",
    "::mlir::math::MathDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::vector::VectorDialect",
  ];
}

def ConvertLinalgXToGPU : Pass<"convert-linalgx-to-gpu", "::mlir::ModuleOp"> {
  let summary = "Lower linalgx ops on memrefs to GPU kernels and CUDA library calls";
  let description = [{
    - `linalgx.pivots_to_permutation` becomes exactly one `gpu.launch_func`
      for the whole batch. Each output position is traced back through the
      swaps in reverse order, all positions in parallel, so the dependent
      chain is register arithmetic, not K global-memory swaps: four threads
      a matrix with the swaps in registers (N <= 16), a group of N threads
      a matrix with the swaps in shared memory and the trace cut into four
      segments (N <= 256), or a thread per (matrix, position) pair.
    - `linalgx.lu` becomes, where a matrix fits (`lu-strategy` auto or
      generated), exactly one `gpu.launch_func` of a generated kernel that
      factors each matrix on chip (row-major, no transposes) and writes
      `lu`, `pivots`, `info` and, for an `lu` with a `permutation` (see
      `linalgx-fuse-lu-permutation`), the permutation: for real matrices a
      warp register kernel (up to 16 rows and columns), for batches of at
      most `lu-cyclic-max-batch` matrices of 33 to 128 rows or columns the
      look-ahead panel kernel (up to `lu-panel-max-size`; a block a matrix,
      the steps in one warp) or the cyclic register kernel (a block a
      matrix), the block register kernel (a thread a row); for every type the
      shared-memory kernel (docs/gpu.md).
      Larger matrices of at most `lu-blocked-max-size` rows and columns
      whose 32-column panels fit a cluster of 8 blocks' shared memory, in
      batches of at least `lu-blocked-min-batch` (or real ones of at most
      `lu-blocked-single-max-bytes` a row in any batch), take the blocked
      LU: the input copied into `lu`, then a host loop over the panels, each
      the blocked LU's panel kernel (the panel factored in shared memory,
      one block's or, for panels too tall for one block and batches below
      `lu-blocked-cluster-max-batch`, a thread-block cluster's; written
      back in pivot order) and an update kernel
      (row exchanges, the triangular solve for U12, the trailing update;
      with at least `lu-blocked-gemm-min-rows` (f32 and complex<f32>:
      `lu-blocked-gemm-min-rows-f32`) rows below the panel, the exchanges
      and the solve, then cuBLAS's GEMM; in matrices of at least
      `lu-blocked-gemm-block-min-rows` (f32 and complex<f32>:
      `lu-blocked-gemm-block-min-rows-f32`) rows the panels go in blocks of
      `lu-blocked-gemm-block-columns` columns, whose GEMMs stop at the
      block's end, and the columns right of a block take one triangular
      solve and one GEMM of the block's depth),
      every matrix of the batch in each launch; the permutation kernel last.
      With `lu-strategy=cusolver-mg` each square matrix is copied into `lu`
      and factored there by the runtime's `linalgxCudaMgGetrf` (cuSOLVERMg,
      row-major, spread over the devices of `lu-mg-devices` in tiles of
      `lu-mg-block-size` columns; a synchronous call per matrix), then a
      kernel turns its 1-based pivots and info into the op's; non-square
      matrices take the cusolver path.
      Otherwise (or with `lu-strategy` cusolver / cublas-batched) it becomes
      a transpose kernel (row-major input to column-major workspace), a call
      of the runtime's `linalgxCudaGetrf` (cuSOLVER `getrf` or cuBLAS
      `getrfBatched`; under auto and generated the runtime takes
      getrfBatched for batches of square real matrices of at most 128 rows,
      cuSOLVER otherwise), a kernel transposing back while turning the 1-based
      vendor pivots and info into the dialect's 0-based contract, and the
      permutation kernel for a `permutation`. With dynamic sizes the choice
      is a host branch on the matrix size.

    Kernels are generated into `gpu.module @linalgx_kernels`, one per
    element type, and shared by every op of that type. With
    `host-buffers`, the operands are host memory: each op copies its inputs
    to device buffers and its results back (what linalgx-runner needs);
    without it they must already be device memory.
  }];
  let options = [
    Option<"hostBuffers", "host-buffers", "bool", /*default=*/"false",
           "Operands live in host memory: copy them to and from the device "
           "around each op">,
    Option<"luStrategy", "lu-strategy", "std::string", /*default=*/"\"auto\"",
           "How linalgx.lu factors: auto (by size and batch, see "
           "docs/gpu.md: a one-kernel LU where a matrix fits on chip, the "
           "blocked LU for larger batched ones, the vendor libraries "
           "beyond), generated (the same routing today, kept apart so that "
           "auto may follow other crossovers), cusolver (getrf per matrix), "
           "cublas-batched (getrfBatched, square matrices only) or "
           "cusolver-mg (cuSOLVERMg's getrf, each square matrix spread over "
           "the GPUs of lu-mg-devices)">,
    Option<"cyclicLuMaxBatch", "lu-cyclic-max-batch", "int64_t",
           /*default=*/"::mlir::linalgx::kDefaultCyclicLuMaxBatch",
           "Batches of at most this many real matrices of 33 to 128 rows "
           "and columns take a kernel of a block a matrix: the look-ahead "
           "panel kernel up to lu-panel-max-size, the cyclic register "
           "kernel above; 0: never, except the sizes "
           "lu-panel-any-batch-min-size gives the panel kernel (see "
           "docs/gpu.md)">,
    Option<"cyclicLuMaxWarps", "lu-cyclic-max-warps", "int64_t",
           /*default=*/"::mlir::linalgx::kDefaultCyclicLuMaxWarps",
           "Warps the cyclic register LU kernel spreads a matrix over at "
           "most, 1 to 32 (see docs/gpu.md)">,
    Option<"panelLuMaxSize", "lu-panel-max-size", "int64_t",
           /*default=*/"::mlir::linalgx::kDefaultPanelLuMaxSize",
           "Of the cyclic kernel's batches, matrices of at most this many "
           "rows and columns take the look-ahead panel LU kernel; 0: none "
           "(see docs/gpu.md)">,
    Option<"panelLuAnyBatchMinSize", "lu-panel-any-batch-min-size",
           "int64_t",
           /*default=*/"::mlir::linalgx::kDefaultPanelLuAnyBatchMinSize",
           "Matrices the panel kernel takes whose larger dimension is at "
           "least this take it in batches of any size, not only the cyclic "
           "kernel's (see docs/gpu.md)">,
    Option<"panelLuOverlapCopies", "lu-panel-overlap-copies", "bool",
           /*default=*/"::mlir::linalgx::kDefaultPanelLuOverlapCopies",
           "The look-ahead panel kernel overlaps its copies with the "
           "factorization: its panel warp loads the first panel from global "
           "memory while the other warps copy the rest in, and they write "
           "each finished panel's rows out while later panels are factored "
           "(the same arithmetic; default false; see docs/gpu.md)">,
    Option<"blockedLuMaxSize", "lu-blocked-max-size", "int64_t",
           /*default=*/"::mlir::linalgx::kDefaultBlockedLuMaxSize",
           "Matrices of at most this many rows and columns too large for "
           "the one-kernel LUs take the blocked LU (two generated kernels a "
           "32-column panel) where a panel fits the shared memory of a "
           "cluster of 8 blocks; 0: "
           "none (see docs/gpu.md)">,
    Option<"blockedLuMinBatch", "lu-blocked-min-batch", "int64_t",
           /*default=*/"::mlir::linalgx::kDefaultBlockedLuMinBatch",
           "The blocked LU takes batches of at least this many matrices "
           "(see docs/gpu.md)">,
    Option<"blockedLuSingleMaxBytes", "lu-blocked-single-max-bytes",
           "int64_t",
           /*default=*/"::mlir::linalgx::kDefaultBlockedLuSingleMaxBytes",
           "Smaller batches of real matrices take the blocked LU too when "
           "max(M, N) * sizeof(element) is at most this (default 65536: "
           "8192 f64 rows); 0: never (see docs/gpu.md)">,
    Option<"blockedLuClusterMaxBatch", "lu-blocked-cluster-max-batch",
           "int64_t",
           /*default=*/"::mlir::linalgx::kDefaultBlockedLuClusterMaxBatch",
           "The blocked LU factors each panel of batches of fewer matrices "
           "than this on a thread-block cluster instead of one block (panels "
           "too tall for one block always); 0: only those (see "
           "docs/gpu.md)">,
    Option<"blockedLuTensorCores", "lu-blocked-tensor-cores", "bool",
           /*default=*/"true",
           "The blocked LU subtracts L21 * U12 of f64 and complex<f64> "
           "matrices on FP64 tensor cores (mma.sync m8n8k4) in its narrow "
           "(32-column) update tiles; false: with fused multiply-adds (see "
           "docs/gpu.md)">,
    Option<"blockedLuGemmMinRows", "lu-blocked-gemm-min-rows", "int64_t",
           /*default=*/"::mlir::linalgx::kDefaultBlockedLuGemmMinRows",
           "The blocked LU's trailing updates of f64 and complex<f64> "
           "matrices with at least this many rows below the panel are cuBLAS "
           "GEMMs (the runtime's "
           "linalgxCudaGemmSubtract) after a kernel for the row exchanges "
           "and U12; 0: never (see docs/gpu.md)">,
    Option<"blockedLuGemmMinRowsF32", "lu-blocked-gemm-min-rows-f32",
           "int64_t",
           /*default=*/"::mlir::linalgx::kDefaultBlockedLuGemmMinRowsF32",
           "lu-blocked-gemm-min-rows for f32 and complex<f32> matrices; 0: "
           "never (see docs/gpu.md)">,
    Option<"blockedLuRegisterPanelMaxRows",
           "lu-blocked-register-panel-max-rows", "int64_t",
           /*default=*/"::mlir::linalgx::kDefaultBlockedLuRegisterPanelMaxRows",
           "The blocked LU factors f64 panels of at most this many rows (at "
           "most 16384, in effect 8192) with each row in a thread's "
           "registers, over a cluster of up to sixteen blocks past 512 rows "
           "(default 8192; see docs/gpu.md)">,
    Option<"blockedLuRegisterPanelMaxRowsF32",
           "lu-blocked-register-panel-max-rows-f32", "int64_t",
           /*default=*/
           "::mlir::linalgx::kDefaultBlockedLuRegisterPanelMaxRowsF32",
           "lu-blocked-register-panel-max-rows for f32 panels (at most "
           "16384; clusters past 1024 rows; default 8192)">,
    Option<"blockedLuGemmLookAhead", "lu-blocked-gemm-look-ahead", "bool",
           /*default=*/"true",
           "With lu-blocked-gemm-min-rows: each GEMM update first updates "
           "the next panel's columns, then the rest on the runtime's side "
           "stream, beside the next panel's factorization; false: one GEMM "
           "on the current stream (see docs/gpu.md)">,
    Option<"blockedLuLookAheadKernel", "lu-blocked-look-ahead-kernel",
           "bool",
           /*default=*/"::mlir::linalgx::kDefaultBlockedLuLookAheadKernel",
           "With lu-blocked-gemm-look-ahead (and no GEMM blocks): after a "
           "panel that takes the GEMM, one kernel on a cluster exchanges, "
           "solves and updates the next panel's columns, while the other "
           "columns' exchanges, U12 and GEMM run on the runtime's side "
           "stream beside the next panel (linalgxCudaBeginAside; default "
           "false; see docs/gpu.md)">,
    Option<"blockedLuGemmBlockColumns", "lu-blocked-gemm-block-columns",
           "int64_t",
           /*default=*/"::mlir::linalgx::kDefaultBlockedLuGemmBlockColumns",
           "With lu-blocked-gemm-min-rows: the blocked LU's panels go in "
           "blocks of this many columns (a multiple of 64, at most 1024) "
           "whose GEMMs update the block's columns alone; the columns right "
           "of a block take one cuBLAS triangular solve and one GEMM of the "
           "block's depth (default 256; 0: every panel's GEMM updates every "
           "column right of it; see docs/gpu.md)">,
    Option<"blockedLuGemmBlockMinRows", "lu-blocked-gemm-block-min-rows",
           "int64_t",
           /*default=*/"::mlir::linalgx::kDefaultBlockedLuGemmBlockMinRows",
           "f64 and complex<f64> matrices of at least this many rows take "
           "lu-blocked-gemm-block-columns; others update every column "
           "right of each panel (default 4096; 0: every matrix)">,
    Option<"blockedLuGemmBlockMinRowsF32",
           "lu-blocked-gemm-block-min-rows-f32", "int64_t",
           /*default=*/
           "::mlir::linalgx::kDefaultBlockedLuGemmBlockMinRowsF32",
           "lu-blocked-gemm-block-min-rows for f32 and complex<f32> matrices "
           "(default 8192)">,
    Option<"blockedLuRegisterPanelLocalPivotRow",
           "lu-blocked-register-panel-local-pivot-row", "bool",
           /*default=*/
           "::mlir::linalgx::kDefaultBlockedLuRegisterPanelLocalPivotRow",
           "Register panels on a cluster: each step one warp a block agrees "
           "on the pivot and reads its row from the owner block into the "
           "block's shared memory, where the block's warps read it (one "
           "warp's remote reads a block a step instead of every warp's; "
           "default true; see docs/gpu.md)">,
    Option<"blockedLuRegisterPanelHandshake",
           "lu-blocked-register-panel-handshake", "bool",
           /*default=*/
           "::mlir::linalgx::kDefaultBlockedLuRegisterPanelHandshake",
           "With lu-blocked-register-panel-local-pivot-row: a cluster's "
           "register panel step ends in a block barrier and warp 0's "
           "arrivals on the other blocks' mbarriers (the next step's warp 0 "
           "waits on its own) instead of a barrier of every thread of the "
           "cluster (default true; see docs/gpu.md)">,
    Option<"blockedLuRegisterPanelPush",
           "lu-blocked-register-panel-push", "bool",
           /*default=*/"::mlir::linalgx::kDefaultBlockedLuRegisterPanelPush",
           "Register panels on a cluster: each step warp 0 of every block "
           "stores the block's best candidate and its row into the other "
           "blocks' shared memory and arrives on their mbarriers, and every "
           "warp reduces the blocks' candidates from its own block's shared "
           "memory: no remote read and one block barrier a step (overrides "
           "the local pivot row and the handshake; default true; see "
           "docs/gpu.md)">,
    Option<"blockedLuRegisterPanelAsyncPush",
           "lu-blocked-register-panel-async-push", "bool",
           /*default=*/
           "::mlir::linalgx::kDefaultBlockedLuRegisterPanelAsyncPush",
           "With lu-blocked-register-panel-push: each store into another "
           "block completes its share of that block's mbarrier transaction "
           "(st.async; needs PTX ISA 8.1, features=+ptx81) instead of the "
           "stores, a warp barrier and a release arrival (default true; see "
           "docs/gpu.md)">,
    Option<"blockedLuColumnSolve", "lu-blocked-column-solve", "bool",
           /*default=*/"::mlir::linalgx::kDefaultBlockedLuColumnSolve",
           "The blocked LU's exchange-and-solve kernel (the updates of "
           "panels that take cuBLAS's GEMM) solves its U12 rows by a warp's "
           "lanes a tile column, in registers and shuffles with no barrier a "
           "step, instead of a step a barrier across the block (the same "
           "roundings; default true; see docs/gpu.md)">,
    Option<"blockedLuSplitRegisterPanel",
           "lu-blocked-split-register-panel", "bool", /*default=*/"false",
           "Full-width real panels of more rows than one register panel "
           "block holds and at most twice as many (1024 f64, 2048 f32) take "
           "one block, 16 columns at a time in the same registers, instead "
           "of a cluster of 2 (default false; see docs/gpu.md)">,
    ListOption<"mgDevices", "lu-mg-devices", "int32_t",
               "lu-strategy=cusolver-mg: the CUDA device ids of the process "
               "a matrix is spread over (distinct, 1 to 32 of them; default "
               "0)">,
    Option<"mgBlockSize", "lu-mg-block-size", "int64_t",
           /*default=*/"::mlir::linalgx::kDefaultMgBlockSize",
           "lu-strategy=cusolver-mg: columns of a tile of the 1-D "
           "block-cyclic layout">,
    ListOption<"luExactSizes", "lu-exact-sizes", "int64_t",
               "Square sizes for which dynamically shaped LUs get the "
               "kernels of that static shape, chosen by a run-time test of "
               "the sizes, besides the size buckets' (see docs/gpu.md)">,
    Option<"remarkKernelChoice", "remark-kernel-choice", "bool",
           /*default=*/"false",
           "Emit a remark at each linalgx.lu listing the kernels it may "
           "take, in order, and when each applies">,
  ];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::complex::ComplexDialect",
    "::mlir::func::FuncDialect",
    "::mlir::gpu::GPUDialect",
    "::mlir::LLVM::LLVMDialect",
    "::mlir::math::MathDialect",
    "::mlir::NVVM::NVVMDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::nvgpu::NVGPUDialect",
    "::mlir::scf::SCFDialect",
  ];
}

def StripGPUObjectTimings
    : Pass<"linalgx-strip-gpu-object-timings", "::mlir::ModuleOp"> {
  let summary = "Drop the compile-time measurements from gpu.binary objects";
  let description = [{
    `gpu-module-to-binary` records how long each object took to compile in
    its properties (`LLVMIRToISATimeInMs`, `ISAToBinaryTimeInMs`), so that
    the same input gives different output on every run. This pass removes
    every property whose name ends in `TimeInMs` from the objects of every
    `gpu.binary`, leaving the binaries and their other properties alone;
    `linalgx-gpu-pipeline` ends with it, so that its output is a function
    of its input.
  }];
}

def GPUProgrammaticLaunch
    : Pass<"linalgx-gpu-programmatic-launch", "::mlir::ModuleOp"> {
  let summary = "Let linalgx's kernels start before the kernel ahead of "
                "them in the stream has finished (sm_90 and newer)";
  let description = [{
    A kernel launched with programmatic stream serialization (Hopper's
    programmatic dependent launch) may be scheduled while the kernel ahead
    of it in the stream still runs; `griddepcontrol.wait` then holds it
    until that kernel has completed and its memory is visible. In every
    `gpu.module @linalgx_kernels` whose targets are all NVVM chips of sm_90
    or newer, this pass makes every kernel (an `llvm.func` with
    `nvvm.kernel`) begin with that wait, as inline PTX with a memory clobber
    (as CUDA's `cudaGridDependencySynchronize` is: LLVM models the NVVM
    intrinsic as touching no memory, so loads could move above it) — before
    any memory access, so the
    kernel is correct however it is launched, the wait being a no-op in an
    ordinary launch — and adds the external constant
    `linalgx_programmatic_launch` to the module: the CUDA runtime launches
    the kernels of a module that defines it with the launch attribute.
    With `launch-dependents-early`, each kernel also runs
    `griddepcontrol.launch_dependents` right after the wait, so that the
    next kernel's blocks may be scheduled while it runs (otherwise they
    are, implicitly, when its blocks exit). Runs on the kernels in LLVM
    form, before `gpu-module-to-binary`; a module already marked is left
    alone.
  }];
  let options = [
    Option<"launchDependentsEarly", "launch-dependents-early", "bool",
           /*default=*/"false",
           "Each kernel lets the next one's blocks be scheduled as soon as "
           "its own have started">,
  ];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect"];
}

def ExternalizeGPUDynamicSharedMemory
    : Pass<"linalgx-externalize-gpu-dynamic-shared-memory", "::mlir::ModuleOp"> {
  let summary = "Declare the kernels' dynamic shared memory as CUDA's "
                "extern __shared__ array";
  let description = [{
    `convert-gpu-to-nvvm` lowers `gpu.dynamic_shared_memory` to an internal
    global of zero bytes (`__dynamic_shmem__N`). Every access to it is then
    past the end of a known object, and LLVM's alias analysis may conclude
    that two accesses cannot overlap when they can: in a loop swapping
    entries at data-dependent indices, the NVPTX back end merged loads of
    one iteration with those of the next, across the stores between them.
    This pass gives those globals external linkage, which is what CUDA's
    `extern __shared__` array compiles to: the size is unknown, and the
    accesses keep their order. `linalgx-gpu-pipeline` runs it between
    `convert-gpu-to-nvvm` and `gpu-module-to-binary`.
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect"];
}

def ConvertLinalgXToLinalg : Pass<"convert-linalgx-to-linalg"> {
  let summary = "Lower linalgx ops on tensors to scf.for over linalg.generic";
  let description = [{
    For compilers that take upstream ops on tensors but not linalgx (IREE):
    `linalgx.lu` becomes an `scf.for` over its K pivot steps, each a pivot
    search (a `linalg.generic` reduction over the rows of column k) and one
    element-wise `linalg.generic` that swaps the pivot row in, scales
    column k and updates the trailing matrix, reading the step's input with
    `tensor.extract`; pivots, info and the optional permutation are carried
    along. `linalgx.pivots_to_permutation` becomes an `scf.for` of swaps.
    `linalgx.lu_solve` becomes getrs's steps, an `scf.for` over the rows
    for the exchanges and for each triangle, each step one element-wise
    `linalg.generic` on the whole batch of solutions (the row solved at
    step k, divided by the diagonal unless it is L's, is subtracted from the
    rows it feeds); `linalgx.solve` becomes the `lu` and `lu_solve` it
    stands for; `linalgx.lu_det` and `linalgx.lu_slogdet` one parallel
    `linalg.generic` over the batch folding each matrix's diagonal in an
    `scf.for`. Batch dimensions are collapsed into one. The arithmetic and
    the pivot rule are those of every other lowering (LAPACK's getf2). Ops
    on memrefs are an error.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::complex::ComplexDialect",
    "::mlir::linalg::LinalgDialect",
    "::mlir::math::MathDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::tensor::TensorDialect",
  ];
}

def ConvertLinalgXToIREECUDA
    : Pass<"convert-linalgx-to-iree-cuda", "::mlir::ModuleOp"> {
  let summary = "Replace linalgx ops on tensors by IREE dispatches of "
                "linalgx's own CUDA kernels";
  let description = [{
    For IREE's CUDA target (IREE has no LU). Each `linalgx.lu` and
    `linalgx.pivots_to_permutation` on statically shaped tensors whose GPU
    lowering is a single kernel launch (every generated one-kernel LU and
    the permutation kernel; not the blocked LU or the vendor libraries) is
    compiled by linalgx's GPU pipeline into that kernel, specialized to the
    op's static shapes so that it takes one bare pointer per operand as
    IREE's CUDA HAL passes them, and replaced by a `hal.dispatch.extern`
    carrying the kernel's PTX with its launch shape (grid, block, dynamic
    shared memory). The op's `ins` are read-only bindings and its results
    the written ones, in operand order. The rest of the module is left to
    IREE; an op this pass cannot take is left with a warning saying why
    (`convert-linalgx-to-linalg` can lower it into a form IREE compiles).

    linalgx does not link IREE: the dispatch is an unregistered operation
    with `#hal` attributes in the form IREE's parser reads (checked with
    IREE 3.13), so tools other than IREE's need
    `--allow-unregistered-dialect` to read the result. Run
    `linalgx-fuse-lu-permutation` first so that an `lu` and the permutation
    of its pivots become one kernel. The pass is defined in
    lib/Pipelines, since it runs linalgx's GPU pipeline.
  }];
  let options = [
    Option<"chip", "chip", "std::string", /*default=*/"\"sm_90\"",
           "GPU architecture the kernels are compiled for">,
    Option<"features", "features", "std::string",
           /*default=*/"::mlir::linalgx::kDefaultGpuFeatures",
           "PTX features (the PTX ISA version of the kernels' text)">,
  ];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::func::FuncDialect",
    "::mlir::memref::MemRefDialect",
  ];
}

def LoadCachedGPUBinaries
    : Pass<"linalgx-load-cached-gpu-binaries", "::mlir::ModuleOp"> {
  let summary = "Take kernel modules' GPU binaries from an on-disk cache";
  let description = [{
    Before the NVVM pipeline: each `gpu.module` whose binary is in
    `cache-dir` is replaced by that `gpu.binary`, so that it is not compiled
    again. The key is the SHA-256 of `toolchain` (a description of
    everything else the binary depends on: chip, features, format, LLVM and
    ptxas) and of the module's generic form. The keys of the modules not in
    the cache are left on the module for
    `linalgx-store-gpu-binaries-in-cache`. A corrupt entry is reported (a
    warning), removed and compiled again. An empty `cache-dir` disables the
    cache.
  }];
  let options = [
    Option<"cacheDir", "cache-dir", "std::string", /*default=*/"\"\"",
           "The cache directory (empty: no cache)">,
    Option<"toolchain", "toolchain", "std::string", /*default=*/"\"\"",
           "What else the binaries depend on, part of every key">,
  ];
  let dependentDialects = ["::mlir::gpu::GPUDialect"];
}

def StoreGPUBinariesInCache
    : Pass<"linalgx-store-gpu-binaries-in-cache", "::mlir::ModuleOp"> {
  let summary = "Write the GPU binaries compiled for a cache miss";
  let description = [{
    After `gpu-module-to-binary`: writes the objects of each `gpu.binary`
    that `linalgx-load-cached-gpu-binaries` found no entry for into
    `cache-dir`, each to a temporary file renamed into place (so that
    processes compiling at once never read half an entry), and drops the
    keys from the module. A cache that cannot be written is a warning.
  }];
  let options = [
    Option<"cacheDir", "cache-dir", "std::string", /*default=*/"\"\"",
           "The cache directory (empty: no cache)">,
  ];
  let dependentDialects = ["::mlir::gpu::GPUDialect"];
}

def ConvertJAXToLinalgX : Pass<"convert-jax-to-linalgx"> {
  let summary = "Import JAX's exported LU custom calls and lu_solve as linalgx ops";
  let description = [{
    Rewrites the `stablehlo.custom_call`s that `jax.export` emits for
    `jax.lax.linalg.lu`, and the two triangular solves of
    `jax.lax.linalg.lu_solve` (behind `jnp.linalg.solve`, `jnp.linalg.inv`
    and `jax.scipy.linalg.lu_solve`), into linalgx ops on tensors, and
    leaves every other operation as it is. The StableHLO dialect is not needed: the module is
    read in MLIR's generic form with `--allow-unregistered-dialect`, and the
    custom calls are matched by name and their attributes read generically.

    - `@cusolver_getrf_ffi` (CUDA), `@hipsolver_getrf_ffi` (ROCm) and
      `@lapack_{s,d,c,z}getrf_ffi` (CPU) become `linalgx.lu`. Their pivots
      are 1-based and linalgx's are 0-based: the `stablehlo.subtract` of a
      splat 1 that JAX applies right after the call is folded away (its uses
      take the 0-based pivots directly); any other use of the 1-based pivots
      gets `pivots + 1` (a `linalg.map`).
    - `@cu_lu_pivots_to_permutation` and `@hip_lu_pivots_to_permutation`
      (which take 0-based pivots) become `linalgx.pivots_to_permutation`.
      On the CPU JAX emits no custom call for the permutation (a
      `stablehlo.while` loop instead), which is left untouched.
    - `lu_solve`'s L·Y = P·B (lower, unit diagonal) followed by U·X = Y
      (upper) on the same factors, with nothing but reshapes back to the
      same shape between them — `@lapack_{s,d,c,z}trsm_ffi` on the CPU,
      `stablehlo.triangular_solve` elsewhere, left side, untransposed —
      becomes one `linalgx.lu_solve` with pivots 0, 1, ..., N-1 (JAX has
      gathered B's rows by the permutation before the solves). Any other
      triangular solve is reported: only that pair is imported.

    The `outs` operands are `tensor.empty`; dynamic sizes (shape-polymorphic
    exports) are read from the operands and from the custom call's shape
    operands. The physical layouts must be the ones JAX uses: the
    column-major matrices the getrf kernels assume (`operand_layouts`
    `[R-2, R-1, R-3, ..., 0]`, minor to major) and row-major pivots, info
    and permutations. A recognized custom call in any other form (layouts,
    `num_batch_dims`, result count or types, backend config) is reported
    with its location, and the pass fails.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::linalg::LinalgDialect",
    "::mlir::linalgx::LinalgXDialect",
    "::mlir::tensor::TensorDialect",
  ];
}

def LegalizeJAXStableHLO
    : Pass<"linalgx-legalize-jax-stablehlo", "::mlir::ModuleOp"> {
  let summary = "Lower the StableHLO that JAX writes around its LU";
  let description = [{
    Runs after `convert-jax-to-linalgx` on a module exported by JAX (read in
    the generic form) and lowers the StableHLO operations JAX emits around
    its LU custom calls, so that the module goes through linalgx's
    pipelines:

    - element-wise `add`, `subtract`, `multiply`, `minimum`, `maximum`, `and`,
      `or`, `compare`, `select`, `convert`, `real`, `imag` become `linalg.generic`s (a rank-0
      operand is broadcast, as `select`'s predicate may be);
    - `constant`, `iota`, `dynamic_iota`, `broadcast_in_dim`,
      `dynamic_broadcast_in_dim`, `reshape`, `dynamic_reshape`,
      `concatenate`, `slice`, `transpose` and `get_dimension_size` become
      arith, linalg and tensor ops;
    - `gather` and `dynamic_gather` (StableHLO's general form: start
      indices clamped so that the slice fits, batching dimensions) become a
      `linalg.generic` that extracts each result element from the operand;
    - what `jnp.linalg.det` and `slogdet` write around the LU: element-wise
      `abs`, `log`, `exponential`, `remainder`, `divide` and the comparison
      of complex numbers (EQ, NE); `reduce` with one add, multiply, and, or,
      minimum or maximum of its two arguments as its body (`linalg.reduce`);
      `case` (`scf.index_switch`, an out-of-range index taking the last
      branch);
    - `custom_call @shape_assertion` (shape-polymorphic exports) becomes
      `cf.assert` with JAX's message;
    - the `stablehlo.while` loop that `lu_pivots_to_permutation` becomes on
      the CPU (carrying the pivots, a counter from 0 to K and an iota along
      the permutation dimension, only the last result used) becomes
      `linalgx.pivots_to_permutation`, and the private functions its body
      called are erased once unused.

    Any other StableHLO operation is reported with its location and the pass
    fails: this is an import of JAX's LU exports, not a StableHLO compiler.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::cf::ControlFlowDialect",
    "::mlir::complex::ComplexDialect",
    "::mlir::linalg::LinalgDialect",
    "::mlir::linalgx::LinalgXDialect",
    "::mlir::math::MathDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::tensor::TensorDialect",
  ];
}

#endif // LINALGX_CONVERSION_PASSES_TD
