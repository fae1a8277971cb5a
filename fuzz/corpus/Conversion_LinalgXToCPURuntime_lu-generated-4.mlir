func.func @too_large(%a: memref<512x512xf64>, %p: memref<512xi32>, %i: memref<i32>) {
  linalgx.lu ins(%a : memref<512x512xf64>)
      outs(%a, %p, %i : memref<512x512xf64>, memref<512xi32>, memref<i32>)
  return
}
