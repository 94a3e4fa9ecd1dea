import numpy as np
a = np.arange(12)
print(a.reshape(3, 4))
print(a.reshape((2, -1)))
print(a.reshape(2, 3, 2).shape)
b = a.reshape(3, 4)
print(b.ravel(), b.T.ravel(), b.flatten())
print(np.reshape(a, (4, 3)).shape, np.ravel(b).shape)
try:
    a.reshape(5, 3)
except ValueError as e:
    print(e)
try:
    a.reshape(-1, -1)
except ValueError as e:
    print(e)
c = b.reshape(12)
c[0] = 100
print(a[0])
a.shape = (4, 3)
print(a.shape)
