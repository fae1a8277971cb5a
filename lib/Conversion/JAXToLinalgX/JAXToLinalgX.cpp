//===- JAXToLinalgX.cpp - JAX's LU custom calls to linalgx ------*- C++ -*-===//
//
// (Also `lu_solve`'s pair of triangular solves; see its section below.)
//
// `jax.export` lowers `jax.lax.linalg.lu` on CPU and GPU to StableHLO custom
// calls into JAX's own kernels:
//
//   %0:3 = "stablehlo.custom_call"(%a) <{call_target_name =
//       "cusolver_getrf_ffi", operand_layouts = [dense<[1, 2, 0]>],
//       result_layouts = [dense<[1, 2, 0]>, dense<[1, 0]>, dense<0>]}>
//       {mhlo.frontend_attributes = {num_batch_dims = "1"}}
//       : (tensor<64x75x75xf64>) -> (lu, 1-based pivots, info)
//   %2 = "stablehlo.subtract"(%0#1, %ones)            // 0-based pivots
//   %9 = "stablehlo.custom_call"(%2) <{call_target_name =
//       "cu_lu_pivots_to_permutation", ...}>        // 0-based pivots in
//
// The StableHLO dialect is not available here, so the module is read in the
// generic form, as unregistered operations, and the custom calls are matched
// by name with their attributes read generically (inherent attributes are in
// the properties dictionary of an unregistered operation).
//
// Layouts. XLA layouts are minor-to-major dimension orders describing how a
// logical tensor is stored; the getrf kernels read the buffer as column-major
// matrices. The custom call computes the LU of the *logical* [B..., M, N]
// matrix only because JAX asks for the layout [R-2, R-1, R-3, ..., 0], which
// stores each matrix column-major with the batch row-major. Any other layout
// would make the kernel factor a different (e.g. transposed) matrix, so it
// is rejected rather than guessed at.
//
//===----------------------------------------------------------------------===//

#include "GenericForm.h"
#include "linalgx/Conversion/Passes.h"
#include "linalgx/Dialect/LinalgX/IR/LinalgXDialect.h"
#include "linalgx/Dialect/LinalgX/IR/LinalgXOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/ImplicitLocOpBuilder.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <optional>

namespace mlir::linalgx {
#define GEN_PASS_DEF_CONVERTJAXTOLINALGX
#include "linalgx/Conversion/Passes.h.inc"
} // namespace mlir::linalgx

using namespace mlir;
using namespace mlir::linalgx;

namespace {

constexpr llvm::StringLiteral kCustomCall = "stablehlo.custom_call";

//===----------------------------------------------------------------------===//
// Recognizing the calls
//===----------------------------------------------------------------------===//

enum class CallKind { Getrf, PivotsToPermutation };

/// What the call target name says: the operation and, for LAPACK's
/// type-prefixed names, the element type letter (s, d, c, z).
struct CallTarget {
  StringRef name;
  CallKind kind;
  char lapackType = 0;
};

std::optional<CallTarget> classify(Operation *op) {
  if (op->getName().getStringRef() != kCustomCall)
    return std::nullopt;
  auto nameAttr = dyn_cast_or_null<StringAttr>(
      generic_form::getAttr(op, "call_target_name"));
  if (!nameAttr)
    return std::nullopt;
  StringRef name = nameAttr.getValue();
  if (name == "cusolver_getrf_ffi" || name == "hipsolver_getrf_ffi")
    return CallTarget{name, CallKind::Getrf};
  if (name == "cu_lu_pivots_to_permutation" ||
      name == "hip_lu_pivots_to_permutation")
    return CallTarget{name, CallKind::PivotsToPermutation};
  // lapack_{s,d,c,z}getrf_ffi
  if (name.size() == StringRef("lapack_sgetrf_ffi").size() &&
      name.starts_with("lapack_") && name.ends_with("getrf_ffi") &&
      StringRef("sdcz").contains(name[7]))
    return CallTarget{name, CallKind::Getrf, name[7]};
  return std::nullopt;
}

std::string formatLayout(ArrayRef<int64_t> layout) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << '[';
  llvm::interleaveComma(layout, os);
  os << ']';
  return text;
}

/// XLA's default layout: row-major, minor-to-major [R-1, ..., 0].
SmallVector<int64_t> rowMajorLayout(int64_t rank) {
  return llvm::to_vector(llvm::reverse(llvm::seq<int64_t>(0, rank)));
}

/// JAX's layout for a batch of column-major matrices:
/// [R-2, R-1, R-3, ..., 0].
SmallVector<int64_t> columnMajorMatrixLayout(int64_t rank) {
  SmallVector<int64_t> layout = {rank - 2, rank - 1};
  llvm::append_range(layout, rowMajorLayout(rank - 2));
  return layout;
}

/// LAPACK's type letter of a matrix element type (0 if it has none).
char lapackTypeLetter(Type element) {
  if (element.isF32())
    return 's';
  if (element.isF64())
    return 'd';
  if (auto complex = dyn_cast<ComplexType>(element)) {
    if (complex.getElementType().isF32())
      return 'c';
    if (complex.getElementType().isF64())
      return 'z';
  }
  return 0;
}

StringRef lapackTypeName(char letter) {
  switch (letter) {
  case 's':
    return "f32";
  case 'd':
    return "f64";
  case 'c':
    return "complex<f32>";
  default:
    return "complex<f64>";
  }
}

