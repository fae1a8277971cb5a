func.func @lu_on_tensors(%a: tensor<3x3xf64>) -> tensor<3x3xf64> {
  %l = tensor.empty() : tensor<3x3xf64>
  %p = tensor.empty() : tensor<3xi32>
  %i = tensor.empty() : tensor<i32>
  %lu, %piv, %info = linalgx.lu ins(%a : tensor<3x3xf64>)
      outs(%l, %p, %i : tensor<3x3xf64>, tensor<3xi32>, tensor<i32>)
      -> tensor<3x3xf64>, tensor<3xi32>, tensor<i32>
  return %lu : tensor<3x3xf64>
}
