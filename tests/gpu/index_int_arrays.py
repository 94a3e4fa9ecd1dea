import numpy as np
a = np.arange(10) * 10
print(a[np.array([1, 3, 5])], a[[0, -1]], a[np.array([[0, 1], [2, 3]])])
m = np.arange(12).reshape(3, 4)
print(m[[0, 2]], m[:, [1, 3]], m[[2, 0], 1:3])
a[[1, 2]] = -1
print(a)
a[np.array([0, 9])] = np.array([7, 8])
print(a)
m[:, [0]] = 99
print(m)
try:
    a[np.array([10])]
except IndexError as e:
    print(e)
