# a.view (same dtype, another dtype of the same or another itemsize, ndarray as the type),
# a.base, np.array2string with its common arguments, and their errors.
import numpy as np

a = np.arange(6.).reshape(2, 3)
print(a.view(np.int64).dtype, a.view(np.float32).shape, a.base is not None, np.arange(3).base)
print(repr(np.arange(4, dtype=np.int8).view(np.int16)), repr(np.array([1.0]).view(np.uint64)))
print(repr(a.view(np.ndarray)), repr(np.array([1, 256], np.int16).view(np.uint8)))
v = a.view()
v[0, 0] = 42
print(a[0, 0], v.base is not None, a.copy().base, np.zeros(3).view(bool).shape)
u = np.arange(8, dtype=np.uint16).view(np.uint64)
print(repr(u), repr(np.full(2, -1, np.int32).view(np.uint32)), repr(np.zeros(2, np.float16).view(np.int16)))
w = np.arange(12, dtype=np.int32).reshape(3, 4)[1:]
print(repr(w.view(np.int64)), repr(w.T.view(np.float32).shape))
for f in (lambda: a[:, ::2].view(np.float32), lambda: np.arange(3, dtype=np.int8).view(np.int16),
          lambda: np.array(1.).view(np.int32), lambda: a.view(np.int8, bogus=1),
          lambda: a.view("q2")):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)

x = np.arange(6.).reshape(2, 3) / 3
print(np.array2string(x))
print(np.array2string(x, separator=", "))
print(np.array2string(x, precision=2), np.array2string(np.arange(5)))
print(np.array2string(np.arange(30.), max_line_width=40))
print(np.array2string(np.arange(30.), max_line_width=40, separator=", "))
print(np.array2string(np.arange(2000), threshold=10, edgeitems=2))
print(np.array2string(np.array([True, False]), separator=", "), np.array2string(np.array(3.5)))
for f in (lambda: np.array2string(x, bogus=1),):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)
