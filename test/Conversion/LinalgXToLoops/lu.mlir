// linalgx.lu on memrefs lowers to the reference loops: a batch loop nest, a
// k loop carrying info, the first-largest pivot search, the pivot store, a
// guarded row swap, the scaling of the L column and the rank-1 update.
// RUN: linalgx-opt %s -convert-linalgx-to-loops | FileCheck %s

// Out of place, one batch dimension, f64, M > N, i32 pivots.
// CHECK-LABEL: func.func @lu_f64_batched
// CHECK-SAME:    (%[[A:[^:]+]]: memref<2x4x3xf64>, %[[LU:[^:]+]]: memref<2x4x3xf64>, %[[PIV:[^:]+]]: memref<2x3xi32>, %[[INFO:[^:]+]]: memref<2xi32>)
// The input is copied into 'lu', which is then factored in place.
// CHECK:         memref.copy %[[A]], %[[LU]] : memref<2x4x3xf64> to memref<2x4x3xf64>
// CHECK-NOT:     linalgx.
// CHECK-DAG:     %[[C0:.+]] = arith.constant 0 : index
// CHECK-DAG:     %[[C1:.+]] = arith.constant 1 : index
// CHECK:         %[[B:.+]] = memref.dim %[[LU]], %{{.+}} : memref<2x4x3xf64>
// CHECK:         scf.for %[[BI:.+]] = %[[C0]] to %[[B]] step %[[C1]] {
// CHECK:           %[[M:.+]] = memref.dim %[[LU]], %{{.+}} : memref<2x4x3xf64>
// CHECK:           %[[N:.+]] = memref.dim %[[LU]], %{{.+}} : memref<2x4x3xf64>
// CHECK:           %[[K:.+]] = arith.minui %[[M]], %[[N]] : index
// CHECK:           %[[OK:.+]] = arith.constant 0 : i32
// The k loop carries the first zero pivot (info), starting at 0.
// CHECK:           %[[INFOV:.+]] = scf.for %[[KK:[^ ]+]] = %{{.+}} to %[[K]] step %{{.+}} iter_args(%[[ACC:.+]] = %[[OK]]) -> (i32) {
// CHECK:             %[[BELOW:.+]] = arith.addi %[[KK]], %{{.+}} : index
// CHECK:             %[[DIAG:.+]] = memref.load %[[LU]][%[[BI]], %[[KK]], %[[KK]]]
// CHECK:             %[[START:.+]] = math.absf %[[DIAG]] : f64
// Pivot search over rows kk+1..M: strict ogt keeps the first maximum.
// CHECK:             %[[BEST:.+]]:2 = scf.for %[[R:[^ ]+]] = %[[BELOW]] to %[[M]] step %{{.+}} iter_args(%[[BMAG:[^ ]+]] = %[[START]], %[[BROW:[^ ]+]] = %[[KK]]) -> (f64, index) {
// CHECK:               %[[X:.+]] = memref.load %[[LU]][%[[BI]], %[[R]], %[[KK]]]
// CHECK:               %[[XMAG:.+]] = math.absf %[[X]] : f64
// CHECK:               %[[GT:.+]] = arith.cmpf ogt, %[[XMAG]], %[[BMAG]] : f64
// CHECK:               %[[NMAG:.+]] = arith.select %[[GT]], %[[XMAG]], %[[BMAG]] : f64
// CHECK:               %[[NROW:.+]] = arith.select %[[GT]], %[[R]], %[[BROW]] : index
// CHECK:               scf.yield %[[NMAG]], %[[NROW]] : f64, index
// CHECK:             }
// The 0-based pivot row is stored as i32.
// CHECK:             %[[PROW:.+]] = arith.index_cast %[[BEST]]#1 : index to i32
// CHECK:             memref.store %[[PROW]], %[[PIV]][%[[BI]], %[[KK]]] : memref<2x3xi32>
// CHECK:             %[[PIVOT:.+]] = memref.load %[[LU]][%[[BI]], %[[BEST]]#1, %[[KK]]]
// CHECK:             %[[ISZERO:.+]] = arith.cmpf oeq, %[[PIVOT]], %{{.+}} : f64
// CHECK:             %[[NONZERO:.+]] = arith.xori %[[ISZERO]], %{{.+}} : i1
// Everything else only happens on a non-zero pivot.
// CHECK:             scf.if %[[NONZERO]] {
// CHECK:               %[[SWAP:.+]] = arith.cmpi ne, %[[BEST]]#1, %[[KK]] : index
// CHECK:               scf.if %[[SWAP]] {
// Whole rows are swapped (columns 0..N), as LAPACK's laswp.
// CHECK:                 scf.for %[[J:[^ ]+]] = %{{.+}} to %[[N]] step
// CHECK:                   %[[TOP:.+]] = memref.load %[[LU]][%[[BI]], %[[KK]], %[[J]]]
// CHECK:                   %[[OTHER:.+]] = memref.load %[[LU]][%[[BI]], %[[BEST]]#1, %[[J]]]
// CHECK:                   memref.store %[[OTHER]], %[[LU]][%[[BI]], %[[KK]], %[[J]]]
// CHECK:                   memref.store %[[TOP]], %[[LU]][%[[BI]], %[[BEST]]#1, %[[J]]]
// CHECK:                 }
// CHECK:               }
// L column: divide by the pivot; then the trailing update row by row.
// CHECK:               %[[RIGHT:.+]] = arith.addi %[[KK]], %{{.+}} : index
// CHECK:               scf.for %[[I:[^ ]+]] = %[[BELOW]] to %[[M]] step
// CHECK:                 %[[AIK:.+]] = memref.load %[[LU]][%[[BI]], %[[I]], %[[KK]]]
// CHECK:                 %[[LIK:.+]] = arith.divf %[[AIK]], %[[PIVOT]] : f64
// CHECK:                 memref.store %[[LIK]], %[[LU]][%[[BI]], %[[I]], %[[KK]]]
// CHECK:                 scf.for %[[J2:[^ ]+]] = %[[RIGHT]] to %[[N]] step
// CHECK:                   %[[AIJ:.+]] = memref.load %[[LU]][%[[BI]], %[[I]], %[[J2]]]
// CHECK:                   %[[UKJ:.+]] = memref.load %[[LU]][%[[BI]], %[[KK]], %[[J2]]]
// CHECK:                   %[[PROD:.+]] = arith.mulf %[[LIK]], %[[UKJ]] : f64
// CHECK:                   %[[DIFF:.+]] = arith.subf %[[AIJ]], %[[PROD]] : f64
// CHECK:                   memref.store %[[DIFF]], %[[LU]][%[[BI]], %[[I]], %[[J2]]]
// CHECK:                 }
// CHECK:               }
// CHECK:             }
// info = kk + 1 at the first zero pivot only.
// CHECK:             %[[FIRST:.+]] = arith.cmpi eq, %[[ACC]], %[[OK]] : i32
// CHECK:             %[[SET:.+]] = arith.andi %[[ISZERO]], %[[FIRST]] : i1
// CHECK:             %[[STEP:.+]] = arith.index_cast %[[BELOW]] : index to i32
// CHECK:             %[[NEXT:.+]] = arith.select %[[SET]], %[[STEP]], %[[ACC]] : i32
// CHECK:             scf.yield %[[NEXT]] : i32
// CHECK:           }
// CHECK:           memref.store %[[INFOV]], %[[INFO]][%[[BI]]] : memref<2xi32>
// CHECK:         }
// CHECK-NEXT:    return
func.func @lu_f64_batched(%a: memref<2x4x3xf64>, %l: memref<2x4x3xf64>, %p: memref<2x3xi32>, %i: memref<2xi32>) {
  linalgx.lu ins(%a : memref<2x4x3xf64>) outs(%l, %p, %i : memref<2x4x3xf64>, memref<2x3xi32>, memref<2xi32>)
  return
}

