import numpy as np
a = np.arange(3).reshape(3, 1)
b = np.arange(4)
print(a + b)
print(a * b)
c = np.ones((2, 3, 4))
print((c + np.arange(4)).shape, (c * np.arange(3).reshape(3, 1)).shape)
print(np.arange(6).reshape(2, 3) + np.array([10, 20, 30]))
for x, y in [((3,), (4,)), ((2, 3), (3, 2)), ((2, 1, 3), (4, 2))]:
    try:
        np.ones(x) + np.ones(y)
    except ValueError as e:
        print(e)
