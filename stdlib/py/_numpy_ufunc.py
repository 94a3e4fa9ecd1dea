"""NumPy's ufunc objects for krait's gpu/numpy module: np.add, np.maximum, np.sqrt, ... are
instances of `ufunc` wrapping the native function of the same name (stdlib/gpu/gpu_module.c),
with NumPy's attributes (__name__, nin, nout, nargs, identity, signature) and methods
(reduce, accumulate, reduceat, outer, at). The methods run as native array operations:
add/multiply/maximum/minimum/logical_and/logical_or reduce through the native reductions,
add/multiply accumulate through cumsum/cumprod, the other associative, exact ufuncs
(maximum, minimum, logical and bitwise ones) accumulate by a doubling scan (log2(n) array
steps), and the rest loop over the reduced axis one slice at a time, as NumPy's loop does.
The module loads this file after _numpy_lib and calls _install(), which replaces the native
functions on the module by their ufuncs. Messages are NumPy 2's."""

from _numpy_lib import _axis as _norm

np = None  # the numpy module, set when it loads this file


class _NoValueType:
    def __repr__(self):
        return "<no value>"


_NoValue = _NoValueType()

# name: (nin, identity, native reduction, exact and associative)
_TABLE = {
    "add": (2, 0, "sum", False), "subtract": (2, None, None, False),
    "multiply": (2, 1, "prod", False), "divide": (2, None, None, False),
    "floor_divide": (2, None, None, False), "remainder": (2, None, None, False),
    "power": (2, None, None, False), "maximum": (2, None, "max", True),
    "minimum": (2, None, "min", True), "arctan2": (2, None, None, False),
    "logical_and": (2, True, "all", True), "logical_or": (2, False, "any", True),
    "logical_xor": (2, False, None, True),
    "bitwise_and": (2, -1, None, True), "bitwise_or": (2, 0, None, True),
    "bitwise_xor": (2, 0, None, True), "left_shift": (2, None, None, False),
    "right_shift": (2, None, None, False), "equal": (2, None, None, False),
    "not_equal": (2, None, None, False), "less": (2, None, None, False),
    "less_equal": (2, None, None, False), "greater": (2, None, None, False),
    "greater_equal": (2, None, None, False),
}
_UNARY = ("exp expm1 log log1p log2 log10 sqrt sin cos tan sinh cosh tanh arcsin arccos "
          "arctan arcsinh arccosh arctanh absolute sign floor ceil rint isnan isinf isfinite negative logical_not "
          "invert").split()
_ALIASES = {"abs": "absolute", "mod": "remainder", "true_divide": "divide"}
_PREDICATES = ("equal", "not_equal", "less", "less_equal", "greater", "greater_equal",
               "isnan", "isinf", "isfinite", "logical_and", "logical_or", "logical_xor",
               "logical_not")
_CASTS = ("no", "equiv", "safe", "same_kind", "unsafe")


def _dtype_text(dt):
    return "dtype('" + str(np.dtype(dt)) + "')"


def _same_kind(src, dst):
    """NumPy's can_cast(src, dst, 'same_kind') for krait's dtypes."""
    order = "buif"
    return order.index(np.dtype(src).kind) <= order.index(np.dtype(dst).kind)


