# NumPy functions beyond issue 9's first list (stdlib/py/_numpy_math.py): the ufuncs
# square, reciprocal, hypot, trunc, cbrt, fmax, fmin, deg2rad/radians, rad2deg/degrees,
# heaviside, exp2 (with their ufunc methods), and quantile, ptp, average, rot90,
# unravel_index, ravel_multi_index, indices, tensordot, inner, vdot, kron, sinc,
# nan_to_num, ndim, size, result_type, promote_types, np.True_/np.False_, array_equal's
# Python bool; odd shapes, integer and float32 inputs, scalars, and bad input.
import numpy as np

v = np.array([3.0, -1.5, 2.0, 5.0, -0.5])
f = v.astype(np.float32)
i = np.array([-2, -1, 0, 1, 3])
print(np.square(v), np.square(i), np.square(f).dtype, np.square(3))
print(np.reciprocal(v), np.reciprocal(np.array([1, -1, 2, 4])), np.reciprocal(f).dtype)
print(np.hypot(3.0, 4.0), np.hypot(v, 2.0), np.hypot(np.array([1e300]), 1e300))
print(np.hypot(np.array([0.0, np.inf, np.nan]), np.array([0.0, np.nan, 1.0])))
print(np.trunc(v), np.trunc(i), np.cbrt(np.array([8.0, -27.0, 0.0, 2.0])), np.cbrt(64))
print(np.fmax(np.array([1.0, np.nan, 3.0, np.nan]), np.array([2.0, 0.0, np.nan, np.nan])))
print(np.fmin(np.array([1.0, np.nan, 3.0]), np.array([2.0, 0.0, np.nan])), np.fmax(2, 3))
print(np.deg2rad(180.0), np.radians(np.array([90, 45])), np.rad2deg(np.pi / 2), np.degrees(f[:2]))
print(np.deg2rad(f), np.rad2deg(f.astype(np.float16)), np.deg2rad(f.astype(np.float16)))
print(np.heaviside(np.array([-1.5, 0.0, 2.0, np.nan]), 0.5), np.exp2(np.array([0, 3, -1])))
print(np.square.reduce(np.array([2.0, 3.0])) if np.square.nin == 2 else np.square.nin,
      np.hypot.reduce(np.array([3.0, 4.0, 12.0])), np.fmax.accumulate(np.array([1.0, 5.0, 2.0])))
x = np.arange(12.0).reshape(3, 4)
print(np.quantile(v, 0.5), np.quantile(x, [0.25, 0.75], axis=1), np.quantile(i, 0.3))
print(np.ptp(x), np.ptp(x, axis=0), np.ptp(i, keepdims=True))
print(np.average(v), np.average(x, axis=1, weights=[1, 2, 3, 4]))
print(np.average(x, axis=0, weights=[1, 0, 1], returned=True), np.average(x, returned=True))
print(np.rot90(x), np.rot90(x, 2), np.rot90(x, -1).shape, np.rot90(np.ones((2, 3, 4)), axes=(1, 2)).shape)
print(np.unravel_index(7, (3, 4)), np.unravel_index(np.array([1, 11]), (3, 4)), np.unravel_index(5, (2, 3), order="F"))
print(np.ravel_multi_index((np.array([0, 2]), np.array([1, 3])), (3, 4)), np.ravel_multi_index((1, 2), (3, 4)))
print(np.ravel_multi_index((np.array([3, -1]), np.array([1, 5])), (3, 4), mode="wrap"))
print(np.indices((2, 3)), np.indices((2, 2), sparse=True))
a3 = np.arange(24.0).reshape(2, 3, 4)
print(np.tensordot(a3, np.arange(12.0).reshape(3, 4)), np.tensordot(x, x, axes=([1], [1])))
print(np.tensordot(a3, a3, axes=([0, 1], [0, 1])).shape, np.tensordot(v, v, 1))
print(np.inner(v, v), np.inner(x, np.arange(4.0)), np.inner(2, v), np.vdot(x, x))
print(np.kron(np.array([1, 2]), np.array([1, 10, 100])), np.kron(np.eye(2), np.ones((2, 2))))
print(np.kron(np.array([[1, 2], [3, 4]]), np.array([1, -1])))
print(np.sinc(np.array([0.0, 0.5, 1.0, -1.5])), np.sinc(0))
print(np.nan_to_num(np.array([np.nan, np.inf, -np.inf, 1.0])), np.nan_to_num(np.nan, nan=-1.0))
print(np.nan_to_num(np.array([np.inf, np.nan], np.float32), posinf=9.0), np.nan_to_num(i))
print(np.ndim(x), np.ndim(3), np.size(x), np.size(x, 1), np.size([[1, 2, 3]]))
print(np.result_type(np.float32, np.int64), np.result_type(f, 1.5), np.result_type(i, np.int8),
      np.result_type(np.int8, np.uint8), np.promote_types("f4", "i8"), np.result_type(True, i))
print(np.True_, np.False_, np.True_ == np.bool_(1), np.array_equal(x, x), type(np.array_equal(x, x)))
for bad in (lambda: np.quantile(v, 1.5), lambda: np.rot90(x, axes=(0, 0)),
            lambda: np.unravel_index(12, (3, 4)), lambda: np.tensordot(x, x),
            lambda: np.average(x, weights=[1, 2]), lambda: np.inner(x, v),
            lambda: np.ravel_multi_index((np.array([3]), np.array([0])), (3, 4))):
    try:
        print(bad())
    except Exception as e:
        print(type(e).__name__, e)
