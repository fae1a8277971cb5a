"""scripts/compare-snapshots.py: the proof that a refactoring of the lowerings
kept their output. Two snapshot folders (as scripts/snapshot-lowering.sh
writes them) are identical, equivalent (kernels byte-identical, host code
equal after canonicalize) or different; a changed kernel, a changed host op
or a missing file fails."""

import os
import shutil
import subprocess
import sys

import pytest

REPO = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
SCRIPT = os.path.join(REPO, "scripts", "compare-snapshots.py")
MLIR_OPT = "/usr/lib/llvm-22/bin/mlir-opt"

pytestmark = pytest.mark.skipif(
    not os.path.exists(MLIR_OPT), reason="needs LLVM 22's mlir-opt")

KERNEL = """  gpu.module @linalgx_kernels {
    gpu.func @k(%arg0: memref<?xf32>) kernel {
      %c0 = arith.constant 0 : index
      %cst = arith.constant {value} : f32
      memref.store %cst, %arg0[%c0] : memref<?xf32>
      gpu.return
    }
  }
"""


def module(host_ops, value="1.0"):
    return ("module attributes {gpu.container_module} {\n"
            "  func.func @f(%arg0: memref<?xf32>) {\n"
            "    %c1 = arith.constant 1 : index\n"
            + host_ops +
            "    gpu.launch_func @linalgx_kernels::@k blocks in (%c1, %c1, %c1)"
            " threads in (%c1, %c1, %c1) args(%arg0 : memref<?xf32>)\n"
            "    return\n  }\n"
            + KERNEL.replace("{value}", value) + "}\nexit 0\n")


def compare(tmp_path, before, after):
    for name, files in (("before", before), ("after", after)):
        folder = tmp_path / name
        folder.mkdir()
        for file, text in files.items():
            (folder / file).write_text(text)
    run = subprocess.run(
        [sys.executable, SCRIPT, str(tmp_path / "before"),
         str(tmp_path / "after")], capture_output=True, text=True)
    return run.returncode, run.stdout


def test_identical_and_equivalent(tmp_path):
    dead = "    %c32 = arith.constant 32 : index\n"
    rc, out = compare(tmp_path,
                      {"a.gpu0": module(""), "b.gpu0": module(dead)},
                      {"a.gpu0": module(""), "b.gpu0": module("")})
    assert rc == 0, out
    assert "1 identical, 1 equivalent, 0 DIFFERENT, 0 missing" in out


def test_a_changed_kernel_is_different(tmp_path):
    rc, out = compare(tmp_path, {"a.gpu0": module("")},
                      {"a.gpu0": module("", value="2.0")})
    assert rc == 1
    assert "DIFFERENT a.gpu0" in out and "arith.constant 2.0 : f32" in out


def test_a_changed_host_op_is_different(tmp_path):
    def store(value):
        return (f"    %v = arith.constant {value} : f32\n"
                "    memref.store %v, %arg0[%c1] : memref<?xf32>\n")
    rc, out = compare(tmp_path, {"a.gpu0": module(store("3.0"))},
                      {"a.gpu0": module(store("4.0"))})
    assert rc == 1
    assert "DIFFERENT a.gpu0" in out and "4.000000e+00" in out


def test_a_missing_file_fails(tmp_path):
    rc, out = compare(tmp_path, {"a.gpu0": module(""), "b.gpu0": module("")},
                      {"a.gpu0": module("")})
    assert rc == 1
    assert "MISSING b.gpu0 (only in before)" in out
