import numpy as np
a = np.arange(10)
print(a[a > 5], a[a % 2 == 0])
m = np.arange(12).reshape(3, 4)
print(m[m > 6])
print(m[np.array([True, False, True])])
print(m[:, np.array([False, True, True, False])])
a[a > 6] = 0
print(a)
m[m % 3 == 0] = -1
print(m)
try:
    a[np.array([True, False])]
except IndexError as e:
    print(e)
print(a[np.array([], dtype=bool)] if False else a[a > 100])
