// Found by linalgx-fuzz (2026-11-30, run 10, UBSan): the CPU lowering's
// generated path multiplies static sizes to decide whether a batch is worth
// spreading over threads; for 2^62 x 4 pivots the product overflowed int64_t
// (undefined behaviour) and wrapped to 0, which chose the serial loop. An
// overflowing product now saturates: the permutation runs in parallel.
// RUN: linalgx-opt %s -convert-linalgx-to-cpu-runtime | FileCheck %s

// CHECK-LABEL: func.func @huge_in
// CHECK:         scf.parallel
func.func @huge_in(%p: memref<4611686018427387904x4xi32, strided<[4, 1]>>, %q: memref<4611686018427387904x4xi32>) {
  linalgx.pivots_to_permutation ins(%p : memref<4611686018427387904x4xi32, strided<[4, 1]>>) outs(%q : memref<4611686018427387904x4xi32>)
  return
}
