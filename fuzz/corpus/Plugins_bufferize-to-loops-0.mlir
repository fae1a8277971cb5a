func.func @factor(%a: tensor<2x4x3xf64>) -> (tensor<2x4x3xf64>, tensor<2x4xi32>, tensor<2xi32>) {
  %l = tensor.empty() : tensor<2x4x3xf64>
  %p = tensor.empty() : tensor<2x3xi32>
  %i = tensor.empty() : tensor<2xi32>
  %q = tensor.empty() : tensor<2x4xi32>
  %lu, %piv, %info = linalgx.lu ins(%a : tensor<2x4x3xf64>)
      outs(%l, %p, %i : tensor<2x4x3xf64>, tensor<2x3xi32>, tensor<2xi32>)
      -> tensor<2x4x3xf64>, tensor<2x3xi32>, tensor<2xi32>
  %perm = linalgx.pivots_to_permutation ins(%piv : tensor<2x3xi32>)
      outs(%q : tensor<2x4xi32>) -> tensor<2x4xi32>
  return %lu, %perm, %info : tensor<2x4x3xf64>, tensor<2x4xi32>, tensor<2xi32>
}
