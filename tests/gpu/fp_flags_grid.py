# Which floating-point errors each operation raises, element by element, over a grid of
# special values (zeros, ones, tiny, huge, infinities, NaN) in float64, float32 and float16,
# for the arithmetic ufuncs, the math functions, casts and integer // and %: NumPy's flags
# come from the C floating-point flags, krait's CPU backend reads the same flags, and the
# CUDA backend (the mock here, the H200 through bench/gpu/run_gpu_tests.sh) decides them
# from the values in the kernel (gpu/kernels/kernels_fpe.c). Collected through
# np.errstate(all='call') (on CUDA: eager, one operation at a time) and, per row, through
# the warnings module (on CUDA: reported when the host next waits for the device).
import warnings

import numpy as np

flags = []


def cb(kind, flag):
    flags.append(kind.split()[0][:3])


np.seterrcall(cb)
V = [0.0, -0.0, 1.0, -1.0, 2.0, 0.5, 1e-300, 1e300, 3e38, 1e-40, 70000.0, 12.0, -800.0,
     np.inf, -np.inf, np.nan]


def seen():
    s = "".join(sorted(set(f[0] for f in flags if f != "und")))
    flags.clear()
    return s or "-"


BIN = ["add", "subtract", "multiply", "divide", "power", "floor_divide", "remainder",
       "arctan2"]
UN = ["exp", "expm1", "log", "log2", "log10", "log1p", "sqrt", "sin", "cos", "tan", "sinh",
      "cosh", "tanh", "arcsin", "arccos", "arctan"]
for dt in (np.float64, np.float32, np.float16):
    for name in BIN:
        f = getattr(np, name)
        rows = []
        for a in V:
            row = []
            for b in V:
                with np.errstate(over="ignore"):  # 1e300 as float32 (krait: no warning)
                    x, y = np.array([a], dt), np.array([b], dt)
                if name == "power" and np.isinf(y[0]):
                    continue  # glibc's pow raises flags for some infinite exponents
                flags.clear()
                with np.errstate(all="call"):
                    f(x, y)
                row.append(seen())
            rows.append(" ".join(row))
        print(dt.__name__, name)
        print("\n".join(rows))
    for name in UN:
        f = getattr(np, name)
        row = []
        for a in V:
            with np.errstate(over="ignore"):
                x = np.array([a], dt)
            flags.clear()
            with np.errstate(all="call"):
                f(x)
            row.append(seen())
        print(dt.__name__, name, " ".join(row))
    for to in (np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16, np.uint32,
               np.uint64, np.bool_, np.float16, np.float32):
        row = []
        for a in V + [2.0 ** 31, -2.0 ** 31 - 1, 2.0 ** 63, -2.0 ** 63, 2.0 ** 64, 1e20]:
            with np.errstate(over="ignore"):
                x = np.array([a], dt)
            flags.clear()
            with np.errstate(all="call"):
                x.astype(to)
            row.append(seen())
        print(dt.__name__, "->", np.dtype(to).name, " ".join(row))
for dt in (np.int8, np.uint8, np.int32, np.int64, np.uint64):
    x, z = np.array([7, 0, 3], dt), np.array([0, 0, 1], dt)
    for name in ("floor_divide", "remainder"):
        with np.errstate(all="call"):
            getattr(np, name)(x, z)
        print(np.dtype(dt).name, name, seen())

# The deferred path: warnings under the default modes, one row (all b) per call.
with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter("always")
    for dt in (np.float64, np.float32, np.float16):
        with np.errstate(over="ignore"):
            B = np.array(V, dt)
        for name in BIN:
            for a in V:
                with np.errstate(over="ignore"):
                    A = np.full(len(V), a, dt)
                w.clear()
                r = getattr(np, name)(A, B)
                r.tolist()  # the host waits here: the row's errors are reported
                print(dt.__name__, name, a, sorted(set(str(m.message).split(" encountered")[0]
                                                        for m in w)))
                w.clear()