// In place (input == lu): no copy; unbatched: no batch loop, info is stored
// into a rank-0 memref.
// CHECK-LABEL: func.func @lu_in_place_unbatched
// CHECK-SAME:    (%[[M:[^:]+]]: memref<3x3xf32>, %[[PIV:[^:]+]]: memref<3xi32>, %[[INFO:[^:]+]]: memref<i32>)
// CHECK-NOT:     memref.copy
// CHECK:         %[[INFOV:.+]] = scf.for {{.+}} -> (i32) {
// CHECK:           math.absf %{{.+}} : f32
// CHECK:           arith.cmpf ogt
// CHECK:           arith.divf %{{.+}}, %{{.+}} : f32
// CHECK:           scf.yield %{{.+}} : i32
// CHECK:         }
// CHECK-NEXT:    memref.store %[[INFOV]], %[[INFO]][] : memref<i32>
// CHECK-NEXT:    return
func.func @lu_in_place_unbatched(%m: memref<3x3xf32>, %p: memref<3xi32>, %i: memref<i32>) {
  linalgx.lu ins(%m : memref<3x3xf32>) outs(%m, %p, %i : memref<3x3xf32>, memref<3xi32>, memref<i32>)
  return
}

// complex<f32> with i64 pivots: |re| + |im| as the pivot measure, a pivot is
// zero when both parts are, complex div/mul/sub, pivots and info in i64.
// CHECK-LABEL: func.func @lu_complex_i64
// CHECK-SAME:    (%[[M:[^:]+]]: memref<3x3xcomplex<f32>>, %[[PIV:[^:]+]]: memref<3xi64>, %[[INFO:[^:]+]]: memref<i64>)
// CHECK-NOT:     memref.copy
// CHECK:         %[[OK:.+]] = arith.constant 0 : i64
// CHECK:         %[[INFOV:.+]] = scf.for %[[KK:[^ ]+]] = {{.+}} iter_args(%[[ACC:.+]] = %[[OK]]) -> (i64) {
// CHECK:           %[[D:.+]] = memref.load %[[M]][%[[KK]], %[[KK]]]
// CHECK:           %[[DRE:.+]] = complex.re %[[D]] : complex<f32>
// CHECK:           %[[DREA:.+]] = math.absf %[[DRE]] : f32
// CHECK:           %[[DIM:.+]] = complex.im %[[D]] : complex<f32>
// CHECK:           %[[DIMA:.+]] = math.absf %[[DIM]] : f32
// CHECK:           %[[START:.+]] = arith.addf %[[DREA]], %[[DIMA]] : f32
// CHECK:           %[[BEST:.+]]:2 = scf.for {{.+}} iter_args(%[[BMAG:[^ ]+]] = %[[START]], %{{.+}} = %[[KK]]) -> (f32, index) {
// CHECK:             complex.re
// CHECK:             math.absf
// CHECK:             complex.im
// CHECK:             math.absf
// CHECK:             %[[XMAG:.+]] = arith.addf
// CHECK:             arith.cmpf ogt, %[[XMAG]], %[[BMAG]] : f32
// CHECK:           }
// CHECK:           %[[PROW:.+]] = arith.index_cast %[[BEST]]#1 : index to i64
// CHECK:           memref.store %[[PROW]], %[[PIV]][%[[KK]]] : memref<3xi64>
// CHECK:           %[[P:.+]] = memref.load %[[M]][%[[BEST]]#1, %[[KK]]]
// CHECK:           %[[PRE:.+]] = complex.re %[[P]]
// CHECK:           %[[REZ:.+]] = arith.cmpf oeq, %[[PRE]], %{{.+}} : f32
// CHECK:           %[[PIM:.+]] = complex.im %[[P]]
// CHECK:           %[[IMZ:.+]] = arith.cmpf oeq, %[[PIM]], %{{.+}} : f32
// CHECK:           %[[ISZERO:.+]] = arith.andi %[[REZ]], %[[IMZ]] : i1
// CHECK:           %[[NONZERO:.+]] = arith.xori %[[ISZERO]]
// CHECK:           scf.if %[[NONZERO]] {
// CHECK:             %[[L:.+]] = complex.div %{{.+}}, %[[P]] : complex<f32>
// CHECK:             %[[PROD:.+]] = complex.mul %[[L]], %{{.+}} : complex<f32>
// CHECK:             complex.sub %{{.+}}, %[[PROD]] : complex<f32>
// CHECK:           }
// CHECK:           arith.cmpi eq, %[[ACC]], %[[OK]] : i64
// CHECK:           arith.index_cast %{{.+}} : index to i64
// CHECK:           scf.yield %{{.+}} : i64
// CHECK:         }
// CHECK:         memref.store %[[INFOV]], %[[INFO]][] : memref<i64>
// CHECK-NOT:     arith.divf
func.func @lu_complex_i64(%m: memref<3x3xcomplex<f32>>, %p: memref<3xi64>, %i: memref<i64>) {
  linalgx.lu ins(%m : memref<3x3xcomplex<f32>>) outs(%m, %p, %i : memref<3x3xcomplex<f32>>, memref<3xi64>, memref<i64>)
  return
}

