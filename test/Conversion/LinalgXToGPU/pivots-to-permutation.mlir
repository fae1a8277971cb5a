// linalgx.pivots_to_permutation on device memrefs lowers to exactly one async
// gpu.launch_func per op, whatever the batch rank, shape or size: operands are
// viewed as memref<?x?xT>, the grid is max(1, min(ceildiv(B*N, 256), 16896))
// blocks of 256 threads, and the kernel (one per pivot type and base, shared
// by every op using it) traces each position back through the swaps.
// RUN: linalgx-opt %s -convert-linalgx-to-gpu -split-input-file | FileCheck %s
// RUN: linalgx-opt %s -convert-linalgx-to-gpu -canonicalize -split-input-file | FileCheck %s --check-prefix=FOLDED

// Unbatched, zero-based i32: [K] and [N] are expanded to [1, K] and [1, N],
// one launch computes its grid from B*N, and the kernel is a grid-stride loop
// whose reverse trace is unrolled by 4 (four pivot loads feeding a chain of
// selects, then a remainder loop) ending in a single store.
// CHECK-LABEL: func.func @perm_unbatched_i32
// CHECK-SAME:    (%[[P:[^:]+]]: memref<3xi32>, %[[Q:[^:]+]]: memref<5xi32>)
// CHECK:         %[[TOKEN:.+]] = gpu.wait async
// CHECK-NOT:     gpu.launch_func
// CHECK:         %[[PE:.+]] = memref.expand_shape %[[P]] {{\[\[}}0, 1]] output_shape [1, 3] : memref<3xi32> into memref<1x3xi32>
// CHECK:         %[[P2:.+]] = memref.cast %[[PE]] : memref<1x3xi32> to memref<?x?xi32>
// CHECK:         %[[QE:.+]] = memref.expand_shape %[[Q]] {{\[\[}}0, 1]] output_shape [1, 5] : memref<5xi32> into memref<1x5xi32>
// CHECK:         %[[Q2:.+]] = memref.cast %[[QE]] : memref<1x5xi32> to memref<?x?xi32>
// CHECK:         %[[B:.+]] = memref.dim %[[Q2]], %{{.+}} : memref<?x?xi32>
// CHECK:         %[[N:.+]] = memref.dim %[[Q2]], %{{.+}} : memref<?x?xi32>
// CHECK:         %[[TOTAL:.+]] = arith.muli %[[B]], %[[N]] : index
// CHECK-DAG:     %[[ONE:.+]] = arith.constant 1 : index
// CHECK-DAG:     %[[BLOCK:.+]] = arith.constant 256 : index
// CHECK-DAG:     %[[CAP:.+]] = arith.constant 16896 : index
// CHECK:         %[[NEEDED:.+]] = arith.ceildivui %[[TOTAL]], %[[BLOCK]] : index
// CHECK:         %[[CAPPED:.+]] = arith.minui %[[NEEDED]], %[[CAP]] : index
// CHECK:         %[[GRID:.+]] = arith.maxui %[[CAPPED]], %[[ONE]] : index
// CHECK-NOT:     gpu.launch_func
// CHECK:         %[[DONE:.+]] = gpu.launch_func async [%[[TOKEN]]] @linalgx_kernels::@linalgx_pivots_to_permutation_i32 blocks in (%[[GRID]], %[[ONE]], %[[ONE]]) threads in (%[[BLOCK]], %[[ONE]], %[[ONE]]) args(%[[P2]] : memref<?x?xi32>, %[[Q2]] : memref<?x?xi32>)
// CHECK-NOT:     gpu.launch_func
// CHECK:         gpu.wait [%[[DONE]]]
// CHECK-NEXT:    return
//
// CHECK-LABEL: gpu.module @linalgx_kernels
// CHECK:         gpu.func @linalgx_pivots_to_permutation_i32(%[[PIV:[^:]+]]: memref<?x?xi32>, %[[PERM:[^:]+]]: memref<?x?xi32>) kernel attributes {known_block_size = array<i32: 256, 1, 1>}
// CHECK:           %[[KB:.+]] = memref.dim %[[PERM]], %{{.+}} : memref<?x?xi32>
// CHECK:           %[[KN:.+]] = memref.dim %[[PERM]], %{{.+}} : memref<?x?xi32>
// CHECK:           %[[KK:.+]] = memref.dim %[[PIV]], %{{.+}} : memref<?x?xi32>
// CHECK:           %[[STEPS:.+]] = arith.minui %[[KK]], %[[KN]] : index
// CHECK:           %[[KTOTAL:.+]] = arith.muli %[[KB]], %[[KN]] : index
// CHECK:           %[[NINT:.+]] = arith.index_cast %[[KN]] : index to i32
// CHECK:           %[[LAST:.+]] = arith.subi %[[STEPS]], %{{.+}} : index
// Grid-stride loop: first = block_id * block_dim + thread_id, stride =
// grid_dim * block_dim.
// CHECK:           %[[BID:.+]] = gpu.block_id x
// CHECK:           %[[BDIM:.+]] = gpu.block_dim x
// CHECK:           %[[TID:.+]] = gpu.thread_id x
// CHECK:           %[[GDIM:.+]] = gpu.grid_dim x
// CHECK:           %[[BASE:.+]] = arith.muli %[[BID]], %[[BDIM]] : index
// CHECK:           %[[FIRST:.+]] = arith.addi %[[BASE]], %[[TID]] : index
// CHECK:           %[[STRIDE:.+]] = arith.muli %[[GDIM]], %[[BDIM]] : index
// CHECK-NOT:       memref.store
// CHECK:           scf.for %[[T:[^ ]+]] = %[[FIRST]] to %[[KTOTAL]] step %[[STRIDE]] {
// CHECK:             %[[MAT:.+]] = arith.divui %[[T]], %[[KN]] : index
// CHECK:             %[[J:.+]] = arith.remui %[[T]], %[[KN]] : index
// CHECK:             %[[START:.+]] = arith.index_cast %[[J]] : index to i32
// The unrolled reverse trace: step r handles swap i = last - r.
// CHECK:             %[[MAIN:.+]] = scf.for %[[R:[^ ]+]] = %{{.+}} to %[[UB:[^ ]+]] step %{{.+}} iter_args(%[[POS:[^ ]+]] = %[[START]]) -> (i32) {
// CHECK:               %[[I0:.+]] = arith.subi %[[LAST]], %[[R]] : index
// CHECK:               %[[T0:.+]] = memref.load %[[PIV]][%[[MAT]], %[[I0]]] : memref<?x?xi32>
// Zero-based: the pivot is used as loaded, range-checked as 0 <= t < N.
// CHECK-NOT:           arith.subi %[[T0]]
// CHECK:               %[[GE:.+]] = arith.cmpi sge, %[[T0]], %{{.+}} : i32
// CHECK:               %[[LT:.+]] = arith.cmpi slt, %[[T0]], %[[NINT]] : i32
// CHECK:               %[[VALID:.+]] = arith.andi %[[GE]], %[[LT]] : i1
// CHECK:               %[[IINT:.+]] = arith.index_cast %[[I0]] : index to i32
// CHECK:               %[[ATI:.+]] = arith.cmpi eq, %[[POS]], %[[IINT]] : i32
// CHECK:               %[[ATROW:.+]] = arith.andi %[[VALID]], %[[ATI]] : i1
// CHECK:               %[[ATT:.+]] = arith.cmpi eq, %[[POS]], %[[T0]] : i32
// CHECK:               %[[SWAPPED:.+]] = arith.select %[[ATT]], %[[IINT]], %[[POS]] : i32
// CHECK:               %[[M0:.+]] = arith.select %[[ATROW]], %[[T0]], %[[SWAPPED]] : i32
// CHECK:               %[[T1:.+]] = memref.load %[[PIV]][%[[MAT]], %{{.+}}] : memref<?x?xi32>
// CHECK:               arith.cmpi eq, %[[M0]], %{{.+}} : i32
// CHECK:               %[[M1:.+]] = arith.select %{{.+}}, %[[T1]], %{{.+}} : i32
// CHECK:               %[[T2:.+]] = memref.load %[[PIV]][%[[MAT]], %{{.+}}] : memref<?x?xi32>
// CHECK:               arith.cmpi eq, %[[M1]], %{{.+}} : i32
// CHECK:               %[[M2:.+]] = arith.select %{{.+}}, %[[T2]], %{{.+}} : i32
// CHECK:               %[[T3:.+]] = memref.load %[[PIV]][%[[MAT]], %{{.+}}] : memref<?x?xi32>
// CHECK:               arith.cmpi eq, %[[M2]], %{{.+}} : i32
// CHECK:               %[[M3:.+]] = arith.select %{{.+}}, %[[T3]], %{{.+}} : i32
// CHECK-NOT:           memref.load
// CHECK:               scf.yield %[[M3]] : i32
// CHECK-NEXT:        }
// The remainder of the trace (steps mod 4), one swap per iteration.
// CHECK-NEXT:        %[[TRACE:.+]] = scf.for %{{[^ ]+}} = %[[UB]] to %[[STEPS]] step %{{.+}} iter_args(%{{[^ ]+}} = %[[MAIN]]) -> (i32) {
// CHECK-COUNT-1:       memref.load %[[PIV]]
// CHECK-NOT:           memref.load
// CHECK:               scf.yield %{{.+}} : i32
// CHECK-NEXT:        }
// CHECK-NEXT:        memref.store %[[TRACE]], %[[PERM]][%[[MAT]], %[[J]]] : memref<?x?xi32>
// CHECK-NEXT:      }
// CHECK-NEXT:      gpu.return
func.func @perm_unbatched_i32(%p: memref<3xi32>, %q: memref<5xi32>) {
  linalgx.pivots_to_permutation ins(%p : memref<3xi32>) outs(%q : memref<5xi32>)
  return
}

