//===- LinalgxTorchAutograd.cpp - linalgx's Autograd kernels ----*- C++ -*-===//
//
// The Autograd kernels of torch.ops.linalgx: PyTorch's own derivative
// formulas (tools/autograd/derivatives.yaml and FunctionsManual.cpp of
// linalg_lu_factor_ex, linalg_lu_solve, linalg_solve, linalg_det,
// linalg_slogdet and linalg_inv_ex), written with ATen ops and linalgx's
// operators called through the dispatcher, so that they are differentiable
// again and traceable by AOTAutograd. Registered in C++ rather than with
// torch.library.register_autograd so that a call that needs no gradient
// never enters Python.
//
//===----------------------------------------------------------------------===//

#include "LinalgxTorchCommon.h"

#include <ATen/ATen.h>
#include <ATen/TensorSubclassLikeUtils.h>
#include <ATen/core/dispatch/Dispatcher.h>
#include <torch/autograd.h>
#include <torch/csrc/autograd/functions/utils.h>
#include <torch/library.h>

#include <limits>
#include <tuple>

namespace {

using torch::autograd::AutogradContext;
using torch::autograd::variable_list;

using LuSignature = std::tuple<at::Tensor, at::Tensor, at::Tensor, at::Tensor>(
    const at::Tensor &);
using LuFactorExSignature =
    std::tuple<at::Tensor, at::Tensor, at::Tensor>(const at::Tensor &);
using LinalgLuSignature = LuFactorExSignature;
using LuUnpackSignature = std::tuple<at::Tensor, at::Tensor, at::Tensor>(
    const at::Tensor &, const at::Tensor &);
using PivotsToPermutationSignature = at::Tensor(const at::Tensor &,
                                                c10::SymInt);
using LuSolveSignature = at::Tensor(const at::Tensor &, const at::Tensor &,
                                    const at::Tensor &, bool, bool);
using SolveSignature = std::tuple<at::Tensor, at::Tensor>(const at::Tensor &,
                                                          const at::Tensor &,
                                                          bool);
using DetSignature =
    std::tuple<at::Tensor, at::Tensor, at::Tensor>(const at::Tensor &);
using SlogdetSignature = LuSignature;
using InvExSignature = std::tuple<at::Tensor, at::Tensor>(const at::Tensor &);

template <typename Signature>
c10::TypedOperatorHandle<Signature> linalgxOp(const char *name) {
  return c10::Dispatcher::singleton()
      .findSchemaOrThrow(name, "")
      .template typed<Signature>();
}

// The operators' handles, looked up once.
#define LINALGX_OPERATOR(accessor, signature, name)                            \
  const c10::TypedOperatorHandle<signature> &accessor() {                      \
    static const auto op = linalgxOp<signature>(name);                         \
    return op;                                                                 \
  }
LINALGX_OPERATOR(luOp, LuSignature, "linalgx::lu")
LINALGX_OPERATOR(luFactorExOp, LuFactorExSignature, "linalgx::lu_factor_ex")
LINALGX_OPERATOR(linalgLuOp, LinalgLuSignature, "linalgx::linalg_lu")
LINALGX_OPERATOR(luUnpackOp, LuUnpackSignature, "linalgx::lu_unpack")
LINALGX_OPERATOR(pivotsToPermutationOp, PivotsToPermutationSignature,
                 "linalgx::pivots_to_permutation")
LINALGX_OPERATOR(luSolveOp, LuSolveSignature, "linalgx::lu_solve")
LINALGX_OPERATOR(solveOp, SolveSignature, "linalgx::solve")
LINALGX_OPERATOR(detOp, DetSignature, "linalgx::det")
LINALGX_OPERATOR(slogdetOp, SlogdetSignature, "linalgx::slogdet")
LINALGX_OPERATOR(invExOp, InvExSignature, "linalgx::inv_ex")
#undef LINALGX_OPERATOR

/// Calls `op` below the Autograd key: the kernels' outputs, no history.
template <typename Signature, typename... Args>
auto belowAutograd(const c10::TypedOperatorHandle<Signature> &op,
                   const Args &...args) {
  at::AutoDispatchBelowADInplaceOrView guard;
  return op.call(args...);
}

/// Whether a call records anything for autograd: an input that needs a
/// gradient, or one with a forward-mode tangent (which Function::apply
/// rejects, as it should keep doing). Function::apply builds a graph node,
/// its context and the outputs' metadata even when nothing is recorded —
/// most of an operator call's own host cost — so calls that record nothing
/// skip it.
template <typename... Tensors> bool recordsAutograd(const Tensors &...inputs) {
  return torch::autograd::compute_requires_grad(inputs...) ||
         (inputs._fw_grad(/*level=*/0).defined() || ...);
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
    auto [lu, pivots, permutation, info] = belowAutograd(luOp(), a);
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
    auto [lu, pivots, info] = belowAutograd(luFactorExOp(), a);
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
    at::Tensor permutation =
        pivotsToPermutationOp().call(pivots - 1, lu.sym_size(-2));
    return {factorsBackward(grads[0], lu, permutation)};
  }
};

