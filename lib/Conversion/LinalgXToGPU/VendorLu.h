//===- VendorLu.h - linalgx.lu through cuSOLVER / cuBLAS --------*- C++ -*-===//
//
// The vendor path of the GPU lowering: the matrices transposed to
// column-major, factored by the linalgx CUDA runtime (cuSOLVER getrf or
// cuBLAS getrfBatched, on the kernels' stream), transposed back with the
// pivots and info converted, then the permutation kernel.
//
//===----------------------------------------------------------------------===//

#ifndef LINALGX_LIB_CONVERSION_LINALGXTOGPU_VENDORLU_H
#define LINALGX_LIB_CONVERSION_LINALGXTOGPU_VENDORLU_H

#include "DeviceWork.h"

#include "linalgx/Conversion/LinalgXToGPU/LinalgXToGPU.h"
#include "linalgx/Dialect/LinalgX/IR/LinalgXOps.h"

namespace mlir::linalgx::gpu_kernels {

/// The type of the runtime's entry point:
/// void linalgxCudaGetrf(int32_t elemType, void *a, int32_t *pivots,
///                       int32_t *info, int64_t batch, int64_t m, int64_t n,
///                       int32_t strategy)
FunctionType getrfFunctionType(MLIRContext *context);

/// Emits `op` (on memrefs) through the vendor libraries into `work`.
void emitVendorLu(LuOp op, ModuleOp module, ImplicitLocOpBuilder &b,
                  DeviceWork &work, GPULuStrategy strategy);

} // namespace mlir::linalgx::gpu_kernels

#endif // LINALGX_LIB_CONVERSION_LINALGXTOGPU_VENDORLU_H
