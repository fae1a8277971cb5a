func.func @f64_shared(%a: memref<64x100x100xf64>, %l: memref<64x100x100xf64>, %p: memref<64x100xi32>, %i: memref<64xi32>, %q: memref<64x100xi32>) {
  linalgx.lu ins(%a : memref<64x100x100xf64>) outs(%l, %p, %i : memref<64x100x100xf64>, memref<64x100xi32>, memref<64xi32>) permutation(%q : memref<64x100xi32>)
  return
}
