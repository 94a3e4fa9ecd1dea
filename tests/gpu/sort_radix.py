# np.sort / np.argsort through the CPU backend's radix sort (gpu/backend/cpu/cpu_sort.c): every
# integer dtype, float32/float64 with NaN, infinities and both zeros (stable order), every
# axis, large rows; compared with NumPy's kind='stable'.
import numpy as np
x = (np.arange(60) * 37 % 23 - 11)
for dt in (np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16, np.uint32, np.uint64, np.float32, np.float64, np.bool_):
    a = x.astype(dt)
    print(dt.__name__, np.sort(a).tolist(), np.argsort(a, kind="stable").tolist())
    b = a.reshape(3, 4, 5)
    for ax in (0, 1, 2, -1):
        print(np.sort(b, axis=ax).tolist(), np.argsort(b, axis=ax, kind="stable").tolist())
f = np.array([3.0, np.nan, -0.0, 0.0, -np.inf, np.inf, -1.5, np.nan, 0.0, -0.0, 2.5, 1e-300, -1e-300] * 3)
print(np.sort(f, kind="stable"), np.argsort(f, kind="stable"))
print(np.sort(f.astype(np.float32), kind="stable"), np.argsort(f.astype(np.float32), kind="stable"))
big = (np.arange(100000, dtype=np.int64) * 2654435761 + 12345) % 1000000007 - 500000000
s = np.sort(big); print(bool((s[1:] >= s[:-1]).all()), int(s[0]), int(s[-1]), int(s.sum()))
i = np.argsort(big, kind="stable"); print(int(i[:5].sum()), bool((big[i] == s).all()))
fb = big.astype(np.float64) / 7.0
s = np.sort(fb); print(bool((s[1:] >= s[:-1]).all()), float(s[0]), float(s[-1]))
print(np.sort(np.array([5, -(2**63), 2**63 - 1, 0])), np.sort(np.array([2**64 - 1, 0, 2**63], dtype=np.uint64)))
print(np.sort(np.zeros((3, 0))).shape, np.sort(np.array([1.0])), np.argsort(np.array([2, 1])))
print(np.sort(np.array([3, 1, 2], dtype=np.int16)[::-1]), np.argsort(np.arange(40.)[::-2] % 7, kind="stable"))
w = np.array([np.inf, -0.0, 0.0, np.nan, -np.nan, -np.inf, 0.0, -0.0] * 5, dtype=np.float32); print(np.sort(w, kind="stable"), np.argsort(w, kind="stable"))
