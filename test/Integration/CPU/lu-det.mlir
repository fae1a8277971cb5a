// linalgx.lu_det and linalgx.lu_slogdet from linalgx.lu's factors: the
// product of U's diagonal with the sign of the row exchanges, exactly 0 (sign
// 0, logabsdet -inf) for singular matrices whatever else they hold, on f64,
// f32 with 1-based i64 pivots, a batch, and complex<f64>. The magnitudes on
// U's diagonal are powers of two, whose logarithms every path rounds alike
// (the CUDA JIT runner prints the same). linalgx.det and linalgx.slogdet of
// the matrices themselves give the same results, and an lu whose factors
// only feed an lu_det fuses into linalgx.det (in every pipeline).
// RUN: linalgx-runner %s | FileCheck %s --match-full-lines
// RUN: linalgx-runner --lu-strategy=loops %s | FileCheck %s --match-full-lines
// RUN: linalgx-opt %s --convert-linalgx-to-linalg | linalgx-runner - | FileCheck %s --match-full-lines
// RUN: linalgx-opt %s --linalgx-fuse-lu-consumers --convert-linalgx-to-linalg | linalgx-runner - | FileCheck %s --match-full-lines
// RUN: %if ptxas %{ linalgx-opt %s --linalgx-gpu-pipeline -o /dev/null %}

func.func private @printMemrefExactF64(memref<*xf64>) attributes {llvm.emit_c_interface}
func.func private @printMemrefExactF32(memref<*xf32>) attributes {llvm.emit_c_interface}
func.func private @printMemrefExactC64(memref<*xcomplex<f64>>) attributes {llvm.emit_c_interface}

func.func @printF64(%t: tensor<?xf64>) {
  %m = bufferization.to_buffer %t : tensor<?xf64> to memref<?xf64>
  %u = memref.cast %m : memref<?xf64> to memref<*xf64>
  call @printMemrefExactF64(%u) : (memref<*xf64>) -> ()
  return
}

func.func @printF32(%t: tensor<?xf32>) {
  %m = bufferization.to_buffer %t : tensor<?xf32> to memref<?xf32>
  %u = memref.cast %m : memref<?xf32> to memref<*xf32>
  call @printMemrefExactF32(%u) : (memref<*xf32>) -> ()
  return
}

func.func @printC64(%t: tensor<?xcomplex<f64>>) {
  %m = bufferization.to_buffer %t : tensor<?xcomplex<f64>> to memref<?xcomplex<f64>>
  %u = memref.cast %m : memref<?xcomplex<f64>> to memref<*xcomplex<f64>>
  call @printMemrefExactC64(%u) : (memref<*xcomplex<f64>>) -> ()
  return
}

