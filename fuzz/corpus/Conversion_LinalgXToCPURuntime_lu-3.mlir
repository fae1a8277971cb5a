func.func @strided(%a: memref<4x4xf64>, %big: memref<8x8xf64>, %p: memref<4xi32>,
                   %i: memref<i32>) {
  %lu = memref.subview %big[0, 0] [4, 4] [1, 1]
      : memref<8x8xf64> to memref<4x4xf64, strided<[8, 1]>>
  linalgx.lu ins(%a : memref<4x4xf64>)
      outs(%lu, %p, %i : memref<4x4xf64, strided<[8, 1]>>, memref<4xi32>, memref<i32>)
  return
}
