"""Builds the linalgx Python package from a built linalgx tree.

The package is Python code plus the native libraries it loads with ctypes:
liblinalgx_capi.so (the linalgx C API with the JIT) and
liblinalgx_runner_utils.so and liblinalgx_cpu_runtime.so, and where built the
JAX and CUDA libraries (liblinalgx_jax_ffi.so, liblinalgx_cuda_runtime.so,
liblinalgx_cuda_kernels.so, liblinalgx_jax_cuda_ffi.so). They are not compiled here: build linalgx first
(bash scripts/run-tests.sh, or ninja -C build LinalgXCAPIShared), then

    pip install ./python                          # finds ../build/lib
    LINALGX_BUILD_DIR=/path/to/build pip install ./python

The libraries are copied into the package (linalgx/_lib). They link against
the MLIR and LLVM 22 shared libraries of the system (libMLIR.so.22.1,
libLLVM.so.22.1 under /usr/lib/llvm-22/lib), which must stay installed.
"""

import glob
import os
import shutil
import sys

from setuptools import setup
from setuptools.command.build_py import build_py
from setuptools.dist import Distribution

HERE = os.path.dirname(os.path.abspath(__file__))
NATIVE_LIBRARIES = ["liblinalgx_capi.so", "liblinalgx_runner_utils.so",
                    "liblinalgx_cpu_runtime.so"]
# linalgx.jax's XLA FFI handler: built only where the configuring Python has
# JAX (runtime/jax); shipped when present.
# The GPU path (linalgx.cuda, linalgx.torch, linalgx.jax on CUDA): built
# where the CUDA toolkit and ptxas are (runtime/cuda_kernels); needs the CUDA
# driver, cuBLAS and cuSOLVER at run time, no LLVM/MLIR.
OPTIONAL_NATIVE_LIBRARIES = ["liblinalgx_jax_ffi.so", "liblinalgx_cuda_runtime.so",
                             "liblinalgx_cuda_kernels.so", "liblinalgx_jax_cuda_ffi.so"]


def native_library_dir():
    candidates = []
    if os.environ.get("LINALGX_BUILD_DIR"):
        build_dir = os.environ["LINALGX_BUILD_DIR"]
        # pip runs this in the source (or a temporary) directory, not where
        # the user typed the command: a relative path means the caller's
        # directory, which the shell's PWD still names.
        if not os.path.isabs(build_dir):
            build_dir = os.path.join(os.environ.get("PWD", os.getcwd()), build_dir)
        candidates.append(os.path.join(build_dir, "lib"))
    candidates.append(os.path.join(os.path.dirname(HERE), "build", "lib"))
    for directory in candidates:
        if all(os.path.isfile(os.path.join(directory, name)) for name in NATIVE_LIBRARIES):
            return directory
    raise SystemExit(
        "linalgx: cannot find %s in %s; build linalgx first (bash scripts/run-tests.sh or "
        "ninja -C build LinalgXCAPIShared) or set LINALGX_BUILD_DIR"
        % (" and ".join(NATIVE_LIBRARIES), " or ".join(candidates)))


class BuildPyWithNativeLibraries(build_py):
    def run(self):
        super().run()
        source = native_library_dir()
        target = os.path.join(self.build_lib, "linalgx", "_lib")
        os.makedirs(target, exist_ok=True)
        for name in NATIVE_LIBRARIES:
            shutil.copy2(os.path.join(source, name), os.path.join(target, name))
        for name in OPTIONAL_NATIVE_LIBRARIES:
            if os.path.isfile(os.path.join(source, name)):
                shutil.copy2(os.path.join(source, name), os.path.join(target, name))
        # The fast call extension, for the Python that configured the build
        # (lib/Bindings/Python); other Pythons call through ctypes.
        for path in glob.glob(os.path.join(source, "_linalgx_memref_call.*.so")):
            shutil.copy2(path, target)


class BinaryDistribution(Distribution):
    """The package carries native libraries: wheels get a platform tag."""

    def has_ext_modules(self):
        return True


def torch_operator_extension():
    """The PyTorch operator library (linalgx/csrc) where PyTorch with CUDA
    and the CUDA kernels are: ([extension], {"build_ext": ...}); ([], {})
    otherwise, with a message saying why."""
    try:
        from torch.utils import cpp_extension
    except ImportError:
        print("linalgx: PyTorch is not installed; the PyTorch operator library "
              "(torch.ops.linalgx) is not built")
        return [], {}
    sys.path.insert(0, os.path.join(HERE, "linalgx"))
    import _torch_build
    try:
        arguments = _torch_build.build_arguments(os.path.dirname(HERE), native_library_dir())
    except FileNotFoundError as error:
        print("linalgx: %s; the PyTorch operator library is not built" % error)
        return [], {}
    # setuptools takes sources relative to this directory only.
    arguments["sources"] = [os.path.relpath(path, HERE) for path in arguments["sources"]]
    extension = cpp_extension.CUDAExtension("linalgx." + _torch_build.NAME, **arguments)
    return [extension], {"build_ext": cpp_extension.BuildExtension}


extensions, extension_commands = torch_operator_extension()
setup(cmdclass={"build_py": BuildPyWithNativeLibraries, **extension_commands},
      ext_modules=extensions, distclass=BinaryDistribution)
