# Reductions of unevaluated elementwise expressions: on the CUDA backend the expression is
# computed inside the reduction kernel and never stored (gpu_reduce_fused); the results
# must be NumPy's. Values are small multiples of 1/4 so that every sum is exact in any order.
import numpy as np

for dt in (np.float32, np.float64, np.float16, np.int32, np.int64, np.uint8, np.int8):
    a = (np.arange(37) % 7).astype(dt)
    b = (np.arange(37) % 3).astype(dt)
    print(dt.__name__, ((a - b) * (a - b)).sum(), (a + b).sum(), (a * b).max(), (a - b).min())
    print(" ", (a + b).argmax(), (a - b).argmin(), (a * b).prod(), (a + b).mean())
    print(" ", (a > b).any(), (a >= b).all(), (a + b > 0).all(), (a * 0 != 0).any())

x = ((np.arange(5 * 16) % 9) * 0.25).astype(np.float32).reshape(5, 16)
y = ((np.arange(16) % 4) * 0.5).astype(np.float32)
for ax in (0, 1, -1, None):
    print("axis", ax, (x * 2 + y).sum(axis=ax), (x - y).max(axis=ax))
    print("  keep", (x + 1).sum(axis=ax, keepdims=True).shape, (x * y).mean(axis=ax))
    print("  arg", (x - y).argmax(axis=ax), (x + y).argmin(axis=ax))
    print("  bool", (x > y).any(axis=ax), (x > y).all(axis=ax), (x > y).sum(axis=ax))

# a broadcast input along the reduced axis and across it
m = x.max(axis=1, keepdims=True)
e = x - m
print(e.sum(axis=1), e.sum(axis=0), e.sum(), (x - x.mean(axis=0)).sum(axis=0))
# the expression stays usable after it was reduced (a softmax shape)
s = e / (e * e + 1).sum(axis=1, keepdims=True)
print(s[2], s.shape)
# layer norm with array ops, var and std
mu = x.mean(axis=1, keepdims=True)
var = ((x - mu) ** 2).mean(axis=1, keepdims=True)
print(var.ravel(), ((x - mu) / np.sqrt(var + 1.0))[1])
print((x[:4] * 2).var(), (x[:4] + y).std(axis=0), (x - 1).var(axis=1, ddof=1))

# 3-D, reduced over the middle axis and the last, with a transposed operand
t = ((np.arange(2 * 3 * 4) % 5) - 2).astype(np.int64).reshape(2, 3, 4)
u = t.transpose(0, 2, 1)  # (2, 4, 3)
print((t * 3 - 1).sum(axis=1), (u + 1).sum(axis=2), (u * u).max(axis=1), (t + t).sum())
# writing an input after the reduction, before the expression is used again
z = np.ones(8, dtype=np.float32)
w = z * 3
print(w.sum())
z[...] = 5
print(w.sum(), w[0], (z * 2).sum())
# views of an expression, and odd sizes past a vector width
v = (np.arange(1001, dtype=np.float64) * 0.5 + 1)
print(v[::3].sum(), v[1:].max(), (v + 0).reshape(7, 143).sum(axis=0)[:3], (v - 1).sum())
h = (np.arange(1003) % 11).astype(np.float16)
print((h * 2).sum(dtype=np.float32), (h + h).max(), (h - 5).argmin())
# long rows (the rows path of the fused kernel on CUDA): row- and column-broadcast operands
# and a transposed one
q = ((np.arange(4 * 600) % 7) * 0.25).astype(np.float32).reshape(4, 600)
qt = ((np.arange(600 * 4) % 5) * 0.5).reshape(600, 4).T  # float64, strided
c = q - q.max(axis=1, keepdims=True) + q[1]
print(c[:, 595:], c.sum(axis=1), (c * qt)[:, :5], (c * qt).sum(axis=1), (c * qt)[3, 598:])
