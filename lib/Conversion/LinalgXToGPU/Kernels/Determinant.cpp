//===- Determinant.cpp - linalgx.lu_det and lu_slogdet on the GPU ---------===//
//
// (Determinant.h.) The work is O(N) per matrix: what matters is reading the
// diagonal with enough loads in flight, hence a warp per matrix once the
// diagonal is longer than a few entries.
//
//===----------------------------------------------------------------------===//

#include "Determinant.h"

#include "../GPULoweringUtils.h"
#include "KernelBuilder.h"
#include "linalgx/Conversion/Determinant.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"

namespace mlir::linalgx::gpu_kernels {

namespace {

constexpr int64_t kDeterminantBlockSize = 128;
/// Matrices up to this size take a thread each, larger ones a warp.
constexpr int64_t kDeterminantThreadMaxSize = 16;

/// The kernel's body: `lanes` (1 or 32) lanes per matrix, the matrices in a
/// grid-stride loop whose trip count is the same for every lane of a
/// matrix, so that a warp's shuffles see all its lanes.
class DeterminantKernel {
public:
  DeterminantKernel(KernelBuilder &top, ValueRange args,
                    const DeterminantFold &fold, int64_t lanes, bool oneBased)
      : top(top), lu(args[0]), pivots(args[1]), results(args.drop_front(2)),
        fold(fold), lanes(lanes), oneBased(oneBased) {}

  void emit() {
    KernelBuilder &b = top;
    Value batch = b.dim(lu, 0);
    n = b.dim(lu, 1);
    Value blockSize = b.index(kDeterminantBlockSize);
    Value thread = b.add(b.mul(b.blockId(gpu::Dimension::x), blockSize),
                         b.threadId(gpu::Dimension::x));
    Value threads = b.mul(b.gridDim(gpu::Dimension::x), blockSize);
    Value lanesPerMatrix = b.index(lanes);
    lane = b.remU(thread, lanesPerMatrix);
    b.forLoop(b.divU(thread, lanesPerMatrix), batch,
              b.divU(threads, lanesPerMatrix),
              [&](KernelBuilder &b, Value matrix) { foldMatrix(b, matrix); });
  }

private:
  /// Matrix `matrix`'s results: the lanes' partial folds over every
  /// `lanes`-th diagonal entry, combined, stored by lane 0.
  void foldMatrix(KernelBuilder &b, Value matrix) {
    SmallVector<Value> state = fold.foldDiagonal(
        b, lane, n, b.index(lanes), oneBased,
        [&](ImplicitLocOpBuilder &b, Value i) -> Value {
          return memref::LoadOp::create(b, lu, ValueRange{matrix, i, i});
        },
        [&](ImplicitLocOpBuilder &b, Value i) -> Value {
          return memref::LoadOp::create(b, pivots, ValueRange{matrix, i});
        });
    for (int64_t offset = lanes / 2; offset >= 1; offset /= 2) {
      SmallVector<Value> other;
      for (Value value : state)
        other.push_back(b.shuffleXor(value, offset));
      state = fold.combine(b, state, other);
    }
    b.ifThen(b.eq(lane, b.index(0)), [&](KernelBuilder &b) {
      for (auto [value, result] :
           llvm::zip_equal(fold.finish(b, state), results))
        b.store(value, result, ValueRange{matrix});
    });
  }

  KernelBuilder &top;
  Value lu, pivots;
  ValueRange results;
  const DeterminantFold &fold;
  int64_t lanes;
  bool oneBased;
  Value n, lane;
};

} // namespace

void launchDeterminantKernel(ModuleOp module, ImplicitLocOpBuilder &b,
                             DeviceWork &work, Value lu3d, Value pivots2d,
                             ValueRange results, bool logarithmic,
                             bool oneBased) {
  Type elementType = cast<MemRefType>(lu3d.getType()).getElementType();
  Type intType = cast<MemRefType>(pivots2d.getType()).getElementType();
  DeterminantFold fold(elementType, logarithmic, ElementArith::Flavour::Kernel);
  SmallVector<Value> operands = {lu3d, pivots2d};
  llvm::append_range(operands, results);
  SmallVector<Type> types = llvm::to_vector(TypeRange(ValueRange(operands)));
  std::string name = std::string("linalgx_lu_") +
                     (logarithmic ? "slogdet_" : "det_") +
                     typeSuffix(elementType) + "_" + typeSuffix(intType) +
                     (oneBased ? "_one_based" : "");
  auto kernelWithLanes = [&](int64_t lanes) {
    return getOrCreateKernel(
        module, name + (lanes == 1 ? "" : "_warp"), types,
        {static_cast<int32_t>(kDeterminantBlockSize), 1, 1},
        /*workgroupTypes=*/{},
        [&](KernelBuilder &kb, ValueRange args, ValueRange) {
          DeterminantKernel(kb, args, fold, lanes, oneBased).emit();
        });
  };
  gpu::GPUFuncOp threadKernel = kernelWithLanes(1);
  gpu::GPUFuncOp warpKernel = kernelWithLanes(32);

  Value batch = memref::DimOp::create(b, lu3d, 0);
  Value n = memref::DimOp::create(b, lu3d, 1);
  Value useWarp = arith::CmpIOp::create(
      b, arith::CmpIPredicate::ugt, n,
      arith::ConstantIndexOp::create(b, kDeterminantThreadMaxSize));
  work.when(useWarp, [&] {
    work.launch(warpKernel, gridSizeFor(b, batch, kDeterminantBlockSize / 32),
                {kDeterminantBlockSize, 1, 1}, operands);
  });
  work.when(
      arith::XOrIOp::create(b, useWarp, arith::ConstantIntOp::create(b, 1, 1)),
      [&] {
        work.launch(threadKernel, gridSizeFor(b, batch, kDeterminantBlockSize),
                    {kDeterminantBlockSize, 1, 1}, operands);
      });
}

} // namespace mlir::linalgx::gpu_kernels
