func.func @lu_lu_element_type(%a: memref<3x3xf64>, %l: memref<3x3xf32>, %p: memref<3xi32>, %i: memref<i32>) {
  linalgx.lu ins(%a : memref<3x3xf64>) outs(%l, %p, %i : memref<3x3xf32>, memref<3xi32>, memref<i32>)
  return
}
