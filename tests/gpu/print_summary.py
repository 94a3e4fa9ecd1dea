import numpy as np
print(np.arange(2000))
print(repr(np.arange(1001)))
print(np.arange(3000).reshape(30, 100))
print(repr(np.arange(2000.0)))
print(np.zeros((1001,), dtype=np.int32))
