func.func @lu_pivots_f32(%a: memref<3x3xf32>, %p: memref<3xf32>, %i: memref<f32>) {
  linalgx.lu ins(%a : memref<3x3xf32>) outs(%a, %p, %i : memref<3x3xf32>, memref<3xf32>, memref<f32>)
  return
}
