// The register panel (panels of up to lu-blocked-register-panel-max-rows
// f64 and -max-rows-f32 f32 rows; here every size it takes) through the
// whole GPU pipeline: ptxas takes its f32 and f64 kernels, one block and
// clusters of 2 to 16 (two f32 rows or one f64 row, 64 of a thread's 128
// registers), and the module keeps the launches. First with the clusters'
// candidates read from the other blocks (lu-blocked-register-panel-push=false).
// REQUIRES: ptxas
// RUN: linalgx-opt %s --linalgx-gpu-pipeline="lu-blocked-register-panel-max-rows=16384 lu-blocked-register-panel-max-rows-f32=16384 lu-blocked-register-panel-push=false" | FileCheck %s
// With the mbarrier handshake of the clusters' steps
// (lu-blocked-register-panel-handshake) and the exchange-and-solve kernel's
// U12 by lanes (lu-blocked-column-solve) too.
// RUN: linalgx-opt %s --linalgx-gpu-pipeline="lu-blocked-register-panel-max-rows=16384 lu-blocked-register-panel-max-rows-f32=16384 lu-blocked-register-panel-push=false lu-blocked-register-panel-handshake lu-blocked-column-solve" | FileCheck %s --check-prefixes=CHECK,OPTIONS
// OPTIONS-DAG: gpu.launch_func {{.*}}@linalgx_kernels::@linalgx_lu_blocked_exchange_solve_narrow_mma_f64_i32
// OPTIONS-DAG: gpu.launch_func {{.*}}@linalgx_kernels::@linalgx_lu_blocked_exchange_solve_narrow_f32_i64
// With the clusters' candidates pushed (lu-blocked-register-panel-push) by
// stores and release arrivals (lu-blocked-register-panel-async-push=false).
// RUN: linalgx-opt %s --linalgx-gpu-pipeline="lu-blocked-register-panel-max-rows=16384 lu-blocked-register-panel-max-rows-f32=16384 lu-blocked-register-panel-async-push=false" | FileCheck %s
// And by st.async (lu-blocked-register-panel-async-push, the default; PTX
// ISA 8.1, the default features).
// RUN: linalgx-opt %s --linalgx-gpu-pipeline="lu-blocked-register-panel-max-rows=16384 lu-blocked-register-panel-max-rows-f32=16384" | FileCheck %s --check-prefixes=CHECK,ASYNCPUSH
// The split register panel (lu-blocked-split-register-panel) through ptxas
// too: f64 panels of 513 to 1024 rows, f32 of 1025 to 2048.
// RUN: linalgx-opt %s --linalgx-gpu-pipeline=lu-blocked-split-register-panel | FileCheck %s --check-prefix=SPLITPANEL
// SPLITPANEL-DAG: gpu.launch_func {{.*}}@linalgx_kernels::@linalgx_lu_blocked_split_register_panel_f64_i32
// SPLITPANEL-DAG: gpu.launch_func {{.*}}@linalgx_kernels::@linalgx_lu_blocked_split_register_panel_f32_i64
// SPLITPANEL:     gpu.binary @linalgx_kernels

// CHECK-DAG: gpu.launch_func {{.*}}@linalgx_kernels::@linalgx_lu_blocked_register_panel_f64_i32
// CHECK-DAG: gpu.launch_func {{.*}}@linalgx_kernels::@linalgx_lu_blocked_register_panel_f32_i64
// CHECK-DAG: gpu.launch_func {{.*}}@linalgx_kernels::@linalgx_lu_blocked_cluster_register_panel_x2_f64_i32
// CHECK-DAG: gpu.launch_func {{.*}}@linalgx_kernels::@linalgx_lu_blocked_cluster_register_panel_x4_f64_i32
// CHECK-DAG: gpu.launch_func {{.*}}@linalgx_kernels::@linalgx_lu_blocked_cluster_register_panel_x8_f64_i32
// CHECK-DAG: gpu.launch_func {{.*}}@linalgx_kernels::@linalgx_lu_blocked_cluster_register_panel_x16_f64_i32
// CHECK-DAG: gpu.launch_func {{.*}}@linalgx_kernels::@linalgx_lu_blocked_cluster_register_panel_x2_f32_i64
// CHECK-DAG: gpu.launch_func {{.*}}@linalgx_kernels::@linalgx_lu_blocked_cluster_register_panel_x4_f32_i64
// CHECK-DAG: gpu.launch_func {{.*}}@linalgx_kernels::@linalgx_lu_blocked_cluster_register_panel_x8_f32_i64
// CHECK-DAG: gpu.launch_func {{.*}}@linalgx_kernels::@linalgx_lu_blocked_cluster_register_panel_x16_f32_i64
// CHECK:     gpu.binary @linalgx_kernels [#gpu.object<#nvvm.target<chip = "sm_90"
// ASYNCPUSH-SAME: features = "+ptx81">
func.func @f64(%a: memref<4x300x300xf64>, %p: memref<4x300xi32>, %i: memref<4xi32>) {
  linalgx.lu ins(%a : memref<4x300x300xf64>) outs(%a, %p, %i : memref<4x300x300xf64>, memref<4x300xi32>, memref<4xi32>)
  return
}
func.func @f32(%a: memref<?x600x600xf32>, %p: memref<?x600xi64>, %i: memref<?xi64>) {
  linalgx.lu ins(%a : memref<?x600x600xf32>) outs(%a, %p, %i : memref<?x600x600xf32>, memref<?x600xi64>, memref<?xi64>)
  return
}
