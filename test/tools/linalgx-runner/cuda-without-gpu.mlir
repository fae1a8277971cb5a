// --target=cuda on a machine without a usable GPU says so and exits
// non-zero, before compiling anything (CI has no GPU; on a GPU machine this
// test is unsupported).
// REQUIRES: cuda-runtime, no-gpu
// RUN: not linalgx-runner --target=cuda %s 2>&1 | FileCheck %s
// CHECK: linalgx-runner: error: --target=cuda needs an NVIDIA GPU, and none is usable here: no CUDA driver/device:
// CHECK-NEXT: (run on the CPU with --target=cpu, the default)
// CHECK-NOT: Stack dump
func.func @main() {
  return
}
