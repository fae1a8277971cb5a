//===- LinalgXOps.cpp - linalgx operations ----------------------*- C++ -*-===//
//
// Builders, verifiers and memory effects of the linalgx operations. The
// verifiers enforce the contract (docs/design.md, "The contract") and name, in
// every message, the offending operand together with the expected and the
// actual type.
//
//===----------------------------------------------------------------------===//

#include "linalgx/Dialect/LinalgX/IR/LinalgXOps.h"

#include "mlir/Dialect/Bufferization/IR/BufferizableOpInterface.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Diagnostics.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::linalgx;

//===----------------------------------------------------------------------===//
// Shared verification helpers
//===----------------------------------------------------------------------===//

/// Formats a shape as `[d0, d1, ...]`, `?` for dynamic sizes.
static std::string formatShape(ArrayRef<int64_t> shape) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << "[";
  llvm::interleaveComma(shape, os, [&](int64_t size) {
    if (ShapedType::isDynamic(size))
      os << "?";
    else
      os << size;
  });
  os << "]";
  return text;
}

/// Whether two sizes can describe the same run-time extent.
static bool sizesCompatible(int64_t lhs, int64_t rhs) {
  return ShapedType::isDynamic(lhs) || ShapedType::isDynamic(rhs) || lhs == rhs;
}

static bool shapesCompatible(ArrayRef<int64_t> lhs, ArrayRef<int64_t> rhs) {
  return lhs.size() == rhs.size() &&
         llvm::all_of(llvm::zip_equal(lhs, rhs), [](auto pair) {
           return sizesCompatible(std::get<0>(pair), std::get<1>(pair));
         });
}

static bool isIndexElementType(Type type) {
  return type.isSignlessInteger(32) || type.isSignlessInteger(64);
}

static bool isLuElementType(Type type) {
  if (type.isF32() || type.isF64())
    return true;
  auto complexType = dyn_cast<ComplexType>(type);
  return complexType && (complexType.getElementType().isF32() ||
                         complexType.getElementType().isF64());
}

/// Checks that the pivot element type can hold every index of a dimension of
/// static size `size` (0-based, so up to size - 1).
static LogicalResult verifyIndicesFit(Operation *op, StringRef what,
                                      int64_t size, ShapedType pivotsType) {
  unsigned width = pivotsType.getElementType().getIntOrFloatBitWidth();
  if (ShapedType::isDynamic(size) || width >= 64 ||
      size - 1 <= (int64_t(1) << (width - 1)) - 1)
    return success();
  return op->emitOpError() << "'pivots' of type " << pivotsType
                           << " cannot hold " << what << " indices up to "
                           << size - 1 << "; use i64 pivots";
}

/// Checks that every operand is a tensor or every operand is a memref, and
/// that the results match: one per `outs` operand, of the same type, for
/// tensors; none for memrefs.
static LogicalResult verifyDestinationStyle(Operation *op,
                                            ArrayRef<StringRef> operandNames) {
  Value first = op->getOperand(0);
  bool onTensors = isa<RankedTensorType>(first.getType());
  for (auto [operand, name] :
       llvm::zip_equal(op->getOperands(), operandNames)) {
    if (isa<RankedTensorType>(operand.getType()) == onTensors)
      continue;
    return op->emitOpError()
           << "operands must be all tensors or all memrefs, but '"
           << operandNames.front() << "' is " << first.getType() << " and '"
           << name << "' is " << operand.getType();
  }

  auto dstOp = cast<DestinationStyleOpInterface>(op);
  if (!onTensors) {
    if (op->getNumResults() != 0)
      return op->emitOpError()
             << "has memref operands and must have no results, but has "
             << op->getNumResults();
    return success();
  }
  if (op->getNumResults() != static_cast<unsigned>(dstOp.getNumDpsInits()))
    return op->emitOpError()
           << "has tensor operands and must return one result per 'outs' "
              "operand ("
           << dstOp.getNumDpsInits() << "), but returns "
           << op->getNumResults();
  for (OpOperand &init : dstOp.getDpsInitsMutable()) {
    OpResult result = dstOp.getTiedOpResult(&init);
    if (result.getType() == init.get().getType())
      continue;
    return op->emitOpError()
           << "result #" << result.getResultNumber() << " must have the type "
           << "of its 'outs' operand '" << operandNames[init.getOperandNumber()]
           << "', expected " << init.get().getType() << ", but got "
           << result.getType();
  }
  return success();
}

