// The JIT cannot pass arguments to the entry point: a main taking one is an
// error; exit code non-zero, no crash.
// RUN: not linalgx-runner %s 2>&1 | FileCheck %s

// CHECK-NOT: Stack dump
// CHECK-NOT: PLEASE submit a bug report
// CHECK: Error: JIT can't invoke a main function expecting arguments
// CHECK-NOT: Stack dump
// CHECK-NOT: PLEASE submit a bug report
func.func @main(%n: i32) {
  return
}
