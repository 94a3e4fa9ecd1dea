# Every public function of the module, every array method and np.random's functions, called
# with valid arguments plus a made-up keyword: each must raise TypeError (SPEC §2: no keyword
# is accepted and ignored). Under krait the script also checks that the tables below name
# every public callable the module has, so a new function cannot skip the audit.
import numpy as np

KRAIT = np.__version__.endswith("-krait")
a = np.arange(6.0).reshape(2, 3)
v = np.arange(3.0)

# name: the positional arguments of a valid call
FUNCS = {
    "array": ([1, 2],), "asarray": ([1, 2],), "zeros": (3,), "ones": (3,), "empty": (3,),
    "full": (3, 1.0), "zeros_like": (a,), "ones_like": (a,), "empty_like": (a,),
    "full_like": (a, 2.0), "arange": (5,), "linspace": (0, 1, 5), "eye": (3,),
    "exp": (v,), "log": (v + 1,), "log2": (v + 1,), "log10": (v + 1,), "sqrt": (v,),
    "sin": (v,), "cos": (v,), "tan": (v,), "tanh": (v,), "arcsin": (v / 3,),
    "arccos": (v / 3,), "arctan": (v,), "arcsinh": (v,), "arccosh": (v + 1,),
    "arctanh": (v / 3,), "acosh": (v + 1,), "asinh": (v,), "atanh": (v / 3,), "abs": (v,), "absolute": (v,), "sign": (v,),
    "floor": (v,), "ceil": (v,), "rint": (v,), "round": (v,), "around": (v,),
    "isnan": (v,), "isinf": (v,), "isfinite": (v,), "negative": (v,),
    "logical_not": (v,), "invert": (np.arange(3),), "add": (v, v), "subtract": (v, v),
    "multiply": (v, v), "divide": (v, v + 1), "true_divide": (v, v + 1),
    "floor_divide": (v, v + 1), "mod": (v, v + 1), "remainder": (v, v + 1),
    "power": (v, v), "maximum": (v, v), "minimum": (v, v), "arctan2": (v, v),
    "logical_and": (v, v), "logical_or": (v, v), "bitwise_and": (np.arange(3), 1),
    "bitwise_or": (np.arange(3), 1), "bitwise_xor": (np.arange(3), 1), "equal": (v, v),
    "not_equal": (v, v), "less": (v, v), "less_equal": (v, v), "greater": (v, v),
    "greater_equal": (v, v), "where": (v > 1, v, v), "nonzero": (v,), "clip": (v, 0, 1),
    "matmul": (a, a.T), "dot": (v, v), "sum": (a,), "prod": (a,), "min": (a,), "max": (a,),
    "amin": (a,), "amax": (a,), "mean": (a,), "var": (a,), "std": (a,), "all": (a,),
    "any": (a,), "argmin": (a,), "argmax": (a,), "cumsum": (a,), "cumprod": (a,),
    "median": (a,), "percentile": (a, 50), "reshape": (a, 6), "ravel": (a,),
    "transpose": (a,), "shape": (a,), "concatenate": ([v, v],), "stack": ([v, v],),
    "sort": (v,), "argsort": (v,), "unique": (v,), "allclose": (v, v),
    "array_equal": (v, v), "seterr": (), "geterr": (), "save": ("/nonexistent/x.npy", v),
    "load": ("/nonexistent/x.npy",), "dtype": ("float64",), "ndarray": ((2,),),
    "bool_": (1,), "int8": (1,), "int16": (1,), "int32": (1,), "int64": (1,), "uint8": (1,),
    "uint32": (1,), "uint16": (1,), "uint64": (1,), "float16": (1.0,), "float32": (1.0,), "float64": (1.0,), "double": (1.0,),
    "half": (1.0,), "single": (1.0,), "finfo": (np.float32,), "iinfo": (np.int8,),
    "issubdtype": (np.float32, np.floating), "generic": (), "number": (), "integer": (),
    "signedinteger": (), "unsignedinteger": (), "inexact": (), "floating": (),
    "argwhere": (v,), "array_split": (v, 2), "ascontiguousarray": (a,), "atleast_1d": (v,),
    "atleast_2d": (v,), "atleast_3d": (v,), "column_stack": ([v, v],), "copy": (a,),
    "count_nonzero": (v,), "diag": (v,), "diagonal": (a,), "diff": (v,), "expand_dims": (v, 0),
    "flatnonzero": (v,), "flip": (v,), "fliplr": (a,), "flipud": (a,), "hstack": ([v, v],),
    "identity": (2,), "isclose": (v, v), "logspace": (0, 1, 3), "moveaxis": (a, 0, 1),
    "nanmax": (v,), "nanmean": (v,), "nanmin": (v,), "nanprod": (v,), "nansum": (v,),
    "outer": (v, v), "repeat": (v, 2), "roll": (v, 1), "searchsorted": (v, 1.0),
    "split": (v, 2), "squeeze": (a,), "swapaxes": (a, 0, 1), "tile": (v, 2), "trace": (a,),
    "tri": (3,), "tril": (a,), "triu": (a,), "vstack": ([v, v],), "einsum": ("i,i", v, v),
    "bincount": (np.arange(3),), "corrcoef": (a,), "cov": (a,), "cross": (v[:3], v[:3]),
    "histogram": (v,), "interp": (v, v, v), "isin": (v, v), "meshgrid": (v, v), "pad": (v, 1),
    "polyval": (v, 2.0), "put": (np.zeros(3), 0, 1.0), "take": (v, 0),
    "savetxt": ("/nonexistent/x.txt", v), "loadtxt": ("/nonexistent/x.txt",),
    "set_printoptions": (), "get_printoptions": (),
    "sinh": (v,), "cosh": (v,), "log1p": (v,), "expm1": (v,), "left_shift": (np.arange(3), 1),
    "right_shift": (np.arange(3), 1), "logical_xor": (v, v), "ufunc": (),
    "polyfit": (v, v, 1), "vander": (v,), "seterrcall": (None,), "geterrcall": (),
    "errstate": (), "array2string": (v,),
    "square": (v,), "reciprocal": (v + 1,), "hypot": (v, v), "trunc": (v,), "cbrt": (v,),
    "fmax": (v, v), "fmin": (v, v), "deg2rad": (v,), "radians": (v,), "rad2deg": (v,),
    "degrees": (v,), "heaviside": (v, 0.5), "exp2": (v,), "quantile": (v, 0.5), "ptp": (v,),
    "average": (v,), "rot90": (a,), "unravel_index": (2, (2, 3)),
    "ravel_multi_index": (([0], [1]), (2, 3)), "indices": ((2, 3),), "tensordot": (a, a.T, 1),
    "inner": (v, v), "vdot": (v, v), "kron": (v, v), "sinc": (v,), "nan_to_num": (v,),
    "ndim": (a,), "size": (a,), "result_type": (v, 1), "promote_types": ("f4", "i8"),
    "broadcast_shapes": ((2, 1), (3,)), "broadcast_to": (v, (2, 3)),
    "broadcast_arrays": (v, a), "append": (v, v), "delete": (v, 0), "insert": (v, 0, 1.0),
    "intersect1d": (v, v), "union1d": (v, v), "setdiff1d": (v, v), "setxor1d": (v, v),
    "digitize": (v, v), "nancumsum": (v,), "nancumprod": (v,), "nanvar": (v,),
    "nanstd": (v,), "nanargmax": (v,), "nanargmin": (v,), "select": ([v > 1], [v]),
    "convolve": (v, v), "correlate": (v, v), "trapezoid": (v,), "gradient": (v,),
    "dstack": ([v, v],), "hsplit": (a, 3), "vsplit": (a, 2), "dsplit": (np.ones((1, 1, 2)), 2),
    "array_equiv": (v, v), "fix": (v,), "asanyarray": (v,), "isscalar": (1,),
    "iscomplexobj": (v,), "ix_": (v,), "byte": (1,), "int_": (1,), "intc": (1,),
    "intp": (1,), "short": (1,), "ubyte": (1,), "uintc": (1,), "uintp": (1,), "ushort": (1,),
    "nanmedian": (v,), "nanpercentile": (v, 50), "nanquantile": (v, 0.5),
    "vectorize": (abs,), "frompyfunc": (abs, 1, 1), "ndindex": (2,), "ndenumerate": (v,),
    "partition": (v, 1), "argpartition": (v, 1), "take_along_axis": (a, np.zeros((2, 1), int), 1),
    "put_along_axis": (a.copy(), np.zeros((2, 1), int), 1.0, 1),
    "apply_along_axis": (np.sum, 0, a), "apply_over_axes": (np.sum, a, [0]),
    "lexsort": ((v, v),), "tril_indices": (3,), "triu_indices": (3,), "tril_indices_from": (a,),
    "triu_indices_from": (a,), "diag_indices": (2,), "diag_indices_from": (np.eye(2),),
    "fill_diagonal": (np.zeros((2, 2)), 1), "diagflat": (v,), "fromfunction": (np.add, (2, 2)),
    "fromiter": ([1, 2], float), "resize": (v, 4), "geomspace": (1, 8, 4), "rollaxis": (a, 1),
    "trim_zeros": (v,), "block": ([v, v],), "asarray_chkfinite": (v,), "asfortranarray": (a,),
    "copyto": (v.copy(), v), "place": (v.copy(), v > 1, [9]), "putmask": (v.copy(), v > 1, 9),
    "extract": (v > 1, v), "compress": ([True], v), "choose": ([0, 1], [[1, 2], [3, 4]]),
    "fmod": (v, 2), "copysign": (v, -1), "signbit": (v,), "gcd": (np.arange(3), 2),
    "lcm": (np.arange(3), 2), "logaddexp": (v, v), "logaddexp2": (v, v), "float_power": (v, 2),
    "modf": (v,), "divmod": (v, 2), "frexp": (v,), "ldexp": (v, 2), "positive": (v,),
    "isposinf": (v,), "isneginf": (v,), "real": (v,), "imag": (v,), "iscomplex": (v,),
    "isreal": (v,), "isrealobj": (v,), "conj": (v,), "conjugate": (v,),
    "bitwise_count": (np.arange(3),), "concat": ([v, v],), "permute_dims": (a,),
    "matrix_transpose": (a,), "vecdot": (v, v), "matvec": (a, v), "vecmat": (v[:2], a),
    "unstack": (a,), "cumulative_sum": (v,), "cumulative_prod": (v,), "unique_values": (v,),
    "unique_counts": (v,), "unique_inverse": (v,), "unique_all": (v,),
    "can_cast": (np.int8, np.int16), "isdtype": (np.float32, "real floating"),
    "common_type": (v,), "may_share_memory": (v, v), "shares_memory": (v, v),
    "iterable": (v,), "binary_repr": (5,), "base_repr": (5,), "array_repr": (v,),
    "array_str": (v,), "hanning": (3,), "hamming": (3,), "blackman": (3,), "bartlett": (3,),
    "acos": (v / 3,), "asin": (v / 3,), "atan": (v,), "atan2": (v, v), "pow": (v, 2),
    "bitwise_not": (np.arange(3),), "bitwise_invert": (np.arange(3),),
    "bitwise_left_shift": (np.arange(3), 1), "bitwise_right_shift": (np.arange(3), 1),
    "fabs": (v,), "piecewise": (v, [v > 1], [0, 1]), "unwrap": (v,),
    "packbits": (np.arange(3),), "unpackbits": (np.arange(3, dtype=np.uint8),),
    "histogram_bin_edges": (v,), "histogram2d": (v, v), "histogramdd": (a,), "poly": (v,),
    "polyadd": (v, v), "polysub": (v, v), "polymul": (v, v), "polyder": (v,),
    "polyint": (v,), "polydiv": (v, v + 1), "poly1d": (v,), "nditer": (v,),
    "frombuffer": (b"\x00" * 8,), "fromfile": ("/nonexistent/x.bin",),
    "savez": ("/nonexistent/x.npz", v), "savez_compressed": ("/nonexistent/x.npz", v),
}
KRAIT_ONLY = {"backend": (), "synchronize": (), "device": (), "memory_info": (),
              "Stream": (), "Event": (), "bfloat16": (1.0,), "float_": (1.0,), "bool": (1,),
              "profile": (), "graph": (), "Graph": (), "RawKernel": ("", "k"), "Device": (),
              "device_count": ()}
