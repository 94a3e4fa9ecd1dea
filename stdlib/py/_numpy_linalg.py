"""numpy.linalg for krait's gpu/numpy module: NumPy 2's functions, argument checks, result
types and error messages, written over the native LAPACK/cuSOLVER calls of
stdlib/gpu/gpu_linalg.c (_getrf, _getrs, _potrf, _syevd, _gesvd, _geqrf, _orgqr), which the
numpy module adds to this module with `np` when it loads it. On CUDA every step runs on the
device (the natives call cuSOLVER; the rest are array operations), so results stay there.

As NumPy does, matrices are computed in float64 (float32 input gives float32 results) and
handed to LAPACK as column-major copies; a native overwrites the copy with its result and
reports one info word per matrix of the stack, which becomes LinAlgError here."""

from collections import namedtuple as _namedtuple

from _numpy_exceptions import normalize_axis as _norm_axis

np = None  # the numpy module, set when it loads this file


class LinAlgError(ValueError):
    """Generic Python-exception-derived object raised by linalg functions."""

    __module__ = "numpy.linalg"


EighResult = _namedtuple("EighResult", ["eigenvalues", "eigenvectors"])
SVDResult = _namedtuple("SVDResult", ["U", "S", "Vh"])
QRResult = _namedtuple("QRResult", ["Q", "R"])
SlogdetResult = _namedtuple("SlogdetResult", ["sign", "logabsdet"])


# ---- argument checks and layout ----

def _result_type(*arrays):
    """NumPy's _commonType: float32 when every input is float32, float64 otherwise; float16
    (and bfloat16) are refused."""
    double = False
    for a in arrays:
        dt = a.dtype
        if dt == np.float64:
            double = True
        elif dt == np.float32:
            pass
        elif dt.kind == "f":
            raise TypeError(f"array type {dt.name} is unsupported in linalg")
        else:
            double = True
    return np.float64 if double else np.float32


def _assert_stacked_2d(*arrays):
    for a in arrays:
        if a.ndim < 2:
            raise LinAlgError(
                "%d-dimensional array given. Array must be at least two-dimensional" % a.ndim)


def _assert_stacked_square(*arrays):
    _assert_stacked_2d(*arrays)
    for a in arrays:
        if a.shape[-1] != a.shape[-2]:
            raise LinAlgError("Last 2 dimensions of the array must be square")


def _fortran(a):
    """A fresh float64 copy of the stack a (..., m, n), laid out column-major: a C-contiguous
    array of shape (..., n, m), which the natives overwrite."""
    return np.array(np.swapaxes(a, -1, -2), dtype=np.float64, order="C")


def _unfortran(f, dt):
    """The stack a column-major f (..., n, m) holds, as a C-contiguous array of dtype dt."""
    return np.array(np.swapaxes(f, -1, -2), dtype=dt, order="C")


def _broadcast_batch(s1, s2, what):
    n = max(len(s1), len(s2))
    s1 = (1,) * (n - len(s1)) + tuple(s1)
    s2 = (1,) * (n - len(s2)) + tuple(s2)
    out = []
    for x, y in zip(s1, s2):
        if x != y and x != 1 and y != 1:
            raise ValueError(what)
        out.append(y if x == 1 else x)
    return tuple(out)


def _expand(a, shape):
    """a broadcast to shape, as a new array."""
    if a.shape == tuple(shape):
        return a
    return a + np.zeros(shape, dtype=a.dtype)


def _diag(f):
    """The diagonals of a stack of square matrices (..., n, n), as a view (..., n)."""
    n = f.shape[-1]
    return f.reshape(f.shape[:-2] + (n * n,))[..., :: n + 1]


# ---- LU: det, slogdet, inv, solve ----

def _lu(a):
    f = _fortran(a)
    ipiv, info = _getrf(f)
    return f, ipiv, info