std::tuple<at::Tensor, at::Tensor, at::Tensor, at::Tensor>
luAutograd(const at::Tensor &a) {
  if (!recordsAutograd(a))
    return belowAutograd(luOp(), a);
  variable_list out = LuFunction::apply(a);
  return {out[0], out[1], out[2], out[3]};
}

std::tuple<at::Tensor, at::Tensor, at::Tensor>
luFactorExAutograd(const at::Tensor &a) {
  if (!recordsAutograd(a))
    return belowAutograd(luFactorExOp(), a);
  variable_list out = LuFactorExFunction::apply(a);
  return {out[0], out[1], out[2]};
}

/// torch.linalg.lu's (P, L, U): below autograd the one kernel of both steps;
/// with a gradient to record, linalgx::lu then linalgx::lu_unpack through
/// the dispatcher, whose Autograd kernels differentiate each step.
std::tuple<at::Tensor, at::Tensor, at::Tensor>
linalgLuAutograd(const at::Tensor &a) {
  if (!recordsAutograd(a))
    return belowAutograd(linalgLuOp(), a);
  auto [lu, pivots, permutation, info] = luOp().call(a);
  return luUnpackOp().call(lu, permutation);
}

/// L and U are LU's two triangles (L's unit diagonal a constant): the
/// gradient of LU is theirs, each on its triangle. P is a constant.
class LuUnpackFunction : public torch::autograd::Function<LuUnpackFunction> {
public:
  static variable_list forward(AutogradContext *ctx, const at::Tensor &lu,
                               const at::Tensor &permutation) {
    auto [p, l, u] = belowAutograd(luUnpackOp(), lu, permutation);
    ctx->saved_data["lu_sizes"] = lu.sym_sizes();
    ctx->mark_non_differentiable({p});
    ctx->set_materialize_grads(false);
    return {p, l, u};
  }

  static variable_list backward(AutogradContext *ctx, variable_list grads) {
    const at::Tensor &gradL = grads[1], &gradU = grads[2];
    if (!gradL.defined() && !gradU.defined())
      return {at::Tensor(), at::Tensor()};
    std::vector<c10::SymInt> sizes =
        ctx->saved_data["lu_sizes"].toSymIntVector();
    c10::SymInt m = sizes[sizes.size() - 2], n = sizes.back(), k = m.min(n);
    const at::Tensor &any = gradL.defined() ? gradL : gradU;
    at::Tensor grad = at::zeros_symint(sizes, any.options());
    if (gradL.defined())
      grad.narrow_symint(-1, 0, k).add_(gradL.tril(-1));
    if (gradU.defined())
      grad.narrow_symint(-2, 0, k).add_(gradU.triu());
    return {grad, at::Tensor()};
  }
};

std::tuple<at::Tensor, at::Tensor, at::Tensor>
luUnpackAutograd(const at::Tensor &lu, const at::Tensor &permutation) {
  if (!recordsAutograd(lu))
    return belowAutograd(luUnpackOp(), lu, permutation);
  variable_list out = LuUnpackFunction::apply(lu, permutation);
  return {out[0], out[1], out[2]};
}

//===----------------------------------------------------------------------===//
// The solve family
//===----------------------------------------------------------------------===//

// linalgx's operators as the backward formulas call them: through the
// dispatcher, so that autograd records them again under create_graph and
// AOTAutograd traces them.
at::Tensor linalgxLuSolve(const at::Tensor &lu, const at::Tensor &pivots,
                          const at::Tensor &b, bool left, bool adjoint) {
  return luSolveOp().call(lu, pivots, b, left, adjoint);
}
at::Tensor linalgxSolve(const at::Tensor &a, const at::Tensor &b, bool left) {
  return std::get<0>(solveOp().call(a, b, left));
}
at::Tensor linalgxDet(const at::Tensor &a) {
  return std::get<0>(detOp().call(a));
}

