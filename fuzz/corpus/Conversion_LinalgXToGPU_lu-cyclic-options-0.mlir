func.func @cyclic(%a: memref<75x75xf64>, %p: memref<75xi32>, %i: memref<i32>,
                  %b: memref<128x128xf64>, %q: memref<128xi32>) {
  linalgx.lu ins(%a : memref<75x75xf64>) outs(%a, %p, %i : memref<75x75xf64>, memref<75xi32>, memref<i32>)
  linalgx.lu ins(%b : memref<128x128xf64>) outs(%b, %q, %i : memref<128x128xf64>, memref<128xi32>, memref<i32>)
  return
}
