func.func @perm_shared_kernel(%p: memref<3xi32>, %q: memref<5xi32>, %p2: memref<7x2xi32>, %q2: memref<7x2xi32>) {
  linalgx.pivots_to_permutation ins(%p : memref<3xi32>) outs(%q : memref<5xi32>)
  linalgx.pivots_to_permutation ins(%p2 : memref<7x2xi32>) outs(%q2 : memref<7x2xi32>)
  linalgx.pivots_to_permutation one_based ins(%p2 : memref<7x2xi32>) outs(%q2 : memref<7x2xi32>)
  return
}
