"""The less common NumPy functions users reach for, for krait's gpu/numpy module, written over
its array operations as NumPy defines them (so each runs on either backend): nanmedian,
nanpercentile, nanquantile, vectorize, frompyfunc, the index tricks (r_, c_, s_, index_exp,
mgrid, ogrid, ndindex, ndenumerate), partition/argpartition, take_along_axis,
put_along_axis, apply_along_axis, apply_over_axes, lexsort, the triangle and diagonal
index helpers, fill_diagonal, fromfunction, fromiter, resize, the Array API names (acos,
concat, permute_dims, matrix_transpose, vecdot, unstack, cumulative_sum, unique_values, ...),
elementwise helpers (fmod, copysign, signbit, gcd, lcm, logaddexp, modf, divmod, ...), the
window functions and the ndarray methods partition, argpartition, take, put, compress,
choose, conj, real, imag, flags, mT, tobytes. The module loads this file after _numpy_math
and calls _install(); docs/GPU.md lists what differs."""

import math

from _numpy_exceptions import AxisError, normalize_axis

np = None  # the numpy module, set when it loads this file


def _warn(msg):
    import _numpy_errstate
    _numpy_errstate._warn(msg)


def _is_complex(x):
    """A complex slice step (np.r_[0:1:5j]: that many points): krait has no complex type,
    so only an object that calls itself complex."""
    return type(x).__name__ == "complex"


def _norm_axis(axis, ndim):
    import operator
    return normalize_axis(operator.index(axis), ndim)


# ---- nan quantiles ----

def _nan_rows(a, q, axis, keepdims, fn):
    """fn(row without its NaNs, q) for each 1-d slice along axis; NumPy's layout (q's dims
    first) and its warning for an all-NaN slice."""
    a = np.asarray(a)
    qa = np.asarray(q)
    if axis is None:
        b = a.reshape(-1)
        kshape = (1,) * a.ndim
    else:
        ax = _norm_axis(axis, a.ndim)
        b = np.moveaxis(a, ax, -1)
        kshape = tuple(1 if d == ax else a.shape[d] for d in range(a.ndim))
    lead = b.shape[:-1]
    rows = b.reshape(-1, b.shape[-1])
    rdt = a.dtype if a.dtype.kind == "f" else np.float64
    outs = []
    bad = False
    for i in range(rows.shape[0]):
        row = rows[i]
        v = row[~np.isnan(row)]
        if v.size == 0:
            bad = True
            outs.append(np.full(qa.shape, np.nan, dtype=rdt))
        else:
            outs.append(np.asarray(fn(v, qa)).astype(rdt))
    if bad:
        _warn("All-NaN slice encountered")
    r = np.stack(outs) if outs else np.zeros((0,) + qa.shape, rdt)
    r = r.reshape(lead + qa.shape)
    nq, nl = qa.ndim, len(lead)
    if nq and nl:
        r = r.transpose(tuple(range(nl, nl + nq)) + tuple(range(nl)))
    if keepdims:
        r = r.reshape(qa.shape + kshape)
    return r


def _finish(r, out):
    if out is not None:
        out[...] = r
        return out
    return r[()] if isinstance(r, np.ndarray) and r.ndim == 0 else r


def nanmedian(a, axis=None, out=None, overwrite_input=False, keepdims=False):
    a = np.asarray(a)
    if a.dtype.kind != "f":
        return np.median(a, axis=axis, out=out, keepdims=keepdims)
    return _finish(_nan_rows(a, 0.5, axis, keepdims, lambda v, q: np.median(v)), out)


def nanpercentile(a, q, axis=None, out=None, overwrite_input=False, method="linear",
                  keepdims=False, *, weights=None, interpolation=None):
    if weights is not None or interpolation is not None:
        raise NotImplementedError("nanpercentile: weights= and interpolation= are not "
                                  "implemented in krait")
    a = np.asarray(a)
    if a.dtype.kind != "f":
        return np.percentile(a, q, axis=axis, out=out, method=method, keepdims=keepdims)
    return _finish(_nan_rows(a, q, axis, keepdims,
                             lambda v, qq: np.percentile(v, qq, method=method)), out)


def nanquantile(a, q, axis=None, out=None, overwrite_input=False, method="linear",
                keepdims=False, *, weights=None, interpolation=None):
    qa = np.asarray(q, dtype=np.float64)
    if np.any(qa < 0) or np.any(qa > 1):
        raise ValueError("Quantiles must be in the range [0, 1]")
    return nanpercentile(a, qa * 100.0, axis=axis, out=out, method=method, keepdims=keepdims,
                         weights=weights, interpolation=interpolation)


# ---- vectorize, frompyfunc ----

class vectorize:
    """np.vectorize(pyfunc): pyfunc called on each element of the broadcast arguments
    (Python scalars in, a result array of the first output's type, or otypes)."""

    def __init__(self, pyfunc=None, otypes=None, doc=None, excluded=None, cache=False,
                 signature=None):
        if signature is not None:
            raise NotImplementedError("vectorize: signature= is not implemented in krait")
        self.pyfunc = pyfunc
        self.otypes = otypes
        self.excluded = set(excluded or ())
        self.cache = cache
        self.__doc__ = doc if doc is not None else getattr(pyfunc, "__doc__", None)
        self.__name__ = getattr(pyfunc, "__name__", "vectorize")

    def __call__(self, *args, **kwargs):
        f = self.pyfunc
        pos = [i for i in range(len(args)) if i not in self.excluded]
        keys = [k for k in kwargs if k not in self.excluded]
        arrs = np.broadcast_arrays(*[np.asarray(args[i]) for i in pos],
                                   *[np.asarray(kwargs[k]) for k in keys])
        shape = arrs[0].shape if arrs else ()
        flat = [x.ravel().tolist() for x in arrs]
        n = 1
        for d in shape:
            n *= d
        results = []
        for j in range(n):
            a = list(args)
            for i, p in enumerate(pos):
                a[p] = flat[i][j]
            kw = dict(kwargs)
            for i, k in enumerate(keys):
                kw[k] = flat[len(pos) + i][j]
            results.append(f(*a, **kw))
        if self.otypes:
            ot = self.otypes[0] if not isinstance(self.otypes, str) else self.otypes[0]
            dt = np.dtype(ot)
        elif n == 0:
            raise ValueError("cannot call `vectorize` on size 0 inputs unless `otypes` is set")
        else:
            dt = np.asarray(results[0]).dtype
        if results and isinstance(results[0], tuple):
            k = len(results[0])
            return tuple(np.array([r[i] for r in results]).reshape(shape) for i in range(k))
        r = np.array(results, dtype=dt).reshape(shape)
        return r[()] if r.ndim == 0 else r


