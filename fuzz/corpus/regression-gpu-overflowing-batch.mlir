func.func @broadcast_out(%p: memref<2x4611686018427387904x4xi32>, %q: memref<2x4611686018427387904x4xi32, strided<[0, 4, 1]>>) {
  linalgx.pivots_to_permutation ins(%p : memref<2x4611686018427387904x4xi32>) outs(%q : memref<2x4611686018427387904x4xi32, strided<[0, 4, 1]>>)
  return
}
