// The CUDA error check of the standalone benchmark programs in bench/: a
// failed call prints the call, the file and line and CUDA's message, and
// exits (a measurement on a failed call would be meaningless).
#pragma once

#include <cuda_runtime.h>

#include <cstdio>
#include <cstdlib>

#define CHECK(call)                                                            \
  do {                                                                         \
    cudaError_t err = (call);                                                  \
    if (err != cudaSuccess) {                                                  \
      std::fprintf(stderr, "%s:%d: %s failed: %s\n", __FILE__, __LINE__,       \
                   #call, cudaGetErrorString(err));                            \
      std::exit(1);                                                            \
    }                                                                          \
  } while (0)
