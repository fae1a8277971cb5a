//===- VendorLu.cpp - lu and lu_solve through cuSOLVER / cuBLAS -*- C++ -*-===//
//
//===----------------------------------------------------------------------===//

#include "VendorLu.h"

#include "Kernels/LuCommon.h"
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

/// An lu's device views with the batch flattened: input [B, M, N], lu
/// [B, M, N], pivots [B, K], info [B].
struct LuViews {
  Value input, lu, pivots, info;

  static LuViews of(LuOp op, ImplicitLocOpBuilder &b, DeviceWork &work) {
    int64_t batchRank = op.getBatchRank();
    auto view = [&](Value operand, bool isInput) {
      return collapseBatch(
          b, isInput ? work.input(operand) : work.output(operand), batchRank);
    };
    return {view(op.getInput(), true), view(op.getLu(), false),
            view(op.getPivots(), false), view(op.getInfo(), false)};
  }
};

/// `body(t)` for t in [0, count), a thread each, grid-stride.
void forEachFlatItem(KernelBuilder &b, Value count,
                     function_ref<void(KernelBuilder &, Value)> body) {
  Value first =
      b.add(b.mul(b.blockId(gpu::Dimension::x), b.blockDim(gpu::Dimension::x)),
            b.threadId(gpu::Dimension::x));
  Value stride =
      b.mul(b.gridDim(gpu::Dimension::x), b.blockDim(gpu::Dimension::x));
  b.forLoop(first, count, stride, body);
}

/// The op's pivots (0-based unless `oneBased`, i32 or i64) [B, N] as the
/// vendor's 1-based int32 ones: one flat grid-stride pass.
void buildPivotsToVendor(KernelBuilder &b, Value pivots, Value vendorPivots,
                         bool oneBased) {
  Value k = b.dim(pivots, 1);
  Value count = b.mul(b.dim(pivots, 0), k);
  forEachFlatItem(b, count, [&](KernelBuilder &b, Value t) {
    Value matrix = b.divU(t, k), step = b.remU(t, k);
    Value pivot = b.load(pivots, ValueRange{matrix, step});
    if (!oneBased)
      pivot = b.add(pivot, b.integer(pivot.getType(), 1));
    if (!pivot.getType().isInteger(32))
      pivot = arith::TruncIOp::create(b, b.getI32Type(), pivot);
    b.store(pivot, vendorPivots, ValueRange{matrix, step});
  });
}

/// `columnMajor` [B, R, N] := the rows of `rows` [B, N, R] in the order of
/// `permutation` [B, N] (row i is row permutation[i]): one flat grid-stride
/// pass, consecutive threads on consecutive rows of a column.
void buildGatherRowsToColumnMajor(KernelBuilder &b, Value rows,
                                  Value permutation, Value columnMajor) {
  Value n = b.dim(rows, 1), columns = b.dim(rows, 2);
  Value perMatrix = b.mul(n, columns);
  Value count = b.mul(b.dim(rows, 0), perMatrix);
  forEachFlatItem(b, count, [&](KernelBuilder &b, Value t) {
    Value matrix = b.divU(t, perMatrix), within = b.remU(t, perMatrix);
    Value column = b.divU(within, n), row = b.remU(within, n);
    Value source = b.toIndexUnsigned(b.load(permutation, {matrix, row}));
    b.store(b.load(rows, {matrix, source, column}), columnMajor,
            {matrix, column, row});
  });
}

/// The `trans` argument of the runtime's linalgxCudaGetrs.
int32_t runtimeGetrsTrans(LuSolveTrans trans) {
  switch (trans) {
  case LuSolveTrans::None:
    return 0;
  case LuSolveTrans::Transpose:
    return 1;
  case LuSolveTrans::Adjoint:
    return 2;
  }
  llvm_unreachable("unknown LuSolveTrans");
}

