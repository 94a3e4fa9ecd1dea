import numpy as np
a = np.array([12, 10, 7])
b = np.array([10, 6, 1])
print(a & b, a | b, a ^ b, ~a)
print(a << 2, a >> 1)
t = np.array([True, False, True])
f = np.array([True, True, False])
print(t & f, t | f, t ^ f, ~t)
print(np.array([5], dtype=np.uint8) & 3)
try:
    np.array([1.5]) & 1
except TypeError as e:
    print("TypeError", e)
