"""linalgx.jax on a batch sharded over devices: under jax.jit with a
NamedSharding (1-D and 2-D meshes, explicit and auto mesh axes) and under
shard_map, lu and the solve functions run one linalgx call per device on
its own shard. Each check compares with the same call on one device (lu
exactly), checks the outputs' sharding, and checks in the compiled HLO that
there is no collective (all-gather, all-to-all, collective-permute, ...)
and that the linalgx call's result is one shard. Also: sharded matrix
dimensions, an uneven batch, gradients and vmap on a sharded batch, GSPMD
instead of Shardy; and, without devices, the CUDA calls' lowering and
symbolic shapes.

The sharded checks need several devices: JAX's CPU backend makes 4 with
XLA_FLAGS=--xla_force_host_platform_device_count=4, which JAX reads when it
starts its backends, once a process -- and pytest runs every file in one.
So this file run as a script, with that flag, is a child process that runs
every `check_*` function and prints a report line for each;
`test_sharded` spawns it once and asserts on each check's report. Skipped
where JAX or liblinalgx_jax_ffi.so is missing, as test_linalgx_jax.py."""

import contextlib
import json
import os
import re
import subprocess
import sys
import traceback

import numpy as np
import pytest

jax = pytest.importorskip("jax")
jax.config.update("jax_enable_x64", True)
import jax.numpy as jnp  # noqa: E402
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P  # noqa: E402

from linalgx import _native  # noqa: E402

if not any(os.path.isfile(os.path.join(d, "liblinalgx_jax_ffi.so"))
           for d in _native.candidate_library_dirs()):
    pytest.skip("liblinalgx_jax_ffi.so is not built (configure with a Python "
                "that has JAX)", allow_module_level=True)

import linalgx.jax as lxj  # noqa: E402
from test_linalgx_lu import random_matrix  # noqa: E402

DEVICES = 4
BATCH = 2 * DEVICES
SHARD = BATCH // DEVICES  # matrices a device factors
N = 5
REPORT = "linalgx-sharding-check: "
COLLECTIVES = ("all-gather", "all-to-all", "collective-permute", "all-reduce",
               "reduce-scatter")
HLO_TYPES = {np.dtype(np.float32): "f32", np.dtype(np.float64): "f64",
             np.dtype(np.complex64): "c64", np.dtype(np.complex128): "c128"}
DTYPES = [np.float32, np.float64, np.complex64, np.complex128]
AXIS_TYPES = [AxisType.Explicit, AxisType.Auto]
# The solve functions' results on a shard against the whole batch's: XLA's
# triangular solves and reductions do the same arithmetic for a matrix
# either way, but may vectorize a batch of 2 and one of 8 differently.
SOLVE_RTOL = 1e-12


# ---------------------------------------------------------------------------
# Helpers of the checks (in the child process, with DEVICES devices)
# ---------------------------------------------------------------------------

@contextlib.contextmanager
def case(*label):
    """Names the case in its failure (a failed check or JAX's error)."""
    try:
        yield
    except Exception as error:
        raise AssertionError("%s: %s" % (", ".join(map(str, label)), error)) from error


def batch_sharding(axis_type):
    mesh = jax.make_mesh((DEVICES,), ("batch",), axis_types=(axis_type,))
    return NamedSharding(mesh, P("batch"))


def linalgx_calls(text, target="linalgx_lu"):
    return [line for line in text.splitlines()
            if 'custom_call_target="%s"' % target in line]


def first_result_type(call):
    """'f64[2,5,5]' of an HLO line `%c = (f64[2,5,5]{2,1,0}, ...) custom-call(...)`."""
    return call.split(" = (", 1)[1].split("{", 1)[0]


def hlo_type(dtype, shape):
    return "%s[%s]" % (HLO_TYPES[np.dtype(dtype)], ",".join(map(str, shape)))


def assert_split(f, args, shard_shape, dtype=np.float64):
    """The compiled `f(*args)` has no collective and one linalgx_lu call,
    whose factors (its operand's shape) are `shard_shape`: one device's
    shard."""
    text = f.lower(*args).compile().as_text()
    found = [c for c in COLLECTIVES if c in text]
    assert not found, "collectives %s in the compiled HLO:\n%s" % (found, text)
    calls = linalgx_calls(text)
    assert len(calls) == 1, "%d linalgx_lu calls in\n%s" % (len(calls), text)
    assert first_result_type(calls[0]) == hlo_type(dtype, shard_shape), calls[0]


