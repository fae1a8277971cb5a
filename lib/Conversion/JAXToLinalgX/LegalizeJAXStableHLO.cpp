//===- LegalizeJAXStableHLO.cpp - StableHLO around JAX's LU -----*- C++ -*-===//
//
// After convert-jax-to-linalgx, a module exported by JAX still holds the
// StableHLO operations JAX writes around its LU custom calls: the NaN guard
// (`select(info >= 0, lu, NaN)`), shape arithmetic and shape assertions of
// shape-polymorphic exports, the iota/compare/select that build L, U and P in
// `jax.scipy.linalg.lu`, the gathers of `lu_solve`, the reductions, logs and
// cases of `jnp.linalg.det` and `slogdet`, and on the CPU the
// `stablehlo.while` loop that computes the permutation from the pivots. This
// pass lowers exactly those operations to tensor, linalg, arith, math, scf
// and cf, so that the module goes through linalgx's pipelines; the
// permutation loop becomes `linalgx.pivots_to_permutation`. Any other
// StableHLO operation is a located error: this is not a general StableHLO
// compiler.
//
//===----------------------------------------------------------------------===//

#include "GenericForm.h"
#include "linalgx/Conversion/Passes.h"
#include "linalgx/Dialect/LinalgX/IR/LinalgXOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/AffineMap.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Transforms/DialectConversion.h"
#include "llvm/ADT/StringSwitch.h"

#include <variant>

namespace mlir::linalgx {
#define GEN_PASS_DEF_LEGALIZEJAXSTABLEHLO
#include "linalgx/Conversion/Passes.h.inc"
} // namespace mlir::linalgx

using namespace mlir;
using namespace mlir::linalgx;
namespace gf = mlir::linalgx::generic_form;

