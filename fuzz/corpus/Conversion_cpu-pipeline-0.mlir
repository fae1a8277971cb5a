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

func.func @factor_complex(%a: tensor<?x?xcomplex<f32>>) -> (tensor<?x?xcomplex<f32>>, tensor<?xi64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = tensor.dim %a, %c0 : tensor<?x?xcomplex<f32>>
  %n = tensor.dim %a, %c1 : tensor<?x?xcomplex<f32>>
  %k = arith.minui %m, %n : index
  %l = tensor.empty(%m, %n) : tensor<?x?xcomplex<f32>>
  %p = tensor.empty(%k) : tensor<?xi64>
  %i = tensor.empty() : tensor<i64>
  %q = tensor.empty(%m) : tensor<?xi64>
  %lu, %piv, %info = linalgx.lu ins(%a : tensor<?x?xcomplex<f32>>)
      outs(%l, %p, %i : tensor<?x?xcomplex<f32>>, tensor<?xi64>, tensor<i64>)
      -> tensor<?x?xcomplex<f32>>, tensor<?xi64>, tensor<i64>
  %perm = linalgx.pivots_to_permutation one_based ins(%piv : tensor<?xi64>)
      outs(%q : tensor<?xi64>) -> tensor<?xi64>
  return %lu, %perm : tensor<?x?xcomplex<f32>>, tensor<?xi64>
}
