//===- GPULoweringUtils.cpp - what every op lowering shares -----*- C++ -*-===//
//
//===----------------------------------------------------------------------===//

#include "GPULoweringUtils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "llvm/Support/CheckedArithmetic.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::linalgx;

namespace mlir::linalgx::gpu_kernels {

std::string typeSuffix(Type type) {
  if (auto complexType = dyn_cast<ComplexType>(type))
    return "c" + typeSuffix(complexType.getElementType());
  std::string text;
  llvm::raw_string_ostream os(text);
  os << type;
  return text;
}

static gpu::GPUModuleOp getOrCreateKernelModule(ModuleOp module) {
  module->setAttr(gpu::GPUDialect::getContainerModuleAttrName(),
                  UnitAttr::get(module.getContext()));
  if (auto kernels = module.lookupSymbol<gpu::GPUModuleOp>(kKernelModuleName))
    return kernels;
  OpBuilder b = OpBuilder::atBlockEnd(module.getBody());
  return gpu::GPUModuleOp::create(b, module.getLoc(), kKernelModuleName);
}

gpu::GPUFuncOp getOrCreateKernel(
    ModuleOp module, StringRef name, TypeRange argumentTypes,
    ArrayRef<int32_t> blockSize, TypeRange workgroupTypes,
    function_ref<void(KernelBuilder &, ValueRange, ValueRange)> buildBody) {
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
    kernel.setWorkgroupAttributionAttr(i, LLVM::LLVMDialect::getAlignAttrName(),
                                       b.getI64IntegerAttr(16));
  KernelBuilder body(module.getLoc(),
                     OpBuilder::atBlockEnd(&kernel.getBody().front()));
  buildBody(body, kernel.getArguments(), kernel.getWorkgroupAttributions());
  gpu::ReturnOp::create(body);
  return kernel;
}

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

MemRefType dynamicMemRef(int64_t rank, Type elementType) {
  return MemRefType::get(SmallVector<int64_t>(rank, ShapedType::kDynamic),
                         elementType);
}

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
    view = memref::ExpandShapeOp::create(b, expandedType, memref, reassociation,
                                         outputShape);
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
                                             b.getIndexAttr(0), sizes, strides);
  }
  SmallVector<Value> dynamicSizes;
  for (int64_t dim = 0; dim < type.getRank(); ++dim)
    if (type.isDynamicDim(dim))
      dynamicSizes.push_back(memref::DimOp::create(b, memref, dim));
  Value copy = memref::AllocOp::create(b, identity, dynamicSizes);
  memref::CopyOp::create(b, memref, copy);
  return copy;
}

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

} // namespace mlir::linalgx::gpu_kernels
