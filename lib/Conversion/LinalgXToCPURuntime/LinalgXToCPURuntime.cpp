//===- LinalgXToCPURuntime.cpp - linalgx.lu to CPU runtime calls -*- C++ -*-===//
//
// The fast CPU lowering of linalgx.lu: one call of the CPU runtime
// (runtime/cpu, linalgxCpuGetrf) per op, for the whole batch. The runtime
// implements the same contract as the reference loops of
// convert-linalgx-to-loops, with LAPACK for large matrices and a vectorized
// kernel and a thread pool for batches of small ones.
//
//===----------------------------------------------------------------------===//

#include "linalgx/Conversion/Passes.h"
#include "linalgx/Conversion/RuntimeCalls.h"
#include "linalgx/Dialect/LinalgX/IR/LinalgXOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/ImplicitLocOpBuilder.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/DialectConversion.h"
#include "llvm/ADT/StringSwitch.h"

namespace mlir::linalgx {
#define GEN_PASS_DEF_CONVERTLINALGXTOCPURUNTIME
#include "linalgx/Conversion/Passes.h.inc"
} // namespace mlir::linalgx

using namespace mlir;
using namespace mlir::linalgx;

std::optional<CPULuStrategy>
mlir::linalgx::parseCPULuStrategy(llvm::StringRef text) {
  return llvm::StringSwitch<std::optional<CPULuStrategy>>(text)
      .Case("auto", CPULuStrategy::Auto)
      .Case("loops", CPULuStrategy::Loops)
      .Case("lapack", CPULuStrategy::Lapack)
      .Case("unblocked", CPULuStrategy::Unblocked)
      .Default(std::nullopt);
}

bool mlir::linalgx::cpuRuntimeHasLapack() {
  // Defined by CMake for the whole build when OpenBLAS was found, i.e. when
  // runtime/cpu links it.
#ifdef LINALGX_CPU_RUNTIME_HAS_LAPACK_CONFIGURED
  return true;
#else
  return false;
#endif
}

namespace {

/// The `strategy` argument of linalgxCpuGetrf (LinalgxCpuGetrfStrategy in
/// runtime/cpu/include/linalgx/CpuRuntime.h).
int32_t runtimeStrategyCode(CPULuStrategy strategy) {
  switch (strategy) {
  case CPULuStrategy::Auto:
    return 0;
  case CPULuStrategy::Lapack:
    return 1;
  case CPULuStrategy::Unblocked:
    return 2;
  case CPULuStrategy::Loops:
    break;
  }
  llvm_unreachable("the loops strategy makes no runtime call");
}

/// void linalgxCpuGetrf(int32_t elemType, int32_t indexBits,
///                      const void *input, void *lu, void *pivots,
///                      void *info, int64_t batch, int64_t m, int64_t n,
///                      int32_t strategy)
FunctionType getrfFunctionType(MLIRContext *context) {
  Builder b(context);
  Type i32 = b.getI32Type(), i64 = b.getI64Type();
  Type ptr = LLVM::LLVMPointerType::get(context);
  return b.getFunctionType({i32, i32, ptr, ptr, ptr, ptr, i64, i64, i64, i32},
                           {});
}

func::FuncOp getOrDeclareGetrf(ModuleOp module) {
  return getOrDeclareRuntimeFunction(module, kCpuGetrfFunctionName,
                                     getrfFunctionType(module.getContext()));
}

/// The runtime reads the operands as dense row-major arrays from their
/// aligned pointers, which is what an identity layout guarantees (offset 0,
/// canonical strides).
bool hasIdentityLayout(Value value) {
  auto type = dyn_cast<MemRefType>(value.getType());
  return type && type.getLayout().isIdentity();
}

struct LuOpToCpuRuntime : public OpRewritePattern<LuOp> {
  LuOpToCpuRuntime(MLIRContext *context, CPULuStrategy strategy)
      : OpRewritePattern(context), strategy(strategy) {}

