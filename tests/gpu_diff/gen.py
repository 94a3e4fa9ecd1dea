#!/usr/bin/env python3
"""Differential tests for the gpu module: writes seeded random array programs as NumPy
scripts (tests/gpu_diff/diff_NN.py) and their expected output from real NumPy 2
(diff_NN.exp, through tests/gen_expected.py's runner). ctest runs each on the CPU backend
and on the CUDA backend over the mock device; bench/gpu/run_gpu_tests.sh runs them on a GPU.

    python3 tests/gpu_diff/gen.py                  # rewrite the committed files (seed 1)
    python3 tests/gpu_diff/gen.py --check          # regenerate in memory, list changed files
    python3 tests/gpu_diff/gen.py --hunt SEED N [--out DIR] [--krait K] [--device D]
        # write N more files for SEED into DIR (default /tmp/krait_gpu_diff), run them with
        # krait (KRAIT_DEVICE=D, default mock) and print the cases whose output differs

Each case builds a few leaf arrays (every dtype NumPy shares with krait but bfloat16; random
shapes that broadcast, size-1 and 0-size dims, odd sizes; contiguous, strided, reversed,
offset, transposed and newaxis views; some created on the device by arange), combines them
in a random expression DAG whose shared subexpressions are variables (pending results used
twice, also through reversed views), and prints the result: dtype, shape and tolist(), or a
reduction over an axis, or an in-place update (`t += e`, `t[::2] = e`, ...) after which the
pending values that read the target are printed too. Values are small integers and
multiples of 1/4, and the operators are + - * // % min/max, bitwise, shifts, comparisons,
where, casts and a root / or sqrt, so every result is exact or correctly rounded and
bit-identical between NumPy and a correct krait (no last-place noise). Transcendental
functions are checked with np.allclose against Python's math module on the same values,
printing True/False. The generator runs every case under NumPy with every floating-point
warning an error and keeps only cases that run cleanly.
"""
import math
import os
import random
import subprocess
import sys
import warnings

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
import gen_expected  # noqa: E402  (tests/gen_expected.py: the reference runner)

FILES = 20
CASES = 20
SEED = 1

DTYPES = ["bool", "int8", "int16", "int32", "int64", "uint8", "uint32", "float16", "float32",
          "float64"]
INTS = ["int8", "int16", "int32", "int64", "uint8", "uint32"]
FLOATS = ["float16", "float32", "float64"]

HEADER = '''import math
import numpy as np
np.seterr(all="ignore")


def show(tag, r):
    if isinstance(r, np.ndarray) and r.ndim > 0:
        print(tag, r.dtype, r.shape, r.tolist())
    else:
        print(tag, "scalar", np.asarray(r).tolist())


def near(tag, r, f, x, rtol):
    ref = np.array([f(v) for v in np.asarray(x, dtype=np.float64).ravel().tolist()])
    got = np.asarray(r, dtype=np.float64).ravel()
    print(tag, r.dtype, r.shape, bool(np.allclose(got, ref, rtol=rtol, atol=rtol, equal_nan=True)))

'''


def values(rng, dt, n, nonzero=False):
    if dt == "bool":
        pool = [True] if nonzero else [True, False]
        return [rng.choice(pool) for _ in range(n)]
    lo, hi = {"int8": (-20, 20), "int16": (-300, 300), "int32": (-1000, 1000),
              "int64": (-1000, 1000), "uint8": (0, 40), "uint32": (0, 1000)}.get(dt, (-32, 32))
    out = []
    for _ in range(n):
        v = rng.randint(lo, hi)
        while nonzero and v == 0:
            v = rng.randint(lo, hi)
        out.append(v / 4 if dt in FLOATS else v)
    return out


def lit(v):
    return repr(v)


