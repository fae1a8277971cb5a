// One-Shot Bufferize turns the tensor forms of the linalgx ops into their
// memref forms (no results); the `outs` operands are never read, so their old
// contents are never copied, and an `outs` that must not be overwritten gets a
// fresh buffer. The ANALYSIS run shows the in-place decisions; the LOOPS run
// shows that the factorization then copies its input into that fresh buffer.
// RUN: linalgx-opt %s -one-shot-bufferize="bufferize-function-boundaries" | FileCheck %s
// RUN: linalgx-opt %s -one-shot-bufferize="bufferize-function-boundaries test-analysis-only" | FileCheck %s --check-prefix=ANALYSIS
// RUN: linalgx-opt %s -one-shot-bufferize="bufferize-function-boundaries" -convert-linalgx-to-loops | FileCheck %s --check-prefix=LOOPS

// tensor.empty outs become plain allocations, written in place by the memref
// op; the results are those allocations.
// CHECK-LABEL: func.func @lu_empty_outs
// CHECK-SAME:    (%[[A:.+]]: memref<3x3xf64{{.*}}>)
// CHECK-DAG:     %[[L:.+]] = memref.alloc() {{.*}} : memref<3x3xf64>
// CHECK-DAG:     %[[P:.+]] = memref.alloc() {{.*}} : memref<3xi32>
// CHECK-DAG:     %[[I:.+]] = memref.alloc() {{.*}} : memref<i32>
// CHECK-NOT:     memref.copy
// CHECK:         linalgx.lu ins(%[[A]] : memref<3x3xf64{{.*}}>) outs(%[[L]], %[[P]], %[[I]] : memref<3x3xf64>, memref<3xi32>, memref<i32>){{$}}
// CHECK-NOT:     memref.copy
// CHECK:         return %[[L]], %[[P]], %[[I]]
// ANALYSIS-LABEL: func.func @lu_empty_outs
// ANALYSIS:         linalgx.lu {__inplace_operands_attr__ = ["true", "true", "true", "true"]}
func.func @lu_empty_outs(%a: tensor<3x3xf64>) -> (tensor<3x3xf64>, tensor<3xi32>, tensor<i32>) {
  %l = tensor.empty() : tensor<3x3xf64>
  %p = tensor.empty() : tensor<3xi32>
  %i = tensor.empty() : tensor<i32>
  %lu, %piv, %info = linalgx.lu ins(%a : tensor<3x3xf64>)
      outs(%l, %p, %i : tensor<3x3xf64>, tensor<3xi32>, tensor<i32>)
      -> tensor<3x3xf64>, tensor<3xi32>, tensor<i32>
  return %lu, %piv, %info : tensor<3x3xf64>, tensor<3xi32>, tensor<i32>
}

// Writable function arguments as outs are written in place: no allocation,
// no copy.
// CHECK-LABEL: func.func @lu_outs_args_in_place
// CHECK-SAME:    (%[[A:[^:]+]]: memref<2x4x3xf32{{[^%]*}}, %[[L:[^:]+]]: memref<2x4x3xf32{{[^%]*}}, %[[P:[^:]+]]: memref<2x3xi64{{[^%]*}}, %[[I:[^:]+]]: memref<2xi64
// CHECK-NOT:     memref.alloc
// CHECK-NOT:     memref.copy
// CHECK:         linalgx.lu ins(%[[A]] : {{.*}}) outs(%[[L]], %[[P]], %[[I]] : {{.*}}){{$}}
// CHECK-NEXT:    return %[[L]], %[[P]], %[[I]]
// ANALYSIS-LABEL: func.func @lu_outs_args_in_place
// ANALYSIS:         linalgx.lu {__inplace_operands_attr__ = ["true", "true", "true", "true"]}
func.func @lu_outs_args_in_place(%a: tensor<2x4x3xf32>, %l: tensor<2x4x3xf32>, %p: tensor<2x3xi64>, %i: tensor<2xi64>)
    -> (tensor<2x4x3xf32>, tensor<2x3xi64>, tensor<2xi64>) {
  %lu, %piv, %info = linalgx.lu ins(%a : tensor<2x4x3xf32>)
      outs(%l, %p, %i : tensor<2x4x3xf32>, tensor<2x3xi64>, tensor<2xi64>)
      -> tensor<2x4x3xf32>, tensor<2x3xi64>, tensor<2xi64>
  return %lu, %piv, %info : tensor<2x4x3xf32>, tensor<2x3xi64>, tensor<2xi64>
}

