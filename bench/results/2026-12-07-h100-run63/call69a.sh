#!/usr/bin/env bash
# Issue 24's table (bench_python.py, the eleven cases) and issue 27's cases by CUDA events,
# also queued behind a wait (the GPU's idle time waiting for the host)
# (time_lu_streams.py, no JAX in the process) on main's default library: the pack of
# scripts/pack-python-gpu.sh at 22cc661 (.device/pack69). ~5 min. Carry .device/pack69 and
# this script.
set -uo pipefail
D=$(cd "$(dirname "$0")" && pwd)
source "$D/pack69/env.sh"
O=/tmp/a; mkdir -p "$O/table" "${OUT:=/tmp/out}"
save() { tar cJf "$OUT/a-raw.tar.xz" -C "$O" .; }
t0=$SECONDS; stamp() { echo "== $1 at $((SECONDS - t0)) s"; }
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader | tee "$O/gpu.txt"
linalgx_jax_handler "$O/ffi.txt" > /dev/null || echo "JAX handler rebuild failed"
linalgx_torch_ops; stamp "operator library built"
cd "$P"
timeout 120 python3 time_lu_streams.py main 1024x1024:float64 2048x2048:float64 4096x4096:float32 \
  8192x8192:float64 8x512x512:float64 32x1024x1024:float32 256x128x128:float64 \
  2>&1 | grep "^|" | tee -a "$O/streams.md"; save; stamp "streams"
timeout 240 python3 bench_python.py "$O/table" > "$O/table/bench.log" 2>&1 || echo "bench exit $?"
tail -16 "$O/table/bench.log"; save; stamp "table"
