# Sorts, scans, compactions and gathers at sizes past one block's tile (the CUDA backend's
# gpu_sort: 4096-element tiles, rows regrouped by their row number's digits; gpu_scan:
# 2048-element tiles, a row's tile partials scanned), every dtype, NaN and both zeros, every
# axis, many short rows (two row digits); cumsum / cumprod with dtype= and axis=; nonzero,
# a[mask] and a[int_array] including the errors. Compared with NumPy (kind='stable').
import numpy as np

def h(a):  # a short fingerprint of a long integer or float result
    a = np.asarray(a)
    w = (np.arange(a.size) % 97 + 1).reshape(a.shape)
    if a.dtype.kind in "iub":
        return (a.shape, a.ravel()[:4].tolist(), a.ravel()[-3:].tolist(), int((a.astype(np.int64) % 65521 * w).sum()))
    v = np.nan_to_num(a.astype(np.float64), nan=7.0, posinf=1e6, neginf=-1e6)
    return (a.shape, a.ravel()[:4].tolist(), a.ravel()[-3:].tolist(), float((v * w).sum()))

n = 10007
x = (np.arange(n, dtype=np.int64) * 2654435761 + 12345) % 1000003 - 500000
for dt in (np.bool_, np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16, np.uint32,
           np.uint64, np.float16, np.float32, np.float64):
    a = (x % 4001 if dt == np.float16 else x).astype(dt)
    s = np.sort(a)
    i = np.argsort(a, kind="stable")
    print(dt.__name__, h(s), h(i), bool((a[i] == s).all()))
f = (x % 1000).astype(np.float64) / 8.0
f[::37] = np.nan
f[5::41] = -0.0
f[7::43] = 0.0
f[11::53] = -np.inf
for dt in (np.float16, np.float32, np.float64):
    a = f.astype(dt)
    s, i = np.sort(a, kind="stable"), np.argsort(a, kind="stable")
    print(dt.__name__, h(np.where(np.isnan(s), 7777.0, s)), h(i), int(np.isnan(s).sum()),
          bool(np.isnan(s[-int(np.isnan(a).sum()):]).all()), int(np.signbit(s[s == 0]).sum()))
# rows: many short ones (row digits over two bytes), a few long ones, each axis
r = (x[:9000] % 50).reshape(300, 30)
print(h(np.sort(r)), h(np.argsort(r, kind="stable")), h(np.argsort(r, axis=0, kind="stable")))
r3 = (x[:6000] % 11).astype(np.float32).reshape(10, 20, 30)
for ax in (0, 1, 2, -1):
    print(ax, h(np.sort(r3, axis=ax)), h(np.argsort(r3, axis=ax, kind="stable")))
print(h(np.sort(x.reshape(1, n)[:, ::-1])), h(np.sort(r3[:, ::2, 1::3], axis=1)))
print(h(np.sort(x[:8200].reshape(2, 4100), axis=None)), h(np.argsort((x % 3)[:5000], kind="stable")))
b = r.copy(); b.sort(axis=0); print(h(b))
# cumsum and cumprod
for dt in (np.bool_, np.int8, np.int32, np.int64, np.uint8, np.uint32, np.uint64, np.float32, np.float64):
    a = (x % 7).astype(dt)
    print(dt.__name__, h(np.cumsum(a)), h(np.cumsum(a[:9996].reshape(7, -1), axis=1)),
          h(np.cumsum(a[:1400].reshape(7, 200), axis=0)), np.cumsum(a, dtype=np.float64)[-1])
p = np.where(x % 5 == 0, -1, 1).astype(np.int64)
print(h(np.cumprod(p)), h(np.cumprod(p[:1200].reshape(30, 40), axis=1)),
      h(np.cumprod(np.where(np.arange(5000) % 2 == 0, 2.0, 0.5) * (1 + (np.arange(5000) % 7 == 0)).astype(np.float32))[::500]))
print(np.cumsum(np.arange(5000.0)[::-3])[-1], np.cumsum(np.arange(12).reshape(3, 4), axis=None),
      np.cumsum(np.arange(2.0 ** 20).reshape(4, -1).T, axis=0)[-1], np.cumsum(np.arange(6), dtype=np.int32))
print(np.cumsum(np.ones((2, 3), np.float32), axis=-1), np.cumprod(np.arange(1, 6, dtype=np.uint64)))
# nonzero, masks, integer arrays
m = (x % 3 == 0)
print(h(np.nonzero(m)[0]), [h(c) for c in np.nonzero(m[:9000].reshape(30, 300))])
print([h(c) for c in np.nonzero(x[:6000].reshape(10, 20, 30) % 4)], np.nonzero(np.zeros(5000)))
print(h(x[m]), h(f[f > 10].astype(np.float64)), x[x > 10**9], h(r[r[:, 0] > 20]), h(r3[r3[:, :, 0] > 5]))
print(h(r[(r % 2 == 0)]), x[np.zeros(n, bool)].shape, r[np.zeros(300, bool)].shape)
k = (np.arange(3000) * 7) % n - 5000
print(h(x[k]), h(r[k % 300]), h(r[:, [0, -1, 5, 5]]), h(r3[:, np.array([[1, 2], [3, -1]])]),
      h(r3[[2, 0, 9]]), h(f.astype(np.float32)[k[:50]]), x[[True] * 3 + [False] * (n - 3)])
for bad in (lambda: x[np.array([0, n])], lambda: r[:, np.array([1, -31])], lambda: r3[[10]],
            lambda: x[np.array([1.5])], lambda: r[np.ones(299, bool)]):
    try:
        bad()
    except IndexError as e:
        print("IndexError", e)
# unique past a tile, with its index, inverse and counts, NaNs grouped or not
q = (x % 613).astype(np.float64)
q[::101] = np.nan
for eq in (True, False):
    uq, ui, uv, uc = np.unique(q, return_index=True, return_inverse=True, return_counts=True,
                               equal_nan=eq)
    print(eq, h(uq), h(ui), h(uv), h(uc), bool((uq[uv] == q)[~np.isnan(q)].all()))
for dt in (np.bool_, np.int8, np.uint16, np.int64, np.float32):
    v = (x % 300).astype(dt).reshape(-1, 1)
    uq, uc = np.unique(v, return_counts=True)
    print(dt.__name__, h(uq), h(uc), h(np.unique(v, return_inverse=True)[1]))
print(np.unique(np.array([3])), np.unique(np.array([2, 2, 2]), return_counts=True))
