// The vendor path (lu-strategy cusolver or cublas-batched; auto and
// generated take it only for matrices too large for the generated kernel,
// see lu-generated.mlir). linalgx.lu on device memrefs lowers to: int32 scratch and a column-major
// workspace [B, N, M] allocated on the op's async chain, a transpose-in
// launch, a call of the runtime's linalgxCudaGetrf (element type code 0 f32,
// 1 f64, 2 complex<f32>, 3 complex<f64>; strategy code 0 auto, 1 cusolver,
// 2 cublas-batched) on raw pointers of the workspace and scratch, a
// transpose-back launch that also makes the vendor pivots 0-based and
// converts pivots and info to the op's integer type, the deallocations and
// one final host wait. Both transposes move 32x32 tiles through a
// memref<32x33xT> workgroup buffer (the 33rd column avoids shared-memory bank
// conflicts) with 32x8 threads per block; the transpose-in grid is
// max(1, min(tiles, 16896)) blocks, the transpose-back grid
// max(1, min(ceildiv(max(tiles * 256, max(B * K, B)), 256), 16896)) blocks,
// tiles = B * ceildiv(rows, 32) * ceildiv(cols, 32) of the kernel's input.
// RUN: linalgx-opt %s -convert-linalgx-to-gpu=lu-strategy=cusolver -split-input-file | FileCheck %s --check-prefixes=CHECK,CUSOLVER
// RUN: linalgx-opt %s -convert-linalgx-to-gpu=lu-strategy=cublas-batched -split-input-file | FileCheck %s --check-prefixes=CHECK,CUBLAS
// RUN: linalgx-opt %s -convert-linalgx-to-gpu=lu-strategy=cusolver -canonicalize -split-input-file | FileCheck %s --check-prefix=FOLDED

