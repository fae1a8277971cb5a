"""Loading liblinalgx_capi.so and calling linalgx-c/ExecutionEngine.h.

Everything that touches ctypes and the C library lives here. The library is
found, in order, at:

1. ``$LINALGX_LIBRARY_DIR`` (a directory holding liblinalgx_capi.so),
2. ``_lib/`` inside this package (``pip install ./python`` copies the built
   libraries there),
3. ``$LINALGX_BUILD_DIR/lib``,
4. ``build/lib`` of the source tree this file is in (running from a checkout).
"""

import ctypes
import os
import threading
import warnings

from .errors import LinalgXError, CompilationError, EntryPointError, LinalgXWarning

LIBRARY_NAME = "liblinalgx_capi.so"
RUNNER_UTILS_NAME = "liblinalgx_runner_utils.so"
# linalgxCpuGetrf, which linalgx-cpu-pipeline's lu lowering calls
# (lu-strategy auto, lapack, unblocked, and generated for matrices too large
# for its stack buffer; docs/cpu.md).
CPU_RUNTIME_NAME = "liblinalgx_cpu_runtime.so"
MLIR_C_RUNNER_UTILS_NAME = "libmlir_c_runner_utils.so"
# The OpenMP runtime that the CPU pipeline's generated code (lu-strategy
# generated, and auto on batches of small matrices) runs its batches on; from
# the LLVM installation (Debian: libomp-22-dev), next to the MLIR libraries.
OPENMP_RUNTIME_NAME = "libomp.so"

_PACKAGE_DIR = os.path.dirname(os.path.abspath(__file__))


class MlirStringRef(ctypes.Structure):
    _fields_ = [("data", ctypes.c_char_p), ("length", ctypes.c_size_t)]

    @classmethod
    def of(cls, text):
        data = text.encode("utf-8") if isinstance(text, str) else bytes(text)
        # c_char_p keeps a reference to `data` in the structure's _objects.
        return cls(data, len(data))


class MlirLogicalResult(ctypes.Structure):
    _fields_ = [("value", ctypes.c_int8)]


class LinalgXJitModule(ctypes.Structure):
    _fields_ = [("ptr", ctypes.c_void_p)]


MlirStringCallback = ctypes.CFUNCTYPE(None, MlirStringRef, ctypes.c_void_p)


class _TextCollector:
    """An MlirStringCallback that appends every piece of text it is given."""

    def __init__(self):
        self.pieces = []
        self.callback = MlirStringCallback(self._append)

    def _append(self, text, _user_data):
        self.pieces.append(ctypes.string_at(text.data, text.length).decode("utf-8", "replace"))

    @property
    def text(self):
        return "".join(self.pieces)


def candidate_library_dirs():
    dirs = []
    if os.environ.get("LINALGX_LIBRARY_DIR"):
        dirs.append(os.environ["LINALGX_LIBRARY_DIR"])
    dirs.append(os.path.join(_PACKAGE_DIR, "_lib"))
    if os.environ.get("LINALGX_BUILD_DIR"):
        dirs.append(os.path.join(os.environ["LINALGX_BUILD_DIR"], "lib"))
    source_root = os.path.dirname(os.path.dirname(_PACKAGE_DIR))
    dirs.append(os.path.join(source_root, "build", "lib"))
    return dirs


def load_library(name, how_to_build):
    """Loads the first `name` in candidate_library_dirs(); returns the ctypes
    library and its directory. `how_to_build` completes the error message
    when it is nowhere."""
    searched = candidate_library_dirs()
    for directory in searched:
        path = os.path.join(directory, name)
        if os.path.isfile(path):
            break
    else:
        raise LinalgXError("cannot find %s (searched %s)%s"
                           % (name, ", ".join(searched), how_to_build))
    try:
        return ctypes.CDLL(path), directory
    except OSError as error:
        raise LinalgXError("cannot load %s: %s" % (path, error)) from None


