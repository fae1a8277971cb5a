//===- LinalgXToIREECUDA.cpp - linalgx ops as IREE CUDA dispatches --------===//
//
// IREE has no LU. For its CUDA target, each linalgx op on static tensors is
// compiled by linalgx's own GPU pipeline into the one kernel that
// linalgx-gpu-pipeline would launch, and replaced by IREE's external
// dispatch (`hal.dispatch.extern`) carrying that kernel's PTX: IREE
// allocates the buffers and schedules the dispatch, the kernel is linalgx's.
//
// linalgx does not link IREE, so the dispatch is an unregistered operation
// whose `#hal` attributes are opaque attributes in the syntax IREE parses.
//
//===----------------------------------------------------------------------===//

#include "linalgx/Conversion/Passes.h"
#include "linalgx/Dialect/LinalgX/IR/LinalgXOps.h"
#include "linalgx/Pipelines/Pipelines.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Target/LLVM/NVVM/Target.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/GPU/GPUToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/NVVM/NVVMToLLVMIRTranslation.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/StringExtras.h"

#include <array>

namespace mlir::linalgx {
#define GEN_PASS_DEF_CONVERTLINALGXTOIREECUDA
#include "linalgx/Conversion/Passes.h.inc"
} // namespace mlir::linalgx

using namespace mlir;

