# patterns.py: the CPU-backend benchmark's workloads, one script that runs under krait
# (KRAIT_DEVICE=cpu) and under CPython with NumPy alike; bench/cpu/numpy_peers.py runs it
# both ways and prints the table. Prints one "name<TAB>median seconds" line per pattern
# (median of REPS runs after one warm-up).
import sys
import time

import numpy as np

REPS = int(sys.argv[1]) if len(sys.argv) > 1 else 7


def bench(name, f):
    f()
    ts = []
    for _ in range(REPS):
        t0 = time.perf_counter()
        f()
        ts.append(time.perf_counter() - t0)
    ts.sort()
    print(f"{name}\t{ts[len(ts) // 2]:.6g}")
    sys.stdout.flush()


def data(n, seed):
    # the same values under both: a fixed affine sequence, shuffled by a multiplicative step
    i = np.arange(n, dtype=np.int64)
    return ((i * 2654435761 + seed) % 1000003).astype(np.float64) / 1000003.0


a500 = data(250000, 1).reshape(500, 500)
b500 = data(250000, 2).reshape(500, 500)
a500f = a500.astype(np.float32)
b500f = b500.astype(np.float32)
x4 = data(1 << 22, 3)
y4 = data(1 << 22, 4)
m2k = data(2000 * 2000, 5).reshape(2000, 2000)
ints = (np.arange(1 << 20, dtype=np.int64) * 2654435761 + 12345) % 1000000007 - 500000000
flts = data(1 << 20, 6) - 0.5

bench("matmul 500x500 float64", lambda: a500 @ b500)
bench("matmul 500x500 float32", lambda: a500f @ b500f)
bench("a + b, 4M float64", lambda: x4 + y4)
bench("a * 2 + b, 4M float64", lambda: x4 * 2.0 + y4)
bench("sum, 4M float64", lambda: x4.sum())
bench("mean over rows (axis=1), 2000x2000", lambda: m2k.mean(axis=1))
bench("mean over columns (axis=0), 2000x2000", lambda: m2k.mean(axis=0))
bench("sum axis=1, 2000x2000", lambda: m2k.sum(axis=1))
bench("max axis=0, 2000x2000", lambda: m2k.max(axis=0))
bench("sort 1M int64", lambda: np.sort(ints))
bench("sort 1M float64", lambda: np.sort(flts))
bench("argsort 1M int64 (stable)", lambda: np.argsort(ints, kind="stable"))
bench("argsort 1M float64", lambda: np.argsort(flts))
