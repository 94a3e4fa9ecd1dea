import numpy as np
print(repr(np.array([])), np.array([]))
print(repr(np.zeros((0, 2))), repr(np.zeros((2, 0))))
print(repr(np.array([], dtype=np.int64)), repr(np.array([], dtype=bool)))
print(np.zeros((0, 3)).shape, np.array([]).dtype)
