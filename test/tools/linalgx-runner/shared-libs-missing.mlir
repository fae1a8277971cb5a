// A --shared-libs library that cannot be loaded is an error and a non-zero
// exit (mlir-runner's JitRunnerMain prints it and exits 0), in each of the
// flag's spellings; the libraries of a list that load are not the problem.
// RUN: not linalgx-runner --shared-libs=/nonexistent.so %s 2>&1 | FileCheck %s
// RUN: not linalgx-runner -shared-libs /nonexistent.so %s 2>&1 | FileCheck %s
// RUN: not linalgx-runner --shared-libs=%mlir_lib_dir/libmlir_c_runner_utils.so,/nonexistent.so %s 2>&1 | FileCheck %s
// RUN: linalgx-runner --shared-libs=%mlir_lib_dir/libmlir_c_runner_utils.so,%mlir_lib_dir/libmlir_runner_utils.so %s | FileCheck %s --check-prefix=OK

// CHECK: linalgx-runner: error: --shared-libs: cannot load /nonexistent.so: {{.+}}
// CHECK-NOT: 42
// OK: 42
llvm.func @printI64(i64)
llvm.func @printNewline()
llvm.func @main() {
  %c = llvm.mlir.constant(42 : i64) : i64
  llvm.call @printI64(%c) : (i64) -> ()
  llvm.call @printNewline() : () -> ()
  llvm.return
}
