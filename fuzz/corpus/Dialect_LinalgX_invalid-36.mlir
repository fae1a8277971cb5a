func.func @lu_memref_result(%a: tensor<3x3xf64>, %l: tensor<3x3xf64>, %p: tensor<3xi32>, %i: tensor<i32>) {
  %0:3 = linalgx.lu ins(%a : tensor<3x3xf64>) outs(%l, %p, %i : tensor<3x3xf64>, tensor<3xi32>, tensor<i32>) -> memref<3x3xf64>, tensor<3xi32>, tensor<i32>
  return
}
