//===- Determinant.cpp - determinants from LU factors -----------*- C++ -*-===//

#include "linalgx/Conversion/Determinant.h"
#include "linalgx/Conversion/LinalgXToLoops/LoopBuilders.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

#include <cmath>
#include <limits>

using namespace mlir;
using namespace mlir::linalgx;

using P = arith::CmpFPredicate;

Value DeterminantFold::realConstant(ImplicitLocOpBuilder &b,
                                    double value) const {
  return arith::ConstantOp::create(b, b.getFloatAttr(realType, value));
}

Value DeterminantFold::elementConstant(ImplicitLocOpBuilder &b,
                                       double value) const {
  Value real = realConstant(b, value);
  if (!isa<ComplexType>(elementType))
    return real;
  return complex::CreateOp::create(b, elementType, real, realConstant(b, 0));
}

Value DeterminantFold::isExchange(ImplicitLocOpBuilder &b, Value pivot,
                                  Value step, bool oneBased) {
  Value stepPivot = storedPivot(
      b, arith::IndexCastOp::create(b, pivot.getType(), step), oneBased);
  return arith::CmpIOp::create(b, arith::CmpIPredicate::ne, pivot, stepPivot);
}

SmallVector<Value> DeterminantFold::foldDiagonal(ImplicitLocOpBuilder &b,
                                                 Value first, Value n,
                                                 Value stride, bool oneBased,
                                                 StepReader diagonalAt,
                                                 StepReader pivotAt) const {
  auto loop = scf::ForOp::create(
      b, first, n, stride, identity(b),
      [&](OpBuilder &nested, Location loc, Value i, ValueRange state) {
        ImplicitLocOpBuilder nb(loc, nested);
        Value diagonal = diagonalAt(nb, i);
        Value exchanged = isExchange(nb, pivotAt(nb, i), i, oneBased);
        scf::YieldOp::create(nb, accumulate(nb, state, diagonal, exchanged));
      });
  return SmallVector<Value>(loop.getResults());
}

SmallVector<Value> DeterminantFold::identity(ImplicitLocOpBuilder &b) const {
  Value no = arith::ConstantIntOp::create(b, b.getI1Type(), 0);
  if (logarithmic)
    return {elementConstant(b, 1), realConstant(b, 0), no};
  return {elementConstant(b, 1), no, no};
}

SmallVector<Value> DeterminantFold::accumulate(ImplicitLocOpBuilder &b,
                                               ValueRange state, Value diagonal,
                                               Value exchanged) const {
  Value singular =
      arith::OrIOp::create(b, state[2], element.isZero(b, diagonal));
  if (!logarithmic)
    return {element.mul(b, state[0], diagonal),
            arith::XOrIOp::create(b, state[1], exchanged), singular};
  Value sign = state[0];
  if (isa<ComplexType>(elementType)) {
    sign = element.mul(b, sign, unit(b, diagonal));
  } else {
    // An ordered comparison: a NaN entry keeps the sign, as NumPy's.
    Value negative =
        arith::CmpFOp::create(b, P::OLT, diagonal, realConstant(b, 0));
    exchanged = arith::XOrIOp::create(b, exchanged, negative);
  }
  sign = arith::SelectOp::create(b, exchanged, element.negate(b, sign), sign);
  Value logabsdet =
      arith::AddFOp::create(b, state[1], logMagnitude(b, diagonal));
  return {sign, logabsdet, singular};
}

SmallVector<Value> DeterminantFold::combine(ImplicitLocOpBuilder &b,
                                            ValueRange lhs,
                                            ValueRange rhs) const {
  Value singular = arith::OrIOp::create(b, lhs[2], rhs[2]);
  Value product = element.mul(b, lhs[0], rhs[0]);
  if (logarithmic)
    return {product, arith::AddFOp::create(b, lhs[1], rhs[1]), singular};
  return {product, arith::XOrIOp::create(b, lhs[1], rhs[1]), singular};
}

