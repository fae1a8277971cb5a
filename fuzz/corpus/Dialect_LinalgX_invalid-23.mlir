func.func @lu_info_shape_batched(%a: memref<2x4x3x3xf64>, %p: memref<2x4x3xi32>, %i: memref<2x5xi32>) {
  linalgx.lu ins(%a : memref<2x4x3x3xf64>) outs(%a, %p, %i : memref<2x4x3x3xf64>, memref<2x4x3xi32>, memref<2x5xi32>)
  return
}
