#!/usr/bin/env bash
# linalgx GPU benchmark: linalgx vs JAX vs PyTorch on the cases of the
# benchmark table (docs/benchmarks.md). Run on the GPU machine:
#
#   bench/run_gpu_bench.sh PACK OUTDIR
#
# PACK: the folder from the pack script (bin/bench_linalgx, lib/*.so).
# OUTDIR: gets bench.jsonl (one JSON line per measurement), table.md,
#         env.txt and logs/.
#
# Environment:
#   NCU=1            also measure device time with Nsight Compute (slow; off by
#                    default), after the timing runs
#   NCU_ONLY=1       skip the timing runs (only with NCU=1)
#   NCU_BUDGET_S=360 wall-clock budget for the ncu part (runs left are skipped);
#                    one ncu run takes ~2 s (linalgx) to ~5-7 s (JAX, PyTorch)
#                    on the H200, so all of pass 1 (product paths, 10 cases)
#                    needs ~6 min and pass 2 (cusolver/batched) ~1 min more
#   NCU_CALLS=3      profiled calls per ncu measurement
#   NCU_BIG=1        include (4096,4096) in the ncu part (~1000+ kernels)
#   CASES="..."      only the cases whose label (e.g. 64x75x75:f64) is listed
#   STRATEGIES="auto cusolver batched"  the linalgx lu strategies measured
#                    (also nocyclic / cyclic: auto without the cyclic register
#                    kernel / with it for every batch, for its crossover; and
#                    the pack's LINALGX_PACK_VARIANTS by name)
#   CROSSOVER=1      adds (132|264|528,75,75) f64 and (528,48,48) f32, the
#                    batches around the cyclic kernel's crossover
#                    (auto alone skips the slow looped cuSOLVER runs)
#   OPS="lu perm"    what is measured: the whole LU (linalgx lu_perm, the
#                    peers' lu), the permutation alone, or both; OPS=perm
#                    halves a run that only concerns the permutation kernel
#   PYTHON=python3   the Python with JAX and PyTorch
#   OTHER_PACKS="NAME=DIR:STRATEGY ..."  strategies of other packs' harnesses:
#                    NAME in STRATEGIES runs DIR/bin/bench_linalgx --strategy
#                    STRATEGY (a kernel change against the code before it, in
#                    the same run), e.g. OTHER_PACKS="old=/tmp/p15/pack:auto"
#
# The timing part is sized to finish in about 2-4 minutes on an H200.
set -u

if [ $# -lt 2 ]; then
  echo "usage: $0 PACK OUTDIR" >&2
  exit 2
fi
PACK=$(cd "$1" 2>/dev/null && pwd || echo "$1")
mkdir -p "$2"
OUTDIR=$(cd "$2" && pwd)
HERE=$(cd "$(dirname "$0")" && pwd)
PY=${PYTHON:-python3}
BIN="$PACK/bin/bench_linalgx"
JSONL="$OUTDIR/bench.jsonl"
LOGS="$OUTDIR/logs"
mkdir -p "$LOGS"
: > "$JSONL"
T0=$(date +%s)

log() { echo "[run_gpu_bench +$(( $(date +%s) - T0 ))s] $*" >&2; }

# Only the harness gets the pack's and CUDA's libraries on LD_LIBRARY_PATH;
# JAX and PyTorch keep their own CUDA libraries.
LX_LD="$PACK/lib:/usr/local/cuda/lib64:/usr/local/cuda/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"

# Cases: label B M N dtype iters warmup max_seconds (B=1 means unbatched).
CASE_TABLE="
75x75:f64          1     75   75   f64 300 30 10
64x75x75:f64       64    75   75   f64 200 20 10
75x75:f32          1     75   75   f32 300 30 10
64x75x75:f32       64    75   75   f32 200 20 10
4096x32x32:f64     4096  32   32   f64 200 20 10
16384x16x16:f32    16384 16   16   f32 200 20 10
1024x64x64:f64     1024  64   64   f64 200 20 10
256x128x128:f64    256   128  128  f64 100 10 10
1024x1024:f64      1    1024 1024  f64 50  5  8
4096x4096:f32      1    4096 4096  f32 15  3  4
8x512x512:f64      8    512  512   f64 20  3  4
"

[ "${CROSSOVER:-0}" = 1 ] && CASE_TABLE+="
132x75x75:f64      132   75   75   f64 200 20 10
264x75x75:f64      264   75   75   f64 200 20 10
528x75x75:f64      528   75   75   f64 100 10 10
528x48x48:f32      528   48   48   f32 200 20 10
"

want() {  # $1 = lu | perm
  case " ${OPS:-lu perm} " in *" $1 "*) return 0 ;; esac
  return 1
}
PEER_OPS=$(for op in ${OPS:-lu perm}; do printf '%s,' "$op"; done)
PEER_OPS=${PEER_OPS%,}