class ufunc:
    """A NumPy universal function (np.add, np.sqrt, ...)."""

    def __init__(self, *args, **kwargs):
        if len(args) != 5 or args[0] is not _NoValue:
            raise TypeError("cannot create 'numpy.ufunc' instances")
        _, name, fn, nin, identity = args
        self.__name__ = name
        self._fn = fn
        self.nin = nin
        self.nout = 1
        self.nargs = nin + 1
        self.identity = identity
        self.signature = None
        info = _TABLE.get(name)
        self._native = info[2] if info else None
        self._exact = info[3] if info else False

    def __repr__(self):
        return "<ufunc '" + self.__name__ + "'>"

    # __call__ is native (stdlib/gpu/gpu_module.c: the native function straight away when
    # there are no keywords); it comes here for keywords and for NumPy's count message
    def _call(self, *args, **kwargs):
        if len(args) < self.nin or len(args) > self.nargs:
            raise TypeError(self.__name__ + "() takes from " + str(self.nin) + " to " +
                            str(self.nargs) + " positional arguments but " + str(len(args)) +
                            " were given")
        if not kwargs:
            return self._fn(*args)
        extra = {}
        for k in ("where", "dtype", "casting", "order", "subok", "signature"):
            if k in kwargs:
                extra[k] = kwargs.pop(k)
        if not extra:
            return self._fn(*args, **kwargs)
        return self._call_kw(args, kwargs, extra)

    def _call_kw(self, args, kwargs, extra):
        name = self.__name__
        if extra.get("subok", True) not in (True, False):
            raise TypeError("subok must be a bool")
        order = extra.get("order", "K")
        if order not in ("K", "C", "A", None):
            raise TypeError(name + "() order=" + repr(order) + " is not supported by krait "
                            "(results are C-contiguous)")
        if extra.get("signature") is not None:
            raise TypeError(name + "() signature= is not supported by krait")
        casting = extra.get("casting", "same_kind")
        if casting not in _CASTS:
            raise ValueError("casting must be one of 'no', 'equiv', 'safe', 'same_kind', "
                             "'unsafe' (got " + repr(casting) + ")")
        if casting not in ("same_kind", "unsafe"):
            raise TypeError(name + "() casting=" + repr(casting) + " is not supported by krait "
                            "(only 'same_kind' and 'unsafe')")
        ins = list(args[:self.nin])
        rest = args[self.nin:]
        dtype = extra.get("dtype")
        if dtype is not None:
            if name in _PREDICATES:  # dtype= is the output's, and only bool has a loop
                if np.dtype(dtype) != np.bool_:
                    raise TypeError("No loop matching the specified signature and casting was "
                                    "found for ufunc " + name)
                dtype = None
        if dtype is not None:
            for i in range(len(ins)):
                x = np.asarray(ins[i])
                if casting == "same_kind" and not _same_kind(x.dtype, dtype):
                    raise TypeError("Cannot cast ufunc '" + name + "' input " + str(i) +
                                    " from " + _dtype_text(x.dtype) + " to " +
                                    _dtype_text(dtype) + " with casting rule 'same_kind'")
                if not isinstance(ins[i], (int, float, bool)) or x.dtype != np.dtype(dtype):
                    ins[i] = x.astype(dtype)
        out = kwargs.pop("out", None)
        if rest:
            if out is not None:
                raise TypeError("cannot specify 'out' as both a positional and keyword argument")
            out = rest[0]
            rest = rest[1:]
        if rest or kwargs:
            return self._fn(*ins, *rest, **kwargs)  # the native function's own message
        if isinstance(out, tuple):
            if len(out) != 1:
                raise ValueError("The 'out' tuple must have exactly one entry per ufunc output")
            out = out[0]
        where = extra.get("where", True)
        if where is True and (casting == "same_kind" or out is None):
            return self._fn(*ins, out=out)
        r = self._fn(*ins)
        if out is None:
            # NumPy leaves the masked-out elements uninitialized; krait's are zero
            import warnings
            warnings.warn("'where' used without 'out', expect unitialized memory in output. "
                          "If this is intentional, use out=None.", UserWarning, stacklevel=3)
            r = np.asarray(r)
            return np.where(where, r, np.zeros(r.shape, r.dtype))
        if not isinstance(out, np.ndarray):
            raise TypeError("return arrays must be of ArrayType")
        if casting == "same_kind":
            t = np.empty(out.shape, out.dtype)
            self._fn(*ins, out=t)  # same_kind check and broadcast to out's shape
            r = t
        out[...] = r if where is True else np.where(where, r, out)
        return out

    # ---- methods ----

    def _binary_only(self, what):
        if self.nin != 2:
            raise ValueError(what + " only supported for binary functions")

    def reduce(self, array, axis=0, dtype=None, out=None, keepdims=False, initial=_NoValue,
               where=True):
        self._binary_only("reduce")
        name = self.__name__
        a = np.asarray(array)
        if where is not True:
            fill = initial if initial is not _NoValue else self.identity
            if fill is None:
                raise ValueError("reduction operation '" + name + "' does not have an "
                                 "identity, so to use a where mask one has to specify 'initial'")
            a = np.where(where, a, np.asarray(fill).astype(a.dtype))
        if self._native is not None:
            fn = getattr(np, self._native)
            if self._native not in ("all", "any"):
                kw = {} if initial is _NoValue else {"initial": initial}
                if dtype is not None:
                    if self._native in ("sum", "prod"):
                        kw["dtype"] = dtype
                    else:
                        a = a.astype(dtype)
                return fn(a, axis=axis, out=out, keepdims=keepdims, **kw)
            if dtype is not None:
                a = a.astype(dtype)
            if initial is _NoValue:
                return fn(a, axis=axis, out=out, keepdims=keepdims)
            return self._fn(fn(a, axis=axis, keepdims=keepdims), bool(initial), out=out)
        if dtype is not None:
            a = a.astype(dtype)
        if axis is None:
            if a.ndim > 1 and not self._exact:
                raise ValueError("reduction operation '" + name + "' is not reorderable, so "
                                 "at most one axis may be specified")
            axes = tuple(range(a.ndim))
        elif isinstance(axis, (tuple, list)):
            axes = tuple(_norm(x, a.ndim) for x in axis)
            if len(axes) > 1 and not self._exact:
                raise ValueError("reduction operation '" + name + "' is not reorderable, so "
                                 "at most one axis may be specified")
        else:
            axes = (_norm(axis, a.ndim),)
        if a.ndim == 0:
            r = a.copy()
        else:
            b = np.moveaxis(a, axes, tuple(range(len(axes)))) if axes else a
            lead = 1
            for ax in axes:
                lead *= a.shape[ax]
            b = b.reshape((lead,) + b.shape[len(axes):])
            if lead == 0:
                fill = initial if initial is not _NoValue else self.identity
                if fill is None:
                    raise ValueError("zero-size array to reduction operation " + name +
                                     " which has no identity")
                r = np.full(b.shape[1:], fill, dtype=a.dtype)
            else:
                r = b[0] if initial is _NoValue else self._fn(np.asarray(initial), b[0])
                for i in range(1, lead):
                    r = self._fn(r, b[i])
                r = np.asarray(r)
        if keepdims:
            r = r.reshape(tuple(1 if i in axes else s for i, s in enumerate(a.shape)))
        if out is not None:
            out[...] = r
            return out
        return r[()] if r.ndim == 0 else r

    def accumulate(self, array, axis=0, dtype=None, out=None):
        self._binary_only("accumulate")
        a = np.asarray(array)
        if a.ndim == 0:
            raise TypeError("cannot accumulate on a scalar")
        if axis is None or isinstance(axis, (tuple, list)):
            raise ValueError("accumulate does not allow multiple axes")
        axis = _norm(axis, a.ndim)
        if self.__name__ in ("add", "multiply"):
            fn = np.cumsum if self.__name__ == "add" else np.cumprod
            return fn(a, axis=axis, dtype=dtype, out=out)
        if dtype is not None:
            a = a.astype(dtype)
        b = np.moveaxis(a, axis, 0)
        n = b.shape[0]
        if self._exact:
            r = b.copy()
            k = 1
            while k < n:  # a doubling scan: exact for an associative, exact ufunc
                r[k:] = self._fn(r[k:], r[:-k])
                k *= 2
        else:
            r = None
            for i in range(n):
                step = b[i] if i == 0 else self._fn(r[i - 1], b[i])
                if r is None:
                    r = np.empty(b.shape, np.asarray(step).dtype)
                r[i] = step
            if r is None:
                r = b.copy()
        r = np.moveaxis(r, 0, axis)
        if out is not None:
            out[...] = r
            return out
        return r

    def reduceat(self, array, indices, axis=0, dtype=None, out=None):
        self._binary_only("reduceat")
        a = np.asarray(array)
        axis = _norm(axis, a.ndim)
        idx = [int(i) for i in np.asarray(indices).ravel().tolist()]
        n = a.shape[axis]
        for i in idx:
            if i < 0 or i >= n:
                raise IndexError("index " + str(i) + " out-of-bounds in " + self.__name__ +
                                 ".reduceat [0, " + str(n) + ")")
        b = np.moveaxis(a, axis, 0)
        parts = []
        for k, i in enumerate(idx):
            j = idx[k + 1] if k + 1 < len(idx) else n
            if j > i:
                parts.append(self.reduce(b[i:j], axis=0, dtype=dtype))
            else:
                parts.append(b[i] if dtype is None else b[i].astype(dtype))
        r = np.moveaxis(np.stack([np.asarray(p) for p in parts]), 0, axis)
        if out is not None:
            out[...] = r
            return out
        return r

    def outer(self, A, B, **kwargs):
        self._binary_only("outer product")
        A = np.asarray(A)
        B = np.asarray(B)
        return self(A.reshape(A.shape + (1,) * B.ndim), B, **kwargs)

    def at(self, a, indices, b=None):
        """Unbuffered in place: a[indices] = ufunc(a[indices], b), each index as often as
        it occurs."""
        if not isinstance(a, np.ndarray):
            raise TypeError("first operand must be array")
        if self.nin == 2 and b is None:
            raise ValueError("second operand needed for ufunc")
        if self.nin == 1 and b is not None:
            raise ValueError("second operand provided when ufunc is unary")
        if isinstance(indices, tuple):
            raise TypeError(self.__name__ + ".at with a tuple of indices is not supported by "
                            "krait")
        idx = np.asarray(indices)
        if idx.dtype == np.bool_:
            idx = np.flatnonzero(idx)
        flat = idx.ravel().tolist()
        if b is not None:
            bb = np.asarray(b)
            bb = bb * np.ones(idx.shape + a.shape[1:], bb.dtype) if bb.ndim else bb
            bflat = bb.reshape((len(flat),) + a.shape[1:]) if bb.ndim else None
        for k, i in enumerate(flat):
            if b is None:
                a[i] = self._fn(a[i])
            else:
                a[i] = self._fn(a[i], bb if bflat is None else bflat[k])


def logical_xor(x1, x2, out=None):
    return np.not_equal(np.asarray(x1).astype(bool), np.asarray(x2).astype(bool), out=out)


def _install():
    natives = {"logical_xor": logical_xor}
    made = {}
    for name in list(_TABLE) + _UNARY:
        fn = natives.get(name) or getattr(np, name)
        nin = _TABLE[name][0] if name in _TABLE else 1
        ident = _TABLE[name][1] if name in _TABLE else None
        made[name] = ufunc(_NoValue, name, fn, nin, ident)
        setattr(np, name, made[name])
    for alias, name in _ALIASES.items():
        setattr(np, alias, made[name])
    setattr(np, "ufunc", ufunc)
