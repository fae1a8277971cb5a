//===- LuKernelChoice.cpp - which kernel a linalgx.lu takes -----*- C++ -*-===//
//
//===----------------------------------------------------------------------===//

#include "LuKernelChoice.h"

#include "Kernels/BlockRegisterLu.h"
#include "Kernels/BlockedLu.h"
#include "Kernels/CyclicLu.h"
#include "Kernels/LuCommon.h"
#include "Kernels/PanelLu.h"
#include "Kernels/RegisterLu.h"
#include "Kernels/SharedMemoryLu.h"
#include "Kernels/ThreadLu.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "llvm/Support/CheckedArithmetic.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::linalgx;

namespace mlir::linalgx::gpu_kernels {

namespace {

using Term = LuGuardTerm;

/// What the choice reads of an lu's input type [B..., M, N].
struct LuShape {
  explicit LuShape(MemRefType type) : elementType(type.getElementType()) {
    int64_t rank = type.getRank();
    m = type.getDimSize(rank - 2);
    n = type.getDimSize(rank - 1);
    isStatic = !ShapedType::isDynamic(m) && !ShapedType::isDynamic(n);
    // The batch: static when every batch dimension is (and their product
    // fits int64).
    for (int64_t size : type.getShape().drop_back(2))
      staticBatch = ShapedType::isDynamic(size) || !staticBatch
                        ? std::nullopt
                        : llvm::checkedMul(*staticBatch, size);
  }

  Type elementType;
  int64_t m, n;
  bool isStatic;
  std::optional<int64_t> staticBatch = 1;
};

/// The candidates for real element types below the shared-memory kernel:
/// the register kernels, each for the sizes it holds.
class RegisterKernelCandidates {
public:
  RegisterKernelCandidates(const LuShape &shape,
                           const LinalgXToGPUOptions &options,
                           SmallVectorImpl<LuKernelCandidate> &candidates)
      : options(options), elementType(shape.elementType), m(shape.m),
        n(shape.n), isStatic(shape.isStatic), staticBatch(shape.staticBatch),
        candidates(candidates) {}

  void add() {
    for (int64_t size : kRegisterLuSizes)
      push({LuKernel::Register, size, size},
           isStatic ? LuGuard::always(std::max(m, n) <= size)
                    : LuGuard::when({{Term::MaxSizeAtMost, size}}));
    if (isStatic)
      addStaticShape();
    else
      addDynamicShape();
  }

private:
  /// Small batches of 33 to 128 rows or columns: the panel kernel where it
  /// fits, the cyclic kernel elsewhere (never both for one size: the second
  /// would be dead code under the same condition).
  LuKernel smallBatchKernel(int64_t rows, int64_t cols) const {
    return PanelLuShape::fits(rows, cols, options.panelLuMaxSize)
               ? LuKernel::Panel
               : LuKernel::CyclicRegister;
  }
  Term smallBatch() const {
    return {Term::BatchAtMost, options.cyclicLuMaxBatch};
  }
  /// Whether the panel kernel takes every matrix of at most rows x cols
  /// whatever the batch: it does those whose larger dimension reaches
  /// `panelLuAnyBatchMinSize`.
  bool panelTakesAnyBatch(int64_t rows, int64_t cols) const {
    return PanelLuShape::fits(rows, cols, options.panelLuMaxSize) &&
           std::max(rows, cols) >= options.panelLuAnyBatchMinSize;
  }
  /// Whether the panel kernel takes, whatever the batch, every matrix whose
  /// larger dimension is in (below, size]: a later kernel for those sizes
  /// would be dead code.
  bool panelTakesAnyBatchBetween(int64_t below, int64_t size) const {
    return PanelLuShape::fits(size, size, options.panelLuMaxSize) &&
           below + 1 >= options.panelLuAnyBatchMinSize;
  }
  /// The batches a size bucket's kernel takes: the small ones, and any for
  /// the panel kernel's matrices large enough (the bucket holding smaller
  /// ones too, the test is on the matrices' sizes).
  Term bucketBatch(int64_t size) const {
    if (panelTakesAnyBatch(size, size))
      return {Term::BatchAtMostOrMaxSizeAtLeast, options.cyclicLuMaxBatch,
              options.panelLuAnyBatchMinSize};
    return smallBatch();
  }

  void addStaticShape() {
    if (CyclicRegisterLuShape::fits(m, n))
      push({smallBatchKernel(m, n), m, n, /*exact=*/true},
           panelTakesAnyBatch(m, n) ? LuGuard::always(true)
           : staticBatch
               ? LuGuard::always(*staticBatch <= options.cyclicLuMaxBatch)
               : LuGuard::when({smallBatch()}));
    push({LuKernel::BlockRegister, m, n, /*exact=*/true},
         LuGuard::always(BlockRegisterLuShape::fits(m, n, elementType)));
  }

