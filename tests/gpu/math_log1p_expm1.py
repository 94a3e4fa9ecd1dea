# log1p, expm1, sinh, cosh: every dtype, accuracy near 0 (where log(1+x) and exp(x)-1 lose
# every digit), the special values, views and odd shapes, out= and bad input.
import numpy as np

for dt in ["bool", "int8", "int16", "int32", "int64", "uint8", "uint32", "float16", "float32",
           "float64"]:
    a = np.array([0, 1, 2, 3], dtype=dt)
    for f in (np.log1p, np.expm1, np.sinh, np.cosh):
        r = f(a)
        print(dt, f.__name__, r.dtype, np.round(r.astype(np.float64), 4))

tiny = np.array([1e-10, -1e-12, 1e-300, 5e-324, 0.0, -0.0, 1e-5, -0.5])
print(repr(np.log1p(tiny)))
print(repr(np.expm1(tiny)))
print(repr(np.log1p(tiny.astype(np.float32))))
print(repr(np.expm1(tiny.astype(np.float32))))
print(np.log1p(1e-10), np.expm1(1e-10), np.log1p(np.float32(1e-7)), np.expm1(np.float32(-1e-7)))
print(repr(np.sinh(np.array([1e-8, 1.0, -2.5]))), repr(np.cosh(np.array([1e-8, 1.0, -2.5]))))
sp = np.array([np.inf, np.nan, 700.0])
print(repr(np.log1p(sp)), repr(np.expm1(sp)), repr(np.sinh(sp)), repr(np.cosh(sp)))
print(repr(np.expm1(-np.inf)), repr(np.sinh(-np.inf)))
x = np.arange(24.0).reshape(2, 3, 4) / 10
print(np.allclose(np.log1p(x[:, ::2, 1:]), np.log(1 + x[:, ::2, 1:])))
print(np.allclose(np.expm1(x.T), np.exp(x.T) - 1))
print(np.allclose(np.sinh(x), (np.exp(x) - np.exp(-x)) / 2), np.allclose(np.cosh(x), (np.exp(x) + np.exp(-x)) / 2))
y = np.expm1(np.log1p(x))
print(np.allclose(y, x))
o = np.zeros(4)
print(repr(np.log1p(np.arange(4), out=o)), repr(o))
o32 = np.zeros(4, dtype=np.float32)
print(repr(np.expm1(np.arange(4.0) / 8, out=o32)))
print(repr(np.log1p(np.zeros((0, 3)))), repr(np.expm1(np.float16(0.001))), repr(np.log1p(1)))
print(repr(np.expm1([0.5, 1])), repr(np.cosh(np.array(0.0))))
for bad in (lambda: np.log1p("x"), lambda: np.expm1(np.zeros(3), out=np.zeros(2)),
            lambda: np.log1p(np.arange(3.0), out=np.zeros(3, dtype=np.int64)),
            lambda: np.sinh(), lambda: np.cosh(1, 2, 3)):
    try:
        bad()
    except Exception as e:
        print(type(e).__name__ if "UFunc" not in type(e).__name__ else "TypeError", e)
