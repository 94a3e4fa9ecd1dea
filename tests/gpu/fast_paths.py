import numpy as np
# contiguous and scalar operands take typed loops; strided ones the generic path: both agree
dts = [np.bool_, np.int8, np.uint8, np.int16, np.int32, np.uint32, np.int64, np.float32,
       np.float64]
base = np.array([0, 1, 2, 3, 250, 7, 0, 5])
for dt in dts:
    x = base.astype(dt)
    y = x[::-1].copy()
    s = x[::2]
    print(dt.__name__ if hasattr(dt, "__name__") else dt)
    print(x < y, x <= 3, 2 >= x, x == y, x != s[0], s > s[::-1])
    for t in dts:
        print(" ", x.astype(t), s.astype(t))
    if dt is not np.bool_:
        print(x + y, x - 1, 3 * x, x * y, x / 2, s + s, np.maximum(x, 3), np.minimum(y, x))
        print(np.sqrt(np.abs(x)), np.floor(x / 3), -x, abs(x - 4))
    print(np.where(x > 2, x, y), np.where(x > 2, 1, x), np.where(x > 2, x, 0.5))
    print(x[x > 2], s[s > 2])
    w = x.copy()
    w[w > 2] = 1
    print(w)
i = np.arange(10)
m = i % 3 == 0
i += m
print(i)
i -= m
i *= 2
print(i)
f = np.arange(10) * 0.5
f += m
print(f, f > i, i < f, f == 2)
o = np.arange(8.0)
o[1:] += o[:-1]
print(o)
g = np.array([1.0, np.nan, -np.inf, 0.0, -2.5, 2.5, 3.5], dtype=np.float32)
print(np.isnan(g), np.isinf(g), np.isfinite(g), np.logical_not(g), np.rint(g), np.sqrt(np.abs(g)))
print(np.maximum(g, 0), np.minimum(g, 0), g.astype(bool), g.astype(np.float64))
h = g.astype(np.float64)
print(np.isnan(h), np.maximum(h, 0), np.minimum(0, h), np.abs(h), h.astype(np.float32))
big = np.array([2**62, -2**62, 2**63 - 1], dtype=np.int64)
print(big + big, big * 3, -big, abs(big), big.astype(np.int32), big.astype(np.float32))
u = np.array([1, 2, 3], dtype=np.uint32)
print(u - 5, u * u, u < 2, u.astype(np.int8), np.where(u > 1, u, 7))
print(np.sqrt(np.arange(5)), np.sqrt(np.arange(5, dtype=np.int16)))
print(np.exp(np.arange(3, dtype=np.int8)))
bb = np.array([True, False, True])
print(~bb, np.logical_not(bb), bb == True, bb < 1, bb.astype(np.int64) + 1)
