"""More of NumPy's common functions for krait's gpu/numpy module, written over the native
array operations as NumPy defines them (so each runs on either backend, on the device on
CUDA where its steps do): the ufuncs square, reciprocal, hypot, trunc, cbrt, fmax, fmin,
deg2rad/radians, rad2deg/degrees, heaviside, exp2 (np.ufunc objects, with reduce/accumulate/
outer), the functions ndim, size, result_type, promote_types, quantile, ptp, average, rot90, unravel_index, ravel_multi_index,
indices, tensordot, inner, vdot, kron, sinc, nan_to_num, the shape, set and nan helpers
(broadcast_to, append, delete, insert, intersect1d, digitize, nanvar, select, convolve,
gradient, ix_, ...: _FUNCS), the dtype aliases (int_, intp, intc, ...) and np.True_/
np.False_, with NumPy 2's keywords and messages (docs/GPU.md lists the differences). The module loads this file after _numpy_ufunc and calls _install().

Differences: these ufuncs are compositions, so a floating-point warning names the step
("overflow encountered in multiply" for square), and hypot and cbrt round differently from
the C library's in the last place."""

np = None  # the numpy module, set when it loads this file

_PI = 3.141592653589793


def _out(r, out):
    if out is None:
        return r[()] if isinstance(r, np.ndarray) and r.ndim == 0 else r
    out[...] = r
    return out


def result_type(*arrays_and_dtypes):
    """NumPy's promotion of the arguments (NEP 50: Python numbers are weak)."""
    if not arrays_and_dtypes:
        raise ValueError("at least one array or dtype is required")
    acc = None
    for x in arrays_and_dtypes:
        if isinstance(x, (np.dtype, type, str)) and not isinstance(x, (bool, int, float)):
            x = np.zeros((), x)
        elif not isinstance(x, (bool, int, float)):
            x = np.asarray(x).reshape(-1)[:0]
        acc = x if acc is None else acc + x
    return np.asarray(acc).dtype


def ndim(a):
    return np.asarray(a).ndim


def size(a, axis=None):
    a = np.asarray(a)
    return a.size if axis is None else a.shape[axis]


def promote_types(type1, type2):
    return result_type(np.dtype(type1), np.dtype(type2))


def exp2(x, out=None):
    return np.power(np.asarray(2.0, _float(x).dtype), _float(x), out=out)


def square(x, out=None):
    return np.multiply(x, x, out=out)


def reciprocal(x, out=None):
    x = np.asarray(x)
    if x.dtype.kind in "iub":
        # C's 1 / x in the integer type: 1 and -1 keep their value, the rest truncate to 0
        return _out(np.where(np.abs(x) == 1, x, np.zeros_like(x)), out)
    return np.divide(np.ones((), x.dtype), x, out=out)


def hypot(x1, x2, out=None):
    a, b = np.abs(_float(x1)), np.abs(_float(x2))
    hi = np.maximum(a, b)
    lo = np.minimum(a, b)
    with np.errstate(all="ignore"):
        q = np.where(hi == 0, 0.0, lo / np.where(hi == 0, 1.0, hi))
        r = hi * np.sqrt(1.0 + q * q)
    return _out(np.where(np.isinf(a) | np.isinf(b), np.inf, r), out)


def trunc(x, out=None):
    x = np.asarray(x)
    if x.dtype.kind in "iub":
        return _out(x.copy(), out)
    return _out(np.where(x < 0, np.ceil(x), np.floor(x)), out)


def cbrt(x, out=None):
    x = np.asarray(x)
    if x.dtype.kind in "iub":
        x = x.astype(np.float64)
    with np.errstate(all="ignore"):
        ax = np.abs(x)
        y = ax ** (1.0 / 3.0)
        # one Newton step: pow(27, 1/3) is 3.0000000000000004, cbrt(27) is 3
        y = np.where((y > 0) & np.isfinite(y), y - (y * y * y - ax) / (3.0 * y * y), y)
    return _out(np.where(x < 0, -y, y), out)


