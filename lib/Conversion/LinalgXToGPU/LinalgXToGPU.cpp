//===- LinalgXToGPU.cpp - linalgx to gpu kernels and CUDA calls -*- C++ -*-===//
//
// The GPU lowering's patterns and pass. Kernels are generated as
// gpu/scf/memref/arith/nvvm IR, one file per kernel family under Kernels/,
// and compiled by the upstream NVVM pipeline. Which kernel an lu takes is
// decided by LuKernelChoice; the vendor path (VendorLu) calls into the
// linalgx CUDA runtime (runtime/cuda), which runs cuSOLVER or cuBLAS on the
// kernels' stream. Each op becomes one chain of device work (DeviceWork).
//
//===----------------------------------------------------------------------===//

#include "linalgx/Conversion/Passes.h"
#include "linalgx/Dialect/LinalgX/IR/LinalgXOps.h"
#include "linalgx/Dialect/LinalgX/Transforms/Passes.h"

#include "DeviceWork.h"
#include "GPULoweringUtils.h"
#include "Kernels/BlockRegisterLu.h"
#include "Kernels/BlockedLu.h"
#include "Kernels/CyclicLu.h"
#include "Kernels/Determinant.h"
#include "Kernels/LuSolve.h"
#include "Kernels/PanelLu.h"
#include "Kernels/Permutation.h"
#include "Kernels/RegisterLu.h"
#include "Kernels/SharedMemoryLu.h"
#include "Kernels/ThreadLu.h"
#include "LuKernelChoice.h"
#include "VendorLu.h"

#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/ImplicitLocOpBuilder.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/DialectConversion.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/ADT/StringSwitch.h"

#include <functional>
#include <limits>

namespace mlir::linalgx {
#define GEN_PASS_DEF_CONVERTLINALGXTOGPU
#include "linalgx/Conversion/Passes.h.inc"
} // namespace mlir::linalgx

using namespace mlir;
using namespace mlir::linalgx;
using namespace mlir::linalgx::gpu_kernels;

static_assert(kMaxBlockedLuRegisterPanelRows ==
                  BlockedLuShape::kRegisterPanelMaxBlocks *
                      BlockedLuShape::registerPanelMaxRows(4),
              "the option's bound is a cluster's f32 rows in registers");

/// The blocked LU's bounds that its f32 updates take at other sizes than
/// f64's: `f32Value` for f32 and complex<f32>, `f64Value` otherwise.
static int64_t byRealPart(Type elementType, int64_t f64Value,
                          int64_t f32Value) {
  return realPartType(elementType).isF32() ? f32Value : f64Value;
}

namespace {

/// The shared frame of the GPU patterns: check the operands, open the op's
/// device work chain, let the op emit its kernels and calls, close the chain
/// and erase the op.
template <typename OpTy> struct OpToGPUPattern : public OpRewritePattern<OpTy> {
  OpToGPUPattern(MLIRContext *context, const LinalgXToGPUOptions &options)
      : OpRewritePattern<OpTy>(context), options(options) {}

  LogicalResult matchAndRewrite(OpTy op,
                                PatternRewriter &rewriter) const final {
    if (std::optional<std::string> reason =
            whyNotLowerableToGPU(op, options.hostBuffers))
      return rewriter.notifyMatchFailure(op, *reason);
    ImplicitLocOpBuilder b(op.getLoc(), rewriter);
    emit(op, op->template getParentOfType<ModuleOp>(), b);
    rewriter.eraseOp(op);
    return success();
  }

  /// Emits the op's device work: one chain (DeviceWork), or host branches
  /// of complete chains.
  virtual void emit(OpTy op, ModuleOp module,
                    ImplicitLocOpBuilder &b) const = 0;

  LinalgXToGPUOptions options;
};

struct PivotsToPermutationOpToGPU
    : public OpToGPUPattern<PivotsToPermutationOp> {
  using OpToGPUPattern::OpToGPUPattern;

  void emit(PivotsToPermutationOp op, ModuleOp module,
            ImplicitLocOpBuilder &b) const override {
    DeviceWork work(b, options.hostBuffers);
    bool oneBased = op.getOneBased();
    Value pivots = work.input(op.getPivots());
    Value permutation = work.output(op.getPermutation());
    int64_t batchRank = op.getBatchRank();
    Value pivots2d = collapseBatch(b, pivots, batchRank);
    Value permutation2d = collapseBatch(b, permutation, batchRank);

    launchPermutationKernel(module, b, work, pivots2d, permutation2d, oneBased);
    work.finish();
  }
};

/// `then` or `otherwise`, each emitting complete device work: the one that
/// applies where `condition` folded to a constant, else both under an
/// `scf.if` on the host.
void emitEither(ImplicitLocOpBuilder &b, Value condition,
                function_ref<void(ImplicitLocOpBuilder &)> then,
                function_ref<void(ImplicitLocOpBuilder &)> otherwise) {
  if (std::optional<int64_t> known = getConstantIntValue(condition))
    return *known ? then(b) : otherwise(b);
  auto branch = [](function_ref<void(ImplicitLocOpBuilder &)> body) {
    return [body](OpBuilder &nested, Location loc) {
      ImplicitLocOpBuilder nb(loc, nested);
      body(nb);
      scf::YieldOp::create(nb);
    };
  };
  scf::IfOp::create(b, condition, branch(then), branch(otherwise));
}

/// linalgx.lu_solve: the solve kernels (LuSolve.h), or cuSOLVER getrs for
/// a few large systems (luSolveUsesVendor).
struct LuSolveOpToGPU : public OpToGPUPattern<LuSolveOp> {
  using OpToGPUPattern::OpToGPUPattern;

