func.func @static(%a: tensor<64x75x75xf64>) -> (tensor<64x75x75xf64>, tensor<64x75xi32>, tensor<64x75xi32>) {
  %l0 = tensor.empty() : tensor<64x75x75xf64>
  %p0 = tensor.empty() : tensor<64x75xi32>
  %i0 = tensor.empty() : tensor<64xi32>
  %lu, %piv, %info = linalgx.lu ins(%a : tensor<64x75x75xf64>)
      outs(%l0, %p0, %i0 : tensor<64x75x75xf64>, tensor<64x75xi32>, tensor<64xi32>)
      -> tensor<64x75x75xf64>, tensor<64x75xi32>, tensor<64xi32>
  %q0 = tensor.empty() : tensor<64x75xi32>
  %perm = linalgx.pivots_to_permutation ins(%piv : tensor<64x75xi32>)
      outs(%q0 : tensor<64x75xi32>) -> tensor<64x75xi32>
  return %lu, %piv, %perm : tensor<64x75x75xf64>, tensor<64x75xi32>, tensor<64x75xi32>
}