/// Adds the memory effects of a destination-style op on buffers: its inputs
/// are read and its inits written (never read: every op here overwrites its
/// outputs completely). Ops on tensors have no memory effects.
static void getDestinationStyleEffects(
    DestinationStyleOpInterface op,
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  if (op.hasPureTensorSemantics())
    return;
  for (OpOperand *input : op.getDpsInputOperands())
    effects.emplace_back(MemoryEffects::Read::get(), input,
                         SideEffects::DefaultResource::get());
  for (OpOperand &init : op.getDpsInitsMutable())
    effects.emplace_back(MemoryEffects::Write::get(), &init,
                         SideEffects::DefaultResource::get());
}

/// The result types of a destination-style op built from its `outs`
/// operands: the init types on tensors, nothing on memrefs.
static SmallVector<Type> resultTypesFromInits(ValueRange inits) {
  SmallVector<Type> types;
  for (Value init : inits)
    if (isa<RankedTensorType>(init.getType()))
      types.push_back(init.getType());
  return types;
}

//===----------------------------------------------------------------------===//
// LuOp
//===----------------------------------------------------------------------===//

void LuOp::build(OpBuilder &builder, OperationState &state, Value input,
                 Value lu, Value pivots, Value info, Value permutation,
                 bool oneBased) {
  SmallVector<Value> inits = {lu, pivots, info};
  if (permutation)
    inits.push_back(permutation);
  build(builder, state, resultTypesFromInits(inits), input, lu, pivots, info,
        permutation, oneBased);
}

LogicalResult LuOp::verify() {
  auto inputType = cast<ShapedType>(getInput().getType());
  if (inputType.getRank() < 2)
    return emitOpError() << "'input' must have rank >= 2 (shape [B..., M, N]), "
                            "but got "
                         << inputType;
  if (!isLuElementType(inputType.getElementType()))
    return emitOpError() << "'input' must have element type f32, f64, "
                            "complex<f32> or complex<f64>, but got "
                         << inputType;

  StringRef operandNames[] = {"input", "lu", "pivots", "info", "permutation"};
  if (failed(verifyDestinationStyle(
          *this, ArrayRef(operandNames).take_front(getNumOperands()))))
    return failure();

  ArrayRef<int64_t> shape = inputType.getShape();
  int64_t batchRank = getBatchRank();
  ArrayRef<int64_t> batchShape = shape.take_front(batchRank);
  int64_t m = shape[batchRank], n = shape[batchRank + 1];

  auto luType = cast<ShapedType>(getLu().getType());
  if (luType.getElementType() != inputType.getElementType() ||
      !shapesCompatible(luType.getShape(), shape))
    return emitOpError() << "'lu' must have the shape and element type of "
                            "'input', expected shape "
                         << formatShape(shape) << " of "
                         << inputType.getElementType() << ", but got "
                         << luType;

  // K = min(M, N) is only known when both matrix sizes are.
  int64_t k = ShapedType::isDynamic(m) || ShapedType::isDynamic(n)
                  ? ShapedType::kDynamic
                  : std::min(m, n);
  SmallVector<int64_t> expectedPivots(batchShape);
  expectedPivots.push_back(k);
  auto pivotsType = cast<ShapedType>(getPivots().getType());
  if (!isIndexElementType(pivotsType.getElementType()))
    return emitOpError() << "'pivots' must have element type i32 or i64, but "
                            "got "
                         << pivotsType;
  if (failed(verifyIndicesFit(*this, "row", m, pivotsType)))
    return failure();
  if (!shapesCompatible(pivotsType.getShape(), expectedPivots))
    return emitOpError() << "'pivots' must have shape [B..., K] = "
                         << formatShape(expectedPivots)
                         << " with K = min(M, N), but got " << pivotsType;

  auto infoType = cast<ShapedType>(getInfo().getType());
  if (infoType.getElementType() != pivotsType.getElementType())
    return emitOpError() << "'info' must have the element type of 'pivots' ("
                         << pivotsType.getElementType() << "), but got "
                         << infoType;
  if (!shapesCompatible(infoType.getShape(), batchShape))
    return emitOpError() << "'info' must have the batch shape [B...] = "
                         << formatShape(batchShape) << ", but got " << infoType;

  if (!getPermutation())
    return success();
  auto permutationType = cast<ShapedType>(getPermutation().getType());
  SmallVector<int64_t> expectedPermutation(batchShape);
  expectedPermutation.push_back(m);
  if (permutationType.getElementType() != pivotsType.getElementType())
    return emitOpError() << "'permutation' must have the element type of "
                            "'pivots' ("
                         << pivotsType.getElementType() << "), but got "
                         << permutationType;
  if (!shapesCompatible(permutationType.getShape(), expectedPermutation))
    return emitOpError() << "'permutation' must have shape [B..., M] = "
                         << formatShape(expectedPermutation)
                         << " (a permutation of the rows), but got "
                         << permutationType;
  // Both are written, and a kernel may write them concurrently.
  if (isa<MemRefType>(pivotsType) && getPivots() == getPermutation())
    return emitOpError() << "'pivots' and 'permutation' must be different "
                            "buffers";
  return success();
}

void LuOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  getDestinationStyleEffects(*this, effects);
}

//===----------------------------------------------------------------------===//
// PivotsToPermutationOp
//===----------------------------------------------------------------------===//

void PivotsToPermutationOp::build(OpBuilder &builder, OperationState &state,
                                  Value pivots, Value permutation,
                                  bool oneBased) {
  build(builder, state, resultTypesFromInits(permutation), pivots, permutation,
        oneBased);
}

LogicalResult PivotsToPermutationOp::verify() {
  auto pivotsType = cast<ShapedType>(getPivots().getType());
  if (pivotsType.getRank() < 1)
    return emitOpError() << "'pivots' must have rank >= 1 (shape [B..., K]), "
                            "but got "
                         << pivotsType;
  if (!isIndexElementType(pivotsType.getElementType()))
    return emitOpError() << "'pivots' must have element type i32 or i64, but "
                            "got "
                         << pivotsType;

  if (failed(verifyDestinationStyle(*this, {"pivots", "permutation"})))
    return failure();

  auto permutationType = cast<ShapedType>(getPermutation().getType());
  // The permutation is initialized before the pivots are read, so the two
  // buffers must not be the same (on tensors, bufferization separates them).
  if (isa<MemRefType>(pivotsType) && getPivots() == getPermutation())
    return emitOpError() << "'pivots' and 'permutation' must be different "
                            "buffers: the permutation is written while the "
                            "pivots are read";
  if (permutationType.getElementType() != pivotsType.getElementType())
    return emitOpError() << "'permutation' must have the element type of "
                            "'pivots' ("
                         << pivotsType.getElementType() << "), but got "
                         << permutationType;
  if (permutationType.getRank() != pivotsType.getRank())
    return emitOpError() << "'permutation' must have the rank of 'pivots' ("
                         << pivotsType.getRank()
                         << ", shape [B..., N]), but "
                            "got "
                         << permutationType;

  int64_t batchRank = getBatchRank();
  ArrayRef<int64_t> batchShape = pivotsType.getShape().take_front(batchRank);
  int64_t k = pivotsType.getShape().back();
  int64_t n = permutationType.getShape().back();
  if (!shapesCompatible(permutationType.getShape().take_front(batchRank),
                        batchShape)) {
    SmallVector<int64_t> expected(batchShape);
    expected.push_back(n);
    return emitOpError() << "'permutation' must have the batch shape of "
                            "'pivots', expected shape "
                         << formatShape(expected) << ", but got "
                         << permutationType;
  }
  if (failed(verifyIndicesFit(*this, "permutation", n, pivotsType)))
    return failure();
  if (!ShapedType::isDynamic(k) && !ShapedType::isDynamic(n) && n < k)
    return emitOpError() << "'permutation' must have a last dimension N >= K "
                            "= "
                         << k << " (the number of pivots), but got "
                         << permutationType;
  return success();
}

void PivotsToPermutationOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  getDestinationStyleEffects(*this, effects);
}

//===----------------------------------------------------------------------===//
// LuSolveOp
//===----------------------------------------------------------------------===//

void LuSolveOp::build(OpBuilder &builder, OperationState &state, Value lu,
                      Value pivots, Value rhs, Value solution,
                      LuSolveTrans trans, bool oneBased) {
  build(builder, state, resultTypesFromInits(solution), lu, pivots, rhs,
        solution, trans, oneBased);
}

/// Checks the factors and pivots that `linalgx.lu` wrote, as the ops that
/// read them take them: `lu` [B..., N, N] of an LU element type and
/// `pivots` [B..., N] of i32 or i64. Returns N (dynamic if unknown).
static FailureOr<int64_t> verifyFactors(Operation *op, Value lu, Value pivots) {
  auto luType = cast<ShapedType>(lu.getType());
  if (luType.getRank() < 2)
    return op->emitOpError() << "'lu' must have rank >= 2 (shape [B..., N, "
                                "N]), but got "
                             << luType;
  if (!isLuElementType(luType.getElementType()))
    return op->emitOpError() << "'lu' must have element type f32, f64, "
                                "complex<f32> or complex<f64>, but got "
                             << luType;
  ArrayRef<int64_t> shape = luType.getShape();
  int64_t batchRank = luType.getRank() - 2;
  int64_t m = shape[batchRank], n = shape[batchRank + 1];
  if (!sizesCompatible(m, n))
    return op->emitOpError() << "'lu' must hold square factors [B..., N, N], "
                                "but got "
                             << luType;
  if (ShapedType::isDynamic(n))
    n = m;

  auto pivotsType = cast<ShapedType>(pivots.getType());
  SmallVector<int64_t> expectedPivots(shape.take_front(batchRank));
  expectedPivots.push_back(n);
  if (!isIndexElementType(pivotsType.getElementType()))
    return op->emitOpError() << "'pivots' must have element type i32 or i64, "
                                "but got "
                             << pivotsType;
  if (!shapesCompatible(pivotsType.getShape(), expectedPivots))
    return op->emitOpError()
           << "'pivots' must have shape [B..., N] = "
           << formatShape(expectedPivots) << ", but got " << pivotsType;
  return n;
}

/// Checks `rhs` ([B..., N, R] of `elementType`) and `solution` (the same
/// shape and type) of an op solving for N unknowns per matrix.
static LogicalResult verifyRightHandSides(Operation *op, Type elementType,
                                          ArrayRef<int64_t> batchShape,
                                          int64_t n, Value rhs,
                                          Value solution) {
  auto rhsType = cast<ShapedType>(rhs.getType());
  SmallVector<int64_t> expectedRhs(batchShape);
  expectedRhs.push_back(n);
  if (rhsType.getElementType() != elementType ||
      rhsType.getRank() != static_cast<int64_t>(batchShape.size()) + 2 ||
      !shapesCompatible(rhsType.getShape().drop_back(), expectedRhs)) {
    expectedRhs.push_back(ShapedType::kDynamic);
    return op->emitOpError() << "'rhs' must have shape [B..., N, R] = "
                             << formatShape(expectedRhs) << " of "
                             << elementType << ", but got " << rhsType;
  }
  auto solutionType = cast<ShapedType>(solution.getType());
  if (solutionType.getElementType() != rhsType.getElementType() ||
      !shapesCompatible(solutionType.getShape(), rhsType.getShape()))
    return op->emitOpError()
           << "'solution' must have the shape and element type of 'rhs', "
              "expected "
           << formatShape(rhsType.getShape()) << " of "
           << rhsType.getElementType() << ", but got " << solutionType;
  return success();
}

