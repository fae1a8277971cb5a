//===- LinalgXOps.td - linalgx operations ------------------*- tablegen -*-===//

#ifndef LINALGX_DIALECT_LINALGX_IR_LINALGXOPS_TD
#define LINALGX_DIALECT_LINALGX_IR_LINALGXOPS_TD

include "linalgx/Dialect/LinalgX/IR/LinalgXDialect.td"
include "mlir/IR/EnumAttr.td"
include "mlir/Interfaces/DestinationStyleOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/IR/OpBase.td"

//===----------------------------------------------------------------------===//
// Base class
//===----------------------------------------------------------------------===//

// Operands may be ranked tensors or ranked memrefs; which one and every shape
// and element type rule is checked by the C++ verifiers, so that a rejected
// use is reported in terms of the operation's contract (operand name, the
// expected and the actual type) rather than as a generic ODS constraint.
def LinalgX_ShapedOperand : AnyTypeOf<[AnyRankedTensor, AnyMemRef],
                                      "ranked tensor or memref">;

class LinalgX_Op<string mnemonic, list<Trait> traits = []>
    : Op<LinalgX_Dialect, mnemonic, !listconcat(traits, [
        DeclareOpInterfaceMethods<MemoryEffectsOpInterface>,
        DestinationStyleOpInterface])> {
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// LuOp
//===----------------------------------------------------------------------===//

def LinalgX_LuOp : LinalgX_Op<"lu"> {
  let summary = "LU factorization with partial pivoting (LAPACK getrf)";
  let description = [{
    Computes `P·A = L·U` for every matrix of a batch, with LAPACK `getrf`
    semantics.

    - `input` has shape `[B..., M, N]` and element type `f32`, `f64`,
      `complex<f32>` or `complex<f64>`; `M != N` is allowed.
    - `lu` (same shape and element type as `input`) receives `L` strictly
      below the diagonal (its unit diagonal is implicit) and `U` on and above
      it.
    - `pivots` (`[B..., K]`, `K = min(M, N)`, `i32` or `i64`) receives the
      **0-based** row interchanges: at step `i`, row `i` was swapped with row
      `pivots[i]`. With the unit attribute `one_based` they are written
      **1-based** instead (`pivots[i] + 1`), as LAPACK, cuSOLVER and
      `torch.linalg.lu_factor` give them, so that their users need no pass
      over the pivots afterwards.
    - `info` (`[B...]`, same integer type as `pivots`) receives 0 on success
      and `i + 1` when `U(i, i)` is exactly zero for the first such `i`; the
      factorization still completes, as in LAPACK.
    - `permutation` (optional, `[B..., M]`, same integer type as `pivots`)
      receives the row permutation the pivots describe, exactly what
      `linalgx.pivots_to_permutation` (with the same `one_based`) computes
      from them with `N = M`:
      `input[permutation] == L·U`. It is what `jax.lax.linalg.lu` returns
      as its third result. `linalgx-fuse-lu-permutation` forms it from an
      `lu` whose pivots feed a `pivots_to_permutation`, so that a lowering can
      produce the permutation inside the factorization (the GPU's generated
      kernel tracks the row order it factors in anyway).

    The pivot of column `k` is the first row `i >= k` with the largest
    `|a(i, k)|` (`|re| + |im|` for complex numbers, as LAPACK's `i?amax`), so
    on matrices without ties the pivots equal LAPACK's and SciPy's.

    The operation is in destination-passing style. On tensors it returns the
    three (four with `permutation`) updated `outs` values; on memrefs it
    writes them and has no results.
    `input` and `lu` may be the same buffer (in-place factorization).

    Example:

    ```mlir
    %lu, %piv, %info = linalgx.lu ins(%a : tensor<64x75x75xf64>)
        outs(%lu0, %piv0, %info0 : tensor<64x75x75xf64>, tensor<64x75xi32>,
                                   tensor<64xi32>)
        -> tensor<64x75x75xf64>, tensor<64x75xi32>, tensor<64xi32>

    linalgx.lu ins(%m : memref<8x6xf32>)
        outs(%m, %p, %i : memref<8x6xf32>, memref<6xi32>, memref<i32>)

    %lu, %piv, %info, %perm = linalgx.lu ins(%a : tensor<75x75xf64>)
        outs(%lu0, %piv0, %info0 : tensor<75x75xf64>, tensor<75xi32>,
                                   tensor<i32>)
        permutation(%perm0 : tensor<75xi32>)
        -> tensor<75x75xf64>, tensor<75xi32>, tensor<i32>, tensor<75xi32>

    linalgx.lu one_based ins(%b : memref<4x32x32xf32>)
        outs(%b, %ipiv, %infos : memref<4x32x32xf32>, memref<4x32xi32>,
                                 memref<4xi32>)
    ```
  }];

  let arguments = (ins LinalgX_ShapedOperand:$input,
                       LinalgX_ShapedOperand:$lu,
                       LinalgX_ShapedOperand:$pivots,
                       LinalgX_ShapedOperand:$info,
                       Optional<LinalgX_ShapedOperand>:$permutation,
                       UnitAttr:$one_based);
  let results = (outs Variadic<AnyRankedTensor>:$result_tensors);

  let assemblyFormat = [{
    (`one_based` $one_based^)? attr-dict
    `ins` `(` $input `:` type($input) `)`
    `outs` `(` $lu `,` $pivots `,` $info `:`
               type($lu) `,` type($pivots) `,` type($info) `)`
    (`permutation` `(` $permutation^ `:` type($permutation) `)`)?
    (`->` type($result_tensors)^)?
  }];

  let builders = [
    // Builds the tensor or memref form, deriving the result types from the
    // `outs` operands (tensors give results, memrefs none).
    OpBuilder<(ins "Value":$input, "Value":$lu, "Value":$pivots,
                   "Value":$info, CArg<"Value", "nullptr">:$permutation,
                   CArg<"bool", "false">:$oneBased)>
  ];

  let extraClassDeclaration = [{
    /// The number of leading batch dimensions (`B...`).
    int64_t getBatchRank() {
      return ::llvm::cast<ShapedType>(getInput().getType()).getRank() - 2;
    }
    /// `lu`, `pivots`, `info` and, when present, `permutation`.
    MutableOperandRange getDpsInitsMutable() {
      return MutableOperandRange(*this, /*start=*/1,
                                 /*length=*/getNumOperands() - 1);
    }
  }];
}

//===----------------------------------------------------------------------===//
// PivotsToPermutationOp
//===----------------------------------------------------------------------===//

def LinalgX_PivotsToPermutationOp
    : LinalgX_Op<"pivots_to_permutation"> {
  let summary = "Turns LAPACK-style row swaps into a permutation";
  let description = [{
    For every vector of a batch, applies the row swaps recorded in `pivots`
    to the identity permutation:

    ```
    perm = [0, 1, ..., N)
    for i in [0, K):
      j = pivots[i]            (pivots[i] - 1 with `one_based`)
      if 0 <= j < N: swap(perm[i], perm[j])
    ```

    `pivots` has shape `[B..., K]` and `permutation` shape `[B..., N]` with
    `N >= K`; both have the same element type, `i32` or `i64`. `N` is the
    permutation's (the output's) last dimension, as in JAX's FFI kernel.
    With the pivots of `linalgx.lu`, `a[permutation] == L·U`.

    A pivot outside `[0, N)` (after the `one_based` adjustment) is skipped,
    which is JAX's behaviour for the same operation: the swap it names does
    not exist, so no valid factorization produced it.

    The unit attribute `one_based` accepts LAPACK/cuSOLVER pivots directly.

    Example:

    ```mlir
    %perm = linalgx.pivots_to_permutation ins(%piv : tensor<64x75xi32>)
        outs(%init : tensor<64x75xi32>) -> tensor<64x75xi32>

    linalgx.pivots_to_permutation one_based
        ins(%ipiv : memref<3xi64>) outs(%perm : memref<5xi64>)
    ```
  }];

  let arguments = (ins LinalgX_ShapedOperand:$pivots,
                       LinalgX_ShapedOperand:$permutation,
                       UnitAttr:$one_based);
  let results = (outs Variadic<AnyRankedTensor>:$result_tensors);

  let assemblyFormat = [{
    (`one_based` $one_based^)? attr-dict
    `ins` `(` $pivots `:` type($pivots) `)`
    `outs` `(` $permutation `:` type($permutation) `)`
    (`->` type($result_tensors)^)?
  }];

  let builders = [
    OpBuilder<(ins "Value":$pivots, "Value":$permutation,
                   CArg<"bool", "false">:$oneBased)>
  ];

  let extraClassDeclaration = [{
    int64_t getBatchRank() {
      return ::llvm::cast<ShapedType>(getPivots().getType()).getRank() - 1;
    }
    MutableOperandRange getDpsInitsMutable() {
      return getPermutationMutable();
    }
  }];
}

//===----------------------------------------------------------------------===//
// LuSolveOp
//===----------------------------------------------------------------------===//

def LinalgX_LuSolveTrans : I32EnumAttr<"LuSolveTrans",
    "which system lu_solve solves: A·X = B, Aᵀ·X = B or Aᴴ·X = B", [
      I32EnumAttrCase<"None", 0, "none">,
      I32EnumAttrCase<"Transpose", 1, "transpose">,
      I32EnumAttrCase<"Adjoint", 2, "adjoint">]> {
  let cppNamespace = "::mlir::linalgx";
}

def LinalgX_LuSolveOp : LinalgX_Op<"lu_solve"> {
  let summary = "Solves linear systems from an LU factorization (LAPACK getrs)";
  let description = [{
    Solves `A·X = B` for every matrix of a batch from the factors and pivots
    `linalgx.lu` computed for `A` (`P·A = L·U`), with LAPACK `getrs`
    semantics; `trans = transpose` solves `Aᵀ·X = B` and `trans = adjoint`
    `Aᴴ·X = B` (the same as `transpose` for real types).

    - `lu` has shape `[B..., N, N]` and element type `f32`, `f64`,
      `complex<f32>` or `complex<f64>`: `L` strictly below the diagonal
      (unit diagonal implied), `U` on and above it, as `linalgx.lu` writes
      them.
    - `pivots` (`[B..., N]`, `i32` or `i64`) are `linalgx.lu`'s 0-based row
      interchanges (1-based with `one_based`, as LAPACK's).
    - `rhs` (`[B..., N, R]`, the element type of `lu`) holds the `R`
      right-hand sides as columns; `solution` (same shape and type)
      receives `X`. On memrefs they may be the same buffer (in place).

    With `trans = none` the rows of `B` are exchanged as the pivots say
    (step `i` exchanges rows `i` and `pivots[i]`), then `L·Y = P·B` is
    solved forwards and `U·X = Y` backwards; the transposed systems run the
    same steps in the reverse order on `Uᵀ`/`Lᵀ` (conjugated for
    `adjoint`). Nothing is checked: as with `getrs`, a zero on `U`'s
    diagonal (`linalgx.lu`'s `info > 0`) divides by zero, giving
    infinities or NaN in `X`.

    The operation is in destination-passing style: on tensors it returns
    the updated `solution`, on memrefs it writes it and has no results.

    Example:

    ```mlir
    %x = linalgx.lu_solve ins(%lu, %piv, %b : tensor<64x75x75xf64>,
                                               tensor<64x75xi32>,
                                               tensor<64x75x1xf64>)
        outs(%x0 : tensor<64x75x1xf64>) -> tensor<64x75x1xf64>

    linalgx.lu_solve trans = adjoint one_based
        ins(%lu, %ipiv, %b : memref<8x8xcomplex<f32>>, memref<8xi64>,
                             memref<8x3xcomplex<f32>>)
        outs(%b : memref<8x3xcomplex<f32>>)
    ```
  }];

  let arguments = (ins LinalgX_ShapedOperand:$lu,
                       LinalgX_ShapedOperand:$pivots,
                       LinalgX_ShapedOperand:$rhs,
                       LinalgX_ShapedOperand:$solution,
                       DefaultValuedAttr<LinalgX_LuSolveTrans,
                                         "LuSolveTrans::None">:$trans,
                       UnitAttr:$one_based);
  let results = (outs Variadic<AnyRankedTensor>:$result_tensors);

  let assemblyFormat = [{
    (`trans` `=` $trans^)? (`one_based` $one_based^)? attr-dict
    `ins` `(` $lu `,` $pivots `,` $rhs `:`
              type($lu) `,` type($pivots) `,` type($rhs) `)`
    `outs` `(` $solution `:` type($solution) `)`
    (`->` type($result_tensors)^)?
  }];

  let builders = [
    OpBuilder<(ins "Value":$lu, "Value":$pivots, "Value":$rhs,
                   "Value":$solution,
                   CArg<"LuSolveTrans", "LuSolveTrans::None">:$trans,
                   CArg<"bool", "false">:$oneBased)>
  ];

  let extraClassDeclaration = [{
    /// The number of leading batch dimensions (`B...`).
    int64_t getBatchRank() {
      return ::llvm::cast<ShapedType>(getLu().getType()).getRank() - 2;
    }
    MutableOperandRange getDpsInitsMutable() { return getSolutionMutable(); }
  }];
}

//===----------------------------------------------------------------------===//
// LuDetOp and LuSlogdetOp
//===----------------------------------------------------------------------===//

// The determinant of a batch of matrices from their factors: the product of
// U's diagonal, negated once for every pivot that exchanged two rows.
class LinalgX_LuDeterminantOp<string mnemonic> : LinalgX_Op<mnemonic> {
  code commonExtraClassDeclaration = [{
    /// The number of leading batch dimensions (`B...`).
    int64_t getBatchRank() {
      return ::llvm::cast<ShapedType>(getLu().getType()).getRank() - 2;
    }
  }];
}

def LinalgX_LuDetOp : LinalgX_LuDeterminantOp<"lu_det"> {
  let summary = "Determinants from an LU factorization";
  let description = [{
    Computes `det(A)` for every matrix of a batch from the factors and
    pivots `linalgx.lu` computed for `A` (`P·A = L·U`): the product of
    `U`'s diagonal, negated once for every step `i` whose pivot is not `i`.

    - `lu` (`[B..., N, N]`, `f32`, `f64`, `complex<f32>` or `complex<f64>`)
      and `pivots` (`[B..., N]`, `i32` or `i64`, 0-based unless `one_based`)
      are as `linalgx.lu` writes them.
    - `det` (`[B...]`, the element type of `lu`) receives the determinants.

    A singular matrix (a zero on `U`'s diagonal, `linalgx.lu`'s `info > 0`)
    has a determinant of exactly zero, whatever the other entries. The
    product is formed in the element type, in the order of the diagonal, so
    it overflows (or underflows) where the determinant does:
    `linalgx.lu_slogdet` gives its logarithm instead.

    Example:

    ```mlir
    %d = linalgx.lu_det ins(%lu, %piv : tensor<64x75x75xf64>,
                                        tensor<64x75xi32>)
        outs(%d0 : tensor<64xf64>) -> tensor<64xf64>
    ```
  }];

  let arguments = (ins LinalgX_ShapedOperand:$lu,
                       LinalgX_ShapedOperand:$pivots,
                       LinalgX_ShapedOperand:$det,
                       UnitAttr:$one_based);
  let results = (outs Variadic<AnyRankedTensor>:$result_tensors);

  let assemblyFormat = [{
    (`one_based` $one_based^)? attr-dict
    `ins` `(` $lu `,` $pivots `:` type($lu) `,` type($pivots) `)`
    `outs` `(` $det `:` type($det) `)`
    (`->` type($result_tensors)^)?
  }];

  let builders = [
    OpBuilder<(ins "Value":$lu, "Value":$pivots, "Value":$det,
                   CArg<"bool", "false">:$oneBased)>
  ];

  let extraClassDeclaration = commonExtraClassDeclaration # [{
    MutableOperandRange getDpsInitsMutable() { return getDetMutable(); }
  }];
}

def LinalgX_LuSlogdetOp : LinalgX_LuDeterminantOp<"lu_slogdet"> {
  let summary = "Signs and logarithms of determinants from an LU factorization";
  let description = [{
    Computes `det(A) = sign · exp(logabsdet)` for every matrix of a batch
    from the factors and pivots of `linalgx.lu`, as `numpy.linalg.slogdet`
    defines them, without forming the product of `U`'s diagonal (which
    overflows for large matrices).

    - `lu` and `pivots` as for `linalgx.lu_det`.
    - `sign` (`[B...]`, the element type of `lu`) receives ±1 for real
      matrices and a complex number of modulus 1 for complex ones; 0 for a
      singular matrix.
    - `logabsdet` (`[B...]`, the real type of `lu`'s elements: `f32` or
      `f64`) receives `Σ log|U(i, i)|`; −∞ for a singular matrix.

    Example:

    ```mlir
    %s, %l = linalgx.lu_slogdet one_based
        ins(%lu, %piv : tensor<8x3x3xcomplex<f32>>, tensor<8x3xi32>)
        outs(%s0, %l0 : tensor<8xcomplex<f32>>, tensor<8xf32>)
        -> tensor<8xcomplex<f32>>, tensor<8xf32>
    ```
  }];

  let arguments = (ins LinalgX_ShapedOperand:$lu,
                       LinalgX_ShapedOperand:$pivots,
                       LinalgX_ShapedOperand:$sign,
                       LinalgX_ShapedOperand:$logabsdet,
                       UnitAttr:$one_based);
  let results = (outs Variadic<AnyRankedTensor>:$result_tensors);

  let assemblyFormat = [{
    (`one_based` $one_based^)? attr-dict
    `ins` `(` $lu `,` $pivots `:` type($lu) `,` type($pivots) `)`
    `outs` `(` $sign `,` $logabsdet `:` type($sign) `,` type($logabsdet) `)`
    (`->` type($result_tensors)^)?
  }];

  let builders = [
    OpBuilder<(ins "Value":$lu, "Value":$pivots, "Value":$sign,
                   "Value":$logabsdet, CArg<"bool", "false">:$oneBased)>
  ];

  let extraClassDeclaration = commonExtraClassDeclaration # [{
    MutableOperandRange getDpsInitsMutable() {
      return MutableOperandRange(getOperation(), /*start=*/2, /*length=*/2);
    }
  }];
}

