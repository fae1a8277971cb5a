func.func @lu_mixed_pivots(%a: memref<3x3xf64>, %p: tensor<3xi32>, %i: memref<i32>) {
  %0 = linalgx.lu ins(%a : memref<3x3xf64>) outs(%a, %p, %i : memref<3x3xf64>, tensor<3xi32>, memref<i32>) -> tensor<3xi32>
  return
}
