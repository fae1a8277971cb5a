func.func @strided_input(%big: memref<8x8xf64>, %lu: memref<4x4xf64>, %p: memref<4xi32>,
                         %i: memref<i32>) {
  %a = memref.subview %big[0, 0] [4, 4] [1, 1]
      : memref<8x8xf64> to memref<4x4xf64, strided<[8, 1]>>
  linalgx.lu ins(%a : memref<4x4xf64, strided<[8, 1]>>)
      outs(%lu, %p, %i : memref<4x4xf64>, memref<4xi32>, memref<i32>)
  return
}