def assert_same(got, expected, rtol=0):
    """Equal leaves (rtol 0: exactly)."""
    got, expected = jax.tree.leaves(got), jax.tree.leaves(expected)
    assert len(got) == len(expected)
    for g, e in zip(got, expected):
        assert g.shape == e.shape and g.dtype == e.dtype, (g, e)
        np.testing.assert_allclose(np.asarray(g), np.asarray(e), rtol=rtol, atol=0)


def assert_sharded_like(outputs, sharding):
    """Each output sharded as `sharding` says for its leading dimensions,
    replicated over the others."""
    for output in jax.tree.leaves(outputs):
        assert output.sharding.is_equivalent_to(sharding, output.ndim), \
            (output.shape, output.sharding, sharding)


def solve_cases():
    """(name, function of a [..., N, N] and b [..., N, 3] with one batch)
    for each solve function; a vector right-hand side is a constant, the
    same on every device."""
    vector = np.arange(1.0, N + 1)
    return [
        ("solve", lxj.solve),
        ("solve a vector", lambda a, b: lxj.solve(a, vector)),
        ("inv", lambda a, b: lxj.inv(a)),
        ("det", lambda a, b: lxj.det(a)),
        ("slogdet", lambda a, b: lxj.slogdet(a)),
        ("lu_solve", lambda a, b: lxj.lu_solve(lxj.lu(a)[:2], b)),
        ("lu_solve trans=1", lambda a, b: lxj.lu_solve(lxj.lu(a)[:2], b, trans=1)),
        ("lu_solve trans=2", lambda a, b: lxj.lu_solve(lxj.lu(a)[:2], b, trans=2)),
        ("lu_solve a vector", lambda a, b: lxj.lu_solve(lxj.lu(a)[:2], vector)),
    ]


def systems(seed):
    """A batch of complex systems (trans=2 conjugates) a [BATCH, N, N],
    b [BATCH, N, 3]."""
    rng = np.random.default_rng(seed)
    return (random_matrix(rng, (BATCH, N, N), np.complex128),
            random_matrix(rng, (BATCH, N, 3), np.complex128))


# ---------------------------------------------------------------------------
# The checks
# ---------------------------------------------------------------------------

def check_lu_is_split_over_a_1d_mesh():
    rng = np.random.default_rng(1)
    cases = [(t, (BATCH, 6, 6)) for t in DTYPES] + [(np.float64, (BATCH, 7, 4)),
                                                     (np.float64, (DEVICES, 4, 7))]
    for axis_type in AXIS_TYPES:
        sharding = batch_sharding(axis_type)
        for dtype, shape in cases:
            a = random_matrix(rng, shape, dtype)
            x = jax.device_put(a, sharding)
            expected = lxj.lu_with_info(a)
            f = jax.jit(lxj.lu_with_info)
            with case(axis_type, np.dtype(dtype).name, shape):
                for got in (f(x), lxj.lu_with_info(x)):  # jitted and eager
                    assert_same(got, expected)
                    assert_sharded_like(got, sharding)
                assert_split(f, (x,), sharding.shard_shape(shape), dtype)


def check_lu_is_split_over_a_2d_mesh():
    """Two batch dimensions over a 2 x 2 mesh: each over an axis, one over
    both axes, one over one axis (the other axis's devices then factor the
    same shard)."""
    a = random_matrix(np.random.default_rng(2), (4, 8, N, N), np.float64)
    expected = lxj.lu(a)
    for axis_type in AXIS_TYPES:
        mesh = jax.make_mesh((2, 2), ("x", "y"), axis_types=(axis_type,) * 2)
        for spec in [P("x", "y"), P("y", "x"), P(("x", "y")), P(None, ("x", "y")), P("x"),
                     P(None, "y")]:
            sharding = NamedSharding(mesh, spec)
            x = jax.device_put(a, sharding)
            f = jax.jit(lxj.lu)
            with case(axis_type, spec):
                got = f(x)
                assert_same(got, expected)
                assert_sharded_like(got, sharding)
                assert_split(f, (x,), sharding.shard_shape(a.shape))


