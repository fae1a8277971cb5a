//===- GPUBinaryCache.cpp - An on-disk cache of GPU binaries ----*- C++ -*-===//
//
// Compiling a kernel module to a GPU binary (NVVM, PTX, ptxas) is most of a
// JIT compilation's time. linalgx-load-cached-gpu-binaries replaces each
// gpu.module whose binary is in the cache by that gpu.binary before the NVVM
// pipeline runs, and records the keys of the others;
// linalgx-store-gpu-binaries-in-cache writes their binaries once compiled.
//
// A key is the SHA-256 of the toolchain's description (chip, features,
// format, LLVM version, the ptxas binary) and the gpu.module in the generic
// form without locations, so any change to the kernels, the options or the
// tools is a miss. An entry is written to a unique temporary file and
// renamed into place, so processes compiling at once never see a partial
// entry; each entry carries the SHA-256 of its payload, and one that does
// not match or parse is reported, removed and compiled again.
//
//===----------------------------------------------------------------------===//

#include "linalgx/Conversion/Passes.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OperationSupport.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SHA256.h"
#include "llvm/Support/raw_ostream.h"

namespace mlir::linalgx {
#define GEN_PASS_DEF_LOADCACHEDGPUBINARIES
#define GEN_PASS_DEF_STOREGPUBINARIESINCACHE
#include "linalgx/Conversion/Passes.h.inc"
} // namespace mlir::linalgx

using namespace mlir;
using namespace mlir::linalgx;

namespace {

/// The module attribute that carries the keys of the kernel modules the
/// cache did not have, from the load pass to the store pass.
constexpr StringLiteral kPendingKeys = "linalgx.gpu_binary_cache_keys";
constexpr StringLiteral kEntryMagic = "linalgx-gpu-binary-cache 1";

std::string sha256(StringRef text) {
  return llvm::toHex(llvm::SHA256::hash(llvm::arrayRefFromStringRef(text)),
                     /*LowerCase=*/true);
}

std::string keyOf(gpu::GPUModuleOp module, StringRef toolchain) {
  std::string text = toolchain.str() + "\n";
  llvm::raw_string_ostream os(text);
  module->print(os, OpPrintingFlags().printGenericOpForm());
  return sha256(text);
}

std::string entryPath(StringRef directory, StringRef key) {
  SmallString<256> path(directory);
  llvm::sys::path::append(path, key + ".gpubin");
  return std::string(path);
}

/// The objects of the entry at `path`: null if there is none, failure if it
/// is corrupt.
FailureOr<ArrayAttr> readEntry(StringRef path, StringRef key,
                               MLIRContext *context) {
  auto buffer = llvm::MemoryBuffer::getFile(path, /*IsText=*/false,
                                            /*RequiresNullTerminator=*/false);
  if (!buffer)
    return ArrayAttr();
  StringRef rest = (*buffer)->getBuffer();
  auto [magic, afterMagic] = rest.split('\n');
  auto [keyLine, afterKey] = afterMagic.split('\n');
  auto [hashLine, payload] = afterKey.split('\n');
  if (magic != kEntryMagic || keyLine != ("key " + key).str() ||
      !hashLine.consume_front("sha256 ") || hashLine != sha256(payload))
    return failure();
  auto objects = dyn_cast_or_null<ArrayAttr>(parseAttribute(payload, context));
  if (!objects || objects.empty() ||
      !llvm::all_of(objects, llvm::IsaPred<gpu::ObjectAttr>))
    return failure();
  return objects;
}

LogicalResult writeEntry(StringRef directory, StringRef key, ArrayAttr objects,
                         std::string &error) {
  if (std::error_code code = llvm::sys::fs::create_directories(directory)) {
    error = "cannot create " + directory.str() + ": " + code.message();
    return failure();
  }
  std::string payload;
  llvm::raw_string_ostream(payload) << objects;
  std::string text = (kEntryMagic + "\nkey " + key + "\nsha256 " +
                      sha256(payload) + "\n" + payload)
                         .str();
  SmallString<256> model(directory);
  llvm::sys::path::append(model, key + "-%%%%%%%%.tmp");
  int fd;
  SmallString<256> temporary;
  if (std::error_code code =
          llvm::sys::fs::createUniqueFile(model, fd, temporary)) {
    error = "cannot write in " + directory.str() + ": " + code.message();
    return failure();
  }
  {
    llvm::raw_fd_ostream os(fd, /*shouldClose=*/true);
    os << text;
    os.flush();
    if (os.has_error()) {
      error = "cannot write " + temporary.str().str();
      os.clear_error();
      llvm::sys::fs::remove(temporary);
      return failure();
    }
  }
  if (std::error_code code =
          llvm::sys::fs::rename(temporary, entryPath(directory, key))) {
    llvm::sys::fs::remove(temporary);
    error = "cannot rename " + temporary.str().str() + ": " + code.message();
    return failure();
  }
  return success();
}

struct LoadCachedGPUBinariesPass
    : public linalgx::impl::LoadCachedGPUBinariesBase<
          LoadCachedGPUBinariesPass> {
  using Base::Base;

  void runOnOperation() override {
    if (cacheDir.empty())
      return;
    ModuleOp module = getOperation();
    SmallVector<NamedAttribute> pending;
    for (auto kernels :
         llvm::make_early_inc_range(module.getOps<gpu::GPUModuleOp>())) {
      std::string key = keyOf(kernels, toolchain);
      std::string path = entryPath(cacheDir, key);
      FailureOr<ArrayAttr> objects = readEntry(path, key, &getContext());
      if (failed(objects)) {
        kernels.emitWarning() << "linalgx: the GPU binary cache entry " << path
                              << " is corrupt; it is removed and the kernels "
                                 "compiled again";
        llvm::sys::fs::remove(path);
      } else if (*objects) {
        OpBuilder b(kernels);
        gpu::BinaryOp::create(b, kernels.getLoc(), kernels.getName(),
                              kernels.getOffloadingHandlerAttr(), *objects);
        kernels.erase();
        continue;
      }
      pending.emplace_back(kernels.getNameAttr(),
                           StringAttr::get(&getContext(), key));
    }
    if (!pending.empty())
      module->setAttr(kPendingKeys,
                      DictionaryAttr::get(&getContext(), pending));
  }
};

struct StoreGPUBinariesInCachePass
    : public linalgx::impl::StoreGPUBinariesInCacheBase<
          StoreGPUBinariesInCachePass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    auto keys = module->getAttrOfType<DictionaryAttr>(kPendingKeys);
    if (!keys)
      return;
    module->removeAttr(kPendingKeys);
    if (cacheDir.empty())
      return;
    for (auto binary : module.getOps<gpu::BinaryOp>()) {
      auto key = keys.getAs<StringAttr>(binary.getName());
      if (!key)
        continue;
      // The cache only saves time: a directory it cannot write is a warning.
      std::string error;
      if (failed(writeEntry(cacheDir, key.getValue(), binary.getObjectsAttr(),
                            error)))
        binary.emitWarning()
            << "linalgx: the GPU binary is not cached: " << error;
    }
  }
};

} // namespace
