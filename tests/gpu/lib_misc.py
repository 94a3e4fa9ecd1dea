# piecewise, unwrap, packbits/unpackbits, histogram_bin_edges, histogram2d, histogramdd,
# poly1d and the poly* arithmetic, nditer: odd shapes, the dtypes each takes, views,
# NumPy's errors for bad input. Python over the native operations (stdlib/py/_numpy_misc.py),
# so the same on the CPU backend and the device.
import numpy as np
from _check import t


# ---- piecewise ----
x = np.linspace(-2.5, 2.5, 11)
print(np.piecewise(x, [x < 0, x >= 0], [-1, 1]))
print(np.piecewise(x, [x < -1, x > 1], [lambda v: v * 2, 7, 0.5]))
print(np.piecewise(x, x > 0, [lambda v: v ** 2]))
m = np.arange(12).reshape(3, 4)
print(np.piecewise(m, [m % 3 == 0, m % 3 == 1], [lambda v: -v, 100, lambda v: v * 10]))
print(np.piecewise(np.float64(3.0), [True], [lambda v: v + 1]),
      np.piecewise(np.arange(5, dtype=np.int8), [np.arange(5) > 2], [lambda v: v * 3, 1]).dtype)
print(np.piecewise(x, [x < 0], [lambda v, k: v * k, lambda v, k: -v], 3))
t("piecewise counts", lambda: np.piecewise(x, [x < 0, x > 0], [1, 2, 3, 4]))
# ---- unwrap ----
ph = np.array([0.0, 3.0, 6.5, 9.7, 13.0, 2.0, -4.0])
print(np.unwrap(ph).round(6), np.unwrap(ph, discont=4.0).round(6))
print(np.unwrap(np.array([0, 1, 2, 0, 1, 2, 0]), period=3))
print(np.unwrap(np.array([1, 5, 9, 3, 7], dtype=np.int32), period=6))
print(np.unwrap(np.array([0.0, 170, 350, 10, 200]), period=360))
g = (np.arange(21.0).reshape(3, 7) * 1.7) % 6.2
print(np.unwrap(g, axis=0).round(4), np.unwrap(g.T[::2]).round(4).shape)
print(np.unwrap(np.array([0.0], dtype=np.float32)), np.unwrap(np.array([0.5, 4.0], np.float32)))
# ---- packbits / unpackbits ----
b = np.array([[[1, 0, 1], [0, 1, 0]], [[1, 1, 0], [0, 0, 1]]])
print(np.packbits(b), np.packbits(b, axis=-1).ravel(), np.packbits(b, axis=0).shape)
print(np.packbits(b, axis=1, bitorder="little").ravel())
for dt in (np.bool_, np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16, np.uint32,
           np.uint64):
    v = np.array([1, 0, 3, 0, 0, 2, 1, 1, 0, 5, 0], dtype=dt)
    print(np.dtype(dt).name, np.packbits(v), np.packbits(v[::-2], bitorder="little"))
u = np.array([[2], [7], [23], [255]], dtype=np.uint8)
print(np.unpackbits(u, axis=1).tolist(), np.unpackbits(u, axis=0).shape)
print(np.unpackbits(u, count=5), np.unpackbits(u, count=-30), np.unpackbits(u, count=35).size)
print(np.unpackbits(u[::2], axis=1, bitorder="little").tolist(),
      np.unpackbits(np.packbits(b, axis=-1), axis=-1, count=3).tolist() == b.tolist())
print(np.unpackbits(np.zeros((0,), np.uint8)), np.packbits(np.zeros((0,), np.int32)))
t("packbits float", lambda: np.packbits(np.ones(3)))
t("unpackbits int", lambda: np.unpackbits(np.ones(3, np.int32)))
t("packbits order", lambda: np.packbits(b, bitorder="middle"))
t("packbits axis", lambda: np.packbits(b, axis=3))
t("unpackbits count", lambda: np.unpackbits(u, count=-40))
# ---- histograms ----
xs = np.array([0.1, 0.4, 0.4, 0.9, 1.6, 2.2, 2.5, 3.0, 3.0, -0.5])
ys = np.array([1.0, 2.0, 2.5, 0.0, 0.5, 1.5, 3.0, 3.0, 2.0, 1.0])
print(np.histogram_bin_edges(xs), np.histogram_bin_edges(xs, bins=3, range=(0, 3)))
print(np.histogram_bin_edges(np.arange(7), bins=4), np.histogram_bin_edges(np.ones(3), 2))
print(np.histogram_bin_edges(xs.astype(np.float32), 2).dtype,
      np.histogram_bin_edges(xs, [0, 1, 4]))
