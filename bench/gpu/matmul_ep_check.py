# numpy.linalg.matmul's fused epilogue on the H200 (issue 18, item 2), self-checking, then
# the figure: relu(a @ b + bias) on 8192 x 8192 bfloat16 as one cuBLASLt call vs the same
# written with array operations (matmul, then one fused elementwise kernel); CUDA events
# around 10 repetitions after warm-up, best of 3. The peer is bench/gpu/matmul_ep_torch.py.
# Prints one line a check, "ROW ..." figures and "matmul_ep_check: N failed"; exits 1 if any.
#
#   KRAIT_DEVICE=cuda build/krait bench/gpu/matmul_ep_check.py
import sys

import numpy as np
import gpu

failed = 0


def check(label, ok):
    global failed
    print(label, "ok" if ok else "FAILED")
    if not ok:
        failed += 1


def gelu(x):
    return 0.5 * x * (1 + np.tanh(0.7978845608028654 * (x + 0.044715 * x * x * x)))


check("backend is cuda", gpu.backend() == "cuda")
rng = np.random.default_rng(3)
for dt, tol in ((np.float64, 1e-10), (np.float32, 1e-4), (np.float16, 2e-2), (np.bfloat16, 6e-2)):
    for (m, k, n) in ((64, 32, 48), (200, 129, 77), (1024, 512, 256)):
        a = rng.standard_normal((m, k)).astype(dt)
        b = rng.standard_normal((k, n)).astype(dt)
        bias = rng.standard_normal(n).astype(dt)
        c = rng.standard_normal((m, n)).astype(dt)
        ref = a.astype(np.float64) @ b.astype(np.float64)
        scale = np.abs(ref).max() + 1
        cases = (("bias", dict(bias=bias), ref + bias.astype(np.float64)),
                 ("relu+bias", dict(bias=bias, epilogue="relu"),
                  np.maximum(ref + bias.astype(np.float64), 0)),
                 ("gelu+bias", dict(bias=bias, epilogue="gelu"), gelu(ref + bias.astype(np.float64))),
                 ("alpha beta c", dict(alpha=0.5, beta=2.0, c=c), 0.5 * ref + 2.0 * c.astype(np.float64)))
        for x in (a, b, bias, c):  # evaluate the (lazy) casts before the profiles below
            float(x[(0,) * x.ndim])
        gpu.synchronize()  # it computes the pending references: not inside the profiles
        for name, kw, want in cases:
            with gpu.profile(print=False) as p:
                got = np.linalg.matmul(a, b, **kw)
                gpu.synchronize()
            kinds = [r.kind for r in p.records if r.kind in ("kernel", "matmul")]
            err = float(np.abs(got.astype(np.float64) - want).max()) / scale
            one = kinds == ["matmul"]
            if not one:
                print("   declined:", gpu.device().get("matmul_epilogue_declined"), kinds)
            # float64 epilogues (GELU above all) may have no cuBLASLt algorithm: composed then
            check("%s %s %dx%dx%d: %s, error %.1e"
                  % (np.dtype(dt).name, name, m, k, n, "one cuBLASLt call" if one else
                     "composed (%d kernels)" % len(kinds), err),
                  (one or dt == np.float64) and err <= tol and got.dtype == np.dtype(dt))

