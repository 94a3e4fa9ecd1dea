# Lazy evaluation on the CUDA backend must be invisible: chains of elementwise operations,
# in-place writes to arrays that pending results read, views, reductions of pending
# results, casts, and long chains that exceed the fusion limits.
import numpy as np

a = np.arange(12, dtype=np.float32).reshape(3, 4)
b = np.ones((3, 4), dtype=np.float32)
c = (a * 2 + b) * a - 1
d = a + 1
a += 100          # c and d read a: they keep the old values
print(c)
print(d)
print(a)
b[1] = 5          # e reads b through a fused expression
e = b * 3
b[...] = 0
print(e)
print(b.sum())

x = np.arange(10, dtype=np.int32)
y = x * 3 - 2
z = y % 4
x[0] = 77
print(y.tolist(), z.tolist(), x.tolist())

t = np.arange(6, dtype=np.float64)
for i in range(50):
    t = t * 1.5 + 1
print(t)
print(t.max(), t.argmax(), t.sum(axis=0))

m = np.arange(24).reshape(2, 3, 4)
n = (m * 2).sum(axis=1)
print(n)
print((m > 5).sum(), (m < 3).any(axis=2))
print((m * 1.5).mean(axis=0, keepdims=True))
v = m[:, 1, :] + 1
print(v)
w = m.T * 2
print(w.shape, w[1, 2, 0])

f = np.arange(5, dtype=np.float32)
g = f.astype(np.int64) * 3
h = f.copy()
f *= 2
print(g, h, f)
print(float((f * 2).sum()), int(g.max()))

p = np.linspace(0.0, 1.0, 7)
q = np.sqrt(p) + np.exp(-p) * np.sin(p)
print(np.round(q, 4))
r = np.maximum(p - 0.5, 0) + np.minimum(p, 0.25)
print(r)

s = np.ones(4, dtype=np.float32)
s += 1
s *= s
s -= np.array([1, 2, 3, 4], dtype=np.float32)
print(s, s.dtype)

k = np.arange(9.0).reshape(3, 3)
print(k @ k)
print((k + 1) @ (k.T - 1))
print(np.matmul(k.astype(np.float32), np.eye(3, dtype=np.float32)))
kk = k + 0
print(kk is k, (kk == k).all())
