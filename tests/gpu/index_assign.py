import numpy as np
a = np.zeros((3, 4))
a[0] = 1
a[1, 2] = 5
a[2, :] = np.arange(4)
a[:, 3] = [7, 8, 9]
print(a)
a[...] = 2
print(a)
b = np.arange(5)
b[1:4] = 0
b[-1] = 2.9
print(b)
try:
    a[0] = np.ones(3)
except ValueError as e:
    print(e)
c = np.arange(6)
c[1:] = c[:-1]
print(c)
