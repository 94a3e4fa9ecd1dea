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
shapes that broadcast, size-1 and 0-size dims, odd sizes, up to 8 dims; contiguous, strided,
reversed, offset, transposed and newaxis views; some made on the device by arange), combines
them in a random expression DAG whose shared subexpressions are variables (pending results
used twice, also through reversed views; graphs past the fusion limits), and prints the
result (dtype, shape, tolist()), reductions over an axis, an in-place update (`t += e`,
`t[::2] = e`, overlapping `t[1:] += t[:-1]`, `np.add(x, y, out=t[::-2])`) with the pending
values that read the target, views of pending results, matmul, var/std, big arrays
(vector loops, tails, several reduction blocks) or a chain of host-fallback operations.
Values are small integers and multiples of 1/4 and the operators are + - * // % ** min/max
clip, bitwise, shifts, comparisons, where, casts and a root / or sqrt, so every result is
exact or correctly rounded and bit-identical between NumPy and a correct krait (float
reductions are kept only where they are exact in the dtype). Transcendental functions and
var/std are checked with tolerance against Python's math on the same values, printing
True/False. The generator runs every case under NumPy with every floating-point warning an
error and keeps only cases that run cleanly; it avoids the differences docs/GPU.md lists
(uint64 results, NumPy scalars from ufuncs of Python scalars, clip of unsigned arrays to
negative bounds).
"""
import os
import random
import shutil
import subprocess
import sys
import warnings

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
sys.path.insert(0, HERE)  # _diffcheck, for the cases this script runs in-process
import gen_expected  # noqa: E402  (tests/gen_expected.py: the reference runner)

FILES = 20
EXTRA_FILES = 2  # diff_20, diff_21: with the kinds of issue 14 (make_case's extra)
FUSED_FILES = 2  # diff_22, diff_23: reductions of pending integer and bool expressions only
CASES = 20
SEED = 1

DTYPES = ["bool", "int8", "int16", "int32", "int64", "uint8", "uint32", "float16", "float32",
          "float64"]
INTS = ["int8", "int16", "int32", "int64", "uint8", "uint32"]
# every integer dtype and bool, for the fused reductions (uint16 and uint64 too)
ALL_INTS = ["bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64"]
FLOATS = ["float16", "float32", "float64"]

HEADER = '''import math
import numpy as np
from _diffcheck import near, rowstat, show
np.seterr(all="ignore")


'''


def values(rng, dt, n, nonzero=False):
    if dt == "bool":
        pool = [True] if nonzero else [True, False]
        return [rng.choice(pool) for _ in range(n)]
    lo, hi = {"int8": (-20, 20), "int16": (-300, 300), "int32": (-1000, 1000),
              "int64": (-1000, 1000), "uint8": (0, 40), "uint16": (0, 300), "uint32": (0, 1000),
              "uint64": (0, 1000)}.get(dt, (-32, 32))
    out = []
    for _ in range(n):
        v = rng.randint(lo, hi)
        while nonzero and v == 0:
            v = rng.randint(lo, hi)
        out.append(v / 4 if dt in FLOATS else v)
    return out


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
                         "land", "**", "clip"])
        a = self.expr(shape, depth - 1, kinds)
        if op in ("+", "-", "*", "&", "|", "^"):
            return "(%s %s %s)" % (a, op, self.expr(shape, depth - 1, kinds, True))
        if op in ("//", "%"):
            d = self.leaf(self.operand_shape(shape), self.dtype(INTS + FLOATS), nonzero=True)
            return "(%s %s %s)" % (a, op, d)
        if op == "**":
            v = np_value(self.lines + ["_pow_base = " + a], "_pow_base")
            if v is None or v.dtype.kind == "f":
                return "(%s * %s)" % (a, a)  # float pow is not correctly rounded on a GPU
            s = self.var("s")
            self.lines.append("%s = np.array(%r, dtype=np.%s)" %
                              (s, [rng.randint(0, 3) for _ in range(shape[-1] if shape else 1)],
                               rng.choice(["int8", "int16", "int64", "uint8"])))
            return "(%s ** %s)" % (a, s)
        if op == "clip":
            lo = rng.randint(0, 2)  # NumPy 2 clips unsigned arrays to negative Python ints
            return "np.clip(%s, %d, %d)" % (a, lo, lo + rng.randint(0, 6))
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


def fused_reduce_case(c):
    """Reductions of a pending expression of one integer dtype or bool, long enough for the
    CUDA kernels' 16-byte vector loads (the lanes of each word), with a tail, over every
    element and along an axis; and the expression cast to a float type (lane 0 of a vector
    of int8 sums once lost its sign extension in NVRTC's conversion: tests/gpu/fused_reduce)."""
    rng = c.rng
    tag = "c" + c.tag
    dt = rng.choice(ALL_INTS)
    shape = rng.choice([[rng.randint(16, 300)], [rng.randint(2, 6), rng.randint(16, 70)],
                        [rng.randint(17, 40), rng.choice([2, 3, 16])]])
    a = c.leaf(shape, dt)
    b = c.leaf(c.operand_shape(shape), dt)
    op = rng.choice(["+", "-", "*", "+", "-"] if dt != "bool" else ["&", "|", "^"])
    r = c.var("r")
    # + zeros of the full shape and dtype: the same values, never fewer dims, still pending
    c.lines.append("%s = (%s %s %s) + np.zeros(%r, dtype=np.%s)" % (r, a, op, b, tuple(shape),
                                                                      dt))
    ops = ["mean", "min", "max", "argmax", "argmin", "any", "all"]
    if not dt.startswith("u"):
        ops += ["sum", "sum"]  # NumPy sums unsigned integers as uint64 (docs/GPU.md)
    for i in range(rng.randint(3, 5)):
        fn = "mean" if i == 0 else rng.choice(ops)
        axis = None if i == 0 else rng.choice([None, None, -1, 0])
        arg = "" if axis is None else "axis=%d" % axis
        c.lines.append("show(%r, %s.%s(%s))" % (tag, r, fn, arg))
    if dt != "bool":
        ft = rng.choice(["float16", "float32", "float64"])
        f = c.var("f")
        c.lines.append("%s = (%s %s %s).astype(np.%s)" % (f, a, rng.choice(["+", "-"]), b, ft))
        c.lines.append("show(%r, %s.ravel()[::%d])" % (tag, f, rng.choice([1, 3, 7])))


def make_case(rng, idx, extra=False, fused=False):
    c = Case(rng, "%d" % idx)
    if fused:
        fused_reduce_case(c)
        return c.lines
    kinds = ["expr", "expr", "expr", "root", "reduce", "reduce", "inplace", "setitem",
             "readers", "math", "deep", "overlap", "viewpend", "matmul", "stats",
             "fallback", "big", "hidim", "outarg"]
    # the files past the first FILES: the shapes of issue 14 too (a reduction's scalar in the
    # next expression, scalar fills through basic indexing), so the first files stay as they
    # were generated
    kind = rng.choice(kinds + ["redscalar", "fill"] * 5 if extra else kinds)
    shape = c.shape()
    tag = "c%d" % idx
    if kind == "redscalar":
        # a full reduction's scalar (device-resident on CUDA) as an operand of the next
        # expression and of a broadcast against its own array
        r = c.var("r")
        c.lines.append("%s = np.asarray(%s) + np.zeros(%r, dtype=bool)"
                       % (r, c.expr(shape, rng.randint(1, 2)), tuple(shape)))
        value = np_value(c.lines, r)
        ops = ["sum", "any", "all"] if 0 in shape else ["max", "min", "argmax", "sum", "any"]
        op = rng.choice(ops)
        if (op == "sum" and value is not None and value.dtype.kind in "fu"
                and not exact_reduction(value, "sum", None)):
            op = "any"
        sv = c.var("s")
        c.lines.append("%s = %s.%s()" % (sv, r, op))
        c.lines.append("show(%r, %s)" % (tag, c.expr(shape, 1) + " * 0 + " + sv))
        c.lines.append("show(%r, (%s - %s) * 2)" % (tag, r, sv))
        c.lines.append("show(%r, %s)" % (tag, sv))
    elif kind == "fill" and shape:
        # a scalar written through basic indexing: one element, a strided slice, everything
        dt = c.dtype()
        t = c.var("t")
        c.lines.append("%s = %s.copy()" % (t, c.leaf(shape, dt)))
        ax = rng.randrange(len(shape))
        sl = rng.choice(["0", "-1", "::2", "1:", "::-1", "1::3", "..."])
        idx = sl if sl == "..." else ", ".join(sl if i == ax else ":" for i in range(len(shape)))
        val = rng.choice(["1", "0", "True", "2", "%s.max()" % t] if dt != "bool" else
                         ["True", "False", "%s.any()" % t])
        if 0 in shape and "max" in val:
            val = "1"
        c.lines.append("%s[%s] = %s" % (t, idx, val))
        c.lines.append("show(%r, %s)" % (tag, t))
        c.lines.append("show(%r, %s.sum())" % (tag, t))
    elif kind == "big":
        # enough elements for whole vectors, a tail and several reduction blocks
        shape = rng.choice([[rng.randint(1000, 5000)], [rng.randint(20, 60), rng.randint(20, 90)],
                            [rng.randint(2, 5), rng.randint(30, 60), rng.choice([1, 4, 17])]])
        e = c.expr(shape, rng.randint(1, 3))
        r = c.var("r")
        c.lines.append("%s = np.asarray(%s) + np.zeros(%r, dtype=bool)" % (r, e, tuple(shape)))
        c.lines.append("show(%r, %s.ravel()[::%d])" % (tag, r, rng.choice([37, 53, 101])))
        value = np_value(c.lines, r)
        if value is not None and value.dtype.kind in "bi":
            c.lines.append("show(%r, %s.sum())" % (tag, r))
            c.lines.append("show(%r, %s.max(axis=-1)[:9])" % (tag, r))
        elif value is not None and value.dtype.kind == "f" and exact_reduction(value, "sum", None):
            c.lines.append("show(%r, %s.sum())" % (tag, r))
        c.lines.append("show(%r, %s.argmin())" % (tag, r))
    elif kind == "hidim":
        # 5 to 8 dimensions of small sizes, broadcast and transposed
        shape = [rng.choice([1, 2, 3]) for _ in range(rng.randint(5, 8))]
        e = c.expr(shape, rng.randint(1, 3))
        r = c.var("r")
        c.lines.append("%s = np.asarray(%s) + np.zeros(%r, dtype=bool)" % (r, e, tuple(shape)))
        axes = list(range(len(shape)))
        rng.shuffle(axes)
        c.lines.append("show(%r, (%s.transpose(%s) * 2).ravel())" %
                       (tag, r, ", ".join(map(str, axes))))
        value = np_value(c.lines, r)
        if value is not None and value.dtype.kind != "u":  # unsigned sums: uint64 in NumPy
            c.lines.append("show(%r, %s.sum(axis=%d))" % (tag, r, rng.randrange(len(shape))))
    elif kind == "outarg" and shape:
        # ufuncs writing through out= into a strided or reversed view
        dt = c.dtype(INTS + FLOATS)
        t = c.var("t")
        base = [2 * shape[0]] + shape[1:]
        c.lines.append("%s = %s.copy()" % (t, c.leaf(base, dt)))
        view = rng.choice(["::2", "1::2", "::-2"])
        fn = rng.choice(["add", "multiply", "subtract", "maximum", "minimum"])
        kinds = [d for d in DTYPES if np.can_cast(d, dt)]
        c.lines.append("np.%s(%s, %s, out=%s[%s])" % (fn, c.expr(shape, 1, kinds),
                                                       c.expr(shape, 1, kinds, True), t, view))
        c.lines.append("show(%r, %s)" % (tag, t))
    elif kind == "deep":
        # past the fusion limits (8 inputs, 32 nodes): operands are evaluated first
        e = c.expr(shape, rng.randint(5, 7))
        r = c.var("r")
        c.lines.append("%s = %s" % (r, e))
        c.lines.append("show(%r, %s)" % (tag, r))
    elif kind == "overlap" and shape:
        # in-place updates whose input overlaps the target: NumPy reads a copy
        dt = c.dtype([d for d in DTYPES if d != "bool"])
        t = c.var("t")
        c.lines.append("%s = %s.copy()" % (t, c.leaf(shape, dt)))
        ax = rng.randrange(len(shape))
        pre = ":, " * ax
        src, dst = rng.choice([("1:", ":-1"), (":-1", "1:"), ("::-1", ":"), ("1::2", "::2"),
                               ("2:", ":-2")])
        op = rng.choice(["+=", "-=", "*=", "="])
        c.lines.append("%s[%s%s] %s %s[%s%s]" % (t, pre, dst, op, t, pre, src))
        c.lines.append("show(%r, %s)" % (tag, t))
    elif kind == "viewpend" and len(shape) >= 2:
        # views of a pending result as operands: transposed, sliced, reshaped
        p = c.var("p")
        c.lines.append("%s = %s + %s" % (p, c.leaf(shape, c.dtype(INTS + FLOATS)),
                                         c.leaf(c.operand_shape(shape), c.dtype(INTS + FLOATS))))
        v = rng.choice(["T", "slice", "flat"])
        if v == "T":
            other = c.leaf(list(reversed(shape)), c.dtype())
            e = "(%s.T * %s)" % (p, other)
        elif v == "slice":
            sub = [max(d - 1, 0) for d in shape[:1]] + shape[1:]
            e = "(%s[1:] - %s)" % (p, c.leaf(sub, c.dtype(INTS + FLOATS)))
        else:
            n = 1
            for d in shape:
                n *= d
            e = "(%s.reshape(-1)[::-1] * %s)" % (p, c.leaf([n], c.dtype(INTS + FLOATS)))
        r = c.var("r")
        c.lines.append("%s = %s" % (r, e))
        c.lines.append("show(%r, %s)" % (tag, r))
        c.lines.append("show(%r, %s)" % (tag + "p", p))
    elif kind == "matmul":
        dt = c.dtype(["float32", "float64", "float16"])
        m, k, n = (rng.choice([1, 2, 3, 5, 8]) for _ in range(3))
        batch = rng.choice([[], [], [2], [3, 1]])
        a = c.leaf(batch + [m, k], dt)
        b = c.leaf(batch[-1:] + [k, n] if batch and rng.random() < 0.5 else [k, n], dt)
        r = c.var("r")
        c.lines.append("%s = %s @ %s" % (r, a, b))
        c.lines.append("show(%r, %s)" % (tag, r))
    elif kind == "stats":
        # var and std along the last axis (a mean, fused deviations and a sum on CUDA)
        m, n = rng.choice([1, 2, 3, 5]), rng.choice([2, 3, 4, 7, 9])
        dt = c.dtype(FLOATS + ["int16", "int32", "uint8", "bool"])
        x = c.var("x")
        c.lines.append("%s = np.asarray(%s) + np.zeros((%d, %d), dtype=bool)" %
                       (x, c.expr([m, n], rng.randint(0, 2), [dt]), m, n))
        ddof = rng.choice([0, 1])
        root = rng.random() < 0.5
        rtol = 2e-2 if np_value(c.lines, x) is not None and np_value(c.lines, x).dtype == \
            np.float16 else 1e-4
        c.lines.append("rowstat(%r, %s.%s(axis=-1, ddof=%d), %s.astype(np.float64).tolist(), "
                       "%d, %s, %g)" % (tag, x, "std" if root else "var", ddof, x, ddof, root,
                                        rtol))
    elif kind == "fallback":
        # operations that run on the host mirror on CUDA, between device operations
        nd = max(len(shape), 1)
        shape = shape or [rng.choice([2, 3, 5])]
        p = c.var("p")
        c.lines.append("%s = np.asarray(%s) + np.zeros(%r, dtype=bool)" %
                       (p, c.expr(shape, rng.randint(1, 2), INTS + FLOATS), tuple(shape)))
        steps = ["sort", "cumsum", "mask", "take", "concat", "maskset", "arith"]
        value = np_value(c.lines, p)
        if value is None or value.dtype.kind == "u":
            steps.remove("cumsum")  # NumPy's cumsum of unsigned integers is uint64
        for _ in range(rng.randint(1, 4)):
            step = rng.choice(steps)
            q = c.var("p")
            ax = rng.randrange(nd)
            if step == "sort":
                c.lines.append("%s = np.sort(np.asarray(%s), axis=-1)" % (q, p))
            elif step == "cumsum":
                c.lines.append("%s = np.cumsum(np.asarray(%s), axis=%d)" % (q, p, ax))
            elif step == "mask":
                c.lines.append("%s = np.asarray(%s)[np.asarray(%s) > 0]" % (q, p, p))
                nd = 1
            elif step == "take":
                c.lines.append("%s = np.asarray(%s)[[%s]]" % (q, p, ", ".join(
                    str(rng.randrange(-1, 2)) for _ in range(rng.randint(1, 4)))))
            elif step == "concat":
                c.lines.append("%s = np.concatenate([np.asarray(%s), np.asarray(%s)[::-1]])" %
                               (q, p, p))
            elif step == "maskset":
                c.lines.append("%s = np.asarray(%s).copy()" % (q, p))
                c.lines.append("%s[%s > 1] = 7" % (q, q))
            else:
                c.lines.append("%s = %s * 2 - np.asarray(%s)[::-1]" % (q, p, p))
            c.lines.append("show(%r, %s)" % (tag, q))
            p = q
    elif kind in ("expr", "root", "overlap", "viewpend"):
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
        value = np_value(c.lines, r)
        if value is not None and value.dtype.kind == "u":
            # NumPy sums unsigned integers as uint64, which krait lacks (docs/GPU.md)
            ops = [o for o in ops if o not in ("sum", "prod")]
        for _ in range(rng.randint(1, 3)):
            op = rng.choice(ops)
            axis = rng.choice([None] + list(range(-nd, nd))) if nd else None
            if (op in ("sum", "prod", "mean") and value is not None and value.dtype.kind == "f"
                    and not exact_reduction(value, op, axis)):
                continue  # rounding would depend on the order of the additions
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


def np_value(lines, name):
    """The value of variable name after lines run under NumPy (None if they fail)."""
    env = {}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            import contextlib
            import io
            with contextlib.redirect_stdout(io.StringIO()):
                exec(HEADER + "\n".join(lines), env)
            return np.asarray(env[name])
        except Exception:
            return None


def exact_reduction(v, op, axis):
    """Whether a float reduction is exact in v's dtype (so any summation order agrees)."""
    wide_t = np.longdouble if v.dtype == np.float64 else np.float64
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        wide = getattr(v.astype(wide_t), op)(axis=axis)
        if op == "mean":
            wide = v.astype(wide_t).sum(axis=axis)  # the division rounds once either way
            return bool(np.all(np.asarray(wide).astype(v.dtype).astype(wide_t) == wide))
        return bool(np.all(np.asarray(getattr(v, op)(axis=axis)).astype(wide_t) == wide))


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
            lines = make_case(rng, nfile * 100 + i, nfile >= FILES,
                              nfile >= FILES + EXTRA_FILES)
            if valid(lines):
                break
        out.append("# case %d\n" % i + "\n".join(lines) + "\n")
    return "\n".join(out)


def write_files(seed, nfiles, folder, prefix):
    rng = random.Random(seed)
    names = []
    if os.path.abspath(folder) != HERE:
        shutil.copy(os.path.join(HERE, "_diffcheck.py"), folder)
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
            names = write_files(SEED, FILES + EXTRA_FILES + FUSED_FILES, tmp, "diff_")
            changed = [n for n in names for ext in (".py", ".exp")
                       if open(os.path.join(tmp, n + ext)).read() !=
                       open(os.path.join(HERE, n + ext)).read()]
        print("\n".join(sorted(set(changed))) or "all up to date")
        return 1 if changed else 0
    write_files(SEED, FILES + EXTRA_FILES + FUSED_FILES, HERE, "diff_")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