def fmax(x1, x2, out=None):
    a, b = np.asarray(x1), np.asarray(x2)
    return _out(np.where(np.isnan(b), a, np.where(np.isnan(a), b, np.maximum(a, b))), out)


def fmin(x1, x2, out=None):
    a, b = np.asarray(x1), np.asarray(x2)
    return _out(np.where(np.isnan(b), a, np.where(np.isnan(a), b, np.minimum(a, b))), out)


def _float(x):
    x = np.asarray(x)
    return x if x.dtype.kind == "f" else x.astype(np.float64)


def _scaled(x, num, den, out):
    """x * (num / den) with the constant computed in x's float type, as NumPy's loops
    (float16 computes in float32)."""
    x = _float(x)
    dt = np.float32 if x.dtype == np.float16 else x.dtype
    c = np.asarray(num, dt) / np.asarray(den, dt)
    r = np.multiply(x.astype(dt), c)
    return _out(r.astype(x.dtype) if r.dtype != x.dtype else r, out)


def deg2rad(x, out=None):
    return _scaled(x, _PI, 180.0, out)


def rad2deg(x, out=None):
    return _scaled(x, 180.0, _PI, out)


def heaviside(x1, x2, out=None):
    a = _float(x1)
    b = np.asarray(x2) + np.zeros((), a.dtype)
    r = np.where(a < 0, 0.0, np.where(a > 0, 1.0, b)).astype(np.result_type(a, b))
    return _out(np.where(np.isnan(a), a, r), out)


# ---- functions ----

def quantile(a, q, axis=None, out=None, overwrite_input=False, method="linear",
             keepdims=False):
    qa = np.asarray(q) + 0.0
    if np.any(qa < 0) or np.any(qa > 1):
        raise ValueError("Quantiles must be in the range [0, 1]")
    return np.percentile(a, qa * 100.0, axis=axis, out=out, overwrite_input=overwrite_input,
                         method=method, keepdims=keepdims)


def ptp(a, axis=None, out=None, keepdims=False):
    a = np.asarray(a)
    return np.subtract(a.max(axis=axis, keepdims=keepdims), a.min(axis=axis, keepdims=keepdims),
                       out=out)


def average(a, axis=None, weights=None, returned=False, *, keepdims=False):
    a = np.asarray(a)
    if weights is None:
        avg = a.mean(axis=axis, keepdims=keepdims)
        scl = avg.dtype.type(a.size / avg.size) if isinstance(avg, np.ndarray) else \
            np.float64(a.size / 1)
        if returned:
            return avg, (np.full(np.shape(avg), scl) if np.ndim(avg) else scl)
        return avg
    w = np.asarray(weights)
    if a.shape != w.shape:
        if axis is None:
            raise TypeError("Axis must be specified when shapes of a and weights differ.")
        if w.ndim != 1:
            raise TypeError("1D weights expected when shapes of a and weights differ.")
        ax = axis if axis >= 0 else axis + a.ndim
        if w.shape[0] != a.shape[ax]:
            raise ValueError("Length of weights not compatible with specified axis.")
        shape = [1] * a.ndim
        shape[ax] = w.shape[0]
        w = w.reshape(tuple(shape))
    rdt = result_type(a.dtype, w.dtype, "f8") if a.dtype.kind in "iub" else \
        result_type(a.dtype, w.dtype)
    scl = (w + np.zeros(a.shape, w.dtype)).astype(rdt).sum(axis=axis, keepdims=keepdims)
    if np.any(scl == 0.0):
        raise ZeroDivisionError("Weights sum to zero, can't be normalized")
    avg = np.multiply(a, w).sum(axis=axis, keepdims=keepdims) / scl
    if returned:
        return avg, scl
    return avg


