func.func @init_is_iter_arg(%a: tensor<4x4xf64>, %n: index, %init: tensor<4xi32>) -> tensor<4xi32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %l0 = tensor.empty() : tensor<4x4xf64>
  %p0 = tensor.empty() : tensor<4xi32>
  %i0 = tensor.empty() : tensor<i32>
  %l, %p, %i = linalgx.lu ins(%a : tensor<4x4xf64>) outs(%l0, %p0, %i0 : tensor<4x4xf64>, tensor<4xi32>, tensor<i32>) -> tensor<4x4xf64>, tensor<4xi32>, tensor<i32>
  %r = scf.for %iv = %c0 to %n step %c1 iter_args(%q0 = %init) -> tensor<4xi32> {
    %q = linalgx.pivots_to_permutation ins(%p : tensor<4xi32>) outs(%q0 : tensor<4xi32>) -> tensor<4xi32>
    scf.yield %q : tensor<4xi32>
  }
  return %r : tensor<4xi32>
}