/// `type` as MLIR prints it, for messages.
std::string formatType(Type type) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << type;
  return text;
}

//===----------------------------------------------------------------------===//
// Checking the form of a call
//===----------------------------------------------------------------------===//

/// A JAX LU custom call whose form has been checked.
struct JAXLuCall {
  CallTarget target;
  /// The matrix (getrf) or the pivots (permutation).
  Value operand;
  /// Result shapes as operands (JAX's shape-polymorphic form), one per
  /// result; empty in the static form.
  SmallVector<Value> shapeOperands;
};

class FormChecker {
public:
  FormChecker(Operation *op, CallTarget target) : op(op), target(target) {}

  FailureOr<JAXLuCall> check(std::string *reason) {
    JAXLuCall call{target, Value(), {}};
    if (failed(checkPlacement()) || failed(checkOperandsAndResults(call)) ||
        failed(checkTypes(call)) || failed(checkBatchDims()) ||
        failed(checkLayouts(call)) || failed(checkConfig())) {
      if (reason)
        *reason = std::move(message);
      return failure();
    }
    return call;
  }

private:
  /// Starts the failure message; returns the stream to complete it.
  llvm::raw_string_ostream &fail() {
    message.clear();
    return stream;
  }

  bool isGetrf() const { return target.kind == CallKind::Getrf; }
  unsigned expectedResults() const { return isGetrf() ? 3 : 1; }
  /// Trailing non-batch dimensions of the main operand.
  int64_t coreRank() const { return isGetrf() ? 2 : 1; }

  /// An unregistered op may be a terminator, so a call that ends a block
  /// that needs one verifies; its replacement (linalgx ops) would leave the
  /// block without a terminator. JAX never ends a block with a custom call.
  LogicalResult checkPlacement() {
    Operation *parent = op->getParentOp();
    if (op != &op->getBlock()->back() || !parent ||
        parent->hasTrait<OpTrait::NoTerminator>())
      return success();
    fail() << "it ends its block, where '" << parent->getName()
           << "' needs a terminator (JAX places its custom calls before "
              "the block's terminator)";
    return failure();
  }

  LogicalResult checkOperandsAndResults(JAXLuCall &call) {
    if (op->getNumRegions() != 0 || op->getNumSuccessors() != 0) {
      fail() << "expected no regions and no successors";
      return failure();
    }
    if (op->getNumResults() != expectedResults()) {
      fail() << "expected " << expectedResults() << " result"
             << (expectedResults() == 1 ? "" : "s")
             << (isGetrf() ? " (lu, pivots, info)" : " (permutation)")
             << ", found " << op->getNumResults();
      return failure();
    }
    if (op->getNumOperands() == 0) {
      fail() << "expected the " << (isGetrf() ? "matrix" : "pivots")
             << " as operand 0, found no operands";
      return failure();
    }
    call.operand = op->getOperand(0);

    // Shape-polymorphic form: the result shapes are extra operands, listed
    // by `indices_of_shape_operands` (one per result, in order).
    Attribute indicesAttr =
        generic_form::getAttr(op, "indices_of_shape_operands");
    if (!indicesAttr) {
      if (op->getNumOperands() != 1) {
        fail() << "expected 1 operand, found " << op->getNumOperands()
               << " (and no indices_of_shape_operands)";
        return failure();
      }
      return success();
    }
    auto indices = dyn_cast<DenseIntElementsAttr>(indicesAttr);
    if (!indices || indices.getType().getRank() != 1 ||
        indices.getNumElements() != op->getNumResults() ||
        op->getNumOperands() != 1 + op->getNumResults()) {
      fail() << "indices_of_shape_operands must name one shape operand per "
                "result after the "
             << (isGetrf() ? "matrix" : "pivots") << " (expected "
             << 1 + op->getNumResults() << " operands)";
      return failure();
    }
    SmallVector<bool> used(op->getNumOperands(), false);
    for (auto [result, index] : llvm::enumerate(indices.getValues<APInt>())) {
      // Wider than 64 bits (e.g. i128) need not fit in int64_t.
      std::optional<int64_t> i = index.trySExtValue();
      if (!i || *i < 1 || *i >= static_cast<int64_t>(op->getNumOperands()) ||
          used[*i]) {
        llvm::raw_string_ostream &os = fail();
        os << "indices_of_shape_operands[" << result << "] = ";
        index.print(os, /*isSigned=*/true);
        os << " is not a distinct shape operand index in [1, "
           << op->getNumOperands() << ")";
        return failure();
      }
      used[*i] = true;
      Value shape = op->getOperand(*i);
      auto shapeType = dyn_cast<RankedTensorType>(shape.getType());
      auto resultType =
          dyn_cast<RankedTensorType>(op->getResult(result).getType());
      if (!shapeType || shapeType.getRank() != 1 ||
          !shapeType.getElementType().isSignlessInteger() || !resultType ||
          shapeType.getDimSize(0) != resultType.getRank()) {
        fail() << "shape operand " << *i << " of result " << result
               << " must be a 1-D integer tensor with one entry per "
                  "dimension of the result, found "
               << formatType(shape.getType());
        return failure();
      }
      call.shapeOperands.push_back(shape);
    }
    return success();
  }

