//===- probe_no_gpu.cpp - dlopen the runtime and probe
//---------------------===//
//
// Checks that liblinalgx_cuda_runtime.so is loadable and probe-able on any
// machine, GPU or not, without linking it (as a JIT or Python embedder would):
//
//   probe_no_gpu <lib.so> [expect-no-gpu | expect-gpu | any] [alloc]
//
//   1. dlopen(RTLD_NOW) the library (fails if e.g. libcuda.so.1 were a hard
//      dependency);
//   2. dlsym every exported mgpu*/linalgxCuda* symbol of the ABI;
//   3. call linalgxCudaProbe and check its result against the expectation
//      (default expect-no-gpu: returns 0 and the message starts with
//      "no CUDA driver/device: ");
//   4. with `alloc`: call mgpuMemAlloc(16 bytes). That must not return on a
//      GPU-less machine (or under LINALGX_CUDA_INJECT_FAULT=alloc): the
//      library prints its one-line error and exits with EXIT_FAILURE. If it
//      returns, this program exits 3.
//
// Exit status: 0 on success, 1 on a failed check, 3 if `alloc` returned.
//
//===----------------------------------------------------------------------===//

#include <dlfcn.h>

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>

namespace {
const char *const kExportedSymbols[] = {
    // Emitted by MLIR 22 (README.md lists the LLVM IR declarations).
    "mgpuModuleLoad", "mgpuModuleLoadJIT", "mgpuModuleUnload",
    "mgpuModuleGetFunction", "mgpuLaunchKernel", "mgpuLaunchClusterKernel",
    "mgpuStreamCreate", "mgpuStreamDestroy", "mgpuStreamSynchronize",
    "mgpuStreamWaitEvent", "mgpuEventCreate", "mgpuEventDestroy",
    "mgpuEventSynchronize", "mgpuEventRecord", "mgpuMemAlloc", "mgpuMemFree",
    "mgpuMemcpy", "mgpuMemset32", "mgpuMemset16", "mgpuMemHostRegisterMemRef",
    "mgpuMemHostUnregisterMemRef", "mgpuSetDefaultDevice",
    // Extra helpers and the linalgx API.
    "mgpuMemHostRegister", "mgpuMemHostUnregister", "linalgxCudaProbe",
    "linalgxCudaSetStream", "linalgxCudaSetStreamEx", "linalgxCudaResetStream",
    "linalgxCudaGetStream", "linalgxCudaGetrf",
    "linalgxCudaReleaseCachedResources"};
} // namespace

int main(int argc, char **argv) {
  if (argc < 2) {
    std::fprintf(stderr,
                 "usage: %s <liblinalgx_cuda_runtime.so> "
                 "[expect-no-gpu|expect-gpu|any] [alloc]\n",
                 argv[0]);
    return 1;
  }
  std::string expectation = argc > 2 ? argv[2] : "expect-no-gpu";
  bool callAlloc = argc > 3 && std::strcmp(argv[3], "alloc") == 0;

  void *lib = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
  if (!lib) {
    std::printf("FAIL: dlopen: %s\n", dlerror());
    return 1;
  }
  std::printf("PASS: dlopen %s\n", argv[1]);

  int missing = 0;
  for (const char *name : kExportedSymbols)
    if (!dlsym(lib, name)) {
      std::printf("FAIL: symbol %s not exported\n", name);
      ++missing;
    }
  // The statically linked CUDA runtime must stay hidden (it would interpose
  // on an embedder's libcudart.so).
  for (const char *hidden : {"cudaMalloc", "cudaGetDeviceCount"})
    if (dlsym(lib, hidden)) {
      std::printf("FAIL: symbol %s leaked from the static CUDA runtime\n",
                  hidden);
      ++missing;
    }
  if (missing)
    return 1;
  std::printf("PASS: all %zu exported symbols present\n",
              sizeof(kExportedSymbols) / sizeof(kExportedSymbols[0]));

  using ProbeFn = int (*)(char *, int64_t);
  auto probe = reinterpret_cast<ProbeFn>(dlsym(lib, "linalgxCudaProbe"));
  char message[512] = {};
  int devices = probe(message, sizeof(message));
  std::printf("probe: %d device(s): %s\n", devices, message);

  bool ok = true;
  const char *prefix = "no CUDA driver/device: ";
  if (expectation == "expect-no-gpu")
    ok =
        devices == 0 && std::strncmp(message, prefix, std::strlen(prefix)) == 0;
  else if (expectation == "expect-gpu")
    ok = devices > 0;
  else if (expectation != "any") {
    std::printf("FAIL: unknown expectation '%s'\n", expectation.c_str());
    return 1;
  }
  std::printf("%s: probe result matches %s\n", ok ? "PASS" : "FAIL",
              expectation.c_str());
  if (!ok)
    return 1;

  if (callAlloc) {
    using AllocFn = void *(*)(uint64_t, void *, uint32_t);
    auto alloc = reinterpret_cast<AllocFn>(dlsym(lib, "mgpuMemAlloc"));
    std::fflush(stdout); // the library exits the process from inside
    void *ptr = alloc(16, nullptr, 0);
    std::printf("mgpuMemAlloc returned %p\n", ptr);
    return 3;
  }
  return 0;
}
