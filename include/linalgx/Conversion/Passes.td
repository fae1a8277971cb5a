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
  ];
}

def ConvertLinalgXToGPU : Pass<"convert-linalgx-to-gpu", "::mlir::ModuleOp"> {
  let summary = "Lower linalgx ops on memrefs to GPU kernels and CUDA library calls";
  let description = [{
    - `linalgx.pivots_to_permutation` becomes exactly one `gpu.launch_func`
      for the whole batch. Its kernel gives one thread to each (matrix,
      position) pair, which traces the position back through the swaps in
      reverse order; all positions run in parallel, so the dependent chain is
      K steps of register arithmetic, not K global-memory swaps.
    - `linalgx.lu` becomes a transpose kernel (row-major input to
      column-major workspace), a call of the runtime's `linalgxCudaGetrf`
      (cuSOLVER `getrf` or cuBLAS `getrfBatched`), and a kernel transposing
      back while turning the 1-based vendor pivots and info into the
      dialect's 0-based contract.

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
           "docs/gpu.md), cusolver (getrf per matrix) or cublas-batched "
           "(getrfBatched, square matrices only)">,
  ];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::func::FuncDialect",
    "::mlir::gpu::GPUDialect",
    "::mlir::LLVM::LLVMDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::scf::SCFDialect",
  ];
}

#endif // LINALGX_CONVERSION_PASSES_TD
