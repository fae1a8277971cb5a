func.func @tensors(%a: tensor<4x4xf64>) -> tensor<4x4xf64> {
  %l = tensor.empty() : tensor<4x4xf64>
  %p = tensor.empty() : tensor<4xi32>
  %i = tensor.empty() : tensor<i32>
  %lu, %piv, %info = linalgx.lu ins(%a : tensor<4x4xf64>)
      outs(%l, %p, %i : tensor<4x4xf64>, tensor<4xi32>, tensor<i32>)
      -> tensor<4x4xf64>, tensor<4xi32>, tensor<i32>
  return %lu : tensor<4x4xf64>
}
