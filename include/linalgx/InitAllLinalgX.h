//===- InitAllLinalgX.h - one registration entry for all tools --*- C++ -*-===//
//
// linalgx-opt, linalgx-runner, the C API and the plugins all register through
// these functions, so each tool parses and runs exactly the same things.
//
//===----------------------------------------------------------------------===//

#ifndef LINALGX_INITALLLINALGX_H
#define LINALGX_INITALLLINALGX_H

namespace mlir {
class DialectRegistry;

namespace linalgx {

/// The linalgx dialect with its external interface models, and the upstream
/// dialects that its inputs use and its pipelines produce (a curated list, as
/// Triton does, rather than every upstream dialect).
void registerAllDialects(DialectRegistry &registry);

/// The translations from the LLVM, NVVM and GPU dialects to LLVM IR that
/// JIT and AOT compilation of lowered modules need.
void registerAllTranslations(DialectRegistry &registry);

/// linalgx passes and pipelines, plus the upstream passes a user of the
/// pipelines needs to drive them step by step.
void registerAllPasses();

} // namespace linalgx
} // namespace mlir

#endif // LINALGX_INITALLLINALGX_H
