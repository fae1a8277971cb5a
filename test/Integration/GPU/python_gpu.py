#!/usr/bin/env python3
"""The Python GPU entry points on a GPU, against JAX's and PyTorch's own LU
(run on the GPU machine from the pack of scripts/pack-python-gpu.sh):

* linalgx.lu / pivots_to_permutation on PyTorch CUDA tensors, CuPy arrays
  and JAX GPU arrays (the CUDA path, liblinalgx_cuda_kernels.so);
* linalgx.jax.lu under jax.jit and jax.vmap (the CUDA XLA FFI handler);
* linalgx.torch.lu_factor / lu_factor_ex / lu;
* linalgx.solve / lu_solve on PyTorch CUDA tensors (the lu_solve kernel);
* linalgx.det / slogdet / inv on PyTorch CUDA tensors and CuPy arrays (the
  determinant kernels, the solve against identities);

for the cases of the GPU issue and random shapes and dtypes: pivots
identical to JAX's and PyTorch's on real input without ties (n <= 128;
larger matrices report the agreement, since rounding in a blocked
factorization may flip a near-tie), permutation consistent with the pivots
and equal to JAX's, backward error ||A[perm] - L U||_F <= 10 n eps ||A||_F
per matrix, info; singular input; a caller's side stream left unsynchronized
(the call must not wait for a busy stream); empty shapes; bad input.
Prints one PASS/FAIL line per check and `N passed, N failed` last.
"""

import os
import sys
import time

os.environ.setdefault("XLA_PYTHON_CLIENT_PREALLOCATE", "false")  # JAX beside PyTorch
import numpy as np  # noqa: E402

import jax  # noqa: E402
import jax.numpy as jnp  # noqa: E402
import torch  # noqa: E402

jax.config.update("jax_enable_x64", True)

import linalgx  # noqa: E402
import linalgx.jax  # noqa: E402
import linalgx.torch  # noqa: E402

try:
    import cupy
except ImportError:
    cupy = None

passed = failed = 0


def check(ok, what):
    global passed, failed
    if ok:
        passed += 1
        print("PASS: " + what)
    else:
        failed += 1
        print("FAIL: " + what)


def random_matrix(rng, shape, dtype):
    a = rng.standard_normal(shape)
    if np.dtype(dtype).kind == "c":
        a = a + 1j * rng.standard_normal(shape)
    return a.astype(dtype)


def backward_error_ok(a, lu, perm):
    """max over the batch of ||A[perm] - L U||_F / (n eps ||A||_F) <= 10, in
    float64/complex128 on the GPU (torch)."""
    a = torch.as_tensor(np.asarray(a)).cuda() if not isinstance(a, torch.Tensor) else a
    lu = torch.as_tensor(np.asarray(lu)).cuda() if not isinstance(lu, torch.Tensor) else lu
    perm = torch.as_tensor(np.asarray(perm)).cuda() if not isinstance(perm, torch.Tensor) else perm
    eps = np.finfo(np.dtype(str(a.dtype).replace("torch.", ""))).eps
    wide = torch.complex128 if a.is_complex() else torch.float64
    a, lu = a.to(wide), lu.to(wide)
    m, n = a.shape[-2], a.shape[-1]
    k = min(m, n)
    L = torch.tril(lu[..., :, :k], diagonal=-1)
    L.diagonal(dim1=-2, dim2=-1).fill_(1)
    U = torch.triu(lu[..., :k, :])
    pa = torch.take_along_dim(a, perm.long().unsqueeze(-1).expand(a.shape), dim=-2)
    residual = torch.linalg.matrix_norm(pa - L @ U)
    scale = torch.linalg.matrix_norm(a).clamp_min(np.finfo(np.float64).tiny)
    ratio = (residual / (max(m, n) * eps * scale)).max().item() if residual.numel() else 0.0
    return ratio <= 10, ratio


