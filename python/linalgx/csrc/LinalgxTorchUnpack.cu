//===- LinalgxTorchUnpack.cu - linalgx::lu_unpack on CUDA ----*- CUDA -*-===//
//
// (P, L, U) of packed LU factors and their permutation in one launch. The
// composite of ATen ops that serves the CPU and fake tensors
// (LinalgxTorchOps.cpp) takes six launches and as many dispatches, which on
// small matrices cost more host time than the LU itself.
//
//===----------------------------------------------------------------------===//

#include "LinalgxTorchCommon.h"

#include <ATen/Dispatch.h>
#include <ATen/cuda/CUDAContext.h>
#include <ATen/cuda/detail/IntegerDivider.cuh>
#include <c10/cuda/CUDAException.h>
#include <torch/library.h>

#include <algorithm>
#include <limits>
#include <vector>

namespace linalgx::torch_ops {
namespace {

/// The sizes of lu_unpack's three outputs, P [batch, m, m], L [batch, m, k]
/// and U [batch, k, n], with dividers by m, k and n. Every element takes
/// two divisions by these invariants (its row of an output, then that row's
/// matrix), multiplications by a magic number where the offsets fit 31 bits:
/// plain 64-bit divisions made the kernel arithmetic-bound on small
/// matrices.
template <typename Index> struct UnpackShape {
  Index m, n, k, pSize, lSize, uSize;
  at::cuda::detail::IntDivider<Index> byM, byK, byN;

  UnpackShape(int64_t batch, int64_t m, int64_t n, int64_t k)
      : m(m), n(n), k(k), pSize(batch * m * m), lSize(batch * m * k),
        uSize(batch * k * n),
        // A segment without elements never divides: any divisor will do.
        byM(std::max<Index>(m, 1)), byK(std::max<Index>(k, 1)),
        byN(std::max<Index>(n, 1)) {}
};

/// A thread stores 16 bytes at a time where an element is smaller: a store
/// an element left the f32 kernel well short of the bandwidth the f64 one
/// reached (docs/benchmarks.md, run 41).
template <typename T>
constexpr int kPackWidth = sizeof(T) < 16 ? int(16 / sizeof(T)) : 1;

template <typename T> struct alignas(sizeof(T) * kPackWidth<T>) Pack {
  T element[kPackWidth<T>];
};

/// out[e] = element(e) for e in [0, size), a grid-stride loop over packs of
/// consecutive elements (`out` is a fresh allocation, so aligned for them),
/// then the last size % width elements one at a time.
template <typename T, typename Index, typename Element>
__device__ void fillOutput(T *__restrict__ out, Index size, Index first,
                           Index stride, Element element) {
  constexpr int width = kPackWidth<T>;
  const Index packs = size / width;
  // Unrolled so that a thread's loads for several packs are in flight at
  // once.
#pragma unroll 2
  for (Index c = first; c < packs; c += stride) {
    Pack<T> pack;
#pragma unroll
    for (int t = 0; t < width; ++t)
      pack.element[t] = element(c * width + t);
    reinterpret_cast<Pack<T> *>(out)[c] = pack;
  }
  for (Index e = packs * width + first; e < size; e += stride)
    out[e] = element(e);
}

/// The three outputs from LU [batch, m, n]: P[b, i, j] = (permutation[b, j]
/// == i), L the strict lower triangle of LU's first k columns on a unit
/// diagonal, U the upper triangle of its first k rows.
template <typename T, typename Order, typename Index>
__global__ void luUnpackKernel(const T *__restrict__ lu,
                               const Order *__restrict__ permutation,
                               T *__restrict__ p, T *__restrict__ l,
                               T *__restrict__ u, UnpackShape<Index> shape) {
  const Index stride = Index(gridDim.x) * blockDim.x;
  const Index first = Index(blockIdx.x) * blockDim.x + threadIdx.x;
  fillOutput(p, shape.pSize, first, stride, [&](Index e) {
    // row = b m + i of P, so P's column j of matrix b is at row - i + j.
    auto [row, j] = shape.byM.divmod(e);
    Index i = shape.byM.mod(row);
    return permutation[row - i + j] == Order(i) ? T(1) : T(0);
  });
  fillOutput(l, shape.lSize, first, stride, [&](Index e) {
    auto [row, j] = shape.byK.divmod(e); // row = b m + i, as LU's
    Index i = shape.byM.mod(row);
    return i > j ? lu[row * shape.n + j] : T(i == j ? 1 : 0);
  });
  fillOutput(u, shape.uSize, first, stride, [&](Index e) {
    auto [row, j] = shape.byN.divmod(e); // row = b k + i
    auto [b, i] = shape.byK.divmod(row);
    return i <= j ? lu[(b * shape.m + i) * shape.n + j] : T(0);
  });
}

std::vector<int64_t> withMatrixShape(at::IntArrayRef batchShape, int64_t rows,
                                     int64_t columns) {
  std::vector<int64_t> shape(batchShape.begin(), batchShape.end());
  shape.push_back(rows);
  shape.push_back(columns);
  return shape;
}

} // namespace

std::tuple<at::Tensor, at::Tensor, at::Tensor>
unpackFactorsCuda(const at::Tensor &lu, const at::Tensor &permutation) {
  at::Tensor factors = lu.contiguous(), order = permutation.contiguous();
  int64_t m = lu.size(-2), n = lu.size(-1), k = std::min(m, n);
  at::IntArrayRef batchShape = lu.sizes().slice(0, lu.dim() - 2);
  int64_t batch = c10::multiply_integers(batchShape);
  at::Tensor p = at::empty(withMatrixShape(batchShape, m, m), lu.options());
  at::Tensor l = at::empty(withMatrixShape(batchShape, m, k), lu.options());
  at::Tensor u = at::empty(withMatrixShape(batchShape, k, n), lu.options());
  int64_t total = batch * (m * m + m * k + k * n);
  if (total == 0)
    return {p, l, u};

  c10::cuda::CUDAGuard guard(lu.device());
  cudaStream_t stream = at::cuda::getCurrentCUDAStream().stream();
  constexpr int64_t kThreads = 256;
  // Enough blocks to fill the GPU a few times over; larger outputs loop.
  int64_t maxBlocks =
      int64_t(at::cuda::getCurrentDeviceProperties()->multiProcessorCount) * 16;
  int64_t largest = batch * std::max({m * m, m * k, k * n});
  // 32-bit offsets (the magic-number division) while every offset, LU's
  // included, stays below 2^31.
  bool narrow = total + batch * m * n <= std::numeric_limits<int32_t>::max();
  AT_DISPATCH_FLOATING_AND_COMPLEX_TYPES_AND2(
      at::kHalf, at::kBFloat16, lu.scalar_type(), "linalgx::lu_unpack", [&] {
        int64_t packs =
            (largest + kPackWidth<scalar_t> - 1) / kPackWidth<scalar_t>;
        int64_t blocks = std::min((packs + kThreads - 1) / kThreads, maxBlocks);
        auto launch = [&](auto *order32or64, auto shape) {
          luUnpackKernel<<<blocks, kThreads, 0, stream>>>(
              factors.const_data_ptr<scalar_t>(), order32or64,
              p.mutable_data_ptr<scalar_t>(), l.mutable_data_ptr<scalar_t>(),
              u.mutable_data_ptr<scalar_t>(), shape);
        };
        auto withOrder = [&](auto shape) {
          if (order.scalar_type() == at::kInt)
            launch(order.const_data_ptr<int32_t>(), shape);
          else
            launch(order.const_data_ptr<int64_t>(), shape);
        };
        if (narrow)
          withOrder(UnpackShape<uint32_t>(batch, m, n, k));
        else
          withOrder(UnpackShape<int64_t>(batch, m, n, k));
      });
  C10_CUDA_KERNEL_LAUNCH_CHECK();
  return {p, l, u};
}

namespace {

std::tuple<at::Tensor, at::Tensor, at::Tensor>
luUnpackCuda(const at::Tensor &lu, const at::Tensor &permutation) {
  checkLuUnpackArguments(lu, permutation);
  return unpackFactorsCuda(lu, permutation);
}

} // namespace
} // namespace linalgx::torch_ops

TORCH_LIBRARY_IMPL(linalgx, CUDA, m) {
  m.impl("lu_unpack", &linalgx::torch_ops::luUnpackCuda);
}
