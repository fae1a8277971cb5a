"""Makes `import linalgx` load the package of this source tree (python/),
which finds the native library in $LINALGX_BUILD_DIR/lib or build/lib."""

import os
import sys

PYTHON_DIR = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
if PYTHON_DIR not in sys.path:
    sys.path.insert(0, PYTHON_DIR)
