// REQUIRES: ptxas
// Pins the C ABI that the code --linalgx-gpu-pipeline generates needs from
// liblinalgx_cuda_runtime.so: after translation to LLVM IR, a program using
// linalgx.lu (f64), linalgx.pivots_to_permutation and a linalgx.lu_solve
// large enough for cuSOLVER getrs on host buffers declares exactly
// linalgxCudaGetrf, linalgxCudaGetrs and these ten mgpu* functions, with these
// signatures (runtime-exports.test checks the library defines them).
// RUN: linalgx-opt %s --linalgx-gpu-pipeline=lu-strategy=cusolver | mlir-translate --mlir-to-llvmir | FileCheck %s
// RUN: linalgx-opt %s --linalgx-gpu-pipeline=lu-strategy=cusolver | mlir-translate --mlir-to-llvmir | grep -c '^declare .*@mgpu' | FileCheck %s --check-prefix=COUNT

// CHECK-DAG: {{^}}declare void @linalgxCudaGetrf(i32, ptr, ptr, ptr, i64, i64, i64, i32){{$}}
// CHECK-DAG: {{^}}declare void @linalgxCudaGetrs(i32, i32, ptr, ptr, ptr, i64, i64, i64){{$}}
// CHECK-DAG: {{^}}declare ptr @mgpuStreamCreate(){{$}}
// CHECK-DAG: {{^}}declare ptr @mgpuMemAlloc(i64, ptr, i8){{$}}
// CHECK-DAG: {{^}}declare void @mgpuMemcpy(ptr, ptr, i64, ptr){{$}}
// CHECK-DAG: {{^}}declare void @mgpuMemFree(ptr, ptr){{$}}
// CHECK-DAG: {{^}}declare void @mgpuStreamSynchronize(ptr){{$}}
// CHECK-DAG: {{^}}declare void @mgpuStreamDestroy(ptr){{$}}
// CHECK-DAG: {{^}}declare ptr @mgpuModuleLoad(ptr, i64){{$}}
// CHECK-DAG: {{^}}declare void @mgpuModuleUnload(ptr){{$}}
// CHECK-DAG: {{^}}declare ptr @mgpuModuleGetFunction(ptr, ptr){{$}}
// CHECK-DAG: {{^}}declare void @mgpuLaunchKernel(ptr, i64, i64, i64, i64, i64, i64, i32, ptr, ptr, ptr, i64){{$}}

// COUNT: {{^}}10{{$}}

func.func @factor(%a: memref<2x4x4xf64>, %lu: memref<2x4x4xf64>, %piv: memref<2x4xi32>, %info: memref<2xi32>, %perm: memref<2x4xi32>) {
  linalgx.lu ins(%a : memref<2x4x4xf64>) outs(%lu, %piv, %info : memref<2x4x4xf64>, memref<2x4xi32>, memref<2xi32>)
  linalgx.pivots_to_permutation ins(%piv : memref<2x4xi32>) outs(%perm : memref<2x4xi32>)
  return
}

func.func @solve(%lu: memref<300x300xf64>, %piv: memref<300xi32>, %b: memref<300x2xf64>) {
  linalgx.lu_solve ins(%lu, %piv, %b : memref<300x300xf64>, memref<300xi32>, memref<300x2xf64>) outs(%b : memref<300x2xf64>)
  return
}
