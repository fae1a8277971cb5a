//===- LinalgXToGPU.cpp - linalgx to gpu kernels and CUDA calls -*- C++ -*-===//
//
// The GPU lowering. Kernels are generated as gpu/scf/memref/arith/nvvm IR
// and compiled by the upstream NVVM pipeline: the permutation kernel and the
// vendor path's transposes here, the one-kernel LU in GeneratedLu.cpp. The
// vendor path's factorization is a call into the linalgx CUDA runtime
// (runtime/cuda), which runs cuSOLVER or cuBLAS on the same stream as the
// kernels.
//
// Every kernel walks its work (flat index spaces, tiles, matrices) with a
// grid-stride loop, so no grid dimension limit (65535 in y and z) and no
// batch size can make a launch invalid, and one launch always covers the
// batch.
//
//===----------------------------------------------------------------------===//

#include "linalgx/Conversion/Passes.h"
#include "linalgx/Conversion/RuntimeCalls.h"
#include "linalgx/Dialect/LinalgX/IR/LinalgXOps.h"

#include "Kernels/BlockRegisterLu.h"
#include "Kernels/BlockedLu.h"
#include "Kernels/CyclicLu.h"
#include "Kernels/KernelBuilder.h"
#include "Kernels/PanelLu.h"
#include "Kernels/RegisterLu.h"
#include "Kernels/SharedMemoryLu.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Utils/Utils.h"
#include "mlir/IR/ImplicitLocOpBuilder.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Transforms/DialectConversion.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/CheckedArithmetic.h"
#include "llvm/Support/MathExtras.h"

#include <functional>

namespace mlir::linalgx {
#define GEN_PASS_DEF_CONVERTLINALGXTOGPU
#include "linalgx/Conversion/Passes.h.inc"
} // namespace mlir::linalgx

using namespace mlir;
using namespace mlir::linalgx;
using namespace mlir::linalgx::gpu_kernels;

namespace {

/// Threads per block of every generated kernel: enough warps to hide
/// latency, few enough that small batches still spread over many SMs.
constexpr int64_t kBlockSize = 256;
/// Upper bound on blocks per launch; larger problems are covered by the
/// grid-stride loop (132 SMs x 16 resident blocks x a few waves).
constexpr int64_t kMaxBlocks = 132 * 16 * 8;
/// The reverse trace through the swaps is a chain of dependent selects; the
/// pivot loads feeding it are independent, and unrolling lets them be issued
/// ahead of the chain.
constexpr uint64_t kTraceUnrollFactor = 4;
/// Bytes of shared memory a block of the permutation kernel has: the flat
/// path's pivot window, or the grouped path's tables. Small enough for eight
/// blocks of 256 threads (a full SM) to be resident together.
constexpr int64_t kPermutationSharedBytes = 16 * 1024;
/// Permutations of at most this many positions are given whole to one block
/// (buildGroupedPermutation); longer ones get a thread per position across
/// blocks.
constexpr int64_t kGroupedPermutationMaxN = kBlockSize;
/// Permutations of at most this many positions take the register path
/// (buildShortPermutation): kShortPermutationThreads threads a matrix, each
/// with all of its swaps in registers.
constexpr int64_t kShortPermutationMaxN = 16;
constexpr int64_t kShortPermutationThreads = 4;
/// The grouped trace runs through the swaps as this many independent
/// segments, whose maps are then composed through shared memory.
constexpr int64_t kTraceSegments = 4;
/// Entries of the grouped path's tables (all in the block's shared memory):
/// the swap targets of floor(256 / N) groups of N + kTraceSegments - 1
/// entries (at most 1024, for N = 1), then kTraceSegments - 1 maps of one
/// entry a thread.
constexpr int64_t kGroupedTargetEntries = kBlockSize * kTraceSegments;
constexpr int64_t kGroupedTableEntries =
    kGroupedTargetEntries + (kTraceSegments - 1) * kBlockSize;
static_assert(kGroupedTableEntries * 4 <= kPermutationSharedBytes,
              "the grouped path's tables fit the shared memory");
/// Transposes move 32x32 tiles through shared memory with 32x8 threads, so
/// that both the global reads and the global writes are coalesced.
constexpr int64_t kTileSize = 32;
constexpr int64_t kTileRowsPerPass = 8;

constexpr StringLiteral kKernelModuleName = "linalgx_kernels";

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

std::string typeSuffix(Type type) {
  if (auto complexType = dyn_cast<ComplexType>(type))
    return "c" + typeSuffix(complexType.getElementType());
  std::string text;
  llvm::raw_string_ostream os(text);
  os << type;
  return text;
}

gpu::GPUModuleOp getOrCreateKernelModule(ModuleOp module) {
  module->setAttr(gpu::GPUDialect::getContainerModuleAttrName(),
                  UnitAttr::get(module.getContext()));
  if (auto kernels = module.lookupSymbol<gpu::GPUModuleOp>(kKernelModuleName))
    return kernels;
  OpBuilder b = OpBuilder::atBlockEnd(module.getBody());
  return gpu::GPUModuleOp::create(b, module.getLoc(), kKernelModuleName);
}

/// Returns the kernel `name` of `module`'s kernel module, building it with
/// `buildBody(builder, arguments, workgroup buffers)` the first time it is
/// asked for. Its blocks have `blockSize` threads (empty: chosen at launch).
gpu::GPUFuncOp getOrCreateKernel(
    ModuleOp module, StringRef name, TypeRange argumentTypes,
    ArrayRef<int32_t> blockSize, TypeRange workgroupTypes,
    function_ref<void(ImplicitLocOpBuilder &, ValueRange, ValueRange)>
        buildBody) {
  gpu::GPUModuleOp kernels = getOrCreateKernelModule(module);
  OpBuilder b = OpBuilder::atBlockEnd(kernels.getBody());
  FunctionType type = b.getFunctionType(argumentTypes, {});
  // Ops of one kernel family and size may still differ in their operand
  // types (static batch sizes, a static and a dynamic shape): each type
  // gets its own kernel, the later ones numbered.
  std::string uniqueName = name.str();
  for (unsigned suffix = 1;; ++suffix) {
    auto existing = kernels.lookupSymbol<gpu::GPUFuncOp>(uniqueName);
    if (!existing)
      break;
    if (existing.getFunctionType() == type)
      return existing;
    uniqueName = (name + "_" + Twine(suffix)).str();
  }
  auto kernel = gpu::GPUFuncOp::create(b, module.getLoc(), uniqueName, type,
                                       workgroupTypes);
  kernel->setAttr(gpu::GPUDialect::getKernelFuncAttrName(), b.getUnitAttr());
  if (!blockSize.empty())
    kernel.setKnownBlockSizeAttr(b.getDenseI32ArrayAttr(blockSize));
  // Workgroup buffers are declared 16-byte aligned: LLVM's load/store
  // vectorizer merges neighbouring shared-memory accesses into vector ones
  // assuming an alignment the buffers would otherwise not be declared with
  // (a misaligned-address fault at run time).
  for (unsigned i = 0, e = workgroupTypes.size(); i < e; ++i)
    kernel.setWorkgroupAttributionAttr(
        i, LLVM::LLVMDialect::getAlignAttrName(), b.getI64IntegerAttr(16));
  ImplicitLocOpBuilder body(module.getLoc(),
                            OpBuilder::atBlockEnd(&kernel.getBody().front()));
  buildBody(body, kernel.getArguments(), kernel.getWorkgroupAttributions());
  gpu::ReturnOp::create(body);
  return kernel;
}

/// The number of blocks covering `total` items at `perBlock` items each,
/// at least one (a grid of zero blocks is an invalid launch) and at most
/// kMaxBlocks (the kernels' grid-stride loops cover the rest).
Value gridSizeFor(ImplicitLocOpBuilder &b, Value total, Value perBlock) {
  Value one = arith::ConstantIndexOp::create(b, 1);
  Value blocks = arith::CeilDivUIOp::create(b, total, perBlock);
  Value capped = arith::MinUIOp::create(
      b, blocks, arith::ConstantIndexOp::create(b, kMaxBlocks));
  return arith::MaxUIOp::create(b, capped, one);
}
Value gridSizeFor(ImplicitLocOpBuilder &b, Value total, int64_t perBlock) {
  return gridSizeFor(b, total, arith::ConstantIndexOp::create(b, perBlock));
}

/// An identity-layout memref type of `rank` dynamic sizes.
MemRefType dynamicMemRef(int64_t rank, Type elementType) {
  return MemRefType::get(SmallVector<int64_t>(rank, ShapedType::kDynamic),
                         elementType);
}

/// Views an identity-layout memref `[B..., X...]` as `[B, X...]` with every
/// size dynamic, so that one kernel serves every batch rank and shape.
Value collapseBatch(ImplicitLocOpBuilder &b, Value memref, int64_t batchRank) {
  auto type = cast<MemRefType>(memref.getType());
  int64_t trailing = type.getRank() - batchRank;
  Value view = memref;
  if (batchRank == 0) {
    // [X...] -> [1, X...]
    SmallVector<ReassociationIndices> reassociation;
    for (int64_t dim = 0; dim < trailing; ++dim)
      reassociation.push_back(dim == 0 ? ReassociationIndices{0, 1}
                                       : ReassociationIndices{dim + 1});
    SmallVector<OpFoldResult> outputShape{b.getIndexAttr(1)};
    for (int64_t dim = 0; dim < trailing; ++dim)
      outputShape.push_back(memref::getMixedSize(b, b.getLoc(), memref, dim));
    SmallVector<int64_t> staticShape{1};
    llvm::append_range(staticShape, type.getShape());
    auto expandedType = MemRefType::get(staticShape, type.getElementType());
    view = memref::ExpandShapeOp::create(b, expandedType, memref,
                                         reassociation, outputShape);
  } else if (batchRank > 1) {
    // A static batch whose size overflows int64 has no static collapsed
    // size: collapse it as a dynamic one (the runtime rejects the size).
    std::optional<int64_t> batch = 1;
    for (int64_t size : type.getShape().take_front(batchRank))
      if (batch && !ShapedType::isDynamic(size))
        batch = llvm::checkedMul(*batch, size);
    if (!batch) {
      SmallVector<int64_t> shape(type.getShape());
      std::fill_n(shape.begin(), batchRank, ShapedType::kDynamic);
      view = memref::CastOp::create(
          b, MemRefType::get(shape, type.getElementType()), view);
    }
    SmallVector<ReassociationIndices> reassociation{
        llvm::to_vector(llvm::seq<int64_t>(0, batchRank))};
    for (int64_t dim = batchRank; dim < type.getRank(); ++dim)
      reassociation.push_back({dim});
    view = memref::CollapseShapeOp::create(b, view, reassociation);
  }
  auto viewType = cast<MemRefType>(view.getType());
  SmallVector<int64_t> dynamicShape(viewType.getRank(), ShapedType::kDynamic);
  return memref::CastOp::create(
      b, MemRefType::get(dynamicShape, viewType.getElementType()), view);
}

/// Whether `type` is laid out contiguously in row-major order, whatever its
/// layout attribute says (e.g. `strided<[75, 1]>` of a full slice).
bool isContiguousRowMajor(MemRefType type) {
  if (type.getLayout().isIdentity())
    return true;
  int64_t offset;
  SmallVector<int64_t> strides;
  if (failed(type.getStridesAndOffset(strides, offset)) || offset != 0)
    return false;
  int64_t expected = 1;
  for (int64_t dim = type.getRank() - 1; dim >= 0; --dim) {
    if (strides[dim] != expected || ShapedType::isDynamic(strides[dim]))
      return false;
    if (ShapedType::isDynamic(type.getDimSize(dim)))
      return dim == 0;
    if (dim == 0)
      break;
    // The next stride would not fit in int64_t, so it cannot be the one in
    // the type (and the product must not overflow).
    if (llvm::MulOverflow(expected, type.getDimSize(dim), expected))
      return false;
  }
  return true;
}

/// Gives `memref` an identity layout: a reinterpretation when it is
/// contiguous already (not a memref.cast, which canonicalization would fold
/// back into the gpu.memcpy that needs the identity layout), else a
/// contiguous host copy (only operands of host programs get here).
Value withIdentityLayout(ImplicitLocOpBuilder &b, Value memref) {
  auto type = cast<MemRefType>(memref.getType());
  if (type.getLayout().isIdentity())
    return memref;
  auto identity = MemRefType::get(type.getShape(), type.getElementType());
  if (isContiguousRowMajor(type)) {
    SmallVector<OpFoldResult> sizes =
        memref::getMixedSizes(b, b.getLoc(), memref);
    // Row-major strides, static where the sizes are.
    SmallVector<OpFoldResult> strides(type.getRank());
    OpFoldResult stride = b.getIndexAttr(1);
    for (int64_t dim = type.getRank() - 1; dim >= 0; --dim) {
      strides[dim] = stride;
      // No stride beyond the outermost one (its product with the outermost
      // size could overflow int64_t).
      if (dim == 0)
        break;
      std::optional<int64_t> staticStride = getConstantIntValue(stride);
      if (staticStride && !type.isDynamicDim(dim)) {
        stride = b.getIndexAttr(*staticStride * type.getDimSize(dim));
        continue;
      }
      stride = arith::MulIOp::create(
                   b, getValueOrCreateConstantIndexOp(b, b.getLoc(), stride),
                   getValueOrCreateConstantIndexOp(b, b.getLoc(), sizes[dim]))
                   .getResult();
    }
    return memref::ReinterpretCastOp::create(b, identity, memref,
                                             b.getIndexAttr(0), sizes,
                                             strides);
  }
  SmallVector<Value> dynamicSizes;
  for (int64_t dim = 0; dim < type.getRank(); ++dim)
    if (type.isDynamicDim(dim))
      dynamicSizes.push_back(memref::DimOp::create(b, memref, dim));
  Value copy = memref::AllocOp::create(b, identity, dynamicSizes);
  memref::CopyOp::create(b, memref, copy);
  return copy;
}

/// Why `op` cannot be lowered to the GPU, if it cannot. Operands of host
/// programs may have any layout (they are copied); those on device memory
/// must be contiguous memrefs.
std::optional<std::string> whyNotLowerableToGPU(Operation *op,
                                                bool hostBuffers) {
  for (OpOperand &operand : op->getOpOperands()) {
    auto type = dyn_cast<MemRefType>(operand.get().getType());
    if (!type)
      return std::string("must be on memrefs to be lowered to the GPU; run "
                         "'one-shot-bufferize' first (linalgx-gpu-pipeline "
                         "does)");
    if (type.getMemorySpace()) {
      std::string text;
      llvm::raw_string_ostream os(text);
      os << "operand of type " << type
         << " has a memory space; the GPU lowering takes memrefs in the "
            "default memory space (device memory from gpu.alloc or the "
            "runtime, or host memory with host-buffers)";
      return text;
    }
    // Host operands of any layout go through contiguous copies.
    if (!hostBuffers && !isContiguousRowMajor(type)) {
      std::string text;
      llvm::raw_string_ostream os(text);
      os << "operand of type " << type
         << " is not contiguous; the GPU lowering needs contiguous row-major "
            "memrefs (copy it into one first)";
      return text;
    }
  }
  return std::nullopt;
}

//===----------------------------------------------------------------------===//
// Host buffers
//===----------------------------------------------------------------------===//

/// The device work of one op as a chain of async gpu ops: allocations,
/// copies and kernel launches are queued back to back and the host waits
/// once, at the end (upstream's gpu-to-llvm also lowers gpu.alloc and
/// gpu.memcpy only in their async form). The linalgx runtime runs every
/// chain and every library call on one stream, so calls of the runtime made
/// between chain steps are ordered with them. With host buffers, the op's
/// operands are host memory: inputs are copied in, `outs` copied back.
class DeviceWork {
public:
  DeviceWork(ImplicitLocOpBuilder &b, bool hostBuffers)
      : b(b), hostBuffers(hostBuffers),
        tokenType(gpu::AsyncTokenType::get(b.getContext())) {
    token = gpu::WaitOp::create(b, tokenType, ValueRange()).getAsyncToken();
  }

