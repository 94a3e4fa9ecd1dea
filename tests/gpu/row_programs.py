# Row reductions followed by elementwise work over the same rows (softmax, layer norm, var
# written with array ops): on the CUDA backend a last-axis sum/mean/max/min is lazy and the
# expressions over its rows become one row program (gpu/kernels/kernels_rows.c: one kernel
# per row on a GPU, stage by stage on the mock). Every way a user reaches such a value must
# give NumPy's: views, broadcasts, kept and dropped dims, a write to the input after the
# reduction, rows of one element and rows too long for the registers. Floats are printed
# to 3, 4 or 6 significant digits (float16, 32, 64: the device sums in another order). Expected output from NumPy 2
# (tests/gen_expected_gpu.py).
import numpy as np


DIGITS = {"float16": ".3g", "float32": ".4g", "float64": ".6g"}


def show(tag, a):
    a = np.asarray(a)
    spec = DIGITS.get(str(a.dtype), "")
    vals = [float(format(v, spec)) + 0.0 for v in a.astype(np.float64).ravel().tolist()]
    print(tag, a.dtype, a.shape, vals if len(vals) <= 12 else vals[:6] + ["..."] + vals[-6:])


def softmax(x):
    e = np.exp(x - x.max(axis=-1, keepdims=True))
    return e / e.sum(axis=-1, keepdims=True)


def layer_norm(x, w=None, b=None):
    mu = x.mean(axis=-1, keepdims=True)
    var = ((x - mu) ** 2).mean(axis=-1, keepdims=True)
    y = (x - mu) / np.sqrt(var + 1e-5)
    return y if w is None else y * w + b


def data(shape, dt, k=7):
    n = int(np.prod(shape))
    return ((np.arange(n) * 5 % (k * 4 + 1)) / 8.0 - 1.5).astype(dt).reshape(shape)


for dt in (np.float32, np.float64, np.float16):
    x = data((7, 33), dt)
    show("softmax %s" % dt.__name__, softmax(x))
    show("  rows sum to 1", softmax(x).sum(axis=-1))
    show("layer_norm %s" % dt.__name__, layer_norm(x))
    w = data((33,), dt, 3) + 2
    b = data((33,), dt, 5)
    show("  weight, bias", layer_norm(x, w, b))
    if dt != np.float16:  # the CPU backend's float16 std is an ulp off NumPy's (not a row program)
        show("  var std", np.concatenate([x.var(axis=-1), x.std(axis=-1)]))

# odd shapes: 3-D, one-element rows, a row per thread block and rows past the registers
for shape in ((3, 5, 600), (4, 1), (1, 9), (2, 1000), (2, 40000), (65, 257)):
    x = data(shape, np.float32)
    show("softmax %s" % (shape,), softmax(x))
    show("layer_norm %s" % (shape,), layer_norm(x))

x = data((6, 40), np.float32)
# the statistics read on their own, before and after the expression that uses them
mu = x.mean(axis=-1, keepdims=True)
sd = np.sqrt(((x - mu) ** 2).mean(axis=-1, keepdims=True) + 1e-5)
show("per-row std", sd)
show("normalized", (x - mu) / sd)
show("mu", mu)
# dropped dims: x - m broadcasts m along the last axis (a square matrix shows a mix-up)
sq = data((5, 5), np.float32)
m = sq.max(axis=1)
show("square minus row max (broadcast by columns)", sq - m)
show("square minus row max [:, None]", sq - m[:, None])
show("row max of a transposed view", sq.T - sq.T.max(axis=1, keepdims=True))
show("sum over rows of a centred matrix is 0",
     np.abs((x - x.mean(axis=-1, keepdims=True)).sum(axis=-1)) < 1e-4)
show("max after min", x.max(axis=-1, keepdims=True) - x.min(axis=-1, keepdims=True))
# statistics of one matrix applied to another of the same shape
z = data((6, 40), np.float32, 3)
show("z - x's means", z - x.mean(axis=-1, keepdims=True))
# a write to the input after the lazy reduction: the reduction keeps the old values
y = x.copy()
ym = y.max(axis=-1, keepdims=True)
e = np.exp(y - ym)
y[...] = 0
show("max before the write", ym)
show("exp before the write", e.sum(axis=-1))
# a reduction over another axis of a row program's value
s = softmax(x)
show("softmax summed over columns", s.sum(axis=0))
show("softmax in full", s.sum())
show("softmax argmax", s.argmax(axis=-1))
# NaN in a row propagates through max, and only in its row
n = data((3, 8), np.float32)
n[1, 3] = np.nan
with np.errstate(invalid="ignore"):
    show("nan row", softmax(n))
# a float64 mean of float32 data (not the row program's dtype: the reduction kernel's)
show("mean as float64", x.mean(axis=-1, dtype=np.float64))
show("int rows", (np.arange(24).reshape(4, 6) - np.arange(24).reshape(4, 6).max(axis=1, keepdims=True)))