  LogicalResult checkTypes(const JAXLuCall &call) {
    auto type = dyn_cast<RankedTensorType>(call.operand.getType());
    if (!type || type.getRank() < coreRank()) {
      fail() << "expected operand 0 to be a ranked tensor of rank >= "
             << coreRank()
             << (isGetrf() ? " ([batch..., M, N])" : " ([batch..., K])")
             << ", found " << formatType(call.operand.getType());
      return failure();
    }
    Builder b(op->getContext());
    Type i32 = b.getI32Type();
    int64_t rank = type.getRank();
    ArrayRef<int64_t> shape = type.getShape();
    ArrayRef<int64_t> batch = shape.drop_back(coreRank());

    auto expectResult = [&](unsigned index, RankedTensorType expected,
                            StringRef what) -> LogicalResult {
      if (op->getResult(index).getType() == expected)
        return success();
      fail() << "expected result " << index << " (" << what << ") of type "
             << formatType(expected) << ", found "
             << formatType(op->getResult(index).getType());
      return failure();
    };

    if (isGetrf()) {
      Type element = type.getElementType();
      if (!lapackTypeLetter(element)) {
        fail() << "expected an f32, f64, complex<f32> or complex<f64> "
                  "matrix, found "
               << formatType(type);
        return failure();
      }
      if (target.lapackType && lapackTypeLetter(element) != target.lapackType) {
        fail() << "call target " << target.name << " is for "
               << lapackTypeName(target.lapackType) << " matrices, found "
               << formatType(type);
        return failure();
      }
      int64_t m = shape[rank - 2], n = shape[rank - 1];
      int64_t k = ShapedType::isDynamic(m) || ShapedType::isDynamic(n)
                      ? ShapedType::kDynamic
                      : std::min(m, n);
      SmallVector<int64_t> pivotShape(batch);
      pivotShape.push_back(k);
      return success(
          succeeded(expectResult(0, type, "lu")) &&
          succeeded(expectResult(1, RankedTensorType::get(pivotShape, i32),
                                 "1-based pivots")) &&
          succeeded(
              expectResult(2, RankedTensorType::get(batch, i32), "info")));
    }

    if (type.getElementType() != i32) {
      fail() << "expected i32 pivots, found " << formatType(type);
      return failure();
    }
    auto resultType = dyn_cast<RankedTensorType>(op->getResult(0).getType());
    if (!resultType || resultType.getElementType() != i32 ||
        resultType.getRank() != rank ||
        resultType.getShape().drop_back() != batch) {
      SmallVector<int64_t> expected(batch);
      expected.push_back(ShapedType::kDynamic);
      fail() << "expected the permutation of type "
             << formatType(RankedTensorType::get(expected, i32))
             << " (the pivots' batch dimensions, then N), found "
             << formatType(op->getResult(0).getType());
      return failure();
    }
    int64_t k = shape.back(), n = resultType.getShape().back();
    if (!ShapedType::isDynamic(k) && !ShapedType::isDynamic(n) && n < k) {
      fail() << "the permutation size " << n
             << " is smaller than the number of pivots " << k;
      return failure();
    }
    if (ShapedType::isDynamic(n) && call.shapeOperands.empty()) {
      fail() << "a dynamic permutation size needs the shape operand of "
                "JAX's shape-polymorphic form (indices_of_shape_operands)";
      return failure();
    }
    return success();
  }

  /// `mhlo.frontend_attributes = {num_batch_dims = "N"}` tells XLA's
  /// partitioner which dimensions are batch dimensions. JAX sets it on every
  /// static-shape call and omits it in the shape-polymorphic form.
  LogicalResult checkBatchDims() {
    int64_t rank =
        cast<RankedTensorType>(op->getOperand(0).getType()).getRank();
    int64_t expected = rank - coreRank();
    auto frontend = dyn_cast_or_null<DictionaryAttr>(
        generic_form::getAttr(op, "mhlo.frontend_attributes"));
    Attribute value = frontend ? frontend.get("num_batch_dims") : Attribute();
    if (!value) {
      if (generic_form::getAttr(op, "indices_of_shape_operands"))
        return success();
      fail() << "missing mhlo.frontend_attributes = {num_batch_dims = \""
             << expected << "\"}";
      return failure();
    }
    auto text = dyn_cast<StringAttr>(value);
    int64_t count;
    if (!text || text.getValue().getAsInteger(10, count) || count != expected) {
      fail() << "num_batch_dims = " << value << " does not match operand 0 of "
             << "rank " << rank << " (expected \"" << expected
             << "\": the operand is "
             << (isGetrf() ? "[batch..., M, N]" : "[batch..., K]") << ")";
      return failure();
    }
    return success();
  }

  LogicalResult
  checkLayoutList(StringRef name, unsigned count,
                  function_ref<SmallVector<int64_t>(unsigned)> expected,
                  function_ref<StringRef(unsigned)> what) {
    auto list = dyn_cast_or_null<ArrayAttr>(generic_form::getAttr(op, name));
    if (!list) {
      fail() << "missing " << name
             << " (JAX always gives them; the kernel's reading of the "
                "buffers depends on them)";
      return failure();
    }
    if (list.size() != count) {
      fail() << "expected " << count << " entries in " << name << ", found "
             << list.size();
      return failure();
    }
    for (unsigned i = 0; i < count; ++i) {
      SmallVector<int64_t> want = expected(i);
      auto layout = dyn_cast<DenseIntElementsAttr>(list[i]);
      SmallVector<int64_t> found;
      // Entries wider than 64 bits that do not fit in int64_t match nothing.
      bool fits = true;
      if (layout)
        for (const APInt &v : layout.getValues<APInt>()) {
          std::optional<int64_t> entry = v.trySExtValue();
          if (!entry) {
            fits = false;
            break;
          }
          found.push_back(*entry);
        }
      if (!layout || !fits || found != want) {
        llvm::raw_string_ostream &os = fail();
        os << name << "[" << i << "] (" << what(i) << ") is ";
        if (layout && fits)
          os << formatLayout(found);
        else
          os << list[i];
        os << ", expected " << formatLayout(want);
        if (want.size() >= 2 && want == columnMajorMatrixLayout(want.size()))
          os << " (minor to major: the column-major matrices that "
             << target.name << " reads)";
        else
          os << " (minor to major: row-major)";
        return failure();
      }
    }
    return success();
  }