  void emit(LuSolveOp op, ModuleOp module,
            ImplicitLocOpBuilder &b) const override {
    emitEither(
        b, luSolveUsesVendor(b, op),
        [&](ImplicitLocOpBuilder &b) { emitSolve(op, module, b, true); },
        [&](ImplicitLocOpBuilder &b) { emitSolve(op, module, b, false); });
  }

private:
  void emitSolve(LuSolveOp op, ModuleOp module, ImplicitLocOpBuilder &b,
                 bool vendor) const {
    DeviceWork work(b, options.hostBuffers);
    int64_t batchRank = op.getBatchRank();
    Value lu = collapseBatch(b, work.input(op.getLu()), batchRank);
    Value pivots = collapseBatch(b, work.input(op.getPivots()), batchRank);
    Value rhs = collapseBatch(b, work.input(op.getRhs()), batchRank);
    Value solution = collapseBatch(b, work.output(op.getSolution()), batchRank);
    if (vendor) {
      // getrs solves in place: the right-hand sides into the solution.
      work.copyUnlessAliased(solution, rhs);
      emitVendorLuSolve(op, module, b, work, lu, pivots, solution);
    } else {
      launchLuSolveKernel(module, b, work, op, lu, pivots, rhs, solution);
    }
    work.finish();
  }
};

template <typename OpTy>
struct DeterminantOpToGPU : public OpToGPUPattern<OpTy> {
  using OpToGPUPattern<OpTy>::OpToGPUPattern;

