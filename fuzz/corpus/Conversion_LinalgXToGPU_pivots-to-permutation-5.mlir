func.func @perm_big_batches(%p: memref<100000x4xi32>, %q: memref<100000x4xi32>,
                            %p2: memref<100000x64xi32>, %q2: memref<100000x64xi32>,
                            %p3: memref<0x4xi32>, %q3: memref<0x4xi32>) {
  linalgx.pivots_to_permutation ins(%p : memref<100000x4xi32>) outs(%q : memref<100000x4xi32>)
  linalgx.pivots_to_permutation ins(%p2 : memref<100000x64xi32>) outs(%q2 : memref<100000x64xi32>)
  linalgx.pivots_to_permutation ins(%p3 : memref<0x4xi32>) outs(%q3 : memref<0x4xi32>)
  return
}
