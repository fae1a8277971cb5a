// The generated one-kernel LU (lu-strategy auto, the default, and
// generated): one gpu.launch_func per lu, the permutation output written by
// the same kernel, for every element type.
//  - real matrices of at most 8/16 rows and columns: the warp register
//    kernel of that size (a row per lane, 4 warps per block, no shared
//    memory);
//  - real matrices of at most 128 rows whose row fits 768 bytes (96 f64, 128
//    f32): the block register kernel (a thread per row, a warp per 32 rows,
//    the steps unrolled), of the exact size for static shapes;
//  - otherwise, where a matrix fits 227 KiB of shared memory
//    (M * (N | 1) * sizeof(T) + 4 M bytes): the shared-memory kernel, launched
//    with dynamic shared memory and a run-time block shape (32, W, G);
//  - otherwise the blocked LU where its panels fit (lu-blocked.mlir), the
//    vendor path (lu.mlir) beyond;
//  - dynamic sizes: host branches in that order (the block register kernel
//    in size buckets 32, 48, 64, 80, 96, 128), each a complete chain.
// The look-ahead panel kernel takes the batches of at most 132 matrices of
// 33 to 128 rows or columns here; by default it also takes larger batches
// from 49 rows or columns on (lu-panel-any-batch-min-size; the table of
// choices is kernel-choice.mlir), which this file turns off so that the
// block register and shared-memory kernels keep their shapes below.
// RUN: linalgx-opt %s -convert-linalgx-to-gpu=lu-panel-any-batch-min-size=129 -split-input-file | FileCheck %s
// RUN: linalgx-opt %s -convert-linalgx-to-gpu="lu-strategy=generated lu-panel-any-batch-min-size=129" -split-input-file | FileCheck %s
// RUN: linalgx-opt %s -convert-linalgx-to-gpu="lu-panel-any-batch-min-size=129 lu-panel-overlap-copies=true" -split-input-file | FileCheck %s --check-prefix=OVERLAP
// RUN: linalgx-opt %s -convert-linalgx-to-gpu=lu-strategy=cusolver -split-input-file | FileCheck %s --check-prefix=VENDOR

// VENDOR-NOT: linalgx_lu_registers
// VENDOR-NOT: linalgx_lu_generated

// f64 5x5, batch 8, with a permutation: the 8x8 register kernel, one launch
// of ceil(8 / 16) blocks of 32x4 threads, then the host waits once.
// CHECK-LABEL: func.func @f64_registers
// CHECK:         %[[T0:.+]] = gpu.wait async
// CHECK:         %[[T1:.+]] = gpu.launch_func async [%[[T0]]] @linalgx_kernels::@linalgx_lu_registers8_f64_i32_permutation blocks in (%{{.+}}, %{{.+}}, %{{.+}}) threads in (%{{.+}}, %{{.+}}, %{{.+}}) args(%{{.+}} : memref<?x?x?xf64>, %{{.+}} : memref<?x?x?xf64>, %{{.+}} : memref<?x?xi32>, %{{.+}} : memref<?xi32>, %{{.+}} : memref<?x?xi32>)
// CHECK-NEXT:    gpu.wait [%[[T1]]]
// CHECK-NOT:     gpu.launch_func
// CHECK:         return
// The kernel: the block's 16 matrices staged in shared memory (8 rows of
// stride 10 each: an odd number of 16-byte units), copied in with cp.async
// by a loop; unrolled steps, a butterfly of xor shuffles for the pivot (four
// matrices a warp), idx shuffles broadcasting the pivot row; warp syncs, no
// barrier.
// CHECK:       gpu.func @linalgx_lu_registers8_f64_i32_permutation(%{{.+}}: memref<?x?x?xf64>, %{{.+}}: memref<?x?x?xf64>, %{{.+}}: memref<?x?xi32>, %{{.+}}: memref<?xi32>, %{{.+}}: memref<?x?xi32>) workgroup(%[[STAGED8:.+]] : memref<1280xf64, #gpu.address_space<workgroup>> {llvm.align = 16 : i64}) kernel attributes {known_block_size = array<i32: 32, 4, 1>}
// CHECK-NOT:     gpu.barrier
// CHECK:         scf.for
// CHECK-COUNT-4:   nvgpu.device_async_copy %{{.+}}, %[[STAGED8]][%{{.+}}], 1, %{{.+}} : memref<?x?x?xf64> to memref<1280xf64, #gpu.address_space<workgroup>>
// CHECK:         nvvm.cp.async.commit.group
// CHECK-NEXT:    nvvm.cp.async.wait.group 0
// CHECK-NEXT:    nvvm.bar.warp.sync
// CHECK:         gpu.shuffle  xor
// CHECK:         gpu.shuffle  idx
// CHECK-NOT:     gpu.barrier
// CHECK:         scf.for
// CHECK:           memref.store %{{.+}}, %{{.+}} : memref<?x?x?xf64>
// CHECK:         nvvm.bar.warp.sync
// CHECK-NOT:     gpu.barrier
// CHECK:         gpu.return
func.func @f64_registers(%a: memref<8x5x5xf64>, %l: memref<8x5x5xf64>, %p: memref<8x5xi32>, %i: memref<8xi32>, %q: memref<8x5xi32>) {
  linalgx.lu ins(%a : memref<8x5x5xf64>) outs(%l, %p, %i : memref<8x5x5xf64>, memref<8x5xi32>, memref<8xi32>) permutation(%q : memref<8x5xi32>)
  return
}