double epsilonOf(at::ScalarType type) {
  return c10::toRealValueType(type) == at::kFloat
             ? std::numeric_limits<float>::epsilon()
             : std::numeric_limits<double>::epsilon();
}

/// The diagonal matrices [..., N, N] of `values` [...] (PyTorch's d in the
/// determinants' backward), N from the pivots [..., N].
at::Tensor diagonalMatrices(const at::Tensor &values,
                            const at::Tensor &pivots) {
  return at::diag_embed(values.unsqueeze(-1).expand_symint(pivots.sym_sizes()));
}

/// gLU of X = lu_solve(LU, pivots, B, left, adjoint): PyTorch's
/// linalg_lu_solve_LU. With op_1(A) = A or A^H as the system has it, and
/// op_2, op_3 the same for X and B, if left != adjoint
///   gR = U^-H op_2(-gX) op_2(X)^H, gLU = (L^-H gR U^H).tril(-1) + gR.triu()
/// else
///   gR = -P^T op_3(X) op_1(op_2(gX)) P L^-H,
///   gLU = gR.tril(-1) + (L^H gR U^-H).triu().
at::Tensor luSolveBackwardLU(const at::Tensor &gX, const at::Tensor &lu,
                             const at::Tensor &pivots, const at::Tensor &x,
                             bool left, bool adjoint) {
  auto [P, L, U] = at::lu_unpack(lu, pivots, /*unpack_data=*/true,
                                 /*unpack_pivots=*/left == adjoint);
  if (left != adjoint) {
    at::Tensor gR = at::linalg_solve_triangular(
        U.mH(), -at::matmul(left ? gX : gX.mH(), left ? x.mH() : x),
        /*upper=*/false);
    at::Tensor gL = at::linalg_solve_triangular(L.mH(), at::matmul(gR, U.mH()),
                                                /*upper=*/true, /*left=*/true,
                                                /*unitriangular=*/true)
                        .tril(-1);
    return gL + gR.triu();
  }
  at::Tensor gR = -at::matmul(
      at::matmul(at::matmul(P.mT(), left ? x : x.mH()), left ? gX.mH() : gX),
      P);
  gR = at::linalg_solve_triangular(L.mH(), gR, /*upper=*/true, /*left=*/false,
                                   /*unitriangular=*/true);
  at::Tensor gU = at::linalg_solve_triangular(U.mH(), at::matmul(L.mH(), gR),
                                              /*upper=*/false, /*left=*/false)
                      .triu();
  return gR.tril(-1) + gU;
}

class LuSolveFunction : public torch::autograd::Function<LuSolveFunction> {
public:
  static variable_list forward(AutogradContext *ctx, const at::Tensor &lu,
                               const at::Tensor &pivots, const at::Tensor &b,
                               bool left, bool adjoint) {
    at::Tensor x = belowAutograd(luSolveOp(), lu, pivots, b, left, adjoint);
    ctx->save_for_backward({lu, pivots, x});
    ctx->saved_data["left"] = left;
    ctx->saved_data["adjoint"] = adjoint;
    ctx->saved_data["lu_requires_grad"] = lu.requires_grad();
    ctx->saved_data["b_requires_grad"] = b.requires_grad();
    ctx->saved_data["b_sizes"] = b.sym_sizes();
    ctx->set_materialize_grads(false);
    return {x};
  }

  // The batch dimensions broadcast: each gradient is summed back to the
  // shape of its input.
  static variable_list backward(AutogradContext *ctx, variable_list grads) {
    const at::Tensor &gX = grads[0];
    if (!gX.defined())
      return {at::Tensor(), at::Tensor(), at::Tensor(), at::Tensor(),
              at::Tensor()};
    at::NoTF32Guard noTF32;
    variable_list saved = ctx->get_saved_variables();
    const at::Tensor &lu = saved[0], &pivots = saved[1], &x = saved[2];
    bool left = ctx->saved_data["left"].toBool();
    bool adjoint = ctx->saved_data["adjoint"].toBool();
    at::Tensor gLU, gB;
    if (ctx->saved_data["lu_requires_grad"].toBool())
      gLU = at::sum_to(luSolveBackwardLU(gX, lu, pivots, x, left, adjoint),
                       lu.sym_sizes());
    // gB = op_1(A)^-H gX (or gX op_1(A)^-H when not left).
    if (ctx->saved_data["b_requires_grad"].toBool())
      gB = at::sum_to(linalgxLuSolve(lu, pivots, gX, left, !adjoint),
                      ctx->saved_data["b_sizes"].toSymIntVector());
    return {gLU, at::Tensor(), gB, at::Tensor(), at::Tensor()};
  }
};

