"""The lower-level API (linalgx.compile), the cache of compiled code, every
kind of bad input (each must raise a Python exception with a clear message;
a crash would take the whole pytest process down), and installation with
pip."""

import importlib.util
import os
import subprocess
import sys

import numpy as np
import pytest

import linalgx

REPO = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))

FACTOR = """
func.func @factor(%a: tensor<?x?xf64>) -> (tensor<?x?xf64>, tensor<?xi32>, tensor<i32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = tensor.dim %a, %c0 : tensor<?x?xf64>
  %n = tensor.dim %a, %c1 : tensor<?x?xf64>
  %k = arith.minui %m, %n : index
  %lu0 = tensor.empty(%m, %n) : tensor<?x?xf64>
  %p0 = tensor.empty(%k) : tensor<?xi32>
  %i0 = tensor.empty() : tensor<i32>
  %lu, %p, %i = linalgx.lu ins(%a : tensor<?x?xf64>)
      outs(%lu0, %p0, %i0 : tensor<?x?xf64>, tensor<?xi32>, tensor<i32>)
      -> tensor<?x?xf64>, tensor<?xi32>, tensor<i32>
  return %lu, %p, %i : tensor<?x?xf64>, tensor<?xi32>, tensor<i32>
}

// Factors its argument "in place" on tensors: the caller's array must still
// not change (tensor arguments are not writable).
func.func @factor_in_place(%a: tensor<3x3xf32>) -> tensor<3x3xf32> {
  %p0 = tensor.empty() : tensor<3xi32>
  %i0 = tensor.empty() : tensor<i32>
  %lu, %p, %i = linalgx.lu ins(%a : tensor<3x3xf32>) outs(%a, %p0, %i0
      : tensor<3x3xf32>, tensor<3xi32>, tensor<i32>) -> tensor<3x3xf32>, tensor<3xi32>, tensor<i32>
  return %lu : tensor<3x3xf32>
}

func.func @permute(%pivots: memref<?x?xi64>, %permutation: memref<?x?xi64>) {
  linalgx.pivots_to_permutation ins(%pivots : memref<?x?xi64>)
      outs(%permutation : memref<?x?xi64>)
  return
}

func.func @scale(%a: memref<?xcomplex<f64>>, %s: f64, %n: index) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f64
  %factor = complex.create %s, %zero : complex<f64>
  scf.for %i = %c0 to %n step %c1 {
    %x = memref.load %a[%i] : memref<?xcomplex<f64>>
    %y = complex.mul %x, %factor : complex<f64>
    memref.store %y, %a[%i] : memref<?xcomplex<f64>>
  }
  %twice = arith.addf %s, %s : f64
  return %twice : f64
}

func.func @constant() -> tensor<2xi32> {
  %c = arith.constant dense<[7, 9]> : tensor<2xi32>
  return %c : tensor<2xi32>
}

func.func private @helper(%x: i32) -> i32 {
  return %x : i32
}
"""


@pytest.fixture(scope="module")
def module():
    return linalgx.compile(FACTOR)


def test_tensor_function_with_several_results(module):
    factor = module["factor"]
    assert "tensor<?x?xf64>" in repr(factor)
    a = np.array([[1.0, 2.0], [3.0, 4.0], [5.0, 7.0]])
    lu, pivots, info = factor(a)
    assert lu.shape == (3, 2) and pivots.tolist() == [2, 2] and info.shape == () and info == 0
    expected = linalgx.lu(a, return_info=True)
    np.testing.assert_array_equal(lu, expected[0])
    np.testing.assert_array_equal(pivots, expected[1])


def test_tensor_argument_is_not_written(module):
    a = np.array([[1, 2, 3], [4, 5, 6], [7, 8, 10]], dtype=np.float32)
    original = a.copy()
    lu = module["factor_in_place"](a)
    np.testing.assert_array_equal(a, original)
    np.testing.assert_array_equal(lu, linalgx.lu(a)[0])
    # Tensor arguments accept any strides (they are only read).
    strided = np.asfortranarray(a)
    np.testing.assert_array_equal(module["factor_in_place"](strided), lu)


def test_memref_arguments_are_written_in_place(module):
    pivots = np.array([[2, 2, 2], [1, -1, 7]], dtype=np.int64)
    permutation = np.zeros((2, 4), dtype=np.int64)
    assert module["permute"](pivots, permutation) is None
    np.testing.assert_array_equal(permutation, linalgx.pivots_to_permutation(pivots, 4))


def test_scalar_arguments_and_result(module):
    values = np.array([1 + 1j, 2 - 1j, 3j], dtype=np.complex128)
    assert module["scale"](values, 2.5, np.int64(3)) == 5.0
    np.testing.assert_array_equal(values, [2.5 + 2.5j, 5 - 2.5j, 7.5j])