def rot90(m, k=1, axes=(0, 1)):
    m = np.asarray(m)
    axes = tuple(axes)
    if len(axes) != 2:
        raise ValueError("len(axes) must be 2.")
    if axes[0] == axes[1] or abs(axes[0] - axes[1]) == m.ndim:
        raise ValueError("Axes must be different.")
    if axes[0] >= m.ndim or axes[0] < -m.ndim or axes[1] >= m.ndim or axes[1] < -m.ndim:
        raise ValueError("Axes={} out of range for array of ndim={}.".format(axes, m.ndim))
    k %= 4
    if k == 0:
        return m[:]
    if k == 2:
        return np.flip(np.flip(m, axes[0]), axes[1])
    axes_list = list(range(0, m.ndim))
    axes_list[axes[0]], axes_list[axes[1]] = axes_list[axes[1]], axes_list[axes[0]]
    if k == 1:
        return np.transpose(np.flip(m, axes[1]), axes_list)
    return np.flip(np.transpose(m, axes_list), axes[1])


def unravel_index(indices, shape, order="C"):
    if order not in ("C", "F"):
        raise ValueError("only 'C' or 'F' order is permitted")
    shape = (shape,) if isinstance(shape, int) else tuple(shape)
    idx = np.asarray(indices)
    if idx.dtype.kind not in "iu":
        raise TypeError("only int indices permitted")
    size = 1
    for n in shape:
        size *= n
    if np.any(idx < 0) or np.any(idx >= size):
        bad = int(idx.ravel()[np.argmax(((idx < 0) | (idx >= size)).ravel())])
        raise ValueError("index " + str(bad) + " is out of bounds for array with size " +
                         str(size))
    out = []
    rem = idx.astype(np.int64)
    dims = shape[::-1] if order == "C" else shape
    for n in dims:
        out.append(rem % n)
        rem = rem // n
    if order == "C":
        out = out[::-1]
    if idx.ndim == 0:
        return tuple(np.int64(int(x)) for x in out)
    return tuple(out)


def ravel_multi_index(multi_index, dims, mode="raise", order="C"):
    dims = tuple(dims)
    if len(multi_index) != len(dims):
        raise ValueError("parameter multi_index must be a sequence of length " + str(len(dims)))
    arrs = [np.asarray(i) for i in multi_index]
    flat = None
    stride = 1
    order_axes = range(len(dims) - 1, -1, -1) if order == "C" else range(len(dims))
    for d in order_axes:
        i = arrs[d].astype(np.int64)
        if mode == "raise":
            if np.any(i < 0) or np.any(i >= dims[d]):
                raise ValueError("invalid entry in coordinates array")
        elif mode == "wrap":
            i = i % dims[d]
        elif mode == "clip":
            i = np.clip(i, 0, dims[d] - 1)
        else:
            raise ValueError("clipmode must be one of 'clip', 'raise', or 'wrap'")
        flat = i * stride if flat is None else flat + i * stride
        stride *= dims[d]
    if flat.ndim == 0:
        return np.int64(int(flat))
    return flat


def indices(dimensions, dtype=int, sparse=False):
    dimensions = tuple(dimensions)
    n = len(dimensions)
    res = [] if sparse else np.empty((n,) + dimensions, dtype=dtype)
    for i, dim in enumerate(dimensions):
        shape = (1,) * i + (dim,) + (1,) * (n - i - 1)
        idx = np.arange(dim, dtype=dtype).reshape(shape)
        if sparse:
            res.append(idx)
        else:
            res[i] = idx
    return tuple(res) if sparse else res


def _contracted(shape, axes, summed_last):
    """tensordot's layout of one operand: its axes order (the summed ones last for a, first
    for b), the sizes of the kept and the summed dims, and the kept dims' shape."""
    kept = [k for k in range(len(shape)) if k not in axes]
    n_kept = n_sum = 1
    for k in kept:
        n_kept *= shape[k]
    for k in axes:
        n_sum *= shape[k]
    order = kept + axes if summed_last else axes + kept
    return order, n_kept, n_sum, [shape[k] for k in kept]


