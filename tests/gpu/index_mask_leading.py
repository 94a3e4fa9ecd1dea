import numpy as np
# a k-d boolean mask selects over the first k axes
a = np.arange(24).reshape(2, 3, 4)
m = a[:, :, 0] > 5
print(m)
print(a[m])
print(a[m].shape)
b = a.copy()
b[m] = 0
print(b)
b[m] = np.array([7, 8, 9, 10])
print(b)
m1 = np.array([True, False])
print(a[m1].shape, a[m1])
c = a.copy()
c[m1] = -1
print(c)
f = np.arange(24, dtype=np.float32).reshape(2, 3, 4)
print(f[f[:, :, 1] > 10])
print(a[:, m[0]])
print(a[m.T.T])
t = a.transpose(1, 0, 2)
mt = t[:, :, 0] % 8 == 0
print(t[mt])
print(a[a > 20])
z = a.copy()
z[z > 20] = 100
print(z)
for bad in (np.ones((2, 4), dtype=bool), np.ones((3, 3), dtype=bool)):
    try:
        a[bad]
    except IndexError as e:
        print("IndexError:", e)
try:
    a[np.ones((2, 3, 4, 1), dtype=bool)]
except IndexError as e:
    print("IndexError:", e)
