// convert-linalgx-to-cpu-runtime: linalgx.lu on identity-layout memrefs
// becomes a copy into `lu` and one call of the CPU runtime's linalgxCpuGetrf
// for the whole batch (runtime/cpu/include/linalgx/CpuRuntime.h), with the
// function declared once; the strategy option picks the call's last
// argument or leaves the op to convert-linalgx-to-loops.
// RUN: linalgx-opt %s --convert-linalgx-to-cpu-runtime --split-input-file | FileCheck %s
// RUN: linalgx-opt %s --convert-linalgx-to-cpu-runtime=lu-strategy=unblocked --split-input-file | FileCheck %s --check-prefix=UNBLOCKED
// RUN: linalgx-opt %s --convert-linalgx-to-cpu-runtime=lu-strategy=loops --split-input-file | FileCheck %s --check-prefix=LOOPS
// The pipeline forwards its option to the pass. (lu-strategy=lapack, which
// needs a build with LAPACK: lu-lapack.mlir.)
// RUN: linalgx-opt %s --linalgx-cpu-pipeline=lu-strategy=unblocked --split-input-file | FileCheck %s --check-prefix=PIPELINE

// CHECK-LABEL: func.func private @linalgxCpuGetrf(i32, i32, !llvm.ptr, !llvm.ptr, !llvm.ptr, !llvm.ptr, i64, i64, i64, i32)
// CHECK-LABEL: func.func @batched_f64(
// CHECK-SAME:      %[[A:.+]]: memref<2x3x4x5xf64>, %[[LU:.+]]: memref<2x3x4x5xf64>, %[[P:.+]]: memref<2x3x4xi32>, %[[I:.+]]: memref<2x3xi32>)
// The runtime reads the input itself: no copy into lu.
// CHECK-NOT:     memref.copy
// The batch is the product of the batch dimensions of lu.
// CHECK:         %[[D0:.+]] = memref.dim %[[LU]], %{{.+}} : memref<2x3x4x5xf64>
// CHECK:         %[[B0:.+]] = arith.muli %{{.+}}, %[[D0]] : index
// CHECK:         %[[D1:.+]] = memref.dim %[[LU]], %{{.+}} : memref<2x3x4x5xf64>
// CHECK:         %[[B:.+]] = arith.muli %[[B0]], %[[D1]] : index
// CHECK:         %[[M:.+]] = memref.dim %[[LU]], %{{.+}} : memref<2x3x4x5xf64>
// CHECK:         %[[N:.+]] = memref.dim %[[LU]], %{{.+}} : memref<2x3x4x5xf64>
// f64 is element type 1; i32 pivots and info are 32 bits.
// CHECK:         %[[F64:.+]] = arith.constant 1 : i32
// CHECK:         %[[BITS:.+]] = arith.constant 32 : i32
// The runtime gets the aligned pointers (identity layouts: offset 0).
// CHECK:         %[[AI:.+]] = memref.extract_aligned_pointer_as_index %[[A]]
// CHECK:         %[[AI64:.+]] = arith.index_cast %[[AI]] : index to i64
// CHECK:         %[[AP:.+]] = llvm.inttoptr %[[AI64]] : i64 to !llvm.ptr
// CHECK:         %[[LUI:.+]] = memref.extract_aligned_pointer_as_index %[[LU]]
// CHECK:         %[[LUI64:.+]] = arith.index_cast %[[LUI]] : index to i64
// CHECK:         %[[LUP:.+]] = llvm.inttoptr %[[LUI64]] : i64 to !llvm.ptr
// CHECK:         %[[PI:.+]] = memref.extract_aligned_pointer_as_index %[[P]]
// CHECK:         %[[PI64:.+]] = arith.index_cast %[[PI]] : index to i64
// CHECK:         %[[PP:.+]] = llvm.inttoptr %[[PI64]] : i64 to !llvm.ptr
// CHECK:         %[[II:.+]] = memref.extract_aligned_pointer_as_index %[[I]]
// CHECK:         %[[II64:.+]] = arith.index_cast %[[II]] : index to i64
// CHECK:         %[[IP:.+]] = llvm.inttoptr %[[II64]] : i64 to !llvm.ptr
// CHECK:         %[[B64:.+]] = arith.index_cast %[[B]] : index to i64
// CHECK:         %[[M64:.+]] = arith.index_cast %[[M]] : index to i64
// CHECK:         %[[N64:.+]] = arith.index_cast %[[N]] : index to i64
// CHECK:         %[[AUTO:.+]] = arith.constant 0 : i32
// CHECK:         call @linalgxCpuGetrf(%[[F64]], %[[BITS]], %[[AP]], %[[LUP]], %[[PP]], %[[IP]], %[[B64]], %[[M64]], %[[N64]], %[[AUTO]]) : (i32, i32, !llvm.ptr, !llvm.ptr, !llvm.ptr, !llvm.ptr, i64, i64, i64, i32) -> ()
// CHECK-NOT:     linalgx.
// CHECK:         return
// UNBLOCKED-LABEL: func.func @batched_f64(
// UNBLOCKED:         %[[STRATEGY:.+]] = arith.constant 2 : i32
// UNBLOCKED:         call @linalgxCpuGetrf({{.*}}, %[[STRATEGY]])
// LOOPS-NOT:   linalgxCpuGetrf
// LOOPS-LABEL: func.func @batched_f64(
// LOOPS:         linalgx.lu
// PIPELINE:     llvm.func @linalgxCpuGetrf(
// PIPELINE-LABEL: llvm.func @batched_f64(
// PIPELINE:       %[[STRATEGY:.+]] = llvm.mlir.constant(2 : i32) : i32
// PIPELINE:       llvm.call @linalgxCpuGetrf({{.*}}, %[[STRATEGY]])
func.func @batched_f64(%a: memref<2x3x4x5xf64>, %lu: memref<2x3x4x5xf64>,
                       %p: memref<2x3x4xi32>, %i: memref<2x3xi32>) {
  linalgx.lu ins(%a : memref<2x3x4x5xf64>)
      outs(%lu, %p, %i : memref<2x3x4x5xf64>, memref<2x3x4xi32>, memref<2x3xi32>)
  return
}

