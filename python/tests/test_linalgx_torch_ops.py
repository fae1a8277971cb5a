"""The PyTorch operator library (torch.ops.linalgx, python/linalgx/csrc)
where no GPU is: its schemas, its Meta kernels (fake tensors, symbolic
shapes), its CPU kernels' errors, linalgx::lu_unpack (a composite that runs
on CPU tensors too, with its Autograd kernel) and linalgx.torch's argument
checks. The CUDA kernels are test/Integration/GPU/torch_ops_gpu.py's.

Skipped without PyTorch (scripts/run-tests.sh installs it where the CUDA 13
toolkit is); with PyTorch but without the operator library (built by
scripts/run-tests.sh into build/lib), the tests fail: the build broke."""

import os
import re

import pytest

torch = pytest.importorskip("torch", reason="PyTorch is not installed (scripts/run-tests.sh "
                                            "installs it where the CUDA 13 toolkit is)")

import linalgx.torch as lxt  # noqa: E402

SCHEMAS = {
    "lu": "linalgx::lu(Tensor A) -> (Tensor LU, Tensor pivots, Tensor permutation, Tensor info)",
    "lu_factor_ex": "linalgx::lu_factor_ex(Tensor A) -> (Tensor LU, Tensor pivots, Tensor info)",
    "linalg_lu": "linalgx::linalg_lu(Tensor A) -> (Tensor P, Tensor L, Tensor U)",
    "pivots_to_permutation": "linalgx::pivots_to_permutation(Tensor pivots, SymInt n) -> Tensor",
    "lu_unpack": "linalgx::lu_unpack(Tensor LU, Tensor permutation) -> (Tensor P, Tensor L, "
                 "Tensor U)",
    "lu_solve": "linalgx::lu_solve(Tensor LU, Tensor pivots, Tensor B, *, bool left=True, "
                "bool adjoint=False) -> Tensor",
    "solve": "linalgx::solve(Tensor A, Tensor B, *, bool left=True) -> (Tensor result, "
             "Tensor info)",
    "det": "linalgx::det(Tensor A) -> (Tensor result, Tensor LU, Tensor pivots)",
    "slogdet": "linalgx::slogdet(Tensor A) -> (Tensor sign, Tensor logabsdet, Tensor LU, "
               "Tensor pivots)",
    "inv_ex": "linalgx::inv_ex(Tensor A) -> (Tensor inverse, Tensor info)",
}


@pytest.fixture(scope="module")
def ops():
    operators = lxt.operators()
    assert operators is not None, "the operator library did not load: %s" % lxt.operators_error()
    return operators


def names(message, argument):
    return re.search(r"(?<![\w.])%s(?!\w)" % re.escape(argument), message) is not None


@pytest.mark.parametrize("name", sorted(SCHEMAS))
def test_schema(ops, name):
    assert str(getattr(ops, name).default._schema) == SCHEMAS[name]
    assert name in lxt.OPERATORS


def meta(*shape, dtype=torch.float64):
    return torch.empty(shape, dtype=dtype, device="meta")


@pytest.mark.parametrize("shape", [(5, 5), (3, 5, 4), (2, 1, 4, 6), (0, 3, 3)])
@pytest.mark.parametrize("dtype", [torch.float32, torch.float64, torch.complex64,
                                   torch.complex128])
def test_lu_meta_shapes(ops, shape, dtype):
    *batch, m, n = shape
    k = min(m, n)
    lu, pivots, permutation, info = ops.lu(meta(*shape, dtype=dtype))
    assert (lu.shape, lu.dtype) == (torch.Size(shape), dtype)
    assert (pivots.shape, pivots.dtype) == (torch.Size([*batch, k]), torch.int32)
    assert (permutation.shape, permutation.dtype) == (torch.Size([*batch, m]), torch.int32)
    assert (info.shape, info.dtype) == (torch.Size(batch), torch.int32)
    lu, pivots, info = ops.lu_factor_ex(meta(*shape, dtype=dtype))
    assert (lu.shape, pivots.shape, info.shape) == (torch.Size(shape), torch.Size([*batch, k]),
                                                    torch.Size(batch))
    unpacked = ops.lu_unpack(meta(*shape, dtype=dtype), meta(*batch, m, dtype=torch.int32))
    for p, l, u in (unpacked, ops.linalg_lu(meta(*shape, dtype=dtype))):
        assert (p.shape, l.shape, u.shape) == (torch.Size([*batch, m, m]),
                                               torch.Size([*batch, m, k]),
                                               torch.Size([*batch, k, n]))
        assert p.dtype == l.dtype == u.dtype == dtype


def test_solve_family_meta_shapes(ops):
    a, b = meta(2, 4, 4, dtype=torch.complex128), meta(2, 4, 3, dtype=torch.complex128)
    pivots = meta(2, 4, dtype=torch.int32)
    assert ops.lu_solve(a, pivots, b).shape == (2, 4, 3)
    result, info = ops.solve(a, b)
    assert (result.shape, info.shape, info.dtype) == ((2, 4, 3), (2,), torch.int32)
    result, lu, pivots = ops.det(a)
    assert (result.shape, result.dtype, lu.shape, pivots.shape) == ((2,), torch.complex128,
                                                                    (2, 4, 4), (2, 4))
    sign, logabsdet, _, _ = ops.slogdet(a)
    assert (sign.dtype, logabsdet.dtype) == (torch.complex128, torch.float64)
    inverse, info = ops.inv_ex(a)
    assert (inverse.shape, info.shape) == ((2, 4, 4), (2,))
    assert ops.pivots_to_permutation(meta(3, 4, dtype=torch.int64), 7).shape == (3, 7)


