func.func @main(%n: i32) {
  return
}