// -----

// In place (input == lu): the same pointer twice. Dynamic sizes are read with memref.dim;
// complex<f32> is element type 2, i64 pivots 64 bits; no batch: batch 1.
// The declaration is emitted once for both ops.
// CHECK:           func.func private @linalgxCpuGetrf(
// CHECK-NOT:       func.func private @linalgxCpuGetrf(
// CHECK-LABEL:     func.func @in_place_dynamic_complex(
// CHECK-SAME:        %[[A:.+]]: memref<?x?xcomplex<f32>>
// CHECK-NOT:         memref.copy
// CHECK:             %[[ONE:.+]] = arith.constant 1 : index
// CHECK:             %[[M:.+]] = memref.dim %[[A]], %{{.+}} : memref<?x?xcomplex<f32>>
// CHECK:             %[[N:.+]] = memref.dim %[[A]], %{{.+}} : memref<?x?xcomplex<f32>>
// CHECK:             %[[C32:.+]] = arith.constant 2 : i32
// CHECK:             %[[BITS:.+]] = arith.constant 64 : i32
// CHECK:             %[[INI:.+]] = memref.extract_aligned_pointer_as_index %[[A]]
// CHECK:             %[[INI64:.+]] = arith.index_cast %[[INI]]
// CHECK:             %[[INP:.+]] = llvm.inttoptr %[[INI64]]
// CHECK:             %[[LUI:.+]] = memref.extract_aligned_pointer_as_index %[[A]]
// CHECK:             %[[LUI64:.+]] = arith.index_cast %[[LUI]]
// CHECK:             %[[LUP:.+]] = llvm.inttoptr %[[LUI64]]
// CHECK:             %[[ONE64:.+]] = arith.index_cast %[[ONE]] : index to i64
// CHECK:             %[[M64:.+]] = arith.index_cast %[[M]] : index to i64
// CHECK:             %[[N64:.+]] = arith.index_cast %[[N]] : index to i64
// CHECK:             call @linalgxCpuGetrf(%[[C32]], %[[BITS]], %[[INP]], %[[LUP]], %{{.+}}, %{{.+}}, %[[ONE64]], %[[M64]], %[[N64]], %{{.+}})
// CHECK-LABEL:     func.func @second_f32(
// CHECK:             %[[F32:.+]] = arith.constant 0 : i32
// CHECK:             call @linalgxCpuGetrf(%[[F32]],
func.func @in_place_dynamic_complex(%a: memref<?x?xcomplex<f32>>, %p: memref<?xi64>,
                                    %i: memref<i64>) {
  linalgx.lu ins(%a : memref<?x?xcomplex<f32>>)
      outs(%a, %p, %i : memref<?x?xcomplex<f32>>, memref<?xi64>, memref<i64>)
  return
}
func.func @second_f32(%a: memref<8x8xf32>, %lu: memref<8x8xf32>, %p: memref<8xi32>,
                      %i: memref<i32>) {
  linalgx.lu ins(%a : memref<8x8xf32>)
      outs(%lu, %p, %i : memref<8x8xf32>, memref<8xi32>, memref<i32>)
  return
}

