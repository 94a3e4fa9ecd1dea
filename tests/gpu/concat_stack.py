import numpy as np
a = np.array([[1, 2], [3, 4]])
b = np.array([[5, 6]])
print(np.concatenate([a, b]))
print(np.concatenate((a, a), axis=1))
print(np.concatenate([np.arange(3), np.array([1.5])]))
print(np.stack([np.arange(3), np.arange(3, 6)]))
print(np.stack([np.arange(3), np.arange(3, 6)], axis=1))
try:
    np.concatenate([a, np.ones((1, 3))])
except ValueError as e:
    print(e)
try:
    np.stack([np.ones(2), np.ones(3)])
except ValueError as e:
    print(e)
