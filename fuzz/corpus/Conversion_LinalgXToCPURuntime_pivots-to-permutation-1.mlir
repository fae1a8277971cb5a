func.func @small_batch(%p: memref<4x3xi64>, %perm: memref<4x5xi64>) {
  linalgx.pivots_to_permutation one_based ins(%p : memref<4x3xi64>) outs(%perm : memref<4x5xi64>)
  return
}
