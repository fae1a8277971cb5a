// REQUIRES: ptxas
// --linalgx-gpu-pipeline lowers a tensor program using both linalgx ops on
// f64 and complex<f32> to the LLVM dialect: nothing is left but llvm ops, the
// gpu.launch_func ops (translated later) and one gpu.binary @linalgx_kernels
// holding every kernel, compiled for sm_90 with PTX 8.0 into a fatbin by
// default; the format and chip options reach the NVVM pipeline. The first
// runs take the vendor path (lu-strategy=cusolver); GEN is the default, the
// generated one-kernel LU.
// RUN: linalgx-opt %s --linalgx-gpu-pipeline=lu-strategy=cusolver | FileCheck %s
// RUN: linalgx-opt %s --linalgx-gpu-pipeline=lu-strategy=cusolver | sed -E -e '/^ *([^ ]+ = )?llvm\./d' -e '/^ *gpu\.(launch_func|binary) /d' -e '/^ *\}$/d' -e '/^module attributes \{gpu\.container_module\} \{$/d' -e '/^$/d' | FileCheck %s --allow-empty --check-prefix=ONLY
// RUN: linalgx-opt %s --linalgx-gpu-pipeline="lu-strategy=cusolver format=isa" | FileCheck %s --check-prefix=ISA
// RUN: linalgx-opt %s --linalgx-gpu-pipeline="lu-strategy=cusolver chip=sm_80" | FileCheck %s --check-prefix=SM80
// RUN: linalgx-opt %s --linalgx-gpu-pipeline | FileCheck %s --check-prefix=GEN
// RUN: linalgx-opt %s --linalgx-gpu-pipeline=format=isa | FileCheck %s --check-prefix=GENISA

// The default: the lu and the permutation of its pivots are fused
// (linalgx-fuse-lu-permutation) and become one launch of a generated kernel:
// the 2x6x6 f64 matrices take the register kernel for matrices up to 8x8;
// the dynamic complex lu branches on the host between the shared-memory
// kernel (with dynamic shared memory) and the vendor path; its one_based
// permutation is not fused.
// GEN-LABEL: llvm.func @factor(
// GEN:         gpu.launch_func <%{{.+}} : !llvm.ptr> @linalgx_kernels::@linalgx_lu_registers8_f64_i32_permutation blocks
// GEN-NOT:     gpu.launch_func
// GEN:         llvm.return
// GEN-LABEL: llvm.func @factor_complex(
// GEN:         llvm.cond_br
// GEN:         gpu.launch_func <%{{.+}} : !llvm.ptr> @linalgx_kernels::@linalgx_lu_generated_cf32_i64 blocks in ({{.+}}) threads in ({{.+}}) : i64 dynamic_shared_memory_size
// GEN:         gpu.launch_func <%{{.+}} : !llvm.ptr> @linalgx_kernels::@linalgx_transpose_cf32 blocks
// GEN:         llvm.call @linalgxCudaGetrf(
// GEN:         gpu.launch_func <%{{.+}} : !llvm.ptr> @linalgx_kernels::@linalgx_lu_from_column_major_cf32_i64 blocks
// GEN:         gpu.launch_func <%{{.+}} : !llvm.ptr> @linalgx_kernels::@linalgx_pivots_to_permutation_i64_one_based blocks
// GEN:         llvm.return
// The register kernel: shuffles, no barrier, no shared memory; the
// shared-memory kernel: dynamic shared memory, barriers, warp syncs.
// GENISA:      .entry linalgx_lu_registers8_f64_i32_permutation(
// GENISA-SAME: .maxntid 32, 4, 1
// GENISA-SAME: shfl.sync.bfly.b32
// GENISA-SAME: shfl.sync.idx.b32
// GENISA-NOT:  bar.sync
// GENISA-SAME: .entry linalgx_lu_generated_cf32_i64(
// GENISA-SAME: .maxntid 512, 1, 1
// GENISA-SAME: __dynamic_shmem__0
// GENISA-SAME: bar.sync
// GENISA-SAME: shfl.sync.bfly.b32
// GENISA-SAME: bar.warp.sync

// Every line is an llvm op, a launch, the binary, the module or a brace.
// ONLY-NOT: {{.}}

