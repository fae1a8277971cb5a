func.func @perm_rank(%p: tensor<2x3xi32>, %q: tensor<3xi32>) {
  %0 = linalgx.pivots_to_permutation ins(%p : tensor<2x3xi32>) outs(%q : tensor<3xi32>) -> tensor<3xi32>
  return
}