def perm_from_pivots(pivots0, m):
    p = np.asarray(pivots0)
    batch, k = p.shape[:-1], p.shape[-1]
    perm = np.broadcast_to(np.arange(m, dtype=np.int32), batch + (m,)).copy()
    flat_p, flat_perm = p.reshape(-1, k), perm.reshape(-1, m)
    for b in range(flat_p.shape[0]):
        for i in range(k):
            j = flat_p[b, i]
            flat_perm[b, i], flat_perm[b, j] = flat_perm[b, j], flat_perm[b, i]
    return perm


def to_np(x):
    if isinstance(x, torch.Tensor):
        return x.cpu().numpy()
    if cupy is not None and isinstance(x, cupy.ndarray):
        return cupy.asnumpy(x)
    return np.asarray(x)


def compare_case(rng, shape, dtype, label, exact_pivots):
    a = random_matrix(rng, shape, dtype)
    m = shape[-2]
    real = np.dtype(dtype).kind == "f"
    # References.
    jlu, jpiv, jperm = jax.jit(jax.lax.linalg.lu)(jnp.asarray(a))
    jpiv, jperm = np.asarray(jpiv), np.asarray(jperm)
    ta = torch.as_tensor(a).cuda()
    tlu, tpiv, tinfo = torch.linalg.lu_factor_ex(ta)
    tpiv = tpiv.cpu().numpy()

    def pivots_match(piv, ref, who):
        piv = np.asarray(piv)
        same = np.array_equal(piv, ref)
        agree = float(np.mean(piv == ref)) if piv.size else 1.0
        if exact_pivots and real:
            check(same, "%s %s: pivots identical to %s" % (label, who_name(who), ref_name(who)))
        else:
            print("INFO: %s %s: pivots agree with %s on %.4f of entries%s" % (
                label, who_name(who), ref_name(who), agree,
                "" if real else " (complex: JAX/PyTorch's batched path pivots on |z|, "
                "LAPACK's rule is |re|+|im|)"))

    who_name = lambda w: w.split("|")[0]  # noqa: E731
    ref_name = lambda w: w.split("|")[1]  # noqa: E731

    # 1. linalgx.jax.lu under jit.
    xlu, xpiv, xperm, xinfo = jax.jit(linalgx.jax.lu_with_info)(jnp.asarray(a))
    xlu, xpiv, xperm, xinfo = map(np.asarray, (xlu, xpiv, xperm, xinfo))
    pivots_match(xpiv, jpiv, "linalgx.jax.lu (jit)|jax.lax.linalg.lu")
    check(np.array_equal(xperm, perm_from_pivots(xpiv, m)),
          "%s linalgx.jax.lu (jit): permutation = pivots_to_permutation(pivots)" % label)
    if exact_pivots and real:
        check(np.array_equal(xperm, jperm), "%s linalgx.jax.lu (jit): permutation identical to "
              "jax.lax.linalg.lu's" % label)
    ok, ratio = backward_error_ok(a, xlu, xperm)
    check(ok, "%s linalgx.jax.lu (jit): backward error %.3g n eps" % (label, ratio))
    check(not np.any(xinfo), "%s linalgx.jax.lu (jit): info 0" % label)

    # 2. linalgx.lu on a PyTorch CUDA tensor and (3) on a CuPy array.
    clu, cpiv, cperm, cinfo = linalgx.lu(ta, return_info=True)
    check(isinstance(clu, torch.Tensor) and clu.is_cuda and cpiv.dtype == torch.int32,
          "%s linalgx.lu(torch cuda tensor): CUDA tensors back" % label)
    check(np.array_equal(to_np(cpiv), xpiv) and np.array_equal(to_np(cperm), xperm) and
          np.array_equal(to_np(clu), xlu),
          "%s linalgx.lu(torch cuda tensor) = linalgx.jax.lu (same kernels)" % label)
    pivots_match(to_np(cpiv) + 1, tpiv, "linalgx.lu(torch)|torch.linalg.lu_factor")
    if cupy is not None:
        ca = cupy.asarray(a)
        ylu, ypiv, yperm = linalgx.lu(ca)
        check(isinstance(ylu, cupy.ndarray) and np.array_equal(to_np(ypiv), xpiv) and
              np.array_equal(to_np(yperm), xperm) and np.array_equal(to_np(ylu), xlu),
              "%s linalgx.lu(cupy array): CuPy arrays back, equal to the other paths" % label)
        yp = linalgx.pivots_to_permutation(ypiv, m)
        check(np.array_equal(to_np(yp), xperm),
              "%s linalgx.pivots_to_permutation(cupy pivots)" % label)
    # pivots_to_permutation on torch int64 pivots, against JAX's.
    tp = linalgx.pivots_to_permutation(torch.as_tensor(xpiv.astype(np.int64)).cuda(), m)
    ref = np.asarray(jax.lax.linalg.lu_pivots_to_permutation(jnp.asarray(xpiv), m))
    check(tp.dtype == torch.int64 and np.array_equal(to_np(tp), ref),
          "%s linalgx.pivots_to_permutation(torch int64) = "
          "jax.lax.linalg.lu_pivots_to_permutation" % label)

    # 4. linalgx.torch.
    llu, lpiv = linalgx.torch.lu_factor(ta)
    pivots_match(to_np(lpiv), tpiv, "linalgx.torch.lu_factor|torch.linalg.lu_factor")
    check(lpiv.dtype == torch.int32 and np.array_equal(to_np(lpiv), xpiv + 1),
          "%s linalgx.torch.lu_factor: 1-based int32 pivots" % label)
    _, _, linfo = linalgx.torch.lu_factor_ex(ta)
    check(np.array_equal(to_np(linfo), to_np(tinfo)),
          "%s linalgx.torch.lu_factor_ex: info equal to torch's" % label)
    P, L, U = linalgx.torch.lu(ta)
    wide = torch.complex128 if ta.is_complex() else torch.float64
    rec = (P.to(wide) @ L.to(wide) @ U.to(wide))
    eps = np.finfo(dtype).eps
    err = (torch.linalg.matrix_norm(rec - ta.to(wide)) /
           torch.linalg.matrix_norm(ta.to(wide))).max().item()
    check(err <= 10 * max(shape[-2:]) * eps,
          "%s linalgx.torch.lu: A = P L U (%.3g n eps)" % (label, err / max(shape[-2:]) / eps))
    # torch.lu_unpack of our factors and pivots gives the same P.
    P2, _, _ = torch.lu_unpack(llu, lpiv)
    check(torch.equal(P2, P), "%s torch.lu_unpack(linalgx.torch.lu_factor(A)) P = "
          "linalgx.torch.lu's P" % label)


