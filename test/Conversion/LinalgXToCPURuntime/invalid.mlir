// Diagnostics of convert-linalgx-to-cpu-runtime and of the pipeline option:
// an unknown lu-strategy and a module symbol that would shadow the runtime's
// entry point are errors with a sentence, not crashes.
// RUN: not linalgx-opt %s --convert-linalgx-to-cpu-runtime=lu-strategy=fastest 2>&1 | FileCheck %s --check-prefix=BAD-OPTION
// RUN: not linalgx-opt %s --linalgx-cpu-pipeline=lu-strategy=fastest 2>&1 | FileCheck %s --check-prefix=BAD-OPTION
// RUN: not linalgx-runner --lu-strategy=fastest %s 2>&1 | FileCheck %s --check-prefixes=BAD-OPTION,RUNNER
// RUN: linalgx-opt %s --split-input-file --verify-diagnostics --convert-linalgx-to-cpu-runtime

// BAD-OPTION: error: unknown lu-strategy 'fastest'; expected auto, loops, lapack, unblocked or generated
// BAD-OPTION-NOT: Stack dump
// RUNNER: linalgx-runner: error: lowering the input for the CPU target failed

func.func @main() {
  return
}

// -----

// expected-error @+1 {{'linalgxCpuGetrf' is the linalgx CPU runtime's entry point and must be a func.func of type '(i32, i32, !llvm.ptr, !llvm.ptr, !llvm.ptr, !llvm.ptr, i64, i64, i64, i32) -> ()'}}
func.func private @linalgxCpuGetrf(i32) -> ()

func.func @f(%a: memref<4x4xf64>, %p: memref<4xi32>, %i: memref<i32>) {
  linalgx.lu ins(%a : memref<4x4xf64>) outs(%a, %p, %i : memref<4x4xf64>, memref<4xi32>, memref<i32>)
  return
}
