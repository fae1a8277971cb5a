// linalgx.pivots_to_permutation on device memrefs lowers to exactly one async
// gpu.launch_func per op, whatever the batch rank, shape or size: operands are
// viewed as memref<?x?xT>, and the kernel (one per pivot type and base, shared
// by every op using it) traces each position back through the swaps, on one
// of two paths chosen by N (uniform: the grid is computed the same way).
// Grouped, N <= 256: a block takes floor(256 / N) whole matrices, a thread a
// position; the group stages its swap targets in a table (the block's 16 KiB
// of shared memory, memref<16384xi8>, viewed as memref<1792xi32>), traces
// four segments of the swaps side by side and composes their maps through
// the table; the grid is max(1, min(ceildiv(B, floor(256 / N)),
// 16896)). Flat, N > 256: a block walks chunks of 256 positions
// (max(1, min(ceildiv(B*N, 256), 16896)) blocks); when the pivots of the
// matrices of a chunk fit its shared-memory window (the block's 16 KiB of
// shared memory viewed as memref<4096xi32> or memref<2048xi64>), it stages
// them there first and the trace reads the window, else the trace reads
// global memory.
// RUN: linalgx-opt %s -convert-linalgx-to-gpu -split-input-file | FileCheck %s
// RUN: linalgx-opt %s -convert-linalgx-to-gpu -split-input-file | FileCheck %s --check-prefix=SYNC
// RUN: linalgx-opt %s -convert-linalgx-to-gpu -canonicalize -split-input-file | FileCheck %s --check-prefix=FOLDED