// An `outs` value that is still used after the op cannot be overwritten: it
// gets a fresh buffer, and since the op does not read its `outs` the old
// contents are NOT copied into it.
// CHECK-LABEL: func.func @lu_outs_used_later
// CHECK-SAME:    (%[[A:[^:]+]]: memref<3x3xf64{{[^%]*}}, %[[L:[^:]+]]: memref<3x3xf64{{[^%]*}}, %[[P:[^:]+]]: memref<3xi32{{[^%]*}}, %[[I:[^:]+]]: memref<i32
// CHECK:         %[[FRESH:.+]] = memref.alloc() {{.*}} : memref<3x3xf64>
// CHECK-NOT:     memref.copy
// CHECK:         linalgx.lu ins(%[[A]] : {{.*}}) outs(%[[FRESH]], %[[P]], %[[I]] : {{.*}}){{$}}
// CHECK-NOT:     memref.copy
// CHECK:         return %[[FRESH]], %[[L]]
// ANALYSIS-LABEL: func.func @lu_outs_used_later
// ANALYSIS:         linalgx.lu {__inplace_operands_attr__ = ["true", "false", "true", "true"]}
func.func @lu_outs_used_later(%a: tensor<3x3xf64>, %l: tensor<3x3xf64>, %p: tensor<3xi32>, %i: tensor<i32>)
    -> (tensor<3x3xf64>, tensor<3x3xf64>) {
  %lu, %piv, %info = linalgx.lu ins(%a : tensor<3x3xf64>)
      outs(%l, %p, %i : tensor<3x3xf64>, tensor<3xi32>, tensor<i32>)
      -> tensor<3x3xf64>, tensor<3xi32>, tensor<i32>
  return %lu, %l : tensor<3x3xf64>, tensor<3x3xf64>
}

// The input is also the `lu` destination and is used after the op: the
// original must survive, so `lu` is a fresh buffer (no copy at bufferization)
// and the lowering copies the input into it before factoring.
// CHECK-LABEL: func.func @lu_input_used_later
// CHECK-SAME:    (%[[A:.+]]: memref<3x3xf64{{.*}}>)
// CHECK-DAG:     %[[FRESH:.+]] = memref.alloc() {{.*}} : memref<3x3xf64>
// CHECK-NOT:     memref.copy
// CHECK:         linalgx.lu ins(%[[A]] : {{.*}}) outs(%[[FRESH]], %{{.+}}, %{{.+}} : {{.*}}){{$}}
// CHECK-NOT:     memref.copy
// CHECK:         return %[[FRESH]], %[[A]]
// ANALYSIS-LABEL: func.func @lu_input_used_later
// ANALYSIS:         linalgx.lu {__inplace_operands_attr__ = ["true", "false", "true", "true"]}
// LOOPS-LABEL: func.func @lu_input_used_later
// LOOPS-SAME:    (%[[A:.+]]: memref<3x3xf64{{.*}}>)
// LOOPS:         %[[FRESH:.+]] = memref.alloc() {{.*}} : memref<3x3xf64>
// LOOPS:         memref.copy %[[A]], %[[FRESH]]
// LOOPS-NOT:     linalgx.
// LOOPS:         return %[[FRESH]], %[[A]]
func.func @lu_input_used_later(%a: tensor<3x3xf64>) -> (tensor<3x3xf64>, tensor<3x3xf64>) {
  %p = tensor.empty() : tensor<3xi32>
  %i = tensor.empty() : tensor<i32>
  %lu, %piv, %info = linalgx.lu ins(%a : tensor<3x3xf64>)
      outs(%a, %p, %i : tensor<3x3xf64>, tensor<3xi32>, tensor<i32>)
      -> tensor<3x3xf64>, tensor<3xi32>, tensor<i32>
  return %lu, %a : tensor<3x3xf64>, tensor<3x3xf64>
}

