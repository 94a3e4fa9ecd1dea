import numpy as np
print(np.linspace(0, 1, 5))
print(repr(np.linspace(0, 10, 4)))
print(np.linspace(0, 1, 5, endpoint=False))
print(np.linspace(2, 3, 1))
print(np.eye(3))
print(np.eye(2, 3))
print(np.eye(3, k=1))
print(repr(np.eye(2, dtype=np.int32)))
