func.func @perm_batch(%p: memref<2x4x3xi64>, %q: memref<2x5x3xi64>) {
  linalgx.pivots_to_permutation ins(%p : memref<2x4x3xi64>) outs(%q : memref<2x5x3xi64>)
  return
}
