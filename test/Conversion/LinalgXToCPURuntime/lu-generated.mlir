// convert-linalgx-to-cpu-runtime{lu-strategy=generated}: linalgx.lu becomes
// generated code, no runtime call: the batch an scf.parallel when it has
// enough work (a serial scf.for nest otherwise), each matrix copied into a
// 64-byte aligned stack buffer with rows padded to whole vectors (released
// per matrix by a stack save/restore), factored with vector-dialect row
// swaps and updates, and copied out with masked transfers. Complex types use
// the reference loops on the buffer; matrices too large for the buffer, or
// possibly so with dynamic sizes, get the runtime call.
// RUN: linalgx-opt %s --convert-linalgx-to-cpu-runtime=lu-strategy=generated --canonicalize --split-input-file | FileCheck %s
// Through the whole pipeline the scf.parallel is an OpenMP worksharing loop.
// RUN: linalgx-opt %s --linalgx-cpu-pipeline=lu-strategy=generated --split-input-file | FileCheck %s --check-prefix=PIPELINE

// CHECK-LABEL: func.func @batched_f64(
// CHECK-SAME:      %[[A:.+]]: memref<64x32x32xf64>, %[[LU:.+]]: memref<64x32x32xf64>, %[[P:.+]]: memref<64x32xi32>, %[[I:.+]]: memref<64xi32>)
// CHECK-NOT:     linalgxCpuGetrf
// CHECK:         scf.parallel (%[[B:.+]]) = (%{{.+}}) to (%{{.+}}) step
// CHECK:           %[[SP:.+]] = llvm.intr.stacksave : !llvm.ptr
// 32 columns are 4 vectors of 8 f64.
// CHECK:           %[[BUF:.+]] = memref.alloca() {alignment = 64 : i64} : memref<1024xf64>
// CHECK:           vector.transfer_read %[[A]][%[[B]], %{{.+}}, %{{.+}}], %{{.+}} : memref<64x32x32xf64>, vector<8xf64>
// CHECK:           vector.store %{{.+}}, %[[BUF]][%{{.+}}] : memref<1024xf64>, vector<8xf64>
// Step 0's pivot search, then the steps.
// CHECK:           math.absf
// CHECK:           arith.cmpf ogt
// CHECK:           scf.for %{{.+}} iter_args(%[[INFO:.+]] = %{{.+}}, %[[ROW:.+]] = %{{.+}}) -> (i32, index)
// CHECK:             %[[ROW32:.+]] = arith.index_cast %[[ROW]] : index to i32
// CHECK:             memref.store %[[ROW32]], %[[P]][%[[B]], %{{.+}}] : memref<64x32xi32>
// The row swap: whole padded rows, aligned vectors.
// CHECK:             vector.load %[[BUF]]
// CHECK:             vector.store %{{.+}}, %[[BUF]]
// LAPACK's rule: the reciprocal where it is safe, division otherwise.
// CHECK:             arith.cmpf oge
// CHECK:             arith.divf
// CHECK:             arith.mulf %{{.+}}, %{{.+}} : f64
// CHECK:             vector.broadcast %{{.+}} : f64 to vector<8xf64>
// The first vector of a row keeps the lanes left of the pivot column and
// takes the multiplier in its lane; the rest are plain updates.
// CHECK:             arith.mulf %{{.+}}, %{{.+}} : vector<8xf64>
// CHECK:             arith.subf %{{.+}}, %{{.+}} : vector<8xf64>
// CHECK:             arith.select %{{.+}}, %{{.+}}, %{{.+}} : vector<8xi1>, vector<8xf64>
// CHECK:             vector.store
// CHECK:             scf.for
// CHECK:               arith.mulf %{{.+}}, %{{.+}} : vector<8xf64>
// CHECK:               arith.subf %{{.+}}, %{{.+}} : vector<8xf64>
// CHECK:               vector.store
// The next column's pivot search in the same row loop.
// CHECK:             math.absf
// CHECK:             arith.cmpf ogt
// CHECK:             arith.ori
// CHECK:           vector.transfer_write %{{.+}}, %[[LU]][%[[B]], %{{.+}}, %{{.+}}] : vector<8xf64>, memref<64x32x32xf64>
// CHECK:           memref.store %{{.+}}, %[[I]][%[[B]]] : memref<64xi32>
// CHECK:           llvm.intr.stackrestore %[[SP]]
// CHECK-NOT:     linalgx.
// CHECK:         return
// PIPELINE-LABEL: llvm.func @batched_f64(
// PIPELINE-NOT:   linalgxCpuGetrf
// PIPELINE:       omp.parallel
// PIPELINE:       omp.wsloop
// PIPELINE:       omp.loop_nest
// PIPELINE:       llvm.intr.stacksave
// PIPELINE:       llvm.alloca
// PIPELINE:       llvm.intr.masked.load
// PIPELINE:       llvm.fmul %{{.+}}, %{{.+}} : vector<8xf64>
// PIPELINE:       llvm.fsub %{{.+}}, %{{.+}} : vector<8xf64>
// PIPELINE:       llvm.intr.masked.store
// PIPELINE:       llvm.intr.stackrestore
// PIPELINE:       omp.yield
func.func @batched_f64(%a: memref<64x32x32xf64>, %lu: memref<64x32x32xf64>,
                       %p: memref<64x32xi32>, %i: memref<64xi32>) {
  linalgx.lu ins(%a : memref<64x32x32xf64>)
      outs(%lu, %p, %i : memref<64x32x32xf64>, memref<64x32xi32>, memref<64xi32>)
  return
}