  /// Queues `kernel` on `blocks` blocks of `blockSize` threads.
  void launch(gpu::GPUFuncOp kernel, Value blocks, ArrayRef<int64_t> blockSize,
              ValueRange operands) {
    Value one = arith::ConstantIndexOp::create(b, 1);
    SmallVector<Value> threads;
    for (int64_t size : blockSize)
      threads.push_back(arith::ConstantIndexOp::create(b, size));
    launch(kernel, {blocks, one, one}, {threads[0], threads[1], threads[2]},
           operands, /*sharedBytes=*/Value());
  }

  /// Queues `kernel` on a run-time grid and block shape, with `sharedBytes`
  /// (index) of dynamic shared memory, none if null.
  void launch(gpu::GPUFuncOp kernel, gpu::KernelDim3 grid,
              gpu::KernelDim3 blockSize, ValueRange operands,
              Value sharedBytes) {
    if (sharedBytes)
      sharedBytes = arith::IndexCastOp::create(b, b.getI32Type(), sharedBytes);
    token = gpu::LaunchFuncOp::create(b, kernel, grid, blockSize, sharedBytes,
                                      operands, tokenType, ValueRange{token})
                .getAsyncToken();
  }

  /// A device buffer of `type` (identity layout, dynamic sizes given).
  Value allocate(MemRefType type, ValueRange dynamicSizes) {
    auto alloc = gpu::AllocOp::create(b, type, tokenType, ValueRange{token},
                                      dynamicSizes, ValueRange(),
                                      /*hostShared=*/false);
    token = alloc.getAsyncToken();
    temporaries.push_back(alloc.getMemref());
    return alloc.getMemref();
  }

  /// The operand itself on device memory, or a device copy of a host
  /// operand (of any layout).
  Value input(Value operand) {
    if (!hostBuffers)
      return withIdentityLayout(b, operand);
    Value contiguous = withIdentityLayout(b, operand);
    // A copy made for a non-contiguous operand is ours to free.
    if (contiguous != operand &&
        isa_and_nonnull<memref::AllocOp>(contiguous.getDefiningOp()))
      hostCopies.push_back(contiguous);
    Value device = allocateLike(contiguous);
    copy(device, contiguous);
    return device;
  }

  /// A device buffer for an `outs` operand, copied back by finish(): on
  /// device memory the operand itself (contiguous); with host buffers a
  /// device buffer, through a contiguous host copy when the operand is not
  /// contiguous.
  Value output(Value operand) {
    Value contiguous = withIdentityLayout(b, operand);
    if (!hostBuffers)
      return contiguous;
    if (contiguous != operand &&
        isa_and_nonnull<memref::AllocOp>(contiguous.getDefiningOp())) {
      hostCopies.push_back(contiguous);
      stridedCopyBack.push_back({operand, contiguous});
    }
    Value device = allocateLike(contiguous);
    copyBack.push_back({contiguous, device});
    return device;
  }

  /// Queues a device-to-device (or host) copy of `from` into `to`.
  void copy(Value to, Value from) {
    token = gpu::MemcpyOp::create(b, tokenType, ValueRange{token}, to, from)
                .getAsyncToken();
  }

  /// Emits `scf.for iv = lb to ub step step { body(iv) }` whose body queues
  /// device work (see queueIn).
  void repeat(Value lb, Value ub, Value step, function_ref<void(Value)> body) {
    auto loop = scf::ForOp::create(b, lb, ub, step);
    queueIn(loop.getBody(), [&] { body(loop.getInductionVar()); });
  }

  /// Emits `scf.if condition { body() }` whose body queues device work (see
  /// queueIn).
  void when(Value condition, function_ref<void()> body) {
    auto op = scf::IfOp::create(b, condition, /*withElseRegion=*/false);
    queueIn(op.thenBlock(), body);
  }

  /// Copies the outputs back, frees every device buffer  /// Copies the outputs back, frees every device buffer and waits for the
  /// stream: the op's results are complete when the host continues.
  void finish() {
    for (auto [host, device] : copyBack)
      copy(host, device);
    for (Value buffer : temporaries)
      token = gpu::DeallocOp::create(b, tokenType, ValueRange{token}, buffer)
                  .getAsyncToken();
    gpu::WaitOp::create(b, Type(), ValueRange{token});
    for (auto [strided, contiguous] : stridedCopyBack)
      memref::CopyOp::create(b, contiguous, strided);
    for (Value copy : hostCopies)
      memref::DeallocOp::create(b, copy);
  }

private:
  /// Runs `queue` with the builder in `block` (before its terminator).
  /// Async tokens cannot cross the region's boundary through the lowering
  /// (gpu-to-llvm converts no scf.for / scf.if results of token type), so
  /// the work inside starts a new chain; its order with the work around is
  /// the stream's: the linalgx runtime runs every chain on one stream (see
  /// the class comment). The work inside launches kernels and makes copies;
  /// it allocates nothing (finish() frees temporaries outside).
  void queueIn(Block *block, function_ref<void()> queue) {
    Value outer = token;
    size_t allocated = temporaries.size();
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPoint(block->getTerminator());
    token = gpu::WaitOp::create(b, tokenType, ValueRange()).getAsyncToken();
    queue();
    assert(temporaries.size() == allocated &&
           "device work in a region allocates nothing");
    (void)allocated;
    token = outer;
  }

  Value allocateLike(Value memref) {
    auto type = cast<MemRefType>(memref.getType());
    SmallVector<Value> dynamicSizes;
    for (int64_t dim = 0; dim < type.getRank(); ++dim)
      if (type.isDynamicDim(dim))
        dynamicSizes.push_back(memref::DimOp::create(b, memref, dim));
    return allocate(type, dynamicSizes);
  }

