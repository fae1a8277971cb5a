func.func @factor(%a: tensor<2x2xf64>) -> tensor<2x2xf64> {
  %l = tensor.empty() : tensor<2x2xf64>
  %p = tensor.empty() : tensor<2xi32>
  %i = tensor.empty() : tensor<i32>
  %lu, %piv, %info = linalgx.lu ins(%a : tensor<2x2xf64>)
      outs(%l, %p, %i : tensor<2x2xf64>, tensor<2xi32>, tensor<i32>)
      -> tensor<2x2xf64>, tensor<2xi32>, tensor<i32>
  return %lu : tensor<2x2xf64>
}
