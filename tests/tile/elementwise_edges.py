# Every elementwise float op on its own, on edge inputs (NaN, +-inf, +-0, domain edges), in
# float32, float16 and float64; then maximum/minimum/max/min with NaN operands and
# propagate_nan (cuTile 1.7: NaN is ignored unless propagate_nan=True). One kernel per op,
# so on the GPU a difference names the op (tile_lower_test's chain of every op gave NaN on
# the H200 where the CPU kept the input: the GPU's max/min propagated NaN). Values print
# with 4 significant digits: the GPU's math library and libm differ in the last bits only.
import gpu
import tile as ct

ConstInt = ct.Constant[int]
ConstStr = ct.Constant[str]
N = 12


@ct.kernel
def unary(x, out, OP: ConstStr, T: ConstInt):
    a = ct.load(x, (0,), (T,))
    if OP == "exp":
        r = ct.exp(a)
    elif OP == "exp2":
        r = ct.exp2(a)
    elif OP == "log":
        r = ct.log(a)
    elif OP == "log2":
        r = ct.log2(a)
    elif OP == "sqrt":
        r = ct.sqrt(a)
    elif OP == "rsqrt":
        r = ct.rsqrt(a)
    elif OP == "sin":
        r = ct.sin(a)
    elif OP == "cos":
        r = ct.cos(a)
    elif OP == "tan":
        r = ct.tan(a)
    elif OP == "sinh":
        r = ct.sinh(a)
    elif OP == "cosh":
        r = ct.cosh(a)
    elif OP == "tanh":
        r = ct.tanh(a)
    elif OP == "floor":
        r = ct.floor(a)
    elif OP == "ceil":
        r = ct.ceil(a)
    elif OP == "abs":
        r = ct.abs(a)
    else:
        r = -a
    ct.store(out, (0,), r)


@ct.kernel
def binary(x, y, out, OP: ConstStr, T: ConstInt):
    a = ct.load(x, (0,), (T,))
    b = ct.load(y, (0,), (T,))
    if OP == "add":
        r = a + b
    elif OP == "sub":
        r = a - b
    elif OP == "mul":
        r = a * b
    elif OP == "truediv":
        r = a / b
    elif OP == "floordiv":
        r = a // b
    elif OP == "mod":
        r = a % b
    elif OP == "pow":
        r = a**b
    elif OP == "atan2":
        r = ct.atan2(a, b)
    elif OP == "maximum":
        r = ct.maximum(a, b)
    elif OP == "minimum":
        r = ct.minimum(a, b)
    elif OP == "maximum_nan":
        r = ct.maximum(a, b, propagate_nan=True)
    elif OP == "minimum_nan":
        r = ct.minimum(a, b, propagate_nan=True)
    elif OP == "py_max":
        r = max(a, b)
    else:
        r = min(a, b)
    ct.store(out, (0,), r)


def fmt(v):
    return "%.4g" % v


def show(name, arr):
    print(name.ljust(12), " ".join(fmt(v) for v in arr.astype(gpu.float64).tolist()))


nan = float("nan")
inf = float("inf")
xs = [nan, inf, -inf, 0.0, -0.0, 1.0, -1.0, 0.5, 2.0, 88.5, -100.0, 1e-3]
ys = [1.0, nan, 2.0, -0.0, 0.0, nan, inf, -2.0, 0.5, -3.0, -inf, 7.0]
S = gpu.Stream.default
unops = ["exp", "exp2", "log", "log2", "sqrt", "rsqrt", "sin", "cos", "tan", "sinh", "cosh",
         "tanh", "floor", "ceil", "abs", "neg"]
binops = ["add", "sub", "mul", "truediv", "floordiv", "mod", "pow", "atan2", "maximum",
          "minimum", "maximum_nan", "minimum_nan", "py_max", "py_min"]
for dt in (gpu.float32, gpu.float16, gpu.float64):
    print("dtype", dt)
    x = gpu.array(xs, dtype=dt)
    y = gpu.array(ys, dtype=dt)
    for op in unops:
        out = gpu.zeros(N, dtype=dt)
        ct.launch(S, (1,), unary, (x, out, op, N))
        show(op, out)
    for op in binops:
        out = gpu.zeros(N, dtype=dt)
        ct.launch(S, (1,), binary, (x, y, out, op, N))
        # the sign of a zero max/min picks from (0, -0) is unspecified: print 0
        show(op, out + 0.0 if "max" in op or "min" in op else out)


@ct.kernel
def reductions(x, out, PROP: ConstInt):
    a = ct.load(x, (0, 0), (3, 4))
    if PROP:
        ct.store(out, (0, 0), ct.max(a, axis=1, keepdims=True, propagate_nan=True))
        ct.store(out, (0, 1), ct.min(a, axis=1, keepdims=True, propagate_nan=True))
        ct.store(out, (0, 2), ct.broadcast_to(ct.max(a, propagate_nan=True).reshape((1, 1)), (3, 1)))
    else:
        ct.store(out, (0, 0), ct.max(a, axis=1, keepdims=True))
        ct.store(out, (0, 1), ct.min(a, axis=1, keepdims=True))
        ct.store(out, (0, 2), ct.broadcast_to(ct.max(a).reshape((1, 1)), (3, 1)))


# rows with one NaN (never all NaN: what an all-NaN row gives is not specified)
m = [[1.0, nan, 3.0, -2.0], [nan, -5.0, 0.5, 4.0], [0.25, 8.0, -inf, 1.0]]
for dt in (gpu.float32, gpu.float16, gpu.float64):
    for prop in (0, 1):
        out = gpu.zeros((3, 3), dtype=dt)
        ct.launch(S, (1,), reductions, (gpu.array(m, dtype=dt), out, prop))
        print(dt, "propagate_nan" if prop else "ignore_nan")
        for k in range(3):
            show("  row%d" % k, out[k])


@ct.kernel
def arg_reductions(x, out):
    a = ct.load(x, (0, 0), (4, 4))
    ct.store(out, (0, 0), ct.argmax(a, axis=1, keepdims=True))
    ct.store(out, (0, 1), ct.argmin(a, axis=1, keepdims=True))
    ct.store(out, (0, 2), ct.argmax(a, axis=1, keepdims=True, propagate_nan=True))
    ct.store(out, (0, 3), ct.argmin(a, axis=1, keepdims=True, propagate_nan=True))
    ct.store(out, (0, 4), ct.broadcast_to(ct.argmax(a).reshape((1, 1)), (4, 1)))


# argmax/argmin: NaN ignored (a row of only NaN gives 0), or the first NaN with
# propagate_nan; ties give the first index; a NaN before an equal -inf does not win
ma = [[1.0, nan, 3.0, 3.0], [nan, -inf, 0.5, -inf], [nan, nan, nan, nan], [2.0, -1.0, 8.0, 8.0]]
for dt in (gpu.float32, gpu.float16, gpu.float64):
    out = gpu.zeros((4, 5), dtype=gpu.int32)
    ct.launch(S, (1,), arg_reductions, (gpu.array(ma, dtype=dt), out))
    print(dt, "argmax argmin argmax_nan argmin_nan argmax_all")
    for k in range(4):
        print("  row%d" % k, out[k].tolist())


@ct.kernel
def bad_propagate(x, out):
    a = ct.load(x, (0,), (4,))
    ct.store(out, (0,), ct.maximum(a, a, propagate_nan=1.5))  # krait-error: TypeError: propagate_nan must be a bool constant


try:
    ct.launch(S, (1,), bad_propagate, (gpu.zeros(4), gpu.zeros(4)))
except TypeError as e:
    print(type(e).__name__, e)