def frompyfunc(func, /, nin, nout, *, identity=None):
    if nout != 1:
        raise NotImplementedError("frompyfunc: only nout=1 is implemented in krait")
    import _numpy_ufunc
    v = vectorize(func)

    def call(*args):
        return v(*args[:nin])
    call.__name__ = getattr(func, "__name__", "?") + " (vectorized)"
    return _numpy_ufunc.ufunc(_numpy_ufunc._NoValue, call.__name__, call, nin, identity)


# ---- index tricks ----

class _Concat:
    """np.r_ and np.c_: slices become aranges (a complex step: linspace's count), arrays
    and scalars are concatenated along the first axis (np.c_: the last, columns)."""

    def __init__(self, axis, ndmin, trans1d):
        self.axis, self.ndmin, self.trans1d = axis, ndmin, trans1d

    def __getitem__(self, key):
        if not isinstance(key, tuple):
            key = (key,)
        axis, ndmin = self.axis, self.ndmin
        parts = []
        for k, item in enumerate(key):
            if isinstance(item, slice):
                start = 0 if item.start is None else item.start
                step = 1 if item.step is None else item.step
                if _is_complex(step):
                    new = np.linspace(start, item.stop, int(abs(step)))
                else:
                    new = np.arange(start, item.stop, step)
            elif isinstance(item, str):
                if k != 0:
                    raise ValueError("special directives must be the first entry.")
                vals = item.split(",")
                axis = int(vals[0])
                if len(vals) > 1:
                    ndmin = int(vals[1])
                continue
            else:
                new = np.asarray(item)
            item_ndim = new.ndim
            if ndmin > item_ndim:
                new = np.array(new, copy=None, ndmin=ndmin)
                if self.trans1d != -1:
                    # the item's own axes go to trans1d, as NumPy's AxisConcatenator
                    k2 = ndmin - item_ndim
                    k1 = self.trans1d if self.trans1d >= 0 else self.trans1d + k2 + 1
                    axes = list(range(ndmin))
                    new = new.transpose(axes[:k1] + axes[k2:] + axes[k1:k2])
            parts.append(np.atleast_1d(new))
        if not parts:
            return np.array([])
        return np.concatenate(parts, axis=axis)

    def __len__(self):
        return 0


class _IndexExp:
    def __init__(self, maketuple):
        self.maketuple = maketuple

    def __getitem__(self, item):
        if self.maketuple and not isinstance(item, tuple):
            return (item,)
        return item


class _Grid:
    """np.mgrid (dense) and np.ogrid (open): the index grids of slices (a complex step:
    that many points, endpoint included)."""

    def __init__(self, sparse):
        self.sparse = sparse

    def __getitem__(self, key):
        single = not isinstance(key, tuple)
        keys = (key,) if single else key
        axes = []
        for k in keys:
            start = 0 if k.start is None else k.start
            step = 1 if k.step is None else k.step
            if _is_complex(step):
                axes.append(np.linspace(start, k.stop, int(abs(step))))
            else:
                axes.append(np.arange(start, k.stop, step))
        if any(isinstance(x, float) for k in keys for x in (k.start, k.stop, k.step)):
            axes = [x.astype(np.float64) for x in axes]
        if single:
            return axes[0]
        if self.sparse:
            return tuple(np.meshgrid(*axes, indexing="ij", sparse=True))
        return np.stack(np.meshgrid(*axes, indexing="ij"))


class ndindex:
    """The index tuples of an array of the given shape, in C order."""

    def __init__(self, *shape):
        if len(shape) == 1 and isinstance(shape[0], tuple):
            shape = shape[0]
        self.shape = tuple(shape)

    def __iter__(self):
        shape = self.shape
        if any(d == 0 for d in shape):
            return
        idx = [0] * len(shape)
        while True:
            yield tuple(idx)
            d = len(shape) - 1
            while d >= 0:
                idx[d] += 1
                if idx[d] < shape[d]:
                    break
                idx[d] = 0
                d -= 1
            if d < 0:
                return


class ndenumerate:
    """(index, value) pairs of an array in C order."""

    def __init__(self, arr):
        self.arr = np.asarray(arr)

    def __iter__(self):
        a = self.arr
        flat = a.ravel()
        for i, idx in enumerate(ndindex(a.shape)):
            yield idx, flat[i]


# ---- partition, along-axis functions, lexsort ----

def partition(a, kth, axis=-1, kind="introselect", order=None):
    """A sorted copy: every element at its sorted position, a valid partition for any kth."""
    a = np.asarray(a)
    _kth_check(a, kth, axis)
    if axis is None:
        return np.sort(a.ravel())
    return np.sort(a, axis=axis)