// A constant input (read-only buffer) used as `lu` destination: the
// destination becomes a fresh allocation and the constant is only read.
// CHECK-LABEL: func.func @lu_constant_input
// CHECK:         %[[C:.+]] = memref.get_global
// CHECK:         %[[FRESH:.+]] = memref.alloc() {{.*}} : memref<2x2xf64>
// CHECK-NOT:     memref.copy
// CHECK:         linalgx.lu ins(%[[C]] : memref<2x2xf64>) outs(%[[FRESH]], %{{.+}}, %{{.+}} : memref<2x2xf64>, memref<2xi32>, memref<i32>){{$}}
// LOOPS-LABEL: func.func @lu_constant_input
// LOOPS:         %[[C:.+]] = memref.get_global
// LOOPS:         %[[FRESH:.+]] = memref.alloc() {{.*}} : memref<2x2xf64>
// LOOPS:         memref.copy %[[C]], %[[FRESH]]
func.func @lu_constant_input() -> (tensor<2x2xf64>, tensor<2xi32>, tensor<i32>) {
  %a = arith.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf64>
  %p = tensor.empty() : tensor<2xi32>
  %i = tensor.empty() : tensor<i32>
  %lu, %piv, %info = linalgx.lu ins(%a : tensor<2x2xf64>)
      outs(%a, %p, %i : tensor<2x2xf64>, tensor<2xi32>, tensor<i32>)
      -> tensor<2x2xf64>, tensor<2xi32>, tensor<i32>
  return %lu, %piv, %info : tensor<2x2xf64>, tensor<2xi32>, tensor<i32>
}

// pivots_to_permutation: the allocation keeps `one_based`, the op has no
// results, nothing is copied.
// CHECK-LABEL: func.func @perm_empty_outs
// CHECK-SAME:    (%[[P:.+]]: memref<2x3xi32{{.*}}>)
// CHECK:         %[[Q:.+]] = memref.alloc() {{.*}} : memref<2x5xi32>
// CHECK-NOT:     memref.copy
// CHECK:         linalgx.pivots_to_permutation one_based ins(%[[P]] : {{.*}}) outs(%[[Q]] : memref<2x5xi32>){{$}}
// CHECK:         return %[[Q]]
func.func @perm_empty_outs(%p: tensor<2x3xi32>) -> tensor<2x5xi32> {
  %q = tensor.empty() : tensor<2x5xi32>
  %perm = linalgx.pivots_to_permutation one_based ins(%p : tensor<2x3xi32>)
      outs(%q : tensor<2x5xi32>) -> tensor<2x5xi32>
  return %perm : tensor<2x5xi32>
}

// The pivots also given as the permutation destination: reading the pivots
// while overwriting them is a conflict, so the permutation gets a fresh
// buffer (uninitialised: the op writes it completely) and the pivots stay
// intact.
// CHECK-LABEL: func.func @perm_outs_is_input
// CHECK-SAME:    (%[[P:.+]]: memref<4xi64{{.*}}>)
// CHECK:         %[[Q:.+]] = memref.alloc() {{.*}} : memref<4xi64>
// CHECK-NOT:     memref.copy
// CHECK:         linalgx.pivots_to_permutation ins(%[[P]] : {{.*}}) outs(%[[Q]] : memref<4xi64>){{$}}
// ANALYSIS-LABEL: func.func @perm_outs_is_input
// ANALYSIS:         linalgx.pivots_to_permutation {__inplace_operands_attr__ = ["true", "false"]}
func.func @perm_outs_is_input(%p: tensor<4xi64>) -> tensor<4xi64> {
  %perm = linalgx.pivots_to_permutation ins(%p : tensor<4xi64>)
      outs(%p : tensor<4xi64>) -> tensor<4xi64>
  return %perm : tensor<4xi64>
}

