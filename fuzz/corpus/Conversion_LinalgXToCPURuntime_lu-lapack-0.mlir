func.func @f(%a: memref<3x8x8xf32>, %lu: memref<3x8x8xf32>, %p: memref<3x8xi32>,
             %i: memref<3xi32>) {
  linalgx.lu ins(%a : memref<3x8x8xf32>)
      outs(%lu, %p, %i : memref<3x8x8xf32>, memref<3x8xi32>, memref<3xi32>)
  return
}
