"""NumPy's shape, set-up and nan functions for krait's gpu/numpy module, written in Python
over the native array operations (as NumPy writes them in numpy/lib and numpy/_core), so
they run on either backend: every step is a native array operation (views, concatenate,
indexing, arithmetic, reductions) that the CUDA backend runs on the device where it can.
The numpy module (stdlib/gpu/gpu_module.c) loads this file, sets `np` to itself and adds
every public name here to its namespace. Error messages are NumPy 2's."""

from _numpy_exceptions import RankWarning, normalize_axis as _axis

np = None  # the numpy module, set when it loads this file


def _axes(axis, ndim, prefix=None):
    if not isinstance(axis, (tuple, list)):
        axis = [axis]
    out = tuple(_axis(a, ndim, prefix) for a in axis)
    if len(set(out)) != len(out):
        raise ValueError(f"repeated axis in `{prefix}` argument" if prefix else "repeated axis")
    return out


# ---- dimensions ----

def atleast_1d(*arys):
    res = []
    for a in arys:
        a = np.asarray(a)
        res.append(a.reshape(1) if a.ndim == 0 else a)
    return res[0] if len(res) == 1 else tuple(res)


def atleast_2d(*arys):
    res = []
    for a in arys:
        a = np.asarray(a)
        if a.ndim == 0:
            a = a.reshape(1, 1)
        elif a.ndim == 1:
            a = a[np.newaxis, :]
        res.append(a)
    return res[0] if len(res) == 1 else tuple(res)


def atleast_3d(*arys):
    res = []
    for a in arys:
        a = np.asarray(a)
        if a.ndim == 0:
            a = a.reshape(1, 1, 1)
        elif a.ndim == 1:
            a = a[np.newaxis, :, np.newaxis]
        elif a.ndim == 2:
            a = a[:, :, np.newaxis]
        res.append(a)
    return res[0] if len(res) == 1 else tuple(res)


def expand_dims(a, axis):
    a = np.asarray(a)
    if not isinstance(axis, (tuple, list)):
        axis = (axis,)
    out_ndim = len(axis) + a.ndim
    axis = _axes(axis, out_ndim)
    it = iter(a.shape)
    return a.reshape(tuple(1 if ax in axis else next(it) for ax in range(out_ndim)))


def squeeze(a, axis=None):
    a = np.asarray(a)
    if axis is None:
        return a.reshape(tuple(s for s in a.shape if s != 1))
    axis = _axes(axis, a.ndim)
    for ax in axis:
        if a.shape[ax] != 1:
            raise ValueError("cannot select an axis to squeeze out which has size not equal to one")
    return a.reshape(tuple(s for i, s in enumerate(a.shape) if i not in axis))


def swapaxes(a, axis1, axis2):
    a = np.asarray(a)
    i = _axis(axis1, a.ndim, "axis1")
    j = _axis(axis2, a.ndim, "axis2")
    perm = list(range(a.ndim))
    perm[i], perm[j] = perm[j], perm[i]
    return a.transpose(perm)


def moveaxis(a, source, destination):
    a = np.asarray(a)
    source = _axes(source, a.ndim, "source")
    destination = _axes(destination, a.ndim, "destination")
    if len(source) != len(destination):
        raise ValueError("`source` and `destination` arguments must have the same number of elements")
    order = [n for n in range(a.ndim) if n not in source]
    for dest, src in sorted(zip(destination, source)):
        order.insert(dest, src)
    return a.transpose(order)


# ---- joining and splitting ----

def vstack(tup, *, dtype=None):
    arrs = atleast_2d(*tup)
    if not isinstance(arrs, tuple):
        arrs = (arrs,)
    return np.concatenate(arrs, 0, dtype=dtype)


def hstack(tup, *, dtype=None):
    arrs = atleast_1d(*tup)
    if not isinstance(arrs, tuple):
        arrs = (arrs,)
    if arrs and arrs[0].ndim == 1:
        return np.concatenate(arrs, 0, dtype=dtype)
    return np.concatenate(arrs, 1, dtype=dtype)


def column_stack(tup):
    arrays = []
    for v in tup:
        arr = np.asarray(v)
        if arr.ndim < 2:
            arr = np.array(arr, copy=None, ndmin=2).T
        arrays.append(arr)
    return np.concatenate(arrays, 1)


def array_split(ary, indices_or_sections, axis=0):
    ary = np.asarray(ary)
    ntotal = ary.shape[axis]
    try:
        nsections = len(indices_or_sections) + 1
        div_points = [0] + list(indices_or_sections) + [ntotal]
    except TypeError:
        nsections = int(indices_or_sections)
        if nsections <= 0:
            raise ValueError("number sections must be larger than 0.") from None
        each, extras = divmod(ntotal, nsections)
        sizes = [0] + extras * [each + 1] + (nsections - extras) * [each]
        div_points = [0]
        for s in sizes[1:]:
            div_points.append(div_points[-1] + s)
    sary = swapaxes(ary, axis, 0)
    subs = []
    for i in range(nsections):
        subs.append(swapaxes(sary[div_points[i]:div_points[i + 1]], axis, 0))
    return subs


def split(ary, indices_or_sections, axis=0):
    try:
        len(indices_or_sections)
    except TypeError:
        n = np.asarray(ary).shape[axis]
        if n % indices_or_sections:
            raise ValueError("array split does not result in an equal division") from None
    return array_split(ary, indices_or_sections, axis)


def repeat(a, repeats, axis=None):
    a = np.asarray(a)
    if axis is None:
        a = a.ravel()
        axis = 0
    axis = _axis(axis, a.ndim)
    n = a.shape[axis]
    reps = np.asarray(repeats)
    if reps.ndim == 0 or reps.size == 1:
        r = int(reps.reshape(-1)[0]) if reps.size else 0
        if r < 0:
            raise ValueError("negative dimensions are not allowed")
        counts = [r] * n
    else:
        if reps.ndim != 1 or reps.shape[0] != n:
            raise ValueError(f"operands could not be broadcast together with shape ({n},) "
                             f"({reps.shape[0]},)")
        counts = [int(c) for c in reps.tolist()]
        if any(c < 0 for c in counts):
            raise ValueError("negative dimensions are not allowed")
    idx = []
    for i, c in enumerate(counts):
        idx.extend([i] * c)
    moved = swapaxes(a, axis, 0)
    out = moved[np.array(idx, dtype=np.int64)] if idx else moved[0:0]
    return swapaxes(out, axis, 0)


def tile(A, reps):
    try:
        tup = tuple(reps)
    except TypeError:
        tup = (reps,)
    d = len(tup)
    c = np.array(A, copy=True, ndmin=d)
    if d < c.ndim:
        tup = (1,) * (c.ndim - d) + tup
    shape_out = tuple(s * t for s, t in zip(c.shape, tup))
    n = c.size
    if n > 0:
        for dim_in, nrep in zip(c.shape, tup):
            if nrep != 1:
                c = repeat(c.reshape(-1, n), nrep, 0)
            n //= dim_in
    return c.reshape(shape_out)


# ---- rearranging ----

