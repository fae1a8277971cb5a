func.func @perm_mixed_memref_first(%p: memref<3xi32>, %q: tensor<3xi32>) {
  %0 = linalgx.pivots_to_permutation ins(%p : memref<3xi32>) outs(%q : tensor<3xi32>) -> tensor<3xi32>
  return
}
