func.func @dynamic(%a: tensor<?x?x?xf32>) -> tensor<?x?xi64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %b = tensor.dim %a, %c0 : tensor<?x?x?xf32>
  %m = tensor.dim %a, %c1 : tensor<?x?x?xf32>
  %n = tensor.dim %a, %c2 : tensor<?x?x?xf32>
  %k = arith.minui %m, %n : index
  %l0 = tensor.empty(%b, %m, %n) : tensor<?x?x?xf32>
  %p0 = tensor.empty(%b, %k) : tensor<?x?xi64>
  %i0 = tensor.empty(%b) : tensor<?xi64>
  %lu, %piv, %info = linalgx.lu ins(%a : tensor<?x?x?xf32>)
      outs(%l0, %p0, %i0 : tensor<?x?x?xf32>, tensor<?x?xi64>, tensor<?xi64>)
      -> tensor<?x?x?xf32>, tensor<?x?xi64>, tensor<?xi64>
  %q0 = tensor.empty(%b, %m) : tensor<?x?xi64>
  %perm = linalgx.pivots_to_permutation ins(%piv : tensor<?x?xi64>)
      outs(%q0 : tensor<?x?xi64>) -> tensor<?x?xi64>
  return %perm : tensor<?x?xi64>
}
