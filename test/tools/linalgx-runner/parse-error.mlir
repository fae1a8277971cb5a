// An unparsable input is reported with its location; exit code non-zero,
// no crash.
// RUN: not linalgx-runner %s 2>&1 | FileCheck %s

// CHECK-NOT: Stack dump
// CHECK-NOT: PLEASE submit a bug report
// CHECK: parse-error.mlir":[[@LINE+4]]:{{[0-9]+}}): error: expected non-function type
// CHECK: could not parse the input IR
// CHECK-NOT: Stack dump
// CHECK-NOT: PLEASE submit a bug report
func.func @main( {
  return
}
