# NumPy scalars' ndarray methods and attributes return scalars where the 0-d array result
# would be 0-d (NumPy's PyArray_Return): round, clip, sum, copy, T, real, reshape(()),
# astype; arrays where the result has dimensions (reshape(1), flatten, repeat).
import numpy as np

for x in (np.float32(2.5), np.float64(-1.25), np.int64(7), np.float16(3.5), np.uint8(200)):
    print(repr(x.round()), repr(x.clip(0, 3)), repr(x.sum()), repr(x.copy()), repr(x.T))
    print(repr(x.real), repr(x.reshape(())), repr(x.astype(np.float64)), repr(x.max()))
    print(repr(x.reshape(1)), repr(x.flatten()), repr(x.repeat(2)), x.ndim, x.shape, x.size)
print(repr(np.float64(2.567).round(2)), repr(np.float32(1.5).mean()), repr(np.int32(-3).__abs__()))
print(repr(np.float64(3.0).prod()), repr(np.int64(5).cumsum()), repr(np.float32(0.5).std()))