# the operator form: np.maximum(a @ b + bias, 0) etc. (a lazy matmul fused with its epilogue)
for dt, tol in ((np.float32, 1e-4), (np.float16, 2e-2), (np.bfloat16, 6e-2)):
    a = rng.standard_normal((300, 200)).astype(dt)
    b = rng.standard_normal((200, 100)).astype(dt)
    bias = rng.standard_normal(100).astype(dt)
    c = rng.standard_normal((300, 100)).astype(dt)
    for x in (a, b, bias, c):
        float(x[(0,) * x.ndim])
    ref = a.astype(np.float64) @ b.astype(np.float64)
    scale = np.abs(ref).max() + 1
    forms = (("maximum(a @ b + bias, 0)", lambda: np.maximum(a @ b + bias, 0),
              np.maximum(ref + bias.astype(np.float64), 0)),
             ("a @ b + bias", lambda: a @ b + bias, ref + bias.astype(np.float64)),
             ("2 * (a @ b) + 0.5 * c", lambda: 2 * (a @ b) + 0.5 * c,
              2 * ref + 0.5 * c.astype(np.float64)),
             ("gelu(a @ b + bias) written out", lambda: gelu(a @ b + bias),
              gelu(ref + bias.astype(np.float64))),
             ("gelu(a @ b) with x**3", lambda: (lambda x: 0.5 * x * (1 + np.tanh(
                 0.7978845608028654 * (x + 0.044715 * x**3))))(a @ b), gelu(ref)))
    gpu.synchronize()
    for name, fn, want in forms:
        with gpu.profile(print=False) as p:
            got = fn()
            float(got[0, 0])
        kinds = [r.kind for r in p.records if r.kind in ("kernel", "matmul")]
        err = float(np.abs(got.astype(np.float64) - want).max()) / scale
        check("operators %s %s: %s, error %.1e" % (np.dtype(dt).name, name, kinds, err),
              kinds == ["matmul"] and err <= tol)

    # the sum read twice: its product runs once (one matmul record, then one kernel)
    gpu.synchronize()
    with gpu.profile(print=False) as p:
        h = a @ b + bias
        got = h * h
        float(got[0, 0])
    kinds = [r.kind for r in p.records if r.kind in ("kernel", "matmul")]
    want = (ref + bias.astype(np.float64)) ** 2
    err = float(np.abs(got.astype(np.float64) - want).max()) / (np.abs(want).max() + 1)
    check("operators %s h = a @ b + bias; h * h: %s, error %.1e" % (np.dtype(dt).name, kinds, err),
          kinds.count("matmul") + kinds.count("kernel") <= 2 and "matmul" in kinds and err <= tol)

# the figure
N = 8192
a = (rng.standard_normal((N, N)) * 0.1).astype(np.bfloat16)
b = (rng.standard_normal((N, N)) * 0.1).astype(np.bfloat16)
bias = rng.standard_normal(N).astype(np.bfloat16)


def fused():
    return np.linalg.matmul(a, b, bias=bias, epilogue="relu")


def operators():
    return np.maximum(a @ b + bias, 0)


def unfused():
    m = a @ b
    float(m[0, 0])  # evaluated on its own: the epilogue is a second pass
    return np.maximum(m + bias, 0)


def timed(fn, reps=10):
    fn()
    gpu.synchronize()
    best = 1e9
    for _ in range(3):
        e0, e1 = gpu.Event(), gpu.Event()
        e0.record()
        for _ in range(reps):
            r = fn()
            r[0, 0]  # noqa: evaluate where a user would
        e1.record()
        e1.synchronize()
        best = min(best, e0.elapsed_time(e1) / reps)
    return best


def gelu_operators():
    return gelu(a @ b + bias)


def gelu_unfused():
    m = a @ b
    float(m[0, 0])
    return gelu(m + bias)


f = fused()
u = unfused()
check("fused equals unfused", float(np.abs(f.astype(np.float32) - u.astype(np.float32)).max()) <= 0.1)
tf, to, tu = timed(fused), timed(operators), timed(unfused)
flop = 2.0 * N * N * N
print("ROW relu(a @ b + bias) bf16 8192^3: linalg.matmul epilogue %.3f ms %.0f TFLOP/s, "
      "operators (fused) %.3f ms %.0f TFLOP/s, matmul then elementwise %.3f ms %.0f TFLOP/s"
      % (tf, flop / tf / 1e9, to, flop / to / 1e9, tu, flop / tu / 1e9))
tg, tgu = timed(gelu_operators), timed(gelu_unfused)
print("ROW gelu(a @ b + bias) written out, bf16 8192^3: operators (fused) %.3f ms %.0f TFLOP/s, "
      "matmul then elementwise %.3f ms %.0f TFLOP/s" % (tg, flop / tg / 1e9, tgu, flop / tgu / 1e9))
print("matmul_ep_check: %d failed" % failed)
sys.exit(1 if failed else 0)
