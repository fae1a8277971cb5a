#!/usr/bin/env bash
# Session 69 call B: issue 27 in one run on main's default library (the pack of
# scripts/pack-python-gpu.sh at 8fe2d13; kernels byte for byte 8a7a05c's): bench_python.py on
# its seven cases (linalgx through PyTorch and jax.jit beside torch.linalg.lu_factor and
# jax.jit(jax.lax.linalg.lu), device and wall), where the time goes (profile_large_lu.py),
# and the GPU suite large_lu_gpu.py --aot.
set -uo pipefail
D=$(cd "$(dirname "$0")" && pwd)
source "$D/pack69/env.sh"
O=/tmp/b; mkdir -p "$O/table" "${OUT:=/tmp/out}"
save() { tar cJf "$OUT/b-raw.tar.xz" -C "$O" .; }
t0=$SECONDS; stamp() { echo "== $1 at $((SECONDS - t0)) s"; }
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader | tee "$O/gpu.txt"
linalgx_jax_handler "$O/ffi.txt" > /dev/null || echo "JAX handler rebuild failed"
linalgx_torch_ops; stamp "operator library built"
cd "$P"
CASES="1024x1024:float64 2048x2048:float64 4096x4096:float32 8192x8192:float64 8x512x512:float64 256x128x128:float64 32x1024x1024:float32"
LINALGX_BENCH_CASES="$CASES" timeout 170 python3 bench_python.py "$O/table" > "$O/table/bench.log" 2>&1 \
  || echo "bench exit $?"
tail -12 "$O/table/bench.log"; save; stamp "table"
timeout 80 python3 profile_large_lu.py "$O" $(for c in $CASES; do case $c in *x*x*) echo $c;; *) echo 1x$c;; esac; done) \
  > "$O/profile.log" 2>&1 || echo "profile exit $?"
grep "^## \|^kernels" "$O/large_lu_kernels.md" | head -30; save; stamp "profile"
LD_LIBRARY_PATH=$P/lib timeout 150 python3 large_lu_gpu.py --aot "$P/lib" > "$O/large_lu_gpu.log" 2>&1
echo "== large_lu_gpu rc=$?"; tail -n 1 "$O/large_lu_gpu.log"; grep -i "fail" "$O/large_lu_gpu.log" | grep -v " 0 failed" | head
save; stamp "large_lu_gpu"
