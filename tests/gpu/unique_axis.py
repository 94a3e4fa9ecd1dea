# np.unique(ar, axis=k): distinct rows/columns/sub-arrays in lexicographic order, with
# return_index, return_inverse, return_counts, several dtypes and shapes, bad axes.
import numpy as np

a = np.array([[1, 2], [3, 4], [1, 2], [0, 9]])
print(np.unique(a, axis=0, return_index=True, return_inverse=True, return_counts=True))
print(np.unique(a, axis=1, return_inverse=True))
print(repr(np.unique(np.array([[1, 0, 1], [2, 5, 2]]), axis=1)))
print(repr(np.unique(np.array([[1, 0, 1], [2, 5, 2]]), axis=-1)))
print(repr(np.unique(np.zeros((0, 3)), axis=0)), repr(np.unique(np.arange(3.), axis=0)))
b = np.array([[[1, 2], [1, 2]], [[0, 1], [1, 2]], [[1, 2], [1, 2]]])
print(repr(np.unique(b, axis=0)), repr(np.unique(b, axis=1)), repr(np.unique(b, axis=2)))
for dt in ("bool", "int8", "uint16", "uint64", "float16", "float32", "float64"):
    c = (np.arange(12) % 3).astype(dt).reshape(6, 2)[::-1]
    print(dt, repr(np.unique(c, axis=0)), np.unique(c, axis=0, return_counts=True)[1])
print(np.unique([[1, 1], [1, 1]], 0, 0, 1, 0))
print(np.unique(np.array([[2.5, -1.0], [-1.0, 2.5], [2.5, -1.0]]), axis=0, return_index=True))
for bad in (lambda: np.unique(a, axis=2), lambda: np.unique(a, axis=-3),
            lambda: np.unique(a, axis=1.5)):
    try:
        bad()
    except Exception as e:
        print(type(e).__name__ if type(e).__name__ != "AxisError" else "ValueError", e)
