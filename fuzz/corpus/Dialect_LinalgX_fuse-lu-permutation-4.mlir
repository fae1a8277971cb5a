func.func @init_in_if(%a: tensor<2x2xf64>, %c: i1) -> tensor<2xi32> {
  %l0 = tensor.empty() : tensor<2x2xf64>
  %p0 = tensor.empty() : tensor<2xi32>
  %i0 = tensor.empty() : tensor<i32>
  %l, %p, %i = linalgx.lu ins(%a : tensor<2x2xf64>) outs(%l0, %p0, %i0 : tensor<2x2xf64>, tensor<2xi32>, tensor<i32>) -> tensor<2x2xf64>, tensor<2xi32>, tensor<i32>
  %r = scf.if %c -> tensor<2xi32> {
    %e = tensor.empty() : tensor<2xi32>
    %q = linalgx.pivots_to_permutation ins(%p : tensor<2xi32>) outs(%e : tensor<2xi32>) -> tensor<2xi32>
    scf.yield %q : tensor<2xi32>
  } else {
    scf.yield %p : tensor<2xi32>
  }
  return %r : tensor<2xi32>
}
