func.func @init_in_while(%a: tensor<?x3xf64>, %m: index, %k: index, %init: tensor<?xi32>) -> tensor<?xi32> {
  %l0 = tensor.empty(%m) : tensor<?x3xf64>
  %p0 = tensor.empty(%k) : tensor<?xi32>
  %i0 = tensor.empty() : tensor<i32>
  %l, %p, %i = linalgx.lu ins(%a : tensor<?x3xf64>) outs(%l0, %p0, %i0 : tensor<?x3xf64>, tensor<?xi32>, tensor<i32>) -> tensor<?x3xf64>, tensor<?xi32>, tensor<i32>
  %r = scf.while (%q0 = %init) : (tensor<?xi32>) -> tensor<?xi32> {
    %false = arith.constant false
    scf.condition(%false) %q0 : tensor<?xi32>
  } do {
  ^bb0(%q1: tensor<?xi32>):
    %c0 = arith.constant 0 : index
    %rows = tensor.dim %a, %c0 : tensor<?x3xf64>
    %e = tensor.empty(%rows) : tensor<?xi32>
    %q = linalgx.pivots_to_permutation ins(%p : tensor<?xi32>) outs(%e : tensor<?xi32>) -> tensor<?xi32>
    scf.yield %q : tensor<?xi32>
  }
  return %r : tensor<?xi32>
}
