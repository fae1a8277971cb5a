// REQUIRES: mlir-dylib
// The stock mlir-opt of the MLIR installation parses, verifies and prints the
// linalgx ops once the dialect plugin is loaded: print -> parse -> print in
// the custom and in the generic form, and the dialect is listed.
// RUN: mlir-opt --load-dialect-plugin=%linalgx_dialect_plugin %s | mlir-opt --load-dialect-plugin=%linalgx_dialect_plugin | FileCheck %s
// RUN: mlir-opt --load-dialect-plugin=%linalgx_dialect_plugin %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: mlir-opt --load-dialect-plugin=%linalgx_dialect_plugin %s --mlir-print-op-generic | mlir-opt --load-dialect-plugin=%linalgx_dialect_plugin | FileCheck %s
// RUN: mlir-opt --load-dialect-plugin=%linalgx_dialect_plugin --show-dialects | FileCheck %s --check-prefix=DIALECTS
// Without the plugin the stock mlir-opt knows nothing of linalgx.
// RUN: not mlir-opt %s 2>&1 | FileCheck %s --check-prefix=NOPLUGIN
// RUN: mlir-opt --show-dialects | FileCheck %s --check-prefix=NODIALECT
//
// The whole round-trip and verifier suites of the dialect pass as well.
// RUN: mlir-opt --load-dialect-plugin=%linalgx_dialect_plugin %S/../Dialect/LinalgX/roundtrip.mlir | mlir-opt --load-dialect-plugin=%linalgx_dialect_plugin | FileCheck %S/../Dialect/LinalgX/roundtrip.mlir
// RUN: mlir-opt --load-dialect-plugin=%linalgx_dialect_plugin %S/../Dialect/LinalgX/invalid.mlir -split-input-file -verify-diagnostics

// DIALECTS: Available Dialects: {{.*}},linalg,linalgx,llvm,
// NODIALECT-NOT: linalgx
// NOPLUGIN: Dialect `linalgx' not found for custom op 'linalgx.lu'

// CHECK-LABEL: func.func @lu_batched_tensor
// CHECK-SAME:    (%[[A:.+]]: tensor<2x4x3xf64>, %[[L:.+]]: tensor<2x4x3xf64>, %[[P:.+]]: tensor<2x3xi32>, %[[I:.+]]: tensor<2xi32>, %[[Q:.+]]: tensor<2x4xi32>)
// CHECK:         %[[R:.+]]:3 = linalgx.lu ins(%[[A]] : tensor<2x4x3xf64>) outs(%[[L]], %[[P]], %[[I]] : tensor<2x4x3xf64>, tensor<2x3xi32>, tensor<2xi32>) -> tensor<2x4x3xf64>, tensor<2x3xi32>, tensor<2xi32>
// CHECK:         %[[PERM:.+]] = linalgx.pivots_to_permutation ins(%[[R]]#1 : tensor<2x3xi32>) outs(%[[Q]] : tensor<2x4xi32>) -> tensor<2x4xi32>
// CHECK:         return %[[R]]#0, %[[PERM]], %[[R]]#2
// GENERIC-LABEL: "func.func"
// GENERIC:         "linalgx.lu"(%{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}) : (tensor<2x4x3xf64>, tensor<2x4x3xf64>, tensor<2x3xi32>, tensor<2xi32>) -> (tensor<2x4x3xf64>, tensor<2x3xi32>, tensor<2xi32>)
// GENERIC:         "linalgx.pivots_to_permutation"
func.func @lu_batched_tensor(%a: tensor<2x4x3xf64>, %l: tensor<2x4x3xf64>, %p: tensor<2x3xi32>, %i: tensor<2xi32>, %q: tensor<2x4xi32>)
    -> (tensor<2x4x3xf64>, tensor<2x4xi32>, tensor<2xi32>) {
  %lu, %piv, %info = linalgx.lu ins(%a : tensor<2x4x3xf64>)
      outs(%l, %p, %i : tensor<2x4x3xf64>, tensor<2x3xi32>, tensor<2xi32>)
      -> tensor<2x4x3xf64>, tensor<2x3xi32>, tensor<2xi32>
  %perm = linalgx.pivots_to_permutation ins(%piv : tensor<2x3xi32>)
      outs(%q : tensor<2x4xi32>) -> tensor<2x4xi32>
  return %lu, %perm, %info : tensor<2x4x3xf64>, tensor<2x4xi32>, tensor<2xi32>
}

// CHECK-LABEL: func.func @lu_memref_complex_one_based
// CHECK:         linalgx.lu ins(%{{.+}} : memref<?x?xcomplex<f32>>) outs(%{{.+}}, %{{.+}}, %{{.+}} : memref<?x?xcomplex<f32>>, memref<?xi64>, memref<i64>){{$}}
// CHECK:         linalgx.pivots_to_permutation one_based ins(%{{.+}} : memref<?xi64>) outs(%{{.+}} : memref<?xi64>){{$}}
func.func @lu_memref_complex_one_based(%a: memref<?x?xcomplex<f32>>, %l: memref<?x?xcomplex<f32>>, %p: memref<?xi64>, %i: memref<i64>, %q: memref<?xi64>) {
  linalgx.lu ins(%a : memref<?x?xcomplex<f32>>)
      outs(%l, %p, %i : memref<?x?xcomplex<f32>>, memref<?xi64>, memref<i64>)
  linalgx.pivots_to_permutation one_based ins(%p : memref<?xi64>)
      outs(%q : memref<?xi64>)
  return
}
