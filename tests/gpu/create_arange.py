import numpy as np
print(np.arange(5))
print(np.arange(2, 10, 3))
print(np.arange(10, 0, -2))
print(np.arange(0.0, 1.0, 0.25))
print(repr(np.arange(3, dtype=np.float32)))
print(np.arange(0))
print(repr(np.arange(1, 2, 0.1)))
print(np.arange(5).dtype)