// f32, unbatched, i32 pivots, out of place: every operand is expanded to a
// batch of one, the whole host-side sequence in order, and both kernels.
// CHECK:       func.func private @linalgxCudaGetrf(i32, !llvm.ptr, !llvm.ptr, !llvm.ptr, i64, i64, i64, i32)
// CHECK-LABEL: func.func @lu_f32_unbatched
// CHECK-SAME:    (%[[A:[^:]+]]: memref<4x4xf32>, %[[L:[^:]+]]: memref<4x4xf32>, %[[P:[^:]+]]: memref<4xi32>, %[[I:[^:]+]]: memref<i32>)
// CHECK:         %[[T0:.+]] = gpu.wait async
// Device mode: the operands are used where they are, nothing is copied.
// CHECK-NOT:     gpu.memcpy
// CHECK-NOT:     memref.copy
// CHECK:         %[[AE:.+]] = memref.expand_shape %[[A]] {{\[\[}}0, 1], [2]] output_shape [1, 4, 4] : memref<4x4xf32> into memref<1x4x4xf32>
// CHECK:         %[[A3:.+]] = memref.cast %[[AE]] : memref<1x4x4xf32> to memref<?x?x?xf32>
// CHECK:         %[[LE:.+]] = memref.expand_shape %[[L]] {{\[\[}}0, 1], [2]] output_shape [1, 4, 4] : memref<4x4xf32> into memref<1x4x4xf32>
// CHECK:         %[[L3:.+]] = memref.cast %[[LE]] : memref<1x4x4xf32> to memref<?x?x?xf32>
// CHECK:         %[[PE:.+]] = memref.expand_shape %[[P]] {{\[\[}}0, 1]] output_shape [1, 4] : memref<4xi32> into memref<1x4xi32>
// CHECK:         %[[P2:.+]] = memref.cast %[[PE]] : memref<1x4xi32> to memref<?x?xi32>
// CHECK:         %[[IE:.+]] = memref.expand_shape %[[I]] [] output_shape [1] : memref<i32> into memref<1xi32>
// CHECK:         %[[I1:.+]] = memref.cast %[[IE]] : memref<1xi32> to memref<?xi32>
// CHECK:         %[[C0:.+]] = arith.constant 0 : index
// CHECK-NEXT:    %[[B:.+]] = memref.dim %[[L3]], %[[C0]] : memref<?x?x?xf32>
// CHECK-NEXT:    %[[C1:.+]] = arith.constant 1 : index
// CHECK-NEXT:    %[[M:.+]] = memref.dim %[[L3]], %[[C1]] : memref<?x?x?xf32>
// CHECK-NEXT:    %[[C2:.+]] = arith.constant 2 : index
// CHECK-NEXT:    %[[N:.+]] = memref.dim %[[L3]], %[[C2]] : memref<?x?x?xf32>
// CHECK-NEXT:    %[[KC1:.+]] = arith.constant 1 : index
// CHECK-NEXT:    %[[K:.+]] = memref.dim %[[P2]], %[[KC1]] : memref<?x?xi32>
// The column-major workspace is [B, N, M]; the vendor pivots [B, K] and info
// [B] are int32.
// CHECK-NEXT:    %[[WS:[^,]+]], %[[T1:.+]] = gpu.alloc async [%[[T0]]] (%[[B]], %[[N]], %[[M]]) : memref<?x?x?xf32>
// CHECK-NEXT:    %[[VP:[^,]+]], %[[T2:.+]] = gpu.alloc async [%[[T1]]] (%[[B]], %[[K]]) : memref<?x?xi32>
// CHECK-NEXT:    %[[VI:[^,]+]], %[[T3:.+]] = gpu.alloc async [%[[T2]]] (%[[B]]) : memref<?xi32>
// Transpose in: one block per 32x32 tile of the input [B, M, N], i.e.
// max(1, min(ceildiv(B * ceildiv(M, 32) * ceildiv(N, 32), 1), 16896)) blocks
// of 32x8 threads.
// CHECK-NEXT:    %[[H32:.+]] = arith.constant 32 : index
// CHECK-NEXT:    %[[HC1:.+]] = arith.constant 1 : index
// CHECK-NEXT:    %[[IM:.+]] = memref.dim %[[A3]], %[[HC1]] : memref<?x?x?xf32>
// CHECK-NEXT:    %[[ITR:.+]] = arith.ceildivui %[[IM]], %[[H32]] : index
// CHECK-NEXT:    %[[HC2:.+]] = arith.constant 2 : index
// CHECK-NEXT:    %[[IN:.+]] = memref.dim %[[A3]], %[[HC2]] : memref<?x?x?xf32>
// CHECK-NEXT:    %[[ITC:.+]] = arith.ceildivui %[[IN]], %[[H32]] : index
// CHECK-NEXT:    %[[ITPM:.+]] = arith.muli %[[ITR]], %[[ITC]] : index
// CHECK-NEXT:    %[[HC0:.+]] = arith.constant 0 : index
// CHECK-NEXT:    %[[IB:.+]] = memref.dim %[[A3]], %[[HC0]] : memref<?x?x?xf32>
// CHECK-NEXT:    %[[ITILES:.+]] = arith.muli %[[IB]], %[[ITPM]] : index
// CHECK-NEXT:    %[[PERBLOCK:.+]] = arith.constant 1 : index
// CHECK-NEXT:    %[[GONE:.+]] = arith.constant 1 : index
// CHECK-NEXT:    %[[INEED:.+]] = arith.ceildivui %[[ITILES]], %[[PERBLOCK]] : index
// CHECK-NEXT:    %[[CAP:.+]] = arith.constant 16896 : index
// CHECK-NEXT:    %[[ICAPPED:.+]] = arith.minui %[[INEED]], %[[CAP]] : index
// CHECK-NEXT:    %[[IGRID:.+]] = arith.maxui %[[ICAPPED]], %[[GONE]] : index
// CHECK-NEXT:    %[[IGY:.+]] = arith.constant 1 : index
// CHECK-NEXT:    %[[ITX:.+]] = arith.constant 32 : index
// CHECK-NEXT:    %[[ITY:.+]] = arith.constant 8 : index
// CHECK-NEXT:    %[[ITZ:.+]] = arith.constant 1 : index
// CHECK-NEXT:    %[[T4:.+]] = gpu.launch_func async [%[[T3]]] @linalgx_kernels::@linalgx_transpose_f32 blocks in (%[[IGRID]], %[[IGY]], %[[IGY]]) threads in (%[[ITX]], %[[ITY]], %[[ITZ]]) args(%[[A3]] : memref<?x?x?xf32>, %[[WS]] : memref<?x?x?xf32>)
// CHECK-NEXT:    %[[ETYPE:.+]] = arith.constant 0 : i32
// CHECK-NEXT:    %[[WSI:.+]] = memref.extract_aligned_pointer_as_index %[[WS]] : memref<?x?x?xf32> -> index
// CHECK-NEXT:    %[[WSI64:.+]] = arith.index_cast %[[WSI]] : index to i64
// CHECK-NEXT:    %[[WSP:.+]] = llvm.inttoptr %[[WSI64]] : i64 to !llvm.ptr
// CHECK-NEXT:    %[[VPI:.+]] = memref.extract_aligned_pointer_as_index %[[VP]] : memref<?x?xi32> -> index
// CHECK-NEXT:    %[[VPI64:.+]] = arith.index_cast %[[VPI]] : index to i64
// CHECK-NEXT:    %[[VPP:.+]] = llvm.inttoptr %[[VPI64]] : i64 to !llvm.ptr
// CHECK-NEXT:    %[[VII:.+]] = memref.extract_aligned_pointer_as_index %[[VI]] : memref<?xi32> -> index
// CHECK-NEXT:    %[[VII64:.+]] = arith.index_cast %[[VII]] : index to i64
// CHECK-NEXT:    %[[VIP:.+]] = llvm.inttoptr %[[VII64]] : i64 to !llvm.ptr
// CHECK-NEXT:    %[[B64:.+]] = arith.index_cast %[[B]] : index to i64
// CHECK-NEXT:    %[[M64:.+]] = arith.index_cast %[[M]] : index to i64
// CHECK-NEXT:    %[[N64:.+]] = arith.index_cast %[[N]] : index to i64
// CUSOLVER-NEXT: %[[STRATEGY:.+]] = arith.constant 1 : i32
// CUBLAS-NEXT:   %[[STRATEGY:.+]] = arith.constant 2 : i32
// CHECK-NEXT:    call @linalgxCudaGetrf(%[[ETYPE]], %[[WSP]], %[[VPP]], %[[VIP]], %[[B64]], %[[M64]], %[[N64]], %[[STRATEGY]]) : (i32, !llvm.ptr, !llvm.ptr, !llvm.ptr, i64, i64, i64, i32) -> ()
// Transpose back: enough 256-thread blocks for the tiles of the workspace
// [B, N, M] (256 threads each) and for the B * K pivots and B infos, i.e.
// max(1, min(ceildiv(max(tiles * 256, max(B * K, B)), 256), 16896)); chained
// after the first launch.
// CHECK-NEXT:    %[[F256:.+]] = arith.constant 256 : index
// CHECK-NEXT:    %[[F32:.+]] = arith.constant 32 : index
// CHECK-NEXT:    %[[FC1:.+]] = arith.constant 1 : index
// CHECK-NEXT:    %[[WN:.+]] = memref.dim %[[WS]], %[[FC1]] : memref<?x?x?xf32>
// CHECK-NEXT:    %[[WTR:.+]] = arith.ceildivui %[[WN]], %[[F32]] : index
// CHECK-NEXT:    %[[FC2:.+]] = arith.constant 2 : index
// CHECK-NEXT:    %[[WM:.+]] = memref.dim %[[WS]], %[[FC2]] : memref<?x?x?xf32>
// CHECK-NEXT:    %[[WTC:.+]] = arith.ceildivui %[[WM]], %[[F32]] : index
// CHECK-NEXT:    %[[WTPM:.+]] = arith.muli %[[WTR]], %[[WTC]] : index
// CHECK-NEXT:    %[[FC0:.+]] = arith.constant 0 : index
// CHECK-NEXT:    %[[WB:.+]] = memref.dim %[[WS]], %[[FC0]] : memref<?x?x?xf32>
// CHECK-NEXT:    %[[WTILES:.+]] = arith.muli %[[WB]], %[[WTPM]] : index
// CHECK-NEXT:    %[[TILETHREADS:.+]] = arith.muli %[[WTILES]], %[[F256]] : index
// CHECK-NEXT:    %[[PIVS:.+]] = arith.muli %[[B]], %[[K]] : index
// CHECK-NEXT:    %[[CONV:.+]] = arith.maxui %[[PIVS]], %[[B]] : index
// CHECK-NEXT:    %[[ITEMS:.+]] = arith.maxui %[[TILETHREADS]], %[[CONV]] : index
// CHECK-NEXT:    %[[FBLOCK:.+]] = arith.constant 256 : index
// CHECK-NEXT:    %[[FONE:.+]] = arith.constant 1 : index
// CHECK-NEXT:    %[[FNEED:.+]] = arith.ceildivui %[[ITEMS]], %[[FBLOCK]] : index
// CHECK-NEXT:    %[[FCAP:.+]] = arith.constant 16896 : index
// CHECK-NEXT:    %[[FCAPPED:.+]] = arith.minui %[[FNEED]], %[[FCAP]] : index
// CHECK-NEXT:    %[[FGRID:.+]] = arith.maxui %[[FCAPPED]], %[[FONE]] : index
// CHECK-NEXT:    %[[FGY:.+]] = arith.constant 1 : index
// CHECK-NEXT:    %[[FTX:.+]] = arith.constant 32 : index
// CHECK-NEXT:    %[[FTY:.+]] = arith.constant 8 : index
// CHECK-NEXT:    %[[FTZ:.+]] = arith.constant 1 : index
// CHECK-NEXT:    %[[T5:.+]] = gpu.launch_func async [%[[T4]]] @linalgx_kernels::@linalgx_lu_from_column_major_f32_i32 blocks in (%[[FGRID]], %[[FGY]], %[[FGY]]) threads in (%[[FTX]], %[[FTY]], %[[FTZ]]) args(%[[WS]] : memref<?x?x?xf32>, %[[L3]] : memref<?x?x?xf32>, %[[VP]] : memref<?x?xi32>, %[[P2]] : memref<?x?xi32>, %[[VI]] : memref<?xi32>, %[[I1]] : memref<?xi32>)
// CHECK-NEXT:    %[[T6:.+]] = gpu.dealloc async [%[[T5]]] %[[WS]] : memref<?x?x?xf32>
// CHECK-NEXT:    %[[T7:.+]] = gpu.dealloc async [%[[T6]]] %[[VP]] : memref<?x?xi32>
// CHECK-NEXT:    %[[T8:.+]] = gpu.dealloc async [%[[T7]]] %[[VI]] : memref<?xi32>
// CHECK-NEXT:    gpu.wait [%[[T8]]]
// CHECK-NEXT:    return
//
// workspace[b][j][i] = input[b][i][j], one 32x32 tile per iteration of a
// block-stride loop: a barrier after the tile is read into shared memory and
// one after it is written out (before the next iteration refills it), both
// directly in the loop body, whose bounds are the same for the whole block.
// CHECK-LABEL: gpu.module @linalgx_kernels
// CHECK:         gpu.func @linalgx_transpose_f32(%[[IN:[^:]+]]: memref<?x?x?xf32>, %[[WK:[^:]+]]: memref<?x?x?xf32>) workgroup(%[[TILE:[^ ]+]] : memref<32x33xf32, #gpu.address_space<workgroup>> {llvm.align = 16 : i64}) kernel attributes {known_block_size = array<i32: 32, 8, 1>} {
// CHECK-NEXT:      %[[TT32:.+]] = arith.constant 32 : index
// CHECK-NEXT:      %[[TD0:.+]] = arith.constant 0 : index
// CHECK-NEXT:      %[[TB:.+]] = memref.dim %[[IN]], %[[TD0]] : memref<?x?x?xf32>
// CHECK-NEXT:      %[[TD1:.+]] = arith.constant 1 : index
// CHECK-NEXT:      %[[TR:.+]] = memref.dim %[[IN]], %[[TD1]] : memref<?x?x?xf32>
// CHECK-NEXT:      %[[TD2:.+]] = arith.constant 2 : index
// CHECK-NEXT:      %[[TC:.+]] = memref.dim %[[IN]], %[[TD2]] : memref<?x?x?xf32>
// CHECK-NEXT:      %[[TTC:.+]] = arith.ceildivui %[[TC]], %[[TT32]] : index
// CHECK-NEXT:      %[[TTR:.+]] = arith.ceildivui %[[TR]], %[[TT32]] : index
// CHECK-NEXT:      %[[TTPM:.+]] = arith.muli %[[TTR]], %[[TTC]] : index
// CHECK-NEXT:      %[[TTILES:.+]] = arith.muli %[[TB]], %[[TTPM]] : index
// CHECK-NEXT:      %[[TTX:.+]] = gpu.thread_id x
// CHECK-NEXT:      %[[TTY:.+]] = gpu.thread_id y
// CHECK-NEXT:      %[[TBID:.+]] = gpu.block_id x
// CHECK-NEXT:      %[[TGDIM:.+]] = gpu.grid_dim x
// One tile per iteration, the same iterations for every thread of a block.
// CHECK-NEXT:      scf.for %[[TTI:[^ ]+]] = %[[TBID]] to %[[TTILES]] step %[[TGDIM]] {
// CHECK-NEXT:        %[[TMAT:.+]] = arith.divui %[[TTI]], %[[TTPM]] : index
// CHECK-NEXT:        %[[TW:.+]] = arith.remui %[[TTI]], %[[TTPM]] : index
// CHECK-NEXT:        %[[TTRI:.+]] = arith.divui %[[TW]], %[[TTC]] : index
// CHECK-NEXT:        %[[TRB:.+]] = arith.muli %[[TTRI]], %[[TT32]] : index
// CHECK-NEXT:        %[[TTCI:.+]] = arith.remui %[[TW]], %[[TTC]] : index
// CHECK-NEXT:        %[[TCB:.+]] = arith.muli %[[TTCI]], %[[TT32]] : index
// Read: rows ty, ty+8, ty+16, ty+24 of the tile, the threads of a warp along
// an input row; tile[row][tx] = input[m][rowBase + row][colBase + tx].
// CHECK-NEXT:        %[[TO:.+]] = arith.constant 0 : index
// CHECK-NEXT:        %[[TROW:.+]] = arith.addi %[[TTY]], %[[TO]] : index
// CHECK-NEXT:        %[[TIR:.+]] = arith.addi %[[TRB]], %[[TROW]] : index
// CHECK-NEXT:        %[[TIC:.+]] = arith.addi %[[TCB]], %[[TTX]] : index
// CHECK-NEXT:        %[[TRIN:.+]] = arith.cmpi ult, %[[TIR]], %[[TR]] : index
// CHECK-NEXT:        %[[TCIN:.+]] = arith.cmpi ult, %[[TIC]], %[[TC]] : index
// CHECK-NEXT:        %[[TIN:.+]] = arith.andi %[[TRIN]], %[[TCIN]] : i1
// CHECK-NEXT:        scf.if %[[TIN]] {
// CHECK-NEXT:          %[[TX:.+]] = memref.load %[[IN]][%[[TMAT]], %[[TIR]], %[[TIC]]] : memref<?x?x?xf32>
// CHECK-NEXT:          memref.store %[[TX]], %[[TILE]][%[[TROW]], %[[TTX]]] : memref<32x33xf32, #gpu.address_space<workgroup>>
// CHECK-NEXT:        }
// CHECK-NEXT:        %[[TO:.+]] = arith.constant 8 : index
// CHECK-NEXT:        %[[TROW:.+]] = arith.addi %[[TTY]], %[[TO]] : index
// CHECK-NEXT:        %[[TIR:.+]] = arith.addi %[[TRB]], %[[TROW]] : index
// CHECK-NEXT:        %[[TIC:.+]] = arith.addi %[[TCB]], %[[TTX]] : index
// CHECK-NEXT:        %[[TRIN:.+]] = arith.cmpi ult, %[[TIR]], %[[TR]] : index
// CHECK-NEXT:        %[[TCIN:.+]] = arith.cmpi ult, %[[TIC]], %[[TC]] : index
// CHECK-NEXT:        %[[TIN:.+]] = arith.andi %[[TRIN]], %[[TCIN]] : i1
// CHECK-NEXT:        scf.if %[[TIN]] {
// CHECK-NEXT:          %[[TX:.+]] = memref.load %[[IN]][%[[TMAT]], %[[TIR]], %[[TIC]]] : memref<?x?x?xf32>
// CHECK-NEXT:          memref.store %[[TX]], %[[TILE]][%[[TROW]], %[[TTX]]] : memref<32x33xf32, #gpu.address_space<workgroup>>
// CHECK-NEXT:        }
// CHECK-NEXT:        %[[TO:.+]] = arith.constant 16 : index
// CHECK-NEXT:        %[[TROW:.+]] = arith.addi %[[TTY]], %[[TO]] : index
// CHECK-NEXT:        %[[TIR:.+]] = arith.addi %[[TRB]], %[[TROW]] : index
// CHECK-NEXT:        %[[TIC:.+]] = arith.addi %[[TCB]], %[[TTX]] : index
// CHECK-NEXT:        %[[TRIN:.+]] = arith.cmpi ult, %[[TIR]], %[[TR]] : index
// CHECK-NEXT:        %[[TCIN:.+]] = arith.cmpi ult, %[[TIC]], %[[TC]] : index
// CHECK-NEXT:        %[[TIN:.+]] = arith.andi %[[TRIN]], %[[TCIN]] : i1
// CHECK-NEXT:        scf.if %[[TIN]] {
// CHECK-NEXT:          %[[TX:.+]] = memref.load %[[IN]][%[[TMAT]], %[[TIR]], %[[TIC]]] : memref<?x?x?xf32>
// CHECK-NEXT:          memref.store %[[TX]], %[[TILE]][%[[TROW]], %[[TTX]]] : memref<32x33xf32, #gpu.address_space<workgroup>>
// CHECK-NEXT:        }
// CHECK-NEXT:        %[[TO:.+]] = arith.constant 24 : index
// CHECK-NEXT:        %[[TROW:.+]] = arith.addi %[[TTY]], %[[TO]] : index
// CHECK-NEXT:        %[[TIR:.+]] = arith.addi %[[TRB]], %[[TROW]] : index
// CHECK-NEXT:        %[[TIC:.+]] = arith.addi %[[TCB]], %[[TTX]] : index
// CHECK-NEXT:        %[[TRIN:.+]] = arith.cmpi ult, %[[TIR]], %[[TR]] : index
// CHECK-NEXT:        %[[TCIN:.+]] = arith.cmpi ult, %[[TIC]], %[[TC]] : index
// CHECK-NEXT:        %[[TIN:.+]] = arith.andi %[[TRIN]], %[[TCIN]] : i1
// CHECK-NEXT:        scf.if %[[TIN]] {
// CHECK-NEXT:          %[[TX:.+]] = memref.load %[[IN]][%[[TMAT]], %[[TIR]], %[[TIC]]] : memref<?x?x?xf32>
// CHECK-NEXT:          memref.store %[[TX]], %[[TILE]][%[[TROW]], %[[TTX]]] : memref<32x33xf32, #gpu.address_space<workgroup>>
// CHECK-NEXT:        }
// CHECK-NEXT:        gpu.barrier
// Write: columns ty, ty+8, ty+16, ty+24 of the tile, the threads of a warp
// along an output row; output[m][colBase + col][rowBase + tx] = tile[tx][col].
// CHECK-NEXT:        %[[TO:.+]] = arith.constant 0 : index
// CHECK-NEXT:        %[[TCOL:.+]] = arith.addi %[[TTY]], %[[TO]] : index
// CHECK-NEXT:        %[[TOC:.+]] = arith.addi %[[TCB]], %[[TCOL]] : index
// CHECK-NEXT:        %[[TOR:.+]] = arith.addi %[[TRB]], %[[TTX]] : index
// CHECK-NEXT:        %[[TRIN:.+]] = arith.cmpi ult, %[[TOR]], %[[TR]] : index
// CHECK-NEXT:        %[[TCIN:.+]] = arith.cmpi ult, %[[TOC]], %[[TC]] : index
// CHECK-NEXT:        %[[TIN:.+]] = arith.andi %[[TRIN]], %[[TCIN]] : i1
// CHECK-NEXT:        scf.if %[[TIN]] {
// CHECK-NEXT:          %[[TX:.+]] = memref.load %[[TILE]][%[[TTX]], %[[TCOL]]] : memref<32x33xf32, #gpu.address_space<workgroup>>
// CHECK-NEXT:          memref.store %[[TX]], %[[WK]][%[[TMAT]], %[[TOC]], %[[TOR]]] : memref<?x?x?xf32>
// CHECK-NEXT:        }
// CHECK-NEXT:        %[[TO:.+]] = arith.constant 8 : index
// CHECK-NEXT:        %[[TCOL:.+]] = arith.addi %[[TTY]], %[[TO]] : index
// CHECK-NEXT:        %[[TOC:.+]] = arith.addi %[[TCB]], %[[TCOL]] : index
// CHECK-NEXT:        %[[TOR:.+]] = arith.addi %[[TRB]], %[[TTX]] : index
// CHECK-NEXT:        %[[TRIN:.+]] = arith.cmpi ult, %[[TOR]], %[[TR]] : index
// CHECK-NEXT:        %[[TCIN:.+]] = arith.cmpi ult, %[[TOC]], %[[TC]] : index
// CHECK-NEXT:        %[[TIN:.+]] = arith.andi %[[TRIN]], %[[TCIN]] : i1
// CHECK-NEXT:        scf.if %[[TIN]] {
// CHECK-NEXT:          %[[TX:.+]] = memref.load %[[TILE]][%[[TTX]], %[[TCOL]]] : memref<32x33xf32, #gpu.address_space<workgroup>>
// CHECK-NEXT:          memref.store %[[TX]], %[[WK]][%[[TMAT]], %[[TOC]], %[[TOR]]] : memref<?x?x?xf32>
// CHECK-NEXT:        }
// CHECK-NEXT:        %[[TO:.+]] = arith.constant 16 : index
// CHECK-NEXT:        %[[TCOL:.+]] = arith.addi %[[TTY]], %[[TO]] : index
// CHECK-NEXT:        %[[TOC:.+]] = arith.addi %[[TCB]], %[[TCOL]] : index
// CHECK-NEXT:        %[[TOR:.+]] = arith.addi %[[TRB]], %[[TTX]] : index
// CHECK-NEXT:        %[[TRIN:.+]] = arith.cmpi ult, %[[TOR]], %[[TR]] : index
// CHECK-NEXT:        %[[TCIN:.+]] = arith.cmpi ult, %[[TOC]], %[[TC]] : index
// CHECK-NEXT:        %[[TIN:.+]] = arith.andi %[[TRIN]], %[[TCIN]] : i1
// CHECK-NEXT:        scf.if %[[TIN]] {
// CHECK-NEXT:          %[[TX:.+]] = memref.load %[[TILE]][%[[TTX]], %[[TCOL]]] : memref<32x33xf32, #gpu.address_space<workgroup>>
// CHECK-NEXT:          memref.store %[[TX]], %[[WK]][%[[TMAT]], %[[TOC]], %[[TOR]]] : memref<?x?x?xf32>
// CHECK-NEXT:        }
// CHECK-NEXT:        %[[TO:.+]] = arith.constant 24 : index
// CHECK-NEXT:        %[[TCOL:.+]] = arith.addi %[[TTY]], %[[TO]] : index
// CHECK-NEXT:        %[[TOC:.+]] = arith.addi %[[TCB]], %[[TCOL]] : index
// CHECK-NEXT:        %[[TOR:.+]] = arith.addi %[[TRB]], %[[TTX]] : index
// CHECK-NEXT:        %[[TRIN:.+]] = arith.cmpi ult, %[[TOR]], %[[TR]] : index
// CHECK-NEXT:        %[[TCIN:.+]] = arith.cmpi ult, %[[TOC]], %[[TC]] : index
// CHECK-NEXT:        %[[TIN:.+]] = arith.andi %[[TRIN]], %[[TCIN]] : i1
// CHECK-NEXT:        scf.if %[[TIN]] {
// CHECK-NEXT:          %[[TX:.+]] = memref.load %[[TILE]][%[[TTX]], %[[TCOL]]] : memref<32x33xf32, #gpu.address_space<workgroup>>
// CHECK-NEXT:          memref.store %[[TX]], %[[WK]][%[[TMAT]], %[[TOC]], %[[TOR]]] : memref<?x?x?xf32>
// CHECK-NEXT:        }
// CHECK-NEXT:        gpu.barrier
// CHECK-NEXT:      }
// CHECK-NEXT:      gpu.return
//
// The same tiled transpose from the workspace [B, N, M] to lu [B, M, N], then
// a flat block-stride loop over the threads (ty * 32 + tx of each block):
// pivot - 1 for t < B*K, info copied for t < B, i32 so no extension.
// CHECK:         gpu.func @linalgx_lu_from_column_major_f32_i32(%[[FWK:[^:]+]]: memref<?x?x?xf32>, %[[FLU:[^:]+]]: memref<?x?x?xf32>, %[[FVP:[^:]+]]: memref<?x?xi32>, %[[FP:[^:]+]]: memref<?x?xi32>, %[[FVI:[^:]+]]: memref<?xi32>, %[[FI:[^:]+]]: memref<?xi32>) workgroup(%[[FTILE:[^ ]+]] : memref<32x33xf32, #gpu.address_space<workgroup>> {llvm.align = 16 : i64}) kernel attributes {known_block_size = array<i32: 32, 8, 1>} {
// CHECK-NEXT:      %[[FT32:.+]] = arith.constant 32 : index
// CHECK-NEXT:      %[[FD0:.+]] = arith.constant 0 : index
// CHECK-NEXT:      %[[FB:.+]] = memref.dim %[[FWK]], %[[FD0]] : memref<?x?x?xf32>
// CHECK-NEXT:      %[[FD1:.+]] = arith.constant 1 : index
// CHECK-NEXT:      %[[FR:.+]] = memref.dim %[[FWK]], %[[FD1]] : memref<?x?x?xf32>
// CHECK-NEXT:      %[[FD2:.+]] = arith.constant 2 : index
// CHECK-NEXT:      %[[FC:.+]] = memref.dim %[[FWK]], %[[FD2]] : memref<?x?x?xf32>
// CHECK-NEXT:      %[[FTC:.+]] = arith.ceildivui %[[FC]], %[[FT32]] : index
// CHECK-NEXT:      %[[FTR:.+]] = arith.ceildivui %[[FR]], %[[FT32]] : index
// CHECK-NEXT:      %[[FTPM:.+]] = arith.muli %[[FTR]], %[[FTC]] : index
// CHECK-NEXT:      %[[FTILES:.+]] = arith.muli %[[FB]], %[[FTPM]] : index
// CHECK-NEXT:      %[[FTX:.+]] = gpu.thread_id x
// CHECK-NEXT:      %[[FTY:.+]] = gpu.thread_id y
// CHECK-NEXT:      %[[FBID:.+]] = gpu.block_id x
// CHECK-NEXT:      %[[FGDIM:.+]] = gpu.grid_dim x
// One tile per iteration, the same iterations for every thread of a block.
// CHECK-NEXT:      scf.for %[[FTI:[^ ]+]] = %[[FBID]] to %[[FTILES]] step %[[FGDIM]] {
// CHECK-NEXT:        %[[FMAT:.+]] = arith.divui %[[FTI]], %[[FTPM]] : index
// CHECK-NEXT:        %[[FW:.+]] = arith.remui %[[FTI]], %[[FTPM]] : index
// CHECK-NEXT:        %[[FTRI:.+]] = arith.divui %[[FW]], %[[FTC]] : index
// CHECK-NEXT:        %[[FRB:.+]] = arith.muli %[[FTRI]], %[[FT32]] : index
// CHECK-NEXT:        %[[FTCI:.+]] = arith.remui %[[FW]], %[[FTC]] : index
// CHECK-NEXT:        %[[FCB:.+]] = arith.muli %[[FTCI]], %[[FT32]] : index
// Read: rows ty, ty+8, ty+16, ty+24 of the tile, the threads of a warp along
// an input row; tile[row][tx] = input[m][rowBase + row][colBase + tx].
// CHECK-NEXT:        %[[FO:.+]] = arith.constant 0 : index
// CHECK-NEXT:        %[[FROW:.+]] = arith.addi %[[FTY]], %[[FO]] : index
// CHECK-NEXT:        %[[FIR:.+]] = arith.addi %[[FRB]], %[[FROW]] : index
// CHECK-NEXT:        %[[FIC:.+]] = arith.addi %[[FCB]], %[[FTX]] : index
// CHECK-NEXT:        %[[FRIN:.+]] = arith.cmpi ult, %[[FIR]], %[[FR]] : index
// CHECK-NEXT:        %[[FCIN:.+]] = arith.cmpi ult, %[[FIC]], %[[FC]] : index
// CHECK-NEXT:        %[[FIN:.+]] = arith.andi %[[FRIN]], %[[FCIN]] : i1
// CHECK-NEXT:        scf.if %[[FIN]] {
// CHECK-NEXT:          %[[FX:.+]] = memref.load %[[FWK]][%[[FMAT]], %[[FIR]], %[[FIC]]] : memref<?x?x?xf32>
// CHECK-NEXT:          memref.store %[[FX]], %[[FTILE]][%[[FROW]], %[[FTX]]] : memref<32x33xf32, #gpu.address_space<workgroup>>
// CHECK-NEXT:        }
// CHECK-NEXT:        %[[FO:.+]] = arith.constant 8 : index
// CHECK-NEXT:        %[[FROW:.+]] = arith.addi %[[FTY]], %[[FO]] : index
// CHECK-NEXT:        %[[FIR:.+]] = arith.addi %[[FRB]], %[[FROW]] : index
// CHECK-NEXT:        %[[FIC:.+]] = arith.addi %[[FCB]], %[[FTX]] : index
// CHECK-NEXT:        %[[FRIN:.+]] = arith.cmpi ult, %[[FIR]], %[[FR]] : index
// CHECK-NEXT:        %[[FCIN:.+]] = arith.cmpi ult, %[[FIC]], %[[FC]] : index
// CHECK-NEXT:        %[[FIN:.+]] = arith.andi %[[FRIN]], %[[FCIN]] : i1
// CHECK-NEXT:        scf.if %[[FIN]] {
// CHECK-NEXT:          %[[FX:.+]] = memref.load %[[FWK]][%[[FMAT]], %[[FIR]], %[[FIC]]] : memref<?x?x?xf32>
// CHECK-NEXT:          memref.store %[[FX]], %[[FTILE]][%[[FROW]], %[[FTX]]] : memref<32x33xf32, #gpu.address_space<workgroup>>
// CHECK-NEXT:        }
// CHECK-NEXT:        %[[FO:.+]] = arith.constant 16 : index
// CHECK-NEXT:        %[[FROW:.+]] = arith.addi %[[FTY]], %[[FO]] : index
// CHECK-NEXT:        %[[FIR:.+]] = arith.addi %[[FRB]], %[[FROW]] : index
// CHECK-NEXT:        %[[FIC:.+]] = arith.addi %[[FCB]], %[[FTX]] : index
// CHECK-NEXT:        %[[FRIN:.+]] = arith.cmpi ult, %[[FIR]], %[[FR]] : index
// CHECK-NEXT:        %[[FCIN:.+]] = arith.cmpi ult, %[[FIC]], %[[FC]] : index
// CHECK-NEXT:        %[[FIN:.+]] = arith.andi %[[FRIN]], %[[FCIN]] : i1
// CHECK-NEXT:        scf.if %[[FIN]] {
// CHECK-NEXT:          %[[FX:.+]] = memref.load %[[FWK]][%[[FMAT]], %[[FIR]], %[[FIC]]] : memref<?x?x?xf32>
// CHECK-NEXT:          memref.store %[[FX]], %[[FTILE]][%[[FROW]], %[[FTX]]] : memref<32x33xf32, #gpu.address_space<workgroup>>
// CHECK-NEXT:        }
// CHECK-NEXT:        %[[FO:.+]] = arith.constant 24 : index
// CHECK-NEXT:        %[[FROW:.+]] = arith.addi %[[FTY]], %[[FO]] : index
// CHECK-NEXT:        %[[FIR:.+]] = arith.addi %[[FRB]], %[[FROW]] : index
// CHECK-NEXT:        %[[FIC:.+]] = arith.addi %[[FCB]], %[[FTX]] : index
// CHECK-NEXT:        %[[FRIN:.+]] = arith.cmpi ult, %[[FIR]], %[[FR]] : index
// CHECK-NEXT:        %[[FCIN:.+]] = arith.cmpi ult, %[[FIC]], %[[FC]] : index
// CHECK-NEXT:        %[[FIN:.+]] = arith.andi %[[FRIN]], %[[FCIN]] : i1
// CHECK-NEXT:        scf.if %[[FIN]] {
// CHECK-NEXT:          %[[FX:.+]] = memref.load %[[FWK]][%[[FMAT]], %[[FIR]], %[[FIC]]] : memref<?x?x?xf32>
// CHECK-NEXT:          memref.store %[[FX]], %[[FTILE]][%[[FROW]], %[[FTX]]] : memref<32x33xf32, #gpu.address_space<workgroup>>
// CHECK-NEXT:        }
// CHECK-NEXT:        gpu.barrier
// Write: columns ty, ty+8, ty+16, ty+24 of the tile, the threads of a warp
// along an output row; output[m][colBase + col][rowBase + tx] = tile[tx][col].
// CHECK-NEXT:        %[[FO:.+]] = arith.constant 0 : index
// CHECK-NEXT:        %[[FCOL:.+]] = arith.addi %[[FTY]], %[[FO]] : index
// CHECK-NEXT:        %[[FOC:.+]] = arith.addi %[[FCB]], %[[FCOL]] : index
// CHECK-NEXT:        %[[FOR:.+]] = arith.addi %[[FRB]], %[[FTX]] : index
// CHECK-NEXT:        %[[FRIN:.+]] = arith.cmpi ult, %[[FOR]], %[[FR]] : index
// CHECK-NEXT:        %[[FCIN:.+]] = arith.cmpi ult, %[[FOC]], %[[FC]] : index
// CHECK-NEXT:        %[[FIN:.+]] = arith.andi %[[FRIN]], %[[FCIN]] : i1
// CHECK-NEXT:        scf.if %[[FIN]] {
// CHECK-NEXT:          %[[FX:.+]] = memref.load %[[FTILE]][%[[FTX]], %[[FCOL]]] : memref<32x33xf32, #gpu.address_space<workgroup>>
// CHECK-NEXT:          memref.store %[[FX]], %[[FLU]][%[[FMAT]], %[[FOC]], %[[FOR]]] : memref<?x?x?xf32>
// CHECK-NEXT:        }
// CHECK-NEXT:        %[[FO:.+]] = arith.constant 8 : index
// CHECK-NEXT:        %[[FCOL:.+]] = arith.addi %[[FTY]], %[[FO]] : index
// CHECK-NEXT:        %[[FOC:.+]] = arith.addi %[[FCB]], %[[FCOL]] : index
// CHECK-NEXT:        %[[FOR:.+]] = arith.addi %[[FRB]], %[[FTX]] : index
// CHECK-NEXT:        %[[FRIN:.+]] = arith.cmpi ult, %[[FOR]], %[[FR]] : index
// CHECK-NEXT:        %[[FCIN:.+]] = arith.cmpi ult, %[[FOC]], %[[FC]] : index
// CHECK-NEXT:        %[[FIN:.+]] = arith.andi %[[FRIN]], %[[FCIN]] : i1
// CHECK-NEXT:        scf.if %[[FIN]] {
// CHECK-NEXT:          %[[FX:.+]] = memref.load %[[FTILE]][%[[FTX]], %[[FCOL]]] : memref<32x33xf32, #gpu.address_space<workgroup>>
// CHECK-NEXT:          memref.store %[[FX]], %[[FLU]][%[[FMAT]], %[[FOC]], %[[FOR]]] : memref<?x?x?xf32>
// CHECK-NEXT:        }
// CHECK-NEXT:        %[[FO:.+]] = arith.constant 16 : index
// CHECK-NEXT:        %[[FCOL:.+]] = arith.addi %[[FTY]], %[[FO]] : index
// CHECK-NEXT:        %[[FOC:.+]] = arith.addi %[[FCB]], %[[FCOL]] : index
// CHECK-NEXT:        %[[FOR:.+]] = arith.addi %[[FRB]], %[[FTX]] : index
// CHECK-NEXT:        %[[FRIN:.+]] = arith.cmpi ult, %[[FOR]], %[[FR]] : index
// CHECK-NEXT:        %[[FCIN:.+]] = arith.cmpi ult, %[[FOC]], %[[FC]] : index
// CHECK-NEXT:        %[[FIN:.+]] = arith.andi %[[FRIN]], %[[FCIN]] : i1
// CHECK-NEXT:        scf.if %[[FIN]] {
// CHECK-NEXT:          %[[FX:.+]] = memref.load %[[FTILE]][%[[FTX]], %[[FCOL]]] : memref<32x33xf32, #gpu.address_space<workgroup>>
// CHECK-NEXT:          memref.store %[[FX]], %[[FLU]][%[[FMAT]], %[[FOC]], %[[FOR]]] : memref<?x?x?xf32>
// CHECK-NEXT:        }
// CHECK-NEXT:        %[[FO:.+]] = arith.constant 24 : index
// CHECK-NEXT:        %[[FCOL:.+]] = arith.addi %[[FTY]], %[[FO]] : index
// CHECK-NEXT:        %[[FOC:.+]] = arith.addi %[[FCB]], %[[FCOL]] : index
// CHECK-NEXT:        %[[FOR:.+]] = arith.addi %[[FRB]], %[[FTX]] : index
// CHECK-NEXT:        %[[FRIN:.+]] = arith.cmpi ult, %[[FOR]], %[[FR]] : index
// CHECK-NEXT:        %[[FCIN:.+]] = arith.cmpi ult, %[[FOC]], %[[FC]] : index
// CHECK-NEXT:        %[[FIN:.+]] = arith.andi %[[FRIN]], %[[FCIN]] : i1
// CHECK-NEXT:        scf.if %[[FIN]] {
// CHECK-NEXT:          %[[FX:.+]] = memref.load %[[FTILE]][%[[FTX]], %[[FCOL]]] : memref<32x33xf32, #gpu.address_space<workgroup>>
// CHECK-NEXT:          memref.store %[[FX]], %[[FLU]][%[[FMAT]], %[[FOC]], %[[FOR]]] : memref<?x?x?xf32>
// CHECK-NEXT:        }
// CHECK-NEXT:        gpu.barrier
// CHECK-NEXT:      }
// CHECK-NEXT:      %[[PC0:.+]] = arith.constant 0 : index
// CHECK-NEXT:      %[[PB:.+]] = memref.dim %[[FI]], %[[PC0]] : memref<?xi32>
// CHECK-NEXT:      %[[PC1:.+]] = arith.constant 1 : index
// CHECK-NEXT:      %[[PK:.+]] = memref.dim %[[FP]], %[[PC1]] : memref<?x?xi32>
// CHECK-NEXT:      %[[PPIVS:.+]] = arith.muli %[[PB]], %[[PK]] : index
// CHECK-NEXT:      %[[PTOTAL:.+]] = arith.maxui %[[PPIVS]], %[[PB]] : index
// CHECK-NEXT:      %[[PONE:.+]] = arith.constant 1 : i32
// CHECK-NEXT:      %[[PTX:.+]] = gpu.thread_id x
// CHECK-NEXT:      %[[PTY:.+]] = gpu.thread_id y
// CHECK-NEXT:      %[[P256:.+]] = arith.constant 256 : index
// CHECK-NEXT:      %[[P32:.+]] = arith.constant 32 : index
// CHECK-NEXT:      %[[PROW:.+]] = arith.muli %[[PTY]], %[[P32]] : index
// CHECK-NEXT:      %[[PTHREAD:.+]] = arith.addi %[[PROW]], %[[PTX]] : index
// CHECK-NEXT:      %[[PBID:.+]] = gpu.block_id x
// CHECK-NEXT:      %[[PGDIM:.+]] = gpu.grid_dim x
// CHECK-NEXT:      %[[PBASE:.+]] = arith.muli %[[PBID]], %[[P256]] : index
// CHECK-NEXT:      %[[PFIRST:.+]] = arith.addi %[[PBASE]], %[[PTHREAD]] : index
// CHECK-NEXT:      %[[PSTRIDE:.+]] = arith.muli %[[PGDIM]], %[[P256]] : index
// CHECK-NEXT:      scf.for %[[T:[^ ]+]] = %[[PFIRST]] to %[[PTOTAL]] step %[[PSTRIDE]] {
// CHECK-NEXT:        %[[ISPIV:.+]] = arith.cmpi ult, %[[T]], %[[PPIVS]] : index
// CHECK-NEXT:        scf.if %[[ISPIV]] {
// CHECK-NEXT:          %[[PM:.+]] = arith.divui %[[T]], %[[PK]] : index
// CHECK-NEXT:          %[[PS:.+]] = arith.remui %[[T]], %[[PK]] : index
// CHECK-NEXT:          %[[VPIV:.+]] = memref.load %[[FVP]][%[[PM]], %[[PS]]] : memref<?x?xi32>
// CHECK-NEXT:          %[[ZB:.+]] = arith.subi %[[VPIV]], %[[PONE]] : i32
// CHECK-NEXT:          memref.store %[[ZB]], %[[FP]][%[[PM]], %[[PS]]] : memref<?x?xi32>
// CHECK-NEXT:        }
// CHECK-NEXT:        %[[ISINFO:.+]] = arith.cmpi ult, %[[T]], %[[PB]] : index
// CHECK-NEXT:        scf.if %[[ISINFO]] {
// CHECK-NEXT:          %[[VINFO:.+]] = memref.load %[[FVI]][%[[T]]] : memref<?xi32>
// CHECK-NEXT:          memref.store %[[VINFO]], %[[FI]][%[[T]]] : memref<?xi32>
// CHECK-NEXT:        }
// CHECK-NEXT:      }
// CHECK-NEXT:      gpu.return
func.func @lu_f32_unbatched(%a: memref<4x4xf32>, %l: memref<4x4xf32>, %p: memref<4xi32>, %i: memref<i32>) {
  linalgx.lu ins(%a : memref<4x4xf32>) outs(%l, %p, %i : memref<4x4xf32>, memref<4xi32>, memref<i32>)
  return
}