def check_vmap(rng):
    for dtype in (np.float32, np.float64):
        a = random_matrix(rng, (6, 5, 24, 24), dtype)
        f = jax.jit(jax.vmap(jax.vmap(linalgx.jax.lu)))
        xlu, xpiv, xperm = map(np.asarray, f(jnp.asarray(a)))
        jlu, jpiv, jperm = map(np.asarray, jax.lax.linalg.lu(jnp.asarray(a)))
        ok, ratio = backward_error_ok(a, xlu, xperm)
        check(np.array_equal(xpiv, jpiv) and np.array_equal(xperm, jperm) and ok,
              "jit(vmap(vmap(linalgx.jax.lu))) (6, 5, 24, 24) %s: pivots and permutation "
              "identical to jax.lax.linalg.lu, backward error %.3g n eps"
              % (np.dtype(dtype).name, ratio))
    # vmap over a non-leading axis (the handler sees the batch broadcast first).
    a = random_matrix(rng, (16, 3, 16), np.float64)
    f = jax.jit(jax.vmap(linalgx.jax.lu, in_axes=1))
    xpiv = np.asarray(f(jnp.asarray(a))[1])
    jpiv = np.asarray(jax.vmap(jax.lax.linalg.lu, in_axes=1)(jnp.asarray(a))[1])
    check(np.array_equal(xpiv, jpiv), "vmap(in_axes=1) of linalgx.jax.lu = of jax.lax.linalg.lu")
    # linalgx.lu on a JAX GPU array goes through the same handler.
    x = jnp.asarray(random_matrix(rng, (4, 9, 9), np.float32))
    r = linalgx.lu(x, return_info=True)
    check(all(isinstance(v, jax.Array) for v in r) and
          np.array_equal(np.asarray(r[1]), np.asarray(jax.lax.linalg.lu(x)[1])),
          "linalgx.lu(JAX GPU array): JAX arrays back, pivots = jax.lax.linalg.lu's")