def test_constant_global_result(module):
    first = module["constant"]()
    first[0] = 0  # a copy: the constant itself cannot change
    np.testing.assert_array_equal(module["constant"](), [7, 9])


def test_compile_cache():
    before = linalgx.compilation_count()
    again = linalgx.compile(FACTOR)
    assert linalgx.compilation_count() == before
    assert again is linalgx.compile(FACTOR)
    linalgx.compile(FACTOR, opt_level=1)  # another key: compiled once more
    assert linalgx.compilation_count() == before + 1


def test_lu_cache_per_dtype_and_pipeline():
    # A pipeline spelling no other test uses, so this key is new.
    pipeline = "linalgx-cpu-pipeline{deallocate-buffers=false}"
    before = linalgx.compilation_count()
    linalgx.lu(np.eye(3), pipeline=pipeline)
    assert linalgx.compilation_count() == before + 1
    # Other shapes and batch ranks reuse the same code (batches are flattened
    # to one dynamically shaped [B, M, N] function)...
    linalgx.lu(np.ones((2, 3, 5, 4)), pipeline=pipeline)
    linalgx.lu(np.ones((7, 2)), pipeline=pipeline)
    assert linalgx.compilation_count() == before + 1
    # ...another element type is compiled once.
    linalgx.lu(np.eye(3, dtype=np.complex64), pipeline=pipeline)
    linalgx.lu(np.ones((4, 1, 1), dtype=np.complex64), pipeline=pipeline)
    assert linalgx.compilation_count() == before + 2
    linalgx.pivots_to_permutation(np.zeros(2, np.int32), 3, pipeline=pipeline)
    linalgx.pivots_to_permutation(np.zeros((5, 1), np.int32), 9, pipeline=pipeline)
    assert linalgx.compilation_count() == before + 3


def test_concurrent_calls():
    """Threads compiling and calling at once get the results of sequential
    calls (the caches are locked; ctypes releases the GIL during calls)."""
    import concurrent.futures
    rng = np.random.default_rng(21)
    inputs = [rng.standard_normal((8, 12, 12)).astype(dtype)
              for dtype in (np.float32, np.float64, np.complex64, np.complex128) * 3]
    with concurrent.futures.ThreadPoolExecutor(max_workers=4) as pool:
        concurrent_results = list(pool.map(lambda a: linalgx.lu(a, return_info=True), inputs))
    for a, results in zip(inputs, concurrent_results):
        for want, got in zip(linalgx.lu(a, return_info=True), results):
            np.testing.assert_array_equal(got, want)


# ---- bad input ---------------------------------------------------------------

class FakeCudaArray:
    """Stands in for a CuPy/Numba/PyTorch CUDA array (no GPU here): what the
    CPU path sees of one is its __cuda_array_interface__."""

    __cuda_array_interface__ = {"shape": (3, 3), "typestr": "<f8", "data": (0, False),
                                "version": 3}


@pytest.mark.parametrize("dtype", [np.int64, np.int32, np.float16, np.bool_, object])
def test_lu_rejects_dtype(dtype):
    with pytest.raises(TypeError, match="dtype .* is not supported; use float32, float64"):
        linalgx.lu(np.ones((3, 3), dtype=dtype))


@pytest.mark.parametrize("shape", [(), (4,)])
def test_lu_rejects_rank_below_two(shape):
    with pytest.raises(ValueError, match=r"rank >= 2 \(\[\.\.\., M, N\]\)"):
        linalgx.lu(np.ones(shape))


def test_pivots_to_permutation_rejects_bad_input():
    with pytest.raises(TypeError, match="int32 or int64"):
        linalgx.pivots_to_permutation(np.zeros(3), 3)
    with pytest.raises(ValueError, match="smaller than the number of pivots"):
        linalgx.pivots_to_permutation(np.zeros(4, np.int32), 3)
    with pytest.raises(ValueError, match="rank >= 1"):
        linalgx.pivots_to_permutation(np.int32(0), 3)
    with pytest.raises(TypeError, match="n must be an integer"):
        linalgx.pivots_to_permutation(np.zeros(2, np.int32), 3.0)


def test_source_that_does_not_parse():
    with pytest.raises(linalgx.CompilationError,
                       match=r"does not parse or verify:\n<linalgx source>:2:\d+: error: "):
        linalgx.compile("func.func @f() {\n  %x = arith.constant : i32\n  return\n}")