// Unbatched, zero-based i32: [K] and [N] are expanded to [1, K] and [1, N],
// one launch computes its grid from B*N, and the kernel is a block-stride
// loop: stage the chunk's pivots (if they fit), barrier, trace each position
// (from the window or from global memory; unrolled by 4, four pivot loads
// feeding a chain of selects, then a remainder loop) ending in a single
// store, barrier.
// CHECK-LABEL: func.func @perm_unbatched_i32
// CHECK-SAME:    (%[[P:[^:]+]]: memref<3xi32>, %[[Q:[^:]+]]: memref<5xi32>)
// CHECK:         %[[TOKEN:.+]] = gpu.wait async
// CHECK-NOT:     gpu.launch_func
// CHECK:         %[[PE:.+]] = memref.expand_shape %[[P]] {{\[\[}}0, 1]] output_shape [1, 3] : memref<3xi32> into memref<1x3xi32>
// CHECK:         %[[P2:.+]] = memref.cast %[[PE]] : memref<1x3xi32> to memref<?x?xi32>
// CHECK:         %[[QE:.+]] = memref.expand_shape %[[Q]] {{\[\[}}0, 1]] output_shape [1, 5] : memref<5xi32> into memref<1x5xi32>
// CHECK:         %[[Q2:.+]] = memref.cast %[[QE]] : memref<1x5xi32> to memref<?x?xi32>
// CHECK-NEXT:    %[[QD0:.+]] = arith.constant 0 : index
// CHECK-NEXT:    %[[B:.+]] = memref.dim %[[Q2]], %[[QD0]] : memref<?x?xi32>
// CHECK-NEXT:    %[[QD1:.+]] = arith.constant 1 : index
// CHECK-NEXT:    %[[N:.+]] = memref.dim %[[Q2]], %[[QD1]] : memref<?x?xi32>
// Short (N - 1 < 16, unsigned: N = 0 is not): 4 threads a matrix, 256 a
// block; grouped (N - 1 < 256): B matrices at floor(256 / N) a block; flat:
// B*N positions at 256 a block.
// CHECK-NEXT:    %[[ONE:.+]] = arith.constant 1 : index
// CHECK-NEXT:    %[[ONES:.+]] = arith.constant 1 : index
// CHECK-NEXT:    %[[NM1S:.+]] = arith.subi %[[N]], %[[ONES]] : index
// CHECK-NEXT:    %[[SMAX:.+]] = arith.constant 16 : index
// CHECK-NEXT:    %[[SHORT:.+]] = arith.cmpi ult, %[[NM1S]], %[[SMAX]] : index
// CHECK-NEXT:    %[[ONEB:.+]] = arith.constant 1 : index
// CHECK-NEXT:    %[[NM1:.+]] = arith.subi %[[N]], %[[ONEB]] : index
// CHECK-NEXT:    %[[GMAX:.+]] = arith.constant 256 : index
// CHECK-NEXT:    %[[GROUPED:.+]] = arith.cmpi ult, %[[NM1]], %[[GMAX]] : index
// CHECK-NEXT:    %[[BLOCK:.+]] = arith.constant 256 : index
// CHECK-NEXT:    %[[FOUR:.+]] = arith.constant 4 : index
// CHECK-NEXT:    %[[SHORTITEMS:.+]] = arith.muli %[[B]], %[[FOUR]] : index
// CHECK-NEXT:    %[[TOTAL:.+]] = arith.muli %[[B]], %[[N]] : index
// CHECK-NEXT:    %[[LONGITEMS:.+]] = arith.select %[[GROUPED]], %[[B]], %[[TOTAL]] : index
// CHECK-NEXT:    %[[ITEMS:.+]] = arith.select %[[SHORT]], %[[SHORTITEMS]], %[[LONGITEMS]] : index
// CHECK-NEXT:    %[[TRUE:.+]] = arith.constant true
// CHECK-NEXT:    %[[NOTSHORT:.+]] = arith.xori %[[SHORT]], %[[TRUE]] : i1
// CHECK-NEXT:    %[[GROUPEDONLY:.+]] = arith.andi %[[GROUPED]], %[[NOTSHORT]] : i1
// CHECK-NEXT:    %[[NPOS:.+]] = arith.maxui %[[N]], %[[ONE]] : index
// CHECK-NEXT:    %[[MPB:.+]] = arith.divui %[[BLOCK]], %[[NPOS]] : index
// CHECK-NEXT:    %[[PERBLOCK:.+]] = arith.select %[[GROUPEDONLY]], %[[MPB]], %[[BLOCK]] : index
// CHECK-NEXT:    %[[ONEC:.+]] = arith.constant 1 : index
// CHECK-NEXT:    %[[NEEDED:.+]] = arith.ceildivui %[[ITEMS]], %[[PERBLOCK]] : index
// CHECK-NEXT:    %[[CAP:.+]] = arith.constant 16896 : index
// CHECK-NEXT:    %[[CAPPED:.+]] = arith.minui %[[NEEDED]], %[[CAP]] : index
// CHECK-NEXT:    %[[GRID:.+]] = arith.maxui %[[CAPPED]], %[[ONEC]] : index
// CHECK-NEXT:    %[[GY:.+]] = arith.constant 1 : index
// CHECK-NEXT:    %[[TX:.+]] = arith.constant 256 : index
// CHECK-NEXT:    %[[TY:.+]] = arith.constant 1 : index
// CHECK-NEXT:    %[[TZ:.+]] = arith.constant 1 : index
// CHECK-NEXT:    %[[DONE:.+]] = gpu.launch_func async [%[[TOKEN]]] @linalgx_kernels::@linalgx_pivots_to_permutation_i32 blocks in (%[[GRID]], %[[GY]], %[[GY]]) threads in (%[[TX]], %[[TY]], %[[TZ]]) args(%[[P2]] : memref<?x?xi32>, %[[Q2]] : memref<?x?xi32>)
// CHECK-NEXT:    gpu.wait [%[[DONE]]]
// CHECK-NEXT:    return
//
// CHECK-LABEL: gpu.module @linalgx_kernels
// CHECK:         gpu.func @linalgx_pivots_to_permutation_i32(%[[PIV:[^:]+]]: memref<?x?xi32>, %[[PERM:[^:]+]]: memref<?x?xi32>) workgroup(%[[SHARED:[^ ]+]] : memref<16384xi8, #gpu.address_space<workgroup>> {llvm.align = 16 : i64}) kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
// CHECK-NEXT:      %[[KD0:.+]] = arith.constant 0 : index
// CHECK-NEXT:      %[[KB:.+]] = memref.dim %[[PERM]], %[[KD0]] : memref<?x?xi32>
// CHECK-NEXT:      %[[KD1:.+]] = arith.constant 1 : index
// CHECK-NEXT:      %[[KN:.+]] = memref.dim %[[PERM]], %[[KD1]] : memref<?x?xi32>
// CHECK-NEXT:      %[[KD1B:.+]] = arith.constant 1 : index
// CHECK-NEXT:      %[[KK:.+]] = memref.dim %[[PIV]], %[[KD1B]] : memref<?x?xi32>
// CHECK-NEXT:      %[[STEPS:.+]] = arith.minui %[[KK]], %[[KN]] : index
// Short path (1 <= N <= 16, uniform): 4 threads a matrix, no barrier; each
// loads the 16 swap targets (guarded by i < min(K, N), else the no-op i) and
// traces positions q, q + 4, q + 8, q + 12 through them, fully unrolled.
// CHECK-NEXT:      %[[SONE:.+]] = arith.constant 1 : index
// CHECK-NEXT:      %[[SNM1:.+]] = arith.subi %[[KN]], %[[SONE]] : index
// CHECK-NEXT:      %[[SMAXK:.+]] = arith.constant 16 : index
// CHECK-NEXT:      %[[SHORTK:.+]] = arith.cmpi ult, %[[SNM1]], %[[SMAXK]] : index
// CHECK-NEXT:      scf.if %[[SHORTK]] {
// CHECK-NOT:         gpu.barrier
// CHECK:             scf.for %[[ITEM:[^ ]+]] = %{{.+}} to %{{.+}} step %{{.+}} {
// CHECK-NEXT:          %[[SMAT:.+]] = arith.divui %[[ITEM]], %{{.+}} : index
// CHECK-NEXT:          %[[SQ:.+]] = arith.remui %[[ITEM]], %{{.+}} : index
// CHECK-COUNT-16:      memref.load %[[PIV]][%[[SMAT]], %{{.+}}] : memref<?x?xi32>
// CHECK-NOT:           memref.load
// CHECK-NOT:           gpu.barrier
// CHECK-COUNT-4:       memref.store %{{.+}}, %[[PERM]][%[[SMAT]], %{{.+}}] : memref<?x?xi32>
// CHECK-NOT:           gpu.barrier
// CHECK:               }
// CHECK-NEXT:        }
// CHECK-NEXT:      } else {
// CHECK-NEXT:      %[[GONE:.+]] = arith.constant 1 : index
// CHECK-NEXT:      %[[GNM1:.+]] = arith.subi %[[KN]], %[[GONE]] : index
// CHECK-NEXT:      %[[GMAXK:.+]] = arith.constant 256 : index
// CHECK-NEXT:      %[[GROUPEDK:.+]] = arith.cmpi ult, %[[GNM1]], %[[GMAXK]] : index
// Grouped path (N <= 256, uniform): a block takes floor(256 / N) matrices,
// thread = group * N + j owning position j of the group's matrix; 32-bit
// index math, one division and one remainder a thread.
// CHECK-NEXT:      scf.if %[[GROUPEDK]] {
// CHECK-NEXT:        %[[V0:.+]] = arith.constant 0 : index
// CHECK-NEXT:        %[[TABLES:.+]] = memref.view %[[SHARED]][%[[V0]]][] : memref<16384xi8, #gpu.address_space<workgroup>> to memref<1792xi32, #gpu.address_space<workgroup>>
// CHECK-NEXT:        %[[N32:.+]] = arith.index_castui %[[KN]] : index to i32
// CHECK-NEXT:        %[[STEPS32:.+]] = arith.index_castui %[[STEPS]] : index to i32
// CHECK-NEXT:        %[[GTID:.+]] = gpu.thread_id x
// CHECK-NEXT:        %[[TID32:.+]] = arith.index_castui %[[GTID]] : index to i32
// CHECK-NEXT:        %[[B32:.+]] = arith.constant 256 : i32
// CHECK-NEXT:        %[[MPB32:.+]] = arith.divui %[[B32]], %[[N32]] : i32
// CHECK-NEXT:        %[[GROUP32:.+]] = arith.divui %[[TID32]], %[[N32]] : i32
// CHECK-NEXT:        %[[J32:.+]] = arith.remui %[[TID32]], %[[N32]] : i32
// CHECK-NEXT:        %[[GSTART:.+]] = arith.subi %[[TID32]], %[[J32]] : i32
// A group's swap targets: N + 3 entries from group * (N + 3).
// CHECK-NEXT:        %[[PAD:.+]] = arith.constant 3 : i32
// CHECK-NEXT:        %[[NPAD:.+]] = arith.addi %[[N32]], %[[PAD]] : i32
// CHECK-NEXT:        %[[TARGETS:.+]] = arith.muli %[[GROUP32]], %[[NPAD]] : i32
// CHECK-NEXT:        %[[INGROUP:.+]] = arith.cmpi ult, %[[GROUP32]], %[[MPB32]] : i32
// CHECK-NEXT:        %[[GROUP:.+]] = arith.index_castui %[[GROUP32]] : i32 to index
// CHECK-NEXT:        %[[J:.+]] = arith.index_castui %[[J32]] : i32 to index
// CHECK-NEXT:        %[[MPB:.+]] = arith.index_castui %[[MPB32]] : i32 to index
// Four segments of L = ceildiv(min(K, N), 4) swaps.
// CHECK-NEXT:        %[[SEG4:.+]] = arith.constant 4 : i32
// CHECK-NEXT:        %[[L:.+]] = arith.ceildivui %[[STEPS32]], %[[SEG4]] : i32
// CHECK-NEXT:        %[[NINT:.+]] = arith.index_cast %[[KN]] : index to i32
// CHECK-NEXT:        %{{.+}} = arith.constant 1 : i32
// CHECK-NEXT:        %[[GBID:.+]] = gpu.block_id x
// CHECK-NEXT:        %[[GFIRST:.+]] = arith.muli %[[GBID]], %[[MPB]] : index
// CHECK-NEXT:        %[[GGDIM:.+]] = gpu.grid_dim x
// CHECK-NEXT:        %[[GSTRIDE:.+]] = arith.muli %[[GGDIM]], %[[MPB]] : index
// CHECK-NEXT:        scf.for %[[BM:[^ ]+]] = %[[GFIRST]] to %[[KB]] step %[[GSTRIDE]] {
// CHECK-NEXT:          %[[M:.+]] = arith.addi %[[BM]], %[[GROUP]] : index
// CHECK-NEXT:          %[[MIN:.+]] = arith.cmpi ult, %[[M]], %[[KB]] : index
// CHECK-NEXT:          %[[GACTIVE:.+]] = arith.andi %[[INGROUP]], %[[MIN]] : i1
// Stage: target j = pivot j (coalesced) if j < min(K, N) and it is a valid
// row (0 <= p < N as one unsigned compare), else j (no swap); threads 0..2
// pad with the no-op swaps N + j.
// CHECK-NEXT:          scf.if %[[GACTIVE]] {
// CHECK-NEXT:            %[[JIN:.+]] = arith.cmpi ult, %[[J32]], %[[STEPS32]] : i32
// CHECK-NEXT:            %[[TGT:.+]] = scf.if %[[JIN]] -> (i32) {
// CHECK-NEXT:              %[[GPV:.+]] = memref.load %[[PIV]][%[[M]], %[[J]]] : memref<?x?xi32>
// CHECK-NEXT:              %[[GVALID:.+]] = arith.cmpi ult, %[[GPV]], %[[NINT]] : i32
// CHECK-NEXT:              %[[GSEL:.+]] = arith.select %[[GVALID]], %[[GPV]], %[[J32]] : i32
// CHECK-NEXT:              scf.yield %[[GSEL]] : i32
// CHECK-NEXT:            } else {
// CHECK-NEXT:              scf.yield %[[J32]] : i32
// CHECK-NEXT:            }
// CHECK-NEXT:            %[[T0E:.+]] = arith.addi %[[TARGETS]], %[[J32]] : i32
// CHECK-NEXT:            %[[T0I:.+]] = arith.index_castui %[[T0E]] : i32 to index
// CHECK-NEXT:            memref.store %[[TGT]], %[[TABLES]][%[[T0I]]] : memref<1792xi32, #gpu.address_space<workgroup>>
// Padding entry N + p for p = j + u * N < 3, u = 0, 1, 2 (so that groups of
// one or two threads write all three).
// CHECK-NEXT:            %[[U0:.+]] = arith.constant 0 : i32
// CHECK-NEXT:            %[[U0N:.+]] = arith.muli %[[N32]], %[[U0]] : i32
// CHECK-NEXT:            %[[PP0:.+]] = arith.addi %[[J32]], %[[U0N]] : i32
// CHECK-NEXT:            %[[PAD2:.+]] = arith.constant 3 : i32
// CHECK-NEXT:            %[[PADDER:.+]] = arith.cmpi ult, %[[PP0]], %[[PAD2]] : i32
// CHECK-NEXT:            scf.if %[[PADDER]] {
// CHECK-NEXT:              %[[PAST:.+]] = arith.addi %[[N32]], %[[PP0]] : i32
// CHECK-NEXT:              %[[PASTE:.+]] = arith.addi %[[TARGETS]], %[[PAST]] : i32
// CHECK-NEXT:              %[[PASTI:.+]] = arith.index_castui %[[PASTE]] : i32 to index
// CHECK-NEXT:              memref.store %[[PAST]], %[[TABLES]][%[[PASTI]]] : memref<1792xi32, #gpu.address_space<workgroup>>
// CHECK-NEXT:            }
// CHECK-COUNT-2:         memref.store %{{.+}}, %[[TABLES]]
// CHECK-NEXT:            }
// CHECK-NEXT:          }
// CHECK-NEXT:          gpu.barrier
// Trace: four chains side by side, step r of segment s being swap
// i = (s + 1) * L - 1 - r with its target read from the group's targets, no
// step conditional; unrolled by 4 plus a remainder loop.
// CHECK-NEXT:          %[[LASTMAP:.+]] = scf.if %[[GACTIVE]] -> (i32) {
// CHECK:                 %[[TR:.+]]:4 = scf.for %{{.+}} iter_args(%[[P0:[^ ]+]] = %[[J32]], %[[P1:[^ ]+]] = %[[J32]], %[[P2:[^ ]+]] = %[[J32]], %[[P3:[^ ]+]] = %[[J32]]) -> (i32, i32, i32, i32) {
// CHECK:                   %[[I0:.+]] = arith.subi %{{.+}}, %{{.+}} : i32
// CHECK-NEXT:              %[[E0:.+]] = arith.addi %[[TARGETS]], %[[I0]] : i32
// CHECK-NEXT:              %[[E0I:.+]] = arith.index_castui %[[E0]] : i32 to index
// CHECK-NEXT:              %[[TG0:.+]] = memref.load %[[TABLES]][%[[E0I]]] : memref<1792xi32, #gpu.address_space<workgroup>>
// CHECK-NEXT:              %[[AT0:.+]] = arith.cmpi eq, %[[P0]], %[[I0]] : i32
// CHECK-NEXT:              %[[ATT0:.+]] = arith.cmpi eq, %[[P0]], %[[TG0]] : i32
// CHECK-NEXT:              %[[MV0:.+]] = arith.ori %[[AT0]], %[[ATT0]] : i1
// CHECK-NEXT:              %[[BITS0:.+]] = arith.xori %[[I0]], %[[TG0]] : i32
// CHECK-NEXT:              %[[X0P:.+]] = arith.xori %[[P0]], %[[BITS0]] : i32
// CHECK-NEXT:              %{{.+}} = arith.select %[[MV0]], %[[X0P]], %[[P0]] : i32
// CHECK-COUNT-15:          memref.load %[[TABLES]][%{{.+}}] : memref<1792xi32, #gpu.address_space<workgroup>>
// CHECK-NOT:               memref.load
// CHECK:                   scf.yield
// CHECK-NEXT:            }
// CHECK-NEXT:            %[[EP:.+]]:4 = scf.for %{{.+}} iter_args(%{{.+}} = %[[TR]]#0, %{{.+}} = %[[TR]]#1, %{{.+}} = %[[TR]]#2, %{{.+}} = %[[TR]]#3) -> (i32, i32, i32, i32) {
// CHECK-COUNT-4:           memref.load %[[TABLES]][%{{.+}}] : memref<1792xi32, #gpu.address_space<workgroup>>
// CHECK-NOT:               memref.load
// CHECK:                   scf.yield
// CHECK-NEXT:            }
// Maps of segments 0, 1, 2 published from entry 1024 on, 256 a map; segment
// 3's is yielded.
// CHECK-NEXT:            %[[C1024:.+]] = arith.constant 1024 : i32
// CHECK-NEXT:            %[[E1:.+]] = arith.addi %[[C1024]], %[[TID32]] : i32
// CHECK-NEXT:            %[[E1I:.+]] = arith.index_castui %[[E1]] : i32 to index
// CHECK-NEXT:            memref.store %[[EP]]#0, %[[TABLES]][%[[E1I]]]
// CHECK-NEXT:            %[[C1280:.+]] = arith.constant 1280 : i32
// CHECK-NEXT:            %[[E2:.+]] = arith.addi %[[C1280]], %[[TID32]] : i32
// CHECK-NEXT:            %[[E2I:.+]] = arith.index_castui %[[E2]] : i32 to index
// CHECK-NEXT:            memref.store %[[EP]]#1, %[[TABLES]][%[[E2I]]]
// CHECK-NEXT:            %[[C1536:.+]] = arith.constant 1536 : i32
// CHECK-NEXT:            %[[E3:.+]] = arith.addi %[[C1536]], %[[TID32]] : i32
// CHECK-NEXT:            %[[E3I:.+]] = arith.index_castui %[[E3]] : i32 to index
// CHECK-NEXT:            memref.store %[[EP]]#2, %[[TABLES]][%[[E3I]]]
// CHECK-NEXT:            scf.yield %[[EP]]#3 : i32
// CHECK-NEXT:          } else {
// CHECK-NEXT:            scf.yield %[[J32]] : i32
// CHECK-NEXT:          }
// CHECK-NEXT:          gpu.barrier
// Compose: map_0(map_1(map_2(map_3(j)))), lookups in the maps of segments
// 2, 1, 0 at the group's rows; one coalesced store.
// CHECK-NEXT:          scf.if %[[GACTIVE]] {
// CHECK-NEXT:            %[[X2:.+]] = arith.addi %[[GSTART]], %[[LASTMAP]] : i32
// CHECK-NEXT:            %{{.+}} = arith.constant 1536 : i32
// CHECK-NEXT:            %[[X2E:.+]] = arith.addi %{{.+}}, %[[X2]] : i32
// CHECK-NEXT:            %[[X2I:.+]] = arith.index_castui %[[X2E]] : i32 to index
// CHECK-NEXT:            %[[Y2:.+]] = memref.load %[[TABLES]][%[[X2I]]]
// CHECK-NEXT:            %[[X1:.+]] = arith.addi %[[GSTART]], %[[Y2]] : i32
// CHECK-NEXT:            %{{.+}} = arith.constant 1280 : i32
// CHECK-NEXT:            %[[X1E:.+]] = arith.addi %{{.+}}, %[[X1]] : i32
// CHECK-NEXT:            %[[X1I:.+]] = arith.index_castui %[[X1E]] : i32 to index
// CHECK-NEXT:            %[[Y1:.+]] = memref.load %[[TABLES]][%[[X1I]]]
// CHECK-NEXT:            %[[X0:.+]] = arith.addi %[[GSTART]], %[[Y1]] : i32
// CHECK-NEXT:            %{{.+}} = arith.constant 1024 : i32
// CHECK-NEXT:            %[[X0E:.+]] = arith.addi %{{.+}}, %[[X0]] : i32
// CHECK-NEXT:            %[[X0I:.+]] = arith.index_castui %[[X0E]] : i32 to index
// CHECK-NEXT:            %[[Y0:.+]] = memref.load %[[TABLES]][%[[X0I]]]
// CHECK-NEXT:            memref.store %[[Y0]], %[[PERM]][%[[M]], %[[J]]] : memref<?x?xi32>
// CHECK-NEXT:          }
// CHECK-NEXT:        }
// Flat path (N > 256 or N = 0): a thread per position.
// CHECK-NEXT:      } else {
// CHECK-NEXT:        %[[W0:.+]] = arith.constant 0 : index
// CHECK-NEXT:        %[[WIN:.+]] = memref.view %[[SHARED]][%[[W0]]][] : memref<16384xi8, #gpu.address_space<workgroup>> to memref<4096xi32, #gpu.address_space<workgroup>>
// CHECK-NEXT:        %[[K1:.+]] = arith.constant 1 : index
// CHECK-NEXT:        %[[K256:.+]] = arith.constant 256 : index
// CHECK-NEXT:        %[[KTOTAL:.+]] = arith.muli %[[KB]], %[[KN]] : index
// CHECK-NEXT:      %[[TID:.+]] = gpu.thread_id x
// CHECK-NEXT:      %[[BID:.+]] = gpu.block_id x
// CHECK-NEXT:      %[[GDIM:.+]] = gpu.grid_dim x
// CHECK-NEXT:      %[[FIRST:.+]] = arith.muli %[[BID]], %[[K256]] : index
// CHECK-NEXT:      %[[STRIDE:.+]] = arith.muli %[[GDIM]], %[[K256]] : index
// Chunk starts block_id * 256, stepping by grid_dim * 256: the same
// iterations for every thread of a block, so the barriers in the body are
// reached uniformly; position t = chunk start + thread_id.
// CHECK-NEXT:      scf.for %[[CS:[^ ]+]] = %[[FIRST]] to %[[KTOTAL]] step %[[STRIDE]] {
// CHECK-NEXT:        %[[T:.+]] = arith.addi %[[CS]], %[[TID]] : index
// CHECK-NEXT:        %[[ACTIVE:.+]] = arith.cmpi ult, %[[T]], %[[KTOTAL]] : index
// CHECK-NEXT:        %[[FIRSTM:.+]] = arith.divui %[[CS]], %[[KN]] : index
// CHECK-NEXT:        %[[CE:.+]] = arith.addi %[[CS]], %[[K256]] : index
// CHECK-NEXT:        %[[CEND:.+]] = arith.minui %[[CE]], %[[KTOTAL]] : index
// CHECK-NEXT:        %[[CLAST:.+]] = arith.subi %[[CEND]], %[[K1]] : index
// CHECK-NEXT:        %[[LASTM:.+]] = arith.divui %[[CLAST]], %[[KN]] : index
// CHECK-NEXT:        %[[SPAN1:.+]] = arith.subi %[[LASTM]], %[[FIRSTM]] : index
// CHECK-NEXT:        %[[SPAN:.+]] = arith.addi %[[SPAN1]], %[[K1]] : index
// CHECK-NEXT:        %[[COUNT:.+]] = arith.muli %[[SPAN]], %[[KK]] : index
// The chunk's matrices' K pivots each are staged iff they fit the 4096-entry
// window: a condition of the chunk (the same for every thread of the block),
// so a chunk inside one matrix stages up to 4096 pivots.
// CHECK-NEXT:        %[[WSIZE:.+]] = arith.constant 4096 : index
// CHECK-NEXT:        %[[STAGED:.+]] = arith.cmpi ule, %[[COUNT]], %[[WSIZE]] : index
// Staging: window[idx] = pivots[firstMatrix + idx / K][idx % K] for
// idx < (lastMatrix - firstMatrix + 1) * K, consecutive threads on
// consecutive pivots.
// CHECK-NEXT:        scf.if %[[STAGED]] {
// CHECK-NEXT:          scf.for %[[IDX:[^ ]+]] = %[[TID]] to %[[COUNT]] step %[[K256]] {
// CHECK-NEXT:            %[[DM:.+]] = arith.divui %[[IDX]], %[[KK]] : index
// CHECK-NEXT:            %[[SM:.+]] = arith.addi %[[FIRSTM]], %[[DM]] : index
// CHECK-NEXT:            %[[SS:.+]] = arith.remui %[[IDX]], %[[KK]] : index
// CHECK-NEXT:            %[[PV:.+]] = memref.load %[[PIV]][%[[SM]], %[[SS]]] : memref<?x?xi32>
// CHECK-NEXT:            memref.store %[[PV]], %[[WIN]][%[[IDX]]] : memref<4096xi32, #gpu.address_space<workgroup>>
// CHECK-NEXT:          }
// CHECK-NEXT:        }
// CHECK-NEXT:        gpu.barrier
// CHECK-NEXT:        scf.if %[[ACTIVE]] {
// CHECK-NEXT:          %[[MAT:.+]] = arith.divui %[[T]], %[[KN]] : index
// CHECK-NEXT:          %[[J:.+]] = arith.remui %[[T]], %[[KN]] : index
// CHECK-NEXT:          %[[START:.+]] = arith.index_cast %[[J]] : index to i32
// CHECK-NEXT:          %[[RES:.+]] = scf.if %[[STAGED]] -> (i32) {
// Staged trace: pivot i of the matrix is window[(matrix - firstMatrix) * K + i].
// Zero-based: each pivot is used as loaded, range-checked as 0 <= t < N.
// CHECK-NEXT:            %[[REL:.+]] = arith.subi %[[MAT]], %[[FIRSTM]] : index
// CHECK-NEXT:            %[[BASE:.+]] = arith.muli %[[REL]], %[[KK]] : index
// CHECK-NEXT:            %[[SC0:.+]] = arith.constant 0 : index
// CHECK-NEXT:            %[[SC1:.+]] = arith.constant 1 : index
// CHECK-NEXT:            %[[SLAST:.+]] = arith.subi %[[STEPS]], %[[SC1]] : index
// CHECK-NEXT:            %[[SZEROI:.+]] = arith.constant 0 : i32
// CHECK-NEXT:            %[[SONEI:.+]] = arith.constant 1 : i32
// CHECK-NOT:             memref.load
// CHECK:                 %[[SMAIN:.+]] = scf.for %[[SR:[^ ]+]] = %[[SC0]] to %[[SUB:[^ ]+]] step %{{.+}} iter_args(%[[SPOS:[^ ]+]] = %[[START]]) -> (i32) {
// CHECK-NEXT:            %[[SI0:.+]] = arith.subi %[[SLAST]], %[[SR]] : index
// CHECK-NEXT:            %[[ST0A:.+]] = arith.addi %[[BASE]], %[[SI0]] : index
// CHECK-NEXT:            %[[ST0:.+]] = memref.load %[[WIN]][%[[ST0A]]] : memref<4096xi32, #gpu.address_space<workgroup>>
// CHECK-NEXT:            %[[SGE0:.+]] = arith.cmpi sge, %[[ST0]], %[[SZEROI]] : i32
// CHECK-NEXT:            %[[SLT0I:.+]] = arith.index_cast %[[ST0]] : i32 to index
// CHECK-NEXT:            %[[SLT0:.+]] = arith.cmpi slt, %[[SLT0I]], %[[KN]] : index
// CHECK-NEXT:            %[[SOK0:.+]] = arith.andi %[[SGE0]], %[[SLT0]] : i1
// A swap xors a position at i or at the target with i ^ target (0 when
// the pivot names no swap).
// CHECK-NEXT:            %[[SII0:.+]] = arith.index_cast %[[SI0]] : index to i32
// CHECK-NEXT:            %[[SX0:.+]] = arith.xori %[[SII0]], %[[ST0]] : i32
// CHECK-NEXT:            %[[SBITS0:.+]] = arith.select %[[SOK0]], %[[SX0]], %[[SZEROI]] : i32
// CHECK-NEXT:            %[[SATI0:.+]] = arith.cmpi eq, %[[SPOS]], %[[SII0]] : i32
// CHECK-NEXT:            %[[SATT0:.+]] = arith.cmpi eq, %[[SPOS]], %[[ST0]] : i32
// CHECK-NEXT:            %[[SMOVES0:.+]] = arith.ori %[[SATI0]], %[[SATT0]] : i1
// CHECK-NEXT:            %[[SPX0:.+]] = arith.xori %[[SPOS]], %[[SBITS0]] : i32
// CHECK-NEXT:            %[[SM0:.+]] = arith.select %[[SMOVES0]], %[[SPX0]], %[[SPOS]] : i32
// CHECK-NOT:             memref.load
// CHECK:                 %[[SR1:.+]] = arith.addi %[[SR]], %{{.+}} : index
// CHECK-NEXT:            %[[SI1:.+]] = arith.subi %[[SLAST]], %[[SR1]] : index
// CHECK-NEXT:            %[[ST1A:.+]] = arith.addi %[[BASE]], %[[SI1]] : index
// CHECK-NEXT:            %[[ST1:.+]] = memref.load %[[WIN]][%[[ST1A]]] : memref<4096xi32, #gpu.address_space<workgroup>>
// CHECK-NEXT:            %[[SGE1:.+]] = arith.cmpi sge, %[[ST1]], %[[SZEROI]] : i32
// CHECK-NEXT:            %[[SLT1I:.+]] = arith.index_cast %[[ST1]] : i32 to index
// CHECK-NEXT:            %[[SLT1:.+]] = arith.cmpi slt, %[[SLT1I]], %[[KN]] : index
// CHECK-NEXT:            %[[SOK1:.+]] = arith.andi %[[SGE1]], %[[SLT1]] : i1
// CHECK-NEXT:            %[[SII1:.+]] = arith.index_cast %[[SI1]] : index to i32
// CHECK-NEXT:            %[[SX1:.+]] = arith.xori %[[SII1]], %[[ST1]] : i32
// CHECK-NEXT:            %[[SBITS1:.+]] = arith.select %[[SOK1]], %[[SX1]], %[[SZEROI]] : i32
// CHECK-NEXT:            %[[SATI1:.+]] = arith.cmpi eq, %[[SM0]], %[[SII1]] : i32
// CHECK-NEXT:            %[[SATT1:.+]] = arith.cmpi eq, %[[SM0]], %[[ST1]] : i32
// CHECK-NEXT:            %[[SMOVES1:.+]] = arith.ori %[[SATI1]], %[[SATT1]] : i1
// CHECK-NEXT:            %[[SPX1:.+]] = arith.xori %[[SM0]], %[[SBITS1]] : i32
// CHECK-NEXT:            %[[SM1:.+]] = arith.select %[[SMOVES1]], %[[SPX1]], %[[SM0]] : i32
// CHECK-NOT:             memref.load
// CHECK:                 %[[SR2:.+]] = arith.addi %[[SR]], %{{.+}} : index
// CHECK-NEXT:            %[[SI2:.+]] = arith.subi %[[SLAST]], %[[SR2]] : index
// CHECK-NEXT:            %[[ST2A:.+]] = arith.addi %[[BASE]], %[[SI2]] : index
// CHECK-NEXT:            %[[ST2:.+]] = memref.load %[[WIN]][%[[ST2A]]] : memref<4096xi32, #gpu.address_space<workgroup>>
// CHECK-NEXT:            %[[SGE2:.+]] = arith.cmpi sge, %[[ST2]], %[[SZEROI]] : i32
// CHECK-NEXT:            %[[SLT2I:.+]] = arith.index_cast %[[ST2]] : i32 to index
// CHECK-NEXT:            %[[SLT2:.+]] = arith.cmpi slt, %[[SLT2I]], %[[KN]] : index
// CHECK-NEXT:            %[[SOK2:.+]] = arith.andi %[[SGE2]], %[[SLT2]] : i1
// CHECK-NEXT:            %[[SII2:.+]] = arith.index_cast %[[SI2]] : index to i32
// CHECK-NEXT:            %[[SX2:.+]] = arith.xori %[[SII2]], %[[ST2]] : i32
// CHECK-NEXT:            %[[SBITS2:.+]] = arith.select %[[SOK2]], %[[SX2]], %[[SZEROI]] : i32
// CHECK-NEXT:            %[[SATI2:.+]] = arith.cmpi eq, %[[SM1]], %[[SII2]] : i32
// CHECK-NEXT:            %[[SATT2:.+]] = arith.cmpi eq, %[[SM1]], %[[ST2]] : i32
// CHECK-NEXT:            %[[SMOVES2:.+]] = arith.ori %[[SATI2]], %[[SATT2]] : i1
// CHECK-NEXT:            %[[SPX2:.+]] = arith.xori %[[SM1]], %[[SBITS2]] : i32
// CHECK-NEXT:            %[[SM2:.+]] = arith.select %[[SMOVES2]], %[[SPX2]], %[[SM1]] : i32
// CHECK-NOT:             memref.load
// CHECK:                 %[[SR3:.+]] = arith.addi %[[SR]], %{{.+}} : index
// CHECK-NEXT:            %[[SI3:.+]] = arith.subi %[[SLAST]], %[[SR3]] : index
// CHECK-NEXT:            %[[ST3A:.+]] = arith.addi %[[BASE]], %[[SI3]] : index
// CHECK-NEXT:            %[[ST3:.+]] = memref.load %[[WIN]][%[[ST3A]]] : memref<4096xi32, #gpu.address_space<workgroup>>
// CHECK-NEXT:            %[[SGE3:.+]] = arith.cmpi sge, %[[ST3]], %[[SZEROI]] : i32
// CHECK-NEXT:            %[[SLT3I:.+]] = arith.index_cast %[[ST3]] : i32 to index
// CHECK-NEXT:            %[[SLT3:.+]] = arith.cmpi slt, %[[SLT3I]], %[[KN]] : index
// CHECK-NEXT:            %[[SOK3:.+]] = arith.andi %[[SGE3]], %[[SLT3]] : i1
// CHECK-NEXT:            %[[SII3:.+]] = arith.index_cast %[[SI3]] : index to i32
// CHECK-NEXT:            %[[SX3:.+]] = arith.xori %[[SII3]], %[[ST3]] : i32
// CHECK-NEXT:            %[[SBITS3:.+]] = arith.select %[[SOK3]], %[[SX3]], %[[SZEROI]] : i32
// CHECK-NEXT:            %[[SATI3:.+]] = arith.cmpi eq, %[[SM2]], %[[SII3]] : i32
// CHECK-NEXT:            %[[SATT3:.+]] = arith.cmpi eq, %[[SM2]], %[[ST3]] : i32
// CHECK-NEXT:            %[[SMOVES3:.+]] = arith.ori %[[SATI3]], %[[SATT3]] : i1
// CHECK-NEXT:            %[[SPX3:.+]] = arith.xori %[[SM2]], %[[SBITS3]] : i32
// CHECK-NEXT:            %[[SM3:.+]] = arith.select %[[SMOVES3]], %[[SPX3]], %[[SM2]] : i32
// CHECK-NEXT:            scf.yield %[[SM3]] : i32
// CHECK-NEXT:          }
// CHECK-NEXT:          %[[STRACE:.+]] = scf.for %[[SRR:[^ ]+]] = %[[SUB]] to %[[STEPS]] step %[[SC1]] iter_args(%[[SRPOS:[^ ]+]] = %[[SMAIN]]) -> (i32) {
// CHECK-NEXT:            %[[SRI:.+]] = arith.subi %[[SLAST]], %[[SRR]] : index
// CHECK-NEXT:            %[[SRTA:.+]] = arith.addi %[[BASE]], %[[SRI]] : index
// CHECK-NEXT:            %[[SRT:.+]] = memref.load %[[WIN]][%[[SRTA]]] : memref<4096xi32, #gpu.address_space<workgroup>>
// CHECK-NEXT:            %[[SGER:.+]] = arith.cmpi sge, %[[SRT]], %[[SZEROI]] : i32
// CHECK-NEXT:            %[[SLTRI:.+]] = arith.index_cast %[[SRT]] : i32 to index
// CHECK-NEXT:            %[[SLTR:.+]] = arith.cmpi slt, %[[SLTRI]], %[[KN]] : index
// CHECK-NEXT:            %[[SOKR:.+]] = arith.andi %[[SGER]], %[[SLTR]] : i1
// CHECK-NEXT:            %[[SIIR:.+]] = arith.index_cast %[[SRI]] : index to i32
// CHECK-NEXT:            %[[SXR:.+]] = arith.xori %[[SIIR]], %[[SRT]] : i32
// CHECK-NEXT:            %[[SBITSR:.+]] = arith.select %[[SOKR]], %[[SXR]], %[[SZEROI]] : i32
// CHECK-NEXT:            %[[SATIR:.+]] = arith.cmpi eq, %[[SRPOS]], %[[SIIR]] : i32
// CHECK-NEXT:            %[[SATTR:.+]] = arith.cmpi eq, %[[SRPOS]], %[[SRT]] : i32
// CHECK-NEXT:            %[[SMOVESR:.+]] = arith.ori %[[SATIR]], %[[SATTR]] : i1
// CHECK-NEXT:            %[[SPXR:.+]] = arith.xori %[[SRPOS]], %[[SBITSR]] : i32
// CHECK-NEXT:            %[[SMR:.+]] = arith.select %[[SMOVESR]], %[[SPXR]], %[[SRPOS]] : i32
// CHECK-NEXT:            scf.yield %[[SMR]] : i32
// CHECK-NEXT:          }
// CHECK-NEXT:          scf.yield %[[STRACE]] : i32
// Global trace: pivot i of the matrix is pivots[matrix][i].
// CHECK-NEXT:          } else {
// CHECK-NEXT:            %[[GC0:.+]] = arith.constant 0 : index
// CHECK-NEXT:            %[[GC1:.+]] = arith.constant 1 : index
// CHECK-NEXT:            %[[GLAST:.+]] = arith.subi %[[STEPS]], %[[GC1]] : index
// CHECK-NEXT:            %[[GZEROI:.+]] = arith.constant 0 : i32
// CHECK-NEXT:            %[[GONEI:.+]] = arith.constant 1 : i32
// CHECK-NOT:             memref.load
// CHECK:                 %[[GMAIN:.+]] = scf.for %[[GR:[^ ]+]] = %[[GC0]] to %[[GUB:[^ ]+]] step %{{.+}} iter_args(%[[GPOS:[^ ]+]] = %[[START]]) -> (i32) {
// CHECK-NEXT:            %[[GI0:.+]] = arith.subi %[[GLAST]], %[[GR]] : index
// CHECK-NEXT:            %[[GT0:.+]] = memref.load %[[PIV]][%[[MAT]], %[[GI0]]] : memref<?x?xi32>
// CHECK-NEXT:            %[[GGE0:.+]] = arith.cmpi sge, %[[GT0]], %[[GZEROI]] : i32
// CHECK-NEXT:            %[[GLT0I:.+]] = arith.index_cast %[[GT0]] : i32 to index
// CHECK-NEXT:            %[[GLT0:.+]] = arith.cmpi slt, %[[GLT0I]], %[[KN]] : index
// CHECK-NEXT:            %[[GOK0:.+]] = arith.andi %[[GGE0]], %[[GLT0]] : i1
// CHECK-NEXT:            %[[GII0:.+]] = arith.index_cast %[[GI0]] : index to i32
// CHECK-NEXT:            %[[GX0:.+]] = arith.xori %[[GII0]], %[[GT0]] : i32
// CHECK-NEXT:            %[[GBITS0:.+]] = arith.select %[[GOK0]], %[[GX0]], %[[GZEROI]] : i32
// CHECK-NEXT:            %[[GATI0:.+]] = arith.cmpi eq, %[[GPOS]], %[[GII0]] : i32
// CHECK-NEXT:            %[[GATT0:.+]] = arith.cmpi eq, %[[GPOS]], %[[GT0]] : i32
// CHECK-NEXT:            %[[GMOVES0:.+]] = arith.ori %[[GATI0]], %[[GATT0]] : i1
// CHECK-NEXT:            %[[GPX0:.+]] = arith.xori %[[GPOS]], %[[GBITS0]] : i32
// CHECK-NEXT:            %[[GM0:.+]] = arith.select %[[GMOVES0]], %[[GPX0]], %[[GPOS]] : i32
// CHECK-NOT:             memref.load
// CHECK:                 %[[GR1:.+]] = arith.addi %[[GR]], %{{.+}} : index
// CHECK-NEXT:            %[[GI1:.+]] = arith.subi %[[GLAST]], %[[GR1]] : index
// CHECK-NEXT:            %[[GT1:.+]] = memref.load %[[PIV]][%[[MAT]], %[[GI1]]] : memref<?x?xi32>
// CHECK-NEXT:            %[[GGE1:.+]] = arith.cmpi sge, %[[GT1]], %[[GZEROI]] : i32
// CHECK-NEXT:            %[[GLT1I:.+]] = arith.index_cast %[[GT1]] : i32 to index
// CHECK-NEXT:            %[[GLT1:.+]] = arith.cmpi slt, %[[GLT1I]], %[[KN]] : index
// CHECK-NEXT:            %[[GOK1:.+]] = arith.andi %[[GGE1]], %[[GLT1]] : i1
// CHECK-NEXT:            %[[GII1:.+]] = arith.index_cast %[[GI1]] : index to i32
// CHECK-NEXT:            %[[GX1:.+]] = arith.xori %[[GII1]], %[[GT1]] : i32
// CHECK-NEXT:            %[[GBITS1:.+]] = arith.select %[[GOK1]], %[[GX1]], %[[GZEROI]] : i32
// CHECK-NEXT:            %[[GATI1:.+]] = arith.cmpi eq, %[[GM0]], %[[GII1]] : i32
// CHECK-NEXT:            %[[GATT1:.+]] = arith.cmpi eq, %[[GM0]], %[[GT1]] : i32
// CHECK-NEXT:            %[[GMOVES1:.+]] = arith.ori %[[GATI1]], %[[GATT1]] : i1
// CHECK-NEXT:            %[[GPX1:.+]] = arith.xori %[[GM0]], %[[GBITS1]] : i32
// CHECK-NEXT:            %[[GM1:.+]] = arith.select %[[GMOVES1]], %[[GPX1]], %[[GM0]] : i32
// CHECK-NOT:             memref.load
// CHECK:                 %[[GR2:.+]] = arith.addi %[[GR]], %{{.+}} : index
// CHECK-NEXT:            %[[GI2:.+]] = arith.subi %[[GLAST]], %[[GR2]] : index
// CHECK-NEXT:            %[[GT2:.+]] = memref.load %[[PIV]][%[[MAT]], %[[GI2]]] : memref<?x?xi32>
// CHECK-NEXT:            %[[GGE2:.+]] = arith.cmpi sge, %[[GT2]], %[[GZEROI]] : i32
// CHECK-NEXT:            %[[GLT2I:.+]] = arith.index_cast %[[GT2]] : i32 to index
// CHECK-NEXT:            %[[GLT2:.+]] = arith.cmpi slt, %[[GLT2I]], %[[KN]] : index
// CHECK-NEXT:            %[[GOK2:.+]] = arith.andi %[[GGE2]], %[[GLT2]] : i1
// CHECK-NEXT:            %[[GII2:.+]] = arith.index_cast %[[GI2]] : index to i32
// CHECK-NEXT:            %[[GX2:.+]] = arith.xori %[[GII2]], %[[GT2]] : i32
// CHECK-NEXT:            %[[GBITS2:.+]] = arith.select %[[GOK2]], %[[GX2]], %[[GZEROI]] : i32
// CHECK-NEXT:            %[[GATI2:.+]] = arith.cmpi eq, %[[GM1]], %[[GII2]] : i32
// CHECK-NEXT:            %[[GATT2:.+]] = arith.cmpi eq, %[[GM1]], %[[GT2]] : i32
// CHECK-NEXT:            %[[GMOVES2:.+]] = arith.ori %[[GATI2]], %[[GATT2]] : i1
// CHECK-NEXT:            %[[GPX2:.+]] = arith.xori %[[GM1]], %[[GBITS2]] : i32
// CHECK-NEXT:            %[[GM2:.+]] = arith.select %[[GMOVES2]], %[[GPX2]], %[[GM1]] : i32
// CHECK-NOT:             memref.load
// CHECK:                 %[[GR3:.+]] = arith.addi %[[GR]], %{{.+}} : index
// CHECK-NEXT:            %[[GI3:.+]] = arith.subi %[[GLAST]], %[[GR3]] : index
// CHECK-NEXT:            %[[GT3:.+]] = memref.load %[[PIV]][%[[MAT]], %[[GI3]]] : memref<?x?xi32>
// CHECK-NEXT:            %[[GGE3:.+]] = arith.cmpi sge, %[[GT3]], %[[GZEROI]] : i32
// CHECK-NEXT:            %[[GLT3I:.+]] = arith.index_cast %[[GT3]] : i32 to index
// CHECK-NEXT:            %[[GLT3:.+]] = arith.cmpi slt, %[[GLT3I]], %[[KN]] : index
// CHECK-NEXT:            %[[GOK3:.+]] = arith.andi %[[GGE3]], %[[GLT3]] : i1
// CHECK-NEXT:            %[[GII3:.+]] = arith.index_cast %[[GI3]] : index to i32
// CHECK-NEXT:            %[[GX3:.+]] = arith.xori %[[GII3]], %[[GT3]] : i32
// CHECK-NEXT:            %[[GBITS3:.+]] = arith.select %[[GOK3]], %[[GX3]], %[[GZEROI]] : i32
// CHECK-NEXT:            %[[GATI3:.+]] = arith.cmpi eq, %[[GM2]], %[[GII3]] : i32
// CHECK-NEXT:            %[[GATT3:.+]] = arith.cmpi eq, %[[GM2]], %[[GT3]] : i32
// CHECK-NEXT:            %[[GMOVES3:.+]] = arith.ori %[[GATI3]], %[[GATT3]] : i1
// CHECK-NEXT:            %[[GPX3:.+]] = arith.xori %[[GM2]], %[[GBITS3]] : i32
// CHECK-NEXT:            %[[GM3:.+]] = arith.select %[[GMOVES3]], %[[GPX3]], %[[GM2]] : i32
// CHECK-NEXT:            scf.yield %[[GM3]] : i32
// CHECK-NEXT:          }
// CHECK-NEXT:          %[[GTRACE:.+]] = scf.for %[[GRR:[^ ]+]] = %[[GUB]] to %[[STEPS]] step %[[GC1]] iter_args(%[[GRPOS:[^ ]+]] = %[[GMAIN]]) -> (i32) {
// CHECK-NEXT:            %[[GRI:.+]] = arith.subi %[[GLAST]], %[[GRR]] : index
// CHECK-NEXT:            %[[GRT:.+]] = memref.load %[[PIV]][%[[MAT]], %[[GRI]]] : memref<?x?xi32>
// CHECK-NEXT:            %[[GGER:.+]] = arith.cmpi sge, %[[GRT]], %[[GZEROI]] : i32
// CHECK-NEXT:            %[[GLTRI:.+]] = arith.index_cast %[[GRT]] : i32 to index
// CHECK-NEXT:            %[[GLTR:.+]] = arith.cmpi slt, %[[GLTRI]], %[[KN]] : index
// CHECK-NEXT:            %[[GOKR:.+]] = arith.andi %[[GGER]], %[[GLTR]] : i1
// CHECK-NEXT:            %[[GIIR:.+]] = arith.index_cast %[[GRI]] : index to i32
// CHECK-NEXT:            %[[GXR:.+]] = arith.xori %[[GIIR]], %[[GRT]] : i32
// CHECK-NEXT:            %[[GBITSR:.+]] = arith.select %[[GOKR]], %[[GXR]], %[[GZEROI]] : i32
// CHECK-NEXT:            %[[GATIR:.+]] = arith.cmpi eq, %[[GRPOS]], %[[GIIR]] : i32
// CHECK-NEXT:            %[[GATTR:.+]] = arith.cmpi eq, %[[GRPOS]], %[[GRT]] : i32
// CHECK-NEXT:            %[[GMOVESR:.+]] = arith.ori %[[GATIR]], %[[GATTR]] : i1
// CHECK-NEXT:            %[[GPXR:.+]] = arith.xori %[[GRPOS]], %[[GBITSR]] : i32
// CHECK-NEXT:            %[[GMR:.+]] = arith.select %[[GMOVESR]], %[[GPXR]], %[[GRPOS]] : i32
// CHECK-NEXT:            scf.yield %[[GMR]] : i32
// CHECK-NEXT:          }
// CHECK-NEXT:          scf.yield %[[GTRACE]] : i32
// CHECK-NEXT:          }
// CHECK-NEXT:          memref.store %[[RES]], %[[PERM]][%[[MAT]], %[[J]]] : memref<?x?xi32>
// CHECK-NEXT:        }
// The window is refilled by the next chunk only after every thread is done.
// CHECK-NEXT:        gpu.barrier
// CHECK-NEXT:      }
// CHECK-NEXT:      }
// CHECK-NEXT:      }
// CHECK-NEXT:      gpu.return
// None in the short path, exactly two in the loop body of the grouped and of
// the flat path, none in their conditionals.
// SYNC-LABEL: gpu.func @linalgx_pivots_to_permutation_i32(
// SYNC-NOT:     gpu.barrier
// SYNC:         memref.view
// SYNC-NOT:     gpu.barrier
// SYNC:         scf.for
// SYNC-NOT:     gpu.barrier
// SYNC:         memref.store
// SYNC-COUNT-3: memref.store
// SYNC-NEXT:    }
// SYNC-NEXT:    }
// SYNC-NEXT:    gpu.barrier
// SYNC-NOT:     gpu.barrier
// SYNC:         } else {
// SYNC-NEXT:    scf.yield %{{.+}} : i32
// SYNC-NEXT:    }
// SYNC-NEXT:    gpu.barrier
// SYNC-NOT:     gpu.barrier
// SYNC:         } else {
// SYNC-NOT:     gpu.barrier
// SYNC:         scf.for
// SYNC-NOT:     gpu.barrier
// SYNC:         scf.if
// SYNC-NOT:     gpu.barrier
// SYNC:         }
// SYNC-NEXT:    }
// SYNC-NEXT:    gpu.barrier
// SYNC-NOT:     gpu.barrier
// SYNC:         memref.store
// SYNC-NEXT:    }
// SYNC-NEXT:    gpu.barrier
// SYNC-NEXT:    }
// SYNC-NEXT:    }
// SYNC-NEXT:    }
// SYNC-NEXT:    gpu.return
func.func @perm_unbatched_i32(%p: memref<3xi32>, %q: memref<5xi32>) {
  linalgx.pivots_to_permutation ins(%p : memref<3xi32>) outs(%q : memref<5xi32>)
  return
}

