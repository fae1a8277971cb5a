func.func @perm_dynamic_i64(%p: memref<?x?x?xi64>, %q: memref<?x?x?xi64>) {
  linalgx.pivots_to_permutation ins(%p : memref<?x?x?xi64>) outs(%q : memref<?x?x?xi64>)
  return
}
