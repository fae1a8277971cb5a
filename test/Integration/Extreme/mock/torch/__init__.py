"""A stand-in for PyTorch, backed by NumPy, for the self-test of
test/Integration/GPU/extreme_gpu.py on a machine without a GPU or PyTorch
(extreme-gpu-mock.test).

It implements only what extreme_gpu.py uses, with PyTorch's semantics for
it, and is strict where PyTorch is: an operation mixing "cuda" and "cpu"
tensors raises, `.numpy()` of a "cuda" tensor raises, `.view()` of a
non-contiguous tensor raises, and so does an unknown keyword argument. A
"cuda" tensor is host memory here: the test runs the same entry points
compiled for the CPU (linalgx-cpu-pipeline), so the data pointers the script
passes through ctypes are real.
"""

import builtins
import os

import numpy as np

__version__ = "0.0-mock"

float32 = np.dtype(np.float32)
float64 = np.dtype(np.float64)
complex64 = np.dtype(np.complex64)
complex128 = np.dtype(np.complex128)
int32 = np.dtype(np.int32)
int64 = np.dtype(np.int64)
bool = np.dtype(np.bool_)  # noqa: A001 (torch.bool)

_DEVICES = ("cuda", "cpu", None)


def _is_cuda(device):
    if device not in _DEVICES and not str(device).startswith("cuda"):
        raise ValueError("mock torch: unknown device %r" % (device,))
    return device is not None and str(device).startswith("cuda")


def _unwrap(value, cuda):
    if isinstance(value, Tensor):
        if value.is_cuda != cuda:
            raise RuntimeError("mock torch: Expected all tensors to be on the same device, "
                               "but found at least two devices, cuda:0 and cpu!")
        return value._a
    return value


def _shape(args):
    if len(args) == 1 and isinstance(args[0], (tuple, list)):
        return tuple(int(x) for x in args[0])
    return tuple(int(x) for x in args)


class Tensor:
    def __init__(self, array, cuda):
        self._a = array
        self.is_cuda = cuda

    # -- metadata
    @property
    def shape(self):
        return tuple(self._a.shape)

    @property
    def dtype(self):
        return self._a.dtype

    def dim(self):
        return self._a.ndim

    def numel(self):
        return int(self._a.size)

    def stride(self, dim):
        return self._a.strides[dim] // self._a.itemsize

    def is_contiguous(self):
        return builtins.bool(self._a.flags.c_contiguous)

    def data_ptr(self):
        return int(self._a.ctypes.data)

    # -- devices
    def cuda(self):
        return Tensor(np.array(self._a, copy=True), True)

    def cpu(self):
        return Tensor(np.array(self._a, copy=True), False)

    def numpy(self):
        if self.is_cuda:
            raise TypeError("mock torch: can't convert cuda:0 device type tensor to numpy. "
                            "Use Tensor.cpu() to copy the tensor to host memory first.")
        return self._a

    # -- views, copies
    def view(self, *shape):
        if not self._a.flags.c_contiguous:
            raise RuntimeError("mock torch: view size is not compatible with input tensor's "
                               "size and stride")
        return Tensor(self._a.reshape(_shape(shape)), self.is_cuda)

    def double(self):
        return Tensor(self._a.astype(np.float64), self.is_cuda)

    def fill_(self, value):
        self._a[...] = value
        return self

    def __getitem__(self, key):
        return Tensor(self._a[self._key(key)], self.is_cuda)

    def __setitem__(self, key, value):
        self._a[self._key(key)] = _unwrap(value, self.is_cuda)

    def _key(self, key):
        if isinstance(key, tuple):
            return tuple(_unwrap(k, self.is_cuda) for k in key)
        return _unwrap(key, self.is_cuda)

    # -- reductions
    def all(self):
        return Tensor(np.array(self._a.all()), self.is_cuda)

    def any(self, dim=None):
        if dim is None:
            return Tensor(np.array(self._a.any()), self.is_cuda)
        return Tensor(self._a.any(axis=dim), self.is_cuda)

    def sum(self):
        # torch sums bool and integer tensors as int64
        if self._a.dtype.kind in "bi":
            return Tensor(np.array(self._a.sum(dtype=np.int64)), self.is_cuda)
        return Tensor(np.array(self._a.sum()), self.is_cuda)

    def max(self):
        return Tensor(np.array(self._a.max()), self.is_cuda)

    def item(self):
        if self._a.size != 1:
            raise RuntimeError("mock torch: a Tensor with %d elements cannot be converted to "
                               "Scalar" % self._a.size)
        return self._a.reshape(()).item()

    # -- arithmetic and comparisons
    def _binary(self, other, op):
        return Tensor(op(self._a, _unwrap(other, self.is_cuda)), self.is_cuda)

    def __eq__(self, other):
        return self._binary(other, np.equal)

    def __ne__(self, other):
        return self._binary(other, np.not_equal)

    def __lt__(self, other):
        return self._binary(other, np.less)

    def __le__(self, other):
        return self._binary(other, np.less_equal)

    def __gt__(self, other):
        return self._binary(other, np.greater)

    def __ge__(self, other):
        return self._binary(other, np.greater_equal)

    def __and__(self, other):
        return self._binary(other, np.bitwise_and)

    def __or__(self, other):
        return self._binary(other, np.bitwise_or)

    def __invert__(self):
        return Tensor(~self._a, self.is_cuda)

    def __add__(self, other):
        return self._binary(other, np.add)

    def __sub__(self, other):
        return self._binary(other, np.subtract)

    def __mul__(self, other):
        return self._binary(other, np.multiply)

    def __truediv__(self, other):
        return self._binary(other, np.true_divide)

    def __mod__(self, other):
        return self._binary(other, np.remainder)

    def __matmul__(self, other):
        return self._binary(other, np.matmul)

    __hash__ = None

    def __bool__(self):
        raise RuntimeError("mock torch: use .item() (the script should not rely on the truth "
                           "value of a tensor)")

    def __repr__(self):
        return "tensor(%r, device=%s)" % (self._a, "cuda" if self.is_cuda else "cpu")


