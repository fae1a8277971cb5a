func.func @lu_lu_element_type_complex(%a: tensor<2x2xf32>, %l: tensor<2x2xcomplex<f32>>, %p: tensor<2xi32>, %i: tensor<i32>) {
  %0:3 = linalgx.lu ins(%a : tensor<2x2xf32>) outs(%l, %p, %i : tensor<2x2xcomplex<f32>>, tensor<2xi32>, tensor<i32>) -> tensor<2x2xcomplex<f32>>, tensor<2xi32>, tensor<i32>
  return
}
