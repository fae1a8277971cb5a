func.func @perm_pivots_f32(%p: tensor<3xf32>, %q: tensor<3xf32>) {
  %0 = linalgx.pivots_to_permutation ins(%p : tensor<3xf32>) outs(%q : tensor<3xf32>) -> tensor<3xf32>
  return
}
