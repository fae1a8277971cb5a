func.func @lu_pivots_index(%a: memref<3x3xf64>, %p: memref<3xindex>, %i: memref<index>) {
  linalgx.lu ins(%a : memref<3x3xf64>) outs(%a, %p, %i : memref<3x3xf64>, memref<3xindex>, memref<index>)
  return
}
