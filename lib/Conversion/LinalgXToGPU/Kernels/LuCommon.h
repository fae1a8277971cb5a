//===- LuCommon.h - what the LU kernels share -------------------*- C++ -*-===//
//
// The pieces every generated LU kernel uses: the shared-memory limit, element
// sizes, the pivot search's keys and the multipliers' scaling.
//
//===----------------------------------------------------------------------===//

#ifndef LINALGX_LIB_CONVERSION_LINALGXTOGPU_KERNELS_LU_COMMON_H
#define LINALGX_LIB_CONVERSION_LINALGXTOGPU_KERNELS_LU_COMMON_H

#include "KernelBuilder.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"

#include <algorithm>
#include <cstdint>

namespace mlir::linalgx {
class ElementArith;
} // namespace mlir::linalgx

namespace mlir::linalgx::gpu_kernels {

/// Dynamic shared memory one block of the generated LU may use: sm_90's
/// opt-in maximum (227 KiB); the runtime raises the kernel's limit to what
/// each launch asks for.
inline constexpr int64_t kGeneratedLuMaxSharedBytes = 227 * 1024;

/// Bytes of one element of `type` (complex numbers: both parts).
int64_t elementByteSize(Type type);

/// The type of one part of `type`: its element type for a complex type,
/// `type` itself otherwise.
Type realPartType(Type type);

/// The pivot search's key of a candidate: the bit pattern of its magnitude
/// (non-negative floats order as unsigned integers). A NaN is never chosen
/// except on the diagonal, where LAPACK's scan starts: keys 0 and +Inf
/// reproduce exactly the sequential scan's choice.
Value pivotKey(KernelBuilder &b, const ElementArith &element, Value value,
               Value onDiagonal, Type magnitudeType);

/// The largest pivot key of the lanes `reduceMax` (an unsigned 32-bit
/// maximum over them) spans: 64-bit keys reduce their high halves, then the
/// low halves of the lanes holding the largest high half.
Value reduceMaxKey(KernelBuilder &b, Value key,
                   function_ref<Value(KernelBuilder &, Value)> reduceMax);

/// A column entry's multiplier, entry / pivot, scaled as LAPACK's getf2
/// scales: by the reciprocal where `useReciprocal` (element.reciprocalIsSafe)
/// holds, else by a division. `reciprocal` is 1 / pivot when the caller shares
/// it among many entries; null computes it in the branch that uses it.
Value scaleByPivot(KernelBuilder &b, const ElementArith &element, Value entry,
                   Value pivot, Value useReciprocal, Value reciprocal);

} // namespace mlir::linalgx::gpu_kernels

#endif // LINALGX_LIB_CONVERSION_LINALGXTOGPU_KERNELS_LU_COMMON_H
