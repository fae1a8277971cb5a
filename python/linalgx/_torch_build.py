"""How linalgx's PyTorch operator library (linalgx/csrc: the operators, the
LU family's kernels in LinalgxTorchOps.cpp, the solve family's in
LinalgxTorchSolve.cpp, lu_unpack's CUDA kernel in LinalgxTorchUnpack.cu, the
Autograd kernels, the kernel chains' graph cache in LinalgxTorchGraphs.cpp,
and the header they share) is
compiled, shared by setup.py (`pip install ./python` where PyTorch is)
and by the GPU scripts that build it beside a pack with
torch.utils.cpp_extension.load. Needs PyTorch with CUDA (its headers) and
the CUDA toolkit's headers; links the AOT kernels and the CUDA runtime of
`library_dir`, found at run time beside the operator library or in `_lib`.
"""

import os

NAME = "_linalgx_torch_ops"
SOURCES = ("LinalgxTorchOps.cpp", "LinalgxTorchSolve.cpp", "LinalgxTorchAutograd.cpp",
           "LinalgxTorchGraphs.cpp", "LinalgxTorchUnpack.cu")
# The host code is a call's whole overhead over its kernel, so it is
# optimized: torch.utils.cpp_extension.load passes no -O flag of its own
# (its host code would be built at -O0), and setuptools' flags are whatever
# the Python was configured with.
CXX_FLAGS = ["-O2"]
NVCC_FLAGS = ["-O3", "-Xcompiler", "-O2"]


def build_arguments(source_root, library_dir):
    """Keyword arguments of CUDAExtension / cpp_extension.load: sources,
    include paths, libraries and the run path."""
    for library in ("liblinalgx_cuda_kernels.so", "liblinalgx_cuda_runtime.so"):
        if not os.path.isfile(os.path.join(library_dir, library)):
            raise FileNotFoundError("%s has no %s: the operator library links linalgx's CUDA "
                                    "kernels (build linalgx with the CUDA toolkit)"
                                    % (library_dir, library))
    return {
        "sources": [os.path.join(os.path.dirname(os.path.abspath(__file__)), "csrc", source)
                    for source in SOURCES],
        "include_dirs": [os.path.join(source_root, "runtime", "cuda", "include"),
                         os.path.join(source_root, "runtime", "cuda_kernels", "include"),
                         os.path.join(source_root, "runtime")],
        "library_dirs": [library_dir],
        "libraries": ["linalgx_cuda_kernels", "linalgx_cuda_runtime"],
        "extra_compile_args": {"cxx": CXX_FLAGS, "nvcc": NVCC_FLAGS},
        "extra_link_args": ["-Wl,-rpath,$ORIGIN:$ORIGIN/_lib:" + os.path.abspath(library_dir)],
    }


def load_arguments(source_root, library_dir, build_directory):
    """The same for torch.utils.cpp_extension.load (JIT build into
    `build_directory`, loaded into torch.ops.linalgx)."""
    arguments = build_arguments(source_root, library_dir)
    return {
        "name": NAME,
        "sources": arguments["sources"],
        "extra_include_paths": arguments["include_dirs"],
        "extra_cflags": CXX_FLAGS,
        "extra_cuda_cflags": NVCC_FLAGS,
        "extra_ldflags": ["-L" + library_dir] + ["-l" + l for l in arguments["libraries"]]
        + arguments["extra_link_args"],
        "build_directory": build_directory,
        "is_python_module": False,
        "with_cuda": True,
    }
