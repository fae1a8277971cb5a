#!/usr/bin/env bash
# Session 65 call B (on call A's machine, warm): a second round of main / la / big16 with
# time_lu_streams.py, the large-LU GPU suite on the variants, and torch_ops_gpu.py on main
# (every PyTorch path's correctness and CUDA graphs; its timing table holds
# pivots_to_permutation's wall against torch.lu_unpack's).
set -uo pipefail
D=$(cd "$(dirname "$0")" && pwd)
P=$D/pypack; O=/tmp/b; mkdir -p "$O" "${OUT:=/tmp/out}"
save() { tar cJf "$OUT/b-raw.tar.xz" -C "$O" .; }
t0=$SECONDS; stamp() { echo "== $1 at $((SECONDS - t0)) s"; }
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee "$O/gpu.txt"
export PYTHONUNBUFFERED=1 LINALGX_LIBRARY_DIR=$P/lib PYTHONPATH=$P/python XLA_PYTHON_CLIENT_PREALLOCATE=false
cd "$P"
if ! ls lib/_linalgx_torch_ops*.so > /dev/null 2>&1; then
  mkdir -p "$P/torch_build"
  TORCH_CUDA_ARCH_LIST=9.0 MAX_JOBS=16 python3 - "$P/src" "$P/lib" "$P/torch_build" > "$O/torch_build.log" 2>&1 <<'PY'
import sys
from linalgx import _torch_build
from torch.utils import cpp_extension
cpp_extension.load(**_torch_build.load_arguments(*sys.argv[1:]))
PY
  cp "$P"/torch_build/_linalgx_torch_ops*.so "$P/lib/" || echo "no operator library"
  stamp "operator library built"
fi
use() { cp "lib_alt/$1.so" lib/liblinalgx_cuda_kernels.so; }
C="1024x1024:float64 2048x2048:float64 4096x4096:float32 4096x4096:float64 8x512x512:float64 32x1024x1024:float32"
for V in ${VARIANTS:-la main}; do
  use $V; timeout 90 python3 time_lu_streams.py $V $C 2>&1 | grep "^|" | tee -a "$O/streams.md"
done; save; stamp "streams"
for V in ${SUITE:-la big16}; do
  use $V
  LD_LIBRARY_PATH=$P/lib timeout 150 python3 large_lu_gpu.py --aot "$P/lib" > "$O/large_lu_gpu_$V.log" 2>&1
  echo "== large_lu_gpu $V rc=$?"; tail -n 1 "$O/large_lu_gpu_$V.log"; save
done; stamp "large suite"
use main
(cd "$O" && timeout 240 python3 "$P/torch_ops_gpu.py" --source-root "$P/src" --library-dir "$P/lib" \
   --build-dir "$P/torch_build") > "$O/torch_ops_gpu.log" 2>&1
echo "== torch_ops_gpu rc=$?"; grep -vE "^PASS" "$O/torch_ops_gpu.log" | grep -v Warning | tail -n 12; save; stamp "torch ops"
timeout 120 python3 profile_host_gaps.py "$O" 1024x1024:float64 64x75x75:float64 1024x64x64:float64 > "$O/host_gaps.log" 2>&1
echo "== host gaps rc=$?"; save; stamp "host gaps"