// -----

// One batch dimension, one_based i64: no reshape, only the cast to
// memref<?x?xi64>; the kernel subtracts 1 from each pivot before the range
// check, in all four unrolled steps.
// CHECK-LABEL: func.func @perm_batched_one_based_i64
// CHECK-SAME:    (%[[P:[^:]+]]: memref<2x3xi64>, %[[Q:[^:]+]]: memref<2x5xi64>)
// CHECK:         %[[TOKEN:.+]] = gpu.wait async
// CHECK-NOT:     memref.collapse_shape
// CHECK-NOT:     memref.expand_shape
// CHECK:         %[[P2:.+]] = memref.cast %[[P]] : memref<2x3xi64> to memref<?x?xi64>
// CHECK:         %[[Q2:.+]] = memref.cast %[[Q]] : memref<2x5xi64> to memref<?x?xi64>
// CHECK:         %[[GRID:.+]] = arith.maxui
// CHECK-NOT:     gpu.launch_func
// CHECK:         %[[DONE:.+]] = gpu.launch_func async [%[[TOKEN]]] @linalgx_kernels::@linalgx_pivots_to_permutation_i64_one_based blocks in (%[[GRID]], %{{.+}}, %{{.+}}) threads in (%{{.+}}, %{{.+}}, %{{.+}}) args(%[[P2]] : memref<?x?xi64>, %[[Q2]] : memref<?x?xi64>)
// CHECK-NOT:     gpu.launch_func
// CHECK:         gpu.wait [%[[DONE]]]
// CHECK-NEXT:    return
//
// CHECK-LABEL: gpu.module @linalgx_kernels
// CHECK:         gpu.func @linalgx_pivots_to_permutation_i64_one_based(%[[PIV:[^:]+]]: memref<?x?xi64>, %{{[^:]+}}: memref<?x?xi64>) kernel attributes {known_block_size = array<i32: 256, 1, 1>}
// CHECK:           %[[KONE:.+]] = arith.constant 1 : i64
// CHECK:           scf.for
// CHECK:             scf.for {{.+}} -> (i64) {
// CHECK:               %[[RAW:.+]] = memref.load %[[PIV]]{{.+}} : memref<?x?xi64>
// CHECK-NEXT:          %[[TGT:.+]] = arith.subi %[[RAW]], %[[KONE]] : i64
// CHECK-NEXT:          arith.cmpi sge, %[[TGT]], %{{.+}} : i64
// CHECK-NEXT:          arith.cmpi slt, %[[TGT]], %{{.+}} : i64
// CHECK:               %[[RAW:.+]] = memref.load %[[PIV]]{{.+}} : memref<?x?xi64>
// CHECK-NEXT:          %[[TGT:.+]] = arith.subi %[[RAW]], %[[KONE]] : i64
// CHECK-NEXT:          arith.cmpi sge, %[[TGT]], %{{.+}} : i64
// CHECK-NEXT:          arith.cmpi slt, %[[TGT]], %{{.+}} : i64
// CHECK:               %[[RAW:.+]] = memref.load %[[PIV]]{{.+}} : memref<?x?xi64>
// CHECK-NEXT:          %[[TGT:.+]] = arith.subi %[[RAW]], %[[KONE]] : i64
// CHECK-NEXT:          arith.cmpi sge, %[[TGT]], %{{.+}} : i64
// CHECK-NEXT:          arith.cmpi slt, %[[TGT]], %{{.+}} : i64
// CHECK:               %[[RAW:.+]] = memref.load %[[PIV]]{{.+}} : memref<?x?xi64>
// CHECK-NEXT:          %[[TGT:.+]] = arith.subi %[[RAW]], %[[KONE]] : i64
// CHECK-NEXT:          arith.cmpi sge, %[[TGT]], %{{.+}} : i64
// CHECK-NEXT:          arith.cmpi slt, %[[TGT]], %{{.+}} : i64
// CHECK-NOT:           memref.load
// CHECK:               scf.yield %{{.+}} : i64
// CHECK:             scf.for {{.+}} -> (i64) {
// CHECK-NEXT:          arith.subi
// CHECK-NEXT:          %[[RAW:.+]] = memref.load %[[PIV]]
// CHECK-NEXT:          arith.subi %[[RAW]], %[[KONE]] : i64
// CHECK:             memref.store %{{.+}} : memref<?x?xi64>
// CHECK-NOT:         memref.store
// CHECK:           gpu.return
func.func @perm_batched_one_based_i64(%p: memref<2x3xi64>, %q: memref<2x5xi64>) {
  linalgx.pivots_to_permutation one_based ins(%p : memref<2x3xi64>) outs(%q : memref<2x5xi64>)
  return
}

