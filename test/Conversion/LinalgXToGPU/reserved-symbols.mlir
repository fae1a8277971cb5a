// The lowering's own symbols, and memrefs it cannot take, are rejected with a
// message that says what to change, never turned into invalid IR.
// RUN: not linalgx-opt %s -split-input-file -convert-linalgx-to-gpu 2>&1 | FileCheck %s

// CHECK: error: 'linalgxCudaGetrf' is the linalgx CUDA runtime's entry point and must be a func.func of type '(i32, !llvm.ptr, !llvm.ptr, !llvm.ptr, i64, i64, i64, i32) -> ()'
func.func private @linalgxCudaGetrf(i64)
func.func @lu(%a: memref<4x4xf64>, %p: memref<4xi32>, %i: memref<i32>) {
  linalgx.lu ins(%a : memref<4x4xf64>) outs(%a, %p, %i : memref<4x4xf64>, memref<4xi32>, memref<i32>)
  return
}

// -----

// CHECK: error: the symbol 'linalgx_kernels' is reserved for the kernels convert-linalgx-to-gpu generates (a gpu.module); rename this op
func.func private @linalgx_kernels()
func.func @perm(%p: memref<3xi32>, %q: memref<5xi32>) {
  linalgx.pivots_to_permutation ins(%p : memref<3xi32>) outs(%q : memref<5xi32>)
  return
}

// -----

// CHECK: error: 'linalgx.pivots_to_permutation' op operand of type memref<3xi32, 1> has a memory space; the GPU lowering takes memrefs in the default memory space
func.func @perm_space(%p: memref<3xi32, 1>, %q: memref<5xi32, 1>) {
  linalgx.pivots_to_permutation ins(%p : memref<3xi32, 1>) outs(%q : memref<5xi32, 1>)
  return
}

// -----

// CHECK: error: 'linalgxCudaGetrs' is the linalgx CUDA runtime's entry point and must be a func.func of type '(i32, i32, !llvm.ptr, !llvm.ptr, !llvm.ptr, i64, i64, i64) -> ()'
func.func private @linalgxCudaGetrs(i32)
func.func @solve(%lu: memref<4x4xf64>, %p: memref<4xi32>, %b: memref<4x1xf64>) {
  linalgx.lu_solve ins(%lu, %p, %b : memref<4x4xf64>, memref<4xi32>, memref<4x1xf64>) outs(%b : memref<4x1xf64>)
  return
}

// -----

// CHECK: error: 'linalgxCudaGemmSubtract' is the linalgx CUDA runtime's entry point and must be a func.func of type '(i32, !llvm.ptr, !llvm.ptr, !llvm.ptr, i64, i64, i64, i64, i64, i64, i32) -> ()'
func.func private @linalgxCudaGemmSubtract(i32)
func.func @blocked(%a: memref<2x512x512xf64>, %p: memref<2x512xi32>, %i: memref<2xi32>) {
  linalgx.lu ins(%a : memref<2x512x512xf64>) outs(%a, %p, %i : memref<2x512x512xf64>, memref<2x512xi32>, memref<2xi32>)
  return
}

// -----

// CHECK: error: 'linalgxCudaJoinAside' is the linalgx CUDA runtime's entry point and must be a func.func of type '() -> ()'
func.func private @linalgxCudaJoinAside(i32)
func.func @blocked(%a: memref<2x512x512xf64>, %p: memref<2x512xi32>, %i: memref<2xi32>) {
  linalgx.lu ins(%a : memref<2x512x512xf64>) outs(%a, %p, %i : memref<2x512x512xf64>, memref<2x512xi32>, memref<2xi32>)
  return
}

// -----

// CHECK: error: 'linalgxCudaBeginAside' is the linalgx CUDA runtime's entry point and must be a func.func of type '() -> ()'
func.func private @linalgxCudaBeginAside(i32)
func.func @blocked(%a: memref<2x512x512xf64>, %p: memref<2x512xi32>, %i: memref<2xi32>) {
  linalgx.lu ins(%a : memref<2x512x512xf64>) outs(%a, %p, %i : memref<2x512x512xf64>, memref<2x512xi32>, memref<2xi32>)
  return
}

// -----

// CHECK: error: 'linalgxCudaEndAside' is the linalgx CUDA runtime's entry point and must be a func.func of type '() -> ()'
func.func private @linalgxCudaEndAside() -> i32
func.func @blocked(%a: memref<2x512x512xf64>, %p: memref<2x512xi32>, %i: memref<2xi32>) {
  linalgx.lu ins(%a : memref<2x512x512xf64>) outs(%a, %p, %i : memref<2x512x512xf64>, memref<2x512xi32>, memref<2xi32>)
  return
}

// -----

// CHECK: error: 'linalgxCudaSolveUnitLower' is the linalgx CUDA runtime's entry point and must be a func.func of type '(i32, !llvm.ptr, !llvm.ptr, i64, i64, i64, i64, i64) -> ()'
func.func private @linalgxCudaSolveUnitLower(i32)
func.func @blocked(%a: memref<2x512x512xf64>, %p: memref<2x512xi32>, %i: memref<2xi32>) {
  linalgx.lu ins(%a : memref<2x512x512xf64>) outs(%a, %p, %i : memref<2x512x512xf64>, memref<2x512xi32>, memref<2xi32>)
  return
}
