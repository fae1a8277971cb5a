"""From a JAX export to linalgx (linalgx.import_jax, the linalgx-import-jax
command): the modules jax.export writes for jax.lax.linalg.lu,
jax.scipy.linalg.lu, jax.scipy.linalg.lu_factor,
jax.lax.linalg.lu_pivots_to_permutation, and for what is built on the LU
(jax.numpy.linalg.solve, inv, det and slogdet, jax.scipy.linalg.lu_solve) -- exported
here, with the JAX that is installed, for the cpu and cuda platforms (no GPU
needed), in the four dtypes, batched and shape-polymorphic -- imported,
compiled with the CPU pipeline, run on random input and compared with JAX's
own results; the command and linalgx-runner on an imported module; the
errors."""

import os
import re
import subprocess
import sys
import zlib

import numpy as np
import pytest

jax = pytest.importorskip("jax")
jax.config.update("jax_enable_x64", True)
from jax import export  # noqa: E402

import linalgx  # noqa: E402
from linalgx import import_jax  # noqa: E402
from test_linalgx_lu import random_matrix  # noqa: E402

REPO = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
BUILD = os.environ.get("LINALGX_BUILD_DIR", os.path.join(REPO, "build"))
PLATFORMS = ["cpu", "cuda"]
DTYPES = [np.float32, np.float64, np.complex64, np.complex128]


def permutation_of_8(pivots):
    return jax.lax.linalg.lu_pivots_to_permutation(pivots, 8)


FUNCTIONS = {
    "lax.linalg.lu": jax.lax.linalg.lu,
    "scipy.linalg.lu": jax.scipy.linalg.lu,
    "scipy.linalg.lu_factor": jax.scipy.linalg.lu_factor,
}


def spec(shape, dtype, symbolic=None):
    if symbolic:
        return jax.ShapeDtypeStruct(export.symbolic_shape(symbolic), dtype)
    return jax.ShapeDtypeStruct(shape, dtype)


def run_imported(function, platform, argument_spec, argument):
    exported = export.export(jax.jit(function), platforms=[platform])(argument_spec)
    module = linalgx.compile(import_jax.import_exported(exported))
    got = module["main"](argument)
    return got if isinstance(got, tuple) else (got,)


def assert_matches_jax(got, want, dtype):
    want = tuple(want) if isinstance(want, (tuple, list)) else (want,)
    assert len(got) == len(want)
    tolerance = 200 * np.finfo(np.float32 if dtype in (np.float32, np.complex64)
                               else np.float64).eps
    for g, w in zip(got, want):
        w = np.asarray(w)
        assert g.shape == w.shape and g.dtype == w.dtype
        if np.issubdtype(w.dtype, np.integer):
            np.testing.assert_array_equal(g, w)  # pivots, permutations
        else:  # factors, L, U, P: to rounding (random input has no pivot ties)
            scale = max(1.0, float(np.abs(w).max()))
            assert float(np.abs(g - w).max()) <= tolerance * scale


# (shape of the input, symbolic specification or None)
SHAPES = [((6, 6), None), ((3, 5, 5), None), ((4, 6), None), ((6, 4), None),
          ((3, 5, 5), "b, 5, 5"), ((2, 6, 6), "b, m, n")]


@pytest.mark.parametrize("platform", PLATFORMS)
@pytest.mark.parametrize("name,shape,symbolic", [
    (name, shape, symbolic) for name in FUNCTIONS for shape, symbolic in SHAPES
    # jax.scipy.linalg.lu takes one matrix.
    if name != "scipy.linalg.lu" or len(shape) == 2])
def test_lu_exports_run_with_jax_results(platform, name, shape, symbolic):
    dtype = np.float64
    rng = np.random.default_rng(zlib.crc32(repr((platform, name, shape, symbolic)).encode()))
    a = random_matrix(rng, shape, dtype)
    got = run_imported(FUNCTIONS[name], platform, spec(shape, dtype, symbolic), a)
    assert_matches_jax(got, FUNCTIONS[name](a), dtype)


