func.func @lu_input_i32(%a: memref<3x3xi32>, %p: memref<3xi32>, %i: memref<i32>) {
  linalgx.lu ins(%a : memref<3x3xi32>) outs(%a, %p, %i : memref<3x3xi32>, memref<3xi32>, memref<i32>)
  return
}
