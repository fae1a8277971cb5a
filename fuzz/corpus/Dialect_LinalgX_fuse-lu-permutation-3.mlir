func.func @twice(%a: tensor<3x3xf64>) -> (tensor<3xi32>, tensor<3xi32>) {
  %l0 = tensor.empty() : tensor<3x3xf64>
  %p0 = tensor.empty() : tensor<3xi32>
  %i0 = tensor.empty() : tensor<i32>
  %lu, %piv, %info = linalgx.lu ins(%a : tensor<3x3xf64>)
      outs(%l0, %p0, %i0 : tensor<3x3xf64>, tensor<3xi32>, tensor<i32>)
      -> tensor<3x3xf64>, tensor<3xi32>, tensor<i32>
  %q0 = tensor.empty() : tensor<3xi32>
  %perm1 = linalgx.pivots_to_permutation ins(%piv : tensor<3xi32>)
      outs(%q0 : tensor<3xi32>) -> tensor<3xi32>
  %q1 = tensor.empty() : tensor<3xi32>
  %perm2 = linalgx.pivots_to_permutation ins(%piv : tensor<3xi32>)
      outs(%q1 : tensor<3xi32>) -> tensor<3xi32>
  return %perm1, %perm2 : tensor<3xi32>, tensor<3xi32>
}