  void addDynamicShape() {
    // Sizes the options name get their static shape's kernels, behind a
    // run-time test of the sizes: a bucket's kernel computes with run-time
    // sizes and pays for the bound's extra rows and columns. Only the panel
    // kernel specializes on more than its bound, so the cyclic and block
    // register kernels of a bucket's own size would repeat the bucket's
    // branch.
    for (int64_t size : options.luExactSizes) {
      LuKernel kernel = smallBatchKernel(size, size);
      if (CyclicRegisterLuShape::fits(size, size) &&
          (kernel == LuKernel::Panel ||
           !llvm::is_contained(kCyclicRegisterLuSizes, size))) {
        SmallVector<Term> terms = {{Term::SizeEquals, size}};
        if (!panelTakesAnyBatch(size, size))
          terms.push_back(smallBatch());
        push({kernel, size, size, /*exact=*/true}, LuGuard::when(terms));
      }
      if (BlockRegisterLuShape::fits(size, size, elementType) &&
          !llvm::is_contained(kBlockRegisterLuSizes, size) &&
          !panelTakesAnyBatch(size, size))
        push({LuKernel::BlockRegister, size, size, /*exact=*/true},
             LuGuard::when({{Term::SizeEquals, size}}));
    }
    // Up to 32 rows and columns the block register kernel (one warp a
    // matrix); above, the cyclic kernel for small batches.
    for (int64_t size : kBlockRegisterLuSizes)
      if (!CyclicRegisterLuShape::fits(size, size))
        addBlockRegisterBucket(size);
    for (int64_t size : kCyclicRegisterLuSizes)
      push({smallBatchKernel(size, size), size, size},
           LuGuard::when({{Term::MaxSizeAtMost, size}, bucketBatch(size)}));
    int64_t below = 0;
    for (int64_t size : kBlockRegisterLuSizes) {
      if (CyclicRegisterLuShape::fits(size, size) &&
          !panelTakesAnyBatchBetween(below, size))
        addBlockRegisterBucket(size);
      below = size;
    }
  }

  void addBlockRegisterBucket(int64_t size) {
    if (BlockRegisterLuShape::fits(size, size, elementType))
      push({LuKernel::BlockRegister, size, size},
           LuGuard::when({{Term::MaxSizeAtMost, size}}));
  }

  void push(LuKernelChoice choice, LuGuard guard) {
    candidates.push_back({choice, std::move(guard)});
  }