def _lu_logdet(a):
    """sign and log|det| of each matrix, from its LU factors (as NumPy's umath_linalg)."""
    n = a.shape[-1]
    f, ipiv, info = _lu(a)
    d = _diag(f)
    swaps = (ipiv != np.arange(1, n + 1, dtype=np.int32)).sum(axis=-1)
    sign = 1.0 - 2.0 * (swaps % 2)
    neg = (d < 0).sum(axis=-1)
    sign = sign * (1.0 - 2.0 * (neg % 2))
    zero = (d == 0).any(axis=-1)
    sign = np.where(zero, 0.0, sign)
    with _quiet():
        logdet = np.log(np.abs(d)).sum(axis=-1)
    logdet = np.where(zero, -np.inf, logdet)
    return sign, logdet


class _quiet:
    """np.errstate(all='ignore') where the numpy module has it."""

    def __enter__(self):
        es = getattr(np, "errstate", None)
        self._cm = es(all="ignore") if es is not None else None
        if self._cm is not None:
            self._cm.__enter__()
        return self

    def __exit__(self, *exc):
        if self._cm is not None:
            self._cm.__exit__(*exc)
        return False


def slogdet(a):
    a = np.asarray(a)
    _assert_stacked_square(a)
    rt = _result_type(a)
    sign, logdet = _lu_logdet(a)
    return SlogdetResult(_cast(sign, rt), _cast(logdet, rt))


def det(a):
    a = np.asarray(a)
    _assert_stacked_square(a)
    rt = _result_type(a)
    sign, logdet = _lu_logdet(a)
    return _cast(sign * np.exp(logdet), rt)


def _cast(x, dt):
    """x as dtype dt: 0-d results become NumPy scalars, as NumPy's gufuncs return them."""
    if isinstance(x, np.ndarray):
        if x.ndim == 0:
            return x.astype(dt)[()]
        return x.astype(dt)
    return dt(x)


def inv(a):
    a = np.asarray(a)
    _assert_stacked_square(a)
    rt = _result_type(a)
    n = a.shape[-1]
    f, ipiv, info = _lu(a)
    if info.any():
        raise LinAlgError("Singular matrix")
    x = np.zeros(f.shape, dtype=np.float64) + np.eye(n)
    _getrs(f, ipiv, x, False)
    return _unfortran(x, rt)


def solve(a, b):
    a = np.asarray(a)
    _assert_stacked_square(a)
    b = np.asarray(b)
    rt = _result_type(a, b)
    n = a.shape[-1]
    if b.ndim == 1:
        if b.shape[0] != n:
            raise ValueError(
                "solve1: Input operand 1 has a mismatch in its core dimension 0, with gufunc "
                f"signature (m,m),(m)->(m) (size {b.shape[0]} is different from {n})")
        batch = a.shape[:-2]
        k = 1
    else:
        if b.shape[-2] != n:
            raise ValueError(
                "solve: Input operand 1 has a mismatch in its core dimension 0, with gufunc "
                f"signature (m,m),(m,n)->(m,n) (size {b.shape[-2]} is different from {n})")
        k = b.shape[-1]
        batch = _broadcast_batch(
            a.shape[:-2], b.shape[:-2],
            "operands could not be broadcast together with remapped shapes "
            f"[original->remapped]: {a.shape}->{a.shape[:-2] + (n, n)} "
            f"{b.shape}->{b.shape[:-2] + (n, k)}")
    f, ipiv, info = _lu(_expand(a, batch + (n, n)))
    if info.any():
        raise LinAlgError("Singular matrix")
    if b.ndim == 1:
        x = np.array(_expand(b, batch + (n,)), dtype=np.float64).reshape(batch + (1, n))
        _getrs(f, ipiv, x, False)
        return np.array(x.reshape(batch + (n,)), dtype=rt)
    x = _fortran(_expand(b, batch + (n, k)))
    _getrs(f, ipiv, x, False)
    return _unfortran(x, rt)


