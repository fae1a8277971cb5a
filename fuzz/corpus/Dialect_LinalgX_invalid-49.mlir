func.func @perm_wrong_result_type(%p: tensor<3xi32>, %q: tensor<5xi32>) {
  %0 = linalgx.pivots_to_permutation ins(%p : tensor<3xi32>) outs(%q : tensor<5xi32>) -> tensor<3xi32>
  return
}