def check_singular():
    for dtype in (np.float32, np.float64, np.complex64, np.complex128):
        for batch in (1, 5):
            a = np.ones((batch, 6, 6)) * np.arange(1, 7) + np.eye(6) * 3
            a[:, :, 4] = 0  # column 4 is zero: info = 5
            a = a.astype(dtype)
            ta = torch.as_tensor(a).cuda()
            lu, piv, perm, info = linalgx.lu(ta, return_info=True)
            xinfo = np.asarray(linalgx.jax.lu_with_info(jnp.asarray(a))[3])
            _, _, tinfo = torch.linalg.lu_factor_ex(ta)
            check(np.all(to_np(info) == 5) and np.all(xinfo == 5) and
                  np.array_equal(to_np(info), to_np(tinfo)),
                  "singular (%d, 6, 6) %s: info 5 from linalgx.lu, linalgx.jax and torch"
                  % (batch, np.dtype(dtype).name))


def check_streams(rng):
    """linalgx.torch on a side stream: the call queues on it and returns
    without waiting (the stream is kept busy by a long spin kernel first),
    and the results are right once the stream is synchronized."""
    a = torch.as_tensor(random_matrix(rng, (64, 75, 75), np.float64)).cuda()
    ref_lu, ref_piv = torch.linalg.lu_factor(a)
    side = torch.cuda.Stream()
    linalgx.torch.lu_factor(a)  # warm (handles, module load)
    torch.cuda.synchronize()
    with torch.cuda.stream(side):
        side.wait_stream(torch.cuda.current_stream())
        torch.cuda._sleep(int(2e9))  # about a second of device time
        t0 = time.perf_counter()
        lu, piv = linalgx.torch.lu_factor(a)
        host = time.perf_counter() - t0
        busy = not side.query()
    side.synchronize()
    check(busy and host < 0.2, "side stream: linalgx.torch.lu_factor returned in %.1f ms while "
          "its stream was still busy (no host synchronization)" % (host * 1e3))
    # Rounding differs between the two factorizations; an unfinished or
    # unordered call would differ by O(1).
    same_pivots = torch.equal(piv, ref_piv)
    difference = float((lu - ref_lu).abs().max()) / float(ref_lu.abs().max())
    check(same_pivots and difference <= 1e-12,
          "side stream: results right after the stream is synchronized (pivots %s "
          "torch's, factors within %.3g relative)" % ("equal to" if same_pivots else "differ from",
                                            difference))
    # The default stream (cuda_stream == 0, the legacy stream) works too.
    lu, piv = linalgx.torch.lu_factor(a)
    check(torch.cuda.current_stream().cuda_stream == 0 and torch.equal(piv, ref_piv),
          "default (legacy) stream: pivots equal to torch.linalg.lu_factor's")


