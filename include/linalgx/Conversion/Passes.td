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

#endif // LINALGX_CONVERSION_PASSES_TD