// -----

// One batch dimension, one_based i64: no reshape, only the cast to
// memref<?x?xi64>; the window holds 4096 i64 pivots, and the kernel subtracts
// 1 from each pivot before the range check, in all four unrolled steps and
// the remainder, in both traces.
// CHECK-LABEL: func.func @perm_batched_one_based_i64
// CHECK-SAME:    (%[[P:[^:]+]]: memref<2x3xi64>, %[[Q:[^:]+]]: memref<2x5xi64>)
// CHECK:         %[[TOKEN:.+]] = gpu.wait async
// CHECK-NOT:     memref.collapse_shape
// CHECK-NOT:     memref.expand_shape
// CHECK:         %[[P2:.+]] = memref.cast %[[P]] : memref<2x3xi64> to memref<?x?xi64>
// CHECK:         %[[Q2:.+]] = memref.cast %[[Q]] : memref<2x5xi64> to memref<?x?xi64>
// CHECK:         arith.minui
// CHECK-NEXT:    %[[GRID:.+]] = arith.maxui
// CHECK-NOT:     gpu.launch_func
// CHECK:         %[[DONE:.+]] = gpu.launch_func async [%[[TOKEN]]] @linalgx_kernels::@linalgx_pivots_to_permutation_i64_one_based blocks in (%[[GRID]], %{{.+}}, %{{.+}}) threads in (%{{.+}}, %{{.+}}, %{{.+}}) args(%[[P2]] : memref<?x?xi64>, %[[Q2]] : memref<?x?xi64>)
// CHECK-NOT:     gpu.launch_func
// CHECK:         gpu.wait [%[[DONE]]]
// CHECK-NEXT:    return
//
// CHECK-LABEL: gpu.module @linalgx_kernels
// CHECK:         gpu.func @linalgx_pivots_to_permutation_i64_one_based(%[[PIV:[^:]+]]: memref<?x?xi64>, %[[PERM:[^:]+]]: memref<?x?xi64>) workgroup(%[[SHARED:[^ ]+]] : memref<16384xi8, #gpu.address_space<workgroup>> {llvm.align = 16 : i64}) kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
// CHECK:           memref.dim %[[PERM]], %{{.+}} : memref<?x?xi64>
// CHECK-NEXT:      arith.constant 1 : index
// CHECK-NEXT:      %[[KN:.+]] = memref.dim %[[PERM]], %{{.+}} : memref<?x?xi64>
// CHECK-NEXT:      arith.constant 1 : index
// CHECK-NEXT:      %[[KK:.+]] = memref.dim %[[PIV]], %{{.+}} : memref<?x?xi64>
// CHECK-NEXT:      %[[STEPS:.+]] = arith.minui %[[KK]], %[[KN]] : index
// Grouped path: the i64 pivot, made zero-based, range-checked against N and
// truncated to the 32-bit position the trace works with; the final position
// widened back to i64.
// CHECK:           %[[GJ32:.+]] = arith.remui %{{.+}}, %{{.+}} : i32
// CHECK:           %[[NINT:.+]] = arith.index_cast %[[KN]] : index to i64
// CHECK-NEXT:      %[[GONEI:.+]] = arith.constant 1 : i64
// CHECK:             %[[GPV:.+]] = memref.load %[[PIV]][%{{.+}}, %{{.+}}] : memref<?x?xi64>
// CHECK-NEXT:        %[[GPV0:.+]] = arith.subi %[[GPV]], %[[GONEI]] : i64
// CHECK-NEXT:        %[[GVALID:.+]] = arith.cmpi ult, %[[GPV0]], %[[NINT]] : i64
// CHECK-NEXT:        %[[GPV32:.+]] = arith.trunci %[[GPV0]] : i64 to i32
// CHECK-NEXT:        arith.select %[[GVALID]], %[[GPV32]], %[[GJ32]] : i32
// CHECK:             gpu.barrier
// CHECK:             gpu.barrier
// CHECK:             memref.load %[[TABLES]]
// CHECK:             memref.load %[[TABLES]]
// CHECK:             %[[GFINAL:.+]] = memref.load %[[TABLES]][%{{.+}}] : memref<1792xi32, #gpu.address_space<workgroup>>
// CHECK-NEXT:        %[[GFINAL64:.+]] = arith.extui %[[GFINAL]] : i32 to i64
// CHECK-NEXT:        memref.store %[[GFINAL64]], %[[PERM]][%{{.+}}, %{{.+}}] : memref<?x?xi64>
// CHECK:           } else {
// CHECK:             arith.muli
// CHECK:           scf.for
// CHECK:             %[[NEED:.+]] = arith.muli %{{.+}}, %[[KK]] : index
// CHECK-NEXT:        %[[WSIZE:.+]] = arith.constant 2048 : index
// CHECK-NEXT:        %[[STAGED:.+]] = arith.cmpi ule, %[[NEED]], %[[WSIZE]] : index
// CHECK-NEXT:        scf.if %[[STAGED]] {
// CHECK-NEXT:          scf.for %[[IDX:[^ ]+]] = {{.+}} {
// CHECK:                 %[[PV:.+]] = memref.load %[[PIV]][%{{.+}}, %{{.+}}] : memref<?x?xi64>
// CHECK-NEXT:            memref.store %[[PV]], %[[WIN]][%[[IDX]]] : memref<2048xi64, #gpu.address_space<workgroup>>
// CHECK-NEXT:          }
// CHECK-NEXT:        }
// CHECK-NEXT:        gpu.barrier
// CHECK-NEXT:        scf.if
// CHECK-NEXT:          %[[MAT:.+]] = arith.divui
// CHECK-NEXT:          %[[J:.+]] = arith.remui
// CHECK-NEXT:          %[[START:.+]] = arith.index_cast %[[J]] : index to i64
// CHECK-NEXT:          %[[RES:.+]] = scf.if %[[STAGED]] -> (i64) {
// CHECK-NEXT:            arith.subi %[[MAT]]
// CHECK-NEXT:            %[[BASE:.+]] = arith.muli %{{.+}}, %[[KK]] : index
// CHECK-NEXT:            %[[SC0:.+]] = arith.constant 0 : index
// CHECK-NEXT:            %[[SC1:.+]] = arith.constant 1 : index
// CHECK-NEXT:            %[[SLAST:.+]] = arith.subi %[[STEPS]], %[[SC1]] : index
// CHECK-NEXT:            %[[SZEROI:.+]] = arith.constant 0 : i64
// CHECK-NEXT:            %[[SONEI:.+]] = arith.constant 1 : i64
// CHECK-NOT:             memref.load
// CHECK:                 %[[SMAIN:.+]] = scf.for %[[SR:[^ ]+]] = %[[SC0]] to %[[SUB:[^ ]+]] step %{{.+}} iter_args(%[[SPOS:[^ ]+]] = %[[START]]) -> (i64) {
// CHECK-NEXT:            %[[SI0:.+]] = arith.subi %[[SLAST]], %[[SR]] : index
// CHECK-NEXT:            %[[ST0A:.+]] = arith.addi %[[BASE]], %[[SI0]] : index
// CHECK-NEXT:            %[[ST0:.+]] = memref.load %[[WIN]][%[[ST0A]]] : memref<2048xi64, #gpu.address_space<workgroup>>
// CHECK-NEXT:            %[[STG0:.+]] = arith.subi %[[ST0]], %[[SONEI]] : i64
// CHECK-NEXT:            %[[SGE0:.+]] = arith.cmpi sge, %[[STG0]], %[[SZEROI]] : i64
// CHECK-NEXT:            %[[SLT0I:.+]] = arith.index_cast %[[STG0]] : i64 to index
// CHECK-NEXT:            %[[SLT0:.+]] = arith.cmpi slt, %[[SLT0I]], %[[KN]] : index
// CHECK-NEXT:            %[[SOK0:.+]] = arith.andi %[[SGE0]], %[[SLT0]] : i1
// A swap xors a position at i or at the target with i ^ target (0 when
// the pivot names no swap).
// CHECK-NEXT:            %[[SII0:.+]] = arith.index_cast %[[SI0]] : index to i64
// CHECK-NEXT:            %[[SX0:.+]] = arith.xori %[[SII0]], %[[STG0]] : i64
// CHECK-NEXT:            %[[SBITS0:.+]] = arith.select %[[SOK0]], %[[SX0]], %[[SZEROI]] : i64
// CHECK-NEXT:            %[[SATI0:.+]] = arith.cmpi eq, %[[SPOS]], %[[SII0]] : i64
// CHECK-NEXT:            %[[SATT0:.+]] = arith.cmpi eq, %[[SPOS]], %[[STG0]] : i64
// CHECK-NEXT:            %[[SMOVES0:.+]] = arith.ori %[[SATI0]], %[[SATT0]] : i1
// CHECK-NEXT:            %[[SPX0:.+]] = arith.xori %[[SPOS]], %[[SBITS0]] : i64
// CHECK-NEXT:            %[[SM0:.+]] = arith.select %[[SMOVES0]], %[[SPX0]], %[[SPOS]] : i64
// CHECK-NOT:             memref.load
// CHECK:                 %[[SR1:.+]] = arith.addi %[[SR]], %{{.+}} : index
// CHECK-NEXT:            %[[SI1:.+]] = arith.subi %[[SLAST]], %[[SR1]] : index
// CHECK-NEXT:            %[[ST1A:.+]] = arith.addi %[[BASE]], %[[SI1]] : index
// CHECK-NEXT:            %[[ST1:.+]] = memref.load %[[WIN]][%[[ST1A]]] : memref<2048xi64, #gpu.address_space<workgroup>>
// CHECK-NEXT:            %[[STG1:.+]] = arith.subi %[[ST1]], %[[SONEI]] : i64
// CHECK-NEXT:            %[[SGE1:.+]] = arith.cmpi sge, %[[STG1]], %[[SZEROI]] : i64
// CHECK-NEXT:            %[[SLT1I:.+]] = arith.index_cast %[[STG1]] : i64 to index
// CHECK-NEXT:            %[[SLT1:.+]] = arith.cmpi slt, %[[SLT1I]], %[[KN]] : index
// CHECK-NEXT:            %[[SOK1:.+]] = arith.andi %[[SGE1]], %[[SLT1]] : i1
// CHECK-NEXT:            %[[SII1:.+]] = arith.index_cast %[[SI1]] : index to i64
// CHECK-NEXT:            %[[SX1:.+]] = arith.xori %[[SII1]], %[[STG1]] : i64
// CHECK-NEXT:            %[[SBITS1:.+]] = arith.select %[[SOK1]], %[[SX1]], %[[SZEROI]] : i64
// CHECK-NEXT:            %[[SATI1:.+]] = arith.cmpi eq, %[[SM0]], %[[SII1]] : i64
// CHECK-NEXT:            %[[SATT1:.+]] = arith.cmpi eq, %[[SM0]], %[[STG1]] : i64
// CHECK-NEXT:            %[[SMOVES1:.+]] = arith.ori %[[SATI1]], %[[SATT1]] : i1
// CHECK-NEXT:            %[[SPX1:.+]] = arith.xori %[[SM0]], %[[SBITS1]] : i64
// CHECK-NEXT:            %[[SM1:.+]] = arith.select %[[SMOVES1]], %[[SPX1]], %[[SM0]] : i64
// CHECK-NOT:             memref.load
// CHECK:                 %[[SR2:.+]] = arith.addi %[[SR]], %{{.+}} : index
// CHECK-NEXT:            %[[SI2:.+]] = arith.subi %[[SLAST]], %[[SR2]] : index
// CHECK-NEXT:            %[[ST2A:.+]] = arith.addi %[[BASE]], %[[SI2]] : index
// CHECK-NEXT:            %[[ST2:.+]] = memref.load %[[WIN]][%[[ST2A]]] : memref<2048xi64, #gpu.address_space<workgroup>>
// CHECK-NEXT:            %[[STG2:.+]] = arith.subi %[[ST2]], %[[SONEI]] : i64
// CHECK-NEXT:            %[[SGE2:.+]] = arith.cmpi sge, %[[STG2]], %[[SZEROI]] : i64
// CHECK-NEXT:            %[[SLT2I:.+]] = arith.index_cast %[[STG2]] : i64 to index
// CHECK-NEXT:            %[[SLT2:.+]] = arith.cmpi slt, %[[SLT2I]], %[[KN]] : index
// CHECK-NEXT:            %[[SOK2:.+]] = arith.andi %[[SGE2]], %[[SLT2]] : i1
// CHECK-NEXT:            %[[SII2:.+]] = arith.index_cast %[[SI2]] : index to i64
// CHECK-NEXT:            %[[SX2:.+]] = arith.xori %[[SII2]], %[[STG2]] : i64
// CHECK-NEXT:            %[[SBITS2:.+]] = arith.select %[[SOK2]], %[[SX2]], %[[SZEROI]] : i64
// CHECK-NEXT:            %[[SATI2:.+]] = arith.cmpi eq, %[[SM1]], %[[SII2]] : i64
// CHECK-NEXT:            %[[SATT2:.+]] = arith.cmpi eq, %[[SM1]], %[[STG2]] : i64
// CHECK-NEXT:            %[[SMOVES2:.+]] = arith.ori %[[SATI2]], %[[SATT2]] : i1
// CHECK-NEXT:            %[[SPX2:.+]] = arith.xori %[[SM1]], %[[SBITS2]] : i64
// CHECK-NEXT:            %[[SM2:.+]] = arith.select %[[SMOVES2]], %[[SPX2]], %[[SM1]] : i64
// CHECK-NOT:             memref.load
// CHECK:                 %[[SR3:.+]] = arith.addi %[[SR]], %{{.+}} : index
// CHECK-NEXT:            %[[SI3:.+]] = arith.subi %[[SLAST]], %[[SR3]] : index
// CHECK-NEXT:            %[[ST3A:.+]] = arith.addi %[[BASE]], %[[SI3]] : index
// CHECK-NEXT:            %[[ST3:.+]] = memref.load %[[WIN]][%[[ST3A]]] : memref<2048xi64, #gpu.address_space<workgroup>>
// CHECK-NEXT:            %[[STG3:.+]] = arith.subi %[[ST3]], %[[SONEI]] : i64
// CHECK-NEXT:            %[[SGE3:.+]] = arith.cmpi sge, %[[STG3]], %[[SZEROI]] : i64
// CHECK-NEXT:            %[[SLT3I:.+]] = arith.index_cast %[[STG3]] : i64 to index
// CHECK-NEXT:            %[[SLT3:.+]] = arith.cmpi slt, %[[SLT3I]], %[[KN]] : index
// CHECK-NEXT:            %[[SOK3:.+]] = arith.andi %[[SGE3]], %[[SLT3]] : i1
// CHECK-NEXT:            %[[SII3:.+]] = arith.index_cast %[[SI3]] : index to i64
// CHECK-NEXT:            %[[SX3:.+]] = arith.xori %[[SII3]], %[[STG3]] : i64
// CHECK-NEXT:            %[[SBITS3:.+]] = arith.select %[[SOK3]], %[[SX3]], %[[SZEROI]] : i64
// CHECK-NEXT:            %[[SATI3:.+]] = arith.cmpi eq, %[[SM2]], %[[SII3]] : i64
// CHECK-NEXT:            %[[SATT3:.+]] = arith.cmpi eq, %[[SM2]], %[[STG3]] : i64
// CHECK-NEXT:            %[[SMOVES3:.+]] = arith.ori %[[SATI3]], %[[SATT3]] : i1
// CHECK-NEXT:            %[[SPX3:.+]] = arith.xori %[[SM2]], %[[SBITS3]] : i64
// CHECK-NEXT:            %[[SM3:.+]] = arith.select %[[SMOVES3]], %[[SPX3]], %[[SM2]] : i64
// CHECK-NEXT:            scf.yield %[[SM3]] : i64
// CHECK-NEXT:          }
// CHECK-NEXT:          %[[STRACE:.+]] = scf.for %[[SRR:[^ ]+]] = %[[SUB]] to %[[STEPS]] step %[[SC1]] iter_args(%[[SRPOS:[^ ]+]] = %[[SMAIN]]) -> (i64) {
// CHECK-NEXT:            %[[SRI:.+]] = arith.subi %[[SLAST]], %[[SRR]] : index
// CHECK-NEXT:            %[[SRTA:.+]] = arith.addi %[[BASE]], %[[SRI]] : index
// CHECK-NEXT:            %[[SRT:.+]] = memref.load %[[WIN]][%[[SRTA]]] : memref<2048xi64, #gpu.address_space<workgroup>>
// CHECK-NEXT:            %[[STGR:.+]] = arith.subi %[[SRT]], %[[SONEI]] : i64
// CHECK-NEXT:            %[[SGER:.+]] = arith.cmpi sge, %[[STGR]], %[[SZEROI]] : i64
// CHECK-NEXT:            %[[SLTRI:.+]] = arith.index_cast %[[STGR]] : i64 to index
// CHECK-NEXT:            %[[SLTR:.+]] = arith.cmpi slt, %[[SLTRI]], %[[KN]] : index
// CHECK-NEXT:            %[[SOKR:.+]] = arith.andi %[[SGER]], %[[SLTR]] : i1
// CHECK-NEXT:            %[[SIIR:.+]] = arith.index_cast %[[SRI]] : index to i64
// CHECK-NEXT:            %[[SXR:.+]] = arith.xori %[[SIIR]], %[[STGR]] : i64
// CHECK-NEXT:            %[[SBITSR:.+]] = arith.select %[[SOKR]], %[[SXR]], %[[SZEROI]] : i64
// CHECK-NEXT:            %[[SATIR:.+]] = arith.cmpi eq, %[[SRPOS]], %[[SIIR]] : i64
// CHECK-NEXT:            %[[SATTR:.+]] = arith.cmpi eq, %[[SRPOS]], %[[STGR]] : i64
// CHECK-NEXT:            %[[SMOVESR:.+]] = arith.ori %[[SATIR]], %[[SATTR]] : i1
// CHECK-NEXT:            %[[SPXR:.+]] = arith.xori %[[SRPOS]], %[[SBITSR]] : i64
// CHECK-NEXT:            %[[SMR:.+]] = arith.select %[[SMOVESR]], %[[SPXR]], %[[SRPOS]] : i64
// CHECK-NEXT:            scf.yield %[[SMR]] : i64
// CHECK-NEXT:          }
// CHECK-NEXT:          scf.yield %[[STRACE]] : i64
// CHECK-NEXT:          } else {
// CHECK-NEXT:            %[[GC0:.+]] = arith.constant 0 : index
// CHECK-NEXT:            %[[GC1:.+]] = arith.constant 1 : index
// CHECK-NEXT:            %[[GLAST:.+]] = arith.subi %[[STEPS]], %[[GC1]] : index
// CHECK-NEXT:            %[[GZEROI:.+]] = arith.constant 0 : i64
// CHECK-NEXT:            %[[GONEI:.+]] = arith.constant 1 : i64
// CHECK-NOT:             memref.load
// CHECK:                 %[[GMAIN:.+]] = scf.for %[[GR:[^ ]+]] = %[[GC0]] to %[[GUB:[^ ]+]] step %{{.+}} iter_args(%[[GPOS:[^ ]+]] = %[[START]]) -> (i64) {
// CHECK-NEXT:            %[[GI0:.+]] = arith.subi %[[GLAST]], %[[GR]] : index
// CHECK-NEXT:            %[[GT0:.+]] = memref.load %[[PIV]][%[[MAT]], %[[GI0]]] : memref<?x?xi64>
// CHECK-NEXT:            %[[GTG0:.+]] = arith.subi %[[GT0]], %[[GONEI]] : i64
// CHECK-NEXT:            %[[GGE0:.+]] = arith.cmpi sge, %[[GTG0]], %[[GZEROI]] : i64
// CHECK-NEXT:            %[[GLT0I:.+]] = arith.index_cast %[[GTG0]] : i64 to index
// CHECK-NEXT:            %[[GLT0:.+]] = arith.cmpi slt, %[[GLT0I]], %[[KN]] : index
// CHECK-NEXT:            %[[GOK0:.+]] = arith.andi %[[GGE0]], %[[GLT0]] : i1
// CHECK-NEXT:            %[[GII0:.+]] = arith.index_cast %[[GI0]] : index to i64
// CHECK-NEXT:            %[[GX0:.+]] = arith.xori %[[GII0]], %[[GTG0]] : i64
// CHECK-NEXT:            %[[GBITS0:.+]] = arith.select %[[GOK0]], %[[GX0]], %[[GZEROI]] : i64
// CHECK-NEXT:            %[[GATI0:.+]] = arith.cmpi eq, %[[GPOS]], %[[GII0]] : i64
// CHECK-NEXT:            %[[GATT0:.+]] = arith.cmpi eq, %[[GPOS]], %[[GTG0]] : i64
// CHECK-NEXT:            %[[GMOVES0:.+]] = arith.ori %[[GATI0]], %[[GATT0]] : i1
// CHECK-NEXT:            %[[GPX0:.+]] = arith.xori %[[GPOS]], %[[GBITS0]] : i64
// CHECK-NEXT:            %[[GM0:.+]] = arith.select %[[GMOVES0]], %[[GPX0]], %[[GPOS]] : i64
// CHECK-NOT:             memref.load
// CHECK:                 %[[GR1:.+]] = arith.addi %[[GR]], %{{.+}} : index
// CHECK-NEXT:            %[[GI1:.+]] = arith.subi %[[GLAST]], %[[GR1]] : index
// CHECK-NEXT:            %[[GT1:.+]] = memref.load %[[PIV]][%[[MAT]], %[[GI1]]] : memref<?x?xi64>
// CHECK-NEXT:            %[[GTG1:.+]] = arith.subi %[[GT1]], %[[GONEI]] : i64
// CHECK-NEXT:            %[[GGE1:.+]] = arith.cmpi sge, %[[GTG1]], %[[GZEROI]] : i64
// CHECK-NEXT:            %[[GLT1I:.+]] = arith.index_cast %[[GTG1]] : i64 to index
// CHECK-NEXT:            %[[GLT1:.+]] = arith.cmpi slt, %[[GLT1I]], %[[KN]] : index
// CHECK-NEXT:            %[[GOK1:.+]] = arith.andi %[[GGE1]], %[[GLT1]] : i1
// CHECK-NEXT:            %[[GII1:.+]] = arith.index_cast %[[GI1]] : index to i64
// CHECK-NEXT:            %[[GX1:.+]] = arith.xori %[[GII1]], %[[GTG1]] : i64
// CHECK-NEXT:            %[[GBITS1:.+]] = arith.select %[[GOK1]], %[[GX1]], %[[GZEROI]] : i64
// CHECK-NEXT:            %[[GATI1:.+]] = arith.cmpi eq, %[[GM0]], %[[GII1]] : i64
// CHECK-NEXT:            %[[GATT1:.+]] = arith.cmpi eq, %[[GM0]], %[[GTG1]] : i64
// CHECK-NEXT:            %[[GMOVES1:.+]] = arith.ori %[[GATI1]], %[[GATT1]] : i1
// CHECK-NEXT:            %[[GPX1:.+]] = arith.xori %[[GM0]], %[[GBITS1]] : i64
// CHECK-NEXT:            %[[GM1:.+]] = arith.select %[[GMOVES1]], %[[GPX1]], %[[GM0]] : i64
// CHECK-NOT:             memref.load
// CHECK:                 %[[GR2:.+]] = arith.addi %[[GR]], %{{.+}} : index
// CHECK-NEXT:            %[[GI2:.+]] = arith.subi %[[GLAST]], %[[GR2]] : index
// CHECK-NEXT:            %[[GT2:.+]] = memref.load %[[PIV]][%[[MAT]], %[[GI2]]] : memref<?x?xi64>
// CHECK-NEXT:            %[[GTG2:.+]] = arith.subi %[[GT2]], %[[GONEI]] : i64
// CHECK-NEXT:            %[[GGE2:.+]] = arith.cmpi sge, %[[GTG2]], %[[GZEROI]] : i64
// CHECK-NEXT:            %[[GLT2I:.+]] = arith.index_cast %[[GTG2]] : i64 to index
// CHECK-NEXT:            %[[GLT2:.+]] = arith.cmpi slt, %[[GLT2I]], %[[KN]] : index
// CHECK-NEXT:            %[[GOK2:.+]] = arith.andi %[[GGE2]], %[[GLT2]] : i1
// CHECK-NEXT:            %[[GII2:.+]] = arith.index_cast %[[GI2]] : index to i64
// CHECK-NEXT:            %[[GX2:.+]] = arith.xori %[[GII2]], %[[GTG2]] : i64
// CHECK-NEXT:            %[[GBITS2:.+]] = arith.select %[[GOK2]], %[[GX2]], %[[GZEROI]] : i64
// CHECK-NEXT:            %[[GATI2:.+]] = arith.cmpi eq, %[[GM1]], %[[GII2]] : i64
// CHECK-NEXT:            %[[GATT2:.+]] = arith.cmpi eq, %[[GM1]], %[[GTG2]] : i64
// CHECK-NEXT:            %[[GMOVES2:.+]] = arith.ori %[[GATI2]], %[[GATT2]] : i1
// CHECK-NEXT:            %[[GPX2:.+]] = arith.xori %[[GM1]], %[[GBITS2]] : i64
// CHECK-NEXT:            %[[GM2:.+]] = arith.select %[[GMOVES2]], %[[GPX2]], %[[GM1]] : i64
// CHECK-NOT:             memref.load
// CHECK:                 %[[GR3:.+]] = arith.addi %[[GR]], %{{.+}} : index
// CHECK-NEXT:            %[[GI3:.+]] = arith.subi %[[GLAST]], %[[GR3]] : index
// CHECK-NEXT:            %[[GT3:.+]] = memref.load %[[PIV]][%[[MAT]], %[[GI3]]] : memref<?x?xi64>
// CHECK-NEXT:            %[[GTG3:.+]] = arith.subi %[[GT3]], %[[GONEI]] : i64
// CHECK-NEXT:            %[[GGE3:.+]] = arith.cmpi sge, %[[GTG3]], %[[GZEROI]] : i64
// CHECK-NEXT:            %[[GLT3I:.+]] = arith.index_cast %[[GTG3]] : i64 to index
// CHECK-NEXT:            %[[GLT3:.+]] = arith.cmpi slt, %[[GLT3I]], %[[KN]] : index
// CHECK-NEXT:            %[[GOK3:.+]] = arith.andi %[[GGE3]], %[[GLT3]] : i1
// CHECK-NEXT:            %[[GII3:.+]] = arith.index_cast %[[GI3]] : index to i64
// CHECK-NEXT:            %[[GX3:.+]] = arith.xori %[[GII3]], %[[GTG3]] : i64
// CHECK-NEXT:            %[[GBITS3:.+]] = arith.select %[[GOK3]], %[[GX3]], %[[GZEROI]] : i64
// CHECK-NEXT:            %[[GATI3:.+]] = arith.cmpi eq, %[[GM2]], %[[GII3]] : i64
// CHECK-NEXT:            %[[GATT3:.+]] = arith.cmpi eq, %[[GM2]], %[[GTG3]] : i64
// CHECK-NEXT:            %[[GMOVES3:.+]] = arith.ori %[[GATI3]], %[[GATT3]] : i1
// CHECK-NEXT:            %[[GPX3:.+]] = arith.xori %[[GM2]], %[[GBITS3]] : i64
// CHECK-NEXT:            %[[GM3:.+]] = arith.select %[[GMOVES3]], %[[GPX3]], %[[GM2]] : i64
// CHECK-NEXT:            scf.yield %[[GM3]] : i64
// CHECK-NEXT:          }
// CHECK-NEXT:          %[[GTRACE:.+]] = scf.for %[[GRR:[^ ]+]] = %[[GUB]] to %[[STEPS]] step %[[GC1]] iter_args(%[[GRPOS:[^ ]+]] = %[[GMAIN]]) -> (i64) {
// CHECK-NEXT:            %[[GRI:.+]] = arith.subi %[[GLAST]], %[[GRR]] : index
// CHECK-NEXT:            %[[GRT:.+]] = memref.load %[[PIV]][%[[MAT]], %[[GRI]]] : memref<?x?xi64>
// CHECK-NEXT:            %[[GTGR:.+]] = arith.subi %[[GRT]], %[[GONEI]] : i64
// CHECK-NEXT:            %[[GGER:.+]] = arith.cmpi sge, %[[GTGR]], %[[GZEROI]] : i64
// CHECK-NEXT:            %[[GLTRI:.+]] = arith.index_cast %[[GTGR]] : i64 to index
// CHECK-NEXT:            %[[GLTR:.+]] = arith.cmpi slt, %[[GLTRI]], %[[KN]] : index
// CHECK-NEXT:            %[[GOKR:.+]] = arith.andi %[[GGER]], %[[GLTR]] : i1
// CHECK-NEXT:            %[[GIIR:.+]] = arith.index_cast %[[GRI]] : index to i64
// CHECK-NEXT:            %[[GXR:.+]] = arith.xori %[[GIIR]], %[[GTGR]] : i64
// CHECK-NEXT:            %[[GBITSR:.+]] = arith.select %[[GOKR]], %[[GXR]], %[[GZEROI]] : i64
// CHECK-NEXT:            %[[GATIR:.+]] = arith.cmpi eq, %[[GRPOS]], %[[GIIR]] : i64
// CHECK-NEXT:            %[[GATTR:.+]] = arith.cmpi eq, %[[GRPOS]], %[[GTGR]] : i64
// CHECK-NEXT:            %[[GMOVESR:.+]] = arith.ori %[[GATIR]], %[[GATTR]] : i1
// CHECK-NEXT:            %[[GPXR:.+]] = arith.xori %[[GRPOS]], %[[GBITSR]] : i64
// CHECK-NEXT:            %[[GMR:.+]] = arith.select %[[GMOVESR]], %[[GPXR]], %[[GRPOS]] : i64
// CHECK-NEXT:            scf.yield %[[GMR]] : i64
// CHECK-NEXT:          }
// CHECK-NEXT:          scf.yield %[[GTRACE]] : i64
// CHECK-NEXT:          }
// CHECK-NEXT:          memref.store %[[RES]], %[[PERM]][%[[MAT]], %[[J]]] : memref<?x?xi64>
// CHECK-NEXT:        }
// CHECK-NEXT:        gpu.barrier
// CHECK-NEXT:      }
// CHECK-NEXT:      }
// CHECK-NEXT:      }
// CHECK-NEXT:      gpu.return
// SYNC-LABEL: gpu.func @linalgx_pivots_to_permutation_i64_one_based(
// SYNC-COUNT-4: gpu.barrier
// SYNC-NOT:     gpu.barrier
// SYNC:         gpu.return
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
// CHECK:         %[[LONG:.+]] = arith.select %{{.+}}, %[[B]], %[[TOTAL]] : index
// CHECK-NEXT:    %[[ITEMS:.+]] = arith.select %{{.+}}, %{{.+}}, %[[LONG]] : index
// CHECK:         arith.ceildivui %[[ITEMS]], %{{.+}} : index
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
// CHECK:         %[[LONG:.+]] = arith.select %{{.+}}, %[[B]], %[[TOTAL]] : index
// CHECK-NEXT:    %[[ITEMS:.+]] = arith.select %{{.+}}, %{{.+}}, %[[LONG]] : index
// CHECK:         %[[NEEDED:.+]] = arith.ceildivui %[[ITEMS]], %{{.+}} : index
// CHECK:         %[[CAPPED:.+]] = arith.minui %[[NEEDED]], %{{.+}} : index
// CHECK:         %[[GRID:.+]] = arith.maxui %[[CAPPED]], %{{.+}} : index
// CHECK-NOT:     gpu.launch_func
// CHECK:         %[[DONE:.+]] = gpu.launch_func async [%[[TOKEN]]] @linalgx_kernels::@linalgx_pivots_to_permutation_i64 blocks in (%[[GRID]], {{.+}} args(%[[P2]] : memref<?x?xi64>, %[[Q2]] : memref<?x?xi64>)
// CHECK-NOT:     gpu.launch_func
// CHECK:         gpu.wait [%[[DONE]]]
// CHECK-NEXT:    return
// CHECK-LABEL: gpu.module @linalgx_kernels
// CHECK-NEXT:    gpu.func @linalgx_pivots_to_permutation_i64(%{{[^:]+}}: memref<?x?xi64>, %{{[^:]+}}: memref<?x?xi64>) workgroup(%{{[^ ]+}} : memref<16384xi8, #gpu.address_space<workgroup>> {llvm.align = 16 : i64}) kernel attributes {known_block_size = array<i32: 256, 1, 1>}
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