selected() {  # $1 = label
  [ -z "${CASES:-}" ] && return 0
  case " $CASES " in *" $1 "*) return 0 ;; esac
  return 1
}

# Emits an error record (when a run printed no JSON line).
error_json() {  # framework op dtype strategy batch m n message
  "$PY" - "$@" <<'EOF' 2>/dev/null || echo "{\"framework\":\"$1\",\"op\":\"$2\",\"error\":\"run failed\"}"
import json, sys
fw, op, dt, st, b, m, n, msg = sys.argv[1:9]
print(json.dumps({"framework": fw, "op": op, "dtype": dt, "strategy": st,
                  "batch": int(b), "m": int(m), "n": int(n), "iters": 0,
                  "error": msg[-500:]}))
EOF
}

# Appends the last JSON line of $1 (a file) to bench.jsonl; else an error.
append_json() {  # file rc framework op dtype strategy batch m n errfile
  local f=$1 rc=$2
  shift 2
  local line
  line=$(grep '^{' "$f" | tail -n 1)
  if [ -n "$line" ]; then
    echo "$line" >> "$JSONL"
  else
    local why="exit $rc"
    [ "$rc" = 124 ] && why="timeout"
    line=$(error_json "$1" "$2" "$3" "$4" "$5" "$6" "$7" \
      "$why: $(tail -n 3 "${8}" 2>/dev/null | tr '\n' ' ')")
    echo "$line" >> "$JSONL"
  fi
  echo "$line"
}

# ---------------------------------------------------------------------------
# Environment
# ---------------------------------------------------------------------------
{
  echo "date: $(date -u)"
  nvidia-smi -L 2>&1 || true
  nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm --format=csv 2>&1 || true
  "$PY" -c 'import sys; print("python", sys.version.split()[0])' 2>&1
  "$PY" -c 'import jax; print("jax", jax.__version__)' 2>&1 | tail -n 1
  "$PY" -c 'import torch; print("torch", torch.__version__, torch.version.cuda)' 2>&1 | tail -n 1
  echo "PACK=$PACK"; ls -la "$PACK/bin" "$PACK/lib" 2>&1
  LD_LIBRARY_PATH="$LX_LD" ldd "$BIN" 2>&1
} > "$OUTDIR/env.txt" 2>&1
log "environment in $OUTDIR/env.txt"

HAVE_BIN=1
if [ ! -x "$BIN" ]; then
  log "WARNING: $BIN missing: linalgx runs are skipped"
  HAVE_BIN=0
fi