// -----

// f32 16x16 and 32x20, i64 pivots, no permutation: the 16 warp register
// kernel (two matrices a warp: the pivot search reduces with redux.sync,
// one per matrix, and a ballot finds the pivot's lane), then the block
// register kernel of the exact size (one warp a matrix, four matrices a
// block).
// CHECK-LABEL: func.func @f32_registers
// CHECK:         gpu.launch_func async [%{{.+}}] @linalgx_kernels::@linalgx_lu_registers16_f32_i64 blocks
// CHECK:         gpu.launch_func async [%{{.+}}] @linalgx_kernels::@linalgx_lu_registers32x20_f32_i64 blocks in (%{{.+}}, %{{.+}}, %{{.+}}) threads in (%c32{{.*}}, %c1{{.*}}, %c4{{.*}}) args
// CHECK:       gpu.func @linalgx_lu_registers16_f32_i64(
// CHECK-SAME:    workgroup(%{{.+}} : memref<2560xf32, #gpu.address_space<workgroup>>
// CHECK-NOT:     gpu.shuffle  xor
// CHECK-COUNT-2: nvvm.redux.sync  umax
// CHECK-COUNT-2: nvvm.redux.sync  umin
// CHECK:         nvvm.vote.sync  ballot
// CHECK:         math.cttz
// CHECK:         gpu.shuffle  idx
// CHECK-NOT:     gpu.shuffle  xor
// CHECK:       gpu.func @linalgx_lu_registers32x20_f32_i64(
// CHECK-SAME:    known_block_size = array<i32: 32, 1, 4>
func.func @f32_registers(%a: memref<16x16xf32>, %p: memref<16xi64>, %i: memref<i64>,
                         %b: memref<32x20xf32>, %p2: memref<20xi64>) {
  linalgx.lu ins(%a : memref<16x16xf32>) outs(%a, %p, %i : memref<16x16xf32>, memref<16xi64>, memref<i64>)
  linalgx.lu ins(%b : memref<32x20xf32>) outs(%b, %p2, %i : memref<32x20xf32>, memref<20xi64>, memref<i64>)
  return
}

// -----

// Static shapes between 16 and 32 (one warp a matrix) and empty matrices:
// 20x20 f32 and 20x10 f64 take block register kernels of their exact size;
// 0x40 f32 has no rows for a thread to hold and takes the shared-memory
// kernel.
// CHECK-LABEL: func.func @small_and_empty
// CHECK:         gpu.launch_func async [%{{.+}}] @linalgx_kernels::@linalgx_lu_registers20x20_f32_i32 blocks in (%{{.+}}, %{{.+}}, %{{.+}}) threads in (%c32{{.*}}, %c1{{.*}}, %c4{{.*}}) args
// CHECK:         gpu.launch_func async [%{{.+}}] @linalgx_kernels::@linalgx_lu_registers20x10_f64_i32 blocks
// CHECK:         gpu.launch_func async [%{{.+}}] @linalgx_kernels::@linalgx_lu_generated_f32_i32 blocks
// CHECK:       gpu.func @linalgx_lu_registers20x20_f32_i32(
// CHECK-SAME:    known_block_size = array<i32: 32, 1, 4>
func.func @small_and_empty(%a: memref<4x20x20xf32>, %p: memref<4x20xi32>, %i: memref<4xi32>,
                           %b: memref<20x10xf64>, %p2: memref<10xi32>, %i2: memref<i32>,
                           %c: memref<4x0x40xf32>, %p3: memref<4x0xi32>) {
  linalgx.lu ins(%a : memref<4x20x20xf32>) outs(%a, %p, %i : memref<4x20x20xf32>, memref<4x20xi32>, memref<4xi32>)
  linalgx.lu ins(%b : memref<20x10xf64>) outs(%b, %p2, %i2 : memref<20x10xf64>, memref<10xi32>, memref<i32>)
  linalgx.lu ins(%c : memref<4x0x40xf32>) outs(%c, %p3, %i : memref<4x0x40xf32>, memref<4x0xi32>, memref<4xi32>)
  return
}

// -----