/// The `strategy` argument of the runtime's linalgxCudaGetrf: the vendor
/// path of auto and generated lets the runtime choose.
int32_t runtimeGetrfStrategy(GPULuStrategy strategy) {
  switch (strategy) {
  case GPULuStrategy::CuSolver:
  case GPULuStrategy::CuSolverMg: // its non-square matrices
    return 1;
  case GPULuStrategy::CuBlasBatched:
    return 2;
  case GPULuStrategy::Auto:
  case GPULuStrategy::Generated:
    return 0;
  }
  llvm_unreachable("unknown GPULuStrategy");
}

/// The address of element `offset` of `memref`'s buffer, as the runtime's
/// pointer argument: alignedPointer advanced by the element's bytes.
Value pointerAt(ImplicitLocOpBuilder &b, Value memref, Value offset) {
  Type elementType = cast<MemRefType>(memref.getType()).getElementType();
  Value bytes = arith::IndexCastOp::create(
      b, b.getI64Type(),
      arith::MulIOp::create(
          b, offset,
          arith::ConstantIndexOp::create(b, elementByteSize(elementType))));
  return LLVM::GEPOp::create(b, LLVM::LLVMPointerType::get(b.getContext()),
                             b.getI8Type(), alignedPointer(b, memref),
                             ValueRange{bytes});
}

func::FuncOp getOrDeclareGetrf(ModuleOp module) {
  return getOrDeclareRuntimeFunction(module, kCudaGetrfFunctionName,
                                     getrfFunctionType(module.getContext()));
}

constexpr int64_t kPivotsToVendorBlockSize = 256;

} // namespace

FunctionType getrfFunctionType(MLIRContext *context) {
  Builder b(context);
  Type i32 = b.getI32Type(), i64 = b.getI64Type();
  Type ptr = LLVM::LLVMPointerType::get(context);
  return b.getFunctionType({i32, ptr, ptr, ptr, i64, i64, i64, i32}, {});
}

FunctionType mgGetrfFunctionType(MLIRContext *context) {
  Builder b(context);
  Type i32 = b.getI32Type(), i64 = b.getI64Type();
  Type ptr = LLVM::LLVMPointerType::get(context);
  return b.getFunctionType({i32, ptr, ptr, ptr, i64, i32, ptr, i32, i64}, {});
}

FunctionType gemmSubtractFunctionType(MLIRContext *context) {
  Builder b(context);
  Type i32 = b.getI32Type(), i64 = b.getI64Type();
  Type ptr = LLVM::LLVMPointerType::get(context);
  return b.getFunctionType(
      {i32, ptr, ptr, ptr, i64, i64, i64, i64, i64, i64, i32}, {});
}

FunctionType asideFunctionType(MLIRContext *context) {
  return FunctionType::get(context, {}, {});
}

FunctionType solveUnitLowerFunctionType(MLIRContext *context) {
  Builder b(context);
  Type i32 = b.getI32Type(), i64 = b.getI64Type();
  Type ptr = LLVM::LLVMPointerType::get(context);
  return b.getFunctionType({i32, ptr, ptr, i64, i64, i64, i64, i64}, {});
}

FunctionType getrsFunctionType(MLIRContext *context) {
  Builder b(context);
  Type i32 = b.getI32Type(), i64 = b.getI64Type();
  Type ptr = LLVM::LLVMPointerType::get(context);
  return b.getFunctionType({i32, i32, ptr, ptr, ptr, i64, i64, i64}, {});
}

