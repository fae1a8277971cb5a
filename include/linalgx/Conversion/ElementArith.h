//===- ElementArith.h - real/complex scalar arithmetic ----------*- C++ -*-===//
//
// Shared by the lowerings of linalgx.lu (loops, generated GPU kernels), so
// that every path computes the pivot measure, the zero test and the
// elimination step with the same operations.
//
//===----------------------------------------------------------------------===//

#ifndef LINALGX_CONVERSION_ELEMENTARITH_H
#define LINALGX_CONVERSION_ELEMENTARITH_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/IR/ImplicitLocOpBuilder.h"

namespace mlir::linalgx {

/// Scalar arithmetic on the matrix element type, real or complex, so that the
/// factorization is written once per lowering. Every method builds at the
/// insertion point of the builder it is given.
///
/// Two flavours: `Host` uses the math and complex dialects (lowered for the
/// CPU with complex-to-standard, whose division and multiplication recover
/// infinities as C99 Annex G does); `Kernel` builds only arith ops on the
/// parts, because the NVVM lowering turns `math.absf` into a libdevice call
/// and our GPU pipeline links no libdevice. Both compute |x| exactly, divide
/// complex numbers by Smith's algorithm and agree on every finite input.
class ElementArith {
public:
  enum class Flavour { Host, Kernel };

  explicit ElementArith(Type elementType, Flavour flavour = Flavour::Host)
      : type(elementType), complexType(dyn_cast<ComplexType>(elementType)),
        flavour(flavour) {}

  /// |re| + |im| for complex numbers (LAPACK's i?amax measure), |x| else.
  Value magnitude(ImplicitLocOpBuilder &b, Value x) const {
    if (!complexType)
      return abs(b, x);
    Value re = abs(b, complex::ReOp::create(b, x));
    Value im = abs(b, complex::ImOp::create(b, x));
    return arith::AddFOp::create(b, re, im);
  }

  /// The element 0 (both parts for complex numbers).
  Value zero(ImplicitLocOpBuilder &b) const {
    if (!complexType)
      return arith::ConstantOp::create(b, b.getZeroAttr(type));
    Type part = complexType.getElementType();
    Value zeroPart = arith::ConstantOp::create(b, b.getZeroAttr(part));
    return complex::CreateOp::create(b, complexType, zeroPart, zeroPart);
  }

  /// Whether `x` is exactly zero (both parts for complex numbers).
  Value isZero(ImplicitLocOpBuilder &b, Value x) const {
    if (!complexType)
      return isZeroReal(b, x);
    return arith::AndIOp::create(b, isZeroReal(b, complex::ReOp::create(b, x)),
                                 isZeroReal(b, complex::ImOp::create(b, x)));
  }

  Value div(ImplicitLocOpBuilder &b, Value lhs, Value rhs) const {
    if (!complexType)
      return arith::DivFOp::create(b, lhs, rhs);
    if (flavour == Flavour::Host)
      return complex::DivOp::create(b, lhs, rhs);
    // Smith's algorithm: divide by the larger part of rhs to avoid overflow.
    Value ar = complex::ReOp::create(b, lhs),
          ai = complex::ImOp::create(b, lhs);
    Value br = complex::ReOp::create(b, rhs),
          bi = complex::ImOp::create(b, rhs);
    Value realLarger = arith::CmpFOp::create(b, arith::CmpFPredicate::OGE,
                                             abs(b, br), abs(b, bi));
    auto mulAdd = [&](Value x, Value y, Value z) -> Value { // x * y + z
      return arith::AddFOp::create(b, arith::MulFOp::create(b, x, y), z);
    };
    // Real part larger: r = bi/br, d = br + bi*r,
    //   re = (ar + ai*r)/d, im = (ai - ar*r)/d.
    Value r1 = arith::DivFOp::create(b, bi, br);
    Value d1 = mulAdd(bi, r1, br);
    Value re1 = arith::DivFOp::create(b, mulAdd(ai, r1, ar), d1);
    Value im1 = arith::DivFOp::create(
        b, arith::SubFOp::create(b, ai, arith::MulFOp::create(b, ar, r1)), d1);
    // Imaginary part larger: r = br/bi, d = bi + br*r,
    //   re = (ar*r + ai)/d, im = (ai*r - ar)/d.
    Value r2 = arith::DivFOp::create(b, br, bi);
    Value d2 = mulAdd(br, r2, bi);
    Value re2 = arith::DivFOp::create(b, mulAdd(ar, r2, ai), d2);
    Value im2 = arith::DivFOp::create(
        b, arith::SubFOp::create(b, arith::MulFOp::create(b, ai, r2), ar), d2);
    return complex::CreateOp::create(
        b, complexType, arith::SelectOp::create(b, realLarger, re1, re2),
        arith::SelectOp::create(b, realLarger, im1, im2));
  }

  Value mul(ImplicitLocOpBuilder &b, Value lhs, Value rhs) const {
    if (!complexType)
      return arith::MulFOp::create(b, lhs, rhs);
    if (flavour == Flavour::Host)
      return complex::MulOp::create(b, lhs, rhs);
    Value ar = complex::ReOp::create(b, lhs),
          ai = complex::ImOp::create(b, lhs);
    Value br = complex::ReOp::create(b, rhs),
          bi = complex::ImOp::create(b, rhs);
    return complex::CreateOp::create(
        b, complexType,
        arith::SubFOp::create(b, arith::MulFOp::create(b, ar, br),
                              arith::MulFOp::create(b, ai, bi)),
        arith::AddFOp::create(b, arith::MulFOp::create(b, ar, bi),
                              arith::MulFOp::create(b, ai, br)));
  }