// f64 75x75, batch 300 (more than lu-cyclic-max-batch), with a
// permutation: the block register kernel, 75x75, three warps a matrix
// (64-bit pivot keys: three warp reductions a step).
// CHECK-LABEL: func.func @f64_block_registers
// CHECK:         %[[T0:.+]] = gpu.wait async
// CHECK:         %[[T1:.+]] = gpu.launch_func async [%[[T0]]] @linalgx_kernels::@linalgx_lu_registers75x75_f64_i32_permutation blocks in (%{{.+}}, %{{.+}}, %{{.+}}) threads in (%c32{{.*}}, %c3{{.*}}, %c1{{.*}}) args(
// CHECK-NEXT:    gpu.wait [%[[T1]]]
// The kernel: each warp's candidate row, key and (position, thread) in
// 16-byte aligned workgroup buffers, double-buffered by step parity, and two
// buffers of 75 row segments of 16 columns (stride 18) through which the
// matrix comes in (cp.async, the next segment in flight while one is read)
// and goes out in whole lines; the steps unrolled, each with three
// redux.sync and one barrier.
// CHECK:       gpu.func @linalgx_lu_registers75x75_f64_i32_permutation(
// CHECK-SAME:    workgroup(%{{.+}} : memref<450xf64, #gpu.address_space<workgroup>> {llvm.align = 16 : i64}, %{{.+}} : memref<6xi64, #gpu.address_space<workgroup>> {llvm.align = 16 : i64}, %{{.+}} : memref<6xi32, #gpu.address_space<workgroup>> {llvm.align = 16 : i64}, %[[STAGED:.+]] : memref<2700xf64, #gpu.address_space<workgroup>> {llvm.align = 16 : i64})
// CHECK-SAME:    known_block_size = array<i32: 32, 3, 1>, nvvm.maxntid = array<i32: 96, 1, 1>
// CHECK-NOT:     gpu.dynamic_shared_memory
// CHECK:         scf.for
// CHECK:           nvgpu.device_async_copy %{{.+}}[%{{.+}}, %{{.+}}, %{{.+}}], %[[STAGED]][%{{.+}}], 1, %{{.+}} : memref<?x?x?xf64> to memref<2700xf64, #gpu.address_space<workgroup>>
// CHECK:         nvvm.cp.async.commit.group
// CHECK:         nvvm.cp.async.commit.group
// CHECK-NEXT:    nvvm.cp.async.wait.group 1
// CHECK-NEXT:    gpu.barrier
// CHECK-COUNT-16: memref.load %[[STAGED]]
// CHECK:         gpu.barrier
// CHECK-COUNT-2: nvvm.redux.sync  umax
// CHECK:         nvvm.redux.sync  umin
// CHECK:         gpu.barrier
// CHECK-NOT:     gpu.barrier
// CHECK:         nvvm.redux.sync  umax
// Out, five segments: each row stored at its position, then copied out in
// lines; after the last segment a barrier before the block's next matrix
// rewrites the buffers and candidate slots.
// CHECK:         memref.store %{{.+}}, %[[STAGED]]
// CHECK:         gpu.barrier
// CHECK:         scf.for
// CHECK:           memref.load %[[STAGED]]
// CHECK-NEXT:      memref.store %{{.+}}, %{{.+}} : memref<?x?x?xf64>
// CHECK-COUNT-4: scf.for
// CHECK:         gpu.barrier
// CHECK-NEXT:    arith.index_castui
// CHECK:         memref.store %{{.+}}, %{{.+}}[%{{.+}}] : memref<?xi32>
// CHECK-NEXT:  }
// CHECK-NEXT:  }
// CHECK-NEXT:  gpu.return
func.func @f64_block_registers(%a: memref<300x75x75xf64>, %l: memref<300x75x75xf64>, %p: memref<300x75xi32>, %i: memref<300xi32>, %q: memref<300x75xi32>) {
  linalgx.lu ins(%a : memref<300x75x75xf64>) outs(%l, %p, %i : memref<300x75x75xf64>, memref<300x75xi32>, memref<300xi32>) permutation(%q : memref<300x75xi32>)
  return
}

// -----

