import numpy as np
ts = [np.bool_, np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint32, np.float16, np.float32, np.float64]
for x in ts:
    row = []
    for y in ts:
        r = np.ones(1, dtype=x) + np.ones(1, dtype=y)
        row.append(str(r.dtype))
    print(x.__name__ if hasattr(x, '__name__') else x, row)
