# _diffcheck.py: the printing helpers every generated differential test imports
# (tests/gpu_diff/gen.py writes the tests; this file is not a test itself). Run by krait and,
# for the expected output, by CPython with NumPy 2: the same code prints both sides.
import math

import numpy as np


SIGNIFICANT = {"float16": ".3g", "float32": ".6g", "float64": ".12g"}


def rounded(v, spec):
    # A GPU may contract a*b+c into one FMA or sum in another order: the last place of a
    # float may differ from NumPy's, so floats are compared to a few digits short of their
    # precision; a wrong index or stride still changes the printed digits.
    if isinstance(v, list):
        return [rounded(x, spec) for x in v]
    return float(format(v, spec)) + 0.0


def show(tag, r):
    # + 0.0 turns -0.0 into 0.0: the sign of a zero from maximum/minimum of 0.0 and -0.0
    # depends on NumPy's SIMD loops
    if isinstance(r, np.ndarray) and r.ndim > 0:
        if r.dtype.kind == "f":
            print(tag, r.dtype, r.shape, rounded(r.tolist(), SIGNIFICANT[str(r.dtype)]))
        else:
            print(tag, r.dtype, r.shape, r.tolist())
    else:
        r = np.asarray(r)
        if r.dtype.kind == "f":
            print(tag, "scalar", rounded(r.tolist(), SIGNIFICANT[str(r.dtype)]))
        else:
            print(tag, "scalar", r.tolist())


def near(tag, r, f, x, rtol):
    ref = np.array([f(v) for v in np.asarray(x, dtype=np.float64).ravel().tolist()])
    got = np.asarray(r, dtype=np.float64).ravel()
    print(tag, r.dtype, r.shape, bool(np.allclose(got, ref, rtol=rtol, atol=rtol, equal_nan=True)))


def rowstat(tag, r, rows, ddof, root, rtol):
    # var/std of each row of a 2-D array, in plain Python
    ref = []
    for row in rows:
        m = sum(row) / len(row)
        v = sum((x - m) * (x - m) for x in row) / (len(row) - ddof)
        ref.append(math.sqrt(v) if root else v)
    got = np.asarray(r, dtype=np.float64).ravel().tolist()
    ok = len(got) == len(ref) and all(abs(a - b) <= rtol * (1 + abs(b)) for a, b in zip(got, ref))
    print(tag, np.asarray(r).shape, ok)
