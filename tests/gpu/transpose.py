import numpy as np
a = np.arange(6).reshape(2, 3)
print(a.T)
print(a.transpose())
b = np.arange(24).reshape(2, 3, 4)
print(b.transpose(1, 0, 2).shape, b.transpose((2, 0, 1)).shape)
print(b.transpose(2, 0, 1)[1])
print(np.transpose(a))
print(a.T.T)