namespace {

/// The StableHLO operations the import lowers (the permutation loop aside).
constexpr StringLiteral kElementwiseOps[] = {
    "stablehlo.add",       "stablehlo.subtract", "stablehlo.multiply",
    "stablehlo.minimum",   "stablehlo.maximum",  "stablehlo.and",
    "stablehlo.or",        "stablehlo.compare",  "stablehlo.select",
    "stablehlo.convert",   "stablehlo.real",     "stablehlo.imag",
    "stablehlo.abs",       "stablehlo.log",      "stablehlo.exponential",
    "stablehlo.remainder", "stablehlo.divide"};
constexpr StringLiteral kShapeOps[] = {"stablehlo.constant",
                                       "stablehlo.iota",
                                       "stablehlo.dynamic_iota",
                                       "stablehlo.broadcast_in_dim",
                                       "stablehlo.dynamic_broadcast_in_dim",
                                       "stablehlo.reshape",
                                       "stablehlo.dynamic_reshape",
                                       "stablehlo.concatenate",
                                       "stablehlo.slice",
                                       "stablehlo.transpose",
                                       "stablehlo.gather",
                                       "stablehlo.reduce",
                                       "stablehlo.case",
                                       "stablehlo.dynamic_gather",
                                       "stablehlo.get_dimension_size"};

bool isStableHLO(Operation *op) {
  return op->getName().getDialectNamespace() == "stablehlo";
}

bool isShapeAssertion(Operation *op) {
  auto target =
      dyn_cast_or_null<StringAttr>(gf::getAttr(op, "call_target_name"));
  return op->getName().getStringRef() == "stablehlo.custom_call" && target &&
         target.getValue() == "shape_assertion";
}

/// A case branch's terminator, lowered with its case.
bool isCaseReturn(Operation *op) {
  Operation *parent = op->getParentOp();
  return op->getName().getStringRef() == "stablehlo.return" && parent &&
         parent->getName().getStringRef() == "stablehlo.case";
}

bool isLowered(Operation *op) {
  StringRef name = op->getName().getStringRef();
  return llvm::is_contained(kElementwiseOps, name) ||
         llvm::is_contained(kShapeOps, name) || isShapeAssertion(op);
}

//===----------------------------------------------------------------------===//
// JAX's permutation loop
//===----------------------------------------------------------------------===//

bool isSplatInteger(Value value, int64_t expected) {
  Operation *def = value.getDefiningOp();
  if (!def || def->getName().getStringRef() != "stablehlo.constant")
    return false;
  auto splat =
      dyn_cast_or_null<DenseIntElementsAttr>(gf::getAttr(def, "value"));
  return splat && splat.isSplat() &&
         splat.getSplatValue<APInt>().getSExtValue() == expected;
}

/// The pivots operand of `loop` if it is the loop JAX's
/// `lu_pivots_to_permutation` writes without a custom call (on the CPU):
///
///   %perm:4 = stablehlo.while(%pivots [..., K], %i = 0, %j, %iota [..., M])
///       cond { %i < K (a constant, or the carried %j) }
///       body { swap perm[i] and perm[pivots[i]]; return %pivots, %i + 1, ... }
///
/// where %iota counts along the permutation dimension and only the last
/// result is used. The swap itself is not inspected: the carried values,
/// the trip count and the iota identify the loop.
Value matchPermutationLoop(Operation *loop) {
  if (loop->getName().getStringRef() != "stablehlo.while" ||
      loop->getNumOperands() != 4 || loop->getNumResults() != 4 ||
      loop->getNumRegions() != 2)
    return {};
  Value pivots = loop->getOperand(0), counter = loop->getOperand(1),
        iota = loop->getOperand(3);
  auto pivotsType = dyn_cast<RankedTensorType>(pivots.getType());
  auto permutationType = dyn_cast<RankedTensorType>(iota.getType());
  if (!pivotsType || !permutationType ||
      pivotsType.getRank() != permutationType.getRank() ||
      pivotsType.getElementType() != permutationType.getElementType() ||
      !pivotsType.getElementType().isSignlessInteger(32) ||
      pivotsType.getShape().drop_back() !=
          permutationType.getShape().drop_back())
    return {};
  int64_t rank = pivotsType.getRank();
  Operation *iotaDef = iota.getDefiningOp();
  if (!iotaDef ||
      (iotaDef->getName().getStringRef() != "stablehlo.iota" &&
       iotaDef->getName().getStringRef() != "stablehlo.dynamic_iota") ||
      gf::getInteger(iotaDef, "iota_dimension") != rank - 1 ||
      !isSplatInteger(counter, 0))
    return {};
  for (unsigned i = 0; i < 3; ++i)
    if (!loop->getResult(i).use_empty())
      return {};

  Block &cond = loop->getRegion(0).front(), &body = loop->getRegion(1).front();
  Operation *condReturn = cond.getTerminator();
  Operation *bodyReturn = body.getTerminator();
  if (cond.getNumArguments() != 4 || body.getNumArguments() != 4 ||
      condReturn->getNumOperands() != 1 || bodyReturn->getNumOperands() != 4 ||
      bodyReturn->getOperand(0) != body.getArgument(0))
    return {};
  Operation *test = condReturn->getOperand(0).getDefiningOp();
  if (!test || test->getName().getStringRef() != "stablehlo.compare" ||
      gf::getEnum(test, "comparison_direction", "comparison_direction") !=
          StringRef("LT") ||
      test->getOperand(0) != cond.getArgument(1))
    return {};
  // The trip count is K: a constant K when K is static, else the carried
  // bound JAX computes from the shape.
  Value bound = test->getOperand(1);
  int64_t k = pivotsType.getShape().back();
  if (!ShapedType::isDynamic(k) ? !isSplatInteger(bound, k)
                                : bound != cond.getArgument(2))
    return {};
  return pivots;
}

/// Whether any operation of `module` refers to `function` by name.
/// (SymbolTable's use queries give up on unregistered operations, which
/// might be symbol tables.)
bool isReferenced(func::FuncOp function, ModuleOp module) {
  StringAttr name = function.getSymNameAttr();
  auto refersToName = [&](Attribute attr) {
    bool found = false;
    if (attr)
      attr.walk(
          [&](SymbolRefAttr ref) { found |= ref.getRootReference() == name; });
    return found;
  };
  WalkResult result = module.walk([&](Operation *op) {
    if (refersToName(op->getAttrDictionary()) ||
        refersToName(op->getPropertiesAsAttribute()))
      return WalkResult::interrupt();
    return WalkResult::advance();
  });
  return result.wasInterrupted();
}

/// Replaces every JAX permutation loop by `linalgx.pivots_to_permutation`
/// and erases the private functions its body called, once unused.
void replacePermutationLoops(ModuleOp module) {
  SmallVector<Operation *> loops;
  module.walk([&](Operation *op) {
    if (matchPermutationLoop(op))
      loops.push_back(op);
  });
  SymbolTable symbols(module);
  for (Operation *loop : loops) {
    SmallVector<func::FuncOp> callees;
    loop->walk([&](func::CallOp call) {
      if (auto callee = symbols.lookup<func::FuncOp>(call.getCallee()))
        callees.push_back(callee);
    });
    OpBuilder b(loop);
    Location loc = loop->getLoc();
    Value pivots = loop->getOperand(0), iota = loop->getOperand(3);
    auto type = cast<RankedTensorType>(iota.getType());
    SmallVector<Value> sizes;
    for (int64_t dim = 0; dim < type.getRank(); ++dim)
      if (type.isDynamicDim(dim))
        sizes.push_back(tensor::DimOp::create(b, loc, iota, dim));
    Value init = tensor::EmptyOp::create(b, loc, type, sizes);
    auto permutation =
        PivotsToPermutationOp::create(b, loc, pivots, init, /*oneBased=*/false);
    loop->getResult(3).replaceAllUsesWith(permutation.getResult(0));
    loop->erase();
    for (func::FuncOp callee : callees)
      if (callee.isPrivate() && !isReferenced(callee, module))
        callee.erase();
  }
}

//===----------------------------------------------------------------------===//
// Building blocks
//===----------------------------------------------------------------------===//

RankedTensorType resultType(Operation *op, unsigned i = 0) {
  return dyn_cast<RankedTensorType>(op->getResult(i).getType());
}

/// The sizes of `type`'s dynamic dimensions, read from `like` (of the same
/// shape).
SmallVector<Value> dynamicSizesOf(OpBuilder &b, Location loc,
                                  RankedTensorType type, Value like) {
  SmallVector<Value> sizes;
  for (int64_t dim = 0; dim < type.getRank(); ++dim)
    if (type.isDynamicDim(dim))
      sizes.push_back(tensor::DimOp::create(b, loc, like, dim));
  return sizes;
}

/// The sizes of `type`'s dynamic dimensions, read from a shape operand
/// (a 1-D integer tensor, as the dynamic_* ops take).
SmallVector<Value> dynamicSizesFromShape(OpBuilder &b, Location loc,
                                         RankedTensorType type, Value shape) {
  SmallVector<Value> sizes;
  for (int64_t dim = 0; dim < type.getRank(); ++dim) {
    if (!type.isDynamicDim(dim))
      continue;
    Value index = arith::ConstantIndexOp::create(b, loc, dim);
    Value size = tensor::ExtractOp::create(b, loc, shape, ValueRange{index});
    sizes.push_back(arith::IndexCastOp::create(b, loc, b.getIndexType(), size));
  }
  return sizes;
}

using ScalarBody = function_ref<Value(OpBuilder &, Location, ValueRange)>;

/// A `linalg.generic` computing `type` element by element from `inputs`,
/// each indexed by `maps` (all identities if empty, a rank-0 input broadcast).
Value generate(OpBuilder &b, Location loc, RankedTensorType type,
               ValueRange inputs, ArrayRef<Value> dynamicSizes, ScalarBody body,
               ArrayRef<AffineMap> inputMaps = {}) {
  int64_t rank = type.getRank();
  MLIRContext *context = b.getContext();
  SmallVector<AffineMap> maps(inputMaps);
  if (maps.empty())
    for (Value input : inputs)
      maps.push_back(cast<RankedTensorType>(input.getType()).getRank() == 0
                         ? AffineMap::get(rank, 0, context)
                         : AffineMap::getMultiDimIdentityMap(rank, context));
  maps.push_back(AffineMap::getMultiDimIdentityMap(rank, context));
  Value init = tensor::EmptyOp::create(b, loc, type, dynamicSizes);
  SmallVector<utils::IteratorType> iterators(rank,
                                             utils::IteratorType::parallel);
  auto generic = linalg::GenericOp::create(
      b, loc, TypeRange{type}, inputs, ValueRange{init}, maps, iterators,
      [&](OpBuilder &nested, Location nestedLoc, ValueRange args) {
        Value result = body(nested, nestedLoc, args.drop_back());
        linalg::YieldOp::create(nested, nestedLoc, result);
      });
  return generic.getResult(0);
}

/// The sizes of `type`'s dynamic dimensions for an element-wise op: from an
/// operand of the result's shape.
FailureOr<SmallVector<Value>> elementwiseSizes(OpBuilder &b, Location loc,
                                               RankedTensorType type,
                                               ValueRange operands) {
  if (type.hasStaticShape())
    return SmallVector<Value>();
  for (Value operand : operands)
    if (auto operandType = dyn_cast<RankedTensorType>(operand.getType());
        operandType && operandType.getShape() == type.getShape())
      return dynamicSizesOf(b, loc, type, operand);
  return failure();
}

//===----------------------------------------------------------------------===//
// Element-wise operations
//===----------------------------------------------------------------------===//

/// Whether `binaryScalar` takes `name` on elements of `type`.
bool isSupportedBinary(StringRef name, Type type) {
  if (isa<FloatType>(type))
    return name != "stablehlo.and" && name != "stablehlo.or";
  if (isa<ComplexType>(type))
    return name == "stablehlo.add" || name == "stablehlo.subtract" ||
           name == "stablehlo.multiply" || name == "stablehlo.divide";
  return type.isSignlessInteger();
}

Value binaryScalar(StringRef name, OpBuilder &b, Location loc, Value lhs,
                   Value rhs) {
  Type type = lhs.getType();
  if (isa<FloatType>(type)) {
    if (name == "stablehlo.add")
      return arith::AddFOp::create(b, loc, lhs, rhs);
    if (name == "stablehlo.subtract")
      return arith::SubFOp::create(b, loc, lhs, rhs);
    if (name == "stablehlo.multiply")
      return arith::MulFOp::create(b, loc, lhs, rhs);
    // StableHLO's minimum and maximum propagate NaN.
    if (name == "stablehlo.minimum")
      return arith::MinimumFOp::create(b, loc, lhs, rhs);
    if (name == "stablehlo.remainder")
      return arith::RemFOp::create(b, loc, lhs, rhs);
    if (name == "stablehlo.divide")
      return arith::DivFOp::create(b, loc, lhs, rhs);
    return arith::MaximumFOp::create(b, loc, lhs, rhs);
  }
  if (isa<ComplexType>(type)) {
    if (name == "stablehlo.add")
      return complex::AddOp::create(b, loc, lhs, rhs);
    if (name == "stablehlo.subtract")
      return complex::SubOp::create(b, loc, lhs, rhs);
    if (name == "stablehlo.divide")
      return complex::DivOp::create(b, loc, lhs, rhs);
    return complex::MulOp::create(b, loc, lhs, rhs);
  }
  if (name == "stablehlo.add")
    return arith::AddIOp::create(b, loc, lhs, rhs);
  if (name == "stablehlo.subtract")
    return arith::SubIOp::create(b, loc, lhs, rhs);
  if (name == "stablehlo.multiply")
    return arith::MulIOp::create(b, loc, lhs, rhs);
  if (name == "stablehlo.minimum")
    return arith::MinSIOp::create(b, loc, lhs, rhs);
  if (name == "stablehlo.maximum")
    return arith::MaxSIOp::create(b, loc, lhs, rhs);
  if (name == "stablehlo.remainder")
    return arith::RemSIOp::create(b, loc, lhs, rhs);
  if (name == "stablehlo.divide")
    return arith::DivSIOp::create(b, loc, lhs, rhs);
  if (name == "stablehlo.and")
    return arith::AndIOp::create(b, loc, lhs, rhs);
  return arith::OrIOp::create(b, loc, lhs, rhs);
}

/// The arith predicate of a StableHLO comparison (FLOAT compares are
/// ordered but for NE, which is true for NaN, as in StableHLO).
std::optional<std::variant<arith::CmpFPredicate, arith::CmpIPredicate>>
comparePredicate(Operation *op, Type element) {
  std::optional<StringRef> direction =
      gf::getEnum(op, "comparison_direction", "comparison_direction");
  std::optional<StringRef> kind =
      gf::getEnum(op, "compare_type", "comparison_type");
  if (!direction)
    return std::nullopt;
  if (isa<FloatType>(element)) {
    if (kind && *kind != "FLOAT")
      return std::nullopt;
    return llvm::StringSwitch<std::optional<arith::CmpFPredicate>>(*direction)
        .Case("EQ", arith::CmpFPredicate::OEQ)
        .Case("NE", arith::CmpFPredicate::UNE)
        .Case("LT", arith::CmpFPredicate::OLT)
        .Case("LE", arith::CmpFPredicate::OLE)
        .Case("GT", arith::CmpFPredicate::OGT)
        .Case("GE", arith::CmpFPredicate::OGE)
        .Default(std::nullopt);
  }
  if (!element.isSignlessInteger())
    return std::nullopt;
  // Booleans compare unsigned; otherwise the compare_type says.
  bool isUnsigned = element.isInteger(1) || (kind && *kind == "UNSIGNED");
  if (kind && *kind != "SIGNED" && *kind != "UNSIGNED")
    return std::nullopt;
  using P = arith::CmpIPredicate;
  return llvm::StringSwitch<std::optional<P>>(*direction)
      .Case("EQ", P::eq)
      .Case("NE", P::ne)
      .Case("LT", isUnsigned ? P::ult : P::slt)
      .Case("LE", isUnsigned ? P::ule : P::sle)
      .Case("GT", isUnsigned ? P::ugt : P::sgt)
      .Case("GE", isUnsigned ? P::uge : P::sge)
      .Default(std::nullopt);
}

/// One scalar of an element-wise op, or null where the element types are
/// not ones the import takes.
struct ScalarLowering {
  StringRef name;
  Type from, to;
  std::optional<std::variant<arith::CmpFPredicate, arith::CmpIPredicate>>
      predicate;
  /// A comparison of complex numbers (EQ or NE only): whether it is EQ.
  std::optional<bool> complexEqual;