def flip(m, axis=None):
    m = np.asarray(m)
    axes = range(m.ndim) if axis is None else _axes(axis, m.ndim)
    index = [slice(None)] * m.ndim
    for ax in axes:
        index[ax] = slice(None, None, -1)
    return m[tuple(index)]


def fliplr(m):
    m = np.asarray(m)
    if m.ndim < 2:
        raise ValueError("Input must be >= 2-d.")
    return m[:, ::-1]


def flipud(m):
    m = np.asarray(m)
    if m.ndim < 1:
        raise ValueError("Input must be >= 1-d.")
    return m[::-1, ...]


def roll(a, shift, axis=None):
    a = np.asarray(a)
    if axis is None:
        return roll(a.ravel(), shift, 0).reshape(a.shape)
    shifts = list(shift) if isinstance(shift, (tuple, list)) else [shift]
    axes = list(axis) if isinstance(axis, (tuple, list)) else [axis]
    if len(shifts) == 1:
        shifts = shifts * len(axes)
    if len(axes) == 1:
        axes = axes * len(shifts)
    if len(shifts) != len(axes):
        raise ValueError("'shift' and 'axis' should be scalars or 1D sequences")
    total = {}
    for s, ax in zip(shifts, axes):
        ax = _axis(ax, a.ndim)
        total[ax] = total.get(ax, 0) + int(s)
    out = a
    for ax, s in total.items():
        n = a.shape[ax]
        if n == 0:
            continue
        s %= n
        if s == 0:
            continue
        head = [slice(None)] * a.ndim
        tail = [slice(None)] * a.ndim
        head[ax] = slice(n - s, None)
        tail[ax] = slice(None, n - s)
        out = np.concatenate((out[tuple(head)], out[tuple(tail)]), ax)
    return out.copy() if out is a else out


# ---- differences, products, comparisons ----

def diff(a, n=1, axis=-1, prepend=None, append=None):
    if n == 0:
        return a
    if n < 0:
        raise ValueError("order must be non-negative but got " + repr(n))
    a = np.asarray(a)
    if a.ndim == 0:
        raise ValueError("diff requires input that is at least one dimensional")
    axis = _axis(axis, a.ndim)
    parts = []
    for extra in (prepend, append):
        if extra is None:
            parts.append(None)
            continue
        e = np.asarray(extra)
        if e.ndim == 0:
            shape = list(a.shape)
            shape[axis] = 1
            e = np.full(tuple(shape), e.item(), dtype=e.dtype)
        parts.append(e)
    if parts[0] is not None or parts[1] is not None:
        seq = [p for p in (parts[0], a, parts[1]) if p is not None]
        a = np.concatenate(seq, axis)
    lo = [slice(None)] * a.ndim
    hi = [slice(None)] * a.ndim
    lo[axis] = slice(1, None)
    hi[axis] = slice(None, -1)
    lo, hi = tuple(lo), tuple(hi)
    for _ in range(n):
        if a.dtype == np.bool_:
            a = np.not_equal(a[lo], a[hi])
        else:
            a = a[lo] - a[hi]
    return a


def outer(a, b, out=None):
    a = np.asarray(a).ravel()
    b = np.asarray(b).ravel()
    return np.multiply(a[:, np.newaxis], b[np.newaxis, :], out=out)


def isclose(a, b, rtol=1e-05, atol=1e-08, equal_nan=False):
    x = np.asarray(a)
    y = np.asarray(b)
    if y.dtype == np.bool_ or np.issubdtype(y.dtype, np.integer):
        y = y.astype(np.float64)
    with np.errstate(invalid="ignore"):  # inf - inf, as NumPy
        result = np.less_equal(abs(x - y), atol + rtol * abs(y)) & np.isfinite(y) | (x == y)
    if equal_nan:
        result = result | (np.isnan(x) & np.isnan(y))
    return result[()] if result.ndim == 0 else result


def count_nonzero(a, axis=None, *, keepdims=False):
    a = np.asarray(a)
    return np.sum(a != 0, axis=axis, dtype=np.int64, keepdims=keepdims)


def argwhere(a):
    a = np.asarray(a)
    if a.ndim == 0:
        return argwhere(a.reshape(1))[:, :0]
    nz = np.nonzero(a)
    return np.stack(nz, axis=1) if nz[0].size or a.ndim else np.zeros((0, a.ndim), dtype=np.int64)


def flatnonzero(a):
    return np.nonzero(np.asarray(a).ravel())[0]


def searchsorted(a, v, side="left", sorter=None):
    if side not in ("left", "right"):
        raise ValueError(f"search side must be 'left' or 'right' (got {side!r})")
    a = np.asarray(a)
    if a.ndim != 1:
        raise ValueError("object too deep for desired array")
    if sorter is not None:
        a = a[np.asarray(sorter)]
    keys = a.tolist()
    vals = np.asarray(v)

    def find(x):
        lo, hi = 0, len(keys)
        while lo < hi:
            mid = (lo + hi) // 2
            if keys[mid] < x or (side == "right" and keys[mid] == x):
                lo = mid + 1
            else:
                hi = mid
        return lo

    if vals.ndim == 0:
        return np.int64(find(vals.item()))
    out = [find(x) for x in vals.ravel().tolist()]
    return np.array(out, dtype=np.int64).reshape(vals.shape)


# ---- matrices ----

def identity(n, dtype=None):
    return np.eye(n, dtype=np.float64 if dtype is None else dtype)


def tri(N, M=None, k=0, dtype=float):
    if M is None:
        M = N
    m = np.arange(N)[:, np.newaxis] >= np.arange(-k, M - k)[np.newaxis, :]
    return m.astype(dtype)


def tril(m, k=0):
    m = np.asarray(m)
    mask = tri(m.shape[-2], m.shape[-1], k, dtype=bool)
    return np.where(mask, m, np.zeros(1, m.dtype))


def triu(m, k=0):
    m = np.asarray(m)
    mask = tri(m.shape[-2], m.shape[-1], k - 1, dtype=bool)
    return np.where(mask, np.zeros(1, m.dtype), m)


def diagonal(a, offset=0, axis1=0, axis2=1):
    a = np.asarray(a)
    if a.ndim < 2:
        raise ValueError("diag requires an array of at least two dimensions")
    i = _axis(axis1, a.ndim, "axis1")
    j = _axis(axis2, a.ndim, "axis2")
    if i == j:
        raise ValueError("axis1 and axis2 cannot be the same")
    rest = [d for d in range(a.ndim) if d not in (i, j)]
    b = a.transpose(rest + [i, j])
    n, m = b.shape[-2], b.shape[-1]
    if offset >= 0:
        length = max(0, min(n, m - offset))
        rows, cols = list(range(length)), [r + offset for r in range(length)]
    else:
        length = max(0, min(n + offset, m))
        rows, cols = [r - offset for r in range(length)], list(range(length))
    if length == 0:
        return np.zeros(b.shape[:-2] + (0,), dtype=a.dtype)
    flat = b.reshape(b.shape[:-2] + (n * m,))
    idx = np.array([r * m + c for r, c in zip(rows, cols)], dtype=np.int64)
    moved = moveaxis(flat, -1, 0)[idx]
    return moveaxis(moved, 0, -1)


