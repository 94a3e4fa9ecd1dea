# polyfit (least squares through a column-scaled Vandermonde matrix), polyval, vander:
# exact fits, noisy fits, several right-hand sides, weights, float32 input, bad input.
import numpy as np


def r(a, d):  # rounded, with no negative zeros (the last bits of a zero coefficient)
    return np.round(a, d) + 0.0


x = np.linspace(-2, 3, 11)
print(r(np.polyfit(x, 3 * x**2 - 2 * x + 0.5, 2), 10))
print(r(np.polyfit(x, 2 * x - 1, 1), 10))
print(r(np.polyfit(x, 0 * x + 4, 0), 10))
print(r(np.polyfit(x, x**3, 3), 8))
print(r(np.polyfit(x, np.sin(x), 5), 8))
print(r(np.polyfit([0, 1, 2, 3], [1, 3, 2, 5], 1), 10), r(np.polyfit([0, 1, 2, 3], [1, 3, 2, 5], 1, rcond=1e-3), 10))
ys = np.stack([x**2, 1 - x], axis=1)
print(r(np.polyfit(x, ys, 2), 10))
w = np.linspace(1, 2, 11)
print(r(np.polyfit(x, np.cos(x), 3, w=w), 8))
print(r(np.polyfit(x.astype(np.float32), (x**2).astype(np.float32), 2), 4))
print(np.polyfit(np.arange(5), np.arange(5), 1).dtype)
p = np.polyfit(x, np.exp(x / 3), 4)
print(np.allclose(np.polyval(p, x), np.exp(x / 3), atol=1e-3))
print(np.polyval([1, 2, 3], 2), np.polyval(np.array([1.0, -1.0]), np.array([[1.0, 2.0], [3.0, 4.0]])))
print(np.polyval([3], 7.0), repr(np.polyval([], 2.0)))

print(np.vander([1, 2, 3]))
print(np.vander(np.array([1.5, -2.0]), 4))
print(np.vander([1, 2, 3], 3, increasing=True))
print(np.vander(np.arange(4), 0).shape)

for bad in (lambda: np.polyfit(x, x, -1), lambda: np.polyfit(np.ones((2, 2)), np.ones(2), 1),
            lambda: np.polyfit([], [], 1), lambda: np.polyfit(x, np.ones((2, 2, 2)), 1),
            lambda: np.polyfit(x, x[:3], 1), lambda: np.polyfit(x, x, 1, w=np.ones(3)),
            lambda: np.vander(np.ones((2, 2)))):
    try:
        bad()
    except Exception as e:
        print(type(e).__name__, e)