def check_solve_functions_are_split_under_jit():
    a, b = systems(3)
    for axis_type in AXIS_TYPES:
        sharding = batch_sharding(axis_type)
        x, y = jax.device_put(a, sharding), jax.device_put(b, sharding)
        for name, function in solve_cases():
            f = jax.jit(function)
            with case(axis_type, name):
                got = f(x, y)
                assert_same(got, function(a, b), rtol=SOLVE_RTOL)
                assert_sharded_like(got, sharding)
                assert_split(f, (x, y), (SHARD, N, N), np.complex128)


def check_shard_map_runs_a_call_on_each_shard():
    a, b = systems(4)
    cases = [("lu", lambda a, b: lxj.lu(a))] + solve_cases()
    for axis_type in AXIS_TYPES:
        sharding = batch_sharding(axis_type)
        x, y = jax.device_put(a, sharding), jax.device_put(b, sharding)
        for name, function in cases:
            f = jax.jit(jax.shard_map(function, mesh=sharding.mesh, in_specs=P("batch"),
                                      out_specs=P("batch")))
            with case(axis_type, name):
                got = f(x, y)
                assert_same(got, function(a, b), rtol=SOLVE_RTOL)
                assert_sharded_like(got, sharding)
                assert_split(f, (x, y), (SHARD, N, N), np.complex128)


def check_one_matrix_for_a_sharded_batch_of_right_hand_sides():
    """solve(a, b) with a [N, N] the same on every device and b's batch
    sharded: each device factors a and solves its own right-hand sides."""
    a, b = systems(5)
    a = a[0]
    expected = lxj.solve(a, b)
    for axis_type in AXIS_TYPES:
        sharding = batch_sharding(axis_type)
        replicated = NamedSharding(sharding.mesh, P())
        x, y = jax.device_put(a, replicated), jax.device_put(b, sharding)
        mapped = jax.shard_map(lxj.solve, mesh=sharding.mesh, in_specs=(P(), P("batch")),
                               out_specs=P("batch"))
        for name, f in [("jit", jax.jit(lxj.solve)), ("shard_map", jax.jit(mapped))]:
            with case(axis_type, name):
                got = f(x, y)
                assert_same(got, expected, rtol=SOLVE_RTOL)
                assert_sharded_like(got, sharding)
                assert_split(f, (x, y), (SHARD, N, N), np.complex128)


def check_vmap_and_gradients_on_a_sharded_batch():
    rng = np.random.default_rng(6)
    sharding = batch_sharding(AxisType.Explicit)
    a = random_matrix(rng, (BATCH, 3, N, N), np.float64)
    x = jax.device_put(a, sharding)
    f = jax.jit(jax.vmap(lxj.lu))
    got = f(x)
    assert_same(got, lxj.lu(a))
    assert_sharded_like(got, sharding)
    assert_split(f, (x,), (SHARD, 3, N, N))
    weights = random_matrix(rng, a.shape, np.float64)
    for name, function in [("lu", lambda m: lxj.lu(m)[0]), ("inv", lxj.inv)]:
        def loss(m):
            return jnp.sum(jnp.sin(function(m)) * weights)

        g = jax.jit(jax.grad(loss))
        with case("grad of " + name):
            got = g(x)
            assert_same(got, jax.grad(loss)(a), rtol=SOLVE_RTOL)
            assert_sharded_like(got, sharding)
            text = g.lower(x).compile().as_text()
            assert not [c for c in COLLECTIVES if c in text], text
            # The factorization's and the derivative's calls, each on the shard.
            calls = linalgx_calls(text)
            assert calls and all(first_result_type(c) == hlo_type(np.float64, (SHARD, 3, N, N))
                                 for c in calls), text


