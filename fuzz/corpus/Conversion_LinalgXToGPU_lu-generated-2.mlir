func.func @small_and_empty(%a: memref<4x20x20xf32>, %p: memref<4x20xi32>, %i: memref<4xi32>,
                           %b: memref<20x10xf64>, %p2: memref<10xi32>, %i2: memref<i32>,
                           %c: memref<4x0x40xf32>, %p3: memref<4x0xi32>) {
  linalgx.lu ins(%a : memref<4x20x20xf32>) outs(%a, %p, %i : memref<4x20x20xf32>, memref<4x20xi32>, memref<4xi32>)
  linalgx.lu ins(%b : memref<20x10xf64>) outs(%b, %p2, %i2 : memref<20x10xf64>, memref<10xi32>, memref<i32>)
  linalgx.lu ins(%c : memref<4x0x40xf32>) outs(%c, %p3, %i : memref<4x0x40xf32>, memref<4x0xi32>, memref<4xi32>)
  return
}
