import numpy as np
a = np.array([1.7, -2.2, 3.5])
print(a.astype(np.int32), a.astype(int), repr(a.astype(np.float32)))
print(a.astype(bool), np.array([0, 2]).astype(np.float64))
print(repr(np.array([300, -1]).astype(np.uint8)))
c = a.copy()
c[0] = 0
print(a, c)
d = np.zeros(4)
d.fill(3)
print(d)
e = np.arange(4)
e.fill(2.9)
print(e)
