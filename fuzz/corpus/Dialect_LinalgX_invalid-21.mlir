func.func @lu_info_element_type_i64(%a: tensor<3x3xf64>, %l: tensor<3x3xf64>, %p: tensor<3xi64>, %i: tensor<i32>) {
  %0:3 = linalgx.lu ins(%a : tensor<3x3xf64>) outs(%l, %p, %i : tensor<3x3xf64>, tensor<3xi64>, tensor<i32>) -> tensor<3x3xf64>, tensor<3xi64>, tensor<i32>
  return
}