  ImplicitLocOpBuilder &b;
  bool hostBuffers;
  Type tokenType;
  Value token;
  SmallVector<Value> temporaries, hostCopies;
  /// (host operand, its contiguous host copy) of non-contiguous `outs`.
  SmallVector<std::pair<Value, Value>> stridedCopyBack;
  SmallVector<std::pair<Value, Value>> copyBack;
};

//===----------------------------------------------------------------------===//
// linalgx.pivots_to_permutation
//===----------------------------------------------------------------------===//

/// Emits the reverse trace of one position: starting at `start`, follows
/// the swaps i = steps-1 ... 0 backwards (a swap (i, p) moves a value at i to
/// p and one at p to i) and returns where the position ends, i.e. the
/// original row that the permutation puts there. `pivotAt(b, i)` loads pivot
/// i; pivots outside [0, N) name no swap and are skipped.
Value buildReverseTrace(ImplicitLocOpBuilder &b, Value start, Value steps,
                        Value n, Type intType, bool oneBased,
                        function_ref<Value(ImplicitLocOpBuilder &, Value)>
                            pivotAt) {
  Value zero = arith::ConstantIndexOp::create(b, 0);
  Value one = arith::ConstantIndexOp::create(b, 1);
  Value last = arith::SubIOp::create(b, steps, one);
  Value zeroInt = arith::ConstantOp::create(b, b.getIntegerAttr(intType, 0));
  Value oneInt = arith::ConstantOp::create(b, b.getIntegerAttr(intType, 1));
  auto trace = scf::ForOp::create(
      b, zero, steps, one, ValueRange{start},
      [&](OpBuilder &nested, Location loc, Value r, ValueRange iter) {
        ImplicitLocOpBuilder b(loc, nested);
        Value i = arith::SubIOp::create(b, last, r);
        Value target = pivotAt(b, i);
        if (oneBased)
          target = arith::SubIOp::create(b, target, oneInt);
        Value valid = arith::AndIOp::create(
            b,
            arith::CmpIOp::create(b, arith::CmpIPredicate::sge, target,
                                  zeroInt),
            // In index arithmetic: N itself may not fit the pivot type
            // (i32 pivots, N = 2^31).
            arith::CmpIOp::create(
                b, arith::CmpIPredicate::slt,
                arith::IndexCastOp::create(b, b.getIndexType(), target), n));
        Value iInt = arith::IndexCastOp::create(b, intType, i);
        // The swap moves a position at i or at the target by xor-ing it
        // with i ^ target (zero when the pivot names no swap; a position
        // never equals an invalid target). Only the two comparisons and the
        // xor depend on the position: the chain through the swaps is three
        // operations a step.
        Value swapBits = arith::SelectOp::create(
            b, valid, arith::XOrIOp::create(b, iInt, target), zeroInt);
        Value position = iter[0];
        Value moves = arith::OrIOp::create(
            b,
            arith::CmpIOp::create(b, arith::CmpIPredicate::eq, position, iInt),
            arith::CmpIOp::create(b, arith::CmpIPredicate::eq, position,
                                  target));
        Value moved = arith::SelectOp::create(
            b, moves, arith::XOrIOp::create(b, position, swapBits), position);
        scf::YieldOp::create(b, moved);
      });
  // Unrolling only fails for loops it cannot analyze; the loop stays correct
  // either way. When the trip count is not a multiple of the factor, the
  // remaining steps run in an epilogue loop, whose result is the final one.
  FailureOr<UnrolledLoopInfo> unrolled =
      loopUnrollByFactor(trace, kTraceUnrollFactor);
  if (succeeded(unrolled) && unrolled->epilogueLoopOp)
    return unrolled->epilogueLoopOp->getResult(0);
  return trace.getResult(0);
}

/// Traces position `j` of a group whose swap targets start at entry
/// `targets` of `tables` (see buildGroupedPermutation) through each of the
/// kTraceSegments segments of `segmentLength` swaps, side by side: returns
/// map_s(j) for every segment s. Step r of segment s is swap
/// i = (s + 1) * L - 1 - r, so each segment is traced from its last swap
/// down. The last segment may reach up to kTraceSegments - 1 swaps past
/// min(K, N): their targets are padded as no-op swaps, so no step is
/// conditional and each costs a load, the two comparisons, the or, and two
/// xors and a select (only the comparisons, the or and the select depend on
/// the position).
SmallVector<Value> buildSegmentedTrace(ImplicitLocOpBuilder &b, Value tables,
                                       Value targets, Value j,
                                       Value segmentLength) {
  using P = arith::CmpIPredicate;
  Type i32 = b.getI32Type();
  auto i32Constant = [&](ImplicitLocOpBuilder &b, int64_t v) -> Value {
    return arith::ConstantIntOp::create(b, i32, v);
  };
  SmallVector<Value> segmentLast;
  for (int64_t s = 0; s < kTraceSegments; ++s)
    segmentLast.push_back(arith::SubIOp::create(
        b, arith::MulIOp::create(b, i32Constant(b, s + 1), segmentLength),
        i32Constant(b, 1)));
  auto trace = scf::ForOp::create(
      b, arith::ConstantIndexOp::create(b, 0),
      arith::IndexCastUIOp::create(b, b.getIndexType(), segmentLength),
      arith::ConstantIndexOp::create(b, 1),
      SmallVector<Value>(kTraceSegments, j),
      [&](OpBuilder &nested, Location loc, Value r, ValueRange positions) {
        ImplicitLocOpBuilder b(loc, nested);
        Value r32 = arith::IndexCastUIOp::create(b, i32, r);
        SmallVector<Value> moved;
        for (int64_t s = 0; s < kTraceSegments; ++s) {
          Value i = arith::SubIOp::create(b, segmentLast[s], r32);
          Value target = memref::LoadOp::create(
              b, tables,
              ValueRange{arith::IndexCastUIOp::create(
                  b, b.getIndexType(), arith::AddIOp::create(b, targets, i))});
          Value position = positions[s];
          Value moves = arith::OrIOp::create(
              b, arith::CmpIOp::create(b, P::eq, position, i),
              arith::CmpIOp::create(b, P::eq, position, target));
          moved.push_back(arith::SelectOp::create(
              b, moves,
              arith::XOrIOp::create(b, position,
                                    arith::XOrIOp::create(b, i, target)),
              position));
        }
        scf::YieldOp::create(b, moved);
      });
  // As in buildReverseTrace: the table loads of several steps are issued
  // ahead of the chains; a remainder runs in the epilogue loop.
  FailureOr<UnrolledLoopInfo> unrolled =
      loopUnrollByFactor(trace, kTraceUnrollFactor);
  if (succeeded(unrolled) && unrolled->epilogueLoopOp)
    return SmallVector<Value>(unrolled->epilogueLoopOp->getResults());
  return SmallVector<Value>(trace.getResults());
}

/// The swap target, as i32, of step `step` of `matrix` in the short and
/// grouped paths (N <= 256): the pivot, minus `one` for 1-based pivots
/// (null for 0-based ones), or `noSwap` when it names no row below `n`
/// (both of the pivot type; unsigned, so a negative pivot is out of range
/// too).
Value loadSwapTarget(ImplicitLocOpBuilder &b, Value pivots, Value matrix,
                     Value step, Value n, Value one, Value noSwap) {
  Value pivot = memref::LoadOp::create(b, pivots, ValueRange{matrix, step});
  if (one)
    pivot = arith::SubIOp::create(b, pivot, one);
  Value valid = arith::CmpIOp::create(b, arith::CmpIPredicate::ult, pivot, n);
  Value pivot32 = pivot.getType().isInteger(32)
                      ? pivot
                      : arith::TruncIOp::create(b, b.getI32Type(), pivot);
  return arith::SelectOp::create(b, valid, pivot32, noSwap);
}

/// Whether 1 <= n <= maxN (one unsigned comparison: n - 1 wraps for 0).
Value isWithinOneTo(ImplicitLocOpBuilder &b, Value n, int64_t maxN) {
  Value one = arith::ConstantIndexOp::create(b, 1);
  return arith::CmpIOp::create(b, arith::CmpIPredicate::ult,
                               arith::SubIOp::create(b, n, one),
                               arith::ConstantIndexOp::create(b, maxN));
}

/// Whether the permutation kernel takes the register path (1 <= N <= 16).
Value isShortPermutation(ImplicitLocOpBuilder &b, Value n) {
  return isWithinOneTo(b, n, kShortPermutationMaxN);
}

/// Permutations of 1 <= N <= 16 positions: the grouped path's staging,
/// barriers and table lookups cost more than the trace itself there (run 8:
/// 344 instructions a warp for (16384,16,16), issue-bound). Here
/// kShortPermutationThreads = 4 consecutive threads share a matrix: each
/// loads its 16 swap targets into registers (a target past min(K, N) or out
/// of range is the no-op swap (i, i)) and traces the positions
/// q, q + 4, q + 8, q + 12 of its lane q back through them, every swap index
/// a constant of the fully unrolled code: a step is two comparisons with a
/// constant and a register, an xor and a select. No shared memory, barrier
/// or division; the four threads keep 65536 threads busy for 16384 matrices.
void buildShortPermutation(ImplicitLocOpBuilder &b, Value pivots,
                           Value permutation, Value batch, Value n,
                           Value steps, Type intType, bool oneBased) {
  using P = arith::CmpIPredicate;
  Type i32 = b.getI32Type();
  auto i32Constant = [&](ImplicitLocOpBuilder &b, int64_t v) -> Value {
    return arith::ConstantIntOp::create(b, i32, v);
  };
  Value n32 = arith::IndexCastUIOp::create(b, i32, n);
  Value steps32 = arith::IndexCastUIOp::create(b, i32, steps);
  Value nInt = arith::IndexCastOp::create(b, intType, n);
  Value oneInt = arith::ConstantOp::create(b, b.getIntegerAttr(intType, 1));
  Value threads = arith::ConstantIndexOp::create(b, kShortPermutationThreads);
  Value blockSize = arith::ConstantIndexOp::create(b, kBlockSize);
  Value first = arith::AddIOp::create(
      b,
      arith::MulIOp::create(b, gpu::BlockIdOp::create(b, gpu::Dimension::x),
                            blockSize),
      gpu::ThreadIdOp::create(b, gpu::Dimension::x));
  Value stride = arith::MulIOp::create(
      b, gpu::GridDimOp::create(b, gpu::Dimension::x), blockSize);
  // No barriers: each thread walks its own items.
  buildLoop(b, first, arith::MulIOp::create(b, batch, threads), stride,
            [&](ImplicitLocOpBuilder &b, Value item) {
    // kShortPermutationThreads is a power of two: a shift and a mask.
    Value matrix = arith::DivUIOp::create(b, item, threads);
    Value q32 = arith::IndexCastUIOp::create(
        b, i32, arith::RemUIOp::create(b, item, threads));
    SmallVector<Value> targets, swapBits;
    for (int64_t i = 0; i < kShortPermutationMaxN; ++i) {
      Value i32i = i32Constant(b, i);
      auto target = scf::IfOp::create(
          b, arith::CmpIOp::create(b, P::ult, i32i, steps32),
          [&](OpBuilder &nested, Location loc) {
            ImplicitLocOpBuilder b(loc, nested);
            scf::YieldOp::create(
                b, loadSwapTarget(b, pivots, matrix,
                                  arith::ConstantIndexOp::create(b, i), nInt,
                                  oneBased ? oneInt : Value(), i32i));
          },
          [&](OpBuilder &nested, Location loc) {
            ImplicitLocOpBuilder b(loc, nested);
            scf::YieldOp::create(b, i32Constant(b, i));
          });
      targets.push_back(target.getResult(0));
      swapBits.push_back(arith::XOrIOp::create(b, i32i, targets.back()));
    }
    for (int64_t u = 0; u * kShortPermutationThreads < kShortPermutationMaxN;
         ++u) {
      Value j32 = arith::AddIOp::create(
          b, q32, i32Constant(b, u * kShortPermutationThreads));
      Value position = j32;
      for (int64_t i = kShortPermutationMaxN - 1; i >= 0; --i) {
        Value moves = arith::OrIOp::create(
            b, arith::CmpIOp::create(b, P::eq, position, i32Constant(b, i)),
            arith::CmpIOp::create(b, P::eq, position, targets[i]));
        position = arith::SelectOp::create(
            b, moves, arith::XOrIOp::create(b, position, swapBits[i]),
            position);
      }
      buildIf(b, arith::CmpIOp::create(b, P::ult, j32, n32),
              [&](ImplicitLocOpBuilder &b) {
        Value result = intType == i32
                           ? position
                           : arith::ExtUIOp::create(b, intType, position)
                                 .getResult();
        memref::StoreOp::create(
            b, result, permutation,
            ValueRange{matrix, arith::IndexCastUIOp::create(
                                   b, b.getIndexType(), j32)});
      });
    }
  });
}

/// Whether the permutation kernel gives every matrix to one block (N <=
/// kGroupedPermutationMaxN; N = 0 has no positions and takes the flat path).
Value isGroupedPermutation(ImplicitLocOpBuilder &b, Value n) {
  return isWithinOneTo(b, n, kGroupedPermutationMaxN);
}

/// Permutations of N <= 256 positions: a block takes floor(256 / N) whole
/// matrices, a group of N consecutive threads each, thread j of a group
/// owning position j. The group stages its swap targets in shared memory
/// (one coalesced load a thread, validated once: a pivot naming no swap, or
/// a step past min(K, N), becomes the no-op swap (i, i)), then every thread
/// traces its position back through the swaps. That trace is a dependent
/// chain, so it is cut into kTraceSegments segments of consecutive swaps
/// traced side by side (buildSegmentedTrace: independent chains the
/// scheduler interleaves); the group publishes the segments' maps in shared
/// memory and a position's final value, map_0(map_1(map_2(map_3(j)))), is
/// three table lookups away.
/// A thread waits on ~min(K, N) / 4 dependent steps instead of min(K, N),
/// and positions are 32-bit whatever the pivot type.
void buildGroupedPermutation(ImplicitLocOpBuilder &b, Value pivots,
                             Value permutation, Value tables, Value batch,
                             Value n, Value steps, Type intType,
                             bool oneBased) {
  using P = arith::CmpIPredicate;
  Type i32 = b.getI32Type();
  auto toI32 = [&](Value index) -> Value {
    return arith::IndexCastUIOp::create(b, i32, index);
  };
  auto toIndex = [](ImplicitLocOpBuilder &b, Value v) -> Value {
    return arith::IndexCastUIOp::create(b, b.getIndexType(), v);
  };
  // `tables`: the groups' swap targets, N + kTraceSegments - 1 entries a
  // group (the padding: no-op swaps for the last segment's steps past N),
  // then the maps of segments 0 .. kTraceSegments - 2, 256 entries each,
  // indexed by thread.
  auto mapIndex = [&](ImplicitLocOpBuilder &b, int64_t segment, Value entry) {
    return toIndex(
        b, arith::AddIOp::create(
               b,
               arith::ConstantIntOp::create(
                   b, i32, kGroupedTargetEntries + segment * kBlockSize),
               entry));
  };

  // In 32 bits: N <= 256 and the thread index < 256.
  Value n32 = toI32(n);
  Value steps32 = toI32(steps);
  Value thread32 = toI32(gpu::ThreadIdOp::create(b, gpu::Dimension::x));
  Value matricesPerBlock32 = arith::DivUIOp::create(
      b, arith::ConstantIntOp::create(b, i32, kBlockSize), n32);
  Value group32 = arith::DivUIOp::create(b, thread32, n32);
  Value j32 = arith::RemUIOp::create(b, thread32, n32);
  Value groupStart32 = arith::SubIOp::create(b, thread32, j32);
  Value targets32 = arith::MulIOp::create(
      b, group32,
      arith::AddIOp::create(
          b, n32, arith::ConstantIntOp::create(b, i32, kTraceSegments - 1)));
  Value inGroup = arith::CmpIOp::create(b, P::ult, group32, matricesPerBlock32);
  Value group = toIndex(b, group32), j = toIndex(b, j32);
  Value matricesPerBlock = toIndex(b, matricesPerBlock32);
  Value segmentLength32 = arith::CeilDivUIOp::create(
      b, steps32, arith::ConstantIntOp::create(b, i32, kTraceSegments));
  Value nInt = arith::IndexCastOp::create(b, intType, n);
  Value oneInt = arith::ConstantOp::create(b, b.getIntegerAttr(intType, 1));

  Value firstMatrix = arith::MulIOp::create(
      b, gpu::BlockIdOp::create(b, gpu::Dimension::x), matricesPerBlock);
  Value matrixStride = arith::MulIOp::create(
      b, gpu::GridDimOp::create(b, gpu::Dimension::x), matricesPerBlock);
  // Every thread of a block runs the same iterations (barriers inside).
  buildLoop(b, firstMatrix, batch, matrixStride, [&](ImplicitLocOpBuilder &b,
                                                      Value blockMatrix) {
    Value matrix = arith::AddIOp::create(b, blockMatrix, group);
    Value active = arith::AndIOp::create(
        b, inGroup, arith::CmpIOp::create(b, P::ult, matrix, batch));
    buildIf(b, active, [&](ImplicitLocOpBuilder &b) {
      auto target = scf::IfOp::create(
          b, arith::CmpIOp::create(b, P::ult, j32, steps32),
          [&](OpBuilder &nested, Location loc) {
            ImplicitLocOpBuilder b(loc, nested);
            scf::YieldOp::create(
                b, loadSwapTarget(b, pivots, matrix, j, nInt,
                                  oneBased ? oneInt : Value(), j32));
          },
          [&](OpBuilder &nested, Location loc) {
            scf::YieldOp::create(nested, loc, j32);
          });
      memref::StoreOp::create(
          b, target.getResult(0), tables,
          toIndex(b, arith::AddIOp::create(b, targets32, j32)));
      // The padding: entry N + p (p < kTraceSegments - 1) swaps N + p with
      // itself, which moves no position; thread j writes p = j, j + N, ...
      // (groups of one or two threads write more than one).
      for (int64_t u = 0; u < kTraceSegments - 1; ++u) {
        Value p32 = arith::AddIOp::create(
            b, j32,
            arith::MulIOp::create(b, n32,
                                  arith::ConstantIntOp::create(b, i32, u)));
        buildIf(b,
                arith::CmpIOp::create(
                    b, P::ult, p32,
                    arith::ConstantIntOp::create(b, i32, kTraceSegments - 1)),
                [&](ImplicitLocOpBuilder &b) {
          Value past = arith::AddIOp::create(b, n32, p32);
          memref::StoreOp::create(
              b, past, tables,
              toIndex(b, arith::AddIOp::create(b, targets32, past)));
        });
      }
    });
    gpu::BarrierOp::create(b);
    // The trace yields the map of the last segment (the first one applied)
    // and publishes the others.
    auto traced = scf::IfOp::create(
        b, active,
        [&](OpBuilder &nested, Location loc) {
          ImplicitLocOpBuilder b(loc, nested);
          SmallVector<Value> maps = buildSegmentedTrace(
              b, tables, targets32, j32, segmentLength32);
          for (int64_t s = 0; s + 1 < kTraceSegments; ++s)
            memref::StoreOp::create(b, maps[s], tables,
                                    mapIndex(b, s, thread32));
          scf::YieldOp::create(b, maps.back());
        },
        [&](OpBuilder &nested, Location loc) {
          scf::YieldOp::create(nested, loc, j32);
        });
    gpu::BarrierOp::create(b);
    buildIf(b, active, [&](ImplicitLocOpBuilder &b) {
      Value position = traced.getResult(0);
      for (int64_t s = kTraceSegments - 2; s >= 0; --s)
        position = memref::LoadOp::create(
            b, tables,
            mapIndex(b, s, arith::AddIOp::create(b, groupStart32, position)));
      if (intType != i32)
        position = arith::ExtUIOp::create(b, intType, position);
      memref::StoreOp::create(b, position, permutation,
                              ValueRange{matrix, j});
    });
    // No barrier needed before the next iteration: it overwrites the
    // targets, which nobody reads after the barrier above, and the maps only
    // after its own first barrier, when every thread is done with these.
  });
}

/// Permutations of N > 256 positions (or none). Thread t owns position
/// j = t % N of matrix b = t / N and finds its final value with a reverse
/// trace (buildReverseTrace), so all positions of all matrices run in
/// parallel and the dependent chain is min(K, N) register operations, not K
/// swaps through global memory.
///
/// A block's 256 consecutive positions belong to one or two consecutive
/// matrices whose pivots are one contiguous range of the [B, K] pivot array;
/// when that range fits the shared-memory window, the block first copies it
/// there with coalesced loads, so the trace reads pivots at shared-memory
/// latency. Otherwise (K in the thousands) the trace reads them from global
/// memory, where the pivots of a matrix are shared by its N threads through
/// L1.
void buildFlatPermutation(ImplicitLocOpBuilder &b, Value pivots,
                          Value permutation, Value window, Value batch,
                          Value n, Value k, Value steps, Type intType,
                          bool oneBased) {
  int64_t windowSize = cast<MemRefType>(window.getType()).getNumElements();
  Value one = arith::ConstantIndexOp::create(b, 1);
  Value blockSize = arith::ConstantIndexOp::create(b, kBlockSize);
  Value total = arith::MulIOp::create(b, batch, n);

  Value threadId = gpu::ThreadIdOp::create(b, gpu::Dimension::x);
  Value blockId = gpu::BlockIdOp::create(b, gpu::Dimension::x);
  Value gridDim = gpu::GridDimOp::create(b, gpu::Dimension::x);
  Value firstBlockStart = arith::MulIOp::create(b, blockId, blockSize);
  Value blockStride = arith::MulIOp::create(b, gridDim, blockSize);
  // Every thread of a block runs the same iterations (barriers inside).
  buildLoop(b, firstBlockStart, total, blockStride, [&](ImplicitLocOpBuilder &b,
                                                        Value blockStart) {
    Value t = arith::AddIOp::create(b, blockStart, threadId);
    Value active = arith::CmpIOp::create(b, arith::CmpIPredicate::ult, t, total);
    Value firstMatrix = arith::DivUIOp::create(b, blockStart, n);
    Value blockEnd = arith::MinUIOp::create(
        b, arith::AddIOp::create(b, blockStart, blockSize), total);
    Value lastMatrix = arith::DivUIOp::create(
        b, arith::SubIOp::create(b, blockEnd, one), n);
    Value stagedCount = arith::MulIOp::create(
        b, arith::AddIOp::create(
               b, arith::SubIOp::create(b, lastMatrix, firstMatrix), one),
        k);
    // Whether the pivots of the block's matrices fit the window: decided by
    // the block's own span (the same for all its threads), so a block inside
    // one matrix stages K = 4096 pivots, as (4096,4096) needs (a bound of
    // ceil(256 / N) + 1 matrices a block sent it to global memory: 191 us,
    // against 119 staged; H200 runs 11d and 11e).
    Value staged = arith::CmpIOp::create(
        b, arith::CmpIPredicate::ule, stagedCount,
        arith::ConstantIndexOp::create(b, windowSize));
    buildIf(b, staged, [&](ImplicitLocOpBuilder &b) {
      buildLoop(b, threadId, stagedCount, blockSize,
                [&](ImplicitLocOpBuilder &b, Value index) {
                  Value matrix = arith::AddIOp::create(
                      b, firstMatrix, arith::DivUIOp::create(b, index, k));
                  Value step = arith::RemUIOp::create(b, index, k);
                  Value pivot = memref::LoadOp::create(
                      b, pivots, ValueRange{matrix, step});
                  memref::StoreOp::create(b, pivot, window, index);
                });
    });
    gpu::BarrierOp::create(b);
    buildIf(b, active, [&](ImplicitLocOpBuilder &b) {
      Value matrix = arith::DivUIOp::create(b, t, n);
      Value j = arith::RemUIOp::create(b, t, n);
      Value start = arith::IndexCastOp::create(b, intType, j);
      auto ifOp = scf::IfOp::create(
          b, staged,
          [&](OpBuilder &nested, Location loc) {
            ImplicitLocOpBuilder b(loc, nested);
            Value base = arith::MulIOp::create(
                b, arith::SubIOp::create(b, matrix, firstMatrix), k);
            Value end = buildReverseTrace(
                b, start, steps, n, intType, oneBased,
                [&](ImplicitLocOpBuilder &b, Value i) -> Value {
                  return memref::LoadOp::create(
                      b, window, ValueRange{arith::AddIOp::create(b, base, i)});
                });
            scf::YieldOp::create(b, end);
          },
          [&](OpBuilder &nested, Location loc) {
            ImplicitLocOpBuilder b(loc, nested);
            Value end = buildReverseTrace(
                b, start, steps, n, intType, oneBased,
                [&](ImplicitLocOpBuilder &b, Value i) -> Value {
                  return memref::LoadOp::create(b, pivots,
                                                ValueRange{matrix, i});
                });
            scf::YieldOp::create(b, end);
          });
      memref::StoreOp::create(b, ifOp.getResult(0), permutation,
                              ValueRange{matrix, j});
    });
    // The window is refilled by the next iteration.
    gpu::BarrierOp::create(b);
  });
}

/// The permutation kernel: [B, K] pivots to a [B, N] permutation, the
/// grouped path for N <= 256 and the flat one otherwise (a uniform branch),
/// each with its own typed view of the block's `shared` bytes.
void buildPermutationKernelBody(ImplicitLocOpBuilder &b, ValueRange args,
                                Value shared, Type intType, bool oneBased) {
  Value pivots = args[0], permutation = args[1];
  Value batch = memref::DimOp::create(b, permutation, 0);
  Value n = memref::DimOp::create(b, permutation, 1);
  Value k = memref::DimOp::create(b, pivots, 1);
  Value steps = arith::MinUIOp::create(b, k, n);
  auto view = [&](ImplicitLocOpBuilder &b, int64_t size, Type type) -> Value {
    return memref::ViewOp::create(b, workgroupMemRef({size}, type), shared,
                                  arith::ConstantIndexOp::create(b, 0),
                                  ValueRange());
  };
  auto isShort = scf::IfOp::create(b, isShortPermutation(b, n),
                                   /*withElseRegion=*/true);
  ImplicitLocOpBuilder shortBuilder(
      b.getLoc(), isShort.getThenBodyBuilder(b.getListener()));
  buildShortPermutation(shortBuilder, pivots, permutation, batch, n, steps,
                        intType, oneBased);
  ImplicitLocOpBuilder longBuilder(
      b.getLoc(), isShort.getElseBodyBuilder(b.getListener()));
  auto grouped = scf::IfOp::create(longBuilder,
                                   isGroupedPermutation(longBuilder, n),
                                   /*withElseRegion=*/true);
  ImplicitLocOpBuilder thenBuilder(
      b.getLoc(), grouped.getThenBodyBuilder(b.getListener()));
  buildGroupedPermutation(
      thenBuilder, pivots, permutation,
      view(thenBuilder, kGroupedTableEntries, b.getI32Type()), batch,
      n, steps, intType, oneBased);
  ImplicitLocOpBuilder elseBuilder(
      b.getLoc(), grouped.getElseBodyBuilder(b.getListener()));
  buildFlatPermutation(elseBuilder, pivots, permutation,
                       view(elseBuilder,
                            kPermutationSharedBytes / elementByteSize(intType),
                            intType),
                       batch, n, k, steps, intType, oneBased);
}

/// Queues the permutation kernel on [B, K] pivots and a [B, N] permutation
/// (device memrefs with every size dynamic, see collapseBatch).
void launchPermutationKernel(ModuleOp module, ImplicitLocOpBuilder &b,
                             DeviceWork &work, Value pivots2d,
                             Value permutation2d, bool oneBased) {
  Type intType = cast<MemRefType>(pivots2d.getType()).getElementType();
  std::string name = "linalgx_pivots_to_permutation_" + typeSuffix(intType) +
                     (oneBased ? "_one_based" : "");
  gpu::GPUFuncOp kernel = getOrCreateKernel(
      module, name, {pivots2d.getType(), permutation2d.getType()},
      {static_cast<int32_t>(kBlockSize), 1, 1},
      {workgroupMemRef({kPermutationSharedBytes}, b.getI8Type())},
      [&](ImplicitLocOpBuilder &kb, ValueRange args, ValueRange workgroup) {
        buildPermutationKernelBody(kb, args, workgroup[0], intType, oneBased);
      });
  // Short: 4 threads a matrix, 256 threads a block; grouped: floor(256 / N)
  // matrices a block; flat: 256 positions a block.
  Value batch = memref::DimOp::create(b, permutation2d, 0);
  Value n = memref::DimOp::create(b, permutation2d, 1);
  Value one = arith::ConstantIndexOp::create(b, 1);
  Value shortPath = isShortPermutation(b, n);
  Value grouped = isGroupedPermutation(b, n);
  Value blockSize = arith::ConstantIndexOp::create(b, kBlockSize);
  Value items = arith::SelectOp::create(
      b, shortPath,
      arith::MulIOp::create(
          b, batch, arith::ConstantIndexOp::create(b, kShortPermutationThreads)),
      arith::SelectOp::create(b, grouped, batch,
                              arith::MulIOp::create(b, batch, n)));
  Value itemsPerBlock = arith::SelectOp::create(
      b, arith::AndIOp::create(
             b, grouped,
             arith::XOrIOp::create(
                 b, shortPath, arith::ConstantIntOp::create(b, 1, 1))),
      arith::DivUIOp::create(b, blockSize, arith::MaxUIOp::create(b, n, one)),
      blockSize);
  work.launch(kernel, gridSizeFor(b, items, itemsPerBlock), {kBlockSize, 1, 1},
              {pivots2d, permutation2d});
}

/// The shared frame of the GPU patterns: check the operands, open the op's
/// device work chain, let the op emit its kernels and calls, close the chain
/// and erase the op.
template <typename OpTy>
struct OpToGPUPattern : public OpRewritePattern<OpTy> {
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

