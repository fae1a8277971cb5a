// -convert-linalgx-to-gpu rejects what it cannot lower with one clear error
// per op (no crash, no generic "failed to legalize"): ops on tensors,
// non-contiguous memrefs on device memory, rectangular matrices under lu-strategy=cublas-batched, and
// an unknown lu-strategy value.
// RUN: not linalgx-opt %s -split-input-file -convert-linalgx-to-gpu 2>&1 | FileCheck %s --check-prefixes=COMMON,DEVICE,NOTCUBLAS
// RUN: not linalgx-opt %s -split-input-file -convert-linalgx-to-gpu=host-buffers=true 2>&1 | FileCheck %s --check-prefixes=COMMON,HOST,NOTCUBLAS
// RUN: not linalgx-opt %s -split-input-file -convert-linalgx-to-gpu=lu-strategy=cublas-batched 2>&1 | FileCheck %s --check-prefixes=COMMON,DEVICE,CUBLAS
// RUN: not linalgx-opt %s -split-input-file -convert-linalgx-to-gpu=lu-strategy=magma 2>&1 | FileCheck %s --check-prefix=STRATEGY

// COMMON-NOT: failed to legalize
// COMMON-NOT: Stack dump
// COMMON-NOT: PLEASE submit a bug report

// STRATEGY:     error: unknown lu-strategy 'magma'; expected auto, generated, cusolver, cublas-batched or cusolver-mg
// STRATEGY-NOT: linalgx.lu' op
// STRATEGY-NOT: Stack dump

// Tensors: the pass needs bufferized IR.
// COMMON: invalid.mlir:[[@LINE+5]]:{{[0-9]+}}: error: 'linalgx.lu' op must be on memrefs to be lowered to the GPU; run 'one-shot-bufferize' first (linalgx-gpu-pipeline does)
func.func @lu_on_tensors(%a: tensor<3x3xf64>) -> tensor<3x3xf64> {
  %l = tensor.empty() : tensor<3x3xf64>
  %p = tensor.empty() : tensor<3xi32>
  %i = tensor.empty() : tensor<i32>
  %lu, %piv, %info = linalgx.lu ins(%a : tensor<3x3xf64>)
      outs(%l, %p, %i : tensor<3x3xf64>, tensor<3xi32>, tensor<i32>)
      -> tensor<3x3xf64>, tensor<3xi32>, tensor<i32>
  return %lu : tensor<3x3xf64>
}

// -----

// COMMON: invalid.mlir:[[@LINE+3]]:{{[0-9]+}}: error: 'linalgx.pivots_to_permutation' op must be on memrefs to be lowered to the GPU; run 'one-shot-bufferize' first (linalgx-gpu-pipeline does)
func.func @perm_on_tensors(%p: tensor<3xi32>) -> tensor<3xi32> {
  %q = tensor.empty() : tensor<3xi32>
  %perm = linalgx.pivots_to_permutation ins(%p : tensor<3xi32>) outs(%q : tensor<3xi32>) -> tensor<3xi32>
  return %perm : tensor<3xi32>
}

// -----

// A non-contiguous `outs` (a column of a matrix) on device memory would be
// written in place by the device: rejected. With host buffers it goes
// through a contiguous host copy (see host-buffers.mlir).
// DEVICE: invalid.mlir:[[@LINE+4]]:{{[0-9]+}}: error: 'linalgx.pivots_to_permutation' op operand of type memref<4xi32, strided<[8]>> is not contiguous; the GPU lowering needs contiguous row-major memrefs (copy it into one first)
// HOST-NOT: invalid.mlir:[[@LINE+3]]:{{[0-9]+}}: error
func.func @perm_outs_not_contiguous(%p: memref<3xi32>, %big: memref<4x8xi32>) {
  %q = memref.subview %big[0, 0] [4, 1] [1, 1] : memref<4x8xi32> to memref<4xi32, strided<[8]>>
  linalgx.pivots_to_permutation ins(%p : memref<3xi32>) outs(%q : memref<4xi32, strided<[8]>>)
  return
}

// -----

// DEVICE: invalid.mlir:[[@LINE+4]]:{{[0-9]+}}: error: 'linalgx.lu' op operand of type memref<4x4xf32, strided<[8, 1]>> is not contiguous; the GPU lowering needs contiguous row-major memrefs (copy it into one first)
// HOST-NOT: invalid.mlir:[[@LINE+3]]:{{[0-9]+}}: error
func.func @lu_outs_not_contiguous(%a: memref<4x4xf32>, %big: memref<8x8xf32>, %p: memref<4xi32>, %i: memref<i32>) {
  %l = memref.subview %big[0, 0] [4, 4] [1, 1] : memref<8x8xf32> to memref<4x4xf32, strided<[8, 1]>>
  linalgx.lu ins(%a : memref<4x4xf32>) outs(%l, %p, %i : memref<4x4xf32, strided<[8, 1]>>, memref<4xi32>, memref<i32>)
  return
}

// -----

// A non-contiguous input is fine with host buffers (it is copied on the host
// first, see host-buffers.mlir) but not on device memory.
// DEVICE: invalid.mlir:[[@LINE+4]]:{{[0-9]+}}: error: 'linalgx.lu' op operand of type memref<4x4xf32, strided<[8, 1]>> is not contiguous
// HOST-NOT: invalid.mlir:[[@LINE+3]]:{{[0-9]+}}: error
func.func @lu_input_not_contiguous(%big: memref<8x8xf32>, %l: memref<4x4xf32>, %p: memref<4xi32>, %i: memref<i32>) {
  %a = memref.subview %big[0, 0] [4, 4] [1, 1] : memref<8x8xf32> to memref<4x4xf32, strided<[8, 1]>>
  linalgx.lu ins(%a : memref<4x4xf32, strided<[8, 1]>>) outs(%l, %p, %i : memref<4x4xf32>, memref<4xi32>, memref<i32>)
  return
}

// -----

// cuBLAS getrfBatched factors square matrices only: a static 4x3 matrix is
// rejected under lu-strategy=cublas-batched (and lowered otherwise); the
// square one next to it is not reported.
// CUBLAS: invalid.mlir:[[@LINE+4]]:{{[0-9]+}}: error: 'linalgx.lu' op lu-strategy=cublas-batched needs square matrices, but the matrices are 4x3; use lu-strategy=cusolver or auto
// CUBLAS-NOT: error
// NOTCUBLAS-NOT: cublas-batched needs square
func.func @lu_rectangular(%a: memref<2x4x3xf64>, %p: memref<2x3xi32>, %i: memref<2xi32>, %s: memref<3x3xf64>, %sp: memref<3xi32>, %si: memref<i32>) {
  linalgx.lu ins(%a : memref<2x4x3xf64>) outs(%a, %p, %i : memref<2x4x3xf64>, memref<2x3xi32>, memref<2xi32>)
  linalgx.lu ins(%s : memref<3x3xf64>) outs(%s, %sp, %si : memref<3x3xf64>, memref<3xi32>, memref<i32>)
  return
}

// The run ends with the errors above and nothing worse.
// COMMON-NOT: failed to legalize
// COMMON-NOT: Stack dump
// COMMON-NOT: PLEASE submit a bug report
