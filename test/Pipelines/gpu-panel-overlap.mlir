// The look-ahead panel kernel with its copies overlapping the factorization
// (lu-panel-overlap-copies, off by default, so the AOT library does not
// compile it) through the whole GPU pipeline: ptxas takes an exact shape's
// kernel (with the permutation) and, for dynamic sizes, every size bucket's,
// and the module keeps the launches; the default kernels too. lit passes no
// CUDA_HOME: the kernels must need no libdevice (their fused multiply-adds
// are LLVM's fma intrinsic, math.fma would be an unresolved __nv_fma).
// REQUIRES: ptxas
// RUN: linalgx-opt %s --linalgx-gpu-pipeline=lu-panel-overlap-copies | FileCheck %s
// RUN: linalgx-opt %s --linalgx-gpu-pipeline | FileCheck %s

// CHECK-DAG: gpu.launch_func {{.*}}@linalgx_kernels::@linalgx_lu_panel75x75_f64_i32_permutation
// CHECK-DAG: gpu.launch_func {{.*}}@linalgx_kernels::@linalgx_lu_panel_upto48x48_f32_i32
// CHECK-DAG: gpu.launch_func {{.*}}@linalgx_kernels::@linalgx_lu_panel_upto80x80_f32_i32
// CHECK-DAG: gpu.launch_func {{.*}}@linalgx_kernels::@linalgx_lu_panel_upto128x128_f32_i32
// CHECK:     gpu.binary @linalgx_kernels [#gpu.object<#nvvm.target<chip = "sm_90"
func.func @f64(%a: memref<75x75xf64>, %l: memref<75x75xf64>, %p: memref<75xi32>, %i: memref<i32>, %q: memref<75xi32>) {
  linalgx.lu ins(%a : memref<75x75xf64>) outs(%l, %p, %i : memref<75x75xf64>, memref<75xi32>, memref<i32>) permutation(%q : memref<75xi32>)
  return
}
func.func @f32(%a: memref<2x?x?xf32>, %p: memref<2x?xi32>, %i: memref<2xi32>) {
  linalgx.lu ins(%a : memref<2x?x?xf32>) outs(%a, %p, %i : memref<2x?x?xf32>, memref<2x?xi32>, memref<2xi32>)
  return
}