  /// -x, complex parts negated one by one in either flavour (exact).
  Value negate(ImplicitLocOpBuilder &b, Value x) const {
    if (!complexType)
      return arith::NegFOp::create(b, x);
    return complex::CreateOp::create(
        b, complexType, arith::NegFOp::create(b, complex::ReOp::create(b, x)),
        arith::NegFOp::create(b, complex::ImOp::create(b, x)));
  }

  /// The complex conjugate of `x`; `x` itself for real types.
  Value conjugate(ImplicitLocOpBuilder &b, Value x) const {
    if (!complexType)
      return x;
    if (flavour == Flavour::Host)
      return complex::ConjOp::create(b, x);
    return complex::CreateOp::create(
        b, complexType, complex::ReOp::create(b, x),
        arith::NegFOp::create(b, complex::ImOp::create(b, x)));
  }

  /// 1 / x.
  Value reciprocal(ImplicitLocOpBuilder &b, Value x) const {
    Type realType = complexType ? complexType.getElementType() : x.getType();
    Value one = arith::ConstantOp::create(b, b.getFloatAttr(realType, 1.0));
    if (complexType)
      one = complex::CreateOp::create(
          b, complexType, one,
          arith::ConstantOp::create(b, b.getFloatAttr(realType, 0.0)));
    return div(b, one, x);
  }

  /// Whether multiplying by 1 / x is as safe as dividing by x: |x| (|re| +
  /// |im|) is at least the smallest normal number, LAPACK's sfmin test in
  /// getf2 (below it, 1 / x overflows).
  Value reciprocalIsSafe(ImplicitLocOpBuilder &b, Value x) const {
    auto realType = cast<FloatType>(complexType ? complexType.getElementType()
                                                : x.getType());
    Value smallest = arith::ConstantOp::create(
        b, b.getFloatAttr(realType, llvm::APFloat::getSmallestNormalized(
                                        realType.getFloatSemantics())));
    return arith::CmpFOp::create(b, arith::CmpFPredicate::OGE, magnitude(b, x),
                                 smallest);
  }

  /// acc - lhs * rhs. In kernels the product and the difference may be
  /// contracted into one fused multiply-add (one rounding instead of two,
  /// half the instructions of the elimination's inner loop); host code keeps
  /// the two roundings the CPU paths share bit for bit.
  Value mulSub(ImplicitLocOpBuilder &b, Value acc, Value lhs, Value rhs) const {
    if (!complexType && flavour == Flavour::Kernel) {
      auto contract = arith::FastMathFlags::contract;
      return arith::SubFOp::create(
          b, acc, arith::MulFOp::create(b, lhs, rhs, contract), contract);
    }
    if (!complexType)
      return arith::SubFOp::create(b, acc, arith::MulFOp::create(b, lhs, rhs));
    if (flavour == Flavour::Host)
      return complex::SubOp::create(b, acc,
                                    complex::MulOp::create(b, lhs, rhs));
    Value ar = complex::ReOp::create(b, lhs),
          ai = complex::ImOp::create(b, lhs);
    Value br = complex::ReOp::create(b, rhs),
          bi = complex::ImOp::create(b, rhs);
    Value re = arith::SubFOp::create(b, arith::MulFOp::create(b, ar, br),
                                     arith::MulFOp::create(b, ai, bi));
    Value im = arith::AddFOp::create(b, arith::MulFOp::create(b, ar, bi),
                                     arith::MulFOp::create(b, ai, br));
    return complex::CreateOp::create(
        b, complexType,
        arith::SubFOp::create(b, complex::ReOp::create(b, acc), re),
        arith::SubFOp::create(b, complex::ImOp::create(b, acc), im));
  }

private:
  /// |x| of a real value: math.absf on the host, the sign bit cleared in
  /// kernels (exact, NaN stays NaN).
  Value abs(ImplicitLocOpBuilder &b, Value x) const {
    if (flavour == Flavour::Host)
      return math::AbsFOp::create(b, x);
    auto floatType = cast<FloatType>(x.getType());
    unsigned width = floatType.getWidth();
    Type bitsType = b.getIntegerType(width);
    Value bits = arith::BitcastOp::create(b, bitsType, x);
    Value mask = arith::ConstantOp::create(
        b, b.getIntegerAttr(bitsType, llvm::APInt::getSignedMaxValue(width)));
    return arith::BitcastOp::create(b, floatType,
                                    arith::AndIOp::create(b, bits, mask));
  }

  static Value isZeroReal(ImplicitLocOpBuilder &b, Value x) {
    Value zero = arith::ConstantOp::create(b, b.getZeroAttr(x.getType()));
    return arith::CmpFOp::create(b, arith::CmpFPredicate::OEQ, x, zero);
  }

  Type type;
  ComplexType complexType;
  Flavour flavour;
};

} // namespace mlir::linalgx

#endif // LINALGX_CONVERSION_ELEMENTARITH_H