@pytest.mark.parametrize("platform", PLATFORMS)
@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("name", list(FUNCTIONS))
def test_every_dtype(platform, dtype, name):
    shape = (5, 5) if name == "scipy.linalg.lu" else (2, 5, 5)
    rng = np.random.default_rng(zlib.crc32(repr((platform, name, np.dtype(dtype).name)).encode()))
    a = random_matrix(rng, shape, dtype)
    got = run_imported(FUNCTIONS[name], platform, spec(shape, dtype), a)
    assert_matches_jax(got, FUNCTIONS[name](a), dtype)


@pytest.mark.parametrize("platform", PLATFORMS)
@pytest.mark.parametrize("symbolic", [None, "b, 4"])
def test_pivots_to_permutation_export(platform, symbolic):
    pivots = np.array([[3, 1, 7, 3], [0, 0, 2, 6], [5, 4, 7, 3]], np.int32)
    got = run_imported(permutation_of_8, platform, spec(pivots.shape, np.int32, symbolic), pivots)
    np.testing.assert_array_equal(got[0], np.asarray(permutation_of_8(pivots)))


def test_the_cpu_permutation_loop_becomes_one_op():
    exported = export.export(jax.jit(jax.lax.linalg.lu), platforms=["cpu"])(spec((3, 6, 6), np.float64))
    assert "stablehlo.while" in exported.mlir_module()
    text = import_jax.import_exported(exported)
    assert "stablehlo" not in text and "closed_call" not in text
    assert text.count("linalgx.pivots_to_permutation") == 1 and text.count("linalgx.lu ") == 1


def lu_solve_of_factored(a, b):
    return jax.scipy.linalg.lu_solve(jax.scipy.linalg.lu_factor(a), b)


# (function, shapes of its arguments or symbolic specifications)
SOLVES = {
    "numpy.linalg.solve": (jax.numpy.linalg.solve, [(4, 5, 5), (4, 5, 2)]),
    "numpy.linalg.solve vector": (jax.numpy.linalg.solve, [(6, 6), (6,)]),
    "numpy.linalg.inv": (jax.numpy.linalg.inv, [(3, 6, 6)]),
    "scipy.linalg.lu_solve": (lu_solve_of_factored, [(5, 5), (5, 3)]),
}


def run_solve_export(function, platform, specs, arguments):
    exported = export.export(jax.jit(function), platforms=[platform])(*specs)
    text = import_jax.import_exported(exported)
    # JAX's two triangular solves became one lu_solve; the rest is lowered.
    assert text.count("linalgx.lu_solve") == 1 and "stablehlo" not in text
    return linalgx.compile(text)["main"](*arguments)


@pytest.mark.parametrize("platform", PLATFORMS)
@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("name", list(SOLVES))
def test_solve_exports_run_with_jax_results(platform, dtype, name):
    function, shapes = SOLVES[name]
    rng = np.random.default_rng(zlib.crc32(repr((platform, name, np.dtype(dtype).name)).encode()))
    arguments = [random_matrix(rng, shape, dtype) for shape in shapes]
    got = run_solve_export(function, platform, [spec(s, dtype) for s in shapes], arguments)
    assert_matches_jax((got,), function(*arguments), dtype)


def symbolic_solve_specs(symbolic, dtype=np.float64):
    """The specifications of A (`symbolic`) and of a B of two columns."""
    a_spec = jax.ShapeDtypeStruct(export.symbolic_shape(symbolic), dtype)
    b_spec = jax.ShapeDtypeStruct(export.symbolic_shape(
        symbolic.rsplit(",", 1)[0] + ", 2", scope=a_spec.shape[0].scope), dtype)
    return [a_spec, b_spec]


@pytest.mark.parametrize("platform", PLATFORMS)
@pytest.mark.parametrize("symbolic", ["b, 5, 5", "b, n, n"])
def test_shape_polymorphic_solve_exports(platform, symbolic):
    """The batch (and N) symbolic: dynamic_reshape and, for a symbolic N,
    dynamic_gather around the triangular solves."""
    rng = np.random.default_rng(zlib.crc32(repr((platform, symbolic)).encode()))
    a, b = random_matrix(rng, (3, 5, 5), np.float64), random_matrix(rng, (3, 5, 2), np.float64)
    got = run_solve_export(jax.numpy.linalg.solve, platform, symbolic_solve_specs(symbolic),
                           [a, b])
    assert_matches_jax((got,), jax.numpy.linalg.solve(a, b), np.float64)


