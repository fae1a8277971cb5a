func.func @perm_loops(%p: memref<16384x16xi32>, %q: memref<16384x16xi32>) attributes {llvm.emit_c_interface} {
  linalgx.pivots_to_permutation ins(%p : memref<16384x16xi32>) outs(%q : memref<16384x16xi32>)
  return
}
func.func @perm64_loops(%p: memref<64x75xi32>, %q: memref<64x75xi32>) attributes {llvm.emit_c_interface} {
  linalgx.pivots_to_permutation ins(%p : memref<64x75xi32>) outs(%q : memref<64x75xi32>)
  return
}
