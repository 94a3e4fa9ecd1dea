"""A NumPy reference for krait's `tile` module (cuTile Python 1.7's semantics).

tests/gen_expected_tile.py puts this folder on PYTHONPATH and runs each tests/tile/NAME.py
under CPython, so `import tile as ct` (or `import cuda.tile as ct`) and `import gpu` resolve
here, and what the script prints becomes NAME.exp. krait runs the same script with its own
tile compiler; the two must print the same bytes.

How it works: ct.launch calls the kernel's Python function once per block id (x fastest),
with arrays wrapped so loads and stores read and write the host NumPy arrays, and every
value inside the kernel a Tile: a NumPy array plus a cuTile dtype. Python int/float/bool
literals stay Python values (cuTile's "loosely typed constants") until they meet a tile.

Arithmetic follows cuTile's rules as its documentation states them: the promotion table
(bool < integral < float; signed with unsigned, float16 with bfloat16 and any restricted
float are errors), loosely typed constants taking the other operand's dtype within a
category (int constants int32, float constants float32 otherwise), truediv of integers in
float32, Python's floor semantics for // and %, integers wrapping. float16 and bfloat16 are
computed in float32 and rounded to nearest even, as krait's CPU path and GPU code do; tfloat32
keeps 10 mantissa bits. mma accumulates in float32 (float64 for float64, int32 for int8).

Errors a user makes raise TypeError (or ValueError/SyntaxError) whose text is the one krait's
tile front end gives: "<file>:<line>: <message>", the line of the kernel source that made the
offending call. Errors the reference cannot see by running the kernel as Python (a construct
outside the tile subset, a variable changing type in a loop) are marked in the test's source
with a comment "# krait-error: Type: message" on the offending line, which ct.launch raises.
Tests print type(e).__name__ and str(e). PaddingMode.UNDETERMINED pads with
zero, as krait does on both back ends (cuTile's own kernels, the attention sample's masked
last key tile among them, rely on the padding being finite)."""

import builtins as _b
import enum as _enum
import inspect as _inspect
import math as _math
import sys as _sys
import types as _types

import ml_dtypes as _ml
import numpy as _np

_HERE = __file__

# ---------------------------------------------------------------------------------------
# Errors


def _user_loc():
    """file:line of the innermost frame outside this module (the kernel source line)."""
    f = _sys._getframe(1)
    while f is not None and f.f_code.co_filename == _HERE:
        f = f.f_back
    if f is None:
        return "?:0"
    return "%s:%d" % (f.f_code.co_filename, f.f_lineno)


def _err(exc, msg):
    return exc("%s: %s" % (_user_loc(), msg))


class TileError(Exception):
    pass


# ---------------------------------------------------------------------------------------
# DTypes

_BOOL, _INT, _FLOAT, _RESTRICTED = 0, 1, 2, 3


class DType:
    def __init__(self, name, bits, cat, store, signed=True):
        self.name = name
        self.bitwidth = bits
        self.cat = cat
        self.store = _np.dtype(store)
        self.signed = signed

    def __repr__(self):
        return "<DType '%s'>" % self.name

    def __str__(self):
        return self.name

    def __call__(self, value):
        return astype(value, self)

    @property
    def compute(self):
        """The NumPy dtype arithmetic runs in."""
        if self.cat in (_FLOAT, _RESTRICTED) and self.bitwidth < 32 or self is tfloat32:
            return _np.dtype(_np.float32)
        return self.store


bool_ = DType("bool_", 8, _BOOL, _np.bool_, False)
int8 = DType("int8", 8, _INT, _np.int8)
int16 = DType("int16", 16, _INT, _np.int16)
int32 = DType("int32", 32, _INT, _np.int32)
int64 = DType("int64", 64, _INT, _np.int64)
uint8 = DType("uint8", 8, _INT, _np.uint8, False)
uint16 = DType("uint16", 16, _INT, _np.uint16, False)
uint32 = DType("uint32", 32, _INT, _np.uint32, False)
uint64 = DType("uint64", 64, _INT, _np.uint64, False)
float16 = DType("float16", 16, _FLOAT, _np.float16)
bfloat16 = DType("bfloat16", 16, _FLOAT, _ml.bfloat16)
float32 = DType("float32", 32, _FLOAT, _np.float32)
float64 = DType("float64", 64, _FLOAT, _np.float64)
tfloat32 = DType("tfloat32", 32, _RESTRICTED, _np.float32)
float8_e4m3fn = DType("float8_e4m3fn", 8, _RESTRICTED, _ml.float8_e4m3fn)
float8_e5m2 = DType("float8_e5m2", 8, _RESTRICTED, _ml.float8_e5m2)
_ALL = [bool_, int8, int16, int32, int64, uint8, uint16, uint32, uint64, float16, bfloat16,
        float32, float64, tfloat32, float8_e4m3fn, float8_e5m2]
_BY_NP = {d.store: d for d in _ALL if d not in (tfloat32,)}
_BY_NAME = {d.name: d for d in _ALL}
_BY_NAME["bool"] = bool_


def _dtype_arg(d):
    """A dtype argument: a ct dtype, a gpu/NumPy dtype or type, or a Python type."""
    if isinstance(d, DType):
        return d
    if isinstance(d, str):
        raise _err(TypeError, "dtype must be a dtype (such as ct.float32), got a string")
    if d is bool:
        return bool_
    if d is int:
        return int32
    if d is float:
        return float32
    try:
        return _BY_NP[_np.dtype(d)]
    except (TypeError, KeyError):
        raise _err(TypeError, "expected a dtype, got %r" % (d,))


def _is_float(d):
    return d.cat in (_FLOAT, _RESTRICTED)


def _promote(a, b, force_float=False):
    """cuTile's common dtype of two concrete dtypes."""
    if a is b and (not force_float or _is_float(a)):
        return a
    if a.cat == _RESTRICTED or b.cat == _RESTRICTED:
        raise _err(TypeError, "Implicit promotion of %s and %s is not supported as it involves "
                   "restricted float dtypes. Please perform an explicit cast instead." % (a, b))
    r = None
    if a is b:
        r = a
    elif a.cat != b.cat:
        r = a if a.cat > b.cat else b
    elif a.cat == _INT:
        if a.signed == b.signed:
            r = a if a.bitwidth >= b.bitwidth else b
    elif a.cat == _FLOAT:
        if {a, b} != {float16, bfloat16}:
            r = a if a.bitwidth > b.bitwidth else b
    if r is None:
        raise _err(TypeError, "Implicit promotion of %s and %s is not supported. Please perform "
                   "an explicit cast instead." % (a, b))
    if force_float and not _is_float(r):
        r = float32
    return r


def _const_dtype(v):
    if isinstance(v, (bool, _np.bool_)):
        return bool_
    if isinstance(v, (int, _np.integer)):
        v = int(v)
        if -(1 << 31) <= v < (1 << 31):
            return int32
        if -(1 << 63) <= v < (1 << 63):
            return int64
        return uint64
    return float32


def _round_tf32(x):
    """float32 to tfloat32 (10 mantissa bits), round to nearest even."""
    x = _np.asarray(x, _np.float32)
    u = x.view(_np.uint32).astype(_np.uint64)
    keep = (u >> 13) & 1
    u = ((u + 0xFFF + keep) & ~_np.uint64(0x1FFF)).astype(_np.uint32)
    r = u.view(_np.float32)
    return _np.where(_np.isfinite(x), r, x).astype(_np.float32)


def _to_store(arr, dt):
    """A computed NumPy array rounded into dt's storage."""
    with _np.errstate(all="ignore"):
        arr = _np.asarray(arr)
        if dt is tfloat32:
            return _round_tf32(arr.astype(_np.float32))
        if dt.cat == _INT and arr.dtype.kind == "f":
            # float to int: truncate toward zero, NaN to 0, saturate (the GPU's cvt.rzi.sat)
            info = _np.iinfo(dt.store)
            a = _np.nan_to_num(_np.trunc(arr.astype(_np.float64)), nan=0.0)
            return _np.clip(a, info.min, info.max).astype(dt.store)
        if dt.cat == _INT and arr.dtype.kind in "iub":
            return arr.astype(_np.int64).astype(dt.store) if arr.dtype.kind != "u" \
                else arr.astype(dt.store)
        if dt is bool_:
            return arr != 0
        if dt.store in (_np.dtype(_ml.bfloat16), _np.dtype(_ml.float8_e4m3fn),
                        _np.dtype(_ml.float8_e5m2)) and arr.dtype.kind in "iub":
            arr = arr.astype(_np.float64)
        return arr.astype(dt.store)


# ---------------------------------------------------------------------------------------
# Tiles