def matrix_power(a, n):
    a = np.asarray(a)
    _assert_stacked_square(a)
    if not isinstance(n, int):
        try:
            n = n.__index__()
        except (AttributeError, TypeError):
            raise TypeError("exponent must be an integer")
    if n == 0:
        return np.zeros(a.shape, dtype=a.dtype) + np.eye(a.shape[-2], dtype=a.dtype)
    if n < 0:
        a = inv(a)
        n = -n
    result = None
    z = None
    while n > 0:
        z = a if z is None else np.matmul(z, z)
        n, bit = divmod(n, 2)
        if bit:
            result = z if result is None else np.matmul(result, z)
    return result


# ---- Cholesky, eigh ----

def cholesky(a, /, *, upper=False):
    a = np.asarray(a)
    _assert_stacked_square(a)
    rt = _result_type(a)
    f = _fortran(a)
    info = _potrf(f, upper)
    if info.any():
        raise LinAlgError("Matrix is not positive definite")
    r = _unfortran(f, rt)
    return np.triu(r) if upper else np.tril(r)


def _uplo(UPLO):
    if not isinstance(UPLO, str):
        raise AttributeError(f"'{type(UPLO).__name__}' object has no attribute 'upper'")
    UPLO = UPLO.upper()
    if UPLO not in ("L", "U"):
        raise ValueError("UPLO argument must be 'L' or 'U'")
    return UPLO == "U"


def eigh(a, UPLO="L"):
    upper = _uplo(UPLO)
    a = np.asarray(a)
    _assert_stacked_square(a)
    rt = _result_type(a)
    f = _fortran(a)
    w, info = _syevd(f, True, upper)
    if info.any():
        raise LinAlgError("Eigenvalues did not converge")
    return EighResult(w.astype(rt), _unfortran(f, rt))


def eigvalsh(a, UPLO="L"):
    upper = _uplo(UPLO)
    a = np.asarray(a)
    _assert_stacked_square(a)
    rt = _result_type(a)
    w, info = _syevd(_fortran(a), False, upper)
    if info.any():
        raise LinAlgError("Eigenvalues did not converge")
    return w.astype(rt)


# ---- SVD and what is built on it ----

def _svd(a, full_matrices, compute_uv, rt):
    """(u, s, vh) of the stack a, u and vh None without compute_uv. LAPACK's gesvd wants
    m >= n; a wide matrix is factored as its transpose (whose column-major copy is a's own
    C layout), and the factors swap roles."""
    m, n = a.shape[-2:]
    job = ("A" if full_matrices else "S") if compute_uv else "N"
    if m >= n:
        s, u, vt, info = _gesvd(_fortran(a), job)
        if info.any():
            raise LinAlgError("SVD did not converge")
        if not compute_uv:
            return None, s.astype(rt), None
        return _unfortran(u, rt), s.astype(rt), _unfortran(vt, rt)
    s, u2, vt2, info = _gesvd(np.array(a, dtype=np.float64, order="C"), job)
    if info.any():
        raise LinAlgError("SVD did not converge")
    if not compute_uv:
        return None, s.astype(rt), None
    # a^T = u2 s vt2, so a = vt2^T s u2^T: each column-major factor read in C order
    return vt2.astype(rt), s.astype(rt), u2.astype(rt)