void emitVendorLu(LuOp op, ModuleOp module, ImplicitLocOpBuilder &b,
                  DeviceWork &work, GPULuStrategy strategy) {
  Type elementType = cast<MemRefType>(op.getLu().getType()).getElementType();
  Type intType = cast<MemRefType>(op.getPivots().getType()).getElementType();
  int64_t batchRank = op.getBatchRank();
  LuViews views = LuViews::of(op, b, work);
  Value input = views.input, lu = views.lu, pivots = views.pivots,
        info = views.info;

  Value batch = memref::DimOp::create(b, lu, 0);
  Value m = memref::DimOp::create(b, lu, 1);
  Value n = memref::DimOp::create(b, lu, 2);
  Value k = memref::DimOp::create(b, pivots, 1);

  // Column-major workspace [B, N, M] and the vendor's int32 pivots/info.
  Value workspace = work.allocate(dynamicMemRef(3, elementType), {batch, n, m});
  Value vendorPivots =
      work.allocate(dynamicMemRef(2, b.getI32Type()), {batch, k});
  Value vendorInfo = work.allocate(dynamicMemRef(1, b.getI32Type()), {batch});

  launchTranspose(module, b, work, input, workspace);

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
      "linalgx_lu_from_column_major_" + typeSuffix(elementType) + "_" +
          typeSuffix(intType) + (op.getOneBased() ? "_one_based" : ""),
      {workspace.getType(), lu.getType(), vendorPivots.getType(),
       pivots.getType(), vendorInfo.getType(), info.getType()},
      kTransposeBlock, {transposeTileType(elementType)},
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
  work.launch(fromColumnMajor,
              gridSizeFor(b, items, kTileSize * kTileRowsPerPass),
              {kTileSize, kTileRowsPerPass, 1},
              {workspace, lu, vendorPivots, pivots, vendorInfo, info});

  if (op.getPermutation())
    launchPermutationKernel(
        module, b, work, pivots,
        collapseBatch(b, work.output(op.getPermutation()), batchRank),
        op.getOneBased());
}

namespace {

/// The host constant array of `devices`, a private global of the module
/// (one per distinct list).
Value deviceList(ModuleOp module, ImplicitLocOpBuilder &b,
                 ArrayRef<int32_t> devices) {
  std::string name = "linalgx_mg_devices";
  for (int32_t device : devices)
    name += "_" + std::to_string(device);
  auto type =
      MemRefType::get({static_cast<int64_t>(devices.size())}, b.getI32Type());
  if (!module.lookupSymbol(name)) {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(module.getBody());
    auto values = DenseElementsAttr::get(
        RankedTensorType::get(type.getShape(), b.getI32Type()), devices);
    memref::GlobalOp::create(b, name, b.getStringAttr("private"), type, values,
                             /*constant=*/true, /*alignment=*/IntegerAttr());
  }
  return memref::GetGlobalOp::create(b, type, name);
}

} // namespace

