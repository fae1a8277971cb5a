func.func @f64_too_large(%a: memref<170x170xf64>, %p: memref<170xi32>, %i: memref<i32>, %q: memref<170xi32>) {
  linalgx.lu ins(%a : memref<170x170xf64>) outs(%a, %p, %i : memref<170x170xf64>, memref<170xi32>, memref<i32>) permutation(%q : memref<170xi32>)
  return
}