// -----

// Too little work to wake the other threads (2 x 4 x 4): a serial loop. f32
// vectors have 16 lanes; the permutation is written in the same pass over
// the batch, right after each matrix's pivots.
// CHECK-LABEL: func.func @small_f32_permutation(
// CHECK-SAME:      %[[P:[^:]+]]: memref<2x4xi64>, %[[I:[^:]+]]: memref<2xi64>, %[[PERM:[^:]+]]: memref<2x4xi64>)
// CHECK-NOT:     scf.parallel
// CHECK-NOT:     linalgxCpuGetrf
// CHECK:         scf.for %[[B:[^ ]+]] =
// CHECK:           memref.alloca() {alignment = 64 : i64} : memref<64xf32>
// CHECK:           vector<16xf32>
// CHECK:           memref.store %{{.+}}, %[[I]][%[[B]]] : memref<2xi64>
// CHECK:           llvm.intr.stackrestore
// CHECK:           scf.for
// CHECK:             memref.store %{{.+}}, %[[PERM]][%[[B]], %{{.+}}] : memref<2x4xi64>
// CHECK-NOT:     linalgx.
func.func @small_f32_permutation(%a: memref<2x4x4xf32>, %p: memref<2x4xi64>,
                                 %i: memref<2xi64>, %perm: memref<2x4xi64>) {
  linalgx.lu ins(%a : memref<2x4x4xf32>)
      outs(%a, %p, %i : memref<2x4x4xf32>, memref<2x4xi64>, memref<2xi64>)
      permutation(%perm : memref<2x4xi64>)
  return
}

// -----

// Dynamic sizes: a run-time test whether the matrix fits the buffer (else
// the runtime call), then whether the batch has enough work to go parallel.
// CHECK-LABEL: func.func @dynamic(
// CHECK:         %[[FITS:.+]] = arith.cmpi ule
// CHECK:         scf.if %[[FITS]] {
// CHECK:           %[[PAR:.+]] = arith.cmpi sge
// CHECK:           scf.if %[[PAR]] {
// CHECK:             scf.parallel
// CHECK:               memref.alloca(%{{.+}}) {alignment = 64 : i64} : memref<?xf32>
// CHECK:           } else {
// CHECK:             scf.for
// CHECK:               memref.alloca(%{{.+}}) {alignment = 64 : i64} : memref<?xf32>
// CHECK:         } else {
// CHECK:           call @linalgxCpuGetrf(
func.func @dynamic(%a: memref<?x?x?xf32>, %p: memref<?x?xi32>, %i: memref<?xi32>) {
  linalgx.lu ins(%a : memref<?x?x?xf32>)
      outs(%a, %p, %i : memref<?x?x?xf32>, memref<?x?xi32>, memref<?xi32>)
  return
}

// -----

// Complex numbers: no vectors of them in MLIR; the reference loops run on
// the stack copy (complex division, |re| + |im|).
// CHECK-LABEL: func.func @complex(
// CHECK-NOT:     vector.
// CHECK-NOT:     linalgxCpuGetrf
// CHECK:         memref.alloca() : memref<8x8xcomplex<f64>>
// CHECK:         complex.div
// CHECK:         complex.mul
// CHECK:         complex.sub
func.func @complex(%a: memref<8x8xcomplex<f64>>, %p: memref<8xi32>, %i: memref<i32>) {
  linalgx.lu ins(%a : memref<8x8xcomplex<f64>>)
      outs(%a, %p, %i : memref<8x8xcomplex<f64>>, memref<8xi32>, memref<i32>)
  return
}

// -----

// 512 x 512 f64 (2 MiB) does not fit the 256 KiB buffer: the runtime call
// (auto, 0), decided at compile time.
// CHECK-LABEL: func.func @too_large(
// CHECK-NOT:     scf.parallel
// CHECK-NOT:     memref.alloca
// CHECK:         %[[AUTO:.+]] = arith.constant 0 : i32
// CHECK:         call @linalgxCpuGetrf({{.*}}, %[[AUTO]])
func.func @too_large(%a: memref<512x512xf64>, %p: memref<512xi32>, %i: memref<i32>) {
  linalgx.lu ins(%a : memref<512x512xf64>)
      outs(%a, %p, %i : memref<512x512xf64>, memref<512xi32>, memref<i32>)
  return
}

// -----

// A strided lu (inner stride 2) cannot be read by vector rows: left to
// convert-linalgx-to-loops.
// CHECK-LABEL: func.func @strided(
// CHECK:         linalgx.lu
func.func @strided(%a: memref<4x4xf64, strided<[8, 2]>>, %p: memref<4xi32>, %i: memref<i32>) {
  linalgx.lu ins(%a : memref<4x4xf64, strided<[8, 2]>>)
      outs(%a, %p, %i : memref<4x4xf64, strided<[8, 2]>>, memref<4xi32>, memref<i32>)
  return
}
