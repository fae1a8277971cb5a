//===- GPULoweringUtils.h - what every op lowering shares -------*- C++ -*-===//
//
// The kernel module and its kernels, grid sizes, and the views that let one
// kernel serve every batch rank, shape and layout. Internal to the GPU
// lowering (lib/Conversion/LinalgXToGPU).
//
//===----------------------------------------------------------------------===//

#ifndef LINALGX_LIB_CONVERSION_LINALGXTOGPU_GPULOWERINGUTILS_H
#define LINALGX_LIB_CONVERSION_LINALGXTOGPU_GPULOWERINGUTILS_H

#include "Kernels/KernelBuilder.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/BuiltinOps.h"

#include <optional>
#include <string>

namespace mlir::linalgx::gpu_kernels {

/// Threads per block of every generated kernel: enough warps to hide
/// latency, few enough that small batches still spread over many SMs.
constexpr int64_t kBlockSize = 256;
/// Upper bound on blocks per launch; larger problems are covered by the
/// grid-stride loop (132 SMs x 16 resident blocks x a few waves).
constexpr int64_t kMaxBlocks = 132 * 16 * 8;

constexpr StringLiteral kKernelModuleName = "linalgx_kernels";

std::string typeSuffix(Type type);

/// Returns the kernel `name` of `module`'s kernel module, building it with
/// `buildBody(builder, arguments, workgroup buffers)` the first time it is
/// asked for. Its blocks have `blockSize` threads (empty: chosen at launch).
gpu::GPUFuncOp getOrCreateKernel(
    ModuleOp module, StringRef name, TypeRange argumentTypes,
    ArrayRef<int32_t> blockSize, TypeRange workgroupTypes,
    function_ref<void(KernelBuilder &, ValueRange, ValueRange)> buildBody);

/// The number of blocks covering `total` items at `perBlock` items each,
/// at least one (a grid of zero blocks is an invalid launch) and at most
/// kMaxBlocks (the kernels' grid-stride loops cover the rest).
Value gridSizeFor(ImplicitLocOpBuilder &b, Value total, Value perBlock);

Value gridSizeFor(ImplicitLocOpBuilder &b, Value total, int64_t perBlock);

/// An identity-layout memref type of `rank` dynamic sizes.
MemRefType dynamicMemRef(int64_t rank, Type elementType);

/// Views an identity-layout memref `[B..., X...]` as `[B, X...]` with every
/// size dynamic, so that one kernel serves every batch rank and shape.
Value collapseBatch(ImplicitLocOpBuilder &b, Value memref, int64_t batchRank);

/// Whether `type` is laid out contiguously in row-major order, whatever its
/// layout attribute says (e.g. `strided<[75, 1]>` of a full slice).
bool isContiguousRowMajor(MemRefType type);

/// Gives `memref` an identity layout: a reinterpretation when it is
/// contiguous already (not a memref.cast, which canonicalization would fold
/// back into the gpu.memcpy that needs the identity layout), else a
/// contiguous host copy (only operands of host programs get here).
Value withIdentityLayout(ImplicitLocOpBuilder &b, Value memref);

/// Why `op` cannot be lowered to the GPU, if it cannot. Operands of host
/// programs may have any layout (they are copied); those on device memory
/// must be contiguous memrefs.
std::optional<std::string> whyNotLowerableToGPU(Operation *op,
                                                bool hostBuffers);

} // namespace mlir::linalgx::gpu_kernels

#endif // LINALGX_LIB_CONVERSION_LINALGXTOGPU_GPULOWERINGUTILS_H
