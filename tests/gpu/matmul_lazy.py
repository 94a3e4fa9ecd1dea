# A 2-D float matmul on CUDA is lazy and fuses into the elementwise epilogue that reads it
# (gpu/backend/cuda/backend_cuda_epilogue.c): every way a user touches such a result must see
# a @ b as it was when written. Expected output from NumPy 2 (tests/gen_expected_gpu.py).
import numpy as np

a = (np.arange(35, dtype=np.float32).reshape(5, 7) % 11) / 4 - 1
b = (np.arange(21, dtype=np.float32).reshape(7, 3) % 5) / 2 - 1
bias = np.array([0.5, -3.0, 1.25], dtype=np.float32)
c = (np.arange(15, dtype=np.float32).reshape(5, 3) % 4) - 1.5

print(np.maximum(a @ b + bias, 0))
print(np.maximum(0, bias + a @ b))
print(a @ b + bias)
print(2 * (a @ b) + 0.5 * c + bias)
print(np.maximum((a @ b) * 0.25 + c, 0))
print(a @ b - bias)  # not an epilogue shape: the matmul, then the subtraction
print(np.maximum(a @ b, 0))

m = a @ b
y = np.maximum(m + bias, 0)
print(y.sum(), m.sum())
m2 = a @ b
a2 = a.copy()
a[...] = 0  # a write to an input computes the pending product first
print(m2)
print(np.maximum(m2 + bias, 0))
a[...] = a2

m3 = a @ b
m3 += 1  # in place on a lazy result
print(m3)
m4 = a @ b
m4[0, 0] = 100.0
print(m4[0], m4[1:3].sum(axis=0))
m5 = a @ b
v = m5[1:4, ::2]
print(v, m5.T.shape, m5.T[2])
print((a @ b).max(axis=1), (a @ b).mean())
print(b.T @ a.T + np.array([1.0, 2.0, 3.0, 4.0, 5.0], dtype=np.float32))
print(np.maximum(a @ a.T + 1, 0)[0])

d = a.astype(np.float64)
e = b.astype(np.float64)
print(np.maximum(d @ e + bias.astype(np.float64), 0))
ai = (np.arange(35).reshape(5, 7) % 3) - 1
bi = np.arange(21).reshape(7, 3) % 4
print(np.maximum(ai @ bi + np.array([1, -2, 3]), 0))
h = a.astype(np.float16)
k = b.astype(np.float16)
print(np.maximum(h @ k + bias.astype(np.float16), 0))
big = np.ones((64, 48), dtype=np.float32) / 8
w = np.ones((48, 40), dtype=np.float32)
bb = np.arange(40, dtype=np.float32) - 20
r = np.maximum(big @ w + bb, 0)
print(r.shape, r[0, :8], float(r.sum()))
print(np.maximum(big @ w + bb[None, :], 0)[3, 15:25])
