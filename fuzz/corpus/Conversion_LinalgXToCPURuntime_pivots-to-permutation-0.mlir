func.func @large_batch(%p: memref<16384x16xi32>, %perm: memref<16384x16xi32>) {
  linalgx.pivots_to_permutation ins(%p : memref<16384x16xi32>) outs(%perm : memref<16384x16xi32>)
  return
}
