// A program that calls a function nobody defines lowers fine but cannot be
// linked by the JIT: a clear error naming the symbol, non-zero exit, no
// crash.
// RUN: not linalgx-runner %s 2>&1 | FileCheck %s

// CHECK-NOT: Stack dump
// CHECK-NOT: PLEASE submit a bug report
// CHECK: Symbols not found: [ nowhere_defined ]
// CHECK-NOT: Stack dump
// CHECK-NOT: PLEASE submit a bug report
func.func private @nowhere_defined()
func.func @main() {
  call @nowhere_defined() : () -> ()
  return
}
