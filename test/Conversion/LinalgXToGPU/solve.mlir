// linalgx.solve on the GPU: matrices of at most 4 x 4 in one kernel that
// factors in registers and writes only the solution and info (a thread per
// matrix); real matrices of 17 to 32 rows in the block register kernel with
// the right-hand sides as extra columns of each row (a warp per matrix, X
// and info its only results); others as linalgx.lu and linalgx.lu_solve on
// stream-ordered device scratch, freed after the solve; dynamic sizes branch
// on the host.
// RUN: linalgx-opt %s -split-input-file -convert-linalgx-to-gpu | FileCheck %s

// CHECK-LABEL: func.func @small
// CHECK-NOT:     gpu.alloc
// CHECK:         gpu.launch_func async [%{{.+}}] @linalgx_kernels::@linalgx_solve_thread4_f32_i32 blocks
// CHECK-SAME:        args(%{{.+}} : memref<?x?x?xf32>, %{{.+}} : memref<?x?x?xf32>, %{{.+}} : memref<?x?x?xf32>, %{{.+}} : memref<?xi32>)
// CHECK-NOT:     gpu.launch_func
// CHECK:         return
// CHECK:         gpu.func @linalgx_solve_thread4_f32_i32(
// CHECK-SAME:      known_block_size = array<i32: 128, 1, 1>
// CHECK-NOT:       gpu.shuffle
// CHECK-NOT:       gpu.barrier
// CHECK:           scf.for
// CHECK:           gpu.return
func.func @small(%a: memref<1000x3x3xf32>, %b: memref<1000x3x1xf32>, %x: memref<1000x3x1xf32>, %i: memref<1000xi32>) {
  linalgx.solve ins(%a, %b : memref<1000x3x3xf32>, memref<1000x3x1xf32>) outs(%x, %i : memref<1000x3x1xf32>, memref<1000xi32>)
  return
}

// -----

// CHECK-LABEL: func.func @registers
// CHECK-NOT:     gpu.alloc
// CHECK:         gpu.launch_func async [%{{.+}}] @linalgx_kernels::@linalgx_solve_registers20x20_rhs2_f64_i64 blocks
// CHECK-SAME:        args(%{{.+}} : memref<?x?x?xf64>, %{{.+}} : memref<?x?x?xf64>, %{{.+}} : memref<?x?x?xf64>, %{{.+}} : memref<?xi64>)
// CHECK-NOT:     gpu.launch_func
// CHECK:         return
// The steps carry the right-hand sides (the candidate rows hold 22 values),
// the backward substitution offers each row of X in its own buffer, and no
// factor or pivot is stored.
// CHECK:         gpu.func @linalgx_solve_registers20x20_rhs2_f64_i64(
// CHECK-SAME:      workgroup(%{{.+}} : memref<176xf64, #gpu.address_space<workgroup>> {{.+}}, %{{.+}} : memref<8xi64, #gpu.address_space<workgroup>> {{.+}}, %{{.+}} : memref<8xi32, #gpu.address_space<workgroup>> {{.+}}, %{{.+}} : memref<{{[0-9]+}}xf64, #gpu.address_space<workgroup>> {{.+}}, %{{.+}} : memref<16xf64, #gpu.address_space<workgroup>> {{.+}})
// CHECK-SAME:      known_block_size = array<i32: 32, 1, 4>
// CHECK:           arith.divf
// CHECK:           gpu.return
func.func @registers(%a: memref<8x20x20xf64>, %b: memref<8x20x2xf64>, %i: memref<8xi64>) {
  linalgx.solve ins(%a, %b : memref<8x20x20xf64>, memref<8x20x2xf64>) outs(%b, %i : memref<8x20x2xf64>, memref<8xi64>)
  return
}

// -----

// CHECK-LABEL: func.func @large
// CHECK:         %[[FACTORS:.+]], %{{.+}} = gpu.alloc async [%{{.+}}] () : memref<8x40x40xf64>
// CHECK:         %[[PIVOTS:.+]], %{{.+}} = gpu.alloc async [%{{.+}}] () : memref<8x40xi64>
// CHECK:         gpu.launch_func async [%{{.+}}] @linalgx_kernels::@linalgx_lu_panel40x40_f64_i64 blocks
// CHECK:         gpu.launch_func async [%{{.+}}] @linalgx_kernels::@linalgx_lu_solve_f64_i64_none_warp64 blocks
// CHECK:         gpu.launch_func async [%{{.+}}] @linalgx_kernels::@linalgx_lu_solve_f64_i64_none blocks
// CHECK:         gpu.dealloc async [%{{.+}}] %[[PIVOTS]]
// CHECK:         gpu.dealloc async [%{{.+}}] %[[FACTORS]]
func.func @large(%a: memref<8x40x40xf64>, %b: memref<8x40x2xf64>, %i: memref<8xi64>) {
  linalgx.solve ins(%a, %b : memref<8x40x40xf64>, memref<8x40x2xf64>) outs(%b, %i : memref<8x40x2xf64>, memref<8xi64>)
  return
}

// -----

