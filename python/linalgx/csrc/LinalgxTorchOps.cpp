//===- LinalgxTorchOps.cpp - linalgx as PyTorch operators -------*- C++ -*-===//
//
// The `linalgx` operator library of PyTorch (torch.ops.linalgx.*):
//
//   lu(Tensor A) -> (Tensor LU, Tensor pivots, Tensor permutation, Tensor info)
//       linalgx.lu's contract: 0-based int32 pivots [..., K], the int32 row
//       permutation [..., M] (A[perm] = L U), int32 info [...].
//   lu_factor_ex(Tensor A) -> (Tensor LU, Tensor pivots, Tensor info)
//       torch.linalg.lu_factor_ex's: 1-based int32 pivots (written by the
//       kernels), no error checks.
//   linalg_lu(Tensor A) -> (Tensor P, Tensor L, Tensor U)
//       torch.linalg.lu's: A = P L U, one dispatch for the LU and its
//       unpacking (linalgx.torch.lu).
//   pivots_to_permutation(Tensor pivots, SymInt n) -> Tensor
//       the permutation [..., n] of 0-based int32/int64 pivots.
//   lu_unpack(Tensor LU, Tensor permutation) -> (Tensor P, Tensor L,
//             Tensor U)
//       torch.linalg.lu's (P, L, U) from the factors and lu's row
//       permutation (not the pivots): A = P L U.
//   lu_solve(Tensor LU, Tensor pivots, Tensor B, *, bool left=True,
//            bool adjoint=False) -> Tensor
//       torch.linalg.lu_solve's: 1-based int32 pivots, batches broadcast.
//   solve(Tensor A, Tensor B, *, bool left=True) -> (Tensor result,
//         Tensor info)
//       torch.linalg.solve_ex's (vector B, broadcasting); nothing raised.
//   det(Tensor A) -> (Tensor result, Tensor LU, Tensor pivots)
//   slogdet(Tensor A) -> (Tensor sign, Tensor logabsdet, Tensor LU,
//           Tensor pivots)
//       the determinants with the factors they came from (1-based pivots),
//       as PyTorch's _linalg_det / _linalg_slogdet: the backward solves
//       with them instead of factoring again.
//   inv_ex(Tensor A) -> (Tensor inverse, Tensor info)
//       torch.linalg.inv_ex's: the solve against identities.
//
// The CUDA kernels are linalgx's GPU lowering compiled ahead of time
// (liblinalgx_cuda_kernels.so), run on PyTorch's current stream of the
// tensor's device with the stream override's deferred synchronization: no
// host wait, temporaries stream-ordered, so the calls are capturable in CUDA
// graphs. The Meta kernels give shapes and dtypes (fake tensors,
// torch.compile). This file has the schemas and the LU family's kernels;
// the solve family's are in LinalgxTorchSolve.cpp, lu_unpack's CUDA kernel
// in LinalgxTorchUnpack.cu, the Autograd kernels in LinalgxTorchAutograd.cpp.
//
//===----------------------------------------------------------------------===//

#include "LinalgxTorchCommon.h"
#include "linalgx/CudaKernels.h"

#include <ATen/ATen.h>
#include <torch/library.h>

#include <limits>
#include <tuple>

using linalgx::cuda_kernels::contiguous;
using linalgx::cuda_kernels::LuEntry;
using linalgx::cuda_kernels::LuFactorEntry;
using linalgx::cuda_kernels::MemRef;
using linalgx::cuda_kernels::PivotsToPermutationEntry;
using linalgx::torch_ops::checkLuUnpackArguments;
using linalgx::torch_ops::entryFor;
using linalgx::torch_ops::factorOnCurrentStream;
using linalgx::torch_ops::isKernelType;
using linalgx::torch_ops::onCpu;
using linalgx::torch_ops::onCurrentStream;
using linalgx::torch_ops::shapeText;
using linalgx::torch_ops::sizeText;
using linalgx::torch_ops::unpackFactorsCuda;

