# Sourced by the session 67 call scripts: the PyTorch operator library for $P/lib, built once
# a machine (cached in /tmp/lxtb, which a warm machine keeps between calls).
if ! ls /tmp/lxtb/_linalgx_torch_ops*.so >/dev/null 2>&1; then
  mkdir -p /tmp/lxtb
  TORCH_CUDA_ARCH_LIST=9.0 MAX_JOBS=16 python3 - "$P/src" "$P/lib" /tmp/lxtb > /tmp/lxtb.log 2>&1 <<'PY'
import sys
from linalgx import _torch_build
from torch.utils import cpp_extension
cpp_extension.load(**_torch_build.load_arguments(*sys.argv[1:]))
PY
fi
cp /tmp/lxtb/_linalgx_torch_ops*.so "$P/lib/" || { echo "no operator library"; tail -20 /tmp/lxtb.log; }
