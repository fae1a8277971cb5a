//===- BufferizableOpInterfaceImpl.cpp - One-Shot Bufferize models --------===//
//
// linalgx ops are destination-passing style, so they bufferize like linalg
// ops: each `outs` tensor becomes the buffer its result lives in. Unlike
// linalg, no linalgx op reads its `outs` operands (the factorization starts
// from `input`, the permutation from the identity, the solution from
// `rhs`, determinants from the factors), which lets One-Shot Bufferize reuse an
// `outs` buffer without copying its old contents.
//
//===----------------------------------------------------------------------===//

#include "linalgx/Dialect/LinalgX/Transforms/BufferizableOpInterfaceImpl.h"
#include "linalgx/Dialect/LinalgX/IR/LinalgXOps.h"

#include "mlir/Dialect/Bufferization/IR/BufferizableOpInterface.h"
#include "mlir/Dialect/Bufferization/IR/DstBufferizableOpInterfaceImpl.h"
#include "mlir/IR/DialectRegistry.h"

using namespace mlir;
using namespace mlir::bufferization;

namespace {
template <typename OpTy>
struct LinalgXOpBufferization : public DstBufferizableOpInterfaceExternalModel<
                                    LinalgXOpBufferization<OpTy>, OpTy> {
  bool bufferizesToMemoryRead(Operation *op, OpOperand &opOperand,
                              const AnalysisState &) const {
    return cast<DestinationStyleOpInterface>(op).isDpsInput(&opOperand);
  }

  LogicalResult bufferize(Operation *op, RewriterBase &rewriter,
                          const BufferizationOptions &options,
                          BufferizationState &state) const {
    auto dstOp = cast<DestinationStyleOpInterface>(op);
    SmallVector<Value> buffers;
    for (Value operand : op->getOperands()) {
      FailureOr<Value> buffer = getBuffer(rewriter, operand, options, state);
      if (failed(buffer))
        return failure();
      buffers.push_back(*buffer);
    }
    rewriter.setInsertionPoint(op);
    OperationState bufferized(op->getLoc(), op->getName(), buffers,
                              /*types=*/TypeRange(), op->getAttrs());
    rewriter.create(bufferized);
    replaceOpWithBufferizedValues(
        rewriter, op,
        ArrayRef<Value>(buffers).drop_front(dstOp.getNumDpsInputs()));
    return success();
  }
};
} // namespace

void mlir::linalgx::registerBufferizableOpInterfaceExternalModels(
    DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *context, linalgx::LinalgXDialect *) {
    linalgx::LuOp::attachInterface<LinalgXOpBufferization<linalgx::LuOp>>(
        *context);
    linalgx::PivotsToPermutationOp::attachInterface<
        LinalgXOpBufferization<linalgx::PivotsToPermutationOp>>(*context);
    linalgx::LuSolveOp::attachInterface<
        LinalgXOpBufferization<linalgx::LuSolveOp>>(*context);
    linalgx::LuDetOp::attachInterface<LinalgXOpBufferization<linalgx::LuDetOp>>(
        *context);
    linalgx::LuSlogdetOp::attachInterface<
        LinalgXOpBufferization<linalgx::LuSlogdetOp>>(*context);
    linalgx::SolveOp::attachInterface<LinalgXOpBufferization<linalgx::SolveOp>>(
        *context);
    linalgx::DetOp::attachInterface<LinalgXOpBufferization<linalgx::DetOp>>(
        *context);
    linalgx::SlogdetOp::attachInterface<
        LinalgXOpBufferization<linalgx::SlogdetOp>>(*context);
  });
}