def check_edges():
    for shape in [(0, 4, 4), (2, 0, 3), (2, 3, 0), (3, 0)]:
        ta = torch.zeros(shape, dtype=torch.float64, device="cuda")
        lu, piv, perm, info = linalgx.lu(ta, return_info=True)
        m, n = shape[-2:]
        want_perm = np.broadcast_to(np.arange(m), shape[:-2] + (m,))
        check(tuple(lu.shape) == shape and tuple(piv.shape) == shape[:-2] + (min(m, n),) and
              np.array_equal(to_np(perm), want_perm) and not to_np(info).any(),
              "empty %s: shapes, identity permutation, info 0" % (shape,))
    # Non-contiguous tensors are copied, as torch.linalg.lu_factor accepts them.
    base = torch.randn(40, 30, dtype=torch.float64, device="cuda")
    lu, piv = linalgx.torch.lu_factor(base.mT)
    ref_lu, ref_piv = torch.linalg.lu_factor(base.mT.contiguous())
    check(torch.equal(piv, ref_piv), "non-contiguous (transposed) tensor: copied, pivots right")
    # Bad input: clear exceptions, nothing crashes.
    cases = [
        (lambda: linalgx.torch.lu_factor(torch.eye(3)), ValueError, "runs on CUDA tensors"),
        (lambda: linalgx.torch.lu_factor(torch.ones(3, 3, dtype=torch.int32, device="cuda")),
         TypeError, "not supported"),
        (lambda: linalgx.torch.lu_factor(torch.ones(3, device="cuda")), ValueError, "rank >= 2"),
        (lambda: linalgx.lu(torch.ones(3, 3, dtype=torch.float16, device="cuda")), TypeError,
         "not supported"),
        (lambda: linalgx.lu(torch.ones(4, device="cuda")), ValueError, "rank >= 2"),
        (lambda: linalgx.pivots_to_permutation(torch.ones(3, device="cuda"), 3), TypeError,
         "int32 or int64"),
        (lambda: linalgx.pivots_to_permutation(torch.zeros(4, dtype=torch.int32,
                                                           device="cuda"), 3),
         ValueError, "smaller than"),
        (lambda: linalgx.jax.lu(jnp.ones((3,), jnp.float32)), ValueError, "rank >= 2"),
        (lambda: linalgx.jax.lu(jnp.ones((3, 3), jnp.int32)), TypeError, "float32"),
    ]
    for call, kind, text in cases:
        try:
            call()
            check(False, "bad input raises %s (%s): nothing raised" % (kind.__name__, text))
        except kind as error:
            check(text in str(error), "bad input raises %s: %s" % (kind.__name__, error))


def check_solve(rng, shape, rhs, dtype):
    """linalgx.solve and linalgx.lu_solve on CUDA tensors (the generated
    lu_solve kernel) against torch.linalg.solve and torch.linalg.lu_solve:
    residual ||op(A) X - B|| <= 10 n eps ||op(A)|| ||X|| per batch, the
    three systems, a vector and a matrix of right-hand sides; singular
    input raises LinAlgError."""
    n = shape[-1]
    a = torch.as_tensor(random_matrix(rng, shape, dtype)).cuda()
    b_shape = shape[:-1] if rhs is None else shape[:-1] + (rhs,)
    b = torch.as_tensor(random_matrix(rng, b_shape, dtype)).cuda()
    eps = np.finfo(dtype).eps
    label = "%s rhs %s %s" % (shape, rhs, np.dtype(dtype).name)

    def residual_ok(op, x):
        x2 = x if rhs is not None else x.unsqueeze(-1)
        b2 = b if rhs is not None else b.unsqueeze(-1)
        wide = torch.complex128
        res = torch.linalg.matrix_norm((op.to(wide) @ x2.to(wide)) - b2.to(wide))
        bound = 10 * n * eps * torch.linalg.matrix_norm(op.to(wide)) * \
            torch.linalg.matrix_norm(x2.to(wide))
        return bool((res <= bound).all()), float((res / bound).max())

    x = linalgx.solve(a, b)
    ok, ratio = residual_ok(a, x)
    check(ok and x.shape == b.shape and x.dtype == b.dtype,
          "%s linalgx.solve: residual %.3g of its bound" % (label, ratio))
    lu, piv = torch.linalg.lu_factor(a)
    piv0 = (piv - 1).to(torch.int32).contiguous()
    for trans, op in ((0, a), (1, a.mT), (2, a.mH)):
        x = linalgx.lu_solve((lu.contiguous(), piv0), b, trans=trans)
        ok, ratio = residual_ok(op, x)
        check(ok, "%s linalgx.lu_solve trans=%d: residual %.3g of its bound"
              % (label, trans, ratio))


