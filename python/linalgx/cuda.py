"""linalgx.lu and linalgx.pivots_to_permutation on CUDA arrays.

The GPU code is linalgx's own lowering compiled ahead of time
(liblinalgx_cuda_kernels.so, runtime/cuda_kernels: one dynamically shaped
entry point per element type, lu-strategy=auto, device memrefs), so nothing
is JIT-compiled and no LLVM/MLIR is needed where it runs. Each call:

1. validates the array (dtype, rank) from its interface, before any library
   is loaded or any GPU work is queued;
2. makes it C-contiguous with the array's own library (a copy only if it is
   not) and allocates the outputs with that library on the same device;
3. sets the calling thread's stream override to that library's current
   stream with LINALGX_CUDA_STREAM_DEFER_SYNC (runtime/cuda, CudaRuntime.h),
   calls the entry point through ctypes with device pointers in the memref
   descriptors, and clears the override.

Nothing waits on the host: the results are ordered on the array library's
current stream, exactly like that library's own operations.

Array kinds: PyTorch CUDA tensors (results are tensors; PyTorch's current
stream of the tensor's device), CuPy arrays (CuPy arrays; CuPy's current
stream), JAX arrays on a GPU (routed to linalgx.jax, which runs the same
kernels as an XLA custom call on XLA's stream; results are JAX arrays), and
any other object with a C-contiguous __cuda_array_interface__ (Numba, ...),
viewed with CuPy, or PyTorch where CuPy is missing (results are of that
library).
"""

import ctypes
import os

import numpy as np

from . import _native
from ._native import LoadedOnce
from .errors import LinalgXError
from .jit import memref_descriptor_type

KERNELS_LIBRARY = "liblinalgx_cuda_kernels.so"
RUNTIME_LIBRARY = "liblinalgx_cuda_runtime.so"
STREAM_DEFER_SYNC = 1  # LINALGX_CUDA_STREAM_DEFER_SYNC

LU_TYPES = {
    np.dtype(np.float32): "f32",
    np.dtype(np.float64): "f64",
    np.dtype(np.complex64): "c32",
    np.dtype(np.complex128): "c64",
}
PIVOT_TYPES = {np.dtype(np.int32): "i32", np.dtype(np.int64): "i64"}
INT32_MAX = 2**31 - 1

# DLPack device types of memory a CUDA kernel can address directly.
_DLPACK_CUDA, _DLPACK_CUDA_MANAGED = 2, 13


# ---------------------------------------------------------------------------
# Recognizing device arrays (no import of torch, cupy or jax here)
# ---------------------------------------------------------------------------

def _module_of(value):
    return type(value).__module__.split(".")[0]


def array_kind(value):
    """'torch', 'cupy', 'jax', 'cai' (another __cuda_array_interface__
    object) for arrays in GPU memory; None for anything else."""
    module = _module_of(value)
    if module == "torch":
        return "torch" if getattr(value, "is_cuda", False) else None
    if module == "cupy" and hasattr(value, "__cuda_array_interface__"):
        return "cupy"
    if module in ("jax", "jaxlib"):
        return "jax" if _dlpack_device_type(value) in (_DLPACK_CUDA, _DLPACK_CUDA_MANAGED) \
            else None
    if hasattr(value, "__cuda_array_interface__"):
        return "cai"
    if _dlpack_device_type(value) in (_DLPACK_CUDA, _DLPACK_CUDA_MANAGED):
        return "dlpack"
    return None


def is_cuda_array(value):
    return array_kind(value) is not None


def _dlpack_device_type(value):
    method = getattr(value, "__dlpack_device__", None)
    if method is None or isinstance(value, np.ndarray):
        return None
    try:
        return int(method()[0])
    except Exception:  # tracers, deleted arrays, ...: not a device array we can read
        return None


def _dtype_and_shape(value, kind):
    """(numpy dtype, shape) of a device array, from its interface alone."""
    if kind == "cai":
        interface = value.__cuda_array_interface__
        return np.dtype(interface["typestr"]), tuple(interface["shape"])
    if kind == "torch":
        name = str(value.dtype).replace("torch.", "")
        return (np.dtype(name) if name in _TORCH_NUMPY_NAMES else None), tuple(value.shape)
    return np.dtype(value.dtype), tuple(value.shape)