void emitMultiGpuLu(LuOp op, ModuleOp module, ImplicitLocOpBuilder &b,
                    DeviceWork &work, ArrayRef<int32_t> devices,
                    int64_t blockSize) {
  Type elementType = cast<MemRefType>(op.getLu().getType()).getElementType();
  Type intType = cast<MemRefType>(op.getPivots().getType()).getElementType();
  int64_t batchRank = op.getBatchRank();
  LuViews views = LuViews::of(op, b, work);
  Value input = views.input, lu = views.lu, pivots = views.pivots,
        info = views.info;
  Value batch = memref::DimOp::create(b, lu, 0);
  Value n = memref::DimOp::create(b, lu, 1);

  work.copyUnlessAliased(lu, input);
  Value vendorPivots =
      work.allocate(dynamicMemRef(2, b.getI32Type()), {batch, n});
  Value vendorInfo = work.allocate(dynamicMemRef(1, b.getI32Type()), {batch});

  // Each call waits for the stream's earlier work and returns with its
  // matrix factored: one after the other on the host.
  func::FuncOp getrf =
      getOrDeclareRuntimeFunction(module, kCudaMgGetrfFunctionName,
                                  mgGetrfFunctionType(module.getContext()));
  Value deviceArray = deviceList(module, b, devices);
  auto i32 = [&](int64_t value) -> Value {
    return arith::ConstantIntOp::create(b, value, 32);
  };
  Value zero = arith::ConstantIndexOp::create(b, 0);
  Value one = arith::ConstantIndexOp::create(b, 1);
  Value n64 = arith::IndexCastOp::create(b, b.getI64Type(), n);
  Value entries = arith::MulIOp::create(b, n, n);
  scf::ForOp::create(
      b, zero, batch, one, ValueRange{},
      [&](OpBuilder &nested, Location loc, Value matrix, ValueRange) {
        ImplicitLocOpBuilder nb(loc, nested);
        func::CallOp::create(
            nb, getrf,
            ValueRange{
                i32(runtimeElementTypeCode(elementType)),
                pointerAt(nb, lu, arith::MulIOp::create(nb, matrix, entries)),
                pointerAt(nb, vendorPivots,
                          arith::MulIOp::create(nb, matrix, n)),
                pointerAt(nb, vendorInfo, matrix), n64,
                i32(/*LINALGX_CUDA_ROW_MAJOR=*/1),
                alignedPointer(nb, deviceArray), i32(devices.size()),
                arith::ConstantIntOp::create(nb, blockSize, 64)});
        scf::YieldOp::create(nb);
      });

  gpu::GPUFuncOp fromVendor = getOrCreateKernel(
      module,
      "linalgx_pivots_from_vendor_" + typeSuffix(intType) +
          (op.getOneBased() ? "_one_based" : ""),
      {vendorPivots.getType(), pivots.getType(), vendorInfo.getType(),
       info.getType()},
      {kTileSize, kTileRowsPerPass, 1}, /*workgroupTypes=*/{},
      [&](KernelBuilder &kb, ValueRange args, ValueRange) {
        buildVendorPivotConversion(kb, args[0], args[1], args[2], args[3],
                                   intType, op.getOneBased());
      });
  Value items =
      arith::MaxUIOp::create(b, arith::MulIOp::create(b, batch, n), batch);
  work.launch(fromVendor, gridSizeFor(b, items, kTileSize * kTileRowsPerPass),
              {kTileSize, kTileRowsPerPass, 1},
              {vendorPivots, pivots, vendorInfo, info});
  if (op.getPermutation())
    launchPermutationKernel(
        module, b, work, pivots,
        collapseBatch(b, work.output(op.getPermutation()), batchRank),
        op.getOneBased());
}