def test_source_that_does_not_verify():
    source = """func.func @f(%a: memref<3x3xf64>, %p: memref<2xi32>, %i: memref<i32>) {
  linalgx.lu ins(%a : memref<3x3xf64>) outs(%a, %p, %i : memref<3x3xf64>, memref<2xi32>, memref<i32>)
  return
}"""
    with pytest.raises(linalgx.CompilationError, match=r"2:3: error: 'linalgx.lu' op 'pivots'"):
        linalgx.compile(source)


def test_unknown_pipeline():
    with pytest.raises(linalgx.CompilationError,
                       match="'no-such-pass' does not refer to a registered pass"):
        linalgx.compile("func.func @f() { return }", pipeline="no-such-pass")


def test_failing_lowering():
    # Without the lowering to LLVM the JIT cannot translate the module.
    with pytest.raises(linalgx.CompilationError,
                       match="JIT compilation failed: could not convert to LLVM IR"):
        linalgx.compile("func.func @f() { return }", pipeline="canonicalize")


def test_undefined_external_function():
    source = """func.func private @not_defined_anywhere(i32)
func.func @f(%x: i32) {
  call @not_defined_anywhere(%x) : (i32) -> ()
  return
}"""
    with pytest.raises(linalgx.CompilationError,
                       match="calls functions that neither it nor the process, the libraries "
                             r"given and linalgx's runtime libraries \(searched .+\) define: "
                             "not_defined_anywhere"):
        linalgx.compile(source)


def test_runtime_libraries_are_loaded(capfd):
    # printMemrefExactF64 is in liblinalgx_runner_utils.so, sin in libm.
    module = linalgx.compile("""
func.func private @printMemrefExactF64(memref<*xf64>) attributes {llvm.emit_c_interface}
func.func @f(%x: memref<2xf64>) {
  %u = memref.cast %x : memref<2xf64> to memref<*xf64>
  call @printMemrefExactF64(%u) : (memref<*xf64>) -> ()
  %c0 = arith.constant 0 : index
  %v = memref.load %x[%c0] : memref<2xf64>
  %s = math.sin %v : f64
  memref.store %s, %x[%c0] : memref<2xf64>
  return
}""")
    x = np.array([0.5, 2.0])
    module["f"](x)
    assert capfd.readouterr().out.splitlines()[-2:] == ["linalgx.memref f64 1 2", "0x1p-1 0x1p+1"]
    np.testing.assert_allclose(x, [np.sin(0.5), 2.0], rtol=1e-15)


def test_source_must_be_text():
    with pytest.raises(TypeError, match="must be a str"):
        linalgx.compile(b"func.func @f() { return }")


def test_missing_entry_point(module):
    with pytest.raises(linalgx.EntryPointError,
                       match=r"no public function @main .*callable functions: @factor, "
                             r"@factor_in_place, @permute, @scale, @constant\)"):
        module["main"]
    # Private functions are not entry points.
    with pytest.raises(linalgx.EntryPointError, match="no public function @helper"):
        module.function("helper")


def test_bad_arguments(module):
    factor, permute, scale = module["factor"], module["permute"], module["scale"]
    with pytest.raises(TypeError, match="takes 1 arguments"):
        factor()
    with pytest.raises(TypeError, match=r"argument 0 \(tensor<\?x\?xf64>\): expected dtype float64"):
        factor(np.ones((2, 2), np.float32))
    with pytest.raises(ValueError, match="expected rank 2"):
        factor(np.ones(3))
    with pytest.raises(ValueError, match="dimension 1 is 4, the function expects 3"):
        module["factor_in_place"](np.ones((3, 4), np.float32))
    pivots = np.zeros((2, 3), np.int64)
    with pytest.raises(ValueError, match="not C-contiguous .* does not copy memref arguments"):
        permute(pivots, np.zeros((4, 2), np.int64).T)
    with pytest.raises(TypeError, match="expected dtype int64, got int32"):
        permute(pivots, np.zeros((2, 4), np.int32))
    with pytest.raises(TypeError, match="expected a numpy.ndarray, got list"):
        permute(pivots, [[0, 0, 0, 0]])
    read_only = np.zeros((2, 4), np.int64)
    read_only.flags.writeable = False
    with pytest.raises(ValueError, match="read-only"):
        permute(pivots, read_only)
    with pytest.raises(ValueError, match="CUDA device array"):
        permute(pivots, FakeCudaArray())
    with pytest.raises(ValueError, match="expected a scalar"):
        scale(np.zeros(1, np.complex128), np.ones(2), 1)


