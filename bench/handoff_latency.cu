// What one step of the cyclic register LU costs when the step does nothing
// but its hand-off: a block of W warps passes a token from warp to warp,
// S times, the way the kernel publishes a step (docs/gpu.md): the step's
// owner runs a dependent chain of K fused multiply-adds (a stand-in for its
// search), stores the result to shared memory and arrives on named barrier
// 1 + s % 2; every other warp waits there (bar.sync), reads the value, then
// runs U independent multiply-adds on it (a stand-in for its update). The
// owner of step s + 1 is warp (s + 1) % W, so every step crosses warps, as
// in the kernel. The second mode replaces the named barrier by a flag in
// shared memory that the waiting warps poll (volatile loads), the third by
// an mbarrier (sm_90's shared-memory barrier object: the owner's lane 0
// arrives, the others try_wait on the phase's parity; four of them in
// turn, so that a step's barrier is not reused while a slow warp may still
// wait on it).
//
// Prints cycles per step (clock64 of thread 0 over all steps, median of
// several launches) for W, K, U and the mode: the floor a hand-off puts
// under a step, and how much of a chain K and of an update U it hides.
//
//   nvcc -O3 -arch=sm_90 -o handoff_latency bench/handoff_latency.cu
//   ./handoff_latency            (on the GPU machine)
#include <cuda_runtime.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "cuda_check.h"

__device__ __forceinline__ void barArrive(int id, int threads) {
  asm volatile("bar.arrive %0, %1;" ::"r"(id), "r"(threads) : "memory");
}
__device__ __forceinline__ void barSync(int id, int threads) {
  asm volatile("bar.sync %0, %1;" ::"r"(id), "r"(threads) : "memory");
}

enum class Mode { NamedBarrier, Flag, MBarrier };

__device__ __forceinline__ unsigned sharedAddress(const void *p) {
  return static_cast<unsigned>(__cvta_generic_to_shared(p));
}

template <Mode M>
__global__ void handoff(int steps, int chain, int update, double seed,
                        long long *cycles, double *sink) {
  __shared__ double published[2];
  __shared__ volatile int flag[2];
  __shared__ unsigned long long mbar[4];
  const int warp = threadIdx.y, warps = blockDim.y;
  const int threads = 32 * warps;
  if (threadIdx.x == 0 && warp == 0) {
    flag[0] = flag[1] = -1;
    for (int i = 0; i < 4; ++i)
      asm volatile(
          "mbarrier.init.shared.b64 [%0], 1;" ::"r"(sharedAddress(&mbar[i]))
          : "memory");
  }
  __syncthreads();
  double x = seed + threadIdx.x, acc = 0.0;
  long long start = clock64();
  for (int s = 0; s < steps; ++s) {
    int parity = s & 1;
    if (warp == s % warps) {
      // The owner's chain: dependent fused multiply-adds.
      for (int i = 0; i < chain; ++i)
        x = fma(x, 0.999999, 1e-9);
      if (threadIdx.x == 0)
        published[parity] = x;
      if (M == Mode::Flag) {
        __syncwarp();
        __threadfence_block();
        if (threadIdx.x == 0)
          flag[parity] = s;
      } else if (M == Mode::MBarrier) {
        __syncwarp();
        if (threadIdx.x == 0)
          asm volatile("{ .reg .b64 state; mbarrier.arrive.shared.b64 state, "
                       "[%0]; }" ::"r"(sharedAddress(&mbar[s & 3]))
                       : "memory");
      } else {
        barArrive(1 + parity, threads);
      }
    } else {
      if (M == Mode::Flag) {
        while (flag[parity] < s) {
        }
        __syncwarp();
      } else if (M == Mode::MBarrier) {
        // Barrier s % 4 completes its phase (s / 4) % 2 at step s.
        unsigned address = sharedAddress(&mbar[s & 3]), phase = (s >> 2) & 1,
                 done = 0;
        while (!done)
          asm volatile("{ .reg .pred p; mbarrier.try_wait.parity.shared.b64 "
                       "p, [%1], %2; selp.u32 %0, 1, 0, p; }"
                       : "=r"(done)
                       : "r"(address), "r"(phase)
                       : "memory");
      } else {
        barSync(1 + parity, threads);
      }
      double v = published[parity];
      // The update: independent multiply-adds (eight chains).
      double a[8];
      for (int j = 0; j < 8; ++j)
        a[j] = v + j;
      for (int i = 0; i < update; i += 8)
        for (int j = 0; j < 8; ++j)
          a[j] = fma(a[j], 0.5, v);
      for (int j = 0; j < 8; ++j)
        acc += a[j];
      x = v;
    }
  }
  long long stop = clock64();
  if (threadIdx.x == 0 && warp == 0)
    *cycles = stop - start;
  if (acc == 12345.678)
    *sink = acc + x; // keeps the work
}

int main() {
  long long *cycles;
  double *sink;
  CHECK(cudaMalloc(&cycles, sizeof(long long)));
  CHECK(cudaMalloc(&sink, sizeof(double)));
  const int steps = 750;
  std::printf("| mode | warps W | owner chain K (dependent DFMA) | update U "
              "(DFMA a warp) | cycles a step |\n|---|---|---|---|---|\n");
  using Kernel = void (*)(int, int, int, double, long long *, double *);
  const struct {
    const char *name;
    Kernel kernel;
  } modes[] = {{"named barrier", handoff<Mode::NamedBarrier>},
               {"shared flag", handoff<Mode::Flag>},
               {"mbarrier", handoff<Mode::MBarrier>}};
  for (const auto &mode : modes)
    for (int warps : {4, 8, 16})
      for (int chain : {0, 16, 64})
        for (int update : {0, 16, 64}) {
          std::vector<double> perStep;
          for (int run = 0; run < 7; ++run) {
            mode.kernel<<<1, dim3(32, warps)>>>(steps, chain, update, 1.0,
                                                cycles, sink);
            CHECK(cudaGetLastError());
            long long host = 0;
            CHECK(
                cudaMemcpy(&host, cycles, sizeof host, cudaMemcpyDeviceToHost));
            perStep.push_back(double(host) / steps);
          }
          std::sort(perStep.begin(), perStep.end());
          std::printf("| %s | %d | %d | %d | %.0f |\n", mode.name, warps, chain,
                      update, perStep[perStep.size() / 2]);
        }
  return 0;
}
