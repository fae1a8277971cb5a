"""What can be checked of linalgx.multigpu.lu_multi_gpu without a GPU:

* bad input is rejected with a clear exception before the runtime library
  is loaded;
* a missing library, a library without linalgxCudaMgGetrf and a machine
  without a GPU each give a LinalgXError saying so; device ids beyond the
  GPUs there are are a ValueError before any GPU work;
* the call itself, against a stand-in for linalgxCudaMgGetrf (a host getf2
  behind the same ctypes signature): the arguments it receives (element
  code, row-major layout, device list, block size), and that its 1-based
  pivots and info come back in linalgx.lu's contract, checked against SciPy;
* the C entry point's own argument checks and its injected cuSOLVERMg
  failure, in child processes (the runtime ends the process on an error).

Results on a GPU are checked by test/Integration/GPU/multigpu_gpu.py and the
runtime's linalgx_cuda_runtime_mg_getrf_test."""

import ctypes
import os
import re
import subprocess
import sys

import numpy as np
import pytest
import scipy.linalg

from linalgx import _native, multigpu
from linalgx._native import LoadedOnce
from linalgx.errors import LinalgXError

REPO = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
BUILD_LIB = os.path.join(os.environ.get("LINALGX_BUILD_DIR", os.path.join(REPO, "build")),
                         "lib")
RUNTIME = os.path.join(BUILD_LIB, multigpu.RUNTIME_LIBRARY)


def _built_runtime():
    """The built runtime library, or None (not built, or not loadable)."""
    if not os.path.isfile(RUNTIME):
        return None
    try:
        return ctypes.CDLL(RUNTIME)
    except OSError:
        return None


def _has_entry_point():
    library = _built_runtime()
    return library is not None and hasattr(library, multigpu.ENTRY_POINT)


def _gpu_present():
    library = _built_runtime()
    return library is not None and library.linalgxCudaProbe(None, 0) > 0


needs_entry_point = pytest.mark.skipif(
    not _has_entry_point(),
    reason="%s is not built, or was built before %s existed" % (RUNTIME, multigpu.ENTRY_POINT))


@pytest.fixture(autouse=True)
def fresh_runtime(monkeypatch):
    """Every test starts with no runtime loaded and no remembered error."""
    monkeypatch.setattr(multigpu, "_load_runtime", LoadedOnce(multigpu._Runtime))


class FakeCudaArray:
    """Stands in for a CUDA array: all linalgx sees is its interface."""

    def __init__(self):
        self.__cuda_array_interface__ = {"shape": (4, 4), "typestr": "<f8", "data": (0, False),
                                         "strides": None, "version": 3}


# ---------------------------------------------------------------------------
# Argument checks before any library
# ---------------------------------------------------------------------------

BAD_CALLS = [
    ((np.eye(3, dtype=np.int64),), {}, TypeError, "dtype int64 is not supported"),
    ((np.eye(3, dtype=np.float16),), {}, TypeError, "dtype float16 is not supported"),
    ((np.zeros(3),), {}, ValueError, r"one square matrix \(N, N\), got shape \(3,\)"),
    ((np.zeros((3, 4)),), {}, ValueError, r"got shape \(3, 4\)"),
    ((np.zeros((2, 3, 3)),), {}, ValueError, "batches go through linalgx.lu"),
    ((FakeCudaArray(),), {}, TypeError, "must be in host memory"),
    ((np.eye(3),), {"devices": []}, ValueError, "devices is empty"),
    ((np.eye(3),), {"devices": [0, 1, 0]}, ValueError, "device 0 appears twice"),
    ((np.eye(3),), {"devices": [0, -1]}, ValueError, "device id -1 is negative"),
    ((np.eye(3),), {"devices": [True]}, TypeError, "device ids must be integers"),
    ((np.eye(3),), {"devices": [0.0]}, TypeError, "device ids must be integers"),
    ((np.eye(3),), {"devices": 0}, TypeError, "devices must be a sequence"),
    ((np.eye(3),), {"devices": "01"}, TypeError, "devices must be a sequence"),
    ((np.eye(3),), {"devices": list(range(33))}, ValueError, "cuSOLVERMg takes at most 32"),
    ((np.eye(3),), {"block_size": 0}, ValueError, r"block_size 0 is not in \[1, 2\^31-1\]"),
    ((np.eye(3),), {"block_size": 2**31}, ValueError, "block_size 2147483648 is not in"),
    ((np.eye(3),), {"block_size": 64.0}, TypeError, "block_size must be an integer"),
    ((np.eye(3),), {"block_size": True}, TypeError, "block_size must be an integer"),
    ((np.eye(3),), {"overwrite_a": 1}, TypeError, "overwrite_a must be a bool"),
]


