// linalgx.pivots_to_permutation on memrefs lowers to: an identity fill of the
// permutation, then min(K, N) guarded swaps; `one_based` subtracts 1 from each
// pivot and out-of-range pivots (< 0 or >= N) are skipped.
// RUN: linalgx-opt %s -convert-linalgx-to-loops | FileCheck %s

// Unbatched, zero-based, i32, N > K.
// CHECK-LABEL: func.func @perm_i32
// CHECK-SAME:    (%[[P:[^:]+]]: memref<3xi32>, %[[Q:[^:]+]]: memref<5xi32>)
// CHECK-NOT:     linalgx.
// CHECK:         %[[N:.+]] = memref.dim %[[Q]], %{{.+}} : memref<5xi32>
// CHECK:         %[[K:.+]] = memref.dim %[[P]], %{{.+}} : memref<3xi32>
// Identity: perm[j] = j for j in [0, N).
// CHECK:         scf.for %[[J:[^ ]+]] = %{{.+}} to %[[N]] step
// CHECK-NEXT:      %[[JV:.+]] = arith.index_cast %[[J]] : index to i32
// CHECK-NEXT:      memref.store %[[JV]], %[[Q]][%[[J]]] : memref<5xi32>
// CHECK-NEXT:    }
// Only min(K, N) pivots can be applied.
// CHECK:         %[[STEPS:.+]] = arith.minui %[[K]], %[[N]] : index
// CHECK:         scf.for %[[I:[^ ]+]] = %{{.+}} to %[[STEPS]] step
// CHECK-NEXT:      %[[T:.+]] = memref.load %[[P]][%[[I]]] : memref<3xi32>
// CHECK-NOT:       arith.subi
// 0 <= t (signed, in the pivot type) and t < N (in index arithmetic, since N
// may not fit the pivot type).
// CHECK:           %[[TI:.+]] = arith.index_cast %[[T]] : i32 to index
// CHECK-NEXT:      %[[GE:.+]] = arith.cmpi sge, %[[T]], %{{.+}} : i32
// CHECK-NEXT:      %[[LT:.+]] = arith.cmpi slt, %[[TI]], %[[N]] : index
// CHECK-NEXT:      %[[IN:.+]] = arith.andi %[[GE]], %[[LT]] : i1
// CHECK-NEXT:      scf.if %[[IN]] {
// CHECK-NEXT:        %[[AT_I:.+]] = memref.load %[[Q]][%[[I]]]
// CHECK-NEXT:        %[[AT_T:.+]] = memref.load %[[Q]][%[[TI]]]
// CHECK-NEXT:        memref.store %[[AT_T]], %[[Q]][%[[I]]]
// CHECK-NEXT:        memref.store %[[AT_I]], %[[Q]][%[[TI]]]
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:    return
func.func @perm_i32(%p: memref<3xi32>, %q: memref<5xi32>) {
  linalgx.pivots_to_permutation ins(%p : memref<3xi32>) outs(%q : memref<5xi32>)
  return
}

// one_based, i64, one batch dimension: the batch loop runs over the
// permutation's batch size and every pivot has 1 subtracted before the range
// check.
// CHECK-LABEL: func.func @perm_one_based_batched_i64
// CHECK-SAME:    (%[[P:[^:]+]]: memref<2x3xi64>, %[[Q:[^:]+]]: memref<2x5xi64>)
// CHECK:         %[[B:.+]] = memref.dim %[[Q]], %{{.+}} : memref<2x5xi64>
// CHECK:         scf.for %[[BI:[^ ]+]] = %{{.+}} to %[[B]] step
// CHECK:           %[[N:.+]] = memref.dim %[[Q]], %{{.+}} : memref<2x5xi64>
// CHECK:           %[[K:.+]] = memref.dim %[[P]], %{{.+}} : memref<2x3xi64>
// CHECK:           scf.for %[[J:[^ ]+]] = %{{.+}} to %[[N]] step
// CHECK-NEXT:        %[[JV:.+]] = arith.index_cast %[[J]] : index to i64
// CHECK-NEXT:        memref.store %[[JV]], %[[Q]][%[[BI]], %[[J]]] : memref<2x5xi64>
// CHECK:           %[[STEPS:.+]] = arith.minui %[[K]], %[[N]] : index
// CHECK:           %[[ONE:.+]] = arith.constant 1 : i64
// CHECK:           scf.for %[[I:[^ ]+]] = %{{.+}} to %[[STEPS]] step
// CHECK-NEXT:        %[[RAW:.+]] = memref.load %[[P]][%[[BI]], %[[I]]] : memref<2x3xi64>
// CHECK-NEXT:        %[[T:.+]] = arith.subi %[[RAW]], %[[ONE]] : i64
// CHECK:             %[[TI:.+]] = arith.index_cast %[[T]] : i64 to index
// CHECK-NEXT:        %[[GE:.+]] = arith.cmpi sge, %[[T]], %{{.+}} : i64
// CHECK-NEXT:        %[[LT:.+]] = arith.cmpi slt, %[[TI]], %[[N]] : index
// CHECK-NEXT:        %[[IN:.+]] = arith.andi %[[GE]], %[[LT]] : i1
// CHECK-NEXT:        scf.if %[[IN]] {
// CHECK-NEXT:          %[[AT_I:.+]] = memref.load %[[Q]][%[[BI]], %[[I]]]
// CHECK-NEXT:          %[[AT_T:.+]] = memref.load %[[Q]][%[[BI]], %[[TI]]]
// CHECK-NEXT:          memref.store %[[AT_T]], %[[Q]][%[[BI]], %[[I]]]
// CHECK-NEXT:          memref.store %[[AT_I]], %[[Q]][%[[BI]], %[[TI]]]
func.func @perm_one_based_batched_i64(%p: memref<2x3xi64>, %q: memref<2x5xi64>) {
  linalgx.pivots_to_permutation one_based ins(%p : memref<2x3xi64>) outs(%q : memref<2x5xi64>)
  return
}

// Three dynamic batch dimensions: a three-deep batch nest, indices prefixed
// by all three batch induction variables.
// CHECK-LABEL: func.func @perm_batch3_dynamic
// CHECK-SAME:    (%[[P:[^:]+]]: memref<?x?x?x?xi32>, %[[Q:[^:]+]]: memref<?x?x?x?xi32>)
// CHECK:         scf.for %[[B0:[^ ]+]] =
// CHECK-NEXT:      scf.for %[[B1:[^ ]+]] =
// CHECK-NEXT:        scf.for %[[B2:[^ ]+]] =
// CHECK:               memref.store %{{.+}}, %[[Q]][%[[B0]], %[[B1]], %[[B2]], %{{.+}}]
// CHECK:               memref.load %[[P]][%[[B0]], %[[B1]], %[[B2]], %{{.+}}]
func.func @perm_batch3_dynamic(%p: memref<?x?x?x?xi32>, %q: memref<?x?x?x?xi32>) {
  linalgx.pivots_to_permutation ins(%p : memref<?x?x?x?xi32>) outs(%q : memref<?x?x?x?xi32>)
  return
}