class SolveFunction : public torch::autograd::Function<SolveFunction> {
public:
  static variable_list forward(AutogradContext *ctx, const at::Tensor &a,
                               const at::Tensor &b, bool left) {
    auto [x, info] = belowAutograd(solveOp(), a, b, left);
    ctx->save_for_backward({a, x});
    ctx->saved_data["left"] = left;
    ctx->saved_data["vector"] = linalgx::torch_ops::isVectorRhs(a, b);
    ctx->saved_data["a_requires_grad"] = a.requires_grad();
    ctx->saved_data["b_requires_grad"] = b.requires_grad();
    ctx->saved_data["b_sizes"] = b.sym_sizes();
    ctx->mark_non_differentiable({info});
    ctx->set_materialize_grads(false);
    return {x, info};
  }

  // PyTorch's linalg_solve_backward: gB = A^-H gX and gA = -gB X^H (or
  // gB = gX A^-H and gA = -X^H gB when not left), a vector B as a column.
  // The kernels keep no factors, so gB is a solve with A^H, as PyTorch's
  // own formula does for higher-order gradients; then each gradient is
  // summed back over the batch dimensions it was broadcast along.
  static variable_list backward(AutogradContext *ctx, variable_list grads) {
    const at::Tensor &gX = grads[0];
    if (!gX.defined())
      return {at::Tensor(), at::Tensor(), at::Tensor()};
    at::NoTF32Guard noTF32;
    variable_list saved = ctx->get_saved_variables();
    const at::Tensor &a = saved[0], &x = saved[1];
    bool left = ctx->saved_data["left"].toBool();
    bool vector = ctx->saved_data["vector"].toBool();
    auto asMatrix = [vector](const at::Tensor &t) {
      return vector ? t.unsqueeze(-1) : t;
    };
    at::Tensor gB = linalgxSolve(a.mH(), asMatrix(gX), left);
    at::Tensor gA;
    if (ctx->saved_data["a_requires_grad"].toBool()) {
      at::Tensor xMatrix = asMatrix(x);
      gA = left ? -at::matmul(gB, xMatrix.mH()) : -at::matmul(xMatrix.mH(), gB);
      gA = at::sum_to(gA, a.sym_sizes());
    }
    if (ctx->saved_data["b_requires_grad"].toBool())
      gB = at::sum_to(vector ? gB.squeeze(-1) : gB,
                      ctx->saved_data["b_sizes"].toSymIntVector());
    else
      gB = at::Tensor();
    return {gA, gB, at::Tensor()};
  }
};

/// The gradient of a product over `dim` of `input` with zeros in it: grad
/// times the product of the other entries (PyTorch's
/// prod_safe_zeros_backward, from exclusive cumulative products).
at::Tensor prodSafeZerosBackward(const at::Tensor &grad,
                                 const at::Tensor &input, int64_t dim) {
  if (input.sym_numel() == 0)
    return grad.expand_as(input);
  c10::SymInt size = input.sym_size(dim);
  if (size == 1)
    return grad;
  std::vector<c10::SymInt> onesSize = input.sym_sizes().vec();
  onesSize[dim] = 1;
  at::Tensor ones = at::ones_symint(onesSize, grad.options());
  at::Tensor before =
      at::cat({ones, input.narrow_symint(dim, 0, size - 1)}, dim).cumprod(dim);
  at::Tensor after =
      at::cat({ones, input.narrow_symint(dim, 1, size - 1).flip(dim)}, dim)
          .cumprod(dim)
          .flip(dim);
  return grad * (before * after).conj();
}

