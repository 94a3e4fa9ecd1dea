import numpy as np
import os
a = np.arange(12, dtype=np.float32).reshape(3, 4) / 4
np.save("_tmp_gpu_test.npy", a)
b = np.load("_tmp_gpu_test.npy")
print(b.dtype, b.shape, np.array_equal(a, b))
print(b)
c = np.array([True, False, True])
np.save("_tmp_gpu_test2", c)
print(np.load("_tmp_gpu_test2.npy"))
d = np.arange(5, dtype=np.int16)
np.save("_tmp_gpu_test3.npy", d)
print(repr(np.load("_tmp_gpu_test3.npy")))
for f in ["_tmp_gpu_test.npy", "_tmp_gpu_test2.npy", "_tmp_gpu_test3.npy"]:
    os.remove(f)
