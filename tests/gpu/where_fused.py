# np.where(c, x, y) on arrays and scalars: on CUDA a fused node (lazy, fused with its
# operands and with a reduction that reads it); results and errors must be NumPy's.
import numpy as np

x = (np.arange(12) % 5 - 2).astype(np.float32).reshape(3, 4)
y = np.arange(4, dtype=np.int16)
print(np.where(x > 0, x, 0))                      # relu
print(np.where(x > 0, x, 0.5).dtype, np.where(x > 0, 1, 2).dtype)
print(np.where(x >= 0, x * 2, y), np.where(x >= 0, x * 2, y).dtype)
print(np.where(y % 2 == 0, y, -y), np.where(y, y, 7))
print(np.where(x, 1.5, -1.5))                     # a float condition: nonzero is true
print(np.where(np.array([np.nan, 0.0, 1.0]), 1, 0))
print(np.where(x > 0, x, 0).sum(), np.where(x < 0, x, 0).sum(axis=1), np.where(x > 1, 1, 0).sum(axis=0))
b = np.array([[True], [False], [True]])
print(np.where(b, x, y))                          # (3, 1), (3, 4), (4,) broadcast
print(np.where(b, 2.5, np.float32(1)).dtype, np.where(b, np.int8(3), 4).dtype)
for dt in (np.int8, np.int64, np.uint16, np.float16, np.float64, np.bool_):
    a = (np.arange(6) % 3).astype(dt)
    r = np.where(a > 0, a, a + 1)
    print(dt.__name__, r, r.dtype, np.where(a == 1, a, 0).max())
z = np.where(x > 0, x, -x)
x[...] = 0  # z must keep the old values
print(z)
try:
    np.where(np.ones((2, 3)) > 0, np.ones((4,)), 0)
except ValueError as e:
    print("ValueError", e)
