func.func @f64_batched(%a: memref<8x512x512xf64>, %l: memref<8x512x512xf64>, %p: memref<8x512xi32>, %i: memref<8xi32>, %q: memref<8x512xi32>) {
  linalgx.lu ins(%a : memref<8x512x512xf64>) outs(%l, %p, %i : memref<8x512x512xf64>, memref<8x512xi32>, memref<8xi32>) permutation(%q : memref<8x512xi32>)
  return
}
