// REQUIRES: mlir-dylib
// The stock mlir-opt with both plugins runs linalgx-gpu-pipeline (format=isa:
// PTX text, no ptxas needed) and convert-linalgx-to-gpu, with their options,
// and gets byte for byte what linalgx-opt gets.
// RUN: mlir-opt --load-dialect-plugin=%linalgx_dialect_plugin --load-pass-plugin=%linalgx_pass_plugin %s --pass-pipeline='builtin.module(linalgx-gpu-pipeline{format=isa chip=sm_90 lu-strategy=cusolver})' > %t.plugin.mlir
// RUN: FileCheck %s --input-file=%t.plugin.mlir
// RUN: linalgx-opt %s --linalgx-gpu-pipeline="format=isa chip=sm_90 lu-strategy=cusolver" > %t.linalgx-opt.mlir
// RUN: diff %t.plugin.mlir %t.linalgx-opt.mlir
//
// RUN: mlir-opt --load-dialect-plugin=%linalgx_dialect_plugin --load-pass-plugin=%linalgx_pass_plugin %s --pass-pipeline='builtin.module(one-shot-bufferize{bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map},convert-linalgx-to-gpu{lu-strategy=cusolver})' | FileCheck %s --check-prefix=TOGPU

// CHECK-LABEL: module attributes {gpu.container_module}
// CHECK:         llvm.func @linalgxCudaGetrf(
// CHECK-LABEL:   llvm.func @factor(
// CHECK:           gpu.launch_func <%{{.+}} : !llvm.ptr> @linalgx_kernels::@linalgx_transpose_f64 blocks in
// CHECK:           llvm.call @linalgxCudaGetrf(
// CHECK:           gpu.launch_func <%{{.+}} : !llvm.ptr> @linalgx_kernels::@linalgx_lu_from_column_major_f64_i32 blocks in
// CHECK:           gpu.launch_func <%{{.+}} : !llvm.ptr> @linalgx_kernels::@linalgx_pivots_to_permutation_i32 blocks in
// CHECK:           llvm.return
// CHECK:         gpu.binary @linalgx_kernels [#gpu.object<#nvvm.target<chip = "sm_90", features = "+ptx81">, properties = {{.+}}, assembly = "
// CHECK-SAME:    .target sm_90
// CHECK-SAME:    .entry linalgx_transpose_f64(
// CHECK-SAME:    .entry linalgx_lu_from_column_major_f64_i32(
// CHECK-SAME:    .entry linalgx_pivots_to_permutation_i32(
// CHECK-NOT:     linalgx.

// TOGPU-LABEL: func.func @factor(
// TOGPU-NOT:     linalgx.lu
// TOGPU:         gpu.launch_func async [%{{.+}}] @linalgx_kernels::@linalgx_transpose_f64 blocks in
// TOGPU:         call @linalgxCudaGetrf(
// TOGPU:         gpu.launch_func async [%{{.+}}] @linalgx_kernels::@linalgx_lu_from_column_major_f64_i32 blocks in
// TOGPU:         gpu.launch_func async [%{{.+}}] @linalgx_kernels::@linalgx_pivots_to_permutation_i32 blocks in
// TOGPU:       gpu.module @linalgx_kernels
// TOGPU:         gpu.func @linalgx_transpose_f64(
// TOGPU:         gpu.func @linalgx_lu_from_column_major_f64_i32(
// TOGPU:         gpu.func @linalgx_pivots_to_permutation_i32(

func.func @factor(%a: tensor<2x4x4xf64>) -> (tensor<2x4x4xf64>, tensor<2x4xi32>, tensor<2xi32>) {
  %l = tensor.empty() : tensor<2x4x4xf64>
  %p = tensor.empty() : tensor<2x4xi32>
  %i = tensor.empty() : tensor<2xi32>
  %q = tensor.empty() : tensor<2x4xi32>
  %lu, %piv, %info = linalgx.lu ins(%a : tensor<2x4x4xf64>)
      outs(%l, %p, %i : tensor<2x4x4xf64>, tensor<2x4xi32>, tensor<2xi32>)
      -> tensor<2x4x4xf64>, tensor<2x4xi32>, tensor<2xi32>
  %perm = linalgx.pivots_to_permutation ins(%piv : tensor<2x4xi32>)
      outs(%q : tensor<2x4xi32>) -> tensor<2x4xi32>
  return %lu, %perm, %info : tensor<2x4x4xf64>, tensor<2x4xi32>, tensor<2xi32>
}
