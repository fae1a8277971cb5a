func.func @lu_two_outs(%a: memref<3x3xf64>, %p: memref<3xi32>) {
  linalgx.lu ins(%a : memref<3x3xf64>) outs(%a, %p : memref<3x3xf64>, memref<3xi32>)
  return
}
