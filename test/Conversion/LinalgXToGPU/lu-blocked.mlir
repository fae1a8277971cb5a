// The blocked LU: matrices too large for the one-kernel LUs (a block's
// shared memory) whose 32-column panels fit a block's shared memory
// (M * (33 * sizeof(T) + 4) + 192 <= 227 KiB), of at most
// lu-blocked-max-size (1024) rows and columns. The input is copied into lu
// (unless they are one buffer); a host loop over the panels launches, for
// all matrices at once, the panel kernel (factors the panel of lu at
// (k0, k0) in place, writes the pivots, info and the panel's row order into
// a scratch buffer) and the update kernel (row exchanges, U12 and the
// trailing update), both given k0; the permutation kernel follows.
// RUN: linalgx-opt %s -convert-linalgx-to-gpu -split-input-file | FileCheck %s
// RUN: linalgx-opt %s -convert-linalgx-to-gpu=lu-blocked-max-size=0 -split-input-file | FileCheck %s --check-prefix=OFF
// RUN: linalgx-opt %s -convert-linalgx-to-gpu=lu-blocked-max-size=256 -split-input-file | FileCheck %s --check-prefix=AT256
// RUN: not linalgx-opt %s -convert-linalgx-to-gpu=lu-blocked-max-size=-1 -split-input-file 2>&1 | FileCheck %s --check-prefix=NEGATIVE

// OFF-NOT: linalgx_lu_blocked
// NEGATIVE: error: lu-blocked-max-size must be at least 0, got -1

// CHECK-LABEL: func.func @f64_batched
// CHECK:         %[[T0:.+]] = gpu.wait async
// CHECK:         %[[ORDER:.+]], %[[T1:.+]] = gpu.alloc async [%[[T0]]] (%{{.+}}, %{{.+}}) : memref<?x?xi32>
// CHECK:         %[[IN:.+]] = memref.extract_aligned_pointer_as_index %[[A:.+]] : memref<?x?x?xf64> -> index
// CHECK:         %[[OUT:.+]] = memref.extract_aligned_pointer_as_index %[[LU:.+]] : memref<?x?x?xf64> -> index
// CHECK:         %[[DISTINCT:.+]] = arith.cmpi ne, %[[IN]], %[[OUT]] : index
// CHECK:         scf.if %[[DISTINCT]] {
// CHECK:           %[[C0:.+]] = gpu.wait async
// CHECK:           gpu.memcpy async [%[[C0]]] %[[LU]], %[[A]] : memref<?x?x?xf64>, memref<?x?x?xf64>
// CHECK:         }
// CHECK:         scf.for %[[K0:.+]] = %{{.+}} to %{{.+}} step %c32{{.*}} {
// CHECK:           %[[S0:.+]] = gpu.wait async
// CHECK:           %[[S1:.+]] = gpu.launch_func async [%[[S0]]] @linalgx_kernels::@linalgx_lu_blocked_panel_f64_i32 blocks in ({{.+}}) threads in (%c32{{.*}}, %c16{{.*}}, %c1{{.*}}) dynamic_shared_memory_size %{{.+}} args(%[[LU]] : memref<?x?x?xf64>, %[[PIVOTS:.+]] : memref<?x?xi32>, %{{.+}} : memref<?xi32>, %[[ORDER]] : memref<?x?xi32>, %[[K0]] : index)
// CHECK:           gpu.launch_func async [%[[S1]]] @linalgx_kernels::@linalgx_lu_blocked_update_f64_i32 blocks in ({{.+}}) threads in (%c16{{.*}}, %c16{{.*}}, %c1{{.*}}) dynamic_shared_memory_size %{{.+}} args(%[[LU]] : memref<?x?x?xf64>, %[[ORDER]] : memref<?x?xi32>, %[[K0]] : index)
// CHECK:         }
// CHECK:         gpu.launch_func async [%[[T1]]] @linalgx_kernels::@linalgx_pivots_to_permutation_i32 {{.+}} args(%[[PIVOTS]] : memref<?x?xi32>
// CHECK:         gpu.dealloc
// CHECK:         gpu.wait [%{{.+}}]
// CHECK-NOT:     call @linalgxCudaGetrf
// CHECK:         return
// The panel kernel: 512 threads, one block an SM (nvvm.minctasm), the
// matrices in a grid-stride loop, the steps unrolled, three barriers
// each (candidates, exchange, elimination). The update kernel: 256
// threads, barriers between the gathers, the stores and each solve step.
// CHECK:       gpu.func @linalgx_lu_blocked_panel_f64_i32(%{{.+}}: memref<?x?x?xf64>, %{{.+}}: memref<?x?xi32>, %{{.+}}: memref<?xi32>, %{{.+}}: memref<?x?xi32>, %{{.+}}: index) kernel attributes {known_block_size = array<i32: 32, 16, 1>, nvvm.minctasm = 1 : i32}
// CHECK:         gpu.dynamic_shared_memory
// CHECK:         scf.for %{{.+}} = %block_id_x to %{{.+}} step %grid_dim_x {
// CHECK:           nvvm.redux.sync umax
// CHECK:           gpu.barrier
// CHECK:           gpu.barrier
// CHECK:           gpu.barrier
// CHECK:       gpu.func @linalgx_lu_blocked_update_f64_i32(%{{.+}}: memref<?x?x?xf64>, %{{.+}}: memref<?x?xi32>, %{{.+}}: index) kernel attributes {known_block_size = array<i32: 16, 16, 1>}
// CHECK:         gpu.dynamic_shared_memory
// CHECK:         scf.for %{{.+}} = %block_id_y to %{{.+}} step %grid_dim_y {
// CHECK:           gpu.barrier
// CHECK:           scf.for
// CHECK:             gpu.barrier
// CHECK:             arith.mulf
// CHECK:             arith.subf
// AT256-LABEL: func.func @f64_batched
// AT256:         call @linalgxCudaGetrf(
func.func @f64_batched(%a: memref<8x512x512xf64>, %l: memref<8x512x512xf64>, %p: memref<8x512xi32>, %i: memref<8xi32>, %q: memref<8x512xi32>) {
  linalgx.lu ins(%a : memref<8x512x512xf64>) outs(%l, %p, %i : memref<8x512x512xf64>, memref<8x512xi32>, memref<8xi32>) permutation(%q : memref<8x512xi32>)
  return
}

