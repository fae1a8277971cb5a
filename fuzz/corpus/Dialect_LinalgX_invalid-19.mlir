func.func @lu_pivots_si32(%a: memref<3x3xf64>, %p: memref<3xsi32>, %i: memref<si32>) {
  linalgx.lu ins(%a : memref<3x3xf64>) outs(%a, %p, %i : memref<3x3xf64>, memref<3xsi32>, memref<si32>)
  return
}
