func.func @lu_mixed_info(%a: tensor<3x3xf64>, %l: tensor<3x3xf64>, %p: tensor<3xi32>, %i: memref<i32>) {
  %0:2 = linalgx.lu ins(%a : tensor<3x3xf64>) outs(%l, %p, %i : tensor<3x3xf64>, tensor<3xi32>, memref<i32>) -> tensor<3x3xf64>, tensor<3xi32>
  return
}