namespace {

/// One kernel launch that computes an op, as IREE's CUDA HAL needs it: the
/// kernel's PTX and name, and a static launch shape.
struct CompiledKernel {
  std::string name;
  std::string ptx;
  std::array<int64_t, 3> grid, block;
  int64_t sharedBytes = 0;
};

/// The function argument `value` is a view of (memref.cast included), if
/// it is one.
BlockArgument rootArgument(Value value) {
  while (Operation *def = value.getDefiningOp()) {
    auto view = dyn_cast<ViewLikeOpInterface>(def);
    if (!view)
      return nullptr;
    value = view.getViewSource();
  }
  return dyn_cast<BlockArgument>(value);
}

/// Gives `kernel` the static operand types of its one launch: a launch
/// operand cast from a static memref passes that memref instead, and the
/// kernel casts it back to the type its body was built for (so the body's
/// sizes fold to constants). Static memrefs are what the bare-pointer
/// calling convention takes.
LogicalResult specializeToStaticOperands(gpu::LaunchFuncOp launch,
                                         gpu::GPUFuncOp kernel,
                                         std::string &why) {
  OpBuilder b = OpBuilder::atBlockBegin(&kernel.front());
  SmallVector<Type> argumentTypes;
  for (auto [index, operand] : llvm::enumerate(launch.getKernelOperands())) {
    Value source = operand;
    if (auto cast = operand.getDefiningOp<memref::CastOp>())
      source = cast.getSource();
    auto type = dyn_cast<MemRefType>(source.getType());
    if (!type || !type.hasStaticShape() || !type.isLastDimUnitStride()) {
      why = "kernel operand " + std::to_string(index) +
            " is not a contiguous static memref";
      return failure();
    }
    BlockArgument argument = kernel.getArgument(index);
    Type bodyType = argument.getType();
    argument.setType(type);
    if (bodyType != type) {
      auto back =
          memref::CastOp::create(b, kernel.getLoc(), bodyType, argument);
      argument.replaceAllUsesExcept(back, back);
    }
    launch.getKernelOperandsMutable()[index].set(source);
    argumentTypes.push_back(type);
  }
  kernel.setFunctionType(
      FunctionType::get(kernel.getContext(), argumentTypes, {}));
  return success();
}

/// The single launch `entry` makes, with its operands checked to be views of
/// `entry`'s arguments in order (the binding order IREE uses), or why not.
FailureOr<gpu::LaunchFuncOp> singleLaunch(func::FuncOp entry,
                                          std::string &why) {
  gpu::LaunchFuncOp launch;
  for (Operation &op : entry.getBody().front()) {
    if (isa<arith::ConstantOp, ViewLikeOpInterface, gpu::WaitOp,
            func::ReturnOp>(op))
      continue;
    if (auto found = dyn_cast<gpu::LaunchFuncOp>(op); found && !launch) {
      launch = found;
      continue;
    }
    why = "its GPU lowering is not a single kernel launch (it has '" +
          op.getName().getStringRef().str() + "'";
    if (auto call = dyn_cast<func::CallOp>(op))
      why += " of @" + call.getCallee().str();
    why += ")";
    return failure();
  }
  if (!launch) {
    why = "its GPU lowering launches no kernel";
    return failure();
  }
  for (auto [index, operand] : llvm::enumerate(launch.getKernelOperands())) {
    BlockArgument root = rootArgument(operand);
    if (!root || root.getOwner() != &entry.getBody().front() ||
        root.getArgNumber() != index) {
      why = "its kernel's operands are not its operands in order";
      return failure();
    }
  }
  return launch;
}

/// The constant `value` holds (0 for none), or failure.
FailureOr<int64_t> constantOf(Value value) {
  if (!value)
    return 0;
  std::optional<int64_t> constant = getConstantIntValue(value);
  if (!constant)
    return failure();
  return *constant;
}

/// The launch shape of `launch`, which must be made of constants.
LogicalResult readLaunchShape(gpu::LaunchFuncOp launch, CompiledKernel &kernel,
                              std::string &why) {
  gpu::KernelDim3 grid = launch.getGridSizeOperandValues();
  gpu::KernelDim3 block = launch.getBlockSizeOperandValues();
  Value sizes[] = {grid.x,
                   grid.y,
                   grid.z,
                   block.x,
                   block.y,
                   block.z,
                   launch.getDynamicSharedMemorySize()};
  int64_t *fields[] = {&kernel.grid[0],    &kernel.grid[1],  &kernel.grid[2],
                       &kernel.block[0],   &kernel.block[1], &kernel.block[2],
                       &kernel.sharedBytes};
  for (auto [size, field] : llvm::zip_equal(sizes, fields)) {
    FailureOr<int64_t> constant = constantOf(size);
    if (failed(constant)) {
      why = "its kernel's launch shape is not constant";
      return failure();
    }
    *field = *constant;
  }
  kernel.name = launch.getKernelName().str();
  return success();
}

/// A module holding `func.func @entry` that applies `op` (an op on tensors)
/// to memrefs of its operands' types, inserted at the end of `parent` so
/// that the pass may run pipelines on it.
std::pair<ModuleOp, func::FuncOp> buildKernelModule(Operation *op,
                                                    ModuleOp parent) {
  MLIRContext *context = op->getContext();
  Location loc = op->getLoc();
  auto b = OpBuilder::atBlockEnd(parent.getBody());
  auto module = ModuleOp::create(b, loc);
  b.setInsertionPointToStart(module.getBody());
  SmallVector<Type> memrefTypes;
  for (Type type : op->getOperandTypes()) {
    auto tensor = cast<RankedTensorType>(type);
    memrefTypes.push_back(
        MemRefType::get(tensor.getShape(), tensor.getElementType()));
  }
  auto entry = func::FuncOp::create(
      b, loc, "entry", FunctionType::get(context, memrefTypes, {}));
  Block *body = entry.addEntryBlock();
  b.setInsertionPointToStart(body);
  OperationState state(loc, op->getName());
  state.addOperands(body->getArguments());
  state.addAttributes(llvm::to_vector(op->getDiscardableAttrs()));
  state.propertiesAttr = op->getPropertiesAsAttribute();
  b.create(state);
  func::ReturnOp::create(b, loc);
  return {module, entry};
}

/// The text of a `#hal.executable.object` embedding `bytes`.
std::string executableObject(StringRef bytes) {
  return "executable.object<{data = dense<\"0x" + llvm::toHex(bytes) +
         "\"> : vector<" + std::to_string(bytes.size()) + "xi8>}>";
}

/// The text of the `#hal.pipeline.layout` of an op with `inputs` read-only
/// bindings followed by `outputs` written ones.
std::string pipelineLayout(unsigned inputs, unsigned outputs) {
  SmallVector<std::string> bindings;
  for (unsigned i = 0; i < inputs + outputs; ++i)
    bindings.push_back(std::string("#hal.pipeline.binding<storage_buffer") +
                       (i < inputs ? ", ReadOnly>" : ">"));
  return "pipeline.layout<bindings = [" + llvm::join(bindings, ", ") + "]>";
}

/// Replaces `op` (tensor semantics) by a hal.dispatch.extern of `kernel`:
/// its `ins` are the dispatch's arguments, its results the dispatch's.
void replaceWithDispatch(Operation *op, const CompiledKernel &kernel) {
  MLIRContext *context = op->getContext();
  Location loc = op->getLoc();
  auto hal = StringAttr::get(context, "hal");
  auto opaque = [&](StringRef body) -> Attribute {
    return OpaqueAttr::get(hal, body, NoneType::get(context));
  };
  auto indices = [&](ArrayRef<int64_t> values) {
    return ArrayAttr::get(
        context, llvm::map_to_vector(values, [&](int64_t value) -> Attribute {
          return IntegerAttr::get(IndexType::get(context), value);
        }));
  };
  auto dps = cast<DestinationStyleOpInterface>(op);
  SmallVector<Value> inputs = dps.getDpsInputs();

  OpBuilder b(op);
  OperationState state(loc, "hal.dispatch.extern");
  state.addOperands(inputs);
  state.addTypes(op->getResultTypes());
  state.addAttribute("export_name", b.getStringAttr(kernel.name));
  state.addAttribute(
      "layout", opaque(pipelineLayout(inputs.size(), op->getNumResults())));
  state.addAttribute(
      "targets",
      b.getArrayAttr(opaque("executable.target<\"cuda\", \"cuda-nvptx-fb\">")));
  state.addAttribute("target_ordinals", indices({0}));
  state.addAttribute(
      "target_objects",
      b.getArrayAttr(b.getArrayAttr(opaque(executableObject(kernel.ptx)))));
  state.addAttribute("workgroup_size", indices(kernel.block));
  state.addAttribute("workgroup_local_memory",
                     b.getIndexAttr(kernel.sharedBytes));
  state.addAttribute(
      "operandSegmentSizes",
      b.getDenseI32ArrayAttr({0, static_cast<int32_t>(inputs.size()), 0, 0}));

  // The workgroup count, a function of the device (the launch is static),
  // and an empty condition region: the one target is always taken.
  Region *count = state.addRegion();
  state.addRegion();
  Block *countBlock = b.createBlock(count, count->end(),
                                    {OpaqueType::get(hal, "device")}, {loc});
  b.setInsertionPointToStart(countBlock);
  OperationState ret(loc, "hal.return");
  llvm::SmallDenseMap<int64_t, Value> constants;
  for (int64_t size : kernel.grid) {
    Value &constant = constants[size];
    if (!constant)
      constant = arith::ConstantIndexOp::create(b, loc, size);
    ret.addOperands(constant);
  }
  b.create(ret);

  b.setInsertionPoint(op);
  Operation *dispatch = b.create(state);
  op->replaceAllUsesWith(dispatch->getResults());
  op->erase();
}

struct ConvertLinalgXToIREECUDAPass
    : public linalgx::impl::ConvertLinalgXToIREECUDABase<
          ConvertLinalgXToIREECUDAPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    if (!module.getContext()->allowsUnregisteredDialects()) {
      module.emitError()
          << "convert-linalgx-to-iree-cuda writes IREE's hal.dispatch.extern, "
             "which linalgx does not register: allow unregistered dialects "
             "(--allow-unregistered-dialect)";
      return signalPassFailure();
    }
    linalgx::GPUPipelineOptions target;
    setGPUOptions(target);
    if (failed(linalgx::verifyGPUPipelineOptions(
            target, [&](const Twine &problem) {
              module.emitError() << "convert-linalgx-to-iree-cuda: " << problem;
            })))
      return signalPassFailure();
    OpPassManager lowering(ModuleOp::getOperationName());
    OpPassManager binary(ModuleOp::getOperationName());
    buildPipelines(lowering, binary);

