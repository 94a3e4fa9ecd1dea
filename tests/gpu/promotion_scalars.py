import numpy as np
for t in [np.bool_, np.int8, np.int32, np.int64, np.uint8, np.float16, np.float32, np.float64]:
    a = np.ones(2, dtype=t)
    print(str(a.dtype), (a + 1).dtype, (a + 1.5).dtype, (a + True).dtype, (a * 2).dtype)
print(np.array([1, 2], dtype=np.int8) + 100)
try:
    np.array([1], dtype=np.int8) + 300
except OverflowError as e:
    print("OverflowError", e)
print((np.arange(3) / 2).dtype, (np.arange(3, dtype=np.int8) / 2).dtype)
print((np.arange(3, dtype=np.float32) / 2).dtype)
