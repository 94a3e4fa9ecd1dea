# Axis reductions through the CPU backend's typed loops (gpu/backend/cpu/cpu_reduce.c): sum,
# mean, prod, min, max over every axis and axis pair of float64/float32/int64/int32 arrays,
# keepdims, NaN propagation, dtype=, int64 wrap-around, strided views (the generic path).
import numpy as np
x = (np.arange(2*3*4*5) * 7 % 11 - 5).reshape(2, 3, 4, 5)
for dt in (np.float64, np.float32, np.int64, np.int32):
    a = x.astype(dt)
    for ax in (None, 0, 1, 2, 3, (0, 1), (1, 2), (2, 3), (0, 3), (0, 1, 2, 3)):
        for f in ("sum", "mean", "prod", "min", "max"):
            r = getattr(a, f)(axis=ax)
            print(dt.__name__, ax, f, np.asarray(r).dtype, np.round(np.asarray(r, dtype=np.float64), 6).tolist())
        print(a.sum(axis=ax, keepdims=True).shape)
n = np.array([[1.0, np.nan, 3.0], [4.0, 5.0, np.nan], [0.5, 2.0, 1.0]])
print(n.max(axis=0), n.max(axis=1), n.min(axis=0), n.min(axis=1), n.sum(axis=0))
print(np.arange(6).reshape(2,3).sum(axis=0, dtype=float), np.ones((3,3)).sum(axis=1, dtype=np.int32))
big = np.full((2, 3), 2**62, dtype=np.int64)
print(big.sum(axis=1), big.prod(axis=0))
print(x.astype(np.float64).T.sum(axis=0).shape, x.astype(np.float64)[:, ::2].sum(axis=1))
