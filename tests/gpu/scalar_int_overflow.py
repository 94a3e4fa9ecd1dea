# Integer NumPy scalars warn on overflow as NumPy 2 does ("overflow encountered in scalar
# add", ... subtract, multiply, floor_divide of the minimum by -1, negative and absolute of
# the minimum; not uint64 subtraction, power or the ufunc np.add of scalars) and on // and %
# by zero; the wrapped values. On CUDA host scalars take the host loop (no launch).
import numpy as np
tests = [lambda: np.int8(100) + np.int8(100), lambda: np.int8(-100) - np.int8(100), lambda: np.int16(300) * np.int16(300),
 lambda: np.int64(2**62) * 4, lambda: np.int64(2**63-1) + 1, lambda: np.uint8(0) - np.uint8(1), lambda: np.uint64(0) - np.uint64(1),
 lambda: np.uint64(2**63) * np.uint64(2), lambda: np.int32(7) // np.int32(0), lambda: np.int32(7) % np.int32(0),
 lambda: np.int8(2) ** 10, lambda: -np.int8(-128), lambda: abs(np.int8(-128)), lambda: np.int8(-128) // np.int8(-1),
 lambda: np.int8(5) + 300, lambda: np.int32(5) + np.int64(2**62) * 2, lambda: np.int8(100) + 100,
 lambda: np.add(np.int8(100), np.int8(100)), lambda: np.uint32(5) - np.uint32(6), lambda: np.int64(-2**63) * -1]
for i, t in enumerate(tests):
    try:
        r = t()
        print(i, repr(r))
    except Exception as e:
        print(i, type(e).__name__, e)
