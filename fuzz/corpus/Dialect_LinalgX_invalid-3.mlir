func.func @lu_input_f16(%a: tensor<3x3xf16>, %l: tensor<3x3xf16>, %p: tensor<3xi32>, %i: tensor<i32>) {
  %0:3 = linalgx.lu ins(%a : tensor<3x3xf16>) outs(%l, %p, %i : tensor<3x3xf16>, tensor<3xi32>, tensor<i32>) -> tensor<3x3xf16>, tensor<3xi32>, tensor<i32>
  return
}