class NativeLibrary:
    """The loaded C library and the runtime libraries its JIT links against."""

    def __init__(self):
        self.lib, self.directory = load_library(
            LIBRARY_NAME,
            "; build linalgx (bash scripts/run-tests.sh or ninja -C build "
            "LinalgXCAPIShared) and set LINALGX_BUILD_DIR or LINALGX_LIBRARY_DIR, "
            "or reinstall the package from a built tree")
        self.path = os.path.join(self.directory, LIBRARY_NAME)
        self._declare()
        self._shared_lib_paths = None

    @property
    def shared_lib_paths(self):
        """The runtime libraries compiled code links against, found when
        first needed (importing a JAX export needs none of them)."""
        if self._shared_lib_paths is None:
            self._shared_lib_paths = self._find_runtime_libraries()
        return self._shared_lib_paths

    def _declare(self):
        lib = self.lib
        lib.linalgxJitModuleCreate.argtypes = [
            MlirStringRef, MlirStringRef, ctypes.c_int, ctypes.c_ssize_t,
            ctypes.POINTER(MlirStringRef), MlirStringCallback, ctypes.c_void_p]
        lib.linalgxJitModuleCreate.restype = LinalgXJitModule
        lib.linalgxJitModuleDestroy.argtypes = [LinalgXJitModule]
        lib.linalgxJitModuleDestroy.restype = None
        lib.linalgxJitModuleGetFunctionType.argtypes = [
            LinalgXJitModule, MlirStringRef, MlirStringCallback, ctypes.c_void_p,
            MlirStringCallback, ctypes.c_void_p]
        lib.linalgxJitModuleGetFunctionType.restype = MlirLogicalResult
        lib.linalgxJitModuleLookup.argtypes = [
            LinalgXJitModule, MlirStringRef, MlirStringCallback, ctypes.c_void_p]
        lib.linalgxJitModuleLookup.restype = ctypes.c_void_p
        lib.linalgxJitCompilationCount.argtypes = []
        lib.linalgxJitCompilationCount.restype = ctypes.c_int64
        lib.linalgxJitMLIRLibraryDirectory.argtypes = []
        lib.linalgxJitMLIRLibraryDirectory.restype = MlirStringRef
        lib.linalgxImportJAX.argtypes = [
            MlirStringRef, MlirStringRef, ctypes.c_bool, ctypes.c_int, MlirStringRef,
            MlirStringRef, MlirStringCallback, ctypes.c_void_p, MlirStringCallback,
            ctypes.c_void_p]
        lib.linalgxImportJAX.restype = MlirLogicalResult

    def _find_runtime_libraries(self):
        mlir_ref = self.lib.linalgxJitMLIRLibraryDirectory()
        mlir_dir = ctypes.string_at(mlir_ref.data, mlir_ref.length).decode()
        # Next to liblinalgx_capi.so first (build/lib, an install prefix, the
        # package's _lib), then the MLIR installation.
        dirs = [self.directory, os.path.join(os.path.dirname(self.directory), "lib"), mlir_dir]
        found = []
        for name in (MLIR_C_RUNNER_UTILS_NAME, RUNNER_UTILS_NAME, CPU_RUNTIME_NAME,
                     OPENMP_RUNTIME_NAME):
            for directory in dirs:
                path = os.path.join(directory, name)
                if os.path.isfile(path):
                    found.append(path)
                    break
            else:
                raise LinalgXError("cannot find %s (searched %s)" % (name, ", ".join(dirs)))
        return found

    def compilation_count(self):
        return int(self.lib.linalgxJitCompilationCount())

    def create_module(self, source, pipeline, opt_level):
        errors = _TextCollector()
        paths = (MlirStringRef * len(self.shared_lib_paths))(
            *[MlirStringRef.of(p) for p in self.shared_lib_paths])
        handle = self.lib.linalgxJitModuleCreate(
            MlirStringRef.of(source), MlirStringRef.of(pipeline), opt_level,
            len(self.shared_lib_paths), paths, errors.callback, None)
        if not handle.ptr:
            raise CompilationError(errors.text or "linalgx: compilation failed")
        return handle

    # linalgx-c/ImportJAX.h's LinalgxImportTarget.
    IMPORT_TARGETS = {None: 0, "linalg": 1, "cuda": 2}

    def import_jax(self, generic_text, source_name, locations, target=None, cuda_chip="",
                   cuda_features=""):
        """linalgx-import-jax on a generic-form module: the linalgx-ready text
        (target "linalg": upstream ops only; "cuda": IREE dispatches of
        linalgx's CUDA kernels). Warnings are issued as LinalgXWarning."""
        text, errors = _TextCollector(), _TextCollector()
        result = self.lib.linalgxImportJAX(
            MlirStringRef.of(generic_text), MlirStringRef.of(source_name), locations,
            self.IMPORT_TARGETS[target], MlirStringRef.of(cuda_chip),
            MlirStringRef.of(cuda_features), text.callback, None, errors.callback, None)
        if not result.value:
            raise CompilationError(errors.text or "linalgx-import-jax: the import failed")
        if errors.text:
            warnings.warn(errors.text.rstrip(), LinalgXWarning, stacklevel=3)
        return text.text

    def destroy_module(self, handle):
        self.lib.linalgxJitModuleDestroy(handle)

    def function_type(self, handle, name):
        text, errors = _TextCollector(), _TextCollector()
        result = self.lib.linalgxJitModuleGetFunctionType(
            handle, MlirStringRef.of(name), text.callback, None, errors.callback, None)
        if not result.value:
            raise EntryPointError(errors.text)
        return text.text

    def lookup(self, handle, name):
        errors = _TextCollector()
        address = self.lib.linalgxJitModuleLookup(handle, MlirStringRef.of(name),
                                                  errors.callback, None)
        if not address:
            raise EntryPointError(errors.text)
        return address


