# matmul through BLAS (gpu/backend/cpu/cpu_matmul.c): float64/float32, transposed and strided
# operands, mixed dtypes, vectors, batches, empty inner dimension.
import numpy as np
def data(n, seed):
    i = np.arange(n, dtype=np.int64)
    return ((i * 2654435761 + seed) % 1000003).astype(np.float64) / 1000003.0
a = data(12, 1).reshape(3, 4); b = data(20, 2).reshape(4, 5)
print(a @ b)
print(a.T.T @ b, (b.T @ a.T).T)
print(a[:, ::2] @ b[::2, :])
print(np.arange(12).reshape(3,4) @ b)
print((a.astype(np.float32) @ b.astype(np.float32)).dtype, np.round(a.astype(np.float32) @ b.astype(np.float32), 5))
print(np.ones((2,3,4)) @ np.ones((4,2)))
print(a @ b[:, 0], a[0] @ b, a[0] @ a[0])
print(np.zeros((3,0)) @ np.zeros((0,2)))
x = data(250000, 1).reshape(500, 500)
y = x @ x.T; print(np.round(y[::97, ::89], 6)); print(np.round((x.astype(np.float32) @ x[:, :7].astype(np.float32))[::50], 2))
