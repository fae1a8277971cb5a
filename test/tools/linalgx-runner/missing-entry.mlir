// An entry point that does not exist (-e nosuch), or names something that is
// not a defined function (a declaration, a global), is an error, no crash.
// RUN: not linalgx-runner %s -e nosuch 2>&1 | FileCheck %s
// RUN: not linalgx-runner %s -e declared 2>&1 | FileCheck %s
// RUN: not linalgx-runner %s -e table 2>&1 | FileCheck %s

// CHECK-NOT: Stack dump
// CHECK-NOT: PLEASE submit a bug report
// CHECK: Error: entry point not found
// CHECK-NOT: Stack dump
// CHECK-NOT: PLEASE submit a bug report
func.func private @declared()
memref.global "private" constant @table : memref<2xi32> = dense<[1, 2]>
func.func @main() {
  return
}
