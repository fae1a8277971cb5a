func.func @not_fused(%a: tensor<4x4xf64>, %d: tensor<?xi32>) -> (tensor<6xi32>, tensor<4xi32>, tensor<?xi32>) {
  %l0 = tensor.empty() : tensor<4x4xf64>
  %p0 = tensor.empty() : tensor<4xi32>
  %i0 = tensor.empty() : tensor<i32>
  %lu, %piv, %info = linalgx.lu ins(%a : tensor<4x4xf64>)
      outs(%l0, %p0, %i0 : tensor<4x4xf64>, tensor<4xi32>, tensor<i32>)
      -> tensor<4x4xf64>, tensor<4xi32>, tensor<i32>
  %q0 = tensor.empty() : tensor<6xi32>
  %longer = linalgx.pivots_to_permutation ins(%piv : tensor<4xi32>)
      outs(%q0 : tensor<6xi32>) -> tensor<6xi32>
  %q1 = tensor.empty() : tensor<4xi32>
  %one_based = linalgx.pivots_to_permutation one_based ins(%piv : tensor<4xi32>)
      outs(%q1 : tensor<4xi32>) -> tensor<4xi32>
  %unknown = linalgx.pivots_to_permutation ins(%piv : tensor<4xi32>)
      outs(%d : tensor<?xi32>) -> tensor<?xi32>
  return %longer, %one_based, %unknown : tensor<6xi32>, tensor<4xi32>, tensor<?xi32>
}
