"""The lower-level API: compile MLIR text with a linalgx pipeline and call
its functions on NumPy arrays.

    module = linalgx.compile(source)                 # linalgx-cpu-pipeline
    lu, pivots, info = module["factor"](a)           # or module.function("factor")

Every public ``func.func`` with a body is callable. Arguments and results
may be ranked memrefs or tensors of f32, f64, complex<f32>, complex<f64>,
i1, i8, i16, i32, i64 or index, and arguments may also be scalars of the
integer and real types. Marshalling:

* a **tensor** argument is read-only (the C library marks it
  ``bufferization.writable = false``, so the compiled code copies instead of
  writing into it); any array is accepted and made C-contiguous (copied if
  needed).
* a **memref** argument is the caller's array itself: the compiled code may
  write into it. It must already be a C-contiguous, aligned, writeable
  ``numpy.ndarray`` of the exact dtype -- it is **rejected, not copied**,
  since writes into a copy would be lost.
* static dimensions are checked against the array's shape; dynamic ones
  (``?``) take the array's size.
* **results** (memrefs or tensors) come back as new NumPy arrays: the data
  is copied out of the buffer the compiled code returned, which is then
  freed (unless it is one of the arguments' buffers, or a constant global).
"""

import ctypes
import re
import threading

import numpy as np

from . import _native
from .errors import LinalgXError

DEFAULT_PIPELINE = "linalgx-cpu-pipeline"

ELEMENT_TYPES = {
    "f32": np.dtype(np.float32),
    "f64": np.dtype(np.float64),
    "complex<f32>": np.dtype(np.complex64),
    "complex<f64>": np.dtype(np.complex128),
    "i1": np.dtype(np.bool_),
    "i8": np.dtype(np.int8),
    "i16": np.dtype(np.int16),
    "i32": np.dtype(np.int32),
    "i64": np.dtype(np.int64),
    "index": np.dtype(np.int64),
}

SCALAR_CTYPES = {
    "f32": ctypes.c_float,
    "f64": ctypes.c_double,
    "i1": ctypes.c_bool,
    "i8": ctypes.c_int8,
    "i16": ctypes.c_int16,
    "i32": ctypes.c_int32,
    "i64": ctypes.c_int64,
    "index": ctypes.c_int64,
}

# memref.get_global of a constant lowers to a descriptor whose allocated
# pointer is this marker: such a buffer is not the caller's to free.
GLOBAL_MEMREF_MARKER = 0xDEADBEEF

_SHAPED_TYPE = re.compile(r"^(memref|tensor)<(.*)>$", re.S)


class ValueType:
    """One argument or result type of an MLIR function, as the caller sees it."""

    def __init__(self, text):
        self.text = text
        shaped = _SHAPED_TYPE.match(text)
        if shaped:
            self.kind = shaped.group(1)
            body = _split_top_level(shaped.group(2))[0].strip()  # drop the layout
            if body.startswith("*"):
                raise LinalgXError("unranked %s (%s) is not supported at a function boundary"
                                   % (self.kind, text))
            parts = re.match(r"^((?:(?:\d+|\?)x)*)(.+)$", body)
            self.dims = [None if d == "?" else int(d) for d in parts.group(1).split("x")[:-1]]
            element = parts.group(2)
        else:
            self.kind = "scalar"
            self.dims = []
            element = text
        if element not in ELEMENT_TYPES or (self.kind == "scalar" and element not in SCALAR_CTYPES):
            raise LinalgXError("%s: element type %s is not supported at a function boundary "
                               "(supported: %s)" % (text, element, ", ".join(
                                   SCALAR_CTYPES if self.kind == "scalar" else ELEMENT_TYPES)))
        self.element = element
        self.dtype = ELEMENT_TYPES[element]

    @property
    def rank(self):
        return len(self.dims)

    def ctype(self):
        """The C type of the value in _mlir_ciface_ calls and result structs."""
        if self.kind == "scalar":
            return SCALAR_CTYPES[self.element]
        return memref_descriptor_type(self.rank)

    def __repr__(self):
        return self.text


