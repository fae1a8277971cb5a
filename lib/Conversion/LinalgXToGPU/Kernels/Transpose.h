//===- Transpose.h - batched tiled transposes -------------------*- C++ -*-===//
//
// The vendor path's layout changes: row-major matrices to the column-major
// ones cuSOLVER and cuBLAS factor, and back.
//
//===----------------------------------------------------------------------===//

#ifndef LINALGX_LIB_CONVERSION_LINALGXTOGPU_KERNELS_TRANSPOSE_H
#define LINALGX_LIB_CONVERSION_LINALGXTOGPU_KERNELS_TRANSPOSE_H

#include "../DeviceWork.h"
#include "KernelBuilder.h"

#include "mlir/IR/BuiltinOps.h"

namespace mlir::linalgx::gpu_kernels {

/// Transposes move 32x32 tiles through shared memory with 32x8 threads, so
/// that both the global reads and the global writes are coalesced.
constexpr int64_t kTileSize = 32;
constexpr int64_t kTileRowsPerPass = 8;

/// output[b][c][r] = input[b][r][c] for input [B, R, C] and output [B, C, R].
/// Each block moves 32x32 tiles through shared memory (a 33-wide row avoids
/// bank conflicts on the transposed read): global reads go along input rows
/// and global writes along output rows, both coalesced, and the index
/// divisions are paid once per tile, not per element.
void buildTiledTranspose(KernelBuilder &b, Value input, Value output,
                         Value tile);

/// The number of tiles buildTiledTranspose walks for an input [B, R, C].
Value transposeTiles(ImplicitLocOpBuilder &b, Value input);

/// The 32x8-thread blocks of every tiled-transpose launch.
inline constexpr int32_t kTransposeBlock[] = {kTileSize, kTileRowsPerPass, 1};

/// The shared-memory tile of buildTiledTranspose for `elementType`.
MemRefType transposeTileType(Type elementType);

/// Queues output = input transposed ([B, R, C] -> [B, C, R], both
/// contiguous) with the kernel `linalgx_transpose_<type>`.
void launchTranspose(ModuleOp module, ImplicitLocOpBuilder &b, DeviceWork &work,
                     Value input, Value output);

} // namespace mlir::linalgx::gpu_kernels

#endif // LINALGX_LIB_CONVERSION_LINALGXTOGPU_KERNELS_TRANSPOSE_H