  /// Emits the op as one chain of device work (see DeviceWork).
  virtual void emit(OpTy op, ModuleOp module, ImplicitLocOpBuilder &b) const {
    DeviceWork work(b, options.hostBuffers);
    lower(op, module, b, work);
    work.finish();
  }

  /// Emits the op's device work into `work`.
  virtual void lower(OpTy op, ModuleOp module, ImplicitLocOpBuilder &b,
                     DeviceWork &work) const = 0;

  LinalgXToGPUOptions options;
};

struct PivotsToPermutationOpToGPU
    : public OpToGPUPattern<PivotsToPermutationOp> {
  using OpToGPUPattern::OpToGPUPattern;

  void lower(PivotsToPermutationOp op, ModuleOp module, ImplicitLocOpBuilder &b,
             DeviceWork &work) const override {
    bool oneBased = op.getOneBased();
    Value pivots = work.input(op.getPivots());
    Value permutation = work.output(op.getPermutation());
    int64_t batchRank = op.getBatchRank();
    Value pivots2d = collapseBatch(b, pivots, batchRank);
    Value permutation2d = collapseBatch(b, permutation, batchRank);

    launchPermutationKernel(module, b, work, pivots2d, permutation2d,
                            oneBased);
  }
};

//===----------------------------------------------------------------------===//
// linalgx.lu
//===----------------------------------------------------------------------===//

/// output[b][c][r] = input[b][r][c] for input [B, R, C] and output [B, C, R].
/// Each block moves 32x32 tiles through shared memory (a 33-wide row avoids
/// bank conflicts on the transposed read): global reads go along input rows
/// and global writes along output rows, both coalesced, and the index
/// divisions are paid once per tile, not per element.
void buildTiledTranspose(ImplicitLocOpBuilder &b, Value input, Value output,
                         Value tile) {
  Value tileSize = arith::ConstantIndexOp::create(b, kTileSize);
  Value batch = memref::DimOp::create(b, input, 0);
  Value rows = memref::DimOp::create(b, input, 1);
  Value cols = memref::DimOp::create(b, input, 2);
  Value tileCols = arith::CeilDivUIOp::create(b, cols, tileSize);
  Value tilesPerMatrix = arith::MulIOp::create(
      b, arith::CeilDivUIOp::create(b, rows, tileSize), tileCols);
  Value tiles = arith::MulIOp::create(b, batch, tilesPerMatrix);
  Value tx = gpu::ThreadIdOp::create(b, gpu::Dimension::x);
  Value ty = gpu::ThreadIdOp::create(b, gpu::Dimension::y);
  Value blockId = gpu::BlockIdOp::create(b, gpu::Dimension::x);
  Value gridDim = gpu::GridDimOp::create(b, gpu::Dimension::x);

  // Every thread of a block runs the same iterations (barriers inside).
  buildLoop(b, blockId, tiles, gridDim, [&](ImplicitLocOpBuilder &b,
                                            Value tileIndex) {
    Value matrix = arith::DivUIOp::create(b, tileIndex, tilesPerMatrix);
    Value within = arith::RemUIOp::create(b, tileIndex, tilesPerMatrix);
    Value rowBase = arith::MulIOp::create(
        b, arith::DivUIOp::create(b, within, tileCols), tileSize);
    Value colBase = arith::MulIOp::create(
        b, arith::RemUIOp::create(b, within, tileCols), tileSize);
    auto inBounds = [&](ImplicitLocOpBuilder &b, Value r, Value c) -> Value {
      return arith::AndIOp::create(
          b, arith::CmpIOp::create(b, arith::CmpIPredicate::ult, r, rows),
          arith::CmpIOp::create(b, arith::CmpIPredicate::ult, c, cols));
    };
    for (int64_t pass = 0; pass < kTileSize; pass += kTileRowsPerPass) {
      Value tileRow = arith::AddIOp::create(
          b, ty, arith::ConstantIndexOp::create(b, pass));
      Value r = arith::AddIOp::create(b, rowBase, tileRow);
      Value c = arith::AddIOp::create(b, colBase, tx);
      buildIf(b, inBounds(b, r, c), [&](ImplicitLocOpBuilder &b) {
        Value element =
            memref::LoadOp::create(b, input, ValueRange{matrix, r, c});
        memref::StoreOp::create(b, element, tile, ValueRange{tileRow, tx});
      });
    }
    gpu::BarrierOp::create(b);
    for (int64_t pass = 0; pass < kTileSize; pass += kTileRowsPerPass) {
      Value tileCol = arith::AddIOp::create(
          b, ty, arith::ConstantIndexOp::create(b, pass));
      Value c = arith::AddIOp::create(b, colBase, tileCol);
      Value r = arith::AddIOp::create(b, rowBase, tx);
      buildIf(b, inBounds(b, r, c), [&](ImplicitLocOpBuilder &b) {
        Value element =
            memref::LoadOp::create(b, tile, ValueRange{tx, tileCol});
        memref::StoreOp::create(b, element, output, ValueRange{matrix, c, r});
      });
    }
    // The tile is refilled by the next iteration.
    gpu::BarrierOp::create(b);
  });
}

/// The number of tiles buildTiledTranspose walks for an input [B, R, C].
Value transposeTiles(ImplicitLocOpBuilder &b, Value input) {
  Value tileSize = arith::ConstantIndexOp::create(b, kTileSize);
  Value tilesPerMatrix = arith::MulIOp::create(
      b,
      arith::CeilDivUIOp::create(b, memref::DimOp::create(b, input, 1),
                                 tileSize),
      arith::CeilDivUIOp::create(b, memref::DimOp::create(b, input, 2),
                                 tileSize));
  return arith::MulIOp::create(b, memref::DimOp::create(b, input, 0),
                               tilesPerMatrix);
}

/// The vendor's 1-based int32 pivots and info become the op's 0-based
/// pivots and info of its own type; one flat pass over B·K pivots (the first
/// B threads also convert an info), sharing the launch of the transpose back.
void buildVendorPivotConversion(ImplicitLocOpBuilder &b, Value vendorPivots,
                                Value pivots, Value vendorInfo, Value info,
                                Type intType) {
  Value batch = memref::DimOp::create(b, info, 0);
  Value k = memref::DimOp::create(b, pivots, 1);
  Value pivotCount = arith::MulIOp::create(b, batch, k);
  Value total = arith::MaxUIOp::create(b, pivotCount, batch);
  Value oneInt = arith::ConstantOp::create(b, b.getIntegerAttr(intType, 1));
  auto toIntType = [&](ImplicitLocOpBuilder &b, Value v) -> Value {
    return intType.isInteger(32) ? v : arith::ExtSIOp::create(b, intType, v);
  };
  // Flat thread numbering over the 32x8 blocks.
  Value tx = gpu::ThreadIdOp::create(b, gpu::Dimension::x);
  Value ty = gpu::ThreadIdOp::create(b, gpu::Dimension::y);
  Value threadsPerBlock =
      arith::ConstantIndexOp::create(b, kTileSize * kTileRowsPerPass);
  Value thread = arith::AddIOp::create(
      b, arith::MulIOp::create(b, ty, arith::ConstantIndexOp::create(b, kTileSize)),
      tx);
  Value blockId = gpu::BlockIdOp::create(b, gpu::Dimension::x);
  Value gridDim = gpu::GridDimOp::create(b, gpu::Dimension::x);
  Value first = arith::AddIOp::create(
      b, arith::MulIOp::create(b, blockId, threadsPerBlock), thread);
  Value stride = arith::MulIOp::create(b, gridDim, threadsPerBlock);
  buildLoop(b, first, total, stride, [&](ImplicitLocOpBuilder &b, Value t) {
    buildIf(b, arith::CmpIOp::create(b, arith::CmpIPredicate::ult, t, pivotCount),
            [&](ImplicitLocOpBuilder &b) {
              Value matrix = arith::DivUIOp::create(b, t, k);
              Value step = arith::RemUIOp::create(b, t, k);
              Value oneBasedPivot = toIntType(
                  b, memref::LoadOp::create(b, vendorPivots,
                                            ValueRange{matrix, step}));
              memref::StoreOp::create(
                  b, arith::SubIOp::create(b, oneBasedPivot, oneInt), pivots,
                  ValueRange{matrix, step});
            });
    buildIf(b, arith::CmpIOp::create(b, arith::CmpIPredicate::ult, t, batch),
            [&](ImplicitLocOpBuilder &b) {
              Value status =
                  toIntType(b, memref::LoadOp::create(b, vendorInfo, t));
              memref::StoreOp::create(b, status, info, t);
            });
  });
}

/// The `strategy` argument of the runtime's linalgxCudaGetrf: the vendor
/// path of auto and generated lets the runtime choose.
int32_t runtimeGetrfStrategy(GPULuStrategy strategy) {
  switch (strategy) {
  case GPULuStrategy::CuSolver:
    return 1;
  case GPULuStrategy::CuBlasBatched:
    return 2;
  case GPULuStrategy::Auto:
  case GPULuStrategy::Generated:
    return 0;
  }
  llvm_unreachable("unknown GPULuStrategy");
}

/// void linalgxCudaGetrf(int32_t elemType, void *a, int32_t *pivots,
///                       int32_t *info, int64_t batch, int64_t m, int64_t n,
///                       int32_t strategy)
FunctionType getrfFunctionType(MLIRContext *context) {
  Builder b(context);
  Type i32 = b.getI32Type(), i64 = b.getI64Type();
  Type ptr = LLVM::LLVMPointerType::get(context);
  return b.getFunctionType({i32, ptr, ptr, ptr, i64, i64, i64, i32}, {});
}

func::FuncOp getOrDeclareGetrf(ModuleOp module) {
  return getOrDeclareRuntimeFunction(module, kCudaGetrfFunctionName,
                                     getrfFunctionType(module.getContext()));
}

/// The symbols the lowering adds must not already mean something else.
LogicalResult checkReservedSymbols(ModuleOp module) {
  if (Operation *kernels = module.lookupSymbol(kKernelModuleName);
      kernels && !isa<gpu::GPUModuleOp>(kernels))
    return kernels->emitError()
           << "the symbol '" << kKernelModuleName
           << "' is reserved for the kernels convert-linalgx-to-gpu "
              "generates (a gpu.module); rename this op";
  if (Operation *getrf = module.lookupSymbol(kCudaGetrfFunctionName)) {
    auto function = dyn_cast<func::FuncOp>(getrf);
    FunctionType expected = getrfFunctionType(module.getContext());
    if (!function || function.getFunctionType() != expected)
      return getrf->emitError()
             << "'" << kCudaGetrfFunctionName
             << "' is the linalgx CUDA runtime's entry point and must be a "
                "func.func of type "
             << expected;
  }
  return success();
}

struct LuOpToGPU : public OpToGPUPattern<LuOp> {
  using OpToGPUPattern::OpToGPUPattern;