METHODS = {
    "reshape": (6,), "ravel": (), "flatten": (), "transpose": (), "astype": (int,),
    "copy": (), "fill": (0,), "item": (0,), "tolist": (), "sum": (), "prod": (), "min": (),
    "max": (), "mean": (), "var": (), "std": (), "all": (), "any": (), "argmin": (),
    "argmax": (), "cumsum": (), "cumprod": (), "dot": (a.T,), "sort": (), "argsort": (),
    "round": (), "clip": (0, 1), "diagonal": (), "nonzero": (), "repeat": (2,),
    "searchsorted": (1.0,), "squeeze": (), "swapaxes": (0, 1), "trace": (), "view": (),
    "partition": (1,), "argpartition": (1,), "take": ([0],), "put": ([0], 1.0),
    "compress": ([True],), "conj": (), "conjugate": (), "tobytes": (), "choose": ([a, a],),
    "setflags": (), "tofile": ("/nonexistent/x.bin",),
}
RANDOM = {"seed": (0,), "rand": (2,), "random": (), "randn": (2,), "randint": (5,),
          "uniform": (), "normal": (), "default_rng": (0,), "Generator": ()}
# functions whose NumPy message is CPython's, printed in full
EXACT = {"zeros", "full", "linspace", "exp", "add", "equal", "sum", "unique", "concatenate",
         "sort", "reshape", "where", "median", "m.flatten", "m.ravel", "m.astype",
         "m.copy", "m.sort", "m.argsort", "m.dot", "r.rand", "r.random", "r.randint",
         "m.sum", "m.min", "m.var", "m.all"}


