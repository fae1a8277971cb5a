//===- linalgx-runner.cpp - JIT runner for linalgx programs -----*- C++ -*-===//
//
// mlir-runner for programs that use linalgx ops: parses the input, lowers it
// with the linalgx pipeline of the chosen target unless it is already in the
// LLVM dialect, and JIT-compiles and runs its entry point. MLIR's runner
// utilities (printMemrefF64 & co) and linalgx's own are found and loaded
// without any --shared-libs flag, and so is the linalgx CPU (or CUDA) runtime
// that the lowered code calls.
//
//===----------------------------------------------------------------------===//

#include "linalgx/InitAllLinalgX.h"
#include "linalgx/Pipelines/Pipelines.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/ExecutionEngine/JitRunner.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/DynamicLibrary.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/raw_ostream.h"

#include <string>
#include <vector>

using namespace mlir;

namespace {
enum class Target { CPU, CUDA };

// The runner's own options. LLVM prints --help's categories in name order,
// so this name sorts before JitRunnerMain's "General options".
llvm::cl::OptionCategory
    clRunnerCategory("Compilation options",
                     "How linalgx-runner lowers the program before running it");

// Parsed by JitRunnerMain's command line parser together with its own flags.
llvm::cl::opt<Target> clTarget(
    "target", llvm::cl::desc("Where the program runs"),
    llvm::cl::cat(clRunnerCategory),
    llvm::cl::values(
        clEnumValN(Target::CPU, "cpu", "the host CPU (linalgx-cpu-pipeline)"),
        clEnumValN(Target::CUDA, "cuda",
                   "an NVIDIA GPU (linalgx-gpu-pipeline with host buffers; "
                   "needs the linalgx CUDA runtime, a GPU and ptxas)")),
    llvm::cl::init(Target::CPU));

llvm::cl::opt<std::string> clLuStrategy(
    "lu-strategy",
    llvm::cl::desc(
        "How linalgx.lu factors: the lu-strategy option of the "
        "target's pipeline (CPU: auto, loops, lapack, unblocked, "
        "generated; "
        "CUDA: auto, generated, cusolver, cublas-batched, cusolver-mg "
        "on device 0)"),
    llvm::cl::init("auto"), llvm::cl::cat(clRunnerCategory));

llvm::cl::opt<std::string>
    clGPUChip("gpu-chip", llvm::cl::desc("GPU architecture for --target=cuda"),
              llvm::cl::init("sm_90"), llvm::cl::cat(clRunnerCategory));

/// Moves the options of the libraries linked in (LLVM's code generators,
/// Polly, ...: ~400 lines) from --help to --help-hidden, where they still
/// work. cl::HideUnrelatedOptions would hide them from --help-hidden too.
/// JitRunnerMain registers its own options (-e, --entry-point-result,
/// --shared-libs, -O<n>) when it runs, after this, so they stay in --help.
void hideLibraryOptions() {
  for (auto &entry : llvm::cl::getRegisteredOptions()) {
    llvm::cl::Option *option = entry.second;
    llvm::StringRef name = entry.first;
    if (option->getOptionHiddenFlag() != llvm::cl::NotHidden ||
        llvm::is_contained(option->Categories, &clRunnerCategory) ||
        name == "help" || name == "help-list" || name == "version")
      continue;
    option->setHiddenFlag(llvm::cl::Hidden);
  }
}

/// True when nothing is left to lower: only the LLVM dialect (and builtin
/// module ops) remain.
bool isLoweredToLLVM(Operation *module) {
  WalkResult result = module->walk([](Operation *op) {
    if (isa<ModuleOp>(op) || isa<LLVM::LLVMDialect>(op->getDialect()))
      return WalkResult::advance();
    return WalkResult::interrupt();
  });
  return !result.wasInterrupted();
}

/// Programs that free memrefs themselves manage their own buffers; the
/// deallocation passes reject them, so they are not run on such programs.
bool freesBuffers(Operation *module) {
  return module->walk([](memref::DeallocOp) { return WalkResult::interrupt(); })
      .wasInterrupted();
}

/// Where compiled kernels are cached: $LINALGX_CACHE_DIR ("off" or empty:
/// nowhere), else $XDG_CACHE_HOME/linalgx or ~/.cache/linalgx.
std::string gpuBinaryCacheDir() {
  if (std::optional<std::string> dir =
          llvm::sys::Process::GetEnv("LINALGX_CACHE_DIR"))
    return *dir == "off" ? std::string() : *dir;
  llvm::SmallString<256> dir;
  if (std::optional<std::string> xdg =
          llvm::sys::Process::GetEnv("XDG_CACHE_HOME"))
    dir = *xdg;
  else if (std::optional<std::string> home = llvm::sys::Process::GetEnv("HOME"))
    llvm::sys::path::append(dir, *home, ".cache");
  else
    return "";
  llvm::sys::path::append(dir, "linalgx");
  return std::string(dir);
}

LogicalResult lowerForTarget(Operation *module, JitRunnerOptions &) {
  if (isLoweredToLLVM(module))
    return success();
  PassManager pm(module->getContext(), ModuleOp::getOperationName());
  bool deallocate = !freesBuffers(module);
  switch (clTarget) {
  case Target::CPU: {
    linalgx::CPUPipelineOptions options;
    options.deallocateBuffers = deallocate;
    options.luStrategy = clLuStrategy;
    linalgx::buildCPUPipeline(pm, options);
    break;
  }
  case Target::CUDA: {
    linalgx::GPUPipelineOptions options;
    options.chip = clGPUChip;
    options.hostBuffers = true;
    options.deallocateBuffers = deallocate;
    options.luStrategy = clLuStrategy;
    options.binaryCache = gpuBinaryCacheDir();
    if (failed(linalgx::verifyGPUPipelineOptions(
            options, [](const llvm::Twine &message) {
              llvm::errs() << "linalgx-runner: error: " << message << "\n";
            })))
      return failure();
    linalgx::buildGPUPipeline(pm, options);
    break;
  }
  }
  if (succeeded(pm.run(module)))
    return success();
  llvm::errs() << "linalgx-runner: error: lowering the input for the "
               << (clTarget == Target::CPU ? "CPU" : "CUDA")
               << " target failed (see the diagnostics above)\n";
  return failure();
}

/// The directories searched for runtime libraries, most specific first:
/// $LINALGX_RUNTIME_DIR, the build/install tree next to this executable,
/// and the MLIR installation the runner was built against.
std::vector<std::string> runtimeSearchPath(const char *argv0) {
  std::vector<std::string> dirs;
  if (std::optional<std::string> env =
          llvm::sys::Process::GetEnv("LINALGX_RUNTIME_DIR"))
    dirs.push_back(*env);
  std::string exe = llvm::sys::fs::getMainExecutable(
      argv0, reinterpret_cast<void *>(&runtimeSearchPath));
  if (!exe.empty()) {
    llvm::SmallString<256> lib(
        llvm::sys::path::parent_path(llvm::sys::path::parent_path(exe)));
    llvm::sys::path::append(lib, "lib");
    dirs.push_back(std::string(lib));
  }
  dirs.push_back(LINALGX_MLIR_LIBRARY_DIR);
  return dirs;
}

std::optional<std::string> findLibrary(llvm::StringRef name,
                                       const std::vector<std::string> &dirs) {
  for (const std::string &dir : dirs) {
    llvm::SmallString<256> candidate(dir);
    llvm::sys::path::append(candidate, name);
    if (llvm::sys::fs::exists(candidate))
      return std::string(candidate);
  }
  return std::nullopt;
}

/// The value of `--flag=value` / `-flag=value` / `--flag value` in `args`.
std::optional<llvm::StringRef> flagValue(llvm::ArrayRef<const char *> args,
                                         llvm::StringRef flag) {
  for (size_t i = 1; i < args.size(); ++i) {
    llvm::StringRef text = llvm::StringRef(args[i]).ltrim('-');
    if (text.consume_front(flag)) {
      if (text.consume_front("="))
        return text;
      if (text.empty() && i + 1 < args.size())
        return llvm::StringRef(args[i + 1]);
    }
  }
  return std::nullopt;
}

/// Loads every library of the --shared-libs flags (comma-separated lists,
/// as mlir-runner takes them); false, with a message, if one fails.
bool loadUserLibraries(llvm::ArrayRef<const char *> args) {
  for (size_t i = 1; i < args.size(); ++i) {
    llvm::StringRef text = llvm::StringRef(args[i]).ltrim('-');
    if (!text.consume_front("shared-libs"))
      continue;
    if (!text.consume_front("=")) {
      if (!text.empty() || i + 1 == args.size())
        continue;
      text = args[++i];
    }
    llvm::SmallVector<llvm::StringRef> paths;
    text.split(paths, ',', /*MaxSplit=*/-1, /*KeepEmpty=*/false);
    for (llvm::StringRef path : paths) {
      std::string error;
      if (!llvm::sys::DynamicLibrary::getPermanentLibrary(path.str().c_str(),
                                                          &error)
               .isValid()) {
        llvm::errs() << "linalgx-runner: error: --shared-libs: cannot load "
                     << path << ": " << error << "\n";
        return false;
      }
    }
  }
  return true;
}

/// Loads the CUDA runtime and asks it whether a GPU is usable, so that a
/// machine without one gets a sentence instead of a failed driver call.
bool probeCudaRuntime(const std::string &path) {
  std::string error;
  auto library =
      llvm::sys::DynamicLibrary::getPermanentLibrary(path.c_str(), &error);
  if (!library.isValid()) {
    llvm::errs() << "linalgx-runner: error: --target=cuda: cannot load the "
                    "linalgx CUDA runtime "
                 << path << ": " << error << "\n";
    return false;
  }
  using ProbeFn = int (*)(char *, int64_t);
  auto probe =
      reinterpret_cast<ProbeFn>(library.getAddressOfSymbol("linalgxCudaProbe"));
  if (!probe) {
    llvm::errs() << "linalgx-runner: error: " << path
                 << " has no linalgxCudaProbe; is it the linalgx runtime?\n";
    return false;
  }
  char message[512] = {0};
  if (probe(message, sizeof(message)) > 0)
    return true;
  llvm::errs() << "linalgx-runner: error: --target=cuda needs an NVIDIA GPU, "
                  "and none is usable here: "
               << message
               << "\n  (run on the CPU with --target=cpu, the default)\n";
  return false;
}

bool hasFlag(llvm::ArrayRef<const char *> args, llvm::StringRef flag) {
  return llvm::any_of(args, [&](const char *arg) {
    llvm::StringRef text(arg);
    text = text.ltrim('-');
    return text == flag || text.starts_with((flag + "=").str());
  });
}
} // namespace