  /// The kernels an lu can take, in order of preference.
  enum class Path {
    Register,
    Panel,
    CyclicRegister,
    BlockRegister,
    Shared,
    Blocked,
    Vendor
  };
  struct Choice {
    Path path;
    /// The register kernels' bounds on rows and columns.
    int64_t rows = 0, cols = 0;
    /// Whether rows x cols is the matrices' static size rather than a
    /// bound: the kernel is then specialized for it.
    bool exact = false;
  };

  /// Where the op goes, for real matrices: the warp register kernel for
  /// matrices of at most 16 rows and columns (the smaller of its 8/16
  /// variants that holds them); the cyclic register kernel, a block a
  /// matrix, for batches of at most `cyclicLuMaxBatch` matrices of 33 to
  /// 128 rows or columns (the look-ahead panel kernel for those of at most
  /// `panelLuMaxSize`); the block register kernel where a thread holds a
  /// row (static shapes: their exact size; dynamic ones: the smallest of
  /// the kernel's size buckets that holds them); then, for every type, the
  /// shared-memory kernel where a matrix fits a block's shared memory, the
  /// vendor libraries otherwise or when the strategy says so. Decided here
  /// for static sizes and batches, by host branches for dynamic ones; each
  /// branch is a complete chain of device work.
  void emit(LuOp op, ModuleOp module, ImplicitLocOpBuilder &b) const override {
    auto emitPath = [&](ImplicitLocOpBuilder &b, Choice choice) {
      DeviceWork work(b, options.hostBuffers);
      if (choice.path == Path::Vendor)
        lower(op, module, b, work);
      else
        lowerGenerated(op, module, b, work, choice);
      work.finish();
    };
    if (options.luStrategy == GPULuStrategy::CuSolver ||
        options.luStrategy == GPULuStrategy::CuBlasBatched)
      return emitPath(b, {Path::Vendor});

    auto type = cast<MemRefType>(op.getInput().getType());
    Type elementType = type.getElementType();
    int64_t elementBytes = elementByteSize(elementType);
    int64_t rank = type.getRank();
    int64_t staticM = type.getDimSize(rank - 2);
    int64_t staticN = type.getDimSize(rank - 1);
    bool isStatic =
        !ShapedType::isDynamic(staticM) && !ShapedType::isDynamic(staticN);

    // Each candidate with its condition: known here (static shapes and
    // batches), or a host value.
    struct Candidate {
      Choice choice;
      std::optional<bool> known;
      std::function<Value(ImplicitLocOpBuilder &)> condition;
    };
    // A condition on the static sizes, evaluated only when there are
    // some: a dynamic size's sentinel must not reach the arithmetic.
    auto staticIf = [&](auto holds) -> std::optional<bool> {
      return isStatic ? std::optional<bool>(holds()) : std::nullopt;
    };
    auto dims = [&](ImplicitLocOpBuilder &b) -> std::pair<Value, Value> {
      return {memref::DimOp::create(b, op.getInput(), rank - 2),
              memref::DimOp::create(b, op.getInput(), rank - 1)};
    };
    auto atMost = [=](int64_t size) {
      return [=](ImplicitLocOpBuilder &b) -> Value {
        auto [m, n] = dims(b);
        return arith::CmpIOp::create(b, arith::CmpIPredicate::ule,
                                     arith::MaxUIOp::create(b, m, n),
                                     arith::ConstantIndexOp::create(b, size));
      };
    };
    // The batch: static when every batch dimension is (and their product
    // fits int64).
    std::optional<int64_t> staticBatch = 1;
    for (int64_t size : type.getShape().drop_back(2))
      staticBatch = ShapedType::isDynamic(size) || !staticBatch
                        ? std::nullopt
                        : llvm::checkedMul(*staticBatch, size);
    Value input = op.getInput();
    int64_t maxCyclicBatch = options.cyclicLuMaxBatch;
    auto batchOf = [=](ImplicitLocOpBuilder &b) -> Value {
      Value batch = arith::ConstantIndexOp::create(b, 1);
      for (int64_t d = 0; d < rank - 2; ++d)
        batch = arith::MulIOp::create(b, batch,
                                      memref::DimOp::create(b, input, d));
      return batch;
    };
    auto smallBatch = [=](ImplicitLocOpBuilder &b) -> Value {
      return arith::CmpIOp::create(
          b, arith::CmpIPredicate::ule, batchOf(b),
          arith::ConstantIndexOp::create(b, maxCyclicBatch));
    };
    SmallVector<Candidate> candidates;
    if (!isa<ComplexType>(elementType)) {
      for (int64_t size : kRegisterLuSizes)
        candidates.push_back({{Path::Register, size, size},
                              staticIf([&] {
                                return std::max(staticM, staticN) <= size;
                              }),
                              atMost(size)});
      // Small batches of 33 to 128 rows or columns: the panel kernel where
      // it fits, the cyclic kernel elsewhere (never both for one size: the
      // second would be dead code under the same condition).
      int64_t maxPanelSize = options.panelLuMaxSize;
      auto smallBatchPath = [=](int64_t rows, int64_t cols) {
        return PanelLuShape::fits(rows, cols, maxPanelSize)
                   ? Path::Panel
                   : Path::CyclicRegister;
      };
      auto smallBatchCondition = [&]() -> std::optional<bool> {
        return staticBatch ? std::optional<bool>(*staticBatch <= maxCyclicBatch)
                           : std::nullopt;
      };
      if (isStatic) {
        if (CyclicRegisterLuShape::fits(staticM, staticN))
          candidates.push_back({{smallBatchPath(staticM, staticN), staticM,
                                 staticN, /*exact=*/true},
                                smallBatchCondition(), smallBatch});
        candidates.push_back(
            {{Path::BlockRegister, staticM, staticN, /*exact=*/true},
             BlockRegisterLuShape::fits(staticM, staticN, elementType),
             nullptr});
      } else {
        // Sizes the options name get their static shape's kernels, behind a
        // run-time test of the sizes: a bucket's kernel computes with
        // run-time sizes and pays for the bound's extra rows and columns.
        // Only the panel kernel specializes on more than its bound, so the
        // cyclic and block register kernels of a bucket's own size would
        // repeat the bucket's branch.
        for (int64_t size : options.luExactSizes) {
          Path smallBatchKernel = smallBatchPath(size, size);
          bool smallBatchExact =
              CyclicRegisterLuShape::fits(size, size) &&
              (smallBatchKernel == Path::Panel ||
               !llvm::is_contained(kCyclicRegisterLuSizes, size));
          bool blockRegisterExact =
              BlockRegisterLuShape::fits(size, size, elementType) &&
              !llvm::is_contained(kBlockRegisterLuSizes, size);
          auto isSize = [=](ImplicitLocOpBuilder &b) -> Value {
            auto [m, n] = dims(b);
            Value expected = arith::ConstantIndexOp::create(b, size);
            return arith::AndIOp::create(
                b,
                arith::CmpIOp::create(b, arith::CmpIPredicate::eq, m, expected),
                arith::CmpIOp::create(b, arith::CmpIPredicate::eq, n,
                                      expected));
          };
          if (smallBatchExact)
            candidates.push_back(
                {{smallBatchKernel, size, size, /*exact=*/true},
                 std::nullopt, [=](ImplicitLocOpBuilder &b) -> Value {
                   return arith::AndIOp::create(b, isSize(b), smallBatch(b));
                 }});
          if (blockRegisterExact)
            candidates.push_back(
                {{Path::BlockRegister, size, size, /*exact=*/true},
                 std::nullopt, isSize});
        }
        // Up to 32 rows and columns the block register kernel (one warp a
        // matrix); above, the cyclic kernel for small batches.
        auto blockRegister = [&](int64_t size) {
          if (BlockRegisterLuShape::fits(size, size, elementType))
            candidates.push_back({{Path::BlockRegister, size, size},
                                  std::nullopt, atMost(size)});
        };
        for (int64_t size : kBlockRegisterLuSizes)
          if (!CyclicRegisterLuShape::fits(size, size))
            blockRegister(size);
        for (int64_t size : kCyclicRegisterLuSizes)
          candidates.push_back(
              {{smallBatchPath(size, size), size, size}, std::nullopt,
               [=](ImplicitLocOpBuilder &b) -> Value {
                 return arith::AndIOp::create(b, atMost(size)(b),
                                              smallBatch(b));
               }});
        for (int64_t size : kBlockRegisterLuSizes)
          if (CyclicRegisterLuShape::fits(size, size))
            blockRegister(size);
      }
    }
    candidates.push_back(
        {{Path::Shared},
         staticIf([&] {
           return GeneratedLuLaunch::fitsBlock(staticM, staticN, elementBytes);
         }),
         [=](ImplicitLocOpBuilder &b) -> Value {
           // The size bound first: an empty M x 0 matrix may have any M,
           // and the byte count must not wrap past it.
           auto [m, n] = dims(b);
           Value limit =
               arith::ConstantIndexOp::create(b, kGeneratedLuMaxSharedBytes);
           Value sizesBounded = arith::CmpIOp::create(
               b, arith::CmpIPredicate::ule, arith::MaxUIOp::create(b, m, n),
               limit);
           Value bytesFit = arith::CmpIOp::create(
               b, arith::CmpIPredicate::ule,
               GeneratedLuLaunch::bytesPerMatrix(b, m, n, elementBytes), limit);
           return arith::AndIOp::create(b, sizesBounded, bytesFit);
         }});

    // Larger matrices whose panels fit a block's shared memory, up to
    // `blockedLuMaxSize` rows and columns, in batches of at least
    // `blockedLuMinBatch`: the blocked LU.
    int64_t maxBlockedSize = options.blockedLuMaxSize;
    int64_t minBlockedBatch = options.blockedLuMinBatch;
    std::optional<bool> blockedKnown;
    if (isStatic && !(BlockedLuShape::panelFits(staticM, elementBytes) &&
                      std::max(staticM, staticN) <= maxBlockedSize))
      blockedKnown = false;
    else if (isStatic && staticBatch)
      blockedKnown = *staticBatch >= minBlockedBatch;
    candidates.push_back(
        {{Path::Blocked}, blockedKnown, [=](ImplicitLocOpBuilder &b) -> Value {
           Value holds = arith::CmpIOp::create(
               b, arith::CmpIPredicate::uge, batchOf(b),
               arith::ConstantIndexOp::create(b, minBlockedBatch));
           if (isStatic)
             return holds;
           auto [m, n] = dims(b);
           Value panelFits = arith::CmpIOp::create(
               b, arith::CmpIPredicate::ule,
               BlockedLuShape::panelSharedBytes(b, m, elementBytes),
               arith::ConstantIndexOp::create(b, kGeneratedLuMaxSharedBytes));
           return arith::AndIOp::create(
               b, holds,
               arith::AndIOp::create(b, panelFits, atMost(maxBlockedSize)(b)));
         }});

    std::function<void(ImplicitLocOpBuilder &, ArrayRef<Candidate>)> choose =
        [&](ImplicitLocOpBuilder &b, ArrayRef<Candidate> rest) {
          if (rest.empty())
            return emitPath(b, {Path::Vendor});
          const Candidate &first = rest.front();
          if (first.known)
            return *first.known ? emitPath(b, first.choice)
                                : choose(b, rest.drop_front());
          scf::IfOp::create(
              b, first.condition(b),
              [&](OpBuilder &nested, Location loc) {
                ImplicitLocOpBuilder nb(loc, nested);
                emitPath(nb, first.choice);
                scf::YieldOp::create(nb);
              },
              [&](OpBuilder &nested, Location loc) {
                ImplicitLocOpBuilder nb(loc, nested);
                choose(nb, rest.drop_front());
                scf::YieldOp::create(nb);
              });
        };
    choose(b, candidates);
  }

