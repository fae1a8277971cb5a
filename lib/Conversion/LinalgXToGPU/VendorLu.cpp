//===- VendorLu.cpp - linalgx.lu through cuSOLVER / cuBLAS ------*- C++ -*-===//
//
//===----------------------------------------------------------------------===//

#include "VendorLu.h"

#include "Kernels/Permutation.h"
#include "Kernels/Transpose.h"

#include "linalgx/Conversion/RuntimeCalls.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace mlir::linalgx;

namespace mlir::linalgx::gpu_kernels {

namespace {

/// The vendor's 1-based int32 pivots and info become the op's pivots (0-based
/// unless `oneBased`) and info of its own type; one flat pass over B·K
/// pivots (the first B threads also convert an info), sharing the launch of
/// the transpose back.
void buildVendorPivotConversion(KernelBuilder &b, Value vendorPivots,
                                Value pivots, Value vendorInfo, Value info,
                                Type intType, bool oneBased) {
  Value batch = memref::DimOp::create(b, info, 0);
  Value k = memref::DimOp::create(b, pivots, 1);
  Value pivotCount = arith::MulIOp::create(b, batch, k);
  Value total = arith::MaxUIOp::create(b, pivotCount, batch);
  Value oneInt = arith::ConstantOp::create(b, b.getIntegerAttr(intType, 1));
  auto toIntType = [&](KernelBuilder &b, Value v) -> Value {
    return intType.isInteger(32) ? v : arith::ExtSIOp::create(b, intType, v);
  };
  // Flat thread numbering over the 32x8 blocks.
  Value tx = gpu::ThreadIdOp::create(b, gpu::Dimension::x);
  Value ty = gpu::ThreadIdOp::create(b, gpu::Dimension::y);
  Value threadsPerBlock =
      arith::ConstantIndexOp::create(b, kTileSize * kTileRowsPerPass);
  Value thread = arith::AddIOp::create(
      b,
      arith::MulIOp::create(b, ty,
                            arith::ConstantIndexOp::create(b, kTileSize)),
      tx);
  Value blockId = gpu::BlockIdOp::create(b, gpu::Dimension::x);
  Value gridDim = gpu::GridDimOp::create(b, gpu::Dimension::x);
  Value first = arith::AddIOp::create(
      b, arith::MulIOp::create(b, blockId, threadsPerBlock), thread);
  Value stride = arith::MulIOp::create(b, gridDim, threadsPerBlock);
  b.forLoop(first, total, stride, [&](KernelBuilder &b, Value t) {
    b.ifThen(arith::CmpIOp::create(b, arith::CmpIPredicate::ult, t, pivotCount),
             [&](KernelBuilder &b) {
               Value matrix = arith::DivUIOp::create(b, t, k);
               Value step = arith::RemUIOp::create(b, t, k);
               Value pivot =
                   toIntType(b, memref::LoadOp::create(
                                    b, vendorPivots, ValueRange{matrix, step}));
               if (!oneBased)
                 pivot = arith::SubIOp::create(b, pivot, oneInt);
               memref::StoreOp::create(b, pivot, pivots,
                                       ValueRange{matrix, step});
             });
    b.ifThen(arith::CmpIOp::create(b, arith::CmpIPredicate::ult, t, batch),
             [&](KernelBuilder &b) {
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

func::FuncOp getOrDeclareGetrf(ModuleOp module) {
  return getOrDeclareRuntimeFunction(module, kCudaGetrfFunctionName,
                                     getrfFunctionType(module.getContext()));
}

} // namespace

FunctionType getrfFunctionType(MLIRContext *context) {
  Builder b(context);
  Type i32 = b.getI32Type(), i64 = b.getI64Type();
  Type ptr = LLVM::LLVMPointerType::get(context);
  return b.getFunctionType({i32, ptr, ptr, ptr, i64, i64, i64, i32}, {});
}

void emitVendorLu(LuOp op, ModuleOp module, ImplicitLocOpBuilder &b,
                  DeviceWork &work, GPULuStrategy strategy) {
  Type elementType = cast<MemRefType>(op.getLu().getType()).getElementType();
  Type intType = cast<MemRefType>(op.getPivots().getType()).getElementType();
  int64_t batchRank = op.getBatchRank();

  Value input = collapseBatch(b, work.input(op.getInput()), batchRank);
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
      [](KernelBuilder &kb, ValueRange args, ValueRange workgroup) {
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
                 i32Constant(runtimeGetrfStrategy(strategy))});

  gpu::GPUFuncOp fromColumnMajor = getOrCreateKernel(
      module,
      "linalgx_lu_from_column_major_" + suffix + "_" + typeSuffix(intType) +
          (op.getOneBased() ? "_one_based" : ""),
      {workspace.getType(), lu.getType(), vendorPivots.getType(),
       pivots.getType(), vendorInfo.getType(), info.getType()},
      tileBlock, {tileType},
      [&](KernelBuilder &kb, ValueRange args, ValueRange workgroup) {
        buildTiledTranspose(kb, args[0], args[1], workgroup[0]);
        buildVendorPivotConversion(kb, args[2], args[3], args[4], args[5],
                                   intType, op.getOneBased());
      });
  // Enough blocks for the tiles and for the B·K pivot conversions.
  Value threadsPerBlock =
      arith::ConstantIndexOp::create(b, kTileSize * kTileRowsPerPass);
  Value items = arith::MaxUIOp::create(
      b,
      arith::MulIOp::create(b, transposeTiles(b, workspace), threadsPerBlock),
      arith::MaxUIOp::create(b, arith::MulIOp::create(b, batch, k), batch));
  work.launch(
      fromColumnMajor, gridSizeFor(b, items, kTileSize * kTileRowsPerPass),
      tileBlockSize, {workspace, lu, vendorPivots, pivots, vendorInfo, info});

  if (op.getPermutation())
    launchPermutationKernel(
        module, b, work, pivots,
        collapseBatch(b, work.output(op.getPermutation()), batchRank),
        op.getOneBased());
}

} // namespace mlir::linalgx::gpu_kernels