def tensordot(a, b, axes=2):
    a, b = np.asarray(a), np.asarray(b)
    try:
        iter(axes)
    except Exception:
        axes_a = list(range(-axes, 0))
        axes_b = list(range(0, axes))
    else:
        axes_a, axes_b = axes
    axes_a = [axes_a] if isinstance(axes_a, int) else list(axes_a)
    axes_b = [axes_b] if isinstance(axes_b, int) else list(axes_b)
    na, nb = len(axes_a), len(axes_b)
    as_, bs = a.shape, b.shape
    equal = na == nb
    if equal:
        for k in range(na):
            if as_[axes_a[k]] != bs[axes_b[k]]:
                equal = False
                break
            if axes_a[k] < 0:
                axes_a[k] += a.ndim
            if axes_b[k] < 0:
                axes_b[k] += b.ndim
    if not equal:
        raise ValueError("shape-mismatch for sum")
    newaxes_a, n1, n2, olda = _contracted(as_, axes_a, True)
    newaxes_b, m1, m2, oldb = _contracted(bs, axes_b, False)
    at = a.transpose(newaxes_a).reshape(n1, n2)
    bt = b.transpose(newaxes_b).reshape(m2, m1)
    res = np.dot(at, bt)
    return res.reshape(tuple(olda + oldb))


def _shape(t):
    return "(" + ",".join(str(n) for n in t) + ("," if len(t) == 1 else "") + ")"


def inner(a, b):
    a, b = np.asarray(a), np.asarray(b)
    if a.ndim == 0 or b.ndim == 0:
        return np.multiply(a, b)
    if a.shape[-1] != b.shape[-1]:
        raise ValueError("shapes " + _shape(a.shape) + " and " + _shape(b.shape) +
                         " not aligned: " + str(a.shape[-1]) + " (dim " + str(a.ndim - 1) +
                         ") != " + str(b.shape[-1]) + " (dim " + str(b.ndim - 1) + ")")
    r = tensordot(a, b, (-1, -1))
    return r[()] if r.ndim == 0 else r


def vdot(a, b):
    a, b = np.asarray(a).ravel(), np.asarray(b).ravel()
    if a.size != b.size:
        raise ValueError("cannot reshape array of size " + str(b.size) + " into shape (" +
                         str(a.size) + ",)")
    return np.dot(a, b)


def kron(a, b):
    a, b = np.asarray(a), np.asarray(b)
    nd = max(a.ndim, b.ndim)
    if nd == 0:
        return np.multiply(a, b)
    a = a.reshape((1,) * (nd - a.ndim) + a.shape)
    b = b.reshape((1,) * (nd - b.ndim) + b.shape)
    # a[i0, None, i1, None, ...] * b[None, j0, None, j1, ...]
    sa, sb = [], []
    for d in range(nd):
        sa += [a.shape[d], 1]
        sb += [1, b.shape[d]]
    r = a.reshape(tuple(sa)) * b.reshape(tuple(sb))
    return r.reshape(tuple(a.shape[d] * b.shape[d] for d in range(nd)))


def sinc(x):
    x = _float(x)
    y = _PI * np.where(x == 0, 1.0e-20, x)
    return np.sin(y) / y


def nan_to_num(x, copy=True, nan=0.0, posinf=None, neginf=None):
    xa = np.array(x, copy=True) if copy else np.asarray(x)
    if xa.dtype.kind != "f":
        return xa if np.ndim(x) else xa[()]
    big = np.finfo(xa.dtype).max
    hi = big if posinf is None else posinf
    lo = -big if neginf is None else neginf
    r = np.where(np.isnan(xa), nan, np.where(xa == np.inf, hi, np.where(xa == -np.inf, lo, xa)))
    xa[...] = r
    return xa if np.ndim(x) else xa[()]


# ---- shapes, set functions, nan functions and helpers ----

def broadcast_shapes(*args):
    nd = 0
    shapes = []
    for s_ in args:
        s_ = (s_,) if isinstance(s_, int) else tuple(s_)
        shapes.append(s_)
        nd = max(nd, len(s_))
    out = [1] * nd
    for s_ in shapes:
        for k, n in enumerate(s_):
            d = nd - len(s_) + k
            if n != 1:
                if out[d] != 1 and out[d] != n:
                    raise ValueError("shape mismatch: objects cannot be broadcast to a single "
                                     "shape.  Mismatch is between arg 0 with shape " +
                                     str(shapes[0]) + " and arg " + str(shapes.index(s_)) +
                                     " with shape " + str(s_) + ".")
                out[d] = n
    return tuple(out)


