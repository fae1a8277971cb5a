#!/usr/bin/env bash
# Session 64 call A: programmatic dependent launch (PDL) measured and checked.
# main.so = main's default kernels (griddepcontrol.wait in every kernel), launched plainly
# (LINALGX_CUDA_PROGRAMMATIC_LAUNCH=0, the default) or with the launch attribute (=1);
# pdlearly.so = the same with launch-dependents-early=true.
set -uo pipefail
D=$(cd "$(dirname "$0")" && pwd)
P=$D/pypack; O=/tmp/a; mkdir -p "$O" "${OUT:=/tmp/out}"
save() { tar cJf "$OUT/a-raw.tar.xz" --exclude='*.pt' -C "$O" .; }
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee "$O/gpu.txt"
LD_LIBRARY_PATH=$P/lib timeout 60 "$P/bin/linalgx_cuda_runtime_smoke" --only=entry-points,gemm,streams > "$O/smoke.log" 2>&1
echo "== smoke rc=$? PASS=$(grep -c '^PASS' "$O/smoke.log")"; grep -v "^PASS" "$O/smoke.log" | tail -n 4
grep -i "programmatic" "$O/smoke.log" | head -n 3
export PYTHONUNBUFFERED=1 LINALGX_LIBRARY_DIR=$P/lib PYTHONPATH=$P/python XLA_PYTHON_CLIENT_PREALLOCATE=false
start=$(date +%s)
mkdir -p "$P/torch_build"
TORCH_CUDA_ARCH_LIST=9.0 MAX_JOBS=16 python3 - "$P/src" "$P/lib" "$P/torch_build" > "$O/torch_build.log" 2>&1 <<'PY'
import sys
from linalgx import _torch_build
from torch.utils import cpp_extension
cpp_extension.load(**_torch_build.load_arguments(*sys.argv[1:]))
PY
echo "operator library rc=$? in $(( $(date +%s) - start )) s"
cp "$P"/torch_build/_linalgx_torch_ops*.so "$P/lib/" || echo "no operator library"
cp "$P/lib/liblinalgx_cuda_kernels.so" "$P/lib_alt/main.so"
cd "$P"
use() { cp "lib_alt/$1.so" lib/liblinalgx_cuda_kernels.so; }
save
C="4096x4096:float32 1024x1024:float64 2048x2048:float64 8x512x512:float64 32x1024x1024:float32 256x128x128:float64"
streams() {
  for V in main:0 main:1 pdlearly:1; do
    use ${V%:*}
    LINALGX_CUDA_PROGRAMMATIC_LAUNCH=${V#*:} timeout 90 python3 time_lu_streams.py "$V" $C 2>&1 | grep "^|" | tee -a "$O/streams.md"
  done
  save
}
large() {
  use $1
  LINALGX_CUDA_PROGRAMMATIC_LAUNCH=1 LD_LIBRARY_PATH=$P/lib timeout 120 python3 large_lu_gpu.py --aot "$P/lib" > "$O/large_lu_gpu_$1.log" 2>&1
  echo "== large_lu_gpu $1 (PDL on) rc=$?"; tail -n 1 "$O/large_lu_gpu_$1.log"; save
}
streams
large main
use main
# 1c14c74 (legacy default stream forked to a non-blocking stream) and CUDA graphs, PDL on.
(cd "$O" && LINALGX_CUDA_PROGRAMMATIC_LAUNCH=1 timeout 240 python3 "$P/torch_ops_gpu.py" \
   --source-root "$P/src" --library-dir "$P/lib" --build-dir "$P/torch_build") > "$O/torch_ops_gpu.log" 2>&1
echo "== torch_ops_gpu (PDL on) rc=$?"; grep -vE "^PASS" "$O/torch_ops_gpu.log" | tail -n 8; grep -c "^PASS" "$O/torch_ops_gpu.log"
save
# Single large matrices on the blocked LU (big: up to 8192 rows; big4k: and f64 register panels to 4096 rows).
for V in main big big4k; do
  use $V || continue
  LINALGX_CUDA_PROGRAMMATIC_LAUNCH=1 timeout 100 python3 time_lu_streams.py "$V" 4096x4096:float64 8192x8192:float64 8192x8192:float32 2>&1 | grep "^|" | tee -a "$O/big.md"
done
save
streams
large pdlearly
use main
for E in 0 1; do
  LINALGX_CUDA_PROGRAMMATIC_LAUNCH=$E timeout 60 python3 trace_large_lu.py "$O/trace_pdl$E" 4096x4096:float32 1024x1024:float64 > "$O/trace_pdl$E.log" 2>&1
  grep -h "first activity" "$O"/trace_pdl$E/*.md | sed "s/^/pdl=$E /"
done
save
for first in jax torch; do
timeout 80 python3 -c "
import jax, jax.numpy as jnp, numpy as np
if '$first' == 'jax':
    jnp.zeros(1).block_until_ready()
import torch, linalgx.torch as lxt, time_lu_streams as t
x = jnp.zeros(1).block_until_ready()
a = torch.as_tensor(np.random.default_rng(3).standard_normal((4096, 4096)).astype('float32')).cuda()
_, greatest = torch.cuda.Stream.priority_range()
streams = [('default', torch.cuda.current_stream()), ('normal', torch.cuda.Stream()),
           ('greatest', torch.cuda.Stream(priority=greatest)), ('default again', torch.cuda.current_stream())]
print('$first first:', ' | '.join('%s %.0f' % (n, t.device_us(lambda: lxt.lu_factor(a), s)) for n, s in streams))
" 2>&1 | grep first | tee -a "$O/legacy.txt"
done
save