namespace {

bool hasOneColumn(Value solution) {
  return cast<MemRefType>(solution.getType()).getShape().back() == 1;
}

/// The getrs call on `factors` (column-major) and `rhs` (column-major
/// [B, R, N]) of `solution`'s sizes; `vendorPivots` null: B's rows are
/// exchanged already.
void callGetrs(ModuleOp module, ImplicitLocOpBuilder &b, LuSolveTrans trans,
               Value factors, Value vendorPivots, Value rhs, Value solution) {
  Type elementType = cast<MemRefType>(solution.getType()).getElementType();
  auto i64 = [&](Value index) -> Value {
    return arith::IndexCastOp::create(b, b.getI64Type(), index);
  };
  Value pivots =
      vendorPivots
          ? alignedPointer(b, vendorPivots)
          : LLVM::ZeroOp::create(b, LLVM::LLVMPointerType::get(b.getContext()));
  func::FuncOp getrs = getOrDeclareRuntimeFunction(
      module, kCudaGetrsFunctionName, getrsFunctionType(module.getContext()));
  func::CallOp::create(
      b, getrs,
      ValueRange{arith::ConstantIntOp::create(
                     b, runtimeElementTypeCode(elementType), 32),
                 arith::ConstantIntOp::create(b, runtimeGetrsTrans(trans), 32),
                 alignedPointer(b, factors), pivots, rhs,
                 i64(memref::DimOp::create(b, solution, 0)),
                 i64(memref::DimOp::create(b, solution, 1)),
                 i64(memref::DimOp::create(b, solution, 2))});
}

/// getrs on column-major `factors` [B, N, N], in place on `solution` [B,
/// N, R] (row-major, holding the right-hand sides). For A the exchanges are
/// a permutation of B's rows (the permutation kernel, on the op's `pivots`,
/// 0-based unless `oneBased`, either integer type; then a gather into
/// column-major scratch) and the runtime runs only the triangular solves:
/// getrs would apply the N exchanges one after the other. For Aᵀ and Aᴴ
/// getrs itself, which takes `pivots` as they are: they must be the
/// vendor's 1-based int32 ones. One right-hand side is the same array in
/// either order; others go through a column-major copy, unless R is known
/// to be 1 (`oneColumn`), the host deciding.
void solveWithGetrs(ModuleOp module, ImplicitLocOpBuilder &b, DeviceWork &work,
                    LuSolveTrans trans, Value factors, Value pivots,
                    bool oneBased, Value solution, bool oneColumn) {
  Type elementType = cast<MemRefType>(solution.getType()).getElementType();
  Type intType = cast<MemRefType>(pivots.getType()).getElementType();
  Value batch = memref::DimOp::create(b, solution, 0);
  Value n = memref::DimOp::create(b, solution, 1);
  Value columns = memref::DimOp::create(b, solution, 2);
  if (trans == LuSolveTrans::None) {
    Value permutation = work.allocate(dynamicMemRef(2, intType), {batch, n});
    launchPermutationKernel(module, b, work, pivots, permutation, oneBased);
    Value columnMajor =
        work.allocate(dynamicMemRef(3, elementType), {batch, columns, n});
    gpu::GPUFuncOp gather = getOrCreateKernel(
        module,
        "linalgx_gather_rows_to_column_major_" + typeSuffix(elementType) + "_" +
            typeSuffix(intType),
        {solution.getType(), permutation.getType(), columnMajor.getType()},
        {static_cast<int32_t>(kPivotsToVendorBlockSize), 1, 1},
        /*workgroupTypes=*/{},
        [&](KernelBuilder &kb, ValueRange args, ValueRange) {
          buildGatherRowsToColumnMajor(kb, args[0], args[1], args[2]);
        });
    work.launch(gather,
                gridSizeFor(b,
                            arith::MulIOp::create(
                                b, batch, arith::MulIOp::create(b, n, columns)),
                            kPivotsToVendorBlockSize),
                {kPivotsToVendorBlockSize, 1, 1},
                {solution, permutation, columnMajor});
    callGetrs(module, b, trans, factors, /*vendorPivots=*/Value(),
              alignedPointer(b, columnMajor), solution);
    launchTranspose(module, b, work, columnMajor, solution);
    return;
  }
  Value rhs = alignedPointer(b, solution);
  Value columnMajor, transposed;
  if (!oneColumn) {
    columnMajor =
        work.allocate(dynamicMemRef(3, elementType), {batch, columns, n});
    transposed = arith::CmpIOp::create(b, arith::CmpIPredicate::ne, columns,
                                       arith::ConstantIndexOp::create(b, 1));
    work.when(transposed,
              [&] { launchTranspose(module, b, work, solution, columnMajor); });
    rhs = arith::SelectOp::create(b, transposed, alignedPointer(b, columnMajor),
                                  rhs);
  }
  assert(oneBased && intType.isInteger(32) && "getrs takes 1-based int32");
  callGetrs(module, b, trans, factors, pivots, rhs, solution);
  if (!oneColumn)
    work.when(transposed,
              [&] { launchTranspose(module, b, work, columnMajor, solution); });
}

} // namespace