// -----

// f64, one batch dimension: two ops (i64 and i32 pivots) share the getrf
// declaration and the transpose-in kernel; the transpose-back kernels differ
// by pivot type, and the i64 one sign-extends the vendor's int32 pivots
// (before subtracting 1) and info.
// CHECK-COUNT-1: func.func private @linalgxCudaGetrf(i32, !llvm.ptr, !llvm.ptr, !llvm.ptr, i64, i64, i64, i32)
// CHECK-NOT:     @linalgxCudaGetrf(
// CHECK-LABEL: func.func @lu_f64_batched
// CHECK-SAME:    (%[[A:[^:]+]]: memref<2x3x3xf64>, %[[L:[^:]+]]: memref<2x3x3xf64>, %[[P:[^:]+]]: memref<2x3xi64>, %[[I:[^:]+]]: memref<2xi64>
// CHECK:         %[[T0:.+]] = gpu.wait async
// CHECK-NOT:     memref.collapse_shape
// CHECK-NOT:     memref.expand_shape
// CHECK:         %[[A3:.+]] = memref.cast %[[A]] : memref<2x3x3xf64> to memref<?x?x?xf64>
// CHECK:         %[[L3:.+]] = memref.cast %[[L]] : memref<2x3x3xf64> to memref<?x?x?xf64>
// CHECK:         %[[P2:.+]] = memref.cast %[[P]] : memref<2x3xi64> to memref<?x?xi64>
// CHECK:         %[[I1:.+]] = memref.cast %[[I]] : memref<2xi64> to memref<?xi64>
// CHECK:         %[[WS:[^,]+]], %{{.+}} = gpu.alloc async [%[[T0]]] ({{.+}}) : memref<?x?x?xf64>
// The pivots scratch is int32 whatever the op's pivot type.
// CHECK-NEXT:    %[[VP:[^,]+]], %{{.+}} = gpu.alloc async [%{{.+}}] ({{.+}}) : memref<?x?xi32>
// CHECK-NEXT:    %[[VI:[^,]+]], %[[T3:.+]] = gpu.alloc async [%{{.+}}] ({{.+}}) : memref<?xi32>
// CHECK-NOT:     gpu.launch_func
// CHECK:         %[[T4:.+]] = gpu.launch_func async [%[[T3]]] @linalgx_kernels::@linalgx_transpose_f64 {{.+}} args(%[[A3]] : memref<?x?x?xf64>, %[[WS]] : memref<?x?x?xf64>)
// CHECK-NEXT:    %[[ETYPE:.+]] = arith.constant 1 : i32
// CHECK:         llvm.inttoptr
// CHECK:         llvm.inttoptr
// CHECK:         llvm.inttoptr
// CHECK:         arith.index_cast %{{.+}} : index to i64
// CHECK-NEXT:    arith.index_cast %{{.+}} : index to i64
// CHECK-NEXT:    arith.index_cast %{{.+}} : index to i64
// CUSOLVER-NEXT: %[[STRATEGY:.+]] = arith.constant 1 : i32
// CUBLAS-NEXT:   %[[STRATEGY:.+]] = arith.constant 2 : i32
// CHECK-NEXT:    call @linalgxCudaGetrf(%[[ETYPE]], %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %[[STRATEGY]])
// CHECK-NOT:     gpu.launch_func
// CHECK:         %[[T5:.+]] = gpu.launch_func async [%[[T4]]] @linalgx_kernels::@linalgx_lu_from_column_major_f64_i64 {{.+}} args(%[[WS]] : memref<?x?x?xf64>, %[[L3]] : memref<?x?x?xf64>, %[[VP]] : memref<?x?xi32>, %[[P2]] : memref<?x?xi64>, %[[VI]] : memref<?xi32>, %[[I1]] : memref<?xi64>)
// CHECK-NEXT:    gpu.dealloc async [%[[T5]]] %[[WS]]
// CHECK-NEXT:    gpu.dealloc async [%{{.+}}] %[[VP]]
// CHECK-NEXT:    %[[T8:.+]] = gpu.dealloc async [%{{.+}}] %[[VI]]
// CHECK-NEXT:    gpu.wait [%[[T8]]]
// The second op: its own chain, the shared transpose-in kernel.
// CHECK-NEXT:    gpu.wait async
// CHECK:         gpu.launch_func async [%{{.+}}] @linalgx_kernels::@linalgx_transpose_f64 blocks
// CHECK:         call @linalgxCudaGetrf(
// CHECK:         gpu.launch_func async [%{{.+}}] @linalgx_kernels::@linalgx_lu_from_column_major_f64_i32 blocks
// CHECK:         gpu.wait [%{{.+}}]
// CHECK-NEXT:    return
// CHECK-LABEL: gpu.module @linalgx_kernels
// CHECK-COUNT-1: gpu.func @linalgx_transpose_f64(%{{[^:]+}}: memref<?x?x?xf64>, %{{[^:]+}}: memref<?x?x?xf64>) workgroup(%{{[^ ]+}} : memref<32x33xf64, #gpu.address_space<workgroup>> {llvm.align = 16 : i64}) kernel attributes {known_block_size = array<i32: 32, 8, 1>}
// CHECK-NOT:     gpu.func @linalgx_transpose_f64(
// CHECK:         gpu.func @linalgx_lu_from_column_major_f64_i64(%{{[^:]+}}: memref<?x?x?xf64>, %{{[^:]+}}: memref<?x?x?xf64>, %[[FVP:[^:]+]]: memref<?x?xi32>, %[[FP:[^:]+]]: memref<?x?xi64>, %[[FVI:[^:]+]]: memref<?xi32>, %[[FI:[^:]+]]: memref<?xi64>) workgroup(%[[FTILE:[^ ]+]] : memref<32x33xf64, #gpu.address_space<workgroup>> {llvm.align = 16 : i64}) kernel attributes {known_block_size = array<i32: 32, 8, 1>}
// CHECK-COUNT-4:     memref.store %{{.+}}, %[[FTILE]][%{{.+}}] : memref<32x33xf64, #gpu.address_space<workgroup>>
// CHECK-NEXT:      }
// CHECK-NEXT:      gpu.barrier
// CHECK-COUNT-4:     memref.load %[[FTILE]][%{{.+}}] : memref<32x33xf64, #gpu.address_space<workgroup>>
// CHECK:           gpu.barrier
// CHECK-NEXT:    }
// CHECK:         %[[FONE:.+]] = arith.constant 1 : i64
// CHECK:         scf.for %[[T:[^ ]+]] = {{.+}} {
// CHECK-NEXT:      arith.cmpi ult, %[[T]], %{{.+}} : index
// CHECK-NEXT:      scf.if
// CHECK-NEXT:        %[[PM:.+]] = arith.divui %[[T]], %{{.+}} : index
// CHECK-NEXT:        %[[PS:.+]] = arith.remui %[[T]], %{{.+}} : index
// CHECK-NEXT:        %[[VPIV:.+]] = memref.load %[[FVP]][%[[PM]], %[[PS]]] : memref<?x?xi32>
// CHECK-NEXT:        %[[WIDE:.+]] = arith.extsi %[[VPIV]] : i32 to i64
// CHECK-NEXT:        %[[ZB:.+]] = arith.subi %[[WIDE]], %[[FONE]] : i64
// CHECK-NEXT:        memref.store %[[ZB]], %[[FP]][%[[PM]], %[[PS]]] : memref<?x?xi64>
// CHECK-NEXT:      }
// CHECK-NEXT:      arith.cmpi ult, %[[T]], %{{.+}} : index
// CHECK-NEXT:      scf.if
// CHECK-NEXT:        %[[VINFO:.+]] = memref.load %[[FVI]][%[[T]]] : memref<?xi32>
// CHECK-NEXT:        %[[WINFO:.+]] = arith.extsi %[[VINFO]] : i32 to i64
// CHECK-NEXT:        memref.store %[[WINFO]], %[[FI]][%[[T]]] : memref<?xi64>
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:    gpu.return
// CHECK:         gpu.func @linalgx_lu_from_column_major_f64_i32(%{{.+}}) workgroup(%{{[^ ]+}} : memref<32x33xf64, #gpu.address_space<workgroup>> {llvm.align = 16 : i64}) kernel attributes {known_block_size = array<i32: 32, 8, 1>}
// CHECK-NOT:       arith.extsi
// CHECK:           gpu.return
func.func @lu_f64_batched(%a: memref<2x3x3xf64>, %l: memref<2x3x3xf64>, %p: memref<2x3xi64>, %i: memref<2xi64>,
                          %p2: memref<2x3xi32>, %i2: memref<2xi32>) {
  linalgx.lu ins(%a : memref<2x3x3xf64>) outs(%l, %p, %i : memref<2x3x3xf64>, memref<2x3xi64>, memref<2xi64>)
  linalgx.lu ins(%a : memref<2x3x3xf64>) outs(%l, %p2, %i2 : memref<2x3x3xf64>, memref<2x3xi32>, memref<2xi32>)
  return
}

