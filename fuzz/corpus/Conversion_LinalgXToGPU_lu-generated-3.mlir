func.func @f64_block_registers(%a: memref<300x75x75xf64>, %l: memref<300x75x75xf64>, %p: memref<300x75xi32>, %i: memref<300xi32>, %q: memref<300x75xi32>) {
  linalgx.lu ins(%a : memref<300x75x75xf64>) outs(%l, %p, %i : memref<300x75x75xf64>, memref<300x75xi32>, memref<300xi32>) permutation(%q : memref<300x75xi32>)
  return
}
