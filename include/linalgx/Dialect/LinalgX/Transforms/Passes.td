//===- Passes.td - linalgx transformation passes -----------*- tablegen -*-===//

#ifndef LINALGX_DIALECT_LINALGX_TRANSFORMS_PASSES_TD
#define LINALGX_DIALECT_LINALGX_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def LinalgXFuseLuPermutation : Pass<"linalgx-fuse-lu-permutation"> {
  let summary = "Fuse a pivots_to_permutation of lu's pivots into the lu";
  let description = [{
    Rewrites

    ```mlir
    %lu, %piv, %info = linalgx.lu ins(%a) outs(%lu0, %piv0, %info0)
    %perm = linalgx.pivots_to_permutation ins(%piv) outs(%perm0)
    ```

    into one `linalgx.lu ins(%a) outs(%lu0, %piv0, %info0)
    permutation(%perm0)` whose fourth result replaces `%perm`, so that a
    lowering can produce the permutation together with the factorization:
    the GPU's generated LU kernel writes it from the row order it tracks, in
    the same launch, instead of a second kernel re-reading the pivots.

    The pair is fused when the permutation has one entry per row of the
    factored matrices (its last size equals `M`: both static and equal, or
    both taken from the same value, e.g. `tensor.dim` of `%a`), the pivots
    are 0-based (no `one_based`), and the `lu` computes no permutation yet.
    Works on tensors, before bufferization; the pivots keep their other
    uses.
  }];
  let dependentDialects = ["::mlir::linalgx::LinalgXDialect"];
}

#endif // LINALGX_DIALECT_LINALGX_TRANSFORMS_PASSES_TD