  void emit(OpTy op, ModuleOp module, ImplicitLocOpBuilder &b) const override {
    DeviceWork work(b, this->options.hostBuffers);
    int64_t batchRank = op.getBatchRank();
    Value lu = collapseBatch(b, work.input(op.getLu()), batchRank);
    Value pivots = collapseBatch(b, work.input(op.getPivots()), batchRank);
    SmallVector<Value> results;
    for (Value init : op.getDpsInits())
      results.push_back(collapseBatch(b, work.output(init), batchRank));
    launchDeterminantKernel(module, b, work, lu, pivots, results,
                            std::is_same_v<OpTy, LuSlogdetOp>,
                            op.getOneBased());
    work.finish();
  }
};

/// A kernel that computes a linalgx.solve, det or slogdet without writing
/// factors: where it applies (an i1, constant for static shapes), and its
/// launch on device views with the batch flattened (inputs, then outputs,
/// in the op's order).
struct FusedKernel {
  Value applies;
  std::function<void(ImplicitLocOpBuilder &, DeviceWork &, ArrayRef<Value>)>
      launch;
};

/// `low <= memref's size of `dimension` <= high`, folded when the size is
/// static.
Value sizeBetween(ImplicitLocOpBuilder &b, Value memref, int64_t dimension,
                  int64_t low, int64_t high) {
  Value size = b.createOrFold<memref::DimOp>(memref, dimension);
  auto compare = [&](arith::CmpIPredicate predicate, int64_t bound) {
    return b.createOrFold<arith::CmpIOp>(
        predicate, size, arith::ConstantIndexOp::create(b, bound));
  };
  Value atMost = compare(arith::CmpIPredicate::ule, high);
  if (low == 0)
    return atMost;
  return b.createOrFold<arith::AndIOp>(compare(arith::CmpIPredicate::uge, low),
                                       atMost);
}

/// The thread kernel: matrices of at most kThreadLuSize rows.
Value threadKernelApplies(ImplicitLocOpBuilder &b, Value a) {
  return sizeBetween(b, a, cast<MemRefType>(a.getType()).getRank() - 1, 0,
                     kThreadLuSize);
}

/// One-warp real matrices in the block register kernel, their right-hand
/// sides as extra columns: a few of a static count, or one (checked on the
/// host) of a dynamic one.
void appendBlockRegisterSolves(SolveOp op, ModuleOp module,
                               ImplicitLocOpBuilder &b,
                               SmallVectorImpl<FusedKernel> &kernels) {
  auto aType = cast<MemRefType>(op.getA().getType());
  if (isa<ComplexType>(aType.getElementType()))
    return;
  int64_t rank = aType.getRank();
  int64_t size = aType.getShape().back();
  int64_t rows =
      ShapedType::isDynamic(size) ? kBlockRegisterSolveMaxSize : size;
  int64_t rhsCount = cast<MemRefType>(op.getRhs().getType()).getShape().back();
  int64_t rhsBound = ShapedType::isDynamic(rhsCount) ? 1 : rhsCount;
  if (rhsBound > kBlockRegisterSolveMaxRhs ||
      !BlockRegisterLuShape::fits(rows, rows, aType.getElementType(), rhsBound))
    return;
  BlockRegisterLuShape shape{rows, rows, rhsBound};
  kernels.push_back(
      {b.createOrFold<arith::AndIOp>(
           sizeBetween(b, op.getA(), rank - 1, kBlockRegisterSolveMinSize,
                       kBlockRegisterSolveMaxSize),
           sizeBetween(b, op.getRhs(), rank - 1, 0, rhsBound)),
       [module, shape](ImplicitLocOpBuilder &b, DeviceWork &work,
                       ArrayRef<Value> views) {
         launchBlockRegisterSolve(module, b, work, views[0], views[1], views[2],
                                  views[3], shape);
       }});
}

/// Matrices the lu gives cuSOLVER and whose solve is getrs: one chain
/// that keeps the factors column-major between them. getrf writes an int32
/// info, so only for such an info.
void appendVendorSolve(SolveOp op, ModuleOp module, ImplicitLocOpBuilder &b,
                       const LinalgXToGPUOptions &options,
                       SmallVectorImpl<FusedKernel> &kernels) {
  if (!cast<MemRefType>(op.getInfo().getType()).getElementType().isInteger(32))
    return;
  kernels.push_back(
      {b.createOrFold<arith::AndIOp>(
           luTakesVendor(b, op.getA(), options),
           luSolveUsesVendor(b, op.getSolution(), op.getBatchRank())),
       [module](ImplicitLocOpBuilder &b, DeviceWork &work,
                ArrayRef<Value> views) {
         work.copyUnlessAliased(views[2], views[1]);
         emitVendorSolve(module, b, work, views[0], views[2], views[3]);
       }});
}

SmallVector<FusedKernel> fusedKernels(SolveOp op, ModuleOp module,
                                      ImplicitLocOpBuilder &b,
                                      const LinalgXToGPUOptions &options) {
  SmallVector<FusedKernel> kernels = {
      {threadKernelApplies(b, op.getA()),
       [module](ImplicitLocOpBuilder &b, DeviceWork &work,
                ArrayRef<Value> views) {
         launchThreadSolve(module, b, work, views[0], views[1], views[2],
                           views[3]);
       }}};
  appendBlockRegisterSolves(op, module, b, kernels);
  appendVendorSolve(op, module, b, options, kernels);
  return kernels;
}

template <typename OpTy>
SmallVector<FusedKernel> fusedDeterminantKernels(OpTy op, ModuleOp module,
                                                 ImplicitLocOpBuilder &b,
                                                 const LinalgXToGPUOptions &) {
  bool logarithmic = std::is_same_v<OpTy, SlogdetOp>;
  return {{threadKernelApplies(b, op.getA()),
           [module, logarithmic](ImplicitLocOpBuilder &b, DeviceWork &work,
                                 ArrayRef<Value> views) {
             launchThreadDeterminant(module, b, work, views[0],
                                     views.drop_front(), logarithmic);
           }}};
}
SmallVector<FusedKernel> fusedKernels(DetOp op, ModuleOp module,
                                      ImplicitLocOpBuilder &b,
                                      const LinalgXToGPUOptions &options) {
  return fusedDeterminantKernels(op, module, b, options);
}
SmallVector<FusedKernel> fusedKernels(SlogdetOp op, ModuleOp module,
                                      ImplicitLocOpBuilder &b,
                                      const LinalgXToGPUOptions &options) {
  return fusedDeterminantKernels(op, module, b, options);
}

/// linalgx.solve, det and slogdet: the first of their fused kernels
/// (fusedKernels) that applies, which write neither factors nor pivots;
/// where none does, the lu and the consumer they stand for, on scratch
/// buffers, which the other patterns then lower. Host branches decide what
/// the shapes leave open.
template <typename OpTy> struct FusedLuOpToGPU : public OpToGPUPattern<OpTy> {
  using OpToGPUPattern<OpTy>::OpToGPUPattern;

  void emit(OpTy op, ModuleOp module, ImplicitLocOpBuilder &b) const override {
    GPULuStrategy strategy = this->options.luStrategy;
    if (strategy != GPULuStrategy::Auto && strategy != GPULuStrategy::Generated)
      return emitDecomposed(op, b);
    emitFirstApplying(op, b, fusedKernels(op, module, b, this->options));
  }

private:
  void emitFirstApplying(OpTy op, ImplicitLocOpBuilder &b,
                         ArrayRef<FusedKernel> kernels) const {
    if (kernels.empty())
      return emitDecomposed(op, b);
    emitEither(
        b, kernels.front().applies,
        [&](ImplicitLocOpBuilder &b) { emitFused(op, b, kernels.front()); },
        [&](ImplicitLocOpBuilder &b) {
          emitFirstApplying(op, b, kernels.drop_front());
        });
  }

  void emitFused(OpTy op, ImplicitLocOpBuilder &b,
                 const FusedKernel &kernel) const {
    DeviceWork work(b, this->options.hostBuffers);
    int64_t batchRank = op.getBatchRank();
    SmallVector<Value> views;
    for (Value input : op.getDpsInputs())
      views.push_back(collapseBatch(b, work.input(input), batchRank));
    for (Value init : op.getDpsInits())
      views.push_back(collapseBatch(b, work.output(init), batchRank));
    kernel.launch(b, work, views);
    work.finish();
  }

  /// Scratch on the host for host buffers (the lu copies its results back
  /// there), else stream-ordered device memory.
  void emitDecomposed(OpTy op, ImplicitLocOpBuilder &b) const {
    if (this->options.hostBuffers) {
      buildDecomposedFusedLu(b, op, allocateHostScratch, releaseHostScratch);
      return;
    }
    auto tokenType = gpu::AsyncTokenType::get(b.getContext());
    buildDecomposedFusedLu(
        b, op,
        [&](OpBuilder &b, Location loc, MemRefType type, ValueRange sizes) {
          Value start = gpu::WaitOp::create(b, loc, tokenType, ValueRange())
                            .getAsyncToken();
          auto alloc =
              gpu::AllocOp::create(b, loc, type, tokenType, ValueRange{start},
                                   sizes, ValueRange(), /*hostShared=*/false);
          gpu::WaitOp::create(b, loc, Type(),
                              ValueRange{alloc.getAsyncToken()});
          return alloc.getMemref();
        },
        [&](OpBuilder &b, Location loc, Value buffer) {
          Value start = gpu::WaitOp::create(b, loc, tokenType, ValueRange())
                            .getAsyncToken();
          auto dealloc = gpu::DeallocOp::create(b, loc, tokenType,
                                                ValueRange{start}, buffer);
          gpu::WaitOp::create(b, loc, Type(),
                              ValueRange{dealloc.getAsyncToken()});
        });
  }
};

/// The symbols the lowering adds must not already mean something else.
LogicalResult checkReservedSymbols(ModuleOp module) {
  if (Operation *kernels = module.lookupSymbol(kKernelModuleName);
      kernels && !isa<gpu::GPUModuleOp>(kernels))
    return kernels->emitError()
           << "the symbol '" << kKernelModuleName
           << "' is reserved for the kernels convert-linalgx-to-gpu "
              "generates (a gpu.module); rename this op";
  for (auto [name, expected] :
       {std::pair(kCudaGetrfFunctionName,
                  getrfFunctionType(module.getContext())),
        std::pair(kCudaGetrsFunctionName,
                  getrsFunctionType(module.getContext())),
        std::pair(kCudaMgGetrfFunctionName,
                  mgGetrfFunctionType(module.getContext())),
        std::pair(kCudaGemmSubtractFunctionName,
                  gemmSubtractFunctionType(module.getContext())),
        std::pair(kCudaJoinAsideFunctionName,
                  asideFunctionType(module.getContext())),
        std::pair(kCudaBeginAsideFunctionName,
                  asideFunctionType(module.getContext())),
        std::pair(kCudaEndAsideFunctionName,
                  asideFunctionType(module.getContext())),
        std::pair(kCudaSolveUnitLowerFunctionName,
                  solveUnitLowerFunctionType(module.getContext()))}) {
    Operation *entry = module.lookupSymbol(name);
    auto function = dyn_cast_or_null<func::FuncOp>(entry);
    if (entry && (!function || function.getFunctionType() != expected))
      return entry->emitError()
             << "'" << name
             << "' is the linalgx CUDA runtime's entry point and must be a "
                "func.func of type "
             << expected;
  }
  return success();
}

struct LuOpToGPU : public OpToGPUPattern<LuOp> {
  using OpToGPUPattern::OpToGPUPattern;

