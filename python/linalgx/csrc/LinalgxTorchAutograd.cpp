//===- LinalgxTorchAutograd.cpp - Autograd of linalgx's PyTorch ops -*- C++
//-*-===//
//
// The Autograd kernels of torch.ops.linalgx.lu and lu_factor_ex: PyTorch's
// own LU backward (the formula of linalg_lu_factor_ex in its derivatives),
// written with ATen ops so that it is differentiable again and traceable by
// AOTAutograd. Registered in C++ rather than with
// torch.library.register_autograd so that a call that needs no gradient
// never enters Python.
//
//===----------------------------------------------------------------------===//

#include <ATen/ATen.h>
#include <ATen/core/dispatch/Dispatcher.h>
#include <torch/autograd.h>
#include <torch/library.h>

#include <tuple>

namespace {

using torch::autograd::AutogradContext;
using torch::autograd::variable_list;

using LuSignature = std::tuple<at::Tensor, at::Tensor, at::Tensor, at::Tensor>(
    const at::Tensor &);
using LuFactorExSignature =
    std::tuple<at::Tensor, at::Tensor, at::Tensor>(const at::Tensor &);
using PivotsToPermutationSignature = at::Tensor(const at::Tensor &,
                                                c10::SymInt);

template <typename Signature>
c10::TypedOperatorHandle<Signature> linalgxOp(const char *name) {
  return c10::Dispatcher::singleton()
      .findSchemaOrThrow(name, "")
      .template typed<Signature>();
}

/// dLoss/dA from dLoss/dLU for A[permutation] = L U, with L and U packed in
/// `lu` [..., M, N] (PyTorch's linalg_lu_backward for the three shapes).
at::Tensor factorsBackward(const at::Tensor &grad, const at::Tensor &lu,
                           const at::Tensor &permutation) {
  c10::SymInt m = lu.sym_size(-2), n = lu.sym_size(-1), k = m.min(n);
  at::Tensor L =
      lu.narrow_symint(-1, 0, k).tril(-1) + at::eye_symint(m, k, lu.options());
  at::Tensor U = lu.narrow_symint(-2, 0, k).triu();
  at::Tensor gradL = grad.narrow_symint(-1, 0, k);
  at::Tensor gradU = grad.narrow_symint(-2, 0, k);
  auto solveUpperRight = [](const at::Tensor &upper, const at::Tensor &x) {
    return at::linalg_solve_triangular(upper.mH(), x, /*upper=*/false,
                                       /*left=*/false);
  };
  auto solveUnitLowerLeft = [](const at::Tensor &lower, const at::Tensor &x) {
    return at::linalg_solve_triangular(lower.mH(), x, /*upper=*/true,
                                       /*left=*/true, /*unitriangular=*/true);
  };
  at::Tensor x;
  if (m == n) {
    // L^-H [L^H dL o 1_L + dU U^H o 1_U] U^-H
    x = at::matmul(L.mH(), gradL).tril(-1) + at::matmul(gradU, U.mH()).triu();
    x = solveUnitLowerLeft(L, solveUpperRight(U, x));
  } else if (m < n) {
    // [L^-H (dU1 + (L^H dL o 1_L - dU U^H o 1_U) U1^-H), L^-H dU2]
    x = (at::matmul(L.mH(), gradL) - at::matmul(gradU.triu(), U.mH())).tril(-1);
    x = solveUpperRight(U.narrow_symint(-1, 0, k), x);
    x = at::cat({x + gradU.narrow_symint(-1, 0, k).triu(),
                 gradU.narrow_symint(-1, k, n - k)},
                -1);
    x = solveUnitLowerLeft(L, x);
  } else {
    // [dL1 + L1^-H (dU U^H o 1_U - L^H dL o 1_L); dL2] U^-H
    x = (at::matmul(gradU, U.mH()) - at::matmul(L.mH(), gradL.tril(-1))).triu();
    x = solveUnitLowerLeft(L.narrow_symint(-2, 0, k), x);
    x = at::cat({x + gradL.narrow_symint(-2, 0, k).tril(-1),
                 gradL.narrow_symint(-2, k, m - k)},
                -2);
    x = solveUpperRight(U, x);
  }
  // A = P X with P[perm[i], i] = 1: row i of X is row perm[i] of A's grad.
  at::Tensor index =
      permutation.to(at::kLong).unsqueeze(-1).expand_symint(x.sym_sizes());
  return at::empty_like(x).scatter_(-2, index, x);
}

class LuFunction : public torch::autograd::Function<LuFunction> {
public:
  static variable_list forward(AutogradContext *ctx, const at::Tensor &a) {
    at::AutoDispatchBelowADInplaceOrView guard;
    static auto op = linalgxOp<LuSignature>("linalgx::lu");
    auto [lu, pivots, permutation, info] = op.call(a);
    ctx->save_for_backward({lu, permutation});
    ctx->mark_non_differentiable({pivots, permutation, info});
    return {lu, pivots, permutation, info};
  }

  static variable_list backward(AutogradContext *ctx, variable_list grads) {
    if (!grads[0].defined())
      return {at::Tensor()};
    variable_list saved = ctx->get_saved_variables();
    return {factorsBackward(grads[0], saved[0], saved[1])};
  }
};

class LuFactorExFunction
    : public torch::autograd::Function<LuFactorExFunction> {
public:
  static variable_list forward(AutogradContext *ctx, const at::Tensor &a) {
    at::AutoDispatchBelowADInplaceOrView guard;
    static auto op = linalgxOp<LuFactorExSignature>("linalgx::lu_factor_ex");
    auto [lu, pivots, info] = op.call(a);
    ctx->save_for_backward({lu, pivots});
    ctx->mark_non_differentiable({pivots, info});
    return {lu, pivots, info};
  }

  static variable_list backward(AutogradContext *ctx, variable_list grads) {
    if (!grads[0].defined())
      return {at::Tensor()};
    variable_list saved = ctx->get_saved_variables();
    const at::Tensor &lu = saved[0], &pivots = saved[1];
    // The backward needs the row permutation, not the 1-based pivots.
    static auto toPermutation = linalgxOp<PivotsToPermutationSignature>(
        "linalgx::pivots_to_permutation");
    at::Tensor permutation = toPermutation.call(pivots - 1, lu.sym_size(-2));
    return {factorsBackward(grads[0], lu, permutation)};
  }
};

std::tuple<at::Tensor, at::Tensor, at::Tensor, at::Tensor>
luAutograd(const at::Tensor &a) {
  variable_list out = LuFunction::apply(a);
  return {out[0], out[1], out[2], out[3]};
}

std::tuple<at::Tensor, at::Tensor, at::Tensor>
luFactorExAutograd(const at::Tensor &a) {
  variable_list out = LuFactorExFunction::apply(a);
  return {out[0], out[1], out[2]};
}

} // namespace

TORCH_LIBRARY_IMPL(linalgx, Autograd, m) {
  m.impl("lu", &luAutograd);
  m.impl("lu_factor_ex", &luFactorExAutograd);
}
