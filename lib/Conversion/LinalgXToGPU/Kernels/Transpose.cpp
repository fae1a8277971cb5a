//===- Transpose.cpp - batched tiled transposes -----------------*- C++ -*-===//
//
//===----------------------------------------------------------------------===//

#include "Transpose.h"

#include "../GPULoweringUtils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"

using namespace mlir;
using namespace mlir::linalgx;

namespace mlir::linalgx::gpu_kernels {

void buildTiledTranspose(KernelBuilder &b, Value input, Value output,
                         Value tile) {
  Value tileSize = b.index(kTileSize);
  Value batch = b.dim(input, 0);
  Value rows = b.dim(input, 1);
  Value cols = b.dim(input, 2);
  Value tileCols = b.ceilDivU(cols, tileSize);
  Value tilesPerMatrix = b.mul(b.ceilDivU(rows, tileSize), tileCols);
  Value tiles = b.mul(batch, tilesPerMatrix);
  Value tx = b.threadId(gpu::Dimension::x);
  Value ty = b.threadId(gpu::Dimension::y);
  Value blockId = b.blockId(gpu::Dimension::x);
  Value gridDim = b.gridDim(gpu::Dimension::x);

  // Every thread of a block runs the same iterations (barriers inside).
  b.forLoop(blockId, tiles, gridDim, [&](KernelBuilder &b, Value tileIndex) {
    Value matrix = b.divU(tileIndex, tilesPerMatrix);
    Value within = b.remU(tileIndex, tilesPerMatrix);
    Value rowBase = b.mul(b.divU(within, tileCols), tileSize);
    Value colBase = b.mul(b.remU(within, tileCols), tileSize);
    auto inBounds = [&](KernelBuilder &b, Value r, Value c) -> Value {
      return b.bitAnd(b.cmp(arith::CmpIPredicate::ult, r, rows),
                      b.cmp(arith::CmpIPredicate::ult, c, cols));
    };
    for (int64_t pass = 0; pass < kTileSize; pass += kTileRowsPerPass) {
      Value tileRow = b.add(ty, b.index(pass));
      Value r = b.add(rowBase, tileRow);
      Value c = b.add(colBase, tx);
      b.ifThen(inBounds(b, r, c), [&](KernelBuilder &b) {
        Value element = b.load(input, ValueRange{matrix, r, c});
        b.store(element, tile, ValueRange{tileRow, tx});
      });
    }
    b.barrier();
    for (int64_t pass = 0; pass < kTileSize; pass += kTileRowsPerPass) {
      Value tileCol = b.add(ty, b.index(pass));
      Value c = b.add(colBase, tileCol);
      Value r = b.add(rowBase, tx);
      b.ifThen(inBounds(b, r, c), [&](KernelBuilder &b) {
        Value element = b.load(tile, ValueRange{tx, tileCol});
        b.store(element, output, ValueRange{matrix, c, r});
      });
    }
    // The tile is refilled by the next iteration.
    b.barrier();
  });
}

Value transposeTiles(ImplicitLocOpBuilder &b, Value input) {
  Value tileSize = arith::ConstantIndexOp::create(b, kTileSize);
  Value tilesPerMatrix = arith::MulIOp::create(
      b,
      arith::CeilDivUIOp::create(b, memref::DimOp::create(b, input, 1),
                                 tileSize),
      arith::CeilDivUIOp::create(b, memref::DimOp::create(b, input, 2),
                                 tileSize));
  return arith::MulIOp::create(b, memref::DimOp::create(b, input, 0),
                               tilesPerMatrix);
}

MemRefType transposeTileType(Type elementType) {
  return workgroupMemRef({kTileSize, kTileSize + 1}, elementType);
}

void launchTranspose(ModuleOp module, ImplicitLocOpBuilder &b, DeviceWork &work,
                     Value input, Value output) {
  Type elementType = cast<MemRefType>(input.getType()).getElementType();
  gpu::GPUFuncOp kernel = getOrCreateKernel(
      module, "linalgx_transpose_" + typeSuffix(elementType),
      {input.getType(), output.getType()}, kTransposeBlock,
      {transposeTileType(elementType)},
      [](KernelBuilder &kb, ValueRange args, ValueRange workgroup) {
        buildTiledTranspose(kb, args[0], args[1], workgroup[0]);
      });
  work.launch(kernel, gridSizeFor(b, transposeTiles(b, input), 1),
              {kTileSize, kTileRowsPerPass, 1}, {input, output});
}

} // namespace mlir::linalgx::gpu_kernels