# torch dtype names NumPy knows under the same name (others, like bfloat16,
# are reported as unsupported).
_TORCH_NUMPY_NAMES = {"float32", "float64", "complex64", "complex128", "float16", "int8",
                      "int16", "int32", "int64", "uint8", "bool"}


def _check_cai_contiguous(value, what):
    """A raw __cuda_array_interface__ array is viewed, not copied: it must be
    C-contiguous (strides None, or equal to the C-contiguous ones)."""
    interface = value.__cuda_array_interface__
    strides = interface.get("strides")
    if strides is None:
        return
    itemsize = np.dtype(interface["typestr"]).itemsize
    expected, stride = [], itemsize
    for size in reversed(interface["shape"]):
        expected.append(stride)
        stride *= size
    expected.reverse()
    if any(s != e for s, e, size in zip(strides, expected, interface["shape"]) if size > 1):
        raise ValueError("%s: a non-contiguous __cuda_array_interface__ array (strides %s) "
                         "is not copied here; pass a C-contiguous one, or a CuPy array or "
                         "PyTorch tensor (which are copied)" % (what, tuple(strides)))


# ---------------------------------------------------------------------------
# The native libraries
# ---------------------------------------------------------------------------

class CudaKernels:
    """liblinalgx_cuda_kernels.so and the runtime it links, with a GPU."""

    def __init__(self):
        how = ("; it is built with the CUDA runtime when ptxas is found "
               "(runtime/cuda_kernels/CMakeLists.txt), and pip install ships it")
        self.lib, self.directory = _native.load_library(KERNELS_LIBRARY, how)
        # The kernels library's own copy of the runtime (same directory,
        # $ORIGIN), for the stream and probe entry points.
        try:
            self.runtime = ctypes.CDLL(os.path.join(self.directory, RUNTIME_LIBRARY))
        except OSError as error:
            raise LinalgXError("cannot load %s: %s" % (RUNTIME_LIBRARY, error)) from None
        runtime = self.runtime
        runtime.linalgxCudaProbe.argtypes = [ctypes.c_char_p, ctypes.c_int64]
        runtime.linalgxCudaProbe.restype = ctypes.c_int
        runtime.linalgxCudaSetStreamEx.argtypes = [ctypes.c_void_p, ctypes.c_uint32]
        runtime.linalgxCudaSetStreamEx.restype = None
        runtime.linalgxCudaResetStream.argtypes = []
        runtime.linalgxCudaResetStream.restype = None
        message = ctypes.create_string_buffer(512)
        self.devices = runtime.linalgxCudaProbe(message, len(message))
        self.probe_message = message.value.decode("utf-8", "replace")
        if self.devices <= 0:
            # Raised before any other call: every other runtime entry point
            # terminates the process when CUDA fails.
            raise LinalgXError("linalgx: %s cannot run: %s" % (KERNELS_LIBRARY,
                                                              self.probe_message))
        self.lu_entries = {}
        for name in LU_TYPES.values():
            self.lu_entries[name] = self._entry("linalgx_lu_" + name, 3, 3, 2, 1, 2)
        self.lu_solve_entries = {}
        self.solve_entries = {}
        for name in LU_TYPES.values():
            for trans in ("none", "transpose", "adjoint"):
                self.lu_solve_entries[name, trans] = self._entry(
                    "linalgx_lu_solve_%s_%s" % (name, trans), 3, 2, 3, 3)
            self.solve_entries[name] = self._entry("linalgx_solve_" + name, 3, 3, 3, 1)
        self.det_entries = {name: self._entry("linalgx_det_" + name, 3, 3, 2, 1, 1)
                            for name in LU_TYPES.values()}
        self.slogdet_entries = {name: self._entry("linalgx_slogdet_" + name, 3, 3, 2, 1, 1, 1)
                                for name in LU_TYPES.values()}
        self.fused_det_entries = {name: self._entry("linalgx_fused_det_" + name, 3, 1)
                                  for name in LU_TYPES.values()}
        self.fused_slogdet_entries = {name: self._entry("linalgx_fused_slogdet_" + name, 3, 1, 1)
                                      for name in LU_TYPES.values()}
        self.perm_entries = {}
        for name in PIVOT_TYPES.values():
            self.perm_entries[name] = self._entry("linalgx_pivots_to_permutation_" + name, 2, 2)

    def _entry(self, name, *ranks):
        function = getattr(self.lib, "_mlir_ciface_" + name)
        function.argtypes = [ctypes.POINTER(memref_descriptor_type(r)) for r in ranks]
        function.restype = None
        return function

    def call(self, function, stream, *buffers):
        """function(descriptors of `buffers`) on `stream` ((pointer, shape)
        pairs of C-contiguous device buffers)."""
        descriptors = [_descriptor(pointer, shape) for pointer, shape in buffers]
        # The thread's stream override for this call only; it is removed,
        # not restored, afterwards (docs/python.md, "Streams").
        self.runtime.linalgxCudaSetStreamEx(stream, STREAM_DEFER_SYNC)
        try:
            function(*[ctypes.byref(d) for d in descriptors])
        finally:
            self.runtime.linalgxCudaResetStream()


