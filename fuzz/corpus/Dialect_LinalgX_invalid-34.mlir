func.func @lu_unranked_memref(%a: memref<3x3xf64>, %p: memref<*xi32>, %i: memref<i32>) {
  linalgx.lu ins(%a : memref<3x3xf64>) outs(%a, %p, %i : memref<3x3xf64>, memref<*xi32>, memref<i32>)
  return
}
