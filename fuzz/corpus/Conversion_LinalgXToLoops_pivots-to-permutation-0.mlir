func.func @perm_i32(%p: memref<3xi32>, %q: memref<5xi32>) {
  linalgx.pivots_to_permutation ins(%p : memref<3xi32>) outs(%q : memref<5xi32>)
  return
}

func.func @perm_one_based_batched_i64(%p: memref<2x3xi64>, %q: memref<2x5xi64>) {
  linalgx.pivots_to_permutation one_based ins(%p : memref<2x3xi64>) outs(%q : memref<2x5xi64>)
  return
}

func.func @perm_batch3_dynamic(%p: memref<?x?x?x?xi32>, %q: memref<?x?x?x?xi32>) {
  linalgx.pivots_to_permutation ins(%p : memref<?x?x?x?xi32>) outs(%q : memref<?x?x?x?xi32>)
  return
}
