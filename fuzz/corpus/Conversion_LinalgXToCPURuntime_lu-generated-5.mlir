func.func @strided(%a: memref<4x4xf64, strided<[8, 2]>>, %p: memref<4xi32>, %i: memref<i32>) {
  linalgx.lu ins(%a : memref<4x4xf64, strided<[8, 2]>>)
      outs(%a, %p, %i : memref<4x4xf64, strided<[8, 2]>>, memref<4xi32>, memref<i32>)
  return
}