@pytest.mark.parametrize("platform", PLATFORMS)
@pytest.mark.parametrize("dtype", [np.float64, np.complex64])
def test_shape_polymorphic_solve_lowers_for_the_gpu(platform, dtype):
    """With a symbolic batch, the import reshapes the right-hand sides to a
    dynamic shape (tensor.reshape ?x5x1x2 -> ?x5x2). linalgx-gpu-pipeline
    used to leave the memref.reshape this bufferizes to in its output
    (upstream's gpu-to-llvm does not lower one with a dynamic result), and
    linalgx-runner --target=cuda failed to translate the module to LLVM IR.
    Every operation left must be LLVM's, or the GPU binary (PTX here: no
    ptxas needed) and its launches."""
    exported = export.export(jax.jit(jax.numpy.linalg.solve), platforms=[platform])(
        *symbolic_solve_specs("b, 5, 5", dtype))
    text = import_jax.import_exported(exported)
    assert re.search(r"tensor\.reshape .*-> tensor<\?x", text)
    lowered = subprocess.run([os.path.join(BUILD, "bin", "linalgx-opt"),
                              "--linalgx-gpu-pipeline=format=isa", "-"],
                             input=text, capture_output=True, text=True)
    assert lowered.returncode == 0, lowered.stderr
    operations = set(re.findall(r"^\s*(?:%[^=]+= )?\"?([a-z_]+\.[a-z_.]+)", lowered.stdout,
                                re.M))
    assert "gpu.binary" in operations
    assert {name for name in operations if not name.startswith("llvm.")} <= {
        "gpu.binary", "gpu.launch_func"}, operations


def test_a_lone_triangular_solve_is_named():
    def lower_solve(a, b):
        return jax.scipy.linalg.solve_triangular(a, b, lower=True)

    exported = export.export(jax.jit(lower_solve), platforms=["cpu"])(
        spec((4, 4), np.float64), spec((4, 1), np.float64))
    with pytest.raises(linalgx.CompilationError,
                       match=r"cannot import JAX's custom call @lapack_dtrsm_ffi: only the two "
                             r"triangular solves of jax.lax.linalg.lu_solve"):
        import_jax.import_exported(exported)


def slogdet_pair(a):
    return tuple(jax.numpy.linalg.slogdet(a))


@pytest.mark.parametrize("platform", PLATFORMS)
@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("function", [jax.numpy.linalg.det, slogdet_pair],
                         ids=["det", "slogdet"])
@pytest.mark.parametrize("shape", [(4, 5, 5), (6, 6)])
def test_determinant_exports_run_with_jax_results(platform, dtype, function, shape):
    """jnp.linalg.det and slogdet: the LU becomes linalgx.lu; JAX's
    diagonal (a gather), parity (a count of pivots that moved, a remainder),
    log|.| sums (reduce), sign and exp are lowered around it."""
    rng = np.random.default_rng(zlib.crc32(repr((platform, np.dtype(dtype).name, shape,
                                                  function.__name__)).encode()))
    a = random_matrix(rng, shape, dtype)
    exported = export.export(jax.jit(function), platforms=[platform])(spec(shape, dtype))
    text = import_jax.import_exported(exported)
    assert text.count("linalgx.lu ") == 1 and "stablehlo" not in text
    got = linalgx.compile(text)["main"](a)
    assert_matches_jax(got if isinstance(got, tuple) else (got,), function(a), dtype)


# Gathers as JAX writes them (indices clamped into range, negative ones
# wrapped by JAX before the gather), imported without an LU around them.
GATHERS = {
    "columns": lambda x, i: x[:, i[0]],
    "rows of each matrix": lambda x, i: jax.vmap(lambda m, p: m[p, :])(x, i),
    "out of range": lambda x, i: x[3 * i[0] - 2],
}


@pytest.mark.parametrize("name", list(GATHERS))
def test_gathers_run_with_jax_results(name):
    rng = np.random.default_rng(zlib.crc32(name.encode()))
    x = rng.standard_normal((8, 5, 2))
    i = np.stack([rng.permutation(5) for _ in range(8)]).astype(np.int32)
    exported = export.export(jax.jit(GATHERS[name]), platforms=["cpu"])(
        spec(x.shape, x.dtype), spec(i.shape, i.dtype))
    got = linalgx.compile(import_jax.import_exported(exported))["main"](x, i)
    want = GATHERS[name](jax.numpy.asarray(x), jax.numpy.asarray(i))
    np.testing.assert_array_equal(got, np.asarray(want))


