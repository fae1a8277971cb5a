// The case from the original report (jax-ml/jax#5880): LU of one 75x75 f64
// matrix and of a batch of 64 of them, with the permutation computed from the
// pivots, the result checked (a[perm] == L·U) and printed.
//
//   linalgx-runner examples/lu_75x75.mlir              (CPU)

func.func private @printMemrefI32(memref<*xi32>)

#id3 = affine_map<(b, i, j) -> (b, i, j)>

// Deterministic pseudo-random entries in [-0.5, 0.5): a multiplicative hash
// of the (batch, row, column) index, so the example needs no input files.
func.func @random_matrices(%seed: index, %init: tensor<?x75x75xf64>)
    -> tensor<?x75x75xf64> {
  %r = linalg.generic {indexing_maps = [#id3],
                       iterator_types = ["parallel", "parallel", "parallel"]}
      outs(%init : tensor<?x75x75xf64>) {
  ^bb0(%out: f64):
    %b = linalg.index 0 : index
    %i = linalg.index 1 : index
    %j = linalg.index 2 : index
    %c75 = arith.constant 75 : index
    %bi = arith.muli %b, %c75 : index
    %row = arith.addi %bi, %i : index
    %rj = arith.muli %row, %c75 : index
    %flat = arith.addi %rj, %j : index
    %mixed = arith.addi %flat, %seed : index
    %x = arith.index_cast %mixed : index to i64
    %k1 = arith.constant 6364136223846793005 : i64
    %k2 = arith.constant 1442695040888963407 : i64
    %h1 = arith.muli %x, %k1 : i64
    %h2 = arith.addi %h1, %k2 : i64
    %c33 = arith.constant 33 : i64
    %h3 = arith.shrui %h2, %c33 : i64
    %h4 = arith.muli %h3, %k1 : i64
    %c11 = arith.constant 11 : i64
    %bits = arith.shrui %h4, %c11 : i64
    %f = arith.uitofp %bits : i64 to f64
    %scale = arith.constant 0x3CA0000000000000 : f64  // 2^-53
    %u = arith.mulf %f, %scale : f64
    %half = arith.constant 0.5 : f64
    %v = arith.subf %u, %half : f64
    linalg.yield %v : f64
  } -> tensor<?x75x75xf64>
  return %r : tensor<?x75x75xf64>
}

// max |a[perm] - L·U| / max |a| over a batch, L and U unpacked from `lu`.
func.func @relative_residual(%a: tensor<?x75x75xf64>, %lu: tensor<?x75x75xf64>,
                             %perm: tensor<?x75xi32>) -> f64 {
  %c0 = arith.constant 0 : index
  %batch = tensor.dim %a, %c0 : tensor<?x75x75xf64>
  %e = tensor.empty(%batch) : tensor<?x75x75xf64>
  %zero = arith.constant 0.0 : f64
  %one = arith.constant 1.0 : f64
  // L: strictly lower part of lu with a unit diagonal; U: the upper part.
  %l = linalg.generic {indexing_maps = [#id3, #id3],
                       iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%lu : tensor<?x75x75xf64>) outs(%e : tensor<?x75x75xf64>) {
  ^bb0(%x: f64, %out: f64):
    %i = linalg.index 1 : index
    %j = linalg.index 2 : index
    %below = arith.cmpi ugt, %i, %j : index
    %diag = arith.cmpi eq, %i, %j : index
    %d = arith.select %diag, %one, %zero : f64
    %v = arith.select %below, %x, %d : f64
    linalg.yield %v : f64
  } -> tensor<?x75x75xf64>
  %u = linalg.generic {indexing_maps = [#id3, #id3],
                       iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%lu : tensor<?x75x75xf64>) outs(%e : tensor<?x75x75xf64>) {
  ^bb0(%x: f64, %out: f64):
    %i = linalg.index 1 : index
    %j = linalg.index 2 : index
    %upper = arith.cmpi ule, %i, %j : index
    %v = arith.select %upper, %x, %zero : f64
    linalg.yield %v : f64
  } -> tensor<?x75x75xf64>
  %zeros = linalg.fill ins(%zero : f64) outs(%e : tensor<?x75x75xf64>)
      -> tensor<?x75x75xf64>
  %prod = linalg.batch_matmul ins(%l, %u : tensor<?x75x75xf64>, tensor<?x75x75xf64>)
      outs(%zeros : tensor<?x75x75xf64>) -> tensor<?x75x75xf64>

  // |a[perm] - L·U| and |a|, reduced to their maxima.
  %init = tensor.empty() : tensor<f64>
  %acc0 = linalg.fill ins(%zero : f64) outs(%init : tensor<f64>) -> tensor<f64>
  %maxes:2 = linalg.generic {
      indexing_maps = [#id3, affine_map<(b, i, j) -> ()>, affine_map<(b, i, j) -> ()>],
      iterator_types = ["reduction", "reduction", "reduction"]}
      ins(%prod : tensor<?x75x75xf64>) outs(%acc0, %acc0 : tensor<f64>, tensor<f64>) {
  ^bb0(%p: f64, %err: f64, %mag: f64):
    %b = linalg.index 0 : index
    %i = linalg.index 1 : index
    %j = linalg.index 2 : index
    %src32 = tensor.extract %perm[%b, %i] : tensor<?x75xi32>
    %src = arith.index_cast %src32 : i32 to index
    %x = tensor.extract %a[%b, %src, %j] : tensor<?x75x75xf64>
    %diff = arith.subf %x, %p : f64
    %absdiff = math.absf %diff : f64
    %absx = math.absf %x : f64
    %e2 = arith.maximumf %err, %absdiff : f64
    %m2 = arith.maximumf %mag, %absx : f64
    linalg.yield %e2, %m2 : f64, f64
  } -> (tensor<f64>, tensor<f64>)
  %err = tensor.extract %maxes#0[] : tensor<f64>
  %mag = tensor.extract %maxes#1[] : tensor<f64>
  %rel = arith.divf %err, %mag : f64
  return %rel : f64
}

func.func @report(%name_is_batched: i1, %rel: f64, %info: tensor<?xi32>) {
  // Pass when the backward error is within 10·n·ε (n = 75) and no pivot was
  // exactly zero.
  %bound = arith.constant 1.6653345369377348e-13 : f64
  %ok = arith.cmpf ole, %rel, %bound : f64
  vector.print str "  max|a[perm] - L*U| / max|a| = "
  vector.print %rel : f64
  vector.print str "  info = "
  %infos = bufferization.to_buffer %info : tensor<?xi32> to memref<?xi32>
  %u = memref.cast %infos : memref<?xi32> to memref<*xi32>
  call @printMemrefI32(%u) : (memref<*xi32>) -> ()
  scf.if %ok {
    vector.print str "  check a[perm] == L*U: PASS\n"
  } else {
    vector.print str "  check a[perm] == L*U: FAIL\n"
  }
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %false = arith.constant false
  %true = arith.constant true

  // --- One 75x75 matrix ---------------------------------------------------
  vector.print str "linalgx.lu of one 75x75 f64 matrix\n"
  %e1 = tensor.empty(%c1) : tensor<?x75x75xf64>
  %a1b = call @random_matrices(%c0, %e1) : (index, tensor<?x75x75xf64>) -> tensor<?x75x75xf64>
  %a1 = tensor.extract_slice %a1b[0, 0, 0] [1, 75, 75] [1, 1, 1]
      : tensor<?x75x75xf64> to tensor<75x75xf64>
  %lu1_init = tensor.empty() : tensor<75x75xf64>
  %piv1_init = tensor.empty() : tensor<75xi32>
  %info1_init = tensor.empty() : tensor<i32>
  %lu1, %piv1, %info1 = linalgx.lu ins(%a1 : tensor<75x75xf64>)
      outs(%lu1_init, %piv1_init, %info1_init : tensor<75x75xf64>, tensor<75xi32>, tensor<i32>)
      -> tensor<75x75xf64>, tensor<75xi32>, tensor<i32>
  %perm1_init = tensor.empty() : tensor<75xi32>
  %perm1 = linalgx.pivots_to_permutation ins(%piv1 : tensor<75xi32>)
      outs(%perm1_init : tensor<75xi32>) -> tensor<75xi32>

  vector.print str "  pivots = "
  %piv1m = bufferization.to_buffer %piv1 : tensor<75xi32> to memref<75xi32>
  %piv1u = memref.cast %piv1m : memref<75xi32> to memref<*xi32>
  call @printMemrefI32(%piv1u) : (memref<*xi32>) -> ()
  vector.print str "  permutation = "
  %perm1m = bufferization.to_buffer %perm1 : tensor<75xi32> to memref<75xi32>
  %perm1u = memref.cast %perm1m : memref<75xi32> to memref<*xi32>
  call @printMemrefI32(%perm1u) : (memref<*xi32>) -> ()

  %lu1b = tensor.cast %lu1 : tensor<75x75xf64> to tensor<75x75xf64>
  %lu1e = tensor.expand_shape %lu1b [[0, 1], [2]] output_shape [1, 75, 75]
      : tensor<75x75xf64> into tensor<1x75x75xf64>
  %lu1d = tensor.cast %lu1e : tensor<1x75x75xf64> to tensor<?x75x75xf64>
  %perm1e = tensor.expand_shape %perm1 [[0, 1]] output_shape [1, 75]
      : tensor<75xi32> into tensor<1x75xi32>
  %perm1d = tensor.cast %perm1e : tensor<1x75xi32> to tensor<?x75xi32>
  %rel1 = call @relative_residual(%a1b, %lu1d, %perm1d)
      : (tensor<?x75x75xf64>, tensor<?x75x75xf64>, tensor<?x75xi32>) -> f64
  %info1e = tensor.expand_shape %info1 [] output_shape [1]
      : tensor<i32> into tensor<1xi32>
  %info1d = tensor.cast %info1e : tensor<1xi32> to tensor<?xi32>
  call @report(%false, %rel1, %info1d) : (i1, f64, tensor<?xi32>) -> ()

  // --- A batch of 64 ------------------------------------------------------
  vector.print str "linalgx.lu of a batch of 64 75x75 f64 matrices\n"
  %e64 = tensor.empty(%c64) : tensor<?x75x75xf64>
  %c1000 = arith.constant 1000 : index
  %a64d = call @random_matrices(%c1000, %e64) : (index, tensor<?x75x75xf64>) -> tensor<?x75x75xf64>
  %a64 = tensor.cast %a64d : tensor<?x75x75xf64> to tensor<64x75x75xf64>
  %lu_init = tensor.empty() : tensor<64x75x75xf64>
  %piv_init = tensor.empty() : tensor<64x75xi32>
  %info_init = tensor.empty() : tensor<64xi32>
  %lu, %piv, %info = linalgx.lu ins(%a64 : tensor<64x75x75xf64>)
      outs(%lu_init, %piv_init, %info_init
           : tensor<64x75x75xf64>, tensor<64x75xi32>, tensor<64xi32>)
      -> tensor<64x75x75xf64>, tensor<64x75xi32>, tensor<64xi32>
  %perm_init = tensor.empty() : tensor<64x75xi32>
  %perm = linalgx.pivots_to_permutation ins(%piv : tensor<64x75xi32>)
      outs(%perm_init : tensor<64x75xi32>) -> tensor<64x75xi32>

  %lud = tensor.cast %lu : tensor<64x75x75xf64> to tensor<?x75x75xf64>
  %permd = tensor.cast %perm : tensor<64x75xi32> to tensor<?x75xi32>
  %rel = call @relative_residual(%a64d, %lud, %permd)
      : (tensor<?x75x75xf64>, tensor<?x75x75xf64>, tensor<?x75xi32>) -> f64
  %infod = tensor.cast %info : tensor<64xi32> to tensor<?xi32>
  call @report(%true, %rel, %infod) : (i1, f64, tensor<?xi32>) -> ()
  return
}
