import numpy as np
a = np.arange(24).reshape(2, 3, 4)
print(a[1], a[0, 2], a[1, 2, 3], a[-1, -1, -1])
print(a[:, 1], a[..., 0], a[0, ..., 1])
print(a[:, :, ::2], a[0, ::-1])
print(a[1, 1:, 1:3])
print(a[None].shape, a[:, None].shape, a[..., None].shape, a[0, np.newaxis].shape)
b = np.arange(10)
print(b[2:8:3], b[::-1], b[-3:], b[:0])
try:
    b[10]
except IndexError as e:
    print(e)
try:
    a[0, 0, 0, 0]
except IndexError as e:
    print(e)
print(b[3] + 1, np.arange(3.0)[1] * 2)