// A matrix the lu gives cuSOLVER, whose solve is getrs: A transposed once,
// getrf (its int32 info straight into the op's), the pivots as a
// permutation (the permutation kernel) that gathers B's rows into
// column-major scratch, getrs without pivots (only its triangular solves),
// X transposed back. No factor is transposed back to row-major.
// CHECK-LABEL: func.func @vendor
// CHECK:         %[[FACTORS:.+]], %{{.+}} = gpu.alloc async [%{{.+}}] ({{.+}}) : memref<?x?x?xf32>
// CHECK:         gpu.launch_func async [%{{.+}}] @linalgx_kernels::@linalgx_transpose_f32 {{.+}} args(%{{.+}} : memref<?x?x?xf32>, %[[FACTORS]] : memref<?x?x?xf32>)
// CHECK:         call @linalgxCudaGetrf(
// CHECK:         gpu.launch_func async [%{{.+}}] @linalgx_kernels::@linalgx_pivots_to_permutation_i32_one_based
// CHECK:         gpu.launch_func async [%{{.+}}] @linalgx_kernels::@linalgx_gather_rows_to_column_major_f32_i32
// CHECK:         %[[NONE:.+]] = llvm.mlir.zero : !llvm.ptr
// CHECK:         call @linalgxCudaGetrs(%c0_i32{{(_[0-9]+)?}}, %c0_i32{{(_[0-9]+)?}}, %{{.+}}, %[[NONE]],
// CHECK:         gpu.launch_func async [%{{.+}}] @linalgx_kernels::@linalgx_transpose_f32
// CHECK-NOT:     gpu.launch_func
// CHECK:         return
func.func @vendor(%a: memref<8200x8200xf32>, %b: memref<8200x1xf32>, %x: memref<8200x1xf32>, %i: memref<i32>) {
  linalgx.solve ins(%a, %b : memref<8200x8200xf32>, memref<8200x1xf32>) outs(%x, %i : memref<8200x1xf32>, memref<i32>)
  return
}

// -----

// Real dynamic sizes: the thread kernel, the block register kernel for one
// right-hand side, the vendor chain, then the lu and the solve.
// CHECK-LABEL: func.func @dynamic_real
// CHECK:         %[[N:.+]] = memref.dim %{{.+}}, %c2
// CHECK:         %[[SMALL:.+]] = arith.cmpi ule, %[[N]], %c4
// CHECK:         scf.if %[[SMALL]] {
// CHECK:           gpu.launch_func async [%{{.+}}] @linalgx_kernels::@linalgx_solve_thread4_f32_i32 blocks
// CHECK:         } else {
// CHECK:           scf.if %{{.+}} {
// CHECK:             gpu.launch_func async [%{{.+}}] @linalgx_kernels::@linalgx_solve_registers32x32_rhs1_f32_i32 blocks
// CHECK:           } else {
// CHECK:             scf.if %{{.+}} {
// CHECK:               call @linalgxCudaGetrf(
// CHECK:             } else {
// CHECK:               gpu.alloc async
// CHECK:               gpu.alloc async
// CHECK:               @linalgx_kernels::@linalgx_lu_registers32x32_f32_i32
// CHECK:               gpu.dealloc async
// CHECK:               gpu.dealloc async
func.func @dynamic_real(%a: memref<?x?x?xf32>, %b: memref<?x?x?xf32>, %x: memref<?x?x?xf32>, %i: memref<?xi32>) {
  linalgx.solve ins(%a, %b : memref<?x?x?xf32>, memref<?x?x?xf32>) outs(%x, %i : memref<?x?x?xf32>, memref<?xi32>)
  return
}

// -----

// CHECK-LABEL: func.func @dynamic
// CHECK:         %[[N:.+]] = memref.dim %{{.+}}, %c2
// CHECK:         %[[SMALL:.+]] = arith.cmpi ule, %[[N]], %c4
// CHECK:         scf.if %[[SMALL]] {
// CHECK:           gpu.launch_func async [%{{.+}}] @linalgx_kernels::@linalgx_solve_thread4_cf64_i32 blocks
// CHECK:         } else {
// CHECK:           gpu.alloc async
// CHECK:           gpu.alloc async
// CHECK:           gpu.launch_func async [%{{.+}}] @linalgx_kernels::@linalgx_lu_generated_cf64_i32 blocks
// CHECK:           gpu.launch_func async [%{{.+}}] @linalgx_kernels::@linalgx_lu_solve_cf64_i32_none blocks
// CHECK:           gpu.dealloc async
// CHECK:           gpu.dealloc async
func.func @dynamic(%a: memref<?x?x?xcomplex<f64>>, %b: memref<?x?x?xcomplex<f64>>, %x: memref<?x?x?xcomplex<f64>>, %i: memref<?xi32>) {
  linalgx.solve ins(%a, %b : memref<?x?x?xcomplex<f64>>, memref<?x?x?xcomplex<f64>>) outs(%x, %i : memref<?x?x?xcomplex<f64>>, memref<?xi32>)
  return
}

// -----

// The vendor strategies have no fused kernel: the lu takes cuSOLVER.
// RUN: linalgx-opt %s -split-input-file -convert-linalgx-to-gpu=lu-strategy=cusolver | FileCheck %s --check-prefix=VENDOR
// VENDOR-LABEL: func.func @small_vendor
// VENDOR:         gpu.alloc async
// VENDOR:         call @linalgxCudaGetrf(
// VENDOR:         gpu.launch_func async [%{{.+}}] @linalgx_kernels::@linalgx_lu_solve_f32_i32_none blocks
func.func @small_vendor(%a: memref<5x3x3xf32>, %b: memref<5x3x1xf32>, %x: memref<5x3x1xf32>, %i: memref<5xi32>) {
  linalgx.solve ins(%a, %b : memref<5x3x3xf32>, memref<5x3x1xf32>) outs(%x, %i : memref<5x3x1xf32>, memref<5xi32>)
  return
}