LogicalResult LuSolveOp::verify() {
  if (failed(
          verifyDestinationStyle(*this, {"lu", "pivots", "rhs", "solution"})))
    return failure();
  FailureOr<int64_t> n = verifyFactors(*this, getLu(), getPivots());
  if (failed(n))
    return failure();
  auto luType = cast<ShapedType>(getLu().getType());
  ArrayRef<int64_t> batchShape = luType.getShape().take_front(getBatchRank());

  if (failed(verifyRightHandSides(*this, luType.getElementType(), batchShape,
                                  *n, getRhs(), getSolution())))
    return failure();
  // The right-hand sides are read while the solution is written, row by
  // row: a solution sharing memory with the factors would overwrite them.
  if (isa<MemRefType>(luType) && getSolution() == getLu())
    return emitOpError() << "'solution' and 'lu' must be different buffers";
  return success();
}

void LuSolveOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  getDestinationStyleEffects(*this, effects);
}

/// Checks that `a` holds a batch of square matrices [B..., N, N] of an
/// element type linalgx.lu takes; returns N (dynamic if both sizes are).
static FailureOr<int64_t> verifySquareMatrices(Operation *op, Value a) {
  auto aType = cast<ShapedType>(a.getType());
  if (aType.getRank() < 2 || !isLuElementType(aType.getElementType()))
    return op->emitOpError()
           << "'a' must have rank >= 2 (shape [B..., N, N]) and element type "
              "f32, f64, complex<f32> or complex<f64>, but got "
           << aType;
  int64_t m = aType.getShape().drop_back().back(), n = aType.getShape().back();
  if (!sizesCompatible(m, n))
    return op->emitOpError()
           << "'a' must hold square matrices [B..., N, N], but got " << aType;
  return ShapedType::isDynamic(n) ? m : n;
}

//===----------------------------------------------------------------------===//
// LuDetOp and LuSlogdetOp
//===----------------------------------------------------------------------===//

/// Checks that `value` (named `name`) has the batch shape of `matrices`
/// ([B...] of [B..., N, N]) and element type `elementType`.
static LogicalResult verifyPerMatrixResult(Operation *op, StringRef name,
                                           Value value, Value matrices,
                                           Type elementType) {
  auto type = cast<ShapedType>(value.getType());
  ArrayRef<int64_t> batchShape =
      cast<ShapedType>(matrices.getType()).getShape().drop_back(2);
  if (type.getElementType() == elementType &&
      shapesCompatible(type.getShape(), batchShape))
    return success();
  return op->emitOpError() << "'" << name << "' must have shape [B...] = "
                           << formatShape(batchShape) << " of " << elementType
                           << ", but got " << type;
}

void LuDetOp::build(OpBuilder &builder, OperationState &state, Value lu,
                    Value pivots, Value det, bool oneBased) {
  build(builder, state, resultTypesFromInits(det), lu, pivots, det, oneBased);
}

LogicalResult LuDetOp::verify() {
  if (failed(verifyDestinationStyle(*this, {"lu", "pivots", "det"})) ||
      failed(verifyFactors(*this, getLu(), getPivots())))
    return failure();
  return verifyPerMatrixResult(
      *this, "det", getDet(), getLu(),
      cast<ShapedType>(getLu().getType()).getElementType());
}

void LuDetOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  getDestinationStyleEffects(*this, effects);
}

void LuSlogdetOp::build(OpBuilder &builder, OperationState &state, Value lu,
                        Value pivots, Value sign, Value logabsdet,
                        bool oneBased) {
  build(builder, state, resultTypesFromInits({sign, logabsdet}), lu, pivots,
        sign, logabsdet, oneBased);
}

