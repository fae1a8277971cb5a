# -*- Python -*-
# lit configuration of the linalgx test suite.

import os
import shutil

import lit.formats
from lit.llvm import llvm_config
from lit.llvm.subst import ToolSubst

config.name = "LINALGX"
config.test_format = lit.formats.ShTest(not llvm_config.use_lit_shell)
config.suffixes = [".mlir", ".test"]
config.excludes = ["Inputs", "CMakeLists.txt", "lit.cfg.py", "lit.site.cfg.py"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.linalgx_obj_root, "test")

config.substitutions.append(("%PATH%", config.environment["PATH"]))
config.substitutions.append(("%linalgx_src_root", config.linalgx_src_root))
config.substitutions.append(("%linalgx_lib_dir", config.linalgx_lib_dir))
config.substitutions.append(("%linalgx_obj_root", config.linalgx_obj_root))
config.substitutions.append(("%linalgx_tools_dir", config.linalgx_tools_dir))
config.substitutions.append(("%python", config.python_executable))
config.substitutions.append(("%mlir_lib_dir", config.mlir_lib_dir))

llvm_config.with_system_environment(["HOME", "INCLUDE", "LIB", "TMP", "TEMP"])
llvm_config.use_default_substitutions()
# RUN lines may start with `not`/`count`, which lit resolves through PATH.
llvm_config.with_environment("PATH", config.llvm_tools_dir, append_path=True)

tool_dirs = [config.linalgx_tools_dir, config.llvm_tools_dir]
tools = ["linalgx-opt", "linalgx-runner", "mlir-opt", "mlir-translate", "mlir-runner"]
llvm_config.add_tool_substitutions(tools, tool_dirs)

# Python with NumPy and SciPy drives the randomized reference checks.
try:
    import numpy  # noqa: F401
    import scipy  # noqa: F401

    config.available_features.add("scipy")
except ImportError:
    pass

# The CUDA runtime is built when the CUDA toolkit was found at configure time.
if os.path.exists(os.path.join(config.linalgx_lib_dir, "liblinalgx_cuda_runtime.so")):
    config.available_features.add("cuda-runtime")

# Tests of what happens without a GPU run only where there is none.
if not os.path.exists("/dev/nvidia0") and not os.path.exists("/dev/nvidiactl"):
    config.available_features.add("no-gpu")

# The formatting check runs with the clang-format of the LLVM the project
# builds against (the set-up scripts install it).
if shutil.which("clang-format-22"):
    config.available_features.add("clang-format")

# ptxas turns NVVM output into sm_90 machine code; without it only the
# conversions up to PTX can be tested.
ptxas = shutil.which("ptxas") or (
    os.path.join(config.cuda_toolkit_root, "bin", "ptxas")
    if config.cuda_toolkit_root
    else None
)
if ptxas and os.path.exists(ptxas):
    config.available_features.add("ptxas")
    llvm_config.with_environment("PATH", os.path.dirname(ptxas), append_path=True)

# The mlir-opt plugins (tools/linalgx-plugins) are linked against MLIR's dylib
# and built wherever the MLIR installation has one; their tests run the stock
# `mlir-opt` of that installation.
config.substitutions.append(
    ("%linalgx_dialect_plugin",
     os.path.join(config.linalgx_lib_dir, "liblinalgx-dialect-plugin.so")))
config.substitutions.append(
    ("%linalgx_pass_plugin",
     os.path.join(config.linalgx_lib_dir, "liblinalgx-pass-plugin.so")))
if os.path.exists(os.path.join(config.mlir_lib_dir, "libMLIR.so")):
    config.available_features.add("mlir-dylib")

# The CPU runtime has LAPACK when OpenBLAS was found at configure time
# (lu-strategy=lapack works); tests of its absence need the opposite.
if config.linalgx_cpu_lapack.upper() in ("ON", "TRUE", "1", "YES"):
    config.available_features.add("cpu-lapack")
else:
    config.available_features.add("no-cpu-lapack")
config.substitutions.append(
    ("%{lapack_arg}", "lapack" if "cpu-lapack" in config.available_features else "none"))