def diag(v, k=0):
    v = np.asarray(v)
    if v.ndim == 1:
        n = v.shape[0] + abs(k)
        res = np.zeros((n, n), dtype=v.dtype)
        for i, x in enumerate(v.tolist()):
            if k >= 0:
                res[i, i + k] = x
            else:
                res[i - k, i] = x
        return res
    if v.ndim == 2:
        return diagonal(v, k)
    raise ValueError("Input must be 1- or 2-d.")


def trace(a, offset=0, axis1=0, axis2=1, dtype=None, out=None):
    return np.sum(diagonal(a, offset, axis1, axis2), axis=-1, dtype=dtype, out=out)


def logspace(start, stop, num=50, endpoint=True, base=10.0, dtype=None, axis=0):
    y = np.linspace(start, stop, num=num, endpoint=endpoint, axis=axis)
    r = np.power(base, y)
    return r if dtype is None else r.astype(dtype)


# ---- copies ----

def ascontiguousarray(a, dtype=None, *, like=None):
    return np.array(a, dtype, copy=None, order="C", ndmin=1, like=like)


def copy(a, order="K"):
    return np.array(a, order=order, copy=True)


# ---- nan functions ----

def _runtime_warning(msg):
    """NumPy's RuntimeWarning of its Python code, at the script's line."""
    import _numpy_errstate
    _numpy_errstate._warn(msg)


def _nan_free(a, fill):
    a = np.asarray(a)
    if not np.issubdtype(a.dtype, np.floating):
        return a, None
    mask = np.isnan(a)
    return np.where(mask, np.asarray(fill, dtype=a.dtype), a), mask


def nansum(a, axis=None, dtype=None, out=None, keepdims=False):
    b, _ = _nan_free(a, 0)
    return np.sum(b, axis=axis, dtype=dtype, out=out, keepdims=keepdims)


def nanprod(a, axis=None, dtype=None, out=None, keepdims=False):
    b, _ = _nan_free(a, 1)
    return np.prod(b, axis=axis, dtype=dtype, out=out, keepdims=keepdims)


def _nanextreme(a, axis, out, keepdims, fill, fn):
    b, mask = _nan_free(a, fill)
    r = fn(b, axis=axis, keepdims=keepdims)
    if mask is not None:
        allnan = np.all(mask, axis=axis, keepdims=keepdims)
        if np.any(allnan):
            _runtime_warning("All-NaN slice encountered")
        r = np.where(allnan, np.nan, r).astype(b.dtype)
        if r.ndim == 0:
            r = r[()]
    if out is not None:
        out[...] = r
        return out
    return r


def nanmax(a, axis=None, out=None, keepdims=False):
    return _nanextreme(a, axis, out, keepdims, -np.inf, np.max)


def nanmin(a, axis=None, out=None, keepdims=False):
    return _nanextreme(a, axis, out, keepdims, np.inf, np.min)


def nanmean(a, axis=None, dtype=None, out=None, keepdims=False):
    b, mask = _nan_free(a, 0)
    if mask is None:
        return np.mean(b, axis=axis, dtype=dtype, out=out, keepdims=keepdims)
    total = np.sum(b, axis=axis, dtype=dtype, keepdims=keepdims)
    count = np.sum(~mask, axis=axis, dtype=np.int64, keepdims=keepdims)
    if np.any(count == 0):
        _runtime_warning("Mean of empty slice")
    with np.errstate(divide="ignore", invalid="ignore"):
        r = np.divide(total, count)
    r = r.astype(total.dtype) if hasattr(r, "astype") else r
    if out is not None:
        out[...] = r
        return out
    return r


# ---- einsum ----

def _einsum_parse(subscripts, operands):
    subscripts = subscripts.replace(" ", "")
    if "->" in subscripts:
        ins, out = subscripts.split("->")
        explicit = True
    else:
        ins, out, explicit = subscripts, "", False
    terms = ins.split(",")
    if len(terms) != len(operands):
        # NumPy's wording, which counts from the subscripts' side
        raise ValueError("fewer operands provided to einstein sum function than specified "
                         "in the subscripts string" if len(operands) > len(terms) else
                         "more operands provided to einstein sum function than specified "
                         "in the subscripts string")
    # '...' stands for the leading axes a term does not name: spare upper-case letters
    spare = [c for c in "ZYXWVUTSRQPONMLKJIHGFEDCBA" if c not in subscripts]
    nell = 0
    for t, op in zip(terms, operands):
        if "..." in t:
            nell = max(nell, op.ndim - (len(t) - 3))
    ell = "".join(spare[:nell][::-1])
    fixed = []
    for num, (t, op) in enumerate(zip(terms, operands)):
        if "..." in t:
            k = op.ndim - (len(t) - 3)
            t = t.replace("...", ell[nell - k:] if k else "")
        for c in t:
            if not c.isalpha():
                raise ValueError(f"invalid subscript '{c}' in einstein sum subscripts string, "
                                 "subscripts must be letters")
        if len(t) != op.ndim:
            raise ValueError(f"operand has more dimensions than subscripts given in einstein "
                             f"sum, but no '...' ellipsis provided to broadcast the extra "
                             f"dimensions." if op.ndim > len(t) else
                             f"einstein sum subscripts string contains too many subscripts "
                             f"for operand {num}")
        fixed.append(t)
    if explicit:
        out = out.replace("...", ell)
        for c in out:
            if c not in "".join(fixed):
                raise ValueError(f"einstein sum subscripts string included output subscript "
                                 f"'{c}' which never appeared in an input")
    else:
        counts = {}
        for t in fixed:
            for c in t:
                counts[c] = counts.get(c, 0) + 1
        out = ell + "".join(sorted(c for c in counts if counts[c] == 1 and c not in ell))
    return fixed, out


def _einsum_diag(op, term):
    """An operand with a letter repeated (ii) reduced to the diagonal of those axes."""
    while True:
        dup = next((c for c in term if term.count(c) > 1), None)
        if dup is None:
            return op, term
        i = term.index(dup)
        j = term.index(dup, i + 1)
        op = diagonal(op, 0, i, j)
        term = "".join(c for k, c in enumerate(term) if k not in (i, j)) + dup


def _einsum_sum_out(op, term, keep):
    """Sum the axes of letters no other term or the output needs."""
    axes = tuple(k for k, c in enumerate(term) if c not in keep)
    if axes:
        op = np.sum(op, axis=axes)
        term = "".join(c for c in term if c in keep)
    return op, term