//===----------------------------------------------------------------------===//
// SolveOp
//===----------------------------------------------------------------------===//

def LinalgX_SolveOp : LinalgX_Op<"solve"> {
  let summary = "Solves linear systems through an LU factorization (LAPACK gesv)";
  let description = [{
    Solves `A·X = B` for every matrix of a batch, as `linalgx.lu` of `A`
    followed by `linalgx.lu_solve` with its factors and pivots would, but
    without the factors and pivots as results: the lowering keeps them where
    it likes (in a small matrix's registers, a fused kernel writes neither).
    `linalgx-fuse-lu-consumers` forms it from an `lu` whose factors and pivots
    only feed an `lu_solve`.

    - `a` has shape `[B..., N, N]` and element type `f32`, `f64`,
      `complex<f32>` or `complex<f64>`;
    - `rhs` (`[B..., N, R]`, the element type of `a`) holds the right-hand
      sides as columns; `solution` (same shape and type) receives `X`;
    - `info` (`[B...]`, `i32` or `i64`) receives `linalgx.lu`'s info: 0, or
      `i + 1` when `U(i, i)` is exactly zero for the first such `i`, in
      which case `X` holds the infinities or NaN of the division by it.

    Example:

    ```mlir
    %x, %info = linalgx.solve ins(%a, %b : tensor<1000000x3x3xf32>,
                                           tensor<1000000x3x1xf32>)
        outs(%x0, %i0 : tensor<1000000x3x1xf32>, tensor<1000000xi32>)
        -> tensor<1000000x3x1xf32>, tensor<1000000xi32>
    ```
  }];

  let arguments = (ins LinalgX_ShapedOperand:$a,
                       LinalgX_ShapedOperand:$rhs,
                       LinalgX_ShapedOperand:$solution,
                       LinalgX_ShapedOperand:$info);
  let results = (outs Variadic<AnyRankedTensor>:$result_tensors);

  let assemblyFormat = [{
    attr-dict
    `ins` `(` $a `,` $rhs `:` type($a) `,` type($rhs) `)`
    `outs` `(` $solution `,` $info `:` type($solution) `,` type($info) `)`
    (`->` type($result_tensors)^)?
  }];

  let builders = [
    OpBuilder<(ins "Value":$a, "Value":$rhs, "Value":$solution,
                   "Value":$info)>
  ];

  let extraClassDeclaration = [{
    /// The number of leading batch dimensions (`B...`).
    int64_t getBatchRank() {
      return ::llvm::cast<ShapedType>(getA().getType()).getRank() - 2;
    }
    MutableOperandRange getDpsInitsMutable() {
      return MutableOperandRange(getOperation(), /*start=*/2, /*length=*/2);
    }
  }];
}

//===----------------------------------------------------------------------===//
// DetOp and SlogdetOp
//===----------------------------------------------------------------------===//

// Determinants of a batch of matrices given as such: linalgx.lu followed by
// linalgx.lu_det (or lu_slogdet), without the factors, pivots and info as
// results.
class LinalgX_DeterminantOp<string mnemonic> : LinalgX_Op<mnemonic> {
  code commonExtraClassDeclaration = [{
    /// The number of leading batch dimensions (`B...`).
    int64_t getBatchRank() {
      return ::llvm::cast<ShapedType>(getA().getType()).getRank() - 2;
    }
  }];
}

def LinalgX_DetOp : LinalgX_DeterminantOp<"det"> {
  let summary = "Determinants through an LU factorization";
  let description = [{
    Computes `det(A)` for every matrix of a batch, as `linalgx.lu` of `A`
    followed by `linalgx.lu_det` of its factors and pivots would (the same
    pivot rule, the same product in the same order, exactly 0 for a
    singular matrix), but without the factors as results: the lowering
    keeps them where it likes (for small matrices, the GPU kernel keeps
    them in registers and writes nothing but the determinants).
    `linalgx-fuse-lu-consumers` forms it from an `lu` whose factors and
    pivots only feed an `lu_det` and whose info is unused.

    - `a` has shape `[B..., N, N]` and element type `f32`, `f64`,
      `complex<f32>` or `complex<f64>`;
    - `det` (`[B...]`, the element type of `a`) receives the determinants.

    Example:

    ```mlir
    %d = linalgx.det ins(%a : tensor<1000000x3x3xf32>)
        outs(%d0 : tensor<1000000xf32>) -> tensor<1000000xf32>
    ```
  }];

  let arguments = (ins LinalgX_ShapedOperand:$a,
                       LinalgX_ShapedOperand:$det);
  let results = (outs Variadic<AnyRankedTensor>:$result_tensors);

  let assemblyFormat = [{
    attr-dict `ins` `(` $a `:` type($a) `)` `outs` `(` $det `:` type($det) `)`
    (`->` type($result_tensors)^)?
  }];

  let builders = [OpBuilder<(ins "Value":$a, "Value":$det)>];

  let extraClassDeclaration = commonExtraClassDeclaration # [{
    MutableOperandRange getDpsInitsMutable() { return getDetMutable(); }
  }];
}

