func.func @f64_dynamic(%a: memref<?x?x?xf64>, %p: memref<?x?xi32>, %i: memref<?xi32>) {
  linalgx.lu ins(%a : memref<?x?x?xf64>) outs(%a, %p, %i : memref<?x?x?xf64>, memref<?x?xi32>, memref<?xi32>)
  return
}