def check_sharded_matrix_dimensions():
    """Auto mesh axes: the partitioner gathers the matrices (a correct
    result, not split); explicit ones: an error that says what to do."""
    a = random_matrix(np.random.default_rng(7), (2, BATCH, BATCH), np.float64)
    expected = lxj.lu(a)
    sharding = NamedSharding(batch_sharding(AxisType.Auto).mesh, P(None, "batch"))
    x = jax.device_put(a, sharding)
    f = jax.jit(lxj.lu)
    assert_same(f(x), expected)
    assert "all-gather" in f.lower(x).compile().as_text()
    sharding = NamedSharding(batch_sharding(AxisType.Explicit).mesh, P(None, "batch"))
    try:
        lxj.lu(jax.device_put(a, sharding))
    except ValueError as error:
        assert re.search(r"linalgx\.jax\.lu: the matrix dimensions \(the last two\) cannot "
                         r"be sharded, got P\(None, 'batch', None\); .*reshard the operand to "
                         r"P\(None, None, None\)", str(error)), error
    else:
        raise AssertionError("no error for sharded matrix dimensions")


def check_uneven_batch():
    """6 matrices over 4 devices: JAX refuses to place them so (device_put,
    jit's in_shardings, shard_map); a sharding constraint inside jit is
    padded by the partitioner -- each device factors 2 matrices, the result
    is the unsharded one."""
    a = random_matrix(np.random.default_rng(8), (6, 4, 4), np.float64)
    expected = lxj.lu(a)
    for axis_type in AXIS_TYPES:
        sharding = batch_sharding(axis_type)
        placements = [
            (lambda: jax.device_put(a, sharding), "evenly divide"),
            (lambda: jax.jit(lxj.lu, in_shardings=sharding)(a), "evenly divide"),
            (lambda: jax.shard_map(lxj.lu, mesh=sharding.mesh, in_specs=P("batch"),
                                   out_specs=P("batch"))(a), "not evenly divisible")]
        for place, message in placements:
            try:
                place()
            except ValueError as error:
                assert message in str(error), error
            else:
                raise AssertionError("an uneven batch placed over %s mesh axes" % axis_type)
    sharding = batch_sharding(AxisType.Auto)
    f = jax.jit(lambda m: lxj.lu(jax.lax.with_sharding_constraint(m, sharding)))
    assert_same(f(a), expected)
    calls = linalgx_calls(f.lower(a).compile().as_text())
    assert [first_result_type(c) for c in calls] == [hlo_type(np.float64, (2, 4, 4))], calls


def check_gspmd_partitioner():
    """With GSPMD instead of Shardy (no sharding rule: the number of batch
    dimensions alone), the batch is split too."""
    a = random_matrix(np.random.default_rng(9), (BATCH, N, N), np.float64)
    sharding = batch_sharding(AxisType.Auto)
    x = jax.device_put(a, sharding)
    shardy = jax.config.jax_use_shardy_partitioner
    jax.config.update("jax_use_shardy_partitioner", False)
    try:
        f = jax.jit(lxj.lu)
        got = f(x)
        assert_same(got, lxj.lu(a))
        assert_sharded_like(got, sharding)
        assert_split(f, (x,), (SHARD, N, N))
    finally:
        jax.config.update("jax_use_shardy_partitioner", shardy)


CHECKS = [check_lu_is_split_over_a_1d_mesh, check_lu_is_split_over_a_2d_mesh,
          check_solve_functions_are_split_under_jit, check_shard_map_runs_a_call_on_each_shard,
          check_one_matrix_for_a_sharded_batch_of_right_hand_sides,
          check_vmap_and_gradients_on_a_sharded_batch, check_sharded_matrix_dimensions,
          check_uneven_batch, check_gspmd_partitioner]


def run_checks():
    """The child: every check, one report line each (its traceback if it
    failed)."""
    assert jax.device_count() == DEVICES, jax.devices()
    for check in CHECKS:
        try:
            check()
            failure = None
        except Exception:  # reported to the parent, which fails the test
            failure = traceback.format_exc()
        print(REPORT + json.dumps({"check": check.__name__, "failure": failure}), flush=True)


# ---------------------------------------------------------------------------
# The tests (in pytest's process)
# ---------------------------------------------------------------------------

@pytest.fixture(scope="module")
def reports():
    """Each check's failure (None if it passed), from one child process on
    DEVICES host devices."""
    python_dir = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    environment = dict(os.environ, JAX_PLATFORMS="cpu")
    environment["XLA_FLAGS"] = ("%s --xla_force_host_platform_device_count=%d"
                                % (os.environ.get("XLA_FLAGS", ""), DEVICES)).strip()
    environment["PYTHONPATH"] = os.pathsep.join(
        p for p in [python_dir, os.environ.get("PYTHONPATH")] if p)
    child = subprocess.run([sys.executable, os.path.abspath(__file__)], env=environment,
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                           universal_newlines=True, timeout=900)
    lines = [json.loads(line[len(REPORT):]) for line in child.stdout.splitlines()
             if line.startswith(REPORT)]
    assert child.returncode == 0 and lines, child.stdout[-5000:]
    return {line["check"]: line["failure"] for line in lines}


