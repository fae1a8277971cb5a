#!/usr/bin/env bash
# Builds linalgx with AddressSanitizer + UndefinedBehaviorSanitizer
# (-DLINALGX_ENABLE_SANITIZERS=ON, cmake/LinalgXSanitizers.cmake) in its own
# build directory, build-asan/ (LINALGX_BUILD_DIR overrides), and runs the
# lit suite and the Python tests under the sanitizers, with LeakSanitizer on.
# Ends, like scripts/run-tests.sh, with `N passed, N failed, N skipped`.
# Any sanitizer report fails the run: the process that hit it exits non-zero
# and the report files are checked at the end. ASAN_OPTIONS/UBSAN_OPTIONS/
# LSAN_OPTIONS already in the environment replace the defaults below. See
# docs/reliability.md, "Sanitizers".
#
#   bash scripts/run-sanitized-tests.sh            # configure, build, test
#   LIT_FILTER=Integration bash scripts/run-sanitized-tests.sh   # a subset
export LINALGX_BUILD_DIR=${LINALGX_BUILD_DIR:-$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)/build-asan}
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

# libclang-rt-22-dev: clang's sanitizer runtimes (without it every link of
# a sanitized program fails, and configure stops at "Could NOT find Threads").
install_packages libclang-rt-22-dev
select_python
log "python: $LINALGX_PYTHON"

build_linalgx -DLINALGX_ENABLE_SANITIZERS=ON

# Runtime options. lit passes ASAN_OPTIONS, UBSAN_OPTIONS, LSAN_OPTIONS and
# the *_SYMBOLIZER_PATH variables to the tests by itself (lit's
# TestingConfig), and the Python tests hand them on to the runner.
# - halt_on_error / -fno-sanitize-recover: the first report ends the process
#   with a non-zero exit code, so the test that ran it fails.
# - detect_leaks=1: LeakSanitizer at exit; scripts/sanitizer-suppressions/lsan.supp
#   holds the (narrow, justified) suppressions of leaks outside linalgx.
# - detect_stack_use_after_return, check_initialization_order/strict_init_order:
#   the checks ASan has off by default that apply to our code.
# - log_path: every report also lands in a file under build-asan/sanitizer-logs,
#   checked after the run, so that a report from a process whose failure a
#   test expects (`not linalgx-runner ...`) is not missed.
symbolizer=/usr/lib/llvm-22/bin/llvm-symbolizer
supp_dir=$LINALGX_ROOT/scripts/sanitizer-suppressions
logs=$LINALGX_BUILD_DIR/sanitizer-logs
rm -rf "$logs" && mkdir -p "$logs"
export ASAN_SYMBOLIZER_PATH=$symbolizer
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:halt_on_error=1:abort_on_error=0:detect_stack_use_after_return=1:check_initialization_order=1:strict_init_order=1:print_summary=1:external_symbolizer_path=$symbolizer:log_path=$logs/asan}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1:report_error_type=1:external_symbolizer_path=$symbolizer:log_path=$logs/ubsan}
lsan_options=print_suppressions=0
[ -f "$supp_dir/lsan.supp" ] && lsan_options="suppressions=$supp_dir/lsan.supp:$lsan_options"
export LSAN_OPTIONS=${LSAN_OPTIONS:-$lsan_options}
log "ASAN_OPTIONS=$ASAN_OPTIONS"
log "UBSAN_OPTIONS=$UBSAN_OPTIONS"
log "LSAN_OPTIONS=$LSAN_OPTIONS"

results=$LINALGX_BUILD_DIR/test-results
rm -rf "$results" && mkdir -p "$results"
status=0

log "lit suite (sanitized)"
lit_args=(-sv --xunit-xml-output="$results/lit.xml")
[ -n "${LIT_FILTER:-}" ] && lit_args+=(--filter="$LIT_FILTER")
"$LINALGX_PYTHON" /usr/lib/llvm-22/bin/lit "${lit_args[@]}" "$LINALGX_BUILD_DIR/test" || status=1

if [ -d "$LINALGX_ROOT/python/tests" ] && [ -z "${LIT_FILTER:-}" ]; then
  log "python tests (sanitized runner)"
  LINALGX_BUILD_DIR=$LINALGX_BUILD_DIR LINALGX_RUNNER=$LINALGX_BUILD_DIR/bin/linalgx-runner \
    "$LINALGX_PYTHON" -m pytest -q \
    --junitxml="$results/pytest.xml" "$LINALGX_ROOT/python/tests" || {
      rc=$?; [ $rc -eq 5 ] || status=1; }   # 5: no tests collected
fi

reports=$(find "$logs" -type f | sort)
if [ -n "$reports" ]; then
  status=1
  log "sanitizer reports:"
  for f in $reports; do echo "---- $f"; cat "$f"; done
else
  log "no sanitizer reports"
fi

"$LINALGX_PYTHON" "$LINALGX_ROOT/scripts/summarize-tests.py" "$results"/*.xml || status=1
exit $status
