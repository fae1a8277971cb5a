// linalgx.solve of real matrices with one right-hand side, under auto (and
// generated): each matrix copied into a 64-byte aligned local buffer,
// factored there by the generated LU (pivots in a local array), its
// right-hand side solved against the factors in the buffer (vector dot
// products along the rows, one reduction a row) and only the solution and
// info written: no factors, no scratch allocation, no runtime call. The
// batch is an scf.parallel from 2^17 multiply-adds. Where the shapes leave
// it open a host branch takes lu (the runtime's) + lu_solve on scratch
// buffers for matrices too large for the buffer or several right-hand
// sides; complex types, static several columns and lu-strategy=lapack
// always do.
// RUN: linalgx-opt %s -split-input-file -convert-linalgx-to-cpu-runtime | FileCheck %s
// RUN: linalgx-opt %s -split-input-file -convert-linalgx-to-cpu-runtime=lu-strategy=lapack | FileCheck %s --check-prefix=LAPACK

// CHECK-LABEL: func.func @static
// CHECK-NOT:     memref.alloc(
// CHECK-NOT:     call @linalgxCpuGetrf
// CHECK:         scf.parallel
// CHECK:           memref.alloca({{.+}}) {alignment = 64 : i64} : memref<?xf64>
// CHECK:           vector.transfer_read
// CHECK:           memref.alloca({{.+}}) : memref<?xi32>
// CHECK:           vector.reduction <add>, %{{.+}} : vector<8xf64> into f64
// CHECK:           arith.divf
// CHECK:           memref.store %{{.+}}, %{{.+}}[%{{.+}}, %{{.+}}, %c0{{(_[0-9]+)?}}] : memref<8x32x1xf64>
// CHECK-NOT:     linalgx.
// LAPACK-LABEL: func.func @static
// LAPACK:         memref.alloc(
// LAPACK:         call @linalgxCpuGetrf
// LAPACK:         linalgx.lu_solve
func.func @static(%a: memref<8x32x32xf64>, %b: memref<8x32x1xf64>, %x: memref<8x32x1xf64>, %info: memref<8xi32>) {
  linalgx.solve ins(%a, %b : memref<8x32x32xf64>, memref<8x32x1xf64>) outs(%x, %info : memref<8x32x1xf64>, memref<8xi32>)
  return
}

// -----

// CHECK-LABEL: func.func @dynamic
// CHECK:         %[[FUSED:.+]] = arith.andi
// CHECK:         scf.if %[[FUSED]] {
// CHECK:           vector.reduction <add>, %{{.+}} : vector<16xf32> into f32
// CHECK:         } else {
// CHECK:           memref.alloc(
// CHECK:           call @linalgxCpuGetrf
// CHECK:           linalgx.lu_solve
// CHECK:           memref.dealloc
// CHECK:         }
func.func @dynamic(%a: memref<?x?x?xf32>, %b: memref<?x?x?xf32>, %info: memref<?xi64>) {
  linalgx.solve ins(%a, %b : memref<?x?x?xf32>, memref<?x?x?xf32>) outs(%b, %info : memref<?x?x?xf32>, memref<?xi64>)
  return
}

// -----

// CHECK-LABEL: func.func @two_columns
// CHECK-NOT:     vector.reduction
// CHECK:         call @linalgxCpuGetrf
// CHECK:         linalgx.lu_solve
func.func @two_columns(%a: memref<4x8x8xf64>, %b: memref<4x8x2xf64>, %x: memref<4x8x2xf64>, %info: memref<4xi32>) {
  linalgx.solve ins(%a, %b : memref<4x8x8xf64>, memref<4x8x2xf64>) outs(%x, %info : memref<4x8x2xf64>, memref<4xi32>)
  return
}

// -----

// CHECK-LABEL: func.func @complex
// CHECK:         call @linalgxCpuGetrf
// CHECK:         linalgx.lu_solve
func.func @complex(%a: memref<4x8x8xcomplex<f32>>, %b: memref<4x8x1xcomplex<f32>>, %x: memref<4x8x1xcomplex<f32>>, %info: memref<4xi32>) {
  linalgx.solve ins(%a, %b : memref<4x8x8xcomplex<f32>>, memref<4x8x1xcomplex<f32>>) outs(%x, %info : memref<4x8x1xcomplex<f32>>, memref<4xi32>)
  return
}