  LogicalResult checkLayouts(const JAXLuCall &call) {
    auto rankOf = [&](Value v) {
      return cast<RankedTensorType>(v.getType()).getRank();
    };
    int64_t rank = rankOf(call.operand);
    auto isShapeOperand = [&](unsigned i) { return i != 0; };
    auto operandLayout = [&](unsigned i) -> SmallVector<int64_t> {
      if (isShapeOperand(i))
        return rowMajorLayout(1);
      return isGetrf() ? columnMajorMatrixLayout(rank) : rowMajorLayout(rank);
    };
    auto operandWhat = [&](unsigned i) -> StringRef {
      if (isShapeOperand(i))
        return "shape";
      return isGetrf() ? "matrix" : "pivots";
    };
    if (failed(checkLayoutList("operand_layouts", op->getNumOperands(),
                               operandLayout, operandWhat)))
      return failure();

    auto resultLayout = [&](unsigned i) -> SmallVector<int64_t> {
      if (!isGetrf())
        return rowMajorLayout(rank);
      if (i == 0)
        return columnMajorMatrixLayout(rank);
      return rowMajorLayout(rank - i); // pivots: R-1, info: R-2
    };
    auto resultWhat = [&](unsigned i) -> StringRef {
      if (!isGetrf())
        return "permutation";
      return i == 0 ? "lu" : i == 1 ? "pivots" : "info";
    };
    return checkLayoutList("result_layouts", op->getNumResults(), resultLayout,
                           resultWhat);
  }

  /// JAX's typed-FFI calls carry their attributes in `mhlo.backend_config`
  /// (the getrf kernels take none); the permutation kernel may be given
  /// `permutation_size`, which must then agree with the result.
  LogicalResult checkConfig() {
    if (Attribute version = generic_form::getAttr(op, "api_version")) {
      auto integer = dyn_cast<IntegerAttr>(version);
      if (!integer || integer.getInt() != 4) {
        fail() << "expected the typed-FFI custom call (api_version = 4), "
                  "found api_version = "
               << version;
        return failure();
      }
    }
    if (auto called = generic_form::getAttr(op, "called_computations")) {
      auto list = dyn_cast<ArrayAttr>(called);
      if (!list || !list.empty()) {
        fail() << "expected no called_computations, found " << called;
        return failure();
      }
    }
    if (Attribute config = generic_form::getAttr(op, "backend_config")) {
      auto text = dyn_cast<StringAttr>(config);
      auto dict = dyn_cast<DictionaryAttr>(config);
      if (!(text && text.getValue().empty()) && !(dict && dict.empty())) {
        fail() << "unexpected backend_config " << config;
        return failure();
      }
    }
    Attribute mhloConfig = generic_form::getAttr(op, "mhlo.backend_config");
    if (!mhloConfig)
      return success();
    auto dict = dyn_cast<DictionaryAttr>(mhloConfig);
    if (!dict) {
      fail() << "expected a dictionary as mhlo.backend_config, found "
             << mhloConfig;
      return failure();
    }
    for (NamedAttribute entry : dict) {
      if (!isGetrf() && entry.getName() == "permutation_size") {
        auto size = dyn_cast<IntegerAttr>(entry.getValue());
        int64_t n = cast<RankedTensorType>(op->getResult(0).getType())
                        .getShape()
                        .back();
        if (size && (ShapedType::isDynamic(n) || size.getInt() == n))
          continue;
        fail() << "mhlo.backend_config permutation_size = " << entry.getValue()
               << " does not match the permutation's last dimension";
        return failure();
      }
      fail() << "unexpected entry '" << entry.getName().getValue()
             << "' in mhlo.backend_config (" << target.name
             << " takes no attributes)";
      return failure();
    }
    return success();
  }

  Operation *op;
  CallTarget target;
  std::string message;
  llvm::raw_string_ostream stream{message};
};

FailureOr<JAXLuCall> checkCall(Operation *op, std::string *reason) {
  std::optional<CallTarget> target = classify(op);
  if (!target) {
    if (reason)
      *reason = "not one of JAX's LU custom calls";
    return failure();
  }
  return FormChecker(op, *target).check(reason);
}

//===----------------------------------------------------------------------===//
// Rewriting
//===----------------------------------------------------------------------===//

/// `tensor.empty` of `type`, its dynamic sizes given by `sizeOf(dim)`.
Value createEmpty(ImplicitLocOpBuilder &b, RankedTensorType type,
                  function_ref<Value(int64_t)> sizeOf) {
  SmallVector<Value> dynamicSizes;
  for (int64_t dim = 0; dim < type.getRank(); ++dim)
    if (type.isDynamicDim(dim))
      dynamicSizes.push_back(sizeOf(dim));
  return tensor::EmptyOp::create(b, type, dynamicSizes);
}

