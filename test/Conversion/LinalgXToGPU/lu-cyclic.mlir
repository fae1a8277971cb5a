// The cyclic register LU kernel (docs/gpu.md), which takes small batches
// (lu-cyclic-max-batch) of real matrices of 33 to 128 rows or columns that
// the look-ahead panel kernel does not (lu-panel-max-size, 0 here: none).
// RUN: linalgx-opt %s -convert-linalgx-to-gpu=lu-panel-max-size=0 | FileCheck %s
// RUN: linalgx-opt %s -convert-linalgx-to-gpu="lu-strategy=generated lu-panel-max-size=0" | FileCheck %s

// f64 75x75, one matrix and a batch of 64, with a permutation (the original
// report's cases): the cyclic register kernel, a block a matrix, 15 warps
// (at most lu-cyclic-max-warps = 16: 5 column slots) of 32 lanes (3 row
// slots), the whole matrix staged in 75 x 75 f64 of shared memory (odd
// stride), 2 x 96 multipliers and 2 step outcomes. A dynamic batch of 75x75
// f32 takes a host branch on the batch (lu-cyclic-max-batch, 132 by
// default; 0 turns the kernel off).
// CHECK-LABEL: func.func @f64_cyclic
// CHECK-COUNT-2: gpu.launch_func async [%{{.+}}] @linalgx_kernels::@linalgx_lu_cyclic75x75_f64_i32_permutation blocks in (%{{.+}}, %c1{{.*}}, %c1{{.*}}) threads in (%c32{{.*}}, %c15{{.*}}, %c1{{.*}}) args(
// CHECK-LABEL: func.func @f32_cyclic_dynamic_batch
// CHECK:         %[[B:.+]] = memref.dim %{{.+}}, %c0
// CHECK:         %[[SMALL:.+]] = arith.cmpi ule, %{{.+}}, %c132
// CHECK:         scf.if %[[SMALL]] {
// CHECK:           gpu.launch_func async [%{{.+}}] @linalgx_kernels::@linalgx_lu_cyclic75x75_f32_i32
// CHECK:         } else {
// CHECK:           gpu.launch_func async [%{{.+}}] @linalgx_kernels::@linalgx_lu_registers75x75_f32_i32
// The kernel: blocks walk the batch; each matrix starts with every row at its
// own position (the row order in shared memory) and comes in through shared
// memory in rows (one barrier before, one after). Warp 0 searches step 0:
// its rows' positions, the key's high word (one redux.sync), a ballot: a
// single lane holding it gives its own candidate (position * 128 + row)
// and the candidate's value by shuffles side by side (three 32-bit), else
// the low word and the first position (two more redux.sync) and the pivot
// by shuffle from the row they name (two); one reciprocal (divisions below
// the smallest normal number), the multipliers, and, by every lane with no
// branch, the outcome, the pivot, the exchanged positions; then bar.arrive
// on the step's named barrier. Five rounds, each a rolled loop over its
// steps: the step's owner (bar.warp.sync) and the other warps (bar.sync on
// the named barrier) read the outcome and multipliers; the owner of the
// next column updates it and searches the next step first (two candidates:
// the next warp's slot or warp 0's next slot); then, unless the pivot is
// zero, every warp updates slot `round` (after the owner: a branch) and the
// four later slots in straight-line code: the pivot row's entries by a
// warp-uniform branch on its row slot (two shuffles an entry), a predicated
// fused multiply-add an element (inline PTX: unused rows only). No
// block-wide barrier in the steps.
// CHECK:       gpu.func @linalgx_lu_cyclic75x75_f64_i32_permutation(
// CHECK-SAME:    workgroup(%[[STAGED:.+]] : memref<5625xf64, #gpu.address_space<workgroup>> {llvm.align = 16 : i64}, %[[MULT:.+]] : memref<192xf64, #gpu.address_space<workgroup>> {llvm.align = 16 : i64}, %[[ORDER:.+]] : memref<192xi32, #gpu.address_space<workgroup>> {llvm.align = 16 : i64}, %[[OUTCOME:.+]] : memref<2xi32, #gpu.address_space<workgroup>> {llvm.align = 16 : i64})
// CHECK-SAME:    known_block_size = array<i32: 32, 15, 1>
// CHECK:         scf.for %[[MATRIX:.+]] = %block_id_x to %{{.+}} step %grid_dim_x {
// CHECK-NEXT:      gpu.barrier
// CHECK:           memref.store %{{.+}}, %[[ORDER]]
// CHECK:           memref.store %{{.+}}, %[[ORDER]]
// CHECK:           scf.for
// CHECK:             memref.load %{{.+}}[%[[MATRIX]], %{{.+}}, %{{.+}}] : memref<?x?x?xf64>
// CHECK:             memref.store %{{.+}}, %[[STAGED]]
// CHECK:           gpu.barrier
// CHECK-COUNT-15:  memref.load %[[STAGED]]
// CHECK:           scf.if %{{.+}} -> (f64, f64, f64) {
// CHECK-COUNT-4:     memref.load %[[ORDER]]
// CHECK:             nvvm.redux.sync  umax
// CHECK:             nvvm.vote.sync  ballot
// CHECK:             math.ctpop
// CHECK:             scf.if %{{.+}} -> (i32, f64) {
// CHECK:               math.cttz
// CHECK-COUNT-3:       gpu.shuffle  idx
// CHECK:             } else {
// CHECK:               nvvm.redux.sync  umax
// CHECK:               nvvm.redux.sync  umin
// CHECK-COUNT-2:       gpu.shuffle  idx
// CHECK:             }
// CHECK-NOT:         gpu.shuffle
// CHECK:             arith.cmpf oge
// CHECK:             scf.if %{{.+}} -> (f64, f64, f64) {
// CHECK:               arith.divf
// CHECK:             } else {
// CHECK-COUNT-3:       arith.divf
// CHECK-COUNT-3:     memref.store %{{.+}}, %[[MULT]]
// CHECK-NOT:         scf.if
// CHECK:             memref.store %{{.+}}, %[[OUTCOME]]
// CHECK-NEXT:        memref.store %{{.+}}, %{{.+}} : memref<?x?xi32>
// CHECK-COUNT-4:     memref.store %{{.+}}, %[[ORDER]]
// CHECK:             nvvm.barrier.arrive id = %{{.+}} number_of_threads = %c480_i32
// CHECK:           scf.for {{.+}} iter_args({{.+}}) -> ({{(f64, ){14}f64}}, i1, i1, i1, i32) {
// CHECK:             scf.if %{{.+}} {
// CHECK-NEXT:          nvvm.bar.warp.sync
// CHECK:             } else {
// CHECK-NOT:           }
// CHECK:               nvvm.barrier id = %{{.+}} number_of_threads = %c480_i32
// CHECK:             memref.load %[[OUTCOME]]
// CHECK-COUNT-3:     memref.load %[[MULT]]
// CHECK:             scf.if %{{.+}} -> (f64, f64, f64) {
// CHECK-NEXT:          scf.if %{{.+}} -> (f64, f64, f64) {
// CHECK-COUNT-2:         gpu.shuffle  idx
// CHECK:               nvvm.vote.sync  ballot
// CHECK:               nvvm.barrier.arrive
// CHECK:             scf.if %{{.+}} -> (f64, f64, f64) {
// CHECK-NEXT:          scf.if %{{.+}} -> (f64, f64, f64) {
// CHECK:               nvvm.barrier.arrive
// CHECK:             scf.if %{{.+}} -> ({{(f64, ){14}f64}}) {
// CHECK:               scf.if %{{.+}} -> (f64, f64, f64) {
// CHECK:                 scf.if %{{.+}} -> (f64) {
// CHECK-COUNT-2:           gpu.shuffle  idx
// CHECK-COUNT-3:         llvm.inline_asm asm_dialect = att "@!$4 fma.rn.f64 $0, $2, $3, $1;", "=d,0,d,d,b"
// CHECK:               scf.if %{{.+}} -> (f64, f64, f64, f64) {
// CHECK-COUNT-8:         gpu.shuffle  idx
// CHECK:               } else {
// CHECK-COUNT-12:      llvm.inline_asm asm_dialect = att "@!$4 fma.rn.f64
// CHECK-NOT:           gpu.barrier
// CHECK:             } else {
// CHECK:             scf.yield
// CHECK-COUNT-4:   scf.for {{.+}} iter_args(
// Out: each row stored at its position, copied out in rows, the
// permutation (the row at each position), info by thread 0.
// CHECK:           gpu.barrier
// CHECK:           memref.load %[[ORDER]]
// CHECK:           memref.store %{{.+}}, %[[STAGED]]
// CHECK:           gpu.barrier
// CHECK:           scf.for
// CHECK:             memref.load %[[STAGED]]
// CHECK:             memref.store %{{.+}}, %{{.+}}[%[[MATRIX]], %{{.+}}, %{{.+}}] : memref<?x?x?xf64>
// CHECK:           scf.for
// CHECK:             memref.load %[[ORDER]]
// CHECK:             memref.store %{{.+}}, %{{.+}}[%[[MATRIX]], %{{.+}}] : memref<?x?xi32>
// CHECK:           memref.store %{{.+}}, %{{.+}}[%[[MATRIX]]] : memref<?xi32>
// CHECK:         gpu.return
func.func @f64_cyclic(%a: memref<75x75xf64>, %l: memref<75x75xf64>, %p: memref<75xi32>, %i: memref<i32>, %q: memref<75xi32>,
                      %a2: memref<64x75x75xf64>, %p2: memref<64x75xi32>, %i2: memref<64xi32>, %q2: memref<64x75xi32>) {
  linalgx.lu ins(%a : memref<75x75xf64>) outs(%l, %p, %i : memref<75x75xf64>, memref<75xi32>, memref<i32>) permutation(%q : memref<75xi32>)
  linalgx.lu ins(%a2 : memref<64x75x75xf64>) outs(%a2, %p2, %i2 : memref<64x75x75xf64>, memref<64x75xi32>, memref<64xi32>) permutation(%q2 : memref<64x75xi32>)
  return
}
func.func @f32_cyclic_dynamic_batch(%a: memref<?x75x75xf32>, %p: memref<?x75xi32>, %i: memref<?xi32>) {
  linalgx.lu ins(%a : memref<?x75x75xf32>) outs(%a, %p, %i : memref<?x75x75xf32>, memref<?x75xi32>, memref<?xi32>)
  return
}
