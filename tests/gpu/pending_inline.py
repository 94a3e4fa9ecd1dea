import numpy as np
# Regression tests for wrong numbers on CUDA (issue 9), also run on the mock device:
# a pending (lazy) operand whose inputs broadcast, inlined into a new graph
x = np.arange(24.).reshape(2, 3, 4)
y = np.arange(4.)
z = np.arange(3.).reshape(3, 1)
print((x - y * z)[1])
w = y * z
print(x - w)
print(w - x * 2, (x + 1) * (y - z))
p = (y + 1) * (z - 1)
q = p * x
print(q, p.sum(), (p + w).max(axis=0))
a = np.arange(6).reshape(2, 3)
b = np.arange(3)
c = np.arange(2).reshape(2, 1)
t = b * c + a
print(t, (t - b) * (a + c), np.maximum(b + c, a - 1))
# unaligned contiguous views take the scalar path of the vector kernel
for dt in ["int8", "int16", "int32", "int64", "uint8", "uint32", "float16", "float32", "float64"]:
    v = np.arange(11).astype(dt)
    print(dt, v[1:] + v[:-1], v[3:] * 2, -v[1:], v[1:].astype(np.float64))
# in-place writes whose input overlaps the target read a copy, as NumPy does
o = np.arange(8.0)
o[1:] += o[:-1]
print(o)
o = np.arange(8.0)
o[:-1] += o[1:]
print(o)
o = np.arange(8)
o[2:] = o[2:] * 1 + o[:-2]
print(o)
o = np.arange(8.0)
np.add(o[:-1], 1, o[1:])
print(o)
o = np.arange(8.0)
np.negative(o[:-2], o[2:])
print(o)
m = np.arange(12.0).reshape(3, 4)
m += m[0]
print(m)
m = np.arange(12.0).reshape(3, 4)
m -= m[:, 1:2]
print(m)
r = np.arange(7.0)
r += r[::-1]
print(r)
r = np.arange(6.0).reshape(2, 3)
r += r.T[:2, :2].sum() * r
print(r)
# a ufunc's out must take the input's broadcast shape
for a, o in [(np.arange(4), np.zeros(3)), (np.arange(3.), np.zeros((2, 3))),
             (np.arange(6.).reshape(2, 3), np.zeros(3)), (np.arange(3.), np.zeros((2, 1)))]:
    try:
        r = np.negative(a, o)
        print(r, o)
    except ValueError as e:
        print(e)
# float16 intermediates of a fused expression are rounded to float16 after every operation
np.seterr(over="ignore")
h = np.array([100.0, 3.0, -7.25, 2049.0, 0.1], dtype=np.float16)
u = np.array([5, 3, 251, 7, 9], dtype=np.uint8)
print((u * h) % np.array([7, 5, 3, 11, 2]), (h * 3 + 0.5).astype(np.float64))
print((h * h - 1).astype(np.float32), np.where(h > 0, h * 1.1, h))
# a binary ufunc's inputs broadcast up to out's shape
for a, o in [(np.ones(3), np.zeros(1)), (np.ones(3), np.zeros(4)), (np.ones((1, 7)), np.zeros((7, 7))),
             (np.ones((2, 1)), np.zeros((3,))), (np.arange(3.), np.zeros((2, 3)))]:
    try:
        np.add(a, 1, out=o)
        print(o.tolist())
    except ValueError as e:
        print(e)
    try:
        np.add(a, np.ones(1), out=o)
        print(o.shape)
    except ValueError as e:
        print(e)
t = np.arange(14.).reshape(7, 2)
np.subtract(np.arange(2.), 1, out=t[::-2])
print(t)
# out= of another dtype: computed in the loop's dtype (wrapping there), then cast
a = np.array([True, True, False]); b = np.array([True, False, False])
o = np.zeros(3, dtype=np.int16)
np.add(a, b, out=o); print(o)
o = np.zeros(6, dtype=np.int16)
np.add(a, b, out=o[::2]); print(o)
np.multiply(a, b, out=o[::2]); print(o)
o = np.zeros(3, dtype=np.float32)
np.add(a, b, out=o); print(o)
x = np.array([200, 100], dtype=np.uint8)
o = np.zeros(2, dtype=np.int32)
np.add(x, x, out=o); print(o)
np.add(x[::-1], x, out=o); print(o)
u = np.array([200, 3], dtype=np.uint8)
o = np.zeros(2, dtype=np.int16)
np.negative(u, out=o); print(o)
np.negative(u, o); print(o)
f = np.zeros(2, dtype=np.float64)
np.sqrt(np.array([2., 3.], dtype=np.float16), out=f); print(f)
np.less(u, 100, out=o); print(o)
# int32 min/max accumulate in int (a float accumulator rounds past 2**24)
a = np.array([683797841, -5, 16777217, 2**31 - 1, -2**31], dtype=np.int32)
print(a.max(), a.min(), a.argmax(), a.argmin(), a.reshape(5, 1).max(axis=1), np.stack([a, a]).max(axis=0), np.stack([a, a]).min(axis=1))
