//===- GeneratedCpuLu.h - batch-parallel generated LU for the CPU -*- C++
//-*-===//
//
// lu-strategy=generated of convert-linalgx-to-cpu-runtime: linalgx.lu as MLIR
// (scf.parallel over the batch, lowered to OpenMP by the CPU pipeline; each
// matrix factored in a small stack buffer with vector-dialect row updates),
// and linalgx.pivots_to_permutation threaded over the batch the same way.
//
//===----------------------------------------------------------------------===//

#ifndef LIB_CONVERSION_LINALGXTOCPURUNTIME_GENERATEDCPULU_H
#define LIB_CONVERSION_LINALGXTOCPURUNTIME_GENERATEDCPULU_H

#include "linalgx/Dialect/LinalgX/IR/LinalgXOps.h"

#include "mlir/IR/ImplicitLocOpBuilder.h"

namespace mlir::linalgx {

/// The largest local buffer (bytes) a generated factorization keeps on the
/// stack, per matrix and thread: 256 KiB, e.g. 180x184 f64 (rows padded to
/// a whole number of 64-byte vectors). Larger matrices are not the
/// generated path's business (LAPACK wins there, docs/cpu.md); libomp's
/// worker threads have 4 MiB stacks by default and a process's main thread
/// 8 MiB, so this leaves ample room.
inline constexpr int64_t kGeneratedLuMaxLocalBytes = 256 * 1024;

/// Bytes of the vectors the generated code works on: one AVX-512 register
/// (LLVM splits them into two AVX2 or four SSE registers on targets without
/// it, so the code stays portable).
inline constexpr int64_t kGeneratedVectorBytes = 64;

/// Whether the generated LU of an m x n matrix of `elementType` fits the
/// local buffer (an i1; folded to a constant for static sizes).
Value generatedLuFits(ImplicitLocOpBuilder &b, Type elementType, Value m,
                      Value n);

/// Whether a matrix of static size m x n fits (see generatedLuFits).
bool generatedLuFits(Type elementType, int64_t m, int64_t n);

/// Emits the generated factorization of every matrix of `op` (on memrefs
/// whose innermost dimension has unit stride) at `b`'s insertion point,
/// including its permutation for an `lu` with one. `input` is what to read
/// the matrices from (op's input, or its lu after a copy). Does not erase
/// `op`.
void buildGeneratedCpuLu(ImplicitLocOpBuilder &b, LuOp op, Value input);

/// Emits `op` (real f32/f64 matrices that fit the local buffer, one
/// right-hand side, unit inner strides: the caller checks) as one pass over
/// the batch: each matrix factored in the local buffer as
/// buildGeneratedCpuLu does, its right-hand side solved against the
/// factors there (exchanges, then both triangles as vector dot products
/// along the buffer's rows), only the solution and info written. Does not
/// erase `op`.
void buildGeneratedCpuSolve(ImplicitLocOpBuilder &b, SolveOp op);

/// Emits `op`'s permutations, one pass per vector, the batch spread over the
/// cores (scf.parallel) when it is large enough to pay for the fork.
void buildParallelPivotsToPermutation(ImplicitLocOpBuilder &b,
                                      PivotsToPermutationOp op);

/// Whether the innermost dimension of the memref `value` has a static unit
/// stride (what the generated code's vector transfers need).
bool hasUnitInnerStride(Value value);

} // namespace mlir::linalgx

#endif // LIB_CONVERSION_LINALGXTOCPURUNTIME_GENERATEDCPULU_H
