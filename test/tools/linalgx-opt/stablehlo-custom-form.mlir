// StableHLO in the custom form jax.export prints cannot be parsed without
// the StableHLO dialect: linalgx-opt fails and says what to run instead.
// RUN: not linalgx-opt %s --linalgx-import-jax 2>&1 | FileCheck %s
// CHECK: error: Dialect `stablehlo' not found for custom op 'stablehlo.constant'
// CHECK: linalgx-opt: note: {{.*}}stablehlo-custom-form.mlir looks like StableHLO as jax.export prints it; linalgx-opt reads StableHLO only in MLIR's generic form. Import it with `linalgx-import-jax

module @jit_lu {
  func.func public @main() -> tensor<i32> {
    %c = stablehlo.constant dense<1> : tensor<i32>
    return %c : tensor<i32>
  }
}
