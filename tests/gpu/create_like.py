import numpy as np
a = np.arange(6).reshape(2, 3)
print(np.zeros_like(a))
print(np.ones_like(a, dtype=np.float64))
print(np.full_like(a, 4))
print(np.full_like(a, 2.7))
print(np.empty_like(a).shape, np.empty_like(a).dtype)
print(repr(np.ones_like(np.array([1.0, 2.0], dtype=np.float32))))
