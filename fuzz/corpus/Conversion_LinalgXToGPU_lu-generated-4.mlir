func.func @f64_panel(%a: memref<75x75xf64>, %l: memref<75x75xf64>, %p: memref<75xi32>, %i: memref<i32>, %q: memref<75xi32>,
                     %a2: memref<64x75x75xf64>, %p2: memref<64x75xi32>, %i2: memref<64xi32>, %q2: memref<64x75xi32>) {
  linalgx.lu ins(%a : memref<75x75xf64>) outs(%l, %p, %i : memref<75x75xf64>, memref<75xi32>, memref<i32>) permutation(%q : memref<75xi32>)
  linalgx.lu ins(%a2 : memref<64x75x75xf64>) outs(%a2, %p2, %i2 : memref<64x75x75xf64>, memref<64x75xi32>, memref<64xi32>) permutation(%q2 : memref<64x75xi32>)
  return
}
func.func @f32_panel_dynamic_batch(%a: memref<?x75x75xf32>, %p: memref<?x75xi32>, %i: memref<?xi32>) {
  linalgx.lu ins(%a : memref<?x75x75xf32>) outs(%a, %p, %i : memref<?x75x75xf32>, memref<?x75xi32>, memref<?xi32>)
  return
}
