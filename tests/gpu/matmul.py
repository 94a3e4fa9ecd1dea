import numpy as np
a = np.arange(6).reshape(2, 3)
b = np.arange(12).reshape(3, 4)
print(a @ b)
print(np.matmul(a, b), np.dot(a, b).shape)
v = np.array([1, 2, 3])
print(a @ v, v @ v, v @ b)
print(a.dot(v))
x = np.ones((2, 2, 3))
y = np.ones((2, 3, 2))
print(x @ y)
print(np.ones((2, 3)) @ np.eye(3))
try:
    a @ a
except ValueError as e:
    print(e)
print(np.dot(3, 4), np.dot(np.array([1.5, 2.0]), np.array([2.0, 4.0])))