class Tile:
    __slots__ = ("a", "dtype")
    __array_priority__ = 1000

    def __init__(self, a, dtype):
        self.a = _np.asarray(a)
        self.dtype = dtype

    @property
    def shape(self):
        return tuple(self.a.shape)

    @property
    def ndim(self):
        return self.a.ndim

    def _c(self):
        """The values in the compute dtype."""
        return self.a.astype(self.dtype.compute)

    def item(self):
        return reshape(self, ())

    def _scalar(self):
        if self.a.ndim != 0:
            raise _err(TypeError, "a tile of shape %s used where a scalar is needed"
                       % (self.shape,))
        return self.a[()]

    def __index__(self):
        if self.dtype.cat not in (_INT, _BOOL):
            raise _err(TypeError, "a %s scalar used as an index" % self.dtype)
        return int(self._scalar())

    def __int__(self):
        return int(self._scalar())

    def __float__(self):
        return float(self._scalar())

    def __bool__(self):
        return bool(self._scalar())

    def __str__(self):
        return _format_tile(self, None)

    __repr__ = __str__

    def __format__(self, spec):
        return _format_tile(self, spec)

    def __getitem__(self, key):
        return _expand_index(self, key)

    def extract(self, index, shape):
        return extract(self, index, shape)

    def insert(self, index, value):
        return insert(self, index, value)

    def reshape(self, shape):
        return reshape(self, shape)

    def permute(self, axes):
        return permute(self, axes)

    def transpose(self, axis0=None, axis1=None):
        return transpose(self, axis0, axis1)

    def astype(self, dtype, *, rounding_mode=None):
        return astype(self, dtype)

    def __add__(self, o): return add(self, o)
    def __radd__(self, o): return add(o, self)
    def __sub__(self, o): return sub(self, o)
    def __rsub__(self, o): return sub(o, self)
    def __mul__(self, o): return mul(self, o)
    def __rmul__(self, o): return mul(o, self)
    def __truediv__(self, o): return truediv(self, o)
    def __rtruediv__(self, o): return truediv(o, self)
    def __floordiv__(self, o): return floordiv(self, o)
    def __rfloordiv__(self, o): return floordiv(o, self)
    def __mod__(self, o): return mod(self, o)
    def __rmod__(self, o): return mod(o, self)
    def __pow__(self, o): return pow(self, o)
    def __rpow__(self, o): return pow(o, self)
    def __and__(self, o): return bitwise_and(self, o)
    def __rand__(self, o): return bitwise_and(o, self)
    def __or__(self, o): return bitwise_or(self, o)
    def __ror__(self, o): return bitwise_or(o, self)
    def __xor__(self, o): return bitwise_xor(self, o)
    def __rxor__(self, o): return bitwise_xor(o, self)
    def __lshift__(self, o): return bitwise_lshift(self, o)
    def __rlshift__(self, o): return bitwise_lshift(o, self)
    def __rshift__(self, o): return bitwise_rshift(self, o)
    def __rrshift__(self, o): return bitwise_rshift(o, self)
    def __lt__(self, o): return less(self, o)
    def __le__(self, o): return less_equal(self, o)
    def __gt__(self, o): return greater(self, o)
    def __ge__(self, o): return greater_equal(self, o)
    def __eq__(self, o): return equal(self, o)
    def __ne__(self, o): return not_equal(self, o)
    def __neg__(self): return negative(self)
    def __pos__(self): return self
    def __invert__(self): return bitwise_not(self)
    def __abs__(self): return abs(self)
    def __matmul__(self, o): return matmul(self, o)
    def __rmatmul__(self, o): return matmul(o, self)
    def __divmod__(self, o): return divmod(self, o)
    def __rdivmod__(self, o): return divmod(o, self)
    __hash__ = None


def _elem_text(v, dt, spec):
    if spec:
        if dt.cat in (_INT, _BOOL):
            return format(int(v), spec)
        return format(float(v), spec)
    if dt.cat in (_INT, _BOOL):
        return "%d" % int(v)
    return "%f" % float(v)


def _nested(a, fmt):
    if a.ndim == 0:
        return fmt(a[()])
    return "[" + ", ".join(_nested(a[i], fmt) for i in range(a.shape[0])) + "]"


def _format_tile(t, spec):
    return _nested(t.a, lambda v: _elem_text(v, t.dtype, spec))


def _as_tile(x, dt=None):
    """x as a Tile; a loosely typed constant becomes a 0-d tile of dt (or its own dtype)."""
    if isinstance(x, Tile):
        return x
    if isinstance(x, (bool, int, float, _np.number, _np.bool_)):
        d = dt or _const_dtype(x)
        return Tile(_to_store(_np.asarray(x), d), d)
    raise _err(TypeError, "expected a tile or a scalar, got %s" % type(x).__name__)


def _loose_pair(x, y, force_float=False):
    """The two operands as tiles of their common dtype (cuTile's promotion)."""
    xt, yt = isinstance(x, Tile), isinstance(y, Tile)
    if xt and yt:
        d = _promote(x.dtype, y.dtype, force_float)
    elif xt or yt:
        t, c = (x, y) if xt else (y, x)
        cd = _const_dtype(c)
        if t.dtype.cat == _RESTRICTED:
            raise _err(TypeError, "Implicit promotion of %s and %s is not supported as it involves"
                       " restricted float dtypes. Please perform an explicit cast instead."
                       % (t.dtype, cd))
        d = t.dtype if cd.cat <= t.dtype.cat else cd
        if force_float and not _is_float(d):
            d = float32
    else:
        d = _promote(_const_dtype(x), _const_dtype(y), force_float)
    return _cast(_as_tile(x, d), d), _cast(_as_tile(y, d), d), d


def _cast(t, d):
    if t.dtype is d:
        return t
    return Tile(_to_store(t._c(), d), d)


def _bshape(*shapes):
    try:
        return tuple(_np.broadcast_shapes(*shapes))
    except ValueError:
        raise _err(TypeError, "shapes %s are not broadcastable"
                   % ", ".join(str(tuple(s)) for s in shapes))


def _binary(x, y, fn, force_float=False, result=None, need=None):
    if not isinstance(x, Tile) and not isinstance(y, Tile):
        return fn(x, y)
    a, b, d = _loose_pair(x, y, force_float)
    _bshape(a.shape, b.shape)
    if need == "int" and d.cat not in (_INT, _BOOL):
        raise _err(TypeError, "bitwise operations need integer or bool operands, got %s" % d)
    with _np.errstate(all="ignore"):
        r = fn(a._c(), b._c())
    rd = result or d
    return Tile(_to_store(r, rd), rd)


def add(x, y, /, *, rounding_mode=None, flush_to_zero=False):
    return _binary(x, y, lambda a, b: a + b)


def sub(x, y, /, *, rounding_mode=None, flush_to_zero=False):
    return _binary(x, y, lambda a, b: a - b)


def mul(x, y, /, *, rounding_mode=None, flush_to_zero=False):
    return _binary(x, y, lambda a, b: a * b)


def truediv(x, y, /, *, rounding_mode=None, flush_to_zero=False):
    return _binary(x, y, lambda a, b: a / b, force_float=True)


def _floordiv(a, b):
    if isinstance(a, _np.ndarray) and a.dtype.kind in "iu":
        return _np.floor_divide(a, _np.where(b == 0, 1, b))
    return a // b


def floordiv(x, y, /):
    return _binary(x, y, _floordiv)


def mod(x, y, /):
    def m(a, b):
        if isinstance(a, _np.ndarray) and a.dtype.kind in "iu":
            return _np.mod(a, _np.where(b == 0, 1, b))
        return a % b
    return _binary(x, y, m)


def divmod(x, y, /):
    return floordiv(x, y), mod(x, y)


def pow(x, y, /):
    return _binary(x, y, lambda a, b: a ** b)


def atan2(x1, x2, /):
    return _binary(x1, x2, _np.arctan2, force_float=True)