def _split_top_level(text):
    """Splits on commas outside <>, () and []."""
    parts, depth, start = [], 0, 0
    for i, char in enumerate(text):
        if char in "<([{":
            depth += 1
        elif char in ">)]}":
            depth -= 1
        elif char == "," and depth == 0:
            parts.append(text[start:i])
            start = i + 1
    parts.append(text[start:])
    return [p.strip() for p in parts if p.strip()]


def parse_function_type(text):
    """'(A, B) -> (C, D)', '(A) -> C' or '() -> ()' into ([ValueType], [ValueType])."""
    depth = 0
    for close, char in enumerate(text):
        depth += char in "<([{"
        depth -= char in ">)]}"
        if depth == 0:
            break
    inputs_text = text[1:close]
    results_text = text[close + 1:].strip()
    if results_text.startswith("->"):
        results_text = results_text[2:].strip()
    if results_text.startswith("(") and results_text.endswith(")"):
        results_text = results_text[1:-1]
    return ([ValueType(t) for t in _split_top_level(inputs_text)],
            [ValueType(t) for t in _split_top_level(results_text)])


_descriptor_types = {}


def memref_descriptor_type(rank):
    """The ctypes struct of MLIR's ranked memref descriptor of `rank`."""
    if rank not in _descriptor_types:
        fields = [("allocated", ctypes.c_void_p), ("aligned", ctypes.c_void_p),
                  ("offset", ctypes.c_int64)]
        if rank:
            fields += [("sizes", ctypes.c_int64 * rank), ("strides", ctypes.c_int64 * rank)]
        _descriptor_types[rank] = type("MemRefDescriptor%d" % rank, (ctypes.Structure,),
                                       {"_fields_": fields})
    return _descriptor_types[rank]


def descriptor_for(array):
    """A descriptor viewing a C-contiguous NumPy array (no copy)."""
    descriptor = memref_descriptor_type(array.ndim)()
    descriptor.allocated = descriptor.aligned = array.ctypes.data
    descriptor.offset = 0
    for i, (size, stride) in enumerate(zip(array.shape, array.strides)):
        descriptor.sizes[i] = size
        descriptor.strides[i] = stride // array.itemsize if array.itemsize else 0
    return descriptor


_libc = ctypes.CDLL(None)
_libc.free.argtypes = [ctypes.c_void_p]
_libc.free.restype = None


def reject_device_array(value, what):
    """Raises ValueError for arrays that live on a GPU (CUDA array interface
    or a DLPack device other than the CPU): the CPU path cannot read them."""
    if hasattr(value, "__cuda_array_interface__"):
        raise ValueError("%s is a CUDA device array; linalgx.compile's functions run on the "
                         "CPU (linalgx.lu and linalgx.pivots_to_permutation take CUDA arrays): "
                         "copy it to the host first, e.g. with .get() or .cpu().numpy()" % what)
    dlpack_device = getattr(value, "__dlpack_device__", None)
    if dlpack_device is not None and not isinstance(value, np.ndarray):
        try:
            device_type = int(dlpack_device()[0])
        except Exception:  # not a usable DLPack object: let NumPy judge it
            return
        if device_type not in (1, 3):  # kDLCPU, kDLCUDAHost
            raise ValueError("%s is on a non-CPU device (DLPack device type %d); linalgx.compile's "
                             "functions run on the CPU: copy it to the host first"
                             % (what, device_type))