class Case:
    def __init__(self, rng, tag):
        self.rng = rng
        self.tag = tag
        self.lines = []
        self.nvar = 0

    def var(self, prefix):
        self.nvar += 1
        return "%s%s_%d" % (prefix, self.tag, self.nvar)

    def shape(self):
        rng = self.rng
        nd = rng.choice([0, 1, 1, 2, 2, 2, 3, 3, 4])
        dims = [rng.choice([1, 2, 3, 3, 4, 5, 7]) for _ in range(nd)]
        if nd and rng.random() < 0.06:
            dims[rng.randrange(nd)] = 0
        return dims

    def operand_shape(self, shape):
        """A shape that broadcasts to `shape`: leading dims dropped, some set to 1."""
        rng = self.rng
        drop = rng.choice([0, 0, 0, 1, 2]) if shape else 0
        s = list(shape[min(drop, len(shape)):])
        for i in range(len(s)):
            if rng.random() < 0.25:
                s[i] = 1
        return s

    def leaf(self, shape, dt, nonzero=False):
        """Emit a leaf array of this shape and dtype, maybe as a view; return its name."""
        rng = self.rng
        n = 1
        for d in shape:
            n *= d
        name = self.var("a")
        kind = rng.choice(["plain", "plain", "step", "offset", "rev", "T", "newaxis", "arange"])
        nd = len(shape)
        if nonzero and kind == "arange":
            kind = "plain"
        if kind == "arange" and n > 0 and dt != "bool":
            mod = {"uint8": 30, "uint32": 30}.get(dt, 13)
            off = 0 if dt.startswith("u") else 6
            expr = "(np.arange(%d) %% %d - %d)" % (n, mod, off)
            if dt in FLOATS:
                expr = "(%s * 0.25)" % expr
            self.lines.append("%s = %s.astype(np.%s).reshape(%r)" % (name, expr, dt, tuple(shape)))
            return name
        if kind == "step" and nd:
            ax = rng.randrange(nd)
            base = list(shape)
            base[ax] = 2 * shape[ax] - rng.choice([0, 1]) if shape[ax] else 0
            idx = ["::2" if i == ax else ":" for i in range(nd)]
        elif kind == "offset" and nd:
            ax = rng.randrange(nd)
            base = list(shape)
            base[ax] = shape[ax] + 1
            idx = ["1:" if i == ax else ":" for i in range(nd)]
        elif kind == "rev" and nd:
            ax = rng.randrange(nd)
            base = list(shape)
            idx = ["::-1" if i == ax else ":" for i in range(nd)]
        elif kind == "T" and nd >= 2:
            base = list(reversed(shape))
            idx = None
        elif kind == "newaxis" and nd >= 1 and 1 in shape:
            ax = shape.index(1)
            base = shape[:ax] + shape[ax + 1:]
            idx = ["None" if i == ax else ":" for i in range(nd)]
        else:
            base, idx = list(shape), []
        bn = 1
        for d in base:
            bn *= d
        b = self.var("b")
        vals = values(rng, dt, bn, nonzero)
        self.lines.append("%s = np.array(%r, dtype=np.%s).reshape(%r)" %
                          (b, vals, dt, tuple(base)))
        if idx is None:
            self.lines.append("%s = %s.T" % (name, b))
        elif idx:
            self.lines.append("%s = %s[%s]" % (name, b, ", ".join(idx)))
        else:
            return b
        return name

    def dtype(self, kinds=None):
        return self.rng.choice(kinds or DTYPES)

    def expr(self, shape, depth, kinds=None, scalar=False):
        """An expression string whose NumPy value broadcasts to shape. A Python scalar may
        stand for it only where scalar is set: as the right operand of a binary operator
        (a ufunc of Python scalars alone gives a NumPy scalar, a strongly typed value that
        krait's Python scalars are not: docs/GPU.md)."""
        rng = self.rng
        if depth <= 0 or rng.random() < 0.2:
            if scalar and rng.random() < 0.15 and shape:
                # a Python scalar (NEP 50: takes the array's dtype)
                return rng.choice(["2", "3", "1", "0.5", "2.25", "True"])
            return self.leaf(self.operand_shape(shape), self.dtype(kinds))
        op = rng.choice(["+", "-", "*", "+", "*", "//", "%", "max", "min", "&", "|", "^",
                         "<<", ">>", "cmp", "where", "neg", "abs", "inv", "cast", "share",
                         "land"])
        a = self.expr(shape, depth - 1, kinds)
        if op in ("+", "-", "*", "&", "|", "^"):
            return "(%s %s %s)" % (a, op, self.expr(shape, depth - 1, kinds, True))
        if op in ("//", "%"):
            d = self.leaf(self.operand_shape(shape), self.dtype(INTS + FLOATS), nonzero=True)
            return "(%s %s %s)" % (a, op, d)
        if op in ("<<", ">>"):
            s = self.var("s")
            self.lines.append("%s = np.array(%r, dtype=np.%s)" %
                              (s, [rng.randint(0, 9) for _ in range(shape[-1] if shape else 1)],
                               rng.choice(["int8", "int32", "int64", "uint8"])))
            return "(%s %s %s)" % (a, op, s)
        if op in ("max", "min"):
            return "np.%s(%s, %s)" % ("maximum" if op == "max" else "minimum", a,
                                      self.expr(shape, depth - 1, kinds, True))
        if op == "cmp":
            c = rng.choice(["<", "<=", "==", "!=", ">", ">="])
            return "(%s %s %s)" % (a, c, self.expr(shape, depth - 1, kinds, True))
        if op == "land":
            return "np.logical_%s(%s, %s)" % (rng.choice(["and", "or"]), a,
                                              self.expr(shape, depth - 1, kinds))
        if op == "where":
            c = self.expr(shape, depth - 1, kinds)
            return "np.where(%s > 0, %s, %s)" % (c, a, self.expr(shape, depth - 1, kinds))
        if op == "neg":
            return "(-%s)" % a
        if op == "abs":
            return "np.abs(%s)" % a
        if op == "inv":
            return "(~%s)" % a
        if op == "cast":
            return "np.asarray(%s).astype(np.%s)" % (a, rng.choice(
                ["int16", "int32", "int64", "float16", "float32", "float64", "bool"]))
        # share: a variable used twice, once through a reversed view when it has dims
        t = self.var("t")
        self.lines.append("%s = %s" % (t, a))
        other = t
        if shape and rng.random() < 0.5:
            other = "%s[%s]" % (t, ", ".join("::-1" if i == 0 else ":" for i in range(1)))
        return "(%s %s %s)" % (t, rng.choice(["+", "*", "-"]), other)


