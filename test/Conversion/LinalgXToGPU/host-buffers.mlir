// With host-buffers=true the operands are host memory: each input is copied
// to a gpu.alloc'ed buffer (gpu.memcpy async), the kernels run on device
// buffers, every `outs` operand is copied back after the last launch, and all
// device buffers are freed before the one host wait. A non-contiguous input
// first gets a contiguous host copy (memref.alloc + memref.copy), freed after
// the wait; a contiguous one with a strided layout is reinterpreted instead.
// RUN: linalgx-opt %s -convert-linalgx-to-gpu="host-buffers=true lu-strategy=cusolver" -split-input-file | FileCheck %s

// pivots_to_permutation: pivots copied in, permutation only allocated (the
// kernel writes all of it) and copied back after the launch.
// CHECK-LABEL: func.func @perm_host
// CHECK-SAME:    (%[[P:[^:]+]]: memref<2x3xi32>, %[[Q:[^:]+]]: memref<2x5xi32>)
// CHECK-NOT:     memref.alloc
// CHECK:         %[[T0:.+]] = gpu.wait async
// CHECK-NEXT:    %[[DP:[^,]+]], %[[T1:.+]] = gpu.alloc async [%[[T0]]] () : memref<2x3xi32>
// CHECK-NEXT:    %[[T2:.+]] = gpu.memcpy async [%[[T1]]] %[[DP]], %[[P]] : memref<2x3xi32>, memref<2x3xi32>
// CHECK-NEXT:    %[[DQ:[^,]+]], %[[T3:.+]] = gpu.alloc async [%[[T2]]] () : memref<2x5xi32>
// CHECK-NOT:     gpu.memcpy
// CHECK:         %[[DP2:.+]] = memref.cast %[[DP]] : memref<2x3xi32> to memref<?x?xi32>
// CHECK-NEXT:    %[[DQ2:.+]] = memref.cast %[[DQ]] : memref<2x5xi32> to memref<?x?xi32>
// CHECK-NOT:     gpu.memcpy
// CHECK:         %[[T4:.+]] = gpu.launch_func async [%[[T3]]] @linalgx_kernels::@linalgx_pivots_to_permutation_i32 {{.+}} args(%[[DP2]] : memref<?x?xi32>, %[[DQ2]] : memref<?x?xi32>)
// CHECK-NEXT:    %[[T5:.+]] = gpu.memcpy async [%[[T4]]] %[[Q]], %[[DQ]] : memref<2x5xi32>, memref<2x5xi32>
// CHECK-NEXT:    %[[T6:.+]] = gpu.dealloc async [%[[T5]]] %[[DP]] : memref<2x3xi32>
// CHECK-NEXT:    %[[T7:.+]] = gpu.dealloc async [%[[T6]]] %[[DQ]] : memref<2x5xi32>
// CHECK-NEXT:    gpu.wait [%[[T7]]]
// CHECK-NEXT:    return
func.func @perm_host(%p: memref<2x3xi32>, %q: memref<2x5xi32>) {
  linalgx.pivots_to_permutation ins(%p : memref<2x3xi32>) outs(%q : memref<2x5xi32>)
  return
}

// -----

