func.func @lu_f64_batched(%a: memref<2x3x3xf64>, %l: memref<2x3x3xf64>, %p: memref<2x3xi64>, %i: memref<2xi64>,
                          %p2: memref<2x3xi32>, %i2: memref<2xi32>) {
  linalgx.lu ins(%a : memref<2x3x3xf64>) outs(%l, %p, %i : memref<2x3x3xf64>, memref<2x3xi64>, memref<2xi64>)
  linalgx.lu ins(%a : memref<2x3x3xf64>) outs(%l, %p2, %i2 : memref<2x3x3xf64>, memref<2x3xi32>, memref<2xi32>)
  return
}