/// Whether `value` is a tensor of ones: a splat constant, or a broadcast of
/// one, as JAX's `full_like_aval(1, ...)` produces.
bool isSplatOne(Value value) {
  Operation *def = value.getDefiningOp();
  if (!def)
    return false;
  StringRef name = def->getName().getStringRef();
  if ((name == "stablehlo.broadcast_in_dim" && def->getNumOperands() == 1) ||
      (name == "stablehlo.dynamic_broadcast_in_dim" &&
       def->getNumOperands() >= 2)) {
    def = def->getOperand(0).getDefiningOp();
    if (!def)
      return false;
    name = def->getName().getStringRef();
  }
  if (name != "stablehlo.constant" && name != "arith.constant")
    return false;
  auto splat = dyn_cast_or_null<DenseIntElementsAttr>(
      generic_form::getAttr(def, "value"));
  return splat && splat.isSplat() && splat.getSplatValue<APInt>().isOne();
}

/// Whether `user` is `stablehlo.subtract(pivots, ones)`: JAX turning the
/// kernel's 1-based pivots into 0-based ones.
bool isPivotRebase(Operation *user, Value pivots) {
  return user->getName().getStringRef() == "stablehlo.subtract" &&
         user->getNumOperands() == 2 && user->getNumResults() == 1 &&
         user->getNumRegions() == 0 && user->getOperand(0) == pivots &&
         user->getOperand(1) != pivots &&
         user->getResult(0).getType() == pivots.getType() &&
         isSplatOne(user->getOperand(1));
}

/// Erases the ones of a folded rebase when nothing else uses them: the
/// broadcast, then the constant it broadcasts (pure StableHLO ops).
void eraseDeadOnes(PatternRewriter &rewriter, Value ones) {
  Operation *def = ones.getDefiningOp();
  while (def && def->use_empty() &&
         def->getName().getDialectNamespace() == "stablehlo" &&
         def->getNumRegions() == 0 && def->getNumResults() == 1) {
    StringRef name = def->getName().getStringRef();
    Operation *next = nullptr;
    if (name == "stablehlo.broadcast_in_dim" ||
        name == "stablehlo.dynamic_broadcast_in_dim")
      next = def->getOperand(0).getDefiningOp();
    else if (name != "stablehlo.constant")
      return;
    rewriter.eraseOp(def);
    def = next;
  }
}

struct JAXLuPattern : public RewritePattern {
  JAXLuPattern(MLIRContext *context, CallKind kind)
      : RewritePattern(kCustomCall, /*benefit=*/1, context), kind(kind) {}

  LogicalResult matchAndRewrite(Operation *op,
                                PatternRewriter &rewriter) const override {
    std::optional<CallTarget> target = classify(op);
    if (!target || target->kind != kind)
      return rewriter.notifyMatchFailure(op, "not the JAX custom call of "
                                             "this pattern");
    std::string reason;
    FailureOr<JAXLuCall> call = checkCall(op, &reason);
    if (failed(call))
      return rewriter.notifyMatchFailure(op, reason);
    ImplicitLocOpBuilder b(op->getLoc(), rewriter);
    if (kind == CallKind::Getrf)
      rewriteGetrf(op, *call, b, rewriter);
    else
      rewritePermutation(op, *call, b, rewriter);
    return success();
  }

private:
  static void rewriteGetrf(Operation *op, const JAXLuCall &call,
                           ImplicitLocOpBuilder &b, PatternRewriter &rewriter) {
    Value input = call.operand;
    auto inputType = cast<RankedTensorType>(input.getType());
    int64_t rank = inputType.getRank();
    DenseMap<int64_t, Value> dims;
    auto dimOf = [&](int64_t dim) -> Value {
      Value &size = dims[dim];
      if (!size)
        size = tensor::DimOp::create(b, input, dim);
      return size;
    };
    auto resultType = [&](unsigned i) {
      return cast<RankedTensorType>(op->getResult(i).getType());
    };

    Value lu0 = createEmpty(b, resultType(0), dimOf);
    Value pivots0 = createEmpty(b, resultType(1), [&](int64_t dim) -> Value {
      if (dim < rank - 2)
        return dimOf(dim);
      return arith::MinUIOp::create(b, dimOf(rank - 2), dimOf(rank - 1));
    });
    Value info0 = createEmpty(b, resultType(2), dimOf);
    auto lu = LuOp::create(b, input, lu0, pivots0, info0);
    Value pivots = lu.getResult(1);

    // The kernel's pivots are 1-based. JAX subtracts 1 right away: that
    // subtraction is folded into the 0-based pivots of linalgx.lu.
    Value oneBasedPivots = op->getResult(1);
    SmallVector<Operation *> users(oneBasedPivots.getUsers());
    for (Operation *user : users) {
      if (!isPivotRebase(user, oneBasedPivots))
        continue;
      Value ones = user->getOperand(1);
      rewriter.replaceOp(user, pivots);
      eraseDeadOnes(rewriter, ones);
    }

    // Any other use still sees 1-based pivots: pivots + 1, as a linalg.map
    // (which One-Shot Bufferize handles, unlike arith on tensors).
    Value replacement = pivots;
    if (!oneBasedPivots.use_empty()) {
      RankedTensorType type = resultType(1);
      Value init = createEmpty(b, type, [&](int64_t dim) -> Value {
        return tensor::DimOp::create(b, pivots, dim);
      });
      auto addOne = linalg::MapOp::create(
          b, ValueRange{pivots}, init,
          [](OpBuilder &nested, Location loc, ValueRange args) {
            Value one = arith::ConstantIntOp::create(nested, loc,
                                                     nested.getI32Type(), 1);
            Value sum = arith::AddIOp::create(nested, loc, args[0], one);
            linalg::YieldOp::create(nested, loc, sum);
          });
      replacement = addOne.getResult().front();
    }
    rewriter.replaceOp(op, {lu.getResult(0), replacement, lu.getResult(2)});
  }

