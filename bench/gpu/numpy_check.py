# numpy_check.py: issue 9's checks on the device. (1) np.float64 full reductions stay on
# the device: a / a.sum(), x - x.mean(), s / n move no bytes (gpu.memory_info) and do not
# wait (the wall time of 200 queued `x - x.mean()` steps is far below 200 waits); (2) the
# reductions' own floating-point warnings on the GPU (multi-block sums: overflow in one
# thread's share, inf - inf far apart, float32/float16, axis 0, errstate raise); (3) the cost
# of the checked reduction kernel: sum of 2^26 float64 / 2^27 float32 with the default
# np.seterr against np.errstate(all='ignore') (no checks), best of 7. Prints CHECK lines
# and "ALL CHECKS OK" or "FAILED: ..." last.   KRAIT_DEVICE=cuda build/krait numpy_check.py
import sys
import time
import warnings

import numpy as np

SMALL = "--small" in sys.argv  # the mock: small sizes, no timing checks
failures = []


def check(name, ok, extra=""):
    print("CHECK", name, "ok" if ok else "FAIL", extra, flush=True)
    if not ok:
        failures.append(name)


def moved():
    d = np.memory_info()
    return d.get("to_host", 0) + d.get("to_device", 0)


def caught(fn):
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")
        try:
            r = repr(fn())
        except FloatingPointError as e:
            r = "FloatingPointError: %s" % e
    return r, [str(x.message) for x in w]


# (1) float64 scalars on the device
n = 1 << (12 if SMALL else 22)
a = np.arange(n, dtype=np.float64) * 0.5
x = np.arange(n, dtype=np.float64).reshape(-1, 64) - 3.0
np.synchronize()
b = moved()
s = a.sum()
r = a / s
c = x - x.mean()
m = s / a.size + x.max()
w = (a * s).argmax()
check("f64 scalars move nothing", moved() - b == 0, moved() - b)
want = 0.25 * n * (n - 1)
check("f64 sum value", float(s) == want, (float(s), want))
check("f64 derived values", abs(float(r.sum()) - 1.0) < 1e-9 and int(w) == n - 1
      and float(m) == want / n + float(n - 1 - 3.0) and abs(float(c.mean())) < 1e-6)
if not SMALL:
    y = np.ones(1 << 20)
    np.synchronize()
    t0 = time.perf_counter()
    for _ in range(200):
        y = y - y.mean()
    t_queue = time.perf_counter() - t0
    np.synchronize()
    t0 = time.perf_counter()
    for _ in range(200):
        y = y - float(y.mean())
    t_wait = time.perf_counter() - t0
    check("x - x.mean() does not wait", t_queue < 0.7 * t_wait,
          "queued %.1f ms, waiting %.1f ms" % (t_queue * 1e3, t_wait * 1e3))

# (2) the reductions' own warnings
k = 1 << (14 if SMALL else 24)
big = np.full(k, 1e305)
check("overflow many blocks", caught(lambda: big.sum())[1] == ["overflow encountered in reduce"])
fine = np.full(k, 1e290)
check("no overflow many blocks", caught(lambda: fine.sum())[1] == [])
z = np.zeros(k)
z[5] = np.inf
z[k - 3] = -np.inf
check("inf - inf far apart", caught(lambda: z.sum()) == ("np.float64(nan)",
                                                          ["invalid value encountered in reduce"]))
z2 = np.zeros(k)
z2[5] = np.inf
check("inf alone", caught(lambda: z2.sum()) == ("np.float64(inf)", []))
f32 = np.full(k, 1e35, dtype=np.float32)
check("float32 overflow", caught(lambda: f32.sum())[1] == ["overflow encountered in reduce"])
f16 = np.full(4096, 60.0, dtype=np.float16)
check("float16 result overflow", caught(lambda: f16.sum())[1] == ["overflow encountered in reduce"])
cols = np.full((64, 4096), 1e307)
check("axis 0 overflow", caught(lambda: cols.sum(axis=0)[:2])[1] == ["overflow encountered in reduce"])
check("prod invalid", caught(lambda: np.array([0.0, np.inf] * 1000).prod())[1]
      == ["invalid value encountered in reduce"])
with np.errstate(over="raise"):
    check("errstate raise", caught(lambda: big.sum())[0].startswith("FloatingPointError"))
with np.errstate(all="ignore"):
    check("errstate ignore", caught(lambda: big.sum())[1] == [])

# (3) the checks' cost
if not SMALL:
    def best(fn, reps=7):
        fn()
        np.synchronize()
        t = 1e9
        for _ in range(reps):
            t0 = time.perf_counter()
            fn()
            np.synchronize()
            t = min(t, time.perf_counter() - t0)
        return t

    for dt, count in ((np.float64, 1 << 26), (np.float32, 1 << 27)):
        v = np.ones(count, dtype=dt)
        checked = best(lambda: v.sum())
        with np.errstate(all="ignore"):
            plain = best(lambda: v.sum())
        gb = count * np.dtype(dt).itemsize / 1e9
        check("checked sum %s within 15%%" % np.dtype(dt).name, checked < plain * 1.15,
              "checked %.2f TB/s, unchecked %.2f TB/s" % (gb / checked / 1e3, gb / plain / 1e3))
        del v

print("ALL CHECKS OK" if not failures else "FAILED: " + ", ".join(failures))
sys.exit(1 if failures else 0)