def kind(msg):
    if "got an unexpected keyword argument 'bogus'" in msg:
        return "rejected"
    if "takes no keyword arguments" in msg or "'bogus' is an invalid keyword" in msg:
        return "rejected"
    if "takes at most 1 argument (2 given)" in msg:  # NumPy's integer scalar types
        return "rejected"
    if "cannot create 'numpy." in msg:  # the abstract scalar classes
        return "rejected"
    return "OTHER: " + msg


def probe(label, f, args, quiet=False):
    try:
        f(*args, bogus=1)
    except TypeError as e:
        if not quiet:
            print(label, "TypeError", kind(str(e)))
            if label in EXACT:
                print("   ", e)
        elif kind(str(e)) != "rejected":
            print(label, "message:", e)
        return
    except Exception as e:
        print(label, "raised", type(e).__name__, "instead of TypeError:", e)
        return
    print(label, "ACCEPTED the made-up keyword")


for name, args in FUNCS.items():
    probe(name, getattr(np, name), args)


def enter_printoptions(**kw):  # a context manager: the keywords are checked on entry
    with np.printoptions(**kw):
        pass


probe("printoptions", enter_printoptions, ())
for name, args in METHODS.items():
    probe("m." + name, getattr(a.copy(), name), args)
for name, args in RANDOM.items():
    probe("r." + name, getattr(np.random, name), args)
