func.func @single(%a: memref<512x512xf64>, %p: memref<512xi32>, %i: memref<i32>) {
  linalgx.lu ins(%a : memref<512x512xf64>) outs(%a, %p, %i : memref<512x512xf64>, memref<512xi32>, memref<i32>)
  return
}
func.func @dynamic_batch(%a: memref<?x512x512xf64>, %p: memref<?x512xi32>, %i: memref<?xi32>) {
  linalgx.lu ins(%a : memref<?x512x512xf64>) outs(%a, %p, %i : memref<?x512x512xf64>, memref<?x512xi32>, memref<?xi32>)
  return
}
