# numpy.linalg's errors: LinAlgError (a ValueError) for singular, non-square, 1-d and non
# positive-definite input; TypeError for float16; ValueError for bad shapes and options.
import numpy as np

LA = np.linalg


def attempt(label, f, *args, **kw):
    try:
        r = f(*args, **kw)
        print(label, "ok", np.round(np.asarray(r, dtype=float), 4).tolist() if not isinstance(r, tuple) else len(r))
    except Exception as e:
        print(label, type(e).__name__, e)


print(issubclass(LA.LinAlgError, ValueError), LA.LinAlgError.__name__)
try:
    LA.inv(np.zeros((2, 2)))
except LA.LinAlgError as e:
    print("caught", e)
except ValueError:
    print("not caught as LinAlgError")

sing = np.array([[1.0, 2.0], [2.0, 4.0]])
attempt("inv singular", LA.inv, sing)
attempt("inv zeros", LA.inv, np.zeros((3, 3)))
attempt("inv singular stack", LA.inv, np.stack([np.eye(2), sing]))
attempt("solve singular", LA.solve, sing, np.ones(2))
attempt("solve singular 2d", LA.solve, np.zeros((3, 3)), np.ones((3, 2)))
attempt("inv 1d", LA.inv, np.ones(3))
attempt("inv 0d", LA.inv, np.float64(2.0))
attempt("inv nonsquare", LA.inv, np.ones((2, 3)))
attempt("det nonsquare", LA.det, np.ones((3, 2)))
attempt("det 1d", LA.det, np.ones(4))
attempt("slogdet nonsquare", LA.slogdet, np.ones((2, 2, 3)))
attempt("cholesky nonpd", LA.cholesky, np.array([[1.0, 2.0], [2.0, 1.0]]))
attempt("cholesky neg", LA.cholesky, -np.eye(3))
attempt("cholesky nonsquare", LA.cholesky, np.ones((2, 3)))
attempt("eigh nonsquare", LA.eigh, np.ones((2, 3)))
attempt("eigh 1d", LA.eigh, np.ones(3))
attempt("eigh UPLO", LA.eigh, np.eye(2), "X")
attempt("eigvalsh UPLO", LA.eigvalsh, np.eye(2), UPLO="lower")
attempt("svd 1d", LA.svd, np.ones(3))
attempt("qr 1d", LA.qr, np.ones(3))
attempt("qr mode", LA.qr, np.eye(2), "bogus")
attempt("solve b shape", LA.solve, np.eye(3), np.ones(4))
attempt("solve b shape 2d", LA.solve, np.eye(3), np.ones((4, 2)))
attempt("solve nonsquare", LA.solve, np.ones((2, 3)), np.ones(2))
attempt("lstsq dims", LA.lstsq, np.ones((3, 2)), np.ones(4))
attempt("lstsq 3d", LA.lstsq, np.ones((2, 3, 2)), np.ones((2, 3)))
attempt("norm vec ord", LA.norm, np.ones(3), "fro")
attempt("norm mat ord", LA.norm, np.ones((2, 2)), 3)
attempt("norm axes dup", LA.norm, np.ones((2, 2)), None, (0, 0))
attempt("norm axes 3", LA.norm, np.ones((2, 2, 2)), None, (0, 1, 2))
try:
    LA.norm(np.ones((2, 2)), None, (0, 5))
except ValueError as e:
    print("norm axis bad", e)
attempt("matrix_rank both", LA.matrix_rank, np.eye(2), 1e-3, rtol=1e-3)
attempt("pinv both", LA.pinv, np.eye(2), 1e-3, rtol=1e-3)
attempt("matrix_power float", LA.matrix_power, np.eye(2), 1.5)
attempt("matrix_power singular", LA.matrix_power, sing, -1)
attempt("cond empty", LA.cond, np.zeros((0, 0)))
for f in (LA.inv, LA.det, LA.cholesky, LA.eigvalsh, LA.svd, LA.qr, LA.pinv):
    attempt("float16 " + f.__name__, f, np.eye(2, dtype=np.float16))
attempt("solve float16", LA.solve, np.eye(2), np.ones(2, dtype=np.float16))
