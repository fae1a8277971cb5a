func.func @lu_empty_outs(%a: tensor<3x3xf64>) -> (tensor<3x3xf64>, tensor<3xi32>, tensor<i32>) {
  %l = tensor.empty() : tensor<3x3xf64>
  %p = tensor.empty() : tensor<3xi32>
  %i = tensor.empty() : tensor<i32>
  %lu, %piv, %info = linalgx.lu ins(%a : tensor<3x3xf64>)
      outs(%l, %p, %i : tensor<3x3xf64>, tensor<3xi32>, tensor<i32>)
      -> tensor<3x3xf64>, tensor<3xi32>, tensor<i32>
  return %lu, %piv, %info : tensor<3x3xf64>, tensor<3xi32>, tensor<i32>
}

func.func @lu_outs_args_in_place(%a: tensor<2x4x3xf32>, %l: tensor<2x4x3xf32>, %p: tensor<2x3xi64>, %i: tensor<2xi64>)
    -> (tensor<2x4x3xf32>, tensor<2x3xi64>, tensor<2xi64>) {
  %lu, %piv, %info = linalgx.lu ins(%a : tensor<2x4x3xf32>)
      outs(%l, %p, %i : tensor<2x4x3xf32>, tensor<2x3xi64>, tensor<2xi64>)
      -> tensor<2x4x3xf32>, tensor<2x3xi64>, tensor<2xi64>
  return %lu, %piv, %info : tensor<2x4x3xf32>, tensor<2x3xi64>, tensor<2xi64>
}

func.func @lu_outs_used_later(%a: tensor<3x3xf64>, %l: tensor<3x3xf64>, %p: tensor<3xi32>, %i: tensor<i32>)
    -> (tensor<3x3xf64>, tensor<3x3xf64>) {
  %lu, %piv, %info = linalgx.lu ins(%a : tensor<3x3xf64>)
      outs(%l, %p, %i : tensor<3x3xf64>, tensor<3xi32>, tensor<i32>)
      -> tensor<3x3xf64>, tensor<3xi32>, tensor<i32>
  return %lu, %l : tensor<3x3xf64>, tensor<3x3xf64>
}

func.func @lu_input_used_later(%a: tensor<3x3xf64>) -> (tensor<3x3xf64>, tensor<3x3xf64>) {
  %p = tensor.empty() : tensor<3xi32>
  %i = tensor.empty() : tensor<i32>
  %lu, %piv, %info = linalgx.lu ins(%a : tensor<3x3xf64>)
      outs(%a, %p, %i : tensor<3x3xf64>, tensor<3xi32>, tensor<i32>)
      -> tensor<3x3xf64>, tensor<3xi32>, tensor<i32>
  return %lu, %a : tensor<3x3xf64>, tensor<3x3xf64>
}

func.func @lu_constant_input() -> (tensor<2x2xf64>, tensor<2xi32>, tensor<i32>) {
  %a = arith.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf64>
  %p = tensor.empty() : tensor<2xi32>
  %i = tensor.empty() : tensor<i32>
  %lu, %piv, %info = linalgx.lu ins(%a : tensor<2x2xf64>)
      outs(%a, %p, %i : tensor<2x2xf64>, tensor<2xi32>, tensor<i32>)
      -> tensor<2x2xf64>, tensor<2xi32>, tensor<i32>
  return %lu, %piv, %info : tensor<2x2xf64>, tensor<2xi32>, tensor<i32>
}

func.func @perm_empty_outs(%p: tensor<2x3xi32>) -> tensor<2x5xi32> {
  %q = tensor.empty() : tensor<2x5xi32>
  %perm = linalgx.pivots_to_permutation one_based ins(%p : tensor<2x3xi32>)
      outs(%q : tensor<2x5xi32>) -> tensor<2x5xi32>
  return %perm : tensor<2x5xi32>
}

func.func @perm_outs_is_input(%p: tensor<4xi64>) -> tensor<4xi64> {
  %perm = linalgx.pivots_to_permutation ins(%p : tensor<4xi64>)
      outs(%p : tensor<4xi64>) -> tensor<4xi64>
  return %perm : tensor<4xi64>
}

func.func @lu_then_perm(%a: tensor<2x4x4xf64>) -> (tensor<2x4x4xf64>, tensor<2x4xi32>, tensor<2xi32>) {
  %l = tensor.empty() : tensor<2x4x4xf64>
  %p = tensor.empty() : tensor<2x4xi32>
  %i = tensor.empty() : tensor<2xi32>
  %q = tensor.empty() : tensor<2x4xi32>
  %lu, %piv, %info = linalgx.lu ins(%a : tensor<2x4x4xf64>)
      outs(%l, %p, %i : tensor<2x4x4xf64>, tensor<2x4xi32>, tensor<2xi32>)
      -> tensor<2x4x4xf64>, tensor<2x4xi32>, tensor<2xi32>
  %perm = linalgx.pivots_to_permutation ins(%piv : tensor<2x4xi32>)
      outs(%q : tensor<2x4xi32>) -> tensor<2x4xi32>
  return %lu, %perm, %info : tensor<2x4x4xf64>, tensor<2x4xi32>, tensor<2xi32>
}

func.func @lu_dynamic(%a: tensor<?x?xf32>, %m: index, %n: index, %k: index)
    -> (tensor<?x?xf32>, tensor<?xi32>, tensor<i32>) {
  %l = tensor.empty(%m, %n) : tensor<?x?xf32>
  %p = tensor.empty(%k) : tensor<?xi32>
  %i = tensor.empty() : tensor<i32>
  %lu, %piv, %info = linalgx.lu ins(%a : tensor<?x?xf32>)
      outs(%l, %p, %i : tensor<?x?xf32>, tensor<?xi32>, tensor<i32>)
      -> tensor<?x?xf32>, tensor<?xi32>, tensor<i32>
  return %lu, %piv, %info : tensor<?x?xf32>, tensor<?xi32>, tensor<i32>
}
