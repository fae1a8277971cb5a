// The blocked LU: matrices too large for the one-kernel LUs (a block's
// shared memory) whose 32-column panels fit a block's shared memory
// (M * (33 * sizeof(T) + 4) + 192 <= 227 KiB), of at most
// lu-blocked-max-size rows and columns, in batches of at least
// lu-blocked-min-batch (2). The input is copied into lu
// (unless they are one buffer); a host loop over the panels launches, for
// all matrices at once, the panel kernel (factors the panel of lu at
// (k0, k0) in place, writes the pivots, info and the panel's row order into
// a scratch buffer) and the update kernel (row exchanges, U12 and the
// trailing update), both given k0; the permutation kernel follows. The
// CHECK lines see the generated updates alone (lu-blocked-gemm-min-rows=0)
// and the limits before cuBLAS's GEMMs took the tall updates
// (lu-blocked-max-size=1024, lu-blocked-single-max-bytes=5120); DEFAULT
// sees the defaults.
// RUN: linalgx-opt %s -convert-linalgx-to-gpu="lu-blocked-gemm-min-rows=0 lu-blocked-max-size=1024 lu-blocked-single-max-bytes=5120 lu-blocked-register-panel-max-rows=0" -split-input-file | FileCheck %s
// RUN: linalgx-opt %s -convert-linalgx-to-gpu -split-input-file | FileCheck %s --check-prefix=DEFAULT
// RUN: linalgx-opt %s -convert-linalgx-to-gpu=lu-blocked-max-size=0 -split-input-file | FileCheck %s --check-prefix=OFF
// RUN: linalgx-opt %s -convert-linalgx-to-gpu=lu-blocked-max-size=256 -split-input-file | FileCheck %s --check-prefix=AT256
// RUN: linalgx-opt %s -convert-linalgx-to-gpu="lu-blocked-min-batch=1 lu-blocked-single-max-bytes=5120" -split-input-file | FileCheck %s --check-prefix=MIN1
// RUN: linalgx-opt %s -convert-linalgx-to-gpu=lu-blocked-single-max-bytes=0 -split-input-file | FileCheck %s --check-prefix=SINGLE0
// RUN: not linalgx-opt %s -convert-linalgx-to-gpu=lu-blocked-max-size=-1 -split-input-file 2>&1 | FileCheck %s --check-prefix=NEGATIVE
// RUN: not linalgx-opt %s -convert-linalgx-to-gpu=lu-blocked-min-batch=-1 -split-input-file 2>&1 | FileCheck %s --check-prefix=NEGATIVE-BATCH
// RUN: not linalgx-opt %s -convert-linalgx-to-gpu=lu-blocked-single-max-bytes=-1 -split-input-file 2>&1 | FileCheck %s --check-prefix=NEGATIVE-SINGLE
// RUN: linalgx-opt %s -convert-linalgx-to-gpu=lu-blocked-cluster-max-batch=66 -split-input-file | FileCheck %s --check-prefix=CLUSTER66
// RUN: linalgx-opt %s -convert-linalgx-to-gpu="lu-blocked-max-size=16384 lu-blocked-register-panel-max-rows=4096" -split-input-file | FileCheck %s --check-prefix=REACH
// RUN: not linalgx-opt %s -convert-linalgx-to-gpu=lu-blocked-cluster-max-batch=-1 -split-input-file 2>&1 | FileCheck %s --check-prefix=NEGATIVE-CLUSTER
// RUN: linalgx-opt %s -convert-linalgx-to-gpu=lu-blocked-tensor-cores=false -split-input-file | FileCheck %s --check-prefix=FMA
// RUN: linalgx-opt %s -convert-linalgx-to-gpu="lu-blocked-gemm-min-rows=64 lu-blocked-gemm-block-columns=0" -split-input-file | FileCheck %s --check-prefix=GEMM
// RUN: linalgx-opt %s -convert-linalgx-to-gpu="lu-blocked-gemm-min-rows=64 lu-blocked-gemm-block-columns=0" -split-input-file | FileCheck %s --check-prefix=COLUMNSOLVE
// RUN: linalgx-opt %s -convert-linalgx-to-gpu="lu-blocked-gemm-min-rows=64 lu-blocked-gemm-block-columns=0 lu-blocked-column-solve=false" -split-input-file | FileCheck %s --check-prefix=BARRIERSOLVE
// RUN: not linalgx-opt %s -convert-linalgx-to-gpu=lu-blocked-gemm-min-rows=-1 -split-input-file 2>&1 | FileCheck %s --check-prefix=NEGATIVE-GEMM
// RUN: not linalgx-opt %s -convert-linalgx-to-gpu=lu-blocked-gemm-min-rows-f32=-1 -split-input-file 2>&1 | FileCheck %s --check-prefix=NEGATIVE-GEMM-F32
// RUN: linalgx-opt %s -convert-linalgx-to-gpu="lu-blocked-gemm-min-rows=64 lu-blocked-gemm-block-columns=0 lu-blocked-gemm-look-ahead=false" -split-input-file | FileCheck %s --check-prefix=GEMM-SYNC
// RUN: linalgx-opt %s -convert-linalgx-to-gpu="lu-blocked-gemm-min-rows=64 lu-blocked-gemm-block-columns=128 lu-blocked-gemm-block-min-rows=512" -split-input-file | FileCheck %s --check-prefix=GEMM-BLOCK
// RUN: linalgx-opt %s -convert-linalgx-to-gpu=lu-blocked-gemm-block-columns=0 -split-input-file | FileCheck %s --check-prefix=NO-BLOCKS
// RUN: not linalgx-opt %s -convert-linalgx-to-gpu=lu-blocked-look-ahead-kernel -split-input-file 2>&1 | FileCheck %s --check-prefix=LOOKAHEAD-BLOCKS
// RUN: not linalgx-opt %s -convert-linalgx-to-gpu=lu-blocked-gemm-block-min-rows=-1 -split-input-file 2>&1 | FileCheck %s --check-prefix=GEMM-BLOCK-NEGATIVE
// RUN: not linalgx-opt %s -convert-linalgx-to-gpu=lu-blocked-gemm-block-min-rows-f32=-1 -split-input-file 2>&1 | FileCheck %s --check-prefix=GEMM-BLOCK-NEGATIVE-F32
// RUN: linalgx-opt %s -convert-linalgx-to-gpu="lu-blocked-gemm-min-rows=64 lu-blocked-gemm-block-columns=0 lu-blocked-look-ahead-kernel" -split-input-file | FileCheck %s --check-prefix=LOOKAHEAD
// RUN: not linalgx-opt %s -convert-linalgx-to-gpu=lu-blocked-gemm-block-columns=96 -split-input-file 2>&1 | FileCheck %s --check-prefix=GEMM-BLOCK-BAD
// RUN: not linalgx-opt %s -convert-linalgx-to-gpu=lu-blocked-gemm-block-columns=1088 -split-input-file 2>&1 | FileCheck %s --check-prefix=GEMM-BLOCK-BIG
// RUN: linalgx-opt %s -convert-linalgx-to-gpu="lu-blocked-register-panel-max-rows=1024 lu-blocked-register-panel-local-pivot-row=false lu-blocked-register-panel-push=false" -split-input-file | FileCheck %s --check-prefix=REGISTER
// RUN: linalgx-opt %s -convert-linalgx-to-gpu=lu-blocked-register-panel-max-rows=64 -split-input-file | FileCheck %s --check-prefix=REGISTER64
// RUN: linalgx-opt %s -convert-linalgx-to-gpu="lu-blocked-register-panel-max-rows=16384 lu-blocked-register-panel-push=false" -split-input-file | FileCheck %s --check-prefix=REGISTER16K
// RUN: linalgx-opt %s -convert-linalgx-to-gpu="lu-blocked-register-panel-push=false lu-blocked-register-panel-handshake=false" -split-input-file | FileCheck %s --check-prefix=LOCALPIVOT
// RUN: linalgx-opt %s -convert-linalgx-to-gpu=lu-blocked-register-panel-push=false -split-input-file | FileCheck %s --check-prefix=HANDSHAKE
// RUN: linalgx-opt %s -convert-linalgx-to-gpu=lu-blocked-register-panel-async-push=false -split-input-file | FileCheck %s --check-prefix=PUSH
// RUN: linalgx-opt %s -convert-linalgx-to-gpu -split-input-file | FileCheck %s --check-prefix=ASYNCPUSH
// RUN: linalgx-opt %s -convert-linalgx-to-gpu=lu-blocked-split-register-panel -split-input-file | FileCheck %s --check-prefix=SPLITPANEL
// RUN: not linalgx-opt %s -convert-linalgx-to-gpu=lu-blocked-register-panel-max-rows=16385 -split-input-file 2>&1 | FileCheck %s --check-prefix=REGISTER-TOO-MANY
// RUN: not linalgx-opt %s -convert-linalgx-to-gpu=lu-blocked-register-panel-max-rows=-1 -split-input-file 2>&1 | FileCheck %s --check-prefix=REGISTER-NEGATIVE

// OFF-NOT: linalgx_lu_blocked
// NEGATIVE: error: lu-blocked-max-size must be at least 0, got -1
// NEGATIVE-BATCH: error: lu-blocked-min-batch must be at least 0, got -1
// NEGATIVE-SINGLE: error: lu-blocked-single-max-bytes must be at least 0, got -1
// NEGATIVE-CLUSTER: error: lu-blocked-cluster-max-batch must be at least 0, got -1
// lu-blocked-cluster-max-batch=66: batches of fewer than 66 matrices take a
// cluster a panel too.
// CLUSTER66-LABEL: func.func @f64_batched
// CLUSTER66:         %[[FEW:.+]] = arith.cmpi ult, %{{.+}}, %c66{{.*}} : index
// CLUSTER66:         %[[TALL:.+]] = arith.cmpi ugt, %{{.+}}, %c232448{{.*}} : index
// CLUSTER66:         arith.ori %[[FEW]], %[[TALL]] : i1

