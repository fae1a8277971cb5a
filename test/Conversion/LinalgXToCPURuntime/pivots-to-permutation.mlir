// convert-linalgx-to-cpu-runtime lowers linalgx.pivots_to_permutation (for
// every lu-strategy but loops) to the reference pass per vector (identity,
// then one swap per in-range pivot), with the batch spread over the cores by
// an scf.parallel when it has at least 2^14 entries; with lu-strategy=loops
// the op is left to convert-linalgx-to-loops (serial).
// RUN: linalgx-opt %s --convert-linalgx-to-cpu-runtime --canonicalize --split-input-file | FileCheck %s
// RUN: linalgx-opt %s --convert-linalgx-to-cpu-runtime=lu-strategy=generated --canonicalize --split-input-file | FileCheck %s
// RUN: linalgx-opt %s --convert-linalgx-to-cpu-runtime=lu-strategy=loops --split-input-file | FileCheck %s --check-prefix=LOOPS

// 16384 x 16: parallel over the batch, one pass per vector.
// CHECK-LABEL: func.func @large_batch(
// CHECK-SAME:      %[[P:[^:]+]]: memref<16384x16xi32>, %[[PERM:[^:]+]]: memref<16384x16xi32>)
// CHECK:         scf.parallel (%[[B:.+]]) =
// CHECK:           scf.for %[[J:.+]] =
// CHECK:             %[[ID:.+]] = arith.index_cast %[[J]] : index to i32
// CHECK:             memref.store %[[ID]], %[[PERM]][%[[B]], %[[J]]]
// CHECK:           scf.for %[[K:.+]] =
// CHECK:             memref.load %[[P]][%[[B]], %[[K]]]
// CHECK:             scf.if
// CHECK-NOT:     linalgx.
// LOOPS-LABEL: func.func @large_batch(
// LOOPS:         linalgx.pivots_to_permutation
func.func @large_batch(%p: memref<16384x16xi32>, %perm: memref<16384x16xi32>) {
  linalgx.pivots_to_permutation ins(%p : memref<16384x16xi32>) outs(%perm : memref<16384x16xi32>)
  return
}

// -----

// A few vectors: serial. One-based pivots are shifted down first.
// CHECK-LABEL: func.func @small_batch(
// CHECK-NOT:     scf.parallel
// CHECK:         scf.for
// CHECK:           arith.subi
// CHECK-NOT:     linalgx.
func.func @small_batch(%p: memref<4x3xi64>, %perm: memref<4x5xi64>) {
  linalgx.pivots_to_permutation one_based ins(%p : memref<4x3xi64>) outs(%perm : memref<4x5xi64>)
  return
}

// -----

// Dynamic sizes: the choice is made at run time.
// CHECK-LABEL: func.func @dynamic(
// CHECK:         %[[PAR:.+]] = arith.cmpi sge
// CHECK:         scf.if %[[PAR]] {
// CHECK:           scf.parallel
// CHECK:         } else {
// CHECK:           scf.for
func.func @dynamic(%p: memref<?x?xi32>, %perm: memref<?x?xi32>) {
  linalgx.pivots_to_permutation ins(%p : memref<?x?xi32>) outs(%perm : memref<?x?xi32>)
  return
}