  /// Emits the op's candidates (chooseLuKernels) as a chain of choices:
  /// each decided here (static shapes and batches) or by a host branch;
  /// each branch is a complete chain of device work.
  void emit(LuOp op, ModuleOp module, ImplicitLocOpBuilder &b) const override {
    if (options.luStrategy == GPULuStrategy::CuSolverMg)
      return emitMultiGpu(op, module, b);
    SmallVector<LuKernelCandidate> candidates =
        chooseLuKernels(cast<MemRefType>(op.getInput().getType()), options);
    emitChoice(op, module, b, candidates);
  }

private:
  /// Square matrices through cuSOLVERMg, others through cuSOLVER (a host
  /// branch where the shape leaves it open).
  void emitMultiGpu(LuOp op, ModuleOp module, ImplicitLocOpBuilder &b) const {
    Value input = op.getInput();
    int64_t rank = cast<MemRefType>(input.getType()).getRank();
    Value square = b.createOrFold<arith::CmpIOp>(
        arith::CmpIPredicate::eq,
        b.createOrFold<memref::DimOp>(input, rank - 2),
        b.createOrFold<memref::DimOp>(input, rank - 1));
    auto emitWith = [&](ImplicitLocOpBuilder &b, auto emitLu) {
      DeviceWork work(b, options.hostBuffers);
      emitLu(work);
      work.finish();
    };
    emitEither(
        b, square,
        [&](ImplicitLocOpBuilder &b) {
          emitWith(b, [&](DeviceWork &work) {
            emitMultiGpuLu(op, module, b, work, options.mgDevices,
                           options.mgBlockSize);
          });
        },
        [&](ImplicitLocOpBuilder &b) {
          emitWith(b, [&](DeviceWork &work) {
            emitVendorLu(op, module, b, work, GPULuStrategy::CuSolver);
          });
        });
  }

