#!/usr/bin/env bash
# The (8,512,512) f64 LU — the one whole-LU case where linalgx is at parity
# with PyTorch rather than ahead — against the knobs that decide it:
#   * linalgx's cuSOLVER fan-out, LINALGX_GETRF_STREAMS = 1, 2, 4, 8, 16
#     (matrices of a batch factored on that many streams), and cuBLAS
#     getrfBatched (strategy batched);
#   * PyTorch's torch.linalg.lu_factor with each preferred linear-algebra
#     backend (default heuristic, cusolver, magma), to see which library
#     PyTorch's number comes from.
# Run on the GPU machine:  bench/getrf_lanes_sweep.sh PACK [B M N]
# Prints one line per configuration (median wall and CUDA-event µs a call).
set -u
PACK=$(cd "$1" && pwd)
B=${2:-8} M=${3:-512} N=${4:-512}
BIN="$PACK/bin/bench_linalgx"
export LD_LIBRARY_PATH="$PACK/lib:/usr/local/cuda/lib64${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
summary() {  # label, JSON line
  python3 -c 'import json,sys; d=json.loads(sys.argv[2]); print("%-28s events %9.1f us  wall %9.1f us  check %s" % (sys.argv[1], d["device_us_median"], d["wall_us_median"], d.get("check")))' "$1" "$2"
}
for lanes in 1 2 4 8 16; do
  line=$(LINALGX_GETRF_STREAMS=$lanes "$BIN" --op lu_perm --dtype f64 --strategy cusolver \
         --batch "$B" --m "$M" --n "$N" --iters 20 --warmup 3 --max-seconds 6 | grep '^{' | tail -n 1)
  summary "linalgx cusolver lanes=$lanes" "$line"
done
line=$("$BIN" --op lu_perm --dtype f64 --strategy batched --batch "$B" --m "$M" --n "$N" \
       --iters 20 --warmup 3 --max-seconds 6 | grep '^{' | tail -n 1)
summary "linalgx batched" "$line"
env -u LD_LIBRARY_PATH python3 - "$B" "$M" "$N" <<'PY'
import sys, time, torch
b, m, n = map(int, sys.argv[1:4])
a = torch.randn(b, m, n, dtype=torch.float64, device="cuda")
for backend in ("default", "cusolver", "magma"):
    torch.backends.cuda.preferred_linalg_library(backend)
    def call():
        lu, piv = torch.linalg.lu_factor(a)
        torch.lu_unpack(lu, piv, unpack_data=False)
    for _ in range(3):
        call()
    torch.cuda.synchronize()
    walls, events = [], []
    for _ in range(20):
        start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        t0 = time.perf_counter(); start.record(); call(); end.record(); torch.cuda.synchronize()
        walls.append((time.perf_counter() - t0) * 1e6); events.append(start.elapsed_time(end) * 1e3)
    walls.sort(); events.sort()
    print("%-28s events %9.1f us  wall %9.1f us" % ("torch " + backend, events[10], walls[10]))
PY
