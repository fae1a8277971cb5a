func.func @perm_space(%p: memref<3xi32, 1>, %q: memref<5xi32, 1>) {
  linalgx.pivots_to_permutation ins(%p : memref<3xi32, 1>) outs(%q : memref<5xi32, 1>)
  return
}
