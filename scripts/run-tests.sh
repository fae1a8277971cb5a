#!/usr/bin/env bash
# Sets up a Debian 12 machine, builds linalgx and runs every test that runs
# without a GPU: the lit suite (dialect, conversions, CPU execution, the
# randomized SciPy comparison) and the Python tests (with PyTorch's
# operator library where the CUDA 13 toolkit is). Ends with one line
# `N passed, N failed, N skipped` totalled over all of them.
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
setup_and_build
# The PyTorch operator library's CPU-side tests need PyTorch (not the
# example): installed and built here.
install_torch
build_torch_operators

results=$LINALGX_BUILD_DIR/test-results
rm -rf "$results" && mkdir -p "$results"
status=0
# Each runner's report: one that is missing (a runner that died before
# writing it) counts as a failure instead of dropping out of the total.
expect=(--expect "lit=$results/lit.xml")

log "lit suite"
"$LINALGX_PYTHON" /usr/lib/llvm-22/bin/lit -sv \
  --xunit-xml-output="$results/lit.xml" "$LINALGX_BUILD_DIR/test" || status=1

if [ -d "$LINALGX_ROOT/python/tests" ]; then
  log "python tests"
  expect+=(--expect "pytest=$results/pytest.xml")
  LINALGX_BUILD_DIR=$LINALGX_BUILD_DIR "$LINALGX_PYTHON" -m pytest -q \
    --junitxml="$results/pytest.xml" "$LINALGX_ROOT/python/tests" || {
      rc=$?; [ $rc -eq 5 ] || status=1; }   # 5: no tests collected
fi

"$LINALGX_PYTHON" "$LINALGX_ROOT/scripts/summarize-tests.py" "${expect[@]}" || status=1
exit $status
