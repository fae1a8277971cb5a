// An input without any function (only this comment): the default entry
// point 'main' is not found; exit code non-zero, no crash.
// RUN: not linalgx-runner %s 2>&1 | FileCheck %s

// CHECK-NOT: Stack dump
// CHECK-NOT: PLEASE submit a bug report
// CHECK: Error: entry point not found
// CHECK-NOT: Stack dump
// CHECK-NOT: PLEASE submit a bug report