// complex<f64>, out of place, M < N: the same structure in f64.
// CHECK-LABEL: func.func @lu_complex_f64_wide
// CHECK:         memref.copy %{{.+}}, %{{.+}} : memref<2x5xcomplex<f64>> to memref<2x5xcomplex<f64>>
// CHECK:         arith.minui
// CHECK:         scf.for {{.+}} -> (i32) {
// CHECK:           scf.for {{.+}} -> (f64, index) {
// CHECK:           complex.div %{{.+}}, %{{.+}} : complex<f64>
// CHECK:           complex.mul %{{.+}}, %{{.+}} : complex<f64>
// CHECK:           complex.sub %{{.+}}, %{{.+}} : complex<f64>
func.func @lu_complex_f64_wide(%a: memref<2x5xcomplex<f64>>, %l: memref<2x5xcomplex<f64>>, %p: memref<2xi32>, %i: memref<i32>) {
  linalgx.lu ins(%a : memref<2x5xcomplex<f64>>) outs(%l, %p, %i : memref<2x5xcomplex<f64>>, memref<2xi32>, memref<i32>)
  return
}

// Three batch dimensions with dynamic sizes: three nested batch loops bounded
// by memref.dim of the (in-place) matrix; M, N and K = min(M, N) read at run
// time inside them.
// CHECK-LABEL: func.func @lu_batch3_dynamic
// CHECK-SAME:    (%[[M:[^:]+]]: memref<2x3x?x?x?xf32>, %[[PIV:[^:]+]]: memref<2x3x?x?xi32>, %[[INFO:[^:]+]]: memref<2x3x?xi32>)
// CHECK-NOT:     memref.copy
// CHECK-DAG:     %[[D0:.+]] = memref.dim %[[M]], %{{.+}} : memref<2x3x?x?x?xf32>
// CHECK-DAG:     %[[D1:.+]] = memref.dim %[[M]], %{{.+}} : memref<2x3x?x?x?xf32>
// CHECK-DAG:     %[[D2:.+]] = memref.dim %[[M]], %{{.+}} : memref<2x3x?x?x?xf32>
// CHECK:         scf.for %[[B0:[^ ]+]] = %{{.+}} to %[[D0]]
// CHECK-NEXT:      scf.for %[[B1:[^ ]+]] = %{{.+}} to %[[D1]]
// CHECK-NEXT:        scf.for %[[B2:[^ ]+]] = %{{.+}} to %[[D2]]
// CHECK:               %[[ROWS:.+]] = memref.dim %[[M]], %{{.+}} : memref<2x3x?x?x?xf32>
// CHECK:               %[[COLS:.+]] = memref.dim %[[M]], %{{.+}} : memref<2x3x?x?x?xf32>
// CHECK:               %[[K:.+]] = arith.minui %[[ROWS]], %[[COLS]] : index
// CHECK:               %[[INFOV:.+]] = scf.for %[[KK:[^ ]+]] = %{{.+}} to %[[K]]
// CHECK:                 memref.load %[[M]][%[[B0]], %[[B1]], %[[B2]], %[[KK]], %[[KK]]]
// CHECK:                 memref.store %{{.+}}, %[[PIV]][%[[B0]], %[[B1]], %[[B2]], %[[KK]]]
// CHECK:               memref.store %[[INFOV]], %[[INFO]][%[[B0]], %[[B1]], %[[B2]]]
func.func @lu_batch3_dynamic(%m: memref<2x3x?x?x?xf32>, %p: memref<2x3x?x?xi32>, %i: memref<2x3x?xi32>) {
  linalgx.lu ins(%m : memref<2x3x?x?x?xf32>) outs(%m, %p, %i : memref<2x3x?x?x?xf32>, memref<2x3x?x?xi32>, memref<2x3x?xi32>)
  return
}

// Input and lu with different (compatible) types: still a copy.
// CHECK-LABEL: func.func @lu_copy_strided
// CHECK-SAME:    (%[[A:[^:]+]]: memref<3x3xf64, strided<[4, 1]>>, %[[L:[^:]+]]: memref<3x3xf64>
// CHECK:         memref.copy %[[A]], %[[L]] : memref<3x3xf64, strided<[4, 1]>> to memref<3x3xf64>
func.func @lu_copy_strided(%a: memref<3x3xf64, strided<[4, 1]>>, %l: memref<3x3xf64>, %p: memref<3xi32>, %i: memref<i32>) {
  linalgx.lu ins(%a : memref<3x3xf64, strided<[4, 1]>>) outs(%l, %p, %i : memref<3x3xf64>, memref<3xi32>, memref<i32>)
  return
}