void linalgx::torch_ops::checkLuUnpackArguments(const at::Tensor &lu,
                                                const at::Tensor &permutation) {
  const char *op = "linalgx::lu_unpack";
  TORCH_CHECK(lu.dim() >= 2, op,
              ": LU must have rank >= 2 ([..., M, N]), got shape ",
              shapeText(lu.sym_sizes()));
  TORCH_CHECK(permutation.scalar_type() == at::kInt ||
                  permutation.scalar_type() == at::kLong,
              op, ": permutation must be int32 or int64, got ",
              permutation.scalar_type());
  auto sizes = lu.sym_sizes();
  std::vector<c10::SymInt> expected(sizes.begin(), sizes.end() - 1);
  TORCH_CHECK(permutation.sym_sizes().equals(expected), op,
              ": permutation must have LU's batch shape and M entries, ",
              shapeText(expected), ", got ",
              shapeText(permutation.sym_sizes()));
  TORCH_CHECK(permutation.device() == lu.device(), op,
              ": permutation must be on LU's device");
}

namespace {

/// The checks every entry point makes before any GPU work, each naming the
/// argument.
void checkFactorable(const at::Tensor &a, const char *op) {
  TORCH_CHECK(a.dim() >= 2, op,
              ": A must have rank >= 2 ([..., M, N]), got shape ",
              shapeText(a.sym_sizes()));
  TORCH_CHECK(isKernelType(a.scalar_type()), op,
              ": A must be float32, float64, complex64 or complex128, got ",
              a.scalar_type());
  // Symbolic sizes: this runs in the Meta kernels too.
  TORCH_CHECK(a.sym_size(-2) <= std::numeric_limits<int32_t>::max() &&
                  a.sym_size(-1) <= std::numeric_limits<int32_t>::max(),
              op, ": ", sizeText(a.sym_size(-2)), " x ",
              sizeText(a.sym_size(-1)),
              " matrices cannot be indexed by int32 pivots");
}

/// The outputs of an LU of `a` ([..., M, N]): LU, pivots [..., K], info
/// [...] and the flat sizes the entry points take.
struct LuOutputs {
  at::Tensor lu, pivots, info;
  int64_t batch, m, n, k;

  explicit LuOutputs(const at::Tensor &a)
      : m(a.size(-2)), n(a.size(-1)), k(std::min(m, n)) {
    auto batchShape = a.sizes().slice(0, a.dim() - 2);
    batch = c10::multiply_integers(batchShape);
    lu = at::empty_like(a, at::MemoryFormat::Contiguous);
    std::vector<int64_t> shape(batchShape.begin(), batchShape.end());
    info = at::empty(shape, a.options().dtype(at::kInt));
    shape.push_back(k);
    pivots = at::empty(shape, a.options().dtype(at::kInt));
  }

