func.func @f64_registers(%a: memref<8x5x5xf64>, %l: memref<8x5x5xf64>, %p: memref<8x5xi32>, %i: memref<8xi32>, %q: memref<8x5xi32>) {
  linalgx.lu ins(%a : memref<8x5x5xf64>) outs(%l, %p, %i : memref<8x5x5xf64>, memref<8x5xi32>, memref<8xi32>) permutation(%q : memref<8x5xi32>)
  return
}
