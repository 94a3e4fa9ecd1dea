import numpy as np
a = np.arange(5)
a += 1
print(a)
a *= 3
print(a)
a -= np.array([1, 1, 1, 1, 1])
print(a)
a //= 2
print(a)
f = np.ones(3)
f /= 4
print(f)
f **= 2
print(f)
try:
    a += 1.5
except Exception as e:
    print(isinstance(e, TypeError), e)
b = np.zeros((2, 3))
b += np.array([1, 2, 3])
print(b)
v = b[0]
v += 10
print(b)
