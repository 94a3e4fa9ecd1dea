# np.float64 full reductions stay on the device until the host needs the value, as the
# other dtypes' do (on the CUDA backend gpu.memory_info() counts the bytes copied; under
# NumPy and on the CPU backend the counters are absent and the checks print True): a / a.sum(),
# x - x.mean(), s / n and s + s move nothing; print, float(), int(), bool(), hashing,
# formatting, comparisons and the math module fetch the one element. The values are
# compared with NumPy's.
import math

import numpy as np

info = getattr(np, "memory_info", None)


def moved():
    d = info() if info else {}
    return d.get("to_host", 0) + d.get("to_device", 0)


a = np.arange(1000.0) * 0.5
x = np.arange(12.0).reshape(3, 4) - 2.5
before = moved()
s = a.sum()
r = a / s
m = r.max()
c = x - x.mean()
v = c.var()
w = (a * s).argmax()
n = s / a.size
t = s + s * 2 - n
u = -abs(x.min())
p = (a.mean() ** 2) / (x.std() + 1)
print(moved() - before == 0)
print(type(s).__name__, type(n).__name__, type(t).__name__, isinstance(s, float))
print(s, float(m), bool(s), s > 10, 10 < s, s == 249750.0, w, type(w).__name__)
print(n, t, u, p, v)
print(repr(s), str(n), f"{s:.3f}", "%g" % t, round(s), int(s), hash(s) == hash(249750.0))
print(math.sqrt(s), math.floor(n), max(s, 3.0), min(u, 0.0), [s], {x.mean(): 1})
print(c.tolist())
print(s.item(), type(s.item()).__name__, s.is_integer(), s.as_integer_ratio(), s.real)
print(s.astype(np.float32), type(s.astype(np.int32)).__name__, s.round(-2), s.dtype)
# used as a Python float; as an index it fails as NumPy's does
print(2.5 * s, s // 7, s % 7, divmod(s, 7.0), s.hex())
try:
    [1, 2][a.sum()]
except TypeError as e:
    print("TypeError")
print(divmod(np.float32(7), 2.0), divmod(7, np.int16(3)), divmod(np.int8(-7), np.int8(2)))
# a value computed on the device and a host scalar together
print(np.float64(2.0) * s, np.float32(2) * a.sum(), np.int64(3) + x.max())
# every float64 full reduction, on data whose sums are exact in any order (NumPy sums
# pairwise, the device by a tree: the last bits of an inexact sum depend on the order)
z = np.linspace(-1, 1, 9)
print(z.sum(), z.prod(), z.min(), z.max(), z.mean(), z.var(), z.std(), np.ptp(z))
print(np.sum(z), np.mean(z), np.max(z), np.median(z), np.dot(z, z), z @ z)
# and on data whose sums round: each within a few ulps of the exactly rounded sum
# (math.fsum), printed as booleans, and still np.float64
y = np.linspace(-1, 1, 7)
ys = y.tolist()
exact_sum = math.fsum(ys)
exact_mean = exact_sum / len(ys)
exact_var = math.fsum([(v - exact_mean) ** 2 for v in ys]) / len(ys)
scale = math.fsum([abs(v) for v in ys]) * 2.0**-50


def near(got, want, tol):
    return type(got).__name__ == "float64" and abs(float(got) - want) <= tol


print(near(y.sum(), exact_sum, scale), near(np.sum(y), exact_sum, scale))
print(near(y.mean(), exact_mean, scale), near(np.mean(y), exact_mean, scale))
print(near(y.var(), exact_var, 1e-15), near(y.std(), math.sqrt(exact_var), 1e-15))
print(near(np.dot(y, y), math.fsum([v * v for v in ys]), 1e-14), near(y @ y, 28 / 9, 1e-14))
print(y.min(), y.max(), np.max(y), np.ptp(y), near(y.prod(), 0.0, 0.0))
print(near(y.sum(), 1.0, scale), near(y.mean(), exact_mean + 1e-9, scale))
print(moved() - before < 4096)
