"""Makes `import linalgx` load the package of this source tree (python/),
which finds the native library in $LINALGX_BUILD_DIR/lib or build/lib.

In a sanitizer build (scripts/run-sanitized-tests.sh, build-asan/),
liblinalgx_capi.so is instrumented and can only be loaded into a process
whose first library is ASan's runtime; this uninstrumented Python is not such
a process unless the runtime is in LD_PRELOAD. The tests that load the
library are skipped there (the randomized runner test still runs)."""

import os
import re
import sys

import pytest

PYTHON_DIR = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
REPO = os.path.dirname(PYTHON_DIR)
if PYTHON_DIR not in sys.path:
    sys.path.insert(0, PYTHON_DIR)


def _sanitized_build():
    build_dir = os.environ.get("LINALGX_BUILD_DIR", os.path.join(REPO, "build"))
    try:
        with open(os.path.join(build_dir, "CMakeCache.txt")) as cache:
            text = cache.read()
    except OSError:
        return False
    match = re.search(r"^LINALGX_ENABLE_SANITIZERS:\w+=(.*)$", text, re.M)
    return bool(match) and match.group(1).strip().upper() not in ("", "OFF", "0", "FALSE", "NO")


def pytest_collection_modifyitems(config, items):
    if not _sanitized_build() or "asan" in os.environ.get("LD_PRELOAD", ""):
        return
    skip = pytest.mark.skip(reason="sanitizer build: the instrumented liblinalgx_capi.so needs "
                                   "ASan's runtime preloaded into Python")
    for item in items:
        if os.path.basename(str(item.fspath)).startswith("test_linalgx_"):
            item.add_marker(skip)
