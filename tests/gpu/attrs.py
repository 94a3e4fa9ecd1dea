import numpy as np
a = np.arange(24, dtype=np.float32).reshape(2, 3, 4)
print(a.shape, a.ndim, a.size, a.nbytes, a.itemsize, a.strides)
print(a.dtype, a.dtype.name, a.dtype.itemsize)
print(a.T.shape, a.T.strides)
b = np.arange(6)
print(b.strides, b[::2].strides, b[::2].shape)
print(repr(b.dtype))
print(a.dtype == np.float32, a.dtype == 'float32', a.dtype == np.float64)
