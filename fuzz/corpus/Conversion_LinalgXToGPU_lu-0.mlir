func.func @lu_f32_unbatched(%a: memref<4x4xf32>, %l: memref<4x4xf32>, %p: memref<4xi32>, %i: memref<i32>) {
  linalgx.lu ins(%a : memref<4x4xf32>) outs(%l, %p, %i : memref<4x4xf32>, memref<4xi32>, memref<i32>)
  return
}
