// linalgx.lu on device memrefs lowers to: int32 scratch and a column-major
// workspace [B, N, M] allocated on the op's async chain, a transpose-in
// launch, a call of the runtime's linalgxCudaGetrf (element type code 0 f32,
// 1 f64, 2 complex<f32>, 3 complex<f64>; strategy code 0 auto, 1 cusolver,
// 2 cublas-batched) on raw pointers of the workspace and scratch, a
// transpose-back launch that also makes the vendor pivots 0-based and
// converts pivots and info to the op's integer type, the deallocations and
// one final host wait.
// RUN: linalgx-opt %s -convert-linalgx-to-gpu -split-input-file | FileCheck %s --check-prefixes=CHECK,AUTO
// RUN: linalgx-opt %s -convert-linalgx-to-gpu=lu-strategy=auto -split-input-file | FileCheck %s --check-prefixes=CHECK,AUTO
// RUN: linalgx-opt %s -convert-linalgx-to-gpu=lu-strategy=cusolver -split-input-file | FileCheck %s --check-prefixes=CHECK,CUSOLVER
// RUN: linalgx-opt %s -convert-linalgx-to-gpu=lu-strategy=cublas-batched -split-input-file | FileCheck %s --check-prefixes=CHECK,CUBLAS

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
// CHECK:         %[[K:.+]] = memref.dim %[[P2]], %{{.+}} : memref<?x?xi32>
// CHECK:         %[[MN:.+]] = arith.muli %[[M]], %[[N]] : index
// CHECK:         %[[ELEMS:.+]] = arith.muli %[[B]], %[[MN]] : index
// The column-major workspace is [B, N, M]; the vendor pivots [B, K] and info
// [B] are int32.
// CHECK:         %[[WS:[^,]+]], %[[T1:.+]] = gpu.alloc async [%[[T0]]] (%[[B]], %[[N]], %[[M]]) : memref<?x?x?xf32>
// CHECK-NEXT:    %[[VP:[^,]+]], %[[T2:.+]] = gpu.alloc async [%[[T1]]] (%[[B]], %[[K]]) : memref<?x?xi32>
// CHECK-NEXT:    %[[VI:[^,]+]], %[[T3:.+]] = gpu.alloc async [%[[T2]]] (%[[B]]) : memref<?xi32>
// CHECK:         arith.ceildivui %[[ELEMS]], %{{.+}} : index
// CHECK-NOT:     gpu.launch_func
// CHECK:         %[[T4:.+]] = gpu.launch_func async [%[[T3]]] @linalgx_kernels::@linalgx_lu_to_column_major_f32 blocks in ({{.+}}) threads in ({{.+}}) args(%[[A3]] : memref<?x?x?xf32>, %[[WS]] : memref<?x?x?xf32>)
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
// AUTO-NEXT:     %[[STRATEGY:.+]] = arith.constant 0 : i32
// CUSOLVER-NEXT: %[[STRATEGY:.+]] = arith.constant 1 : i32
// CUBLAS-NEXT:   %[[STRATEGY:.+]] = arith.constant 2 : i32
// CHECK-NEXT:    call @linalgxCudaGetrf(%[[ETYPE]], %[[WSP]], %[[VPP]], %[[VIP]], %[[B64]], %[[M64]], %[[N64]], %[[STRATEGY]]) : (i32, !llvm.ptr, !llvm.ptr, !llvm.ptr, i64, i64, i64, i32) -> ()
// The transpose back covers max(B*M*N, B) items (an info per matrix even
// when the matrices are empty) and is chained after the first launch.
// CHECK-NEXT:    %[[TOTAL:.+]] = arith.maxui %[[ELEMS]], %[[B]] : index
// CHECK:         arith.ceildivui %[[TOTAL]], %{{.+}} : index
// CHECK-NOT:     gpu.launch_func
// CHECK:         %[[T5:.+]] = gpu.launch_func async [%[[T4]]] @linalgx_kernels::@linalgx_lu_from_column_major_f32_i32 blocks in ({{.+}}) threads in ({{.+}}) args(%[[WS]] : memref<?x?x?xf32>, %[[L3]] : memref<?x?x?xf32>, %[[VP]] : memref<?x?xi32>, %[[P2]] : memref<?x?xi32>, %[[VI]] : memref<?xi32>, %[[I1]] : memref<?xi32>)
// CHECK-NEXT:    %[[T6:.+]] = gpu.dealloc async [%[[T5]]] %[[WS]] : memref<?x?x?xf32>
// CHECK-NEXT:    %[[T7:.+]] = gpu.dealloc async [%[[T6]]] %[[VP]] : memref<?x?xi32>
// CHECK-NEXT:    %[[T8:.+]] = gpu.dealloc async [%[[T7]]] %[[VI]] : memref<?xi32>
// CHECK-NEXT:    gpu.wait [%[[T8]]]
// CHECK-NEXT:    return
//
// workspace[b][j][i] = input[b][i][j], threads following the input.
// CHECK-LABEL: gpu.module @linalgx_kernels
// CHECK:         gpu.func @linalgx_lu_to_column_major_f32(%[[IN:[^:]+]]: memref<?x?x?xf32>, %[[WK:[^:]+]]: memref<?x?x?xf32>) kernel attributes {known_block_size = array<i32: 256, 1, 1>}
// CHECK:           %[[KB:.+]] = memref.dim %[[IN]], %{{.+}} : memref<?x?x?xf32>
// CHECK:           %[[KM:.+]] = memref.dim %[[IN]], %{{.+}} : memref<?x?x?xf32>
// CHECK:           %[[KN:.+]] = memref.dim %[[IN]], %{{.+}} : memref<?x?x?xf32>
// CHECK:           %[[SIZE:.+]] = arith.muli %[[KM]], %[[KN]] : index
// CHECK:           %[[KTOTAL:.+]] = arith.muli %[[KB]], %[[SIZE]] : index
// CHECK:           scf.for %[[T:[^ ]+]] = %{{.+}} to %[[KTOTAL]] step %{{.+}} {
// CHECK-NEXT:        %[[MAT:.+]] = arith.divui %[[T]], %[[SIZE]] : index
// CHECK-NEXT:        %[[W:.+]] = arith.remui %[[T]], %[[SIZE]] : index
// CHECK-NEXT:        %[[ROW:.+]] = arith.divui %[[W]], %[[KN]] : index
// CHECK-NEXT:        %[[COL:.+]] = arith.remui %[[W]], %[[KN]] : index
// CHECK-NEXT:        %[[X:.+]] = memref.load %[[IN]][%[[MAT]], %[[ROW]], %[[COL]]] : memref<?x?x?xf32>
// CHECK-NEXT:        memref.store %[[X]], %[[WK]][%[[MAT]], %[[COL]], %[[ROW]]] : memref<?x?x?xf32>
// CHECK-NEXT:      }
// CHECK-NEXT:      gpu.return
//
// lu[b][i][j] = workspace[b][j][i] for t < B*M*N; pivot - 1 for t < B*K;
// info copied for t < B: three guarded stores, i32 so no extension.
// CHECK:         gpu.func @linalgx_lu_from_column_major_f32_i32(%[[FWK:[^:]+]]: memref<?x?x?xf32>, %[[FLU:[^:]+]]: memref<?x?x?xf32>, %[[FVP:[^:]+]]: memref<?x?xi32>, %[[FP:[^:]+]]: memref<?x?xi32>, %[[FVI:[^:]+]]: memref<?xi32>, %[[FI:[^:]+]]: memref<?xi32>) kernel attributes {known_block_size = array<i32: 256, 1, 1>}
// CHECK:           %[[FB:.+]] = memref.dim %[[FLU]], %{{.+}} : memref<?x?x?xf32>
// CHECK:           %[[FM:.+]] = memref.dim %[[FLU]], %{{.+}} : memref<?x?x?xf32>
// CHECK:           %[[FN:.+]] = memref.dim %[[FLU]], %{{.+}} : memref<?x?x?xf32>
// CHECK:           %[[FK:.+]] = memref.dim %[[FP]], %{{.+}} : memref<?x?xi32>
// CHECK:           %[[FSIZE:.+]] = arith.muli %[[FM]], %[[FN]] : index
// CHECK:           %[[FELEMS:.+]] = arith.muli %[[FB]], %[[FSIZE]] : index
// CHECK:           %[[FPIVS:.+]] = arith.muli %[[FB]], %[[FK]] : index
// CHECK:           %[[FTOTAL:.+]] = arith.maxui %[[FELEMS]], %[[FB]] : index
// CHECK:           %[[FONE:.+]] = arith.constant 1 : i32
// CHECK:           scf.for %[[T:[^ ]+]] = %{{.+}} to %[[FTOTAL]] step %{{.+}} {
// CHECK-NEXT:        %[[ISELEM:.+]] = arith.cmpi ult, %[[T]], %[[FELEMS]] : index
// CHECK-NEXT:        scf.if %[[ISELEM]] {
// CHECK-NEXT:          %[[MAT:.+]] = arith.divui %[[T]], %[[FSIZE]] : index
// CHECK-NEXT:          %[[W:.+]] = arith.remui %[[T]], %[[FSIZE]] : index
// CHECK-NEXT:          %[[ROW:.+]] = arith.divui %[[W]], %[[FN]] : index
// CHECK-NEXT:          %[[COL:.+]] = arith.remui %[[W]], %[[FN]] : index
// CHECK-NEXT:          %[[X:.+]] = memref.load %[[FWK]][%[[MAT]], %[[COL]], %[[ROW]]] : memref<?x?x?xf32>
// CHECK-NEXT:          memref.store %[[X]], %[[FLU]][%[[MAT]], %[[ROW]], %[[COL]]] : memref<?x?x?xf32>
// CHECK-NEXT:        }
// CHECK-NEXT:        %[[ISPIV:.+]] = arith.cmpi ult, %[[T]], %[[FPIVS]] : index
// CHECK-NEXT:        scf.if %[[ISPIV]] {
// CHECK-NEXT:          %[[PM:.+]] = arith.divui %[[T]], %[[FK]] : index
// CHECK-NEXT:          %[[PS:.+]] = arith.remui %[[T]], %[[FK]] : index
// CHECK-NEXT:          %[[VPIV:.+]] = memref.load %[[FVP]][%[[PM]], %[[PS]]] : memref<?x?xi32>
// CHECK-NEXT:          %[[ZB:.+]] = arith.subi %[[VPIV]], %[[FONE]] : i32
// CHECK-NEXT:          memref.store %[[ZB]], %[[FP]][%[[PM]], %[[PS]]] : memref<?x?xi32>
// CHECK-NEXT:        }
// CHECK-NEXT:        %[[ISINFO:.+]] = arith.cmpi ult, %[[T]], %[[FB]] : index
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
// CHECK:         %[[T4:.+]] = gpu.launch_func async [%[[T3]]] @linalgx_kernels::@linalgx_lu_to_column_major_f64 {{.+}} args(%[[A3]] : memref<?x?x?xf64>, %[[WS]] : memref<?x?x?xf64>)
// CHECK-NEXT:    %[[ETYPE:.+]] = arith.constant 1 : i32
// CHECK:         llvm.inttoptr
// CHECK:         llvm.inttoptr
// CHECK:         llvm.inttoptr
// CHECK:         arith.index_cast %{{.+}} : index to i64
// CHECK-NEXT:    arith.index_cast %{{.+}} : index to i64
// CHECK-NEXT:    arith.index_cast %{{.+}} : index to i64
// AUTO-NEXT:     %[[STRATEGY:.+]] = arith.constant 0 : i32
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
// CHECK:         gpu.launch_func async [%{{.+}}] @linalgx_kernels::@linalgx_lu_to_column_major_f64 blocks
// CHECK:         call @linalgxCudaGetrf(
// CHECK:         gpu.launch_func async [%{{.+}}] @linalgx_kernels::@linalgx_lu_from_column_major_f64_i32 blocks
// CHECK:         gpu.wait [%{{.+}}]
// CHECK-NEXT:    return
// CHECK-LABEL: gpu.module @linalgx_kernels
// CHECK-COUNT-1: gpu.func @linalgx_lu_to_column_major_f64(
// CHECK-NOT:     gpu.func @linalgx_lu_to_column_major_f64(
// CHECK:         gpu.func @linalgx_lu_from_column_major_f64_i64(%{{[^:]+}}: memref<?x?x?xf64>, %{{[^:]+}}: memref<?x?x?xf64>, %[[FVP:[^:]+]]: memref<?x?xi32>, %[[FP:[^:]+]]: memref<?x?xi64>, %[[FVI:[^:]+]]: memref<?xi32>, %[[FI:[^:]+]]: memref<?xi64>) kernel
// CHECK:           %[[FONE:.+]] = arith.constant 1 : i64
// CHECK:           scf.if
// CHECK:             memref.store
// CHECK:           scf.if
// CHECK:             %[[VPIV:.+]] = memref.load %[[FVP]][%[[PM:[^,]+]], %[[PS:[0-9a-z_]+]]] : memref<?x?xi32>
// CHECK-NEXT:        %[[WIDE:.+]] = arith.extsi %[[VPIV]] : i32 to i64
// CHECK-NEXT:        %[[ZB:.+]] = arith.subi %[[WIDE]], %[[FONE]] : i64
// CHECK-NEXT:        memref.store %[[ZB]], %[[FP]][%[[PM]], %[[PS]]] : memref<?x?xi64>
// CHECK:           scf.if
// CHECK-NEXT:        %[[VINFO:.+]] = memref.load %[[FVI]][%[[T:[0-9a-z_]+]]] : memref<?xi32>
// CHECK-NEXT:        %[[WINFO:.+]] = arith.extsi %[[VINFO]] : i32 to i64
// CHECK-NEXT:        memref.store %[[WINFO]], %[[FI]][%[[T]]] : memref<?xi64>
// CHECK:         gpu.func @linalgx_lu_from_column_major_f64_i32(
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
// same memref.
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
// CHECK:         gpu.launch_func async [%{{.+}}] @linalgx_kernels::@linalgx_lu_to_column_major_cf32 {{.+}} args(%[[A3]] : memref<?x?x?xcomplex<f32>>, %[[WS]] : memref<?x?x?xcomplex<f32>>)
// CHECK-NEXT:    %[[ETYPE:.+]] = arith.constant 2 : i32
// CHECK-NEXT:    memref.extract_aligned_pointer_as_index %[[WS]] : memref<?x?x?xcomplex<f32>> -> index
// CHECK:         call @linalgxCudaGetrf(%[[ETYPE]],
// CHECK:         gpu.launch_func async [%{{.+}}] @linalgx_kernels::@linalgx_lu_from_column_major_cf32_i32 {{.+}} args(%[[WS]] : memref<?x?x?xcomplex<f32>>, %[[L3]] : memref<?x?x?xcomplex<f32>>, %{{.+}} : memref<?x?xi32>, %[[P2]] : memref<?x?xi32>, %{{.+}} : memref<?xi32>, %[[I1]] : memref<?xi32>)
// CHECK:         gpu.dealloc async [%{{.+}}] %[[WS]] : memref<?x?x?xcomplex<f32>>
// CHECK-LABEL: gpu.module @linalgx_kernels
// CHECK:         gpu.func @linalgx_lu_to_column_major_cf32(%[[IN:[^:]+]]: memref<?x?x?xcomplex<f32>>, %[[WK:[^:]+]]: memref<?x?x?xcomplex<f32>>)
// CHECK:           %[[X:.+]] = memref.load %[[IN]][%[[MAT:[^,]+]], %[[ROW:[^,]+]], %[[COL:[0-9a-z_]+]]] : memref<?x?x?xcomplex<f32>>
// CHECK-NEXT:      memref.store %[[X]], %[[WK]][%[[MAT]], %[[COL]], %[[ROW]]] : memref<?x?x?xcomplex<f32>>
// CHECK:         gpu.func @linalgx_lu_from_column_major_cf32_i32(
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
// CHECK:         gpu.launch_func async [%{{.+}}] @linalgx_kernels::@linalgx_lu_to_column_major_cf64 {{.+}} args(%[[A3]] : memref<?x?x?xcomplex<f64>>, %[[WS]] : memref<?x?x?xcomplex<f64>>)
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
// CHECK:         gpu.func @linalgx_lu_to_column_major_cf64(
// CHECK:         gpu.func @linalgx_lu_from_column_major_cf64_i64(
// CHECK:           arith.extsi %{{.+}} : i32 to i64
// CHECK-NEXT:      arith.subi
// CHECK:           arith.extsi %{{.+}} : i32 to i64
func.func @lu_complex_f64_dynamic(%m: memref<?x?x?xcomplex<f64>>, %p: memref<?x?xi64>, %i: memref<?xi64>) {
  linalgx.lu ins(%m : memref<?x?x?xcomplex<f64>>) outs(%m, %p, %i : memref<?x?x?xcomplex<f64>>, memref<?x?xi64>, memref<?xi64>)
  return
}