// -----

// An lu with a permutation: the call, then the permutation of its pivots
// (a pivots_to_permutation, which this pass lowers too: one pass per
// vector, serial for a batch this small).
// CHECK-LABEL: func.func @with_permutation(
// CHECK-SAME:      %{{.+}}: memref<4x6x6xf64>, %{{.+}}: memref<4x6x6xf64>, %[[P:.+]]: memref<4x6xi32>, %{{.+}}: memref<4xi32>, %[[Q:.+]]: memref<4x6xi32>)
// CHECK:         call @linalgxCpuGetrf(
// CHECK-NOT:     linalgx.
// CHECK-NOT:     scf.parallel
// CHECK:         scf.for %[[B:.+]] =
// CHECK:           memref.store %{{.+}}, %[[Q]][%[[B]], %{{.+}}] : memref<4x6xi32>
// CHECK:           memref.load %[[P]][%[[B]], %{{.+}}] : memref<4x6xi32>
// CHECK:         return
func.func @with_permutation(%a: memref<4x6x6xf64>, %lu: memref<4x6x6xf64>,
                            %p: memref<4x6xi32>, %i: memref<4xi32>, %q: memref<4x6xi32>) {
  linalgx.lu ins(%a : memref<4x6x6xf64>)
      outs(%lu, %p, %i : memref<4x6x6xf64>, memref<4x6xi32>, memref<4xi32>)
      permutation(%q : memref<4x6xi32>)
  return
}

// -----

// A strided lu (a subview) is not a dense array the runtime could read:
// the op is left to convert-linalgx-to-loops, and no declaration is added.
// CHECK-NOT:   linalgxCpuGetrf
// CHECK-LABEL: func.func @strided(
// CHECK:         linalgx.lu
// CHECK-NOT:   linalgxCpuGetrf
// CHECK:       // -----
func.func @strided(%a: memref<4x4xf64>, %big: memref<8x8xf64>, %p: memref<4xi32>,
                   %i: memref<i32>) {
  %lu = memref.subview %big[0, 0] [4, 4] [1, 1]
      : memref<8x8xf64> to memref<4x4xf64, strided<[8, 1]>>
  linalgx.lu ins(%a : memref<4x4xf64>)
      outs(%lu, %p, %i : memref<4x4xf64, strided<[8, 1]>>, memref<4xi32>, memref<i32>)
  return
}

// -----

