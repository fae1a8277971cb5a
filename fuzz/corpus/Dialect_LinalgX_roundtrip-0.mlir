func.func @lu_tensor_f64(%a: tensor<3x3xf64>, %l: tensor<3x3xf64>, %p: tensor<3xi32>, %i: tensor<i32>)
    -> (tensor<3x3xf64>, tensor<3xi32>, tensor<i32>) {
  %lu, %piv, %info = linalgx.lu ins(%a : tensor<3x3xf64>)
      outs(%l, %p, %i : tensor<3x3xf64>, tensor<3xi32>, tensor<i32>)
      -> tensor<3x3xf64>, tensor<3xi32>, tensor<i32>
  return %lu, %piv, %info : tensor<3x3xf64>, tensor<3xi32>, tensor<i32>
}

func.func @lu_tensor_permutation(%a: tensor<8x5x5xf64>, %l: tensor<8x5x5xf64>, %p: tensor<8x5xi32>, %i: tensor<8xi32>, %q: tensor<8x5xi32>)
    -> tensor<8x5xi32> {
  %lu, %piv, %info, %perm = linalgx.lu ins(%a : tensor<8x5x5xf64>)
      outs(%l, %p, %i : tensor<8x5x5xf64>, tensor<8x5xi32>, tensor<8xi32>)
      permutation(%q : tensor<8x5xi32>)
      -> tensor<8x5x5xf64>, tensor<8x5xi32>, tensor<8xi32>, tensor<8x5xi32>
  return %perm : tensor<8x5xi32>
}

func.func @lu_memref_permutation(%a: memref<3x7xf32>, %p: memref<3xi64>, %i: memref<i64>, %q: memref<3xi64>) {
  linalgx.lu ins(%a : memref<3x7xf32>) outs(%a, %p, %i : memref<3x7xf32>, memref<3xi64>, memref<i64>)
      permutation(%q : memref<3xi64>)
  return
}

func.func @lu_tensor_f32_tall_i64(%a: tensor<4x3xf32>, %l: tensor<4x3xf32>, %p: tensor<3xi64>, %i: tensor<i64>)
    -> (tensor<4x3xf32>, tensor<3xi64>, tensor<i64>) {
  %lu, %piv, %info = linalgx.lu ins(%a : tensor<4x3xf32>)
      outs(%l, %p, %i : tensor<4x3xf32>, tensor<3xi64>, tensor<i64>)
      -> tensor<4x3xf32>, tensor<3xi64>, tensor<i64>
  return %lu, %piv, %info : tensor<4x3xf32>, tensor<3xi64>, tensor<i64>
}

func.func @lu_tensor_c32_wide_batch1(%a: tensor<5x2x4xcomplex<f32>>, %l: tensor<5x2x4xcomplex<f32>>, %p: tensor<5x2xi32>, %i: tensor<5xi32>)
    -> (tensor<5x2x4xcomplex<f32>>, tensor<5x2xi32>, tensor<5xi32>) {
  %lu, %piv, %info = linalgx.lu ins(%a : tensor<5x2x4xcomplex<f32>>)
      outs(%l, %p, %i : tensor<5x2x4xcomplex<f32>>, tensor<5x2xi32>, tensor<5xi32>)
      -> tensor<5x2x4xcomplex<f32>>, tensor<5x2xi32>, tensor<5xi32>
  return %lu, %piv, %info : tensor<5x2x4xcomplex<f32>>, tensor<5x2xi32>, tensor<5xi32>
}

func.func @lu_tensor_c64_batch3(%a: tensor<2x3x4x6x6xcomplex<f64>>, %l: tensor<2x3x4x6x6xcomplex<f64>>, %p: tensor<2x3x4x6xi64>, %i: tensor<2x3x4xi64>)
    -> (tensor<2x3x4x6x6xcomplex<f64>>, tensor<2x3x4x6xi64>, tensor<2x3x4xi64>) {
  %lu, %piv, %info = linalgx.lu ins(%a : tensor<2x3x4x6x6xcomplex<f64>>)
      outs(%l, %p, %i : tensor<2x3x4x6x6xcomplex<f64>>, tensor<2x3x4x6xi64>, tensor<2x3x4xi64>)
      -> tensor<2x3x4x6x6xcomplex<f64>>, tensor<2x3x4x6xi64>, tensor<2x3x4xi64>
  return %lu, %piv, %info : tensor<2x3x4x6x6xcomplex<f64>>, tensor<2x3x4x6xi64>, tensor<2x3x4xi64>
}

func.func @lu_tensor_dynamic(%a: tensor<?x?x?xf64>, %l: tensor<?x?x?xf64>, %p: tensor<?x?xi32>, %i: tensor<?xi32>)
    -> (tensor<?x?x?xf64>, tensor<?x?xi32>, tensor<?xi32>) {
  %lu, %piv, %info = linalgx.lu ins(%a : tensor<?x?x?xf64>)
      outs(%l, %p, %i : tensor<?x?x?xf64>, tensor<?x?xi32>, tensor<?xi32>)
      -> tensor<?x?x?xf64>, tensor<?x?xi32>, tensor<?xi32>
  return %lu, %piv, %info : tensor<?x?x?xf64>, tensor<?x?xi32>, tensor<?xi32>
}