  /// A generated one-kernel LU: the warp register kernel
  /// (buildRegisterLuKernelBody), the block register kernel
  /// (buildBlockRegisterLuKernelBody) or the shared-memory kernel
  /// (buildSharedMemoryLuKernelBody), GeneratedLu.cpp.
  void lowerGenerated(LuOp op, ModuleOp module, ImplicitLocOpBuilder &b,
                      DeviceWork &work, Choice choice) const {
    Type elementType = cast<MemRefType>(op.getLu().getType()).getElementType();
    Type intType = cast<MemRefType>(op.getPivots().getType()).getElementType();
    int64_t batchRank = op.getBatchRank();
    SmallVector<Value> operands = {
        collapseBatch(b, work.input(op.getInput()), batchRank),
        collapseBatch(b, work.output(op.getLu()), batchRank),
        collapseBatch(b, work.output(op.getPivots()), batchRank),
        collapseBatch(b, work.output(op.getInfo()), batchRank)};
    bool withPermutation = static_cast<bool>(op.getPermutation());
    if (withPermutation)
      operands.push_back(
          collapseBatch(b, work.output(op.getPermutation()), batchRank));
    std::string suffix = typeSuffix(elementType) + "_" + typeSuffix(intType) +
                         (withPermutation ? "_permutation" : "");
    Value lu = operands[1];
    Value batch = memref::DimOp::create(b, lu, 0);
    Value one = arith::ConstantIndexOp::create(b, 1);
    Value warpSize = arith::ConstantIndexOp::create(b, 32);

    if (choice.path == Path::Panel) {
      PanelLuShape shape{choice.rows, choice.cols, choice.exact};
      int32_t warps = static_cast<int32_t>(PanelLuShape::kWarps);
      // A static shape's kernel is its own; dynamic shapes share the size
      // bucket's (`upto`).
      gpu::GPUFuncOp kernel = getOrCreateKernel(
          module,
          "linalgx_lu_panel" + std::string(shape.exact ? "" : "_upto") +
              std::to_string(shape.rows) + "x" + std::to_string(shape.cols) +
              "_" + suffix,
          TypeRange(ValueRange(operands)), {32, warps, 1},
          /*workgroupTypes=*/{},
          [&](ImplicitLocOpBuilder &kb, ValueRange args, ValueRange) {
            buildPanelLuKernelBody(kb, args, elementType, intType,
                                   withPermutation, shape);
          });
      // One block a matrix in small batches: without saying so, ptxas
      // sizes registers for several 128-thread blocks an SM (128 a thread,
      // spilling, for the 75x75 f64 kernel; 220 with the bound).
      kernel->setAttr(NVVM::NVVMDialect::getMinctasmAttrName(),
                      b.getI32IntegerAttr(1));
      Value warpCount = arith::ConstantIndexOp::create(b, warps);
      work.launch(kernel, {gridSizeFor(b, batch, 1), one, one},
                  {warpSize, warpCount, one}, operands,
                  arith::ConstantIndexOp::create(
                      b, shape.sharedBytes(elementByteSize(elementType))));
      return;
    }

    if (choice.path == Path::CyclicRegister) {
      CyclicRegisterLuShape shape{choice.rows, choice.cols,
                                  options.cyclicLuMaxWarps,
                                  elementByteSize(elementType)};
      int32_t warps = static_cast<int32_t>(shape.warps());
      gpu::GPUFuncOp kernel = getOrCreateKernel(
          module,
          "linalgx_lu_cyclic" + std::to_string(shape.rows) + "x" +
              std::to_string(shape.cols) + "_" + suffix,
          TypeRange(ValueRange(operands)), {32, warps, 1},
          cyclicRegisterLuWorkgroupTypes(shape, elementType),
          [&](ImplicitLocOpBuilder &kb, ValueRange args,
              ValueRange workgroup) {
            buildCyclicRegisterLuKernelBody(kb, args, workgroup, elementType,
                                            intType, withPermutation, shape);
          });
      work.launch(kernel, gridSizeFor(b, batch, 1), {32, warps, 1}, operands);
      return;
    }

    if (choice.path == Path::BlockRegister) {
      BlockRegisterLuShape shape{choice.rows, choice.cols};
      int32_t warps = static_cast<int32_t>(shape.warps());
      int32_t groups = static_cast<int32_t>(shape.matricesPerBlock());
      gpu::GPUFuncOp kernel = getOrCreateKernel(
          module,
          "linalgx_lu_registers" + std::to_string(shape.rows) + "x" +
              std::to_string(shape.cols) + "_" + suffix,
          TypeRange(ValueRange(operands)), {32, warps, groups},
          blockRegisterLuWorkgroupTypes(shape, elementType),
          [&](ImplicitLocOpBuilder &kb, ValueRange args,
              ValueRange workgroup) {
            buildBlockRegisterLuKernelBody(kb, args, workgroup, elementType,
                                           intType, withPermutation, shape);
          });
      // The row lives in registers: the block size bounds what ptxas may
      // give each thread (up to 255).
      kernel->setAttr(NVVM::NVVMDialect::getMaxntidAttrName(),
                      b.getDenseI32ArrayAttr({32 * warps * groups, 1, 1}));
      work.launch(kernel, gridSizeFor(b, batch, groups), {32, warps, groups},
                  operands);
      return;
    }

    if (choice.path == Path::Register) {
      int64_t size = choice.rows;
      gpu::GPUFuncOp kernel = getOrCreateKernel(
          module, "linalgx_lu_registers" + std::to_string(size) + "_" + suffix,
          TypeRange(ValueRange(operands)),
          {32, static_cast<int32_t>(kRegisterLuWarpsPerBlock), 1},
          registerLuWorkgroupTypes(size, elementType),
          [&](ImplicitLocOpBuilder &kb, ValueRange args,
              ValueRange workgroup) {
            buildRegisterLuKernelBody(kb, args, workgroup, elementType,
                                      intType, withPermutation, size);
          });
      int64_t matricesPerBlock = kRegisterLuWarpsPerBlock * (32 / size);
      work.launch(kernel, gridSizeFor(b, batch, matricesPerBlock),
                  {32, kRegisterLuWarpsPerBlock, 1}, operands);
      return;
    }

    if (choice.path == Path::Blocked)
      return lowerBlocked(op, module, b, work, operands);

    launchSharedMemoryLu(module, b, work, "linalgx_lu_generated_" + suffix,
                         operands, elementType, intType, withPermutation);
  }