def _einsum_pair(a, ta, b, tb, keep):
    """Contract two operands through one batched matmul."""
    batch = [c for c in ta if c in tb and c in keep]
    contract = [c for c in ta if c in tb and c not in keep]
    left = [c for c in ta if c not in tb]
    right = [c for c in tb if c not in ta]
    size = {}
    for t, op in ((ta, a), (tb, b)):
        for c, n in zip(t, op.shape):
            if size.get(c, 1) != 1 and n != 1 and size[c] != n:
                raise ValueError(f"operands could not be broadcast together with remapped "
                                 f"shapes [original->remapped]: {a.shape} {b.shape}")
            size[c] = max(size.get(c, 1), n)

    def prod(cs):
        p = 1
        for c in cs:
            p *= size[c]
        return p

    a2 = a.transpose([ta.index(c) for c in batch + left + contract])
    b2 = b.transpose([tb.index(c) for c in batch + contract + right])
    a3 = a2.reshape(prod(batch), prod(left), prod(contract))
    b3 = b2.reshape(prod(batch), prod(contract), prod(right))
    r = np.matmul(a3, b3).reshape(tuple(size[c] for c in batch + left + right))
    return r, "".join(batch + left + right)


def einsum(subscripts, *operands, out=None, dtype=None, optimize=False):
    ops = [np.asarray(o) for o in operands]
    if dtype is not None:
        for k, o in enumerate(ops):
            try:
                ops[k] = o.astype(dtype, casting="safe")
            except TypeError:
                raise TypeError(f"Iterator operand {k} dtype could not be cast from "
                                f"{o.dtype!r} to {np.dtype(dtype)!r} according to the rule "
                                f"'safe'") from None
    terms, output = _einsum_parse(subscripts, ops)
    pairs = []
    for op, t in zip(ops, terms):
        op, t = _einsum_diag(op, t)
        pairs.append((op, t))
    while True:
        # each operand first sums what no one else needs
        done = []
        for k, (op, t) in enumerate(pairs):
            others = output + "".join(tt for kk, (_, tt) in enumerate(pairs) if kk != k)
            done.append(_einsum_sum_out(op, t, others))
        pairs = done
        if len(pairs) == 1:
            break
        (a, ta), (b, tb) = pairs[0], pairs[1]
        keep = output + "".join(t for _, t in pairs[2:])
        pairs = [_einsum_pair(a, ta, b, tb, keep)] + pairs[2:]
    r, t = pairs[0]
    if t != output:
        r = r.transpose([t.index(c) for c in output])
    if isinstance(r, np.ndarray) and r.ndim == 0:
        r = r[()]
    if out is not None:
        out[...] = r
        return out
    return r


# ---- array methods NumPy has with these functions' signatures ----

def _nonzero(a):
    return np.nonzero(a)


_METHODS = {"repeat": repeat, "squeeze": squeeze, "swapaxes": swapaxes, "trace": trace,
            "diagonal": diagonal, "searchsorted": searchsorted, "nonzero": _nonzero}


# ---- grids, gathers, padding ----

def meshgrid(*xi, copy=True, sparse=False, indexing="xy"):
    if indexing not in ("xy", "ij"):
        raise ValueError("Valid values for `indexing` are 'xy' and 'ij'.")
    ndim = len(xi)
    s0 = (1,) * ndim
    output = [np.asarray(x).reshape(s0[:i] + (-1,) + s0[i + 1:]) for i, x in enumerate(xi)]
    if indexing == "xy" and ndim > 1:
        output[0] = output[0].reshape((1, -1) + s0[2:])
        output[1] = output[1].reshape((-1, 1) + s0[2:])
    if not sparse:
        shape = [1] * ndim
        for o in output:
            shape = [max(p, q) for p, q in zip(shape, o.shape)]
        output = [o + np.zeros(tuple(shape), dtype=o.dtype) for o in output]
    elif copy:
        output = [o.copy() for o in output]
    return tuple(output)


def take(a, indices, axis=None, out=None, mode="raise"):
    if mode != "raise":
        raise NotImplementedError("take: only mode='raise' is implemented in krait")
    a = np.asarray(a)
    if axis is None:
        a = a.ravel()
        axis = 0
    axis = _axis(axis, a.ndim)
    idx = np.asarray(indices)
    moved = moveaxis(a, axis, 0)
    r = moved[idx.ravel()].reshape(idx.shape + moved.shape[1:])
    r = moveaxis(r, tuple(range(idx.ndim)), tuple(range(axis, axis + idx.ndim)))
    if out is not None:
        out[...] = r
        return out
    return r[()] if r.ndim == 0 else r