  // The entry points' descriptors of operands of these shapes (the outputs
  // themselves or the graph cache's copies of them).
  MemRef<3> matrices(const at::Tensor &t) const {
    return contiguous<3>(t.data_ptr(), {batch, m, n});
  }
  MemRef<2> pivotsDesc(const at::Tensor &t) const {
    return contiguous<2>(t.data_ptr(), {batch, k});
  }
  MemRef<1> infoDesc(const at::Tensor &t) const {
    return contiguous<1>(t.data_ptr(), {batch});
  }
};

std::tuple<at::Tensor, at::Tensor, at::Tensor, at::Tensor>
luCuda(const at::Tensor &input) {
  const char *op = "linalgx::lu";
  checkFactorable(input, op);
  LuEntry entry = entryFor<LuEntry>(
      input.scalar_type(), op, _mlir_ciface_linalgx_lu_f32,
      _mlir_ciface_linalgx_lu_f64, _mlir_ciface_linalgx_lu_c32,
      _mlir_ciface_linalgx_lu_c64);
  at::Tensor a = input.contiguous();
  LuOutputs out(a);
  auto shape = out.pivots.sizes().vec();
  shape.back() = out.m;
  at::Tensor permutation = at::empty(shape, out.pivots.options());
  if (out.batch > 0)
    factorOnCurrentStream(
        op, a, {out.lu, out.pivots, out.info, permutation},
        [&](const at::Tensor &from, at::TensorList outputs) {
          MemRef<3> aDesc = out.matrices(from),
                    luDesc = out.matrices(outputs[0]);
          MemRef<2> pivDesc = out.pivotsDesc(outputs[1]);
          MemRef<1> infoDesc = out.infoDesc(outputs[2]);
          MemRef<2> permDesc =
              contiguous<2>(outputs[3].data_ptr(), {out.batch, out.m});
          entry(&aDesc, &luDesc, &pivDesc, &infoDesc, &permDesc);
        });
  return {out.lu, out.pivots, permutation, out.info};
}

std::tuple<at::Tensor, at::Tensor, at::Tensor>
linalgLuCuda(const at::Tensor &a) {
  auto [lu, pivots, permutation, info] = luCuda(a);
  return unpackFactorsCuda(lu, permutation);
}

// The 1-based pivots come from the kernels themselves (`lu one_based`): no
// permutation, no pass over the pivots afterwards.
std::tuple<at::Tensor, at::Tensor, at::Tensor>
luFactorExCuda(const at::Tensor &input) {
  const char *op = "linalgx::lu_factor_ex";
  checkFactorable(input, op);
  LuFactorEntry entry = entryFor<LuFactorEntry>(
      input.scalar_type(), op, _mlir_ciface_linalgx_lu_factor_f32,
      _mlir_ciface_linalgx_lu_factor_f64, _mlir_ciface_linalgx_lu_factor_c32,
      _mlir_ciface_linalgx_lu_factor_c64);
  at::Tensor a = input.contiguous();
  LuOutputs out(a);
  if (out.batch > 0)
    factorOnCurrentStream(op, a, {out.lu, out.pivots, out.info},
                          [&](const at::Tensor &from, at::TensorList outputs) {
                            MemRef<3> aDesc = out.matrices(from),
                                      luDesc = out.matrices(outputs[0]);
                            MemRef<2> pivDesc = out.pivotsDesc(outputs[1]);
                            MemRef<1> infoDesc = out.infoDesc(outputs[2]);
                            entry(&aDesc, &luDesc, &pivDesc, &infoDesc);
                          });
  return {out.lu, out.pivots, out.info};
}

at::Tensor pivotsToPermutationCuda(const at::Tensor &input, int64_t n) {
  const char *op = "linalgx::pivots_to_permutation";
  TORCH_CHECK(input.dim() >= 1, op, ": pivots must have rank >= 1 ([..., K])");
  TORCH_CHECK(input.scalar_type() == at::kInt ||
                  input.scalar_type() == at::kLong,
              op, ": pivots must be int32 or int64, got ", input.scalar_type());
  int64_t k = input.size(-1);
  TORCH_CHECK(n >= k, op, ": n = ", n,
              " is smaller than the number of pivots K = ", k);
  TORCH_CHECK(input.scalar_type() == at::kLong ||
                  n <= std::numeric_limits<int32_t>::max(),
              op, ": n = ", n, " does not fit int32 pivots");
  PivotsToPermutationEntry entry =
      input.scalar_type() == at::kInt
          ? _mlir_ciface_linalgx_pivots_to_permutation_i32
          : _mlir_ciface_linalgx_pivots_to_permutation_i64;
  at::Tensor pivots = input.contiguous();
  auto batchShape = pivots.sizes().slice(0, pivots.dim() - 1);
  int64_t batch = c10::multiply_integers(batchShape);
  std::vector<int64_t> shape(batchShape.begin(), batchShape.end());
  shape.push_back(n);
  at::Tensor permutation = at::empty(shape, pivots.options());
  if (batch > 0) {
    MemRef<2> pivDesc = contiguous<2>(pivots.data_ptr(), {batch, k});
    MemRef<2> permDesc = contiguous<2>(permutation.data_ptr(), {batch, n});
    onCurrentStream(pivots.device(), [&] { entry(&pivDesc, &permDesc); });
  }
  return permutation;
}

// (P, L, U) with A = P L U from the packed factors and A[perm] = L U, in
// ATen ops: the kernel of CPU and fake tensors, on symbolic sizes (CUDA
// tensors take the one-launch kernel of LinalgxTorchUnpack.cu).
std::tuple<at::Tensor, at::Tensor, at::Tensor>
luUnpack(const at::Tensor &lu, const at::Tensor &permutation) {
  checkLuUnpackArguments(lu, permutation);
  c10::SymInt m = lu.sym_size(-2), n = lu.sym_size(-1), k = m.min(n);
  at::Tensor lower = at::tril(lu.narrow_symint(-1, 0, k), -1);
  lower.diagonal(0, -2, -1).fill_(1);
  at::Tensor upper = at::triu(lu.narrow_symint(-2, 0, k));
  // P[..., perm[i], i] = 1.
  std::vector<c10::SymInt> pShape(permutation.sym_sizes().begin(),
                                  permutation.sym_sizes().end());
  pShape.push_back(m);
  at::Tensor p = at::zeros_symint(pShape, lu.options())
                     .scatter_(-2, permutation.to(at::kLong).unsqueeze(-2), 1);
  return {p, lower, upper};
}

// Meta kernels: shapes and dtypes only, on symbolic sizes.
std::tuple<at::Tensor, at::Tensor, at::Tensor, at::Tensor>
luMeta(const at::Tensor &a) {
  checkFactorable(a, "linalgx::lu");
  auto sizes = a.sym_sizes();
  c10::SymInt m = sizes[a.dim() - 2], n = sizes[a.dim() - 1];
  std::vector<c10::SymInt> batch(sizes.begin(), sizes.end() - 2);
  auto intOptions = a.options().dtype(at::kInt);
  std::vector<c10::SymInt> pivotsShape = batch, permutationShape = batch;
  pivotsShape.push_back(m.min(n));
  permutationShape.push_back(m);
  return {at::empty_symint(sizes, a.options()),
          at::empty_symint(pivotsShape, intOptions),
          at::empty_symint(permutationShape, intOptions),
          at::empty_symint(batch, intOptions)};
}

std::tuple<at::Tensor, at::Tensor, at::Tensor>
luFactorExMeta(const at::Tensor &a) {
  auto [lu, pivots, permutation, info] = luMeta(a);
  (void)permutation;
  return {lu, pivots, info};
}

std::tuple<at::Tensor, at::Tensor, at::Tensor>
linalgLuMeta(const at::Tensor &a) {
  checkFactorable(a, "linalgx::linalg_lu");
  auto sizes = a.sym_sizes();
  c10::SymInt m = sizes[a.dim() - 2], n = sizes[a.dim() - 1], k = m.min(n);
  std::vector<c10::SymInt> batch(sizes.begin(), sizes.end() - 2);
  auto matrices = [&](const c10::SymInt &rows, const c10::SymInt &columns) {
    std::vector<c10::SymInt> shape = batch;
    shape.push_back(rows);
    shape.push_back(columns);
    return at::empty_symint(shape, a.options());
  };
  return {matrices(m, m), matrices(m, k), matrices(k, n)};
}

at::Tensor pivotsToPermutationMeta(const at::Tensor &pivots, c10::SymInt n) {
  TORCH_CHECK(pivots.dim() >= 1,
              "linalgx::pivots_to_permutation: pivots must have rank >= 1");
  std::vector<c10::SymInt> shape(pivots.sym_sizes().begin(),
                                 pivots.sym_sizes().end() - 1);
  shape.push_back(n);
  return at::empty_symint(shape, pivots.options());
}

// The CPU "kernels".
constexpr const char *kLuOnTheCpu =
    "torch.linalg.lu_factor, or linalgx.lu on A.numpy()";

std::tuple<at::Tensor, at::Tensor, at::Tensor, at::Tensor>
luCpu(const at::Tensor &) {
  onCpu("linalgx::lu", "A", kLuOnTheCpu);
}
std::tuple<at::Tensor, at::Tensor, at::Tensor>
luFactorExCpu(const at::Tensor &) {
  onCpu("linalgx::lu_factor_ex", "A", kLuOnTheCpu);
}
std::tuple<at::Tensor, at::Tensor, at::Tensor> linalgLuCpu(const at::Tensor &) {
  onCpu("linalgx::linalg_lu", "A",
        "torch.linalg.lu, or linalgx.lu on A.numpy()");
}
at::Tensor pivotsToPermutationCpu(const at::Tensor &, int64_t) {
  onCpu("linalgx::pivots_to_permutation", "pivots", kLuOnTheCpu);
}

} // namespace

