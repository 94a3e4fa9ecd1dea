# sort_scan.py: issue 14's sort, scan and compaction rows as a NumPy user writes them, timed
# like bench/gpu/user_patterns.py (wall clock around np.synchronize(), median of REPS runs
# after a warm-up), at 2^24 and 2^26 float32 elements (int64 keys where said). Its peer,
# sort_scan_torch.py, runs the same patterns in PyTorch (and CuPy when installed) in the same
# device call; bench/gpu/device/issue14.sh runs both and bench/gpu/issue14_table.py puts the
# rows beside each other. Each line: PATTERN name value ms, then CHECK name ok|FAIL
# (self-checks on the device). `--small` for a quick run on the mock device or the CPU.
#   KRAIT_DEVICE=cuda build/krait bench/gpu/sort_scan.py
import sys

import numpy as np

import _wall

SMALL = "--small" in sys.argv
SIZES = (1 << 12, 1 << 14) if SMALL else (1 << 24, 1 << 26)
REPS = 3 if SMALL else 7
failures = []


def wall_ms(fn):
    return _wall.wall(fn, np.synchronize, REPS) * 1e3


def report(name, ms):
    print("PATTERN", name, round(ms, 3), "ms", flush=True)


def check(name, ok):
    print("CHECK", name, "ok" if ok else "FAIL", flush=True)
    if not ok:
        failures.append(name)


print("backend:", np.backend())
for n in SIZES:
    e = n.bit_length() - 1
    a = np.random.rand(n).astype(np.float32)
    k = (np.random.rand(n) * 2.0**40).astype(np.int64) - (1 << 39)
    u = (np.random.rand(n) * 65536).astype(np.int32)
    idx = (np.random.rand(n) * n).astype(np.int64)
    m = a > 0.5
    report("sort_f32_2^%d" % e, wall_ms(lambda: np.sort(a)))
    report("argsort_f32_2^%d" % e, wall_ms(lambda: np.argsort(a, kind="stable")))
    report("sort_i64_2^%d" % e, wall_ms(lambda: np.sort(k)))
    report("unique_i32_65536_values_2^%d" % e, wall_ms(lambda: np.unique(u)))
    report("cumsum_f32_2^%d" % e, wall_ms(lambda: np.cumsum(a)))
    report("nonzero_2^%d" % e, wall_ms(lambda: np.nonzero(m)))
    report("a[a>0.5]_2^%d" % e, wall_ms(lambda: a[a > 0.5]))
    report("a[idx]_2^%d" % e, wall_ms(lambda: a[idx]))
    r = a.reshape(-1, 4096)
    report("sort_rows_f32_x4096_2^%d" % e, wall_ms(lambda: np.sort(r, axis=-1)))
    # self-checks on the device (only booleans and counts come back)
    s = np.sort(a)
    check("sort_2^%d" % e, bool((s[1:] >= s[:-1]).all()))
    i = np.argsort(a, kind="stable")
    check("argsort_2^%d" % e, bool((a[i] == s).all()))
    sk = np.sort(k)
    check("sort_i64_2^%d" % e, bool((sk[1:] >= sk[:-1]).all()) and int(sk.sum()) == int(k.sum()))
    un = np.unique(u)
    check("unique_2^%d" % e, bool((un[1:] > un[:-1]).all()) and un.size <= min(n, 65536) and
          bool(np.isin(u[:: n // 64], un).all()))
    c = np.cumsum(a)
    tot = float(a.astype(np.float64).sum())
    check("cumsum_2^%d" % e, abs(float(c[-1]) - tot) <= 1e-3 * tot)
    nz = np.nonzero(m)[0]
    cnt = int(m.sum())
    check("nonzero_2^%d" % e, nz.size == cnt and bool((a[nz] > 0.5).all()))
    g = a[m]
    check("mask_2^%d" % e, g.size == cnt and bool((g == a[nz]).all()))
    t = a[idx]
    js = idx[:64].tolist()
    check("take_2^%d" % e, t[:64].tolist() == [float(a[j]) for j in js])
    sr = np.sort(r, axis=-1)
    check("sort_rows_2^%d" % e, bool((sr[:, 1:] >= sr[:, :-1]).all()))
    a = k = u = idx = m = r = s = i = sk = un = c = nz = g = t = sr = None
print("sort_scan failures:", len(failures))
sys.exit(1 if failures else 0)
