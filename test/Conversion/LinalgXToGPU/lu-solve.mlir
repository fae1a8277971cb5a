// linalgx.lu_solve on the GPU. The warp kernel (N > 8, the factors in a
// block's shared memory at an odd row stride, a column a warp, solved in
// registers through shuffles, read from B and written to X; blocks of four
// warps up to three 32-row register slots, eight at four, sixteen beyond;
// the columns spread over a second grid dimension of one block per block's
// warps, capped so that the grid stays near 16896 blocks; one kernel for
// each number of slots N needs, up to 6 (N <= 192) for f64, whose factors
// fit up to N = 169), the register columns kernels (A·X = B, N > 8, 8 or
// more right-hand sides, columns of at most 256 bytes: a block a matrix of
// up to 256 threads, a column each, in registers, reading B), the columns
// kernel (8 or more right-hand sides and at least 8192 columns in the
// batch: a thread a column, in shared memory, in place) or the
// thread-per-column one (in place); the in-place kernels have B copied into
// X first unless they are one buffer. Kernels are named by element type,
// pivot type and base, and system (Aᴴ of a real matrix is Aᵀ's kernel). The
// staged kernels turn the exchanges into a permutation in shared memory
// (int32 views beside the factors).
// RUN: linalgx-opt %s -split-input-file -convert-linalgx-to-gpu | FileCheck %s

// CHECK-LABEL: func.func @solve
// CHECK:         %[[SLOTS:.+]] = arith.ceildivui %{{.+}}, %c32
// CHECK:         %[[THREADS:.+]] = arith.minui %{{.+}}, %c256
// CHECK:         %[[BATCH_COLUMNS:.+]] = arith.muli %dim, %{{.+}} : index
// CHECK-NEXT:    arith.cmpi ule, %c8192{{(_[0-9]+)?}}, %[[BATCH_COLUMNS]]
// CHECK:         scf.if
// CHECK:           gpu.memcpy async
// CHECK:         %[[MATRIX_BLOCKS:.+]] = arith.maxui
// CHECK:         %[[PER_MATRIX:.+]] = arith.divui %c16896{{(_[0-9]+)?}}, %[[MATRIX_BLOCKS]]
// CHECK:         %[[CAP:.+]] = arith.maxui %[[PER_MATRIX]], %c1
// CHECK:         arith.cmpi eq, %[[SLOTS]], %c1
// CHECK:         scf.if
// CHECK:           arith.ceildivui %{{.+}}, %c4
// CHECK:           %[[COLUMN_BLOCKS:.+]] = arith.minui %{{.+}}, %[[CAP]]
// CHECK:           gpu.launch_func async [{{.+}}] @linalgx_kernels::@linalgx_lu_solve_f64_i32_transpose_warp32
// CHECK-SAME:        blocks in (%[[MATRIX_BLOCKS]], %[[COLUMN_BLOCKS]], %c1{{(_[0-9]+)?}}) threads in (%c128{{(_[0-9]+)?}},
// CHECK-SAME:        dynamic_shared_memory_size
// CHECK-SAME:        args(%{{.+}} : memref<?x?x?xf64>, %{{.+}} : memref<?x?xi32>, %[[B:.+]] : memref<?x?x?xf64>, %[[X:.+]] : memref<?x?x?xf64>)
// CHECK:           gpu.launch_func async [{{.+}}] @linalgx_kernels::@linalgx_lu_solve_f64_i32_transpose_warp64
// CHECK:           gpu.launch_func async [{{.+}}] @linalgx_kernels::@linalgx_lu_solve_f64_i32_transpose_warp128
// CHECK-SAME:        threads in (%c256{{(_[0-9]+)?}},
// CHECK:           gpu.launch_func async [{{.+}}] @linalgx_kernels::@linalgx_lu_solve_f64_i32_transpose_warp192
// CHECK-SAME:        threads in (%c512{{(_[0-9]+)?}},
// CHECK-NOT:       gpu.launch_func async [{{.+}}] @linalgx_kernels::@linalgx_lu_solve_f64_i32_transpose_warp224
// CHECK:         scf.if
// CHECK:           gpu.launch_func async [{{.+}}] @linalgx_kernels::@linalgx_lu_solve_f64_i32_transpose_columns
// CHECK-SAME:        threads in (%[[THREADS]], %c1
// CHECK-SAME:        dynamic_shared_memory_size
// CHECK:         scf.if
// CHECK:           gpu.launch_func async [{{.+}}] @linalgx_kernels::@linalgx_lu_solve_f64_i32_transpose blocks
// CHECK-SAME:        args(%{{.+}} : memref<?x?x?xf64>, %{{.+}} : memref<?x?xi32>, %{{.+}} : memref<?x?x?xf64>)
// CHECK:         gpu.func @linalgx_lu_solve_f64_i32_transpose(
// CHECK-SAME:      known_block_size = array<i32: 128, 1, 1>
// CHECK:         gpu.func @linalgx_lu_solve_f64_i32_transpose_warp32(
// CHECK-SAME:      known_block_size = array<i32: 128, 1, 1>
// CHECK:           gpu.dynamic_shared_memory
// CHECK:           memref.view {{.+}} to memref<?xi32, #gpu.address_space<workgroup>>
// CHECK:           gpu.block_id  y
// CHECK:           gpu.grid_dim  y
// CHECK-NOT:       scf.index_switch
// CHECK:           gpu.shuffle idx
// CHECK:         gpu.func @linalgx_lu_solve_f64_i32_transpose_warp128(
// CHECK-SAME:      known_block_size = array<i32: 256, 1, 1>
// CHECK:         gpu.func @linalgx_lu_solve_f64_i32_transpose_warp192(
// CHECK-SAME:      known_block_size = array<i32: 512, 1, 1>
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

