func.func @lu_lu_rank(%a: tensor<2x3x3xf32>, %l: tensor<3x3xf32>, %p: tensor<2x3xi32>, %i: tensor<2xi32>) {
  %0:3 = linalgx.lu ins(%a : tensor<2x3x3xf32>) outs(%l, %p, %i : tensor<3x3xf32>, tensor<2x3xi32>, tensor<2xi32>) -> tensor<3x3xf32>, tensor<2x3xi32>, tensor<2xi32>
  return
}