  static std::optional<ScalarLowering> of(Operation *op) {
    ScalarLowering lowering{op->getName().getStringRef(),
                            getElementTypeOrSelf(op->getOperand(0).getType()),
                            getElementTypeOrSelf(op->getResult(0).getType()),
                            std::nullopt, std::nullopt};
    if (!hasConsistentTypes(op, lowering.from, lowering.to))
      return std::nullopt;
    StringRef name = lowering.name;
    if (name == "stablehlo.convert") {
      // StableHLO takes a complex number's real part; JAX never asks here.
      if (isa<ComplexType>(lowering.from) && !isa<ComplexType>(lowering.to))
        return std::nullopt;
      return lowering;
    }
    if (name == "stablehlo.select")
      return op->getNumOperands() == 3 ? std::optional(lowering) : std::nullopt;
    if (name == "stablehlo.real" || name == "stablehlo.imag")
      return isa<ComplexType>(lowering.from) ? std::optional(lowering)
                                             : std::nullopt;
    if (isUnaryMath(name))
      return op->getNumOperands() == 1 &&
                     (isa<FloatType, ComplexType>(lowering.from) ||
                      (name == "stablehlo.abs" &&
                       lowering.from.isSignlessInteger()))
                 ? std::optional(lowering)
                 : std::nullopt;
    if (op->getNumOperands() != 2)
      return std::nullopt;
    if (name == "stablehlo.compare" && isa<ComplexType>(lowering.from)) {
      std::optional<StringRef> direction =
          gf::getEnum(op, "comparison_direction", "comparison_direction");
      if (!direction || (*direction != "EQ" && *direction != "NE"))
        return std::nullopt;
      lowering.complexEqual = *direction == "EQ";
      return lowering;
    }
    if (name == "stablehlo.compare") {
      lowering.predicate = comparePredicate(op, lowering.from);
      return lowering.predicate ? std::optional(lowering) : std::nullopt;
    }
    if (!isSupportedBinary(name, lowering.from))
      return std::nullopt;
    return lowering;
  }

  static bool isUnaryMath(StringRef name) {
    return name == "stablehlo.abs" || name == "stablehlo.log" ||
           name == "stablehlo.exponential";
  }

  /// abs, log or exp of a float, complex (or, for abs, integer) scalar.
  Value unaryMath(OpBuilder &b, Location loc, Value x) const {
    bool complex = isa<ComplexType>(from);
    if (name == "stablehlo.abs") {
      if (complex)
        return complex::AbsOp::create(b, loc, x);
      if (isa<FloatType>(from))
        return math::AbsFOp::create(b, loc, x);
      return math::AbsIOp::create(b, loc, x);
    }
    if (name == "stablehlo.log")
      return complex ? complex::LogOp::create(b, loc, x).getResult()
                     : math::LogOp::create(b, loc, x).getResult();
    return complex ? complex::ExpOp::create(b, loc, x).getResult()
                   : math::ExpOp::create(b, loc, x).getResult();
  }

  /// Whether the element types of `op` (read unverified, in the generic
  /// form) are those StableHLO requires of it, given its first operand's
  /// (`from`) and its result's (`to`): what the generated body produces and
  /// what the result holds must agree.
  static bool hasConsistentTypes(Operation *op, Type from, Type to) {
    StringRef name = op->getName().getStringRef();
    auto element = [&](unsigned i) {
      return getElementTypeOrSelf(op->getOperand(i).getType());
    };
    if (name == "stablehlo.convert")
      return true;
    if (name == "stablehlo.select")
      return op->getNumOperands() == 3 && from.isInteger(1) &&
             element(1) == to && element(2) == to;
    if (name == "stablehlo.real" || name == "stablehlo.imag") {
      auto complex = dyn_cast<ComplexType>(from);
      return complex && complex.getElementType() == to;
    }
    if (isUnaryMath(name)) {
      // |z| of a complex number is real.
      auto complex = dyn_cast<ComplexType>(from);
      if (name == "stablehlo.abs" && complex)
        return complex.getElementType() == to;
      return to == from;
    }
    if (op->getNumOperands() != 2 || element(1) != from)
      return false;
    return name == "stablehlo.compare" ? to.isInteger(1) : to == from;
  }

