func.func @lu_lu_shape_dynamic(%a: memref<?x3xf64>, %l: memref<?x4xf64>, %p: memref<?xi32>, %i: memref<i32>) {
  linalgx.lu ins(%a : memref<?x3xf64>) outs(%l, %p, %i : memref<?x4xf64>, memref<?xi32>, memref<i32>)
  return
}