void emitVendorLuSolve(LuSolveOp op, ModuleOp module, ImplicitLocOpBuilder &b,
                       DeviceWork &work, Value lu3d, Value pivots2d,
                       Value solution3d) {
  Type elementType = cast<MemRefType>(lu3d.getType()).getElementType();
  Type intType = cast<MemRefType>(pivots2d.getType()).getElementType();
  bool oneBased = op.getOneBased();
  Value batch = memref::DimOp::create(b, solution3d, 0);
  Value n = memref::DimOp::create(b, solution3d, 1);

  Value factors = work.allocate(dynamicMemRef(3, elementType), {batch, n, n});
  launchTranspose(module, b, work, lu3d, factors);

  // A·X = B reads the op's pivots (a permutation kernel); the transposed
  // systems' getrs takes 1-based int32 ones: those of `lu one_based` as
  // they are, others converted.
  LuSolveTrans trans = op.getTrans();
  Value vendorPivots = pivots2d;
  if (trans != LuSolveTrans::None && (!intType.isInteger(32) || !oneBased)) {
    vendorPivots = work.allocate(dynamicMemRef(2, b.getI32Type()), {batch, n});
    gpu::GPUFuncOp toVendor = getOrCreateKernel(
        module,
        "linalgx_pivots_to_vendor_" + typeSuffix(intType) +
            (oneBased ? "_one_based" : ""),
        {pivots2d.getType(), vendorPivots.getType()},
        {static_cast<int32_t>(kPivotsToVendorBlockSize), 1, 1},
        /*workgroupTypes=*/{},
        [&](KernelBuilder &kb, ValueRange args, ValueRange) {
          buildPivotsToVendor(kb, args[0], args[1], oneBased);
        });
    work.launch(toVendor,
                gridSizeFor(b, arith::MulIOp::create(b, batch, n),
                            kPivotsToVendorBlockSize),
                {kPivotsToVendorBlockSize, 1, 1}, {pivots2d, vendorPivots});
  }
  solveWithGetrs(module, b, work, trans, factors, vendorPivots,
                 oneBased || vendorPivots != pivots2d, solution3d,
                 hasOneColumn(op.getSolution()));
}

void emitVendorSolve(ModuleOp module, ImplicitLocOpBuilder &b, DeviceWork &work,
                     Value a, Value solution, Value info) {
  Type elementType = cast<MemRefType>(a.getType()).getElementType();
  assert(cast<MemRefType>(info.getType()).getElementType().isInteger(32) &&
         "getrf writes info as int32");
  Value batch = memref::DimOp::create(b, a, 0);
  Value n = memref::DimOp::create(b, a, 1);
  Value factors = work.allocate(dynamicMemRef(3, elementType), {batch, n, n});
  Value vendorPivots =
      work.allocate(dynamicMemRef(2, b.getI32Type()), {batch, n});
  launchTranspose(module, b, work, a, factors);
  auto i64 = [&](Value index) -> Value {
    return arith::IndexCastOp::create(b, b.getI64Type(), index);
  };
  func::CallOp::create(
      b, getOrDeclareGetrf(module),
      ValueRange{arith::ConstantIntOp::create(
                     b, runtimeElementTypeCode(elementType), 32),
                 alignedPointer(b, factors), alignedPointer(b, vendorPivots),
                 alignedPointer(b, info), i64(batch), i64(n), i64(n),
                 arith::ConstantIntOp::create(
                     b, runtimeGetrfStrategy(GPULuStrategy::Auto), 32)});
  solveWithGetrs(module, b, work, LuSolveTrans::None, factors, vendorPivots,
                 /*oneBased=*/true, solution, hasOneColumn(solution));
}

namespace {

/// The operands the blocked LU's runtime calls share: the element type's
/// code, the shape of lu [B, M, N] and pointers to its entries.
struct RuntimeCallOperands {
  RuntimeCallOperands(ImplicitLocOpBuilder &b, Value lu)
      : b(b), lu(lu), batch(memref::DimOp::create(b, lu, 0)),
        m(memref::DimOp::create(b, lu, 1)), n(memref::DimOp::create(b, lu, 2)),
        elementType(arith::ConstantIntOp::create(
            b,
            runtimeElementTypeCode(
                cast<MemRefType>(lu.getType()).getElementType()),
            32)) {}

  Value c(int64_t v) { return arith::ConstantIndexOp::create(b, v); }
  Value i64(Value index) {
    return arith::IndexCastOp::create(b, b.getI64Type(), index);
  }
  /// &lu[0, row, column].
  Value at(Value row, Value column) {
    return pointerAt(
        b, lu,
        arith::AddIOp::create(b, arith::MulIOp::create(b, row, n), column));
  }