def test_symbolic_trace(ops):
    """The Meta kernels on symbolic sizes: a traced graph keeps the
    operators and gives the outputs symbolic shapes."""
    from torch.fx.experimental.proxy_tensor import make_fx

    def f(a):
        lu, _, permutation, _ = ops.lu(a)
        return ops.lu_unpack(lu, permutation)

    for function, operators in [(f, ["linalgx.lu.default", "linalgx.lu_unpack.default"]),
                                (ops.linalg_lu, ["linalgx.linalg_lu.default"])]:
        graph = make_fx(function, tracing_mode="symbolic")(
            torch.randn(3, 6, 4, dtype=torch.float64))
        targets = [str(node.target) for node in graph.graph.nodes
                   if node.op == "call_function"]
        assert all(operator in targets for operator in operators), targets
        outputs = [node for node in graph.graph.nodes if node.op == "output"][0].args[0]
        p_shape = outputs[0].meta["val"].shape
        assert len(p_shape) == 3 and any(isinstance(s, torch.SymInt) for s in p_shape)


def test_linalg_lu_records_both_steps_for_autograd(ops):
    """linalgx::linalg_lu with a gradient to record is linalgx::lu then
    linalgx::lu_unpack (each differentiated by its Autograd kernel); without
    one, the single operator."""
    a = torch.randn(5, 5, dtype=torch.float64, device="meta")
    p, l, u = ops.linalg_lu(a.requires_grad_())
    assert not p.requires_grad and l.requires_grad and u.requires_grad
    assert "LuUnpackFunction" in l.grad_fn.name(), l.grad_fn.name()
    with torch.no_grad():
        p, l, u = ops.linalg_lu(a)
    assert l.grad_fn is None and not l.requires_grad


def test_calls_without_gradients_record_nothing(ops):
    """The Autograd kernels skip Function::apply where nothing needs a
    gradient, with the same results, and still record where something does
    (or refuse a forward-mode tangent, as Function::apply does)."""
    _, lu, _, permutation = factors_and_permutation((5, 5), torch.float64, 5)
    plain = ops.lu_unpack(lu, permutation)
    assert all(t.grad_fn is None and not t.requires_grad for t in plain)
    x = lu.clone().requires_grad_()
    recorded = ops.lu_unpack(x, permutation)
    assert recorded[1].grad_fn is not None and recorded[2].requires_grad
    assert all(torch.equal(p, r.detach()) for p, r in zip(plain, recorded))
    with torch.no_grad():
        assert ops.lu_unpack(x, permutation)[1].grad_fn is None
    import torch.autograd.forward_ad as fwad
    with fwad.dual_level():
        dual = fwad.make_dual(lu.clone(), torch.ones_like(lu))
        with pytest.raises(RuntimeError, match="jvp is not implemented"):
            ops.lu_unpack(dual, permutation)


@pytest.mark.parametrize("op, args, argument", [
    ("lu", lambda: (torch.ones(3, 3, dtype=torch.float64),), "A"),
    ("lu_factor_ex", lambda: (torch.ones(3, 3, dtype=torch.float64),), "A"),
    ("linalg_lu", lambda: (torch.ones(3, 3, dtype=torch.float64),), "A"),
    ("pivots_to_permutation", lambda: (torch.zeros(2, dtype=torch.int32), 3), "pivots"),
    ("lu_solve", lambda: (torch.eye(3, dtype=torch.float64), torch.ones(3, dtype=torch.int32),
                          torch.ones(3, 1, dtype=torch.float64)), "LU"),
    ("solve", lambda: (torch.eye(3, dtype=torch.float64), torch.ones(3, dtype=torch.float64)),
     "A"),
    ("det", lambda: (torch.eye(3, dtype=torch.float64),), "A"),
    ("inv_ex", lambda: (torch.eye(3, dtype=torch.float64),), "A"),
])
def test_cpu_tensors_are_refused(ops, op, args, argument):
    with pytest.raises(RuntimeError) as raised:
        getattr(ops, op)(*args())
    message = str(raised.value).splitlines()[0]
    assert "CPU tensor" in message and names(message, argument), message


def factors_and_permutation(shape, dtype, seed):
    """A random A with LAPACK's factors (torch.linalg.lu_factor on the CPU)
    and the permutation of its pivots: A[perm] = L U."""
    generator = torch.Generator().manual_seed(seed)
    a = torch.randn(shape, dtype=dtype, generator=generator)
    lu, pivots = torch.linalg.lu_factor(a)
    m = shape[-2]
    permutation = torch.arange(m).expand(*shape[:-2], m).clone()
    flat_perm, flat_piv = permutation.reshape(-1, m), (pivots - 1).reshape(-1, pivots.shape[-1])
    for perm, piv in zip(flat_perm, flat_piv):
        for i, p in enumerate(piv.tolist()):
            perm[[i, p]] = perm[[p, i]]
    return a, lu, pivots, flat_perm.reshape(*shape[:-2], m).to(torch.int32)


