// The entry point's result must match --entry-point-result (void unless
// given): a main returning i32 is an error by default and with i64, and runs
// (printing the result) with --entry-point-result=i32.
// RUN: not linalgx-runner %s 2>&1 | FileCheck %s --check-prefix=VOID
// RUN: not linalgx-runner %s --entry-point-result=i64 2>&1 | FileCheck %s --check-prefix=I64
// RUN: linalgx-runner %s --entry-point-result=i32 | FileCheck %s --check-prefix=I32

// VOID-NOT: Stack dump
// VOID-NOT: PLEASE submit a bug report
// VOID: Error: expected void function
// VOID-NOT: Stack dump
// VOID-NOT: PLEASE submit a bug report

// I64-NOT: Stack dump
// I64: Error: only single i64 function result supported
// I64-NOT: Stack dump

// I32: 42
func.func @main() -> i32 {
  %c = arith.constant 42 : i32
  return %c : i32
}