@pytest.mark.parametrize("form", ["text", "serialize", "mlir_module_serialized"])
def test_every_form_of_an_export(form):
    exported = export.export(jax.jit(jax.lax.linalg.lu), platforms=["cuda"])(spec((4, 4), np.float32))
    source = {"text": lambda: exported.mlir_module(),
              "serialize": lambda: bytes(exported.serialize()),
              "mlir_module_serialized": lambda: bytes(exported.mlir_module_serialized)}[form]()
    text = import_jax.import_exported(source)
    assert "linalgx.lu" in text and "linalgx.pivots_to_permutation" in text


def test_an_unsupported_operation_is_named_with_its_location():
    def factor_then_sine(a):
        return jax.numpy.sin(jax.lax.linalg.lu(a)[0])

    exported = export.export(jax.jit(factor_then_sine), platforms=["cpu"])(spec((4, 4), np.float64))
    with pytest.raises(linalgx.CompilationError,
                       match=r"<jax export>:\d+:\d+: error: 'stablehlo.sine' is not one of the "
                             r"StableHLO operations"):
        import_jax.import_exported(exported)


def test_input_that_is_no_export():
    with pytest.raises(linalgx.LinalgXError, match="cannot parse"):
        import_jax.import_exported("this is not MLIR")
    with pytest.raises(linalgx.LinalgXError, match="neither a serialized"):
        import_jax.import_exported(b"\x00\x01 not an artifact")


def command(*args, **kwargs):
    environment = dict(os.environ, PYTHONPATH=os.path.join(REPO, "python"))
    return subprocess.run([sys.executable, "-m", "linalgx.import_jax", *args], env=environment,
                          capture_output=True, text=True, **kwargs)


@pytest.mark.parametrize("name,shape,dtype,symbolic", [
    ("lax.linalg.lu", (2, 4, 4), np.float64, None),
    ("lax.linalg.lu", (3, 4, 6), np.complex64, "b, m, n"),
    ("scipy.linalg.lu", (5, 3), np.float32, None)])