def broadcast_to(array, shape, subok=False):
    """A read-only view (stride 0 along the repeated axes), as NumPy's."""
    a = np.asarray(array)
    shape = (shape,) if isinstance(shape, int) else tuple(shape)
    if any(s < 0 for s in shape):
        raise ValueError("all elements of broadcast shape must be non-negative")
    if a.ndim > len(shape):
        raise ValueError("input operand has more dimensions than allowed by the axis remapping")
    try:
        ok = broadcast_shapes(a.shape, shape) == shape
    except ValueError:
        ok = False
    if not ok:
        raise ValueError("operands could not be broadcast together with remapped shapes "
                         "[original->remapped]: " + _shape(a.shape) + "  and requested shape " +
                         _shape(shape))
    return np._broadcast_view(a, shape)


def broadcast_arrays(*args, subok=False):
    """Read-only views where an array broadcasts (NumPy: writeable views that warn when
    written), the array itself where its shape is the result's."""
    args = [np.asarray(a) for a in args]
    shape = broadcast_shapes(*[a.shape for a in args])
    if all(a.shape == shape for a in args):
        return tuple(args)
    return tuple(a if a.shape == shape else broadcast_to(a, shape) for a in args)


def append(arr, values, axis=None):
    arr = np.asarray(arr)
    if axis is None:
        if arr.ndim != 1:
            arr = arr.ravel()
        values = np.ravel(values)
        axis = arr.ndim - 1
    return np.concatenate((arr, values), axis=axis)


def _index_list(obj, n):
    if isinstance(obj, slice):
        return list(range(n))[obj]
    o = np.asarray(obj)
    if o.dtype == np.bool_:
        return [k for k in range(n) if bool(o[k])]
    return [int(k) for k in np.ravel(o)]


def delete(arr, obj, axis=None):
    arr = np.asarray(arr)
    if axis is None:
        arr = arr.ravel()
        axis = 0
    axis = axis + arr.ndim if axis < 0 else axis
    n = arr.shape[axis]
    drop = set()
    for k in _index_list(obj, n):
        if k < -n or k >= n:
            raise IndexError("index " + str(k) + " is out of bounds for axis " + str(axis) +
                             " with size " + str(n))
        drop.add(k + n if k < 0 else k)
    keep = [k for k in range(n) if k not in drop]
    return np.take(arr, np.array(keep, dtype=np.int64), axis=axis)


def insert(arr, obj, values, axis=None):
    arr = np.asarray(arr)
    if axis is None:
        arr = arr.ravel()
        axis = 0
    axis = axis + arr.ndim if axis < 0 else axis
    n = arr.shape[axis]

    def along(lo, hi):
        s_ = [slice(None)] * arr.ndim
        s_[axis] = slice(lo, hi)
        return tuple(s_)
    if isinstance(obj, int) or (not isinstance(obj, slice) and np.ndim(obj) == 0):
        k = int(obj)
        if k < -n or k > n:
            raise IndexError("index " + str(k) + " is out of bounds for axis " + str(axis) +
                             " with size " + str(n))
        k = k + n if k < 0 else k
        vals = np.moveaxis(np.array(values, dtype=arr.dtype, ndmin=arr.ndim), 0, axis)
        shape = list(arr.shape)
        shape[axis] += vals.shape[axis]
        new = np.zeros(tuple(shape), arr.dtype)
        new[along(0, k)] = arr[along(0, k)]
        new[along(k, k + vals.shape[axis])] = vals
        new[along(k + vals.shape[axis], None)] = arr[along(k, None)]
        return new
    idx = [k + n if k < 0 else k for k in _index_list(obj, n + 1)] if not isinstance(obj, slice) \
        else list(range(n))[obj]
    for k in idx:
        if k < 0 or k > n:
            raise IndexError("index " + str(k) + " is out of bounds for axis " + str(axis) +
                             " with size " + str(n))
    flat = np.ravel(np.asarray(values, dtype=arr.dtype))
    shape1 = list(arr.shape)
    shape1[axis] = 1
    pieces, prev = [], 0
    for j in sorted(range(len(idx)), key=lambda j: idx[j]):
        pieces.append(arr[along(prev, idx[j])])
        pieces.append(np.full(tuple(shape1), flat[j % flat.size], arr.dtype))
        prev = idx[j]
    pieces.append(arr[along(prev, None)])
    return np.concatenate(pieces, axis=axis)


