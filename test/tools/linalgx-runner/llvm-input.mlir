// An input already in the LLVM dialect is run as is (no pipeline), and the
// runner utilities are found without --shared-libs.
// RUN: linalgx-runner %s | FileCheck %s

// CHECK: 42
llvm.func @printI64(i64)
llvm.func @printNewline()
llvm.func @main() {
  %c = llvm.mlir.constant(42 : i64) : i64
  llvm.call @printI64(%c) : (i64) -> ()
  llvm.call @printNewline() : () -> ()
  llvm.return
}