/// f1 on the matrices of `a` (and the matching entries of `d`, `grad`)
/// where `mask` is set, f2 on the others (PyTorch's masked_fmap).
template <typename F1, typename F2>
at::Tensor maskedFmap(const at::Tensor &mask, const F1 &f1, const F2 &f2,
                      const at::Tensor &a, const at::Tensor &d,
                      const at::Tensor &grad) {
  at::Tensor aMasked = a.index({mask});
  if (aMasked.sym_numel() == a.sym_numel())
    return f1(a, d, grad);
  if (aMasked.sym_numel() == 0)
    return f2(a, d, grad);
  at::Tensor notMask = mask.logical_not();
  return at::empty_like(a)
      .index_put_({mask}, f1(aMasked, d.index({mask}), grad.index({mask})))
      .index_put_({notMask}, f2(a.index({notMask}), d.index({notMask}),
                                grad.index({notMask})));
}

/// PyTorch's linalg_det_backward: gA = conj(det) grad A^-H. For a first
/// derivative, from the forward's factors, a zero on U's diagonal moved to
/// epsilon (a singular matrix then gets conj(det) = 0 times a finite
/// solve); for higher ones the solve is recomputed from A, and matrices
/// with |det| < 100 epsilon take the adjugate from the SVD, which stays
/// differentiable there.
at::Tensor detBackward(const at::Tensor &grad, const at::Tensor &detA,
                       const at::Tensor &a, const at::Tensor &lu,
                       const at::Tensor &pivots) {
  at::NoTF32Guard noTF32;
  at::Tensor d = diagonalMatrices(grad * detA.conj(), pivots);
  double eps = epsilonOf(lu.scalar_type());
  if (!at::GradMode::is_enabled()) {
    at::Tensor perturbed =
        lu + at::diag_embed(at::where(lu.diagonal(0, -2, -1) == 0., eps, 0.));
    return linalgxLuSolve(perturbed, pivots, d, /*left=*/true,
                          /*adjoint=*/true);
  }
  auto nonsingular = [](const at::Tensor &a, const at::Tensor &d,
                        const at::Tensor &) {
    return linalgxSolve(a.mH(), d, /*left=*/true);
  };
  auto singular = [](const at::Tensor &a, const at::Tensor &,
                     const at::Tensor &grad) {
    auto [U, S, Vh] = at::linalg_svd(a);
    at::Tensor alpha = (linalgxDet(U) * linalgxDet(Vh)).conj() * grad;
    at::Tensor D = prodSafeZerosBackward(alpha.unsqueeze(-1), S, S.dim() - 1);
    return at::matmul(U * D.unsqueeze(-2), Vh);
  };
  // Tensor subclasses (fake and functional tensors among them) cannot pick
  // by a mask: that needs the mask's values.
  if (at::areAnyTensorSubclassLike({a, d, grad}))
    return singular(a, d, grad);
  return maskedFmap(detA.abs() < 100. * eps, singular, nonsingular, a, d, grad);
}

class DetFunction : public torch::autograd::Function<DetFunction> {
public:
  static variable_list forward(AutogradContext *ctx, const at::Tensor &a) {
    auto [detA, lu, pivots] = belowAutograd(detOp(), a);
    ctx->save_for_backward({a, detA, lu, pivots});
    ctx->mark_non_differentiable({lu, pivots});
    ctx->set_materialize_grads(false);
    return {detA, lu, pivots};
  }

  static variable_list backward(AutogradContext *ctx, variable_list grads) {
    variable_list saved = ctx->get_saved_variables();
    const at::Tensor &a = saved[0];
    if (!grads[0].defined() || a.sym_numel() == 0)
      return {at::Tensor()};
    return {detBackward(grads[0], saved[1], a, saved[2], saved[3])};
  }
};

/// PyTorch's slogdet_backward: gA = g A^-H with g = g_logabsdet, and for
/// complex A g = g_logabsdet - i Im(conj(g_sign) sign) (the real sign has
/// no gradient). Not differentiable at singular matrices, so no special
/// case; from the forward's factors for a first derivative.
at::Tensor slogdetBackward(const at::Tensor &gSign, const at::Tensor &gLog,
                           const at::Tensor &a, const at::Tensor &sign,
                           const at::Tensor &lu, const at::Tensor &pivots) {
  bool complex = a.is_complex();
  if (!gLog.defined() && (!complex || !gSign.defined()))
    return at::Tensor();
  at::NoTF32Guard noTF32;
  at::Tensor g = gLog;
  if (complex && gSign.defined()) {
    at::Tensor rotation =
        at::imag(gSign.conj() * sign) * c10::complex<double>(0, -1);
    g = g.defined() ? g + rotation : rotation;
  } else if (complex) {
    g = g.to(a.scalar_type());
  }
  at::Tensor d = diagonalMatrices(g, pivots);
  if (!at::GradMode::is_enabled())
    return linalgxLuSolve(lu, pivots, d, /*left=*/true, /*adjoint=*/true);
  return linalgxSolve(a.mH(), d, /*left=*/true);
}