def intersect1d(ar1, ar2, assume_unique=False, return_indices=False):
    if return_indices:
        raise TypeError("intersect1d() return_indices=True is not supported by krait")
    a = np.unique(ar1)
    b = np.unique(ar2)
    return a[np.isin(a, b)]


def union1d(ar1, ar2):
    return np.unique(np.concatenate((np.ravel(ar1), np.ravel(ar2))))


def setdiff1d(ar1, ar2, assume_unique=False):
    a = np.ravel(ar1) if assume_unique else np.unique(ar1)
    return a[~np.isin(a, ar2)]


def setxor1d(ar1, ar2, assume_unique=False):
    a, b = np.unique(ar1), np.unique(ar2)
    return np.unique(np.concatenate((a[~np.isin(a, b)], b[~np.isin(b, a)])))


def digitize(x, bins, right=False):
    x, bins = np.asarray(x), np.asarray(bins)
    if bins.ndim != 1:
        raise ValueError("object too deep for desired array")
    d = np.diff(bins)
    inc = bool(np.all(d >= 0))
    if not inc and not bool(np.all(d <= 0)):
        raise ValueError("bins must be monotonically increasing or decreasing")
    side = "left" if right else "right"
    if inc:
        return np.searchsorted(bins, x, side=side)
    rev = bins[::-1]
    return len(bins) - np.searchsorted(rev, x, side="left" if side == "right" else "right")


def _nanfill(a, fill):
    a = np.asarray(a)
    return np.where(np.isnan(a), fill, a) if a.dtype.kind == "f" else a


def nancumsum(a, axis=None, dtype=None, out=None):
    return np.cumsum(_nanfill(a, 0), axis=axis, dtype=dtype, out=out)


def nancumprod(a, axis=None, dtype=None, out=None):
    return np.cumprod(_nanfill(a, 1), axis=axis, dtype=dtype, out=out)


def nanvar(a, axis=None, dtype=None, out=None, ddof=0, keepdims=False):
    a = np.asarray(a)
    if a.dtype.kind != "f":
        return np.var(a, axis=axis, out=out, ddof=ddof, keepdims=keepdims)
    ok = ~np.isnan(a)
    with np.errstate(all="ignore"):
        mean = _nanfill(a, 0).sum(axis=axis, keepdims=True) / ok.sum(axis=axis, keepdims=True)
        dev = np.where(ok, a - mean, 0.0)
        n = ok.sum(axis=axis, keepdims=keepdims) - ddof
        r = (dev * dev).sum(axis=axis, keepdims=keepdims) / np.where(n > 0, n, 0)
        r = np.where(n > 0, r, np.nan)
    if np.any(n <= 0):
        import _numpy_lib
        _numpy_lib._runtime_warning("Degrees of freedom <= 0 for slice.")
    return _out(r, out)


def nanstd(a, axis=None, dtype=None, out=None, ddof=0, keepdims=False):
    return _out(np.sqrt(nanvar(a, axis=axis, ddof=ddof, keepdims=keepdims)), out)


def nanargmax(a, axis=None, out=None, keepdims=False):
    a = np.asarray(a)
    if a.dtype.kind == "f":
        if np.any(np.all(np.isnan(a), axis=axis)):
            raise ValueError("All-NaN slice encountered")
        a = np.where(np.isnan(a), -np.inf, a)
    return np.argmax(a, axis=axis, out=out, keepdims=keepdims)


