func.func @dynamic(%a: memref<?x?x?xf32>, %p: memref<?x?xi32>, %i: memref<?xi32>) {
  linalgx.lu ins(%a : memref<?x?x?xf32>)
      outs(%a, %p, %i : memref<?x?x?xf32>, memref<?x?xi32>, memref<?xi32>)
  return
}
