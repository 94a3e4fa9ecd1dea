# concatenate and stack of device arrays (on CUDA each part is a device copy into the
# result): pending parts, views with steps, host lists, mixed dtypes, every axis.
import numpy as np

a = (np.arange(12) % 7 * 0.5).astype(np.float32).reshape(3, 4)
b = np.arange(8, dtype=np.int16).reshape(2, 4)
print(np.concatenate([a, b]), np.concatenate([a, b]).dtype)
print(np.concatenate([a, a * 2 + 1], axis=1))
print(np.concatenate([a.T, a[:, ::2].T], axis=-2))
print(np.concatenate([a[::-1], [[9, 9, 9, 9]]], axis=0))
print(np.stack([a, a + 1, a.T.T]), np.stack([a, a], axis=-1).shape)
print(np.stack([a[:2, 1], b[:, 1]], axis=1), np.stack([a[:2, 1], b[:, 1]]).dtype)
print(np.vstack([a, b]), np.hstack([a[0], b[0]]), np.concatenate([np.array([True, False]), np.arange(3)]))
u = a + 1
c = np.concatenate([u, u])
a[...] = 0
print(c[2], c[5], u[0])
print(np.concatenate([np.ones(3, dtype=np.float16), np.zeros(2, dtype=np.float64)]))
print((np.concatenate([a + 1, b]) * 2).sum(axis=0))
try:
    np.concatenate([a, np.ones((2, 3))])
except ValueError as e:
    print("ValueError", e)
try:
    np.stack([a, b])
except ValueError as e:
    print("ValueError", e)