  void emitChoice(LuOp op, ModuleOp module, ImplicitLocOpBuilder &b,
                  ArrayRef<LuKernelCandidate> candidates) const {
    if (candidates.empty())
      return emitKernel(op, module, b, {LuKernel::Vendor});
    const LuKernelCandidate &first = candidates.front();
    if (first.guard.known)
      return *first.guard.known
                 ? emitKernel(op, module, b, first.choice)
                 : emitChoice(op, module, b, candidates.drop_front());
    scf::IfOp::create(
        b, buildGuardCondition(b, op.getInput(), first.guard),
        [&](OpBuilder &nested, Location loc) {
          ImplicitLocOpBuilder nb(loc, nested);
          emitKernel(op, module, nb, first.choice);
          scf::YieldOp::create(nb);
        },
        [&](OpBuilder &nested, Location loc) {
          ImplicitLocOpBuilder nb(loc, nested);
          emitChoice(op, module, nb, candidates.drop_front());
          scf::YieldOp::create(nb);
        });
  }

  /// Emits `op` through one kernel family, as one chain of device work.
  void emitKernel(LuOp op, ModuleOp module, ImplicitLocOpBuilder &b,
                  LuKernelChoice choice) const {
    DeviceWork work(b, options.hostBuffers);
    if (choice.kernel == LuKernel::Vendor) {
      emitVendorLu(op, module, b, work, options.luStrategy);
      work.finish();
      return;
    }
    LuOperands lu = collectOperands(op, module, b, work);
    switch (choice.kernel) {
    case LuKernel::Thread:
      launchThreadLu(b, work, lu);
      break;
    case LuKernel::Register:
      launchRegisterLu(b, work, lu, choice.rows);
      break;
    case LuKernel::Panel:
      launchPanelLu(b, work, lu,
                    PanelLuShape{choice.rows, choice.cols, choice.exact},
                    options.panelLuOverlapCopies);
      break;
    case LuKernel::CyclicRegister:
      launchCyclicRegisterLu(
          b, work, lu,
          CyclicRegisterLuShape{choice.rows, choice.cols,
                                options.cyclicLuMaxWarps,
                                elementByteSize(lu.elementType)});
      break;
    case LuKernel::BlockRegister:
      launchBlockRegisterLu(b, work, lu,
                            BlockRegisterLuShape{choice.rows, choice.cols});
      break;
    case LuKernel::SharedMemory:
      launchSharedMemoryLu(b, work, lu);
      break;
    case LuKernel::Blocked:
      emitBlockedLu(
          b, work, lu,
          BlockedLuOptions{
              options.blockedLuClusterMaxBatch,
              options.blockedLuRegisterPanelMaxRowsFor(lu.elementType),
              options.blockedLuTensorCores,
              byRealPart(lu.elementType, options.blockedLuGemmMinRows,
                         options.blockedLuGemmMinRowsF32),
              options.blockedLuGemmLookAhead, options.blockedLuGemmBlockColumns,
              byRealPart(lu.elementType, options.blockedLuGemmBlockMinRows,
                         options.blockedLuGemmBlockMinRowsF32),
              options.blockedLuRegisterPanelLocalPivotRow,
              options.blockedLuSplitRegisterPanel, options.blockedLuColumnSolve,
              options.blockedLuRegisterPanelHandshake,
              options.blockedLuRegisterPanelPush,
              options.blockedLuRegisterPanelAsyncPush,
              options.blockedLuLookAheadKernel});
      break;
    case LuKernel::Vendor:
      llvm_unreachable("emitted above");
    }
    work.finish();
  }