  Value build(OpBuilder &b, Location loc, ValueRange args) const {
    if (name == "stablehlo.convert") {
      if (from == to)
        return args[0];
      // Booleans convert as unsigned (true is 1), other integers as signed.
      return convertScalarToDtype(b, loc, args[0], to,
                                  /*isUnsignedCast=*/from.isInteger(1));
    }
    if (name == "stablehlo.select")
      return arith::SelectOp::create(b, loc, args[0], args[1], args[2]);
    if (isUnaryMath(name))
      return unaryMath(b, loc, args[0]);
    if (name == "stablehlo.real")
      return complex::ReOp::create(b, loc, args[0]);
    if (name == "stablehlo.imag")
      return complex::ImOp::create(b, loc, args[0]);
    if (complexEqual)
      return *complexEqual
                 ? complex::EqualOp::create(b, loc, args[0], args[1])
                       .getResult()
                 : complex::NotEqualOp::create(b, loc, args[0], args[1])
                       .getResult();
    if (predicate) {
      if (auto *fp = std::get_if<arith::CmpFPredicate>(&*predicate))
        return arith::CmpFOp::create(b, loc, *fp, args[0], args[1]);
      return arith::CmpIOp::create(
          b, loc, std::get<arith::CmpIPredicate>(*predicate), args[0], args[1]);
    }
    return binaryScalar(name, b, loc, args[0], args[1]);
  }
};

struct ElementwisePattern : public ConversionPattern {
  ElementwisePattern(StringRef name, MLIRContext *context)
      : ConversionPattern(name, /*benefit=*/1, context) {}