// f64 75x75, one matrix and a batch of 64, with a permutation (the original
// report's cases): the look-ahead panel kernel, a block of 4 warps a matrix
// held in dynamic shared memory (the matrix at an odd row stride, the 4x4 U
// block, 240 i32 of row order, row lists, pivot rows and counts). A
// dynamic batch of 75x75 f32 takes a host branch on the batch
// (lu-cyclic-max-batch, 132 by default); lu-panel-max-size (128) bounds the
// sizes, the cyclic kernel taking them when it is lowered (lu-cyclic.mlir).
// CHECK-LABEL: func.func @f64_panel
// CHECK-COUNT-2: gpu.launch_func async [%{{.+}}] @linalgx_kernels::@linalgx_lu_panel75x75_f64_i32_permutation blocks in (%{{.+}}, %c1{{.*}}, %c1{{.*}}) threads in (%c32{{.*}}, %c4{{.*}}, %c1{{.*}}) dynamic_shared_memory_size %{{.+}} args(
// CHECK-LABEL: func.func @f32_panel_dynamic_batch
// CHECK:         %[[SMALL:.+]] = arith.cmpi ule, %{{.+}}, %c132
// CHECK:         scf.if %[[SMALL]] {
// CHECK:           gpu.launch_func async [%{{.+}}] @linalgx_kernels::@linalgx_lu_panel75x75_f32_i32
// CHECK:         } else {
// CHECK-NOT:       linalgx_lu_cyclic
// CHECK:           gpu.launch_func async [%{{.+}}] @linalgx_kernels::@linalgx_lu_registers75x75_f32_i32
// The kernel: blocks walk the batch; the matrix comes in by asynchronous
// copies (consecutive threads on consecutive elements); warp 0 then runs
// the panels of 4 columns in registers (3 row slots x 4 columns, the rows'
// positions, info): a step's redux.sync and a ballot first, the lane's
// candidate (its reciprocal by rcp.approx and Newton steps) after them in
// program order, pinned before the branch; one lane holding the maximum: shuffles from
// it, the pivot stored by every lane, the eliminations with no other
// branch; else the full search (two more redux.sync for the 64-bit key,
// one for the first position), a zero-pivot branch and a division branch.
// Then the panel published and the block-wide barrier, once a panel; the
// look-ahead (the U block in every lane, no warp sync). Warps 1-3:
// the panel's barrier, the U rows, a named barrier among the three, the
// rank-4 update of their groups of rows, software-pipelined (iter_args: the
// next group's rows, multipliers and entries), for 1, 2 or 3 column slots.
// CHECK:       gpu.func @linalgx_lu_panel75x75_f64_i32_permutation(
// CHECK-SAME:    known_block_size = array<i32: 32, 4, 1>
// CHECK-SAME:    nvvm.minctasm = 1 : i32
// A static shape's own kernel: its arguments cast to their static sizes,
// so that addresses and bounds fold to constants.
// CHECK-NEXT:    memref.cast %{{.+}} : memref<?x?x?xf64> to memref<?x75x75xf64>
// CHECK-NEXT:    memref.cast %{{.+}} : memref<?x?x?xf64> to memref<?x75x75xf64>
// CHECK-NEXT:    memref.cast %{{.+}} : memref<?x?xi32> to memref<?x75xi32>
// CHECK-NEXT:    memref.cast %{{.+}} : memref<?x?xi32> to memref<?x75xi32>
// CHECK:         gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
// CHECK:         %[[A:.+]] = memref.view {{.+}} to memref<5625xf64, #gpu.address_space<workgroup>>
// CHECK:         memref.view {{.+}} to memref<240xi32, #gpu.address_space<workgroup>>
// CHECK:         scf.for %[[MATRIX:.+]] = %block_id_x to %{{.+}} step %grid_dim_x {
// CHECK-NEXT:      gpu.barrier
// In, unrolled to the shape (no loop counters): 19 rows a warp, 3 columns
// a lane, the last row and column slot guarded.
// CHECK-NOT:       scf.for
// CHECK-COUNT-57:  nvgpu.device_async_copy %{{.+}}[%[[MATRIX]], %{{.+}}, %{{.+}}], %[[A]][%{{.+}}], 1
// CHECK-NOT:       scf.for
// CHECK:           nvvm.cp.async.commit.group
// CHECK-NEXT:      nvvm.cp.async.wait.group 0
// CHECK-NEXT:      gpu.barrier
// CHECK:           scf.if %{{.+}} {
// CHECK-COUNT-12:    memref.load %[[A]]
// CHECK:             scf.for {{.+}} iter_args({{.+}}) -> ({{(f64, ){11}f64}}, i32, i32, i32, i32) {
// CHECK:               scf.if %{{.+}} -> ({{(f64, ){11}f64}}, i32, i32, i32, i32, i32, i32) {
// The candidates' high words leave their low 5 bits to the lane, which the
// reduction hands back; one ballot decides the fast path, and the shuffles
// from the named lane precede its branch.
// CHECK:                 %[[KEY:.+]] = nvvm.redux.sync  umax
// CHECK-NEXT:            arith.andi %[[KEY]], %c-32_i32
// CHECK:                 %[[FROM:.+]] = arith.andi %[[KEY]], %c31_i32
// CHECK:                 nvvm.vote.sync  ballot
// CHECK-NOT:             nvvm.vote.sync
// CHECK:                 llvm.inline_asm asm_dialect = att "rcp.approx.ftz.f64 $0, $1;", "=d,d"
// CHECK:                 llvm.inline_asm has_side_effects asm_dialect = att "", "=d,0"
// CHECK-COUNT-12:        gpu.shuffle  idx %{{.+}}, %[[FROM]]
// CHECK-NOT:             math.ctpop
// CHECK:                 scf.if %{{.+}} -> ({{(f64, ){11}f64}}, i32, i32, i32, i32, i32, i32) {
// CHECK-NOT:               gpu.shuffle
// CHECK-NOT:               scf.if
// CHECK:                   memref.store %{{.+}}, %{{.+}}[%[[MATRIX]], %{{.+}}] : memref<?x75xi32>
// CHECK-NOT:               scf.if
// CHECK:                   scf.yield
// CHECK-NEXT:            } else {
// CHECK:                   nvvm.redux.sync  umax
// CHECK:                   nvvm.redux.sync  umax
// CHECK:                   nvvm.redux.sync  umin
// CHECK:                   memref.store %{{.+}}, %{{.+}}[%[[MATRIX]], %{{.+}}] : memref<?x75xi32>
// CHECK:                   scf.if %{{.+}} -> ({{(f64, ){11}f64}}, i32, i32, i32, i32, i32, i32) {
// CHECK:                   } else {
// CHECK:                     scf.if %{{.+}} -> ({{(f64, ){11}f64}}, i32, i32, i32, i32, i32, i32) {
// CHECK:                     } else {
// CHECK:                       arith.divf
// The publication needs no warp sync: the trailing warps complete the
// unused rows' last group of four themselves.
// CHECK-NOT:           nvvm.bar.warp.sync
// CHECK:               gpu.barrier
// CHECK:               scf.if %{{.+}} -> ({{(f64, ){11}f64}}) {
// The next panel (12 loads, no selects), then the U block in every lane:
// its pivot rows' multipliers (6) and entries (16), no hand-over through a
// warp sync; stored at its pivot rows (16 stores). A full panel's (four
// steps, no zero pivot) applies every step to every row, without selects
// or a branch on the U block's finiteness.
// CHECK-COUNT-12:        memref.load %[[A]]
// CHECK-NOT:             arith.select
// CHECK:                 scf.if %{{.+}} -> ({{(f64, ){11}f64}}) {
// CHECK-NOT:               arith.select
// CHECK-NOT:               scf.if
// CHECK-COUNT-16:          memref.store %{{.+}}, %[[A]]
// CHECK-NOT:               arith.select
// CHECK-NOT:               scf.if
// CHECK-COUNT-48:          llvm.intr.fma
// CHECK-NOT:               scf.if
// CHECK:                 } else {
// CHECK-NOT:               nvvm.bar.warp.sync
// CHECK:                   scf.if %{{.+}} -> ({{(f64, ){11}f64}}) {
// CHECK-NOT:             nvvm.bar.warp.sync
// CHECK:             memref.store %{{.+}}, %{{.+}}[%[[MATRIX]]] : memref<?xi32>
// CHECK:           } else {
// CHECK:             scf.for
// CHECK-NEXT:          gpu.barrier
// CHECK:               nvvm.barrier id = %{{.+}} number_of_threads = %c96_i32
// CHECK:               scf.for {{.+}} step %c3{{.*}} iter_args(
// CHECK:               nvvm.barrier id = %{{.+}} number_of_threads = %c96_i32
// CHECK:               scf.for {{.+}} step %c3{{.*}} iter_args(
// CHECK:               nvvm.barrier id = %{{.+}} number_of_threads = %c96_i32
// CHECK:               scf.for {{.+}} step %c3{{.*}} iter_args(
// Out, unrolled too: the rows in position order (a warp a row), the
// permutation.
// CHECK:           gpu.barrier
// CHECK-NOT:       scf.for
// CHECK-COUNT-3:   memref.store %{{.+}}, %{{.+}}[%[[MATRIX]], %{{.+}}, %{{.+}}] : memref<?x75x75xf64>
// CHECK:           scf.if
// CHECK:             memref.store %{{.+}}, %{{.+}}[%[[MATRIX]], %{{.+}}] : memref<?x75xi32>
// CHECK-COUNT-54:  memref.store %{{.+}}, %{{.+}}[%[[MATRIX]], %{{.+}}, %{{.+}}] : memref<?x75x75xf64>
// CHECK-NOT:       scf.for
// CHECK:         gpu.return
// With overlapped copies: warp 0 loads the first panel from global memory
// (no copy and no barrier before it); warps 1-3 copy the rest in (25 rows
// a warp, 3 columns a lane, the first panel's columns left to its
// publication), then, a panel at a time after its barrier and update, the
// previous panel's four rows (a column a lane of the three warps) and its
// part of the permutation; after the last barrier only the last panel's
// three rows are left (a warp a row).
// OVERLAP:       gpu.func @linalgx_lu_panel75x75_f64_i32_permutation(
// OVERLAP:         scf.for %[[MATRIX:.+]] = %block_id_x to %{{.+}} step %grid_dim_x {
// OVERLAP-NEXT:      gpu.barrier
// OVERLAP-NOT:       nvgpu.device_async_copy
// OVERLAP:           scf.if %{{.+}} {
// OVERLAP-NOT:         scf.for
// OVERLAP-COUNT-12:    memref.load %{{.+}}[%[[MATRIX]], %{{.+}}, %{{.+}}] : memref<?x75x75xf64>
// OVERLAP:             scf.for {{.+}} iter_args({{.+}}) -> ({{(f64, ){11}f64}}, i32, i32, i32, i32) {
// OVERLAP:           } else {
// OVERLAP-NOT:         scf.for
// OVERLAP-COUNT-75:    nvgpu.device_async_copy %{{.+}}[%[[MATRIX]], %{{.+}}, %{{.+}}], %{{.+}}[%{{.+}}], 1
// OVERLAP-NOT:         scf.for
// OVERLAP:             nvvm.cp.async.commit.group
// OVERLAP-NEXT:        nvvm.cp.async.wait.group 0
// OVERLAP-NOT:         gpu.barrier
// OVERLAP:             scf.for {{.+}} iter_args({{.+}}) -> (i32, i32, i32, i32) {
// OVERLAP-NEXT:          gpu.barrier
// OVERLAP:               nvvm.barrier id = %{{.+}} number_of_threads = %c96_i32
// OVERLAP:               scf.for {{.+}} step %c3{{.*}} iter_args(
// OVERLAP-NOT:           gpu.barrier
// OVERLAP-COUNT-4:       memref.store %{{.+}}, %{{.+}}[%[[MATRIX]], %{{.+}}, %{{.+}}] : memref<?x75x75xf64>
// OVERLAP:               memref.store %{{.+}}, %{{.+}}[%[[MATRIX]], %{{.+}}] : memref<?x75xi32>
// OVERLAP:           gpu.barrier
// OVERLAP-NOT:       scf.for
// OVERLAP-COUNT-3:   memref.store %{{.+}}, %{{.+}}[%[[MATRIX]], %{{.+}}, %{{.+}}] : memref<?x75x75xf64>
// OVERLAP:           scf.if
// OVERLAP:             memref.store %{{.+}}, %{{.+}}[%[[MATRIX]], %{{.+}}] : memref<?x75xi32>
// OVERLAP-NOT:       memref.store
// OVERLAP:         gpu.return
func.func @f64_panel(%a: memref<75x75xf64>, %l: memref<75x75xf64>, %p: memref<75xi32>, %i: memref<i32>, %q: memref<75xi32>,
                     %a2: memref<64x75x75xf64>, %p2: memref<64x75xi32>, %i2: memref<64xi32>, %q2: memref<64x75xi32>) {
  linalgx.lu ins(%a : memref<75x75xf64>) outs(%l, %p, %i : memref<75x75xf64>, memref<75xi32>, memref<i32>) permutation(%q : memref<75xi32>)
  linalgx.lu ins(%a2 : memref<64x75x75xf64>) outs(%a2, %p2, %i2 : memref<64x75x75xf64>, memref<64x75xi32>, memref<64xi32>) permutation(%q2 : memref<64x75xi32>)
  return
}
func.func @f32_panel_dynamic_batch(%a: memref<?x75x75xf32>, %p: memref<?x75xi32>, %i: memref<?xi32>) {
  linalgx.lu ins(%a : memref<?x75x75xf32>) outs(%a, %p, %i : memref<?x75x75xf32>, memref<?x75xi32>, memref<?xi32>)
  return
}