@pytest.mark.parametrize("args, kwargs, error, message", BAD_CALLS)
def test_bad_arguments_rejected_before_loading(monkeypatch, args, kwargs, error, message):
    def must_not_load():
        raise AssertionError("the runtime was loaded before the arguments were checked")

    monkeypatch.setattr(multigpu, "_load_runtime", must_not_load)
    with pytest.raises(error, match=message):
        multigpu.lu_multi_gpu(*args, **kwargs)


# ---------------------------------------------------------------------------
# Library missing, stale, or no GPU
# ---------------------------------------------------------------------------

def test_missing_library_is_a_clear_error_and_remembered(monkeypatch, tmp_path):
    monkeypatch.setattr(_native, "candidate_library_dirs", lambda: [str(tmp_path)])
    for _ in range(2):
        with pytest.raises(LinalgXError,
                           match=r"cannot find liblinalgx_cuda_runtime\.so \(searched .*\); "
                                 r"it is built with the CUDA toolkit"):
            multigpu.lu_multi_gpu(np.eye(4))
    # The first failure is remembered: the second call did not search again.
    monkeypatch.setattr(_native, "candidate_library_dirs",
                        lambda: pytest.fail("searched again"))
    with pytest.raises(LinalgXError, match="cannot find"):
        multigpu.lu_multi_gpu(np.eye(4))


@pytest.mark.skipif(_built_runtime() is None, reason="%s is not built" % RUNTIME)
@pytest.mark.skipif(_gpu_present(), reason="a GPU is present: multigpu_gpu.py covers it")
def test_built_library_without_gpu_or_entry_point(monkeypatch):
    monkeypatch.setattr(_native, "candidate_library_dirs", lambda: [BUILD_LIB])
    if _has_entry_point():
        expected = (r"linalgx\.multigpu\.lu_multi_gpu: no GPU: no CUDA driver/device: ")
    else:
        expected = r"has no linalgxCudaMgGetrf \(built before it existed\); rebuild it"
    with pytest.raises(LinalgXError, match=expected):
        multigpu.lu_multi_gpu(np.eye(4))


# ---------------------------------------------------------------------------
# The call, against a host stand-in for linalgxCudaMgGetrf
# ---------------------------------------------------------------------------

def _view(address, count, dtype):
    """A writable NumPy view of `count` elements at `address`."""
    buffer = (ctypes.c_char * (count * np.dtype(dtype).itemsize)).from_address(address)
    return np.frombuffer(buffer, dtype=dtype)


class HostGetrf:
    """linalgxCudaMgGetrf's contract on the host: row-major n x n `a`
    factored in place (LAPACK's getf2 rule), 1-based pivots, info."""

    DTYPES = {0: np.float32, 1: np.float64, 2: np.complex64, 3: np.complex128}

    def __init__(self):
        self.calls = []

    def __call__(self, code, a, pivots, info, n, layout, devices, count, block_size):
        self.calls.append({"code": code, "n": n, "layout": layout,
                           "devices": list(devices[:count]), "block_size": block_size})
        assert layout == multigpu.ROW_MAJOR
        dtype = self.DTYPES[code]
        matrix = _view(a, n * n, dtype).reshape(n, n)
        piv = _view(pivots, n, np.int32)
        status = _view(info, 1, np.int32)
        status[0] = 0
        for j in range(n):
            magnitude = np.abs(matrix[j:, j].real) + np.abs(matrix[j:, j].imag)
            p = j + int(np.argmax(magnitude))
            piv[j] = p + 1
            if matrix[p, j] == 0:
                if status[0] == 0:
                    status[0] = j + 1
            else:
                matrix[[j, p]] = matrix[[p, j]]
                matrix[j + 1:, j] /= matrix[j, j]
            matrix[j + 1:, j + 1:] -= np.outer(matrix[j + 1:, j], matrix[j, j + 1:])


class FakeRuntime:
    def __init__(self, device_count):
        self.device_count = device_count
        self.getrf = HostGetrf()


def _use_fake_runtime(monkeypatch, device_count=4):
    runtime = FakeRuntime(device_count)
    monkeypatch.setattr(multigpu, "_load_runtime", lambda: runtime)
    return runtime