  static void rewritePermutation(Operation *op, const JAXLuCall &call,
                                 ImplicitLocOpBuilder &b,
                                 PatternRewriter &rewriter) {
    Value pivots = call.operand;
    auto type = cast<RankedTensorType>(op->getResult(0).getType());
    int64_t rank = type.getRank();
    Value permutation0 = createEmpty(b, type, [&](int64_t dim) -> Value {
      if (dim < rank - 1)
        return tensor::DimOp::create(b, pivots, dim);
      // The permutation size N is known from the result shape operand.
      Value shape = call.shapeOperands.front();
      Value index = arith::ConstantIndexOp::create(b, dim);
      Value size = tensor::ExtractOp::create(b, shape, ValueRange{index});
      return arith::IndexCastOp::create(b, b.getIndexType(), size);
    });
    // JAX's permutation kernels take 0-based pivots and skip out-of-range
    // ones, which is linalgx.pivots_to_permutation without one_based.
    auto permutation = PivotsToPermutationOp::create(b, pivots, permutation0,
                                                     /*oneBased=*/false);
    rewriter.replaceOp(op, permutation.getResult(0));
  }

  CallKind kind;
};

//===----------------------------------------------------------------------===//
// JAX's lu_solve: two triangular solves with the factors
//===----------------------------------------------------------------------===//

/// Whether layout list `name` of `op` holds `entries` entries whose first
/// `count` are JAX's column-major matrix layout for a tensor of rank `rank`
/// (the others are those of shape operands).
bool hasColumnMajorLayouts(Operation *op, StringRef name, unsigned count,
                           int64_t rank, unsigned entries = 0) {
  auto list = dyn_cast_or_null<ArrayAttr>(generic_form::getAttr(op, name));
  if (!list || list.size() != std::max(count, entries))
    return false;
  SmallVector<int64_t> want = columnMajorMatrixLayout(rank);
  return llvm::all_of(list.getValue().take_front(count), [&](Attribute entry) {
    auto layout = dyn_cast<DenseIntElementsAttr>(entry);
    return layout && llvm::equal(layout.getValues<APInt>(), want,
                                 [](const APInt &found, int64_t wanted) {
                                   // Wider than 64 bits matches nothing.
                                   std::optional<int64_t> entry =
                                       found.trySExtValue();
                                   return entry && *entry == wanted;
                                 });
  });
}

/// One of the triangular solves `jax.lax.linalg.lu_solve` writes for
/// A·X = B (L·Y = P·B with L's unit diagonal, then U·X = Y), both on the
/// factors getrf left: LAPACK's trsm custom call on the CPU,
/// `stablehlo.triangular_solve` on GPUs.
struct TriangularSolve {
  Operation *op;
  Value factors, rhs;
  bool lower, unitDiagonal;

  /// Whether `op` is a triangular solve of either form, checked or not.
  static bool isCandidate(Operation *op) {
    if (op->getName().getStringRef() == "stablehlo.triangular_solve")
      return true;
    auto name = dyn_cast_or_null<StringAttr>(
        generic_form::getAttr(op, "call_target_name"));
    return op->getName().getStringRef() == kCustomCall && name &&
           name.getValue().starts_with("lapack_") &&
           name.getValue().ends_with("trsm_ffi");
  }