// NEGATIVE-GEMM: error: lu-blocked-gemm-min-rows must be at least 0, got -1
// NEGATIVE-GEMM-F32: error: lu-blocked-gemm-min-rows-f32 must be at least 0, got -1
// lu-blocked-gemm-min-rows=64: updates with at least 64 rows below the
// panel and columns right of it are the exchange-and-solve kernel, then
// linalgxCudaGemmSubtract(type, C, A = lu[k1:, k0:k1], B = lu[k0:k1, c0:],
// B, M - k1, cols, 32, N, M * N, aside) (k1 = k0 + 32): the next panel's
// columns on the current stream (aside 0), the columns right of them aside
// (1), beside the next panel; every panel's update joins them first
// (linalgxCudaJoinAside after the panel's launch), and so does the end.
// The generated updates take the others.
// lu-blocked-column-solve (the default; BARRIERSOLVE turns it off): the
// exchange-and-solve kernel solves U12 by a warp's lanes, the steps' rows
// shuffled within the warp and L11 read transposed: no barrier and no loop
// from the first shuffle to the first U12 entry stored. The fused update
// keeps its barrier a step. Where the panel's first rows went comes from
// the positions below the steps and the pivot rows' old positions: two
// dependent loads of the row order, no loop over the panel's rows.
// COLUMNSOLVE-LABEL: gpu.func @linalgx_lu_blocked_update_narrow_mma_f64_i32
// COLUMNSOLVE-NOT:     gpu.shuffle
// COLUMNSOLVE-LABEL: gpu.func @linalgx_lu_blocked_exchange_solve_narrow_mma_f64_i32
// COLUMNSOLVE:         scf.for %[[MATRIX:.+]] = %block_id_y
// COLUMNSOLVE-NOT:     scf.for
// COLUMNSOLVE:         %[[PIVOT_FROM:.+]] = memref.load %arg1[%[[MATRIX]], %{{.+}}] : memref<?x?xi32>
// COLUMNSOLVE-NOT:     scf.for
// COLUMNSOLVE:         memref.load %arg1[%[[MATRIX]], %{{.+}}] : memref<?x?xi32>
// COLUMNSOLVE-NOT:     scf.for
// COLUMNSOLVE:         memref.store %{{.+}}, %{{.+}}[%{{.+}}] : memref<32xi32, #gpu.address_space<workgroup>>
// COLUMNSOLVE:         gpu.shuffle idx
// COLUMNSOLVE-NOT:     gpu.barrier
// COLUMNSOLVE-NOT:     scf.for
// COLUMNSOLVE:         memref.store %{{.+}}, %arg0[%{{.+}}, %{{.+}}, %{{.+}}] : memref<?x?x?xf64>
// Without it the solve is a loop of steps, a block barrier each.
// BARRIERSOLVE-LABEL: gpu.func @linalgx_lu_blocked_exchange_solve_narrow_mma_f64_i32
// BARRIERSOLVE-NOT:     gpu.shuffle
// BARRIERSOLVE:         scf.for
// BARRIERSOLVE:           gpu.barrier
// BARRIERSOLVE-NOT:     gpu.shuffle
// BARRIERSOLVE:         gpu.return
// GEMM-LABEL: func.func private @linalgxCudaGemmSubtract(i32, !llvm.ptr, !llvm.ptr, !llvm.ptr, i64, i64, i64, i64, i64, i64, i32)
// GEMM-LABEL: func.func private @linalgxCudaJoinAside()
// GEMM-LABEL: func.func @f64_batched
// GEMM:         scf.for %[[K0:.+]] = %{{.+}} to %{{.+}} step %c32{{.*}} {
// GEMM:           gpu.launch_func async [%{{.+}}] @linalgx_kernels::@linalgx_lu_blocked_panel_f64_i32
// GEMM:           func.call @linalgxCudaJoinAside() : () -> ()
// GEMM:           %[[TALL:.+]] = arith.cmpi uge, %{{.+}}, %c64{{.*}} : index
// GEMM:           %[[RIGHT:.+]] = arith.cmpi ugt, %[[N:.+]], %{{.+}} : index
// GEMM:           %[[GEMM:.+]] = arith.andi %[[TALL]], %[[RIGHT]] : i1
// GEMM:           scf.if %[[GEMM]] {
// GEMM:             gpu.launch_func async [%{{.+}}] @linalgx_kernels::@linalgx_lu_blocked_exchange_solve_narrow_mma_f64_i32
// GEMM:             %[[K2:.+]] = arith.minui %{{.+}}, %{{.+}} : index
// GEMM:             func.call @linalgxCudaGemmSubtract(%c1_i32, %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %c0_i32{{.*}}) : (i32, !llvm.ptr, !llvm.ptr, !llvm.ptr, i64, i64, i64, i64, i64, i64, i32) -> ()
// GEMM:             func.call @linalgxCudaGemmSubtract(%c1_i32{{.*}}, %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %c1_i32{{.*}}) : (i32, !llvm.ptr, !llvm.ptr, !llvm.ptr, i64, i64, i64, i64, i64, i64, i32) -> ()
// GEMM:           }
// GEMM:           %[[GENERATED:.+]] = arith.xori %[[GEMM]], %{{.+}} : i1
// GEMM:           %[[WIDE_HERE:.+]] = arith.andi %[[GENERATED]], %{{.+}} : i1
// GEMM:           scf.if %[[WIDE_HERE]] {
// GEMM:             gpu.launch_func async [%{{.+}}] @linalgx_kernels::@linalgx_lu_blocked_update_f64_i32
// GEMM:             gpu.launch_func async [%{{.+}}] @linalgx_kernels::@linalgx_lu_blocked_trailing_narrow_mma_f64_i32
// GEMM-NEXT:      }
// GEMM-NEXT:    }
// GEMM-NEXT:    call @linalgxCudaJoinAside() : () -> ()
// GEMM:         gpu.launch_func async [%{{.+}}] @linalgx_kernels::@linalgx_pivots_to_permutation_i32
// GEMM-NOT:     linalgxCudaGemmSubtract
// GEMM:         return
// lu-blocked-gemm-look-ahead=false: one GEMM on the current stream, no join.
// GEMM-SYNC-LABEL: func.func @f64_batched
// GEMM-SYNC-NOT:   linalgxCudaJoinAside
// GEMM-SYNC:       func.call @linalgxCudaGemmSubtract(%c1_i32, %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %c0_i32{{.*}})
// GEMM-SYNC-NOT:   linalgxCudaGemmSubtract
// GEMM-SYNC-NOT:   linalgxCudaJoinAside
// GEMM-SYNC:       return
// lu-blocked-look-ahead-kernel: the panels take turns between two row
// orders (the one a panel leaves is read beside the next panel); after a
// panel whose update takes the GEMM, the exchanges and U12 of all but the
// next panel's columns (exchange_solve_beside) and the GEMM right of the
// next panel go aside, on a chain of their own between
// linalgxCudaBeginAside and linalgxCudaEndAside, the GEMM on the current
// stream then (aside 0); the look-ahead kernel, on a cluster, takes the
// next panel's columns on the main chain.
// LOOKAHEAD-LABEL: func.func @f64_batched
// LOOKAHEAD:         scf.for %[[K0:.+]] = %{{.+}} to %{{.+}} step %c32{{.*}} {
// LOOKAHEAD:           %[[PANEL:.+]] = arith.divui %[[K0]], %c32{{.*}} : index
// LOOKAHEAD:           %[[PARITY:.+]] = arith.remui %[[PANEL]], %c2{{.*}} : index
// LOOKAHEAD:           %[[ODD:.+]] = arith.cmpi eq, %[[PARITY]], %c1{{.*}} : index
// LOOKAHEAD:           %[[ORDER:.+]] = arith.select %[[ODD]], %{{.+}}, %{{.+}} : memref<?x?xi32>
// LOOKAHEAD:           gpu.launch_func async [%{{.+}}] @linalgx_kernels::@linalgx_lu_blocked_panel_f64_i32 {{.+}} args({{.+}}, %[[ORDER]] : memref<?x?xi32>, %[[K0]] : index)
// LOOKAHEAD:           func.call @linalgxCudaJoinAside() : () -> ()
// LOOKAHEAD:           scf.if %{{.+}} {
// LOOKAHEAD-NEXT:        %[[MAIN:.+]] = gpu.wait async
// LOOKAHEAD:             func.call @linalgxCudaBeginAside() : () -> ()
// LOOKAHEAD-NEXT:        %[[SIDE:.+]] = gpu.wait async
// LOOKAHEAD:             gpu.launch_func async [%[[SIDE]]] @linalgx_kernels::@linalgx_lu_blocked_exchange_solve_beside_narrow_mma_f64_i32 {{.+}} args({{.+}}, %[[ORDER]] : memref<?x?xi32>, %[[K0]] : index, %{{.+}} : index)
// LOOKAHEAD:             func.call @linalgxCudaGemmSubtract({{.+}}, %c0_i32{{.*}})
// LOOKAHEAD-NEXT:        func.call @linalgxCudaEndAside() : () -> ()
// LOOKAHEAD:             gpu.launch_func async [%[[MAIN]]] @linalgx_kernels::@linalgx_lu_blocked_look_ahead_f64_i32 clusters in (%[[BLOCKS:.+]], %c1{{.*}}, %c1{{.*}}) blocks in (%[[BLOCKS]], {{.+}} args({{.+}}, %[[ORDER]] : memref<?x?xi32>, %[[K0]] : index)
// LOOKAHEAD-NEXT:      }
// LOOKAHEAD:         call @linalgxCudaJoinAside() : () -> ()
// The look-ahead kernel: every block reads the panel's first rows and the
// rows that moved into them, arrives (relaxed), loads its first rows and waits before
// it stores anything; then U12 and the rows below, each group's loads
// issued before the previous group's multiply-adds, which pass through
// empty asm (LLVM would otherwise load a group's L21 entries all at once).
// LOOKAHEAD-LABEL: gpu.func @linalgx_lu_blocked_look_ahead_f64_i32
// LOOKAHEAD-SAME:    nvvm.minctasm = 1
// LOOKAHEAD:           nvvm.cluster.arrive.relaxed {aligned}
// LOOKAHEAD-NEXT:      gpu.barrier
// LOOKAHEAD-NOT:       memref.store %{{.+}}, %arg0
// LOOKAHEAD:           nvvm.cluster.wait {aligned}
// LOOKAHEAD-NOT:       nvvm.cluster
// LOOKAHEAD:           memref.store %{{.+}}, %arg0
// LOOKAHEAD:           scf.for {{.+}} iter_args(
// LOOKAHEAD:             nvvm.bar.warp.sync
// LOOKAHEAD:             llvm.inline_asm has_side_effects asm_dialect = att "", "=d,0"
// LOOKAHEAD:             memref.store %{{.+}}, %arg0
// LOOKAHEAD-NOT:       nvvm.cluster
// LOOKAHEAD:           gpu.return
// lu-blocked-gemm-block-columns=128: the panels by blocks of 128 columns.
// In a matrix of at least lu-blocked-gemm-block-min-rows rows (512 here), a
// block whose columns right of it have at least lu-blocked-gemm-min-rows
// rows below it (and exist) defers their update: its panels' updates end
// at the block's last column (the update kernels' last operand; the
// columns right of it take the row exchanges alone) and so do their GEMMs;
// then linalgxCudaSolveUnitLower(type, L = lu[b0, b0], B = lu[b0, b1],
// batch, 128, N - b1, N, M * N) for the block's U rows and one GEMM of
// depth 128 over lu[b1:, b1:] (b1 = b0 + 128), its next panel's columns on
// the current stream, the rest aside. Other blocks update to N.
// GEMM-BLOCK-LABEL: func.func private @linalgxCudaSolveUnitLower(i32, !llvm.ptr, !llvm.ptr, i64, i64, i64, i64, i64)
// GEMM-BLOCK-LABEL: func.func @f64_batched
// GEMM-BLOCK:         %[[M:.+]] = memref.dim %{{.+}}, %c1{{.*}} : memref<?x?x?xf64>
// GEMM-BLOCK:         %[[N:.+]] = memref.dim %{{.+}}, %c2{{.*}} : memref<?x?x?xf64>
// GEMM-BLOCK:         %[[K:.+]] = arith.minui %[[M]], %[[N]] : index
// GEMM-BLOCK:         %[[LARGE:.+]] = arith.cmpi uge, %[[M]], %c512{{.*}} : index
// GEMM-BLOCK:         scf.for %[[B0:.+]] = %{{.+}} to %[[K]] step %c128{{.*}} {
// GEMM-BLOCK:           %[[B1:.+]] = arith.addi %[[B0]], %c128{{.*}} : index
// GEMM-BLOCK:           %[[B1_TALL:.+]] = arith.addi %[[B1]], %c64{{.*}} : index
// GEMM-BLOCK:           %[[TALL:.+]] = arith.cmpi uge, %[[M]], %[[B1_TALL]] : index
// GEMM-BLOCK:           %[[TALL_LARGE:.+]] = arith.andi %[[TALL]], %[[LARGE]] : i1
// GEMM-BLOCK:           %[[RIGHT:.+]] = arith.cmpi ugt, %[[N]], %[[B1]] : index
// GEMM-BLOCK:           %[[DEFERRED:.+]] = arith.andi %[[TALL_LARGE]], %[[RIGHT]] : i1
// GEMM-BLOCK:           %[[END:.+]] = arith.select %[[DEFERRED]], %[[B1]], %[[N]] : index
// GEMM-BLOCK:           %[[PANELS_END:.+]] = arith.minui %[[B1]], %[[K]] : index
// GEMM-BLOCK:           scf.for %[[K0:.+]] = %[[B0]] to %[[PANELS_END]] step %c32{{.*}} {
// GEMM-BLOCK:             @linalgx_lu_blocked_panel_f64_i32
// GEMM-BLOCK:             gpu.launch_func async [%{{.+}}] @linalgx_kernels::@linalgx_lu_blocked_exchange_solve_narrow_mma_f64_i32 {{.+}} args(%{{.+}} : memref<?x?x?xf64>, %{{.+}} : memref<?x?xi32>, %[[K0]] : index, %[[END]] : index)
// GEMM-BLOCK:             %[[NEXT_END:.+]] = arith.minui %{{.+}}, %[[END]] : index
// GEMM-BLOCK:             func.call @linalgxCudaGemmSubtract(
// GEMM-BLOCK:             arith.subi %[[END]], %[[NEXT_END]] : index
// GEMM-BLOCK:             func.call @linalgxCudaGemmSubtract(
// GEMM-BLOCK:             @linalgx_lu_blocked_update_f64_i32 {{.+}} %[[K0]] : index, %[[END]] : index)
// GEMM-BLOCK:             @linalgx_lu_blocked_trailing_narrow_mma_f64_i32 {{.+}} %[[K0]] : index, %[[END]] : index)
// GEMM-BLOCK-NEXT:        }
// GEMM-BLOCK-NEXT:      }
// GEMM-BLOCK-NEXT:      scf.if %[[DEFERRED]] {
// GEMM-BLOCK:             func.call @linalgxCudaJoinAside() : () -> ()
// GEMM-BLOCK-NOT:         gpu.launch_func
// GEMM-BLOCK:             %[[L_AT:.+]] = arith.muli %[[B0]], %[[COLS:.+]] : index
// GEMM-BLOCK-NEXT:        arith.addi %[[L_AT]], %[[B0]] : index
// GEMM-BLOCK:             %[[L:.+]] = llvm.getelementptr
// GEMM-BLOCK:             %[[U_ROW:.+]] = arith.muli %[[B0]], %[[COLS]] : index
// GEMM-BLOCK-NEXT:        arith.addi %[[U_ROW]], %[[B1_HERE:.+]] : index
// GEMM-BLOCK:             %[[U:.+]] = llvm.getelementptr
// GEMM-BLOCK:             %[[DEPTH:.+]] = arith.index_cast %c128{{.*}} : index to i64
// GEMM-BLOCK-NEXT:        %[[RIGHT_COLS:.+]] = arith.subi %[[COLS]], %[[B1_HERE]] : index
// GEMM-BLOCK:             func.call @linalgxCudaSolveUnitLower(%c1_i32{{.*}}, %[[L]], %[[U]], %{{.+}}, %[[DEPTH]], %{{.+}}, %{{.+}}, %{{.+}}) : (i32, !llvm.ptr, !llvm.ptr, i64, i64, i64, i64, i64) -> ()
// GEMM-BLOCK-NOT:         gpu.launch_func
// GEMM-BLOCK:             func.call @linalgxCudaGemmSubtract({{.+}}, %c0_i32{{.*}})
// GEMM-BLOCK-NOT:         gpu.launch_func
// GEMM-BLOCK:             func.call @linalgxCudaGemmSubtract({{.+}}, %c1_i32{{.*}})
// GEMM-BLOCK-NEXT:      }
// GEMM-BLOCK-NEXT:    }
// GEMM-BLOCK-NEXT:    call @linalgxCudaJoinAside() : () -> ()
// LOOKAHEAD-BLOCKS: error: lu-blocked-look-ahead-kernel needs lu-blocked-gemm-block-columns=0 (blocks of panels are on by default), got 256
// GEMM-BLOCK-NEGATIVE: error: lu-blocked-gemm-block-min-rows must be at least 0, got -1
// GEMM-BLOCK-NEGATIVE-F32: error: lu-blocked-gemm-block-min-rows-f32 must be at least 0, got -1
// lu-blocked-gemm-block-columns=0: a panel at a time, no block's solve.
// NO-BLOCKS-LABEL: func.func @f64_batched
// NO-BLOCKS:         scf.for %{{.+}} = %{{.+}} to %{{.+}} step %c32{{.*}} {
// NO-BLOCKS:           func.call @linalgxCudaGemmSubtract(
// NO-BLOCKS-NOT:     linalgxCudaSolveUnitLower
// NO-BLOCKS-LABEL: func.func @types
// GEMM-BLOCK-BAD: error: lu-blocked-gemm-block-columns must be a multiple of 64 (the update's column tiles) of at most 1024, got 96
// GEMM-BLOCK-BIG: error: lu-blocked-gemm-block-columns must be a multiple of 64 (the update's column tiles) of at most 1024, got 1088
// lu-blocked-register-panel-local-pivot-row (the default; REGISTER turns it
// off) without the handshake (HANDSHAKE, the default, below): a cluster's blocks get 264 more bytes (the pivot row's 32 f64 and
// two i32) past the 145792 of the layout; each step warp 0 agrees on the
// pivot, copies its row there from the owner block, and a block barrier
// later every warp reads it locally. The one-block panel is unchanged.
// LOCALPIVOT-LABEL: func.func @f64_batched
// LOCALPIVOT:         %[[ONE:.+]] = arith.index_cast %c145792{{.*}} : index to i32
// LOCALPIVOT-NEXT:    gpu.launch_func async [%{{.+}}] @linalgx_kernels::@linalgx_lu_blocked_register_panel_f64_i32 {{.+}} dynamic_shared_memory_size %[[ONE]]
// LOCALPIVOT:         %[[TWO:.+]] = arith.index_cast %c146056{{.*}} : index to i32
// LOCALPIVOT-NEXT:    gpu.launch_func async [%{{.+}}] @linalgx_kernels::@linalgx_lu_blocked_cluster_register_panel_x2_f64_i32 {{.+}} dynamic_shared_memory_size %[[TWO]]
// LOCALPIVOT-LABEL: gpu.func @linalgx_lu_blocked_cluster_register_panel_x2_f64_i32
// LOCALPIVOT-NOT:     mbarrier
// LOCALPIVOT:         %[[ROW:.+]] = memref.view %{{.+}}[%c145792{{.*}}][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<32xf64, #gpu.address_space<workgroup>>
// LOCALPIVOT:         %[[PIVOT:.+]] = memref.view %{{.+}}[%c146048{{.*}}][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<2xi32, #gpu.address_space<workgroup>>
// LOCALPIVOT:         nvvm.cluster.wait
// LOCALPIVOT:         scf.if %{{.+}} {
// LOCALPIVOT:           %[[ENTRY:.+]] = llvm.load %{{.+}} : !llvm.ptr<7> -> f64
// LOCALPIVOT-NEXT:      memref.store %[[ENTRY]], %[[ROW]][%{{.+}}] : memref<32xf64, #gpu.address_space<workgroup>>
// LOCALPIVOT:             memref.store %{{.+}}, %[[PIVOT]][%c0{{.*}}] : memref<2xi32, #gpu.address_space<workgroup>>
// LOCALPIVOT:             memref.store %{{.+}}, %[[PIVOT]][%c1{{.*}}] : memref<2xi32, #gpu.address_space<workgroup>>
// LOCALPIVOT:           gpu.barrier
// LOCALPIVOT-NEXT:      memref.load %[[PIVOT]][%c0{{.*}}]
// LOCALPIVOT:           memref.load %[[ROW]][%c0{{.*}}]
// LOCALPIVOT-NOT:       !llvm.ptr<7> -> f64
// LOCALPIVOT-NOT:       mbarrier
// LOCALPIVOT:           nvvm.cluster.arrive
// LOCALPIVOT-NOT:       mbarrier
// LOCALPIVOT:         gpu.return
// lu-blocked-register-panel-handshake (on by default, taking effect with
// push off) with the local pivot row: 16 more bytes (two mbarriers, 280 in
// all past the 145792 of the layout). Only warp 0 reads other blocks, so after the first step a step
// ends in a block barrier and warp 0's arrivals on the other blocks'
// mbarrier of the next step's parity (no cluster barrier), and the next
// step's warp 0 waits on its own; the mbarriers are set up for each matrix.
// HANDSHAKE-LABEL: func.func @f64_batched
// HANDSHAKE:         %[[ONE:.+]] = arith.index_cast %c145792{{.*}} : index to i32
// HANDSHAKE-NEXT:    gpu.launch_func async [%{{.+}}] @linalgx_kernels::@linalgx_lu_blocked_register_panel_f64_i32 {{.+}} dynamic_shared_memory_size %[[ONE]]
// HANDSHAKE:         %[[TWO:.+]] = arith.index_cast %c146072{{.*}} : index to i32
// HANDSHAKE-NEXT:    gpu.launch_func async [%{{.+}}] @linalgx_kernels::@linalgx_lu_blocked_cluster_register_panel_x2_f64_i32 {{.+}} dynamic_shared_memory_size %[[TWO]]
// HANDSHAKE-LABEL: gpu.func @linalgx_lu_blocked_cluster_register_panel_x2_f64_i32
// HANDSHAKE:         %[[ROW:.+]] = memref.view %{{.+}}[%c145792{{.*}}][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<32xf64, #gpu.address_space<workgroup>>
// HANDSHAKE:         %[[PIVOT:.+]] = memref.view %{{.+}}[%c146048{{.*}}][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<2xi32, #gpu.address_space<workgroup>>
// HANDSHAKE:           %[[EVEN:.+]] = arith.addi %{{.+}}, %c146056{{.*}} : index
// HANDSHAKE:           llvm.inline_asm has_side_effects {{.*}}"mbarrier.init.shared::cta.b64 [$0], $1;", "r,r" %{{.+}}, %c1_i32
// HANDSHAKE:           %[[ODD:.+]] = arith.addi %{{.+}}, %c146064{{.*}} : index
// HANDSHAKE:           llvm.inline_asm has_side_effects {{.*}}"mbarrier.init.shared::cta.b64 [$0], $1;", "r,r" %{{.+}}, %c1_i32
// HANDSHAKE-NEXT:      llvm.inline_asm has_side_effects {{.*}}"fence.mbarrier_init.release.cluster;"
// HANDSHAKE:         nvvm.cluster.arrive
// HANDSHAKE-NEXT:    nvvm.cluster.wait
// HANDSHAKE:         scf.if %{{.+}} {
// HANDSHAKE:           %[[ENTRY:.+]] = llvm.load %{{.+}} : !llvm.ptr<7> -> f64
// HANDSHAKE-NEXT:      memref.store %[[ENTRY]], %[[ROW]][%{{.+}}] : memref<32xf64, #gpu.address_space<workgroup>>
// HANDSHAKE:             memref.store %{{.+}}, %[[PIVOT]][%c0{{.*}}] : memref<2xi32, #gpu.address_space<workgroup>>
// HANDSHAKE:             memref.store %{{.+}}, %[[PIVOT]][%c1{{.*}}] : memref<2xi32, #gpu.address_space<workgroup>>
// HANDSHAKE:           gpu.barrier
// HANDSHAKE-NEXT:      memref.load %[[PIVOT]][%c0{{.*}}]
// HANDSHAKE:           memref.load %[[ROW]][%c0{{.*}}]
// HANDSHAKE-NOT:       !llvm.ptr<7> -> f64
// HANDSHAKE-NOT:       nvvm.cluster
// HANDSHAKE:           gpu.barrier
// HANDSHAKE:             %[[REMOTE:.+]] = nvvm.mapa %{{.+}}, %{{.+}} : !llvm.ptr<3> -> !llvm.ptr<7>
// HANDSHAKE-NEXT:        %[[ADDRESS:.+]] = llvm.ptrtoint %[[REMOTE]] : !llvm.ptr<7> to i32
// HANDSHAKE-NEXT:        llvm.inline_asm has_side_effects {{.*}}"mbarrier.arrive.release.cluster.shared::cluster.b64 _, [$0];", "r" %[[ADDRESS]]
// HANDSHAKE-NOT:       nvvm.cluster
// HANDSHAKE:             %[[AT:.+]] = arith.addi %{{.+}}, %c146064{{.*}} : index
// HANDSHAKE-NEXT:        %[[WAIT_ON:.+]] = arith.index_cast %[[AT]] : index to i32
// HANDSHAKE-NEXT:        %[[PHASE:.+]] = arith.constant 0 : i32
// HANDSHAKE-NEXT:        scf.while : () -> () {
// HANDSHAKE-NEXT:          llvm.inline_asm has_side_effects {{.*}}mbarrier.try_wait.parity.acquire.cluster.shared::cta.b64 p, [$1], $2;{{.*}}"=r,r,r" %[[WAIT_ON]], %[[PHASE]]
// lu-blocked-register-panel-push (the default) by plain stores
// (lu-blocked-register-panel-async-push=false): a cluster's blocks keep,
// past the 145792 bytes of the layout, the other blocks' best candidates'
// rows as more stage rows (2 steps x 2 blocks), their keys and words, two
// mbarriers (1088 bytes at a cluster of 2, 2160 at 4). Every step warp 0
// stores its block's best candidate and row into the other blocks (after
// its warp barrier) and arrives on their mbarriers; every warp waits on its
// own block's, from the first step on; nothing is read remotely, and a step
// ends in one block barrier.
// PUSH-LABEL: func.func @f64_batched
// PUSH:         %[[TWO:.+]] = arith.index_cast %c146880{{.*}} : index to i32
// PUSH-NEXT:    gpu.launch_func async [%{{.+}}] @linalgx_kernels::@linalgx_lu_blocked_cluster_register_panel_x2_f64_i32 {{.+}} dynamic_shared_memory_size %[[TWO]]
// PUSH:         %[[FOUR:.+]] = arith.index_cast %c147952{{.*}} : index to i32
// PUSH-NEXT:    gpu.launch_func async [%{{.+}}] @linalgx_kernels::@linalgx_lu_blocked_cluster_register_panel_x4_f64_i32 {{.+}} dynamic_shared_memory_size %[[FOUR]]
// PUSH-LABEL: gpu.func @linalgx_lu_blocked_cluster_register_panel_x2_f64_i32
// PUSH:         %[[STAGE:.+]] = memref.view %{{.+}}[%c137600{{.*}}][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<1152xf64, #gpu.address_space<workgroup>>
// PUSH:         %[[KEYS:.+]] = memref.view %{{.+}}[%c146816{{.*}}][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<4xi64, #gpu.address_space<workgroup>>
// PUSH:         %[[WORDS:.+]] = memref.view %{{.+}}[%c146848{{.*}}][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<4xi32, #gpu.address_space<workgroup>>
// PUSH:           llvm.inline_asm has_side_effects {{.*}}"mbarrier.init.shared::cta.b64 [$0], $1;", "r,r" %{{.+}}, %c1_i32
// PUSH:         nvvm.cluster.arrive
// PUSH-NEXT:    nvvm.cluster.wait
// PUSH-NOT:     !llvm.ptr<7> -> f64
// PUSH:             nvvm.mapa %{{.+}}, %{{.+}} : !llvm.ptr<3> -> !llvm.ptr<7>
// PUSH-NEXT:        llvm.store %{{.+}}, %{{.+}} : f64, !llvm.ptr<7>
// PUSH:               llvm.store %{{.+}}, %{{.+}} : i64, !llvm.ptr<7>
// PUSH:               llvm.store %{{.+}}, %{{.+}} : i32, !llvm.ptr<7>
// PUSH:           nvvm.bar.warp.sync
// PUSH:             llvm.inline_asm has_side_effects {{.*}}"mbarrier.arrive.release.cluster.shared::cluster.b64 _, [$0];"
// PUSH:           scf.while : () -> () {
// PUSH-NEXT:        llvm.inline_asm has_side_effects {{.*}}mbarrier.try_wait.parity.acquire.cluster.shared::cta.b64
// PUSH:           memref.load %[[KEYS]]
// PUSH:           memref.load %[[WORDS]]
// PUSH:           memref.load %[[STAGE]]
// PUSH-NOT:       !llvm.ptr<7> -> f64
// PUSH-NOT:       nvvm.cluster
// PUSH:           gpu.barrier
// PUSH-NOT:       !llvm.ptr<7> -> f64
// PUSH:         gpu.return
// lu-blocked-register-panel-async-push (the default): the same layout and
// exchange, but
// each mbarrier's phase is one arrival of its own block, which expects the
// other block's 268 bytes (a 32-entry f64 row, a key, a word) at a cluster
// of 2; the pushed row, key and word are st.async stores that complete them,
// into the other block's window mapped once a block a step, and no warp
// barrier or remote arrival follows them.
// ASYNCPUSH-LABEL: gpu.func @linalgx_lu_blocked_cluster_register_panel_x2_f64_i32
// ASYNCPUSH:           llvm.inline_asm has_side_effects {{.*}}"mbarrier.init.shared::cta.b64 [$0], $1;", "r,r" %{{.+}}, %c1_i32
// ASYNCPUSH:         nvvm.cluster.arrive
// ASYNCPUSH-NEXT:    nvvm.cluster.wait
// ASYNCPUSH:             llvm.inline_asm has_side_effects {{.*}}"mbarrier.arrive.expect_tx.shared::cta.b64 _, [$0], $1;", "r,r" %{{.+}}, %c268_i32
// ASYNCPUSH:             %[[WINDOW:.+]] = llvm.inline_asm has_side_effects {{.*}}"mapa.shared::cluster.u32 $0, $1, $2;", "=r,r,r"
// ASYNCPUSH:             llvm.inline_asm has_side_effects {{.*}}"st.async.shared::cluster.mbarrier::complete_tx::bytes.b64 [$0], $1, [$2];", "r,d,r"
// ASYNCPUSH:               llvm.inline_asm has_side_effects {{.*}}"st.async.shared::cluster.mbarrier::complete_tx::bytes.b64 [$0], $1, [$2];", "r,l,r"
// ASYNCPUSH:               llvm.inline_asm has_side_effects {{.*}}"st.async.shared::cluster.mbarrier::complete_tx::bytes.b32 [$0], $1, [$2];", "r,r,r"
// ASYNCPUSH-NOT:      nvvm.bar.warp.sync
// ASYNCPUSH-NOT:      mbarrier.arrive.release
// ASYNCPUSH:           scf.while : () -> () {
// ASYNCPUSH-NEXT:        llvm.inline_asm has_side_effects {{.*}}mbarrier.try_wait.parity.acquire.cluster.shared::cta.b64
// ASYNCPUSH-NOT:       !llvm.ptr<7> -> f64
// ASYNCPUSH:         gpu.return
// By default f64 panels of up to 8192 rows are in registers (clusters of up
// to 16 blocks), updates with at least 128 rows below the panel take the
// GEMM, looking ahead, and matrices of at least 4096 rows take blocks of 256
// columns (lu-blocked-gemm-block-min-rows).
// DEFAULT-LABEL: func.func @f64_batched
// DEFAULT:         %[[LARGE:.+]] = arith.cmpi uge, %[[M:.+]], %c4096{{.*}} : index
// DEFAULT:         scf.for %{{.+}} = %{{.+}} to %{{.+}} step %c256{{.*}} {
// DEFAULT:           %[[BLOCK_TALL:.+]] = arith.cmpi uge, %[[M]], %{{.+}} : index
// DEFAULT:           arith.andi %[[BLOCK_TALL]], %[[LARGE]] : i1
// DEFAULT:         gpu.launch_func async [%{{.+}}] @linalgx_kernels::@linalgx_lu_blocked_register_panel_f64_i32
// DEFAULT:         %[[PUSHED:.+]] = arith.index_cast %c146880{{.*}} : index to i32
// DEFAULT-NEXT:    gpu.launch_func async [%{{.+}}] @linalgx_kernels::@linalgx_lu_blocked_cluster_register_panel_x2_f64_i32 {{.+}} dynamic_shared_memory_size %[[PUSHED]]
// DEFAULT:         gpu.launch_func async [%{{.+}}] @linalgx_kernels::@linalgx_lu_blocked_cluster_register_panel_x4_f64_i32
// DEFAULT:         gpu.launch_func async [%{{.+}}] @linalgx_kernels::@linalgx_lu_blocked_cluster_register_panel_x8_f64_i32
// DEFAULT:         gpu.launch_func async [%{{.+}}] @linalgx_kernels::@linalgx_lu_blocked_cluster_register_panel_x16_f64_i32
// DEFAULT:         gpu.launch_func async [%{{.+}}] @linalgx_kernels::@linalgx_lu_blocked_cluster_panel_f64_i32
// DEFAULT:         %[[TALL:.+]] = arith.cmpi uge, %{{.+}}, %c128{{.*}} : index
// DEFAULT:         func.call @linalgxCudaGemmSubtract(
// DEFAULT:         func.call @linalgxCudaGemmSubtract(
// DEFAULT:         func.call @linalgxCudaSolveUnitLower(
// DEFAULT:       call @linalgxCudaJoinAside() : () -> ()
// f32 and complex<f32> take the GEMM from 256 rows below the panel
// (lu-blocked-gemm-min-rows-f32).
// f32 and complex<f32> take blocks from 8192 rows
// (lu-blocked-gemm-block-min-rows-f32).
// DEFAULT-LABEL: func.func @types
// DEFAULT:         arith.cmpi uge, %{{.+}}, %c8192{{.*}} : index
// DEFAULT:         gpu.launch_func async [%{{.+}}] @linalgx_kernels::@linalgx_lu_blocked_panel_f32_i32
// DEFAULT:         arith.cmpi uge, %{{.+}}, %c256{{.*}} : index
// DEFAULT:         func.call @linalgxCudaGemmSubtract(%c0_i32
// DEFAULT:         arith.cmpi uge, %{{.+}}, %c8192{{.*}} : index
// DEFAULT:         gpu.launch_func async [%{{.+}}] @linalgx_kernels::@linalgx_lu_blocked_panel_cf32_i64
// DEFAULT:         arith.cmpi uge, %{{.+}}, %c256{{.*}} : index
// DEFAULT:         arith.cmpi uge, %{{.+}}, %c4096{{.*}} : index
// DEFAULT:         gpu.launch_func async [%{{.+}}] @linalgx_kernels::@linalgx_lu_blocked_panel_cf64_i32
// DEFAULT:         arith.cmpi uge, %{{.+}}, %c128{{.*}} : index
// With lu-blocked-gemm-min-rows=0 no GEMM is called:
// CHECK-NOT:   linalgxCudaGemmSubtract
// lu-blocked-tensor-cores=false: the trailing update with fused
// multiply-adds (contracted mulf/subf), no mma.
// FMA-LABEL: func.func @f64_batched
// FMA:         gpu.launch_func async [%{{.+}}] @linalgx_kernels::@linalgx_lu_blocked_update_f64_i32
// FMA:         gpu.launch_func async [%{{.+}}] @linalgx_kernels::@linalgx_lu_blocked_update_narrow_f64_i32
// FMA:       gpu.func @linalgx_lu_blocked_update_f64_i32(
// FMA-NOT:     nvvm.mma.sync
// FMA:             scf.for %{{.+}} = %c0{{.*}} to %c32{{.*}} step %c4{{.*}} iter_args
// FMA:               arith.mulf %{{.+}}, %{{.+}} fastmath<contract> : f64
// FMA-NEXT:          arith.subf %{{.+}}, %{{.+}} fastmath<contract> : f64
// FMA-NOT:     nvvm.mma.sync
// FMA:       gpu.func @linalgx_lu_blocked_update_narrow_f64_i32(
// FMA-NOT:     nvvm.mma.sync
// FMA-LABEL: func.func @types
// FMA:         gpu.launch_func async [%{{.+}}] @linalgx_kernels::@linalgx_lu_blocked_update_cf64_i32
// FMA:         gpu.launch_func async [%{{.+}}] @linalgx_kernels::@linalgx_lu_blocked_update_narrow_cf64_i32

