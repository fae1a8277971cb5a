func.func @lu_permutation_wrong_type(%a: tensor<3x3xf64>, %l: tensor<3x3xf64>, %p: tensor<3xi32>, %i: tensor<i32>, %q: tensor<3xi64>) {
  %r:4 = linalgx.lu ins(%a : tensor<3x3xf64>) outs(%l, %p, %i : tensor<3x3xf64>, tensor<3xi32>, tensor<i32>) permutation(%q : tensor<3xi64>) -> tensor<3x3xf64>, tensor<3xi32>, tensor<i32>, tensor<3xi64>
  return
}
