"""What can be checked of the CUDA entry points without a GPU (CI): CUDA
arrays are recognized and dispatched, bad input is rejected with a clear
exception before any library is loaded, a machine without a GPU or without
liblinalgx_cuda_kernels.so gets a LinalgXError saying so, and the native
libraries export what linalgx.cuda and linalgx.jax bind. Results on a GPU are
checked by test/Integration/GPU/python_gpu.py on the GPU machine."""

import ctypes
import os
import shutil
import subprocess
import sys

import numpy as np
import pytest

import linalgx
from linalgx import cuda

REPO = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))

BUILD_LIB = os.path.join(os.environ.get("LINALGX_BUILD_DIR", os.path.join(REPO, "build")),
                         "lib")
KERNELS = os.path.join(BUILD_LIB, "liblinalgx_cuda_kernels.so")
JAX_CUDA_FFI = os.path.join(BUILD_LIB, "liblinalgx_jax_cuda_ffi.so")

needs_kernels = pytest.mark.skipif(
    not os.path.isfile(KERNELS),
    reason="liblinalgx_cuda_kernels.so is not built (no CUDA toolkit/ptxas at configure time)")


def _gpu_present():
    if not os.path.isfile(KERNELS):
        return False
    try:
        runtime = ctypes.CDLL(os.path.join(BUILD_LIB, "liblinalgx_cuda_runtime.so"))
    except OSError:
        # Not loadable into this Python (the sanitizer build's instrumented
        # runtime: conftest.py skips these tests there).
        return False
    return runtime.linalgxCudaProbe(None, 0) > 0


needs_no_gpu = pytest.mark.skipif(
    os.path.isfile(KERNELS) and _gpu_present(),
    reason="a GPU is present: the no-GPU error cannot happen (python_gpu.py covers the GPU)")


class FakeCudaArray:
    """Stands in for a Numba/CuPy-like CUDA array (there is no GPU here): all
    linalgx sees before the GPU work is its __cuda_array_interface__."""

    def __init__(self, shape=(3, 3), typestr="<f8", strides=None):
        self.__cuda_array_interface__ = {"shape": shape, "typestr": typestr,
                                         "data": (0, False), "strides": strides,
                                         "version": 3}


class FakeDLPackGpuArray:
    """Stands in for an array on a GPU that only speaks DLPack."""

    def __dlpack_device__(self):
        return (2, 0)  # kDLCUDA, device 0

    def __dlpack__(self, stream=None):
        raise AssertionError("must not be read")


def test_recognizes_device_arrays():
    assert cuda.array_kind(FakeCudaArray()) == "cai"
    assert cuda.array_kind(FakeDLPackGpuArray()) == "dlpack"
    assert cuda.array_kind(np.zeros(3)) is None
    assert cuda.array_kind([1.0]) is None


@pytest.mark.parametrize("typestr", ["<i8", "<i4", "<f2", "|b1"])
def test_lu_rejects_dtype(typestr):
    with pytest.raises(TypeError, match="dtype .* is not supported; use float32, float64"):
        linalgx.lu(FakeCudaArray(typestr=typestr))


@pytest.mark.parametrize("shape", [(), (4,)])
def test_lu_rejects_rank_below_two(shape):
    with pytest.raises(ValueError, match=r"rank >= 2 \(\[\.\.\., M, N\]\)"):
        linalgx.lu(FakeCudaArray(shape=shape))


def test_lu_rejects_non_contiguous_interface():
    # The transpose of a 3 x 4 float64 array: 4 x 3 with strides (8, 32)
    # instead of (24, 8).
    with pytest.raises(ValueError, match="non-contiguous __cuda_array_interface__ array "
                                         r"\(strides \(8, 32\)\) is not copied"):
        linalgx.lu(FakeCudaArray(shape=(4, 3), strides=(8, 32)))


def test_contiguous_strides_are_accepted_as_such():
    # Explicit C-contiguous strides, and any stride of a dimension of size 1,
    # are contiguous: the failure is then the missing GPU, not the strides.
    array = FakeCudaArray(shape=(1, 3), strides=(999, 8))
    cuda._check_cai_contiguous(array, "a")
    cuda._check_cai_contiguous(FakeCudaArray(shape=(2, 3), strides=(24, 8)), "a")


def test_pivots_to_permutation_rejects_bad_input():
    with pytest.raises(TypeError, match="int32 or int64"):
        linalgx.pivots_to_permutation(FakeCudaArray(shape=(3,), typestr="<f8"), 3)
    with pytest.raises(ValueError, match="rank >= 1"):
        linalgx.pivots_to_permutation(FakeCudaArray(shape=(), typestr="<i4"), 3)
    with pytest.raises(TypeError, match="n must be an integer"):
        linalgx.pivots_to_permutation(FakeCudaArray(shape=(2,), typestr="<i4"), 3.0)


