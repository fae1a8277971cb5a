//===- LuOperands.h - one linalgx.lu as its kernels take it -----*- C++ -*-===//
//
// What each LU kernel family's launch function gets from the pattern: the
// op's operands on device memory, viewed as [B, ...] with every size
// dynamic (collapseBatch), so one kernel serves every batch rank and shape.
//
//===----------------------------------------------------------------------===//

#ifndef LINALGX_LIB_CONVERSION_LINALGXTOGPU_KERNELS_LUOPERANDS_H
#define LINALGX_LIB_CONVERSION_LINALGXTOGPU_KERNELS_LUOPERANDS_H

#include "../DeviceWork.h"

#include "mlir/IR/BuiltinOps.h"

#include <string>

namespace mlir::linalgx::gpu_kernels {

struct LuOperands {
  /// The module whose kernel module receives the kernels.
  ModuleOp module;
  /// input, lu, pivots, info and, when withPermutation, the permutation.
  SmallVector<Value, 5> values;
  Type elementType, intType;
  bool withPermutation = false;
  /// Whether the pivots are written 1-based (`lu` with `one_based`).
  bool oneBasedPivots = false;

  Value input() const { return values[0]; }
  Value lu() const { return values[1]; }
  Value pivots() const { return values[2]; }
  Value info() const { return values[3]; }
  Value permutation() const { return values[4]; }
  /// The kernels' name suffix: element and pivot types, the pivots' base,
  /// then whether they write the permutation.
  std::string kernelSuffix() const {
    return typeSuffix(elementType) + "_" + pivotsSuffix() +
           (withPermutation ? "_permutation" : "");
  }
  std::string pivotsSuffix() const {
    return typeSuffix(intType) + (oneBasedPivots ? "_one_based" : "");
  }
};

} // namespace mlir::linalgx::gpu_kernels

#endif // LINALGX_LIB_CONVERSION_LINALGXTOGPU_KERNELS_LUOPERANDS_H