def argpartition(a, kth, axis=-1, kind="introselect", order=None):
    a = np.asarray(a)
    _kth_check(a, kth, axis)
    if axis is None:
        return np.argsort(a.ravel(), kind="stable")
    return np.argsort(a, axis=axis, kind="stable")


def _kth_check(a, kth, axis):
    if a.ndim == 0 and axis is not None:
        raise AxisError(axis, 0)
    n = a.size if axis is None else a.shape[_norm_axis(axis, a.ndim)]
    for k in np.atleast_1d(np.asarray(kth)).tolist():
        if not isinstance(k, int):
            raise TypeError("Partition index must be integer")
        if k < -n or k >= n:
            raise ValueError("kth(=%d) out of bounds (%d)" % (k, n))


def _m_partition(self, kth, axis=-1, kind="introselect", order=None):
    self[...] = partition(self, kth, axis=axis, kind=kind, order=order)


def _m_argpartition(self, kth, axis=-1, kind="introselect", order=None):
    return argpartition(self, kth, axis=axis, kind=kind, order=order)


def _along_index(arr, indices, axis):
    """The flat offsets of take_along_axis's elements."""
    shape = arr.shape
    nd = arr.ndim
    idx = np.asarray(indices)
    if idx.dtype.kind not in "iu":
        raise IndexError("`indices` must be an integer array")
    if idx.ndim != nd:
        raise ValueError("`indices` and `arr` must have the same number of dimensions")
    bshape = np.broadcast_shapes(tuple(1 if d == axis else shape[d] for d in range(nd)),
                                 tuple(1 if d == axis else idx.shape[d] for d in range(nd)))
    full = tuple(idx.shape[d] if d == axis else bshape[d] for d in range(nd))
    idx = np.broadcast_to(idx, full)
    idx = np.where(idx < 0, idx + shape[axis], idx)
    if np.any(idx < 0) or np.any(idx >= shape[axis]):
        raise IndexError("index out of bounds for axis %d with size %d" % (axis, shape[axis]))
    strides = [1] * nd
    for d in range(nd - 2, -1, -1):
        strides[d] = strides[d + 1] * shape[d + 1]
    flat = np.zeros(full, np.int64)
    for d in range(nd):
        if d == axis:
            flat = flat + idx.astype(np.int64) * strides[d]
        else:
            r = np.arange(full[d]).reshape(tuple(-1 if k == d else 1 for k in range(nd)))
            flat = flat + r * strides[d]
    return flat


def take_along_axis(arr, indices, axis=-1):
    arr = np.asarray(arr)
    if axis is None:
        arr = arr.ravel()
        axis = 0
    axis = _norm_axis(axis, arr.ndim)
    flat = _along_index(arr, indices, axis)
    return arr.ravel()[flat.ravel()].reshape(flat.shape)


def put_along_axis(arr, indices, values, axis):
    if axis is None:
        raise NotImplementedError("put_along_axis: axis=None is not implemented in krait")
    axis = _norm_axis(axis, arr.ndim)
    flat = _along_index(arr, indices, axis)
    vals = np.broadcast_to(np.asarray(values).astype(arr.dtype), flat.shape)
    tmp = arr.ravel().copy()
    tmp[flat.ravel()] = vals.ravel()
    arr[...] = tmp.reshape(arr.shape)


def apply_along_axis(func1d, axis, arr, *args, **kwargs):
    arr = np.asarray(arr)
    axis = _norm_axis(axis, arr.ndim)
    moved = np.moveaxis(arr, axis, -1)
    lead = moved.shape[:-1]
    if 0 in lead:
        raise ValueError("Cannot apply_along_axis when any iteration dimensions are 0")
    outs = [np.asarray(func1d(moved[idx], *args, **kwargs)) for idx in ndindex(lead)]
    res = np.stack(outs).reshape(lead + outs[0].shape)
    if outs[0].ndim == 0:
        return res
    # the function's dims replace the axis, as NumPy puts them
    nd_lead, nd_out = len(lead), outs[0].ndim
    perm = list(range(axis)) + list(range(nd_lead, nd_lead + nd_out)) + \
        list(range(axis, nd_lead))
    return res.transpose(perm)


def apply_over_axes(func, a, axes):
    val = np.asarray(a)
    n = val.ndim
    for axis in np.atleast_1d(np.asarray(axes)).tolist():
        if axis < 0:
            axis += n
        res = func(val, axis)
        res = np.asarray(res)
        if res.ndim == val.ndim:
            val = res
        else:
            res = np.expand_dims(res, axis)
            if res.ndim == val.ndim:
                val = res
            else:
                raise ValueError("function is not returning an array of the correct shape")
    return val


def lexsort(keys, axis=-1):
    """Indices sorting by the last key, then the one before, ...: stable argsorts from the
    first key to the last."""
    if isinstance(keys, tuple) or isinstance(keys, list):
        ks = [np.asarray(k) for k in keys]
    else:
        k = np.asarray(keys)
        if k.ndim == 0:
            raise TypeError("need sequence of keys with len > 0 in lexsort")
        ks = [k[i] for i in range(k.shape[0])]
    if not ks:
        raise TypeError("need sequence of keys with len > 0 in lexsort")
    shape = ks[0].shape
    for k in ks:
        if k.shape != shape:
            raise ValueError("all keys need to be the same shape")
    if len(shape) == 0:
        return np.intp(0)
    axis = _norm_axis(axis, len(shape))
    order = np.argsort(ks[0], axis=axis, kind="stable")
    for k in ks[1:]:
        sub = take_along_axis(k, order, axis)
        o = np.argsort(sub, axis=axis, kind="stable")
        order = take_along_axis(order, o, axis)
    return order


# ---- triangles, diagonals ----

def tril_indices(n, k=0, m=None):
    m = n if m is None else m
    return np.nonzero(np.tri(n, m, k=k, dtype=bool))