  const LinalgXToGPUOptions &options;
  Type elementType;
  int64_t m, n;
  bool isStatic;
  std::optional<int64_t> staticBatch;
  SmallVectorImpl<LuKernelCandidate> &candidates;
};

} // namespace

SmallVector<LuKernelCandidate>
chooseLuKernels(MemRefType type, const LinalgXToGPUOptions &options) {
  SmallVector<LuKernelCandidate> candidates;
  if (options.luStrategy == GPULuStrategy::CuSolver ||
      options.luStrategy == GPULuStrategy::CuBlasBatched ||
      options.luStrategy == GPULuStrategy::CuSolverMg)
    return candidates;

  LuShape shape(type);
  candidates.push_back(
      {{LuKernel::Thread, kThreadLuSize, kThreadLuSize},
       shape.isStatic
           ? LuGuard::always(std::max(shape.m, shape.n) <= kThreadLuSize)
           : LuGuard::when({{Term::MaxSizeAtMost, kThreadLuSize}})});
  if (!isa<ComplexType>(shape.elementType))
    RegisterKernelCandidates(shape, options, candidates).add();

  int64_t elementBytes = elementByteSize(shape.elementType);
  int64_t m = shape.m, n = shape.n;
  bool isStatic = shape.isStatic;
  std::optional<int64_t> staticBatch = shape.staticBatch;
  candidates.push_back(
      {{LuKernel::SharedMemory},
       isStatic
           ? LuGuard::always(GeneratedLuLaunch::fitsBlock(m, n, elementBytes))
           : LuGuard::when({{Term::MatrixFitsSharedMemory}})});

  // Larger matrices whose panels fit a cluster's shared memory, up to
  // `blockedLuMaxSize` rows and columns, in batches of at least
  // `blockedLuMinBatch` or, real ones, of at most `blockedLuSingleMaxBytes`
  // a row in any batch: the blocked LU.
  int64_t smallSize = isa<ComplexType>(shape.elementType)
                          ? 0
                          : options.blockedLuSingleMaxBytes / elementBytes;
  Term batchOrSmall = smallSize
                          ? Term{Term::BatchAtLeastOrMaxSizeAtMost,
                                 options.blockedLuMinBatch, smallSize}
                          : Term{Term::BatchAtLeast, options.blockedLuMinBatch};
  int64_t registerRows = BlockedLuShape::registerPanelRowsFor(
      shape.elementType,
      options.blockedLuRegisterPanelMaxRowsFor(shape.elementType));
  LuGuard blocked;
  if (isStatic && !(BlockedLuShape::panelFits(m, elementBytes, registerRows) &&
                    std::max(m, n) <= options.blockedLuMaxSize))
    blocked = LuGuard::always(false);
  else if (isStatic && std::max(m, n) <= smallSize)
    blocked = LuGuard::always(true);
  else if (isStatic && staticBatch)
    blocked = LuGuard::always(*staticBatch >= options.blockedLuMinBatch);
  else if (isStatic)
    blocked = LuGuard::when({{Term::BatchAtLeast, options.blockedLuMinBatch}});
  else
    blocked = LuGuard::when({batchOrSmall,
                             {Term::PanelFits, registerRows},
                             {Term::MaxSizeAtMost, options.blockedLuMaxSize}});
  candidates.push_back({{LuKernel::Blocked}, blocked});
  return candidates;
}

static StringRef kernelName(LuKernel kernel) {
  switch (kernel) {
  case LuKernel::Thread:
    return "thread";
  case LuKernel::Register:
    return "register";
  case LuKernel::Panel:
    return "panel";
  case LuKernel::CyclicRegister:
    return "cyclic";
  case LuKernel::BlockRegister:
    return "block-register";
  case LuKernel::SharedMemory:
    return "shared-memory";
  case LuKernel::Blocked:
    return "blocked";
  case LuKernel::Vendor:
    return "vendor";
  }
  llvm_unreachable("unknown LuKernel");
}

static void printTerm(llvm::raw_ostream &os, const LuGuardTerm &term) {
  switch (term.kind) {
  case Term::SizeEquals:
    os << "M == N == " << term.bound;
    return;
  case Term::MaxSizeAtMost:
    os << "max(M, N) <= " << term.bound;
    return;
  case Term::BatchAtMost:
    os << "B <= " << term.bound;
    return;
  case Term::BatchAtLeast:
    os << "B >= " << term.bound;
    return;
  case Term::BatchAtMostOrMaxSizeAtLeast:
    os << "(B <= " << term.bound << " or max(M, N) >= " << term.size << ")";
    return;
  case Term::BatchAtLeastOrMaxSizeAtMost:
    os << "(B >= " << term.bound << " or max(M, N) <= " << term.size << ")";
    return;
  case Term::MatrixFitsSharedMemory:
    os << "a matrix fits shared memory";
    return;
  case Term::PanelFits:
    if (term.bound)
      os << "(M <= " << term.bound << " or a panel fits a cluster's shared "
         << "memory)";
    else
      os << "a panel fits a cluster's shared memory";
    return;
  }
}

std::string describe(const LuKernelCandidate &candidate) {
  std::string text;
  llvm::raw_string_ostream os(text);
  const LuKernelChoice &choice = candidate.choice;
  os << kernelName(choice.kernel);
  if (choice.rows)
    os << " " << choice.rows << "x" << choice.cols
       << (choice.exact ? " (exact)" : " (bound)");
  const LuGuard &guard = candidate.guard;
  if (guard.known) {
    os << (*guard.known ? " always" : " never");
    return text;
  }
  os << " if ";
  llvm::interleave(
      guard.terms, os, [&](const LuGuardTerm &term) { printTerm(os, term); },
      " and ");
  return text;
}

namespace {

/// Emits the terms of a guard on the op's `input` ([B..., M, N]).
class GuardBuilder {
public:
  GuardBuilder(ImplicitLocOpBuilder &b, Value input)
      : b(b), input(input), rank(cast<MemRefType>(input.getType()).getRank()),
        elementBytes(elementByteSize(
            cast<MemRefType>(input.getType()).getElementType())) {}