// A·X = B with many right-hand sides and N within the register columns
// kernels' slots (256 bytes a column: 64 f32 rows): the column in registers,
// the factors staged column-major at the slots' static stride, so every
// factor a step reads is at a constant shared-memory address once
// canonicalized. Beyond, the warp kernels.
// The register columns kernels read B where it is; the copy into the
// solution (unless it is B) is for the other kernels.
// CHECK-LABEL: func.func @many_columns
// CHECK:         scf.if %{{.+}} {
// CHECK:           gpu.memcpy async
// CHECK:         gpu.launch_func async [{{.+}}] @linalgx_kernels::@linalgx_lu_solve_f32_i32_none_warp96 blocks
// CHECK:         gpu.launch_func async [{{.+}}] @linalgx_kernels::@linalgx_lu_solve_f32_i32_none_columns32 blocks
// CHECK-SAME:        args(%{{.+}} : memref<?x?x?xf32>, %{{.+}} : memref<?x?xi32>, %[[B:.+]] : memref<?x?x?xf32>, %[[X:.+]] : memref<?x?x?xf32>)
// CHECK:         gpu.launch_func async [{{.+}}] @linalgx_kernels::@linalgx_lu_solve_f32_i32_none_columns64 blocks
// CHECK-NOT:     @linalgx_lu_solve_f32_i32_none_columns96
// CHECK-LABEL:   gpu.func @linalgx_lu_solve_f32_i32_none_columns32(
// CHECK:           gpu.dynamic_shared_memory
// CHECK:           arith.divf
// CHECK:           gpu.return
func.func @many_columns(%lu: memref<?x?x?xf32>, %p: memref<?x?xi32>, %b: memref<?x?x?xf32>, %x: memref<?x?x?xf32>) {
  linalgx.lu_solve ins(%lu, %p, %b : memref<?x?x?xf32>, memref<?x?xi32>, memref<?x?x?xf32>)
      outs(%x : memref<?x?x?xf32>)
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

// -----

// Factors too large for a block's shared memory (N = 512 f64) in a batch of
// at most N² / 4096 matrices go to cuSOLVER getrs: the factors and the
// right-hand sides transposed to column-major scratch, the pivots made
// 1-based int32, getrs in place, the solution transposed back. Static shapes
// decide on the host at compile time: no solve kernel, no branch.
// CHECK:       func.func private @linalgxCudaGetrs(i32, i32, !llvm.ptr, !llvm.ptr, !llvm.ptr, i64, i64, i64)
// CHECK-LABEL: func.func @vendor(
// CHECK-NOT:     linalgx_lu_solve_f64
// CHECK:         %[[FACTORS:.+]], %{{.+}} = gpu.alloc async
// CHECK:         gpu.launch_func async [{{.+}}] @linalgx_kernels::@linalgx_transpose_f64 {{.+}} args(%{{.+}} : memref<?x?x?xf64>, %[[FACTORS]] : memref<?x?x?xf64>)
// CHECK:         %[[PIVOTS:.+]], %{{.+}} = gpu.alloc async {{.+}} : memref<?x?xi32>
// CHECK:         gpu.launch_func async [{{.+}}] @linalgx_kernels::@linalgx_pivots_to_vendor_i32 {{.+}} threads in (%c256{{(_[0-9]+)?}},
// CHECK:         %[[RHS:.+]], %{{.+}} = gpu.alloc async
// CHECK:         gpu.launch_func async [{{.+}}] @linalgx_kernels::@linalgx_transpose_f64 {{.+}} args(%[[X:.+]] : memref<?x?x?xf64>, %[[RHS]] : memref<?x?x?xf64>)
// CHECK:         call @linalgxCudaGetrs(%c1_i32, %c1_i32{{(_[0-9]+)?}}, %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}) : (i32, i32, !llvm.ptr, !llvm.ptr, !llvm.ptr, i64, i64, i64) -> ()
// CHECK:         gpu.launch_func async [{{.+}}] @linalgx_kernels::@linalgx_transpose_f64 {{.+}} args(%[[RHS]] : memref<?x?x?xf64>, %[[X]] : memref<?x?x?xf64>)
// CHECK-NOT:     linalgx_lu_solve_f64
// CHECK-LABEL: gpu.func @linalgx_pivots_to_vendor_i32(
// CHECK:         arith.addi %{{.+}}, %c1_i32
// CHECK-NOT:     arith.trunci
// CHECK:         memref.store
func.func @vendor(%lu: memref<64x512x512xf64>, %p: memref<64x512xi32>, %b: memref<64x512x3xf64>, %x: memref<64x512x3xf64>) {
  linalgx.lu_solve trans = transpose ins(%lu, %p, %b : memref<64x512x512xf64>, memref<64x512xi32>, memref<64x512x3xf64>)
      outs(%x : memref<64x512x3xf64>)
  return
}

// -----

// One matrix more than N² / 4096: the thread-per-column kernel.
// CHECK-LABEL: func.func @many_large(
// CHECK-NOT:     linalgxCudaGetrs
// CHECK:         gpu.launch_func async [{{.+}}] @linalgx_kernels::@linalgx_lu_solve_f64_i32_none blocks
func.func @many_large(%lu: memref<65x512x512xf64>, %p: memref<65x512xi32>, %b: memref<65x512x1xf64>, %x: memref<65x512x1xf64>) {
  linalgx.lu_solve ins(%lu, %p, %b : memref<65x512x512xf64>, memref<65x512xi32>, memref<65x512x1xf64>)
      outs(%x : memref<65x512x1xf64>)
  return
}

// -----

// Dynamic sizes: a host branch between the two. 1-based int32 pivots are
// getrs's own and one right-hand side is column-major already, so the
// vendor branch transposes only the factors; complex adjoint is getrs's
// conjugate transpose (trans 2). A·X = B reads the op's own pivots (0-based
// i64 here) in the permutation kernel; no conversion to getrs's.
// CHECK-LABEL: func.func @dynamic(
// CHECK:         %[[VENDOR:.+]] = arith.andi
// CHECK:         scf.if %[[VENDOR]] {
// CHECK:           gpu.launch_func async [{{.+}}] @linalgx_kernels::@linalgx_transpose_cf32
// CHECK-NOT:       linalgx_pivots_to_vendor
// CHECK-NOT:       linalgx_transpose
// CHECK:           func.call @linalgxCudaGetrs(%c2_i32, %c2_i32{{(_[0-9]+)?}},
// CHECK-NOT:       linalgx_transpose
// CHECK:         } else {
// CHECK:           @linalgx_kernels::@linalgx_lu_solve_cf32_i32_one_based_adjoint_warp
// CHECK:         }
// CHECK-LABEL: func.func @dynamic_i64(
// CHECK-NOT:     linalgx_pivots_to_vendor
// CHECK:         @linalgx_kernels::@linalgx_pivots_to_permutation_i64 {{.+}} args(%{{.+}} : memref<?x?xi64>, %{{.+}} : memref<?x?xi64>)
// CHECK:         @linalgx_kernels::@linalgx_gather_rows_to_column_major_cf64_i64
// CHECK:         func.call @linalgxCudaGetrs(%c3_i32, %c0_i32,
func.func @dynamic(%lu: memref<?x?x?xcomplex<f32>>, %p: memref<?x?xi32>, %b: memref<?x?x1xcomplex<f32>>, %x: memref<?x?x1xcomplex<f32>>) {
  linalgx.lu_solve trans = adjoint one_based ins(%lu, %p, %b : memref<?x?x?xcomplex<f32>>, memref<?x?xi32>, memref<?x?x1xcomplex<f32>>)
      outs(%x : memref<?x?x1xcomplex<f32>>)
  return
}
func.func @dynamic_i64(%lu: memref<?x?xcomplex<f64>>, %p: memref<?xi64>, %b: memref<?x?xcomplex<f64>>, %x: memref<?x?xcomplex<f64>>) {
  linalgx.lu_solve ins(%lu, %p, %b : memref<?x?xcomplex<f64>>, memref<?xi64>, memref<?x?xcomplex<f64>>)
      outs(%x : memref<?x?xcomplex<f64>>)
  return
}