  LogicalResult
  matchAndRewrite(Operation *op, ArrayRef<Value> operands,
                  ConversionPatternRewriter &rewriter) const override {
    RankedTensorType type = resultType(op);
    if (!type || op->getNumResults() != 1 || op->getNumRegions() != 0)
      return rewriter.notifyMatchFailure(op, "expected one ranked result");
    std::optional<ScalarLowering> scalar = ScalarLowering::of(op);
    if (!scalar)
      return rewriter.notifyMatchFailure(op, "unsupported element types");
    for (Value operand : operands) {
      auto operandType = dyn_cast<RankedTensorType>(operand.getType());
      if (!operandType || failed(verifyCompatibleShape(operandType.getShape(),
                                                       type.getShape())))
        return rewriter.notifyMatchFailure(op, "operand shapes differ");
    }
    Location loc = op->getLoc();
    FailureOr<SmallVector<Value>> sizes =
        elementwiseSizes(rewriter, loc, type, operands);
    if (failed(sizes))
      return rewriter.notifyMatchFailure(op, "no operand gives the sizes");
    rewriter.replaceOp(
        op, generate(rewriter, loc, type, operands, *sizes,
                     [&](OpBuilder &b, Location bodyLoc, ValueRange args) {
                       return scalar->build(b, bodyLoc, args);
                     }));
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Shapes, constants and assertions
//===----------------------------------------------------------------------===//

struct ConstantPattern : public ConversionPattern {
  ConstantPattern(MLIRContext *context)
      : ConversionPattern("stablehlo.constant", 1, context) {}

  LogicalResult
  matchAndRewrite(Operation *op, ArrayRef<Value>,
                  ConversionPatternRewriter &rewriter) const override {
    auto value = dyn_cast_or_null<DenseElementsAttr>(gf::getAttr(op, "value"));
    if (!value || value.getType() != op->getResult(0).getType())
      return rewriter.notifyMatchFailure(op, "expected dense elements");
    rewriter.replaceOpWithNewOp<arith::ConstantOp>(op, value);
    return success();
  }
};

/// iota and dynamic_iota: the index along `iota_dimension`, converted.
struct IotaPattern : public ConversionPattern {
  IotaPattern(StringRef name, MLIRContext *context)
      : ConversionPattern(name, 1, context) {}

  LogicalResult
  matchAndRewrite(Operation *op, ArrayRef<Value> operands,
                  ConversionPatternRewriter &rewriter) const override {
    RankedTensorType type = resultType(op);
    std::optional<int64_t> dim = gf::getInteger(op, "iota_dimension");
    if (!type || !dim || *dim < 0 || *dim >= type.getRank() ||
        (operands.empty() && !type.hasStaticShape()))
      return rewriter.notifyMatchFailure(op, "expected an iota dimension");
    Location loc = op->getLoc();
    SmallVector<Value> sizes;
    if (!operands.empty())
      sizes = dynamicSizesFromShape(rewriter, loc, type, operands[0]);
    Type element = type.getElementType();
    Value result =
        generate(rewriter, loc, type, ValueRange{}, sizes,
                 [&](OpBuilder &b, Location bodyLoc, ValueRange) -> Value {
                   Value index = linalg::IndexOp::create(b, bodyLoc, *dim);
                   return convertScalarToDtype(b, bodyLoc, index, element,
                                               /*isUnsignedCast=*/false);
                 });
    rewriter.replaceOp(op, result);
    return success();
  }
};

/// broadcast_in_dim and dynamic_broadcast_in_dim: operand dimension i is
/// result dimension broadcast_dimensions[i], or broadcast when its size is 1.
struct BroadcastPattern : public ConversionPattern {
  BroadcastPattern(StringRef name, MLIRContext *context)
      : ConversionPattern(name, 1, context) {}

  LogicalResult
  matchAndRewrite(Operation *op, ArrayRef<Value> operands,
                  ConversionPatternRewriter &rewriter) const override {
    RankedTensorType type = resultType(op);
    auto dims = gf::getI64Array(op, "broadcast_dimensions");
    auto operandType = dyn_cast<RankedTensorType>(operands[0].getType());
    if (!type || !dims || !operandType ||
        static_cast<int64_t>(dims->size()) != operandType.getRank())
      return rewriter.notifyMatchFailure(op, "expected broadcast_dimensions");
    Location loc = op->getLoc();
    SmallVector<Value> sizes;
    if (operands.size() == 2) {
      sizes = dynamicSizesFromShape(rewriter, loc, type, operands[1]);
    } else if (!type.hasStaticShape()) {
      // A static broadcast to a dynamic dimension takes the operand's size.
      for (int64_t dim = 0; dim < type.getRank(); ++dim) {
        if (!type.isDynamicDim(dim))
          continue;
        const int64_t *source = llvm::find(*dims, dim);
        if (source == dims->end())
          return rewriter.notifyMatchFailure(op, "unknown result size");
        sizes.push_back(tensor::DimOp::create(rewriter, loc, operands[0],
                                              source - dims->begin()));
      }
    }
    SmallVector<AffineExpr> exprs;
    llvm::SmallDenseSet<int64_t> seen;
    for (auto [i, dim] : llvm::enumerate(*dims)) {
      if (dim < 0 || dim >= type.getRank() || !seen.insert(dim).second)
        return rewriter.notifyMatchFailure(
            op, "dimension out of range or repeated");
      int64_t size = operandType.getDimSize(i);
      int64_t resultSize = type.getDimSize(dim);
      bool broadcast = size == 1 && resultSize != 1;
      if (!broadcast && !ShapedType::isDynamic(size) &&
          !ShapedType::isDynamic(resultSize) && size != resultSize)
        return rewriter.notifyMatchFailure(op, "operand size mismatch");
      exprs.push_back(broadcast ? rewriter.getAffineConstantExpr(0)
                                : rewriter.getAffineDimExpr(dim));
    }
    AffineMap map =
        AffineMap::get(type.getRank(), 0, exprs, rewriter.getContext());
    Value result = generate(
        rewriter, loc, type, ValueRange{operands[0]}, sizes,
        [](OpBuilder &, Location, ValueRange args) { return args[0]; }, {map});
    rewriter.replaceOp(op, result);
    return success();
  }
};

/// reshape and dynamic_reshape: tensor.reshape with the result's shape.
struct ReshapePattern : public ConversionPattern {
  ReshapePattern(StringRef name, MLIRContext *context)
      : ConversionPattern(name, 1, context) {}

  LogicalResult
  matchAndRewrite(Operation *op, ArrayRef<Value> operands,
                  ConversionPatternRewriter &rewriter) const override {
    RankedTensorType type = resultType(op);
    if (!type)
      return rewriter.notifyMatchFailure(op, "expected a ranked result");
    Location loc = op->getLoc();
    Value shape;
    if (operands.size() == 2) {
      // tensor.reshape takes integer shapes, but the lowering of the
      // memref.reshape it bufferizes to handles index ones only.
      shape = operands[1];
      auto shapeType = dyn_cast<RankedTensorType>(shape.getType());
      if (!shapeType || !shapeType.hasStaticShape())
        return rewriter.notifyMatchFailure(op, "expected a 1-D shape");
      if (!shapeType.getElementType().isIndex())
        shape =
            generate(rewriter, loc,
                     RankedTensorType::get(shapeType.getShape(),
                                           rewriter.getIndexType()),
                     ValueRange{shape}, {},
                     [](OpBuilder &b, Location loc, ValueRange args) -> Value {
                       return arith::IndexCastOp::create(
                           b, loc, b.getIndexType(), args[0]);
                     });
    } else if (type.hasStaticShape()) {
      auto shapeType =
          RankedTensorType::get({type.getRank()}, rewriter.getIndexType());
      shape = arith::ConstantOp::create(
          rewriter, loc, DenseIntElementsAttr::get(shapeType, type.getShape()));
    } else {
      return rewriter.notifyMatchFailure(op, "a reshape to a dynamic shape");
    }
    rewriter.replaceOpWithNewOp<tensor::ReshapeOp>(op, type, operands[0],
                                                   shape);
    return success();
  }
};

struct ConcatenatePattern : public ConversionPattern {
  ConcatenatePattern(MLIRContext *context)
      : ConversionPattern("stablehlo.concatenate", 1, context) {}

  LogicalResult
  matchAndRewrite(Operation *op, ArrayRef<Value> operands,
                  ConversionPatternRewriter &rewriter) const override {
    std::optional<int64_t> dim = gf::getInteger(op, "dimension");
    RankedTensorType type = resultType(op);
    if (!dim || !type)
      return rewriter.notifyMatchFailure(op, "expected a dimension");
    rewriter.replaceOpWithNewOp<tensor::ConcatOp>(op, type, *dim, operands);
    return success();
  }
};

struct SlicePattern : public ConversionPattern {
  SlicePattern(MLIRContext *context)
      : ConversionPattern("stablehlo.slice", 1, context) {}

  LogicalResult
  matchAndRewrite(Operation *op, ArrayRef<Value> operands,
                  ConversionPatternRewriter &rewriter) const override {
    RankedTensorType type = resultType(op);
    auto starts = gf::getI64Array(op, "start_indices");
    auto strides = gf::getI64Array(op, "strides");
    if (!type || !type.hasStaticShape() || !starts || !strides ||
        starts->size() != static_cast<size_t>(type.getRank()) ||
        strides->size() != starts->size())
      return rewriter.notifyMatchFailure(op, "expected a static slice");
    rewriter.replaceOpWithNewOp<tensor::ExtractSliceOp>(
        op, type, operands[0], getAsIndexOpFoldResult(getContext(), *starts),
        getAsIndexOpFoldResult(getContext(), type.getShape()),
        getAsIndexOpFoldResult(getContext(), *strides));
    return success();
  }
};

struct TransposePattern : public ConversionPattern {
  TransposePattern(MLIRContext *context)
      : ConversionPattern("stablehlo.transpose", 1, context) {}

  LogicalResult
  matchAndRewrite(Operation *op, ArrayRef<Value> operands,
                  ConversionPatternRewriter &rewriter) const override {
    RankedTensorType type = resultType(op);
    auto permutation = gf::getI64Array(op, "permutation");
    if (!type || !permutation)
      return rewriter.notifyMatchFailure(op, "expected a permutation");
    Location loc = op->getLoc();
    SmallVector<Value> sizes;
    for (int64_t dim = 0; dim < type.getRank(); ++dim)
      if (type.isDynamicDim(dim))
        sizes.push_back(tensor::DimOp::create(rewriter, loc, operands[0],
                                              (*permutation)[dim]));
    Value init = tensor::EmptyOp::create(rewriter, loc, type, sizes);
    rewriter.replaceOp(op, linalg::TransposeOp::create(
                               rewriter, loc, operands[0], init, *permutation)
                               .getResult());
    return success();
  }
};

/// stablehlo.gather's dimension numbers, read from the opaque
/// `#stablehlo.gather<key = [..], ..>` attribute (absent keys are empty, an
/// absent index_vector_dim is 0, as StableHLO prints them).
struct GatherDimensions {
  SmallVector<int64_t> offsetDims, collapsedSliceDims, operandBatchingDims,
      startIndicesBatchingDims, startIndexMap;
  int64_t indexVectorDim = 0;

  static std::optional<GatherDimensions> of(Operation *op) {
    auto opaque =
        dyn_cast_or_null<OpaqueAttr>(gf::getAttr(op, "dimension_numbers"));
    if (!opaque || opaque.getDialectNamespace() != "stablehlo")
      return std::nullopt;
    StringRef data = opaque.getAttrData().trim();
    if (!data.consume_front("gather<") || !data.consume_back(">"))
      return std::nullopt;
    // The entries are `key = [d, ...]` or `key = d`, split at the commas
    // outside brackets.
    GatherDimensions dims;
    int depth = 0;
    size_t entryStart = 0;
    for (size_t i = 0; i <= data.size(); ++i) {
      char c = i < data.size() ? data[i] : ',';
      depth += c == '[' ? 1 : c == ']' ? -1 : 0;
      if (c != ',' || depth != 0)
        continue;
      auto [key, value] = data.slice(entryStart, i).split('=');
      entryStart = i + 1;
      value = value.trim();
      bool list = value.consume_front("[");
      if ((list && !value.consume_back("]")) ||
          !dims.read(key.trim(), value, list))
        return std::nullopt;
    }
    return dims;
  }

  /// The result dimensions that index the start indices' batch.
  SmallVector<int64_t> batchDims(int64_t resultRank) const {
    SmallVector<int64_t> dims;
    for (int64_t d = 0; d < resultRank; ++d)
      if (!llvm::is_contained(offsetDims, d))
        dims.push_back(d);
    return dims;
  }

private:
  bool read(StringRef key, StringRef value, bool list) {
    if (key == "index_vector_dim")
      return !list && !value.getAsInteger(10, indexVectorDim);
    SmallVector<int64_t> *dims =
        llvm::StringSwitch<SmallVector<int64_t> *>(key)
            .Case("offset_dims", &offsetDims)
            .Case("collapsed_slice_dims", &collapsedSliceDims)
            .Case("operand_batching_dims", &operandBatchingDims)
            .Case("start_indices_batching_dims", &startIndicesBatchingDims)
            .Case("start_index_map", &startIndexMap)
            .Default(nullptr);
    if (!dims || !list)
      return false;
    SmallVector<StringRef> items;
    value.split(items, ',', /*MaxSplit=*/-1, /*KeepEmpty=*/false);
    for (StringRef item : items) {
      int64_t dim;
      if (item.trim().getAsInteger(10, dim))
        return false;
      dims->push_back(dim);
    }
    return true;
  }
};

/// Where a gather's result element comes from, by StableHLO's
/// specification: the start index read from `start_indices` (clamped so
/// that the slice fits), plus the batching index, plus the offset within
/// the slice.
class GatherIndexing {
public:
  /// The slice size along an operand dimension, as an index.
  using SliceSize = std::function<Value(OpBuilder &, Location, int64_t)>;

  GatherIndexing(const GatherDimensions &dims, Value operand, Value indices,
                 int64_t resultRank, SliceSize sliceSize)
      : dims(dims), operand(operand), indices(indices),
        batchDims(dims.batchDims(resultRank)), sliceSize(std::move(sliceSize)) {
    int64_t operandRank = cast<RankedTensorType>(operand.getType()).getRank();
    for (int64_t d = 0; d < operandRank; ++d)
      if (!llvm::is_contained(dims.collapsedSliceDims, d) &&
          !llvm::is_contained(dims.operandBatchingDims, d))
        offsetOperandDims.push_back(d);
  }

  /// Whether the dimension numbers agree with each other.
  bool isConsistent() const {
    return offsetOperandDims.size() == dims.offsetDims.size() &&
           dims.operandBatchingDims.size() ==
               dims.startIndicesBatchingDims.size();
  }

  /// The sizes of `type`'s dynamic dimensions: a batch dimension's is the
  /// start indices', an offset dimension's its slice size.
  SmallVector<Value> dynamicSizes(OpBuilder &b, Location loc,
                                  RankedTensorType type) const {
    SmallVector<Value> sizes;
    for (int64_t d = 0; d < type.getRank(); ++d) {
      if (!type.isDynamicDim(d))
        continue;
      if (auto *position = llvm::find(batchDims, d);
          position != batchDims.end())
        sizes.push_back(tensor::DimOp::create(
            b, loc, indices, indicesDim(position - batchDims.begin())));
      else
        sizes.push_back(sliceSize(b, loc, offsetOperandDim(d)));
    }
    return sizes;
  }

  /// The largest start index along each operand dimension that a start
  /// index maps to (its size less the slice size), built at `b` outside the
  /// linalg.generic: they are the same for every element.
  void buildStartBounds(OpBuilder &b, Location loc) {
    int64_t operandRank = cast<RankedTensorType>(operand.getType()).getRank();
    lastStarts.assign(operandRank, Value());
    for (int64_t d : dims.startIndexMap)
      if (d >= 0 && d < operandRank)
        lastStarts[d] = arith::SubIOp::create(
            b, loc, tensor::DimOp::create(b, loc, operand, d),
            sliceSize(b, loc, d));
  }

  /// The operand element of the result element at the enclosing
  /// linalg.generic's indices (after buildStartBounds).
  Value element(OpBuilder &b, Location loc) const {
    int64_t operandRank = cast<RankedTensorType>(operand.getType()).getRank();
    SmallVector<Value> operandIndex;
    for (int64_t d = 0; d < operandRank; ++d) {
      SmallVector<Value> terms;
      if (auto *k = llvm::find(dims.startIndexMap, d);
          k != dims.startIndexMap.end())
        terms.push_back(
            clampedStart(b, loc, d, k - dims.startIndexMap.begin()));
      if (auto *i = llvm::find(dims.operandBatchingDims, d);
          i != dims.operandBatchingDims.end()) {
        int64_t dim =
            dims.startIndicesBatchingDims[i - dims.operandBatchingDims.begin()];
        int64_t position = dim < dims.indexVectorDim ? dim : dim - 1;
        terms.push_back(linalg::IndexOp::create(b, loc, batchDims[position]));
      }
      if (llvm::is_contained(offsetOperandDims, d))
        terms.push_back(linalg::IndexOp::create(b, loc, offsetResultDim(d)));
      Value at = terms.empty() ? arith::ConstantIndexOp::create(b, loc, 0)
                               : terms.front();
      for (Value term : llvm::drop_begin(terms))
        at = arith::AddIOp::create(b, loc, at, term);
      operandIndex.push_back(at);
    }
    return tensor::ExtractOp::create(b, loc, operand, operandIndex);
  }

private:
  /// The start indices' dimension that result batch position `position`
  /// runs along (the index vector's dimension skipped).
  int64_t indicesDim(int64_t position) const {
    return position < dims.indexVectorDim ? position : position + 1;
  }
  /// The result offset dimension that runs along operand dimension `d`, and
  /// back.
  int64_t offsetResultDim(int64_t d) const {
    return dims.offsetDims[llvm::find(offsetOperandDims, d) -
                           offsetOperandDims.begin()];
  }
  int64_t offsetOperandDim(int64_t resultDim) const {
    return offsetOperandDims[llvm::find(dims.offsetDims, resultDim) -
                             dims.offsetDims.begin()];
  }

  /// Entry k of this element's index vector, for operand dimension d,
  /// clamped to [0, size(d) - slice size(d)] (lastStarts[d]).
  Value clampedStart(OpBuilder &b, Location loc, int64_t d, int64_t k) const {
    auto indicesType = cast<RankedTensorType>(indices.getType());
    SmallVector<Value> position;
    size_t batchPosition = 0;
    for (int64_t dim = 0; dim < indicesType.getRank(); ++dim)
      position.push_back(
          dim == dims.indexVectorDim
              ? arith::ConstantIndexOp::create(b, loc, k).getResult()
              : linalg::IndexOp::create(b, loc, batchDims[batchPosition++])
                    .getResult());
    Value start = arith::IndexCastOp::create(
        b, loc, b.getIndexType(),
        tensor::ExtractOp::create(b, loc, indices, position));
    Value zero = arith::ConstantIndexOp::create(b, loc, 0);
    return arith::MinSIOp::create(
        b, loc, arith::MaxSIOp::create(b, loc, start, zero), lastStarts[d]);
  }

  const GatherDimensions &dims;
  Value operand, indices;
  SmallVector<int64_t> batchDims, offsetOperandDims;
  SliceSize sliceSize;
  SmallVector<Value> lastStarts;
};

/// stablehlo.gather and dynamic_gather (whose slice sizes are an operand)
/// as a linalg.generic over the result that extracts each element from the
/// operand (GatherIndexing).
struct GatherPattern : public ConversionPattern {
  GatherPattern(StringRef name, MLIRContext *context)
      : ConversionPattern(name, 1, context) {}

  LogicalResult
  matchAndRewrite(Operation *op, ArrayRef<Value> operands,
                  ConversionPatternRewriter &rewriter) const override {
    RankedTensorType type = resultType(op);
    std::optional<GatherDimensions> dims = GatherDimensions::of(op);
    bool dynamic = op->getName().getStringRef() == "stablehlo.dynamic_gather";
    if (!type || !dims || operands.size() != (dynamic ? 3u : 2u))
      return rewriter.notifyMatchFailure(op, "expected gather's dimensions");
    auto operandType = dyn_cast<RankedTensorType>(operands[0].getType());
    auto indicesType = dyn_cast<RankedTensorType>(operands[1].getType());
    if (!operandType || !indicesType ||
        !isa<IntegerType>(indicesType.getElementType()))
      return rewriter.notifyMatchFailure(op, "unexpected operand types");
    GatherIndexing::SliceSize sliceSize =
        dynamic ? sliceSizesOperand(operands[2], operandType.getRank())
                : sliceSizesAttribute(op, operandType.getRank());
    if (!sliceSize)
      return rewriter.notifyMatchFailure(op, "expected the slice sizes");
    GatherIndexing indexing(*dims, operands[0], operands[1], type.getRank(),
                            sliceSize);
    if (!indexing.isConsistent())
      return rewriter.notifyMatchFailure(op, "inconsistent dimension numbers");
    Location loc = op->getLoc();
    SmallVector<Value> sizes = indexing.dynamicSizes(rewriter, loc, type);
    indexing.buildStartBounds(rewriter, loc);
    rewriter.replaceOp(
        op, generate(rewriter, loc, type, ValueRange{}, sizes,
                     [&](OpBuilder &b, Location loc, ValueRange) -> Value {
                       return indexing.element(b, loc);
                     }));
    return success();
  }

private:
  /// dynamic_gather's slice sizes: entry d of a 1-D integer tensor.
  static GatherIndexing::SliceSize sliceSizesOperand(Value sizes,
                                                     int64_t rank) {
    auto sizesType = dyn_cast<RankedTensorType>(sizes.getType());
    if (!sizesType || sizesType.getRank() != 1 ||
        sizesType.getDimSize(0) != rank)
      return nullptr;
    return [sizes](OpBuilder &b, Location loc, int64_t d) -> Value {
      Value position = arith::ConstantIndexOp::create(b, loc, d);
      Value size =
          tensor::ExtractOp::create(b, loc, sizes, ValueRange{position});
      return arith::IndexCastOp::create(b, loc, b.getIndexType(), size);
    };
  }

  /// gather's slice sizes: its `slice_sizes` attribute.
  static GatherIndexing::SliceSize sliceSizesAttribute(Operation *op,
                                                       int64_t rank) {
    auto sizes = gf::getI64Array(op, "slice_sizes");
    if (!sizes || static_cast<int64_t>(sizes->size()) != rank)
      return nullptr;
    return [sizes = SmallVector<int64_t>(*sizes)](OpBuilder &b, Location loc,
                                                  int64_t d) -> Value {
      return arith::ConstantIndexOp::create(b, loc, sizes[d]);
    };
  }
};

/// The name of a stablehlo.reduce body's one operation, if the body is
/// `return op(arg0, arg1)` (either order) for a binary op the import lowers.
std::optional<StringRef> reduceCombiner(Operation *op) {
  if (op->getNumRegions() != 1 || !op->getRegion(0).hasOneBlock())
    return std::nullopt;
  Block &body = op->getRegion(0).front();
  if (body.getNumArguments() != 2 || !llvm::hasNItems(body, 2))
    return std::nullopt;
  Operation &combine = body.front();
  Operation &terminator = body.back();
  StringRef name = combine.getName().getStringRef();
  bool binary = llvm::is_contained(
      {StringRef("stablehlo.add"), StringRef("stablehlo.multiply"),
       StringRef("stablehlo.and"), StringRef("stablehlo.or"),
       StringRef("stablehlo.minimum"), StringRef("stablehlo.maximum")},
      name);
  if (!binary || combine.getNumOperands() != 2 ||
      !llvm::is_contained(combine.getOperands(), body.getArgument(0)) ||
      !llvm::is_contained(combine.getOperands(), body.getArgument(1)) ||
      terminator.getName().getStringRef() != "stablehlo.return" ||
      terminator.getNumOperands() != 1 ||
      terminator.getOperand(0) != combine.getResult(0))
    return std::nullopt;
  return name;
}

/// stablehlo.reduce of one operand whose body is one binary operation of
/// its two arguments (JAX's sums, products and any/all): linalg.reduce over
/// `dimensions`, from a linalg.fill of the init value.
struct ReducePattern : public ConversionPattern {
  ReducePattern(MLIRContext *context)
      : ConversionPattern("stablehlo.reduce", 1, context) {}

  LogicalResult
  matchAndRewrite(Operation *op, ArrayRef<Value> operands,
                  ConversionPatternRewriter &rewriter) const override {
    RankedTensorType type = resultType(op);
    auto dims = gf::getI64Array(op, "dimensions");
    std::optional<StringRef> combiner = reduceCombiner(op);
    if (!type || !dims || !combiner || operands.size() != 2 ||
        op->getNumResults() != 1)
      return rewriter.notifyMatchFailure(
          op, "expected one operand reduced by one binary operation");
    Value input = operands[0];
    auto inputType = dyn_cast<RankedTensorType>(input.getType());
    if (!inputType || inputType.getElementType() != type.getElementType() ||
        !isSupportedBinary(*combiner, type.getElementType()))
      return rewriter.notifyMatchFailure(op, "unsupported element types");
    Location loc = op->getLoc();
    SmallVector<Value> sizes;
    for (int64_t d = 0, r = 0; d < inputType.getRank(); ++d) {
      if (llvm::is_contained(*dims, d))
        continue;
      if (type.isDynamicDim(r++))
        sizes.push_back(tensor::DimOp::create(rewriter, loc, input, d));
    }
    Value initValue =
        tensor::ExtractOp::create(rewriter, loc, operands[1], ValueRange{});
    Value empty = tensor::EmptyOp::create(rewriter, loc, type, sizes);
    Value init = linalg::FillOp::create(rewriter, loc, ValueRange{initValue},
                                        ValueRange{empty})
                     .getResult(0);
    auto reduce = linalg::ReduceOp::create(
        rewriter, loc, ValueRange{input}, ValueRange{init}, *dims,
        [&](OpBuilder &b, Location loc, ValueRange args) {
          linalg::YieldOp::create(
              b, loc, binaryScalar(*combiner, b, loc, args[0], args[1]));
        });
    rewriter.replaceOp(op, reduce.getResult(0));
    return success();
  }
};

/// stablehlo.case (JAX's lax.switch and platform-dependent code):
/// scf.index_switch on the index, an index out of range taking the last
/// branch as StableHLO specifies; the branches' regions move in, and their
/// stablehlo.return become scf.yield (CaseReturnPattern).
struct CasePattern : public ConversionPattern {
  CasePattern(MLIRContext *context)
      : ConversionPattern("stablehlo.case", 1, context) {}

  LogicalResult
  matchAndRewrite(Operation *op, ArrayRef<Value> operands,
                  ConversionPatternRewriter &rewriter) const override {
    unsigned branches = op->getNumRegions();
    if (branches == 0 || operands.size() != 1 ||
        !isa<RankedTensorType>(operands[0].getType()))
      return rewriter.notifyMatchFailure(op, "expected an index and branches");
    Location loc = op->getLoc();
    Value index =
        tensor::ExtractOp::create(rewriter, loc, operands[0], ValueRange{});
    index = arith::IndexCastOp::create(rewriter, loc, rewriter.getIndexType(),
                                       index);
    SmallVector<int64_t> cases =
        llvm::to_vector(llvm::seq<int64_t>(0, branches - 1));
    auto switchOp = scf::IndexSwitchOp::create(
        rewriter, loc, op->getResultTypes(), index, cases, cases.size());
    for (auto [region, target] : llvm::zip_equal(op->getRegions().drop_back(),
                                                 switchOp.getCaseRegions()))
      rewriter.inlineRegionBefore(region, target, target.end());
    Region &last = op->getRegions().back();
    rewriter.inlineRegionBefore(last, switchOp.getDefaultRegion(),
                                switchOp.getDefaultRegion().end());
    rewriter.replaceOp(op, switchOp.getResults());
    return success();
  }
};

/// The stablehlo.return ending a lowered case's branch.
struct CaseReturnPattern : public ConversionPattern {
  CaseReturnPattern(MLIRContext *context)
      : ConversionPattern("stablehlo.return", 1, context) {}

  LogicalResult
  matchAndRewrite(Operation *op, ArrayRef<Value> operands,
                  ConversionPatternRewriter &rewriter) const override {
    if (!isa_and_nonnull<scf::IndexSwitchOp>(op->getParentOp()))
      return rewriter.notifyMatchFailure(op, "not in a lowered case");
    rewriter.replaceOpWithNewOp<scf::YieldOp>(op, operands);
    return success();
  }
};

struct GetDimensionSizePattern : public ConversionPattern {
  GetDimensionSizePattern(MLIRContext *context)
      : ConversionPattern("stablehlo.get_dimension_size", 1, context) {}

  LogicalResult
  matchAndRewrite(Operation *op, ArrayRef<Value> operands,
                  ConversionPatternRewriter &rewriter) const override {
    std::optional<int64_t> dim = gf::getInteger(op, "dimension");
    RankedTensorType type = resultType(op);
    if (!dim || !type || type.getRank() != 0)
      return rewriter.notifyMatchFailure(op, "expected a dimension");
    Location loc = op->getLoc();
    Value size = tensor::DimOp::create(rewriter, loc, operands[0], *dim);
    size =
        arith::IndexCastOp::create(rewriter, loc, type.getElementType(), size);
    rewriter.replaceOpWithNewOp<tensor::FromElementsOp>(op, type,
                                                        ValueRange{size});
    return success();
  }
};

/// JAX's shape assertions of shape-polymorphic exports: cf.assert with
/// JAX's message (its `{0}`-style placeholders name the operands).
struct ShapeAssertionPattern : public ConversionPattern {
  ShapeAssertionPattern(MLIRContext *context)
      : ConversionPattern("stablehlo.custom_call", 1, context) {}

  LogicalResult
  matchAndRewrite(Operation *op, ArrayRef<Value> operands,
                  ConversionPatternRewriter &rewriter) const override {
    if (!isShapeAssertion(op) || operands.empty())
      return rewriter.notifyMatchFailure(op, "not a shape assertion");
    auto message =
        dyn_cast_or_null<StringAttr>(gf::getAttr(op, "error_message"));
    Location loc = op->getLoc();
    Value holds =
        tensor::ExtractOp::create(rewriter, loc, operands[0], ValueRange{});
    cf::AssertOp::create(rewriter, loc, holds,
                         message ? message.getValue()
                                 : StringRef("JAX shape assertion failed"));
    rewriter.eraseOp(op);
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Pass
//===----------------------------------------------------------------------===//

std::string supportedOperations() {
  std::string list;
  for (StringRef name : kElementwiseOps)
    list += (list.empty() ? "" : ", ") + name.drop_front(10).str();
  for (StringRef name : kShapeOps)
    list += ", " + name.drop_front(10).str();
  return list + ", custom_call @shape_assertion and JAX's permutation loop";
}

struct LegalizeJAXStableHLOPass
    : public linalgx::impl::LegalizeJAXStableHLOBase<LegalizeJAXStableHLOPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    replacePermutationLoops(module);

    // Each operation outside what the import takes is an error of its own,
    // so that the user sees all of them at once (but not again for what is
    // nested in them).
    bool unsupported = false;
    module.walk<WalkOrder::PreOrder>([&](Operation *op) {
      if (!isStableHLO(op) || isCaseReturn(op))
        return WalkResult::advance();
      // A reduce's body is read by its pattern, which takes only the
      // bodies JAX writes.
      bool isReduce = op->getName().getStringRef() == "stablehlo.reduce";
      if (isReduce && !reduceCombiner(op)) {
        op->emitError() << "'stablehlo.reduce' is lowered only with a body "
                           "that is one add, multiply, and, or, minimum or "
                           "maximum of its two arguments (JAX's sums, "
                           "products, any and all)";
        unsupported = true;
        return WalkResult::skip();
      }
      if (isLowered(op))
        return isReduce ? WalkResult::skip() : WalkResult::advance();
      InFlightDiagnostic diagnostic =
          op->emitError()
          << "'" << op->getName()
          << "' is not one of the StableHLO operations linalgx's JAX import "
             "lowers (it lowers only what JAX writes around its LU: "
          << supportedOperations() << ")";
      if (op->getName().getStringRef() == "stablehlo.custom_call")
        if (auto target = dyn_cast_or_null<StringAttr>(
                gf::getAttr(op, "call_target_name")))
          diagnostic << "; this custom call targets @" << target.getValue();
      unsupported = true;
      return WalkResult::skip();
    });
    if (unsupported)
      return signalPassFailure();

    MLIRContext *context = &getContext();
    RewritePatternSet patterns(context);
    populateLegalizeJAXStableHLOPatterns(patterns);
    ConversionTarget target(*context);
    target.addLegalDialect<
        arith::ArithDialect, cf::ControlFlowDialect, complex::ComplexDialect,
        func::FuncDialect, linalg::LinalgDialect, LinalgXDialect,
        math::MathDialect, scf::SCFDialect, tensor::TensorDialect>();
    target.addIllegalDialect("stablehlo");
    // An operation the import takes fails only when it is malformed: its
    // generic form is read unverified.
    ScopedDiagnosticHandler explain(context, [](Diagnostic &diagnostic) {
      if (diagnostic.getSeverity() == DiagnosticSeverity::Error &&
          StringRef(diagnostic.str()).starts_with("failed to legalize"))
        diagnostic.attachNote()
            << "its operand or result types or its attributes are not ones "
               "StableHLO allows for it (the generic form is read without "
               "StableHLO's verifier)";
      return failure(); // Reported as usual, with the note.
    });
    if (failed(applyPartialConversion(module, target, std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace

void mlir::linalgx::populateLegalizeJAXStableHLOPatterns(
    RewritePatternSet &patterns) {
  MLIRContext *context = patterns.getContext();
  for (StringRef name : kElementwiseOps)
    patterns.add<ElementwisePattern>(name, context);
  patterns.add<IotaPattern>("stablehlo.iota", context);
  patterns.add<IotaPattern>("stablehlo.dynamic_iota", context);
  patterns.add<BroadcastPattern>("stablehlo.broadcast_in_dim", context);
  patterns.add<BroadcastPattern>("stablehlo.dynamic_broadcast_in_dim", context);
  patterns.add<ReshapePattern>("stablehlo.reshape", context);
  patterns.add<ReshapePattern>("stablehlo.dynamic_reshape", context);
  patterns.add<ConstantPattern, ConcatenatePattern, SlicePattern,
               TransposePattern, ReducePattern, CasePattern, CaseReturnPattern,
               GetDimensionSizePattern, ShapeAssertionPattern>(context);
  patterns.add<GatherPattern>("stablehlo.gather", context);
  patterns.add<GatherPattern>("stablehlo.dynamic_gather", context);
}
