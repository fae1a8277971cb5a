#!/usr/bin/env bash
# Session 68 call F (session 66's call E with the JAX handler rebuilt and the operator library
# built): the panel kernel's overlapped copies again (variant ov:
# lu-panel-overlap-copies=true as on main; ovin: branch panel-overlap-copy-in, the copy in
# overlapped, the copy out after the last barrier) against main: device time of the one-block
# cases (compare_factors.py run --small, two rounds), factors bit for bit, python_gpu.py on both.
set -uo pipefail
D=$(cd "$(dirname "$0")" && pwd)
P=$D/pypack; O=/tmp/f; mkdir -p "$O" "${OUT:=/tmp/out}"
save() { tar cJf "$OUT/f-raw.tar.xz" -C "$O" .; }
t0=$SECONDS; stamp() { echo "== $1 at $((SECONDS - t0)) s"; }
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader | tee "$O/gpu.txt"
export PYTHONUNBUFFERED=1 LINALGX_LIBRARY_DIR=$P/lib PYTHONPATH=$P/python XLA_PYTHON_CLIENT_PREALLOCATE=false
include=$(python3 -c "import jax.ffi; print(jax.ffi.include_dir())")
if ! grep -h "define XLA_FFI_API_M" "$include/xla/ffi/api/c_api.h" | cmp -s - "$P/ffi_version_build.txt"; then
  echo "rebuilding the JAX handler against this JAX"
  c++ -std=c++17 -O2 -shared -fPIC -isystem "$include" -I "$P/src" "$P/src/LinalgxJaxCudaFfi.cpp" \
    -L "$P/lib" -llinalgx_cuda_kernels -llinalgx_cuda_runtime -Wl,-rpath,'$ORIGIN' \
    -o "$P/lib/liblinalgx_jax_cuda_ffi.so" || echo "handler rebuild failed"
fi
source "$D/torchops67.sh"; stamp "operator library"
cp "$P/lib/liblinalgx_cuda_kernels.so" "$P/lib_alt/main.so"
use() { cp "$P/lib_alt/$1.so" "$P/lib/liblinalgx_cuda_kernels.so"; }
V="main ov ovin"
for R in 1 2; do for L in $V; do
  use $L
  (cd "$P" && timeout 60 python3 compare_factors.py run --small $L "$O/$L$R.pt") > "$O/cf-$L$R.md" 2>"$O/cf-$L$R.err"
done; done
for L in ov ovin; do
  (cd "$P" && python3 compare_factors.py diff "$O/main1.pt" "$O/${L}1.pt") > "$O/diff-$L.txt" 2>&1
  echo "diff $L rc=$? ($(grep -c DIFFERENT "$O/diff-$L.txt") cases differ)"
done
rm -f "$O"/*.pt
for f in "$O"/cf-*.md; do cut -d'|' -f3,4 "$f" > "$f.t"; done
paste -d'|' $(for L in $V; do for R in 1 2; do echo "$O/cf-$L$R.md.t"; done; done) | head -16
save; stamp "compare"
for L in ovin; do
  use $L
  (cd "$P" && timeout 60 python3 python_gpu.py) > "$O/python_gpu_$L.log" 2>&1
  echo "python_gpu $L rc=$?: $(tail -n 1 "$O/python_gpu_$L.log")"
done
save; stamp "python_gpu"
use main