def _check_kwargs(kwargs, allowed):
    unknown = set(kwargs) - set(allowed)
    if unknown:
        raise TypeError("mock torch: unexpected keyword argument(s) %s" % sorted(unknown))


def from_numpy(array):
    if not isinstance(array, np.ndarray):
        raise TypeError("expected np.ndarray")
    return Tensor(array, False)


def tensor(data, dtype=None, device=None):
    return Tensor(np.array(data, dtype=dtype), _is_cuda(device))


def empty(*shape, dtype=float32, device=None):
    # Not zeroed, as in PyTorch: filled with garbage-looking values.
    array = np.empty(_shape(shape), dtype=dtype or float32)
    if array.dtype.kind in "fc":
        array.fill(np.nan)
    elif array.dtype.kind in "iu":
        array.fill(-12345)
    return Tensor(array, _is_cuda(device))


def full(shape, value, dtype=None, device=None):
    return Tensor(np.full(_shape((shape,)), value, dtype=dtype), _is_cuda(device))


def zeros(*shape, dtype=float32, device=None):
    return Tensor(np.zeros(_shape(shape), dtype=dtype or float32), _is_cuda(device))


def zeros_like(t):
    return Tensor(np.zeros_like(t._a), t.is_cuda)


def arange(start, end=None, dtype=None, device=None):
    if end is None:
        start, end = 0, start
    return Tensor(np.arange(start, end, dtype=dtype or int64), _is_cuda(device))


def where(condition, x, y):
    cuda = condition.is_cuda
    return Tensor(np.where(_unwrap(condition, cuda), _unwrap(x, cuda), _unwrap(y, cuda)), cuda)


def triu(t, diagonal=0):
    return Tensor(np.triu(t._a, k=diagonal), t.is_cuda)


def isnan(t):
    return Tensor(np.isnan(t._a), t.is_cuda)


class Generator:
    def __init__(self, device=None):
        self.cuda = _is_cuda(device)
        self.rng = np.random.default_rng(0)

    def manual_seed(self, seed):
        self.rng = np.random.default_rng(seed)
        return self


def randn(*shape, generator=None, dtype=float32, device=None):
    rng = generator.rng if generator is not None else np.random.default_rng()
    cuda = _is_cuda(device)
    if generator is not None and generator.cuda != cuda:
        raise RuntimeError("mock torch: generator and tensor on different devices")
    return Tensor(rng.standard_normal(_shape(shape)).astype(dtype or float32), cuda)


class _Linalg:
    @staticmethod
    def vector_norm(t, dim=None):
        return Tensor(np.asarray(np.linalg.norm(t._a, axis=dim)), t.is_cuda)


linalg = _Linalg()


class _Cuda:
    @staticmethod
    def is_available():
        return True

    @staticmethod
    def synchronize():
        # Failure injection for the self-test of extreme_gpu.py's parent:
        # MOCK_TORCH_FAULT=exit ends the process the way the linalgx CUDA
        # runtime does on a CUDA error; =hang never returns.
        fault = os.environ.get("MOCK_TORCH_FAULT", "")
        if fault == "exit":
            print("linalgx-cuda-runtime: error: mock failure injected by MOCK_TORCH_FAULT=exit",
                  flush=True)
            os._exit(1)
        if fault == "hang":
            import time
            while True:
                time.sleep(60)
        return None

    @staticmethod
    def empty_cache():
        return None

    @staticmethod
    def get_device_name(index=0):
        return "mock GPU (NumPy on the host)"

    @staticmethod
    def mem_get_info():
        # The "device" is host memory: report what the host has available
        # (MemAvailable), so that the script skips what would not fit here;
        # MOCK_TORCH_FREE_GIB overrides it.
        free = os.environ.get("MOCK_TORCH_FREE_GIB")
        if free is None:
            free = 0.0
            try:
                with open("/proc/meminfo") as f:
                    for line in f:
                        if line.startswith("MemAvailable:"):
                            free = int(line.split()[1]) / float(1 << 20)
            except (OSError, ValueError, IndexError):
                pass
        free = int(float(free) * (1 << 30))
        return free, max(free, 1 << 30)


cuda = _Cuda()


class _Matmul:
    allow_tf32 = False


class _BackendsCuda:
    matmul = _Matmul()


class _Backends:
    cuda = _BackendsCuda()


backends = _Backends()
