#!/usr/bin/env bash
# Session 62 call G: with JAX initialized first, linalgx at 4096² f32 on PyTorch's default
# (legacy) stream, a new stream of normal priority, the greatest-priority stream, the default again.
set -uo pipefail
D=$(cd "$(dirname "$0")" && pwd)
P=$D/pypack61
nvidia-smi --query-gpu=name --format=csv,noheader
export PYTHONUNBUFFERED=1 LINALGX_LIBRARY_DIR=$P/lib PYTHONPATH=$P/python XLA_PYTHON_CLIENT_PREALLOCATE=false
mkdir -p "$P/torch_build"
TORCH_CUDA_ARCH_LIST=9.0 MAX_JOBS=16 python3 - "$P/src" "$P/lib" "$P/torch_build" > /dev/null 2>&1 <<'PY'
import sys
from linalgx import _torch_build
from torch.utils import cpp_extension
cpp_extension.load(**_torch_build.load_arguments(*sys.argv[1:]))
PY
cp "$P"/torch_build/_linalgx_torch_ops*.so "$P/lib/" || echo "no operator library"
cp "$D/variants62/f32min256.so" "$P/lib/liblinalgx_cuda_kernels.so"
cd "$P"
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
" 2>&1 | grep first
done
