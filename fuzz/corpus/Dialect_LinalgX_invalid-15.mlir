func.func @lu_pivots_dynamic(%a: memref<2x?x3xf64>, %p: memref<3x3xi32>, %i: memref<2xi32>) {
  linalgx.lu ins(%a : memref<2x?x3xf64>) outs(%a, %p, %i : memref<2x?x3xf64>, memref<3x3xi32>, memref<2xi32>)
  return
}
