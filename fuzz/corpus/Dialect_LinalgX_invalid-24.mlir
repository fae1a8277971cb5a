func.func @lu_mixed_tensor_first(%a: tensor<3x3xf64>, %l: memref<3x3xf64>, %p: memref<3xi32>, %i: memref<i32>) {
  linalgx.lu ins(%a : tensor<3x3xf64>) outs(%l, %p, %i : memref<3x3xf64>, memref<3xi32>, memref<i32>)
  return
}