def check_solve_singular():
    """Exactly singular matrices raise LinAlgError: a 2 x 2 (the thread
    kernel) and a 20 x 20 whose fifth column is zero among regular ones (the
    fused block register kernel's info)."""
    a = torch.tensor([[1.0, 2.0], [2.0, 4.0]], device="cuda", dtype=torch.float64)
    big = torch.eye(20, dtype=torch.float64, device="cuda").repeat(5, 1, 1)
    big[3, :, 4] = 0
    for matrices in (a, big):
        try:
            linalgx.solve(matrices, torch.ones(matrices.shape[:-1], device="cuda",
                                               dtype=torch.float64))
            raised = False
        except np.linalg.LinAlgError:
            raised = True
        check(raised, "linalgx.solve of singular CUDA matrices %s raises LinAlgError"
              % (tuple(matrices.shape),))


def check_determinants(rng, shape, dtype, library="torch"):
    """linalgx.det, slogdet and inv on CUDA arrays against NumPy's on the
    host (float64 / complex128): det to 20 n eps cond(A) relative, log|det|
    to the same absolute (what a backward-stable LU guarantees), the sign,
    the results' shapes and dtypes, and inv's residual ||A X - I|| <= 10 n
    eps ||A|| ||X||."""
    n = shape[-1]
    host = random_matrix(rng, shape, dtype) + 2 * np.eye(n, dtype=dtype)
    a = torch.as_tensor(host).cuda() if library == "torch" else cupy.asarray(host)
    to_host = (lambda x: x.cpu().numpy()) if library == "torch" else cupy.asnumpy
    label = "%s %s %s" % (shape, np.dtype(dtype).name, library)
    wide = host.astype(np.complex128 if np.iscomplexobj(host) else np.float64)
    tol = 20 * n * np.finfo(dtype).eps * np.linalg.cond(wide)
    expected = np.linalg.det(wide)
    d = to_host(linalgx.det(a))
    check(d.shape == shape[:-2] and d.dtype == np.dtype(dtype)
          and bool(np.all(np.abs(d - expected) <= tol * np.abs(expected))),
          "%s linalgx.det: max relative error %.3g" % (
              label, np.max(np.abs(d - expected) / np.abs(expected))))
    sign, logabsdet = (to_host(x) for x in linalgx.slogdet(a))
    expected_sign, expected_log = np.linalg.slogdet(wide)
    check(sign.dtype == np.dtype(dtype) and logabsdet.dtype == np.finfo(dtype).dtype
          and bool(np.all(np.abs(sign - expected_sign) <= tol))
          and bool(np.all(np.abs(logabsdet - expected_log) <= tol)),
          "%s linalgx.slogdet: max |d log|det|| %.3g" % (
              label, np.max(np.abs(logabsdet - expected_log))))
    x = to_host(linalgx.inv(a)).astype(wide.dtype)
    residual = np.linalg.norm(wide @ x - np.eye(n), axis=(-2, -1))
    bound = 10 * n * np.finfo(dtype).eps * np.linalg.norm(wide, axis=(-2, -1)) * \
        np.linalg.norm(x, axis=(-2, -1))
    check(bool(np.all(residual <= bound)),
          "%s linalgx.inv: residual %.3g of its bound" % (label, np.max(residual / bound)))


