func.func @perm_n_less_than_k(%p: memref<4xi32>, %q: memref<3xi32>) {
  linalgx.pivots_to_permutation ins(%p : memref<4xi32>) outs(%q : memref<3xi32>)
  return
}