def test_command_and_runner(tmp_path, name, shape, dtype, symbolic):
    """linalgx-import-jax on exported.mlir_module() text with --run-with,
    then linalgx-runner on the result: JAX's results, printed exactly."""
    a = random_matrix(np.random.default_rng(7), shape, dtype)
    exported = export.export(jax.jit(FUNCTIONS[name]), platforms=["cpu"])(
        spec(shape, dtype, symbolic))
    source = tmp_path / "export.mlir"
    source.write_text(exported.mlir_module())
    np.save(tmp_path / "a.npy", a)
    program = tmp_path / "run.mlir"
    result = command(str(source), "--run-with", str(tmp_path / "a.npy"), "-o", str(program))
    assert result.returncode == 0, result.stderr
    run = subprocess.run([os.path.join(BUILD, "bin", "linalgx-runner"), str(program),
                          "-e", "linalgx_run"], capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    assert_matches_jax(tuple(import_jax.read_printed(run.stdout)), FUNCTIONS[name](a), dtype)


def test_runner_entry_checks_its_inputs():
    exported = export.export(jax.jit(jax.lax.linalg.lu), platforms=["cpu"])(spec((4, 4), np.float64))
    text = import_jax.import_exported(exported)
    with pytest.raises(linalgx.LinalgXError, match="does not fit"):
        import_jax.add_runner_entry(text, [np.zeros((3, 4))])
    with pytest.raises(linalgx.LinalgXError, match="takes 1 arguments, 2 inputs"):
        import_jax.add_runner_entry(text, [np.zeros((4, 4))] * 2)


def test_command_errors(tmp_path):
    bad = tmp_path / "bad.mlir"
    bad.write_text("func.func @f() { return }\n\"stablehlo.sine\"() : () -> ()\n")
    result = command(str(bad))
    assert result.returncode == 1 and "bad.mlir" in result.stderr
    missing = command(str(tmp_path / "missing.mlir"))
    assert missing.returncode == 1 and "cannot read" in missing.stderr


# -- For compilers without linalgx (IREE): upstream ops only ---------------

IREE_CASES = [("lax.linalg.lu", (75, 75), np.float64, None),
              ("lax.linalg.lu", (64, 75, 75), np.float64, None),
              ("lax.linalg.lu", (8, 16, 16), np.complex64, None),
              ("lax.linalg.lu", (3, 4, 6), np.float32, None),
              ("lax.linalg.lu", (6, 5, 5), np.float32, "b, 5, 5"),
              ("scipy.linalg.lu", (6, 6), np.float64, None),
              ("scipy.linalg.lu_factor", (3, 6, 4), np.complex128, None)]


@pytest.mark.parametrize("platform", PLATFORMS)
@pytest.mark.parametrize("name,shape,dtype,symbolic", IREE_CASES)
def test_for_iree_the_lowering_to_linalg_keeps_the_results(platform, name, shape, dtype,
                                                            symbolic):
    """import_exported(for_iree=True) leaves no linalgx op; linalgx's CPU
    pipeline runs the loops it wrote with JAX's results."""
    a = random_matrix(np.random.default_rng(3), shape, dtype)
    exported = export.export(jax.jit(FUNCTIONS[name]), platforms=[platform])(
        spec(shape, dtype, symbolic))
    text = import_jax.import_exported(exported, for_iree=True)
    assert "linalgx." not in text and "linalg.generic" in text
    got = linalgx.compile(text)["main"](a)
    assert_matches_jax(got if isinstance(got, tuple) else (got,), FUNCTIONS[name](a), dtype)


def test_for_iree_pivots_to_permutation():
    pivots = np.array([[3, 1, 7, 3], [0, 0, 2, 6]], np.int32)
    exported = export.export(jax.jit(permutation_of_8), platforms=["cuda"])(
        spec(pivots.shape, np.int32))
    text = import_jax.import_exported(exported, for_iree=True)
    assert "linalgx." not in text
    np.testing.assert_array_equal(linalgx.compile(text)["main"](pivots),
                                  np.asarray(permutation_of_8(pivots)))


IREE_RUNS = [pytest.param(*case, marks=pytest.mark.xfail(
    strict=True, reason="IREE 3.13 returns a wrong permutation for the shape-polymorphic "
    "export (the same module is right through linalgx's CPU pipeline, "
    "test_for_iree_the_lowering_to_linalg_keeps_the_results)")) if case[3] else case
    for case in IREE_CASES]


def run_with_iree(text, arguments):
    """@main of `text` compiled by IREE for llvm-cpu and run on local-task:
    its results as a tuple of NumPy arrays."""
    iree_compiler = pytest.importorskip("iree.compiler")
    iree_runtime = pytest.importorskip("iree.runtime")
    binary = iree_compiler.compile_str(
        text, target_backends=["llvm-cpu"],
        extra_args=["--iree-input-demote-f64-to-f32=false",
                    "--iree-llvmcpu-target-cpu=generic"])
    module = iree_runtime.load_vm_flatbuffer(binary, driver="local-task")
    results = module.main(*arguments)
    # Copies: a view would outlive IREE's buffers.
    return tuple(np.array(x) for x in results) if isinstance(results, (tuple, list)) else (
        np.array(results),)


@pytest.mark.parametrize("name,shape,dtype,symbolic", IREE_RUNS)
def test_iree_compiles_and_runs_jax_lu(name, shape, dtype, symbolic):
    """IREE (llvm-cpu, local-task) on JAX's LU export imported for IREE."""
    a = random_matrix(np.random.default_rng(5), shape, dtype)
    exported = export.export(jax.jit(FUNCTIONS[name]), platforms=["cpu"])(
        spec(shape, dtype, symbolic))
    got = run_with_iree(import_jax.import_exported(exported, for_iree=True), [a])
    assert_matches_jax(got, FUNCTIONS[name](a), dtype)


IREE_SOLVES = {"numpy.linalg.solve": SOLVES["numpy.linalg.solve"],
               "numpy.linalg.inv": SOLVES["numpy.linalg.inv"],
               "scipy.linalg.lu_solve": SOLVES["scipy.linalg.lu_solve"],
               "numpy.linalg.det": (jax.numpy.linalg.det, [(4, 5, 5)]),
               "numpy.linalg.slogdet": (slogdet_pair, [(4, 5, 5)])}


@pytest.mark.parametrize("name", list(IREE_SOLVES))
def test_iree_compiles_and_runs_jax_solves(name):
    """IREE (llvm-cpu, local-task) on JAX's solve, inverse and determinant
    exports imported for IREE: linalgx.lu and lu_solve through
    convert-linalgx-to-linalg, JAX's own code around them."""
    function, shapes = IREE_SOLVES[name]
    rng = np.random.default_rng(zlib.crc32(name.encode()))
    arguments = [random_matrix(rng, shape, np.float64) for shape in shapes]
    exported = export.export(jax.jit(function), platforms=["cpu"])(
        *[spec(shape, np.float64) for shape in shapes])
    got = run_with_iree(import_jax.import_exported(exported, for_iree=True), arguments)
    assert_matches_jax(got, function(*arguments), np.float64)


CUDA_DISPATCH_CASES = [("lax.linalg.lu", (64, 75, 75), np.float64, 5),
                       ("lax.linalg.lu", (75, 75), np.float32, 5),
                       ("scipy.linalg.lu_factor", (3, 6, 4), np.complex128, 4),
                       ("scipy.linalg.lu", (16, 16), np.float32, 5)]


def dispatches(text):
    """(export name, number of bindings, PTX) of each hal.dispatch.extern."""
    found = []
    for match in re.finditer(r'export_name = "(\w+)", layout = #hal\.pipeline\.layout<'
                             r'bindings = \[([^\]]*)\]>.*?data = dense<"0x([0-9A-F]+)">', text):
        found.append((match.group(1), match.group(2).count("#hal.pipeline.binding"),
                      bytes.fromhex(match.group(3)).decode()))
    return found


@pytest.mark.parametrize("name,shape,dtype,bindings", CUDA_DISPATCH_CASES)
def test_for_iree_cuda_dispatches_linalgx_kernels(name, shape, dtype, bindings):
    """import_exported(for_iree="cuda"): the LU (and the permutation JAX
    computes from its pivots, fused into it) is one hal.dispatch.extern of
    linalgx's kernel, whose PTX entry takes one bare pointer per binding,
    and IREE compiles the module for its CUDA target (no GPU needed). The
    H200 run of bench/iree/run_iree.py checks the results."""
    iree_compiler = pytest.importorskip("iree.compiler")
    exported = export.export(jax.jit(FUNCTIONS[name]), platforms=["cuda"])(spec(shape, dtype))
    text = import_jax.import_exported(exported, for_iree="cuda")
    assert "linalgx." not in text
    [(kernel, binding_count, ptx)] = dispatches(text)
    assert binding_count == bindings
    entry = re.search(r"\.entry %s\(([^)]*)\)" % kernel, ptx)
    assert entry, ptx[:2000]
    assert entry.group(1).count(".param .u64 .ptr") == bindings
    assert entry.group(1).count(".param") == bindings
    binary = iree_compiler.compile_str(
        text, extra_args=["--iree-hal-target-device=cuda", "--iree-cuda-target=sm_89",
                          "--iree-input-demote-f64-to-f32=false"])
    assert len(binary) > len(ptx)


def test_for_iree_cuda_leaves_what_is_not_one_kernel_to_iree():
    """A size linalgx factors with several launches (the blocked LU) stays
    IREE-compiled loops, with a LinalgXWarning saying why; a
    pivots_to_permutation alone is the permutation kernel."""
    exported = export.export(jax.jit(jax.lax.linalg.lu), platforms=["cuda"])(
        spec((2048, 2048), np.float32))
    with pytest.warns(linalgx.LinalgXWarning, match="not a single kernel launch"):
        text = import_jax.import_exported(exported, for_iree="cuda")
    assert "linalgx." not in text and "hal.dispatch.extern" not in text
    exported = export.export(jax.jit(permutation_of_8), platforms=["cuda"])(
        spec((2, 4), np.int32))
    [(kernel, bindings, _)] = dispatches(import_jax.import_exported(exported, for_iree="cuda"))
    assert kernel.startswith("linalgx_pivots_to_permutation") and bindings == 2


def test_for_iree_rejects_an_unknown_target():
    with pytest.raises(ValueError, match="for_iree="):
        import_jax.import_exported("module {}", for_iree="rocm")