def check_determinants_singular():
    """Exactly singular matrices: det exactly 0 and slogdet (0, -inf) for
    every batch size (a thread and a warp per matrix), with an infinity in
    the matrix; inv raises LinAlgError."""
    for n, batch in ((3, 1), (3, 100000), (40, 3)):
        a = torch.eye(n, dtype=torch.float64, device="cuda").repeat(batch, 1, 1)
        a[:, 1] = 2 * a[:, 0]
        a[:, 2, 0] = float("inf") if n > 3 else 1e300
        d = linalgx.det(a)
        sign, logabsdet = linalgx.slogdet(a)
        check(bool((d == 0).all()) and bool((sign == 0).all())
              and bool((logabsdet == -float("inf")).all()),
              "singular %d x %d, batch %d: det 0, slogdet (0, -inf)" % (n, n, batch))
    # The fused kernel's copy for N = 0 and an empty batch: det of a 0 x 0
    # matrix is 1 (slogdet (1, 0)).
    for shape in ((4, 0, 0), (0, 3, 3)):
        e = torch.zeros(shape, dtype=torch.float32, device="cuda")
        d = linalgx.det(e)
        sign, logabsdet = linalgx.slogdet(e)
        check(tuple(d.shape) == shape[:-2] and bool((d == 1).all())
              and bool((sign == 1).all()) and bool((logabsdet == 0).all()),
              "det and slogdet of %s: ones, (1, 0)" % (shape,))
    try:
        linalgx.inv(a)
        raised = False
    except np.linalg.LinAlgError:
        raised = True
    check(raised, "linalgx.inv of singular CUDA matrices raises LinAlgError")


def guarded(function, *args, **kwargs):
    """A Python exception in one group of checks is one failure, and the
    other groups still run."""
    try:
        function(*args, **kwargs)
    except Exception as error:  # noqa: BLE001
        import traceback
        traceback.print_exc()
        check(False, "%s%s raised %s: %s" % (function.__name__, args[1:2], type(error).__name__,
                                              error))


