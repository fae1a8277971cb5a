// The StableHLO that jnp.linalg.det and slogdet write around the LU:
// reductions over the diagonal (sum of log|.|, count of moved pivots,
// any/all), abs, log, exponential, remainder, divide (the phase of a
// complex entry), complex equality and the case of jnp.diagonal. Their
// results are checked against JAX in python/tests/test_linalgx_import_jax.py.
// RUN: linalgx-opt %s --allow-unregistered-dialect -split-input-file \
// RUN:   --linalgx-legalize-jax-stablehlo | FileCheck %s

// CHECK-LABEL: func.func @sum_of_logs(
// CHECK-SAME:      %[[D:.+]]: tensor<8x5xf64>, %[[ZERO:.+]]: tensor<f64>)
// CHECK:         linalg.generic
// CHECK:           math.absf
// CHECK:         linalg.generic
// CHECK:           math.log
// CHECK:         %[[INIT:.+]] = tensor.extract %[[ZERO]][] : tensor<f64>
// CHECK:         %[[FILLED:.+]] = linalg.fill ins(%[[INIT]] : f64) outs(%{{.+}} : tensor<8xf64>)
// CHECK:         linalg.reduce ins(%{{.+}} : tensor<8x5xf64>) outs(%[[FILLED]] : tensor<8xf64>) dimensions = [1]
// CHECK:           arith.addf
// CHECK:         linalg.generic
// CHECK:           math.exp
func.func @sum_of_logs(%d: tensor<8x5xf64>, %zero: tensor<f64>) -> tensor<8xf64> {
  %0 = "stablehlo.abs"(%d) : (tensor<8x5xf64>) -> tensor<8x5xf64>
  %1 = "stablehlo.log"(%0) : (tensor<8x5xf64>) -> tensor<8x5xf64>
  %2 = "stablehlo.reduce"(%1, %zero) <{dimensions = array<i64: 1>}> ({
  ^bb0(%a: tensor<f64>, %b: tensor<f64>):
    %s = "stablehlo.add"(%a, %b) : (tensor<f64>, tensor<f64>) -> tensor<f64>
    "stablehlo.return"(%s) : (tensor<f64>) -> ()
  }) : (tensor<8x5xf64>, tensor<f64>) -> tensor<8xf64>
  %3 = "stablehlo.exponential"(%2) : (tensor<8xf64>) -> tensor<8xf64>
  return %3 : tensor<8xf64>
}

// -----

// CHECK-LABEL: func.func @complex_phase(
// CHECK:         complex.abs
// CHECK:         complex.div
// CHECK:         complex.eq
// CHECK:         arith.remsi
// CHECK:         linalg.reduce
// CHECK:           arith.ori
func.func @complex_phase(%z: tensor<5xcomplex<f32>>, %r: tensor<5xcomplex<f32>>, %zero: tensor<5xcomplex<f32>>, %n: tensor<5xi64>, %two: tensor<5xi64>, %false: tensor<i1>) -> (tensor<5xf32>, tensor<5xcomplex<f32>>, tensor<5xi64>, tensor<i1>) {
  %0 = "stablehlo.abs"(%z) : (tensor<5xcomplex<f32>>) -> tensor<5xf32>
  %1 = "stablehlo.divide"(%z, %r) : (tensor<5xcomplex<f32>>, tensor<5xcomplex<f32>>) -> tensor<5xcomplex<f32>>
  %2 = "stablehlo.compare"(%z, %zero) <{comparison_direction = #stablehlo<comparison_direction EQ>}> : (tensor<5xcomplex<f32>>, tensor<5xcomplex<f32>>) -> tensor<5xi1>
  %3 = "stablehlo.remainder"(%n, %two) : (tensor<5xi64>, tensor<5xi64>) -> tensor<5xi64>
  %4 = "stablehlo.reduce"(%2, %false) <{dimensions = array<i64: 0>}> ({
  ^bb0(%a: tensor<i1>, %b: tensor<i1>):
    %o = "stablehlo.or"(%a, %b) : (tensor<i1>, tensor<i1>) -> tensor<i1>
    "stablehlo.return"(%o) : (tensor<i1>) -> ()
  }) : (tensor<5xi1>, tensor<i1>) -> tensor<i1>
  return %0, %1, %3, %4 : tensor<5xf32>, tensor<5xcomplex<f32>>, tensor<5xi64>, tensor<i1>
}

// -----

// A case: scf.index_switch, the last branch the default (out-of-range
// indices take it).
// CHECK-LABEL: func.func @case(
// CHECK-SAME:      %[[I:.+]]: tensor<i32>
// CHECK:         %[[E:.+]] = tensor.extract %[[I]][] : tensor<i32>
// CHECK:         %[[INDEX:.+]] = arith.index_cast %[[E]] : i32 to index
// CHECK:         %[[R:.+]] = scf.index_switch %[[INDEX]] -> tensor<3xf32>
// CHECK:         case 0 {
// CHECK:           scf.yield %{{.+}} : tensor<3xf32>
// CHECK:         default {
// CHECK:           linalg.generic
// CHECK:           scf.yield %{{.+}} : tensor<3xf32>
// CHECK:         return %[[R]]
func.func @case(%i: tensor<i32>, %x: tensor<3xf32>) -> tensor<3xf32> {
  %0 = "stablehlo.case"(%i) ({
    "stablehlo.return"(%x) : (tensor<3xf32>) -> ()
  }, {
    %1 = "stablehlo.multiply"(%x, %x) : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
    "stablehlo.return"(%1) : (tensor<3xf32>) -> ()
  }) : (tensor<i32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}
