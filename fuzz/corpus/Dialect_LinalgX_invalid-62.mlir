func.func @lu_permutation_is_pivots(%a: memref<3x3xf64>, %p: memref<3xi32>, %i: memref<i32>) {
  linalgx.lu ins(%a : memref<3x3xf64>) outs(%a, %p, %i : memref<3x3xf64>, memref<3xi32>, memref<i32>) permutation(%p : memref<3xi32>)
  return
}