def triu_indices(n, k=0, m=None):
    m = n if m is None else m
    return np.nonzero(~np.tri(n, m, k=k - 1, dtype=bool))


def tril_indices_from(arr, k=0):
    arr = np.asarray(arr)
    if arr.ndim != 2:
        raise ValueError("input array must be 2-d")
    return tril_indices(arr.shape[-2], k=k, m=arr.shape[-1])


def triu_indices_from(arr, k=0):
    arr = np.asarray(arr)
    if arr.ndim != 2:
        raise ValueError("input array must be 2-d")
    return triu_indices(arr.shape[-2], k=k, m=arr.shape[-1])


def diag_indices(n, ndim=2):
    idx = np.arange(n)
    return (idx,) * ndim


def diag_indices_from(arr):
    arr = np.asarray(arr)
    if arr.ndim < 2:
        raise ValueError("input array must be at least 2-d")
    if any(d != arr.shape[0] for d in arr.shape):
        raise ValueError("All dimensions of input must be of equal length")
    return diag_indices(arr.shape[0], arr.ndim)


def fill_diagonal(a, val, wrap=False):
    if a.ndim < 2:
        raise ValueError("array must be at least 2-d")
    end = None
    if a.ndim == 2:
        step = a.shape[1] + 1
        if not wrap:
            end = a.shape[1] * a.shape[1]
    else:
        if any(d != a.shape[0] for d in a.shape):
            raise ValueError("All dimensions of input must be of equal length")
        step, p = 1, 1
        for d in a.shape[:-1]:
            p *= d
            step += p
    flat = a.reshape(-1).copy()
    pos = np.arange(0, flat.size if end is None else min(end, flat.size), step)
    flat[pos] = np.resize(np.asarray(val).astype(a.dtype).ravel(), pos.shape)
    a[...] = flat.reshape(a.shape)


def diagflat(v, k=0):
    v = np.asarray(v).ravel()
    n = v.size + abs(k)
    r = np.zeros((n, n), v.dtype)
    i = np.arange(v.size)
    if k >= 0:
        r[i, i + k] = v
    else:
        r[i - k, i] = v
    return r


# ---- construction ----

def fromfunction(function, shape, *, dtype=float, like=None, **kwargs):
    args = np.indices(shape, dtype=dtype)
    return function(*args, **kwargs)


def fromiter(iter, dtype, count=-1, *, like=None):
    vals = []
    for x in iter:
        if count >= 0 and len(vals) >= count:
            break
        vals.append(x)
    if count >= 0 and len(vals) < count:
        raise ValueError("iterator too short: Expected %d but iterator had only %d items." %
                         (count, len(vals)))
    return np.array(vals, dtype=dtype)