@pytest.mark.parametrize("dtype", [np.float32, np.float64, np.complex64, np.complex128])
def test_results_follow_lu_contract(monkeypatch, dtype):
    runtime = _use_fake_runtime(monkeypatch)
    rng = np.random.default_rng(7)
    a = rng.standard_normal((9, 9)).astype(dtype)
    if np.iscomplexobj(a):
        a += 1j * rng.standard_normal((9, 9)).astype(dtype)
    original = a.copy()
    lu, pivots, permutation, info = multigpu.lu_multi_gpu(a, devices=[2, 0], block_size=4)

    assert runtime.getrf.calls == [{"code": multigpu.ELEMENT_CODES[np.dtype(dtype)], "n": 9,
                                    "layout": multigpu.ROW_MAJOR, "devices": [2, 0],
                                    "block_size": 4}]
    np.testing.assert_array_equal(a, original)  # factored in a copy
    assert lu.dtype == dtype and lu.flags.c_contiguous
    assert pivots.dtype == np.int32 and permutation.dtype == np.int32
    assert info.dtype == np.int32 and info.shape == () and info == 0
    _, scipy_pivots = scipy.linalg.lu_factor(original)
    np.testing.assert_array_equal(pivots, scipy_pivots)
    lower = np.tril(lu, -1) + np.eye(9)
    upper = np.triu(lu)
    tolerance = 100 * np.finfo(dtype).eps
    np.testing.assert_allclose(lower @ upper, original[permutation], atol=tolerance * 9)


def test_singular_matrix_reports_info(monkeypatch):
    _use_fake_runtime(monkeypatch)
    a = np.arange(16, dtype=np.float64).reshape(4, 4)
    a[:, 1] = 0.0
    _, _, _, info = multigpu.lu_multi_gpu(a)
    assert info == 2


def test_overwrite_a_factors_in_place_only_when_it_can(monkeypatch):
    _use_fake_runtime(monkeypatch)
    a = np.array([[1.0, 2.0], [3.0, 4.0]])
    lu, _, _, _ = multigpu.lu_multi_gpu(a, overwrite_a=True)
    assert lu is a and a[0, 0] == 3.0
    fortran = np.asfortranarray([[1.0, 2.0], [3.0, 4.0]])
    lu, _, _, _ = multigpu.lu_multi_gpu(fortran, overwrite_a=True)
    assert lu is not fortran and fortran[0, 0] == 1.0 and lu[0, 0] == 3.0


def test_all_devices_by_default(monkeypatch):
    runtime = _use_fake_runtime(monkeypatch, device_count=3)
    multigpu.lu_multi_gpu(np.eye(5), block_size=2)
    assert runtime.getrf.calls[0]["devices"] == [0, 1, 2]


def test_device_beyond_the_count_is_rejected_before_the_call(monkeypatch):
    runtime = _use_fake_runtime(monkeypatch, device_count=2)
    with pytest.raises(ValueError, match=r"device 2 does not exist: this process sees 2 CUDA "
                                         r"device\(s\), 0 to 1"):
        multigpu.lu_multi_gpu(np.eye(4), devices=[0, 2])
    assert runtime.getrf.calls == []


def test_permutation_from_pivots_matches_scipy():
    rng = np.random.default_rng(3)
    a = rng.standard_normal((30, 30))
    lu, pivots = scipy.linalg.lu_factor(a)
    permutation = multigpu.permutation_from_pivots(pivots.astype(np.int32), 30)
    np.testing.assert_allclose((np.tril(lu, -1) + np.eye(30)) @ np.triu(lu), a[permutation],
                               atol=1e-12)


# ---------------------------------------------------------------------------
# The C entry point's own checks (each ends its process)
# ---------------------------------------------------------------------------

CHILD = """
import ctypes, sys
lib = ctypes.CDLL(sys.argv[1])
a = (ctypes.c_double * 16)()
pivots = (ctypes.c_int32 * 4)()
info = ctypes.c_int32()
devices = (ctypes.c_int32 * 2)(*[int(d) for d in sys.argv[3].split(",")])
lib.linalgxCudaMgGetrf(ctypes.c_int32(int(sys.argv[2])), a, pivots, ctypes.byref(info),
                       ctypes.c_int64(4), ctypes.c_int32(1), devices,
                       ctypes.c_int32(len(sys.argv[3].split(","))), ctypes.c_int64(2))
print("returned")
"""


@needs_entry_point
@pytest.mark.parametrize("elem_type, devices, environment, expected", [
    (9, "0", {}, r"invalid argument: elemType 9 is not 0 \(f32\)"),
    (1, "1,1", {}, r"invalid argument: device 1 appears twice in devices \(at 0 and 1\)"),
    (1, "0", {"LINALGX_CUDA_INJECT_FAULT": "getrf"},
     r"cusolverMgGetrf failed with CUSOLVER_STATUS_EXECUTION_FAILED \(6\): the GPU program "
     r"failed to execute \(injected\)"),
])
def test_entry_point_errors_end_the_process_with_one_line(elem_type, devices, environment,
                                                          expected):
    result = subprocess.run([sys.executable, "-c", CHILD, RUNTIME, str(elem_type), devices],
                            capture_output=True, text=True, timeout=120,
                            env=dict(os.environ, **environment))
    assert result.returncode == 1, (result.stdout, result.stderr)
    assert "returned" not in result.stdout
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("linalgx-cuda-runtime: error: linalgxCudaMgGetrf: ")
    assert re.search(expected, lines[0]), lines[0]