// Real panels of at most lu-blocked-register-panel-max-rows rows (at most
// 16384, f64 at most 8192: two f32 rows or one f64 row a thread; 0 by
// default) take the register panel: 16 warps a matrix up to 1024 f32 / 512
// f64 rows, beyond that the smallest cluster of 2, 4, 8 or 16 such blocks
// that holds them (here 1024 f64 rows: two); its shared memory fixed
// (rows for loading and storing, the candidates, their rows); the others
// the cluster or the one-block panel, as before. Complex panels never do (a
// complex<f64> row would take every register).
// REGISTER-LABEL: func.func @f64_batched
// REGISTER:         scf.for %[[K0:.+]] = %{{.+}} to %{{.+}} step %c32{{.*}} {
// REGISTER:           %[[ROWS:.+]] = arith.subi %{{.+}}, %[[K0]] : index
// REGISTER:           %[[CLUSTERED:.+]] = arith.ori %{{.+}}, %{{.+}} : i1
// REGISTER:           %[[ONE_BLOCK_REGISTERS:.+]] = arith.cmpi ule, %[[ROWS]], %c512{{.*}} : index
// REGISTER:           scf.if %[[ONE_BLOCK_REGISTERS]] {
// REGISTER:             %[[BYTES:.+]] = arith.constant 145792 : index
// REGISTER-NEXT:        %[[BYTES_I32:.+]] = arith.index_cast %[[BYTES]] : index to i32
// REGISTER-NEXT:        gpu.launch_func async [%{{.+}}] @linalgx_kernels::@linalgx_lu_blocked_register_panel_f64_i32 blocks in ({{.+}}) threads in (%c32{{.*}}, %c16{{.*}}, %c1{{.*}}) dynamic_shared_memory_size %[[BYTES_I32]] args(
// REGISTER:           }
// REGISTER:           %[[PAST_ONE_BLOCK:.+]] = arith.cmpi ugt, %[[ROWS]], %c512{{.*}} : index
// REGISTER:           %[[IN_TWO:.+]] = arith.cmpi ule, %[[ROWS]], %c1024{{.*}} : index
// REGISTER:           %[[TWO_BLOCKS:.+]] = arith.andi %[[PAST_ONE_BLOCK]], %[[IN_TWO]] : i1
// REGISTER:           scf.if %[[TWO_BLOCKS]] {
// REGISTER:             gpu.launch_func async [%{{.+}}] @linalgx_kernels::@linalgx_lu_blocked_cluster_register_panel_x2_f64_i32 clusters in (%c2{{.*}}, %c1{{.*}}, %c1{{.*}}) blocks in (%c2{{.*}}, %{{.+}}, %c1{{.*}}) threads in (%c32{{.*}}, %c16{{.*}}, %c1{{.*}})
// REGISTER:           }
// REGISTER-NOT:         cluster_register_panel_x4
// REGISTER:           %[[IN_REGISTERS:.+]] = arith.cmpi ule, %[[ROWS]], %c1024{{.*}} : index
// REGISTER:           %[[IN_SHARED:.+]] = arith.xori %[[IN_REGISTERS]], %{{.+}} : i1
// REGISTER:           %[[CLUSTER:.+]] = arith.andi %[[IN_SHARED]], %[[CLUSTERED]] : i1
// REGISTER:           scf.if %[[CLUSTER]] {
// REGISTER:             @linalgx_lu_blocked_cluster_panel_f64_i32
// REGISTER:           %[[NOT_CLUSTERED:.+]] = arith.xori %[[CLUSTERED]], %{{.+}} : i1
// REGISTER:           %[[ONE_BLOCK:.+]] = arith.andi %[[IN_SHARED]], %[[NOT_CLUSTERED]] : i1
// REGISTER:           scf.if %[[ONE_BLOCK]] {
// REGISTER:             @linalgx_lu_blocked_panel_f64_i32
// REGISTER-LABEL: func.func @types
// REGISTER:         arith.cmpi ule, %{{.+}}, %c1024{{.*}} : index
// REGISTER:         arith.constant 143744 : index
// REGISTER-NEXT:    arith.index_cast
// REGISTER-NEXT:    gpu.launch_func async [%{{.+}}] @linalgx_kernels::@linalgx_lu_blocked_register_panel_f32_i32
// REGISTER-NOT:     @linalgx_lu_blocked_register_panel_c
// REGISTER-LABEL: func.func @single
// The kernel: a block barrier after loading the rows into shared memory,
// then the warps' candidates for column 0 (three reductions: the f64 key's
// two words, then the word) and their rows in the stage, one barrier; each
// step agrees on the pivot (three reductions of the warps' slots), reads the
// pivot row from the stage, eliminates in registers, offers the next
// column's candidates (three reductions) and ends with its one barrier.
// REGISTER:       gpu.func @linalgx_lu_blocked_register_panel_f64_i32(%{{.+}}: memref<?x?x?xf64>, %{{.+}}: memref<?x?xi32>, %{{.+}}: memref<?xi32>, %{{.+}}: memref<?x?xi32>, %{{.+}}: index) kernel attributes {known_block_size = array<i32: 32, 16, 1>, nvvm.minctasm = 1 : i32}
// REGISTER:         %[[STAGE:.+]] = memref.view %{{.+}}[%c137600{{.*}}][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<1024xf64, #gpu.address_space<workgroup>>
// REGISTER:         scf.for %{{.+}} = %block_id_x to %{{.+}} step %grid_dim_x {
// REGISTER:           gpu.barrier
// REGISTER-COUNT-3:   nvvm.redux.sync
// REGISTER:           memref.store %{{.+}}, %[[STAGE]]
// REGISTER:           gpu.barrier
// REGISTER-NOT:       gpu.barrier
// REGISTER-COUNT-3:   nvvm.redux.sync
// REGISTER:           memref.load %[[STAGE]]
// REGISTER-NOT:       gpu.barrier
// REGISTER:           arith.mulf
// REGISTER:           arith.subf
// REGISTER-NOT:       gpu.barrier
// REGISTER-COUNT-3:   nvvm.redux.sync
// REGISTER-NOT:       gpu.barrier
// REGISTER:           memref.store %{{.+}}, %[[STAGE]]
// REGISTER:           gpu.barrier
// On a cluster of two: the matrices over the grid's y, the blocks' 16 slots
// each (lane l reads slot l) and the pivot row read through the cluster's
// shared window, a cluster barrier a step and no block barrier between.
// REGISTER:       gpu.func @linalgx_lu_blocked_cluster_register_panel_x2_f64_i32({{.+}}) kernel attributes {known_block_size = array<i32: 32, 16, 1>, nvvm.minctasm = 1 : i32}
// REGISTER:         scf.for %{{.+}} = %block_id_y to %{{.+}} step %grid_dim_y {
// REGISTER:           gpu.barrier
// REGISTER-COUNT-3:   nvvm.redux.sync
// REGISTER:           nvvm.cluster.arrive {aligned}
// REGISTER-NEXT:      nvvm.cluster.wait {aligned}
// REGISTER-NOT:       gpu.barrier
// REGISTER:           nvvm.mapa %{{.+}}, %{{.+}} : !llvm.ptr<3> -> !llvm.ptr<7>
// REGISTER-NEXT:      llvm.load %{{.+}} : !llvm.ptr<7> -> i64
// REGISTER:           nvvm.mapa %{{.+}}, %{{.+}} : !llvm.ptr<3> -> !llvm.ptr<7>
// REGISTER-NEXT:      llvm.load %{{.+}} : !llvm.ptr<7> -> i32
// REGISTER-NOT:       llvm.load %{{.+}} : !llvm.ptr<7> -> i64
// REGISTER-COUNT-3:   nvvm.redux.sync
// REGISTER-NOT:       gpu.barrier
// REGISTER:           %[[PIVOT_ROW:.+]] = nvvm.mapa %{{.+}}, %{{.+}} : !llvm.ptr<3> -> !llvm.ptr<7>
// REGISTER:           %[[ENTRY:.+]] = llvm.getelementptr %[[PIVOT_ROW]][{{[0-9]+}}] : (!llvm.ptr<7>) -> !llvm.ptr<7>, f64
// REGISTER-NEXT:      llvm.load %[[ENTRY]] : !llvm.ptr<7> -> f64
// REGISTER-NOT:       gpu.barrier
// REGISTER:           arith.subf
// REGISTER-NOT:       gpu.barrier
// REGISTER:           nvvm.cluster.arrive {aligned}

