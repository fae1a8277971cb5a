func.func @perm_unranked(%p: tensor<3xi32>, %q: tensor<*xi32>) {
  %0 = linalgx.pivots_to_permutation ins(%p : tensor<3xi32>) outs(%q : tensor<*xi32>) -> tensor<*xi32>
  return
}
