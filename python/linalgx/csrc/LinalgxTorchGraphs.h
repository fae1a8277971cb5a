//===- LinalgxTorchGraphs.h - kernel chains replayed as graphs --*- C++ -*-===//
//
// A large factorization is a chain of a few hundred launches and library
// calls (the blocked LU: a panel kernel, row exchanges and GEMMs a
// 32-column panel). Issued one by one, the GPU waits for the host's
// launches and for each dependent launch; replayed as a CUDA graph it does
// not. So the second call of the same operator on the same shape, dtype and
// stream captures the chain once, on library-owned copies of the operands,
// and that call and the later ones copy the input in, replay the graph and
// copy the results out.
//
// The copies are the price: one more pass over the matrix a call (the
// input's copy replaces the one the chain makes anyway), a few
// microseconds where the graph saves tens to hundreds. The operands' copies
// stay allocated while their graph is cached: at most
// LINALGX_TORCH_GRAPH_MIB MiB in all, least recently used first out; 0,
// the default for now, turns the graphs off.
//
//===----------------------------------------------------------------------===//

#ifndef LINALGX_TORCH_GRAPHS_H
#define LINALGX_TORCH_GRAPHS_H

#include <ATen/ATen.h>
#include <cuda_runtime_api.h>

#include <functional>
#include <vector>

namespace linalgx::torch_ops {

/// Queues `factor(input, outputs)` on the calling thread's linalgx stream,
/// which the caller has set to `stream`: the entry point's work from
/// `input` into `outputs`, where outputs[0] is the factors (A's shape;
/// `input` itself when the graph factors its copy in place).
using ChainFactor =
    std::function<void(const at::Tensor &input, at::TensorList outputs)>;

/// Runs `factor(a, outputs)` on `stream` through the cached CUDA graph of
/// `op` for a's shape and dtype and `stream`, capturing it on the second
/// call; false (nothing queued) where there is none to replay: the first
/// call, a stream that is being captured already, graphs turned off, or
/// operands larger than the budget. `stream` is the linalgx stream of the
/// calling thread; `a` and `outputs` are contiguous.
bool replayKernelChain(const char *op, const at::Tensor &a,
                       at::TensorList outputs, cudaStream_t stream,
                       const ChainFactor &factor);

/// The graph cache's counts for tests and benchmarks: graphs captured,
/// calls replayed, captures the CUDA runtime refused, graphs evicted.
std::vector<int64_t> kernelChainGraphCounts();

} // namespace linalgx::torch_ops

#endif // LINALGX_TORCH_GRAPHS_H
