func.func @perm_on_tensors(%p: tensor<3xi32>) -> tensor<3xi32> {
  %q = tensor.empty() : tensor<3xi32>
  %perm = linalgx.pivots_to_permutation ins(%p : tensor<3xi32>) outs(%q : tensor<3xi32>) -> tensor<3xi32>
  return %perm : tensor<3xi32>
}
