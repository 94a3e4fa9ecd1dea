# numpy.exceptions.AxisError: a ValueError and an IndexError, raised by every function that
# takes an axis (the native reductions, quantiles, linspace, and the Python parts), with
# NumPy's message, .axis and .ndim; and the other classes of numpy.exceptions.
import numpy as np
from numpy.exceptions import AxisError
import numpy.exceptions as npe

print(issubclass(AxisError, ValueError), issubclass(AxisError, IndexError))
print(AxisError.__mro__[1].__name__, AxisError.__mro__[2].__name__, AxisError.__module__)
e = AxisError(2, 1, msg_prefix="error")
print(str(e), e.axis, e.ndim)
e = AxisError("Custom error message")
print(str(e), e.axis, e.ndim)
print(str(AxisError(-3, 2)))
for n in ("ComplexWarning", "DTypePromotionError", "ModuleDeprecationWarning", "RankWarning",
          "TooHardError", "VisibleDeprecationWarning"):
    c = getattr(npe, n)
    print(n, [b.__name__ for b in c.__mro__[1:3]])

a = np.arange(24.0).reshape(2, 3, 4)
v = np.arange(5)
cases = [
    ("sum", lambda: a.sum(axis=3)),
    ("sum neg", lambda: np.sum(a, axis=-4)),
    ("mean tuple", lambda: a.mean(axis=(0, 5))),
    ("argmax", lambda: a.argmax(axis=3)),
    ("cumsum", lambda: np.cumsum(v, axis=1)),
    ("cumsum neg", lambda: np.cumsum(v, axis=-2)),
    ("median", lambda: np.median(a, axis=3)),
    ("percentile", lambda: np.percentile(v, 50, axis=1)),
    ("sort", lambda: np.sort(a, axis=3)),
    ("concatenate", lambda: np.concatenate([v, v], axis=1)),
    ("stack", lambda: np.stack([v, v], axis=3)),
    ("expand_dims", lambda: np.expand_dims(v, 3)),
    ("squeeze", lambda: np.squeeze(a, axis=4)),
    ("moveaxis", lambda: np.moveaxis(a, 3, 0)),
    ("swapaxes", lambda: np.swapaxes(a, 0, 3)),
    ("flip", lambda: np.flip(a, 3)),
    ("roll", lambda: np.roll(a, 1, axis=3)),
    ("diff", lambda: np.diff(v, axis=1)),
    ("take", lambda: np.take(a, [0], axis=3)),
    ("linalg norm", lambda: np.linalg.norm(a, axis=3)),
    ("partition", lambda: np.partition(v, 1, axis=1)),
    ("apply_along_axis", lambda: np.apply_along_axis(np.sum, 2, v)),
    ("linspace", lambda: np.linspace(0, 1, 3, axis=2)),
    ("nanmean", lambda: np.nanmean(a, axis=3)),
]
for name, f in cases:
    try:
        f()
        print(name, "no error")
    except AxisError as e:
        print(name, "AxisError", e, e.axis, e.ndim, isinstance(e, IndexError))
    except Exception as e:
        print(name, type(e).__name__, e)
# caught as either base
try:
    a.sum(axis=7)
except IndexError as e:
    print("IndexError caught", type(e).__name__)
try:
    a.max(axis=-9)
except ValueError as e:
    print("ValueError caught", type(e).__name__)
