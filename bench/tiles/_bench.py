# _bench.py: what the bench/tiles scripts share: timing with CUDA events after a warm-up
# (the median of 5 runs of `reps` launches), the result lines run.sh collects into the table,
# and the correctness check each kernel passes before its figure counts.
#   ROW <kernel> <value> <unit> <ok|FAIL> <note>
import statistics

import gpu

SMS = 132  # the H200's multiprocessors: the grid of the persistent kernels
failures = []


def timed_s(fn, reps=10):
    fn()
    gpu.synchronize()
    runs = []
    for _ in range(5):
        start = gpu.Event()
        end = gpu.Event()
        start.record()
        for _ in range(reps):
            fn()
        end.record()
        end.synchronize()
        runs.append(start.elapsed_time(end) / 1e3 / reps)
    return statistics.median(runs)


def row(name, value, unit, ok, note=""):
    if not ok:
        failures.append(name)
    print("ROW", name, round(value, 3), unit, "ok" if ok else "FAIL", note)


def close(x, want, atol, rtol):
    return bool(gpu.allclose(x.astype(gpu.float32), want.astype(gpu.float32), atol=atol,
                             rtol=rtol))


def finish():
    if failures:
        print("FAILED:", " ".join(failures))
        raise SystemExit(1)


def layernorm_case(m, n, dt):
    """LayerNorm's inputs, outputs and float32 reference (layernorm.py, quick.py):
    (x, w, b, y, mean, rstd, want, mu)."""
    x = ((((gpu.arange(m * n) * 7919) % 2001) / 400.0 - 2.5).reshape(m, n)).astype(dt)
    w = (1.0 + (gpu.arange(n) % 7) / 8.0).astype(dt)
    b = ((gpu.arange(n) % 5) / 4.0).astype(dt)
    y = gpu.empty((m, n), dtype=dt)
    mean = gpu.empty(m, dtype=gpu.float32)
    rstd = gpu.empty(m, dtype=gpu.float32)
    xf = x.astype(gpu.float32)
    mu = xf.mean(axis=1, keepdims=True)
    var = ((xf - mu) ** 2).mean(axis=1, keepdims=True)
    want = (xf - mu) / gpu.sqrt(var + 1e-5) * w.astype(gpu.float32) + b.astype(gpu.float32)
    return x, w, b, y, mean, rstd, want, mu