// lu of a non-contiguous subview: a contiguous host copy is made and copied
// in; lu, pivots and info are device buffers copied back after the transpose
// back; seven device buffers (input, three outputs, three temporaries) are
// freed, then the host copy after the wait.
// CHECK-LABEL: func.func @lu_host_subview
// CHECK-SAME:    (%[[BIG:[^:]+]]: memref<8x8xf64>, %[[L:[^:]+]]: memref<4x4xf64>, %[[P:[^:]+]]: memref<4xi32>, %[[I:[^:]+]]: memref<i32>)
// CHECK:         %[[SV:.+]] = memref.subview %[[BIG]]
// CHECK:         %[[T0:.+]] = gpu.wait async
// CHECK-NEXT:    %[[HOST:.+]] = memref.alloc() : memref<4x4xf64>
// CHECK-NEXT:    memref.copy %[[SV]], %[[HOST]] : memref<4x4xf64, strided<[8, 1]>> to memref<4x4xf64>
// CHECK-NEXT:    %[[DA:[^,]+]], %[[T1:.+]] = gpu.alloc async [%[[T0]]] () : memref<4x4xf64>
// CHECK-NEXT:    %[[T2:.+]] = gpu.memcpy async [%[[T1]]] %[[DA]], %[[HOST]] : memref<4x4xf64>, memref<4x4xf64>
// CHECK-NOT:     gpu.memcpy
// CHECK:         %[[DL:[^,]+]], %{{.+}} = gpu.alloc async [%[[T2]]] () : memref<4x4xf64>
// CHECK-NOT:     gpu.memcpy
// CHECK:         %[[DP:[^,]+]], %{{.+}} = gpu.alloc async [%{{.+}}] () : memref<4xi32>
// CHECK-NOT:     gpu.memcpy
// CHECK:         %[[DI:[^,]+]], %{{.+}} = gpu.alloc async [%{{.+}}] () : memref<i32>
// CHECK-NOT:     gpu.memcpy
// CHECK:         %[[WS:[^,]+]], %{{.+}} = gpu.alloc async [%{{.+}}] ({{.+}}) : memref<?x?x?xf64>
// CHECK-NEXT:    %[[VP:[^,]+]], %{{.+}} = gpu.alloc async [%{{.+}}] ({{.+}}) : memref<?x?xi32>
// CHECK-NEXT:    %[[VI:[^,]+]], %{{.+}} = gpu.alloc async [%{{.+}}] ({{.+}}) : memref<?xi32>
// CHECK-NOT:     gpu.memcpy
// CHECK:         gpu.launch_func async [%{{.+}}] @linalgx_kernels::@linalgx_transpose_f64
// CHECK-NOT:     gpu.memcpy
// CHECK:         call @linalgxCudaGetrf(
// CHECK-NOT:     gpu.memcpy
// CHECK:         %[[T3:.+]] = gpu.launch_func async [%{{.+}}] @linalgx_kernels::@linalgx_lu_from_column_major_f64_i32
// CHECK-NEXT:    %[[T4:.+]] = gpu.memcpy async [%[[T3]]] %[[L]], %[[DL]] : memref<4x4xf64>, memref<4x4xf64>
// CHECK-NEXT:    %[[T5:.+]] = gpu.memcpy async [%[[T4]]] %[[P]], %[[DP]] : memref<4xi32>, memref<4xi32>
// CHECK-NEXT:    %[[T6:.+]] = gpu.memcpy async [%[[T5]]] %[[I]], %[[DI]] : memref<i32>, memref<i32>
// CHECK-NEXT:    %[[T7:.+]] = gpu.dealloc async [%[[T6]]] %[[DA]] : memref<4x4xf64>
// CHECK-NEXT:    %[[T8:.+]] = gpu.dealloc async [%[[T7]]] %[[DL]] : memref<4x4xf64>
// CHECK-NEXT:    %[[T9:.+]] = gpu.dealloc async [%[[T8]]] %[[DP]] : memref<4xi32>
// CHECK-NEXT:    %[[T10:.+]] = gpu.dealloc async [%[[T9]]] %[[DI]] : memref<i32>
// CHECK-NEXT:    %[[T11:.+]] = gpu.dealloc async [%[[T10]]] %[[WS]] : memref<?x?x?xf64>
// CHECK-NEXT:    %[[T12:.+]] = gpu.dealloc async [%[[T11]]] %[[VP]] : memref<?x?xi32>
// CHECK-NEXT:    %[[T13:.+]] = gpu.dealloc async [%[[T12]]] %[[VI]] : memref<?xi32>
// CHECK-NEXT:    gpu.wait [%[[T13]]]
// CHECK-NEXT:    memref.dealloc %[[HOST]] : memref<4x4xf64>
// CHECK-NEXT:    return
func.func @lu_host_subview(%big: memref<8x8xf64>, %l: memref<4x4xf64>, %p: memref<4xi32>, %i: memref<i32>) {
  %a = memref.subview %big[0, 0] [4, 4] [1, 1] : memref<8x8xf64> to memref<4x4xf64, strided<[8, 1]>>
  linalgx.lu ins(%a : memref<4x4xf64, strided<[8, 1]>>) outs(%l, %p, %i : memref<4x4xf64>, memref<4xi32>, memref<i32>)
  return
}