// -----

// Three batch dimensions collapse into one: [2, 3, 4, K] -> [24, K].
// CHECK-LABEL: func.func @perm_batch3_i32
// CHECK-SAME:    (%[[P:[^:]+]]: memref<2x3x4x3xi32>, %[[Q:[^:]+]]: memref<2x3x4x5xi32>)
// CHECK:         %[[TOKEN:.+]] = gpu.wait async
// CHECK:         %[[PC:.+]] = memref.collapse_shape %[[P]] {{\[\[}}0, 1, 2], [3]] : memref<2x3x4x3xi32> into memref<24x3xi32>
// CHECK:         %[[P2:.+]] = memref.cast %[[PC]] : memref<24x3xi32> to memref<?x?xi32>
// CHECK:         %[[QC:.+]] = memref.collapse_shape %[[Q]] {{\[\[}}0, 1, 2], [3]] : memref<2x3x4x5xi32> into memref<24x5xi32>
// CHECK:         %[[Q2:.+]] = memref.cast %[[QC]] : memref<24x5xi32> to memref<?x?xi32>
// CHECK:         %[[B:.+]] = memref.dim %[[Q2]], %{{.+}} : memref<?x?xi32>
// CHECK:         %[[N:.+]] = memref.dim %[[Q2]], %{{.+}} : memref<?x?xi32>
// CHECK:         %[[TOTAL:.+]] = arith.muli %[[B]], %[[N]] : index
// CHECK:         arith.ceildivui %[[TOTAL]], %{{.+}} : index
// CHECK-NOT:     gpu.launch_func
// CHECK:         %[[DONE:.+]] = gpu.launch_func async [%[[TOKEN]]] @linalgx_kernels::@linalgx_pivots_to_permutation_i32 {{.+}} args(%[[P2]] : memref<?x?xi32>, %[[Q2]] : memref<?x?xi32>)
// CHECK-NOT:     gpu.launch_func
// CHECK:         gpu.wait [%[[DONE]]]
// CHECK-NEXT:    return
func.func @perm_batch3_i32(%p: memref<2x3x4x3xi32>, %q: memref<2x3x4x5xi32>) {
  linalgx.pivots_to_permutation ins(%p : memref<2x3x4x3xi32>) outs(%q : memref<2x3x4x5xi32>)
  return
}

