func.func @perm_one_based_misplaced(%p: memref<3xi32>, %q: memref<3xi32>) {
  linalgx.pivots_to_permutation ins(%p : memref<3xi32>) one_based outs(%q : memref<3xi32>)
  return
}
