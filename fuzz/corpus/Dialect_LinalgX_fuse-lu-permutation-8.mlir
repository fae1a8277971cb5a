func.func @unknown_length_in_while(%a: tensor<4x3xf64>, %init: tensor<?xi32>) -> tensor<?xi32> {
  %l0 = tensor.empty() : tensor<4x3xf64>
  %p0 = tensor.empty() : tensor<3xi32>
  %i0 = tensor.empty() : tensor<i32>
  %l, %p, %i = linalgx.lu ins(%a : tensor<4x3xf64>) outs(%l0, %p0, %i0 : tensor<4x3xf64>, tensor<3xi32>, tensor<i32>) -> tensor<4x3xf64>, tensor<3xi32>, tensor<i32>
  %r = scf.while (%q0 = %init) : (tensor<?xi32>) -> tensor<?xi32> {
    %false = arith.constant false
    scf.condition(%false) %q0 : tensor<?xi32>
  } do {
  ^bb0(%q1: tensor<?xi32>):
    %q = linalgx.pivots_to_permutation ins(%p : tensor<3xi32>) outs(%q1 : tensor<?xi32>) -> tensor<?xi32>
    scf.yield %q : tensor<?xi32>
  }
  return %r : tensor<?xi32>
}