def LinalgX_SlogdetOp : LinalgX_DeterminantOp<"slogdet"> {
  let summary = "Signs and logarithms of determinants through an LU factorization";
  let description = [{
    Computes `det(A) = sign · exp(logabsdet)` for every matrix of a batch, as
    `linalgx.lu` of `A` followed by `linalgx.lu_slogdet` would, without the
    factors as results (see `linalgx.det`).

    - `a` as for `linalgx.det`;
    - `sign` (`[B...]`, the element type of `a`) and `logabsdet` (`[B...]`,
      its real type) as `linalgx.lu_slogdet` writes them: sign 0 and
      logabsdet −∞ for a singular matrix.

    Example:

    ```mlir
    %s, %l = linalgx.slogdet ins(%a : tensor<64x75x75xf64>)
        outs(%s0, %l0 : tensor<64xf64>, tensor<64xf64>)
        -> tensor<64xf64>, tensor<64xf64>
    ```
  }];

  let arguments = (ins LinalgX_ShapedOperand:$a,
                       LinalgX_ShapedOperand:$sign,
                       LinalgX_ShapedOperand:$logabsdet);
  let results = (outs Variadic<AnyRankedTensor>:$result_tensors);

  let assemblyFormat = [{
    attr-dict `ins` `(` $a `:` type($a) `)`
    `outs` `(` $sign `,` $logabsdet `:` type($sign) `,` type($logabsdet) `)`
    (`->` type($result_tensors)^)?
  }];

  let builders = [
    OpBuilder<(ins "Value":$a, "Value":$sign, "Value":$logabsdet)>
  ];

  let extraClassDeclaration = commonExtraClassDeclaration # [{
    MutableOperandRange getDpsInitsMutable() {
      return MutableOperandRange(getOperation(), /*start=*/1, /*length=*/2);
    }
  }];
}

#endif // LINALGX_DIALECT_LINALGX_IR_LINALGXOPS_TD
