//===- ExecutionEngine.cpp - JIT-compile linalgx programs from C ----------===//
//
// The implementation of linalgx-c/ExecutionEngine.h: parse, lower with a
// linalgx pipeline, JIT-compile with mlir::ExecutionEngine. Each module gets
// its own MLIRContext, so compilations are independent of each other and of
// any context the caller has; the context is dropped once the LLVM module has
// been handed to the JIT.
//
//===----------------------------------------------------------------------===//

#include "linalgx-c/ExecutionEngine.h"
#include "DiagnosticText.h"
#include "linalgx-c/Pipelines.h"
#include "linalgx/InitAllLinalgX.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Support.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/ExecutionEngine/ExecutionEngine.h"
#include "mlir/ExecutionEngine/OptUtils.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/DynamicLibrary.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/raw_ostream.h"

#include <atomic>
#include <dlfcn.h>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

using namespace mlir;
using mlir::linalgx::capi::DiagnosticText;
using mlir::linalgx::capi::report;

namespace {
/// What a LinalgXJitModule points at.
struct JitModule {
  std::unique_ptr<ExecutionEngine> engine;
  /// Public functions with a body, by name: their types as written in the
  /// source. After lowering only LLVM types are left, which no longer say
  /// which arguments were memrefs of which rank and element type.
  llvm::StringMap<std::string> functionTypes;
  /// Their names in source order, for messages.
  std::vector<std::string> functionNames;
};

std::atomic<int64_t> compilationCount{0};

void initializeNativeTargetOnce() {
  static std::once_flag initialized;
  std::call_once(initialized, [] {
    llvm::InitializeNativeTarget();
    llvm::InitializeNativeTargetAsmPrinter();
  });
}

/// The functions in `names` that no library loaded into the process defines.
std::vector<std::string> undefinedIn(const std::vector<std::string> &names) {
  std::vector<std::string> undefined;
  for (const std::string &name : names)
    if (!llvm::sys::DynamicLibrary::SearchForAddressOfSymbol(name))
      undefined.push_back(name);
  return undefined;
}

/// Where linalgx's runtime libraries are looked for, as the runner does:
/// $LINALGX_RUNTIME_DIR, the directory of the binary holding this code (the
/// C API library, or a program linking it statically) and ../lib beside it,
/// and the MLIR installation (libomp, MLIR's runner utilities).
std::vector<std::string> runtimeSearchPath() {
  std::vector<std::string> dirs;
  if (std::optional<std::string> env =
          llvm::sys::Process::GetEnv("LINALGX_RUNTIME_DIR"))
    dirs.push_back(*env);
  Dl_info info;
  if (dladdr(reinterpret_cast<void *>(&runtimeSearchPath), &info) &&
      info.dli_fname) {
    llvm::SmallString<256> dir(llvm::sys::path::parent_path(info.dli_fname));
    dirs.push_back(std::string(dir));
    llvm::SmallString<256> lib(llvm::sys::path::parent_path(dir));
    llvm::sys::path::append(lib, "lib");
    dirs.push_back(std::string(lib));
  }
  dirs.push_back(LINALGX_MLIR_LIBRARY_DIR);
  return dirs;
}

/// Loads, while some of `externalFunctions` are still undefined, the
/// libraries lowered linalgx code calls into: linalgx's CPU runtime, the
/// OpenMP runtime of the generated code, MLIR's and linalgx's runner
/// utilities, and linalgx's CUDA runtime for GPU code. Fails with the names
/// still missing after all of them.
LogicalResult
loadRuntimeLibraries(const std::vector<std::string> &externalFunctions,
                     std::string &error) {
  std::vector<std::string> undefined = undefinedIn(externalFunctions);
  if (undefined.empty())
    return success();
  bool callsCuda = llvm::any_of(undefined, [](llvm::StringRef name) {
    return name.starts_with("mgpu") || name.starts_with("linalgxCuda");
  });
  std::vector<llvm::StringRef> libraries = {
      "liblinalgx_cpu_runtime.so", "libomp.so", "libmlir_c_runner_utils.so",
      "liblinalgx_runner_utils.so", "libmlir_runner_utils.so"};
  if (callsCuda)
    libraries.insert(libraries.begin(), "liblinalgx_cuda_runtime.so");
  std::vector<std::string> dirs = runtimeSearchPath();
  for (llvm::StringRef name : libraries) {
    for (const std::string &dir : dirs) {
      llvm::SmallString<256> path(dir);
      llvm::sys::path::append(path, name);
      if (!llvm::sys::fs::exists(path))
        continue;
      std::string loadError;
      if (!llvm::sys::DynamicLibrary::getPermanentLibrary(path.c_str(),
                                                          &loadError)
               .isValid()) {
        error = ("cannot load " + path + ": " + loadError).str();
        return failure();
      }
      break;
    }
    undefined = undefinedIn(undefined);
    if (undefined.empty())
      return success();
  }
  error = "the module calls functions that neither it nor the process, the "
          "libraries given and linalgx's runtime libraries (searched";
  for (const std::string &dir : dirs)
    error += " " + dir;
  error += "; set LINALGX_RUNTIME_DIR) define: " + llvm::join(undefined, ", ");
  return failure();
}

/// The public functions of `module` that have a body: the ones a caller can
/// reach through `_mlir_ciface_<name>`.
llvm::StringRef listCallable(const JitModule &jit, std::string &buffer) {
  llvm::raw_string_ostream os(buffer);
  bool first = true;
  for (const std::string &name : jit.functionNames) {
    os << (first ? "" : ", ") << "@" << name;
    first = false;
  }
  if (first)
    os << "none";
  return buffer;
}

JitModule *unwrapJit(LinalgXJitModule module) {
  return static_cast<JitModule *>(module.ptr);
}

/// The function `name` or an error naming the ones that exist.
const std::string *findFunction(JitModule *jit, llvm::StringRef name,
                                MlirStringCallback errorCallback,
                                void *userData) {
  if (!jit) {
    report(errorCallback, userData, "linalgx: null JIT module");
    return nullptr;
  }
  auto it = jit->functionTypes.find(name);
  if (it != jit->functionTypes.end())
    return &it->second;
  std::string names;
  report(errorCallback, userData,
         ("linalgx: the module has no public function @" + name +
          " with a body (callable functions: " + listCallable(*jit, names) +
          ")")
             .str());
  return nullptr;
}
} // namespace