def _descriptor(pointer, shape):
    descriptor = memref_descriptor_type(len(shape))()
    descriptor.allocated = descriptor.aligned = pointer
    descriptor.offset = 0
    stride = 1
    for i in reversed(range(len(shape))):
        descriptor.sizes[i] = shape[i]
        descriptor.strides[i] = stride
        stride *= shape[i]
    return descriptor


# The process-wide CudaKernels, loaded on first use.
kernels = LoadedOnce(CudaKernels)


# ---------------------------------------------------------------------------
# Array libraries: contiguous input, outputs, stream
# ---------------------------------------------------------------------------

class _Torch:
    def __init__(self, a):
        import torch
        self.torch = torch
        self.device = a.device

    def contiguous(self, a):
        return a.contiguous()

    def empty(self, shape, dtype):
        return self.torch.empty(shape, dtype=getattr(self.torch, np.dtype(dtype).name),
                                device=self.device)

    def identities(self, shape, dtype):
        """Identity matrices of `shape` ([..., N, N]), C-contiguous."""
        eye = self.torch.eye(shape[-1], dtype=getattr(self.torch, np.dtype(dtype).name),
                             device=self.device)
        return eye.expand(shape).contiguous()

    def pointer(self, x):
        return x.data_ptr()

    def stream(self):
        return self.torch.cuda.current_stream(self.device).cuda_stream

    def device_scope(self):
        return self.torch.cuda.device(self.device)


class _Cupy:
    def __init__(self, a):
        import cupy
        self.cupy = cupy
        self.device = a.device

    def contiguous(self, a):
        return self.cupy.ascontiguousarray(a)

    def empty(self, shape, dtype):
        with self.device:
            return self.cupy.empty(shape, dtype=dtype)

    def identities(self, shape, dtype):
        """Identity matrices of `shape` ([..., N, N]), C-contiguous."""
        with self.device:
            return self.cupy.ascontiguousarray(
                self.cupy.broadcast_to(self.cupy.eye(shape[-1], dtype=dtype), shape))

    def pointer(self, x):
        return x.data.ptr

    def stream(self):
        with self.device:
            return self.cupy.cuda.get_current_stream().ptr

    def device_scope(self):
        return self.device


def _adopt(a, kind, what):
    """(array, library wrapper) for a validated CUDA array of `kind`."""
    if kind == "torch":
        return a, _Torch(a)
    if kind == "cupy":
        return a, _Cupy(a)
    # Another CUDA array interface (or DLPack) object, C-contiguous (checked
    # by the caller): view it with CuPy, or PyTorch, without copying; the
    # results are of that library.
    try:
        import cupy
        view = cupy.asarray(a) if kind == "cai" else cupy.from_dlpack(a)
        return view, _Cupy(view)
    except ImportError:
        pass
    try:
        import torch
        view = torch.as_tensor(a, device="cuda") if kind == "cai" else torch.from_dlpack(a)
        return view, _Torch(view)
    except ImportError:
        raise TypeError("%s: a %s CUDA array needs CuPy or PyTorch to allocate the results "
                        "(neither is installed)" % (what, type(a).__name__)) from None


# ---------------------------------------------------------------------------
# The operations
# ---------------------------------------------------------------------------

def _torch_operators():
    """torch.ops.linalgx where linalgx's PyTorch operator library is built
    (linalgx.torch), else None: PyTorch tensors then take the ctypes path."""
    from . import torch as linalgx_torch
    return linalgx_torch.operators()


