//===- LinalgXToCPURuntime.h - linalgx.lu to CPU runtime calls --*- C++ -*-===//

#ifndef LINALGX_CONVERSION_LINALGXTOCPURUNTIME_LINALGXTOCPURUNTIME_H
#define LINALGX_CONVERSION_LINALGXTOCPURUNTIME_LINALGXTOCPURUNTIME_H

#include <cstdint>
#include <optional>

#include "llvm/ADT/StringRef.h"

namespace mlir {
class RewritePatternSet;

namespace linalgx {

/// How `linalgx.lu` is factored on the CPU (docs/cpu.md).
enum class CPULuStrategy {
  /// A runtime call whose kernel the runtime picks by size: its own
  /// unblocked kernel for small matrices, LAPACK for large ones.
  Auto,
  /// The reference loops of convert-linalgx-to-loops (this lowering leaves
  /// the op alone).
  Loops,
  /// A runtime call factoring every matrix with LAPACK ?getrf (OpenBLAS).
  Lapack,
  /// A runtime call factoring every matrix with the runtime's own unblocked
  /// kernel.
  Unblocked,
  /// Generated code: the batch an scf.parallel (OpenMP in the CPU pipeline),
  /// each matrix factored in a stack buffer with vector-dialect updates;
  /// matrices too large for the buffer get the runtime call of `Auto`.
  Generated,
};

/// Parses an `lu-strategy` option value ("auto", "loops", "lapack",
/// "unblocked", "generated").
std::optional<CPULuStrategy> parseCPULuStrategy(llvm::StringRef text);

/// Whether the CPU runtime of this build has LAPACK (OpenBLAS was found at
/// configure time); lu-strategy=lapack needs it.
bool cpuRuntimeHasLapack();

struct LinalgXToCPURuntimeOptions {
  CPULuStrategy luStrategy = CPULuStrategy::Auto;
};

/// Patterns rewriting `linalgx.lu` on memrefs into a call of the CPU
/// runtime's `linalgxCpuGetrf` (declared in the enclosing module), followed
/// by a `linalgx.pivots_to_permutation` for an `lu` with a `permutation`, or
/// into generated batch-parallel code (CPULuStrategy::Generated, and Auto
/// where it measured faster); and `linalgx.pivots_to_permutation` into one
/// pass per vector with the batch spread over the cores; `linalgx.solve` of
/// real matrices with one right-hand side into one generated pass that
/// factors and solves each matrix (Auto, Generated), and the other solves,
/// `linalgx.det` and `linalgx.slogdet` into the lu and consumer they stand
/// for on scratch buffers (every strategy). Ops whose layouts the chosen
/// path cannot take, and with CPULuStrategy::Loops every lu, are left to
/// convert-linalgx-to-loops.
void populateLinalgXToCPURuntimePatterns(
    RewritePatternSet &patterns, const LinalgXToCPURuntimeOptions &options);

/// The C entry point of the CPU runtime that `linalgx.lu` lowers to
/// (runtime/cpu/include/linalgx/CpuRuntime.h).
inline constexpr const char *kCpuGetrfFunctionName = "linalgxCpuGetrf";

} // namespace linalgx
} // namespace mlir

#endif // LINALGX_CONVERSION_LINALGXTOCPURUNTIME_LINALGXTOCPURUNTIME_H