// -----

// A dynamic non-contiguous input: the host copy and every device buffer take
// their sizes from memref.dim at run time.
// CHECK-LABEL: func.func @lu_host_dynamic
// CHECK-SAME:    (%[[A:[^:]+]]: memref<?x?xf32, strided<[?, 1], offset: ?>>, %[[L:[^:]+]]: memref<?x?xf32>, %[[P:[^:]+]]: memref<?xi64>, %[[I:[^:]+]]: memref<i64>)
// CHECK:         %[[D0:.+]] = memref.dim %[[A]], %{{.+}} : memref<?x?xf32, strided<[?, 1], offset: ?>>
// CHECK:         %[[D1:.+]] = memref.dim %[[A]], %{{.+}} : memref<?x?xf32, strided<[?, 1], offset: ?>>
// CHECK:         %[[HOST:.+]] = memref.alloc(%[[D0]], %[[D1]]) : memref<?x?xf32>
// CHECK-NEXT:    memref.copy %[[A]], %[[HOST]] : memref<?x?xf32, strided<[?, 1], offset: ?>> to memref<?x?xf32>
// CHECK:         %[[H0:.+]] = memref.dim %[[HOST]], %{{.+}} : memref<?x?xf32>
// CHECK:         %[[H1:.+]] = memref.dim %[[HOST]], %{{.+}} : memref<?x?xf32>
// CHECK:         %[[DA:[^,]+]], %[[T1:.+]] = gpu.alloc async [%{{.+}}] (%[[H0]], %[[H1]]) : memref<?x?xf32>
// CHECK-NEXT:    gpu.memcpy async [%[[T1]]] %[[DA]], %[[HOST]] : memref<?x?xf32>, memref<?x?xf32>
// CHECK:         %[[L0:.+]] = memref.dim %[[L]], %{{.+}} : memref<?x?xf32>
// CHECK:         %[[L1:.+]] = memref.dim %[[L]], %{{.+}} : memref<?x?xf32>
// CHECK:         %[[DL:[^,]+]], %{{.+}} = gpu.alloc async [%{{.+}}] (%[[L0]], %[[L1]]) : memref<?x?xf32>
// CHECK:         %[[P0:.+]] = memref.dim %[[P]], %{{.+}} : memref<?xi64>
// CHECK:         %[[DP:[^,]+]], %{{.+}} = gpu.alloc async [%{{.+}}] (%[[P0]]) : memref<?xi64>
// CHECK:         %[[DI:[^,]+]], %{{.+}} = gpu.alloc async [%{{.+}}] () : memref<i64>
// CHECK:         gpu.launch_func async [%{{.+}}] @linalgx_kernels::@linalgx_lu_from_column_major_f32_i64
// CHECK-NEXT:    gpu.memcpy async [%{{.+}}] %[[L]], %[[DL]] : memref<?x?xf32>, memref<?x?xf32>
// CHECK-NEXT:    gpu.memcpy async [%{{.+}}] %[[P]], %[[DP]] : memref<?xi64>, memref<?xi64>
// CHECK-NEXT:    gpu.memcpy async [%{{.+}}] %[[I]], %[[DI]] : memref<i64>, memref<i64>
// CHECK-COUNT-7: gpu.dealloc async
// CHECK-NEXT:    gpu.wait [%{{.+}}]
// CHECK-NEXT:    memref.dealloc %[[HOST]] : memref<?x?xf32>
// CHECK-NEXT:    return
func.func @lu_host_dynamic(%a: memref<?x?xf32, strided<[?, 1], offset: ?>>, %l: memref<?x?xf32>, %p: memref<?xi64>, %i: memref<i64>) {
  linalgx.lu ins(%a : memref<?x?xf32, strided<[?, 1], offset: ?>>) outs(%l, %p, %i : memref<?x?xf32>, memref<?xi64>, memref<i64>)
  return
}

// -----

