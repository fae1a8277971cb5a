"""ONE matrix factored over several GPUs of this process with cuSOLVERMg.

    from linalgx.multigpu import lu_multi_gpu
    lu, pivots, permutation, info = lu_multi_gpu(a, devices=[0, 1, 2, 3])

For a matrix larger than one GPU's memory, or faster on several: the
matrix, a NumPy array in host memory, is cut into 1-D column block-cyclic
tiles of `block_size` columns (column block b on devices[b % D]), factored by
cusolverMgGetrf and gathered back, through linalgxCudaMgGetrf of the CUDA
runtime library (liblinalgx_cuda_runtime.so; runtime/cuda/README.md). The
results follow linalgx.lu's contract. See docs/scale.md, "One matrix over
several GPUs", for why cuSOLVERMg and what was measured.

Everything that can be checked on the host (dtype, shape, devices, block
size) is checked before the library is loaded; a missing library, a
machine without a GPU and device ids that do not exist are LinalgXError or
ValueError before any GPU work. Like every CUDA entry point of linalgx, a
CUDA or cuSOLVERMg failure during the call (a device running out of memory,
...) prints one line naming the call and the device and ends the process
(runtime/cuda/README.md, "Errors").
"""

import ctypes

import numpy as np

from . import _native
from ._native import LoadedOnce
from .cuda import is_cuda_array
from .errors import LinalgXError

RUNTIME_LIBRARY = "liblinalgx_cuda_runtime.so"
ENTRY_POINT = "linalgxCudaMgGetrf"

# LinalgxCudaElemType and LinalgxCudaMatrixLayout of CudaRuntime.h.
ELEMENT_CODES = {
    np.dtype(np.float32): 0,
    np.dtype(np.float64): 1,
    np.dtype(np.complex64): 2,
    np.dtype(np.complex128): 3,
}
ROW_MAJOR = 1
MAX_DEVICES = 32  # cusolverMgDeviceSelect's limit
INT32_MAX = 2**31 - 1

_WHAT = "linalgx.multigpu.lu_multi_gpu"


# ---------------------------------------------------------------------------
# Checks that need no library
# ---------------------------------------------------------------------------

def _is_integer(value):
    return isinstance(value, (int, np.integer)) and not isinstance(value, (bool, np.bool_))


def _host_matrix(a):
    """`a` as a square 2-D NumPy array of a supported dtype."""
    if is_cuda_array(a):
        raise TypeError("%s: a must be in host memory (a NumPy array), got a %s CUDA array; "
                        "linalgx.lu factors CUDA arrays on their own GPU"
                        % (_WHAT, type(a).__name__))
    a = a if isinstance(a, np.ndarray) else np.asarray(a)
    if np.dtype(a.dtype.type) not in ELEMENT_CODES:
        raise TypeError("%s: dtype %s is not supported; use float32, float64, complex64 or "
                        "complex128 (cuSOLVERMg's types)" % (_WHAT, a.dtype))
    if a.ndim != 2 or a.shape[0] != a.shape[1]:
        raise ValueError("%s: a must be one square matrix (N, N), got shape %s; batches go "
                         "through linalgx.lu" % (_WHAT, a.shape))
    if a.shape[0] > INT32_MAX:
        raise ValueError("%s: N = %d does not fit cuSOLVERMg's int32 sizes" % (_WHAT, a.shape[0]))
    return a


def _device_list(devices):
    """The device ids as a tuple of ints (None: decided once the GPUs are
    counted)."""
    if devices is None:
        return None
    if isinstance(devices, (str, bytes)) or not hasattr(devices, "__iter__"):
        raise TypeError("%s: devices must be a sequence of device ids, got %r"
                        % (_WHAT, devices))
    devices = list(devices)
    if not devices:
        raise ValueError("%s: devices is empty; give at least one device id" % _WHAT)
    if len(devices) > MAX_DEVICES:
        raise ValueError("%s: %d devices; cuSOLVERMg takes at most %d"
                         % (_WHAT, len(devices), MAX_DEVICES))
    for device in devices:
        if not _is_integer(device):
            raise TypeError("%s: device ids must be integers, got %r" % (_WHAT, device))
        if device < 0:
            raise ValueError("%s: device id %d is negative" % (_WHAT, device))
    seen = set()
    for device in devices:
        if int(device) in seen:
            raise ValueError("%s: device %d appears twice in devices; each device holds one "
                             "share of the matrix" % (_WHAT, device))
        seen.add(int(device))
    return tuple(int(device) for device in devices)


def _check_block_size(block_size):
    if not _is_integer(block_size):
        raise TypeError("%s: block_size must be an integer, got %r" % (_WHAT, block_size))
    if not 1 <= block_size <= INT32_MAX:
        raise ValueError("%s: block_size %d is not in [1, 2^31-1]" % (_WHAT, block_size))
    return int(block_size)


# ---------------------------------------------------------------------------
# The runtime library
# ---------------------------------------------------------------------------

