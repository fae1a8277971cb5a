#!/usr/bin/env bash
# On a GPU machine with JAX: installs IREE's runtime from WHEEL_DIR
# (iree-base-runtime for that machine's Python, carried there) and runs
# run_iree.py on the modules of make_modules.py.
#   bash bench/iree/run_on_gpu.sh MODULE_DIR WHEEL_DIR
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
modules=${1:?module dir}; wheels=${2:?wheel dir}
python3 -m pip install -q --no-deps --no-index --find-links "$wheels" iree-base-runtime \
  2>&1 | grep -v "^WARNING: Running pip as" || true
XLA_PYTHON_CLIENT_PREALLOCATE=false python3 "$here/run_iree.py" "$modules"