class Function:
    """A callable compiled function: arguments and results are NumPy arrays."""

    def __init__(self, module, name, function_type, address, read_only=()):
        self.module = module  # keeps the compiled code alive
        self.name = name
        self.type_text = function_type
        self.inputs, self.results = parse_function_type(function_type)
        # Memref arguments the caller knows the code only reads: read-only
        # arrays (np.frombuffer, views of JAX arrays) are passed as they are.
        self.read_only = frozenset(read_only)
        self._address = address
        self._fast_call = None
        self._result_struct = None
        result_args = []
        returns = None
        if len(self.results) == 1 and self.results[0].kind == "scalar":
            returns = self.results[0].ctype()
        elif self.results:
            # One memref result: a pointer to its descriptor; several results:
            # a pointer to the struct of all of them, in order.
            if len(self.results) == 1:
                self._result_struct = self.results[0].ctype()
            else:
                self._result_struct = type("Results", (ctypes.Structure,), {"_fields_": [
                    ("r%d" % i, t.ctype()) for i, t in enumerate(self.results)]})
            result_args = [ctypes.POINTER(self._result_struct)]
        arg_types = result_args + [
            t.ctype() if t.kind == "scalar" else ctypes.POINTER(t.ctype()) for t in self.inputs]
        self._call = ctypes.CFUNCTYPE(returns, *arg_types)(address)

    def __repr__(self):
        return "<linalgx.jit.Function @%s : %s>" % (self.name, self.type_text)

    def call_arrays(self, *arrays):
        """Calls a function of memref arguments and no results on arrays that
        already match its signature: C-contiguous, aligned, of the exact
        dtype and rank, writeable unless in `read_only`. Only the number of
        arguments and the buffers' contiguity are checked (what linalgx.lu
        and pivots_to_permutation pass, they make so); __call__ checks all.
        Through the _linalgx_memref_call extension where it is built."""
        if self._fast_call is None:
            if self.results or any(t.kind != "memref" for t in self.inputs):
                raise TypeError("%r: call_arrays takes functions of memref arguments "
                                "and no results" % self)
            call = _native.memref_call()
            if call is None or len(self.inputs) > 8:
                self._fast_call = self.__call__
            else:
                address, mask = self._address, sum(1 << i for i in self.read_only)
                self._fast_call = lambda *values: call(address, mask, *values)
        if len(arrays) != len(self.inputs):
            raise TypeError("@%s takes %d arguments, got %d" % (
                self.name, len(self.inputs), len(arrays)))
        self._fast_call(*arrays)

    def _marshal(self, index, value, value_type, keep_alive):
        what = "@%s argument %d (%s)" % (self.name, index, value_type)
        reject_device_array(value, what)
        if value_type.kind == "scalar":
            if isinstance(value, np.ndarray) and value.ndim:
                raise ValueError("%s: expected a scalar, got an array of shape %s"
                                 % (what, value.shape))
            return value_type.ctype()(value.item() if hasattr(value, "item") else value)
        if value_type.kind == "memref":
            if not isinstance(value, np.ndarray):
                raise TypeError("%s: expected a numpy.ndarray, got %s (memref arguments are "
                                "the caller's buffers: the function may write into them)"
                                % (what, type(value).__name__))
            if value.dtype != value_type.dtype:
                raise TypeError("%s: expected dtype %s, got %s (memref arguments are not "
                                "converted)" % (what, value_type.dtype, value.dtype))
            if not value.flags.c_contiguous or not value.flags.aligned:
                raise ValueError("%s: the array is not C-contiguous and aligned; linalgx does "
                                 "not copy memref arguments (the function may write into "
                                 "them), pass numpy.ascontiguousarray(x)" % what)
            if not value.flags.writeable and index not in self.read_only:
                raise ValueError("%s: the array is read-only and the function may write "
                                 "into a memref argument (pass a tensor argument, or "
                                 "numpy.array(x) for a writeable copy)" % what)
            array = value
        else:
            array = np.asarray(value)
            if array.dtype != value_type.dtype:
                raise TypeError("%s: expected dtype %s, got %s" % (what, value_type.dtype,
                                                                    array.dtype))
            array = np.ascontiguousarray(array)
        if array.ndim != value_type.rank:
            raise ValueError("%s: expected rank %d, got an array of shape %s"
                             % (what, value_type.rank, array.shape))
        for axis, (expected, actual) in enumerate(zip(value_type.dims, array.shape)):
            if expected is not None and expected != actual:
                raise ValueError("%s: dimension %d is %d, the function expects %d"
                                 % (what, axis, actual, expected))
        keep_alive.append(array)
        return ctypes.pointer(descriptor_for(array))

    def __call__(self, *args):
        if len(args) != len(self.inputs):
            raise TypeError("@%s takes %d arguments (%s), got %d" % (
                self.name, len(self.inputs), ", ".join(map(str, self.inputs)), len(args)))
        keep_alive = []
        c_args = [self._marshal(i, value, t, keep_alive)
                  for i, (value, t) in enumerate(zip(args, self.inputs))]
        if self._result_struct is None:
            returned = self._call(*c_args)
            return returned if self.results else None
        results = self._result_struct()
        self._call(ctypes.pointer(results), *c_args)
        if len(self.results) == 1:
            values = [results]
        else:
            values = [getattr(results, "r%d" % i) for i in range(len(self.results))]
        caller_buffers = {a.ctypes.data for a in keep_alive}
        freed = set()
        out = []
        for value, value_type in zip(values, self.results):
            if value_type.kind == "scalar":
                out.append(value)
                continue
            out.append(self._copy_out(value, value_type))
            allocated = value.allocated or 0
            if allocated and allocated != GLOBAL_MEMREF_MARKER and \
                    allocated not in caller_buffers and allocated not in freed:
                freed.add(allocated)
                _libc.free(allocated)
        return out[0] if len(out) == 1 else tuple(out)

    @staticmethod
    def _copy_out(descriptor, value_type):
        rank = value_type.rank
        shape = tuple(descriptor.sizes[i] for i in range(rank)) if rank else ()
        strides = tuple(descriptor.strides[i] for i in range(rank)) if rank else ()
        result = np.empty(shape, dtype=value_type.dtype)
        if result.size == 0:
            return result
        itemsize = value_type.dtype.itemsize
        # The span of memory the strided view covers, from its first element.
        span = 1 + sum((size - 1) * stride for size, stride in zip(shape, strides))
        base = descriptor.aligned + descriptor.offset * itemsize
        flat = np.frombuffer((ctypes.c_char * (span * itemsize)).from_address(base),
                             dtype=value_type.dtype)
        view = np.lib.stride_tricks.as_strided(
            flat, shape=shape, strides=tuple(s * itemsize for s in strides))
        result[...] = view
        return result


