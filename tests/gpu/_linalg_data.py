# _linalg_data.py: what the linalg conformance scripts share (imported from tests/gpu, which
# is their working directory under krait and CPython alike): fixed pseudo-random matrices and
# a tolerant printout.
import numpy as np


def mat(shape, seed):
    """Uniform values in [-2, 2) from a fixed linear congruential sequence."""
    n = 1
    for s in shape:
        n *= s
    state = seed * 2654435761 % 2**31 + 1
    vals = []
    for _ in range(n):
        state = (1103515245 * state + 12345) % 2**31
        vals.append(state / 2**31 * 4.0 - 2.0)
    return np.array(vals).reshape(shape)


def show(label, x, digits=5):
    """label, dtype, shape and the values rounded to digits (no negative zeros)."""
    x = np.asarray(x)
    r = np.round(x.astype(np.float64), digits)
    r = np.where(r == 0, 0.0, r)
    print(label, x.dtype, x.shape, r.tolist())
