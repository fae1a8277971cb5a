//===- LinalgXDialect.td - linalgx dialect definition ------*- tablegen -*-===//

#ifndef LINALGX_DIALECT_LINALGX_IR_LINALGXDIALECT_TD
#define LINALGX_DIALECT_LINALGX_IR_LINALGXDIALECT_TD

include "mlir/IR/OpBase.td"

def LinalgX_Dialect : Dialect {
  let name = "linalgx";
  let cppNamespace = "::mlir::linalgx";
  let summary = "LU factorization and pivot permutations as first-class ops";
  let description = [{
    The `linalgx` dialect holds dense linear-algebra operations that the
    upstream `linalg` dialect cannot express as structured ops because their
    control flow depends on the data: LU factorization with partial pivoting
    (`linalgx.lu`), the conversion of LAPACK-style row-swap vectors into a
    permutation (`linalgx.pivots_to_permutation`) and the solution of linear
    systems from the factors (`linalgx.lu_solve`).

    Every operation works on `[B..., M, N]` shaped operands: any number of
    leading batch dimensions followed by the row-major matrix. Operations are
    in destination-passing style: on tensors they return the updated `outs`
    operands, on memrefs they write the `outs` buffers and return nothing.
  }];
  let dependentDialects = ["::mlir::memref::MemRefDialect",
                           "::mlir::tensor::TensorDialect"];
}

#endif // LINALGX_DIALECT_LINALGX_IR_LINALGXDIALECT_TD