// A strided input with a dense lu: the input is copied into lu, which the
// runtime then factors in place.
// CHECK-LABEL: func.func @strided_input(
// CHECK-SAME:      %[[BIG:.+]]: memref<8x8xf64>, %[[LU:.+]]: memref<4x4xf64>
// CHECK:         %[[SUB:.+]] = memref.subview %[[BIG]]
// CHECK:         memref.copy %[[SUB]], %[[LU]]
// CHECK:         %[[I0:.+]] = memref.extract_aligned_pointer_as_index %[[LU]]
// CHECK:         %[[I1:.+]] = arith.index_cast %[[I0]]
// CHECK:         %[[IN:.+]] = llvm.inttoptr %[[I1]]
// CHECK:         %[[L0:.+]] = memref.extract_aligned_pointer_as_index %[[LU]]
// CHECK:         %[[L1:.+]] = arith.index_cast %[[L0]]
// CHECK:         %[[OUT:.+]] = llvm.inttoptr %[[L1]]
// CHECK:         call @linalgxCpuGetrf(%{{.+}}, %{{.+}}, %[[IN]], %[[OUT]],
func.func @strided_input(%big: memref<8x8xf64>, %lu: memref<4x4xf64>, %p: memref<4xi32>,
                         %i: memref<i32>) {
  %a = memref.subview %big[0, 0] [4, 4] [1, 1]
      : memref<8x8xf64> to memref<4x4xf64, strided<[8, 1]>>
  linalgx.lu ins(%a : memref<4x4xf64, strided<[8, 1]>>)
      outs(%lu, %p, %i : memref<4x4xf64>, memref<4xi32>, memref<i32>)
  return
}

// -----

// Ops on tensors are left alone (convert-linalgx-to-loops reports them).
// CHECK-LABEL: func.func @tensors(
// CHECK:         linalgx.lu
func.func @tensors(%a: tensor<4x4xf64>) -> tensor<4x4xf64> {
  %l = tensor.empty() : tensor<4x4xf64>
  %p = tensor.empty() : tensor<4xi32>
  %i = tensor.empty() : tensor<i32>
  %lu, %piv, %info = linalgx.lu ins(%a : tensor<4x4xf64>)
      outs(%l, %p, %i : tensor<4x4xf64>, tensor<4xi32>, tensor<i32>)
      -> tensor<4x4xf64>, tensor<4xi32>, tensor<i32>
  return %lu : tensor<4x4xf64>
}

// -----

// auto takes the generated code where it measured faster than the runtime
// (docs/cpu.md): static f64 batches with min(m, n) in [72, 128]. f32, single
// matrices and smaller f64 matrices keep the runtime call.
// CHECK-LABEL: func.func @auto_choice(
// CHECK:         scf.parallel
// CHECK:           vector<8xf64>
// CHECK:         call @linalgxCpuGetrf(
// CHECK:         call @linalgxCpuGetrf(
// CHECK:         call @linalgxCpuGetrf(
// CHECK-NOT:     linalgx.lu
// UNBLOCKED-LABEL: func.func @auto_choice(
// UNBLOCKED-NOT:   scf.parallel
func.func @auto_choice(%a: memref<64x75x75xf64>, %p: memref<64x75xi32>, %i: memref<64xi32>,
                       %b: memref<64x75x75xf32>, %c: memref<75x75xf64>, %q: memref<75xi32>,
                       %j: memref<i32>, %d: memref<64x64x64xf64>, %r: memref<64x64xi32>) {
  linalgx.lu ins(%a : memref<64x75x75xf64>)
      outs(%a, %p, %i : memref<64x75x75xf64>, memref<64x75xi32>, memref<64xi32>)
  linalgx.lu ins(%b : memref<64x75x75xf32>)
      outs(%b, %p, %i : memref<64x75x75xf32>, memref<64x75xi32>, memref<64xi32>)
  linalgx.lu ins(%c : memref<75x75xf64>)
      outs(%c, %q, %j : memref<75x75xf64>, memref<75xi32>, memref<i32>)
  linalgx.lu ins(%d : memref<64x64x64xf64>)
      outs(%d, %r, %i : memref<64x64x64xf64>, memref<64x64xi32>, memref<64xi32>)
  return
}
