// REQUIRES: mlir-dylib
// The stock mlir-opt with both plugins runs linalgx-cpu-pipeline down to the
// LLVM dialect, with or without pipeline options, in either load order, and
// produces exactly what linalgx-opt --linalgx-cpu-pipeline produces.
// RUN: mlir-opt --load-dialect-plugin=%linalgx_dialect_plugin --load-pass-plugin=%linalgx_pass_plugin %s --pass-pipeline='builtin.module(linalgx-cpu-pipeline)' | FileCheck %s
// RUN: mlir-opt --load-dialect-plugin=%linalgx_dialect_plugin --load-pass-plugin=%linalgx_pass_plugin %s --pass-pipeline='builtin.module(linalgx-cpu-pipeline)' | FileCheck %s --check-prefix=NEG
// RUN: mlir-opt --load-pass-plugin=%linalgx_pass_plugin --load-dialect-plugin=%linalgx_dialect_plugin %s --pass-pipeline='builtin.module(linalgx-cpu-pipeline{deallocate-buffers=false})' | FileCheck %s --check-prefixes=CHECK,NEG
// RUN: mlir-opt --load-dialect-plugin=%linalgx_dialect_plugin --load-pass-plugin=%linalgx_pass_plugin %s --pass-pipeline='builtin.module(linalgx-cpu-pipeline{lu-strategy=loops})' | FileCheck %s --check-prefixes=LOOPS,NEG
// RUN: mlir-opt --load-dialect-plugin=%linalgx_dialect_plugin --load-pass-plugin=%linalgx_pass_plugin %s --pass-pipeline='builtin.module(linalgx-cpu-pipeline)' > %t.plugin.mlir
// RUN: linalgx-opt %s --linalgx-cpu-pipeline > %t.linalgx-opt.mlir
// RUN: diff %t.plugin.mlir %t.linalgx-opt.mlir
// The result is valid LLVM dialect: it translates to LLVM IR.
// RUN: mlir-translate --mlir-to-llvmir %t.plugin.mlir | FileCheck %s --check-prefix=LLVMIR

// CHECK:       llvm.func @linalgxCpuGetrf(
// CHECK-LABEL: llvm.func @factor(
// CHECK:         llvm.call @linalgxCpuGetrf(
// CHECK:         llvm.return
// CHECK-LABEL: llvm.func @factor_complex(
// CHECK:         llvm.call @linalgxCpuGetrf(
// CHECK:         llvm.return

// LOOPS-NOT:   linalgxCpuGetrf
// LOOPS-LABEL: llvm.func @factor(
// LOOPS:         llvm.fcmp "ogt"
// LOOPS:         llvm.fdiv

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
// NEG-NOT: unrealized_conversion_cast

// LLVMIR: declare void @linalgxCpuGetrf(i32, i32, ptr, ptr, ptr, ptr, i64, i64, i64, i32)
// LLVMIR: define {{.*}} @factor(
// LLVMIR: define {{.*}} @factor_complex(

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

// complex<f32> with i64 pivots and a one_based permutation.
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
