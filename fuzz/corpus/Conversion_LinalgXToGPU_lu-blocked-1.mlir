func.func @types(%a: memref<2x1024x1024xf32>, %p: memref<2x1024xi32>, %i: memref<2xi32>,
                 %b: memref<2x300x100xcomplex<f32>>, %pb: memref<2x100xi64>, %ib: memref<2xi64>,
                 %c: memref<2x400x436xcomplex<f64>>, %pc: memref<2x400xi32>,
                 %d: memref<2x500x500xcomplex<f64>>, %pd: memref<2x500xi32>) {
  linalgx.lu ins(%a : memref<2x1024x1024xf32>) outs(%a, %p, %i : memref<2x1024x1024xf32>, memref<2x1024xi32>, memref<2xi32>)
  linalgx.lu ins(%b : memref<2x300x100xcomplex<f32>>) outs(%b, %pb, %ib : memref<2x300x100xcomplex<f32>>, memref<2x100xi64>, memref<2xi64>)
  linalgx.lu ins(%c : memref<2x400x436xcomplex<f64>>) outs(%c, %pc, %i : memref<2x400x436xcomplex<f64>>, memref<2x400xi32>, memref<2xi32>)
  linalgx.lu ins(%d : memref<2x500x500xcomplex<f64>>) outs(%d, %pd, %i : memref<2x500x500xcomplex<f64>>, memref<2x500xi32>, memref<2xi32>)
  return
}