// At the bound, f64 panels of up to 8192 rows: the smallest cluster of 2,
// 4, 8 or 16 blocks that holds the panel; the sixteen blocks' 256 slots
// are eight reads a lane, all issued before the first reduction.
// REGISTER16K-LABEL: func.func @single
// REGISTER16K:         %[[ROWS:.+]] = arith.subi %{{.+}}, %{{.+}} : index
// REGISTER16K:         arith.cmpi ule, %[[ROWS]], %c512{{.*}} : index
// REGISTER16K:         %[[PAST2:.+]] = arith.cmpi ugt, %[[ROWS]], %c512{{.*}} : index
// REGISTER16K:         %[[IN2:.+]] = arith.cmpi ule, %[[ROWS]], %c1024{{.*}} : index
// REGISTER16K-NEXT:    %[[TAKES2:.+]] = arith.andi %[[PAST2]], %[[IN2]] : i1
// REGISTER16K-NEXT:    scf.if %[[TAKES2]] {
// REGISTER16K:           gpu.launch_func async [%{{.+}}] @linalgx_kernels::@linalgx_lu_blocked_cluster_register_panel_x2_f64_i32 clusters in (%c2{{.*}}, %c1{{.*}}, %c1{{.*}}) blocks in (%c2{{.*}},
// REGISTER16K:         %[[PAST4:.+]] = arith.cmpi ugt, %[[ROWS]], %c1024{{.*}} : index
// REGISTER16K:         %[[IN4:.+]] = arith.cmpi ule, %[[ROWS]], %c2048{{.*}} : index
// REGISTER16K-NEXT:    %[[TAKES4:.+]] = arith.andi %[[PAST4]], %[[IN4]] : i1
// REGISTER16K-NEXT:    scf.if %[[TAKES4]] {
// REGISTER16K:           gpu.launch_func async [%{{.+}}] @linalgx_kernels::@linalgx_lu_blocked_cluster_register_panel_x4_f64_i32 clusters in (%c4{{.*}}, %c1{{.*}}, %c1{{.*}}) blocks in (%c4{{.*}},
// REGISTER16K:         %[[PAST8:.+]] = arith.cmpi ugt, %[[ROWS]], %c2048{{.*}} : index
// REGISTER16K:         %[[IN8:.+]] = arith.cmpi ule, %[[ROWS]], %c4096{{.*}} : index
// REGISTER16K-NEXT:    %[[TAKES8:.+]] = arith.andi %[[PAST8]], %[[IN8]] : i1
// REGISTER16K-NEXT:    scf.if %[[TAKES8]] {
// REGISTER16K:           gpu.launch_func async [%{{.+}}] @linalgx_kernels::@linalgx_lu_blocked_cluster_register_panel_x8_f64_i32 clusters in (%c8{{.*}}, %c1{{.*}}, %c1{{.*}}) blocks in (%c8{{.*}},
// REGISTER16K:         %[[PAST16:.+]] = arith.cmpi ugt, %[[ROWS]], %c4096{{.*}} : index
// REGISTER16K:         %[[IN16:.+]] = arith.cmpi ule, %[[ROWS]], %c8192{{.*}} : index
// REGISTER16K-NEXT:    %[[TAKES16:.+]] = arith.andi %[[PAST16]], %[[IN16]] : i1
// REGISTER16K-NEXT:    scf.if %[[TAKES16]] {
// REGISTER16K:           gpu.launch_func async [%{{.+}}] @linalgx_kernels::@linalgx_lu_blocked_cluster_register_panel_x16_f64_i32 clusters in (%c16{{.*}}, %c1{{.*}}, %c1{{.*}}) blocks in (%c16{{.*}},
// REGISTER16K:         arith.cmpi ule, %[[ROWS]], %c8192{{.*}} : index
// REGISTER16K:       gpu.func @linalgx_lu_blocked_cluster_register_panel_x16_f64_i32(
// REGISTER16K:         nvvm.cluster.wait {aligned}
// REGISTER16K-NOT:     nvvm.redux.sync
// REGISTER16K:         llvm.load %{{.+}} : !llvm.ptr<7> -> i64
// REGISTER16K:         llvm.load %{{.+}} : !llvm.ptr<7> -> i32
// REGISTER16K-NOT:     nvvm.redux.sync
// REGISTER16K:         llvm.load %{{.+}} : !llvm.ptr<7> -> i64
// REGISTER16K:         llvm.load %{{.+}} : !llvm.ptr<7> -> i32
// REGISTER16K-NOT:     nvvm.redux.sync
// REGISTER16K:         llvm.load %{{.+}} : !llvm.ptr<7> -> i64
// REGISTER16K:         llvm.load %{{.+}} : !llvm.ptr<7> -> i32
// REGISTER16K-NOT:     nvvm.redux.sync
// REGISTER16K:         llvm.load %{{.+}} : !llvm.ptr<7> -> i64
// REGISTER16K:         llvm.load %{{.+}} : !llvm.ptr<7> -> i32
// REGISTER16K-NOT:     nvvm.redux.sync
// REGISTER16K:         llvm.load %{{.+}} : !llvm.ptr<7> -> i64
// REGISTER16K:         llvm.load %{{.+}} : !llvm.ptr<7> -> i32
// REGISTER16K-NOT:     nvvm.redux.sync
// REGISTER16K:         llvm.load %{{.+}} : !llvm.ptr<7> -> i64
// REGISTER16K:         llvm.load %{{.+}} : !llvm.ptr<7> -> i32
// REGISTER16K-NOT:     nvvm.redux.sync
// REGISTER16K:         llvm.load %{{.+}} : !llvm.ptr<7> -> i64
// REGISTER16K:         llvm.load %{{.+}} : !llvm.ptr<7> -> i32
// REGISTER16K-NOT:     nvvm.redux.sync
// REGISTER16K:         llvm.load %{{.+}} : !llvm.ptr<7> -> i64
// REGISTER16K:         llvm.load %{{.+}} : !llvm.ptr<7> -> i32
// REGISTER16K-NOT:     nvvm.redux.sync
// REGISTER16K-NOT:     llvm.load %{{.+}} : !llvm.ptr<7> -> i{{32|64}}
// REGISTER16K:         nvvm.redux.sync