def nanargmin(a, axis=None, out=None, keepdims=False):
    a = np.asarray(a)
    if a.dtype.kind == "f":
        if np.any(np.all(np.isnan(a), axis=axis)):
            raise ValueError("All-NaN slice encountered")
        a = np.where(np.isnan(a), np.inf, a)
    return np.argmin(a, axis=axis, out=out, keepdims=keepdims)


def select(condlist, choicelist, default=0):
    if len(condlist) != len(choicelist):
        raise ValueError("list of cases must be same length as list of conditions")
    if len(condlist) == 0:
        raise ValueError("select with an empty condition list is not possible")
    choices = [np.asarray(c) for c in choicelist] + [np.asarray(default)]
    dt = result_type(*choices)
    r = np.asarray(default).astype(dt) + np.zeros(broadcast_shapes(
        *[np.shape(c) for c in choices] + [np.shape(c) for c in condlist]), dt)
    for cond, choice in zip(condlist[::-1], choicelist[::-1]):
        c = np.asarray(cond)
        if c.dtype != np.bool_:
            raise TypeError("invalid entry 0 in condlist: should be boolean ndarray")
        r = np.where(c, np.asarray(choice).astype(dt), r)
    return r


def convolve(a, v, mode="full"):
    a, v = np.ravel(a), np.ravel(v)
    if a.size == 0:
        raise ValueError("a cannot be empty")
    if v.size == 0:
        raise ValueError("v cannot be empty")
    if v.size > a.size:
        a, v = v, a
    n, m = a.size, v.size
    full = np.zeros(n + m - 1, result_type(a, v))
    for j in range(m):
        full[j:j + n] += a * v[j]
    if mode == "full":
        return full
    if mode == "same":
        start = (m - 1) // 2
        return full[start:start + n]
    if mode == "valid":
        return full[m - 1:n]
    raise ValueError("mode must be one of 'valid', 'same', or 'full' (got " + repr(mode) + ")")


def correlate(a, v, mode="valid"):
    return convolve(a, np.ravel(v)[::-1], mode)


def trapezoid(y, x=None, dx=1.0, axis=-1):
    y = np.asarray(y) + 0.0
    nd = y.ndim
    ax = axis + nd if axis < 0 else axis
    hi = [slice(None)] * nd
    lo = [slice(None)] * nd
    hi[ax] = slice(1, None)
    lo[ax] = slice(None, -1)
    if x is None:
        d = dx
    else:
        x = np.asarray(x)
        d = np.diff(x)
        if x.ndim == 1:
            shape = [1] * nd
            shape[ax] = d.shape[0]
            d = d.reshape(tuple(shape))
        else:
            d = np.diff(x, axis=ax)
    return (d * (y[tuple(hi)] + y[tuple(lo)]) / 2.0).sum(axis=ax)


def gradient(f, *varargs, axis=None, edge_order=1):
    f = np.asarray(f)
    if f.dtype.kind in "iub":
        f = f.astype(np.float64)
    axes = list(range(f.ndim)) if axis is None else \
        [axis] if isinstance(axis, int) else list(axis)
    axes = [a + f.ndim if a < 0 else a for a in axes]
    if edge_order != 1:
        raise TypeError("gradient() edge_order=2 is not supported by krait")
    hs = list(varargs) if varargs else [1.0] * len(axes)
    if len(hs) == 1 and len(axes) > 1:
        hs = hs * len(axes)
    out = []
    for ax, h in zip(axes, hs):
        n = f.shape[ax]
        if n < 2:
            raise ValueError("Shape of array too small to calculate a numerical gradient, at "
                             "least (edge_order + 1) elements are required.")
        def sl(a, b):
            s_ = [slice(None)] * f.ndim
            s_[ax] = slice(a, b)
            return tuple(s_)
        h = float(h)
        mid = (f[sl(2, None)] - f[sl(None, -2)]) / (2.0 * h)
        first = (f[sl(1, 2)] - f[sl(0, 1)]) / h
        last = (f[sl(-1, None)] - f[sl(-2, -1)]) / h
        out.append(np.concatenate((first, mid, last), axis=ax))
    return out[0] if len(out) == 1 else tuple(out)


