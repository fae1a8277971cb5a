func.func @lu_batched_tensor(%a: tensor<2x4x3xf64>, %l: tensor<2x4x3xf64>, %p: tensor<2x3xi32>, %i: tensor<2xi32>, %q: tensor<2x4xi32>)
    -> (tensor<2x4x3xf64>, tensor<2x4xi32>, tensor<2xi32>) {
  %lu, %piv, %info = linalgx.lu ins(%a : tensor<2x4x3xf64>)
      outs(%l, %p, %i : tensor<2x4x3xf64>, tensor<2x3xi32>, tensor<2xi32>)
      -> tensor<2x4x3xf64>, tensor<2x3xi32>, tensor<2xi32>
  %perm = linalgx.pivots_to_permutation ins(%piv : tensor<2x3xi32>)
      outs(%q : tensor<2x4xi32>) -> tensor<2x4xi32>
  return %lu, %perm, %info : tensor<2x4x3xf64>, tensor<2x4xi32>, tensor<2xi32>
}

func.func @lu_memref_complex_one_based(%a: memref<?x?xcomplex<f32>>, %l: memref<?x?xcomplex<f32>>, %p: memref<?xi64>, %i: memref<i64>, %q: memref<?xi64>) {
  linalgx.lu ins(%a : memref<?x?xcomplex<f32>>)
      outs(%l, %p, %i : memref<?x?xcomplex<f32>>, memref<?xi64>, memref<i64>)
  linalgx.pivots_to_permutation one_based ins(%p : memref<?xi64>)
      outs(%q : memref<?xi64>)
  return
}