TORCH_LIBRARY(linalgx, m) {
  m.def("lu(Tensor A) -> (Tensor LU, Tensor pivots, Tensor permutation, Tensor "
        "info)");
  m.def("lu_factor_ex(Tensor A) -> (Tensor LU, Tensor pivots, Tensor info)");
  m.def("linalg_lu(Tensor A) -> (Tensor P, Tensor L, Tensor U)");
  m.def("pivots_to_permutation(Tensor pivots, SymInt n) -> Tensor");
  m.def("lu_unpack(Tensor LU, Tensor permutation) -> (Tensor P, Tensor L, "
        "Tensor U)");
  m.def("lu_solve(Tensor LU, Tensor pivots, Tensor B, *, bool left=True, "
        "bool adjoint=False) -> Tensor");
  m.def("solve(Tensor A, Tensor B, *, bool left=True) -> (Tensor result, "
        "Tensor info)");
  m.def("det(Tensor A) -> (Tensor result, Tensor LU, Tensor pivots)");
  m.def("slogdet(Tensor A) -> (Tensor sign, Tensor logabsdet, Tensor LU, "
        "Tensor pivots)");
  m.def("inv_ex(Tensor A) -> (Tensor inverse, Tensor info)");
  // For tests and benchmarks: the kernel-chain graph cache's counts
  // (captured, replayed, refused, evicted; LinalgxTorchGraphs.h).
  m.def("_chain_graph_counts() -> int[]",
        &linalgx::torch_ops::kernelChainGraphCounts);
}

TORCH_LIBRARY_IMPL(linalgx, CUDA, m) {
  m.impl("lu", &luCuda);
  m.impl("lu_factor_ex", &luFactorExCuda);
  m.impl("linalg_lu", &linalgLuCuda);
  m.impl("pivots_to_permutation", &pivotsToPermutationCuda);
}

TORCH_LIBRARY_IMPL(linalgx, CPU, m) {
  m.impl("lu", &luCpu);
  m.impl("lu_factor_ex", &luFactorExCpu);
  m.impl("linalg_lu", &linalgLuCpu);
  m.impl("pivots_to_permutation", &pivotsToPermutationCpu);
}

TORCH_LIBRARY_IMPL(linalgx, Meta, m) {
  m.impl("lu", &luMeta);
  m.impl("lu_factor_ex", &luFactorExMeta);
  m.impl("linalg_lu", &linalgLuMeta);
  m.impl("pivots_to_permutation", TORCH_FN(pivotsToPermutationMeta));
}

TORCH_LIBRARY_IMPL(linalgx, CompositeExplicitAutograd, m) {
  m.impl("lu_unpack", &luUnpack);
}