  Value build(const LuGuardTerm &term) {
    switch (term.kind) {
    case Term::SizeEquals:
      return sizeEquals(term.bound);
    case Term::MaxSizeAtMost:
      return maxSizeAtMost(term.bound);
    case Term::BatchAtMost:
      return arith::CmpIOp::create(
          b, arith::CmpIPredicate::ule, batch(),
          arith::ConstantIndexOp::create(b, term.bound));
    case Term::BatchAtLeast:
      return arith::CmpIOp::create(
          b, arith::CmpIPredicate::uge, batch(),
          arith::ConstantIndexOp::create(b, term.bound));
    case Term::BatchAtMostOrMaxSizeAtLeast:
      return arith::OrIOp::create(
          b,
          arith::CmpIOp::create(b, arith::CmpIPredicate::ule, batch(),
                                arith::ConstantIndexOp::create(b, term.bound)),
          maxSizeAtLeast(term.size));
    case Term::BatchAtLeastOrMaxSizeAtMost:
      return arith::OrIOp::create(
          b,
          arith::CmpIOp::create(b, arith::CmpIPredicate::uge, batch(),
                                arith::ConstantIndexOp::create(b, term.bound)),
          maxSizeAtMost(term.size));
    case Term::MatrixFitsSharedMemory:
      return matrixFitsSharedMemory();
    case Term::PanelFits:
      return panelFits(term.bound);
    }
    llvm_unreachable("unknown LuGuardTerm");
  }

private:
  std::pair<Value, Value> dims() {
    return {memref::DimOp::create(b, input, rank - 2),
            memref::DimOp::create(b, input, rank - 1)};
  }
  Value batch() {
    Value batch = arith::ConstantIndexOp::create(b, 1);
    for (int64_t d = 0; d < rank - 2; ++d)
      batch =
          arith::MulIOp::create(b, batch, memref::DimOp::create(b, input, d));
    return batch;
  }
  Value maxSizeAtMost(int64_t size) {
    auto [m, n] = dims();
    return arith::CmpIOp::create(b, arith::CmpIPredicate::ule,
                                 arith::MaxUIOp::create(b, m, n),
                                 arith::ConstantIndexOp::create(b, size));
  }
  Value maxSizeAtLeast(int64_t size) {
    auto [m, n] = dims();
    return arith::CmpIOp::create(b, arith::CmpIPredicate::uge,
                                 arith::MaxUIOp::create(b, m, n),
                                 arith::ConstantIndexOp::create(b, size));
  }
  Value sizeEquals(int64_t size) {
    auto [m, n] = dims();
    Value expected = arith::ConstantIndexOp::create(b, size);
    return arith::AndIOp::create(
        b, arith::CmpIOp::create(b, arith::CmpIPredicate::eq, m, expected),
        arith::CmpIOp::create(b, arith::CmpIPredicate::eq, n, expected));
  }
  Value matrixFitsSharedMemory() {
    // The size bound first: an empty M x 0 matrix may have any M, and the
    // byte count must not wrap past it.
    auto [m, n] = dims();
    Value limit = arith::ConstantIndexOp::create(b, kGeneratedLuMaxSharedBytes);
    Value sizesBounded = arith::CmpIOp::create(
        b, arith::CmpIPredicate::ule, arith::MaxUIOp::create(b, m, n), limit);
    Value bytesFit = arith::CmpIOp::create(
        b, arith::CmpIPredicate::ule,
        GeneratedLuLaunch::bytesPerMatrix(b, m, n, elementBytes), limit);
    return arith::AndIOp::create(b, sizesBounded, bytesFit);
  }
  /// Whether the register panels (at most `registerRows` rows) or a
  /// cluster's blocks hold a panel of all M rows (BlockedLuShape::panelFits).
  Value panelFits(int64_t registerRows) {
    auto [m, n] = dims();
    return BlockedLuShape::panelFits(b, m, elementBytes, registerRows);
  }

  ImplicitLocOpBuilder &b;
  Value input;
  int64_t rank;
  int64_t elementBytes;
};

} // namespace

Value buildGuardCondition(ImplicitLocOpBuilder &b, Value input,
                          const LuGuard &guard) {
  assert(!guard.known && !guard.terms.empty() && "a run-time guard");
  GuardBuilder builder(b, input);
  SmallVector<Value> terms;
  for (const LuGuardTerm &term : guard.terms)
    terms.push_back(builder.build(term));
  // Folded from the right: t0 and (t1 and t2).
  Value condition = terms.back();
  for (Value term : llvm::reverse(ArrayRef<Value>(terms).drop_back()))
    condition = arith::AndIOp::create(b, term, condition);
  return condition;
}

Value luTakesVendor(ImplicitLocOpBuilder &b, Value input,
                    const LinalgXToGPUOptions &options) {
  Value none = b.createOrFold<arith::ConstantIntOp>(1, 1);
  for (const LuKernelCandidate &candidate :
       chooseLuKernels(cast<MemRefType>(input.getType()), options)) {
    const LuGuard &guard = candidate.guard;
    if (guard.known == false)
      continue;
    if (guard.known == true)
      return b.createOrFold<arith::ConstantIntOp>(0, 1);
    Value applies = buildGuardCondition(b, input, guard);
    none = b.createOrFold<arith::AndIOp>(
        none, b.createOrFold<arith::XOrIOp>(
                  applies, b.createOrFold<arith::ConstantIntOp>(1, 1)));
  }
  return none;
}

} // namespace mlir::linalgx::gpu_kernels
