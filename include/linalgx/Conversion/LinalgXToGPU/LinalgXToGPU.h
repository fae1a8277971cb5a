//===- LinalgXToGPU.h - linalgx to gpu kernels and CUDA calls ---*- C++ -*-===//

#ifndef LINALGX_CONVERSION_LINALGXTOGPU_LINALGXTOGPU_H
#define LINALGX_CONVERSION_LINALGXTOGPU_LINALGXTOGPU_H

#include <cstdint>

namespace mlir {
class RewritePatternSet;

namespace linalgx {

/// How `linalgx.lu` is factored on the GPU. The values are the `strategy`
/// argument of the runtime's `linalgxCudaGetrf`.
enum class GPULuStrategy : int32_t {
  Auto = 0,          ///< chosen by the runtime from size and batch
  CuSolver = 1,      ///< cuSOLVER getrf, once per matrix
  CuBlasBatched = 2, ///< cuBLAS getrfBatched (square matrices)
};

struct LinalgXToGPUOptions {
  /// Operands are host memory, copied to and from the device around each op.
  bool hostBuffers = false;
  GPULuStrategy luStrategy = GPULuStrategy::Auto;
};

/// Patterns lowering linalgx ops on memrefs to `gpu.launch_func` of kernels
/// generated into `gpu.module @linalgx_kernels` and to calls of the linalgx
/// CUDA runtime. The enclosing module becomes a `gpu.container_module`.
void populateLinalgXToGPUPatterns(RewritePatternSet &patterns,
                                  const LinalgXToGPUOptions &options);

/// The C entry point of the runtime that `linalgx.lu` lowers to.
inline constexpr const char *kCudaGetrfFunctionName = "linalgxCudaGetrf";

} // namespace linalgx
} // namespace mlir

#endif // LINALGX_CONVERSION_LINALGXTOGPU_LINALGXTOGPU_H
