import numpy as np
print(np.array([0.1, 0.2, 0.3], dtype=np.float32))
print(repr(np.array([1 / 3, 2.5], dtype=np.float32)))
print(np.array([1e-7, 1.0], dtype=np.float32))
print(repr(np.array([0.1, 65504.0], dtype=np.float16)))
print(np.arange(5, dtype=np.float16) / 3)