def validate_lu(a, what):
    """Checks a CUDA array for lu; returns (kind, dtype, shape)."""
    kind = array_kind(a)
    dtype, shape = _dtype_and_shape(a, kind) if kind != "dlpack" else (None, None)
    if kind == "dlpack":
        return kind, None, None
    if dtype is None or dtype not in LU_TYPES:
        raise TypeError("%s: dtype %s is not supported; use float32, float64, complex64 or "
                        "complex128" % (what, getattr(a, "dtype", dtype)))
    if len(shape) < 2:
        raise ValueError("%s: a must have rank >= 2 ([..., M, N]), got shape %s"
                         % (what, shape))
    if shape[-2] > INT32_MAX or shape[-1] > INT32_MAX:
        raise ValueError("%s: %d x %d matrices cannot be indexed by int32 pivots"
                         % (what, shape[-2], shape[-1]))
    if kind == "cai":
        _check_cai_contiguous(a, what)
    return kind, dtype, shape


def lu(a, *, return_info=False):
    """linalgx.lu for a CUDA array; same contract as the CPU path."""
    what = "linalgx.lu: a"
    kind, dtype, shape = validate_lu(a, what)
    if kind == "jax":
        from . import jax as linalgx_jax
        result = linalgx_jax.lu_with_info(a)
        return result if return_info else result[:3]
    if kind == "torch":
        operators = _torch_operators()
        if operators is not None:  # the C++ operator: no ctypes on the way
            result = tuple(operators.lu(a))
            return result if return_info else result[:3]
    library_kernels = kernels()  # no library or no GPU: raise before anything else
    a, library = _adopt(a, kind, what)
    if kind == "dlpack":  # now a CuPy/PyTorch view: validate it as such
        return lu(a, return_info=return_info)
    *batch, m, n = shape
    batch = tuple(batch)
    k = min(m, n)
    b = int(np.prod(batch, dtype=np.int64))
    with library.device_scope():
        a = library.contiguous(a)
        factors = library.empty(shape, dtype)
        pivots = library.empty(batch + (k,), np.int32)
        info = library.empty(batch, np.int32)
        permutation = library.empty(batch + (m,), np.int32)
        p = library.pointer
        library_kernels.call(library_kernels.lu_entries[LU_TYPES[dtype]], library.stream(),
                             (p(a), (b, m, n)), (p(factors), (b, m, n)),
                             (p(pivots), (b, k)), (p(info), (b,)),
                             (p(permutation), (b, m)))
    if return_info:
        return factors, pivots, permutation, info
    return factors, pivots, permutation


def pivots_to_permutation(pivots, n):
    """linalgx.pivots_to_permutation for a CUDA array of int32/int64 pivots."""
    what = "linalgx.pivots_to_permutation: pivots"
    kind = array_kind(pivots)
    if kind == "jax":
        raise TypeError("%s: JAX arrays are not supported here; use "
                        "jax.lax.linalg.lu_pivots_to_permutation" % what)
    if kind != "dlpack":
        dtype, shape = _dtype_and_shape(pivots, kind)
        if dtype is None or dtype not in PIVOT_TYPES:
            raise TypeError("%s must be int32 or int64, got %s"
                            % (what, getattr(pivots, "dtype", dtype)))
        if len(shape) < 1:
            raise ValueError("%s must have rank >= 1 ([..., K]), got a scalar" % what)
        if kind == "cai":
            _check_cai_contiguous(pivots, what)
    if isinstance(n, bool) or not isinstance(n, (int, np.integer)):
        raise TypeError("linalgx.pivots_to_permutation: n must be an integer, got %r" % (n,))
    n = int(n)
    if kind != "dlpack":
        *batch, k = shape
        if n < k:
            raise ValueError("linalgx.pivots_to_permutation: n = %d is smaller than the "
                             "number of pivots K = %d" % (n, k))
        if dtype == np.int32 and n > INT32_MAX:
            raise ValueError("linalgx.pivots_to_permutation: n = %d does not fit int32 "
                             "pivots" % n)
    operators = _torch_operators() if kind == "torch" else None
    if operators is not None:
        return operators.pivots_to_permutation(pivots, n)
    library_kernels = kernels()
    pivots, library = _adopt(pivots, kind, what)
    if kind == "dlpack":
        return pivots_to_permutation(pivots, n)
    batch = tuple(batch)
    b = int(np.prod(batch, dtype=np.int64))
    with library.device_scope():
        pivots = library.contiguous(pivots)
        permutation = library.empty(batch + (n,), dtype)
        library_kernels.call(library_kernels.perm_entries[PIVOT_TYPES[dtype]],
                             library.stream(), (library.pointer(pivots), (b, k)),
                             (library.pointer(permutation), (b, n)))
    return permutation