func.func @main() {
  // A batch of three: P·A = L·U with pivots [2, 2, 3, 3] (three exchanges)
  // and U's diagonal 4, -2, 8, 0.5, so det = 32; a singular matrix (its
  // second row twice its first); and one holding an infinity besides a
  // zero pivot, whose det is still exactly 0.
  %a = arith.constant dense<[
      [[2.0, -1.0, 0.5, 1.0], [3.0, 2.5, 0.75, 0.5],
       [4.0, 2.0, -1.0, 1.0], [-1.0, -1.5, 8.75, -2.0]],
      [[1.0, 2.0, 3.0, 4.0], [2.0, 4.0, 6.0, 8.0],
       [1.0, 0.0, 1.0, 0.0], [0.0, 1.0, 0.0, 1.0]],
      [[0x7FF0000000000000, 1.0, 0.0, 0.0], [0.0, 0.0, 1.0, 0.0],
       [0.0, 0.0, 0.0, 1.0], [0.0, 0.0, 0.0, 0.0]]]> : tensor<3x4x4xf64>
  %l0 = tensor.empty() : tensor<3x4x4xf64>
  %p0 = tensor.empty() : tensor<3x4xi32>
  %i0 = tensor.empty() : tensor<3xi32>
  %lu, %piv, %info = linalgx.lu ins(%a : tensor<3x4x4xf64>)
      outs(%l0, %p0, %i0 : tensor<3x4x4xf64>, tensor<3x4xi32>, tensor<3xi32>)
      -> tensor<3x4x4xf64>, tensor<3x4xi32>, tensor<3xi32>
  %d0 = tensor.empty() : tensor<3xf64>

  // CHECK-LABEL: det
  // CHECK-NEXT: linalgx.memref f64 1 3
  // CHECK-NEXT: 0x1p+5 0x0p+0 0x0p+0
  vector.print str "det\n"
  %d = linalgx.lu_det ins(%lu, %piv : tensor<3x4x4xf64>, tensor<3x4xi32>)
      outs(%d0 : tensor<3xf64>) -> tensor<3xf64>
  %dd = tensor.cast %d : tensor<3xf64> to tensor<?xf64>
  call @printF64(%dd) : (tensor<?xf64>) -> ()

  // log 4 + log 2 + log 8 + log 0.5 (log 32 less an ulp).
  // CHECK-LABEL: slogdet
  // CHECK-NEXT: linalgx.memref f64 1 3
  // CHECK-NEXT: 0x1p+0 0x0p+0 0x0p+0
  // CHECK-NEXT: linalgx.memref f64 1 3
  // CHECK-NEXT: 0x1.bb9d3beb8c86ap+1 -inf -inf
  vector.print str "slogdet\n"
  %s, %l = linalgx.lu_slogdet ins(%lu, %piv : tensor<3x4x4xf64>, tensor<3x4xi32>)
      outs(%d0, %d0 : tensor<3xf64>, tensor<3xf64>) -> tensor<3xf64>, tensor<3xf64>
  %sd = tensor.cast %s : tensor<3xf64> to tensor<?xf64>
  %ld = tensor.cast %l : tensor<3xf64> to tensor<?xf64>
  call @printF64(%sd) : (tensor<?xf64>) -> ()
  call @printF64(%ld) : (tensor<?xf64>) -> ()

  // f32, 1-based i64 pivots: [[0, 2], [4, 1]] exchanges its rows once, U's
  // diagonal is 4, 2: det = -8, sign -1, log 8 = 0x1.0a2b24p+1 in f32.
  // CHECK-LABEL: f32_one_based
  // CHECK-NEXT: linalgx.memref f32 1 1
  // CHECK-NEXT: -0x1p+3
  // CHECK-NEXT: linalgx.memref f32 1 1
  // CHECK-NEXT: -0x1p+0
  // CHECK-NEXT: linalgx.memref f32 1 1
  // CHECK-NEXT: 0x1.0a2b24p+1
  vector.print str "f32_one_based\n"
  %b = arith.constant dense<[[[0.0, 2.0], [4.0, 1.0]]]> : tensor<1x2x2xf32>
  %bl0 = tensor.empty() : tensor<1x2x2xf32>
  %bp0 = tensor.empty() : tensor<1x2xi64>
  %bi0 = tensor.empty() : tensor<1xi64>
  %blu, %bpiv, %binfo = linalgx.lu one_based ins(%b : tensor<1x2x2xf32>)
      outs(%bl0, %bp0, %bi0 : tensor<1x2x2xf32>, tensor<1x2xi64>, tensor<1xi64>)
      -> tensor<1x2x2xf32>, tensor<1x2xi64>, tensor<1xi64>
  %bd0 = tensor.empty() : tensor<1xf32>
  %bd = linalgx.lu_det one_based ins(%blu, %bpiv : tensor<1x2x2xf32>, tensor<1x2xi64>)
      outs(%bd0 : tensor<1xf32>) -> tensor<1xf32>
  %bs, %bl = linalgx.lu_slogdet one_based
      ins(%blu, %bpiv : tensor<1x2x2xf32>, tensor<1x2xi64>)
      outs(%bd0, %bd0 : tensor<1xf32>, tensor<1xf32>) -> tensor<1xf32>, tensor<1xf32>
  %bdd = tensor.cast %bd : tensor<1xf32> to tensor<?xf32>
  %bsd = tensor.cast %bs : tensor<1xf32> to tensor<?xf32>
  %bld = tensor.cast %bl : tensor<1xf32> to tensor<?xf32>
  call @printF32(%bdd) : (tensor<?xf32>) -> ()
  call @printF32(%bsd) : (tensor<?xf32>) -> ()
  call @printF32(%bld) : (tensor<?xf32>) -> ()

  // complex<f64>, a single matrix (rank-0 results): [[2i, 2], [0, -4]] has
  // det 2i·(-4) = -8i, sign -i, log|det| = log 8.
  // CHECK-LABEL: complex
  // CHECK-NEXT: linalgx.memref complex<f64> 1 1
  // CHECK-NEXT: {{-?}}0x0p+0 -0x1p+3
  // CHECK-NEXT: linalgx.memref complex<f64> 1 1
  // CHECK-NEXT: {{-?}}0x0p+0 -0x1p+0
  // CHECK-NEXT: linalgx.memref f64 1 1
  // CHECK-NEXT: 0x1.0a2b23f3bab73p+1
  vector.print str "complex\n"
  %c = arith.constant dense<[[(0.0, 2.0), (2.0, 0.0)], [(0.0, 0.0), (-4.0, 0.0)]]> : tensor<2x2xcomplex<f64>>
  %cl0 = tensor.empty() : tensor<2x2xcomplex<f64>>
  %cp0 = tensor.empty() : tensor<2xi32>
  %ci0 = tensor.empty() : tensor<i32>
  %clu, %cpiv, %cinfo = linalgx.lu ins(%c : tensor<2x2xcomplex<f64>>)
      outs(%cl0, %cp0, %ci0 : tensor<2x2xcomplex<f64>>, tensor<2xi32>, tensor<i32>)
      -> tensor<2x2xcomplex<f64>>, tensor<2xi32>, tensor<i32>
  %cd0 = tensor.empty() : tensor<complex<f64>>
  %cr0 = tensor.empty() : tensor<f64>
  %cd = linalgx.lu_det ins(%clu, %cpiv : tensor<2x2xcomplex<f64>>, tensor<2xi32>)
      outs(%cd0 : tensor<complex<f64>>) -> tensor<complex<f64>>
  %cs, %cl = linalgx.lu_slogdet ins(%clu, %cpiv : tensor<2x2xcomplex<f64>>, tensor<2xi32>)
      outs(%cd0, %cr0 : tensor<complex<f64>>, tensor<f64>) -> tensor<complex<f64>>, tensor<f64>
  %cd1 = tensor.expand_shape %cd [] output_shape [1] : tensor<complex<f64>> into tensor<1xcomplex<f64>>
  %cs1 = tensor.expand_shape %cs [] output_shape [1] : tensor<complex<f64>> into tensor<1xcomplex<f64>>
  %cl1 = tensor.expand_shape %cl [] output_shape [1] : tensor<f64> into tensor<1xf64>
  %cdd = tensor.cast %cd1 : tensor<1xcomplex<f64>> to tensor<?xcomplex<f64>>
  %csd = tensor.cast %cs1 : tensor<1xcomplex<f64>> to tensor<?xcomplex<f64>>
  %cld = tensor.cast %cl1 : tensor<1xf64> to tensor<?xf64>
  call @printC64(%cdd) : (tensor<?xcomplex<f64>>) -> ()
  call @printC64(%csd) : (tensor<?xcomplex<f64>>) -> ()
  call @printF64(%cld) : (tensor<?xf64>) -> ()

  // CHECK-LABEL: of_matrices
  // CHECK-NEXT: linalgx.memref f64 1 3
  // CHECK-NEXT: 0x1p+5 0x0p+0 0x0p+0
  // CHECK-NEXT: linalgx.memref f64 1 3
  // CHECK-NEXT: 0x1p+0 0x0p+0 0x0p+0
  // CHECK-NEXT: linalgx.memref f64 1 3
  // CHECK-NEXT: 0x1.bb9d3beb8c86ap+1 -inf -inf
  vector.print str "of_matrices\n"
  %md = linalgx.det ins(%a : tensor<3x4x4xf64>) outs(%d0 : tensor<3xf64>)
      -> tensor<3xf64>
  %ms, %ml = linalgx.slogdet ins(%a : tensor<3x4x4xf64>)
      outs(%d0, %d0 : tensor<3xf64>, tensor<3xf64>) -> tensor<3xf64>, tensor<3xf64>
  %mdd = tensor.cast %md : tensor<3xf64> to tensor<?xf64>
  %msd = tensor.cast %ms : tensor<3xf64> to tensor<?xf64>
  %mld = tensor.cast %ml : tensor<3xf64> to tensor<?xf64>
  call @printF64(%mdd) : (tensor<?xf64>) -> ()
  call @printF64(%msd) : (tensor<?xf64>) -> ()
  call @printF64(%mld) : (tensor<?xf64>) -> ()

  // An lu read only by an lu_det (fused): [[0, 2], [4, 1]] again, det -8.
  // CHECK-LABEL: fused
  // CHECK-NEXT: linalgx.memref f32 1 1
  // CHECK-NEXT: -0x1p+3
  vector.print str "fused\n"
  %fl0 = tensor.empty() : tensor<1x2x2xf32>
  %fp0 = tensor.empty() : tensor<1x2xi32>
  %fi0 = tensor.empty() : tensor<1xi32>
  %flu, %fpiv, %finfo = linalgx.lu ins(%b : tensor<1x2x2xf32>)
      outs(%fl0, %fp0, %fi0 : tensor<1x2x2xf32>, tensor<1x2xi32>, tensor<1xi32>)
      -> tensor<1x2x2xf32>, tensor<1x2xi32>, tensor<1xi32>
  %fd = linalgx.lu_det ins(%flu, %fpiv : tensor<1x2x2xf32>, tensor<1x2xi32>)
      outs(%bd0 : tensor<1xf32>) -> tensor<1xf32>
  %fdd = tensor.cast %fd : tensor<1xf32> to tensor<?xf32>
  call @printF32(%fdd) : (tensor<?xf32>) -> ()
  return
}