def test_pip_install(tmp_path):
    """`pip install ./python` makes a package that works from anywhere,
    with the libraries copied into it (no LINALGX_* variables at run time)."""
    # Looked up, not imported: importing setuptools into this process after
    # NumPy would fight over distutils.
    missing = [name for name in ("pip", "setuptools", "wheel")
               if importlib.util.find_spec(name) is None]
    if missing:
        pytest.skip("cannot build the package without %s" % ", ".join(missing))
    import shutil
    build_dir = os.environ.get("LINALGX_BUILD_DIR", os.path.join(REPO, "build"))
    # pip builds in the source directory: build a copy, not the checkout.
    source = tmp_path / "python"
    shutil.copytree(os.path.join(REPO, "python"), str(source), ignore=shutil.ignore_patterns(
        "build", "*.egg-info", "_lib", "__pycache__", "tests"))
    target = tmp_path / "site"
    install = subprocess.run(
        [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--no-build-isolation",
         "--target", str(target), str(source)],
        env=dict(os.environ, LINALGX_BUILD_DIR=build_dir), cwd=str(tmp_path),
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, universal_newlines=True, timeout=300)
    assert install.returncode == 0, install.stdout
    environment = {k: v for k, v in os.environ.items() if not k.startswith("LINALGX_")}
    environment["PYTHONPATH"] = str(target)
    check = subprocess.run(
        [sys.executable, "-c", "import linalgx, numpy as np; "
         "print(linalgx._native.library().path); "
         "print(linalgx.lu(np.array([[1.0, 2.0], [3.0, 4.0]]))[1].tolist())"],
        env=environment, cwd=str(tmp_path), stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
        universal_newlines=True, timeout=300)
    assert check.returncode == 0, check.stdout
    library_path, pivots = check.stdout.splitlines()[-2:]
    assert library_path.startswith(str(target)), check.stdout
    assert pivots == "[1, 1]", check.stdout


def test_library_not_found(tmp_path):
    """A package that finds no native library says where it looked and how
    to fix it, on first use (import itself succeeds)."""
    import shutil
    shutil.copytree(os.path.join(REPO, "python", "linalgx"), str(tmp_path / "linalgx"),
                    ignore=shutil.ignore_patterns("_lib", "__pycache__"))
    environment = {k: v for k, v in os.environ.items() if not k.startswith("LINALGX_")}
    environment["PYTHONPATH"] = str(tmp_path)
    check = subprocess.run(
        [sys.executable, "-c", "import linalgx, numpy as np\n"
         "try:\n    linalgx.lu(np.eye(2))\n"
         "except linalgx.LinalgXError as error:\n    print('LinalgXError:', error)\n"],
        env=environment, cwd=str(tmp_path), stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
        universal_newlines=True, timeout=300)
    assert check.returncode == 0, check.stdout
    assert "LinalgXError: cannot find liblinalgx_capi.so (searched " in check.stdout
    assert "set LINALGX_BUILD_DIR or LINALGX_LIBRARY_DIR" in check.stdout


def test_call_arrays_matches_call_and_checks_buffers():
    # The fast path linalgx.lu takes (the _linalgx_memref_call extension
    # where it is built, ctypes otherwise): the same results as __call__, and
    # a buffer it cannot pass is an exception, not a crash.
    from linalgx import _native
    module = linalgx.compile("""
func.func @scale(%x: memref<?x?xf64>, %y: memref<?x?xf64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = memref.dim %x, %c0 : memref<?x?xf64>
  %n = memref.dim %x, %c1 : memref<?x?xf64>
  %two = arith.constant 2.0 : f64
  scf.for %i = %c0 to %m step %c1 {
    scf.for %j = %c0 to %n step %c1 {
      %v = memref.load %x[%i, %j] : memref<?x?xf64>
      %w = arith.mulf %v, %two : f64
      memref.store %w, %y[%i, %j] : memref<?x?xf64>
    }
  }
  return
}""")
    function = module.function("scale", read_only=(0,))
    x = np.arange(12.0).reshape(3, 4)
    x.flags.writeable = False
    y_fast, y_checked = np.empty((3, 4)), np.empty((3, 4))
    function.call_arrays(x, y_fast)
    function(x, y_checked)
    np.testing.assert_array_equal(y_fast, 2 * np.arange(12.0).reshape(3, 4))
    np.testing.assert_array_equal(y_fast, y_checked)
    with pytest.raises(TypeError, match="takes 2 arguments"):
        function.call_arrays(x)
    if _native.memref_call() is None:
        pytest.skip("the _linalgx_memref_call extension is not built for this Python")
    with pytest.raises((BufferError, ValueError), match="contiguous"):
        function.call_arrays(x, np.empty((4, 3)).T)
    read_only_output = np.empty((3, 4))
    read_only_output.flags.writeable = False
    with pytest.raises((BufferError, ValueError), match="read-only|writable"):
        function.call_arrays(x, read_only_output)