LinalgXJitModule linalgxJitModuleCreate(MlirStringRef cSource,
                                        MlirStringRef cPipeline, int optLevel,
                                        intptr_t numSharedLibPaths,
                                        const MlirStringRef *cSharedLibPaths,
                                        MlirStringCallback errorCallback,
                                        void *userData) {
  LinalgXJitModule null{nullptr};
  if (optLevel < 0 || optLevel > 3) {
    report(errorCallback, userData,
           ("linalgx: optimization level " + llvm::Twine(optLevel) +
            " is not in 0..3")
               .str());
    return null;
  }

  DialectRegistry registry;
  linalgx::registerAllDialects(registry);
  linalgx::registerAllTranslations(registry);
  // No thread pool: the modules are small and the callers (Python, tests on
  // two cores) are better served without one thread per core per context.
  MLIRContext context(registry, MLIRContext::Threading::DISABLED);

  DiagnosticText diagnostics(&context);
  auto fail = [&](llvm::StringRef what) {
    report(errorCallback, userData, diagnostics.describe(what));
    return null;
  };

  ParserConfig config(&context);
  OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(
      unwrap(cSource), config, /*sourceName=*/"<linalgx source>");
  if (!module)
    return fail("linalgx: the MLIR source does not parse or verify");

  auto jit = std::make_unique<JitModule>();
  for (auto func : module->getOps<func::FuncOp>()) {
    if (!func.isPublic() || func.isExternal())
      continue;
    std::string type;
    llvm::raw_string_ostream os(type);
    func.getFunctionType().print(os);
    jit->functionTypes[func.getSymName()] = type;
    jit->functionNames.push_back(func.getSymName().str());
    func->setAttr(LLVM::LLVMDialect::getEmitCWrapperAttrName(),
                  UnitAttr::get(&context));
    // Tensor arguments have value semantics for the caller, whose buffers
    // are passed in: One-Shot Bufferize must copy rather than write into
    // them (it assumes function arguments writable otherwise).
    for (unsigned i = 0, e = func.getNumArguments(); i < e; ++i)
      if (isa<TensorType>(func.getArgument(i).getType()))
        func.setArgAttr(i,
                        bufferization::BufferizationDialect::kWritableAttrName,
                        BoolAttr::get(&context, false));
  }

  llvm::StringRef pipeline = unwrap(cPipeline).trim();
  if (!pipeline.empty() &&
      mlirLogicalResultIsFailure(linalgxRunPipeline(
          wrap(module->getOperation()),
          mlirStringRefCreate(pipeline.data(), pipeline.size()))))
    return fail(("linalgx: lowering with '" + pipeline + "' failed").str());

  // Functions the lowered code calls but does not define: the JIT resolves
  // them lazily, at the first lookup, and then only prints the missing names
  // to stderr. They are checked right after the libraries are loaded instead.
  std::vector<std::string> externalFunctions;
  module->walk([&](LLVM::LLVMFuncOp func) {
    if (func.isExternal())
      externalFunctions.push_back(func.getSymName().str());
  });

  initializeNativeTargetOnce();
  // ExecutionEngine::create prints a library it cannot load to stderr and
  // goes on without it; load each one first so that it is an error instead.
  // (Loading is permanent and by handle: the engine's own load is a no-op.)
  llvm::SmallVector<llvm::StringRef> sharedLibPaths;
  for (intptr_t i = 0; i < numSharedLibPaths; ++i) {
    llvm::StringRef path = unwrap(cSharedLibPaths[i]);
    std::string error;
    if (!llvm::sys::DynamicLibrary::getPermanentLibrary(path.str().c_str(),
                                                        &error)
             .isValid())
      return fail(
          ("linalgx: cannot load the shared library '" + path + "': " + error)
              .str());
    sharedLibPaths.push_back(path);
  }
  std::string runtimeError;
  if (failed(loadRuntimeLibraries(externalFunctions, runtimeError)))
    return fail("linalgx: " + runtimeError);
  auto transformer = makeOptimizingTransformer(static_cast<unsigned>(optLevel),
                                               /*sizeLevel=*/0,
                                               /*targetMachine=*/nullptr);
  ExecutionEngineOptions options;
  options.transformer = transformer;
  options.jitCodeGenOptLevel = static_cast<llvm::CodeGenOptLevel>(optLevel);
  options.sharedLibPaths = sharedLibPaths;
  llvm::Expected<std::unique_ptr<ExecutionEngine>> engine =
      ExecutionEngine::create(*module, options);
  if (!engine)
    return fail("linalgx: JIT compilation failed: " +
                llvm::toString(engine.takeError()));
  jit->engine = std::move(*engine);
  // Runs the module's global constructors (none on the CPU; the GPU pipeline
  // loads its kernels in one).
  jit->engine->initialize();
  compilationCount.fetch_add(1, std::memory_order_relaxed);
  return LinalgXJitModule{jit.release()};
}

