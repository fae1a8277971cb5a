func.func @lu_permutation_wrong_length(%a: tensor<4x3xf64>, %l: tensor<4x3xf64>, %p: tensor<3xi32>, %i: tensor<i32>, %q: tensor<3xi32>) {
  %r:4 = linalgx.lu ins(%a : tensor<4x3xf64>) outs(%l, %p, %i : tensor<4x3xf64>, tensor<3xi32>, tensor<i32>) permutation(%q : tensor<3xi32>) -> tensor<4x3xf64>, tensor<3xi32>, tensor<i32>, tensor<3xi32>
  return
}
