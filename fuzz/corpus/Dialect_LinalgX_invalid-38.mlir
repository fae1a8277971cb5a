func.func @perm_pivots_rank0(%p: memref<i32>, %q: memref<3xi32>) {
  linalgx.pivots_to_permutation ins(%p : memref<i32>) outs(%q : memref<3xi32>)
  return
}