def dstack(tup):
    arrs = [np.atleast_3d(a) for a in tup]
    return np.concatenate(arrs, axis=2)


def hsplit(ary, indices_or_sections):
    if np.ndim(ary) == 0:
        raise ValueError("hsplit only works on arrays of 1 or more dimensions")
    return np.split(ary, indices_or_sections, axis=1 if np.ndim(ary) > 1 else 0)


def vsplit(ary, indices_or_sections):
    if np.ndim(ary) < 2:
        raise ValueError("vsplit only works on arrays of 2 or more dimensions")
    return np.split(ary, indices_or_sections, axis=0)


def dsplit(ary, indices_or_sections):
    if np.ndim(ary) < 3:
        raise ValueError("dsplit only works on arrays of 3 or more dimensions")
    return np.split(ary, indices_or_sections, axis=2)


def array_equiv(a1, a2):
    a1, a2 = np.asarray(a1), np.asarray(a2)
    try:
        broadcast_shapes(a1.shape, a2.shape)
    except ValueError:
        return False
    return bool(np.all(a1 == a2))


def fix(x, out=None):
    return trunc(x, out=out)


def asanyarray(a, dtype=None, order=None):
    return np.asarray(a, dtype=dtype, order=order)


def isscalar(element):
    return isinstance(element, (bool, int, float, str, bytes, np.generic))


def iscomplexobj(x):
    return False


def ix_(*args):
    out = []
    nd = len(args)
    for k, new in enumerate(args):
        new = np.asarray(new)
        if new.ndim != 1:
            raise ValueError("Cross index must be 1 dimensional")
        if new.dtype == np.bool_:
            new = np.flatnonzero(new)
        out.append(new.reshape((1,) * k + (new.size,) + (1,) * (nd - k - 1)))
    return tuple(out)


_UFUNCS = {"square": (square, 1, None), "reciprocal": (reciprocal, 1, None),
           "hypot": (hypot, 2, 0), "trunc": (trunc, 1, None), "cbrt": (cbrt, 1, None),
           "fmax": (fmax, 2, None), "fmin": (fmin, 2, None),
           "deg2rad": (deg2rad, 1, None), "rad2deg": (rad2deg, 1, None),
           "heaviside": (heaviside, 2, None), "exp2": (exp2, 1, None)}
_FUNCS = (broadcast_shapes, broadcast_to, broadcast_arrays, append, delete, insert, intersect1d,
          union1d, setdiff1d, setxor1d, digitize, nancumsum, nancumprod, nanvar, nanstd,
          nanargmax, nanargmin, select, convolve, correlate, trapezoid, gradient, dstack,
          hsplit, vsplit, dsplit, array_equiv, fix, asanyarray, isscalar, iscomplexobj, ix_,
          ndim, size, result_type, promote_types, quantile, ptp, average, rot90, unravel_index, ravel_multi_index, indices, tensordot,
          inner, vdot, kron, sinc, nan_to_num)


def _install():
    import _numpy_ufunc
    for name, (fn, nin, ident) in _UFUNCS.items():
        setattr(np, name, _numpy_ufunc.ufunc(_numpy_ufunc._NoValue, name, fn, nin, ident))
    setattr(np, "radians", np.deg2rad)
    setattr(np, "degrees", np.rad2deg)
    for fn in _FUNCS:
        setattr(np, fn.__name__, fn)
    for alias, t in (("int_", "int64"), ("intp", "int64"), ("intc", "int32"), ("uintp", "uint64"),
                     ("uintc", "uint32"), ("byte", "int8"), ("ubyte", "uint8"),
                     ("short", "int16"), ("ushort", "uint16")):
        if not hasattr(np, alias):
            setattr(np, alias, getattr(np, t))
    setattr(np, "True_", np.bool_(True))
    setattr(np, "False_", np.bool_(False))
