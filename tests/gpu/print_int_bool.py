import numpy as np
print(np.array([1, -20, 300]))
print(repr(np.array([[1, -20], [300, 4]])))
print(np.array([True, False]), np.array([True, True]), repr(np.array([[True], [False]])))
print(repr(np.array([1, 2], dtype=np.uint8)), repr(np.array([-5], dtype=np.int16)))
print(np.array(True), repr(np.array(False)), repr(np.array(3, dtype=np.int32)))
