func.func @perm_element_type(%p: memref<3xi32>, %q: memref<3xi64>) {
  linalgx.pivots_to_permutation ins(%p : memref<3xi32>) outs(%q : memref<3xi64>)
  return
}
