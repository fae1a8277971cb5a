func.func @main() {
  return
}
