//===- LinalgxTorchSolve.cpp - solve, determinants, inverse -----*- C++ -*-===//
//
// The CUDA, Meta and CPU kernels of torch.ops.linalgx's solve family
// (schemas in LinalgxTorchOps.cpp): lu_solve, solve, det, slogdet, inv_ex,
// with torch.linalg's shapes: batch dimensions broadcast (NumPy's rules),
// B a vector [..., N] for solve where torch.linalg.solve takes one, and
// left=False for X A = B. The kernels solve A X = B with the right-hand
// sides in the columns of row-major [batch, N, R] buffers, so the other
// systems become that one: X A = B is A^T X^T = B^T, and for lu_solve
// (whose kernels solve with A or A^H) X A = B is A^H X^H = B^H and
// X A^H = B is A X^H = B^H. Every output is a tensor of its own (no view of
// a temporary), contiguous, as the Meta kernels say.
//
// solve's info has A's batch shape, as torch.linalg.solve_ex's.
// Singular matrices are not errors: the solves give what LAPACK's getrs
// gives on such factors (infinities or NaN) with info > 0, the determinants
// exactly 0, and slogdet (0, -inf).
//
//===----------------------------------------------------------------------===//

#include "LinalgxTorchCommon.h"
#include "linalgx/CudaKernels.h"

#include <ATen/ATen.h>
#include <torch/library.h>

#include <algorithm>
#include <initializer_list>
#include <limits>
#include <tuple>
#include <utility>
#include <vector>

using linalgx::cuda_kernels::contiguous;
using linalgx::cuda_kernels::MemRef;
using linalgx::torch_ops::entryFor;
using linalgx::torch_ops::factoredByKernelChain;
using linalgx::torch_ops::isKernelType;
using linalgx::torch_ops::isVectorRhs;
using linalgx::torch_ops::onCpu;
using linalgx::torch_ops::onCurrentStream;
using linalgx::torch_ops::shapeText;
using linalgx::torch_ops::sizeText;

namespace {

using LuSolveEntry = void (*)(MemRef<3> *lu, MemRef<2> *pivots, MemRef<3> *rhs,
                              MemRef<3> *solution);
using SolveEntry = void (*)(MemRef<3> *a, MemRef<3> *rhs, MemRef<3> *solution,
                            MemRef<1> *info);
using DetEntry = void (*)(MemRef<3> *a, MemRef<3> *lu, MemRef<2> *pivots,
                          MemRef<1> *info, MemRef<1> *det);
using SlogdetEntry = void (*)(MemRef<3> *a, MemRef<3> *lu, MemRef<2> *pivots,
                              MemRef<1> *info, MemRef<1> *sign,
                              MemRef<1> *logabsdet);

using SymSizes = std::vector<c10::SymInt>;

//===----------------------------------------------------------------------===//
// Checks and shapes, on symbolic sizes (the Meta kernels share them)
//===----------------------------------------------------------------------===//

void checkKernelType(const at::Tensor &t, const char *op, const char *name) {
  TORCH_CHECK(isKernelType(t.scalar_type()), op, ": ", name,
              " must be float32, float64, complex64 or complex128, got ",
              t.scalar_type());
}

/// `t` holds square matrices [..., N, N] of a kernel dtype, N fitting the
/// int32 pivots.
void checkSquare(const at::Tensor &t, const char *op, const char *name) {
  checkKernelType(t, op, name);
  TORCH_CHECK(t.dim() >= 2 && t.sym_size(-1) == t.sym_size(-2), op, ": ", name,
              " must be square matrices [..., N, N], got shape ",
              shapeText(t.sym_sizes()));
  TORCH_CHECK(t.sym_size(-1) <= std::numeric_limits<int32_t>::max(), op, ": ",
              name, " has ", sizeText(t.sym_size(-1)), " x ",
              sizeText(t.sym_size(-1)),
              " matrices, too large for int32 pivots");
}

void checkSameType(const at::Tensor &t, const at::Tensor &reference,
                   const char *op, const char *name,
                   const char *referenceName) {
  TORCH_CHECK(t.scalar_type() == reference.scalar_type(), op, ": ", name,
              " must have the dtype of ", referenceName, " (",
              reference.scalar_type(), "), got ", t.scalar_type());
}

/// The CUDA kernels' own check: every tensor on the first one's device (the
/// dispatcher picks the CUDA kernel when any argument is a CUDA tensor).
void checkDevices(
    const char *op,
    std::initializer_list<std::pair<const at::Tensor &, const char *>>
        tensors) {
  const auto &[first, firstName] = *tensors.begin();
  for (const auto &[t, name] : tensors)
    TORCH_CHECK(t.device() == first.device(), op, ": ", name, " is on ",
                t.device(), " but ", firstName, " is on ", first.device(),
                "; the arguments must be on one CUDA device");
}

SymSizes batchOf(const at::Tensor &t, int64_t matrixRank) {
  auto sizes = t.sym_sizes();
  return SymSizes(sizes.begin(), sizes.end() - matrixRank);
}

SymSizes withTail(SymSizes batch, std::initializer_list<c10::SymInt> tail) {
  batch.insert(batch.end(), tail.begin(), tail.end());
  return batch;
}

/// NumPy's broadcast of two batch shapes, naming the arguments where they
/// do not broadcast.
SymSizes broadcastBatch(const SymSizes &x, const SymSizes &y, const char *op,
                        const char *xName, const char *yName) {
  size_t rank = std::max(x.size(), y.size());
  SymSizes out;
  for (size_t i = 0; i < rank; ++i) {
    // Aligned on the right; a missing dimension is a 1.
    c10::SymInt a = i + x.size() < rank ? 1 : x[i + x.size() - rank];
    c10::SymInt b = i + y.size() < rank ? 1 : y[i + y.size() - rank];
    TORCH_CHECK(a == b || a == 1 || b == 1, op, ": the batch dimensions of ",
                xName, " ", shapeText(x), " and ", yName, " ", shapeText(y),
                " do not broadcast");
    out.push_back(a == 1 ? b : a);
  }
  return out;
}

/// The system A X = B that a solve becomes: `batch` the broadcast batch,
/// A [batch, n, n], right-hand sides [batch, n, k] (k = 1 for a vector).
struct System {
  SymSizes batch;
  c10::SymInt n, k;
  bool vector = false;