class SlogdetFunction : public torch::autograd::Function<SlogdetFunction> {
public:
  static variable_list forward(AutogradContext *ctx, const at::Tensor &a) {
    auto [sign, logabsdet, lu, pivots] = belowAutograd(slogdetOp(), a);
    ctx->save_for_backward({a, sign, lu, pivots});
    ctx->mark_non_differentiable({lu, pivots});
    ctx->set_materialize_grads(false);
    return {sign, logabsdet, lu, pivots};
  }

  static variable_list backward(AutogradContext *ctx, variable_list grads) {
    variable_list saved = ctx->get_saved_variables();
    return {slogdetBackward(grads[0], grads[1], saved[0], saved[1], saved[2],
                            saved[3])};
  }
};

class InvExFunction : public torch::autograd::Function<InvExFunction> {
public:
  static variable_list forward(AutogradContext *ctx, const at::Tensor &a) {
    auto [inverse, info] = belowAutograd(invExOp(), a);
    ctx->save_for_backward({inverse});
    ctx->mark_non_differentiable({info});
    ctx->set_materialize_grads(false);
    return {inverse, info};
  }

  // PyTorch's linalg_inv_ex formula: gA = -A^-H gX A^-H.
  static variable_list backward(AutogradContext *ctx, variable_list grads) {
    if (!grads[0].defined())
      return {at::Tensor()};
    at::NoTF32Guard noTF32;
    at::Tensor inverseH = ctx->get_saved_variables()[0].mH();
    return {-at::matmul(inverseH, at::matmul(grads[0], inverseH))};
  }
};

at::Tensor luSolveAutograd(const at::Tensor &lu, const at::Tensor &pivots,
                           const at::Tensor &b, bool left, bool adjoint) {
  if (!recordsAutograd(lu, b))
    return belowAutograd(luSolveOp(), lu, pivots, b, left, adjoint);
  return LuSolveFunction::apply(lu, pivots, b, left, adjoint)[0];
}

std::tuple<at::Tensor, at::Tensor>
solveAutograd(const at::Tensor &a, const at::Tensor &b, bool left) {
  if (!recordsAutograd(a, b))
    return belowAutograd(solveOp(), a, b, left);
  variable_list out = SolveFunction::apply(a, b, left);
  return {out[0], out[1]};
}

std::tuple<at::Tensor, at::Tensor, at::Tensor>
detAutograd(const at::Tensor &a) {
  if (!recordsAutograd(a))
    return belowAutograd(detOp(), a);
  variable_list out = DetFunction::apply(a);
  return {out[0], out[1], out[2]};
}

std::tuple<at::Tensor, at::Tensor, at::Tensor, at::Tensor>
slogdetAutograd(const at::Tensor &a) {
  if (!recordsAutograd(a))
    return belowAutograd(slogdetOp(), a);
  variable_list out = SlogdetFunction::apply(a);
  return {out[0], out[1], out[2], out[3]};
}

std::tuple<at::Tensor, at::Tensor> invExAutograd(const at::Tensor &a) {
  if (!recordsAutograd(a))
    return belowAutograd(invExOp(), a);
  variable_list out = InvExFunction::apply(a);
  return {out[0], out[1]};
}

} // namespace

TORCH_LIBRARY_IMPL(linalgx, Autograd, m) {
  m.impl("lu", &luAutograd);
  m.impl("lu_factor_ex", &luFactorExAutograd);
  m.impl("linalg_lu", &linalgLuAutograd);
  m.impl("lu_unpack", &luUnpackAutograd);
  m.impl("lu_solve", &luSolveAutograd);
  m.impl("solve", &solveAutograd);
  m.impl("det", &detAutograd);
  m.impl("slogdet", &slogdetAutograd);
  m.impl("inv_ex", &invExAutograd);
}
