# sort_scan_torch.py: bench/gpu/sort_scan.py's patterns in PyTorch eager (and CuPy when it is
# installed), written and timed the same way (bench/gpu/_wall.py), for the same device call:
#   python3 bench/gpu/sort_scan_torch.py [--small]
# Each line: PATTERN torch|cupy name value ms.
import sys

import _wall

SMALL = "--small" in sys.argv
SIZES = (1 << 12, 1 << 14) if SMALL else (1 << 24, 1 << 26)
REPS = 3 if SMALL else 7


def run(lib, xp, sync, dev_kw):
    def wall_ms(fn):
        return _wall.wall(fn, sync, REPS) * 1e3

    def report(name, ms):
        print("PATTERN", lib, name, round(ms, 3), "ms", flush=True)

    torch = lib == "torch"
    for n in SIZES:
        e = n.bit_length() - 1
        if torch:
            a = xp.rand(n, **dev_kw)
            k = (xp.rand(n, dtype=xp.float64, **dev_kw) * 2.0**40).to(xp.int64) - (1 << 39)
            u = (xp.rand(n, **dev_kw) * 65536).to(xp.int32)
            idx = (xp.rand(n, dtype=xp.float64, **dev_kw) * n).to(xp.int64)
            srt = lambda x: xp.sort(x)[0]
            asrt = lambda x: xp.argsort(x, stable=True)
            nonz = lambda m: xp.nonzero(m, as_tuple=True)
            rows = lambda r: xp.sort(r, dim=-1)[0]
        else:
            a = xp.random.rand(n, dtype=xp.float32)
            k = (xp.random.rand(n) * 2.0**40).astype(xp.int64) - (1 << 39)
            u = (xp.random.rand(n) * 65536).astype(xp.int32)
            idx = (xp.random.rand(n) * n).astype(xp.int64)
            srt = xp.sort
            asrt = lambda x: xp.argsort(x)
            nonz = xp.nonzero
            rows = lambda r: xp.sort(r, axis=-1)
        m = a > 0.5
        report("sort_f32_2^%d" % e, wall_ms(lambda: srt(a)))
        report("argsort_f32_2^%d" % e, wall_ms(lambda: asrt(a)))
        report("sort_i64_2^%d" % e, wall_ms(lambda: srt(k)))
        report("unique_i32_65536_values_2^%d" % e, wall_ms(lambda: xp.unique(u)))
        report("cumsum_f32_2^%d" % e, wall_ms(lambda: xp.cumsum(a, 0) if torch else xp.cumsum(a)))
        report("nonzero_2^%d" % e, wall_ms(lambda: nonz(m)))
        report("a[a>0.5]_2^%d" % e, wall_ms(lambda: a[a > 0.5]))
        report("a[idx]_2^%d" % e, wall_ms(lambda: a[idx]))
        r = a.reshape(-1, 4096)
        report("sort_rows_f32_x4096_2^%d" % e, wall_ms(lambda: rows(r)))
        a = k = u = idx = m = r = None


try:
    import torch

    dev = "cuda" if torch.cuda.is_available() else "cpu"
    run("torch", torch, torch.cuda.synchronize if dev == "cuda" else (lambda: None),
        {"device": dev})
except ImportError:
    print("no torch")
try:
    import cupy

    run("cupy", cupy, cupy.cuda.runtime.deviceSynchronize, {})
except ImportError:
    print("no cupy")
