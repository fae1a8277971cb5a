func.func @perm_batch3_i32(%p: memref<2x3x4x3xi32>, %q: memref<2x3x4x5xi32>) {
  linalgx.pivots_to_permutation ins(%p : memref<2x3x4x3xi32>) outs(%q : memref<2x3x4x5xi32>)
  return
}
