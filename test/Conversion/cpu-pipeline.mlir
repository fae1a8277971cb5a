// --linalgx-cpu-pipeline lowers a tensor program using both linalgx ops all
// the way to the LLVM dialect: nothing of linalgx, tensor, bufferization, scf,
// memref, arith, complex, math or func is left. By default (lu-strategy=auto)
// linalgx.lu becomes a call of the CPU runtime; with lu-strategy=loops, the
// reference loops.
// RUN: linalgx-opt %s --linalgx-cpu-pipeline | FileCheck %s
// RUN: linalgx-opt %s --linalgx-cpu-pipeline | FileCheck %s --check-prefix=NEG
// RUN: linalgx-opt %s --linalgx-cpu-pipeline=lu-strategy=unblocked | FileCheck %s --check-prefix=UNBLOCKED
// RUN: linalgx-opt %s --linalgx-cpu-pipeline=lu-strategy=loops | FileCheck %s --check-prefix=LOOPS
// RUN: linalgx-opt %s --linalgx-cpu-pipeline=lu-strategy=loops | FileCheck %s --check-prefix=NEG

// CHECK:       llvm.func @linalgxCpuGetrf(i32, i32, !llvm.ptr, !llvm.ptr, !llvm.ptr, !llvm.ptr, i64, i64, i64, i32)
// CHECK-LABEL: llvm.func @factor(
// f64 (code 1), i32 pivots, strategy auto (0); batch 2 of 4x3.
// CHECK-DAG:     %[[F64:.+]] = llvm.mlir.constant(1 : i32) : i32
// CHECK-DAG:     %[[I32:.+]] = llvm.mlir.constant(32 : i32) : i32
// CHECK-DAG:     %[[AUTO:.+]] = llvm.mlir.constant(0 : i32) : i32
// CHECK:         llvm.call @linalgxCpuGetrf(%[[F64]], %[[I32]], %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %[[AUTO]])
// The permutation: one pass of swaps per matrix, after the call.
// CHECK:         llvm.icmp "slt"
// CHECK:         llvm.return
// CHECK-LABEL: llvm.func @factor_complex(
// complex<f32> (code 2) with i64 pivots.
// CHECK-DAG:     %[[C32:.+]] = llvm.mlir.constant(2 : i32) : i32
// CHECK-DAG:     %[[I64:.+]] = llvm.mlir.constant(64 : i32) : i32
// CHECK:         llvm.call @linalgxCpuGetrf(%[[C32]], %[[I64]],
// CHECK:         llvm.return

// UNBLOCKED-LABEL: llvm.func @factor(
// UNBLOCKED:         %[[STRATEGY:.+]] = llvm.mlir.constant(2 : i32) : i32
// UNBLOCKED:         llvm.call @linalgxCpuGetrf({{.*}}, %[[STRATEGY]])

// LOOPS-NOT:   linalgxCpuGetrf
// LOOPS-LABEL: llvm.func @factor(
// LOOPS:         llvm.fcmp "ogt"
// LOOPS:         llvm.fdiv
// LOOPS:         llvm.fmul
// LOOPS:         llvm.fsub
// LOOPS:         llvm.return
// LOOPS-LABEL: llvm.func @factor_complex(
// LOOPS:         llvm.return

// NEG-NOT: linalgx.
// NEG-NOT: tensor.
// NEG-NOT: bufferization.
// NEG-NOT: scf.
// NEG-NOT: cf.
// NEG-NOT: memref.
// NEG-NOT: arith.
// NEG-NOT: complex.
// NEG-NOT: math.
// NEG-NOT: func.func
// NEG-NOT: func.return
// NEG-NOT: unrealized_conversion_cast

func.func @factor(%a: tensor<2x4x3xf64>) -> (tensor<2x4x3xf64>, tensor<2x4xi32>, tensor<2xi32>) {
  %l = tensor.empty() : tensor<2x4x3xf64>
  %p = tensor.empty() : tensor<2x3xi32>
  %i = tensor.empty() : tensor<2xi32>
  %q = tensor.empty() : tensor<2x4xi32>
  %lu, %piv, %info = linalgx.lu ins(%a : tensor<2x4x3xf64>)
      outs(%l, %p, %i : tensor<2x4x3xf64>, tensor<2x3xi32>, tensor<2xi32>)
      -> tensor<2x4x3xf64>, tensor<2x3xi32>, tensor<2xi32>
  %perm = linalgx.pivots_to_permutation ins(%piv : tensor<2x3xi32>)
      outs(%q : tensor<2x4xi32>) -> tensor<2x4xi32>
  return %lu, %perm, %info : tensor<2x4x3xf64>, tensor<2x4xi32>, tensor<2xi32>
}

// complex<f32> with i64 pivots and one_based permutation: complex division
// and |re| + |im| are expanded to LLVM too.
func.func @factor_complex(%a: tensor<?x?xcomplex<f32>>) -> (tensor<?x?xcomplex<f32>>, tensor<?xi64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = tensor.dim %a, %c0 : tensor<?x?xcomplex<f32>>
  %n = tensor.dim %a, %c1 : tensor<?x?xcomplex<f32>>
  %k = arith.minui %m, %n : index
  %l = tensor.empty(%m, %n) : tensor<?x?xcomplex<f32>>
  %p = tensor.empty(%k) : tensor<?xi64>
  %i = tensor.empty() : tensor<i64>
  %q = tensor.empty(%m) : tensor<?xi64>
  %lu, %piv, %info = linalgx.lu ins(%a : tensor<?x?xcomplex<f32>>)
      outs(%l, %p, %i : tensor<?x?xcomplex<f32>>, tensor<?xi64>, tensor<i64>)
      -> tensor<?x?xcomplex<f32>>, tensor<?xi64>, tensor<i64>
  %perm = linalgx.pivots_to_permutation one_based ins(%piv : tensor<?xi64>)
      outs(%q : tensor<?xi64>) -> tensor<?xi64>
  return %lu, %perm : tensor<?x?xcomplex<f32>>, tensor<?xi64>
}