// -----

// complex<f32> (code 2), three batch dimensions, in place: every operand's
// batch dimensions collapse into one; input and lu are both views of the
// same memref. The tile buffer has the element type: memref<32x33xcomplex<f32>>.
// CHECK-LABEL: func.func @lu_complex_f32_batch3
// CHECK-SAME:    (%[[M:[^:]+]]: memref<2x3x4x2x2xcomplex<f32>>, %[[P:[^:]+]]: memref<2x3x4x2xi32>, %[[I:[^:]+]]: memref<2x3x4xi32>)
// CHECK:         %[[AC:.+]] = memref.collapse_shape %[[M]] {{\[\[}}0, 1, 2], [3], [4]] : memref<2x3x4x2x2xcomplex<f32>> into memref<24x2x2xcomplex<f32>>
// CHECK:         %[[A3:.+]] = memref.cast %[[AC]] : memref<24x2x2xcomplex<f32>> to memref<?x?x?xcomplex<f32>>
// CHECK:         %[[LC:.+]] = memref.collapse_shape %[[M]] {{\[\[}}0, 1, 2], [3], [4]] : memref<2x3x4x2x2xcomplex<f32>> into memref<24x2x2xcomplex<f32>>
// CHECK:         %[[L3:.+]] = memref.cast %[[LC]] : memref<24x2x2xcomplex<f32>> to memref<?x?x?xcomplex<f32>>
// CHECK:         %[[PC:.+]] = memref.collapse_shape %[[P]] {{\[\[}}0, 1, 2], [3]] : memref<2x3x4x2xi32> into memref<24x2xi32>
// CHECK:         %[[P2:.+]] = memref.cast %[[PC]] : memref<24x2xi32> to memref<?x?xi32>
// CHECK:         %[[IC:.+]] = memref.collapse_shape %[[I]] {{\[\[}}0, 1, 2]] : memref<2x3x4xi32> into memref<24xi32>
// CHECK:         %[[I1:.+]] = memref.cast %[[IC]] : memref<24xi32> to memref<?xi32>
// CHECK:         %[[WS:[^,]+]], %{{.+}} = gpu.alloc async [%{{.+}}] ({{.+}}) : memref<?x?x?xcomplex<f32>>
// CHECK:         gpu.launch_func async [%{{.+}}] @linalgx_kernels::@linalgx_transpose_cf32 {{.+}} args(%[[A3]] : memref<?x?x?xcomplex<f32>>, %[[WS]] : memref<?x?x?xcomplex<f32>>)
// CHECK-NEXT:    %[[ETYPE:.+]] = arith.constant 2 : i32
// CHECK-NEXT:    memref.extract_aligned_pointer_as_index %[[WS]] : memref<?x?x?xcomplex<f32>> -> index
// CHECK:         call @linalgxCudaGetrf(%[[ETYPE]],
// CHECK:         gpu.launch_func async [%{{.+}}] @linalgx_kernels::@linalgx_lu_from_column_major_cf32_i32 {{.+}} args(%[[WS]] : memref<?x?x?xcomplex<f32>>, %[[L3]] : memref<?x?x?xcomplex<f32>>, %{{.+}} : memref<?x?xi32>, %[[P2]] : memref<?x?xi32>, %{{.+}} : memref<?xi32>, %[[I1]] : memref<?xi32>)
// CHECK:         gpu.dealloc async [%{{.+}}] %[[WS]] : memref<?x?x?xcomplex<f32>>
// CHECK-LABEL: gpu.module @linalgx_kernels
// CHECK:         gpu.func @linalgx_transpose_cf32(%[[IN:[^:]+]]: memref<?x?x?xcomplex<f32>>, %[[WK:[^:]+]]: memref<?x?x?xcomplex<f32>>) workgroup(%[[TILE:[^ ]+]] : memref<32x33xcomplex<f32>, #gpu.address_space<workgroup>> {llvm.align = 16 : i64}) kernel attributes {known_block_size = array<i32: 32, 8, 1>}
// CHECK:           %[[TX:.+]] = gpu.thread_id x
// CHECK:           %[[X:.+]] = memref.load %[[IN]][%[[MAT:[^,]+]], %[[IR:[^,]+]], %[[IC:[0-9a-z_]+]]] : memref<?x?x?xcomplex<f32>>
// CHECK-NEXT:      memref.store %[[X]], %[[TILE]][%[[ROW:[^,]+]], %[[TX]]] : memref<32x33xcomplex<f32>, #gpu.address_space<workgroup>>
// CHECK:           gpu.barrier
// CHECK:           %[[Y:.+]] = memref.load %[[TILE]][%[[TX]], %[[COL:[0-9a-z_]+]]] : memref<32x33xcomplex<f32>, #gpu.address_space<workgroup>>
// CHECK-NEXT:      memref.store %[[Y]], %[[WK]][%[[MAT]], %[[OC:[^,]+]], %[[OR:[0-9a-z_]+]]] : memref<?x?x?xcomplex<f32>>
// CHECK:         gpu.func @linalgx_lu_from_column_major_cf32_i32(%{{.+}}) workgroup(%{{[^ ]+}} : memref<32x33xcomplex<f32>, #gpu.address_space<workgroup>> {llvm.align = 16 : i64}) kernel attributes {known_block_size = array<i32: 32, 8, 1>}
func.func @lu_complex_f32_batch3(%m: memref<2x3x4x2x2xcomplex<f32>>, %p: memref<2x3x4x2xi32>, %i: memref<2x3x4xi32>) {
  linalgx.lu ins(%m : memref<2x3x4x2x2xcomplex<f32>>) outs(%m, %p, %i : memref<2x3x4x2x2xcomplex<f32>>, memref<2x3x4x2xi32>, memref<2x3x4xi32>)
  return
}

