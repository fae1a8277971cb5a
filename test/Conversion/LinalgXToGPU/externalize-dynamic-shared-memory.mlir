// The kernels' dynamic shared memory (convert-gpu-to-nvvm's internal
// zero-byte __dynamic_shmem__ globals) becomes external, as CUDA's extern
// __shared__ array is; other globals keep their linkage, and
// linalgx-gpu-pipeline runs the pass between convert-gpu-to-nvvm and
// gpu-module-to-binary (linalgx-gpu-programmatic-launch comes between them).
// RUN: linalgx-opt %s -linalgx-externalize-gpu-dynamic-shared-memory | FileCheck %s
// RUN: linalgx-opt %s -linalgx-gpu-pipeline -dump-pass-pipeline -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=PIPELINE

// CHECK-LABEL: gpu.module @kernels
// CHECK:         llvm.mlir.global external @__dynamic_shmem__0() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<0 x i8>
// CHECK:         llvm.mlir.global internal @table
// PIPELINE:      convert-gpu-to-nvvm
// PIPELINE:      linalgx-externalize-gpu-dynamic-shared-memory
// PIPELINE-NEXT: linalgx-gpu-programmatic-launch
// PIPELINE-NEXT: gpu-module-to-binary
module attributes {gpu.container_module} {
  gpu.module @kernels {
    llvm.mlir.global internal @__dynamic_shmem__0() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<0 x i8>
    llvm.mlir.global internal @table(dense<1> : tensor<4xi32>) {addr_space = 3 : i32} : !llvm.array<4 x i32>
  }
}