  /// `op` as a left-side solve with the untransposed factors, or nullopt
  /// (with `reason`) for any other form.
  static std::optional<TriangularSolve> of(Operation *op, std::string &reason) {
    // Shape-polymorphic exports give the custom call its result's shape as
    // a third operand.
    unsigned shapeOperands =
        generic_form::getAttr(op, "indices_of_shape_operands") ? 1 : 0;
    if (op->getNumOperands() != 2 + shapeOperands || op->getNumResults() != 1 ||
        op->getNumRegions() != 0) {
      reason = "expected two operands (the factors, the right-hand sides) "
               "and one result";
      return std::nullopt;
    }
    auto factorsType = dyn_cast<RankedTensorType>(op->getOperand(0).getType());
    auto rhsType = dyn_cast<RankedTensorType>(op->getOperand(1).getType());
    int64_t rank = factorsType ? factorsType.getRank() : 0;
    if (!factorsType || !rhsType || rank < 2 || rhsType.getRank() != rank ||
        op->getResult(0).getType() != rhsType ||
        rhsType.getElementType() != factorsType.getElementType() ||
        !lapackTypeLetter(factorsType.getElementType())) {
      reason = "expected factors [B..., N, N] and right-hand sides and result "
               "[B..., N, R] of one type f32, f64, complex<f32> or "
               "complex<f64>";
      return std::nullopt;
    }
    TriangularSolve solve{op, op->getOperand(0), op->getOperand(1), false,
                          false};
    bool known = op->getName().getStringRef() == kCustomCall
                     ? solve.readLapackConfig(factorsType.getElementType())
                     : solve.readStableHLOAttributes();
    if (!known) {
      reason = "expected a left-side solve with the untransposed factors, "
               "as jax.lax.linalg.lu_solve writes (of the element type "
               "its name says, in column-major layouts)";
      return std::nullopt;
    }
    return solve;
  }

private:
  /// lapack_{s,d,c,z}trsm_ffi: the type letter, column-major layouts and
  /// the LAPACK characters of mhlo.backend_config (side 'L', trans 'N').
  bool readLapackConfig(Type element) {
    StringRef name =
        cast<StringAttr>(generic_form::getAttr(op, "call_target_name"))
            .getValue();
    int64_t rank = cast<RankedTensorType>(factors.getType()).getRank();
    auto config =
        dyn_cast_or_null<DictionaryAttr>(op->getAttr("mhlo.backend_config"));
    if (name.size() != StringRef("lapack_strsm_ffi").size() ||
        name[7] != lapackTypeLetter(element) || !config ||
        !hasColumnMajorLayouts(op, "operand_layouts", 2, rank,
                               op->getNumOperands()) ||
        !hasColumnMajorLayouts(op, "result_layouts", 1, rank))
      return false;
    auto character = [&](StringRef key) -> char {
      auto value = dyn_cast_or_null<IntegerAttr>(config.get(key));
      return value ? static_cast<char>(value.getValue().getZExtValue()) : 0;
    };
    char uplo = character("uplo"), diag = character("diag");
    lower = uplo == 'L';
    unitDiagonal = diag == 'U';
    return character("side") == 'L' && character("trans_x") == 'N' &&
           (uplo == 'L' || uplo == 'U') && (diag == 'U' || diag == 'N');
  }

  bool readStableHLOAttributes() {
    auto flag = [&](StringRef name) -> std::optional<bool> {
      if (auto value =
              dyn_cast_or_null<BoolAttr>(generic_form::getAttr(op, name)))
        return value.getValue();
      return std::nullopt;
    };
    std::optional<bool> leftSide = flag("left_side"), isLower = flag("lower"),
                        unit = flag("unit_diagonal");
    std::optional<StringRef> transpose =
        generic_form::getEnum(op, "transpose_a", "transpose");
    if (!leftSide || !*leftSide || !isLower || !unit || !transpose ||
        *transpose != "NO_TRANSPOSE")
      return false;
    lower = *isLower;
    unitDiagonal = *unit;
    return true;
  }
};

/// The L·Y = P·B solve whose result, unchanged but for reshapes that
/// return to its shape, is the right-hand side of `upper` (U·X = Y) with
/// the same factors, each value on the way used once; and those reshapes.
std::optional<TriangularSolve>
lowerPartner(const TriangularSolve &upper,
             SmallVectorImpl<Operation *> &reshapes) {
  Value value = upper.rhs;
  while (Operation *def = value.getDefiningOp()) {
    if (!value.hasOneUse())
      return std::nullopt;
    StringRef name = def->getName().getStringRef();
    if ((name == "stablehlo.reshape" && def->getNumOperands() == 1) ||
        (name == "stablehlo.dynamic_reshape" && def->getNumOperands() == 2)) {
      reshapes.push_back(def);
      value = def->getOperand(0);
      continue;
    }
    std::string reason;
    std::optional<TriangularSolve> lower =
        TriangularSolve::isCandidate(def) ? TriangularSolve::of(def, reason)
                                          : std::nullopt;
    if (!lower || !lower->lower || !lower->unitDiagonal ||
        lower->factors != upper.factors ||
        lower->rhs.getType() != upper.rhs.getType())
      return std::nullopt;
    return lower;
  }
  return std::nullopt;
}

/// Whether `op` is the U·X = Y solve of a pair JAX's lu_solve writes.
bool isLuSolvePair(Operation *op) {
  std::string reason;
  std::optional<TriangularSolve> upper = TriangularSolve::of(op, reason);
  SmallVector<Operation *> reshapes;
  return upper && !upper->lower && !upper->unitDiagonal &&
         lowerPartner(*upper, reshapes);
}

/// The pair becomes `linalgx.lu_solve` of the factors with pivots that
/// exchange nothing (0, 1, ..., N-1): JAX has already applied P to B (a
/// gather by the permutation), and what is left is exactly getrs's two
/// triangular solves.
struct JAXLuSolvePattern : public RewritePattern {
  JAXLuSolvePattern(StringRef rootName, MLIRContext *context)
      : RewritePattern(rootName, /*benefit=*/1, context) {}

