func.func @lu_info_shape_unbatched(%a: memref<3x3xf64>, %p: memref<3xi32>, %i: memref<1xi32>) {
  linalgx.lu ins(%a : memref<3x3xf64>) outs(%a, %p, %i : memref<3x3xf64>, memref<3xi32>, memref<1xi32>)
  return
}
