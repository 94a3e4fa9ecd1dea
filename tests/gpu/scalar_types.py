import numpy as np
a = np.arange(4)
f = np.arange(4.0)
print(a[1] + 1, f[1] * 2, a.sum() + 0, f.max())
print(np.float64(2.5), np.int64(7), np.float32(0.5))
print(np.array([1, 2]).sum() == 3, float(np.sqrt(np.array([4.0]))[0]))