H, ex, ey = np.histogram2d(xs, ys, bins=3)
print(H, ex, ey)
H, ex, ey = np.histogram2d(xs, ys, bins=[2, 4], range=[[0, 3], [0, 3]], density=True)
print(H.round(6), ex, ey)
H, ex, ey = np.histogram2d(xs, ys, bins=[np.array([0, 1, 3.5]), np.array([0, 2, 3])],
                           weights=np.arange(10.0))
print(H, ex, ey)
print(np.histogram2d(xs, ys, bins=np.array([0.0, 1.5, 3.0]))[0])
sample = np.stack([xs, ys, xs * ys], axis=1)
Hd, edges = np.histogramdd(sample, bins=(2, 3, 2))
print(Hd.shape, Hd.sum(), Hd.ravel(), [e.round(4).tolist() for e in edges])
Hd, edges = np.histogramdd(sample[:, :2], bins=2, density=True)
print(Hd.round(6), len(edges))
Hd, edges = np.histogramdd([np.arange(5)], bins=5)
print(Hd, edges)
print(np.histogramdd(np.zeros((0, 2)), bins=2)[0])
t("hdd bins dim", lambda: np.histogramdd(sample, bins=(2, 3)))
t("hdd range", lambda: np.histogramdd(sample, range=[(0, 1)]))
t("hdd neg", lambda: np.histogramdd(sample, bins=-1))
t("hdd float bins", lambda: np.histogramdd(sample, bins=2.5))
t("hdd mono", lambda: np.histogramdd(sample, bins=[[0, 2, 1], 2, 2]))
t("h2 range", lambda: np.histogram2d(xs, ys, range=[[2, 1], [0, 1]]))
t("h2 inf", lambda: np.histogram2d(np.array([0.0, np.inf]), np.array([0.0, 1.0])))
t("edges neg", lambda: np.histogram_bin_edges(xs, bins=0))
t("edges 2d", lambda: np.histogram_bin_edges(xs, bins=[[1, 2]]))
t("edges mono", lambda: np.histogram_bin_edges(xs, bins=[3, 1, 2]))
t("edges weights", lambda: np.histogram_bin_edges(xs, weights=np.ones(3)))
# ---- polynomials ----
p = np.poly1d([1, 2, 3])
q = np.poly1d([2.0, -1.0])
print(repr(p), repr(q), p.order, len(q), p.coeffs, p.c, p.variable)
print(p)
print(q)
print(np.poly1d([3.5, 0, -1.25, 0, 2], variable="z"))
print(np.poly1d([0, 0, 5]), repr(np.poly1d([0.0])), np.poly1d([1.0, 2.0, 3.0], r=True))
print(repr(p * q), repr(p + q), repr(p - q), repr(q - p), repr(-p), repr(p * 2), repr(3 * q))
print(repr(p ** 3), repr(p / 2.0), repr(p + [1, 1]), repr([1, 1] - p), repr(2 + q))
print(p(2), p(np.array([0.0, 1.5, -2])), repr(p(q)), p(np.arange(3).reshape(3, 1)).shape)
print(repr(p.deriv()), repr(p.deriv(2)), repr(p.integ()), repr(p.integ(2, k=[1, 2])))
print(p[0], p[2], p[5], p == np.poly1d([1, 2, 3]), p != q, list(p))
pq, pr = p / q
print(repr(pq), repr(pr))
print(np.polyadd([1, 2], [9, 5, 4]), np.polysub(np.array([1.0, 2, 3]), [1, 1]),
      np.polymul([1, 2, 3], [9, 5, 1]), np.polyder([1, 1, 1, 1], 2), np.polyint([3, 2], 1, 5))
print(np.polydiv(np.array([3.0, 5, 2]), np.array([2.0, 1])), np.poly([1, 2, 3]),
      np.poly(np.array([[1.0, 0], [0, 3]])))