// In place (input == lu): the matrix is copied in once for reading and the
// result copied back to the same host memref; no host copy is needed.
// CHECK-LABEL: func.func @lu_host_in_place
// CHECK-SAME:    (%[[M:[^:]+]]: memref<2x3x3xcomplex<f64>>, %[[P:[^:]+]]: memref<2x3xi32>, %[[I:[^:]+]]: memref<2xi32>)
// CHECK-NOT:     memref.alloc
// CHECK:         %[[DA:[^,]+]], %[[T1:.+]] = gpu.alloc async [%{{.+}}] () : memref<2x3x3xcomplex<f64>>
// CHECK-NEXT:    gpu.memcpy async [%[[T1]]] %[[DA]], %[[M]] : memref<2x3x3xcomplex<f64>>, memref<2x3x3xcomplex<f64>>
// CHECK:         %[[DL:[^,]+]], %{{.+}} = gpu.alloc async [%{{.+}}] () : memref<2x3x3xcomplex<f64>>
// CHECK:         gpu.launch_func async [%{{.+}}] @linalgx_kernels::@linalgx_lu_from_column_major_cf64_i32
// CHECK-NEXT:    gpu.memcpy async [%{{.+}}] %[[M]], %[[DL]] : memref<2x3x3xcomplex<f64>>, memref<2x3x3xcomplex<f64>>
// CHECK-NEXT:    gpu.memcpy async [%{{.+}}] %[[P]], %{{.+}} : memref<2x3xi32>, memref<2x3xi32>
// CHECK-NEXT:    gpu.memcpy async [%{{.+}}] %[[I]], %{{.+}} : memref<2xi32>, memref<2xi32>
// CHECK-COUNT-7: gpu.dealloc async
// CHECK-NEXT:    gpu.wait [%{{.+}}]
// CHECK-NOT:     memref.dealloc
// CHECK:         return
func.func @lu_host_in_place(%m: memref<2x3x3xcomplex<f64>>, %p: memref<2x3xi32>, %i: memref<2xi32>) {
  linalgx.lu ins(%m : memref<2x3x3xcomplex<f64>>) outs(%m, %p, %i : memref<2x3x3xcomplex<f64>>, memref<2x3xi32>, memref<2xi32>)
  return
}

// -----

// A contiguous strided<[75, 1]> layout (a full slice) is reinterpreted as the
// identity layout, on the input and on the output, never copied on the host.
// CHECK-LABEL: func.func @perm_host_contiguous_strided
// CHECK-SAME:    (%[[P:[^:]+]]: memref<3x75xi32, strided<[75, 1]>>, %[[Q:[^:]+]]: memref<3x75xi32, strided<[75, 1]>>)
// CHECK-NOT:     memref.alloc
// CHECK-NOT:     memref.copy
// CHECK:         %[[T0:.+]] = gpu.wait async
// CHECK-NEXT:    %[[RP:.+]] = memref.reinterpret_cast %[[P]] to offset: [0], sizes: [3, 75], strides: [75, 1] : memref<3x75xi32, strided<[75, 1]>> to memref<3x75xi32>
// CHECK-NEXT:    %[[DP:[^,]+]], %[[T1:.+]] = gpu.alloc async [%[[T0]]] () : memref<3x75xi32>
// CHECK-NEXT:    %[[T2:.+]] = gpu.memcpy async [%[[T1]]] %[[DP]], %[[RP]] : memref<3x75xi32>, memref<3x75xi32>
// CHECK-NEXT:    %[[RQ:.+]] = memref.reinterpret_cast %[[Q]] to offset: [0], sizes: [3, 75], strides: [75, 1] : memref<3x75xi32, strided<[75, 1]>> to memref<3x75xi32>
// CHECK-NEXT:    %[[DQ:[^,]+]], %{{.+}} = gpu.alloc async [%[[T2]]] () : memref<3x75xi32>
// CHECK-NOT:     memref.copy
// CHECK:         %[[T3:.+]] = gpu.launch_func async [%{{.+}}] @linalgx_kernels::@linalgx_pivots_to_permutation_i32
// CHECK-NEXT:    %[[T4:.+]] = gpu.memcpy async [%[[T3]]] %[[RQ]], %[[DQ]] : memref<3x75xi32>, memref<3x75xi32>
// CHECK-NEXT:    %[[T5:.+]] = gpu.dealloc async [%[[T4]]] %[[DP]]
// CHECK-NEXT:    %[[T6:.+]] = gpu.dealloc async [%[[T5]]] %[[DQ]]
// CHECK-NEXT:    gpu.wait [%[[T6]]]
// CHECK-NOT:     memref.dealloc
// CHECK:         return
func.func @perm_host_contiguous_strided(%p: memref<3x75xi32, strided<[75, 1]>>, %q: memref<3x75xi32, strided<[75, 1]>>) {
  linalgx.pivots_to_permutation ins(%p : memref<3x75xi32, strided<[75, 1]>>) outs(%q : memref<3x75xi32, strided<[75, 1]>>)
  return
}