class _Runtime:
    """liblinalgx_cuda_runtime.so with linalgxCudaMgGetrf, on a machine with
    a GPU."""

    def __init__(self):
        how = ("; it is built with the CUDA toolkit (LINALGX_ENABLE_CUDA_RUNTIME, "
               "runtime/cuda/CMakeLists.txt)")
        self.lib, self.directory = _native.load_library(RUNTIME_LIBRARY, how)
        entry = getattr(self.lib, ENTRY_POINT, None)
        if entry is None:
            raise LinalgXError("%s: %s in %s has no %s (built before it existed); rebuild it"
                               % (_WHAT, RUNTIME_LIBRARY, self.directory, ENTRY_POINT))
        entry.argtypes = [ctypes.c_int32, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p,
                          ctypes.c_int64, ctypes.c_int32, ctypes.POINTER(ctypes.c_int32),
                          ctypes.c_int32, ctypes.c_int64]
        entry.restype = None
        self.getrf = entry
        probe = self.lib.linalgxCudaProbe
        probe.argtypes = [ctypes.c_char_p, ctypes.c_int64]
        probe.restype = ctypes.c_int
        message = ctypes.create_string_buffer(512)
        # The probe never ends the process: it is how a missing GPU becomes an
        # exception instead of the entry point's fatal error.
        self.device_count = probe(message, len(message))
        if self.device_count <= 0:
            raise LinalgXError("%s: no GPU: %s" % (_WHAT, message.value.decode("utf-8", "replace")))


# The process-wide _Runtime, loaded on first use.
_load_runtime = LoadedOnce(_Runtime)


def _grid(devices, device_count):
    if devices is None:
        return tuple(range(min(device_count, MAX_DEVICES)))
    missing = [d for d in devices if d >= device_count]
    if missing:
        raise ValueError("%s: device %d does not exist: this process sees %d CUDA device(s), "
                         "0 to %d" % (_WHAT, missing[0], device_count, device_count - 1))
    return devices


# ---------------------------------------------------------------------------
# The operation
# ---------------------------------------------------------------------------

def permutation_from_pivots(pivots, n):
    """The permutation [n] (int32) that the 0-based row swaps `pivots` make:
    a[permutation] == L @ U."""
    permutation = list(range(n))
    for i, j in enumerate(pivots.tolist()):
        permutation[i], permutation[j] = permutation[j], permutation[i]
    return np.array(permutation, dtype=np.int32)


def _factor_buffer(a, overwrite_a):
    """The C-contiguous native-byte-order array that is factored in place:
    `a` itself with overwrite_a=True when it already is one, else a copy."""
    dtype = np.dtype(a.dtype.type)
    if (overwrite_a and a.dtype == dtype and a.flags.c_contiguous and a.flags.writeable
            and a.flags.aligned):
        return a
    return np.array(a, dtype=dtype, order="C", copy=True)


def lu_multi_gpu(a, devices=None, block_size=256, *, overwrite_a=False):
    """LU factorization with partial pivoting, P·A = L·U, of one square
    matrix `a` (N, N) spread over several GPUs with cuSOLVERMg.

    Returns (lu, pivots, permutation, info) as linalgx.lu(a, return_info=True):
    lu (N, N) of a's dtype, C-contiguous (L below the diagonal with a unit
    diagonal, U on and above), pivots (N,) int32 0-based (row i was swapped
    with row pivots[i] at step i; cuSOLVERMg's 1-based pivots minus 1),
    permutation (N,) int32 with a[permutation] == L @ U, info a 0-d int32
    array (0, or i + 1 for the first exactly zero U[i, i]; the factorization
    still completes).

    a: float32, float64, complex64 or complex128, in host memory (anything
       numpy.asarray takes; not a CUDA array). Factored in a C-contiguous
       copy, unless overwrite_a=True and `a` already is C-contiguous,
       aligned and writeable: then `a` itself is overwritten and returned as
       lu (no copy of a matrix that may be most of the host's memory).
    devices: distinct device ids (at most 32), in the order the column blocks
       are dealt to them; None: every GPU of the process (at most 32). Any
       number of devices works for any N: nothing has to divide; devices
       beyond the number of column blocks (ceil(N / block_size)) get none.
    block_size: columns per tile (clamped to N); 256 is cuSOLVERMg's usual
       choice.

    The call is synchronous and holds no GIL while the GPUs work. The host
    array is copied tile by tile to the devices and back (pinned memory
    would copy faster; NumPy's is pageable).
    """
    a = _host_matrix(a)
    devices = _device_list(devices)
    block_size = _check_block_size(block_size)
    if not isinstance(overwrite_a, bool):
        raise TypeError("%s: overwrite_a must be a bool, got %r" % (_WHAT, overwrite_a))

    runtime = _load_runtime()
    grid = _grid(devices, runtime.device_count)
    n = a.shape[0]
    factors = _factor_buffer(a, overwrite_a)
    pivots = np.empty(n, dtype=np.int32)
    info = np.full(1, -1, dtype=np.int32)
    device_ids = (ctypes.c_int32 * len(grid))(*grid)
    runtime.getrf(ELEMENT_CODES[np.dtype(a.dtype.type)], factors.ctypes.data,
                  pivots.ctypes.data, info.ctypes.data, n, ROW_MAJOR, device_ids, len(grid),
                  block_size)
    pivots -= 1  # LAPACK's 1-based pivots to linalgx's 0-based ones
    return factors, pivots, permutation_from_pivots(pivots, n), np.array(info[0], dtype=np.int32)
