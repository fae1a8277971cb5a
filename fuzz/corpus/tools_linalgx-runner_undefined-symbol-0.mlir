func.func private @nowhere_defined()
func.func @main() {
  call @nowhere_defined() : () -> ()
  return
}
