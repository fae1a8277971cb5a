"""CUDA-event µs of linalgx.torch.lu_factor beside torch.linalg.lu_factor (median of 15 after a
warm-up), the large-matrix issue's cases; LABEL is printed in each row."""
import statistics
import sys
import warnings

import torch

warnings.simplefilter("ignore")
import linalgx.torch as lxt  # noqa: E402

label = sys.argv[1]
g = torch.Generator(device="cuda").manual_seed(5)


def events(f):
    f()
    torch.cuda.synchronize()
    t = []
    for _ in range(15):
        s, e = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        s.record()
        f()
        e.record()
        e.synchronize()
        t.append(s.elapsed_time(e) * 1e3)
    return statistics.median(t)


for shape, dtype in [((1024, 1024), torch.float64), ((2048, 2048), torch.float64),
                     ((4096, 4096), torch.float32), ((8, 512, 512), torch.float64),
                     ((32, 1024, 1024), torch.float32), ((2048, 2048), torch.float32),
                     ((256, 128, 128), torch.float64), ((2, 3000, 3000), torch.float32)]:
    a = torch.randn(shape, generator=g, device="cuda", dtype=torch.float64).to(dtype)
    x = events(lambda: lxt.lu_factor(a))
    y = events(lambda: torch.linalg.lu_factor(a))
    print("| %s | %s %s | %.0f | %.0f | %.3f |" % (label, shape, str(dtype)[6:], x, y, x / y), flush=True)
