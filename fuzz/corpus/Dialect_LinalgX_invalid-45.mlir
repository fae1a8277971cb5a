func.func @perm_mixed_tensor_first(%p: tensor<3xi32>, %q: memref<3xi32>) {
  linalgx.pivots_to_permutation ins(%p : tensor<3xi32>) outs(%q : memref<3xi32>)
  return
}
