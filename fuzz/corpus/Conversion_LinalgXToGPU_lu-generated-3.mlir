func.func @f64_block_registers(%a: memref<64x75x75xf64>, %l: memref<64x75x75xf64>, %p: memref<64x75xi32>, %i: memref<64xi32>, %q: memref<64x75xi32>) {
  linalgx.lu ins(%a : memref<64x75x75xf64>) outs(%l, %p, %i : memref<64x75x75xf64>, memref<64x75xi32>, memref<64xi32>) permutation(%q : memref<64x75xi32>)
  return
}