  /// The shape of X: [batch, n] for a vector, else [batch, n, k], or
  /// [batch, k, n] for X A = B.
  SymSizes solutionShape(bool left) const {
    if (vector)
      return withTail(batch, {n});
    return left ? withTail(batch, {n, k}) : withTail(batch, {k, n});
  }
};

/// The right-hand sides B [..., N, K] (left) or [..., K, N] (not left) of
/// the N x N matrices named `aName`, whose batch is `aBatch`.
System matrixSystem(const SymSizes &aBatch, const c10::SymInt &n,
                    const at::Tensor &b, bool left, const char *op,
                    const char *aName) {
  TORCH_CHECK(b.dim() >= 2, op, ": B must be matrices [..., ",
              left ? "N, K" : "K, N", "], got shape ",
              shapeText(b.sym_sizes()));
  c10::SymInt rows = b.sym_size(left ? -2 : -1);
  TORCH_CHECK(rows == n, op, ": B must have ", sizeText(n),
              left ? " rows" : " columns", " (", aName, " is ", sizeText(n),
              " x ", sizeText(n), ", ", left ? "A X = B" : "X A = B",
              "), got shape ", shapeText(b.sym_sizes()));
  return {broadcastBatch(aBatch, batchOf(b, 2), op, aName, "B"), n,
          b.sym_size(left ? -1 : -2), false};
}

/// torch.linalg.solve's shapes of A and B (linalg_solve_is_vector_rhs for
/// vectors, which left=False does not take).
System solveSystem(const at::Tensor &a, const at::Tensor &b, bool left,
                   const char *op) {
  checkSquare(a, op, "A");
  checkSameType(b, a, op, "B", "A");
  c10::SymInt n = a.sym_size(-1);
  if (!isVectorRhs(a, b))
    return matrixSystem(batchOf(a, 2), n, b, left, op, "A");
  TORCH_CHECK(left, op, ": B of shape ", shapeText(b.sym_sizes()),
              " is a vector, which left=False does not take (X A = B needs "
              "B [..., K, N])");
  TORCH_CHECK(b.sym_size(-1) == n, op, ": the vector B must have ", sizeText(n),
              " entries (A is ", sizeText(n), " x ", sizeText(n),
              "), got shape ", shapeText(b.sym_sizes()));
  return {broadcastBatch(batchOf(a, 2), batchOf(b, 1), op, "A", "B"), n, 1,
          true};
}

/// torch.linalg.lu_solve's shapes of LU, pivots and B.
System luSolveSystem(const at::Tensor &lu, const at::Tensor &pivots,
                     const at::Tensor &b, bool left, const char *op) {
  checkSquare(lu, op, "LU");
  TORCH_CHECK(pivots.scalar_type() == at::kInt, op,
              ": pivots must be int32 (1-based, as torch.linalg.lu_factor "
              "gives them), got ",
              pivots.scalar_type());
  TORCH_CHECK(pivots.sym_sizes() == lu.sym_sizes().slice(0, lu.dim() - 1), op,
              ": pivots must have the shape of LU without its last dimension (",
              shapeText(lu.sym_sizes().slice(0, lu.dim() - 1)), "), got ",
              shapeText(pivots.sym_sizes()));
  checkSameType(b, lu, op, "B", "LU");
  return matrixSystem(batchOf(lu, 2), lu.sym_size(-1), b, left, op, "LU");
}

//===----------------------------------------------------------------------===//
// Buffers
//===----------------------------------------------------------------------===//

int64_t product(const SymSizes &sizes) {
  int64_t p = 1;
  for (const c10::SymInt &size : sizes)
    p *= size.expect_int();
  return p;
}

/// `t` as the kernels read it: contiguous row-major memory without a
/// conjugate or negative bit (copied only where it is not already).
at::Tensor rowMajor(const at::Tensor &t) {
  if (t.is_contiguous() && !t.is_conj() && !t.is_neg())
    return t;
  return at::empty(t.sizes(), t.options()).copy_(t);
}

/// A new contiguous tensor with the values of `view` (a transposed or
/// conjugated temporary): a result must not be a view of one.
at::Tensor copyOf(const at::Tensor &view) {
  return at::empty(view.sizes(), view.options()).copy_(view);
}

/// The descriptor of a contiguous tensor as [batch, rows, columns].
MemRef<3> matrices(const at::Tensor &t, int64_t batch, int64_t rows,
                   int64_t columns) {
  return contiguous<3>(t.data_ptr(), {batch, rows, columns});
}

/// The factors (LU, 1-based pivots, info) the determinant kernels write of
/// square matrices A [batch..., n, n]: scratch they do not allocate
/// themselves.
struct Factors {
  SymSizes batch;
  c10::SymInt n;
  at::Tensor lu, pivots, info;

