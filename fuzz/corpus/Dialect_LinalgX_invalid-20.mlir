func.func @lu_info_element_type(%a: memref<3x3xf64>, %p: memref<3xi32>, %i: memref<i64>) {
  linalgx.lu ins(%a : memref<3x3xf64>) outs(%a, %p, %i : memref<3x3xf64>, memref<3xi32>, memref<i64>)
  return
}
