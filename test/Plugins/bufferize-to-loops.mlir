// REQUIRES: mlir-dylib
// With the dialect plugin the stock mlir-opt's own One-Shot Bufferize finds
// the linalgx bufferization models; with the pass plugin as well it lowers the
// memref forms to loops. mlir-opt reads the names of the passes on its command
// line before it loads the pass plugin, so plugin passes are named inside
// --pass-pipeline (upstream passes can still be given as flags).
// RUN: mlir-opt --load-dialect-plugin=%linalgx_dialect_plugin %s --one-shot-bufferize=bufferize-function-boundaries | FileCheck %s --check-prefix=BUF
// RUN: mlir-opt --load-dialect-plugin=%linalgx_dialect_plugin --load-pass-plugin=%linalgx_pass_plugin %s --pass-pipeline='builtin.module(one-shot-bufferize{bufferize-function-boundaries},convert-linalgx-to-loops)' | FileCheck %s
// The order in which the plugins are loaded does not matter.
// RUN: mlir-opt --load-pass-plugin=%linalgx_pass_plugin --load-dialect-plugin=%linalgx_dialect_plugin %s --pass-pipeline='builtin.module(one-shot-bufferize{bufferize-function-boundaries},convert-linalgx-to-loops)' | FileCheck %s
// The same lowering as linalgx-opt's, line for line.
// RUN: mlir-opt --load-dialect-plugin=%linalgx_dialect_plugin --load-pass-plugin=%linalgx_pass_plugin %s --pass-pipeline='builtin.module(one-shot-bufferize{bufferize-function-boundaries},convert-linalgx-to-loops)' > %t.plugin.mlir
// RUN: linalgx-opt %s --one-shot-bufferize=bufferize-function-boundaries --convert-linalgx-to-loops > %t.linalgx-opt.mlir
// RUN: diff %t.plugin.mlir %t.linalgx-opt.mlir

// BUF-LABEL: func.func @factor
// BUF-SAME:    (%[[A:.+]]: memref<2x4x3xf64{{.*}}>)
// BUF-DAG:     %[[L:.+]] = memref.alloc() {{.*}} : memref<2x4x3xf64>
// BUF-DAG:     %[[P:.+]] = memref.alloc() {{.*}} : memref<2x3xi32>
// BUF-DAG:     %[[I:.+]] = memref.alloc() {{.*}} : memref<2xi32>
// BUF-DAG:     %[[Q:.+]] = memref.alloc() {{.*}} : memref<2x4xi32>
// BUF:         linalgx.lu ins(%[[A]] : memref<2x4x3xf64{{.*}}>) outs(%[[L]], %[[P]], %[[I]] : memref<2x4x3xf64>, memref<2x3xi32>, memref<2xi32>){{$}}
// BUF:         linalgx.pivots_to_permutation ins(%[[P]] : memref<2x3xi32>) outs(%[[Q]] : memref<2x4xi32>){{$}}
// BUF:         return %[[L]], %[[Q]], %[[I]]

// CHECK-LABEL: func.func @factor
// CHECK-SAME:    (%[[A:.+]]: memref<2x4x3xf64{{.*}}>)
// CHECK-NOT:     linalgx.
// CHECK:         memref.copy %[[A]], %[[L:.+]] :
// CHECK:         scf.for
// CHECK:           scf.for {{.*}} iter_args
// CHECK:             math.absf
// CHECK:             arith.cmpf ogt
// CHECK-NOT:     linalgx.
// CHECK:         return
func.func @factor(%a: tensor<2x4x3xf64>) -> (tensor<2x4x3xf64>, tensor<2x4xi32>, tensor<2xi32>) {
  %l = tensor.empty() : tensor<2x4x3xf64>
  %p = tensor.empty() : tensor<2x3xi32>
  %i = tensor.empty() : tensor<2xi32>
  %q = tensor.empty() : tensor<2x4xi32>
  %lu, %piv, %info = linalgx.lu ins(%a : tensor<2x4x3xf64>)
      outs(%l, %p, %i : tensor<2x4x3xf64>, tensor<2x3xi32>, tensor<2xi32>)
      -> tensor<2x4x3xf64>, tensor<2x3xi32>, tensor<2xi32>
  %perm = linalgx.pivots_to_permutation ins(%piv : tensor<2x3xi32>)
      outs(%q : tensor<2x4xi32>) -> tensor<2x4xi32>
  return %lu, %perm, %info : tensor<2x4x3xf64>, tensor<2x4xi32>, tensor<2xi32>
}
