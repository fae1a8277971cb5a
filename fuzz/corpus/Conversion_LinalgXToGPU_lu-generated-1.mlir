func.func @f32_registers(%a: memref<16x16xf32>, %p: memref<16xi64>, %i: memref<i64>,
                         %b: memref<32x20xf32>, %p2: memref<20xi64>) {
  linalgx.lu ins(%a : memref<16x16xf32>) outs(%a, %p, %i : memref<16x16xf32>, memref<16xi64>, memref<i64>)
  linalgx.lu ins(%b : memref<32x20xf32>) outs(%b, %p2, %i : memref<32x20xf32>, memref<20xi64>, memref<i64>)
  return
}
