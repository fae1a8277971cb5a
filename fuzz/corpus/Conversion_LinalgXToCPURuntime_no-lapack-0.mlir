func.func @f(%a: memref<4x4xf64>, %p: memref<4xi32>, %i: memref<i32>) {
  linalgx.lu ins(%a : memref<4x4xf64>) outs(%a, %p, %i : memref<4x4xf64>, memref<4xi32>, memref<i32>)
  return
}