def put(a, ind, v, mode="raise"):
    if mode != "raise":
        raise NotImplementedError("put: only mode='raise' is implemented in krait")
    if not isinstance(a, np.ndarray):
        raise TypeError(f"argument 1 must be numpy.ndarray, not {type(a).__name__}")
    if not np._writeable(a):
        raise ValueError("put: output array is read-only")
    flat = a.reshape(-1)
    idx = np.asarray(ind).ravel()
    vals = np.asarray(v).ravel()
    if vals.size == 0 or idx.size == 0:
        return None
    reps = -(-idx.size // vals.size)
    vals = tile(vals, reps)[:idx.size]
    n = a.size
    for i, x in zip(idx.tolist(), vals.tolist()):
        if i < -n or i >= n:
            raise IndexError(f"index {i} is out of bounds for axis 0 with size {n}")
        flat[i] = x
    a[...] = flat.reshape(a.shape)  # a no-op for a view; the copy of a strided a goes back
    return None


def pad(array, pad_width, mode="constant", **kwargs):
    a = np.asarray(array)
    widths = np.asarray(pad_width)
    if widths.ndim == 0:
        widths = [[int(widths.item())] * 2] * a.ndim
    elif widths.ndim == 1:
        w = widths.tolist()
        widths = [w * 2 if len(w) == 1 else w] * a.ndim
    else:
        widths = widths.tolist()
        if len(widths) == 1:
            widths = widths * a.ndim
    if len(widths) != a.ndim:
        raise ValueError(f"operands could not be broadcast together with remapped shapes "
                         f"[original->remapped]: ({len(widths)},2)  and requested shape "
                         f"({a.ndim},2)")
    if mode == "constant":
        cv = kwargs.pop("constant_values", 0)
    elif mode not in ("edge", "wrap", "reflect", "symmetric"):
        raise ValueError(f"mode '{mode}' is not supported" if isinstance(mode, str) else "mode")
    if kwargs:
        raise ValueError(f"unsupported keyword arguments for mode '{mode}': {set(kwargs)}")
    out = a
    for ax, (before, after) in enumerate(widths):
        if before < 0 or after < 0:
            raise ValueError("index can't contain negative values")
        n = out.shape[ax]
        parts = []
        if mode == "constant":
            cvs = np.asarray(cv).ravel().tolist()
            lo, hi = (cvs[0], cvs[0]) if len(cvs) == 1 else (cvs[0], cvs[-1])
            for w, val in ((before, lo), (after, hi)):
                shape = list(out.shape)
                shape[ax] = w
                parts.append(np.full(tuple(shape), val, dtype=out.dtype))
        else:
            if n == 0:
                raise ValueError("can't extend empty axis 0 using modes other than 'constant' "
                                 "or 'empty'")
            idx_b, idx_a = [], []
            for k in range(before):
                j = before - k  # distance from the edge, 1-based
                idx_b.append(_pad_index(mode, -j, n))
            for k in range(after):
                idx_a.append(_pad_index(mode, n + k, n))
            for idx in (idx_b, idx_a):
                parts.append(take(out, np.array(idx, dtype=np.int64), axis=ax))
        out = np.concatenate([parts[0], out, parts[1]], ax)
    return out


def _pad_index(mode, i, n):
    """The source index for padded position i (< 0 or >= n) along an axis of n."""
    if mode == "edge":
        return 0 if i < 0 else n - 1
    if mode == "wrap":
        return i % n
    if mode == "symmetric":
        period = 2 * n
        i %= period
        return i if i < n else period - 1 - i
    # reflect: the edge is not repeated
    if n == 1:
        return 0
    period = 2 * n - 2
    i %= period
    return i if i < n else period - i


# ---- small numeric helpers ----

def cross(a, b, axisa=-1, axisb=-1, axisc=-1, axis=None):
    if axis is not None:
        axisa = axisb = axisc = axis
    a = moveaxis(np.asarray(a), axisa, -1)
    b = moveaxis(np.asarray(b), axisb, -1)
    if a.shape[-1] not in (2, 3) or b.shape[-1] not in (2, 3):
        raise ValueError("incompatible dimensions for cross product\n(dimension must be 2 or 3)")
    if a.shape[-1] == 2 and b.shape[-1] == 2:
        return a[..., 0] * b[..., 1] - a[..., 1] * b[..., 0]
    a0, a1 = a[..., 0], a[..., 1]
    a2 = a[..., 2] if a.shape[-1] == 3 else np.zeros_like(a0)
    b0, b1 = b[..., 0], b[..., 1]
    b2 = b[..., 2] if b.shape[-1] == 3 else np.zeros_like(b0)
    c = np.stack([a1 * b2 - a2 * b1, a2 * b0 - a0 * b2, a0 * b1 - a1 * b0], axis=-1)
    return moveaxis(c, -1, axisc)


def interp(x, xp, fp, left=None, right=None, period=None):
    if period is not None:
        raise NotImplementedError("interp: period= is not implemented in krait")
    xs = np.asarray(x, dtype=np.float64)
    xpl = np.asarray(xp, dtype=np.float64).tolist()
    fpl = np.asarray(fp, dtype=np.float64).tolist()
    if len(xpl) != len(fpl):
        raise ValueError("fp and xp are not of the same length.")
    if not xpl:
        raise ValueError("array of sample points is empty")
    lo = fpl[0] if left is None else left
    hi = fpl[-1] if right is None else right
    res = []
    for v in xs.ravel().tolist():
        if v != v:
            res.append(v)
        elif v < xpl[0]:
            res.append(lo)
        elif v > xpl[-1]:
            res.append(hi)
        elif v == xpl[-1]:
            res.append(fpl[-1])
        else:
            j = int(searchsorted(xpl, v, side="right")) - 1
            x0, x1 = xpl[j], xpl[j + 1]
            slope = (fpl[j + 1] - fpl[j]) / (x1 - x0)
            res.append(slope * (v - x0) + fpl[j])
    r = np.array(res, dtype=np.float64).reshape(xs.shape)
    return r[()] if r.ndim == 0 else r


def bincount(x, weights=None, minlength=0):
    xs = np.asarray(x)
    if xs.ndim != 1:
        raise ValueError("object too deep for desired array" if xs.ndim > 1 else
                         "object of too small depth for desired array")
    vals = xs.tolist()
    if any(v < 0 for v in vals):
        raise ValueError("'list' argument must have no negative elements")
    if minlength < 0:
        raise ValueError("'minlength' must not be negative")
    n = max(max(vals) + 1 if vals else 0, minlength)
    counts = [0.0 if weights is not None else 0] * n
    ws = np.asarray(weights, dtype=np.float64).tolist() if weights is not None else None
    for k, v in enumerate(vals):
        counts[v] += ws[k] if ws is not None else 1
    return np.array(counts, dtype=np.float64 if ws is not None else np.int64)


def isin(element, test_elements, assume_unique=False, invert=False, *, kind=None):
    e = np.asarray(element)
    tset = set(np.asarray(test_elements).ravel().tolist())
    r = np.array([(v in tset) != invert for v in e.ravel().tolist()], dtype=bool)
    return r.reshape(e.shape)


def histogram(a, bins=10, range=None, density=None, weights=None):
    a = np.asarray(a).ravel()
    if isinstance(bins, int):
        if bins < 1:
            raise ValueError("`bins` must be positive, when an integer")
        if range is None:
            lo, hi = (float(a.min()), float(a.max())) if a.size else (0.0, 1.0)
        else:
            lo, hi = float(range[0]), float(range[1])
            if lo > hi:
                raise ValueError("max must be larger than min in range parameter.")
        if lo == hi:
            lo, hi = lo - 0.5, hi + 0.5
        edges = np.linspace(lo, hi, bins + 1)
    else:
        edges = np.asarray(bins)
    el = edges.tolist()
    nb = len(el) - 1
    ws = np.asarray(weights, dtype=np.float64).ravel().tolist() if weights is not None else None
    counts = [0.0 if ws is not None else 0] * nb
    for k, v in enumerate(a.tolist()):
        if v < el[0] or v > el[-1]:
            continue
        j = nb - 1 if v == el[-1] else int(searchsorted(el, v, side="right")) - 1
        counts[j] += ws[k] if ws is not None else 1
    hist = np.array(counts, dtype=np.float64 if ws is not None else np.int64)
    if density:
        widths = np.diff(edges)
        hist = hist / widths / hist.sum()
    return hist, edges


def cov(m, y=None, rowvar=True, bias=False, ddof=None):
    x = np.array(m, ndmin=2, dtype=np.float64)
    if not rowvar and x.shape[0] != 1:
        x = x.T
    if y is not None:
        yy = np.array(y, ndmin=2, dtype=np.float64)
        if not rowvar and yy.shape[0] != 1:
            yy = yy.T
        x = np.concatenate((x, yy), axis=0)
    if ddof is None:
        ddof = 0 if bias else 1
    n = x.shape[1]
    fact = n - ddof
    x = x - x.mean(axis=1, keepdims=True)
    c = np.dot(x, x.T) / fact
    return squeeze(c)


def corrcoef(x, y=None, rowvar=True):
    c = cov(x, y, rowvar)
    if c.ndim == 0:
        return c / c
    d = diag(c)
    stddev = np.sqrt(d)
    c = c / stddev[:, None]
    c = c / stddev[None, :]
    return np.clip(c, -1, 1)


def polyval(p, x):
    p = np.asarray(p)
    x = np.asarray(x)
    y = np.zeros_like(x)
    for pv in p.tolist():
        y = y * x + pv
    return y


def vander(x, N=None, increasing=False):
    x = np.asarray(x)
    if x.ndim != 1:
        raise ValueError("x must be a one-dimensional array or sequence.")
    if N is None:
        N = len(x)
    v = np.empty((len(x), N), dtype=np.int64 if x.dtype == np.bool_ else x.dtype)
    tmp = v[:, ::-1] if not increasing else v
    if N > 0:
        tmp[:, 0] = 1
    for i in range(1, N):
        tmp[:, i] = tmp[:, i - 1] * x
    return v


def polyfit(x, y, deg, rcond=None, full=False, w=None, cov=False):
    order = int(deg) + 1
    x = np.asarray(x) + 0.0
    y = np.asarray(y) + 0.0
    if deg < 0:
        raise ValueError("expected deg >= 0")
    if x.ndim != 1:
        raise TypeError("expected 1D vector for x")
    if x.size == 0:
        raise TypeError("expected non-empty vector for x")
    if y.ndim < 1 or y.ndim > 2:
        raise TypeError("expected 1D or 2D array for y")
    if x.shape[0] != y.shape[0]:
        raise TypeError("expected x and y to have same length")
    lhs = vander(x, order)
    rhs = y
    if w is not None:
        w = np.asarray(w) + 0.0
        if w.ndim != 1:
            raise TypeError("expected a 1-d array for weights")
        if w.shape[0] != y.shape[0]:
            raise TypeError("expected w and y to have the same length")
        lhs = lhs * w[:, np.newaxis]
        rhs = rhs * w if rhs.ndim == 1 else rhs * w[:, np.newaxis]
    if rcond is None:
        rcond = len(x) * 2.220446049250313e-16
    scale = np.sqrt((lhs * lhs).sum(axis=0))
    lhs = lhs / scale
    c, resids, rank, s = np.linalg.lstsq(lhs, rhs, rcond)  # NumPy's: SVD
    c = (c.T / scale).T
    if rank != order and not full:
        import warnings
        warnings.warn("Polyfit may be poorly conditioned", RankWarning, stacklevel=2)
    if full:
        return c, resids, rank, s, rcond
    if cov:
        vbase = np.linalg.inv(np.dot(lhs.T, lhs)) / np.outer(scale, scale)
        if cov == "unscaled":
            fac = 1
        else:
            if len(x) <= order:
                raise ValueError("the number of data points must exceed order to scale the "
                                 "covariance matrix")
            fac = resids / (len(x) - order)
        if y.ndim == 1:
            return c, vbase * fac
        return c, vbase[:, :, np.newaxis] * fac
    return c


# ---- text files ----

def savetxt(fname, X, fmt="%.18e", delimiter=" ", newline="\n", header="", footer="",
            comments="# ", encoding=None):
    X = np.asarray(X)
    if X.ndim == 0 or X.ndim > 2:
        raise ValueError("Expected 1D or 2D array, got %dD array instead" % X.ndim)
    if X.ndim == 1:
        X = X.reshape(-1, 1)
    ncol = X.shape[1]
    if isinstance(fmt, (list, tuple)):
        if len(fmt) != ncol:
            raise AttributeError("fmt has wrong shape.  %s" % str(fmt))
        row_fmt = delimiter.join(fmt)
    elif fmt.count("%") == 1:
        row_fmt = delimiter.join([fmt] * ncol)
    else:
        if fmt.count("%") != ncol:
            raise ValueError("fmt has wrong number of %% formats:  %s" % fmt)
        row_fmt = fmt
    lines = []
    if header:
        lines.append(comments + header.replace("\n", "\n" + comments) + newline)
    for row in X.tolist():
        lines.append(row_fmt % tuple(row) + newline)
    if footer:
        lines.append(comments + footer.replace("\n", "\n" + comments) + newline)
    text = "".join(lines)
    if hasattr(fname, "write"):
        fname.write(text)
    else:
        with open(fname, "w") as f:
            f.write(text)


def loadtxt(fname, dtype=float, comments="#", delimiter=None, converters=None, skiprows=0,
            usecols=None, unpack=False, ndmin=0, encoding=None, max_rows=None):
    if converters is not None:
        raise NotImplementedError("loadtxt: converters= is not implemented in krait")
    if ndmin not in (0, 1, 2):
        raise ValueError(f"Illegal value of ndmin keyword: {ndmin}")
    if hasattr(fname, "read"):
        text = fname.read()
    else:
        with open(fname) as f:
            text = f.read()
    marks = [comments] if isinstance(comments, str) else list(comments or [])
    if isinstance(usecols, int):
        usecols = [usecols]
    rows = []
    for k, line in enumerate(text.splitlines()):
        if k < skiprows:
            continue
        for c in marks:
            if c in line:
                line = line[:line.index(c)]
        line = line.strip()
        if not line:
            continue
        fields = line.split(delimiter) if delimiter is not None else line.split()
        fields = [x.strip() for x in fields]
        if usecols is not None:
            fields = [fields[i] for i in usecols]
        rows.append(fields)
        if max_rows is not None and len(rows) >= max_rows:
            break
    width = len(rows[0]) if rows else 0
    for n, r in enumerate(rows):
        if len(r) != width:
            raise ValueError(f"the number of columns changed from {width} to {len(r)} at row "
                             f"{n + 1 + skiprows}; use `usecols` to select a subset and avoid "
                             f"this error")
    dt = np.dtype(dtype)
    conv = int if np.issubdtype(dt, np.integer) else (
        (lambda s: s.lower() in ("1", "true")) if dt == np.bool_ else float)
    data = [[conv(x) for x in r] for r in rows]
    a = np.array(data, dtype=dt) if data else np.zeros((0,), dtype=dt)
    if a.ndim == 2 and ndmin < 2:
        if a.shape[1] == 1 or a.shape[0] == 1:
            a = a.reshape(-1) if ndmin < 2 else a
    if ndmin == 2 and a.ndim < 2:
        a = a.reshape(-1, 1) if rows and width == 1 else a.reshape(1, -1)
    if unpack:
        return a.T if a.ndim == 2 else a
    return a


# ---- np.random.default_rng: a Generator with its own stream ----

class Generator:
    """NumPy's Generator API over krait's counter-based Philox draws (np.random): each
    Generator keeps its own (seed, counter) state and swaps it in for each draw, so
    generators are independent and reproducible (not NumPy's PCG64 numbers)."""

    def __init__(self, seed):
        self._state = np.array([seed, 0], dtype=np.int64)

    def __repr__(self):
        return "Generator(Philox)"

    def _draw(self, name, *args, **kw):
        module = np.random
        saved = module._state.copy()
        module._state[...] = self._state
        try:
            return getattr(module, name)(*args, **kw)
        finally:
            self._state[...] = module._state
            module._state[...] = saved

    def random(self, size=None, dtype=None, out=None):
        r = self._draw("random", size)
        if dtype is not None and np.dtype(dtype) != np.float64:
            if np.dtype(dtype) != np.float32:
                raise TypeError(f"Unsupported dtype {np.dtype(dtype)!r} for random")
            r = np.asarray(r).astype(np.float32)
            r = r[()] if r.ndim == 0 else r
        if out is not None:
            out[...] = r
            return out
        return r

    def integers(self, low, high=None, size=None, dtype=None, endpoint=False):
        dtype = np.int64 if dtype is None else dtype
        if high is None:
            low, high = 0, low
        if endpoint:
            high = high + 1
        if high <= low:
            raise ValueError("low >= high" if not endpoint else "low > high")
        r = self._draw("randint", low, high, size, dtype)
        return np.asarray(r, dtype=dtype)[()] if size is None else r

    def uniform(self, low=0.0, high=1.0, size=None):
        return self._draw("uniform", low, high, size)

    def normal(self, loc=0.0, scale=1.0, size=None):
        if scale < 0:
            raise ValueError("scale < 0")
        return self._draw("normal", loc, scale, size)

    def standard_normal(self, size=None, dtype=None, out=None):
        r = self._draw("normal", 0.0, 1.0, size)
        if dtype is not None and np.dtype(dtype) == np.float32:
            r = np.asarray(r).astype(np.float32)
            r = r[()] if r.ndim == 0 else r
        if out is not None:
            out[...] = r
            return out
        return r

    def permutation(self, x, axis=0):
        if isinstance(x, int) or (np.asarray(x).ndim == 0 and isinstance(x, np.integer)):
            return np.argsort(self.random(int(x)), kind="stable")
        a = np.asarray(x)
        if a.ndim == 0:
            raise ValueError("x must be an integer or at least 1-dimensional")
        ax = _axis(axis, a.ndim)
        perm = np.argsort(self.random(a.shape[ax]), kind="stable")
        return take(a, perm, axis=ax)

    def shuffle(self, x, axis=0):
        if not isinstance(x, np.ndarray):
            raise TypeError("shuffle only supports ndarrays in krait")
        x[...] = self.permutation(x, axis)

    def choice(self, a, size=None, replace=True, p=None, axis=0, shuffle=True):
        pool = np.arange(a) if isinstance(a, int) else np.asarray(a)
        if pool.ndim == 0:
            raise ValueError("a must be a sequence or an integer, not 0-d")
        n = pool.shape[axis]
        if n == 0 and size != 0:
            raise ValueError("a cannot be empty unless no samples are taken")
        count = 1 if size is None else int(np.prod(np.asarray(size)))
        if p is not None:
            pr = np.asarray(p, dtype=np.float64)
            if pr.shape != (n,):
                raise ValueError("a and p must have same size")
            if abs(float(pr.sum()) - 1.0) > 1e-8:
                raise ValueError("probabilities do not sum to 1")
            cdf = np.cumsum(pr)
            if replace:
                idx = searchsorted(cdf / cdf[-1], self.random(count), side="right")
            else:
                if count > n:
                    raise ValueError("Cannot take a larger sample than population when "
                                     "replace is False")
                keys = np.log(self.random(n)) / pr  # weighted sampling without replacement
                idx = np.argsort(-keys, kind="stable")[:count]
        elif replace:
            idx = self.integers(0, n, count)
        else:
            if count > n:
                raise ValueError("Cannot take a larger sample than population when "
                                 "replace is False")
            idx = self.permutation(n)[:count]
        idx = np.asarray(idx, dtype=np.int64)
        r = take(pool, idx, axis=axis)
        if size is None:
            return r[0] if axis == 0 or pool.ndim == 1 else r
        shape = (size,) if isinstance(size, int) else tuple(size)
        if pool.ndim == 1:
            return r.reshape(shape)
        return r


def default_rng(seed=None):
    if isinstance(seed, Generator):
        return seed
    if seed is None:
        import time
        seed = time.time_ns() % (1 << 62)
    seed = int(seed)
    if seed < 0:
        raise ValueError("expected non-negative integer")
    return Generator(seed)


# ---- printing options ----

def array2string(a, max_line_width=None, precision=None, suppress_small=None, separator=" ",
                 prefix="", *, formatter=None, threshold=None, edgeitems=None, sign=None,
                 floatmode=None, suffix="", legacy=None):
    """NumPy's text of an array: str(a) for the ' ' separator, repr(a)'s body for ', ';
    max_line_width/precision/threshold/edgeitems as set_printoptions takes them."""
    for name, v in (("suppress_small", suppress_small), ("formatter", formatter),
                    ("sign", sign), ("floatmode", floatmode), ("legacy", legacy)):
        if v is not None:
            raise TypeError(f"array2string() argument {name}= is not supported by krait")
    if prefix or suffix:
        raise TypeError("array2string() prefix= and suffix= are not supported by krait")
    if separator not in (" ", ", "):
        raise TypeError("array2string() takes separator ' ' or ', ' in krait")
    a = np.asarray(a)
    kw = {k: v for k, v in (("precision", precision), ("threshold", threshold),
                            ("edgeitems", edgeitems)) if v is not None}
    lw = max_line_width if max_line_width is not None else np.get_printoptions()["linewidth"]
    if separator == " ":
        with printoptions(linewidth=lw, **kw):
            return str(a)
    # repr's body: "array(" shifts every line by 6 columns and ")" ends the last one, so a
    # width 7 larger wraps alike
    with printoptions(linewidth=lw + 7, **kw):
        r = repr(a)
    body = r[6:-1]
    if body.endswith("]") is False or ", dtype=" in body[body.rfind("]"):] or "shape=" in body:
        raise TypeError("array2string(separator=', ') of this array (a dtype or shape suffix in "
                        "its repr) is not supported by krait")
    return body.replace("\n      ", "\n")


class _PrintOptions:
    def __init__(self, args, kwargs):
        self._args, self._kwargs = args, kwargs

    def __enter__(self):
        self._saved = np.get_printoptions()
        np.set_printoptions(*self._args, **self._kwargs)
        return np.get_printoptions()

    def __exit__(self, *exc):
        s = self._saved
        np.set_printoptions(precision=s["precision"], threshold=s["threshold"],
                            edgeitems=s["edgeitems"], linewidth=s["linewidth"])
        return False


def printoptions(*args, **kwargs):
    """with np.printoptions(precision=3): ... sets the options for the block only."""
    return _PrintOptions(args, kwargs)


def _unique_axis(ar, axis, return_index, return_inverse, return_counts):
    """np.unique(ar, axis=k): the distinct sub-arrays along axis k in lexicographic order
    (NumPy compares them as rows), with the first indices, the inverse and the counts."""
    if not hasattr(axis, "__index__"):  # NumPy's message (it tries a tuple of axes)
        raise TypeError(f"'{type(axis).__name__}' object is not iterable")
    axis = _axis(axis, ar.ndim)
    moved = np.moveaxis(ar, axis, 0)
    n = moved.shape[0]
    rows = moved.reshape(n, -1).tolist() if n else []
    order = sorted(range(n), key=lambda i: rows[i])  # stable: first occurrences first
    first, counts, inverse = [], [], [0] * n
    for i in order:
        if not first or rows[i] != rows[first[-1]]:
            first.append(i)
            counts.append(0)
        counts[-1] += 1
        inverse[i] = len(first) - 1
    u = moved[np.array(first, dtype=np.int64)] if first else moved[:0]
    u = np.moveaxis(u, 0, axis)
    out = [u]
    if return_index:
        out.append(np.array(first, dtype=np.int64))
    if return_inverse:
        out.append(np.array(inverse, dtype=np.int64))
    if return_counts:
        out.append(np.array(counts, dtype=np.int64))
    return out[0] if len(out) == 1 else tuple(out)


# ---- several advanced indices in one subscript ----
# gpu/array/array_index.c does basic indexing and one advanced index (with integers next to
# it); a subscript with several integer/boolean arrays, or one separated from integers by a
# slice, comes here. NumPy's rule: the index arrays (and the integers) broadcast together;
# their dimensions replace the indexed axes in place when those are adjacent in the
# subscript, else they come first. Each result element's offset in C order is summed from
# one index array per axis, then one flat gather (or scatter) does the work.

_INDEX_ERROR = ("only integers, slices (`:`), ellipsis (`...`), numpy.newaxis (`None`) and "
                "integer or boolean arrays are valid indices")


def _fancy_plan(a, key):
    """The subscript as one (kind, value, axis of a) per axis of a with None's new axes
    inserted: kind "adv" (an int64 index array) or "slice"; and that shape."""
    if not isinstance(key, tuple):
        key = (key,)
    items = []
    for k in key:
        if isinstance(k, list):
            k = np.asarray(k) if k else np.zeros(0, np.int64)
            if not (k.dtype == np.bool_ or np.issubdtype(k.dtype, np.integer)):
                raise IndexError(_INDEX_ERROR)
        if isinstance(k, np.ndarray):
            if k.dtype == np.bool_ and k.ndim:
                items.extend(("adv", ix) for ix in np.nonzero(k))
            elif np.issubdtype(k.dtype, np.integer):
                items.append(("adv", k))
            else:
                raise IndexError("arrays used as indices must be of integer (or boolean) type")
        elif k is None:
            items.append(("none", None))
        elif k is Ellipsis:
            items.append(("ell", None))
        elif isinstance(k, slice):
            items.append(("slice", k))
        elif isinstance(k, (float, bool)) or not hasattr(k, "__index__"):
            raise IndexError(_INDEX_ERROR)
        else:
            items.append(("adv", np.asarray(k.__index__())))
    kinds = [t for t, _ in items]
    if kinds.count("ell") > 1:
        raise IndexError("an index can only have a single ellipsis ('...')")
    used = kinds.count("adv") + kinds.count("slice")
    if used > a.ndim:
        raise IndexError(f"too many indices for array: array is {a.ndim}-dimensional, but "
                         f"{used} were indexed")
    fill = [("slice", slice(None))] * (a.ndim - used)
    if "ell" in kinds:
        i = kinds.index("ell")
        items = items[:i] + fill + items[i + 1:]
    else:
        items = items + fill
    plan, shape, ax = [], [], 0
    for t, k in items:
        if t == "none":
            plan.append(("slice", slice(None), -1))
            shape.append(1)
        else:
            plan.append((t, k, ax))
            shape.append(a.shape[ax])
            ax += 1
    return plan, tuple(shape)


def _broadcast_index_shapes(arrays):
    out = ()
    for k in arrays:
        n = max(len(out), k.ndim)
        x1 = (1,) * (n - len(out)) + out
        y1 = (1,) * (n - k.ndim) + k.shape
        res = []
        for x, y in zip(x1, y1):
            if x != y and x != 1 and y != 1:
                txt = " ".join(_shape_text(q.shape) for q in arrays)
                raise IndexError("shape mismatch: indexing arrays could not be broadcast "
                                 "together with shapes " + txt + " ")
            res.append(y if x == 1 else x)
        out = tuple(res)
    return out


def _fancy_index(a, key):
    """The C-order offsets of a[key]'s elements into a (with None's axes): an int64 array
    of the result's shape; and that shape of a."""
    plan, shape = _fancy_plan(a, key)
    adv = [i for i, (t, _, _) in enumerate(plan) if t == "adv"]
    bshape = _broadcast_index_shapes([plan[i][1] for i in adv])
    nb = len(bshape)
    if adv == list(range(adv[0], adv[-1] + 1)):  # adjacent: in place of the first
        dims = [i for i in range(adv[0]) if plan[i][0] == "slice"] + ["B"] + \
            [i for i in range(adv[-1] + 1, len(plan)) if plan[i][0] == "slice"]
    else:
        dims = ["B"] + [i for i, (t, _, _) in enumerate(plan) if t == "slice"]
    bpos = dims.index("B")
    lens, out_shape = {}, []
    for d in dims:
        if d == "B":
            out_shape.extend(bshape)
        else:
            lens[d] = len(range(*plan[d][1].indices(shape[d])))
            out_shape.append(lens[d])
    nout = len(out_shape)
    cstride = [1] * len(shape)
    for i in range(len(shape) - 2, -1, -1):
        cstride[i] = cstride[i + 1] * shape[i + 1]
    flat = np.zeros(tuple(out_shape), np.int64)
    for i, (t, k, ax) in enumerate(plan):
        if t == "slice":
            at = dims.index(i)
            at = at + nb - 1 if at > bpos else at
            r = np.arange(*k.indices(shape[i]), dtype=np.int64) if lens[i] else \
                np.zeros(0, np.int64)
            flat = flat + r.reshape(tuple(lens[i] if j == at else 1 for j in range(nout))) * \
                cstride[i]
            continue
        n = shape[i]
        idx = k.astype(np.int64)
        if idx.size:
            hi, lo = int(idx.max()), int(idx.min())
            if hi >= n or lo < -n:
                raise IndexError(f"index {hi if hi >= n else lo} is out of bounds for axis "
                                 f"{ax} with size {n}")
        idx = np.where(idx < 0, idx + n, idx)
        idx = idx.reshape((1,) * bpos + (1,) * (nb - idx.ndim) + idx.shape +
                          (1,) * (nout - bpos - nb))
        flat = flat + idx * cstride[i]
    return flat, shape


def _shape_text(shape):
    return "(" + ",".join(str(d) for d in shape) + ("," if len(shape) == 1 else "") + ")"


def _c_contiguous(a):
    st = a.itemsize
    for n, s in zip(reversed(a.shape), reversed(a.strides)):
        if n > 1 and s != st:
            return False
        st *= n
    return True


def _scalar_method(m):
    """A NumPy scalar's ndarray method (gpu/array/scalar.c): 0-d array results are scalars."""
    def method(*args, **kwargs):
        r = m(*args, **kwargs)
        return r[()] if isinstance(r, np.ndarray) and r.ndim == 0 else r
    method.__name__ = getattr(m, "__name__", "method")
    return method


def _fancy_getitem(a, key):
    flat, shape = _fancy_index(a, key)
    src = a.reshape(shape).ravel()
    if flat.ndim == 0:
        return src[int(flat)]
    return src[flat.ravel()].reshape(flat.shape)


def _fancy_setitem(a, key, value):
    flat, shape = _fancy_index(a, key)
    vals = np.zeros(flat.shape, a.dtype)
    try:
        vals[...] = value
    except ValueError:
        v = np.asarray(value)
        raise ValueError("shape mismatch: value array of shape " + _shape_text(v.shape) +
                         " could not be broadcast to indexing result of shape " +
                         _shape_text(flat.shape)) from None
    if _c_contiguous(a):  # a flat view writes through
        a.reshape(-1)[flat.ravel()] = vals.ravel()
        return
    tmp = a.copy()
    tmp.reshape(-1)[flat.ravel()] = vals.ravel()
    a[...] = tmp