// -----

// f64 100x100, batch 300, with a permutation: a row of 800 bytes is more
// than a thread's registers hold; the shared-memory kernel. The
// host computes W = min(16, max(1, ceil(M / rows per warp))) warps per
// matrix (2 rows per warp for at most 264 matrices, else 8), G matrices per
// block and the dynamic shared memory G * (M * (N | 1) * 8 + 4 M).
// CHECK-LABEL: func.func @f64_shared
// CHECK:         %[[T0:.+]] = gpu.wait async
// CHECK:         arith.ori %{{.+}}, %{{.+}} : index
// CHECK:         %[[T1:.+]] = gpu.launch_func async [%[[T0]]] @linalgx_kernels::@linalgx_lu_generated_f64_i32_permutation blocks in (%{{.+}}, %{{.+}}, %{{.+}}) threads in (%{{.+}}, %[[W:.+]], %[[G:.+]]) dynamic_shared_memory_size %{{.+}} args(
// CHECK-NEXT:    gpu.wait [%[[T1]]]
// The kernel: dynamic shared memory viewed as the matrices and their row
// orders, the pivot search by warp 0 (xor shuffles), two barriers per step,
// a warp sync before a row's multiplier is stored, no known block size.
// CHECK:       gpu.func @linalgx_lu_generated_f64_i32_permutation(
// CHECK-SAME:    kernel attributes {nvvm.maxntid = array<i32: 512, 1, 1>}
// CHECK:         %[[SMEM:.+]] = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
// CHECK:         memref.view %[[SMEM]][%{{.+}}][%{{.+}}] : memref<?xi8, #gpu.address_space<workgroup>> to memref<?xf64, #gpu.address_space<workgroup>>
// CHECK:         memref.view %[[SMEM]][%{{.+}}][%{{.+}}] : memref<?xi8, #gpu.address_space<workgroup>> to memref<?xi32, #gpu.address_space<workgroup>>
// CHECK:         gpu.barrier
// CHECK:         gpu.shuffle  xor
// CHECK:         gpu.barrier
// CHECK:         nvvm.bar.warp.sync
// CHECK:         gpu.barrier
// CHECK:         gpu.return
func.func @f64_shared(%a: memref<300x100x100xf64>, %l: memref<300x100x100xf64>, %p: memref<300x100xi32>, %i: memref<300xi32>, %q: memref<300x100xi32>) {
  linalgx.lu ins(%a : memref<300x100x100xf64>) outs(%l, %p, %i : memref<300x100x100xf64>, memref<300x100xi32>, memref<300xi32>) permutation(%q : memref<300x100xi32>)
  return
}