// -----

// complex<f64> (code 3), dynamic shapes, in place, i64 pivots: B, M, N and K
// are read at run time and passed to the runtime as i64.
// CHECK-LABEL: func.func @lu_complex_f64_dynamic
// CHECK-SAME:    (%[[M:[^:]+]]: memref<?x?x?xcomplex<f64>>, %[[P:[^:]+]]: memref<?x?xi64>, %[[I:[^:]+]]: memref<?xi64>)
// CHECK:         %[[A3:.+]] = memref.cast %[[M]] : memref<?x?x?xcomplex<f64>> to memref<?x?x?xcomplex<f64>>
// CHECK:         %[[L3:.+]] = memref.cast %[[M]] : memref<?x?x?xcomplex<f64>> to memref<?x?x?xcomplex<f64>>
// CHECK:         %[[P2:.+]] = memref.cast %[[P]] : memref<?x?xi64> to memref<?x?xi64>
// CHECK:         %[[B:.+]] = memref.dim %[[L3]], %{{.+}}
// CHECK:         %[[ROWS:.+]] = memref.dim %[[L3]], %{{.+}}
// CHECK:         %[[COLS:.+]] = memref.dim %[[L3]], %{{.+}}
// CHECK:         %[[K:.+]] = memref.dim %[[P2]], %{{.+}}
// CHECK:         %[[WS:[^,]+]], %{{.+}} = gpu.alloc async [%{{.+}}] (%[[B]], %[[COLS]], %[[ROWS]]) : memref<?x?x?xcomplex<f64>>
// CHECK-NEXT:    gpu.alloc async [%{{.+}}] (%[[B]], %[[K]]) : memref<?x?xi32>
// CHECK-NEXT:    gpu.alloc async [%{{.+}}] (%[[B]]) : memref<?xi32>
// CHECK:         gpu.launch_func async [%{{.+}}] @linalgx_kernels::@linalgx_transpose_cf64 {{.+}} args(%[[A3]] : memref<?x?x?xcomplex<f64>>, %[[WS]] : memref<?x?x?xcomplex<f64>>)
// CHECK-NEXT:    %[[ETYPE:.+]] = arith.constant 3 : i32
// CHECK:         %[[B64:.+]] = arith.index_cast %[[B]] : index to i64
// CHECK-NEXT:    %[[M64:.+]] = arith.index_cast %[[ROWS]] : index to i64
// CHECK-NEXT:    %[[N64:.+]] = arith.index_cast %[[COLS]] : index to i64
// CHECK-NEXT:    %[[STRATEGY:.+]] = arith.constant {{[0-2]}} : i32
// CHECK-NEXT:    call @linalgxCudaGetrf(%[[ETYPE]], %{{.+}}, %{{.+}}, %{{.+}}, %[[B64]], %[[M64]], %[[N64]], %[[STRATEGY]])
// CHECK:         gpu.launch_func async [%{{.+}}] @linalgx_kernels::@linalgx_lu_from_column_major_cf64_i64 {{.+}} args(%[[WS]] : memref<?x?x?xcomplex<f64>>, %[[L3]] : memref<?x?x?xcomplex<f64>>, %{{.+}} : memref<?x?xi32>, %[[P2]] : memref<?x?xi64>, %{{.+}} : memref<?xi32>, %{{.+}} : memref<?xi64>)
// CHECK:         gpu.wait [%{{.+}}]
// CHECK-NEXT:    return
// CHECK-LABEL: gpu.module @linalgx_kernels
// CHECK:         gpu.func @linalgx_transpose_cf64(%{{.+}}) workgroup(%{{[^ ]+}} : memref<32x33xcomplex<f64>, #gpu.address_space<workgroup>> {llvm.align = 16 : i64}) kernel attributes {known_block_size = array<i32: 32, 8, 1>}
// CHECK:         gpu.func @linalgx_lu_from_column_major_cf64_i64(%{{.+}}) workgroup(%{{[^ ]+}} : memref<32x33xcomplex<f64>, #gpu.address_space<workgroup>> {llvm.align = 16 : i64}) kernel attributes {known_block_size = array<i32: 32, 8, 1>}
// CHECK:           arith.extsi %{{.+}} : i32 to i64
// CHECK-NEXT:      arith.subi
// CHECK:           arith.extsi %{{.+}} : i32 to i64
func.func @lu_complex_f64_dynamic(%m: memref<?x?x?xcomplex<f64>>, %p: memref<?x?xi64>, %i: memref<?xi64>) {
  linalgx.lu ins(%m : memref<?x?x?xcomplex<f64>>) outs(%m, %p, %i : memref<?x?x?xcomplex<f64>>, memref<?x?xi64>, memref<?xi64>)
  return
}

