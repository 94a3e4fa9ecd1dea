import numpy as np
for t in [np.bool_, np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint32, np.float16, np.float32, np.float64]:
    a = np.array([1, 0, 1], dtype=t)
    print(a.dtype, a.itemsize, a, repr(a))
