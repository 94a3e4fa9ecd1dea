import numpy as np
np.seterr(all="ignore")
a = np.array([100, 120], dtype=np.int8)
print(a + a, a * 2, repr(-a))
u = np.array([250, 5], dtype=np.uint8)
print(u + np.array([10, 10], dtype=np.uint8), repr(u - np.array([10, 10], dtype=np.uint8)))
print(np.array([2], dtype=np.int32) ** 31)
print(np.array([7, -7]) // 0, np.array([7, -7]) % 0)
