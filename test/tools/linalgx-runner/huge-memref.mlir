// An lu on a memref whose allocation size overflows: the type verifies, the
// allocation cannot exist, and the CPU runtime says so and exits non-zero
// instead of dereferencing it. (Under AddressSanitizer the JIT-compiled
// malloc would be refused by ASan's allocator first: it is told to return
// null, as malloc does, and its warning goes to stderr, not to the
// sanitizer script's report files; a real report would fail FileCheck.)
// RUN: env ASAN_OPTIONS=allocator_may_return_null=1 UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 not linalgx-runner %s 2>&1 | FileCheck %s --implicit-check-not="runtime error" --implicit-check-not="ERROR: AddressSanitizer"
// CHECK: linalgx-cpu-runtime: error: linalgxCpuGetrf: 1 matrices of 9223372036854775807 x 2 elements of 8 bytes are more than 2^63 bytes
// CHECK-NOT: unreachable
func.func @main() {
  %a = memref.alloc() : memref<9223372036854775807x2xf64>
  %p = memref.alloc() : memref<2xi64>
  %i = memref.alloc() : memref<i64>
  linalgx.lu ins(%a : memref<9223372036854775807x2xf64>)
      outs(%a, %p, %i : memref<9223372036854775807x2xf64>, memref<2xi64>, memref<i64>)
  vector.print str "unreachable\n"
  return
}
