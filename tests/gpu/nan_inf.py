import numpy as np
np.seterr(all="ignore")
x = np.array([1.0, np.nan, np.inf, -np.inf, 0.0])
print(x)
print(repr(x))
print(np.isnan(x), np.isinf(x), np.isfinite(x))
print(np.array([np.nan]), np.array([np.inf, -np.inf]))
print(np.array([1, 2, 3]) / np.array([0.0, 0.0, 1.0]))
print(np.maximum(np.array([1.0, np.nan]), np.array([2.0, 0.0])))
