//===- LinalgxTorchGraphs.cpp - kernel chains replayed as graphs ----------===//
//
// The cache of LinalgxTorchGraphs.h: one entry per (operator, device,
// stream, dtype, shape) seen, holding after its second call the
// instantiated graph and the operands it was captured on. One mutex guards
// the cache and is held while a call queues its copies and its replay, so
// that two threads on one stream cannot interleave them on the shared
// operands.
//
//===----------------------------------------------------------------------===//

#include "LinalgxTorchGraphs.h"
#include "common/EnvironmentInteger.h"

#include <c10/cuda/CUDAException.h>
#include <c10/util/Exception.h>

#include <cstdint>
#include <list>
#include <mutex>
#include <string>

namespace linalgx::torch_ops {
namespace {

// Off until the cache's GPU tests and timings have run (docs/python.md).
constexpr int64_t kDefaultBudgetMiB = 0;
// Shapes seen once and not (yet) captured are remembered up to this many;
// they hold no memory.
constexpr size_t kMaxUncaptured = 64;

int64_t budgetBytes() {
  static const int64_t bytes = linalgx::runtime::environmentInteger(
                                   "linalgx-torch", "LINALGX_TORCH_GRAPH_MIB",
                                   kDefaultBudgetMiB, 0, int64_t(1) << 30)
                               << 20;
  return bytes;
}

// The runtime's LINALGX_CUDA_CHECK_INFO=1 waits for the device inside a
// call, which a capture cannot do; read as the runtime reads it.
bool runtimeWaitsInCalls() {
  static const bool waits =
      linalgx::runtime::environmentInteger(
          "linalgx-torch", "LINALGX_CUDA_CHECK_INFO", 0, 0, 1) != 0;
  return waits;
}

struct ChainKey {
  std::string op;
  int device;
  cudaStream_t stream;
  at::ScalarType type;
  std::vector<int64_t> sizes;

  bool operator==(const ChainKey &other) const {
    return op == other.op && device == other.device && stream == other.stream &&
           type == other.type && sizes == other.sizes;
  }
};

struct CapturedChain {
  ChainKey key;
  // The operands the graph reads and writes: `operands[0]` is A's copy,
  // factored in place; the others are the outputs after the factors.
  std::vector<at::Tensor> operands;
  cudaGraphExec_t graph = nullptr;
  bool refused = false; // the CUDA runtime refused the capture: run eagerly
};

int64_t bytesOf(at::TensorList tensors) {
  int64_t bytes = 0;
  for (const at::Tensor &t : tensors)
    bytes += t.nbytes();
  return bytes;
}

bool isCapturing(cudaStream_t stream) {
  cudaStreamCaptureStatus status = cudaStreamCaptureStatusNone;
  C10_CUDA_CHECK(cudaStreamIsCapturing(stream, &status));
  return status != cudaStreamCaptureStatusNone;
}

void copyOnStream(const at::Tensor &to, const at::Tensor &from,
                  cudaStream_t stream) {
  C10_CUDA_CHECK(cudaMemcpyAsync(to.data_ptr(), from.data_ptr(), from.nbytes(),
                                 cudaMemcpyDeviceToDevice, stream));
}

class ChainGraphCache {
public:
  bool replay(const char *op, const at::Tensor &a, at::TensorList outputs,
              cudaStream_t stream, const ChainFactor &factor) {
    int64_t bytes = bytesOf(outputs);
    if (bytes > budgetBytes() || runtimeWaitsInCalls())
      return false;
    // Inside the caller's own capture the chain becomes part of it, on the
    // caller's operands.
    if (isCapturing(stream))
      return false;
    ChainKey key{op, a.get_device(), stream, a.scalar_type(), a.sizes().vec()};
    std::lock_guard<std::mutex> lock(mutex);
    auto entry = find(key);
    if (entry == entries.end()) {
      remember(std::move(key));
      return false;
    }
    entries.splice(entries.begin(), entries, entry); // most recently used
    if (entry->refused)
      return false;
    if (!entry->graph && !capture(*entry, a, outputs, bytes, stream, factor))
      return false;
    copyOnStream(entry->operands[0], a, stream);
    C10_CUDA_CHECK(cudaGraphLaunch(entry->graph, stream));
    for (size_t i = 0; i < outputs.size(); ++i)
      copyOnStream(outputs[i], entry->operands[i], stream);
    ++counts.replayed;
    return true;
  }