@pytest.mark.parametrize("check", CHECKS, ids=lambda check: check.__name__[len("check_"):])
def test_sharded(check, reports):
    assert check.__name__ in reports, sorted(reports)
    assert reports[check.__name__] is None, reports[check.__name__]


def cuda_custom_call(traced, target):
    """The `stablehlo.custom_call @target(...) ...` of `traced` lowered for
    CUDA (which needs no GPU), without its results' names."""
    text = traced.lower(lowering_platforms=("cuda",)).as_text()
    calls = [line.split(" = ", 1)[1] for line in text.splitlines()
             if "custom_call @%s(" % target in line]
    assert len(calls) == 1, text
    return calls[0]


def test_cuda_calls_carry_the_batch_rule():
    """The CUDA calls, lowered for CUDA here (they cannot run): the custom
    calls `jax.ffi.ffi_call` makes (the same operands, results, layouts and
    backend config) with the number of batch dimensions and Shardy's rule
    added, for linalgx_lu and for linalgx_solve (the fused solve, which
    only CUDA reaches)."""
    rng = np.random.default_rng(10)
    a = random_matrix(rng, (2, 3, N, N), np.float64)
    b = random_matrix(rng, (2, 3, N, 4), np.float64)
    int32 = np.dtype(np.int32)
    cases = [
        ("linalgx_lu", jax.jit(lxj.lu).trace(a), (a,),
         [jax.ShapeDtypeStruct(a.shape, a.dtype), jax.ShapeDtypeStruct((2, 3, N), int32),
          jax.ShapeDtypeStruct((2, 3, N), int32), jax.ShapeDtypeStruct((2, 3), int32)],
         "([i, j, k, l])->([i, j, m, n], [i, j, o], [i, j, p], [i, j]) "
         "{i=2, j=3, k=5, l=5, m=5, n=5, o=5, p=5} need_replication={k, l, m, n, o, p}"),
        ("linalgx_solve", jax.jit(lxj._fused_solve).trace(a, b), (a, b),
         [jax.ShapeDtypeStruct(b.shape, b.dtype), jax.ShapeDtypeStruct((2, 3), int32)],
         "([i, j, k, l], [i, j, m, n])->([i, j, o, p], [i, j]) "
         "{i=2, j=3, k=5, l=5, m=5, n=4, o=5, p=4} need_replication={k, l, m, n, o, p}"),
    ]
    for target, traced, operands, result_types, rule in cases:
        call = cuda_custom_call(traced, target)
        batch_rank = 'mhlo.frontend_attributes = {num_batch_dims = "2"}, '
        sharding_rule = ", sdy.sharding_rule = #sdy.op_sharding_rule<%s, custom>" % rule
        assert batch_rank in call and sharding_rule in call, call
        plain = jax.ffi.ffi_call(target, result_types, vmap_method="broadcast_all")
        assert call.replace(batch_rank, "").replace(sharding_rule, "") == \
            cuda_custom_call(jax.jit(plain).trace(*operands), target)


def test_symbolic_shapes_are_exported_unpartitioned():
    """jax.export with a symbolic batch: no batch rule (its factor sizes
    are unknown), and the exported call still runs."""
    from jax import export
    spec = jax.ShapeDtypeStruct(export.symbolic_shape("b, 4, 4"), np.float64)
    exported = export.export(jax.jit(lxj.lu), disabled_checks=[
        export.DisabledSafetyCheck.custom_call("linalgx_lu")])(spec)
    text = exported.mlir_module()
    assert "custom_call @linalgx_lu(" in text, text
    assert "num_batch_dims" not in text and "sdy.sharding_rule" not in text, text
    a = random_matrix(np.random.default_rng(11), (3, 4, 4), np.float64)
    assert_same(exported.call(a), lxj.lu(a))


if __name__ == "__main__":
    run_checks()