void linalgxJitModuleDestroy(LinalgXJitModule module) {
  delete unwrapJit(module);
}

MlirLogicalResult linalgxJitModuleGetFunctionType(
    LinalgXJitModule module, MlirStringRef name, MlirStringCallback callback,
    void *userData, MlirStringCallback errorCallback, void *errorUserData) {
  const std::string *type = findFunction(unwrapJit(module), unwrap(name),
                                         errorCallback, errorUserData);
  if (!type)
    return mlirLogicalResultFailure();
  report(callback, userData, *type);
  return mlirLogicalResultSuccess();
}

void *linalgxJitModuleLookup(LinalgXJitModule module, MlirStringRef cName,
                             MlirStringCallback errorCallback, void *userData) {
  JitModule *jit = unwrapJit(module);
  llvm::StringRef name = unwrap(cName);
  if (!findFunction(jit, name, errorCallback, userData))
    return nullptr;
  llvm::Expected<void *> address =
      jit->engine->lookup(("_mlir_ciface_" + name).str());
  if (!address) {
    report(errorCallback, userData,
           ("linalgx: cannot find the C interface of @" + name + ": " +
            llvm::toString(address.takeError()))
               .str());
    return nullptr;
  }
  return *address;
}

int64_t linalgxJitCompilationCount(void) {
  return compilationCount.load(std::memory_order_relaxed);
}

MlirStringRef linalgxJitMLIRLibraryDirectory(void) {
  static const char directory[] = LINALGX_MLIR_LIBRARY_DIR;
  return mlirStringRefCreate(directory, sizeof(directory) - 1);
}
