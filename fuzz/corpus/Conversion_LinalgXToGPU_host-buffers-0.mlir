func.func @perm_host(%p: memref<2x3xi32>, %q: memref<2x5xi32>) {
  linalgx.pivots_to_permutation ins(%p : memref<2x3xi32>) outs(%q : memref<2x5xi32>)
  return
}
