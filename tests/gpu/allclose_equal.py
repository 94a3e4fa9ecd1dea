import numpy as np
a = np.array([1.0, 2.0, 3.0])
print(np.allclose(a, a + 1e-9), np.allclose(a, a + 1e-3))
print(np.allclose(a, [1, 2, 3]), np.allclose(np.array([np.nan]), np.array([np.nan])))
print(np.allclose(np.array([np.nan]), np.array([np.nan]), equal_nan=True))
print(np.array_equal(a, [1, 2, 3]), np.array_equal(a, [1, 2]), np.array_equal(a, a * 2))
print(np.allclose(np.array([1e10]), np.array([1.00001e10])))