class CompiledModule:
    """MLIR text lowered by a linalgx pipeline and JIT-compiled for the host."""

    def __init__(self, source, pipeline=DEFAULT_PIPELINE, opt_level=2):
        if not isinstance(source, str):
            raise TypeError("the MLIR source must be a str, got %s" % type(source).__name__)
        self._native = _native.library()
        self.pipeline = pipeline
        self._handle = self._native.create_module(source, pipeline, opt_level)
        self._functions = {}
        self._lock = threading.Lock()

    def function(self, name, read_only=()):
        """The callable function @name (an EntryPointError if there is none).

        `read_only`: indices of memref arguments that the function only
        reads, which may then be read-only arrays (it is the caller's word:
        the code is not checked)."""
        key = (name, frozenset(read_only))
        with self._lock:
            if key not in self._functions:
                function_type = self._native.function_type(self._handle, name)
                address = self._native.lookup(self._handle, name)
                self._functions[key] = Function(self, name, function_type, address,
                                                read_only)
            return self._functions[key]

    __getitem__ = function

    def __del__(self):
        handle = getattr(self, "_handle", None)
        if handle is not None and handle.ptr:
            self._native.destroy_module(handle)
            self._handle = None


_module_cache = {}
_module_cache_lock = threading.Lock()


def compile(source, pipeline=DEFAULT_PIPELINE, opt_level=2):
    """Compiles `source` (MLIR text) with `pipeline`; the same text, pipeline
    and level compiled before in this process is not compiled again."""
    key = (source, pipeline, opt_level)
    with _module_cache_lock:
        module = _module_cache.get(key)
        if module is None:
            module = CompiledModule(source, pipeline, opt_level)
            _module_cache[key] = module
        return module


def compilation_count():
    """How many modules the C library has compiled in this process."""
    return _native.library().compilation_count()