# The harness, its libraries and its strategy argument for strategy $1
# (this pack's, or an OTHER_PACKS entry's).
lx_harness() {
  LXH_BIN=$BIN LXH_LD=$LX_LD LXH_ST=$1
  local entry
  for entry in ${OTHER_PACKS:-}; do
    [ "${entry%%=*}" = "$1" ] || continue
    local where=${entry#*=}
    LXH_BIN=${where%:*}/bin/bench_linalgx LXH_ST=${where##*:}
    LXH_LD="${where%:*}/lib:${LX_LD#*:}"
  done
}

# Runs one harness measurement; appends its JSON line.
run_lx() {  # tag timeout op dtype strategy B M N iters warmup maxs [extra...]
  local tag=$1 to=$2 op=$3 dt=$4 st=$5 b=$6 m=$7 n=$8 it=$9 wu=${10} mx=${11}
  shift 11
  local out="$LOGS/lx_$tag.out" err="$LOGS/lx_$tag.err"
  lx_harness "$st"
  if [ ! -x "$LXH_BIN" ]; then
    error_json linalgx "$op" "$dt" "$st" "$b" "$m" "$n" "no harness binary" >> "$JSONL"
    return
  fi
  LD_LIBRARY_PATH="$LXH_LD" timeout -k 5 "$to" "$LXH_BIN" --op "$op" --dtype "$dt" \
    --strategy "$LXH_ST" --batch "$b" --m "$m" --n "$n" --iters "$it" --warmup "$wu" \
    --max-seconds "$mx" "$@" > "$out" 2> "$err" < /dev/null
  local rc=$?
  [ "$LXH_ST" != "$st" ] && sed -i "s/\"strategy\":\"$LXH_ST\"/\"strategy\":\"$st\"/" "$out"
  local line
  line=$(append_json "$out" "$rc" linalgx "$op" "$dt" "$st" "$b" "$m" "$n" "$err")
  log "linalgx $op $st $dt ($b,$m,$n): rc=$rc ${line:0:260}"
}

# ---------------------------------------------------------------------------
# Timing runs
# ---------------------------------------------------------------------------
if [ "${NCU_ONLY:-0}" != 1 ]; then
  log "timing runs -> $JSONL"
  # noop: the floor of one synchronous launch (twice: start and end).
  run_lx noop_a 60 noop f32 auto 1 1 1 2000 200 10
  while read -r label b m n dt it wu mx <&3; do
    [ -z "$label" ] && continue
    selected "$label" || continue
    to=$(( 3 * mx + 40 ))
    want lu && for st in ${STRATEGIES:-auto cusolver batched}; do
      # batched = cuBLAS getrfBatched: square only.
      [ "$st" = batched ] && [ "$m" != "$n" ] && continue
      run_lx "${label//[:x]/_}_lu_perm_$st" "$to" lu_perm "$dt" "$st" "$b" "$m" "$n" "$it" "$wu" "$mx"
    done
    want perm &&
      run_lx "${label//[:x]/_}_perm" 60 perm "$dt" auto "$b" "$m" "$n" "$(( it * 2 ))" "$wu" "$mx"
  done 3<<< "$CASE_TABLE"
  run_lx noop_b 60 noop f32 auto 1 1 1 2000 200 10

  # Peers: one process per framework for all cases (amortizes import/JIT).
  PEER_CASES=() ; PEER_ITERS=""
  while read -r label b m n dt it wu mx <&3; do
    [ -z "$label" ] && continue
    selected "$label" || continue
    PEER_CASES+=(--case "$label")
    PEER_ITERS="${PEER_ITERS:+$PEER_ITERS,}$it/$wu"
  done 3<<< "$CASE_TABLE"
  if [ ${#PEER_CASES[@]} -gt 0 ]; then
    for fw in jax torch; do
      log "$fw: ${#PEER_CASES[@]} args"
      PYTHONUNBUFFERED=1 timeout -k 10 200 "$PY" "$HERE/bench_peers.py" --framework "$fw" \
        "${PEER_CASES[@]}" --ops "$PEER_OPS" --iters-per-case "$PEER_ITERS" --max-seconds 8 \
        > "$LOGS/peers_$fw.out" 2> "$LOGS/peers_$fw.err" < /dev/null
      rc=$?
      grep '^{' "$LOGS/peers_$fw.out" >> "$JSONL"
      log "$fw: rc=$rc, $(grep -c '^{' "$LOGS/peers_$fw.out") JSON lines, $(grep -c '"error"' "$LOGS/peers_$fw.out") errors (log: $LOGS/peers_$fw.err)"
      [ $rc = 124 ] && log "$fw: TIMEOUT (cases after the last JSON line are missing)"
    done
  fi
  log "timing runs done"
fi

# ---------------------------------------------------------------------------
# Nsight Compute device time (optional)
# ---------------------------------------------------------------------------
if [ "${NCU:-0}" = 1 ]; then
  NB=${NCU_BUDGET_S:-360}
  NC=${NCU_CALLS:-3}
  TN=$(date +%s)
  NCU_LOG="$LOGS/ncu"
  mkdir -p "$NCU_LOG"
  log "ncu runs: budget ${NB}s, $NC calls each"
  if ! NCU_PATH=$("$PY" "$HERE/ncu_device_time.py" --which); then
    log "ncu not found: ncu runs skipped"
    NB=0
  else
    log "ncu: $NCU_PATH ($("$NCU_PATH" --version 2>&1 | tail -n 1))"
  fi

  # ncu_one TIMEOUT framework op dtype strategy B M N -- target...
  # (for linalgx the wrapper, ncu and the harness get the pack's
  # LD_LIBRARY_PATH; the Python peers keep their own libraries)
  ncu_one() {
    local to=$1 fw=$2 op=$3 dt=$4 st=$5 b=$6 m=$7 n=$8
    shift 9
    local ld=${LD_LIBRARY_PATH:-}
    [ "$fw" = linalgx ] && lx_harness "$st" && ld=$LXH_LD
    local used=$(( $(date +%s) - TN ))
    if [ $used -ge "$NB" ]; then
      log "ncu budget spent: skip $fw $op $st $dt ($b,$m,$n)"
      return
    fi
    local left=$(( NB - used + 30 ))
    [ $left -lt "$to" ] && to=$left
    local out
    local meta="{\"framework\":\"$fw\",\"op\":\"$op\",\"dtype\":\"$dt\",\"strategy\":\"$st\",\"batch\":$b,\"m\":$m,\"n\":$n,\"iters\":0}"
    out=$(LD_LIBRARY_PATH="$ld" "$PY" "$HERE/ncu_device_time.py" --timeout "$to" --log "$NCU_LOG" \
      --meta "$meta" -- "$@" 2>>"$NCU_LOG/wrapper.err" < /dev/null)
    local line
    line=$(echo "$out" | grep '^{' | tail -n 1)
    # Another pack's harness names its own strategy: the line gets ours.
    [ "$fw" = linalgx ] && [ "$LXH_ST" != "$st" ] &&
      line=${line/\"strategy\": \"$LXH_ST\"/\"strategy\": \"$st\"}
    if [ -n "$line" ]; then
      echo "$line" >> "$JSONL"
    else
      error_json "$fw" "$op" "$dt" "$st" "$b" "$m" "$n" "ncu wrapper printed nothing" \
        | sed 's/}$/,"mode":"ncu"}/' >> "$JSONL"
    fi
    log "ncu $fw $op $st $dt ($b,$m,$n): ${line:0:300}"
  }

  lx_target() {  # op dt st b m n
    lx_harness "$3"
    echo "$LXH_BIN" --op "$1" --dtype "$2" --strategy "$LXH_ST" \
      --batch "$4" --m "$5" --n "$6" --iters "$NC" --warmup 3 --profile --no-check
  }

  if [ $HAVE_BIN = 1 ]; then
    ncu_one 120 linalgx noop f32 auto 1 1 1 -- $(lx_target noop f32 auto 1 1 1)
  fi
  # First pass: the product paths; second pass: the explicit strategies.
  for pass in 1 2; do
    while read -r label b m n dt it wu mx <&3; do
      [ -z "$label" ] && continue
      selected "$label" || continue
      if [ "$label" = "4096x4096:f32" ] && [ "${NCU_BIG:-0}" != 1 ]; then
        [ $pass = 1 ] && log "ncu: skip $label (set NCU_BIG=1)"
        continue
      fi
      if [ $pass = 1 ]; then
        if [ $HAVE_BIN = 1 ]; then
          want lu &&
            ncu_one 180 linalgx lu_perm "$dt" auto "$b" "$m" "$n" -- $(lx_target lu_perm "$dt" auto "$b" "$m" "$n")
          want perm &&
            ncu_one 120 linalgx perm "$dt" auto "$b" "$m" "$n" -- $(lx_target perm "$dt" auto "$b" "$m" "$n")
        fi
        for fw in jax torch; do
          for op in ${OPS:-lu perm}; do
            ncu_one 240 "$fw" "$op" "$dt" default "$b" "$m" "$n" -- "$PY" "$HERE/bench_peers.py" \
              --framework "$fw" --case "$label" --ops "$op" --iters "$NC" --warmup 3 --ncu
          done
        done
      elif [ $HAVE_BIN = 1 ] && want lu; then
        for st in ${STRATEGIES:-auto cusolver batched}; do
          [ "$st" = auto ] && continue
          [ "$st" = batched ] && [ "$m" != "$n" ] && continue
          ncu_one 180 linalgx lu_perm "$dt" "$st" "$b" "$m" "$n" -- $(lx_target lu_perm "$dt" "$st" "$b" "$m" "$n")
        done
      fi
    done 3<<< "$CASE_TABLE"
  done
  log "ncu runs done ($(( $(date +%s) - TN ))s)"
fi

# ---------------------------------------------------------------------------
# Table
# ---------------------------------------------------------------------------
"$PY" "$HERE/make_table.py" "$JSONL" > "$OUTDIR/table.md" 2> "$LOGS/make_table.err" \
  && log "table in $OUTDIR/table.md" \
  || log "make_table failed: $(tail -n 3 "$LOGS/make_table.err")"
cat "$OUTDIR/table.md" >&2 2>/dev/null
log "done: $(wc -l < "$JSONL") JSON lines in $JSONL"
