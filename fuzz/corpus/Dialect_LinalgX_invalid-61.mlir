func.func @lu_permutation_missing_result(%a: tensor<3x3xf64>, %l: tensor<3x3xf64>, %p: tensor<3xi32>, %i: tensor<i32>, %q: tensor<3xi32>) {
  %r:3 = linalgx.lu ins(%a : tensor<3x3xf64>) outs(%l, %p, %i : tensor<3x3xf64>, tensor<3xi32>, tensor<i32>) permutation(%q : tensor<3xi32>) -> tensor<3x3xf64>, tensor<3xi32>, tensor<i32>
  return
}
