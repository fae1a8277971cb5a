//===- Permutation.h - the pivots_to_permutation kernel ---------*- C++ -*-===//
//
// One launch turns a batch of pivots (row swaps) into permutations: a
// register path for short ones, a block a group of matrices for those of at
// most a block's threads, a thread a position for longer ones.
//
//===----------------------------------------------------------------------===//

#ifndef LINALGX_LIB_CONVERSION_LINALGXTOGPU_KERNELS_PERMUTATION_H
#define LINALGX_LIB_CONVERSION_LINALGXTOGPU_KERNELS_PERMUTATION_H

#include "../DeviceWork.h"

#include "mlir/IR/BuiltinOps.h"

namespace mlir::linalgx::gpu_kernels {

/// Queues the permutation kernel on [B, K] pivots and a [B, N] permutation
/// (device memrefs with every size dynamic, see collapseBatch).
void launchPermutationKernel(ModuleOp module, ImplicitLocOpBuilder &b,
                             DeviceWork &work, Value pivots2d,
                             Value permutation2d, bool oneBased);

} // namespace mlir::linalgx::gpu_kernels

#endif // LINALGX_LIB_CONVERSION_LINALGXTOGPU_KERNELS_PERMUTATION_H
