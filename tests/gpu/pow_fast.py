# NumPy's fast scalar powers: x ** 2 is square, x ** -1 reciprocal, x ** 0.5 sqrt (the int 2
# and -1, the float 0.5), with those ufuncs' values and warning names; other exponents (the
# float 2.0, 3) stay power. Float dtypes, integer ones (power throughout), out=, fused into
# a reduction, in a longer expression.
import warnings

import numpy as np

for dt in ("float32", "float64", "float16"):
    a = np.array([6e4 if dt == "float16" else 3e38, -1, 0, 2.5, -3, 0.25], dtype=dt)
    if dt == "float64":
        a = np.array([1e200, -1, 0, 2.5, -3, 0.25], dtype=dt)
    for e in (2, 2.0, 0.5, -1, -1.0, 3):
        with warnings.catch_warnings(record=True) as w:
            warnings.simplefilter("always")
            r = a ** e
            v = r.tolist()
        print(dt, repr(e), v, r.dtype, sorted(set(str(x.message) for x in w)))
i = np.array([3, -1, 0, 2, -3], dtype=np.int32)
print((i ** 2).tolist(), (i ** 3).tolist(), (i ** 2).dtype)
x = np.arange(12, dtype=np.float32).reshape(3, 4)
print(((x - 1) ** 2).sum(), ((x - x.mean(axis=1, keepdims=True)) ** 2).mean(axis=1).tolist())
o = np.empty_like(x)
np.power(x, 2, out=o)
print(o.tolist())
print((x ** 0.5)[1].tolist(), (x[1:] ** -1).tolist())
print(((x * 0.5 + 1) ** 2 - x ** 2).tolist())
# the ufunc np.power keeps power's warnings (only the ** operator takes the fast path)
z = np.array([0.0, -4.0, 3e38], dtype=np.float32)
for e in (2, -1, 0.5):
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")
        v = np.power(z, e).tolist()
    print("np.power", e, v, sorted(set(str(x.message) for x in w)))
y = z.copy()
with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter("always")
    y **= 2
    v = y.tolist()
print("**=", v, sorted(set(str(x.message) for x in w)))
