func.func @f64_too_large(%a: memref<1100x1100xf64>, %p: memref<1100xi32>, %i: memref<i32>, %q: memref<1100xi32>) {
  linalgx.lu ins(%a : memref<1100x1100xf64>) outs(%a, %p, %i : memref<1100x1100xf64>, memref<1100xi32>, memref<i32>) permutation(%q : memref<1100xi32>)
  return
}
