func.func @lu_rows_do_not_fit_i32(%a: memref<2147483649x1xf32>, %p: memref<1xi32>, %i: memref<i32>) {
  linalgx.lu ins(%a : memref<2147483649x1xf32>) outs(%a, %p, %i : memref<2147483649x1xf32>, memref<1xi32>, memref<i32>)
  return
}
