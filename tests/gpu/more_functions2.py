# More common NumPy functions (stdlib/py/_numpy_math.py): broadcast_shapes/_to/_arrays,
# append, delete, insert, intersect1d, union1d, setdiff1d, setxor1d, digitize, nancumsum,
# nancumprod, nanvar, nanstd, nanargmax, nanargmin, select, convolve, correlate, trapezoid,
# gradient, dstack, hsplit/vsplit/dsplit, array_equiv, fix, asanyarray, isscalar, ix_ and
# the dtype aliases (int_, intp, intc, byte, ...); odd shapes, dtypes and bad input.
import numpy as np

x = np.arange(12.0).reshape(3, 4)
v = np.array([3.0, np.nan, 1.0, 4.0, np.nan, 2.0])
i = np.array([5, 1, 4, 1, 3])
print(np.broadcast_shapes((3, 1), (1, 4), (4,)), np.broadcast_to(np.arange(3), (2, 3)))
print(np.broadcast_arrays(np.arange(3), np.arange(2).reshape(2, 1)))
print(np.append([1, 2], [[3, 4]]), np.append(x, np.ones((1, 4)), axis=0).shape)
print(np.delete(i, 1), np.delete(x, [0, 2], axis=1), np.delete(i, slice(1, 4)), np.delete(i, -1))
print(np.insert(i, 2, 9), np.insert(i, [1, 3], [7, 8]), np.insert(x, 1, 0.5, axis=1))
print(np.insert(x, 3, [1, 2, 3, 4], axis=0), np.insert(i, 5, [6, 7]), np.insert(x, 0, 9))
print(np.intersect1d(i, [1, 3, 7]), np.union1d(i, [0, 9]), np.setdiff1d(i, [1, 4]),
      np.setxor1d(i, [1, 2]))
print(np.digitize([0.5, 1.0, 2.5, 9.0], [1.0, 2.0, 3.0]), np.digitize([1.0, 2.5], [1.0, 2.0, 3.0], right=True),
      np.digitize([0.5, 2.5], [3.0, 2.0, 1.0]))
print(np.nancumsum(v), np.nancumprod(v), np.nancumsum(x, axis=1)[:, -1])
print(np.nanvar(v), np.nanstd(v), np.nanvar(v, ddof=1), np.nanstd(x, axis=0))
print(np.nanargmax(v), np.nanargmin(v), np.nanargmax(x, axis=1))
print(np.select([x < 3, x > 8], [x, -x], default=0.5), np.select([i > 3], [i]))
print(np.convolve([1, 2, 3], [0, 1, 0.5]), np.convolve([1, 2, 3, 4], [1, -1], "same"),
      np.convolve([1, 2, 3, 4], [1, 1, 1], "valid"), np.correlate([1, 2, 3], [0, 1, 0.5]))
print(np.correlate([1, 2, 3, 4], [1, 2], "full"), np.convolve(np.array([2]), np.arange(3)))
print(np.trapezoid([1, 2, 3]), np.trapezoid([1, 2, 3], x=[0, 1, 3]), np.trapezoid(x, dx=0.5),
      np.trapezoid(x, axis=0))
print(np.gradient(np.array([1.0, 2.0, 4.0, 7.0, 11.0])), np.gradient(np.array([1, 4, 9, 16]), 2.0))
print(np.gradient(x * x), np.gradient(x, axis=1))
print(np.dstack([np.arange(3), np.arange(3)]).shape, np.hsplit(x, 2)[1], np.vsplit(x, [1])[0])
print(len(np.dsplit(np.ones((2, 2, 4)), 2)), np.array_equiv([1, 2], [[1, 2], [1, 2]]),
      np.array_equiv([1, 2], [1, 3]), np.array_equiv([1, 2], [1, 2, 3]))
print(np.fix(np.array([-1.7, 1.7, 0.2])), np.asanyarray([1, 2]), np.isscalar(3.0),
      np.isscalar(np.float32(1)), np.isscalar([1]), np.isscalar(np.array(1.0)))
r, c = np.ix_([0, 2], [1, 3])
print(r.shape, c.shape, x[np.ix_([0, 2], [1, 3])], np.ix_(np.array([True, False, True]))[0])
print(np.int_, np.intp, np.intc, np.byte, np.ubyte, np.short, np.ushort, np.uintp)
for bad in (lambda: np.broadcast_to(np.arange(3), (2, 4)), lambda: np.delete(i, 9),
            lambda: np.insert(i, 9, 1), lambda: np.digitize([1], [3, 1, 2]),
            lambda: np.select([i > 1], [i, i]), lambda: np.convolve([], [1]),
            lambda: np.nanargmax(np.array([np.nan, np.nan])), lambda: np.vsplit(i, 2),
            lambda: np.ix_(x)):
    try:
        print(bad())
    except Exception as e:
        print(type(e).__name__, e)
