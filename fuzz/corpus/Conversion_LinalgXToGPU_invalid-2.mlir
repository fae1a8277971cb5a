func.func @perm_outs_not_contiguous(%p: memref<3xi32>, %big: memref<4x8xi32>) {
  %q = memref.subview %big[0, 0] [4, 1] [1, 1] : memref<4x8xi32> to memref<4xi32, strided<[8]>>
  linalgx.pivots_to_permutation ins(%p : memref<3xi32>) outs(%q : memref<4xi32, strided<[8]>>)
  return
}
