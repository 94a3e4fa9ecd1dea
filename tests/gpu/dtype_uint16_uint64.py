# uint16 and uint64: creation and names, NumPy 2's promotion with every dtype and with
# Python scalars (NEP 50), arithmetic and comparisons past 2^63, reductions (unsigned sums
# are uint64), sorting, printing, scalars and their repr, iinfo, .npy files, bad input.
import os

import numpy as np

ALL = ["bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
       "float16", "float32", "float64"]
for u in ("uint16", "uint64"):
    print(u, [str((np.zeros(1, u) + np.zeros(1, d)).dtype) for d in ALL])
    print(u, "weak", (np.zeros(1, u) + 1).dtype, (np.zeros(1, u) + 1.5).dtype, (np.zeros(1, u) + True).dtype)
print(np.dtype("u2"), np.dtype("u8"), np.dtype("H"), np.dtype("Q"), np.dtype(np.uint16).itemsize,
      np.dtype("uint64").kind, repr(np.dtype(np.uint64)), np.uint16 == np.dtype("uint16"))
print(np.issubdtype(np.uint64, np.unsignedinteger), np.issubdtype(np.uint16, np.signedinteger),
      isinstance(np.uint64(3), np.integer), np.uint16.__name__, np.uint64.__mro__[1].__name__)

for dt in [np.uint16, np.uint64]:
    a = np.array([0, 1, 65535, 7], dtype=dt)
    print(repr(a), a.dtype, a.itemsize, a.nbytes, repr(a[2]), repr(a.sum()), repr(a.max()), repr(a.min()), a.argmax())
    print(repr(a + 1), repr(a - 2), repr(a * 3), repr(a // 2), repr(a % 5), repr(a >> 1), repr(a << 3))
    print(repr(a / 2), repr(-a), repr(~a), repr(a > 3), repr(np.sqrt(a)), repr(a.astype(np.float32)))
    print(repr(a & 6), repr(a | 8), repr(a ^ 5), repr(a ** 2), repr(abs(a)), repr(np.sign(a)))
    print(repr(np.iinfo(dt)), np.iinfo(dt).max, np.iinfo(dt).min, np.iinfo(dt).bits, np.iinfo(dt).kind)
    print(str(np.iinfo(dt)))
    print(repr(dt(5)), repr(dt(5) + 1), repr(dt(5) * np.int8(2)), repr(dt(7) // dt(2)), str(dt(9)), dt(3).item(), type(dt(3).item()).__name__)
    print(repr(a.cumsum()), repr(a.cumprod()), a.tolist(), repr(np.sort(a[::-1])), repr(np.argsort(a)))
    print(repr(a.reshape(2, 2).sum(axis=0)), repr(a.reshape(2, 2).max(axis=1)), repr(a.mean()), a.var())
    b = a.copy()
    b[1:3] = [9, 10]
    b[b > 9] = 4
    print(repr(b), repr(np.where(a > 1, a, dt(3))), repr(np.clip(a, 1, 100)), repr(np.concatenate([a, a[:1]])))
    print(repr(np.unique(np.array([3, 1, 3, 2], dtype=dt), return_counts=True)))
    print(repr(np.zeros((2, 3), dt)), repr(np.ones(2, dt)), repr(np.arange(5, dtype=dt)), repr(np.full(2, 9, dtype=dt)))
    print(repr(np.array([[1, 2], [3, 4]], dtype=dt) @ np.array([[1, 0], [1, 1]], dtype=dt)))

u = np.array([2**64 - 1, 2**63, 5, 0], dtype=np.uint64)
print(repr(u), u.tolist(), repr(u[0]), int(u[0]), float(u[1]), repr(u.max()), repr(u.min()), u.argmax(), u.argmin())
print(repr(u // 3), repr(u % 7), repr(u >> 60), repr(u > 5), repr(u == 2**63), repr(np.sort(u)), repr(np.argsort(u)))
print(repr(u + np.uint64(1)), repr(u.astype(np.float64)), repr(u.astype(np.int64)), repr(np.maximum(u, 7)), repr(np.minimum(u, 7)))
print(repr(u + 1), repr(u * 2), repr(np.unique(u)), repr(np.array(2**64 - 1, dtype=np.uint64)))
print(repr(u[::-1][1:]), repr(u.reshape(2, 2).T), repr(u.sum()), repr(u[1:3].sum()), repr(u.cumsum()))
print(repr(np.uint64(2**64 - 1)), repr(np.uint64(18446744073709551615) // np.uint64(2)), np.uint64(2**63) > np.uint64(5))
print(hash(np.uint64(2**63)) == hash(2**63), np.uint64(2**63) == 2**63, 2**63 in u.tolist(), f"{np.uint64(2**64 - 1):x}")
print(repr(np.array([2**63])), repr(np.array([2**63, 1])), repr(np.array([2**63, 1.5])), repr(np.array(2**63)))
print(repr(np.array([1, 2], dtype=np.uint64) + np.array([1, 2], dtype=np.int64)), repr(np.array([1], np.uint64) + np.array([1], np.uint8)))
print(repr(np.array([1], np.uint16) + np.array([1], np.int8)), repr(np.array([1], np.uint16) + np.array([1], np.int16)), repr(np.array([1], np.uint16) + np.float16(1)))
print(repr(np.abs(u)), repr(np.sign(u)), repr(u.mean()), u.std(), repr(np.array([3.7, 1e19, 0.0]).astype(np.uint64)))
print(repr(np.array([70000, -1]).astype(np.uint16)), repr(np.array([2**64 - 1], np.uint64).astype(np.uint16)), repr(np.array([65535], np.uint16).astype(np.int16)))
big = np.arange(1000, dtype=np.uint64) * np.uint64(2**53)
print(repr(big[-3:]), repr(big.max()), big.argmax(), repr(big.sum()))
print(u.reshape(2, 2), np.array([1, 2, 3], np.uint16))

p = "_tmp_uint_%d.npy" % os.getpid()  # the CPU and mock runs may share the directory
for dt in (np.uint16, np.uint64):
    np.save(p, np.array([1, 2, 65535], dtype=dt))
    r = np.load(p)
    print(repr(r), r.dtype)
os.remove(p)

for bad in (lambda: np.array([1], np.uint64) + (-1), lambda: np.array([1], np.uint16) + 70000,
            lambda: np.array([1], np.uint16) + 2**64, lambda: np.uint16(-1), lambda: np.uint64(-5),
            lambda: np.iinfo(np.float32), lambda: np.dtype("u3")):
    try:
        print(bad())
    except Exception as e:
        print(type(e).__name__, e)
