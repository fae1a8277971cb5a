// convert-linalgx-to-gpu decides whether a strided memref is contiguous by
// multiplying its static sizes from the innermost one out. The product
// overflowed int64_t for sizes near 2^63 (undefined behaviour, reported by
// UBSan in the linalgx-fuzz build) and could wrap to the stride in the type:
// below, 4 * 2^62 wrapped to 0, so a view that repeats one 2^62 x 4 block
// (stride 0) was taken for a contiguous buffer and written in place. An
// overflowing product now means "not contiguous"; the outermost size is no
// longer multiplied at all. (On device memory: host buffers of any layout
// go through contiguous copies.)
// RUN: not linalgx-opt %s -split-input-file -convert-linalgx-to-gpu 2>&1 | FileCheck %s

// CHECK-NOT: Stack dump

// CHECK: error: 'linalgx.pivots_to_permutation' op operand of type memref<2x4611686018427387904x4xi32, strided<[0, 4, 1]>> is not contiguous
func.func @broadcast_out(%p: memref<2x4611686018427387904x4xi32>, %q: memref<2x4611686018427387904x4xi32, strided<[0, 4, 1]>>) {
  linalgx.pivots_to_permutation ins(%p : memref<2x4611686018427387904x4xi32>) outs(%q : memref<2x4611686018427387904x4xi32, strided<[0, 4, 1]>>)
  return
}

// -----

// Contiguous with 2^64 elements in all: the strides fit, the outermost
// product would not. Read in place through a reinterpret_cast, as before.
// CHECK-LABEL: func.func @huge_in
// CHECK:         memref.reinterpret_cast %{{.+}} to offset: [0], sizes: [4611686018427387904, 4], strides: [4, 1]
// CHECK:         gpu.launch_func
func.func @huge_in(%p: memref<4611686018427387904x4xi32, strided<[4, 1]>>, %q: memref<4611686018427387904x4xi32>) {
  linalgx.pivots_to_permutation ins(%p : memref<4611686018427387904x4xi32, strided<[4, 1]>>) outs(%q : memref<4611686018427387904x4xi32>)
  return
}