// -----

// Complex types take the thread-per-matrix kernel up to 4 x 4, then the
// shared-memory kernel (the register kernels are real-only).
// CHECK-LABEL: func.func @complex
// CHECK-NOT:     call @linalgxCudaGetrf
// CHECK:         gpu.launch_func async [%{{.+}}] @linalgx_kernels::@linalgx_lu_thread4_cf32_i32 blocks
// CHECK-NOT:     call @linalgxCudaGetrf
// CHECK:         gpu.launch_func async [%{{.+}}] @linalgx_kernels::@linalgx_lu_generated_cf64_i32 blocks
// CHECK-NOT:     call @linalgxCudaGetrf
// CHECK:         return
func.func @complex(%a: memref<4x4xcomplex<f32>>, %p: memref<4xi32>, %i: memref<i32>,
                   %b: memref<3x100x100xcomplex<f64>>, %p2: memref<3x100xi32>, %i2: memref<3xi32>) {
  linalgx.lu ins(%a : memref<4x4xcomplex<f32>>) outs(%a, %p, %i : memref<4x4xcomplex<f32>>, memref<4xi32>, memref<i32>)
  linalgx.lu ins(%b : memref<3x100x100xcomplex<f64>>) outs(%b, %p2, %i2 : memref<3x100x100xcomplex<f64>>, memref<3x100xi32>, memref<3xi32>)
  return
}