def _solve_shapes(what, a_shape, b_shape, vector):
    """(batch, n, r) of a solve of [..., N, N] matrices and b [..., N] (one
    side, `vector`) or [..., N, R], with equal batch dimensions."""
    if len(a_shape) < 2 or a_shape[-1] != a_shape[-2]:
        raise ValueError("%s: the matrices must be square [..., N, N], got shape %s"
                         % (what, a_shape))
    *batch, n, _ = a_shape
    batch = tuple(batch)
    expected = batch + (n,)
    if (tuple(b_shape) if vector else tuple(b_shape[:-1])) != expected:
        raise ValueError("%s: b must have shape %s or %s + (R,) on a CUDA array, got %s"
                         % (what, expected, expected, tuple(b_shape)))
    return batch, n, 1 if vector else b_shape[-1]


def _validate_solve_arrays(what, a, b):
    kind = array_kind(a)
    if kind in ("jax", "dlpack") or array_kind(b) != kind:
        raise TypeError("%s: a and b must both be PyTorch or CuPy CUDA arrays (or both CUDA "
                        "array interface objects), got %s and %s"
                        % (what, type(a).__name__, type(b).__name__))
    a_dtype, a_shape = _dtype_and_shape(a, kind)
    b_dtype, b_shape = _dtype_and_shape(b, kind)
    if a_dtype not in LU_TYPES or b_dtype != a_dtype:
        raise TypeError("%s: a and b must have one dtype among float32, float64, complex64 "
                        "and complex128 on the GPU, got %s and %s" % (what, a_dtype, b_dtype))
    if kind == "cai":
        _check_cai_contiguous(a, what)
        _check_cai_contiguous(b, what)
    return kind, a_dtype, tuple(a_shape), tuple(b_shape)


def lu_solve(lu_and_piv, b, trans=0):
    """linalgx.lu_solve for CUDA arrays (int32 0-based pivots): the
    generated lu_solve kernel on the array library's current stream."""
    what = "linalgx.lu_solve"
    factors, pivots = lu_and_piv
    kind, dtype, lu_shape, b_shape = _validate_solve_arrays(what, factors, b)
    trans_name = {0: "none", "N": "none", 1: "transpose", "T": "transpose", 2: "adjoint",
                  "C": "adjoint", "H": "adjoint"}.get(trans)
    if trans_name is None:
        raise ValueError("%s: trans must be 0, 1 or 2 ('N', 'T' or 'C'), got %r" % (what, trans))
    pivot_dtype, pivot_shape = _dtype_and_shape(pivots, array_kind(pivots))
    vector = len(b_shape) == len(lu_shape) - 1
    batch, n, r = _solve_shapes(what, lu_shape, b_shape, vector)
    if pivot_dtype != np.int32 or tuple(pivot_shape) != batch + (n,):
        raise ValueError("%s: piv must be int32 of shape %s on the GPU, got %s %s"
                         % (what, batch + (n,), pivot_dtype, tuple(pivot_shape)))
    library_kernels = kernels()
    factors, library = _adopt(factors, kind, what)
    if kind == "cai":  # views of the library _adopt chose
        pivots, b = _adopt(pivots, kind, what)[0], _adopt(b, kind, what)[0]
    count = int(np.prod(batch, dtype=np.int64))
    with library.device_scope():
        factors, pivots, b = (library.contiguous(x) for x in (factors, pivots, b))
        solution = library.empty(b_shape, dtype)
        p = library.pointer
        library_kernels.call(library_kernels.lu_solve_entries[LU_TYPES[dtype], trans_name],
                             library.stream(), (p(factors), (count, n, n)),
                             (p(pivots), (count, n)), (p(b), (count, n, r)),
                             (p(solution), (count, n, r)))
    return solution


