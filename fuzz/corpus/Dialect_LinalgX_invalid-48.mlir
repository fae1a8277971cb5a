func.func @perm_tensor_no_result(%p: tensor<3xi32>, %q: tensor<3xi32>) {
  linalgx.pivots_to_permutation ins(%p : tensor<3xi32>) outs(%q : tensor<3xi32>)
  return
}