  LogicalResult matchAndRewrite(Operation *op,
                                PatternRewriter &rewriter) const override {
    std::string reason;
    std::optional<TriangularSolve> upper = TriangularSolve::isCandidate(op)
                                               ? TriangularSolve::of(op, reason)
                                               : std::nullopt;
    if (!upper || upper->lower || upper->unitDiagonal)
      return rewriter.notifyMatchFailure(op, "not U·X = Y");
    SmallVector<Operation *> reshapes;
    std::optional<TriangularSolve> lower = lowerPartner(*upper, reshapes);
    if (!lower)
      return rewriter.notifyMatchFailure(op, "no L·Y = P·B solve feeds it");

    ImplicitLocOpBuilder b(op->getLoc(), rewriter);
    Value rhs = lower->rhs, factors = upper->factors;
    auto rhsType = cast<RankedTensorType>(rhs.getType());
    auto factorsType = cast<RankedTensorType>(factors.getType());
    int64_t rank = factorsType.getRank();
    auto pivotsType = RankedTensorType::get(factorsType.getShape().drop_back(),
                                            b.getI32Type());
    Value pivots0 = createEmpty(b, pivotsType, [&](int64_t dim) -> Value {
      return tensor::DimOp::create(b, factors, dim);
    });
    auto identity = linalg::GenericOp::create(
        b, TypeRange{pivotsType}, ValueRange(), ValueRange{pivots0},
        ArrayRef<AffineMap>{b.getMultiDimIdentityMap(rank - 1)},
        SmallVector<utils::IteratorType>(rank - 1,
                                         utils::IteratorType::parallel),
        [&](OpBuilder &nested, Location loc, ValueRange) {
          Value row = linalg::IndexOp::create(nested, loc, rank - 2);
          Value pivot =
              arith::IndexCastOp::create(nested, loc, nested.getI32Type(), row);
          linalg::YieldOp::create(nested, loc, pivot);
        });
    Value solution0 = createEmpty(b, rhsType, [&](int64_t dim) -> Value {
      return tensor::DimOp::create(b, rhs, dim);
    });
    auto solve =
        LuSolveOp::create(b, factors, identity.getResult(0), rhs, solution0);
    rewriter.replaceOp(op, solve.getResult(0));
    for (Operation *reshape : reshapes)
      rewriter.eraseOp(reshape);
    rewriter.eraseOp(lower->op);
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Pass
//===----------------------------------------------------------------------===//

struct ConvertJAXToLinalgXPass
    : public linalgx::impl::ConvertJAXToLinalgXBase<ConvertJAXToLinalgXPass> {
  void runOnOperation() override {
    // Check every call first, so that each one JAX would not have produced
    // is reported with its location instead of being silently left behind.
    SmallVector<Operation *> calls;
    bool invalid = false;
    getOperation()->walk([&](Operation *op) {
      if (TriangularSolve::isCandidate(op)) {
        invalid |= failed(checkTriangularSolve(op));
        if (!invalid && isLuSolvePair(op))
          calls.push_back(op);
        return;
      }
      std::optional<CallTarget> target = classify(op);
      if (!target)
        return;
      std::string reason;
      if (failed(checkCall(op, &reason))) {
        op->emitError() << "cannot import JAX's custom call @" << target->name
                        << ": " << reason;
        invalid = true;
        return;
      }
      calls.push_back(op);
    });
    if (invalid)
      return signalPassFailure();
    if (failed(rewriteCalls(calls)))
      return signalPassFailure();
    // A triangular solve left is not half of lu_solve's pair.
    getOperation()->walk([&](Operation *op) {
      if (!TriangularSolve::isCandidate(op))
        return;
      op->emitError() << "cannot import " << describeSolve(op)
                      << ": only the two triangular solves of "
                         "jax.lax.linalg.lu_solve (L·Y = P·B, then U·X = Y "
                         "with the same factors) become linalgx.lu_solve";
      invalid = true;
    });
    if (invalid)
      signalPassFailure();
  }

private:
  /// Rewrites `calls` (and nothing else: no folding, no constant CSE).
  LogicalResult rewriteCalls(ArrayRef<Operation *> calls) {
    if (calls.empty())
      return success();
    RewritePatternSet patterns(&getContext());
    populateJAXToLinalgXPatterns(patterns);
    GreedyRewriteConfig config;
    config.setStrictness(GreedyRewriteStrictness::ExistingOps)
        .enableFolding(false)
        .enableConstantCSE(false);
    bool allErased = false;
    if (succeeded(applyOpPatternsGreedily(calls, std::move(patterns), config,
                                          /*changed=*/nullptr, &allErased)) &&
        allErased)
      return success();
    return getOperation()->emitError()
           << "convert-jax-to-linalgx: some JAX LU custom calls were not "
              "rewritten";
  }

  static std::string describeSolve(Operation *op) {
    if (op->getName().getStringRef() != kCustomCall)
      return "'stablehlo.triangular_solve'";
    return "JAX's custom call @" +
           cast<StringAttr>(generic_form::getAttr(op, "call_target_name"))
               .getValue()
               .str();
  }

  static LogicalResult checkTriangularSolve(Operation *op) {
    std::string reason;
    if (TriangularSolve::of(op, reason))
      return success();
    return op->emitError() << "cannot import " << describeSolve(op) << ": "
                           << reason;
  }
};

} // namespace

bool mlir::linalgx::isJAXLuCustomCall(Operation *op) {
  return classify(op).has_value();
}

LogicalResult mlir::linalgx::checkJAXLuCustomCall(Operation *op,
                                                  std::string *reason) {
  return success(succeeded(checkCall(op, reason)));
}

void mlir::linalgx::populateJAXToLinalgXPatterns(RewritePatternSet &patterns) {
  patterns.add<JAXLuPattern>(patterns.getContext(), CallKind::Getrf);
  patterns.add<JAXLuPattern>(patterns.getContext(),
                             CallKind::PivotsToPermutation);
  patterns.add<JAXLuSolvePattern>(kCustomCall, patterns.getContext());
  patterns.add<JAXLuSolvePattern>("stablehlo.triangular_solve",
                                  patterns.getContext());
}
