"""Backward error and pivots of linalgx.torch.lu_factor against torch.linalg.lu_factor on one
random normal case: python3 check_lu.py LABEL MxN:dtype."""
import sys
import numpy as np
import torch
import linalgx.torch as lxt
from profile_host_gaps import parse

label, case = sys.argv[1], sys.argv[2]
shape, dtype = parse(case)
a = torch.as_tensor(np.random.default_rng(7).standard_normal(shape).astype(dtype)).cuda()
lu, piv = lxt.lu_factor(a)
p, l, u = torch.lu_unpack(lu, piv)
err = (torch.linalg.norm(p @ (l @ u) - a) / torch.linalg.norm(a)).item()
bound = 10 * max(shape[-2:]) * torch.finfo(a.dtype).eps
_, tpiv = torch.linalg.lu_factor(a)
same = (piv == tpiv).float().mean().item()
print("| %s | %s | backward error %.2e (bound %.2e: %s) | pivots equal to PyTorch's: %.4f |"
      % (label, case, err, bound, "ok" if err <= bound else "FAIL", same), flush=True)