/// Checks slogdet's results for the matrices `matrices` ([B..., N, N]).
static LogicalResult verifySlogdetResults(Operation *op, Value matrices,
                                          Value sign, Value logabsdet) {
  Type elementType = cast<ShapedType>(matrices.getType()).getElementType();
  Type realType = elementType;
  if (auto complexType = dyn_cast<ComplexType>(elementType))
    realType = complexType.getElementType();
  if (failed(verifyPerMatrixResult(op, "sign", sign, matrices, elementType)) ||
      failed(verifyPerMatrixResult(op, "logabsdet", logabsdet, matrices,
                                   realType)))
    return failure();
  if (isa<MemRefType>(sign.getType()) && sign == logabsdet)
    return op->emitOpError()
           << "'sign' and 'logabsdet' must be different buffers";
  return success();
}

LogicalResult LuSlogdetOp::verify() {
  if (failed(verifyDestinationStyle(*this,
                                    {"lu", "pivots", "sign", "logabsdet"})) ||
      failed(verifyFactors(*this, getLu(), getPivots())))
    return failure();
  return verifySlogdetResults(*this, getLu(), getSign(), getLogabsdet());
}

void LuSlogdetOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  getDestinationStyleEffects(*this, effects);
}

//===----------------------------------------------------------------------===//
// SolveOp
//===----------------------------------------------------------------------===//

void SolveOp::build(OpBuilder &builder, OperationState &state, Value a,
                    Value rhs, Value solution, Value info) {
  build(builder, state, resultTypesFromInits({solution, info}), a, rhs,
        solution, info);
}

LogicalResult SolveOp::verify() {
  if (failed(verifyDestinationStyle(*this, {"a", "rhs", "solution", "info"})))
    return failure();
  FailureOr<int64_t> n = verifySquareMatrices(*this, getA());
  if (failed(n))
    return failure();
  auto aType = cast<ShapedType>(getA().getType());
  ArrayRef<int64_t> batchShape = aType.getShape().take_front(getBatchRank());
  if (failed(verifyRightHandSides(*this, aType.getElementType(), batchShape, *n,
                                  getRhs(), getSolution())))
    return failure();
  auto infoType = cast<ShapedType>(getInfo().getType());
  if (!isIndexElementType(infoType.getElementType()) ||
      !shapesCompatible(infoType.getShape(), batchShape))
    return emitOpError() << "'info' must have shape [B...] = "
                         << formatShape(batchShape)
                         << " of i32 or i64, but got " << infoType;
  // The factorization overwrites its matrix: it must not be the solution's.
  if (isa<MemRefType>(aType) && getSolution() == getA())
    return emitOpError() << "'solution' and 'a' must be different buffers";
  return success();
}

void SolveOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  getDestinationStyleEffects(*this, effects);
}

//===----------------------------------------------------------------------===//
// DetOp and SlogdetOp
//===----------------------------------------------------------------------===//

void DetOp::build(OpBuilder &builder, OperationState &state, Value a,
                  Value det) {
  build(builder, state, resultTypesFromInits(det), a, det);
}

LogicalResult DetOp::verify() {
  if (failed(verifyDestinationStyle(*this, {"a", "det"})) ||
      failed(verifySquareMatrices(*this, getA())))
    return failure();
  return verifyPerMatrixResult(
      *this, "det", getDet(), getA(),
      cast<ShapedType>(getA().getType()).getElementType());
}

void DetOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  getDestinationStyleEffects(*this, effects);
}

void SlogdetOp::build(OpBuilder &builder, OperationState &state, Value a,
                      Value sign, Value logabsdet) {
  build(builder, state, resultTypesFromInits({sign, logabsdet}), a, sign,
        logabsdet);
}

LogicalResult SlogdetOp::verify() {
  if (failed(verifyDestinationStyle(*this, {"a", "sign", "logabsdet"})) ||
      failed(verifySquareMatrices(*this, getA())))
    return failure();
  return verifySlogdetResults(*this, getA(), getSign(), getLogabsdet());
}

void SlogdetOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  getDestinationStyleEffects(*this, effects);
}

#include "linalgx/Dialect/LinalgX/IR/LinalgXEnums.cpp.inc"

#define GET_OP_CLASSES
#include "linalgx/Dialect/LinalgX/IR/LinalgXOps.cpp.inc"
