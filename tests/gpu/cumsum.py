import numpy as np
a = np.arange(1, 7).reshape(2, 3)
print(a.cumsum(), a.cumsum(axis=0), a.cumsum(axis=1))
print(np.cumsum(np.array([0.5, 1.5, 2.0])))
print(np.cumsum(np.array([True, True, False])))
print(np.cumprod(np.array([1, 2, 3, 4])))
