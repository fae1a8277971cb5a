//===- Determinant.h - determinants from LU factors -------------*- C++ -*-===//
//
// linalgx.lu_det and linalgx.lu_slogdet as a fold over U's diagonal, shared
// by the CPU loops (one matrix a loop) and the GPU kernel (a matrix's
// diagonal spread over lanes and combined by shuffles), so that every path
// forms the same products in the same way.
//
//===----------------------------------------------------------------------===//

#ifndef LINALGX_CONVERSION_DETERMINANT_H
#define LINALGX_CONVERSION_DETERMINANT_H

#include "linalgx/Conversion/ElementArith.h"

#include "mlir/IR/ImplicitLocOpBuilder.h"

namespace mlir::linalgx {

/// The fold's state and steps. The state is three values: for the
/// determinant (product, exchanged, singular), for its logarithm (sign,
/// logabsdet, singular); `exchanged` (i1) is the parity of the row
/// exchanges, `singular` (i1) whether a diagonal entry is exactly zero, so
/// that a singular matrix gives exactly 0 (sign 0, logabsdet −∞) whatever
/// the other entries (an infinity times zero would be NaN).
class DeterminantFold {
public:
  DeterminantFold(Type elementType, bool logarithmic,
                  ElementArith::Flavour flavour)
      : element(elementType, flavour), elementType(elementType),
        realType(realTypeOf(elementType)), logarithmic(logarithmic),
        flavour(flavour) {}

  /// The state of an empty diagonal (determinant 1).
  SmallVector<Value> identity(ImplicitLocOpBuilder &b) const;
  /// The state after one more diagonal entry `diagonal`; `exchanged` (i1)
  /// says whether its step's pivot exchanged two rows.
  SmallVector<Value> accumulate(ImplicitLocOpBuilder &b, ValueRange state,
                                Value diagonal, Value exchanged) const;
  /// The state of two disjoint parts of a diagonal (the fold is associative
  /// and commutative up to rounding).
  SmallVector<Value> combine(ImplicitLocOpBuilder &b, ValueRange lhs,
                             ValueRange rhs) const;
  /// Reads an entry of one matrix at step `i`.
  using StepReader = function_ref<Value(ImplicitLocOpBuilder &, Value i)>;

  /// The state after the diagonal entries i = first, first + stride, ... < n
  /// of one matrix, folded in an scf.for: `diagonalAt` reads U(i, i),
  /// `pivotAt` the pivot stored at step i (1-based if `oneBased`).
  SmallVector<Value> foldDiagonal(ImplicitLocOpBuilder &b, Value first, Value n,
                                  Value stride, bool oneBased,
                                  StepReader diagonalAt,
                                  StepReader pivotAt) const;

  /// The op's results from a complete state: {det} or {sign, logabsdet}.
  SmallVector<Value> finish(ImplicitLocOpBuilder &b, ValueRange state) const;

  Type getRealType() const { return realType; }

  /// Whether step `step` (index) exchanged two rows: its stored pivot
  /// (`pivot`, of the pivots' integer type, 1-based if `oneBased`) names
  /// another row.
  static Value isExchange(ImplicitLocOpBuilder &b, Value pivot, Value step,
                          bool oneBased);

private:
  static Type realTypeOf(Type elementType) {
    if (auto complexType = dyn_cast<ComplexType>(elementType))
      return complexType.getElementType();
    return elementType;
  }
  Value realConstant(ImplicitLocOpBuilder &b, double value) const;
  Value elementConstant(ImplicitLocOpBuilder &b, double value) const;
  /// A complex number's parts scaled by s = max(|re|, |im|), and the sum of
  /// their squares: |x| = s · √sum without squaring a part that could
  /// overflow (kernels; the host has complex.abs).
  struct ScaledParts {
    Value scale, re, im, sumOfSquares;
  };
  ScaledParts scaledParts(ImplicitLocOpBuilder &b, Value x) const;
  /// log|x| and x / |x| of a diagonal entry.
  Value logMagnitude(ImplicitLocOpBuilder &b, Value x) const;
  Value unit(ImplicitLocOpBuilder &b, Value x) const;
  /// log(x) for x >= 0 (log(0) = −∞, NaN stays NaN): math.log on the host;
  /// in kernels arith only (the GPU pipeline links no libdevice).
  Value log(ImplicitLocOpBuilder &b, Value x) const;
  Value sqrt(ImplicitLocOpBuilder &b, Value x) const;

  ElementArith element;
  Type elementType, realType;
  bool logarithmic;
  ElementArith::Flavour flavour;
};

} // namespace mlir::linalgx

#endif // LINALGX_CONVERSION_DETERMINANT_H
