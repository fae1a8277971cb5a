func.func @lu_lu_shape(%a: memref<4x3xf64>, %l: memref<3x4xf64>, %p: memref<3xi32>, %i: memref<i32>) {
  linalgx.lu ins(%a : memref<4x3xf64>) outs(%l, %p, %i : memref<3x4xf64>, memref<3xi32>, memref<i32>)
  return
}