def cdiv(x, y, /):
    if not isinstance(x, Tile) and not isinstance(y, Tile):
        return -(-x // y)
    return _binary(x, y, lambda a, b: -(_floordiv(-a, b)))


def maximum(x, y, /, *, flush_to_zero=False, propagate_nan=False):
    return _binary(x, y, _np.maximum if propagate_nan else _np.fmax)


def minimum(x, y, /, *, flush_to_zero=False, propagate_nan=False):
    return _binary(x, y, _np.minimum if propagate_nan else _np.fmin)


def bitwise_and(x, y, /):
    return _binary(x, y, lambda a, b: a & b, need="int")


def bitwise_or(x, y, /):
    return _binary(x, y, lambda a, b: a | b, need="int")


def bitwise_xor(x, y, /):
    return _binary(x, y, lambda a, b: a ^ b, need="int")


def _shift(x, y, left):
    if not isinstance(x, Tile) and not isinstance(y, Tile):
        return x << y if left else x >> y
    xt = _as_tile(x)
    d = xt.dtype
    if d.cat != _INT:
        raise _err(TypeError, "shifts need integer operands, got %s" % d)
    yt = _cast(_as_tile(y, d), d)
    bits = d.bitwidth
    with _np.errstate(all="ignore"):
        n = yt.a.astype(_np.int64)
        a = xt.a
        if left:
            r = _np.where(n >= bits, 0, _np.left_shift(a, _np.minimum(n, bits - 1).astype(a.dtype)))
        else:
            fill = _np.where(a < 0, -1, 0) if d.signed else 0
            r = _np.where(n >= bits, fill,
                          _np.right_shift(a, _np.minimum(n, bits - 1).astype(a.dtype)))
    return Tile(_to_store(r, d), d)


def bitwise_lshift(x, y, /):
    return _shift(x, y, True)


def bitwise_rshift(x, y, /):
    return _shift(x, y, False)


def _compare(x, y, fn):
    if not isinstance(x, Tile) and not isinstance(y, Tile):
        return fn(x, y)
    return _binary(x, y, fn, result=bool_)


def equal(x, y, /): return _compare(x, y, lambda a, b: a == b)
def not_equal(x, y, /): return _compare(x, y, lambda a, b: a != b)
def less(x, y, /): return _compare(x, y, lambda a, b: a < b)
def less_equal(x, y, /): return _compare(x, y, lambda a, b: a <= b)
def greater(x, y, /): return _compare(x, y, lambda a, b: a > b)
def greater_equal(x, y, /): return _compare(x, y, lambda a, b: a >= b)


def _unary(x, fn, kind="float"):
    if not isinstance(x, Tile):
        x = _as_tile(x)
    d = x.dtype
    if kind == "float" and not _is_float(d):
        raise _err(TypeError, "%s needs a float tile, got %s" % (fn.__name__, d))
    if kind == "int" and d.cat not in (_INT, _BOOL):
        raise _err(TypeError, "bitwise_not needs an integer or bool tile, got %s" % d)
    with _np.errstate(all="ignore"):
        r = fn(x._c())
    return Tile(_to_store(r, d), d)


def exp(x, /, *, rounding_mode=None): return _unary(x, _np.exp)
def exp2(x, /, *, flush_to_zero=False): return _unary(x, _np.exp2)
def log(x, /): return _unary(x, _np.log)
def log2(x, /): return _unary(x, _np.log2)
def sqrt(x, /, *, rounding_mode=None, flush_to_zero=False): return _unary(x, _np.sqrt)
def rsqrt(x, /, *, flush_to_zero=False): return _unary(x, lambda a: 1 / _np.sqrt(a))
def sin(x, /): return _unary(x, _np.sin)
def cos(x, /): return _unary(x, _np.cos)
def tan(x, /): return _unary(x, _np.tan)
def sinh(x, /): return _unary(x, _np.sinh)
def cosh(x, /): return _unary(x, _np.cosh)
def tanh(x, /, *, rounding_mode=None): return _unary(x, _np.tanh)
def floor(x, /): return _unary(x, _np.floor)
def ceil(x, /): return _unary(x, _np.ceil)


def abs(x, /):
    if not isinstance(x, Tile):
        return _b.abs(x)
    return _unary(x, _np.abs, "any")


def negative(x, /):
    if not isinstance(x, Tile):
        return -x
    if x.dtype is bool_:
        raise _err(TypeError, "negation of a bool tile")
    return _unary(x, _np.negative, "any")


def bitwise_not(x, /):
    if not isinstance(x, Tile):
        return ~x
    return _unary(x, _np.invert, "int")


def isnan(x, /):
    x = _as_tile(x)
    return Tile(_np.isnan(x._c()) if _is_float(x.dtype) else _np.zeros(x.shape, bool),
                bool_)


def where(cond, x, y, /):
    c = _as_tile(cond)
    if c.dtype is not bool_:
        raise _err(TypeError, "where: the condition must be a bool tile, got %s" % c.dtype)
    a, b, d = _loose_pair(x, y)
    s = _bshape(c.shape, a.shape, b.shape)
    return Tile(_np.broadcast_to(_np.where(c.a, a.a, b.a), s).copy(), d)


# ---------------------------------------------------------------------------------------
# Shapes


def _const_int(v, what):
    if isinstance(v, Tile):
        raise _err(TypeError, "%s must be a compile-time constant (a ct.Constant parameter or a "
                   "literal), got a run-time value" % what)
    if isinstance(v, bool) or not isinstance(v, (int, _np.integer)):
        raise _err(TypeError, "%s must be an int, got %s" % (what, type(v).__name__))
    return int(v)


def _const_shape(shape, what="shape"):
    if isinstance(shape, (int, _np.integer, Tile)) and not isinstance(shape, bool):
        shape = (shape,)
    if not isinstance(shape, (tuple, list)):
        raise _err(TypeError, "%s must be a tuple of ints, got %s" % (what, type(shape).__name__))
    out = tuple(_const_int(s, what) for s in shape)
    for s in out:
        if s <= 0:
            raise _err(ValueError, "%s %s has a dimension that is not positive" % (what, out))
    return out


def reshape(x, /, shape):
    x = _as_tile(x)
    if isinstance(shape, (int, Tile)):
        shape = (shape,)
    shape = tuple(_const_int(s, "shape") for s in shape)
    n = x.a.size
    if -1 in shape:
        rest = _math.prod(s for s in shape if s != -1)
        shape = tuple(n // rest if s == -1 else s for s in shape)
    if _math.prod(shape) != n:
        raise _err(TypeError, "cannot reshape a tile of shape %s into shape %s"
                   % (x.shape, shape))
    return Tile(x.a.reshape(shape), x.dtype)


def expand_dims(x, /, axis):
    x = _as_tile(x)
    return Tile(_np.expand_dims(x.a, _const_int(axis, "axis")), x.dtype)


def _expand_index(x, key):
    if not isinstance(key, tuple):
        key = (key,)
    out = x.a
    ax = 0
    shape = []
    for k in key:
        if k is None:
            shape.append(1)
        elif isinstance(k, slice) and k == slice(None):
            shape.append(x.shape[ax])
            ax += 1
        elif k is Ellipsis:
            n = x.ndim - ax - sum(1 for kk in key if kk is not None and kk is not Ellipsis
                                  and kk is not k)
            shape.extend(x.shape[ax:ax + n])
            ax += n
        else:
            raise _err(TypeError, "a tile can only be indexed with None and ':' (expand_dims)")
    shape.extend(x.shape[ax:])
    return Tile(out.reshape(shape), x.dtype)


def broadcast_to(x, /, shape):
    x = _as_tile(x)
    shape = _const_shape(shape)
    try:
        return Tile(_np.broadcast_to(x.a, shape).copy(), x.dtype)
    except ValueError:
        raise _err(TypeError, "cannot broadcast a tile of shape %s to shape %s"
                   % (x.shape, shape))


def permute(x, /, axes):
    x = _as_tile(x)
    axes = tuple(_const_int(a, "axes") for a in axes)
    if sorted(a % x.ndim for a in axes) != list(range(x.ndim)) or len(axes) != x.ndim:
        raise _err(TypeError, "permute: axes %s are not a permutation of a rank-%d tile's axes"
                   % (axes, x.ndim))
    return Tile(_np.transpose(x.a, axes).copy(), x.dtype)


def transpose(x, /, axis0=None, axis1=None):
    x = _as_tile(x)
    if axis0 is None and axis1 is None:
        if x.ndim != 2:
            raise _err(TypeError, "transpose of a rank-%d tile needs axis0 and axis1" % x.ndim)
        return Tile(x.a.T.copy(), x.dtype)
    return Tile(_np.swapaxes(x.a, axis0, axis1).copy(), x.dtype)


def cat(tiles, /, axis):
    tiles = [_as_tile(t) for t in tiles]
    axis = _const_int(axis, "axis")
    if len(tiles) != 2:
        raise _err(TypeError, "cat takes a pair of tiles")
    a, b = tiles
    if a.dtype is not b.dtype:
        raise _err(TypeError, "cat: tiles of dtypes %s and %s" % (a.dtype, b.dtype))
    if a.ndim != b.ndim or any(s != t for i, (s, t) in enumerate(zip(a.shape, b.shape))
                               if i != axis % a.ndim):
        raise _err(TypeError, "cat: tiles of shapes %s and %s differ off axis %d"
                   % (a.shape, b.shape, axis))
    return Tile(_np.concatenate([a.a, b.a], axis=axis), a.dtype)


def extract(x, /, index, shape):
    x = _as_tile(x)
    shape = _const_shape(shape)
    if not isinstance(index, (tuple, list)):
        index = (index,)
    if len(shape) != x.ndim or len(index) != x.ndim:
        raise _err(TypeError, "extract: index and shape must have the tile's rank %d" % x.ndim)
    for s, t in zip(x.shape, shape):
        if s % t:
            raise _err(TypeError, "extract: shape %s does not divide the tile's shape %s"
                       % (shape, x.shape))
    sl = tuple(slice(int(i) * t, int(i) * t + t) for i, t in zip(index, shape))
    return Tile(x.a[sl].copy(), x.dtype)


def insert(x, /, index, value):
    x = _as_tile(x)
    v = _cast(_as_tile(value, x.dtype), x.dtype)
    shape = v.shape if v.ndim else (1,) * x.ndim
    if not isinstance(index, (tuple, list)):
        index = (index,)
    r = x.a.copy()
    sl = tuple(slice(int(i) * t, int(i) * t + t) for i, t in zip(index, shape))
    r[sl] = v.a.reshape(shape)
    return Tile(r, x.dtype)


def astype(x, dtype, /, *, rounding_mode=None):
    d = _dtype_arg(dtype)
    x = _as_tile(x)
    if x.dtype is d:
        return x
    with _np.errstate(all="ignore"):
        src = x.a.astype(_np.float64) if _is_float(x.dtype) else x.a
        if x.dtype is tfloat32 or x.dtype.compute != x.dtype.store:
            src = x.a.astype(_np.float32)
        if _is_float(x.dtype) and d.cat != _INT and d is not bool_:
            # float to float: one rounding, from the exact value
            src = x.a.astype(_np.float64) if x.dtype.store != _np.float64 else x.a
        return Tile(_to_store(src, d), d)


def bitcast(x, /, dtype):
    d = _dtype_arg(dtype)
    x = _as_tile(x)
    if d.bitwidth != x.dtype.bitwidth:
        raise _err(TypeError, "bitcast from %s to %s changes the element size" % (x.dtype, d))
    return Tile(x.a.view(d.store), d)


def pack_to_bytes(x, /):
    x = _as_tile(x)
    if x.dtype is bool_:
        raise _err(TypeError, "pack_to_bytes() of a bool tile: cast first")
    # the bytes in memory order (little-endian on every machine krait runs on)
    return Tile(_np.ascontiguousarray(x.a).reshape(-1).view(_np.uint8).copy(), uint8)


def unpack_from_bytes(x, /, dtype):
    d = _dtype_arg(dtype)
    x = _as_tile(x)
    if x.dtype is not uint8 or x.ndim != 1:
        raise _err(TypeError, "unpack_from_bytes() expects a 1-D uint8 tile, got %s"
                   % _type_text(x))
    if d is bool_:
        raise _err(TypeError, "unpack_from_bytes() to bool is not supported")
    w = _np.dtype(d.store).itemsize
    if x.shape[0] % w:
        raise _err(TypeError, "unpack_from_bytes(): %d bytes are not a whole number of %s "
                   "elements" % (x.shape[0], d))
    return Tile(_np.ascontiguousarray(x.a).view(d.store).copy(), d)


def grid_dependency_control_wait():
    return None


def grid_dependency_control_launch_dependents():
    return None


# ---------------------------------------------------------------------------------------
# Creation


def full(shape, fill_value, dtype):
    d = _dtype_arg(dtype)
    shape = _const_shape(shape) if not (isinstance(shape, tuple) and shape == ()) else ()
    v = fill_value.a if isinstance(fill_value, Tile) else _np.asarray(fill_value)
    if isinstance(fill_value, Tile) and fill_value.ndim:
        raise _err(TypeError, "full: fill_value must be a scalar")
    return Tile(_np.broadcast_to(_to_store(v, d), shape).copy(), d)


def zeros(shape, dtype):
    return full(shape, 0, dtype)


def ones(shape, dtype):
    return full(shape, 1, dtype)


def arange(size, /, *, dtype, start=0, step=1):
    n = _const_int(size, "arange size")
    d = _dtype_arg(dtype)
    s = _as_tile(start)._c().astype(_np.float64 if _is_float(d) else _np.int64)
    st = _as_tile(step)._c().astype(_np.float64 if _is_float(d) else _np.int64)
    return Tile(_to_store(s + st * _np.arange(n), d), d)


def astile(value, /, *, dtype):
    d = _dtype_arg(dtype)
    return Tile(_to_store(_np.array(value), d), d)


# ---------------------------------------------------------------------------------------
# Reductions and scans


def _axes(x, axis):
    if axis is None:
        return tuple(range(x.ndim))
    if isinstance(axis, (tuple, list)):
        return tuple(_const_int(a, "axis") % x.ndim for a in axis)
    a = _const_int(axis, "axis")
    if not -x.ndim <= a < x.ndim:
        raise _err(TypeError, "axis %d is out of range for a rank-%d tile" % (a, x.ndim))
    return (a % x.ndim,)


def _reduce_np(x, axis, keepdims, fn, accumulate=None):
    x = _as_tile(x)
    ax = _axes(x, axis)
    with _np.errstate(all="ignore"):
        c = x._c() if accumulate is None else x.a.astype(accumulate)
        r = fn(c, axis=ax, keepdims=keepdims)
    return x, r


def sum(x, /, axis=None, *, keepdims=False, rounding_mode=None, flush_to_zero=False):
    x = _as_tile(x)
    d = int32 if x.dtype is bool_ else x.dtype
    acc = _np.float32 if _is_float(d) and d.bitwidth <= 32 else (
        _np.float64 if _is_float(d) else _np.int64)
    x, r = _reduce_np(x, axis, keepdims, _np.sum, acc)
    return Tile(_to_store(r, d), d)


def prod(x, /, axis=None, *, keepdims=False, rounding_mode=None, flush_to_zero=False):
    x = _as_tile(x)
    d = x.dtype
    acc = _np.float32 if _is_float(d) and d.bitwidth <= 32 else (
        _np.float64 if _is_float(d) else _np.int64)
    x, r = _reduce_np(x, axis, keepdims, _np.prod, acc)
    return Tile(_to_store(r, d), d)


def max(x, /, axis=None, *, keepdims=False, flush_to_zero=False, propagate_nan=False):
    x, r = _reduce_np(x, axis, keepdims, _np.max if propagate_nan else _np.nanmax)
    return Tile(_to_store(r, x.dtype), x.dtype)


def min(x, /, axis=None, *, keepdims=False, flush_to_zero=False, propagate_nan=False):
    x, r = _reduce_np(x, axis, keepdims, _np.min if propagate_nan else _np.nanmin)
    return Tile(_to_store(r, x.dtype), x.dtype)


def _arg(x, axis, keepdims, is_max, propagate_nan):
    """cuTile 1.7: NaN is ignored (a line of only NaN gives 0); propagate_nan=True: the
    first NaN wins. Ties: the first index."""
    x = _as_tile(x)
    if isinstance(axis, (tuple, list)):
        raise _err(TypeError, "argmax/argmin take one axis, not a tuple")
    c = x._c()
    if axis is None:
        c, a = c.reshape(-1), 0
    else:
        a = _axes(x, axis)[0]
    if _is_float(x.dtype):
        nan = _np.isnan(c)
        key = _np.where(nan, -_np.inf if is_max else _np.inf, c)
        m = key.max(axis=a, keepdims=True) if is_max else key.min(axis=a, keepdims=True)
        r = _np.argmax((key == m) & ~nan, axis=a)
        if propagate_nan:
            r = _np.where(nan.any(axis=a), _np.argmax(nan, axis=a), r)
    else:
        r = _np.argmax(c, axis=a) if is_max else _np.argmin(c, axis=a)
    if keepdims:
        r = _np.asarray(r).reshape((1,) * x.ndim) if axis is None else _np.expand_dims(r, a)
    return Tile(_np.asarray(r).astype(_np.int32), int32)


def argmax(x, /, axis=None, *, keepdims=False, propagate_nan=False):
    return _arg(x, axis, keepdims, True, propagate_nan)


def argmin(x, /, axis=None, *, keepdims=False, propagate_nan=False):
    return _arg(x, axis, keepdims, False, propagate_nan)


def _fold(xs, axis, func, identity, scan, reverse=False, keepdims=False):
    """reduce/scan with a user function, applied to whole slices along the axis."""
    single = isinstance(xs, Tile)
    xs = [xs] if single else [_as_tile(t) for t in xs]
    ids = [identity] if single else list(identity)
    s = _bshape(*[t.shape for t in xs])
    xs = [broadcast_to(t, s) if t.shape != s else t for t in xs]
    a = _const_int(axis, "axis") % len(s)
    n = s[a]
    idx = range(n - 1, -1, -1) if reverse else range(n)
    rest = s[:a] + s[a + 1:]
    acc = [full(rest, i, t.dtype) if rest else full((), i, t.dtype) for i, t in zip(ids, xs)]
    outs = [[] for _ in xs]
    for k in idx:
        cur = [Tile(_np.take(t.a, k, axis=a), t.dtype) for t in xs]
        r = func(*acc, *cur)
        acc = [r] if single else list(r)
        acc = [_cast(_as_tile(v, t.dtype), t.dtype) for v, t in zip(acc, xs)]
        if scan:
            for o, v in zip(outs, acc):
                o.append(v.a)
    if scan:
        res = []
        for o, t in zip(outs, xs):
            if reverse:
                o = o[::-1]
            res.append(Tile(_np.stack(o, axis=a), t.dtype))
    else:
        res = [Tile(_np.expand_dims(v.a, a), v.dtype) if keepdims else v for v in acc]
    return res[0] if single else tuple(res)


def reduce(x, /, axis, func, identity, *, keepdims=False):
    return _fold(x, axis, func, identity, False, keepdims=keepdims)


def scan(x, /, axis, func, identity, *, reverse=False):
    return _fold(x, axis, func, identity, True, reverse)


def _cum(x, axis, reverse, fn):
    x = _as_tile(x)
    a = _axes(x, axis)[0]
    d = x.dtype
    acc = _np.float32 if _is_float(d) and d.bitwidth <= 32 else (
        _np.float64 if _is_float(d) else _np.int64)
    c = x.a.astype(acc)
    if reverse:
        c = _np.flip(c, a)
    with _np.errstate(all="ignore"):
        r = fn(c, axis=a)
    if reverse:
        r = _np.flip(r, a)
    return Tile(_to_store(r, d), d)


def cumsum(x, /, axis=0, *, reverse=False, rounding_mode=None, flush_to_zero=False):
    return _cum(x, axis, reverse, _np.cumsum)


def cumprod(x, /, axis=0, *, reverse=False, rounding_mode=None, flush_to_zero=False):
    return _cum(x, axis, reverse, _np.cumprod)


# ---------------------------------------------------------------------------------------
# Matrix products

_MMA_ACC = {"float16": ("float16", "float32"), "bfloat16": ("float32",), "float32": ("float32",),
            "tfloat32": ("float32",), "float64": ("float64",), "float8_e4m3fn": ("float16", "float32"),
            "float8_e5m2": ("float16", "float32"), "int8": ("int32",), "uint8": ("int32",)}


def _mm_shapes(x, y):
    if x.ndim < 2 or y.ndim < 2 or x.shape[-1] != y.shape[-2]:
        raise _err(TypeError, "mma: shapes %s and %s do not multiply" % (x.shape, y.shape))


def mma(x, y, /, acc, *, use_fast_acc=False):
    x, y, acc = _as_tile(x), _as_tile(y), _as_tile(acc)
    if x.dtype is not y.dtype and not {x.dtype, y.dtype} <= {int8, uint8}:
        raise _err(TypeError, "x and y must have the same dtype unless they are int8/uint8, "
                   "got %s %s" % (x.dtype, y.dtype))
    if x.dtype.name not in _MMA_ACC:
        raise _err(TypeError, "Unsupported input dtype %s, supported dtypes are %s"
                   % (x.dtype, ",".join(_MMA_ACC)))
    if acc.dtype.name not in _MMA_ACC[x.dtype.name]:
        raise _err(TypeError, "Unsupported acc dtype %s, supported dtypes are %s"
                   % (acc.dtype, "(" + ", ".join(_MMA_ACC[x.dtype.name]) + ")"))
    _mm_shapes(x, y)
    ct_ = _np.float64 if acc.dtype is float64 else (_np.int64 if acc.dtype is int32
                                                    else _np.float32)
    with _np.errstate(all="ignore"):
        p = _np.matmul(x.a.astype(ct_), y.a.astype(ct_))
        r = p + acc.a.astype(ct_)
    s = _bshape(r.shape, acc.shape)
    return Tile(_to_store(_np.broadcast_to(r, s), acc.dtype), acc.dtype)


def matmul(x, y, /):
    x, y = _as_tile(x), _as_tile(y)
    d = _promote(x.dtype, y.dtype)
    x1, y1 = x.ndim == 1, y.ndim == 1
    a = x.a.reshape((1, -1)) if x1 else x.a
    b = y.a.reshape((-1, 1)) if y1 else y.a
    ct_ = _np.float64 if d is float64 else (_np.int64 if d.cat == _INT else _np.float32)
    with _np.errstate(all="ignore"):
        r = _np.matmul(a.astype(ct_), b.astype(ct_))
    if x1:
        r = r[..., 0, :]
    if y1:
        r = r[..., 0]
    rd = int32 if d in (int8, uint8) else d
    return Tile(_to_store(r, rd), rd)


# ---------------------------------------------------------------------------------------
# Arrays: loads, stores, gather/scatter, atomics


class PaddingMode(_enum.Enum):
    UNDETERMINED = 0
    ZERO = 1
    NEG_ZERO = 2
    NAN = 3
    POS_INF = 4
    NEG_INF = 5


class MemoryOrder(_enum.Enum):
    WEAK = 0
    RELAXED = 1
    ACQUIRE = 2
    RELEASE = 3
    ACQ_REL = 4


class MemoryScope(_enum.Enum):
    NONE = 0
    BLOCK = 1
    DEVICE = 2
    SYS = 3


class RoundingMode(_enum.Enum):
    RN = 0
    RZ = 1
    RM = 2
    RP = 3
    FULL = 4
    APPROX = 5
    RZI = 6


class Array:
    """A kernel's view of a host array: loads and stores go to the NumPy array itself."""

    def __init__(self, a):
        self._a = a
        self.dtype = _BY_NP[a.dtype]
        self.ndim = a.ndim

    @property
    def shape(self):
        return tuple(Tile(_np.int32(s), int32) for s in self._a.shape)

    @property
    def strides(self):
        return tuple(Tile(_np.int32(s // self._a.itemsize), int32) for s in self._a.strides)

    def slice(self, axis, start, stop):
        ax = _const_int(axis, "axis") % self.ndim
        lo, hi = int(getattr(start, "a", start)), int(getattr(stop, "a", stop))
        keys = [slice(None)] * self.ndim
        keys[ax] = slice(lo, hi)
        return Array(self._a[tuple(keys)])

    def tiled_view(self, tile_shape, *, padding_mode=PaddingMode.UNDETERMINED,
                   traversal_steps=None):
        shape = _const_shape(tile_shape) if not isinstance(tile_shape, int) else (tile_shape,)
        if len(shape) != self.ndim:
            raise _err(TypeError, "tiled_view: the tile shape has %d dimensions but the array "
                       "has %d" % (len(shape), self.ndim))
        steps = shape
        if traversal_steps is not None:
            steps = (_const_shape(traversal_steps) if not isinstance(traversal_steps, int)
                     else (traversal_steps,))
            if len(steps) != self.ndim:
                raise _err(TypeError, "tiled_view: traversal_steps has %d dimensions but the "
                           "array has %d" % (len(steps), self.ndim))
        return TiledView(self, shape, padding_mode, steps)


class TiledView:
    """cuTile's tiled view: an array cut into tiles of tile_shape, indexed in tile space;
    tile i's origin is i * traversal_steps (the tile shape unless given)."""

    def __init__(self, array, shape, padding_mode, steps=None):
        self._array, self.tile_shape, self._pad = array, shape, padding_mode
        self.traversal_steps = steps if steps is not None else shape
        self.dtype = array.dtype

    def _window(self, index):
        idx = _index_tuple(index, self._array.ndim, "load")
        lo = [i * st for i, st in zip(idx, self.traversal_steps)]
        keys, dst = [], []
        for l, t, n in zip(lo, self.tile_shape, self._array._a.shape):
            clo, chi = _b.max(l, 0), _b.min(l + t, n)
            if chi <= clo:
                return None, None
            keys.append(slice(clo, chi))
            dst.append(slice(clo - l, chi - l))
        return tuple(keys), tuple(dst)

    def num_tiles(self, axis):
        ax = _const_int(axis, "axis") % self._array.ndim
        n, t, st = self._array._a.shape[ax], self.tile_shape[ax], self.traversal_steps[ax]
        # the origins 0, st, 2 st, ... whose tiles cover the array (cdiv(n, t) when st == t)
        count = -(-_b.max(n - t, 0) // st) + _b.min(n, 1)
        return Tile(_np.int32(count), int32)

    def load(self, index, *, latency=None, allow_tma=None):
        if self.traversal_steps == self.tile_shape:
            return load(self._array, index, self.tile_shape, padding_mode=self._pad)
        a = self._array
        out = _np.empty(self.tile_shape, a.dtype.store)
        out[...] = _to_store(_np.asarray(_pad_value(self._pad, a.dtype)), a.dtype)
        src, dst = self._window(index)
        if src is not None:
            out[dst] = a._a[src]
        return Tile(out, a.dtype)

    def store(self, index, tile, *, latency=None, allow_tma=None):
        if not isinstance(tile, Tile):
            tile = full(self.tile_shape, tile, self.dtype)
        elif tile.ndim == 0:
            tile = broadcast_to(tile, self.tile_shape)
        elif tile.shape != self.tile_shape:
            want = Tile(_np.zeros(self.tile_shape, tile.a.dtype), tile.dtype)
            raise _err(TypeError, "TiledView.store: the tile is %s, the view's tiles are %s"
                       % (_type_text(tile), _type_text(want)))
        if self.traversal_steps == self.tile_shape:
            return store(self._array, index, tile)
        t = _implicit_cast(tile, self.dtype, "Stored tile is incompatible with array's dtype")
        dst, src = self._window(index)
        if dst is not None:
            self._array._a[dst] = t.a[src]
        return None


# cuTile's exception names, as krait's tile module binds them (to the builtin exception
# each error is raised as)
TileError = Exception
TileTypeError = TypeError
TileSyntaxError = SyntaxError
TileValueError = ValueError


class Slice:
    """ct.Slice(start, length): a dense axis of the advanced-indexing loads and stores."""

    def __init__(self, start, length):
        self.start = int(getattr(start, "a", start))
        self.length = _const_int(length, "Slice length")
        if self.length <= 0:
            raise _err(ValueError, "Slice length must be positive, got %d" % self.length)


def _advanced(a, indices, what):
    """The index arrays (broadcast to the access's shape) of an advanced-indexing access."""
    if not isinstance(indices, (tuple, list)):
        indices = (indices,)
    if len(indices) != a.ndim:
        raise _err(TypeError, "%s: %d indices for a rank-%d array" % (what, len(indices), a.ndim))
    sparse = [k for k, i in enumerate(indices) if not isinstance(i, Slice)]
    msg = ("%s: exactly one index must be a 1-D integer tile and the others "
           "ct.Slice(start, length)" % what)
    if len(sparse) != 1:
        raise _err(TypeError, msg)
    t = indices[sparse[0]]
    if not isinstance(t, Tile) or t.ndim != 1 or t.dtype.cat != _INT:
        raise _err(TypeError, msg)
    shape = tuple(t.shape[0] if k == sparse[0] else i.length for k, i in enumerate(indices))
    idx = []
    for k, i in enumerate(indices):
        v = t.a.astype(_np.int64) if k == sparse[0] else i.start + _np.arange(i.length)
        rs = [1] * a.ndim
        rs[k] = shape[k]
        idx.append(_np.broadcast_to(v.reshape(rs), shape))
    return idx, shape


def load_advanced_indexing(array, indices, /, *, padding_mode=PaddingMode.UNDETERMINED,
                           latency=None, allow_tma=None):
    a = _require_array(array, "load_advanced_indexing")
    idx, s = _advanced(a, indices, "load_advanced_indexing")
    ok = _inbounds(a, idx, s)
    out = _np.empty(s, a.dtype.store)
    out[...] = _to_store(_np.asarray(_pad_value(padding_mode, a.dtype)), a.dtype)
    safe = [_np.where(ok, i, 0) for i in idx]
    if a._a.size:
        out[ok] = _np.asarray(a._a[tuple(safe)])[ok]
    return Tile(out, a.dtype)


def store_advanced_indexing(array, indices, tile, /, *, latency=None, allow_tma=None):
    a = _require_array(array, "store_advanced_indexing")
    idx, s = _advanced(a, indices, "store_advanced_indexing")
    if isinstance(tile, Tile) and tile.ndim > 0 and tile.shape != s:
        want = Tile(_np.zeros(s, tile.a.dtype), tile.dtype)
        raise _err(TypeError, "store_advanced_indexing: the tile is %s, the indices select %s"
                   % (_type_text(tile), _type_text(want)))
    return scatter(array, tuple(Tile(i, int64) for i in idx), tile)


def _order(order, ndim):
    if order == "C":
        return tuple(range(ndim))
    if order == "F":
        return tuple(range(ndim))[::-1]
    order = tuple(_const_int(o, "order") for o in order)
    if sorted(order) != list(range(ndim)):
        raise _err(TypeError, "order %s is not a permutation of the array's %d axes"
                   % (order, ndim))
    return order


def _index_tuple(index, ndim, what):
    if not isinstance(index, (tuple, list)):
        index = (index,)
    if len(index) != ndim:
        raise _err(TypeError, "Index size %d does not match the array rank %d"
                   % (len(index), ndim))
    out = []
    for i in index:
        if isinstance(i, Tile):
            if i.dtype.cat not in (_INT,) or i.ndim != 0:
                raise _err(TypeError, "%s index must be an integer scalar, got %s %s"
                           % (what, i.dtype, i.shape))
            out.append(int(i.a))
        elif isinstance(i, (int, _np.integer)) and not isinstance(i, bool):
            out.append(int(i))
        else:
            raise _err(TypeError, "%s index must be an integer scalar, got %s"
                       % (what, type(i).__name__))
    return out


def _type_text(t):
    """krait's spelling of a tile type: float32, tile<4x8xfloat32>."""
    if not t.shape:
        return t.dtype.name.rstrip("_")
    return "tile<%sx%s>" % ("x".join(str(s) for s in t.shape), t.dtype.name.rstrip("_"))


def _require_array(a, what):
    if not isinstance(a, Array):
        raise _err(TypeError, "%s() expects an array as its first argument, got %s"
                   % (what, _type_text(a) if isinstance(a, Tile) else type(a).__name__))
    return a


def _pad_value(mode, d):
    if mode in (PaddingMode.UNDETERMINED, PaddingMode.ZERO):
        return 0
    if d.cat != _FLOAT and d.cat != _RESTRICTED:
        raise _err(TypeError, "padding mode %s needs a float array, got %s" % (mode.name, d))
    return {PaddingMode.NEG_ZERO: -0.0, PaddingMode.NAN: _np.nan, PaddingMode.POS_INF: _np.inf,
            PaddingMode.NEG_INF: -_np.inf}[mode]


def num_tiles(array, /, axis, shape, order="C"):
    a = _require_array(array, "num_tiles")
    shape = _const_shape(shape)
    order = _order(order, a.ndim)
    logical = _np.transpose(a._a, order)
    ax = _const_int(axis, "axis")
    return Tile(_np.int32(-(-logical.shape[ax] // shape[ax])), int32)


def load(array, /, index, shape, *, order="C", padding_mode=PaddingMode.UNDETERMINED,
         check_bounds=True, latency=None, allow_tma=None, memory_order=MemoryOrder.WEAK,
         memory_scope=MemoryScope.NONE):
    a = _require_array(array, "load")
    idx = _index_tuple(index, a.ndim, "load")
    if shape == ():
        tshape = ()
        full_shape = (1,) * a.ndim
    else:
        tshape = _const_shape(shape)
        if len(tshape) != a.ndim:
            raise _err(TypeError, "the tile shape has %d dimensions but the array has %d"
                       % (len(tshape), a.ndim))
        full_shape = tshape
    if not isinstance(padding_mode, PaddingMode):
        raise _err(TypeError, "padding_mode must be a ct.PaddingMode")
    order = _order(order, a.ndim)
    logical = _np.transpose(a._a, order)
    out = _np.empty(full_shape, a.dtype.store)
    out[...] = _to_store(_np.asarray(_pad_value(padding_mode, a.dtype)), a.dtype)
    src, dst = [], []
    for i, t, n in zip(idx, full_shape, logical.shape):
        lo, hi = i * t, i * t + t
        clo, chi = _b.max(lo, 0), _b.min(hi, n)
        if chi <= clo:
            return Tile(out.reshape(tshape), a.dtype)
        src.append(slice(clo, chi))
        dst.append(slice(clo - lo, chi - lo))
    out[tuple(dst)] = logical[tuple(src)]
    return Tile(out.reshape(tshape), a.dtype)


def _implicit_cast(t, d, context):
    """cuTile's implicit cast for stores: only to a dtype the promotion would pick."""
    if not isinstance(t, Tile):
        cd = _const_dtype(t)
        if (d is bool_ and t not in (0, 1)) or cd.cat > d.cat and d.cat != _RESTRICTED:
            raise _err(TypeError, "%s: cannot implicitly cast %r to %s" % (context, t, d))
        return _as_tile(t, d)
    if t.dtype is d:
        return t
    ok = False
    try:
        ok = _promote(t.dtype, d) is d
    except TypeError:
        ok = False
    if not ok:
        raise _err(TypeError, "%s: cannot implicitly cast %s to %s" % (context, t.dtype, d))
    return _cast(t, d)


def store(array, /, index, tile, *, order="C", check_bounds=True, latency=None,
          allow_tma=None, memory_order=MemoryOrder.WEAK, memory_scope=MemoryScope.NONE):
    a = _require_array(array, "store")
    idx = _index_tuple(index, a.ndim, "store")
    t = _implicit_cast(tile, a.dtype, "Stored tile is incompatible with array's dtype")
    if t.ndim == 0:
        vals = t.a.reshape((1,) * a.ndim)
    elif t.ndim != a.ndim:
        raise _err(TypeError, "store: a rank-%d tile into a rank-%d array" % (t.ndim, a.ndim))
    else:
        vals = t.a
    order = _order(order, a.ndim)
    logical = _np.transpose(a._a, order)
    src, dst = [], []
    for i, s, n in zip(idx, vals.shape, logical.shape):
        lo, hi = i * s, i * s + s
        clo, chi = _b.max(lo, 0), _b.min(hi, n)
        if chi <= clo:
            return None
        dst.append(slice(clo, chi))
        src.append(slice(clo - lo, chi - lo))
    logical[tuple(dst)] = vals[tuple(src)]
    return None


def _indices(a, indices, what):
    if not isinstance(indices, (tuple, list)):
        indices = (indices,)
    if len(indices) != a.ndim:
        raise _err(TypeError, "%s: %d indices for a rank-%d array" % (what, len(indices), a.ndim))
    ts = [_as_tile(i) for i in indices]
    for t in ts:
        if t.dtype.cat != _INT:
            raise _err(TypeError, "%s: indices must be integer tiles, got %s" % (what, t.dtype))
    s = _bshape(*[t.shape for t in ts])
    return [_np.broadcast_to(t.a.astype(_np.int64), s) for t in ts], s


def _check_broadcastable(shape, s, what):
    try:
        ok = tuple(_np.broadcast_shapes(shape, s)) == tuple(s)
    except ValueError:
        ok = False
    if not ok:
        raise _err(TypeError, "%s shape %s is not broadcastable to the index shape %s"
                   % (what, tuple(shape), tuple(s)))


def _mask(mask, s, what):
    if mask is None:
        return _np.ones(s, bool)
    m = _as_tile(mask)
    if m.dtype is not bool_:
        raise _err(TypeError, "Custom mask must have boolean dtype, but got %s" % m.dtype)
    return _np.broadcast_to(m.a, _bshape(m.shape, s))


def _inbounds(a, idx, s):
    ok = _np.ones(s, bool)
    for i, n in zip(idx, a._a.shape):
        ok &= (i >= 0) & (i < n)
    return ok


def gather(array, indices, /, *, mask=None, padding_value=0, check_bounds=True, latency=None):
    a = _require_array(array, "gather")
    idx, s = _indices(a, indices, "gather")
    ok = _mask(mask, s, "gather") & _inbounds(a, idx, s)
    pv = _implicit_cast(padding_value, a.dtype, "Invalid padding value")
    out = _np.empty(s, a.dtype.store)
    out[...] = _np.broadcast_to(pv.a, s)
    safe = [_np.where(ok, i, 0) for i in idx]
    vals = a._a[tuple(safe)] if a._a.size else out
    out[ok] = _np.asarray(vals)[ok]
    return Tile(out, a.dtype)


def scatter(array, indices, value, /, *, mask=None, check_bounds=True, latency=None):
    a = _require_array(array, "scatter")
    idx, s = _indices(a, indices, "scatter")
    v = _implicit_cast(value, a.dtype, "Stored value is incompatible with array's dtype")
    _check_broadcastable(v.shape, s, "Value")
    vals = _np.broadcast_to(v.a, s)
    ok = _mask(mask, s, "scatter") & _inbounds(a, idx, s)
    for e in zip(*[i[ok] for i in idx], vals[ok]):
        a._a[tuple(e[:-1])] = e[-1]


def _atomic(array, indices, update, fn, what, bitwise=False, expected=None):
    a = _require_array(array, what)
    idx, s = _indices(a, indices, what)
    if bitwise and a.dtype.cat != _INT:
        raise _err(TypeError, "%s needs an integer array, got %s" % (what, a.dtype))
    u = _implicit_cast(update, a.dtype, "Update value is incompatible with array's dtype") \
        if not isinstance(update, Tile) or update.dtype is not a.dtype else update
    _check_broadcastable(u.shape, s, "Update")
    u = _np.broadcast_to(u.a, s)
    e = None
    if expected is not None:
        e = _np.broadcast_to(_implicit_cast(expected, a.dtype, "Expected value is incompatible "
                                            "with array's dtype").a, s)
    ok = _inbounds(a, idx, s)
    old = _np.zeros(s, a.dtype.store) if e is None else e.copy()
    d = a.dtype
    with _np.errstate(all="ignore"):
        for pos in _np.ndindex(*s) if s else [()]:
            if not ok[pos]:
                continue
            where = tuple(int(i[pos]) for i in idx)
            cur = a._a[where]
            old[pos] = cur
            if e is None:
                a._a[where] = _to_store(fn(_np.asarray(cur).astype(d.compute),
                                           _np.asarray(u[pos]).astype(d.compute)), d)
            elif cur == e[pos]:
                a._a[where] = u[pos]
    return Tile(old, a.dtype)


def atomic_add(array, indices, update, /, *, check_bounds=True,
               memory_order=MemoryOrder.ACQ_REL, memory_scope=MemoryScope.DEVICE):
    return _atomic(array, indices, update, lambda c, u: c + u, "atomic_add")


def atomic_max(array, indices, update, /, *, check_bounds=True,
               memory_order=MemoryOrder.ACQ_REL, memory_scope=MemoryScope.DEVICE):
    return _atomic(array, indices, update, _np.maximum, "atomic_max")


def atomic_min(array, indices, update, /, *, check_bounds=True,
               memory_order=MemoryOrder.ACQ_REL, memory_scope=MemoryScope.DEVICE):
    return _atomic(array, indices, update, _np.minimum, "atomic_min")


def atomic_and(array, indices, update, /, *, check_bounds=True,
               memory_order=MemoryOrder.ACQ_REL, memory_scope=MemoryScope.DEVICE):
    return _atomic(array, indices, update, lambda c, u: c & u, "atomic_and", True)


def atomic_or(array, indices, update, /, *, check_bounds=True,
              memory_order=MemoryOrder.ACQ_REL, memory_scope=MemoryScope.DEVICE):
    return _atomic(array, indices, update, lambda c, u: c | u, "atomic_or", True)


def atomic_xor(array, indices, update, /, *, check_bounds=True,
               memory_order=MemoryOrder.ACQ_REL, memory_scope=MemoryScope.DEVICE):
    return _atomic(array, indices, update, lambda c, u: c ^ u, "atomic_xor", True)


def atomic_xchg(array, indices, update, /, *, check_bounds=True,
                memory_order=MemoryOrder.ACQ_REL, memory_scope=MemoryScope.DEVICE):
    return _atomic(array, indices, update, lambda c, u: u, "atomic_xchg")


def atomic_cas(array, indices, expected, desired, /, *, check_bounds=True,
               memory_order=MemoryOrder.ACQ_REL, memory_scope=MemoryScope.DEVICE):
    return _atomic(array, indices, desired, None, "atomic_cas", expected=expected)


# ---------------------------------------------------------------------------------------
# Blocks, printing, compile-time helpers


class _Launch:
    """The block being run (one launch at a time: the reference is sequential)."""
    bid = (0, 0, 0)
    grid = (1, 1, 1)


def bid(axis):
    a = _const_int(axis, "axis")
    if a not in (0, 1, 2):
        raise _err(TypeError, "bid: axis must be 0, 1 or 2, got %d" % a)
    return Tile(_np.int32(_Launch.bid[a]), int32)


def num_blocks(axis):
    a = _const_int(axis, "axis")
    if a not in (0, 1, 2):
        raise _err(TypeError, "num_blocks: axis must be 0, 1 or 2, got %d" % a)
    return Tile(_np.int32(_Launch.grid[a]), int32)


def assume_divisible_by(x, divisor):
    return x


def _c_format_one(spec, t):
    conv = spec[-1]
    core = spec.rstrip("hlLqjzt" + conv)
    core = "".join(ch for ch in spec[:-1] if ch not in "hlLqjzt")
    f = core + ("d" if conv in "iu" else conv)
    if isinstance(t, Tile):
        d = t.dtype
        fn = (lambda v: f % (int(v) if d.cat in (_INT, _BOOL) else float(v))) \
            if conv not in "diouxXc" else (lambda v: f % int(v))
        if conv in "eEfFgGaA":
            fn = lambda v: f % float(v)  # noqa: E731
        return _nested(t.a, fn)
    return f % t


def printf(format, *args):
    out, i, k = [], 0, 0
    while i < len(format):
        ch = format[i]
        if ch != "%":
            out.append(ch)
            i += 1
            continue
        if format[i + 1] == "%":
            out.append("%")
            i += 2
            continue
        j = i + 1
        while format[j] not in "diouxXeEfFgGaAcs":
            j += 1
        if k >= len(args):
            raise _err(TypeError, "printf: the format needs more arguments than the %d given"
                       % len(args))
        out.append(_c_format_one(format[i:j + 1], args[k]))
        k += 1
        i = j + 1
    if k != len(args):
        raise _err(TypeError, "printf: %d arguments for %d conversions" % (len(args), k))
    _sys.stdout.write("".join(out))


def print(*args, sep=" ", end="\n"):
    _b.print(*args, sep=sep, end=end)


def assert_(cond, /, message=None):
    c = _as_tile(cond)
    if not _np.all(c.a):
        raise AssertionError("%s: %s (block (%d, %d, %d))" % ((_user_loc(), message or
                             "ct.assert_ failed") + _Launch.bid))


def static_assert(condition, message=None, /):
    if isinstance(condition, Tile):
        raise _err(TypeError, "static_assert needs a compile-time condition")
    if not condition:
        raise _err(TypeError, "Static assertion failed: %s" % ("" if message is None
                                                             else message))


def static_eval(expr, /):
    return expr


def static_iter(iterable):
    return iterable


def ensure_constant(value, /):
    if isinstance(value, Tile):
        raise _err(TypeError, "Argument of ensure_constant() is not a compile-time constant")
    return value


# ---------------------------------------------------------------------------------------
# Kernels and launch


class ConstantAnnotation:
    def __init__(self, t):
        self.t = t


class _ConstantMeta(type):
    def __getitem__(cls, t):
        return ConstantAnnotation(t)


class Constant(metaclass=_ConstantMeta):
    pass


class ByTarget:
    def __init__(self, **kw):
        self.kw = kw


def _tile_max(*args, **kw):
    if len(args) > 1 and any(isinstance(a, Tile) for a in args):
        r = args[0]
        for a in args[1:]:
            r = maximum(r, a)
        return r
    return _b.max(*args, **kw)


def _tile_min(*args, **kw):
    if len(args) > 1 and any(isinstance(a, Tile) for a in args):
        r = args[0]
        for a in args[1:]:
            r = minimum(r, a)
        return r
    return _b.min(*args, **kw)


class Kernel:
    def __init__(self, fn, hints):
        self._pyfunc = fn
        self.hints = hints
        self.__name__ = fn.__name__

    def replace_hints(self, **hints):
        for name in hints:
            if name not in ("num_ctas", "occupancy", "opt_level", "num_worker_warps"):
                raise TypeError("replace_hints() got an unexpected keyword argument '%s'" % name)
        h = dict(self.hints)
        h.update(hints)
        return Kernel(self._pyfunc, h)

    def __call__(self, *args, **kw):
        raise TypeError("a tile kernel is run with ct.launch(stream, grid, kernel, args), "
                        "not called")


def kernel(fn=None, /, **hints):
    if fn is None:
        return lambda f: Kernel(f, hints)
    return Kernel(fn, hints)


def function(fn=None, /, **kw):
    if fn is None:
        return lambda f: f
    return fn


def _param_is_constant(fn, name, ann):
    if isinstance(ann, str):
        try:
            ann = eval(ann, fn.__globals__)
        except Exception:
            return False
    return isinstance(ann, ConstantAnnotation) or ann is Constant


def _kernel_arg(v, constant, name):
    if constant:
        if isinstance(v, (_np.ndarray,)):
            raise TypeError("ct.launch: argument %s is a ct.Constant and cannot be an array"
                            % name)
        return v
    if isinstance(v, _np.ndarray):
        if v.dtype not in _BY_NP:
            raise TypeError("ct.launch: argument %s has unsupported dtype %s" % (name, v.dtype))
        return Array(v)
    if isinstance(v, (bool, _np.bool_)):
        return Tile(_np.bool_(v), bool_)
    if isinstance(v, (int, _np.integer)):
        d = _const_dtype(v)
        return Tile(_np.asarray(v).astype(d.store), d)
    if isinstance(v, (float, _np.floating)):
        return Tile(_np.float32(v), float32)
    if isinstance(v, DType):
        return v
    raise TypeError("argument '%s' of a tile kernel must be an array, a bool, an int or a "
                    "float (or be annotated ct.Constant), not '%s'" % (name, type(v).__name__))


_MARK = "# krait-error: "


def _marked_error(fn):
    """An error the kernel's source marks for krait's front end to raise (a construct outside
    the tile subset that plain Python would run): a comment `# krait-error: Type: message` on
    the offending line. Raised as Type("<file>:<line>: message"), before any block runs."""
    try:
        lines, first = _inspect.getsourcelines(fn)
    except (OSError, TypeError):
        return None
    for k, line in enumerate(lines):
        at = line.find(_MARK)
        if at >= 0:
            kind, _, msg = line[at + len(_MARK):].strip().partition(": ")
            exc = {"TypeError": TypeError, "SyntaxError": SyntaxError,
                   "ValueError": ValueError, "NameError": NameError,
                   "AssertionError": AssertionError}[kind]
            return exc("%s:%d: %s" % (fn.__code__.co_filename, first + k, msg))
    return None


class _TuneMeasurement:
    def __init__(self, config, mean_us, num_samples, error_margin_us):
        self.config, self.mean_us = config, mean_us
        self.num_samples, self.error_margin_us = num_samples, error_margin_us


class _TuningResult:
    def __init__(self, best, successes, failures, cached):
        self.best, self.successes, self.failures = best, tuple(successes), tuple(failures)
        self.cached = cached


class _Tune:
    """ct.tune in the reference: exhaustive_search launches every configuration once (no
    timing: each takes as long as its index, so the first that runs is the best); with
    cache="folder" a second search of the same kernel, space, grids, hints and arguments is
    answered from memory (`cached`, nothing launched), as krait answers it from the disk."""

    def __init__(self):
        self._seen = {}

    def exhaustive_search(self, search_space, stream, grid_fn, kernel, args_fn, hints_fn=None,
                          *, quiet=False, single_run_timeout_sec=None, cache=True):
        space = list(search_space)
        if not space:
            raise ValueError("Search space is empty.")
        if not callable(grid_fn) or not callable(args_fn):
            raise TypeError("exhaustive_search(): grid_fn and args_fn must be callable")

        def kernel_for(cfg):
            k = kernel if isinstance(kernel, Kernel) else kernel(cfg)
            hints = hints_fn(cfg) if hints_fn is not None else {}
            return (k.replace_hints(**hints) if hints else k), hints

        def describe(a):
            if isinstance(a, _np.ndarray):
                return ("array", str(a.dtype), a.shape, a.strides)
            return repr(a)

        key = None
        if isinstance(cache, str):
            parts = [cache]
            for cfg in space:
                try:
                    k, hints = kernel_for(cfg)
                    parts.append((repr(cfg), tuple(grid_fn(cfg)), repr(sorted(hints.items())),
                                  k.__name__, tuple(describe(a) for a in args_fn(cfg))))
                except Exception as e:
                    parts.append((repr(cfg), type(e).__name__))
            key = repr(parts)
            if key in self._seen:
                best, successes, failures = self._seen[key]
                return _TuningResult(best, successes, failures, True)
        successes, failures = [], []
        for i, cfg in enumerate(space):
            try:
                k, _ = kernel_for(cfg)
                launch(stream, grid_fn(cfg), k, args_fn(cfg))
            except Exception as e:
                failures.append((cfg, type(e), str(e)))
                continue
            successes.append(_TuneMeasurement(cfg, float(i + 1), 1, 0.0))
        if not successes:
            cfg, typ, msg = failures[0]
            raise ValueError("No valid config found in search space.\nConfig: %r\n%s: %s"
                             % (cfg, typ.__name__, msg))
        best = successes[0]
        if key is not None:
            self._seen[key] = (best, successes, failures)
        return _TuningResult(best, successes, failures, False)


tune = _Tune()


def launch_async(stream, grid, kernel, args):
    """The reference is synchronous: launch, then a finished asyncio future."""
    import asyncio
    fut = asyncio.get_running_loop().create_future()
    launch(stream, grid, kernel, args)
    fut.set_result(None)
    return fut


def compile_async(kernel, args):
    """The reference compiles nothing: a finished asyncio future."""
    import asyncio
    fut = asyncio.get_running_loop().create_future()
    fut.set_result(None)
    return fut


def launch(stream, grid, kernel, args):
    if not isinstance(kernel, Kernel):
        raise TypeError("ct.launch: the third argument must be a @ct.kernel function")
    if isinstance(grid, int):
        grid = (grid,)
    grid = tuple(int(g) for g in grid)
    if not 1 <= len(grid) <= 3:
        raise ValueError("the grid must have 1 to 3 dimensions, got %d" % len(grid))
    for k, g in enumerate(grid):
        if not 1 <= g < 1 << 31:
            raise ValueError("grid dimension %d is %d; it must be between 1 and 2^31-1" % (k, g))
    grid = grid + (1,) * (3 - len(grid))
    fn = kernel._pyfunc
    sig = _inspect.signature(fn)
    params = list(sig.parameters.values())
    args = tuple(args)
    if len(args) != len(params):
        raise TypeError("ct.launch: kernel %s takes %d arguments, %d given"
                        % (fn.__name__, len(params), len(args)))
    kargs = [_kernel_arg(v, _param_is_constant(fn, p.name, p.annotation), p.name)
             for v, p in zip(args, params)]
    marked = _marked_error(fn)
    if marked is not None:
        raise marked
    g = dict(fn.__globals__)
    g["max"], g["min"] = _tile_max, _tile_min
    run = _types.FunctionType(fn.__code__, g, fn.__name__, fn.__defaults__, fn.__closure__)
    with _np.errstate(all="ignore"):
        for z in range(grid[2]):
            for y in range(grid[1]):
                for x in range(grid[0]):
                    _Launch.bid, _Launch.grid = (x, y, z), grid
                    run(*kargs)
    _sys.stdout.flush()