// REGISTER64-LABEL: func.func @f64_batched
// REGISTER64:         arith.cmpi ule, %{{.+}}, %c64{{.*}} : index
// REGISTER64:         @linalgx_lu_blocked_register_panel_f64_i32
// REGISTER-TOO-MANY: lu-blocked-register-panel-max-rows must be at most 16384 (a cluster of sixteen blocks of 16 warps, two f32 rows or one f64 row a thread), got 16385
// REGISTER-NEGATIVE: lu-blocked-register-panel-max-rows must be at least 0, got -1

// CHECK-LABEL: func.func @f64_batched
// CHECK:         %[[T0:.+]] = gpu.wait async
// CHECK:         %[[COLS:.+]] = memref.dim %{{.+}}, %c2{{.*}} : memref<?x?x?xf64>
// CHECK:         %[[ORDER:.+]], %[[T1:.+]] = gpu.alloc async [%[[T0]]] (%{{.+}}, %{{.+}}) : memref<?x?xi32>
// CHECK:         %[[OUT:.+]] = memref.extract_aligned_pointer_as_index %[[LU:.+]] : memref<?x?x?xf64> -> index
// CHECK:         %[[IN:.+]] = memref.extract_aligned_pointer_as_index %[[A:.+]] : memref<?x?x?xf64> -> index
// CHECK:         %[[DISTINCT:.+]] = arith.cmpi ne, %[[OUT]], %[[IN]] : index
// CHECK:         scf.if %[[DISTINCT]] {
// CHECK:           %[[C0:.+]] = gpu.wait async
// CHECK:           gpu.memcpy async [%[[C0]]] %[[LU]], %[[A]] : memref<?x?x?xf64>, memref<?x?x?xf64>
// CHECK:         }
// The update's tiles: 64 columns, or 32 when 64-column tiles would make at
// most 66 blocks (ceil(N / 64) * B), decided on the host.
// Panels of batches below lu-blocked-cluster-max-batch (0: none), and panels
// too tall for one block ((M - k0) * 268 + 192 bytes over 227 KiB), take a
// cluster of min(8, ceil((M - k0) / 128)) blocks of 4 warps; the others one
// block of 16 warps.
// CHECK:         %[[FEW:.+]] = arith.cmpi ult, %{{.+}}, %c0{{.*}} : index
// CHECK:         %[[TILES:.+]] = arith.ceildivui %{{.+}}, %c64{{.*}} : index
// CHECK:         %[[BLOCKS:.+]] = arith.muli %[[TILES]], %{{.+}} : index
// CHECK:         %[[NARROW:.+]] = arith.cmpi ule, %[[BLOCKS]], %c66{{.*}} : index
// CHECK:         %[[WIDE:.+]] = arith.xori %[[NARROW]], %{{.+}} : i1
// CHECK:         %[[W:.+]] = arith.ceildivui %{{.+}}, %c64{{.*}} : index
// CHECK:         %[[N:.+]] = arith.ceildivui %{{.+}}, %c32{{.*}} : index
// CHECK:         %[[NARROW_BLOCKS:.+]] = arith.muli %[[N]], %{{.+}} : index
// CHECK:         %[[SOME_BLOCKS:.+]] = arith.maxui %[[NARROW_BLOCKS]], %c1{{.*}} : index
// CHECK:         %[[WANTED:.+]] = arith.ceildivui %c264{{.*}}, %[[SOME_BLOCKS]] : index
// CHECK:         scf.for %[[K0:.+]] = %{{.+}} to %{{.+}} step %c32{{.*}} {
// CHECK:           %[[S0:.+]] = gpu.wait async
// CHECK:           %[[ROWS:.+]] = arith.subi %{{.+}}, %[[K0]] : index
// CHECK:           %[[PANEL_BYTES:.+]] = arith.addi %{{.+}}, %c192{{.*}} : index
// CHECK:           %[[TALL:.+]] = arith.cmpi ugt, %[[PANEL_BYTES]], %c232448{{.*}} : index
// CHECK:           %[[CLUSTERED:.+]] = arith.ori %[[FEW]], %[[TALL]] : i1
// CHECK:           scf.if %[[CLUSTERED]] {
// CHECK:             %[[PER128:.+]] = arith.ceildivui %[[ROWS]], %c128{{.*}} : index
// CHECK:             %[[CB:.+]] = arith.minui %[[PER128]], %c8{{.*}} : index
// CHECK:             gpu.launch_func async [%{{.+}}] @linalgx_kernels::@linalgx_lu_blocked_cluster_panel_f64_i32 clusters in (%[[CB]], %c1{{.*}}, %c1{{.*}}) blocks in (%[[CB]], %{{.+}}, %c1{{.*}}) threads in (%c32{{.*}}, %c4{{.*}}, %c1{{.*}}) dynamic_shared_memory_size %{{.+}} args(%[[LU]] : memref<?x?x?xf64>, %[[PIVOTS:.+]] : memref<?x?xi32>, %{{.+}} : memref<?xi32>, %[[ORDER]] : memref<?x?xi32>, %[[K0]] : index)
// CHECK:           }
// CHECK:           %[[ONE_BLOCK:.+]] = arith.xori %[[CLUSTERED]], %{{.+}} : i1
// CHECK:           scf.if %[[ONE_BLOCK]] {
// CHECK:             gpu.launch_func async [%{{.+}}] @linalgx_kernels::@linalgx_lu_blocked_panel_f64_i32 blocks in ({{.+}}) threads in (%c32{{.*}}, %c16{{.*}}, %c1{{.*}}) dynamic_shared_memory_size %{{.+}} args(%[[LU]] : memref<?x?x?xf64>, %[[PIVOTS]] : memref<?x?xi32>, %{{.+}} : memref<?xi32>, %[[ORDER]] : memref<?x?xi32>, %[[K0]] : index)
// CHECK:           }
// Narrow grids whose rows below make more than one chunk of 64 rows, up to
// ceil(264 / (tiles * B)) chunks, split the update: the exchanges and U12
// a block a tile, then the trailing update a block a (tile, row chunk).
// CHECK:           %[[BELOW_END:.+]] = arith.maxui %{{.+}}, %{{.+}} : index
// CHECK:           %[[BELOW:.+]] = arith.subi %[[BELOW_END]], %{{.+}} : index
// CHECK:           %[[ROW_TILES:.+]] = arith.ceildivui %[[BELOW]], %c64{{.*}} : index
// CHECK:           %[[CHUNKS:.+]] = arith.minui %[[ROW_TILES]], %[[WANTED]] : index
// CHECK:           %[[SEVERAL:.+]] = arith.cmpi ugt, %[[CHUNKS]], %c1{{.*}} : index
// CHECK:           %[[SPLIT:.+]] = arith.andi %[[NARROW]], %[[SEVERAL]] : i1
// CHECK:           %[[WHOLE:.+]] = arith.xori %[[SPLIT]], %{{.+}} : i1
// CHECK:           scf.if %[[WIDE]] {
// CHECK:             gpu.launch_func async [%{{.+}}] @linalgx_kernels::@linalgx_lu_blocked_update_f64_i32 blocks in (%[[W]], %{{.+}}, %c1{{.*}}) threads in (%c16{{.*}}, %c16{{.*}}, %c1{{.*}}) dynamic_shared_memory_size %{{.+}} args(%[[LU]] : memref<?x?x?xf64>, %[[ORDER]] : memref<?x?xi32>, %[[K0]] : index, %[[COLS]] : index)
// CHECK:           }
// CHECK:           %[[NARROW_WHOLE:.+]] = arith.andi %[[NARROW]], %[[WHOLE]] : i1
// CHECK:           scf.if %[[NARROW_WHOLE]] {
// CHECK:             gpu.launch_func async [%{{.+}}] @linalgx_kernels::@linalgx_lu_blocked_update_narrow_mma_f64_i32 blocks in (%[[N]], %{{.+}}, %c1{{.*}}) threads in (%c16{{.*}}, %c16{{.*}}, %c1{{.*}}) dynamic_shared_memory_size %{{.+}} args(%[[LU]] : memref<?x?x?xf64>, %[[ORDER]] : memref<?x?xi32>, %[[K0]] : index, %[[COLS]] : index)
// CHECK:           }
// CHECK:           scf.if %[[SPLIT]] {
// CHECK:             %[[EXCHANGED:.+]] = gpu.launch_func async [%{{.+}}] @linalgx_kernels::@linalgx_lu_blocked_exchange_solve_narrow_mma_f64_i32 blocks in (%[[N]], %{{.+}}, %c1{{.*}}) threads in (%c16{{.*}}, %c16{{.*}}, %c1{{.*}}) dynamic_shared_memory_size %{{.+}} args(%[[LU]] : memref<?x?x?xf64>, %[[ORDER]] : memref<?x?xi32>, %[[K0]] : index, %[[COLS]] : index)
// CHECK:             gpu.launch_func async [%[[EXCHANGED]]] @linalgx_kernels::@linalgx_lu_blocked_trailing_narrow_mma_f64_i32 blocks in (%[[N]], %{{.+}}, %[[CHUNKS]]) threads in (%c16{{.*}}, %c16{{.*}}, %c1{{.*}}) dynamic_shared_memory_size %{{.+}} args(%[[LU]] : memref<?x?x?xf64>, %[[ORDER]] : memref<?x?xi32>, %[[K0]] : index, %[[COLS]] : index)
// CHECK:           }
// CHECK:         }
// CHECK:         gpu.launch_func async [%[[T1]]] @linalgx_kernels::@linalgx_pivots_to_permutation_i32 {{.+}} args(%[[PIVOTS]] : memref<?x?xi32>
// CHECK:         gpu.dealloc
// CHECK:         gpu.wait [%{{.+}}]
// CHECK-NOT:     call @linalgxCudaGetrf
// CHECK-NOT:     register_panel
// CHECK:         return
// The panel kernel: 512 threads, one block an SM (nvvm.minctasm), the
// matrices in a grid-stride loop, the steps unrolled: step 0 searches
// (candidates, barrier), every step exchanges (barrier) and eliminates,
// offering the next step's candidates before its barrier. The update kernel: 256
// threads, barriers between the gathers, the stores and each solve step.
// CHECK:       gpu.func @linalgx_lu_blocked_panel_f64_i32(%{{.+}}: memref<?x?x?xf64>, %{{.+}}: memref<?x?xi32>, %{{.+}}: memref<?xi32>, %{{.+}}: memref<?x?xi32>, %{{.+}}: index) kernel attributes {known_block_size = array<i32: 32, 16, 1>, nvvm.minctasm = 1 : i32}
// CHECK:         gpu.dynamic_shared_memory
// (Three reductions a search: the f64 key's two words, then the row; the
// warps' candidates are reduced the same way.)
// CHECK:         scf.for %{{.+}} = %block_id_x to %{{.+}} step %grid_dim_x {
// CHECK:           gpu.barrier
// CHECK-COUNT-3:   nvvm.redux.sync
// CHECK:           gpu.barrier
// CHECK-COUNT-3:   nvvm.redux.sync
// CHECK:           gpu.barrier
// CHECK-NOT:       gpu.barrier
// CHECK-COUNT-3:   nvvm.redux.sync
// CHECK:           gpu.barrier
// CHECK-NOT:       gpu.barrier
// CHECK-COUNT-3:   nvvm.redux.sync
// CHECK:           gpu.barrier
// The cluster panel kernel: 4 warps a block, the cluster's matrices in a
// stride loop over the grid's y. Column 0's candidates (a block barrier
// after the load, the warp's reduction) end with the cluster barrier; then
// each step reads the cluster's candidates from their blocks' shared memory
// (mapa into the cluster window), reduces them, reads the pivot row (one
// load a lane, then shuffles) and ends with its one cluster barrier, no
// block barrier.
// CHECK:       gpu.func @linalgx_lu_blocked_cluster_panel_f64_i32(%{{.+}}: memref<?x?x?xf64>, %{{.+}}: memref<?x?xi32>, %{{.+}}: memref<?xi32>, %{{.+}}: memref<?x?xi32>, %{{.+}}: index) kernel attributes {known_block_size = array<i32: 32, 4, 1>}
// CHECK:         gpu.dynamic_shared_memory
// CHECK:         scf.for %{{.+}} = %block_id_y to %{{.+}} step %grid_dim_y {
// CHECK:           gpu.barrier
// CHECK-COUNT-3:   nvvm.redux.sync
// CHECK:           nvvm.cluster.arrive {aligned}
// CHECK-NEXT:      nvvm.cluster.wait {aligned}
// CHECK-NOT:       gpu.barrier
// CHECK:           nvvm.mapa %{{.+}}, %{{.+}} : !llvm.ptr<3> -> !llvm.ptr<7>
// CHECK-NEXT:      llvm.load %{{.+}} : !llvm.ptr<7> -> i64
// CHECK:           nvvm.mapa %{{.+}}, %{{.+}} : !llvm.ptr<3> -> !llvm.ptr<7>
// CHECK-NEXT:      llvm.load %{{.+}} : !llvm.ptr<7> -> i32
// CHECK-COUNT-3:   nvvm.redux.sync
// CHECK:           nvvm.mapa %{{.+}}, %{{.+}} : !llvm.ptr<3> -> !llvm.ptr<7>
// CHECK-NEXT:      llvm.load %{{.+}} : !llvm.ptr<7> -> f64
// CHECK:           gpu.shuffle idx
// CHECK-NOT:       gpu.barrier
// CHECK:           arith.mulf
// CHECK:           arith.subf
// CHECK-NOT:       gpu.barrier
// CHECK-COUNT-3:   nvvm.redux.sync
// CHECK-NOT:       gpu.barrier
// CHECK:           nvvm.cluster.arrive {aligned}
// CHECK-NEXT:      nvvm.cluster.wait {aligned}
// CHECK-NOT:       gpu.barrier
// CHECK:           nvvm.mapa
// The wide tiles' update keeps fused multiply-adds (its grids are large);
// the narrow tiles' runs on FP64 tensor cores: the L21 tile staged negated
// (8 entries a thread), then two k steps a trip over the panel's steps,
// each a warp's 2 x 2 blocks of 8 x 8, accumulated in registers.
// CHECK:       gpu.func @linalgx_lu_blocked_update_f64_i32(%{{.+}}: memref<?x?x?xf64>, %{{.+}}: memref<?x?xi32>, %{{.+}}: index, %{{.+}}: index) kernel attributes {known_block_size = array<i32: 16, 16, 1>}
// CHECK-NOT:     nvvm.mma.sync
// CHECK:             arith.mulf %{{.+}}, %{{.+}} fastmath<contract> : f64
// CHECK-NOT:     nvvm.mma.sync
// CHECK:       gpu.func @linalgx_lu_blocked_update_narrow_mma_f64_i32(%{{.+}}: memref<?x?x?xf64>, %{{.+}}: memref<?x?xi32>, %{{.+}}: index, %{{.+}}: index) kernel attributes {known_block_size = array<i32: 16, 16, 1>}
// CHECK:         gpu.dynamic_shared_memory
// CHECK:         scf.for %{{.+}} = %block_id_y to %{{.+}} step %grid_dim_y {
// CHECK:           gpu.barrier
// CHECK:           scf.for
// CHECK:             gpu.barrier
// CHECK:           scf.for
// CHECK-COUNT-8:       arith.negf
// CHECK:             gpu.barrier
// CHECK-NOT:         arith.mulf
// CHECK:             scf.for %{{.+}} = %c0{{.*}} to %{{.+}} step %c8{{.*}} iter_args({{.+}}) -> (f64, f64, f64, f64, f64, f64, f64, f64) {
// CHECK-COUNT-4:       nvvm.mma.sync A[%{{.+}}]  B[%{{.+}}]  C[%{{.+}}, %{{.+}}]  {layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>, shape = #nvvm.shape<m = 8, n = 8, k = 4>} : (f64, f64, f64) -> !llvm.struct<(f64, f64)>
// CHECK-NOT:           arith.mulf
// CHECK-COUNT-4:       nvvm.mma.sync
// CHECK-NOT:           nvvm.mma.sync
// CHECK:               scf.yield
// The split update's halves: the exchanges and U12 without the trailing
// update's row chunks; the trailing update reads U12 back (no solve loop:
// one barrier before the row tiles of chunk z, z + Z, ...).
// CHECK:       gpu.func @linalgx_lu_blocked_exchange_solve_narrow_mma_f64_i32(
// CHECK-NOT:     gpu.block_id  z
// CHECK:       gpu.func @linalgx_lu_blocked_trailing_narrow_mma_f64_i32(
// CHECK:         scf.for %{{.+}} = %block_id_y to %{{.+}} step %grid_dim_y {
// CHECK:           gpu.barrier
// CHECK-NOT:       gpu.barrier
// CHECK:           %[[Z:.+]] = gpu.block_id  z
// CHECK:           arith.muli %[[Z]], %c64{{.*}} : index
// AT256-LABEL: func.func @f64_batched
// AT256:         call @linalgxCudaGetrf(
func.func @f64_batched(%a: memref<8x512x512xf64>, %l: memref<8x512x512xf64>, %p: memref<8x512xi32>, %i: memref<8xi32>, %q: memref<8x512xi32>) {
  linalgx.lu ins(%a : memref<8x512x512xf64>) outs(%l, %p, %i : memref<8x512x512xf64>, memref<8x512xi32>, memref<8xi32>) permutation(%q : memref<8x512xi32>)
  return
}

