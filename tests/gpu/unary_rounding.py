import numpy as np
x = np.array([-2.5, -1.5, -0.5, 0.5, 1.5, 2.5, 3.7])
print(np.floor(x), np.ceil(x))
print(np.round(x), np.rint(x))
print(np.round(np.array([1.234, 5.678]), 1))
print(np.round(np.array([1234, 5678]), -2))
print(np.sign(np.array([-3, 0, 2])), np.sign(np.array([-1.5, 0.0, 2.0])))
print(np.abs(np.array([-1, 2, -3])), np.absolute(np.array([-1.5])))
print(np.array([1.26, 2.35]).round(1))
