func.func @huge_in(%p: memref<4611686018427387904x4xi32, strided<[4, 1]>>, %q: memref<4611686018427387904x4xi32>) {
  linalgx.pivots_to_permutation ins(%p : memref<4611686018427387904x4xi32, strided<[4, 1]>>) outs(%q : memref<4611686018427387904x4xi32>)
  return
}