def main():
    print("jax %s (%s), torch %s, cupy %s, device %s" % (
        jax.__version__, jax.devices()[0], torch.__version__,
        cupy.__version__ if cupy else "-", torch.cuda.get_device_name()))
    rng = np.random.default_rng(20261130)
    issue_cases = [((75, 75), np.float64), ((64, 75, 75), np.float64),
                   ((75, 75), np.float32), ((64, 75, 75), np.float32),
                   ((4096, 32, 32), np.float64), ((16384, 16, 16), np.float32),
                   ((1024, 64, 64), np.float64), ((256, 128, 128), np.float64),
                   ((1024, 1024), np.float64), ((4096, 4096), np.float32),
                   ((8, 512, 512), np.float64),
                   # A thread per matrix (M, N <= 4), every element type.
                   ((100000, 3, 3), np.float32), ((1000, 4, 4), np.complex128),
                   ((7, 2, 4), np.float64), ((5, 4, 1), np.complex64)]
    for shape, dtype in issue_cases:
        label = "%s %s" % (shape, np.dtype(dtype).name)
        guarded(compare_case, rng, shape, dtype, label, exact_pivots=max(shape[-2:]) <= 128)
    dtypes = [np.float32, np.float64, np.complex64, np.complex128]
    for i in range(12):
        dtype = dtypes[i % 4]
        rank = int(rng.integers(0, 3))
        batch = tuple(int(b) for b in rng.integers(1, 6, size=rank))
        m, n = (int(v) for v in rng.integers(1, 150, size=2))
        if i % 3 == 0:
            n = m
        label = "random %s %s" % (batch + (m, n), np.dtype(dtype).name)
        guarded(compare_case, rng, batch + (m, n), dtype, label, exact_pivots=True)
    for shape, rhs, dtype in [((1000, 3, 3), None, np.float64), ((64, 75, 75), 75, np.float64),
                              ((4096, 32, 32), None, np.float64), ((75, 75), None, np.float64),
                              ((17, 40, 40), 3, np.complex128), ((9, 20, 20), 2, np.float32),
                              ((5, 33, 33), None, np.complex64), ((300, 300), 4, np.float64),
                              # cuSOLVER getrs (factors beyond shared memory,
                              # few matrices) and the thread kernel past it.
                              ((2, 600, 600), None, np.complex64), ((2048, 2048), 1, np.float32),
                              ((40, 200, 200), 2, np.float64),
                              # The staged kernels at their edges: N = 9, a
                              # register slot's boundary, the largest N whose
                              # factors fit shared memory (f64 169, f32 239)
                              # with every warp solving columns; many
                              # right-hand sides over the grid's second
                              # dimension, a block per four columns, and the
                              # cap on it (more matrices than ~17k blocks);
                              # the columns kernel from 8192 columns in the
                              # batch.
                              ((50, 9, 9), None, np.float64), ((6, 64, 64), 5, np.float64),
                              ((2, 169, 169), 7, np.float64), ((3, 239, 239), 1, np.float32),
                              ((10, 9, 9), 8, np.float32), ((3, 100, 100), 20, np.complex64),
                              ((2, 40, 40), 1001, np.float64), ((2, 169, 169), 170, np.float64),
                              ((17000, 10, 10), 7, np.complex128), ((1, 130, 130), 6, np.float32),
                              ((1024, 40, 40), 20, np.float64), ((600, 30, 30), 30, np.complex128),
                              # linalgx.solve's fused kernel (N <= 4).
                              ((1000, 4, 4), 3, np.complex64), ((20, 2, 2), None, np.float32),
                              ((3, 1, 1), 2, np.complex128),
                              # The fused block register kernel (17 <= N <=
                              # 32, real, one right-hand side): its edges, a
                              # batch that leaves a block's last warps without
                              # a matrix; more right-hand sides take the lu
                              # and lu_solve.
                              ((7, 17, 17), None, np.float64), ((1, 32, 32), 32, np.float32),
                              ((4097, 32, 32), 1, np.float32), ((6, 25, 25), 5, np.float64),
                              ((3, 31, 31), 33, np.float64), ((2, 18, 18), 32, np.float64),
                              # The register columns kernels (A·X = B, N > 8,
                              # 8 or more right-hand sides, 256-byte columns):
                              # each slot count, its edges, more columns than
                              # a block's threads, complex.
                              ((5, 64, 64), 40, np.float32), ((4, 33, 33), 9, np.float32),
                              ((3, 32, 32), 300, np.float64), ((2, 20, 20), 12, np.complex64)]:
        guarded(check_solve, rng, shape, rhs, dtype)
    guarded(check_solve_singular)
    for shape, dtype in [((1000, 3, 3), np.float32), ((1000, 3, 3), np.float64),
                         ((64, 75, 75), np.float64), ((4096, 32, 32), np.float64),
                         ((7, 16, 16), np.complex64), ((5, 17, 17), np.complex128),
                         ((300, 300), np.float64), ((2, 1, 1), np.float32),
                         # inv through the fused block register kernel.
                         ((9, 24, 24), np.float32), ((3, 32, 32), np.float64),
                         # linalgx.det's fused kernel, each N of its switch.
                         ((500, 4, 4), np.complex64), ((300, 2, 2), np.complex128),
                         ((100, 4, 4), np.float32), ((7, 3, 3), np.complex128)]:
        guarded(check_determinants, rng, shape, dtype)
    if cupy is not None:
        guarded(check_determinants, rng, (6, 20, 20), np.complex128, library="cupy")
    guarded(check_determinants_singular)
    guarded(check_vmap, rng)
    guarded(check_singular)
    guarded(check_streams, rng)
    guarded(check_edges)
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