GEN = {"random": (), "integers": (5,), "uniform": (), "normal": (), "standard_normal": (),
       "permutation": (3,), "shuffle": (np.arange(3),), "choice": (3,)}
UFUNC = {"reduce": (v,), "accumulate": (v,), "reduceat": (v, [0, 1]), "outer": (v, v),
         "at": (np.zeros(3), [0], 1.0)}
for name, args in UFUNC.items():
    probe("u." + name, getattr(np.add, name), args)
sq = np.eye(3) * 2 + 0.5
LINALG = {"norm": (v,), "inv": (sq,), "solve": (sq, v), "det": (sq,), "slogdet": (sq,),
          "eigh": (sq,), "eigvalsh": (sq,), "svd": (sq,), "svdvals": (sq,), "qr": (sq,),
          "cholesky": (sq,), "lstsq": (sq, v), "pinv": (sq,), "matrix_rank": (sq,),
          "matrix_power": (sq, 2), "cond": (sq,), "multi_dot": ([sq, sq],),
          "cross": (v, v), "diagonal": (sq,), "matrix_norm": (sq,), "matrix_transpose": (sq,),
          "outer": (v, v), "tensordot": (sq, sq), "trace": (sq,), "vecdot": (v, v),
          "vector_norm": (v,), "matmul": (sq, sq)}
for name, args in LINALG.items():
    probe("la." + name, getattr(np.linalg, name), args)
rng = np.random.default_rng(0)
for name, args in GEN.items():
    probe("g." + name, getattr(rng, name), args)

if KRAIT:
    for name, args in KRAIT_ONLY.items():
        probe(name, getattr(np, name), args, quiet=True)
    probe("m.to_host", a.to_host, (), quiet=True)  # krait's awaitable copy (docs/ASYNC.md)
    probe("m.to", a.to, (0,), quiet=True)  # copies between devices (docs/GPU.md)
    probe("m.to_device", a.to_device, (0,), quiet=True)
    covered = set(FUNCS) | set(KRAIT_ONLY) | {"printoptions"}
    for name in dir(np):
        obj = getattr(np, name)
        if name.startswith("_") or not callable(obj) or name in covered:
            continue
        print("not audited:", name)
    for name in dir(np.ndarray):
        if not name.startswith("_") and callable(getattr(np.ndarray, name)) and name not in METHODS \
                and name not in ("to_host", "to", "to_device"):
            print("not audited: ndarray." + name)
    for name in dir(np.linalg):
        obj = getattr(np.linalg, name)
        if not name.startswith("_") and callable(obj) and name not in LINALG and \
                not isinstance(obj, type):
            print("not audited: linalg." + name)
    for name in dir(np.random):
        if not name.startswith("_") and callable(getattr(np.random, name)) and name not in RANDOM:
            print("not audited: random." + name)
print("done")