// -----

// Dynamic shapes: the batch dimensions collapse the same way and every size
// (B, N, hence the grid) is read at run time.
// CHECK-LABEL: func.func @perm_dynamic_i64
// CHECK-SAME:    (%[[P:[^:]+]]: memref<?x?x?xi64>, %[[Q:[^:]+]]: memref<?x?x?xi64>)
// CHECK:         %[[TOKEN:.+]] = gpu.wait async
// CHECK:         %[[PC:.+]] = memref.collapse_shape %[[P]] {{\[\[}}0, 1], [2]] : memref<?x?x?xi64> into memref<?x?xi64>
// CHECK:         %[[P2:.+]] = memref.cast %[[PC]] : memref<?x?xi64> to memref<?x?xi64>
// CHECK:         %[[QC:.+]] = memref.collapse_shape %[[Q]] {{\[\[}}0, 1], [2]] : memref<?x?x?xi64> into memref<?x?xi64>
// CHECK:         %[[Q2:.+]] = memref.cast %[[QC]] : memref<?x?xi64> to memref<?x?xi64>
// CHECK:         %[[B:.+]] = memref.dim %[[Q2]], %{{.+}} : memref<?x?xi64>
// CHECK:         %[[N:.+]] = memref.dim %[[Q2]], %{{.+}} : memref<?x?xi64>
// CHECK:         %[[TOTAL:.+]] = arith.muli %[[B]], %[[N]] : index
// CHECK:         %[[NEEDED:.+]] = arith.ceildivui %[[TOTAL]], %{{.+}} : index
// CHECK:         %[[CAPPED:.+]] = arith.minui %[[NEEDED]], %{{.+}} : index
// CHECK:         %[[GRID:.+]] = arith.maxui %[[CAPPED]], %{{.+}} : index
// CHECK-NOT:     gpu.launch_func
// CHECK:         %[[DONE:.+]] = gpu.launch_func async [%[[TOKEN]]] @linalgx_kernels::@linalgx_pivots_to_permutation_i64 blocks in (%[[GRID]], {{.+}} args(%[[P2]] : memref<?x?xi64>, %[[Q2]] : memref<?x?xi64>)
// CHECK-NOT:     gpu.launch_func
// CHECK:         gpu.wait [%[[DONE]]]
// CHECK-NEXT:    return
// CHECK-LABEL: gpu.module @linalgx_kernels
// CHECK-NEXT:    gpu.func @linalgx_pivots_to_permutation_i64(%{{[^:]+}}: memref<?x?xi64>, %{{[^:]+}}: memref<?x?xi64>) kernel
// CHECK-NOT:       arith.subi %{{.+}} : i64
// CHECK:           gpu.return
func.func @perm_dynamic_i64(%p: memref<?x?x?xi64>, %q: memref<?x?x?xi64>) {
  linalgx.pivots_to_permutation ins(%p : memref<?x?x?xi64>) outs(%q : memref<?x?x?xi64>)
  return
}