// -----

// Every element type, in place, wide and tall, batches of 2: f32 up to
// 1024 (a panel of 1024 rows is 139 KiB), complex<f32> 300x100,
// complex<f64> 400x436 and 500x500 (its panel, 266 KiB, fits no block but a
// cluster's 8: 63 rows a block). complex<f64> 1100x1100 takes the vendor
// path: over lu-blocked-max-size (1024 in the CHECK run). No permutation:
// none is computed.
// CHECK-LABEL: func.func @types
// CHECK:         gpu.launch_func async [%{{.+}}] @linalgx_kernels::@linalgx_lu_blocked_panel_f32_i32
// CHECK:         gpu.launch_func async [%{{.+}}] @linalgx_kernels::@linalgx_lu_blocked_update_f32_i32
// CHECK:         gpu.launch_func async [%{{.+}}] @linalgx_kernels::@linalgx_lu_blocked_panel_cf32_i64
// CHECK:         gpu.launch_func async [%{{.+}}] @linalgx_kernels::@linalgx_lu_blocked_update_cf32_i64
// CHECK:         gpu.launch_func async [%{{.+}}] @linalgx_kernels::@linalgx_lu_blocked_panel_cf64_i32
// CHECK:         gpu.launch_func async [%{{.+}}] @linalgx_kernels::@linalgx_lu_blocked_update_cf64_i32
// CHECK:         gpu.launch_func async [%{{.+}}] @linalgx_kernels::@linalgx_lu_blocked_cluster_panel_cf64_i32
// CHECK:         gpu.launch_func async [%{{.+}}] @linalgx_kernels::@linalgx_lu_blocked_update_cf64_i32
// CHECK:         call @linalgxCudaGetrf(
// CHECK-NOT:     linalgx_pivots_to_permutation
// CHECK:         return
// f32's update keeps fused multiply-adds (no full-precision f32 product on
// tensor cores); complex<f64>'s narrow tiles take four real mma a block:
// 2 x 2 blocks, two k steps a trip.
// CHECK:       gpu.func @linalgx_lu_blocked_update_f32_i32(
// CHECK-NOT:     nvvm.mma.sync
// CHECK:       gpu.func @linalgx_lu_blocked_update_narrow_mma_cf64_i32(
// CHECK:             scf.for %{{.+}} = %c0{{.*}} to %{{.+}} step %c8{{.*}} iter_args
// CHECK-COUNT-32:      nvvm.mma.sync
// CHECK-NOT:           nvvm.mma.sync
// CHECK:               scf.yield
// CHECK:               complex.create
// AT256-LABEL: func.func @types
// AT256-NOT:     linalgx_lu_blocked
// AT256:         return
func.func @types(%a: memref<2x1024x1024xf32>, %p: memref<2x1024xi32>, %i: memref<2xi32>,
                 %b: memref<2x300x100xcomplex<f32>>, %pb: memref<2x100xi64>, %ib: memref<2xi64>,
                 %c: memref<2x400x436xcomplex<f64>>, %pc: memref<2x400xi32>,
                 %d: memref<2x500x500xcomplex<f64>>, %pd: memref<2x500xi32>,
                 %e: memref<2x1100x1100xcomplex<f64>>, %pe: memref<2x1100xi32>) {
  linalgx.lu ins(%a : memref<2x1024x1024xf32>) outs(%a, %p, %i : memref<2x1024x1024xf32>, memref<2x1024xi32>, memref<2xi32>)
  linalgx.lu ins(%b : memref<2x300x100xcomplex<f32>>) outs(%b, %pb, %ib : memref<2x300x100xcomplex<f32>>, memref<2x100xi64>, memref<2xi64>)
  linalgx.lu ins(%c : memref<2x400x436xcomplex<f64>>) outs(%c, %pc, %i : memref<2x400x436xcomplex<f64>>, memref<2x400xi32>, memref<2xi32>)
  linalgx.lu ins(%d : memref<2x500x500xcomplex<f64>>) outs(%d, %pd, %i : memref<2x500x500xcomplex<f64>>, memref<2x500xi32>, memref<2xi32>)
  linalgx.lu ins(%e : memref<2x1100x1100xcomplex<f64>>) outs(%e, %pe, %i : memref<2x1100x1100xcomplex<f64>>, memref<2x1100xi32>, memref<2xi32>)
  return
}

