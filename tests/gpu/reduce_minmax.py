import numpy as np
a = np.array([[3, 1, 4], [1, 5, 9], [2, 6, 5]])
print(a.min(), a.max(), a.min(axis=0), a.max(axis=1))
print(a.argmin(), a.argmax(), a.argmin(axis=0), a.argmax(axis=1))
print(np.min(a), np.max(a, axis=0), np.argmax(a))
f = np.array([2.5, -1.0, 7.25])
print(f.min(), f.max(), f.argmax())
try:
    np.array([]).max()
except ValueError as e:
    print(e)
try:
    np.array([]).argmin()
except ValueError as e:
    print(e)
print(a.max(axis=1, keepdims=True))
