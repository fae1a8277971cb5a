// linalgx.lu_solve on the GPU: the right-hand sides copied into the solution
// unless they are one buffer, then the launch of the warp-per-matrix kernel
// (N > 8, at most 7 right-hand sides, the factors in a block's shared
// memory), of the columns kernel (N > 8, more right-hand sides: a block a
// matrix of up to 256 threads, a column each) or of the thread-per-column
// one, named by element type, pivot type and base, and system (Aᴴ of a
// real matrix is Aᵀ's kernel).
// RUN: linalgx-opt %s -split-input-file -convert-linalgx-to-gpu | FileCheck %s

// CHECK-LABEL: func.func @solve
// CHECK:         scf.if
// CHECK:           gpu.memcpy async
// CHECK:         scf.if
// CHECK:           gpu.launch_func async [{{.+}}] @linalgx_kernels::@linalgx_lu_solve_f64_i32_transpose_warp
// CHECK-SAME:        threads in (%c32{{(_[0-9]+)?}},
// CHECK-SAME:        dynamic_shared_memory_size
// CHECK:         %[[THREADS:.+]] = arith.minui %{{.+}}, %c256
// CHECK:         scf.if
// CHECK:           gpu.launch_func async [{{.+}}] @linalgx_kernels::@linalgx_lu_solve_f64_i32_transpose_columns
// CHECK-SAME:        threads in (%[[THREADS]],
// CHECK-SAME:        dynamic_shared_memory_size
// CHECK:         scf.if
// CHECK:           gpu.launch_func async [{{.+}}] @linalgx_kernels::@linalgx_lu_solve_f64_i32_transpose blocks
// CHECK-SAME:        args(%{{.+}} : memref<?x?x?xf64>, %{{.+}} : memref<?x?xi32>, %{{.+}} : memref<?x?x?xf64>)
// CHECK:         gpu.func @linalgx_lu_solve_f64_i32_transpose(
// CHECK-SAME:      known_block_size = array<i32: 128, 1, 1>
// CHECK:         gpu.func @linalgx_lu_solve_f64_i32_transpose_warp(
// CHECK-SAME:      known_block_size = array<i32: 32, 1, 1>
// CHECK:           gpu.dynamic_shared_memory
// CHECK:         gpu.func @linalgx_lu_solve_f64_i32_transpose_columns(
// CHECK-NOT:       known_block_size
// CHECK:           gpu.block_dim x
// CHECK:           gpu.dynamic_shared_memory
func.func @solve(%lu: memref<4x8x8xf64>, %p: memref<4x8xi32>, %b: memref<4x8x2xf64>, %x: memref<4x8x2xf64>) {
  linalgx.lu_solve trans = adjoint ins(%lu, %p, %b : memref<4x8x8xf64>, memref<4x8xi32>, memref<4x8x2xf64>)
      outs(%x : memref<4x8x2xf64>)
  return
}

// -----

// A complex adjoint conjugates the factors; 1-based pivots are rebased.
// CHECK-LABEL: gpu.func @linalgx_lu_solve_cf32_i64_one_based_adjoint(
// CHECK:         arith.negf
// CHECK:         arith.subi %{{.+}}, %c1_i64
func.func @adjoint(%lu: memref<?x?xcomplex<f32>>, %p: memref<?xi64>, %b: memref<?x?xcomplex<f32>>) {
  linalgx.lu_solve trans = adjoint one_based ins(%lu, %p, %b : memref<?x?xcomplex<f32>>, memref<?xi64>, memref<?x?xcomplex<f32>>)
      outs(%b : memref<?x?xcomplex<f32>>)
  return
}