  /// Launches the shared-memory LU (`name`) on `operands` (input, lu,
  /// pivots, info and, with `withPermutation`, the permutation), its launch
  /// shape chosen from their run-time sizes.
  static void launchSharedMemoryLu(ModuleOp module, ImplicitLocOpBuilder &b,
                                   DeviceWork &work, StringRef name,
                                   ValueRange operands, Type elementType,
                                   Type intType, bool withPermutation) {
    gpu::GPUFuncOp kernel = getOrCreateKernel(
        module, name, TypeRange(operands), /*blockSize=*/{},
        /*workgroupTypes=*/{},
        [&](ImplicitLocOpBuilder &kb, ValueRange args, ValueRange) {
          buildSharedMemoryLuKernelBody(kb, args, elementType, intType,
                                       withPermutation);
        });
    kernel->setAttr(NVVM::NVVMDialect::getMaxntidAttrName(),
                    b.getDenseI32ArrayAttr(
                        {static_cast<int32_t>(kGeneratedLuMaxThreads), 1, 1}));
    Value lu = operands[1];
    Value batch = memref::DimOp::create(b, lu, 0);
    GeneratedLuLaunch launch = GeneratedLuLaunch::build(
        b, batch, memref::DimOp::create(b, lu, 1),
        memref::DimOp::create(b, lu, 2), elementByteSize(elementType));
    Value one = arith::ConstantIndexOp::create(b, 1);
    Value blocks = gridSizeFor(
        b, arith::CeilDivUIOp::create(b, batch, launch.matricesPerBlock), 1);
    work.launch(kernel, {blocks, one, one},
                {arith::ConstantIndexOp::create(b, 32), launch.warpsPerMatrix,
                 launch.matricesPerBlock},
                operands, launch.sharedBytes);
  }

