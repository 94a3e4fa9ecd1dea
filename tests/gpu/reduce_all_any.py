import numpy as np
a = np.array([[True, False], [True, True]])
print(a.all(), a.any(), a.all(axis=0), a.any(axis=1))
print(np.all(np.array([1, 2, 3])), np.any(np.array([0, 0])), np.any(np.array([0.0, 0.5])))
print(np.all(a, axis=1), repr(np.any(a, axis=0)))
print(np.array([]).all(), np.array([]).any())
