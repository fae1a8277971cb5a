//===- DeviceWork.h - one op's chain of device work -------------*- C++ -*-===//
//
// Internal to the GPU lowering (lib/Conversion/LinalgXToGPU).
//
//===----------------------------------------------------------------------===//

#ifndef LINALGX_LIB_CONVERSION_LINALGXTOGPU_DEVICEWORK_H
#define LINALGX_LIB_CONVERSION_LINALGXTOGPU_DEVICEWORK_H

#include "GPULoweringUtils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/ImplicitLocOpBuilder.h"

namespace mlir::linalgx::gpu_kernels {

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
  /// (index) of dynamic shared memory, none if null, in clusters of
  /// `clusterSize` blocks if given.
  void launch(gpu::GPUFuncOp kernel, gpu::KernelDim3 grid,
              gpu::KernelDim3 blockSize, ValueRange operands, Value sharedBytes,
              std::optional<gpu::KernelDim3> clusterSize = std::nullopt) {
    if (sharedBytes)
      sharedBytes = arith::IndexCastOp::create(b, b.getI32Type(), sharedBytes);
    token = gpu::LaunchFuncOp::create(b, kernel, grid, blockSize, sharedBytes,
                                      operands, tokenType, ValueRange{token},
                                      clusterSize)
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

  /// Whether `a` and `b` are different buffers (an i1 on the host).
  Value distinct(Value a, Value b) {
    auto address = [&](Value memref) -> Value {
      return memref::ExtractAlignedPointerAsIndexOp::create(this->b, memref);
    };
    return arith::CmpIOp::create(this->b, arith::CmpIPredicate::ne, address(a),
                                 address(b));
  }

  /// Queues a copy of `from` into `to` unless they are one buffer (an
  /// in-place solve).
  void copyUnlessAliased(Value to, Value from) {
    when(distinct(to, from), [&] { copy(to, from); });
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

  /// Copies the outputs back, frees every device buffer and waits for the
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

  /// Runs `queue` on a chain of its own, whose first step takes the
  /// runtime's current stream then (mgpuStreamCreate): between the runtime's
  /// linalgxCudaBeginAside and linalgxCudaEndAside, its side stream. The
  /// work inside launches kernels and makes copies; it allocates nothing
  /// (finish() frees temporaries on the main chain).
  void queueOnNewChain(function_ref<void()> queue) {
    Value outer = token;
    size_t allocated = temporaries.size();
    token = gpu::WaitOp::create(b, tokenType, ValueRange()).getAsyncToken();
    queue();
    assert(temporaries.size() == allocated &&
           "device work on a chain of its own allocates nothing");
    (void)allocated;
    token = outer;
  }

private:
  /// Runs `queue` with the builder in `block` (before its terminator).
  /// Async tokens cannot cross the region's boundary through the lowering
  /// (gpu-to-llvm converts no scf.for / scf.if results of token type), so
  /// the work inside starts a new chain; its order with the work around is
  /// the stream's: the linalgx runtime runs every chain on one stream (see
  /// the class comment).
  void queueIn(Block *block, function_ref<void()> queue) {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPoint(block->getTerminator());
    queueOnNewChain(queue);
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

} // namespace mlir::linalgx::gpu_kernels

#endif // LINALGX_LIB_CONVERSION_LINALGXTOGPU_DEVICEWORK_H
