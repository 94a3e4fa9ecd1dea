# user_patterns_torch.py: the patterns of bench/gpu/user_patterns.py in PyTorch eager (and
# CuPy when it is installed), written the same way and timed the same way (wall clock
# around a device synchronize, median of several runs), for the same device call:
#   python3 bench/gpu/user_patterns_torch.py [--small]
# Each line: PATTERN torch|cupy name value unit.
import sys
import time

import _wall

SMALL = "--small" in sys.argv
N = 1 << (16 if SMALL else 28)
M = 256 if SMALL else 8192
BIG = (1 << 20) if SMALL else (1 << 32)
BIG_ROUNDS = 4 if SMALL else 40
REPS = 3 if SMALL else 7


def run(lib, xp, sync, dev_kw):
    def wall(fn, reps=REPS, inner=1):
        return _wall.wall(fn, sync, reps, inner)

    def report(name, value, unit):
        print("PATTERN", lib, name, round(value, 3), unit)

    def rand(*shape):
        if lib == "torch":
            return xp.rand(*shape, **dev_kw)
        return xp.random.rand(*shape, dtype=xp.float32)

    f32 = xp.float32
    p = xp.arange(1 << 20, dtype=f32, **dev_kw)
    sync()
    t0 = time.perf_counter()
    q = xp.tanh(p * 0.001) * xp.sqrt(p + 3.25) + xp.floor(p / 7)
    float(q[5])
    report("first_use_new_fused_expression", (time.perf_counter() - t0) * 1e3, "ms")

    a, b = rand(N), rand(N)
    gb = N * 4 / 1e12  # terabytes per array: bytes / seconds prints TB/s
    report("c=a+b;c[0]_2^28", 3 * gb / wall(lambda: (a + b)[0]), "TB/s")
    report("c=(a*2+b)*a-1;c[0]_2^28", 3 * gb / wall(lambda: ((a * 2 + b) * a - 1)[0]), "TB/s")
    report("((a-b)**2).sum()_2^28", 2 * gb / wall(lambda: float(((a - b) ** 2).sum())), "TB/s")
    report("(a+b).sum()_2^28", 2 * gb / wall(lambda: float((a + b).sum())), "TB/s")
    report("r=a/a.sum();r[0]_2^28", 2 * gb / wall(lambda: (a / a.sum())[0]), "TB/s")
    report("where(a>b,a,0).sum()_2^28", 2 * gb / wall(lambda: float(xp.where(a > b, a, 0).sum())),
           "TB/s")
    a = b = None

    x = rand(M, M)
    mb = M * M * 4 / 1e12
    kd = {"keepdim": True} if lib == "torch" else {"keepdims": True}
    ax = {"dim": 1} if lib == "torch" else {"axis": 1}

    def softmax():
        mx = x.max(**ax, **kd)
        mx = mx.values if lib == "torch" else mx
        e = xp.exp(x - mx)
        return (e / e.sum(**ax, **kd))[0, 0]

    report("softmax_rows_array_ops_%d" % M, 2 * mb / wall(softmax), "TB/s")

    def layer_norm():
        mu = x.mean(**ax, **kd)
        var = ((x - mu) ** 2).mean(**ax, **kd)
        return ((x - mu) / xp.sqrt(var + 1e-5))[0, 0]

    report("layer_norm_rows_array_ops_%d" % M, 2 * mb / wall(layer_norm), "TB/s")
    if lib == "torch":
        import torch.nn.functional as F

        report("torch.softmax_%d" % M, 2 * mb / wall(lambda: xp.softmax(x, dim=1)[0, 0]), "TB/s")
        report("F.layer_norm_%d" % M, 2 * mb / wall(lambda: F.layer_norm(x, (M,))[0, 0]), "TB/s")
    x = None

    k = 200 if SMALL else 2000
    t = xp.zeros(16, dtype=f32, **dev_kw)

    def inc():
        t[...] = t + 1

    report("t[...]=t+1_16_elements", wall(inc, inner=k) * 1e6, "us")
    u = xp.arange(16, dtype=f32, **dev_kw)
    v = xp.ones(16, dtype=f32, **dev_kw)
    acc = [None]

    def small_sum():
        acc[0] = (u * v + 1).sum()

    report("(u*v+1).sum()_16_elements_loop", wall(small_sum, inner=k) * 1e6, "us")

    t0 = time.perf_counter()
    for i in range(BIG_ROUNDS):
        z = xp.ones(BIG, dtype=f32, **dev_kw)
        z[0] = i
        float(z[0])
        z = None
    sync()
    report("%dx(ones(%d),z[0]=i,drop)" % (BIG_ROUNDS, BIG), time.perf_counter() - t0, "s")

    flop = 2.0 * M * M * M
    bf = xp.bfloat16 if lib == "torch" else xp.float16
    def half(m):
        return m.to(bf) if lib == "torch" else m.astype(bf)

    xb, yb = half(rand(M, M)), half(rand(M, M))
    name = "bf16" if lib == "torch" else "fp16"
    report("x@y_%s_%d_fresh_result" % (name, M), flop / wall(lambda: xb @ yb, inner=10) / 1e12,
           "TFLOP/s")


def main():
    try:
        import torch

        if torch.cuda.is_available():
            run("torch", torch, torch.cuda.synchronize, {"device": "cuda"})
        else:
            print("SKIP torch: no CUDA device")
    except ImportError:
        print("SKIP torch: not installed")
    try:
        import cupy

        run("cupy", cupy, cupy.cuda.Device().synchronize, {})
    except ImportError:
        print("SKIP cupy: not installed")


if __name__ == "__main__":
    main()