def test_solve_rejects_bad_cuda_input():
    """Checked before the kernels library is loaded, each naming the argument."""
    a, b = FakeCudaArray(shape=(4, 3, 3)), FakeCudaArray(shape=(4, 3))
    with pytest.raises(TypeError, match="a and b must both be"):
        linalgx.solve(a, np.ones((4, 3)))
    with pytest.raises(TypeError, match="one dtype among"):
        linalgx.solve(a, FakeCudaArray(shape=(4, 3), typestr="<f4"))
    with pytest.raises(ValueError, match="must be square"):
        linalgx.solve(FakeCudaArray(shape=(3, 4)), b)
    with pytest.raises(ValueError, match=r"b must have shape \(4, 3\)"):
        linalgx.solve(a, FakeCudaArray(shape=(5, 3)))
    with pytest.raises(ValueError, match="trans must be 0, 1 or 2"):
        linalgx.lu_solve((a, FakeCudaArray(shape=(4, 3), typestr="<i4")), b, trans=5)
    with pytest.raises(ValueError, match="piv must be int32 of shape"):
        linalgx.lu_solve((a, FakeCudaArray(shape=(4, 3), typestr="<i8")), b)


def test_pipeline_is_for_the_cpu_path():
    with pytest.raises(ValueError, match="applies to the CPU path"):
        linalgx.lu(FakeCudaArray(), pipeline="linalgx-cpu-pipeline{lu-strategy=loops}")


def test_compile_still_rejects_device_memrefs():
    permute = linalgx.compile("""
      func.func @p(%a: memref<?xi64>) { return }
    """)["p"]
    with pytest.raises(ValueError, match="CUDA device array; linalgx.compile's functions "
                                         "run on the CPU"):
        permute(FakeCudaArray(shape=(3,), typestr="<i8"))


@needs_kernels
@needs_no_gpu
@pytest.mark.parametrize("array", [FakeCudaArray(), FakeDLPackGpuArray()],
                         ids=["cuda_array_interface", "dlpack"])
def test_no_gpu_is_a_clear_error(array):
    """The kernels library loads without a driver; its probe says why it
    cannot run, and nothing else is called (every other runtime entry point
    would end the process)."""
    with pytest.raises(linalgx.LinalgXError,
                       match="liblinalgx_cuda_kernels.so cannot run: no CUDA driver/device"):
        linalgx.lu(array)
    # Remembered: the second call says the same, without probing again.
    with pytest.raises(linalgx.LinalgXError, match="no CUDA driver/device"):
        linalgx.pivots_to_permutation(FakeCudaArray(shape=(2, 3), typestr="<i4"), 3)


@needs_kernels
def test_kernels_library_exports_the_entry_points():
    library = ctypes.CDLL(KERNELS)
    for name in ("f32", "f64", "c32", "c64"):
        assert getattr(library, "_mlir_ciface_linalgx_lu_" + name)
        assert getattr(library, "_mlir_ciface_linalgx_lu_factor_" + name)
    for name in ("i32", "i64"):
        assert getattr(library, "_mlir_ciface_linalgx_pivots_to_permutation_" + name)
    runtime = ctypes.CDLL(os.path.join(BUILD_LIB, "liblinalgx_cuda_runtime.so"))
    for name in ("linalgxCudaProbe", "linalgxCudaSetStreamEx", "linalgxCudaResetStream"):
        assert getattr(runtime, name)


@pytest.mark.skipif(not os.path.isfile(JAX_CUDA_FFI),
                    reason="liblinalgx_jax_cuda_ffi.so is not built (needs JAX and the "
                           "CUDA kernels at configure time)")
def test_jax_cuda_handler_is_exported():
    assert ctypes.CDLL(JAX_CUDA_FFI).LinalgxLuCuda


def test_library_not_found(tmp_path):
    """Without liblinalgx_cuda_kernels.so a CUDA array gets a LinalgXError
    naming the library and where it was looked for (the interpreter lives)."""
    shutil.copytree(os.path.join(REPO, "python", "linalgx"), str(tmp_path / "linalgx"),
                    ignore=shutil.ignore_patterns("_lib", "__pycache__"))
    environment = {k: v for k, v in os.environ.items() if not k.startswith("LINALGX_")}
    environment["PYTHONPATH"] = str(tmp_path)
    script = ("import linalgx\n"
              "class A:\n"
              "    __cuda_array_interface__ = {'shape': (2, 2), 'typestr': '<f4', "
              "'data': (0, False), 'version': 3}\n"
              "try:\n    linalgx.lu(A())\n"
              "except linalgx.LinalgXError as error:\n    print('LinalgXError:', error)\n"
              "print('alive')\n")
    check = subprocess.run([sys.executable, "-c", script], env=environment, cwd=str(tmp_path),
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                           universal_newlines=True, timeout=300)
    assert check.returncode == 0, check.stdout
    assert "LinalgXError: cannot find liblinalgx_cuda_kernels.so (searched " in check.stdout
    assert check.stdout.rstrip().endswith("alive"), check.stdout


def test_torch_module_without_torch():
    """linalgx.torch needs PyTorch; where it is missing (CI), importing it
    says so; with PyTorch but no GPU, a CPU tensor is a clear error."""
    try:
        import torch
    except ImportError:
        with pytest.raises(ImportError, match="torch"):
            import linalgx.torch  # noqa: F401
        return
    import linalgx.torch as lt
    with pytest.raises(ValueError, match="linalgx.torch runs on CUDA tensors"):
        lt.lu_factor(torch.eye(3))
    with pytest.raises(TypeError, match="expected a torch.Tensor"):
        lt.lu_factor(np.eye(3))
