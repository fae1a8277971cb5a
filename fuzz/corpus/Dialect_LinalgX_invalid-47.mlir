func.func @perm_memref_with_result(%p: memref<3xi32>, %q: memref<3xi32>) {
  %0 = linalgx.pivots_to_permutation ins(%p : memref<3xi32>) outs(%q : memref<3xi32>) -> tensor<3xi32>
  return
}