def resize(a, new_shape):
    a = np.asarray(a)
    if isinstance(new_shape, int):
        new_shape = (new_shape,)
    new_shape = tuple(new_shape)
    n = 1
    for d in new_shape:
        if d < 0:
            raise ValueError("all elements of `new_shape` must be non-negative")
        n *= d
    flat = a.ravel()
    if n == 0 or flat.size == 0:
        return np.zeros(new_shape, a.dtype)
    reps = -(-n // flat.size)
    return np.concatenate([flat] * reps)[:n].reshape(new_shape)


def geomspace(start, stop, num=50, endpoint=True, dtype=None, axis=0):
    if start == 0 or stop == 0:
        raise ValueError("Geometric sequence cannot include zero")
    sign = 1.0
    if start < 0 and stop < 0:
        sign, start, stop = -1.0, -start, -stop
    r = np.logspace(math.log10(start), math.log10(stop), num=num, endpoint=endpoint)
    if num > 0:
        r[0] = start
        if endpoint and num > 1:
            r[-1] = stop
    r = r * sign
    return r if dtype is None else r.astype(dtype)


def rollaxis(a, axis, start=0):
    a = np.asarray(a)
    n = a.ndim
    axis = _norm_axis(axis, n)
    if start < 0:
        start += n
    if not 0 <= start < n + 1:
        raise ValueError("'start' arg requires %d <= start < %d, but %d was passed in" %
                         (-n, n + 1, start))
    if axis < start:
        start -= 1
    if axis == start:
        return a
    axes = list(range(n))
    axes.remove(axis)
    axes.insert(start, axis)
    return a.transpose(axes)


def trim_zeros(filt, trim="fb", axis=None):
    a = np.asarray(filt)
    nz = np.nonzero(a)[0]
    if nz.size == 0:
        return a[:0]
    lo = int(nz[0]) if "f" in trim.lower() else 0
    hi = int(nz[-1]) + 1 if "b" in trim.lower() else a.shape[0]
    return a[lo:hi]


def block(arrays):
    def depth(x):
        return 1 + depth(x[0]) if isinstance(x, list) and x else (1 if isinstance(x, list) else 0)

    d = depth(arrays)

    def rec(x, level):
        if not isinstance(x, list):
            return np.asarray(x)
        parts = [rec(y, level + 1) for y in x]
        nd = max([p.ndim for p in parts] + [d])
        parts = [np.array(p, copy=None, ndmin=nd) for p in parts]
        return np.concatenate(parts, axis=-(d - level))
    return rec(arrays, 0)


def asarray_chkfinite(a, dtype=None, order=None):
    a = np.asarray(a, dtype=dtype, order=order)
    if a.dtype.kind == "f" and not bool(np.all(np.isfinite(a))):
        raise ValueError("array must not contain infs or NaNs")
    return a


def asfortranarray(a, dtype=None, *, like=None):
    return np.array(a, dtype, copy=None, order="F", ndmin=1)


def copyto(dst, src, casting="same_kind", where=True):
    src = np.asarray(src)
    if not np.can_cast(src.dtype, dst.dtype, casting=casting) and not (
            src.ndim == 0 and casting == "same_kind" and
            np.result_type(dst.dtype, src.dtype) == dst.dtype):
        raise TypeError("Cannot cast scalar from dtype('%s') to dtype('%s') according to the "
                        "rule '%s'" % (src.dtype, dst.dtype, casting))
    if where is True:
        dst[...] = src
    else:
        dst[...] = np.where(where, src, dst)


def place(arr, mask, vals):
    if isinstance(arr, np.ndarray) and not np._writeable(arr):
        raise ValueError("WRITEBACKIFCOPY base is read-only")
    mask = np.asarray(mask, dtype=bool)
    n = int(mask.sum())
    vals = np.asarray(vals).ravel()
    if n == 0:
        return
    if vals.size == 0:
        raise ValueError("Cannot insert from an empty array!")
    arr[mask] = np.resize(vals, (n,)).astype(arr.dtype)


def putmask(a, mask, values):
    if isinstance(a, np.ndarray) and not np._writeable(a):
        raise ValueError("putmask: output array is read-only")
    mask = np.broadcast_to(np.asarray(mask, dtype=bool), a.shape)
    vals = np.resize(np.asarray(values).ravel(), (a.size,)).reshape(a.shape)
    a[mask] = vals[mask].astype(a.dtype)


def extract(condition, arr):
    return np.asarray(arr).ravel()[np.asarray(condition).ravel() != 0]


def compress(condition, a, axis=None, out=None):
    a = np.asarray(a)
    c = np.asarray(condition, dtype=bool)
    if c.ndim != 1:
        raise ValueError("condition must be a 1-d array")
    if axis is None:
        a = a.ravel()
        axis = 0
    axis = _norm_axis(axis, a.ndim)
    n = a.shape[axis]
    if c.size > n:
        raise IndexError("index %d is out of bounds for axis %d with size %d" %
                         (c.size - 1, axis, n))
    idx = np.nonzero(c)[0]
    return _finish(np.take(a, idx, axis=axis), out)


def choose(a, choices, out=None, mode="raise"):
    a = np.asarray(a)
    cs = [np.asarray(c) for c in choices]
    n = len(cs)
    if mode == "wrap":
        a = a % n
    elif mode == "clip":
        a = np.clip(a, 0, n - 1)
    elif np.any(a < 0) or np.any(a >= n):
        raise ValueError("invalid entry in choice array")
    r = np.zeros(np.broadcast_shapes(a.shape, *[c.shape for c in cs]),
                 np.result_type(*cs))
    for i, c in enumerate(cs):
        r = np.where(a == i, c, r)
    return _finish(r, out)


# ---- elementwise ----

def fmod(x1, x2):
    x1, x2 = np.asarray(x1), np.asarray(x2)
    r = np.remainder(np.abs(x1), np.abs(x2))
    return _finish(np.where(x1 < 0, -r, r).astype(np.result_type(x1, x2)), None)


def copysign(x1, x2):
    x1 = np.asarray(x1)
    neg = np.signbit(x2)
    a = np.abs(x1)
    if a.dtype.kind != "f":
        a = a.astype(np.float64)
    return _finish(np.where(neg, -a, a), None)


def signbit(x):
    x = np.asarray(x)
    if x.dtype.kind == "f":
        # -0.0 and -nan have the sign bit: 1/x tells the zeros apart
        with np.errstate(divide="ignore", invalid="ignore"):
            r = (x < 0) | ((x == 0) & (np.reciprocal(np.where(x == 0, x, 1)) < 0))
        return _finish(r, None)
    return _finish(x < 0, None)


def _gcd_arr(a, b):
    a, b = np.abs(np.asarray(a)), np.abs(np.asarray(b))
    a, b = np.broadcast_arrays(a, b)
    a, b = a.copy(), b.copy()
    while bool(np.any(b != 0)):
        nz = b != 0
        t = np.where(nz, b, 1)
        a, b = np.where(nz, b, a), np.where(nz, a % t, 0)
    return a


def gcd(x1, x2):
    x1, x2 = np.asarray(x1), np.asarray(x2)
    if x1.dtype.kind not in "iub" or x2.dtype.kind not in "iub":
        raise TypeError("ufunc 'gcd' not supported for the input types, and the inputs could "
                        "not be safely coerced to any supported types according to the "
                        "casting rule ''safe''")
    return _finish(_gcd_arr(x1, x2).astype(np.result_type(x1, x2)), None)


def lcm(x1, x2):
    x1, x2 = np.asarray(x1), np.asarray(x2)
    g = gcd(x1, x2)
    g = np.where(np.asarray(g) == 0, 1, g)
    return _finish((np.abs(x1) // g * np.abs(x2)).astype(np.result_type(x1, x2)), None)


def logaddexp(x1, x2):
    x1, x2 = np.asarray(x1), np.asarray(x2)
    m = np.maximum(x1, x2)
    with np.errstate(invalid="ignore"):
        r = m + np.log1p(np.exp(-np.abs(x1 - x2)))
    return _finish(np.where(x1 == x2, x1 + math.log(2.0), r), None)


def logaddexp2(x1, x2):
    x1, x2 = np.asarray(x1), np.asarray(x2)
    m = np.maximum(x1, x2)
    with np.errstate(invalid="ignore"):
        r = m + np.log1p(np.exp2(-np.abs(x1 - x2))) / math.log(2.0)
    return _finish(np.where(x1 == x2, x1 + 1.0, r), None)


def float_power(x1, x2):
    return np.power(np.asarray(x1, dtype=np.float64), np.asarray(x2, dtype=np.float64))


def modf(x):
    x = np.asarray(x)
    if x.dtype.kind != "f":
        x = x.astype(np.float64)
    i = np.trunc(x)
    f = np.where(np.isinf(x), np.copysign(0.0, x), x - i)
    return _finish(f, None), _finish(i, None)


def divmod_(x1, x2):
    return np.floor_divide(x1, x2), np.remainder(x1, x2)


def frexp(x):
    x = np.asarray(x)
    vals = [math.frexp(v) for v in x.astype(np.float64).ravel().tolist()]
    dt = x.dtype if x.dtype.kind == "f" else np.float64
    m = np.array([v[0] for v in vals], dtype=dt).reshape(x.shape)
    e = np.array([v[1] for v in vals], dtype=np.int32).reshape(x.shape)
    return _finish(m, None), _finish(e, None)


def ldexp(x1, x2):
    x1 = np.asarray(x1)
    dt = x1.dtype if x1.dtype.kind == "f" else np.float64
    return _finish((x1 * np.power(2.0, np.asarray(x2, dtype=np.float64))).astype(dt), None)


def positive(x):
    return _finish(np.asarray(x).copy(), None)


def isposinf(x):
    x = np.asarray(x)
    return _finish(np.isinf(x) & (x > 0), None)


def isneginf(x):
    x = np.asarray(x)
    return _finish(np.isinf(x) & (x < 0), None)


def real(val):
    return np.asarray(val) if not np.isscalar(val) else val


def imag(val):
    a = np.asarray(val)
    return _finish(np.zeros(a.shape, a.dtype), None)


def iscomplex(x):
    return _finish(np.zeros(np.shape(x), bool), None)


def isreal(x):
    return _finish(np.ones(np.shape(x), bool), None)


def isrealobj(x):
    return True


def conjugate(x):
    return _finish(np.asarray(x).copy(), None)


def bitwise_count(x):
    x = np.asarray(x)
    if x.dtype.kind not in "iub":
        raise TypeError("ufunc 'bitwise_count' not supported for the input types, and the "
                        "inputs could not be safely coerced to any supported types according "
                        "to the casting rule ''safe''")
    v = np.abs(x.astype(np.int64)) if x.dtype.kind == "i" else x.astype(np.uint64)
    c = np.zeros(x.shape, np.uint8)
    for _ in range(64):
        c = c + (v & 1).astype(np.uint8)
        v = v >> 1
    return _finish(c, None)


# ---- the Array API names ----

def concat(arrays, /, *, axis=0):
    return np.concatenate(arrays, axis=axis)


def permute_dims(a, /, axes=None):
    return np.transpose(a, axes)


def matrix_transpose(x, /):
    x = np.asarray(x)
    if x.ndim < 2:
        raise ValueError("Input array must be at least 2-dimensional, but it is %d" % x.ndim)
    return np.swapaxes(x, -1, -2)


def vecdot(x1, x2, /, *, axis=-1):
    x1, x2 = np.asarray(x1), np.asarray(x2)
    return np.sum(x1 * x2, axis=axis)


def matvec(x1, x2, /):
    return np.matmul(x1, np.asarray(x2)[..., None])[..., 0]


def vecmat(x1, x2, /):
    return np.matmul(np.asarray(x1)[..., None, :], x2)[..., 0, :]


def unstack(x, /, *, axis=0):
    x = np.asarray(x)
    if x.ndim == 0:
        raise ValueError("Input array must be at least 1-d.")
    return tuple(np.moveaxis(x, axis, 0))


def _cumulative(scan, fill, x, axis, dtype, out, include_initial):
    x = np.asarray(x)
    if axis is None:
        if x.ndim > 1:
            raise ValueError("For arrays which have more than one dimension ``axis`` argument "
                             "is required.")
        axis = 0
    r = scan(x, axis=axis, dtype=dtype)
    if include_initial:
        shape = list(r.shape)
        shape[_norm_axis(axis, r.ndim)] = 1
        r = np.concatenate([np.full(shape, fill, r.dtype), r], axis=axis)
    return _finish(r, out)


def cumulative_sum(x, /, *, axis=None, dtype=None, out=None, include_initial=False):
    return _cumulative(np.cumsum, 0, x, axis, dtype, out, include_initial)


def cumulative_prod(x, /, *, axis=None, dtype=None, out=None, include_initial=False):
    return _cumulative(np.cumprod, 1, x, axis, dtype, out, include_initial)


def unique_values(x):
    return np.unique(x)


def unique_counts(x):
    return UniqueCountsResult(*np.unique(x, return_counts=True))


def unique_inverse(x):
    v, inv = np.unique(x, return_inverse=True)
    return UniqueInverseResult(v, np.asarray(inv).reshape(np.shape(x)))


def unique_all(x):
    v, idx, inv, cnt = np.unique(x, return_index=True, return_inverse=True, return_counts=True)
    return UniqueAllResult(v, idx, np.asarray(inv).reshape(np.shape(x)), cnt)


def _result_class(name, fields):
    def new(cls, *vals):
        return tuple.__new__(cls, vals)

    def rep(self):
        return "%s(%s)" % (name, ", ".join("%s=%r" % (f, v) for f, v in zip(fields, self)))
    body = {"__new__": new, "__repr__": rep, "__slots__": ()}
    for i, f in enumerate(fields):
        body[f] = property(lambda self, i=i: self[i])
    return type(name, (tuple,), body)


UniqueCountsResult = _result_class("UniqueCountsResult", ("values", "counts"))
UniqueInverseResult = _result_class("UniqueInverseResult", ("values", "inverse_indices"))
UniqueAllResult = _result_class("UniqueAllResult",
                                ("values", "indices", "inverse_indices", "counts"))


# ---- dtype and memory queries ----

def can_cast(from_, to, casting="safe"):
    if casting not in ("no", "equiv", "safe", "same_kind", "unsafe"):
        raise ValueError("casting must be one of 'no', 'equiv', 'safe', 'same_kind', or "
                         "'unsafe'")
    if isinstance(from_, (bool, int, float)):
        raise TypeError("can_cast() does not support Python ints, floats, and complex "
                        "because the result used to depend on the value.\nThis change "
                        "was part of adopting NEP 50, we may explicitly allow them again "
                        "in the future.")
    f = np.dtype(from_) if isinstance(from_, (type, str, np.dtype)) else from_.dtype
    t = np.dtype(to)
    if casting == "unsafe":
        return True
    if casting in ("no", "equiv"):
        return f == t
    try:
        np.zeros(1, f).astype(t, casting=casting)
        return True
    except TypeError:
        return False


def isdtype(dtype, kind):
    dt = np.dtype(dtype)
    kinds = kind if isinstance(kind, tuple) else (kind,)
    for k in kinds:
        if isinstance(k, str):
            table = {"bool": "b", "signed integer": "i", "unsigned integer": "u",
                     "integral": "iu", "real floating": "f", "complex floating": "",
                     "numeric": "iuf"}
            if k not in table:
                raise ValueError("kind argument is a string, but %r is not a known kind name."
                                 % k)
            if dt.kind in table[k] and table[k]:
                return True
        elif np.dtype(k) == dt:
            return True
    return False


def common_type(*arrays):
    best = np.float16
    for a in arrays:
        k = np.asarray(a).dtype
        if k.kind in "iub":
            t = np.float64
        elif k.kind == "f":
            t = k.type
        else:
            raise TypeError("can't get common type for non-numeric array")
        if np.dtype(t).itemsize > np.dtype(best).itemsize:
            best = t
    return best


def may_share_memory(a, b, /, max_work=None):
    return shares_memory(a, b)


def shares_memory(a, b, /, max_work=None):
    if not isinstance(a, np.ndarray) or not isinstance(b, np.ndarray):
        return False
    ra = a if a.base is None else a.base
    rb = b if b.base is None else b.base
    return ra is rb and a.size > 0 and b.size > 0


def iterable(y):
    try:
        iter(y)
    except TypeError:
        return False
    return True


def binary_repr(num, width=None):
    if num < 0:
        if width is None:
            return "-" + bin(-num)[2:]
        return bin((1 << width) + num)[2:].zfill(width)
    s = bin(num)[2:]
    return s if width is None else s.zfill(width)


def base_repr(number, base=2, padding=0):
    digits = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    if base > len(digits):
        raise ValueError("Bases greater than 36 not handled in base_repr.")
    if base < 2:
        raise ValueError("Bases less than 2 not handled in base_repr.")
    num = abs(int(number))
    res = []
    while num:
        res.append(digits[num % base])
        num //= base
    if padding:
        res.append("0" * padding)
    if number < 0:
        res.append("-")
    return "".join(reversed(res or "0"))


def _text(fn, a, max_line_width, precision):
    opts = {k: v for k, v in (("linewidth", max_line_width), ("precision", precision))
            if v is not None}
    if not opts:
        return fn(np.asarray(a))
    with np.printoptions(**opts):
        return fn(np.asarray(a))


def array_repr(arr, max_line_width=None, precision=None, suppress_small=None):
    return _text(repr, arr, max_line_width, precision)


def array_str(a, max_line_width=None, precision=None, suppress_small=None):
    return _text(str, a, max_line_width, precision)


# ---- window functions ----

def _window(M, f):
    if M < 1:
        return np.array([])
    if M == 1:
        return np.ones(1)
    n = np.arange(1 - M, M, 2)
    return f(n, M - 1)


def hanning(M):
    return _window(M, lambda n, m: 0.5 + 0.5 * np.cos(_pi * n / m))


def hamming(M):
    return _window(M, lambda n, m: 0.54 + 0.46 * np.cos(_pi * n / m))


def blackman(M):
    return _window(M, lambda n, m: 0.42 + 0.5 * np.cos(_pi * n / m) +
                   0.08 * np.cos(2.0 * _pi * n / m))


def bartlett(M):
    return _window(M, lambda n, m: np.where(n <= 0, 1 + n / m, 1 - n / m))


_pi = 3.141592653589793


# ---- the ndarray methods and properties these give ----

def _m_take(self, indices, axis=None, out=None, mode="raise"):
    return np.take(self, indices, axis=axis, out=out, mode=mode)


def _m_put(self, ind, v, mode="raise"):
    np.put(self, ind, v, mode=mode)


def _m_compress(self, condition, axis=None, out=None):
    return compress(condition, self, axis=axis, out=out)


def _m_choose(self, choices, out=None, mode="raise"):
    return choose(self, choices, out=out, mode=mode)


def _m_conj(self):
    return self.copy()


def _m_setflags(self, write=None, align=None, uic=None):
    if uic:
        raise ValueError("cannot set WRITEBACKIFCOPY flag to True")
    if align is not None and not align:
        raise ValueError("krait arrays are always aligned")
    if write is not None:
        np._writeable(self, write)


def _m_tobytes(self, order="C"):
    import struct
    codes = {"bool": "?", "int8": "b", "int16": "h", "int32": "i", "int64": "q",
             "uint8": "B", "uint16": "H", "uint32": "I", "uint64": "Q", "float16": "e",
             "float32": "f", "float64": "d"}
    name = str(self.dtype)
    if name not in codes:
        raise TypeError("tobytes: dtype %s is not supported in krait" % name)
    flat = (self.T if order == "F" else self).ravel().tolist()
    return struct.pack("<%d%s" % (len(flat), codes[name]), *flat)


class flagsobj:
    """ndarray.flags: the memory layout facts NumPy reports; only WRITEABLE can change."""

    def __init__(self, a):
        self._a = a

    def _c(self):
        a = self._a
        st, s = a.strides, a.itemsize
        for d in range(a.ndim - 1, -1, -1):
            if a.shape[d] != 1 and st[d] != s:
                return False
            s *= a.shape[d]
        return True

    def _f(self):
        a = self._a
        st, s = a.strides, a.itemsize
        for d in range(a.ndim):
            if a.shape[d] != 1 and st[d] != s:
                return False
            s *= a.shape[d]
        return True

    c_contiguous = property(lambda self: self._c())
    f_contiguous = property(lambda self: self._f())
    contiguous = c_contiguous
    fortran = f_contiguous
    owndata = property(lambda self: self._a.base is None)
    writeable = property(lambda self: np._writeable(self._a),
                         lambda self, v: np._writeable(self._a, v))
    aligned = property(lambda self: True)
    writebackifcopy = property(lambda self: False)
    behaved = property(lambda self: True)
    carray = property(lambda self: self._c())
    farray = property(lambda self: self._f() and not self._c())
    forc = property(lambda self: self._c() or self._f())
    fnc = property(lambda self: self._f() and not self._c())

    _KEYS = {"C_CONTIGUOUS": "c_contiguous", "C": "c_contiguous", "CONTIGUOUS": "c_contiguous",
             "F_CONTIGUOUS": "f_contiguous", "F": "f_contiguous", "FORTRAN": "f_contiguous",
             "OWNDATA": "owndata", "O": "owndata", "WRITEABLE": "writeable", "W": "writeable",
             "ALIGNED": "aligned", "A": "aligned", "WRITEBACKIFCOPY": "writebackifcopy",
             "X": "writebackifcopy", "BEHAVED": "behaved", "B": "behaved", "CARRAY": "carray",
             "CA": "carray", "FARRAY": "farray", "FA": "farray", "FNC": "fnc", "FORC": "forc"}

    def __getitem__(self, key):
        if key not in self._KEYS:
            raise KeyError("Unknown flag")
        return getattr(self, self._KEYS[key])

    def __setitem__(self, key, value):
        if self._KEYS.get(key) != "writeable":
            raise ValueError("krait arrays change only their WRITEABLE flag")
        np._writeable(self._a, value)

    def __repr__(self):
        return "\n".join("  %s : %s" % (k, self[k]) for k in
                         ("C_CONTIGUOUS", "F_CONTIGUOUS", "OWNDATA", "WRITEABLE", "ALIGNED",
                          "WRITEBACKIFCOPY")) + "\n"


_METHODS = {"partition": _m_partition, "argpartition": _m_argpartition, "take": _m_take,
            "put": _m_put, "compress": _m_compress, "choose": _m_choose, "conj": _m_conj,
            "conjugate": _m_conj, "tobytes": _m_tobytes, "setflags": _m_setflags,
            "flags": property(lambda self: flagsobj(self)),
            "real": property(lambda self: self),
            "imag": property(lambda self: np.zeros(self.shape, self.dtype)),
            "mT": property(lambda self: matrix_transpose(self))}

_FUNCS = (nanmedian, nanpercentile, nanquantile, frompyfunc, partition, argpartition,
          take_along_axis, put_along_axis, apply_along_axis, apply_over_axes, lexsort,
          tril_indices, triu_indices, tril_indices_from, triu_indices_from, diag_indices,
          diag_indices_from, fill_diagonal, diagflat, fromfunction, fromiter, resize,
          geomspace, rollaxis, trim_zeros, block, asarray_chkfinite, asfortranarray, copyto,
          place, putmask, extract, compress, choose, fmod, copysign, signbit, gcd, lcm,
          logaddexp, logaddexp2, float_power, modf, frexp, ldexp, positive, isposinf,
          isneginf, real, imag, iscomplex, isreal, isrealobj, conjugate, bitwise_count,
          concat, permute_dims, matrix_transpose, vecdot, matvec, vecmat, unstack,
          cumulative_sum, cumulative_prod, unique_values, unique_counts, unique_inverse,
          unique_all, can_cast, isdtype, common_type, may_share_memory, shares_memory,
          iterable, binary_repr, base_repr, array_repr, array_str, hanning, hamming,
          blackman, bartlett)


def _install():
    for fn in _FUNCS:
        setattr(np, fn.__name__, fn)
    setattr(np, "divmod", divmod_)
    setattr(np, "conj", conjugate)
    for cls in (vectorize, ndindex, ndenumerate):
        setattr(np, cls.__name__, cls)
    setattr(np, "r_", _Concat(0, 1, -1))
    setattr(np, "c_", _Concat(-1, 2, 0))
    setattr(np, "s_", _IndexExp(False))
    setattr(np, "index_exp", _IndexExp(True))
    setattr(np, "mgrid", _Grid(False))
    setattr(np, "ogrid", _Grid(True))
    # the Array API's names of existing functions
    for new, old in (("acos", "arccos"), ("asin", "arcsin"), ("atan", "arctan"),
                     ("atan2", "arctan2"), ("asinh", "arcsinh"),
                     ("acosh", "arccosh"), ("atanh", "arctanh"), ("pow", "power"), ("bitwise_not", "invert"),
                     ("bitwise_invert", "invert"), ("bitwise_left_shift", "left_shift"),
                     ("bitwise_right_shift", "right_shift")):
        if hasattr(np, old) and not hasattr(np, new):
            setattr(np, new, getattr(np, old))
    setattr(np, "fabs", _fabs)


def _fabs(x, /, out=None):
    x = np.asarray(x)
    if x.dtype.kind != "f":
        x = x.astype(np.float64)
    return _finish(np.abs(x), out)