// CHECK-LABEL: module attributes {gpu.container_module}
// CHECK:         llvm.func @linalgxCudaGetrf(i32, !llvm.ptr, !llvm.ptr, !llvm.ptr, i64, i64, i64, i32)
// f64, i32 pivots: host buffers (the pipeline's default) are copied in and
// out around the two LU kernels, the runtime call and the permutation (the
// fused lu's permutation output, on the same stream), one wait.
// CHECK-LABEL: llvm.func @factor(
// CHECK:         llvm.call @mgpuStreamCreate()
// CHECK:         llvm.call @mgpuMemcpy(
// CHECK:         gpu.launch_func <%{{.+}} : !llvm.ptr> @linalgx_kernels::@linalgx_transpose_f64 blocks in
// CHECK:         llvm.call @linalgxCudaGetrf(
// CHECK:         gpu.launch_func <%{{.+}} : !llvm.ptr> @linalgx_kernels::@linalgx_lu_from_column_major_f64_i32 blocks in
// CHECK:         gpu.launch_func <%{{.+}} : !llvm.ptr> @linalgx_kernels::@linalgx_pivots_to_permutation_i32 blocks in
// CHECK:         llvm.call @mgpuMemcpy(
// CHECK:         llvm.call @mgpuStreamSynchronize(
// CHECK-NOT:     llvm.call @mgpuStreamSynchronize(
// CHECK:         llvm.return
// complex<f32>, dynamic, i64 pivots, one_based permutation.
// CHECK-LABEL: llvm.func @factor_complex(
// CHECK:         gpu.launch_func <%{{.+}} : !llvm.ptr> @linalgx_kernels::@linalgx_transpose_cf32 blocks in
// CHECK:         llvm.call @linalgxCudaGetrf(
// CHECK:         gpu.launch_func <%{{.+}} : !llvm.ptr> @linalgx_kernels::@linalgx_lu_from_column_major_cf32_i64 blocks in
// CHECK:         gpu.launch_func <%{{.+}} : !llvm.ptr> @linalgx_kernels::@linalgx_pivots_to_permutation_i64_one_based blocks in
// CHECK:         llvm.return
// One binary; fatbin is the object's default format (no format keyword) and
// the payload starts with the fatbin magic 0xBA55ED50.
// CHECK:         gpu.binary @linalgx_kernels [#gpu.object<#nvvm.target<chip = "sm_90", features = "+ptx81">, "P\EDU\BA{{.*}}">]
// CHECK-NOT:     gpu.binary
// CHECK-NOT:     assembly =
// CHECK:         llvm.func @mgpuStreamCreate() -> !llvm.ptr

// format=isa embeds the PTX text of all six kernels instead. Their workgroup
// buffers become static shared memory (a 32x33 tile of 8-byte elements,
// 8448 bytes, for the transposes; a 32 KiB pivot window for the
// permutations) and each kernel's two gpu.barrier ops become bar.sync.
// ISA:      gpu.binary @linalgx_kernels [#gpu.object<#nvvm.target<chip = "sm_90", features = "+ptx81">, properties = {{.+}}, assembly = "
// ISA-SAME: .version 8.1
// ISA-SAME: .target sm_90
// ISA-SAME: .entry linalgx_transpose_f64(
// ISA-SAME: .shared .align 16 .b8 __wg_linalgx_transpose_f64_0[8448];
// ISA-SAME: bar.sync
// ISA-SAME: bar.sync
// ISA-NOT:  bar.sync
// ISA-SAME: .entry linalgx_lu_from_column_major_f64_i32(
// ISA-SAME: .shared .align 16 .b8 __wg_linalgx_lu_from_column_major_f64_i32_0[8448];
// ISA-SAME: bar.sync
// ISA-SAME: bar.sync
// ISA-NOT:  bar.sync
// ISA-SAME: .entry linalgx_pivots_to_permutation_i32(
// ISA-SAME: .shared .align 16 .b8 __wg_linalgx_pivots_to_permutation_i32_0[16384];
// ISA-COUNT-4: bar.sync
// ISA-NOT:  bar.sync
// ISA-SAME: .entry linalgx_transpose_cf32(
// ISA-SAME: .shared .align 16 .b8 __wg_linalgx_transpose_cf32_0[8448];
// ISA-SAME: bar.sync
// ISA-SAME: bar.sync
// ISA-NOT:  bar.sync
// ISA-SAME: .entry linalgx_lu_from_column_major_cf32_i64(
// ISA-SAME: .shared .align 16 .b8 __wg_linalgx_lu_from_column_major_cf32_i64_0[8448];
// ISA-SAME: bar.sync
// ISA-SAME: bar.sync
// ISA-NOT:  bar.sync
// ISA-SAME: .entry linalgx_pivots_to_permutation_i64_one_based(
// ISA-SAME: .shared .align 16 .b8 __wg_linalgx_pivots_to_permutation_i64_one_based_0[16384];
// ISA-COUNT-4: bar.sync
// ISA-NOT:  bar.sync
// ISA-NOT:  gpu.binary

// SM80-NOT: sm_90
// SM80: gpu.binary @linalgx_kernels [#gpu.object<#nvvm.target<chip = "sm_80", features = "+ptx81">, "P\EDU\BA
// SM80-NOT: sm_90

func.func @factor(%a: tensor<2x6x6xf64>) -> (tensor<2x6x6xf64>, tensor<2x6xi32>, tensor<2xi32>) {
  %l = tensor.empty() : tensor<2x6x6xf64>
  %p = tensor.empty() : tensor<2x6xi32>
  %i = tensor.empty() : tensor<2xi32>
  %q = tensor.empty() : tensor<2x6xi32>
  %lu, %piv, %info = linalgx.lu ins(%a : tensor<2x6x6xf64>)
      outs(%l, %p, %i : tensor<2x6x6xf64>, tensor<2x6xi32>, tensor<2xi32>)
      -> tensor<2x6x6xf64>, tensor<2x6xi32>, tensor<2xi32>
  %perm = linalgx.pivots_to_permutation ins(%piv : tensor<2x6xi32>)
      outs(%q : tensor<2x6xi32>) -> tensor<2x6xi32>
  return %lu, %perm, %info : tensor<2x6x6xf64>, tensor<2x6xi32>, tensor<2xi32>
}

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