SmallVector<Value> DeterminantFold::finish(ImplicitLocOpBuilder &b,
                                           ValueRange state) const {
  Value singular = state[2];
  Value zero = element.zero(b);
  if (logarithmic) {
    Value minusInfinity =
        realConstant(b, -std::numeric_limits<double>::infinity());
    return {arith::SelectOp::create(b, singular, zero, state[0]),
            arith::SelectOp::create(b, singular, minusInfinity, state[1])};
  }
  Value det = arith::SelectOp::create(b, state[1], element.negate(b, state[0]),
                                      state[0]);
  return {arith::SelectOp::create(b, singular, zero, det)};
}

DeterminantFold::ScaledParts
DeterminantFold::scaledParts(ImplicitLocOpBuilder &b, Value x) const {
  ElementArith real(realType, flavour);
  Value re = complex::ReOp::create(b, x), im = complex::ImOp::create(b, x);
  Value absRe = real.magnitude(b, re), absIm = real.magnitude(b, im);
  Value scale = arith::SelectOp::create(
      b, arith::CmpFOp::create(b, P::OGE, absRe, absIm), absRe, absIm);
  Value scaledRe = arith::DivFOp::create(b, re, scale);
  Value scaledIm = arith::DivFOp::create(b, im, scale);
  Value sumOfSquares =
      arith::AddFOp::create(b, arith::MulFOp::create(b, scaledRe, scaledRe),
                            arith::MulFOp::create(b, scaledIm, scaledIm));
  return {scale, scaledRe, scaledIm, sumOfSquares};
}

Value DeterminantFold::logMagnitude(ImplicitLocOpBuilder &b, Value x) const {
  if (!isa<ComplexType>(elementType))
    return log(b, element.magnitude(b, x));
  if (flavour == ElementArith::Flavour::Host)
    return log(b, complex::AbsOp::create(b, x));
  // log|x| = log(s) + log((re/s)² + (im/s)²) / 2.
  ScaledParts parts = scaledParts(b, x);
  return arith::AddFOp::create(
      b, log(b, parts.scale),
      arith::MulFOp::create(b, realConstant(b, 0.5),
                            log(b, parts.sumOfSquares)));
}

Value DeterminantFold::unit(ImplicitLocOpBuilder &b, Value x) const {
  Value re, im, modulus;
  if (flavour == ElementArith::Flavour::Host) {
    re = complex::ReOp::create(b, x);
    im = complex::ImOp::create(b, x);
    modulus = complex::AbsOp::create(b, x);
  } else {
    // x / |x| = (re/s, im/s) / √((re/s)² + (im/s)²).
    ScaledParts parts = scaledParts(b, x);
    re = parts.re;
    im = parts.im;
    modulus = sqrt(b, parts.sumOfSquares);
  }
  return complex::CreateOp::create(b, elementType,
                                   arith::DivFOp::create(b, re, modulus),
                                   arith::DivFOp::create(b, im, modulus));
}

Value DeterminantFold::sqrt(ImplicitLocOpBuilder &b, Value x) const {
  if (flavour == ElementArith::Flavour::Host)
    return math::SqrtOp::create(b, x);
  // PTX's correctly rounded sqrt.rn: the NVVM lowering of math.sqrt and of
  // llvm.sqrt is a libdevice call.
  bool isF64 = x.getType().isF64();
  std::string ptx =
      std::string("sqrt.rn.") + (isF64 ? "f64" : "f32") + " $0, $1;";
  return LLVM::InlineAsmOp::create(
             b, x.getType(), ValueRange{x}, ptx, isF64 ? "=d,d" : "=f,f",
             /*has_side_effects=*/false, /*is_align_stack=*/false,
             LLVM::tailcallkind::TailCallKind::None,
             LLVM::AsmDialectAttr::get(b.getContext(),
                                       LLVM::AsmDialect::AD_ATT),
             /*operand_attrs=*/ArrayAttr())
      .getResult(0);
}