  std::vector<int64_t> countsNow() {
    std::lock_guard<std::mutex> lock(mutex);
    return {counts.captured, counts.replayed, counts.refused, counts.evicted};
  }

private:
  using Entries = std::list<CapturedChain>;

  Entries::iterator find(const ChainKey &key) {
    for (auto it = entries.begin(); it != entries.end(); ++it)
      if (it->key == key)
        return it;
    return entries.end();
  }

  void remember(ChainKey key) {
    entries.emplace_front().key = std::move(key);
    size_t uncaptured = 0;
    for (auto it = entries.begin(); it != entries.end();) {
      if (!it->graph && ++uncaptured > kMaxUncaptured)
        it = entries.erase(it);
      else
        ++it;
    }
  }

  /// Frees the least recently used graphs other than `keep` until `bytes`
  /// more fit the budget.
  void makeRoom(int64_t bytes, const CapturedChain &keep) {
    for (auto it = entries.end();
         it != entries.begin() && cachedBytes + bytes > budgetBytes();) {
      --it;
      if (&*it == &keep || !it->graph)
        continue;
      // An executable graph still running is freed when it completes; the
      // operands go back to PyTorch's allocator on the stream they were
      // made for, whose later work runs after the graph.
      C10_CUDA_CHECK(cudaGraphExecDestroy(it->graph));
      cachedBytes -= bytesOf(it->operands);
      ++counts.evicted;
      it = entries.erase(it);
    }
  }

  /// Captures `factor` on copies of the operands (`bytes` in all) into
  /// `entry`; false if the CUDA runtime refuses (then the entry runs eagerly
  /// from now on).
  bool capture(CapturedChain &entry, const at::Tensor &a,
               at::TensorList outputs, int64_t bytes, cudaStream_t stream,
               const ChainFactor &factor) {
    makeRoom(bytes, entry);
    if (cachedBytes + bytes > budgetBytes())
      return false;
    entry.operands.push_back(at::empty_like(a));
    for (size_t i = 1; i < outputs.size(); ++i)
      entry.operands.push_back(at::empty_like(outputs[i]));

    // Thread-local: other threads' calls may go on while this one captures.
    C10_CUDA_CHECK(
        cudaStreamBeginCapture(stream, cudaStreamCaptureModeThreadLocal));
    cudaGraph_t graph = nullptr;
    try {
      factor(entry.operands[0], entry.operands);
    } catch (...) {
      (void)cudaStreamEndCapture(stream, &graph);
      if (graph)
        (void)cudaGraphDestroy(graph);
      (void)cudaGetLastError();
      throw;
    }
    cudaError_t error = cudaStreamEndCapture(stream, &graph);
    cudaGraphExec_t exec = nullptr;
    if (error == cudaSuccess)
      error = cudaGraphInstantiate(&exec, graph, 0);
    if (graph)
      C10_CUDA_CHECK(cudaGraphDestroy(graph));
    if (error != cudaSuccess) {
      (void)cudaGetLastError(); // a refused capture leaves no sticky error
      entry.operands.clear();
      entry.refused = true;
      ++counts.refused;
      return false;
    }
    entry.graph = exec;
    cachedBytes += bytes;
    ++counts.captured;
    return true;
  }

  std::mutex mutex;
  Entries entries; // most recently used first
  int64_t cachedBytes = 0;
  struct {
    int64_t captured = 0, replayed = 0, refused = 0, evicted = 0;
  } counts;
};

ChainGraphCache &chainGraphCache() {
  // Never destroyed: at exit the CUDA runtime may be gone before static
  // destructors run, and the driver frees the graphs with the context.
  static auto *cache = new ChainGraphCache;
  return *cache;
}

} // namespace

bool replayKernelChain(const char *op, const at::Tensor &a,
                       at::TensorList outputs, cudaStream_t stream,
                       const ChainFactor &factor) {
  return chainGraphCache().replay(op, a, outputs, stream, factor);
}

std::vector<int64_t> kernelChainGraphCounts() {
  return chainGraphCache().countsNow();
}

} // namespace linalgx::torch_ops