// -----

// Too large for shared memory and for the blocked LU (more than
// lu-blocked-max-size, 8192, rows; a 32-column panel would need
// ceil(8200 / 8) x (33 x 8 + 4) > 227 KiB of a cluster): the vendor path, its runtime strategy
// "auto" (0), and the permutation kernel for the permutation output, in the
// same chain. (lu-blocked.mlir: the sizes between.)
// CHECK-LABEL: func.func @f64_too_large
// CHECK-NOT:     linalgx_lu_generated
// CHECK:         gpu.launch_func async [%{{.+}}] @linalgx_kernels::@linalgx_transpose_f64 blocks
// CHECK:         %[[STRATEGY:.+]] = arith.constant 0 : i32
// CHECK:         call @linalgxCudaGetrf(%{{.+}}, %[[STRATEGY]])
// CHECK:         gpu.launch_func async [%{{.+}}] @linalgx_kernels::@linalgx_lu_from_column_major_f64_i32 blocks
// CHECK:         gpu.launch_func async [%{{.+}}] @linalgx_kernels::@linalgx_pivots_to_permutation_i32 blocks
// CHECK:         gpu.wait [%{{.+}}]
// CHECK-NOT:     gpu.launch_func
// CHECK:         return
func.func @f64_too_large(%a: memref<8200x8200xf64>, %p: memref<8200xi32>, %i: memref<i32>, %q: memref<8200xi32>) {
  linalgx.lu ins(%a : memref<8200x8200xf64>) outs(%a, %p, %i : memref<8200x8200xf64>, memref<8200xi32>, memref<i32>) permutation(%q : memref<8200xi32>)
  return
}

// -----

