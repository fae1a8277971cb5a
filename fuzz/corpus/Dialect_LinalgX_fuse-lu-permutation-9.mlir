func.func @several_users(%a: tensor<3x3xf32>, %c: i1) -> (tensor<3xi32>, tensor<3xi32>) {
  %l0 = tensor.empty() : tensor<3x3xf32>
  %p0 = tensor.empty() : tensor<3xi32>
  %i0 = tensor.empty() : tensor<i32>
  %l, %p, %i = linalgx.lu ins(%a : tensor<3x3xf32>) outs(%l0, %p0, %i0 : tensor<3x3xf32>, tensor<3xi32>, tensor<i32>) -> tensor<3x3xf32>, tensor<3xi32>, tensor<i32>
  %e0 = tensor.empty() : tensor<3xi32>
  %q0 = linalgx.pivots_to_permutation ins(%p : tensor<3xi32>) outs(%e0 : tensor<3xi32>) -> tensor<3xi32>
  %r = scf.if %c -> tensor<3xi32> {
    %e1 = tensor.empty() : tensor<3xi32>
    %q1 = linalgx.pivots_to_permutation ins(%p : tensor<3xi32>) outs(%e1 : tensor<3xi32>) -> tensor<3xi32>
    scf.yield %q1 : tensor<3xi32>
  } else {
    scf.yield %p : tensor<3xi32>
  }
  return %q0, %r : tensor<3xi32>, tensor<3xi32>
}
