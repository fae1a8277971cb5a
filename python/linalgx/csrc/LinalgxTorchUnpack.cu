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
#include <c10/cuda/CUDAException.h>
#include <torch/library.h>

#include <algorithm>
#include <vector>

namespace linalgx::torch_ops {
namespace {

/// Element `index` of the three outputs laid end to end, P [batch, m, m],
/// L [batch, m, k], U [batch, k, n], from LU [batch, m, n]: P[b, i, j] =
/// (permutation[b, j] == i), L the strict lower triangle of LU's first k
/// columns on a unit diagonal, U the upper triangle of its first k rows.
template <typename T, typename Index>
__global__ void luUnpackKernel(const T *lu, const Index *permutation, T *p,
                               T *l, T *u, int64_t batch, int64_t m, int64_t n,
                               int64_t k) {
  const int64_t pSize = batch * m * m, lSize = batch * m * k;
  const int64_t total = pSize + lSize + batch * k * n;
  const int64_t stride = int64_t(gridDim.x) * blockDim.x;
  for (int64_t index = int64_t(blockIdx.x) * blockDim.x + threadIdx.x;
       index < total; index += stride) {
    // A segment's divisions happen only where it has elements, so none of
    // them divides by zero.
    if (index < pSize) {
      int64_t b = index / (m * m), i = index / m % m, j = index % m;
      p[index] = permutation[b * m + j] == i ? T(1) : T(0);
    } else if (index < pSize + lSize) {
      int64_t e = index - pSize;
      int64_t b = e / (m * k), i = e / k % m, j = e % k;
      l[e] = i > j ? lu[(b * m + i) * n + j] : T(i == j ? 1 : 0);
    } else {
      int64_t e = index - pSize - lSize;
      int64_t b = e / (k * n), i = e / n % k, j = e % n;
      u[e] = i <= j ? lu[(b * m + i) * n + j] : T(0);
    }
  }
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
  int64_t blocks = std::min((total + kThreads - 1) / kThreads, maxBlocks);
  AT_DISPATCH_FLOATING_AND_COMPLEX_TYPES_AND2(
      at::kHalf, at::kBFloat16, lu.scalar_type(), "linalgx::lu_unpack", [&] {
        auto launch = [&](auto *order32or64) {
          luUnpackKernel<<<blocks, kThreads, 0, stream>>>(
              factors.const_data_ptr<scalar_t>(), order32or64,
              p.mutable_data_ptr<scalar_t>(), l.mutable_data_ptr<scalar_t>(),
              u.mutable_data_ptr<scalar_t>(), batch, m, n, k);
        };
        if (order.scalar_type() == at::kInt)
          launch(order.const_data_ptr<int32_t>());
        else
          launch(order.const_data_ptr<int64_t>());
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
