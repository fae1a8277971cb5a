func.func @lu_pivots_batch(%a: memref<2x3x3xf64>, %p: memref<4x3xi32>, %i: memref<2xi32>) {
  linalgx.lu ins(%a : memref<2x3x3xf64>) outs(%a, %p, %i : memref<2x3x3xf64>, memref<4x3xi32>, memref<2xi32>)
  return
}
