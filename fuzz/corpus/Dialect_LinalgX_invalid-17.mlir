func.func @lu_pivots_i16(%a: tensor<3x3xf64>, %l: tensor<3x3xf64>, %p: tensor<3xi16>, %i: tensor<i16>) {
  %0:3 = linalgx.lu ins(%a : tensor<3x3xf64>) outs(%l, %p, %i : tensor<3x3xf64>, tensor<3xi16>, tensor<i16>) -> tensor<3x3xf64>, tensor<3xi16>, tensor<i16>
  return
}