class LoadedOnce:
    """A process-wide object made by `factory` on the first call; a
    LinalgXError it raised (library missing, no GPU) is remembered and
    raised again on every later call."""

    def __init__(self, factory):
        self._factory = factory
        self._value = None
        self._error = None
        self._lock = threading.Lock()

    def __call__(self):
        with self._lock:
            if self._value is None and self._error is None:
                try:
                    self._value = self._factory()
                except LinalgXError as error:
                    self._error = error
            if self._error is not None:
                raise LinalgXError(str(self._error))
            return self._value


_library = None
_library_lock = threading.Lock()


def library():
    """The process-wide NativeLibrary, loaded on first use."""
    global _library
    with _library_lock:
        if _library is None:
            _library = NativeLibrary()
        return _library


MEMREF_CALL_NAME = "_linalgx_memref_call"
_memref_call = None
_memref_call_searched = False


def memref_call():
    """The `call` of the _linalgx_memref_call extension (lib/Bindings/Python),
    built for this interpreter, or None where it is not: it calls compiled
    functions on memref arguments with descriptors made in C, in a fraction
    of what ctypes takes. Found like the libraries (candidate_library_dirs)."""
    global _memref_call, _memref_call_searched
    if _memref_call_searched:
        return _memref_call
    with _library_lock:
        if not _memref_call_searched:
            import importlib.machinery
            import importlib.util
            for directory in candidate_library_dirs():
                for suffix in importlib.machinery.EXTENSION_SUFFIXES:
                    path = os.path.join(directory, MEMREF_CALL_NAME + suffix)
                    if not os.path.isfile(path):
                        continue
                    spec = importlib.util.spec_from_file_location(MEMREF_CALL_NAME, path)
                    module = importlib.util.module_from_spec(spec)
                    spec.loader.exec_module(module)
                    _memref_call = module.call
                    break
                if _memref_call is not None:
                    break
            _memref_call_searched = True
    return _memref_call
