func.func @perm_batch_dynamic(%p: tensor<?x4x3xi32>, %q: tensor<?x5x3xi32>) {
  %0 = linalgx.pivots_to_permutation ins(%p : tensor<?x4x3xi32>) outs(%q : tensor<?x5x3xi32>) -> tensor<?x5x3xi32>
  return
}