def make_case(rng, idx):
    c = Case(rng, "%d" % idx)
    kind = rng.choice(["expr", "expr", "expr", "root", "reduce", "reduce", "inplace", "setitem",
                       "readers", "math"])
    shape = c.shape()
    tag = "c%d" % idx
    if kind in ("expr", "root"):
        e = c.expr(shape, rng.randint(1, 4))
        if kind == "root":
            if rng.random() < 0.5:
                e = "(%s / %s)" % (e, rng.choice(["4", "3", c.leaf(c.operand_shape(shape),
                                                                    c.dtype(FLOATS), True)]))
            else:
                e = "np.sqrt(np.abs(%s))" % e
        r = c.var("r")
        c.lines.append("%s = %s" % (r, e))
        c.lines.append("show(%r, %s)" % (tag, r))
    elif kind == "reduce":
        e = c.expr(shape, rng.randint(1, 3))
        r = c.var("r")
        # + bool zeros of the full shape: the same dtype and values, never fewer dims
        c.lines.append("%s = np.asarray(%s) + np.zeros(%r, dtype=bool)" % (r, e, tuple(shape)))
        nd = len(shape)
        empty = 0 in shape
        ops = ["sum", "any", "all", "mean"] if empty else ["sum", "any", "all", "max", "min",
                                                          "argmax", "argmin", "mean", "prod"]
        if np_dtype(c.lines, r).kind == "u":
            # NumPy sums unsigned integers as uint64, which krait lacks (docs/GPU.md)
            ops = [o for o in ops if o not in ("sum", "prod")]
        for _ in range(rng.randint(1, 3)):
            op = rng.choice(ops)
            axis = rng.choice([None] + list(range(-nd, nd))) if nd else None
            if op == "mean" and empty:
                continue  # NumPy warns (mean of empty slice)
            args = [] if axis is None else ["axis=%d" % axis]
            if op not in ("argmax", "argmin") and axis is not None and rng.random() < 0.3:
                args.append("keepdims=True")
            c.lines.append("show(%r, %s.%s(%s))" % (tag, r, op, ", ".join(args)))
    elif kind in ("inplace", "setitem", "readers"):
        dt = c.dtype()
        t = c.var("t")
        base = c.leaf(shape, dt)
        c.lines.append("%s = %s.copy()" % (t, base))
        pend = c.var("p")
        c.lines.append("%s = %s + 1" % (pend, t) if dt != "bool" else "%s = ~%s" % (pend, t))
        if kind == "inplace":
            op = rng.choice(["+=", "-=", "*=", "|=", "&=", "//="] if dt != "bool" else ["|=", "&=", "^="])
            e = c.expr(shape, rng.randint(1, 2), [d for d in DTYPES if np.can_cast(d, dt)])
            if op == "//=":
                e = c.leaf(c.operand_shape(shape), dt, nonzero=True)
            c.lines.append("%s %s %s" % (t, op, e))
        elif kind == "setitem" and shape:
            ax = rng.randrange(len(shape))
            sl = rng.choice(["::2", "1:", "::-1", ":-1", "1::3"])
            idx = ", ".join(sl if i == ax else ":" for i in range(len(shape)))
            sub = np.empty(shape)[tuple(slice(*[int(p) if p else None for p in sl.split(":")])
                                        if i == ax else slice(None) for i in range(len(shape)))]
            e = c.expr(list(sub.shape), rng.randint(1, 2),
                       [d for d in DTYPES if np.can_cast(d, dt)])
            c.lines.append("%s[%s] = %s" % (t, idx, e))
        else:
            c.lines.append("%s[...] = %s" % (t, c.expr(shape, 1, [d for d in DTYPES
                                                                if np.can_cast(d, dt)])))
        c.lines.append("show(%r, %s)" % (tag, t))
        c.lines.append("show(%r, %s)" % (tag + "p", pend))
    else:  # math
        fname, mname, dom = rng.choice([("exp", "exp", 1), ("log", "log", 2), ("sin", "sin", 0),
                                        ("cos", "cos", 0), ("tanh", "tanh", 0),
                                        ("arctan", "atan", 0), ("log2", "log2", 2),
                                        ("log10", "log10", 2), ("tan", "tan", 0)])
        dt = c.dtype(FLOATS + ["int16", "int32", "uint8"])
        e = c.expr(shape, rng.randint(0, 2), [dt])
        x = c.var("x")
        if dom == 2:
            c.lines.append("%s = np.abs(np.asarray(%s)).astype(np.%s) + 1" % (x, e, dt))
        elif dom == 1:
            c.lines.append("%s = np.asarray(%s).astype(np.%s) %% 8" % (x, e, dt))
        else:
            c.lines.append("%s = np.asarray(%s).astype(np.%s)" % (x, e, dt))
        # the result dtype: float16 for float16/uint8 inputs, float32 for float32/int16
        rtol = {"float16": 4e-3, "uint8": 4e-3, "float32": 2e-6, "int16": 2e-6}.get(dt, 1e-12)
        c.lines.append("near(%r, np.%s(%s), math.%s, %s, %g)" % (tag, fname, x, mname, x, rtol))
    return c.lines


