# small_ops_torch.py: the peers of bench/gpu/small_ops.py and bench/gpu/first_use.py on the
# device's python3: PyTorch eager (and CuPy when installed) on the same 16-element patterns,
# timed the same way (the fastest of 7 loops of 5000 calls, wall clock around a synchronize),
# and the first use of a new fused expression (first_use.py's "a") in this process.
#   python3 bench/gpu/small_ops_torch.py
# Lines: SMALL torch|cupy name value us, PATTERN torch|cupy first_use... ms.
import time

INNER, REPS = 5000, 7


def best(fn, sync):
    fn()
    sync()
    b = 1e9
    for _ in range(REPS):
        t0 = time.perf_counter()
        for _ in range(INNER):
            fn()
        sync()
        b = min(b, (time.perf_counter() - t0) / INNER)
    return b * 1e6


def run(lib, xp, sync, kw):
    p = xp.arange(1 << 20, dtype=xp.float32, **kw)
    sync()
    t0 = time.perf_counter()
    q = xp.tanh(p * 0.001) * xp.sqrt(p + 3.25) + xp.floor(p / 7)
    float(q[5])
    print("PATTERN %s first_use_new_fused_expression_a %.2f ms" % (lib, (time.perf_counter() - t0) * 1e3))
    a = xp.arange(16, dtype=xp.float32, **kw)
    b = xp.ones(16, dtype=xp.float32, **kw)
    c = xp.empty(16, dtype=xp.float32, **kw)
    u = xp.zeros(16, dtype=xp.float32, **kw)
    t = xp.zeros(16, dtype=xp.float32, **kw)
    sink = [None]

    def add_out():
        xp.add(a, b, out=c)

    def inplace():
        u.__iadd__(1.0)

    def add_new():
        sink[0] = a + b  # one kernel and an allocation (krait's row evaluates a + b into c)

    def assign_inc():
        t[...] = t + 1

    def small_sum():
        sink[0] = (a * b + 1).sum()

    def fresh():
        xp.multiply((a + b) * 2.0, 1, out=c)

    rows = [("np.add(a,b,out=c)", add_out), ("u+=1.0", inplace),
            ("r=a+b;np.add(r,0,out=c)", add_new), ("t[...]=t+1", assign_inc),
            ("(a*b+1).sum()", small_sum), ("r=(a+b)*2.0;np.multiply(r,1,out=c)", fresh)]
    for name, fn in rows:
        print("SMALL %s %s %.2f us" % (lib, name, best(fn, sync)), flush=True)


try:
    import torch
    if torch.cuda.is_available():
        torch.zeros(1, device="cuda")
        torch.cuda.synchronize()
        run("torch", torch, torch.cuda.synchronize, {"device": "cuda"})
except Exception as e:  # noqa: a missing peer is reported, not fatal
    print("PEER torch: not run (%s)" % e)
try:
    import cupy as cp
    cp.zeros(1)
    cp.cuda.Device().synchronize()
    run("cupy", cp, cp.cuda.Device().synchronize, {})
except Exception as e:  # noqa
    print("PEER cupy: not run (%s)" % e)