  /// The blocked LU (BlockedLuShape): the input copied into lu, then for
  /// each panel of kPanelColumns columns the panel kernel (the panel in
  /// place, the pivots, info and the panel's row order) and the update
  /// kernel; the permutation kernel from the pivots at the end. `operands`
  /// as lowerGenerated collects them.
  void lowerBlocked(LuOp op, ModuleOp module, ImplicitLocOpBuilder &b,
                    DeviceWork &work, ArrayRef<Value> operands) const {
    using S = BlockedLuShape;
    Type elementType = cast<MemRefType>(op.getLu().getType()).getElementType();
    Type intType = cast<MemRefType>(op.getPivots().getType()).getElementType();
    Value input = operands[0], lu = operands[1], pivots = operands[2],
          info = operands[3];
    auto c = [&](int64_t v) -> Value {
      return arith::ConstantIndexOp::create(b, v);
    };
    Value batch = memref::DimOp::create(b, lu, 0);
    Value m = memref::DimOp::create(b, lu, 1);
    Value n = memref::DimOp::create(b, lu, 2);
    Value k = arith::MinUIOp::create(b, m, n);
    // The panels' row orders, for the update's row exchanges.
    Value panelPermutation = work.allocate(dynamicMemRef(2, intType), {batch, m});
    // The input into lu, unless they are one buffer (an in-place lu).
    auto address = [&](Value memref) -> Value {
      return memref::ExtractAlignedPointerAsIndexOp::create(b, memref);
    };
    work.when(arith::CmpIOp::create(b, arith::CmpIPredicate::ne,
                                    address(input), address(lu)),
              [&] { work.copy(lu, input); });

    std::string typeName = typeSuffix(elementType) + "_" + typeSuffix(intType);
    int64_t elementBytes = elementByteSize(elementType);
    SmallVector<Type> panelTypes = {lu.getType(), pivots.getType(),
                                    info.getType(), panelPermutation.getType(),
                                    b.getIndexType()};
    gpu::GPUFuncOp panel = getOrCreateKernel(
        module, "linalgx_lu_blocked_panel_" + typeName, panelTypes,
        {32, static_cast<int32_t>(S::kPanelWarps), 1}, /*workgroupTypes=*/{},
        [&](ImplicitLocOpBuilder &kb, ValueRange args, ValueRange) {
          buildBlockedLuPanelKernelBody(kb, args, elementType, intType);
        });
    // One block an SM (its shared memory): without saying so, ptxas sizes
    // registers for several 512-thread blocks and spills complex panels.
    panel->setAttr(NVVM::NVVMDialect::getMinctasmAttrName(),
                   b.getI32IntegerAttr(1));
    SmallVector<Type> updateTypes = {lu.getType(), panelPermutation.getType(),
                                     b.getIndexType()};
    gpu::GPUFuncOp update = getOrCreateKernel(
        module, "linalgx_lu_blocked_update_" + typeName, updateTypes,
        {static_cast<int32_t>(S::kThreadsX), static_cast<int32_t>(S::kThreadsY),
         1},
        /*workgroupTypes=*/{},
        [&](ImplicitLocOpBuilder &kb, ValueRange args, ValueRange) {
          buildBlockedLuUpdateKernelBody(kb, args, elementType);
        });
    work.repeat(c(0), k, c(S::kPanelColumns), [&](Value k0) {
      Value rows = arith::SubIOp::create(b, m, k0);
      work.launch(panel, {gridSizeFor(b, batch, 1), c(1), c(1)},
                  {c(32), c(S::kPanelWarps), c(1)},
                  {lu, pivots, info, panelPermutation, k0},
                  S::panelSharedBytes(b, rows, elementBytes));
      work.launch(update,
                  {arith::CeilDivUIOp::create(b, n, c(S::kTileColumns)),
                   gridSizeFor(b, batch, 1), c(1)},
                  {c(S::kThreadsX), c(S::kThreadsY), c(1)},
                  {lu, panelPermutation, k0},
                  c(S::updateSharedBytes(elementBytes)));
    });

    if (op.getPermutation())
      launchPermutationKernel(module, b, work, pivots, operands[4],
                              /*oneBased=*/false);
  }

  /// The vendor path: transpose to column-major, cuSOLVER/cuBLAS through the
  /// runtime, transpose back with the pivot and info conversion, and the
  /// permutation kernel when the op has a permutation.
  void lower(LuOp op, ModuleOp module, ImplicitLocOpBuilder &b,
             DeviceWork &work) const override {
    Type elementType = cast<MemRefType>(op.getLu().getType()).getElementType();
    Type intType = cast<MemRefType>(op.getPivots().getType()).getElementType();
    int64_t batchRank = op.getBatchRank();

    Value input = collapseBatch(
        b, work.input(op.getInput()), batchRank);
    Value lu = collapseBatch(b, work.output(op.getLu()), batchRank);
    Value pivots = collapseBatch(b, work.output(op.getPivots()), batchRank);
    Value info = collapseBatch(b, work.output(op.getInfo()), batchRank);

    Value batch = memref::DimOp::create(b, lu, 0);
    Value m = memref::DimOp::create(b, lu, 1);
    Value n = memref::DimOp::create(b, lu, 2);
    Value k = memref::DimOp::create(b, pivots, 1);

    // Column-major workspace [B, N, M] and the vendor's int32 pivots/info.
    Value workspace = work.allocate(dynamicMemRef(3, elementType), {batch, n, m});
    Value vendorPivots =
        work.allocate(dynamicMemRef(2, b.getI32Type()), {batch, k});
    Value vendorInfo = work.allocate(dynamicMemRef(1, b.getI32Type()), {batch});

    std::string suffix = typeSuffix(elementType);
    SmallVector<int32_t> tileBlock = {kTileSize, kTileRowsPerPass, 1};
    SmallVector<int64_t> tileBlockSize = {kTileSize, kTileRowsPerPass, 1};
    Type tileType = workgroupMemRef({kTileSize, kTileSize + 1}, elementType);
    gpu::GPUFuncOp toColumnMajor = getOrCreateKernel(
        module, "linalgx_lu_to_column_major_" + suffix,
        {input.getType(), workspace.getType()}, tileBlock, {tileType},
        [](ImplicitLocOpBuilder &kb, ValueRange args, ValueRange workgroup) {
          buildTiledTranspose(kb, args[0], args[1], workgroup[0]);
        });
    work.launch(toColumnMajor, gridSizeFor(b, transposeTiles(b, input), 1),
                tileBlockSize, {input, workspace});

    func::FuncOp getrf = getOrDeclareGetrf(module);
    auto i64 = [&](Value index) -> Value {
      return arith::IndexCastOp::create(b, b.getI64Type(), index);
    };
    auto i32Constant = [&](int32_t value) -> Value {
      return arith::ConstantIntOp::create(b, value, 32);
    };
    func::CallOp::create(
        b, getrf,
        ValueRange{i32Constant(runtimeElementTypeCode(elementType)),
                   alignedPointer(b, workspace), alignedPointer(b, vendorPivots),
                   alignedPointer(b, vendorInfo), i64(batch), i64(m), i64(n),
                   i32Constant(runtimeGetrfStrategy(options.luStrategy))});

    gpu::GPUFuncOp fromColumnMajor = getOrCreateKernel(
        module,
        "linalgx_lu_from_column_major_" + suffix + "_" + typeSuffix(intType),
        {workspace.getType(), lu.getType(), vendorPivots.getType(),
         pivots.getType(), vendorInfo.getType(), info.getType()},
        tileBlock, {tileType},
        [&](ImplicitLocOpBuilder &kb, ValueRange args, ValueRange workgroup) {
          buildTiledTranspose(kb, args[0], args[1], workgroup[0]);
          buildVendorPivotConversion(kb, args[2], args[3], args[4], args[5],
                                     intType);
        });
    // Enough blocks for the tiles and for the B·K pivot conversions.
    Value threadsPerBlock =
        arith::ConstantIndexOp::create(b, kTileSize * kTileRowsPerPass);
    Value items = arith::MaxUIOp::create(
        b, arith::MulIOp::create(b, transposeTiles(b, workspace), threadsPerBlock),
        arith::MaxUIOp::create(b, arith::MulIOp::create(b, batch, k), batch));
    work.launch(fromColumnMajor,
                gridSizeFor(b, items, kTileSize * kTileRowsPerPass),
                tileBlockSize,
                {workspace, lu, vendorPivots, pivots, vendorInfo, info});

    if (op.getPermutation())
      launchPermutationKernel(
          module, b, work, pivots,
          collapseBatch(b, work.output(op.getPermutation()), batchRank),
          /*oneBased=*/false);
  }
};

//===----------------------------------------------------------------------===//
// Pass
//===----------------------------------------------------------------------===//

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
            .Default(std::nullopt);
    if (!strategy) {
      getOperation().emitError()
          << "unknown lu-strategy '" << luStrategy
          << "'; expected auto, generated, cusolver or cublas-batched";
      return signalPassFailure();
    }
    loweringOptions.luStrategy = *strategy;
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
        !isBound("lu-blocked-max-size", blockedLuMaxSize) ||
        !isBound("lu-blocked-min-batch", blockedLuMinBatch))
      return signalPassFailure();
    loweringOptions.cyclicLuMaxBatch = cyclicLuMaxBatch;
    loweringOptions.panelLuMaxSize = panelLuMaxSize;
    loweringOptions.blockedLuMaxSize = blockedLuMaxSize;
    loweringOptions.blockedLuMinBatch = blockedLuMinBatch;
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
  patterns.add<LuOpToGPU, PivotsToPermutationOpToGPU>(patterns.getContext(),
                                                       options);
}