// Dynamic sizes: host branches on max(M, N) <= 4 (a thread per matrix), 8,
// 16 (warp register kernel), 32 (block register kernel), 48, 64, 80, 96, 128 (look-ahead
// panel kernel) with a batch of at most 132,
// 48, 64, 80, 96 (block register
// kernel; 128 only for f32), then on the shared memory the matrix needs,
// then on the blocked LU's batch (at least 2), panel and size bounds, then
// the vendor path; each
// branch has its own chain and host wait.
// CHECK-LABEL: func.func @f64_dynamic
// CHECK:         %[[M:.+]] = memref.dim %{{.+}}, %c1
// CHECK:         %[[N:.+]] = memref.dim %{{.+}}, %c2
// CHECK:         %[[MAX:.+]] = arith.maxui %[[M]], %[[N]] : index
// CHECK:         %[[LE4:.+]] = arith.cmpi ule, %[[MAX]], %c4
// CHECK:         scf.if %[[LE4]] {
// CHECK:           gpu.launch_func async [%{{.+}}] @linalgx_kernels::@linalgx_lu_thread4_f64_i32
// CHECK:           gpu.wait [%{{.+}}]
// CHECK:         } else {
// CHECK:           scf.if %{{.+}} {
// CHECK:             gpu.launch_func async [%{{.+}}] @linalgx_kernels::@linalgx_lu_registers8_f64_i32
// CHECK:           } else {
// CHECK:           scf.if %{{.+}} {
// CHECK:             gpu.launch_func async [%{{.+}}] @linalgx_kernels::@linalgx_lu_registers16_f64_i32
// CHECK:           } else {
// CHECK:             gpu.launch_func async [%{{.+}}] @linalgx_kernels::@linalgx_lu_registers32x32_f64_i32
// CHECK:             %[[SMALL:.+]] = arith.cmpi ule, %{{.+}}, %c132
// CHECK:             arith.andi %{{.+}}, %[[SMALL]] : i1
// CHECK:             gpu.launch_func async [%{{.+}}] @linalgx_kernels::@linalgx_lu_panel_upto48x48_f64_i32
// CHECK:             gpu.launch_func async [%{{.+}}] @linalgx_kernels::@linalgx_lu_panel_upto64x64_f64_i32
// CHECK:             gpu.launch_func async [%{{.+}}] @linalgx_kernels::@linalgx_lu_panel_upto80x80_f64_i32
// CHECK-NOT:         linalgx_lu_cyclic
// CHECK:             gpu.launch_func async [%{{.+}}] @linalgx_kernels::@linalgx_lu_panel_upto96x96_f64_i32
// CHECK:             gpu.launch_func async [%{{.+}}] @linalgx_kernels::@linalgx_lu_panel_upto128x128_f64_i32
// CHECK:             gpu.launch_func async [%{{.+}}] @linalgx_kernels::@linalgx_lu_registers48x48_f64_i32
// CHECK:             gpu.launch_func async [%{{.+}}] @linalgx_kernels::@linalgx_lu_registers64x64_f64_i32
// CHECK:             gpu.launch_func async [%{{.+}}] @linalgx_kernels::@linalgx_lu_registers80x80_f64_i32
// CHECK:             gpu.launch_func async [%{{.+}}] @linalgx_kernels::@linalgx_lu_registers96x96_f64_i32
// CHECK-NOT:         linalgx_lu_registers128x128_f64
// CHECK:             %[[BOUNDED:.+]] = arith.cmpi ule, %{{.+}}, %c232448
// CHECK:             %[[BYTES:.+]] = arith.cmpi ule, %{{.+}}, %c232448
// CHECK:             %[[FITS:.+]] = arith.andi %[[BOUNDED]], %[[BYTES]] : i1
// CHECK:             scf.if %[[FITS]] {
// CHECK:               gpu.launch_func async [%{{.+}}] @linalgx_kernels::@linalgx_lu_generated_f64_i32
// CHECK:             } else {
// CHECK:               %[[BATCH2:.+]] = arith.cmpi uge, %{{.+}}, %c2
// CHECK:               %[[SMALL:.+]] = arith.cmpi ule, %{{.+}}, %c8192
// CHECK:               %[[TWO:.+]] = arith.ori %[[BATCH2]], %[[SMALL]] : i1
// The panel's rows over a cluster of 8 blocks: ceil(M / 8) * (33 * 8 + 4)
// bytes, 8-aligned, and the candidates' 96 bytes fit a block.
// CHECK:               %[[ROWS_PER_BLOCK:.+]] = arith.ceildivui %{{.+}}, %c8
// CHECK:               arith.muli %[[ROWS_PER_BLOCK]], %c268
// CHECK:               %[[BYTES_FIT:.+]] = arith.cmpi ule, %{{.+}}, %c232448
// CHECK:               %[[ROWS_FIT:.+]] = arith.cmpi ult, %{{.+}}, %c65536
// CHECK:               %[[PANEL_FITS:.+]] = arith.andi %[[ROWS_FIT]], %[[BYTES_FIT]] : i1
// Or its rows fit the register panels (lu-blocked-register-panel-max-rows).
// CHECK:               %[[IN_REGISTERS:.+]] = arith.cmpi ule, %{{.+}}, %c8192{{.*}}
// CHECK:               %[[EITHER:.+]] = arith.ori %[[IN_REGISTERS]], %[[PANEL_FITS]] : i1
// CHECK:               %[[AT_MOST:.+]] = arith.cmpi ule, %{{.+}}, %c8192
// CHECK:               %[[SHAPE:.+]] = arith.andi %[[EITHER]], %[[AT_MOST]] : i1
// CHECK:               %[[BLOCKED:.+]] = arith.andi %[[TWO]], %[[SHAPE]] : i1
// CHECK:               scf.if %[[BLOCKED]] {
// Panels of up to 8192 f64 rows in registers: one block, then clusters of
// 2, 4, 8 and 16.
// CHECK:                 gpu.launch_func async [%{{.+}}] @linalgx_kernels::@linalgx_lu_blocked_register_panel_f64_i32
// CHECK:                 gpu.launch_func async [%{{.+}}] @linalgx_kernels::@linalgx_lu_blocked_cluster_register_panel_x4_f64_i32
// CHECK:                 gpu.launch_func async [%{{.+}}] @linalgx_kernels::@linalgx_lu_blocked_cluster_register_panel_x8_f64_i32
// CHECK:                 gpu.launch_func async [%{{.+}}] @linalgx_kernels::@linalgx_lu_blocked_cluster_register_panel_x16_f64_i32
// CHECK:                 gpu.launch_func async [%{{.+}}] @linalgx_kernels::@linalgx_lu_blocked_cluster_panel_f64_i32
// CHECK:                 gpu.launch_func async [%{{.+}}] @linalgx_kernels::@linalgx_lu_blocked_panel_f64_i32
// CHECK:                 gpu.launch_func async [%{{.+}}] @linalgx_kernels::@linalgx_lu_blocked_update_f64_i32
// CHECK:               } else {
// CHECK:                 call @linalgxCudaGetrf(
func.func @f64_dynamic(%a: memref<?x?x?xf64>, %p: memref<?x?xi32>, %i: memref<?xi32>) {
  linalgx.lu ins(%a : memref<?x?x?xf64>) outs(%a, %p, %i : memref<?x?x?xf64>, memref<?x?xi32>, memref<?xi32>)
  return
}
