func.func @auto_choice(%a: memref<64x75x75xf64>, %p: memref<64x75xi32>, %i: memref<64xi32>,
                       %b: memref<64x75x75xf32>, %c: memref<75x75xf64>, %q: memref<75xi32>,
                       %j: memref<i32>, %d: memref<64x64x64xf64>, %r: memref<64x64xi32>) {
  linalgx.lu ins(%a : memref<64x75x75xf64>)
      outs(%a, %p, %i : memref<64x75x75xf64>, memref<64x75xi32>, memref<64xi32>)
  linalgx.lu ins(%b : memref<64x75x75xf32>)
      outs(%b, %p, %i : memref<64x75x75xf32>, memref<64x75xi32>, memref<64xi32>)
  linalgx.lu ins(%c : memref<75x75xf64>)
      outs(%c, %q, %j : memref<75x75xf64>, memref<75xi32>, memref<i32>)
  linalgx.lu ins(%d : memref<64x64x64xf64>)
      outs(%d, %r, %i : memref<64x64x64xf64>, memref<64x64xi32>, memref<64xi32>)
  return
}