// -----

// Smaller batches than lu-blocked-min-batch take the blocked LU too when
// their real matrices have at most lu-blocked-single-max-bytes (5120 in the
// CHECK run) a row:
// 512 f64 rows do, in any batch (decided at compile time: the sizes are
// static); 768 f64 rows do not, so a single matrix goes to cuSOLVER and a
// dynamic batch decides at run time. lu-blocked-single-max-bytes=0 gives
// every batch below 2 to cuSOLVER; lu-blocked-min-batch=1 (with 5120
// bytes, so that 768 rows take it only by the batch) every batch to the
// blocked LU.
// CHECK-LABEL: func.func @single
// CHECK:         linalgx_lu_blocked_panel_f64_i32
// CHECK-NOT:     call @linalgxCudaGetrf(
// CHECK-LABEL: func.func @dynamic_batch
// CHECK-NOT:     arith.cmpi uge
// CHECK:         linalgx_lu_blocked_panel_f64_i32
// CHECK-NOT:     call @linalgxCudaGetrf(
// By default (16384 bytes: 2048 f64 rows) a single 768-row matrix takes the
// blocked LU too.
// DEFAULT-LABEL: func.func @single_768
// DEFAULT-NOT:     call @linalgxCudaGetrf(
// DEFAULT:         linalgx_lu_blocked_panel_f64_i32
// DEFAULT-NOT:     call @linalgxCudaGetrf(
// DEFAULT-LABEL: func.func @dynamic_batch_768
// CHECK-LABEL: func.func @single_768
// CHECK-NOT:     linalgx_lu_blocked
// CHECK:         call @linalgxCudaGetrf(
// CHECK-LABEL: func.func @dynamic_batch_768
// CHECK:         %[[B:.+]] = memref.dim %{{.+}}, %c0
// CHECK:         %[[BATCH:.+]] = arith.muli %c1{{.*}}, %[[B]] : index
// CHECK:         %[[TWO:.+]] = arith.cmpi uge, %[[BATCH]], %c2
// CHECK:         scf.if %[[TWO]] {
// CHECK:           linalgx_lu_blocked_panel_f64_i32
// CHECK:         } else {
// CHECK:           call @linalgxCudaGetrf(
// SINGLE0-LABEL: func.func @single
// SINGLE0-NOT:     linalgx_lu_blocked
// SINGLE0:         call @linalgxCudaGetrf(
// SINGLE0-LABEL: func.func @dynamic_batch
// SINGLE0:         %[[TWO:.+]] = arith.cmpi uge, %{{.+}}, %c2
// SINGLE0:         scf.if %[[TWO]] {
// SINGLE0:           linalgx_lu_blocked_panel_f64_i32
// SINGLE0:         } else {
// SINGLE0:           call @linalgxCudaGetrf(
// MIN1-LABEL: func.func @single
// MIN1:         linalgx_lu_blocked_panel_f64_i32
// MIN1-NOT:     call @linalgxCudaGetrf(
// MIN1-LABEL: func.func @single_768
// MIN1:         linalgx_lu_blocked_panel_f64_i32
// MIN1-NOT:     call @linalgxCudaGetrf(
// MIN1:         return
// lu-blocked-split-register-panel: full-width panels of 513 to 1024 f64
// rows take one block of the split register panel (152000 bytes: the
// 1024 rows' halves at stride 17, the slots and stage, 16 x 16 multipliers
// and U entries, 16 pivot rows), the cluster of 2 the rest of that range.
// SPLITPANEL-LABEL: func.func @single_768
// SPLITPANEL:         %[[ROWS:.+]] = arith.subi %{{.+}}, %[[K0:.+]] : index
// SPLITPANEL:         %[[COLUMNS:.+]] = arith.subi %{{.+}}, %[[K0]] : index
// SPLITPANEL:         %[[FULL:.+]] = arith.cmpi uge, %[[COLUMNS]], %c32{{.*}} : index
// SPLITPANEL:         %[[TALLER:.+]] = arith.cmpi ugt, %[[ROWS]], %c512{{.*}} : index
// SPLITPANEL:         %[[FITS:.+]] = arith.cmpi ule, %[[ROWS]], %c1024{{.*}} : index
// SPLITPANEL-NEXT:    %[[RANGE:.+]] = arith.andi %[[TALLER]], %[[FITS]] : i1
// SPLITPANEL-NEXT:    %[[SPLIT:.+]] = arith.andi %[[FULL]], %[[RANGE]] : i1
// SPLITPANEL-NEXT:    scf.if %[[SPLIT]] {
// SPLITPANEL:           %[[BYTES:.+]] = arith.index_cast %c152000{{.*}} : index to i32
// SPLITPANEL-NEXT:      gpu.launch_func async [%{{.+}}] @linalgx_kernels::@linalgx_lu_blocked_split_register_panel_f64_i32 blocks in ({{.+}}) threads in (%c32{{.*}}, %c16{{.*}}, %c1{{.*}}) dynamic_shared_memory_size %[[BYTES]]
// SPLITPANEL:         %[[NOT_SPLIT:.+]] = arith.xori %[[SPLIT]], %{{.+}} : i1
// SPLITPANEL-NEXT:    %[[TWO:.+]] = arith.andi %{{.+}}, %[[NOT_SPLIT]] : i1
// SPLITPANEL-NEXT:    scf.if %[[TWO]] {
// SPLITPANEL:           @linalgx_lu_blocked_cluster_register_panel_x2_f64_i32
// The kernel: the halves, the slots, the stage, the multipliers, U and the
// pivots' rows; 41 barriers: 3 loading, the first offer's, the left
// half's 16 steps, 3 in the right half's update (after the pivot rows'
// multipliers, warp 0's solve, the other rows' update), the right half's
// first offer and 16 steps, and the end's.
// SPLITPANEL-LABEL: gpu.func @linalgx_lu_blocked_split_register_panel_f64_i32
// SPLITPANEL:         memref.view %{{.+}}[%c0{{.*}}][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<17408xf64, #gpu.address_space<workgroup>>
// SPLITPANEL:         memref.view %{{.+}}[%c139264{{.*}}][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<32xi64, #gpu.address_space<workgroup>>
// SPLITPANEL:         memref.view %{{.+}}[%c147840{{.*}}][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<256xf64, #gpu.address_space<workgroup>>
// SPLITPANEL:         memref.view %{{.+}}[%c149888{{.*}}][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<256xf64, #gpu.address_space<workgroup>>
// SPLITPANEL:         memref.view %{{.+}}[%c151936{{.*}}][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<16xi32, #gpu.address_space<workgroup>>
// SPLITPANEL-COUNT-41: gpu.barrier
// SPLITPANEL-NOT:     gpu.barrier
// SPLITPANEL:         gpu.return
func.func @single(%a: memref<512x512xf64>, %p: memref<512xi32>, %i: memref<i32>) {
  linalgx.lu ins(%a : memref<512x512xf64>) outs(%a, %p, %i : memref<512x512xf64>, memref<512xi32>, memref<i32>)
  return
}
func.func @dynamic_batch(%a: memref<?x512x512xf64>, %p: memref<?x512xi32>, %i: memref<?xi32>) {
  linalgx.lu ins(%a : memref<?x512x512xf64>) outs(%a, %p, %i : memref<?x512x512xf64>, memref<?x512xi32>, memref<?xi32>)
  return
}
func.func @single_768(%a: memref<768x768xf64>, %p: memref<768xi32>, %i: memref<i32>) {
  linalgx.lu ins(%a : memref<768x768xf64>) outs(%a, %p, %i : memref<768x768xf64>, memref<768xi32>, memref<i32>)
  return
}
func.func @dynamic_batch_768(%a: memref<?x768x768xf64>, %p: memref<?x768xi32>, %i: memref<?xi32>) {
  linalgx.lu ins(%a : memref<?x768x768xf64>) outs(%a, %p, %i : memref<?x768x768xf64>, memref<?x768xi32>, memref<?xi32>)
  return
}