int main(int argc, char **argv) {
  // Load the runner utilities unless the user chose the libraries.
  std::vector<const char *> args(argv, argv + argc);
  bool onCuda = flagValue(args, "target") == llvm::StringRef("cuda");
  std::vector<std::string> dirs = runtimeSearchPath(argv[0]);
  if (onCuda) {
    std::optional<std::string> runtime =
        findLibrary("liblinalgx_cuda_runtime.so", dirs);
    if (!runtime) {
      llvm::errs() << "linalgx-runner: error: --target=cuda: cannot find "
                      "liblinalgx_cuda_runtime.so (was linalgx built with the "
                      "CUDA toolkit?); set LINALGX_RUNTIME_DIR\n";
      return 1;
    }
    if (!probeCudaRuntime(*runtime))
      return 1;
  }

  std::string sharedLibs;
  if (hasFlag(args, "shared-libs")) {
    // JitRunnerMain reports a library it cannot load and still exits 0.
    if (!loadUserLibraries(args))
      return 1;
  } else {
    std::vector<llvm::StringRef> names = {"libmlir_c_runner_utils.so",
                                          "libmlir_runner_utils.so",
                                          "liblinalgx_runner_utils.so"};
    // The CPU pipeline lowers linalgx.lu to calls of the CPU runtime, and
    // runs the generated code's batches on OpenMP (libomp, from the LLVM
    // installation: libomp-22-dev).
    names.push_back(onCuda ? "liblinalgx_cuda_runtime.so"
                           : "liblinalgx_cpu_runtime.so");
    if (!onCuda)
      names.push_back("libomp.so");
    for (llvm::StringRef name : names) {
      std::optional<std::string> path = findLibrary(name, dirs);
      if (!path) {
        llvm::errs() << "linalgx-runner: error: cannot find " << name
                     << " (searched";
        for (const std::string &dir : dirs)
          llvm::errs() << " " << dir;
        llvm::errs() << "); set LINALGX_RUNTIME_DIR or pass --shared-libs\n";
        return 1;
      }
      sharedLibs += (sharedLibs.empty() ? "" : ",") + *path;
    }
    sharedLibs = "--shared-libs=" + sharedLibs;
    args.push_back(sharedLibs.c_str());
  }
  // JitRunnerMain runs `main` returning nothing unless told otherwise.
  if (!hasFlag(args, "entry-point-result"))
    args.push_back("--entry-point-result=void");

  // The JIT compiles for the host.
  llvm::InitializeNativeTarget();
  llvm::InitializeNativeTargetAsmPrinter();

  DialectRegistry registry;
  linalgx::registerAllDialects(registry);
  linalgx::registerAllTranslations(registry);
  // The GPU pipeline parses upstream's NVVM pipeline back from its text to
  // splice a pass into it, which needs every pass in it registered.
  linalgx::registerAllPasses();

  hideLibraryOptions();
  JitRunnerConfig config;
  config.mlirTransformer = lowerForTarget;
  return JitRunnerMain(static_cast<int>(args.size()),
                       const_cast<char **>(args.data()), registry, config);
}