  LogicalResult matchAndRewrite(LuOp op,
                                PatternRewriter &rewriter) const override {
    if (!op.hasPureBufferSemantics())
      return rewriter.notifyMatchFailure(
          op, "expected memref operands; run one-shot-bufferize first");
    if (!hasIdentityLayout(op.getLu()) || !hasIdentityLayout(op.getPivots()) ||
        !hasIdentityLayout(op.getInfo()))
      return rewriter.notifyMatchFailure(
          op, "lu, pivots and info must have identity layouts for the "
              "runtime; left to convert-linalgx-to-loops");
    auto module = op->getParentOfType<ModuleOp>();
    if (!module)
      return rewriter.notifyMatchFailure(op, "not inside a module");

    ImplicitLocOpBuilder b(op.getLoc(), rewriter);
    Value lu = op.getLu(), pivots = op.getPivots(), info = op.getInfo();
    // The runtime reads a dense input itself (each matrix right before it
    // factors it, which spares a pass over the whole batch); any other
    // input is copied into `lu` first and factored in place.
    Value input = op.getInput();
    if (!hasIdentityLayout(input)) {
      memref::CopyOp::create(b, input, lu);
      input = lu;
    }

    // The batch dimensions are contiguous: the runtime sees one flat batch.
    int64_t batchRank = op.getBatchRank();
    Value batch = arith::ConstantIndexOp::create(b, 1);
    for (int64_t dim = 0; dim < batchRank; ++dim)
      batch = arith::MulIOp::create(b, batch,
                                    memref::DimOp::create(b, lu, dim));
    Value m = memref::DimOp::create(b, lu, batchRank);
    Value n = memref::DimOp::create(b, lu, batchRank + 1);

    auto i64 = [&](Value index) -> Value {
      return arith::IndexCastOp::create(b, b.getI64Type(), index);
    };
    auto i32Constant = [&](int32_t value) -> Value {
      return arith::ConstantIntOp::create(b, value, 32);
    };
    Type elementType = cast<MemRefType>(lu.getType()).getElementType();
    unsigned indexBits =
        cast<MemRefType>(pivots.getType()).getElementType().getIntOrFloatBitWidth();
    func::CallOp::create(
        b, getOrDeclareGetrf(module),
        ValueRange{i32Constant(runtimeElementTypeCode(elementType)),
                   i32Constant(static_cast<int32_t>(indexBits)),
                   alignedPointer(b, input), alignedPointer(b, lu),
                   alignedPointer(b, pivots),
                   alignedPointer(b, info), i64(batch), i64(m), i64(n),
                   i32Constant(runtimeStrategyCode(strategy))});

    // The runtime swaps rows in place as the loops do, so the permutation is
    // the pivots' (lowered by convert-linalgx-to-loops, one pass per matrix).
    if (Value permutation = op.getPermutation())
      PivotsToPermutationOp::create(b, pivots, permutation);

    rewriter.eraseOp(op);
    return success();
  }

  CPULuStrategy strategy;
};

struct ConvertLinalgXToCPURuntimePass
    : public linalgx::impl::ConvertLinalgXToCPURuntimeBase<
          ConvertLinalgXToCPURuntimePass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    std::optional<CPULuStrategy> strategy = parseCPULuStrategy(luStrategy);
    if (!strategy) {
      module.emitError() << "unknown lu-strategy '" << luStrategy
                         << "'; expected auto, loops, lapack or unblocked";
      return signalPassFailure();
    }
    if (*strategy == CPULuStrategy::Lapack && !cpuRuntimeHasLapack()) {
      module.emitError()
          << "lu-strategy=lapack needs the linalgx CPU runtime with LAPACK, "
             "and this linalgx was built without it (OpenBLAS was not found "
             "at configure time: install libopenblas-dev and reconfigure); "
             "use lu-strategy=auto or unblocked";
      return signalPassFailure();
    }
    if (*strategy == CPULuStrategy::Loops)
      return;

    // A symbol of that name that is not the runtime's function would turn
    // the call into a call of something else.
    if (Operation *existing = module.lookupSymbol(kCpuGetrfFunctionName)) {
      auto function = dyn_cast<func::FuncOp>(existing);
      FunctionType expected = getrfFunctionType(module.getContext());
      if (!function || function.getFunctionType() != expected) {
        existing->emitError()
            << "'" << kCpuGetrfFunctionName
            << "' is the linalgx CPU runtime's entry point and must be a "
               "func.func of type "
            << expected;
        return signalPassFailure();
      }
    }

    LinalgXToCPURuntimeOptions options;
    options.luStrategy = *strategy;
    RewritePatternSet patterns(&getContext());
    populateLinalgXToCPURuntimePatterns(patterns, options);
    // Partial conversion with LuOp legal when the pattern cannot take it:
    // those ops (tensors, strided layouts) stay for convert-linalgx-to-loops.
    ConversionTarget target(getContext());
    target.markUnknownOpDynamicallyLegal([](Operation *) { return true; });
    target.addDynamicallyLegalOp<LuOp>([](LuOp op) {
      return !op.hasPureBufferSemantics() || !hasIdentityLayout(op.getLu()) ||
             !hasIdentityLayout(op.getPivots()) ||
             !hasIdentityLayout(op.getInfo());
    });
    if (failed(applyPartialConversion(module, target, std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace

void mlir::linalgx::populateLinalgXToCPURuntimePatterns(
    RewritePatternSet &patterns, const LinalgXToCPURuntimeOptions &options) {
  if (options.luStrategy == CPULuStrategy::Loops)
    return;
  patterns.add<LuOpToCpuRuntime>(patterns.getContext(), options.luStrategy);
}
