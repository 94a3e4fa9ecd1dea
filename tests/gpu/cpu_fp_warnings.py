# NumPy's floating-point warnings (RuntimeWarning on stderr, through the warnings module),
# np.seterr/np.geterr, np.errstate (context manager and decorator), seterrcall, and the
# modes ignore/warn/raise/print/call/log. CPU backend only (cpu_ prefix): the CUDA backend
# does not report floating-point errors of device work (docs/GPU.md).
import warnings

import numpy as np

a = np.array([1., 0., -1.])
print(a / 0)
print(np.log(a))
print(np.sqrt(np.array(-1.)))
print(np.log(-1.))
print(np.float64(1.0) / 0)
print(np.exp(np.array([1000.])))
print(np.array([1e308]) * 10)
print(np.array([3]) // 0, np.array([3]) % 0, np.array([3]) // np.array([0, 1, 2])[:1])
print(np.array([1], np.float32) * np.float32(1e38) * 100)
print(np.array([np.inf]) - np.inf)
print(np.array([np.nan]) + 1, np.array([np.nan]) < 1, np.maximum(np.array([np.nan]), 1))
print(np.array([1.0, 2.0]) / np.array([2.0, 4.0]), np.sqrt(np.arange(4.0)))
print(np.geterr())
with np.errstate(divide="ignore"):
    print(a / 0)
    print(np.geterr())
print(np.geterr())
old = np.seterr(all="print")
print(old)
print(a / 0)
print(np.seterr(**old))
try:
    with np.errstate(invalid="raise"):
        np.sqrt(np.array([-1.0]))
except FloatingPointError as e:
    print("FloatingPointError:", e)
try:
    with np.errstate(divide="raise"):
        np.float64(2.0) / 0
except FloatingPointError as e:
    print("FloatingPointError:", e)
try:
    with np.errstate(all="raise"):
        np.array([7]) % 0
except FloatingPointError as e:
    print("FloatingPointError:", e)


def cb(kind, flag):
    print("callback", kind, flag)


print(np.seterrcall(cb))
with np.errstate(all="call"):
    print(a / 0, np.sqrt(-a))
print(np.geterrcall() is cb)


class L:
    def write(self, m):
        print("log:", repr(m))


np.seterrcall(L())
with np.errstate(divide="log"):
    a / 0
print(np.geterrcall().__class__.__name__)
with np.errstate(call=None, under="warn"):
    print(np.geterrcall(), np.geterr()["under"])
print(np.geterrcall().__class__.__name__)
with warnings.catch_warnings():
    warnings.simplefilter("error")
    try:
        a / 0
    except RuntimeWarning as e:
        print("as error:", e)
with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter("always")
    np.log(np.zeros(2))
    np.log(np.zeros(2))
    print(len(w), [str(x.message) for x in w], w[0].category.__name__)
with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    print(np.log(np.zeros(1)))
print(np.power(np.array([0.]), -1), np.arcsin(np.array([2.])), np.float32(3e38) * np.float32(10))
print(np.array([2.0]) ** 2000, np.log1p(np.array([-1., -2.])), np.divide(np.array([0.]), 0))
print(np.expm1(np.array([800.0])), np.cosh(np.array([1000.0])), np.arccos(np.array([-3.0])))
for i in range(3):
    r = np.array([float(i)]) / 0  # one warning for the line, as the default filter does


@np.errstate(all="ignore")
def quiet():
    return a / 0


print(quiet(), np.geterr()["divide"])
o = np.zeros(3)
np.divide(a, 0, out=o)
print(o)
b = a.copy()
b /= 0
print(b)
for bad in (lambda: np.seterr(divide="loud"), lambda: np.seterr(bogus="warn"),
            lambda: np.seterrcall(5), lambda: np.errstate(bogus=1)):
    try:
        bad()
    except Exception as e:
        print(type(e).__name__, e)
print(np.geterr())
print(np.array([1.]) % 0, np.array([np.inf]) % 2, np.array([1.]) // 0, np.array([0.]) // 0)
print(np.float32(1) / np.float32(0), np.array([1e200]) * np.array([1e200]), np.array([-1e200]) * 1e200)
print(np.tan(np.array([np.inf])), np.arctan2(0., 0.), np.log10(np.array([0., -1])), np.log2(np.array([0.])))
print(np.array([1, 2], np.uint8) // np.array([0, 1], np.uint8), np.array([5], np.int8) % np.int8(0))
