func.func @batched_f64(%a: memref<2x3x4x5xf64>, %lu: memref<2x3x4x5xf64>,
                       %p: memref<2x3x4xi32>, %i: memref<2x3xi32>) {
  linalgx.lu ins(%a : memref<2x3x4x5xf64>)
      outs(%lu, %p, %i : memref<2x3x4x5xf64>, memref<2x3x4xi32>, memref<2x3xi32>)
  return
}