// -----

// Grid sizes folded for static shapes (32x8 threads in every case; square
// matrices only, as the cublas-batched RUN rejects static non-square ones):
//   3x40x40:      tiles = 3 * ceildiv(40, 32) * ceildiv(40, 32) = 3 * 2 * 2 = 12
//                 (the workspace has as many), so 12 blocks in and
//                 ceildiv(max(12 * 256, max(3 * 40, 3)), 256) = 12 blocks back;
//   100000x40x40: 100000 * 2 * 2 = 400000 tiles, capped at 16896 both ways;
//   1000x0x0:     no tiles, so 1 block in (never a zero-block grid) and
//                 ceildiv(max(0, max(1000 * 0, 1000)), 256) = 4 blocks back,
//                 for the 1000 infos;
//   70000x0x0:    likewise 1 block in and ceildiv(70000, 256) = 274 back;
//   0x4x4:        an empty batch, 1 block each.
// FOLDED-LABEL: func.func @lu_grids
// FOLDED-DAG:     %[[ONE:.+]] = arith.constant 1 : index
// FOLDED-DAG:     %[[C4:.+]] = arith.constant 4 : index
// FOLDED-DAG:     %[[C8:.+]] = arith.constant 8 : index
// FOLDED-DAG:     %[[C12:.+]] = arith.constant 12 : index
// FOLDED-DAG:     %[[C32:.+]] = arith.constant 32 : index
// FOLDED-DAG:     %[[C274:.+]] = arith.constant 274 : index
// FOLDED-DAG:     %[[CAP:.+]] = arith.constant 16896 : index
// FOLDED:         gpu.launch_func async [%{{.+}}] @linalgx_kernels::@linalgx_transpose_f32 blocks in (%[[C12]], %[[ONE]], %[[ONE]]) threads in (%[[C32]], %[[C8]], %[[ONE]])
// FOLDED:         gpu.launch_func async [%{{.+}}] @linalgx_kernels::@linalgx_lu_from_column_major_f32_i32 blocks in (%[[C12]], %[[ONE]], %[[ONE]]) threads in (%[[C32]], %[[C8]], %[[ONE]])
// FOLDED:         gpu.launch_func async [%{{.+}}] @linalgx_kernels::@linalgx_transpose_f64 blocks in (%[[CAP]], %[[ONE]], %[[ONE]]) threads in (%[[C32]], %[[C8]], %[[ONE]])
// FOLDED:         gpu.launch_func async [%{{.+}}] @linalgx_kernels::@linalgx_lu_from_column_major_f64_i64 blocks in (%[[CAP]], %[[ONE]], %[[ONE]]) threads in (%[[C32]], %[[C8]], %[[ONE]])
// FOLDED:         gpu.launch_func async [%{{.+}}] @linalgx_kernels::@linalgx_transpose_f32 blocks in (%[[ONE]], %[[ONE]], %[[ONE]]) threads in (%[[C32]], %[[C8]], %[[ONE]])
// FOLDED:         gpu.launch_func async [%{{.+}}] @linalgx_kernels::@linalgx_lu_from_column_major_f32_i32 blocks in (%[[C4]], %[[ONE]], %[[ONE]]) threads in (%[[C32]], %[[C8]], %[[ONE]])
// FOLDED:         gpu.launch_func async [%{{.+}}] @linalgx_kernels::@linalgx_transpose_f32 blocks in (%[[ONE]], %[[ONE]], %[[ONE]]) threads in (%[[C32]], %[[C8]], %[[ONE]])
// FOLDED:         gpu.launch_func async [%{{.+}}] @linalgx_kernels::@linalgx_lu_from_column_major_f32_i32 blocks in (%[[C274]], %[[ONE]], %[[ONE]]) threads in (%[[C32]], %[[C8]], %[[ONE]])
// FOLDED:         gpu.launch_func async [%{{.+}}] @linalgx_kernels::@linalgx_transpose_f32 blocks in (%[[ONE]], %[[ONE]], %[[ONE]]) threads in (%[[C32]], %[[C8]], %[[ONE]])
// FOLDED:         gpu.launch_func async [%{{.+}}] @linalgx_kernels::@linalgx_lu_from_column_major_f32_i32 blocks in (%[[ONE]], %[[ONE]], %[[ONE]]) threads in (%[[C32]], %[[C8]], %[[ONE]])
// FOLDED-NOT:     gpu.launch_func
// FOLDED:         return
func.func @lu_grids(%a: memref<3x40x40xf32>, %p: memref<3x40xi32>, %i: memref<3xi32>,
                    %a2: memref<100000x40x40xf64>, %p2: memref<100000x40xi64>, %i2: memref<100000xi64>,
                    %a3: memref<1000x0x0xf32>, %p3: memref<1000x0xi32>, %i3: memref<1000xi32>,
                    %a4: memref<70000x0x0xf32>, %p4: memref<70000x0xi32>, %i4: memref<70000xi32>,
                    %a5: memref<0x4x4xf32>, %p5: memref<0x4xi32>, %i5: memref<0xi32>) {
  linalgx.lu ins(%a : memref<3x40x40xf32>) outs(%a, %p, %i : memref<3x40x40xf32>, memref<3x40xi32>, memref<3xi32>)
  linalgx.lu ins(%a2 : memref<100000x40x40xf64>) outs(%a2, %p2, %i2 : memref<100000x40x40xf64>, memref<100000x40xi64>, memref<100000xi64>)
  linalgx.lu ins(%a3 : memref<1000x0x0xf32>) outs(%a3, %p3, %i3 : memref<1000x0x0xf32>, memref<1000x0xi32>, memref<1000xi32>)
  linalgx.lu ins(%a4 : memref<70000x0x0xf32>) outs(%a4, %p4, %i4 : memref<70000x0x0xf32>, memref<70000x0xi32>, memref<70000xi32>)
  linalgx.lu ins(%a5 : memref<0x4x4xf32>) outs(%a5, %p5, %i5 : memref<0x4x4xf32>, memref<0x4xi32>, memref<0xi32>)
  return
}
