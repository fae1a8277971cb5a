import os, sys, torch
sys.path.insert(0, os.environ["PACK"] + "/python")
from linalgx import _torch_build
from torch.utils import cpp_extension
os.makedirs("/tmp/tb", exist_ok=True)
cpp_extension.load(**_torch_build.load_arguments(os.environ["PACK"] + "/src", os.environ["PACK"] + "/lib", "/tmp/tb"))
import linalgx.torch as lxt
from torch.profiler import profile, ProfilerActivity
for shape, dtype in [((75, 75), torch.float64), ((16384, 16, 16), torch.float32), ((4096, 32, 32), torch.float64)]:
    a = torch.randn(shape, dtype=dtype, device="cuda")
    for _ in range(50):
        lxt.lu_factor(a)
    torch.cuda.synchronize()
    with profile(activities=[ProfilerActivity.CPU, ProfilerActivity.CUDA]) as prof:
        for _ in range(20):
            lxt.lu_factor(a)
            torch.cuda.synchronize()
    print("=====", shape, dtype)
    print(prof.key_averages().table(sort_by="cpu_time_total", row_limit=30, max_name_column_width=60))