@pytest.mark.parametrize("shape", [(6, 6), (3, 7, 5), (2, 5, 7), (1, 1)])
@pytest.mark.parametrize("dtype", [torch.float64, torch.complex64])
def test_lu_unpack_matches_torch(ops, shape, dtype):
    a, lu, pivots, permutation = factors_and_permutation(shape, dtype, 1)
    p, l, u = ops.lu_unpack(lu, permutation)
    p_ref, l_ref, u_ref = torch.lu_unpack(lu, pivots)
    assert torch.equal(p, p_ref) and torch.equal(l, l_ref) and torch.equal(u, u_ref)
    tolerance = 1e-12 if dtype == torch.float64 else 1e-5
    assert torch.allclose(p @ l @ u, a, atol=tolerance * max(shape[-2:]), rtol=0)
    p64, _, _ = ops.lu_unpack(lu, permutation.long())
    assert torch.equal(p64, p)


def test_lu_unpack_opcheck_and_gradients(ops):
    for shape in [(5, 5), (2, 6, 4), (4, 6)]:
        _, lu, _, permutation = factors_and_permutation(shape, torch.float64, 2)
        torch.library.opcheck(ops.lu_unpack.default, (lu.clone().requires_grad_(), permutation))
        x = lu.clone().requires_grad_()
        assert torch.autograd.gradcheck(lambda t: ops.lu_unpack(t, permutation)[1:], (x,))
        assert torch.autograd.gradgradcheck(lambda t: ops.lu_unpack(t, permutation)[1:], (x,))
        p, l, u = ops.lu_unpack(x, permutation)
        assert not p.requires_grad and l.requires_grad and u.requires_grad


def test_lu_unpack_compiles(ops):
    def f(lu, permutation):
        p, l, u = ops.lu_unpack(lu, permutation)
        return p @ l @ u

    compiled = torch.compile(f, fullgraph=True, dynamic=True, backend="aot_eager")
    for shape in [(5, 5), (3, 8, 8), (7, 4)]:
        _, lu, _, permutation = factors_and_permutation(shape, torch.float64, 3)
        assert torch.allclose(compiled(lu, permutation), f(lu, permutation), rtol=0, atol=0)


@pytest.mark.parametrize("case, argument", [
    (lambda lu, perm: (lu, perm[:5]), "permutation"),
    (lambda lu, perm: (lu, perm.double()), "permutation"),
    (lambda lu, perm: (lu[0], perm), "LU"),
    (lambda lu, perm: (lu, perm.to("meta")), "permutation"),
])
def test_lu_unpack_errors_name_the_argument(ops, case, argument):
    _, lu, _, permutation = factors_and_permutation((6, 6), torch.float64, 4)
    with pytest.raises(RuntimeError) as raised:
        ops.lu_unpack(*case(lu, permutation))
    message = str(raised.value).splitlines()[0]
    assert message.startswith("linalgx::lu_unpack") and names(message, argument), message


@pytest.mark.parametrize("function", [lxt.lu_factor, lxt.lu_factor_ex, lxt.lu])
def test_front_end_checks_before_any_gpu_work(function):
    with pytest.raises(ValueError, match=r"\bA is on cpu; .*torch\.linalg\.lu_factor"):
        function(torch.ones(3, 3, dtype=torch.float64))
    with pytest.raises(TypeError, match=r"expected a torch\.Tensor for A"):
        function([[1.0, 0.0], [0.0, 1.0]])


def test_operator_library_is_optimized():
    """The library's host code is a call's whole overhead over its kernel:
    scripts/run-tests.sh's build (cpp_extension.load, which adds no -O flag
    of its own) compiles C++ and CUDA host code with optimization."""
    build_dir = os.environ.get("LINALGX_BUILD_DIR") or os.path.join(
        os.path.dirname(__file__), "..", "..", "build")
    ninja = os.path.join(build_dir, "torch_operators", "build.ninja")
    if not os.path.isfile(ninja):
        pytest.skip("the operator library was not built with cpp_extension.load here")
    flags = dict(re.findall(r"^(\w+) = (.*)$", open(ninja).read(), re.M))
    assert re.search(r"(^| )-O[23]( |$)", flags["cflags"]), flags["cflags"]
    assert re.search(r"-Xcompiler -O[23]\b", flags["cuda_cflags"]), flags["cuda_cflags"]


def test_chain_graph_counts_start_at_zero(ops):
    """The kernel-chain graph cache's counts (captured, replayed, refused,
    evicted; torch_ops_gpu.py's chain_graphs and graph_budget check them on a
    GPU): four, all zero where no CUDA operator has run."""
    assert str(ops._chain_graph_counts.default._schema) == "linalgx::_chain_graph_counts() -> int[]"
    assert ops._chain_graph_counts() == [0, 0, 0, 0]