    SmallVector<Operation *> ops;
    module.walk([&](Operation *op) {
      if (isa<linalgx::LuOp, linalgx::PivotsToPermutationOp>(op) &&
          cast<DestinationStyleOpInterface>(op).hasPureTensorSemantics())
        ops.push_back(op);
    });
    for (Operation *op : ops) {
      std::string why;
      FailureOr<CompiledKernel> kernel = compile(op, lowering, binary, why);
      if (succeeded(kernel)) {
        replaceWithDispatch(op, *kernel);
        continue;
      }
      if (why.empty()) // The pipeline failed and said why.
        return signalPassFailure();
      op->emitWarning() << "not turned into an IREE dispatch of a linalgx "
                           "kernel: "
                        << why;
    }
  }

  /// linalgx's GPU pipeline, in the two halves the pass runs: the lowering
  /// to kernels, and (after the kernel is specialized) the compilation to
  /// PTX with bare-pointer kernel arguments.
  void buildPipelines(OpPassManager &lowering, OpPassManager &binary) const {
    linalgx::GPUPipelineOptions options;
    setGPUOptions(options);
    linalgx::buildGPUKernelPipeline(lowering, options);
    binary.addPass(createCanonicalizerPass());
    linalgx::buildGPUBinaryPipeline(binary, options,
                                    /*barePointerKernels=*/true);
  }

  /// The GPU pipeline's options for the kernels: PTX for `chip`, operands
  /// in device memory (IREE's buffers).
  void setGPUOptions(linalgx::GPUPipelineOptions &options) const {
    options.chip = chip;
    options.features = features;
    options.format = "isa";
    options.hostBuffers = false;
  }

  void getDependentDialects(DialectRegistry &registry) const override {
    Base::getDependentDialects(registry);
    OpPassManager lowering(ModuleOp::getOperationName());
    OpPassManager binary(ModuleOp::getOperationName());
    buildPipelines(lowering, binary);
    lowering.getDependentDialects(registry);
    binary.getDependentDialects(registry);
    // gpu-module-to-binary translates the kernels to LLVM IR for NVPTX.
    NVVM::registerNVVMTargetInterfaceExternalModels(registry);
    registerBuiltinDialectTranslation(registry);
    registerGPUDialectTranslation(registry);
    registerLLVMDialectTranslation(registry);
    registerNVVMDialectTranslation(registry);
  }

  /// The kernel computing `op`, built by the `lowering` and `binary` halves
  /// of the GPU pipeline, or failure with `why` set (empty when a pipeline
  /// failed with its own diagnostics).
  FailureOr<CompiledKernel> compile(Operation *op, OpPassManager &lowering,
                                    OpPassManager &binary, std::string &why) {
    for (Type type : op->getOperandTypes())
      if (!cast<RankedTensorType>(type).hasStaticShape()) {
        why = "its shapes are not static";
        return failure();
      }
    ModuleOp kernelModule;
    func::FuncOp entry;
    std::tie(kernelModule, entry) = buildKernelModule(op, getOperation());
    llvm::scope_exit erase([&] { kernelModule.erase(); });

    if (failed(runPipeline(lowering, kernelModule)))
      return failure();

    FailureOr<gpu::LaunchFuncOp> launch = singleLaunch(entry, why);
    if (failed(launch))
      return failure();
    CompiledKernel kernel;
    if (failed(readLaunchShape(*launch, kernel, why)))
      return failure();
    auto kernelFunc = SymbolTable::lookupNearestSymbolFrom<gpu::GPUFuncOp>(
        *launch, launch->getKernel());
    if (failed(specializeToStaticOperands(*launch, kernelFunc, why)))
      return failure();

    if (failed(runPipeline(binary, kernelModule)))
      return failure();
    for (auto binaryOp : kernelModule.getOps<gpu::BinaryOp>())
      for (Attribute object : binaryOp.getObjects())
        kernel.ptx = cast<gpu::ObjectAttr>(object).getObject().str();
    if (kernel.ptx.empty()) {
      why = "its kernel was not compiled to PTX";
      return failure();
    }
    return kernel;
  }
};

} // namespace
