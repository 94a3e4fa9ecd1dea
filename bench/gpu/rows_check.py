# rows_check.py: the row programs (gpu/kernels/kernels_rows.c) on the device: softmax and
# layer norm written with array ops over 8192 x 8192 float32 (and float16, bfloat16, float64
# at 4096 x 4096 / 2048 x 8192), timed by wall clock around gpu.synchronize() (median of 7),
# the kernels each ran (gpu.profile: one kr_rows a call is the design), and checked against
# a float64 reference computed on the host from a few rows. Prints CHECK lines and
# "ALL CHECKS OK" or "FAILED: ..." last.
#   KRAIT_DEVICE=cuda build/krait bench/gpu/rows_check.py
import math
import sys

import numpy as np

import _wall

SMALL = "--small" in sys.argv
failures = []


def check(name, ok):
    print("CHECK", name, "ok" if ok else "FAIL", flush=True)
    if not ok:
        failures.append(name)


def softmax(x):
    e = np.exp(x - x.max(axis=1, keepdims=True))
    return e / e.sum(axis=1, keepdims=True)


def layer_norm(x):
    mu = x.mean(axis=1, keepdims=True)
    var = ((x - mu) ** 2).mean(axis=1, keepdims=True)
    return (x - mu) / np.sqrt(var + 1e-5)


def ref_softmax(row):
    m = max(row)
    e = [math.exp(v - m) for v in row]
    s = sum(e)
    return [v / s for v in e]


def ref_layer_norm(row):
    mu = sum(row) / len(row)
    var = sum((v - mu) ** 2 for v in row) / len(row)
    return [(v - mu) / math.sqrt(var + 1e-5) for v in row]


def kernels(fn):
    try:
        import gpu
    except ImportError:
        return []
    fn()
    np.synchronize()
    with gpu.profile(print=False) as prof:
        fn()
        np.synchronize()
    return [(r.name, r.ms) for r in prof.records if r.kind in ("kernel", "copy DtoD")]


CASES = [(np.float32, 8192, 8192, 1e-5), (np.float16, 4096, 4096, 4e-3),
         (np.bfloat16, 4096, 4096, 3e-2), (np.float64, 2048, 8192, 1e-12),
         (np.float32, 1000, 3000, 1e-5), (np.float32, 64, 40000, 1e-5)]
if SMALL:
    CASES = [(dt, 64, c // 64 + 3, tol) for dt, r, c, tol in CASES]
for dt, R, C, tol in CASES:
    x = (np.random.rand(R, C) * 4 - 2).astype(dt)
    mb = R * C * np.dtype(dt).itemsize / 1e12
    rows = [0, R // 2, R - 1]
    xr = [x[i].astype(np.float64).tolist() for i in rows]
    for name, fn, ref in (("softmax", softmax, ref_softmax), ("layer_norm", layer_norm,
                                                               ref_layer_norm)):
        label = "%s_%s_%dx%d" % (name, np.dtype(dt).name, R, C)

        def call():
            y = fn(x)
            return y[0, 0]

        t = _wall.wall(call, np.synchronize, 7)
        ks = kernels(call)
        print("PATTERN %s %.3f TB/s (%d kernels: %s)" % (
            label, 2 * mb / t, len(ks), ", ".join("%s %.3f ms" % k for k in ks)), flush=True)
        y = fn(x)
        err = 0.0
        for i, row in zip(rows, xr):
            got = y[i].astype(np.float64).tolist()
            want = ref(row)
            err = max(err, max(abs(g - w) / (abs(w) + 1e-3) for g, w in zip(got, want)))
        check("%s relative error %.2g <= %.2g" % (label, err, tol * 50), err <= tol * 50)
        # one kr_rows a call on a GPU (rows past 32768 and the mock: stage by stage)
        check("%s one kernel" % label, SMALL or not ks or len(ks) == 1 or C > 32768)
print("FAILED:" if failures else "ALL CHECKS OK", " ".join(failures))