Value DeterminantFold::log(ImplicitLocOpBuilder &b, Value x) const {
  if (flavour == ElementArith::Flavour::Host)
    return math::LogOp::create(b, x);
  // x = 2^e · m with m in [√½, √2), then log m = 2·atanh(s), s = (m − 1) /
  // (m + 1), |s| ≤ 0.172, by its series 2·s·Σ s^2k / (2k + 1) to the
  // type's precision (fdlibm's reduction, the series' own coefficients).
  auto floatType = cast<FloatType>(realType);
  unsigned width = floatType.getWidth();
  int64_t mantissaBits = floatType.getFPMantissaWidth() - 1;
  int64_t bias = (int64_t{1} << (width - mantissaBits - 2)) - 1;
  int64_t terms = width == 32 ? 5 : 10;
  Type bitsType = b.getIntegerType(width);
  auto bitsConstant = [&](int64_t value) -> Value {
    return arith::ConstantOp::create(b, b.getIntegerAttr(bitsType, value));
  };

  // Subnormals are scaled into the normal range first.
  int64_t subnormalScale = mantissaBits + 2;
  Value smallest = arith::ConstantOp::create(
      b, b.getFloatAttr(realType, llvm::APFloat::getSmallestNormalized(
                                      floatType.getFloatSemantics())));
  Value subnormal = arith::CmpFOp::create(b, P::OLT, x, smallest);
  Value scaled = arith::SelectOp::create(
      b, subnormal,
      arith::MulFOp::create(b, x,
                            realConstant(b, std::ldexp(1.0, subnormalScale))),
      x);
  Value bits = arith::BitcastOp::create(b, bitsType, scaled);
  Value biasedExponent =
      arith::ShRUIOp::create(b, bits, bitsConstant(mantissaBits));
  Value mantissa = arith::BitcastOp::create(
      b, realType,
      arith::OrIOp::create(
          b,
          arith::AndIOp::create(b, bits,
                                bitsConstant((int64_t{1} << mantissaBits) - 1)),
          bitsConstant(bias << mantissaBits)));
  Value large =
      arith::CmpFOp::create(b, P::OGT, mantissa, realConstant(b, M_SQRT2));
  mantissa = arith::SelectOp::create(
      b, large, arith::MulFOp::create(b, mantissa, realConstant(b, 0.5)),
      mantissa);
  Value exponent = arith::SubIOp::create(b, biasedExponent, bitsConstant(bias));
  exponent = arith::AddIOp::create(b, exponent,
                                   arith::ExtUIOp::create(b, bitsType, large));
  exponent = arith::SubIOp::create(
      b, exponent,
      arith::SelectOp::create(b, subnormal, bitsConstant(subnormalScale),
                              bitsConstant(0)));

  Value one = realConstant(b, 1);
  Value s = arith::DivFOp::create(b, arith::SubFOp::create(b, mantissa, one),
                                  arith::AddFOp::create(b, mantissa, one));
  Value s2 = arith::MulFOp::create(b, s, s);
  Value series = realConstant(b, 1.0 / (2 * terms - 1));
  for (int64_t k = terms - 2; k >= 0; --k)
    series = arith::AddFOp::create(b, arith::MulFOp::create(b, series, s2),
                                   realConstant(b, 1.0 / (2 * k + 1)));
  Value logMantissa = arith::MulFOp::create(
      b, arith::MulFOp::create(b, realConstant(b, 2), s), series);
  // e·log 2 as e·ln2Hi (exact: ln2Hi ends in zero bits) plus e·ln2Lo, which
  // rounds e·log 2 (e.g. the log of a power of two) correctly.
  double ln2Hi = width == 32 ? 6.9313812256e-01 : 6.93147180369123816490e-01;
  double ln2Lo = width == 32 ? 9.0580006145e-06 : 1.90821492927058770002e-10;
  Value e = arith::SIToFPOp::create(b, realType, exponent);
  Value result = arith::AddFOp::create(
      b, arith::MulFOp::create(b, e, realConstant(b, ln2Hi)),
      arith::AddFOp::create(
          b, logMantissa, arith::MulFOp::create(b, e, realConstant(b, ln2Lo))));

  // log 0 = −∞, log ∞ = ∞, NaN stays NaN.
  Value infinity = realConstant(b, std::numeric_limits<double>::infinity());
  result = arith::SelectOp::create(
      b, arith::CmpFOp::create(b, P::OEQ, x, realConstant(b, 0)),
      realConstant(b, -std::numeric_limits<double>::infinity()), result);
  Value passThrough =
      arith::OrIOp::create(b, arith::CmpFOp::create(b, P::OEQ, x, infinity),
                           arith::CmpFOp::create(b, P::UNO, x, x));
  return arith::SelectOp::create(b, passThrough, x, result);
}
