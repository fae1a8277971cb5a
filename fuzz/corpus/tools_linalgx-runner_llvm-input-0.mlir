llvm.func @printI64(i64)
llvm.func @printNewline()
llvm.func @main() {
  %c = llvm.mlir.constant(42 : i64) : i64
  llvm.call @printI64(%c) : (i64) -> ()
  llvm.call @printNewline() : () -> ()
  llvm.return
}