def solve(a, b):
    """linalgx.solve for CUDA arrays of equal batch dimensions: the op
    linalgx.solve (one kernel for matrices up to 4 x 4) on the array
    library's current stream, then a check of info (one host
    synchronization, as torch.linalg.solve makes): an exactly singular
    matrix raises numpy.linalg.LinAlgError."""
    what = "linalgx.solve"
    kind, dtype, a_shape, b_shape = _validate_solve_arrays(what, a, b)
    vector = len(b_shape) == len(a_shape) - 1
    batch, n, r = _solve_shapes(what, a_shape, b_shape, vector)
    library_kernels = kernels()
    a, library = _adopt(a, kind, what)
    if kind == "cai":
        b = _adopt(b, kind, what)[0]
    count = int(np.prod(batch, dtype=np.int64))
    with library.device_scope():
        a, b = library.contiguous(a), library.contiguous(b)
        info = library.empty(batch, np.int32)
        solution = library.empty(b_shape, dtype)
        p = library.pointer
        library_kernels.call(library_kernels.solve_entries[LU_TYPES[dtype]], library.stream(),
                             (p(a), (count, n, n)), (p(b), (count, n, r)),
                             (p(solution), (count, n, r)), (p(info), (count,)))
        if count and bool((info > 0).any()):
            raise np.linalg.LinAlgError("Singular matrix")
    return solution


def _validate_square(what, a):
    """(kind, dtype, shape) of a CUDA array of square matrices [..., N, N]:
    validate_lu's checks, then squareness; JAX arrays take linalgx.jax."""
    kind = array_kind(a)
    if kind in ("jax", "dlpack"):
        raise TypeError("%s: a must be a PyTorch or CuPy CUDA array (or a CUDA array "
                        "interface object), got %s" % (what, type(a).__name__))
    kind, dtype, shape = validate_lu(a, what)
    shape = tuple(shape)
    if shape[-1] != shape[-2]:
        raise ValueError("%s: a must be square matrices [..., N, N], got shape %s"
                         % (what, shape))
    return kind, dtype, shape


# Matrices up to this size take linalgx.det's fused kernel (the factors stay
# in registers); larger ones the LU into temporaries and the determinants.
FUSED_DET_MAX_SIZE = 4


def _determinants(what, a, logarithmic):
    """The determinants in one call on the array library's current stream;
    no host synchronization."""
    kind, dtype, shape = _validate_square(what, a)
    *batch, n, _ = shape
    batch = tuple(batch)
    library_kernels = kernels()
    a, library = _adopt(a, kind, what)
    count = int(np.prod(batch, dtype=np.int64))
    real = np.empty(0, dtype).real.dtype
    with library.device_scope():
        a = library.contiguous(a)
        results = [library.empty(batch, dtype)]
        if logarithmic:
            results.append(library.empty(batch, real))
        p = library.pointer
        outputs = [(p(result), (count,)) for result in results]
        if n <= FUSED_DET_MAX_SIZE:
            entries = (library_kernels.fused_slogdet_entries if logarithmic
                       else library_kernels.fused_det_entries)
            library_kernels.call(entries[LU_TYPES[dtype]], library.stream(),
                                 (p(a), (count, n, n)), *outputs)
            return results
        factors = library.empty(shape, dtype)
        pivots = library.empty(batch + (n,), np.int32)
        info = library.empty(batch, np.int32)
        entries = library_kernels.slogdet_entries if logarithmic else library_kernels.det_entries
        library_kernels.call(entries[LU_TYPES[dtype]], library.stream(),
                             (p(a), (count, n, n)), (p(factors), (count, n, n)),
                             (p(pivots), (count, n)), (p(info), (count,)), *outputs)
    return results


def det(a):
    """linalgx.det for CUDA arrays: the determinants, of a's batch shape."""
    return _determinants("linalgx.det", a, logarithmic=False)[0]


def slogdet(a):
    """linalgx.slogdet for CUDA arrays: (sign, logabsdet), each of a's batch
    shape, logabsdet of the real type."""
    return tuple(_determinants("linalgx.slogdet", a, logarithmic=True))


def inv(a):
    """linalgx.inv for CUDA arrays: the solve of a·x = I (linalgx.solve, so
    an exactly singular matrix raises numpy.linalg.LinAlgError)."""
    what = "linalgx.inv"
    kind, dtype, shape = _validate_square(what, a)
    a, library = _adopt(a, kind, what)
    with library.device_scope():
        identities = library.identities(shape, dtype)
    return solve(a, identities)