// -----

// A contiguous layout with a dynamic leading size: the reinterpretation reads
// that size with memref.dim and keeps the static row stride.
// CHECK-LABEL: func.func @perm_host_contiguous_dynamic
// CHECK-SAME:    (%[[P:[^:]+]]: memref<?x75xi64, strided<[75, 1]>>, %[[Q:[^:]+]]: memref<?x75xi64>)
// CHECK-NOT:     memref.alloc
// CHECK:         %[[D0:.+]] = memref.dim %[[P]], %{{.+}} : memref<?x75xi64, strided<[75, 1]>>
// CHECK:         %[[RP:.+]] = memref.reinterpret_cast %[[P]] to offset: [0], sizes: [%[[D0]], 75], strides: [75, 1] : memref<?x75xi64, strided<[75, 1]>> to memref<?x75xi64>
// CHECK:         gpu.memcpy async [%{{.+}}] %{{.+}}, %[[RP]] : memref<?x75xi64>, memref<?x75xi64>
// CHECK-NOT:     memref.copy
// CHECK:         gpu.launch_func async [%{{.+}}] @linalgx_kernels::@linalgx_pivots_to_permutation_i64_one_based
// CHECK-NEXT:    gpu.memcpy async [%{{.+}}] %[[Q]], %{{.+}} : memref<?x75xi64>, memref<?x75xi64>
func.func @perm_host_contiguous_dynamic(%p: memref<?x75xi64, strided<[75, 1]>>, %q: memref<?x75xi64>) {
  linalgx.pivots_to_permutation one_based ins(%p : memref<?x75xi64, strided<[75, 1]>>) outs(%q : memref<?x75xi64>)
  return
}

// -----

// A non-contiguous host `outs` (in place on a subview, as
// test/Integration/CPU/lu-memref.mlir does): factored in a contiguous host
// copy, whose result is copied back into the view after the device work.
// CHECK-LABEL: func.func @lu_host_strided_in_place
// CHECK-SAME:    (%[[BIG:.+]]: memref<3x3xf64>
// CHECK:         %[[VIEW:.+]] = memref.subview %[[BIG]]
// CHECK:         %[[IN:.+]] = memref.alloc() : memref<2x2xf64>
// CHECK:         memref.copy %[[VIEW]], %[[IN]]
// CHECK:         %[[OUT:.+]] = memref.alloc() : memref<2x2xf64>
// CHECK:         memref.copy %[[VIEW]], %[[OUT]]
// CHECK-NEXT:    %[[DEV:[^,]+]], %{{.+}} = gpu.alloc async
// CHECK:         call @linalgxCudaGetrf
// CHECK:         gpu.memcpy async [%{{.+}}] %[[OUT]], %[[DEV]]
// CHECK:         gpu.wait [%{{.+}}]
// CHECK-NEXT:    memref.copy %[[OUT]], %[[VIEW]]
// CHECK-NEXT:    memref.dealloc %[[IN]]
// CHECK-NEXT:    memref.dealloc %[[OUT]]
func.func @lu_host_strided_in_place(%big: memref<3x3xf64>, %p: memref<2xi32>, %i: memref<i32>) {
  %view = memref.subview %big[1, 1] [2, 2] [1, 1] : memref<3x3xf64> to memref<2x2xf64, strided<[3, 1], offset: 4>>
  linalgx.lu ins(%view : memref<2x2xf64, strided<[3, 1], offset: 4>>)
      outs(%view, %p, %i : memref<2x2xf64, strided<[3, 1], offset: 4>>, memref<2xi32>, memref<i32>)
  return
}
