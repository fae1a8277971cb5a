func.func @main() {
  %a = arith.constant dense<1.0> : tensor<3xf64>
  %p = tensor.empty() : tensor<3xi32>
  %i = tensor.empty() : tensor<i32>
  %r:3 = linalgx.lu ins(%a : tensor<3xf64>) outs(%a, %p, %i : tensor<3xf64>, tensor<3xi32>, tensor<i32>)
      -> tensor<3xf64>, tensor<3xi32>, tensor<i32>
  return
}