// -----

// With lu-blocked-max-size raised and f64 register panels to 4096 rows, the
// panels' reach is a cluster of 8 blocks: ceil(M / 8) * (33 * sizeof(T) +
// 4) + 96 <= 227 KiB, i.e. up to 6928 f64 rows (866 a block), 13664 f32
// (1708 a block); a row more takes the vendor path.
// REACH-LABEL: func.func @tall
// REACH:         linalgx_lu_blocked_cluster_panel_f64_i32
// REACH:         call @linalgxCudaGetrf(
// REACH:         linalgx_lu_blocked_cluster_panel_f32_i32
// REACH:         call @linalgxCudaGetrf(
// REACH:         return
func.func @tall(%a: memref<2x6928x32xf64>, %pa: memref<2x32xi32>, %i: memref<2xi32>,
                %b: memref<2x6929x32xf64>, %pb: memref<2x32xi32>,
                %c: memref<2x13664x32xf32>, %pc: memref<2x32xi32>,
                %d: memref<2x13665x32xf32>, %pd: memref<2x32xi32>) {
  linalgx.lu ins(%a : memref<2x6928x32xf64>) outs(%a, %pa, %i : memref<2x6928x32xf64>, memref<2x32xi32>, memref<2xi32>)
  linalgx.lu ins(%b : memref<2x6929x32xf64>) outs(%b, %pb, %i : memref<2x6929x32xf64>, memref<2x32xi32>, memref<2xi32>)
  linalgx.lu ins(%c : memref<2x13664x32xf32>) outs(%c, %pc, %i : memref<2x13664x32xf32>, memref<2x32xi32>, memref<2xi32>)
  linalgx.lu ins(%d : memref<2x13665x32xf32>) outs(%d, %pd, %i : memref<2x13665x32xf32>, memref<2x32xi32>, memref<2xi32>)
  return
}
