# np.random.default_rng's Generator (issue 9 item 2): shapes, dtypes, ranges, determinism
# and independence. The numbers themselves are krait's Philox draws, not NumPy's PCG64,
# so the script prints properties only (docs/GPU.md).
import numpy as np

g = np.random.default_rng(42)
h = np.random.default_rng(42)
r = g.random(1000)
print(r.shape, r.dtype, bool((r >= 0).all() and (r < 1).all()), bool(np.array_equal(r, h.random(1000))))
print(type(g.random()).__name__, g.random((2, 3)).shape, g.random(4, dtype=np.float32).dtype)
i = g.integers(0, 10, size=2000)
print(i.dtype, bool(i.min() >= 0 and i.max() <= 9), len(np.unique(i)))
print(type(g.integers(5)).__name__, g.integers(3, size=(2, 2)).shape,
      bool((g.integers(1, 3, size=200, endpoint=True) <= 3).all()), g.integers(0, 5, 3, dtype=np.int8).dtype)
n = g.normal(5.0, 2.0, size=20000)
print(n.shape, bool(abs(float(n.mean()) - 5.0) < 0.1), bool(abs(float(n.std()) - 2.0) < 0.1))
u = g.uniform(-1, 1, size=1000)
print(bool((u >= -1).all() and (u < 1).all()), g.standard_normal(3).shape)
p = g.permutation(10)
print(p.dtype, np.sort(p).tolist() == list(range(10)))
q = g.permutation(np.arange(12).reshape(4, 3))
print(q.shape, sorted(q[:, 0].tolist()) == [0, 3, 6, 9])
x = np.arange(10)
g.shuffle(x)
print(sorted(x.tolist()) == list(range(10)))
c = g.choice(5, 3, replace=False)
print(c.shape, len(set(c.tolist())) == 3, bool(((c >= 0) & (c < 5)).all()))
c2 = g.choice(np.array([10, 20, 30]), size=(2, 4))
print(c2.shape, set(c2.ravel().tolist()) <= {10, 20, 30})
w = g.choice(3, size=3000, p=[0.1, 0.0, 0.9])
print(bool((w != 1).all()), bool(abs(float((w == 2).mean()) - 0.9) < 0.05))
print(np.random.default_rng(1).random() == np.random.default_rng(1).random(),
      np.random.default_rng(1).random() != np.random.default_rng(2).random())
a, b = np.random.default_rng(7), np.random.default_rng(7)
a.random(5)
print(bool(np.array_equal(a.random(3), (b.random(5), b.random(3))[1])))
for bad in [lambda: g.integers(5, 5), lambda: g.choice(3, 5, replace=False),
            lambda: g.choice(3, p=[0.5, 0.5]), lambda: np.random.default_rng(-1)]:
    try:
        bad()
    except ValueError as e:
        print("ValueError", e)