// -----

// Every element type, in place, wide and tall: f32 up to 1024 (a panel of
// 1024 rows is 139 KiB), complex<f32> 300x100 and complex<f64> 400x436
// (a panel of 400 rows is 213 KiB; 436 would fit, 437 not). complex<f64>
// 500x500 takes the vendor path: its panel (266 KiB) does not fit. No
// permutation: none is computed.
// CHECK-LABEL: func.func @types
// CHECK:         gpu.launch_func async [%{{.+}}] @linalgx_kernels::@linalgx_lu_blocked_panel_f32_i32
// CHECK:         gpu.launch_func async [%{{.+}}] @linalgx_kernels::@linalgx_lu_blocked_update_f32_i32
// CHECK:         gpu.launch_func async [%{{.+}}] @linalgx_kernels::@linalgx_lu_blocked_panel_cf32_i64
// CHECK:         gpu.launch_func async [%{{.+}}] @linalgx_kernels::@linalgx_lu_blocked_update_cf32_i64
// CHECK:         gpu.launch_func async [%{{.+}}] @linalgx_kernels::@linalgx_lu_blocked_panel_cf64_i32
// CHECK:         gpu.launch_func async [%{{.+}}] @linalgx_kernels::@linalgx_lu_blocked_update_cf64_i32
// CHECK:         call @linalgxCudaGetrf(
// CHECK-NOT:     linalgx_pivots_to_permutation
// CHECK:         return
// AT256-LABEL: func.func @types
// AT256-NOT:     linalgx_lu_blocked
// AT256:         return
func.func @types(%a: memref<1024x1024xf32>, %p: memref<1024xi32>, %i: memref<i32>,
                 %b: memref<2x300x100xcomplex<f32>>, %pb: memref<2x100xi64>, %ib: memref<2xi64>,
                 %c: memref<400x436xcomplex<f64>>, %pc: memref<400xi32>,
                 %d: memref<500x500xcomplex<f64>>, %pd: memref<500xi32>) {
  linalgx.lu ins(%a : memref<1024x1024xf32>) outs(%a, %p, %i : memref<1024x1024xf32>, memref<1024xi32>, memref<i32>)
  linalgx.lu ins(%b : memref<2x300x100xcomplex<f32>>) outs(%b, %pb, %ib : memref<2x300x100xcomplex<f32>>, memref<2x100xi64>, memref<2xi64>)
  linalgx.lu ins(%c : memref<400x436xcomplex<f64>>) outs(%c, %pc, %i : memref<400x436xcomplex<f64>>, memref<400xi32>, memref<i32>)
  linalgx.lu ins(%d : memref<500x500xcomplex<f64>>) outs(%d, %pd, %i : memref<500x500xcomplex<f64>>, memref<500xi32>, memref<i32>)
  return
}
