func.func @perm_batched_one_based_i64(%p: memref<2x3xi64>, %q: memref<2x5xi64>) {
  linalgx.pivots_to_permutation one_based ins(%p : memref<2x3xi64>) outs(%q : memref<2x5xi64>)
  return
}
