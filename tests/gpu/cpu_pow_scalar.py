# NumPy scalars' x ** 2, x ** 0.5 and x ** -1 warn as "scalar power" (arrays: square, sqrt,
# reciprocal: tests/gpu/pow_fast). CPU backend only: on CUDA a NumPy scalar's warning is
# reported at the next wait, after the catch_warnings block (issue 9).
import warnings

import numpy as np

# NumPy scalars keep "scalar power"
for v, e in ((np.float32(3e38), 2), (np.float64(-1), 0.5), (np.float32(0), -1)):
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")
        r = float(v ** e)
    print(r, [str(x.message) for x in w])