def svd(a, full_matrices=True, compute_uv=True, hermitian=False):
    a = np.asarray(a)
    if hermitian:
        if compute_uv:
            s, u = eigh(a)
            sgn = np.sign(s)
            sgn = np.where(sgn == 0, 1.0, sgn)
            s = np.abs(s)
            order = np.argsort(s, axis=-1)[..., ::-1]
            n = s.shape[-1]
            batch = s.shape[:-1]
            # one flat index per (matrix, position): the numpy module takes one advanced
            # index per subscript
            flat = (order.reshape(-1, n) + n * np.arange(order.size // n if n else 0)[:, None])
            flat = flat.reshape(-1)
            s = s.reshape(-1)[flat].reshape(batch + (n,))
            g = sgn.reshape(-1)[flat].reshape(batch + (n,))
            ut = np.swapaxes(u, -1, -2).reshape(-1, n)[flat]
            u = np.ascontiguousarray(np.swapaxes(ut.reshape(batch + (n, n)), -1, -2))
            vt = np.swapaxes(u * g[..., None, :], -1, -2)
            return SVDResult(u, s, np.ascontiguousarray(vt))
        s = np.abs(eigvalsh(a))
        return np.sort(s, axis=-1)[..., ::-1]
    _assert_stacked_2d(a)
    rt = _result_type(a)
    u, s, vh = _svd(a, full_matrices, compute_uv, rt)
    if not compute_uv:
        return s
    return SVDResult(u, s, vh)


def svdvals(x, /):
    return svd(x, compute_uv=False, hermitian=False)


def matrix_rank(A, tol=None, hermitian=False, *, rtol=None):
    if rtol is not None and tol is not None:
        raise ValueError("`tol` and `rtol` can't be both set.")
    A = np.asarray(A)
    if A.ndim < 2:
        return int(not (A == 0).all())
    S = svd(A, compute_uv=False, hermitian=hermitian)
    if tol is None:
        if rtol is None:
            rtol = max(A.shape[-2:]) * np.finfo(S.dtype).eps
        else:
            rtol = np.asarray(rtol)[..., None]
        tol = S.max(axis=-1, keepdims=True, initial=0) * rtol
    else:
        tol = np.asarray(tol)[..., None]
    r = np.count_nonzero(S > tol, axis=-1)
    return r


_NoValue = object()


def pinv(a, rcond=None, hermitian=False, *, rtol=_NoValue):
    a = np.asarray(a)
    if rcond is None:
        if rtol is _NoValue:
            rcond = 1e-15
        elif rtol is None:
            rcond = max(a.shape[-2:]) * np.finfo(a.dtype).eps
        else:
            rcond = rtol
    elif rtol is not _NoValue:
        raise ValueError("`rtol` and `rcond` can't be both set.")
    _assert_stacked_2d(a)
    rcond = np.asarray(rcond)
    m, n = a.shape[-2:]
    if m == 0 or n == 0:
        return np.empty(a.shape[:-2] + (n, m), dtype=a.dtype)
    u, s, vt = svd(a, full_matrices=False, hermitian=hermitian)
    cutoff = rcond[..., None] * s.max(axis=-1, keepdims=True)
    large = s > cutoff
    with _quiet():
        s = np.where(large, 1 / np.where(large, s, 1), 0).astype(s.dtype)
    return np.matmul(np.swapaxes(vt, -1, -2), s[..., None] * np.swapaxes(u, -1, -2))


def lstsq(a, b, rcond=None):
    a = np.asarray(a)
    b = np.asarray(b)
    is_1d = b.ndim == 1
    if is_1d:
        b = b[:, None]
    for x in (a, b):
        if x.ndim != 2:
            raise LinAlgError(
                "%d-dimensional array given. Array must be two-dimensional" % x.ndim)
    m, n = a.shape
    m2, k = b.shape
    if m != m2:
        raise LinAlgError("Incompatible dimensions")
    rt = _result_type(a, b)
    if rcond is None:
        rcond = np.finfo(np.float64).eps * max(n, m)
    if m == 0 or n == 0:
        x = np.zeros((n, k), dtype=rt)
        s = np.zeros((0,), dtype=rt)
        resids = np.zeros((k,), dtype=rt) if m == 0 and n == 0 else np.zeros((0,), dtype=rt)
        if m > 0 and n == 0:
            resids = (np.abs(b.astype(np.float64)) ** 2).sum(axis=0).astype(rt)
        return (x[:, 0] if is_1d else x), resids, 0, s
    u, s, vt = _svd(a, False, True, np.float64)
    if rcond < 0:
        rcond = np.finfo(np.float64).eps
    cutoff = rcond * s.max()
    large = s > cutoff
    rank = int(large.sum())
    with _quiet():
        sinv = np.where(large, 1 / np.where(large, s, 1), 0.0)
    x = np.matmul(np.swapaxes(vt, -1, -2),
                  sinv[:, None] * np.matmul(np.swapaxes(u, -1, -2), b.astype(np.float64)))
    if rank == n and m > n:
        r = b.astype(np.float64) - np.matmul(a.astype(np.float64), x)
        resids = (r * r).sum(axis=0).astype(rt)
    else:
        resids = np.zeros((0,), dtype=rt)
    x = x.astype(rt)
    if is_1d:
        x = x.reshape(n)
    return x, resids, rank, s.astype(rt)


def cond(x, p=None):
    x = np.asarray(x)
    if x.ndim >= 2 and (x.shape[-1] == 0 or x.shape[-2] == 0):
        raise LinAlgError("cond is not defined on empty arrays")
    if p is None or p == 2 or p == -2:
        s = svd(x, compute_uv=False)
        with _quiet():
            if p == -2:
                r = s[..., -1] / s[..., 0]
            else:
                r = s[..., 0] / s[..., -1]
    else:
        _assert_stacked_square(x)
        with _quiet():
            r = norm(x, p, axis=(-2, -1)) * norm(inv(x), p, axis=(-2, -1))
    return r


# ---- QR ----

def qr(a, mode="reduced"):
    if mode not in ("reduced", "complete", "r", "raw"):
        raise ValueError(f"Unrecognized mode '{mode}'")
    a = np.asarray(a)
    _assert_stacked_2d(a)
    rt = _result_type(a)
    m, n = a.shape[-2:]
    k = min(m, n)
    h = _fortran(a)  # (..., n, m): column j of a is h[..., j, :]
    tau, info = _geqrf(h)
    if info.any():
        raise LinAlgError("Incorrect argument found while performing QR factorization")
    if mode == "raw":
        return h.astype(rt), tau.astype(rt)
    mc = m if mode == "complete" and m > n else k
    r = np.triu(np.swapaxes(h, -1, -2)[..., :mc, :])
    r = np.array(r, dtype=rt, order="C")
    if mode == "r":
        return r
    batch = a.shape[:-2]
    if mc <= n:
        q = np.array(h[..., :mc, :], order="C")
    else:
        q = np.zeros(batch + (mc, m), dtype=np.float64)
        q[..., :n, :] = h
    info = _orgqr(q, tau)
    if info.any():
        raise LinAlgError("Incorrect argument found while performing QR factorization")
    return QRResult(_unfortran(q, rt), r)


# ---- norms ----

def _multi_svd_norm(x, row_axis, col_axis, op, initial=None):
    y = np.moveaxis(x, (row_axis, col_axis), (-2, -1))
    s = svd(y, compute_uv=False)
    if op == "max":
        return s.max(axis=-1, initial=initial) if initial is not None else s.max(axis=-1)
    if op == "min":
        return s.min(axis=-1)
    return s.sum(axis=-1)




def norm(x, ord=None, axis=None, keepdims=False):
    x = np.asarray(x)
    if x.dtype.kind != "f":
        x = x.astype(float)
    if axis is None:
        ndim = x.ndim
        if ord is None or (ord in ("f", "fro") and ndim == 2) or (ord == 2 and ndim == 1):
            x = x.ravel()
            ret = np.sqrt(x.dot(x))
            if keepdims:
                ret = np.asarray(ret).reshape(ndim * [1])
            return ret
    nd = x.ndim
    if axis is None:
        axis = tuple(range(nd))
    elif not isinstance(axis, tuple):
        try:
            axis = int(axis)
        except Exception:
            raise TypeError("'axis' must be None, an integer or a tuple of integers")
        axis = (axis,)
    inf = float("inf")
    if len(axis) == 1:
        if ord == inf:
            return np.abs(x).max(axis=axis[0], keepdims=keepdims, initial=0)
        elif ord == -inf:
            return np.abs(x).min(axis=axis[0], keepdims=keepdims)
        elif ord == 0:
            return (x != 0).astype(x.dtype).sum(axis=axis[0], keepdims=keepdims)
        elif ord == 1:
            return np.abs(x).sum(axis=axis[0], keepdims=keepdims)
        elif ord is None or ord == 2:
            return np.sqrt((x * x).sum(axis=axis[0], keepdims=keepdims))
        elif isinstance(ord, str):
            raise ValueError(f"Invalid norm order '{ord}' for vectors")
        else:
            absx = np.abs(x) ** ord
            ret = absx.sum(axis=axis[0], keepdims=keepdims)
            return ret ** (np.asarray(1.0, dtype=ret.dtype) / ord)
    elif len(axis) == 2:
        row_axis, col_axis = axis
        row_axis = _norm_axis(row_axis, nd)
        col_axis = _norm_axis(col_axis, nd)
        if row_axis == col_axis:
            raise ValueError("Duplicate axes given.")
        if ord == 2:
            ret = _multi_svd_norm(x, row_axis, col_axis, "max", 0)
        elif ord == -2:
            ret = _multi_svd_norm(x, row_axis, col_axis, "min")
        elif ord == 1:
            if col_axis > row_axis:
                col_axis -= 1
            ret = np.abs(x).sum(axis=row_axis).max(axis=col_axis, initial=0)
        elif ord == inf:
            if row_axis > col_axis:
                row_axis -= 1
            ret = np.abs(x).sum(axis=col_axis).max(axis=row_axis, initial=0)
        elif ord == -1:
            if col_axis > row_axis:
                col_axis -= 1
            ret = np.abs(x).sum(axis=row_axis).min(axis=col_axis)
        elif ord == -inf:
            if row_axis > col_axis:
                row_axis -= 1
            ret = np.abs(x).sum(axis=col_axis).min(axis=row_axis)
        elif ord in [None, "fro", "f"]:
            ret = np.sqrt((x * x).sum(axis=axis))
        elif ord == "nuc":
            ret = _multi_svd_norm(x, row_axis, col_axis, "sum", 0)
        else:
            raise ValueError("Invalid norm order for matrices.")
        if keepdims:
            ret_shape = list(x.shape)
            ret_shape[axis[0]] = 1
            ret_shape[axis[1]] = 1
            ret = np.asarray(ret).reshape(ret_shape)
        return ret
    else:
        raise ValueError("Improper number of dimensions to norm.")


def multi_dot(arrays, *, out=None):
    arrays = [np.asarray(a) for a in arrays]
    if len(arrays) < 2:
        raise ValueError("Expecting at least two arrays.")
    r = arrays[0]
    for a in arrays[1:]:
        r = np.dot(r, a)
    if out is not None:
        out[...] = r
        return out
    return r


# ---- matmul with a fused epilogue (issue 18, item 2) ----

_GELU_C = 0.7978845608028654  # sqrt(2 / pi)


def matmul(x1, x2, /, *, bias=None, epilogue=None, alpha=1.0, beta=None, c=None):
    """NumPy 2's numpy.linalg.matmul, extended with nvmath-python's fused epilogue:
    act(alpha * (x1 @ x2) + beta * c + bias), act None, "relu" or "gelu" (the tanh
    approximation cuBLASLt uses), bias one value per column of the result, c an array of the
    result's shape (beta defaults to 1.0 when c is given). The result has the matmul's dtype.
    On CUDA a 2-D product of float16, bfloat16, float32 or float64 operands is one cuBLASLt
    call with its epilogue; otherwise the same formula runs as array operations."""
    x1 = np.asarray(x1)
    x2 = np.asarray(x2)
    if epilogue not in (None, "relu", "gelu"):
        raise ValueError("epilogue must be None, 'relu' or 'gelu', not %r" % (epilogue,))
    if x1.ndim == 0 or x2.ndim == 0:
        raise ValueError("matmul: Input operand does not have enough dimensions")
    n = x2.shape[-1] if x2.ndim > 1 else 1
    if bias is not None:
        bias = np.asarray(bias)
        if bias.ndim != 1 or bias.shape[0] != n:
            raise ValueError("bias must be a 1-D array of the result's %d columns, not shape %s"
                             % (n, bias.shape))
    if c is None:
        if beta is not None:
            raise ValueError("beta needs c (the matrix it scales)")
        beta = 0.0
    else:
        c = np.asarray(c)
        beta = 1.0 if beta is None else float(beta)
    alpha = float(alpha)
    dt = x1.dtype
    if (x1.ndim == 2 and x2.ndim == 2 and x2.dtype == dt and dt.kind == "f"
            and x1.shape[1] == x2.shape[0]):
        lb = None if bias is None else np.ascontiguousarray(bias.astype(dt, copy=False))
        lc = None if c is None or c.shape != (x1.shape[0], n) else c.astype(dt, copy=False)
        if c is None or lc is not None:
            act = {None: 0, "relu": 1, "gelu": 2}[epilogue]
            r = _matmul_lt(x1, x2, lb, act, alpha, beta, lc)
            if r is not None:
                return r
    r = np.matmul(x1, x2)
    rdt = r.dtype
    if alpha != 1.0:
        r = r * np.asarray(alpha, dtype=rdt)
    if c is not None and beta != 0.0:
        r = r + np.asarray(c, dtype=rdt) * np.asarray(beta, dtype=rdt)
    if bias is not None:
        r = r + bias.astype(rdt)
    if epilogue == "relu":
        r = np.maximum(r, np.asarray(0, dtype=rdt))
    elif epilogue == "gelu":
        h = np.asarray(0.5, dtype=rdt)
        r = h * r * (1 + np.tanh(np.asarray(_GELU_C, dtype=rdt) *
                                 (r + np.asarray(0.044715, dtype=rdt) * r * r * r)))
    if r.dtype != rdt:
        r = r.astype(rdt)
    return r


# ---- the Array API's names (NumPy 2's numpy.linalg), over the module's functions ----

def cross(x1, x2, /, *, axis=-1):
    x1, x2 = np.asarray(x1), np.asarray(x2)
    if x1.shape[axis] != 3 or x2.shape[axis] != 3:
        raise ValueError("Both input arrays must be (arrays of) 3-dimensional vectors, but they "
                         "are %d and %d dimensional instead." % (x1.shape[axis], x2.shape[axis]))
    return np.cross(x1, x2, axis=axis)


def diagonal(x, /, *, offset=0):
    return np.diagonal(x, offset=offset, axis1=-2, axis2=-1)


def matrix_norm(x, /, *, keepdims=False, ord="fro"):
    return norm(x, ord=ord, axis=(-2, -1), keepdims=keepdims)


def matrix_transpose(x, /):
    return np.matrix_transpose(x)


def outer(x1, x2, /):
    x1, x2 = np.asarray(x1), np.asarray(x2)
    if x1.ndim != 1 or x2.ndim != 1:
        raise ValueError("Input arrays must be one-dimensional, but they are x1.ndim=%d and "
                         "x2.ndim=%d." % (x1.ndim, x2.ndim))
    return np.outer(x1, x2)


def tensordot(x1, x2, /, *, axes=2):
    return np.tensordot(x1, x2, axes=axes)


def trace(x, /, *, offset=0, dtype=None):
    return np.trace(x, offset=offset, axis1=-2, axis2=-1, dtype=dtype)


def vecdot(x1, x2, /, *, axis=-1):
    return np.vecdot(x1, x2, axis=axis)


def vector_norm(x, /, *, axis=None, keepdims=False, ord=2):
    x = np.asarray(x)
    if axis is None:
        r = norm(x.ravel(), ord=ord)
        return np.asarray(r).reshape((1,) * x.ndim) if keepdims else r
    if isinstance(axis, tuple):
        axes = [a % x.ndim for a in axis]
        rest = [d for d in range(x.ndim) if d not in axes]
        y = x.transpose(rest + axes).reshape(tuple(x.shape[d] for d in rest) + (-1,))
        r = norm(y, ord=ord, axis=-1)
        if keepdims:
            r = np.asarray(r).reshape(tuple(1 if d in axes else x.shape[d]
                                            for d in range(x.ndim)))
        return r
    return norm(x, ord=ord, axis=axis, keepdims=keepdims)
