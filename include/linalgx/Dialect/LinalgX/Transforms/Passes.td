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

def LinalgXFuseLuConsumers : Pass<"linalgx-fuse-lu-consumers"> {
  let summary = "Fuse an lu whose factors only feed a solve or a determinant";
  let description = [{
    Rewrites

    ```mlir
    %lu, %piv, %info = linalgx.lu ins(%a) outs(%lu0, %piv0, %info0)
    %x = linalgx.lu_solve ins(%lu, %piv, %b) outs(%x0)
    ```

    into `%x, %info = linalgx.solve ins(%a, %b) outs(%x0, %info0)` when the
    factors and the pivots have no other use, the lu computes no
    permutation, the system is `A·X = B` (`trans = none`) and both ops agree
    on the pivots' base. The `info` result keeps its uses; the solve takes
    the place of whichever of the two ops keeps every use dominated.

    Likewise an `lu` whose factors and pivots only feed a `linalgx.lu_det`
    (`lu_slogdet`) of the same pivot base, and whose info is unused, becomes
    `linalgx.det` (`linalgx.slogdet`) of the matrices.

    A lowering can then keep the factors on chip: the GPU lowering finishes
    small matrices in the factorization's own kernel, which writes neither
    factors nor pivots. Works on tensors, before bufferization.
  }];
  let dependentDialects = ["::mlir::linalgx::LinalgXDialect"];
}

def LinalgXDecomposeFusedLu : Pass<"linalgx-decompose-fused-lu"> {
  let summary = "Expand linalgx.solve, det and slogdet into lu and its "
                "consumer on scratch buffers";
  let description = [{
    The lowering of `linalgx.solve`, `linalgx.det` and `linalgx.slogdet` for
    paths that have no fused kernel (the CPU pipeline runs it before its LU
    runtime calls): on memrefs, the factors and pivots (and, for the
    determinants, info) go to `memref.alloc`ed buffers, freed after the
    `linalgx.lu_solve` (`lu_det`, `lu_slogdet`) that reads them.
  }];
  let dependentDialects = ["::mlir::linalgx::LinalgXDialect",
                           "::mlir::memref::MemRefDialect"];
}

#endif // LINALGX_DIALECT_LINALGX_TRANSFORMS_PASSES_TD
