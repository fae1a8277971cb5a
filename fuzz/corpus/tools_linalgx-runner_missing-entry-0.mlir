func.func private @declared()
memref.global "private" constant @table : memref<2xi32> = dense<[1, 2]>
func.func @main() {
  return
}
