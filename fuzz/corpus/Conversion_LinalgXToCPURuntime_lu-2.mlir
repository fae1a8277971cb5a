func.func @with_permutation(%a: memref<4x6x6xf64>, %lu: memref<4x6x6xf64>,
                            %p: memref<4x6xi32>, %i: memref<4xi32>, %q: memref<4x6xi32>) {
  linalgx.lu ins(%a : memref<4x6x6xf64>)
      outs(%lu, %p, %i : memref<4x6x6xf64>, memref<4x6xi32>, memref<4xi32>)
      permutation(%q : memref<4x6xi32>)
  return
}