  ImplicitLocOpBuilder &b;
  Value lu, batch, m, n, elementType;
};

/// lu[k1:, c0:c1] -= L21 * U12[:, c0 - k1:c1 - k1], with k1 = k0 + depth,
/// L21 = lu[k1:, k0:k1] and U12 = lu[k0:k1, k1:], on the current stream or
/// aside.
void emitGemmSubtract(ModuleOp module, RuntimeCallOperands &call, Value k0,
                      int64_t depth, Value c0, Value c1, bool aside) {
  ImplicitLocOpBuilder &b = call.b;
  Value k1 = arith::AddIOp::create(b, k0, call.c(depth));
  func::FuncOp gemm = getOrDeclareRuntimeFunction(
      module, kCudaGemmSubtractFunctionName,
      gemmSubtractFunctionType(module.getContext()));
  Value cols = arith::SubIOp::create(b, c1, c0);
  func::CallOp::create(
      b, gemm,
      ValueRange{call.elementType, call.at(k1, c0), call.at(k1, k0),
                 call.at(k0, c0), call.i64(call.batch),
                 call.i64(arith::SubIOp::create(b, call.m, k1)), call.i64(cols),
                 call.i64(call.c(depth)), call.i64(call.n),
                 call.i64(arith::MulIOp::create(b, call.m, call.n)),
                 arith::ConstantIntOp::create(b, aside, 32)});
}

} // namespace

void emitTrailingUpdateGemm(ModuleOp module, ImplicitLocOpBuilder &b, Value lu,
                            Value k0, int64_t depth, Value end,
                            int64_t nextPanelColumns) {
  RuntimeCallOperands call(b, lu);
  Value k1 = arith::AddIOp::create(b, k0, call.c(depth));
  if (nextPanelColumns == 0) {
    emitGemmSubtract(module, call, k0, depth, k1, end, /*aside=*/false);
    return;
  }
  // The next panel's columns on the current stream, the rest aside.
  Value k2 = arith::MinUIOp::create(
      b, arith::AddIOp::create(b, k1, call.c(nextPanelColumns)), end);
  emitGemmSubtract(module, call, k0, depth, k1, k2, /*aside=*/false);
  emitGemmSubtract(module, call, k0, depth, k2, end, /*aside=*/true);
}

void emitTrailingUpdateGemmColumns(ModuleOp module, ImplicitLocOpBuilder &b,
                                   Value lu, Value k0, int64_t depth,
                                   Value begin, Value end) {
  RuntimeCallOperands call(b, lu);
  emitGemmSubtract(module, call, k0, depth, begin, end, /*aside=*/false);
}

void emitBlockU12Solve(ModuleOp module, ImplicitLocOpBuilder &b, Value lu,
                       Value k0, int64_t depth) {
  RuntimeCallOperands call(b, lu);
  Value k1 = arith::AddIOp::create(b, k0, call.c(depth));
  func::FuncOp solve = getOrDeclareRuntimeFunction(
      module, kCudaSolveUnitLowerFunctionName,
      solveUnitLowerFunctionType(module.getContext()));
  func::CallOp::create(
      b, solve,
      ValueRange{call.elementType, call.at(k0, k0), call.at(k0, k1),
                 call.i64(call.batch), call.i64(call.c(depth)),
                 call.i64(arith::SubIOp::create(b, call.n, k1)),
                 call.i64(call.n),
                 call.i64(arith::MulIOp::create(b, call.m, call.n))});
}

namespace {
void emitAsideCall(ModuleOp module, ImplicitLocOpBuilder &b, StringRef name) {
  func::CallOp::create(
      b,
      getOrDeclareRuntimeFunction(module, name,
                                  asideFunctionType(module.getContext())),
      ValueRange());
}
} // namespace

void emitJoinAside(ModuleOp module, ImplicitLocOpBuilder &b) {
  emitAsideCall(module, b, kCudaJoinAsideFunctionName);
}

void emitBeginAside(ModuleOp module, ImplicitLocOpBuilder &b) {
  emitAsideCall(module, b, kCudaBeginAsideFunctionName);
}

void emitEndAside(ModuleOp module, ImplicitLocOpBuilder &b) {
  emitAsideCall(module, b, kCudaEndAsideFunctionName);
}

} // namespace mlir::linalgx::gpu_kernels