r = np.poly1d([1, 2])
r[3] = 7
print(repr(r))
t("pow neg", lambda: p ** -1)
t("2d coeffs", lambda: np.poly1d([[1, 2], [3, 4]]))
t("polyder neg", lambda: np.polyder(p, -1))
t("polyint k", lambda: np.polyint(p, 3, k=[1, 2]))
t("setitem neg", lambda: p.__setitem__(-1, 3))
t("poly 3d", lambda: np.poly(np.ones((2, 2, 2))))
# ---- nditer ----
a = np.arange(6).reshape(2, 3)
print([int(v) for v in np.nditer(a)], [int(v) for v in np.nditer(a.T)],
      [int(v) for v in np.nditer(a.T, order="C")], [int(v) for v in np.nditer(a, order="F")])
print([int(v) for v in np.nditer(a[:, ::-2])], [float(v) for v in np.nditer(np.float32(2.5))])
for dt in (np.float64, np.float32, np.float16, np.int8, np.uint16, np.int64, np.bool_):
    w = np.arange(6).astype(dt).reshape(3, 2)
    with np.nditer(w, op_flags=["readwrite"]) as it:
        for v in it:
            v[...] = v * 2 + 1 if dt is not np.bool_ else ~v
    print(np.dtype(dt).name, w.ravel(), [v.dtype.name for v in np.nditer(w)][0])
c = np.arange(24.0).reshape(2, 3, 4)[:, 1:, ::2]
with np.nditer(c, op_flags=["readwrite"]) as it:
    for v in it:
        v[...] = -v
print(c.ravel())
it = np.nditer(a, flags=["multi_index"])
while not it.finished:
    print(int(it[0]), it.multi_index, end=" | ")
    it.iternext()
print()
it = np.nditer(a, flags=["c_index"], order="F")
print([(int(v), it.index) for v in it])
it = np.nditer(a, flags=["f_index"])
print([(int(v), it.index) for v in it])
print([v.tolist() for v in np.nditer(a, flags=["external_loop"])],
      [v.tolist() for v in np.nditer(a, flags=["external_loop"], order="F")],
      [v.tolist() for v in np.nditer(a[:, :2], flags=["external_loop"])])
print([(int(x), int(y)) for x, y in np.nditer([a, np.arange(3)])])
it = np.nditer([a, np.array([[10], [20]]), None])
print(it.itersize, it.ndim, it.nop)
for x, y, z in it:
    z[...] = x + y
print(it.operands[2], it.operands[2].dtype)
it = np.nditer(a[:, ::-2], flags=["multi_index"])
print([(int(v), it.multi_index) for v in it])
out = np.zeros((2, 3))
for x, y in np.nditer([a, out], op_flags=[["readonly"], ["writeonly"]]):
    y[...] = x / 2
print(out)
it = np.nditer(np.zeros((0, 3)), flags=["zerosize_ok"])
print([v for v in it], it.finished)
it = np.nditer(a)
print(int(next(it)), int(next(it)), int(it.value))
it.reset()
print(int(it.value), it.iterindex)
t("nditer zero size", lambda: np.nditer(np.zeros((0, 3))))
t("nditer flag", lambda: np.nditer(a, flags=["bogus"]))
t("nditer op flag", lambda: np.nditer(a, op_flags=["bogus"]))
t("nditer broadcast", lambda: np.nditer([a, np.arange(4)]))
try:  # NumPy's message names the iterator's own axis numbering
    np.nditer([a, np.zeros(3)], op_flags=[["readonly"], ["readwrite"]])
except ValueError:
    print("nditer out shape ValueError")
t("nditer out 2d", lambda: np.nditer([a, np.zeros((3, 3))], op_flags=[["readonly"],
                                                                      ["readwrite"]]))
t("nditer no index", lambda: np.nditer(a).multi_index)
t("nditer index ext", lambda: np.nditer(a, flags=["c_index", "external_loop"]))
t("nditer order", lambda: np.nditer(a, order="Z"))
t("nditer none", lambda: np.nditer([None]))
# np.asarray keeps a view as it is (nditer writes through it)
vw = a[:, ::2]
print(np.asarray(vw) is vw, np.asarray(vw, order="C") is vw, np.array(vw, copy=False) is vw,
      np.asarray(a.T) is not None and np.asarray(a.T).flags.f_contiguous)
# a readonly operand's element views are read-only
t("nditer readonly write", lambda: [v.__setitem__(Ellipsis, 0) for v in np.nditer(a)])
