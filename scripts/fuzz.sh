#!/usr/bin/env bash
# A bounded libFuzzer run of linalgx-fuzz (tools/linalgx-fuzz) over the seed
# corpus fuzz/corpus with the dictionary fuzz/linalgx.dict, then a summary:
# executions, exec/s, corpus size, findings. `ninja -C build-fuzz fuzz-linalgx`
# runs it; by hand:
#
#   bash scripts/fuzz.sh                        # 180 s, stop at the first crash
#   LINALGX_FUZZ_TIME=600 bash scripts/fuzz.sh  # longer
#   LINALGX_FUZZ_KEEP_GOING=1 bash scripts/fuzz.sh   # -fork=1: record crashes,
#                                                    # OOMs, timeouts, go on
#
# Environment:
#   LINALGX_FUZZ_BIN       the fuzzer (default build-fuzz/bin/linalgx-fuzz)
#   LINALGX_FUZZ_TIME      seconds (-max_total_time, default 180)
#   LINALGX_FUZZ_WORKDIR   where the growing corpus, artifacts and log go
#                          (default: next to the binary, <build>/fuzz)
#   LINALGX_FUZZ_KEEP_GOING=1   fork mode (one worker) that survives findings
#   LINALGX_FUZZ_ARGS      more libFuzzer flags
#
# Without LINALGX_FUZZ_BIN and no fuzzer built yet, the script builds one in
# build-fuzz/ first (installing clang's runtimes, libclang-rt-22-dev).
#
# One process (or one fork worker) runs at a time, leaving the other cores
# free. The seed corpus in the source tree is only read; new inputs go to
# $LINALGX_FUZZ_WORKDIR/corpus, findings to $LINALGX_FUZZ_WORKDIR/artifacts.
# Exit status: 0 when the run found nothing, 1 otherwise.
set -uo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BIN=${LINALGX_FUZZ_BIN:-$ROOT/build-fuzz/bin/linalgx-fuzz}
TIME=${LINALGX_FUZZ_TIME:-180}
if [ ! -x "$BIN" ]; then
  if [ -n "${LINALGX_FUZZ_BIN:-}" ]; then
    echo "fuzz.sh: LINALGX_FUZZ_BIN=$BIN is not an executable" >&2
    exit 2
  fi
  # The default fuzzer is built here: the build's packages plus clang's
  # libFuzzer and sanitizer runtimes (libclang-rt-22-dev).
  LINALGX_BUILD_DIR=$ROOT/build-fuzz
  # shellcheck source=common.sh
  source "$ROOT/scripts/common.sh"
  set +e
  install_packages libclang-rt-22-dev
  log "configuring and building the fuzzer in $ROOT/build-fuzz"
  cmake -S "$ROOT" -B "$ROOT/build-fuzz" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DCMAKE_C_COMPILER=clang-22 -DCMAKE_CXX_COMPILER=clang++-22 -DLLVM_USE_LINKER=lld \
    -DCMAKE_C_COMPILER_LAUNCHER=ccache -DCMAKE_CXX_COMPILER_LAUNCHER=ccache \
    -DLINALGX_ENABLE_FUZZER=ON -DLINALGX_ENABLE_CUDA_RUNTIME=OFF \
    >"$ROOT/build-fuzz.configure.log" 2>&1 || {
      cat "$ROOT/build-fuzz.configure.log" >&2; exit 2; }
  ninja -C "$ROOT/build-fuzz" -j"${LINALGX_JOBS:-2}" linalgx-fuzz || exit 2
  set -uo pipefail
fi
WORK=${LINALGX_FUZZ_WORKDIR:-$(cd "$(dirname "$BIN")/.." && pwd)/fuzz}
mkdir -p "$WORK/corpus" "$WORK/artifacts"
LOG=$WORK/fuzz.log

flags=(-max_total_time="$TIME" -rss_limit_mb=4096 -timeout=10
       -dict="$ROOT/fuzz/linalgx.dict" -artifact_prefix="$WORK/artifacts/"
       -print_final_stats=1)
if [ "${LINALGX_FUZZ_KEEP_GOING:-0}" != 0 ]; then
  flags+=(-fork=1 -ignore_crashes=1 -ignore_ooms=1 -ignore_timeouts=1)
fi
# shellcheck disable=SC2206
flags+=(${LINALGX_FUZZ_ARGS:-})

before=$(ls "$WORK/artifacts" | wc -l)
echo "==> $BIN ${flags[*]} $WORK/corpus $ROOT/fuzz/corpus" >&2
# Undefined behaviour aborts with a stack trace like a crash; ASan reports
# leaks too (libFuzzer's -detect_leaks default).
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
"$BIN" "${flags[@]}" "$WORK/corpus" "$ROOT/fuzz/corpus" >"$LOG" 2>&1
status=$?
tail -n 25 "$LOG"

stat() { grep -ao "stat::$1: *[0-9]*" "$LOG" | tail -1 | grep -o '[0-9]*$'; }
execs=$(stat number_of_executed_units)
rate=$(stat average_exec_per_sec)
if [ -z "$execs" ]; then
  # Fork mode prints no final stats; its last status line has the totals.
  last=$(grep -a '^#[0-9]*: cov:' "$LOG" | tail -1)
  execs=$(sed -n 's/^#\([0-9]*\):.*/\1/p' <<<"$last")
  seconds=$(sed -n 's/.* time: \([0-9]*\)s.*/\1/p' <<<"$last")
  [ -n "$execs" ] && [ -n "$seconds" ] && [ "$seconds" -gt 0 ] &&
    rate=$((execs / seconds))
fi
after=$(ls "$WORK/artifacts" | wc -l)
echo
echo "==> linalgx-fuzz summary"
echo "    time limit:     ${TIME}s"
echo "    executions:     ${execs:-?}"
echo "    exec/s:         ${rate:-?}"
echo "    seed corpus:    $(ls "$ROOT/fuzz/corpus" | wc -l) inputs"
echo "    corpus now:     $(ls "$WORK/corpus" | wc -l) new inputs in $WORK/corpus"
echo "    new findings:   $((after - before)) (in $WORK/artifacts)"
echo "    log:            $LOG"
if [ $((after - before)) -gt 0 ]; then
  ls -t "$WORK/artifacts" | head -n $((after - before)) | sed 's/^/      /'
  echo "    reproduce: $BIN <artifact>; minimize: $BIN -minimize_crash=1 -runs=10000 <artifact>"
fi
[ "$status" -eq 0 ] && [ $((after - before)) -eq 0 ]