  explicit Factors(const at::Tensor &a)
      : batch(batchOf(a, 2)), n(a.sym_size(-1)) {
    at::TensorOptions intOptions = a.options().dtype(at::kInt);
    lu = at::empty_symint(a.sym_sizes(), a.options());
    pivots = at::empty_symint(withTail(batch, {n}), intOptions);
    info = at::empty_symint(batch, intOptions);
  }
};

//===----------------------------------------------------------------------===//
// CUDA kernels
//===----------------------------------------------------------------------===//

// The kernels of 1-based pivots read torch.linalg.lu_factor's as they are.
LuSolveEntry luSolveEntry(at::ScalarType type, bool adjoint, const char *op) {
  if (adjoint)
    return entryFor<LuSolveEntry>(
        type, op, _mlir_ciface_linalgx_lu_solve_one_based_f32_adjoint,
        _mlir_ciface_linalgx_lu_solve_one_based_f64_adjoint,
        _mlir_ciface_linalgx_lu_solve_one_based_c32_adjoint,
        _mlir_ciface_linalgx_lu_solve_one_based_c64_adjoint);
  return entryFor<LuSolveEntry>(
      type, op, _mlir_ciface_linalgx_lu_solve_one_based_f32_none,
      _mlir_ciface_linalgx_lu_solve_one_based_f64_none,
      _mlir_ciface_linalgx_lu_solve_one_based_c32_none,
      _mlir_ciface_linalgx_lu_solve_one_based_c64_none);
}

SolveEntry solveEntry(at::ScalarType type, const char *op) {
  return entryFor<SolveEntry>(
      type, op, _mlir_ciface_linalgx_solve_f32, _mlir_ciface_linalgx_solve_f64,
      _mlir_ciface_linalgx_solve_c32, _mlir_ciface_linalgx_solve_c64);
}

at::Tensor luSolveCuda(const at::Tensor &luIn, const at::Tensor &pivotsIn,
                       const at::Tensor &bIn, bool left, bool adjoint) {
  const char *op = "linalgx::lu_solve";
  System system = luSolveSystem(luIn, pivotsIn, bIn, left, op);
  checkDevices(op, {{luIn, "LU"}, {pivotsIn, "pivots"}, {bIn, "B"}});
  // A X = B and A^H X = B as they are; X A = B as A^H X^H = B^H and
  // X A^H = B as A X^H = B^H.
  LuSolveEntry entry = luSolveEntry(luIn.scalar_type(), left == adjoint, op);
  int64_t batch = product(system.batch), n = system.n.expect_int(),
          k = system.k.expect_int();
  SymSizes rhsShape = withTail(system.batch, {system.n, system.k});
  at::Tensor lu = rowMajor(luIn.expand_symint(withTail(system.batch, {n, n})));
  at::Tensor pivots =
      rowMajor(pivotsIn.expand_symint(withTail(system.batch, {n})));
  at::Tensor rhs = rowMajor((left ? bIn : bIn.mH()).expand_symint(rhsShape));
  at::Tensor solution = at::empty_symint(rhsShape, luIn.options());
  if (batch > 0 && n > 0 && k > 0) {
    MemRef<3> luDesc = matrices(lu, batch, n, n);
    MemRef<2> pivDesc = contiguous<2>(pivots.data_ptr(), {batch, n});
    MemRef<3> rhsDesc = matrices(rhs, batch, n, k);
    MemRef<3> solDesc = matrices(solution, batch, n, k);
    onCurrentStream(luIn.device(),
                    [&] { entry(&luDesc, &pivDesc, &rhsDesc, &solDesc); });
  }
  return left ? solution : copyOf(solution.mH());
}

/// info of A's batch shape, as torch.linalg.solve_ex gives it, from the
/// kernel's `info` of the broadcast batch: the copies of a broadcast A have
/// the same factors, so each dimension A broadcast along is read at index 0.
at::Tensor infoOfA(const at::Tensor &info, const SymSizes &aBatch) {
  if (info.numel() == 0)
    return at::zeros_symint(aBatch, info.options()); // nothing was factored
  at::Tensor perA = info;
  while (perA.dim() > static_cast<int64_t>(aBatch.size()))
    perA = perA.select(0, 0);
  for (size_t d = 0; d < aBatch.size(); ++d)
    if (aBatch[d] == 1)
      perA = perA.narrow(d, 0, 1);
  return perA.sizes() == info.sizes() ? info : perA.clone();
}

std::tuple<at::Tensor, at::Tensor> solveCuda(const at::Tensor &aIn,
                                             const at::Tensor &bIn, bool left) {
  const char *op = "linalgx::solve";
  System system = solveSystem(aIn, bIn, left, op);
  checkDevices(op, {{aIn, "A"}, {bIn, "B"}});
  SolveEntry entry = solveEntry(aIn.scalar_type(), op);
  int64_t batch = product(system.batch), n = system.n.expect_int(),
          k = system.k.expect_int();
  SymSizes rhsShape = withTail(system.batch, {system.n, system.k});
  // X A = B is A^T X^T = B^T.
  at::Tensor a = rowMajor(
      (left ? aIn : aIn.mT()).expand_symint(withTail(system.batch, {n, n})));
  at::Tensor b = system.vector ? bIn.unsqueeze(-1) : bIn;
  at::Tensor rhs = rowMajor((left ? b : b.mT()).expand_symint(rhsShape));
  // A vector's solution [batch, n] is the [batch, n, 1] the kernel writes.
  at::Tensor solution = at::empty_symint(
      left ? system.solutionShape(true) : rhsShape, aIn.options());
  at::Tensor info =
      at::empty_symint(system.batch, aIn.options().dtype(at::kInt));
  if (batch > 0 && n > 0 && k > 0) {
    MemRef<3> aDesc = matrices(a, batch, n, n);
    MemRef<3> rhsDesc = matrices(rhs, batch, n, k);
    MemRef<3> solDesc = matrices(solution, batch, n, k);
    MemRef<1> infoDesc = contiguous<1>(info.data_ptr(), {batch});
    onCurrentStream(
        aIn.device(), [&] { entry(&aDesc, &rhsDesc, &solDesc, &infoDesc); },
        factoredByKernelChain(a));
  } else {
    info.zero_();
  }
  return {left ? solution : copyOf(solution.mT()),
          infoOfA(info, batchOf(aIn, 2))};
}

/// Runs a determinant kernel on `a`: `call(aDesc, luDesc, pivDesc, infoDesc,
/// batch)` unless there is nothing to factor; returns whether it ran.
template <typename Call>
bool onFactors(const at::Tensor &a, Factors &factors, Call call) {
  int64_t batch = product(factors.batch), n = factors.n.expect_int();
  if (batch == 0 || n == 0)
    return false;
  MemRef<3> aDesc = matrices(a, batch, n, n);
  MemRef<3> luDesc = matrices(factors.lu, batch, n, n);
  MemRef<2> pivDesc = contiguous<2>(factors.pivots.data_ptr(), {batch, n});
  MemRef<1> infoDesc = contiguous<1>(factors.info.data_ptr(), {batch});
  onCurrentStream(
      a.device(), [&] { call(aDesc, luDesc, pivDesc, infoDesc, batch); },
      factoredByKernelChain(a));
  return true;
}

std::tuple<at::Tensor, at::Tensor, at::Tensor> detCuda(const at::Tensor &aIn) {
  const char *op = "linalgx::det";
  checkSquare(aIn, op, "A");
  Factors factors(aIn);
  DetEntry entry = entryFor<DetEntry>(
      aIn.scalar_type(), op, _mlir_ciface_linalgx_det_f32,
      _mlir_ciface_linalgx_det_f64, _mlir_ciface_linalgx_det_c32,
      _mlir_ciface_linalgx_det_c64);
  at::Tensor a = rowMajor(aIn);
  at::Tensor det = at::empty_symint(factors.batch, aIn.options());
  bool ran =
      onFactors(a, factors,
                [&](MemRef<3> &aDesc, MemRef<3> &luDesc, MemRef<2> &pivDesc,
                    MemRef<1> &infoDesc, int64_t batch) {
                  MemRef<1> detDesc = contiguous<1>(det.data_ptr(), {batch});
                  entry(&aDesc, &luDesc, &pivDesc, &infoDesc, &detDesc);
                });
  if (!ran)
    det.fill_(1); // of 0 x 0 matrices (or none)
  return {det, factors.lu, factors.pivots};
}

std::tuple<at::Tensor, at::Tensor, at::Tensor, at::Tensor>
slogdetCuda(const at::Tensor &aIn) {
  const char *op = "linalgx::slogdet";
  checkSquare(aIn, op, "A");
  Factors factors(aIn);
  SlogdetEntry entry = entryFor<SlogdetEntry>(
      aIn.scalar_type(), op, _mlir_ciface_linalgx_slogdet_f32,
      _mlir_ciface_linalgx_slogdet_f64, _mlir_ciface_linalgx_slogdet_c32,
      _mlir_ciface_linalgx_slogdet_c64);
  at::Tensor a = rowMajor(aIn);
  at::Tensor sign = at::empty_symint(factors.batch, aIn.options());
  at::Tensor logabsdet = at::empty_symint(
      factors.batch,
      aIn.options().dtype(c10::toRealValueType(aIn.scalar_type())));
  bool ran = onFactors(
      a, factors,
      [&](MemRef<3> &aDesc, MemRef<3> &luDesc, MemRef<2> &pivDesc,
          MemRef<1> &infoDesc, int64_t batch) {
        MemRef<1> signDesc = contiguous<1>(sign.data_ptr(), {batch});
        MemRef<1> logDesc = contiguous<1>(logabsdet.data_ptr(), {batch});
        entry(&aDesc, &luDesc, &pivDesc, &infoDesc, &signDesc, &logDesc);
      });
  if (!ran) {
    sign.fill_(1);
    logabsdet.zero_();
  }
  return {sign, logabsdet, factors.lu, factors.pivots};
}

std::tuple<at::Tensor, at::Tensor> invExCuda(const at::Tensor &aIn) {
  const char *op = "linalgx::inv_ex";
  checkSquare(aIn, op, "A");
  SolveEntry entry = solveEntry(aIn.scalar_type(), op);
  SymSizes batchShape = batchOf(aIn, 2);
  int64_t batch = product(batchShape), n = aIn.size(-1);
  at::Tensor a = rowMajor(aIn);
  at::Tensor identities =
      rowMajor(at::eye(n, aIn.options()).expand(aIn.sizes()));
  at::Tensor inverse = at::empty(aIn.sizes(), aIn.options());
  at::Tensor info = at::empty_symint(batchShape, aIn.options().dtype(at::kInt));
  if (batch > 0 && n > 0) {
    MemRef<3> aDesc = matrices(a, batch, n, n);
    MemRef<3> rhsDesc = matrices(identities, batch, n, n);
    MemRef<3> invDesc = matrices(inverse, batch, n, n);
    MemRef<1> infoDesc = contiguous<1>(info.data_ptr(), {batch});
    onCurrentStream(
        aIn.device(), [&] { entry(&aDesc, &rhsDesc, &invDesc, &infoDesc); },
        factoredByKernelChain(a));
  } else {
    info.zero_();
  }
  return {inverse, info};
}

//===----------------------------------------------------------------------===//
// Meta kernels: the same checks and shapes, on symbolic sizes
//===----------------------------------------------------------------------===//

at::Tensor luSolveMeta(const at::Tensor &lu, const at::Tensor &pivots,
                       const at::Tensor &b, bool left, bool adjoint) {
  (void)adjoint;
  System system = luSolveSystem(lu, pivots, b, left, "linalgx::lu_solve");
  return at::empty_symint(system.solutionShape(left), lu.options());
}

std::tuple<at::Tensor, at::Tensor> solveMeta(const at::Tensor &a,
                                             const at::Tensor &b, bool left) {
  System system = solveSystem(a, b, left, "linalgx::solve");
  return {at::empty_symint(system.solutionShape(left), a.options()),
          at::empty_symint(batchOf(a, 2), a.options().dtype(at::kInt))};
}

std::tuple<at::Tensor, at::Tensor, at::Tensor> detMeta(const at::Tensor &a) {
  checkSquare(a, "linalgx::det", "A");
  Factors factors(a);
  return {at::empty_symint(factors.batch, a.options()), factors.lu,
          factors.pivots};
}

std::tuple<at::Tensor, at::Tensor, at::Tensor, at::Tensor>
slogdetMeta(const at::Tensor &a) {
  checkSquare(a, "linalgx::slogdet", "A");
  Factors factors(a);
  at::ScalarType real = c10::toRealValueType(a.scalar_type());
  return {at::empty_symint(factors.batch, a.options()),
          at::empty_symint(factors.batch, a.options().dtype(real)), factors.lu,
          factors.pivots};
}

std::tuple<at::Tensor, at::Tensor> invExMeta(const at::Tensor &a) {
  checkSquare(a, "linalgx::inv_ex", "A");
  return {at::empty_symint(a.sym_sizes(), a.options()),
          at::empty_symint(batchOf(a, 2), a.options().dtype(at::kInt))};
}

//===----------------------------------------------------------------------===//
// CPU kernels
//===----------------------------------------------------------------------===//

at::Tensor luSolveCpu(const at::Tensor &, const at::Tensor &,
                      const at::Tensor &, bool, bool) {
  onCpu("linalgx::lu_solve", "LU",
        "torch.linalg.lu_solve, or linalgx.lu_solve on NumPy arrays");
}
std::tuple<at::Tensor, at::Tensor> solveCpu(const at::Tensor &,
                                            const at::Tensor &, bool) {
  onCpu("linalgx::solve", "A",
        "torch.linalg.solve, or linalgx.solve on NumPy arrays");
}
std::tuple<at::Tensor, at::Tensor, at::Tensor> detCpu(const at::Tensor &) {
  onCpu("linalgx::det", "A",
        "torch.linalg.det, or linalgx.det on NumPy arrays");
}
std::tuple<at::Tensor, at::Tensor, at::Tensor, at::Tensor>
slogdetCpu(const at::Tensor &) {
  onCpu("linalgx::slogdet", "A",
        "torch.linalg.slogdet, or linalgx.slogdet on NumPy arrays");
}
std::tuple<at::Tensor, at::Tensor> invExCpu(const at::Tensor &) {
  onCpu("linalgx::inv_ex", "A",
        "torch.linalg.inv_ex, or linalgx.inv on NumPy arrays");
}

} // namespace

TORCH_LIBRARY_IMPL(linalgx, CUDA, m) {
  m.impl("lu_solve", &luSolveCuda);
  m.impl("solve", &solveCuda);
  m.impl("det", &detCuda);
  m.impl("slogdet", &slogdetCuda);
  m.impl("inv_ex", &invExCuda);
}

TORCH_LIBRARY_IMPL(linalgx, CPU, m) {
  m.impl("lu_solve", &luSolveCpu);
  m.impl("solve", &solveCpu);
  m.impl("det", &detCpu);
  m.impl("slogdet", &slogdetCpu);
  m.impl("inv_ex", &invExCpu);
}

TORCH_LIBRARY_IMPL(linalgx, Meta, m) {
  m.impl("lu_solve", &luSolveMeta);
  m.impl("solve", &solveMeta);
  m.impl("det", &detMeta);
  m.impl("slogdet", &slogdetMeta);
  m.impl("inv_ex", &invExMeta);
}
