// REQUIRES: ptxas
// The C ABI lu-strategy=cusolver-mg needs from liblinalgx_cuda_runtime.so
// after translation to LLVM IR: linalgxCudaMgGetrf with this signature
// (runtime-exports.test checks the library defines it) and the device list
// as a private constant.
// RUN: linalgx-opt %s --linalgx-gpu-pipeline="lu-strategy=cusolver-mg lu-mg-devices=0,1" | mlir-translate --mlir-to-llvmir | FileCheck %s

// CHECK-DAG: {{^}}declare void @linalgxCudaMgGetrf(i32, ptr, ptr, ptr, i64, i32, ptr, i32, i64){{$}}
// CHECK-DAG: @linalgx_mg_devices_0_1 = private constant [2 x i32] [i32 0, i32 1]

func.func @factor(%a: memref<300x300xf64>, %piv: memref<300xi32>, %info: memref<i32>) {
  linalgx.lu ins(%a : memref<300x300xf64>) outs(%a, %piv, %info : memref<300x300xf64>, memref<300xi32>, memref<i32>)
  return
}
