func.func @permutation_does_not_fit_i32(%p: tensor<3xi32>, %q: tensor<2147483649xi32>) -> tensor<2147483649xi32> {
  %r = linalgx.pivots_to_permutation ins(%p : tensor<3xi32>) outs(%q : tensor<2147483649xi32>) -> tensor<2147483649xi32>
  return %r : tensor<2147483649xi32>
}
