import numpy as np
a = np.arange(12).reshape(3, 4)
v = a[1]
v[0] = 100
print(a)
s = a[:, 1:3]
s[:] = 0
print(a)
t = a.T
t[0, 0] = -5
print(a[0, 0])
r = a[::2, ::2]
r *= 10
print(a)
