//===- LuKernelChoice.h - which kernel a linalgx.lu takes -------*- C++ -*-===//
//
// The choice of kernel is data, separate from emitting it: a list of
// candidates in order of preference, each with a guard that is either known
// at compile time (static shapes and batches) or a conjunction of run-time
// tests of the sizes and the batch. The lowering emits the first candidate
// whose guard is known to hold, behind host branches for those decided at
// run time; `convert-linalgx-to-gpu{remark-kernel-choice}` prints the list.
//
//===----------------------------------------------------------------------===//

#ifndef LINALGX_LIB_CONVERSION_LINALGXTOGPU_LUKERNELCHOICE_H
#define LINALGX_LIB_CONVERSION_LINALGXTOGPU_LUKERNELCHOICE_H

#include "linalgx/Conversion/LinalgXToGPU/LinalgXToGPU.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/ImplicitLocOpBuilder.h"

#include <optional>
#include <string>

namespace mlir::linalgx::gpu_kernels {

/// The kernels (or vendor call) an lu can take.
enum class LuKernel {
  Thread,
  Register,
  Panel,
  CyclicRegister,
  BlockRegister,
  SharedMemory,
  Blocked,
  Vendor
};

/// A kernel and the matrix shape it is built for.
struct LuKernelChoice {
  LuKernel kernel;
  /// The register kernels' bounds on rows and columns.
  int64_t rows = 0, cols = 0;
  /// Whether rows x cols is the matrices' exact size rather than a bound:
  /// the kernel is then specialized for it.
  bool exact = false;
};

/// One run-time test of an lu's sizes M, N and batch B.
struct LuGuardTerm {
  enum Kind {
    /// M == N == bound.
    SizeEquals,
    /// max(M, N) <= bound.
    MaxSizeAtMost,
    /// B <= bound.
    BatchAtMost,
    /// B >= bound.
    BatchAtLeast,
    /// B <= bound or max(M, N) >= size.
    BatchAtMostOrMaxSizeAtLeast,
    /// B >= bound or max(M, N) <= size.
    BatchAtLeastOrMaxSizeAtMost,
    /// One matrix fits a block's shared memory (the shared-memory kernel).
    MatrixFitsSharedMemory,
    /// A column panel fits the shared memory of a cluster of blocks, or
    /// (M <= bound) the register panels (the blocked LU).
    PanelFits,
  };
  Kind kind;
  int64_t bound = 0;
  int64_t size = 0;
};

/// When a candidate applies: decided at compile time, or by the
/// conjunction of `terms` at run time.
struct LuGuard {
  std::optional<bool> known;
  SmallVector<LuGuardTerm, 3> terms;

  static LuGuard always(bool holds) { return {holds, {}}; }
  static LuGuard when(ArrayRef<LuGuardTerm> terms) {
    return {std::nullopt, SmallVector<LuGuardTerm, 3>(terms)};
  }
};

struct LuKernelCandidate {
  LuKernelChoice choice;
  LuGuard guard;
};

/// The candidates for an lu on `inputType` ([B..., M, N]) under `options`,
/// in order of preference. The lu takes the first whose guard holds, the
/// vendor path when none does.
SmallVector<LuKernelCandidate>
chooseLuKernels(MemRefType inputType, const LinalgXToGPUOptions &options);

/// "panel 75x75 (exact) if B <= 1024", "vendor", ...
std::string describe(const LuKernelCandidate &candidate);

/// Emits the run-time test of `guard` (which has terms) on `input`.
Value buildGuardCondition(ImplicitLocOpBuilder &b, Value input,
                          const LuGuard &guard);

/// Whether an lu of `input` ([B..., M, N]) takes the vendor path: no
/// candidate's guard holds (an i1, constant where the shapes decide).
Value luTakesVendor(ImplicitLocOpBuilder &b, Value input,
                    const LinalgXToGPUOptions &options);

} // namespace mlir::linalgx::gpu_kernels

#endif // LINALGX_LIB_CONVERSION_LINALGXTOGPU_LUKERNELCHOICE_H