func.func @lu_tensor_mixed_static_dynamic(%a: tensor<2x4x3xf32>, %l: tensor<?x4x?xf32>, %p: tensor<2x?xi32>, %i: tensor<?xi32>)
    -> (tensor<?x4x?xf32>, tensor<2x?xi32>, tensor<?xi32>) {
  %lu, %piv, %info = linalgx.lu ins(%a : tensor<2x4x3xf32>)
      outs(%l, %p, %i : tensor<?x4x?xf32>, tensor<2x?xi32>, tensor<?xi32>)
      -> tensor<?x4x?xf32>, tensor<2x?xi32>, tensor<?xi32>
  return %lu, %piv, %info : tensor<?x4x?xf32>, tensor<2x?xi32>, tensor<?xi32>
}

func.func @lu_memref_f64(%a: memref<4x4xf64>, %l: memref<4x4xf64>, %p: memref<4xi32>, %i: memref<i32>) {
  linalgx.lu ins(%a : memref<4x4xf64>) outs(%l, %p, %i : memref<4x4xf64>, memref<4xi32>, memref<i32>)
  return
}

func.func @lu_memref_inplace_c32(%m: memref<2x3x3xcomplex<f32>>, %p: memref<2x3xi64>, %i: memref<2xi64>) {
  linalgx.lu ins(%m : memref<2x3x3xcomplex<f32>>) outs(%m, %p, %i : memref<2x3x3xcomplex<f32>>, memref<2x3xi64>, memref<2xi64>)
  return
}

func.func @lu_memref_dynamic_batch3(%a: memref<?x2x?x3x5xf32>, %l: memref<?x2x?x3x5xf32>, %p: memref<?x2x?x3xi32>, %i: memref<?x2x?xi32>) {
  linalgx.lu ins(%a : memref<?x2x?x3x5xf32>) outs(%l, %p, %i : memref<?x2x?x3x5xf32>, memref<?x2x?x3xi32>, memref<?x2x?xi32>)
  return
}

func.func @lu_memref_c64_strided(%a: memref<5x2xcomplex<f64>, strided<[4, 1]>>, %p: memref<2xi64>, %i: memref<i64>) {
  linalgx.lu ins(%a : memref<5x2xcomplex<f64>, strided<[4, 1]>>) outs(%a, %p, %i : memref<5x2xcomplex<f64>, strided<[4, 1]>>, memref<2xi64>, memref<i64>)
  return
}

func.func @lu_attr(%m: memref<2x2xf64>, %p: memref<2xi32>, %i: memref<i32>) {
  linalgx.lu {some.tag = 7} ins(%m : memref<2x2xf64>) outs(%m, %p, %i : memref<2x2xf64>, memref<2xi32>, memref<i32>)
  return
}


func.func @perm_tensor(%p: tensor<3xi32>, %q: tensor<3xi32>) -> tensor<3xi32> {
  %perm = linalgx.pivots_to_permutation ins(%p : tensor<3xi32>) outs(%q : tensor<3xi32>) -> tensor<3xi32>
  return %perm : tensor<3xi32>
}

func.func @perm_tensor_one_based(%p: tensor<3xi32>, %q: tensor<5xi32>) -> tensor<5xi32> {
  %perm = linalgx.pivots_to_permutation one_based ins(%p : tensor<3xi32>) outs(%q : tensor<5xi32>) -> tensor<5xi32>
  return %perm : tensor<5xi32>
}

func.func @perm_tensor_batch1_dynamic_i64(%p: tensor<?x?xi64>, %q: tensor<?x7xi64>) -> tensor<?x7xi64> {
  %perm = linalgx.pivots_to_permutation ins(%p : tensor<?x?xi64>) outs(%q : tensor<?x7xi64>) -> tensor<?x7xi64>
  return %perm : tensor<?x7xi64>
}

func.func @perm_memref_batch3(%p: memref<2x3x4x5xi64>, %q: memref<2x3x4x6xi64>) {
  linalgx.pivots_to_permutation one_based ins(%p : memref<2x3x4x5xi64>) outs(%q : memref<2x3x4x6xi64>)
  return
}

func.func @perm_memref(%p: memref<4xi32>, %q: memref<4xi32>) {
  linalgx.pivots_to_permutation ins(%p : memref<4xi32>) outs(%q : memref<4xi32>)
  return
}

func.func @lu_then_perm(%a: tensor<2x4x4xf64>) -> (tensor<2x4x4xf64>, tensor<2x4xi32>) {
  %l = tensor.empty() : tensor<2x4x4xf64>
  %p = tensor.empty() : tensor<2x4xi32>
  %i = tensor.empty() : tensor<2xi32>
  %q = tensor.empty() : tensor<2x4xi32>
  %lu, %piv, %info = linalgx.lu ins(%a : tensor<2x4x4xf64>)
      outs(%l, %p, %i : tensor<2x4x4xf64>, tensor<2x4xi32>, tensor<2xi32>)
      -> tensor<2x4x4xf64>, tensor<2x4xi32>, tensor<2xi32>
  %perm = linalgx.pivots_to_permutation ins(%piv : tensor<2x4xi32>) outs(%q : tensor<2x4xi32>) -> tensor<2x4xi32>
  return %lu, %perm : tensor<2x4x4xf64>, tensor<2x4xi32>
}
