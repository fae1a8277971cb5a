//===- mgpu_e2e_main.cpp - driver for mgpu_e2e.mlir
//------------------------===//
//
// Calls the functions compiled from mgpu_e2e.mlir (through their
// llvm.emit_c_interface wrappers) and checks the results. Exits 77 without a
// GPU, 1 on a wrong result; CUDA failures exit 1 from inside the runtime.
//
//===----------------------------------------------------------------------===//

#include "linalgx/CudaRuntime.h"

#include <cstdint>
#include <cstdio>
#include <vector>

namespace {
struct MemRef1D {
  float *allocated;
  float *aligned;
  int64_t offset;
  int64_t sizes[1];
  int64_t strides[1];
};
} // namespace

extern "C" void _mlir_ciface_e2e_async(MemRef1D *host, float a, float b);
extern "C" void _mlir_ciface_e2e_sync(MemRef1D *host, float a, float b);

int main() {
  char message[512] = {};
  if (linalgxCudaProbe(message, sizeof(message)) <= 0) {
    std::printf("probe: %s\nSKIP: no GPU\n", message);
    return 77;
  }
  const int64_t n = 1000;
  std::vector<float> data(n);
  for (int64_t i = 0; i < n; ++i)
    data[i] = float(i);
  MemRef1D desc{data.data(), data.data(), 0, {n}, {1}};

  int failures = 0;
  _mlir_ciface_e2e_async(&desc, 2.0f, 1.0f); // 2i + 1
  bool ok = true;
  for (int64_t i = 0; i < n; ++i)
    ok &= data[i] == 2.0f * float(i) + 1.0f;
  std::printf("%s: e2e_async (alloc/memset/memcpy/launch/dealloc/wait)\n",
              ok ? "PASS" : "FAIL");
  failures += !ok;

  _mlir_ciface_e2e_sync(&desc, 0.5f, -0.5f); // i
  ok = true;
  for (int64_t i = 0; i < n; ++i)
    ok &= data[i] == float(i);
  std::printf("%s: e2e_sync (host_register + synchronous launch_func)\n",
              ok ? "PASS" : "FAIL");
  failures += !ok;
  return failures ? 1 : 0;
}