  /// The op's operands on device memory as [B, ...] views.
  static LuOperands collectOperands(LuOp op, ModuleOp module,
                                    ImplicitLocOpBuilder &b, DeviceWork &work) {
    int64_t batchRank = op.getBatchRank();
    LuOperands lu;
    lu.module = module;
    lu.elementType = cast<MemRefType>(op.getLu().getType()).getElementType();
    lu.intType = cast<MemRefType>(op.getPivots().getType()).getElementType();
    lu.values = {collapseBatch(b, work.input(op.getInput()), batchRank),
                 collapseBatch(b, work.output(op.getLu()), batchRank),
                 collapseBatch(b, work.output(op.getPivots()), batchRank),
                 collapseBatch(b, work.output(op.getInfo()), batchRank)};
    lu.withPermutation = static_cast<bool>(op.getPermutation());
    lu.oneBasedPivots = op.getOneBased();
    if (lu.withPermutation)
      lu.values.push_back(
          collapseBatch(b, work.output(op.getPermutation()), batchRank));
    return lu;
  }
};

//===----------------------------------------------------------------------===//
// Pass
//===----------------------------------------------------------------------===//

/// A remark listing `lu`'s candidate kernels up to the first that always
/// applies (the ones that never do left out), as the lowering emits them.
void remarkKernelChoiceOf(LuOp lu, const LinalgXToGPUOptions &options) {
  auto type = dyn_cast<MemRefType>(lu.getInput().getType());
  if (!type)
    return;
  SmallVector<std::string> steps;
  bool decided = false;
  for (const LuKernelCandidate &candidate : chooseLuKernels(type, options)) {
    if (candidate.guard.known == false)
      continue;
    steps.push_back(describe(candidate));
    if ((decided = candidate.guard.known.has_value()))
      break;
  }
  if (!decided)
    steps.push_back("else vendor");
  lu.emitRemark("kernel choice: ") << llvm::join(steps, "; ");
}

/// lu-strategy=cusolver-mg's device list and tile width, checked as the
/// runtime would check them, but before any code is generated.
LogicalResult checkMultiGpuOptions(ModuleOp module,
                                   const LinalgXToGPUOptions &options) {
  if (options.luStrategy != GPULuStrategy::CuSolverMg)
    return success();
  ArrayRef<int32_t> devices = options.mgDevices;
  if (devices.empty() || devices.size() > 32)
    return module.emitError()
           << "lu-mg-devices must name 1 to 32 devices, got " << devices.size();
  for (auto [i, device] : llvm::enumerate(devices)) {
    if (device < 0)
      return module.emitError()
             << "lu-mg-devices: device ids are at least 0, got " << device;
    if (llvm::is_contained(devices.take_front(i), device))
      return module.emitError()
             << "lu-mg-devices: device " << device
             << " appears twice; each device holds one share of a matrix";
  }
  if (options.mgBlockSize < 1 ||
      options.mgBlockSize > std::numeric_limits<int32_t>::max())
    return module.emitError() << "lu-mg-block-size must be 1 to 2^31 - 1, got "
                              << options.mgBlockSize;
  return success();
}

struct ConvertLinalgXToGPUPass
    : public linalgx::impl::ConvertLinalgXToGPUBase<ConvertLinalgXToGPUPass> {
  using Base::Base;

  void runOnOperation() override {
    LinalgXToGPUOptions loweringOptions;
    loweringOptions.hostBuffers = hostBuffers;
    std::optional<GPULuStrategy> strategy =
        llvm::StringSwitch<std::optional<GPULuStrategy>>(luStrategy)
            .Case("auto", GPULuStrategy::Auto)
            .Case("generated", GPULuStrategy::Generated)
            .Case("cusolver", GPULuStrategy::CuSolver)
            .Case("cublas-batched", GPULuStrategy::CuBlasBatched)
            .Case("cusolver-mg", GPULuStrategy::CuSolverMg)
            .Default(std::nullopt);
    if (!strategy) {
      getOperation().emitError() << "unknown lu-strategy '" << luStrategy
                                 << "'; expected auto, generated, cusolver, "
                                    "cublas-batched or cusolver-mg";
      return signalPassFailure();
    }
    loweringOptions.luStrategy = *strategy;
    loweringOptions.mgDevices.assign(mgDevices.begin(), mgDevices.end());
    if (loweringOptions.mgDevices.empty())
      loweringOptions.mgDevices.push_back(0);
    loweringOptions.mgBlockSize = mgBlockSize;
    if (failed(checkMultiGpuOptions(getOperation(), loweringOptions)))
      return signalPassFailure();
    // A size or batch bound: at least 0.
    auto isBound = [&](StringRef name, int64_t value) {
      if (value >= 0)
        return true;
      getOperation().emitError()
          << name << " must be at least 0, got " << value;
      return false;
    };
    if (!isBound("lu-cyclic-max-batch", cyclicLuMaxBatch) ||
        !isBound("lu-panel-max-size", panelLuMaxSize) ||
        !isBound("lu-panel-any-batch-min-size", panelLuAnyBatchMinSize) ||
        !isBound("lu-blocked-max-size", blockedLuMaxSize) ||
        !isBound("lu-blocked-min-batch", blockedLuMinBatch) ||
        !isBound("lu-blocked-single-max-bytes", blockedLuSingleMaxBytes) ||
        !isBound("lu-blocked-cluster-max-batch", blockedLuClusterMaxBatch) ||
        !isBound("lu-blocked-gemm-min-rows", blockedLuGemmMinRows) ||
        !isBound("lu-blocked-gemm-min-rows-f32", blockedLuGemmMinRowsF32) ||
        !isBound("lu-blocked-register-panel-max-rows",
                 blockedLuRegisterPanelMaxRows) ||
        !isBound("lu-blocked-register-panel-max-rows-f32",
                 blockedLuRegisterPanelMaxRowsF32) ||
        !isBound("lu-blocked-gemm-block-columns", blockedLuGemmBlockColumns) ||
        !isBound("lu-blocked-gemm-block-min-rows", blockedLuGemmBlockMinRows) ||
        !isBound("lu-blocked-gemm-block-min-rows-f32",
                 blockedLuGemmBlockMinRowsF32))
      return signalPassFailure();
    for (auto [name, rows] :
         {std::pair{"lu-blocked-register-panel-max-rows",
                    static_cast<int64_t>(blockedLuRegisterPanelMaxRows)},
          std::pair{"lu-blocked-register-panel-max-rows-f32",
                    static_cast<int64_t>(blockedLuRegisterPanelMaxRowsF32)}}) {
      if (rows <= kMaxBlockedLuRegisterPanelRows)
        continue;
      getOperation().emitError()
          << name << " must be at most " << kMaxBlockedLuRegisterPanelRows
          << " (a cluster of sixteen blocks of 16 warps, two f32 rows or one "
             "f64 row a thread), got "
          << rows;
      return signalPassFailure();
    }
    loweringOptions.cyclicLuMaxBatch = cyclicLuMaxBatch;
    loweringOptions.panelLuMaxSize = panelLuMaxSize;
    loweringOptions.panelLuAnyBatchMinSize = panelLuAnyBatchMinSize;
    loweringOptions.panelLuOverlapCopies = panelLuOverlapCopies;
    loweringOptions.blockedLuMaxSize = blockedLuMaxSize;
    loweringOptions.blockedLuMinBatch = blockedLuMinBatch;
    loweringOptions.blockedLuSingleMaxBytes = blockedLuSingleMaxBytes;
    loweringOptions.blockedLuClusterMaxBatch = blockedLuClusterMaxBatch;
    loweringOptions.blockedLuTensorCores = blockedLuTensorCores;
    loweringOptions.blockedLuGemmMinRows = blockedLuGemmMinRows;
    loweringOptions.blockedLuGemmMinRowsF32 = blockedLuGemmMinRowsF32;
    loweringOptions.blockedLuRegisterPanelMaxRows =
        blockedLuRegisterPanelMaxRows;
    loweringOptions.blockedLuRegisterPanelMaxRowsF32 =
        blockedLuRegisterPanelMaxRowsF32;
    if (blockedLuGemmBlockColumns % BlockedLuShape::kTileColumns != 0 ||
        blockedLuGemmBlockColumns > kMaxBlockedLuGemmBlockColumns) {
      getOperation().emitError()
          << "lu-blocked-gemm-block-columns must be a multiple of "
          << BlockedLuShape::kTileColumns
          << " (the update's column tiles) of at most "
          << kMaxBlockedLuGemmBlockColumns << ", got "
          << static_cast<int64_t>(blockedLuGemmBlockColumns);
      return signalPassFailure();
    }
    if (blockedLuLookAheadKernel && blockedLuGemmBlockColumns > 0) {
      // The look-ahead kernel splits each panel's update in two, which
      // blocks of panels replace by the block's one GEMM.
      getOperation().emitError()
          << "lu-blocked-look-ahead-kernel needs "
             "lu-blocked-gemm-block-columns=0 (blocks of panels are on by "
             "default), got "
          << static_cast<int64_t>(blockedLuGemmBlockColumns);
      return signalPassFailure();
    }
    loweringOptions.blockedLuGemmLookAhead = blockedLuGemmLookAhead;
    loweringOptions.blockedLuGemmBlockColumns = blockedLuGemmBlockColumns;
    loweringOptions.blockedLuGemmBlockMinRows = blockedLuGemmBlockMinRows;
    loweringOptions.blockedLuGemmBlockMinRowsF32 = blockedLuGemmBlockMinRowsF32;
    loweringOptions.blockedLuLookAheadKernel = blockedLuLookAheadKernel;
    loweringOptions.blockedLuRegisterPanelLocalPivotRow =
        blockedLuRegisterPanelLocalPivotRow;
    loweringOptions.blockedLuRegisterPanelHandshake =
        blockedLuRegisterPanelHandshake;
    loweringOptions.blockedLuRegisterPanelPush = blockedLuRegisterPanelPush;
    loweringOptions.blockedLuRegisterPanelAsyncPush =
        blockedLuRegisterPanelAsyncPush;
    loweringOptions.blockedLuColumnSolve = blockedLuColumnSolve;
    loweringOptions.blockedLuSplitRegisterPanel = blockedLuSplitRegisterPanel;
    if (cyclicLuMaxWarps < 1 || cyclicLuMaxWarps > 32) {
      getOperation().emitError()
          << "lu-cyclic-max-warps must be 1 to 32 (a block of at most 1024 "
             "threads), got "
          << static_cast<int64_t>(cyclicLuMaxWarps);
      return signalPassFailure();
    }
    loweringOptions.cyclicLuMaxWarps = cyclicLuMaxWarps;
    for (int64_t size : luExactSizes) {
      if (size < 1) {
        getOperation().emitError()
            << "lu-exact-sizes must be positive sizes, got " << size;
        return signalPassFailure();
      }
      if (!llvm::is_contained(loweringOptions.luExactSizes, size))
        loweringOptions.luExactSizes.push_back(size);
    }
    if (failed(checkReservedSymbols(getOperation())))
      return signalPassFailure();
    if (remarkKernelChoice)
      getOperation()->walk(
          [&](LuOp lu) { remarkKernelChoiceOf(lu, loweringOptions); });

    // Say what is wrong with an op the patterns cannot take, instead of the
    // conversion driver's generic "failed to legalize".
    WalkResult unsupported = getOperation()->walk([&](Operation *op) {
      if (!isa<LinalgXDialect>(op->getDialect()))
        return WalkResult::advance();
      if (std::optional<std::string> reason =
              whyNotLowerableToGPU(op, hostBuffers)) {
        op->emitOpError() << *reason;
        return WalkResult::interrupt();
      }
      if (auto lu = dyn_cast<LuOp>(op);
          lu && *strategy == GPULuStrategy::CuBlasBatched) {
        ArrayRef<int64_t> shape =
            cast<MemRefType>(lu.getInput().getType()).getShape().take_back(2);
        if (!ShapedType::isDynamic(shape[0]) &&
            !ShapedType::isDynamic(shape[1]) && shape[0] != shape[1]) {
          op->emitOpError() << "lu-strategy=cublas-batched needs square "
                               "matrices, but the matrices are "
                            << shape[0] << "x" << shape[1]
                            << "; use lu-strategy=cusolver or auto";
          return WalkResult::interrupt();
        }
      }
      return WalkResult::advance();
    });
    if (unsupported.wasInterrupted())
      return signalPassFailure();

    ConversionTarget target(getContext());
    target.addIllegalDialect<LinalgXDialect>();
    target.markUnknownOpDynamicallyLegal([](Operation *) { return true; });
    RewritePatternSet patterns(&getContext());
    populateLinalgXToGPUPatterns(patterns, loweringOptions);
    if (failed(applyPartialConversion(getOperation(), target,
                                      std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace

void mlir::linalgx::populateLinalgXToGPUPatterns(
    RewritePatternSet &patterns, const LinalgXToGPUOptions &options) {
  patterns.add<LuOpToGPU, LuSolveOpToGPU, PivotsToPermutationOpToGPU,
               DeterminantOpToGPU<LuDetOp>, DeterminantOpToGPU<LuSlogdetOp>,
               FusedLuOpToGPU<SolveOp>, FusedLuOpToGPU<DetOp>,
               FusedLuOpToGPU<SlogdetOp>>(patterns.getContext(), options);
}
