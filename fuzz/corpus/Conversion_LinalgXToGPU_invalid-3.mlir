func.func @lu_outs_not_contiguous(%a: memref<4x4xf32>, %big: memref<8x8xf32>, %p: memref<4xi32>, %i: memref<i32>) {
  %l = memref.subview %big[0, 0] [4, 4] [1, 1] : memref<8x8xf32> to memref<4x4xf32, strided<[8, 1]>>
  linalgx.lu ins(%a : memref<4x4xf32>) outs(%l, %p, %i : memref<4x4xf32, strided<[8, 1]>>, memref<4xi32>, memref<i32>)
  return
}
