func.func @lu_input_not_contiguous(%big: memref<8x8xf32>, %l: memref<4x4xf32>, %p: memref<4xi32>, %i: memref<i32>) {
  %a = memref.subview %big[0, 0] [4, 4] [1, 1] : memref<8x8xf32> to memref<4x4xf32, strided<[8, 1]>>
  linalgx.lu ins(%a : memref<4x4xf32, strided<[8, 1]>>) outs(%l, %p, %i : memref<4x4xf32>, memref<4xi32>, memref<i32>)
  return
}
