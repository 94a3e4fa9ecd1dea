import numpy as np
a = np.array([1, 2, 3, 4])
print(a < 3, a <= 3, a > 3, a >= 3, a == 2, a != 2)
print(a == np.array([1, 0, 3, 0]))
print(np.array([1.5, np.nan]) == np.array([1.5, np.nan]))
print(repr(a > 2))
print(np.equal(a, 2), np.less(a, 3), np.greater_equal(a, 3))
m = np.arange(6).reshape(2, 3)
print(m > np.array([0, 4, 1]))