// -----

// Ops of the same pivot type and base share one kernel: three ops, three
// launches, two kernels (i32 zero-based for the first two, i32 one_based).
// CHECK-LABEL: func.func @perm_shared_kernel
// CHECK-COUNT-2: gpu.launch_func async [%{{.+}}] @linalgx_kernels::@linalgx_pivots_to_permutation_i32 blocks
// CHECK-NOT:     gpu.launch_func
// CHECK:         gpu.launch_func async [%{{.+}}] @linalgx_kernels::@linalgx_pivots_to_permutation_i32_one_based blocks
// CHECK-NOT:     gpu.launch_func
// CHECK:         return
// CHECK-LABEL: gpu.module @linalgx_kernels
// CHECK-COUNT-1: gpu.func @linalgx_pivots_to_permutation_i32(
// CHECK-NOT:     gpu.func @linalgx_pivots_to_permutation_i32(
// CHECK:         gpu.func @linalgx_pivots_to_permutation_i32_one_based(
// CHECK-NOT:     gpu.func
// CHECK-NOT:     gpu.module
func.func @perm_shared_kernel(%p: memref<3xi32>, %q: memref<5xi32>, %p2: memref<7x2xi32>, %q2: memref<7x2xi32>) {
  linalgx.pivots_to_permutation ins(%p : memref<3xi32>) outs(%q : memref<5xi32>)
  linalgx.pivots_to_permutation ins(%p2 : memref<7x2xi32>) outs(%q2 : memref<7x2xi32>)
  linalgx.pivots_to_permutation one_based ins(%p2 : memref<7x2xi32>) outs(%q2 : memref<7x2xi32>)
  return
}

