func.func @init_in_for(%a: tensor<?x?xf32>, %n: index, %acc: tensor<?xi32>) -> tensor<?xi32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = tensor.dim %a, %c0 : tensor<?x?xf32>
  %cols = tensor.dim %a, %c1 : tensor<?x?xf32>
  %k = arith.minui %m, %cols : index
  %l0 = tensor.empty(%m, %cols) : tensor<?x?xf32>
  %p0 = tensor.empty(%k) : tensor<?xi32>
  %i0 = tensor.empty() : tensor<i32>
  %l, %p, %i = linalgx.lu ins(%a : tensor<?x?xf32>) outs(%l0, %p0, %i0 : tensor<?x?xf32>, tensor<?xi32>, tensor<i32>) -> tensor<?x?xf32>, tensor<?xi32>, tensor<i32>
  %r = scf.for %iv = %c0 to %n step %c1 iter_args(%sum = %acc) -> tensor<?xi32> {
    %e = tensor.empty(%m) : tensor<?xi32>
    %q = linalgx.pivots_to_permutation ins(%p : tensor<?xi32>) outs(%e : tensor<?xi32>) -> tensor<?xi32>
    %next = arith.addi %sum, %q : tensor<?xi32>
    scf.yield %next : tensor<?xi32>
  }
  return %r : tensor<?xi32>
}
