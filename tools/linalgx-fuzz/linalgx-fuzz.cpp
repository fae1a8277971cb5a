//===- linalgx-fuzz.cpp - libFuzzer target: parse, verify, lower -*- C++
//-*-===//
//
// Feeds each input through what linalgx-opt does with a file:
//
//   1. parse it as a module in a context holding the linalgx registry
//      (mlir::linalgx::registerAllDialects) and verify it;
//   2. if it verifies, run on clones of it
//      (a) linalgx-cpu-pipeline,
//      (b) one-shot-bufferize{bufferize-function-boundaries} and
//          convert-linalgx-to-loops,
//      (c) convert-linalgx-to-gpu with host-buffers=false (the ops must
//          already be on memrefs) and, after one-shot-bufferize, with
//          host-buffers=true and each lu-strategy -- not the NVVM part of
//          linalgx-gpu-pipeline (no gpu-module-to-binary, no ptxas),
//      (d) linalgx-fuse-lu-permutation;
//   3. if it does not parse as registered IR, parse it again with
//      unregistered dialects allowed (JAX exports are read that way) and run
//      convert-jax-to-linalgx and linalgx-legalize-jax-stablehlo; when the
//      import leaves no unregistered op, the result goes through
//      linalgx-cpu-pipeline as well.
//
// Every diagnostic is swallowed (a ScopedDiagnosticHandler that returns
// success), so only crashes, sanitizer reports, timeouts and OOMs are
// findings. One oracle is added on top: a linalgx pass that *succeeds* must
// leave valid IR, so (b), (c), (d) and the JAX import run the linalgx pass with
// the pass manager's verifier off and verify by hand afterwards; invalid IR
// from a successful linalgx pass aborts (LINALGX_FUZZ_NO_VERIFY_ORACLE=1 turns
// the oracle off).
//
// One MLIRContext (threading disabled, every registered dialect loaded up
// front) is reused for the whole process: a fresh context per input costs
// more than all the parsing and lowering of a typical input (measured numbers
// in docs/reliability.md). LINALGX_FUZZ_FRESH_CONTEXT=1 makes one per input
// instead, e.g. to check that a finding does not depend on earlier inputs.
// The shared context is rebuilt every kContextRecycleInputs inputs so that
// what it uniques (types, attributes, locations) cannot grow without bound.
//
// Three kinds of input are skipped because they crash MLIR 22 itself
// (docs/reliability.md, upstream findings): brackets nested more than
// kMaxNestingDepth deep and `array<index` (in the parser, before any linalgx
// code runs), and a `tensor.dim`/`memref.dim` with a negative constant index
// (memref's SimplifyDimOfAllocOp canonicalization reads out of bounds; the
// inputs are parsed and verified, but not lowered).
//
// A file argument instead of a corpus directory runs one input, which is how
// a crash is reproduced: `linalgx-fuzz crash-<sha1>`.
//
//===----------------------------------------------------------------------===//

#include "linalgx/Conversion/Passes.h"
#include "linalgx/Dialect/LinalgX/Transforms/Passes.h"
#include "linalgx/InitAllLinalgX.h"
#include "linalgx/Pipelines/Pipelines.h"

#include "mlir/Dialect/Bufferization/Transforms/OneShotAnalysis.h"
#include "mlir/Dialect/Bufferization/Transforms/Passes.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OwningOpRef.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <iterator>
#include <memory>
#include <optional>

using namespace mlir;