// -----

// Large and empty batches are still one launch each: 100000 x 4 positions
// need ceil(400000 / 256) = 1563 blocks; 100000 x 64 would need 25000, capped
// at 16896 (the grid-stride loop covers the rest); an empty batch still gets
// one block (a zero-block grid is an invalid launch).
// CHECK-LABEL: func.func @perm_big_batches
// CHECK:         gpu.wait async
// CHECK-COUNT-1: gpu.launch_func
// CHECK-NEXT:    gpu.wait [%{{.+}}]
// CHECK-NEXT:    gpu.wait async
// CHECK-COUNT-1: gpu.launch_func
// CHECK-NEXT:    gpu.wait [%{{.+}}]
// CHECK-NEXT:    gpu.wait async
// CHECK-COUNT-1: gpu.launch_func
// CHECK-NEXT:    gpu.wait [%{{.+}}]
// CHECK-NEXT:    return
// FOLDED-LABEL: func.func @perm_big_batches
// FOLDED-DAG:     %[[ONE:.+]] = arith.constant 1 : index
// FOLDED-DAG:     %[[BLOCK:.+]] = arith.constant 256 : index
// FOLDED-DAG:     %[[G1:.+]] = arith.constant 1563 : index
// FOLDED-DAG:     %[[G2:.+]] = arith.constant 16896 : index
// FOLDED:         gpu.launch_func async [%{{.+}}] @linalgx_kernels::@linalgx_pivots_to_permutation_i32 blocks in (%[[G1]], %[[ONE]], %[[ONE]]) threads in (%[[BLOCK]], %[[ONE]], %[[ONE]]) args(%{{.+}} : memref<?x?xi32>, %{{.+}} : memref<?x?xi32>)
// FOLDED:         gpu.launch_func async [%{{.+}}] @linalgx_kernels::@linalgx_pivots_to_permutation_i32 blocks in (%[[G2]], %[[ONE]], %[[ONE]]) threads in (%[[BLOCK]], %[[ONE]], %[[ONE]])
// FOLDED:         gpu.launch_func async [%{{.+}}] @linalgx_kernels::@linalgx_pivots_to_permutation_i32 blocks in (%[[ONE]], %[[ONE]], %[[ONE]]) threads in (%[[BLOCK]], %[[ONE]], %[[ONE]])
// FOLDED-NOT:     gpu.launch_func
// FOLDED:         return
func.func @perm_big_batches(%p: memref<100000x4xi32>, %q: memref<100000x4xi32>,
                            %p2: memref<100000x64xi32>, %q2: memref<100000x64xi32>,
                            %p3: memref<0x4xi32>, %q3: memref<0x4xi32>) {
  linalgx.pivots_to_permutation ins(%p : memref<100000x4xi32>) outs(%q : memref<100000x4xi32>)
  linalgx.pivots_to_permutation ins(%p2 : memref<100000x64xi32>) outs(%q2 : memref<100000x64xi32>)
  linalgx.pivots_to_permutation ins(%p3 : memref<0x4xi32>) outs(%q3 : memref<0x4xi32>)
  return
}
