# Scalar reads and writes move one element, in-place updates stay on the device: on the CUDA
# backend (gpu.memory_info() counts the bytes copied each way) z[0] = i, c[0], t[...] = t + 1
# and a[2:5] = 7 must not copy the array. Under NumPy and on the CPU backend the counters are
# absent and the checks print True; the values printed are compared with NumPy's.
import numpy as np

info = getattr(np, "memory_info", None)


def moved():
    d = info() if info else {}
    return d.get("to_host", 0) + d.get("to_device", 0)


n = 1 << 16
for dt in ["float32", "int32", "uint8", "float16", "int64", "bool", "float64"]:
    z = np.ones(n, dtype=dt)
    z2 = z * 2
    before = moved()
    for i in range(5):
        z[i] = i % 2
        z2[n - 1 - i] = 1
    c = z[3], z2[n - 1], z2[0], z[-1]
    after = moved()
    print(dt, [str(x) for x in c], after - before <= 64)
    print(z[:6].tolist(), z2[-3:].tolist())

t = np.arange(16, dtype=np.float32)
t2 = t * 1
before = moved()
for _ in range(3):
    t[...] = t + 1
t2[2:5] = 7
t2[::3] = t2[::3] * 10
print(moved() - before == 0)
print(t.tolist())
print(t2.tolist())

# a host-current array keeps a valid mirror after a one-element write
h = np.array([1.5, 2.5, 3.5], dtype=np.float32)
h[1] = -1
print(h.tolist(), h.sum())
# writes that do not fit the device path: float into int, broadcast errors, overlap
m = np.arange(10, dtype=np.int32) + 0
m[1:4] = np.array([1.9, 2.9, 3.9])
m[1:] = m[:-1]
print(m.tolist())
try:
    m[0:3] = np.arange(4)
except ValueError as e:
    print("ValueError", e)
try:
    u = np.zeros(4, dtype=np.uint8) + 0
    u[0] = 300
except OverflowError as e:
    print("OverflowError", e)

# full reductions give a scalar whose value stays on the device until the host reads it:
# a / a.sum() and r.max() move nothing; print, float(), bool(), comparisons fetch one element
a = np.arange(1000, dtype=np.float32) * 0.5
before = moved()
s = a.sum()
r = a / s
m = r.max()
w = (a * s).argmax()
print(moved() - before == 0)
print(type(s).__name__, s, float(m) * 249750, bool(s), s > 10, 10 < s, w, type(w).__name__)
print(moved() - before <= 64)
for dt in ["uint8", "int16", "int32", "float16", "bool", "uint32"]:
    v = (np.arange(7) % 3).astype(dt)
    t = v.sum()
    print(dt, type(t).__name__, t, v.max(), type(v.max()).__name__, v.mean(), t + 1, t * v[1:3])
x = np.arange(12, dtype=np.float32).reshape(3, 4)
print(x.var(), x.std(), type(x.std()).__name__, x.sum() / x.size == x.mean())
print((x - x.mean()).tolist(), np.float32(2) * x.sum(), x.sum() ** 2, -x.sum(), abs(-x.max()))
