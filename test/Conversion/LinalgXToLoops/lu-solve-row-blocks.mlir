// linalgx.lu_solve of a real type with several right-hand sides: each
// substitution updates X four rows at a time, a 256-byte tile (32 f64
// lanes) of each row in a vector: a solved row's tile, loaded once, is
// folded into the four rows (an scf.for carrying four vectors), then the
// block's own triangle and its diagonal; the rows no whole block covers go
// one at a time (one vector carried). One right-hand side keeps a scalar
// accumulator.
// RUN: linalgx-opt %s -convert-linalgx-to-loops | FileCheck %s

// CHECK-LABEL: func.func @row_blocks
// The one-column branch.
// CHECK:         scf.for {{.+}} iter_args(%{{.+}} = %{{.+}}) -> (f64)
// The forward substitution: blocks of four, then the remaining rows.
// CHECK:         %[[BLOCKS:.+]] = arith.divui %{{.+}}, %c4 : index
// CHECK:         scf.for %{{.+}} = %{{.+}} to %[[BLOCKS]]
// CHECK:           scf.for %{{.+}} = %{{.+}} to %{{.+}} step %c32
// CHECK:             scf.for {{.+}} iter_args({{.+}}) -> (vector<32xf64>, vector<32xf64>, vector<32xf64>, vector<32xf64>)
// CHECK-COUNT-4:     vector.transfer_write %{{.+}} : vector<32xf64>, memref<?x?xf64>
// CHECK:         scf.for
// CHECK:             scf.for {{.+}} iter_args(%{{.+}} = %{{.+}}) -> (vector<32xf64>)
// The backward substitution: the bottom rows one at a time, then blocks.
// CHECK:         arith.divui %{{.+}}, %c4 : index
// CHECK:             scf.for {{.+}} iter_args(%{{.+}} = %{{.+}}) -> (vector<32xf64>)
// CHECK:             scf.for {{.+}} iter_args({{.+}}) -> (vector<32xf64>, vector<32xf64>, vector<32xf64>, vector<32xf64>)
// CHECK:             arith.divf %{{.+}} : vector<32xf64>
func.func @row_blocks(%lu: memref<?x?xf64>, %p: memref<?xi32>, %x: memref<?x?xf64>) {
  linalgx.lu_solve ins(%lu, %p, %x : memref<?x?xf64>, memref<?xi32>, memref<?x?xf64>)
      outs(%x : memref<?x?xf64>)
  return
}
