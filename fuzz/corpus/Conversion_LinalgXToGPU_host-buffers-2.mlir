func.func @lu_host_dynamic(%a: memref<?x?xf32, strided<[?, 1], offset: ?>>, %l: memref<?x?xf32>, %p: memref<?xi64>, %i: memref<i64>) {
  linalgx.lu ins(%a : memref<?x?xf32, strided<[?, 1], offset: ?>>) outs(%l, %p, %i : memref<?x?xf32>, memref<?xi64>, memref<i64>)
  return
}