def np_dtype(lines, name):
    """The dtype of variable name after lines run under NumPy (object if they fail)."""
    env = {}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            exec(HEADER + "\n".join(lines), env)
            return np.asarray(env[name]).dtype
        except Exception:
            return np.dtype(object)


def valid(lines):
    """The case runs under NumPy with no error and no floating-point warning."""
    env = {}
    src = HEADER.replace('np.seterr(all="ignore")', 'np.seterr(all="raise")')
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        try:
            import contextlib
            import io
            with contextlib.redirect_stdout(io.StringIO()):
                exec(src + "\n".join(lines), env)
        except Exception:
            return False
    return True


def make_file(rng, nfile):
    out = [HEADER]
    for i in range(CASES):
        for _ in range(200):
            lines = make_case(rng, nfile * 100 + i)
            if valid(lines):
                break
        out.append("# case %d\n" % i + "\n".join(lines) + "\n")
    return "\n".join(out)


def write_files(seed, nfiles, folder, prefix):
    rng = random.Random(seed)
    names = []
    for f in range(nfiles):
        name = "%s%02d" % (prefix, f)
        with open(os.path.join(folder, name + ".py"), "w") as fh:
            fh.write("# generated by tests/gpu_diff/gen.py (seed %d): do not edit\n" % seed)
            fh.write(make_file(rng, f))
        names.append(name)
    gen_expected.LANG = folder
    gen_expected.regenerate(names, False)
    return names


def hunt(argv):
    seed, n = int(argv[0]), int(argv[1])
    opts = dict(zip(argv[2::2], argv[3::2]))
    folder = opts.get("--out", "/tmp/krait_gpu_diff")
    krait = opts.get("--krait", os.path.join(os.path.dirname(os.path.dirname(HERE)), "build",
                                             "krait"))
    os.makedirs(folder, exist_ok=True)
    names = write_files(seed, n, folder, "hunt%d_" % seed)
    env = dict(os.environ, KRAIT_DEVICE=opts.get("--device", "mock"))
    bad = 0
    for name in names:
        exp = open(os.path.join(folder, name + ".exp")).read().splitlines()
        got = subprocess.run([krait, name + ".py"], cwd=folder, env=env, capture_output=True,
                             text=True, timeout=120)
        out = (got.stdout + ("--- stderr ---\n" + got.stderr if got.stderr else "")).splitlines()
        for i, line in enumerate(exp):
            if i >= len(out) or out[i] != line:
                bad += 1
                print("%s.py line %d\n  numpy: %s\n  krait: %s" %
                      (name, i + 1, line[:300], out[i][:300] if i < len(out) else "<missing>"))
                break
    print("%d of %d files differ" % (bad, len(names)))
    return 1 if bad else 0


def main(argv):
    if not np.__version__.startswith("2."):
        sys.exit("gen.py: the reference needs NumPy 2 (found %s)" % np.__version__)
    if argv[:1] == ["--hunt"]:
        return hunt(argv[1:])
    if argv[:1] == ["--check"]:
        import tempfile
        with tempfile.TemporaryDirectory() as tmp:
            names = write_files(SEED, FILES, tmp, "diff_")
            changed = [n for n in names for ext in (".py", ".exp")
                       if open(os.path.join(tmp, n + ext)).read() !=
                       open(os.path.join(HERE, n + ext)).read()]
        print("\n".join(sorted(set(changed))) or "all up to date")
        return 1 if changed else 0
    write_files(SEED, FILES, HERE, "diff_")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