// The two ops chained: the pivots buffer written by lu is read directly by
// pivots_to_permutation, without any copy in between.
// CHECK-LABEL: func.func @lu_then_perm
// CHECK-SAME:    (%[[A:.+]]: memref<2x4x4xf64{{.*}}>)
// CHECK-NOT:     memref.copy
// CHECK:         linalgx.lu ins(%[[A]] : {{.*}}) outs(%[[L:[^,]+]], %[[P:[^,]+]], %[[I:[^ ]+]] :
// CHECK-NOT:     memref.copy
// CHECK:         linalgx.pivots_to_permutation ins(%[[P]] : memref<2x4xi32>) outs(%[[Q:.+]] : memref<2x4xi32>){{$}}
// CHECK:         return %[[L]], %[[Q]], %[[I]]
func.func @lu_then_perm(%a: tensor<2x4x4xf64>) -> (tensor<2x4x4xf64>, tensor<2x4xi32>, tensor<2xi32>) {
  %l = tensor.empty() : tensor<2x4x4xf64>
  %p = tensor.empty() : tensor<2x4xi32>
  %i = tensor.empty() : tensor<2xi32>
  %q = tensor.empty() : tensor<2x4xi32>
  %lu, %piv, %info = linalgx.lu ins(%a : tensor<2x4x4xf64>)
      outs(%l, %p, %i : tensor<2x4x4xf64>, tensor<2x4xi32>, tensor<2xi32>)
      -> tensor<2x4x4xf64>, tensor<2x4xi32>, tensor<2xi32>
  %perm = linalgx.pivots_to_permutation ins(%piv : tensor<2x4xi32>)
      outs(%q : tensor<2x4xi32>) -> tensor<2x4xi32>
  return %lu, %perm, %info : tensor<2x4x4xf64>, tensor<2x4xi32>, tensor<2xi32>
}

// Dynamic shapes: the allocations take their sizes from the tensor.empty
// operands.
// CHECK-LABEL: func.func @lu_dynamic
// CHECK-SAME:    (%[[A:[^:]+]]: memref<?x?xf32{{[^%]*}}, %[[M:[^:]+]]: index, %[[N:[^:]+]]: index, %[[K:[^:]+]]: index)
// CHECK-DAG:     %[[L:.+]] = memref.alloc(%[[M]], %[[N]]) {{.*}} : memref<?x?xf32>
// CHECK-DAG:     %[[P:.+]] = memref.alloc(%[[K]]) {{.*}} : memref<?xi32>
// CHECK-NOT:     memref.copy
// CHECK:         linalgx.lu ins(%[[A]] : {{.*}}) outs(%[[L]], %[[P]], %{{.+}} : memref<?x?xf32>, memref<?xi32>, memref<i32>){{$}}
func.func @lu_dynamic(%a: tensor<?x?xf32>, %m: index, %n: index, %k: index)
    -> (tensor<?x?xf32>, tensor<?xi32>, tensor<i32>) {
  %l = tensor.empty(%m, %n) : tensor<?x?xf32>
  %p = tensor.empty(%k) : tensor<?xi32>
  %i = tensor.empty() : tensor<i32>
  %lu, %piv, %info = linalgx.lu ins(%a : tensor<?x?xf32>)
      outs(%l, %p, %i : tensor<?x?xf32>, tensor<?xi32>, tensor<i32>)
      -> tensor<?x?xf32>, tensor<?xi32>, tensor<i32>
  return %lu, %piv, %info : tensor<?x?xf32>, tensor<?xi32>, tensor<i32>
}