namespace {

/// How many inputs one shared context serves before it is rebuilt.
constexpr unsigned kContextRecycleInputs = 20000;

/// Inputs nesting brackets deeper than this are skipped: MLIR's parser and
/// verifier recurse once per nesting level without a limit (upstream, see
/// docs/reliability.md), so a few thousand `[` overflow the stack under ASan
/// -- within seconds of fuzzing, and on every run after that. The lit tests
/// nest less than 10 deep.
constexpr unsigned kMaxNestingDepth = 256;

/// Whether the input contains `array<index`, which crashes MLIR 22's parser
/// (Parser::parseDenseArrayAttr asks an `index` type for its bit width;
/// llvm/llvm-project#179045, fixed after 22.1 by #179075). Skipped so that
/// a run does not stop on it again and again.
bool hasIndexDenseArray(const uint8_t *data, size_t size) {
  auto skipSpace = [&](size_t i) {
    while (i < size && std::isspace(data[i]))
      ++i;
    return i;
  };
  auto startsWith = [&](size_t i, llvm::StringRef word) {
    return size - i >= word.size() &&
           std::memcmp(data + i, word.data(), word.size()) == 0;
  };
  for (size_t i = 0; i + 5 <= size; ++i) {
    if (!startsWith(i, "array"))
      continue;
    size_t j = skipSpace(i + 5);
    if (j < size && data[j] == '<' && startsWith(skipSpace(j + 1), "index"))
      return true;
  }
  return false;
}

/// The deepest nesting of (), [], {} and <> in the input (a bound on the
/// parser's recursion, not an exact count: `->` does not close a `<`, and
/// brackets in strings count too).
unsigned nestingDepth(const uint8_t *data, size_t size) {
  unsigned depth = 0, deepest = 0;
  for (size_t i = 0; i < size; ++i) {
    switch (data[i]) {
    case '(':
    case '[':
    case '{':
    case '<':
      deepest = std::max(deepest, ++depth);
      break;
    case '>':
      if (i > 0 && data[i - 1] == '-')
        break;
      [[fallthrough]];
    case ')':
    case ']':
    case '}':
      if (depth > 0)
        --depth;
      break;
    default:
      break;
    }
  }
  return deepest;
}

bool envFlag(const char *name) {
  const char *value = std::getenv(name);
  return value && *value && std::strcmp(value, "0") != 0;
}

const DialectRegistry &getRegistry() {
  static const DialectRegistry *registry = [] {
    auto *r = new DialectRegistry();
    linalgx::registerAllDialects(*r);
    return r;
  }();
  return *registry;
}

std::unique_ptr<MLIRContext> makeContext() {
  auto context = std::make_unique<MLIRContext>(
      getRegistry(), MLIRContext::Threading::DISABLED);
  // Loading everything up front gives every input the same context state,
  // whichever inputs came before.
  context->loadAllAvailableDialects();
  return context;
}

struct Options {
  bool freshContext = envFlag("LINALGX_FUZZ_FRESH_CONTEXT");
  bool verifyOracle = !envFlag("LINALGX_FUZZ_NO_VERIFY_ORACLE");
  bool trace = envFlag("LINALGX_FUZZ_TRACE");
};

const Options &getOptions() {
  static const Options options;
  return options;
}

/// Runs `pm` on `module`; the outcome is irrelevant, only crashes matter.
void runPipeline(PassManager &pm, ModuleOp module, const char *what) {
  bool ok = succeeded(pm.run(module));
  if (getOptions().trace)
    llvm::errs() << "linalgx-fuzz: " << what << ": "
                 << (ok ? "succeeded" : "failed") << "\n";
}

/// Runs the linalgx pass in `pm` (verifier off) and, if it succeeded,
/// checks that it left valid IR. Returns whether the pass succeeded.
bool runLinalgXPass(PassManager &pm, ModuleOp module, const char *what) {
  pm.enableVerifier(false);
  bool ok = succeeded(pm.run(module));
  if (getOptions().trace)
    llvm::errs() << "linalgx-fuzz: " << what << ": "
                 << (ok ? "succeeded" : "failed") << "\n";
  if (ok && getOptions().verifyOracle && failed(verify(module))) {
    // The scoped handler has swallowed the verifier's message; print the IR
    // so that the finding can be read from the crash log.
    llvm::errs() << "linalgx-fuzz: " << what
                 << " succeeded but left IR that does not verify:\n";
    module->print(llvm::errs(), OpPrintingFlags().assumeVerified());
    llvm::errs() << "\n";
    std::abort();
  }
  return ok;
}

bufferization::OneShotBufferizePassOptions bufferizeOptions() {
  bufferization::OneShotBufferizePassOptions options;
  options.bufferizeFunctionBoundaries = true;
  options.functionBoundaryTypeConversion =
      bufferization::LayoutMapOption::IdentityLayoutMap;
  return options;
}

/// (a) linalgx-cpu-pipeline, as linalgx-opt runs it.
void runCPUPipeline(MLIRContext &context, ModuleOp module) {
  OwningOpRef<ModuleOp> clone = module.clone();
  PassManager pm(&context);
  linalgx::CPUPipelineOptions options;
  linalgx::buildCPUPipeline(pm, options);
  runPipeline(pm, *clone, "linalgx-cpu-pipeline");
}

/// (b) one-shot-bufferize{bufferize-function-boundaries} +
/// convert-linalgx-to-loops.
void runLoops(MLIRContext &context, ModuleOp module) {
  OwningOpRef<ModuleOp> clone = module.clone();
  PassManager bufferize(&context);
  bufferize.addPass(
      bufferization::createOneShotBufferizePass(bufferizeOptions()));
  if (failed(bufferize.run(*clone)))
    return;
  PassManager lower(&context);
  lower.addPass(linalgx::createConvertLinalgXToLoops());
  runLinalgXPass(lower, *clone, "convert-linalgx-to-loops");
}

/// (d) linalgx-fuse-lu-permutation, on the input as written (tensors).
void runFusion(MLIRContext &context, ModuleOp module) {
  OwningOpRef<ModuleOp> clone = module.clone();
  PassManager pm(&context);
  pm.addPass(linalgx::createLinalgXFuseLuPermutation());
  runLinalgXPass(pm, *clone, "linalgx-fuse-lu-permutation");
}

/// (c) convert-linalgx-to-gpu in both host-buffers modes.
void runGPU(MLIRContext &context, ModuleOp module, uint64_t seed) {
  // host-buffers=false: device memrefs, as written in the input.
  {
    OwningOpRef<ModuleOp> clone = module.clone();
    PassManager pm(&context);
    linalgx::ConvertLinalgXToGPUOptions options;
    options.hostBuffers = false;
    pm.addPass(linalgx::createConvertLinalgXToGPU(options));
    runLinalgXPass(pm, *clone, "convert-linalgx-to-gpu{host-buffers=false}");
  }
  // host-buffers=true after bufferization, as the runner's pipeline does;
  // the LU strategy is picked from the input so that all three are reached.
  {
    OwningOpRef<ModuleOp> clone = module.clone();
    PassManager bufferize(&context);
    bufferize.addPass(
        bufferization::createOneShotBufferizePass(bufferizeOptions()));
    if (failed(bufferize.run(*clone)))
      return;
    static const char *const strategies[] = {"auto", "generated", "cusolver",
                                             "cublas-batched"};
    PassManager pm(&context);
    linalgx::ConvertLinalgXToGPUOptions options;
    options.hostBuffers = true;
    options.luStrategy = strategies[seed % std::size(strategies)];
    pm.addPass(linalgx::createConvertLinalgXToGPU(options));
    runLinalgXPass(pm, *clone, "convert-linalgx-to-gpu{host-buffers=true}");
  }
}

/// convert-jax-to-linalgx, then linalgx-legalize-jax-stablehlo, on IR with
/// unregistered (StableHLO) ops.
void runJAXImport(MLIRContext &context, ModuleOp module) {
  PassManager pm(&context);
  pm.addPass(linalgx::createConvertJAXToLinalgX());
  if (!runLinalgXPass(pm, module, "convert-jax-to-linalgx"))
    return;
  PassManager legalize(&context);
  legalize.addPass(linalgx::createLegalizeJAXStableHLO());
  if (!runLinalgXPass(legalize, module, "linalgx-legalize-jax-stablehlo"))
    return;
  // Once nothing unregistered is left, the import goes on to the CPU.
  bool unregistered = false;
  module->walk([&](Operation *op) {
    if (!op->isRegistered()) {
      unregistered = true;
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  if (!unregistered)
    runCPUPipeline(context, module);
}

OwningOpRef<ModuleOp> parse(MLIRContext &context, const uint8_t *data,
                            size_t size) {
  // The lexer relies on a NUL after the buffer: copy the input (libFuzzer's
  // buffer has none, and ASan catches a read past it).
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBufferCopy(
          llvm::StringRef(reinterpret_cast<const char *>(data), size),
          "fuzz-input"),
      llvm::SMLoc());
  ParserConfig config(&context, /*verifyAfterParse=*/false);
  OwningOpRef<ModuleOp> module = parseSourceFile<ModuleOp>(sourceMgr, config);
  if (module && failed(verify(*module)))
    return nullptr;
  return module;
}

/// Whether a tensor.dim or memref.dim of `module` has a negative constant
/// index: MLIR 22's memref canonicalization (SimplifyDimOfAllocOp) indexes
/// the shape with it unchecked, once bufferization has turned the tensor.dim
/// into a memref.dim of an allocation (upstream; docs/reliability.md).
bool hasNegativeConstantDimIndex(ModuleOp module) {
  auto negative = [](std::optional<int64_t> index) {
    return index && *index < 0;
  };
  return module
      ->walk([&](Operation *op) {
        if (auto dim = dyn_cast<tensor::DimOp>(op);
            dim && negative(dim.getConstantIndex()))
          return WalkResult::interrupt();
        if (auto dim = dyn_cast<memref::DimOp>(op);
            dim && negative(dim.getConstantIndex()))
          return WalkResult::interrupt();
        return WalkResult::advance();
      })
      .wasInterrupted();
}

void fuzzOne(MLIRContext &context, const uint8_t *data, size_t size) {
  ScopedDiagnosticHandler swallow(&context,
                                  [](Diagnostic &) { return success(); });

  uint64_t seed = 0;
  for (size_t i = 0; i < size; ++i)
    seed = seed * 31 + data[i];

  context.allowUnregisteredDialects(false);
  if (OwningOpRef<ModuleOp> module = parse(context, data, size)) {
    if (hasNegativeConstantDimIndex(*module))
      return;
    runCPUPipeline(context, *module);
    runLoops(context, *module);
    runGPU(context, *module, seed);
    runFusion(context, *module);
    return;
  }

  // Not registered IR: maybe a JAX export in generic form.
  context.allowUnregisteredDialects(true);
  OwningOpRef<ModuleOp> module = parse(context, data, size);
  if (module)
    runJAXImport(context, *module);
  // Destroy the module while unregistered ops are still allowed.
  module = nullptr;
  context.allowUnregisteredDialects(false);
}

} // namespace

extern "C" int LLVMFuzzerInitialize(int *, char ***) {
  (void)getRegistry();
  (void)getOptions();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  // -1: not worth keeping in the corpus either.
  if (nestingDepth(data, size) > kMaxNestingDepth ||
      hasIndexDenseArray(data, size))
    return -1;
  if (getOptions().freshContext) {
    std::unique_ptr<MLIRContext> context = makeContext();
    fuzzOne(*context, data, size);
    return 0;
  }
  static std::unique_ptr<MLIRContext> context;
  static unsigned served = 0;
  if (!context || served == kContextRecycleInputs) {
    context.reset();
    context = makeContext();
    served = 0;
  }
  ++served;
  fuzzOne(*context, data, size);
  return 0;
}
