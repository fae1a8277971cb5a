func.func @lu_pivots_k_wide(%a: tensor<2x5xf32>, %l: tensor<2x5xf32>, %p: tensor<5xi32>, %i: tensor<i32>) {
  %0:3 = linalgx.lu ins(%a : tensor<2x5xf32>) outs(%l, %p, %i : tensor<2x5xf32>, tensor<5xi32>, tensor<i32>) -> tensor<2x5xf32>, tensor<5xi32>, tensor<i32>
  return
}
