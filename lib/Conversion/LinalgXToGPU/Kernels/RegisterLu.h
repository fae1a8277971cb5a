//===- RegisterLu.h - the warp register LU kernel ---------------*- C++ -*-===//
//
// Matrices of at most 16 rows and columns, several a warp, a lane a row.
//
//===----------------------------------------------------------------------===//

#ifndef LINALGX_LIB_CONVERSION_LINALGXTOGPU_KERNELS_REGISTER_LU_H
#define LINALGX_LIB_CONVERSION_LINALGXTOGPU_KERNELS_REGISTER_LU_H

#include "LuCommon.h"
#include "LuOperands.h"

#include "KernelBuilder.h"
#include "mlir/Dialect/Arith/IR/Arith.h"

namespace mlir::linalgx::gpu_kernels {

/// Matrices of at most this many rows and columns (8 or 16) are factored by
/// the warp register kernel, several per warp; 4 warps per block.
inline constexpr int64_t kRegisterLuSizes[] = {8, 16};
inline constexpr int64_t kRegisterLuWarpsPerBlock = 4;

/// Shared memory of the warp register kernel: each matrix of the block
/// staged as `size` rows padded to an odd number of 16-byte units.
SmallVector<Type> registerLuWorkgroupTypes(int64_t size, Type elementType);

/// The warp register LU for real matrices of at most `size` rows and columns
/// (size = 8 or 16): `size` lanes per matrix, 32 / size matrices per
/// warp, and lane r holds row r of its matrix in `size` registers. The
/// steps are unrolled (`size` of them, those past K skipped), so every
/// column index is static and the rows never leave the registers:
///  - pivot search: two matrices a warp, redux.sync reductions of the key
///    and then the logical position among the rows not yet used as pivots,
///    and a ballot for the lane that holds it; four, a butterfly of (key,
///    position, row) -- the row order is tracked per lane as its logical
///    position, rows never move;
///  - the pivot row is broadcast with shuffles, each remaining row divides
///    its entry in column k by the pivot and updates its columns > k.
/// The matrices come in through shared memory (cp.async, lane j copying
/// column j of every row: whole segments of rows per access) and go out
/// the same way; no barriers (warp syncs).
void buildRegisterLuKernelBody(KernelBuilder &b, ValueRange args,
                               ValueRange workgroup, Type elementType,
                               Type intType, bool withPermutation,
                               bool oneBasedPivots, int64_t size);

/// Queues the warp register LU for matrices of at most `size` rows and
/// columns on `lu`'s operands.
void launchRegisterLu(ImplicitLocOpBuilder &b, DeviceWork &work,
                      const LuOperands &lu, int64_t size);

} // namespace mlir::linalgx::gpu_kernels

#endif // LINALGX_LIB_CONVERSION_LINALGXTOGPU_KERNELS_REGISTER_LU_H
