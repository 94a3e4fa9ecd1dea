# NumPy's scalar types (SPEC §2 "Scalars", issue 9): what indexing and full reductions
# return, their attributes and methods, NEP 50 promotion, NumPy 2's repr and str.
import numpy as np
a = np.arange(4)
f = np.arange(4.0)
print(repr(a[1]), repr(f[1]), repr(a.sum()), repr(f.max()), type(a[0]), type(f.sum()))
print(a[1] + 1, f[1] * 2, a.sum() + 0, f.max(), [f[1]], [a[2]])
print(repr(np.float32(0.1)), str(np.float32(0.1)), repr(np.float32(2) + 1.5), repr(np.float32(2) + np.float64(1.5)))
print(repr(np.int8(3) + 1), repr(np.int8(3) + np.int64(1)), repr(np.int32(3) / 2), repr(np.float16(1) + 1.5), repr(np.uint8(200) + np.uint8(50)))
print(repr(np.float64(1.5).item()), repr(round(np.float64(2.5))), repr(round(np.float64(1.25), 1)), repr(np.float32(1.5).astype(np.int8)), np.float64(2.0).is_integer(), np.int64(3).is_integer())
print(np.dtype('float32') == np.float32, np.float32 == np.dtype('float32'), np.arange(3.).dtype.type, isinstance(np.float64(1), float), isinstance(np.int64(1), int), issubclass(np.float32, np.floating), np.issubdtype(np.float32, np.floating), np.issubdtype(np.int8, np.integer), np.issubdtype('f4', np.number))
print(np.iinfo(np.int8))
print(np.finfo(np.float32))
print(np.iinfo(np.int32).max, np.iinfo('int64').min, np.finfo(np.float64).eps, np.finfo(np.float32).max, repr(np.finfo(np.float32).eps))
print(repr(np.array([True]).all()), repr(np.float32(3)), np.float32(3).dtype, np.float64(1).ndim, np.float64(1).shape)
x = np.float32(0.1)
print(x * 3, x + np.float64(0.2), repr(-x), abs(np.int8(-3)), ~np.int8(3), np.bool_(True) & np.bool_(False))
print(f[np.int64(2)], a[a[1]], f"{np.float64(1.5):.3f}", f"{np.float32(0.1)}", hash(np.float64(1.5)) == hash(1.5), {np.int64(3): 1}.get(3))
print(np.float64(2) ** 2, np.int64(7) // 2, np.int64(7) % 3, np.float64(3) < 4, repr(np.float64(3) < 4), repr(np.int64(5) == 5.0))
print(repr(np.float32(1) + np.arange(3)), repr(np.arange(3.0, dtype=np.float32) * np.float64(2)), repr(np.arange(3, dtype=np.float32) * 2.0))
print(repr(np.sqrt(4.0)), repr(np.sqrt(np.float32(4))), repr(np.exp(0)), np.array([np.float32(1), 2.0]).dtype, np.array([np.float32(1)]).dtype)
print(repr(np.int8(300 - 200)), repr(np.float64('1.5')), repr(np.float32('0.25')), repr(np.int64()), repr(np.bool_(5)), repr(np.int16([1, 2])))
try:
    np.int8(300)
except OverflowError as e:
    print(e)
print(np.float64(1.5) == 1.5, 1.5 == np.float64(1.5), np.int64(1) in [1], float(np.float32(0.5)), int(np.float64(2.7)), bool(np.float64(0)))
print(repr(np.float32(1e10)), repr(np.float32(123456.7)), repr(np.float16(0.1)), repr(np.float64(1e16)), repr(np.float64(-0.0)), repr(np.float32(float('nan'))))
print(repr(a.mean()), repr(a.std()), repr(np.median(f)), repr(np.percentile(f, 50)), repr(f @ f), repr(np.dot(a, a)), repr(a.argmax()))
print(type(a.tolist()[0]), type(a.item(1)), type(f[1].item()), type(np.float32(2).item()))
for v in f[:2]:
    print(repr(v))
print(np.float64, np.float32, np.int64, np.bool_, np.generic, np.floating, np.float32.__mro__[:5])

# promotion of every pair of scalar types, and with Python numbers (NEP 50)
types = [np.bool_, np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint32, np.float16,
         np.float32, np.float64]
for t in types:
    row = [(t(1) + u(1)).dtype.name for u in types]
    print(t.__name__, row, (t(1) + 1).dtype, (t(1) + 1.5).dtype, (t(1) * True).dtype)
for t in types:
    x = t(3)
    print(repr(x), str(x), x.dtype, x.itemsize, type(x.item()).__name__, repr(x.astype(np.float32)),
          isinstance(x, np.generic), isinstance(x, np.number), isinstance(x, np.integer),
          isinstance(x, np.floating), np.issubdtype(t, np.signedinteger))
print(repr(np.arange(6).reshape(2, 3)[1, 2]), repr(np.arange(3, dtype=np.int8)[0]),
      repr(np.ones(2, dtype=np.float32).sum()), repr(np.ones(3, dtype=np.uint8).max()),
      repr(np.array([1.5, 2.5], dtype=np.float16).min()), repr(np.arange(5).any()))
print(repr(np.float32(16777217.0)), repr(np.float32(1) / np.float32(3)), repr(np.float64(1) / 3))
print(np.dtype(np.int16), np.dtype('uint8').type, np.dtype(np.float32).type is np.float32)
print(np.issubdtype(np.float64, np.integer), np.issubdtype(np.int32, np.number),
      np.issubdtype(np.arange(3).dtype, np.integer), np.issubdtype(float, np.floating))
print(repr(np.iinfo(np.uint8)), repr(np.finfo(np.float64)), np.iinfo(np.int16).bits,
      np.iinfo(np.uint32).max, np.finfo(np.float32).bits, np.finfo(np.float32).precision)
print(np.finfo(np.float64).tiny, np.finfo(np.float64).max, repr(np.finfo(np.float32).resolution),
      np.finfo(np.float16).nmant, repr(np.finfo(np.float16).eps), np.finfo(1.0).eps)
for bad in [lambda: np.iinfo(np.float32), lambda: np.finfo(np.int32), lambda: np.generic(),
            lambda: np.floating(1), lambda: np.float32(1, 2)]:
    try:
        bad()
    except (TypeError, ValueError) as e:
        print(type(e).__name__, e)
s = np.float64(2.5)
print(s + np.arange(3), np.arange(3) - s, repr(s * np.float32(2)), repr(np.int64(2) ** 10),
      repr(np.int8(-7) // np.int8(2)), repr(np.float32(-7) % 2), repr(np.int64(7) / np.int64(2)))
print(repr(np.float64(2.5) > np.float32(2)), repr(np.int8(3) == np.float64(3.0)), np.float64(1.5) in {1.5},
      sorted([np.float64(3), np.float64(1), 2]), max(np.int64(3), 5), min(np.float32(2.5), 1.0))
print(repr(np.int64(5).__index__()), [10, 20, 30][np.int64(1)], list(range(np.int32(3))),
      "%.2f" % np.float64(2.345), "{:>6}".format(np.int64(42)), "{:.3e}".format(np.float32(1234.5)))
print(repr(np.float64(3.7).__round__()), repr(round(np.float32(2.675), 2)), repr(round(np.int64(17), -1)),
      np.float32(1.5).is_integer(), np.float64(float("inf")).is_integer())
print(bool(np.bool_(False)), repr(~np.bool_(True)), repr(np.bool_(True) + np.bool_(True)), repr(-np.int8(-128 + 1)))
# operators and ufuncs on 0-d arrays give scalars; scalars have the ndarray's methods
z = np.array(5)
print(repr(z + 1), repr(-z), repr(z == 5), repr(abs(np.array(-2.5))), repr(np.sqrt(np.array(4.0))),
      repr(np.add(z, z)), repr(z[()]), repr(np.float64(2)[()]), repr(np.int8(3)[...]))
z += 1
print(repr(z), repr(np.where(np.array(True), 1, 2)), repr(np.maximum(np.array(1), 2)))
x = np.int16(7)
print(repr(x.any()), repr(x.sum()), repr(x.reshape(1)), repr(np.float64(2.5).max()), x.ndim, x.shape)
for bad in [lambda: x.nothing, lambda: np.float64(1).nothing, lambda: x[0]]:
    try:
        bad()
    except (AttributeError, IndexError) as e:
        print(type(e).__name__, e)
