func.func @perm_pivots_i16(%p: memref<3xi16>, %q: memref<3xi16>) {
  linalgx.pivots_to_permutation ins(%p : memref<3xi16>) outs(%q : memref<3xi16>)
  return
}
