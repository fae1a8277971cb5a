func.func @batched_f64(%a: memref<64x32x32xf64>, %lu: memref<64x32x32xf64>,
                       %p: memref<64x32xi32>, %i: memref<64xi32>) {
  linalgx.lu ins(%a : memref<64x32x32xf64>)
      outs(%lu, %p, %i : memref<64x32x32xf64>, memref<64x32xi32>, memref<64xi32>)
  return
}
