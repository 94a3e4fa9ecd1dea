# gpu.graph() on the CUDA backend over the mock device (gpu_mock/mock_graph_checks; the mock
# records a capture and replays it as the driver would, and refuses what a capture cannot
# hold). Every line is a check against values this script computes itself on the host; the
# .exp is written by tests/gen_expected_checks.py. bench/gpu/graph_check.py runs the same
# kind of checks on the H200.
import gc
import numpy as np
import gpu


def check(label, ok):
    print(label, "ok" if ok else "FAILED")


def raises(fn, exc, text):
    try:
        fn()
    except exc as e:
        return text in str(e)
    return False


n = 37
x = np.arange(n, dtype=np.float32)
y = np.zeros(n, dtype=np.float32)
g = gpu.graph()
check("new graph repr", repr(g) == "<gpu.Graph new, 0 nodes, 0 arrays>")
with g:
    y[...] = x * 2 + 1
    z = x + y
    col = (y * y).sum(keepdims=True)
xs = [float(i) for i in range(n)]
ys = [2 * v + 1 for v in xs]
check("the block ran once", y.tolist() == ys and z.tolist() == [a + b for a, b in zip(xs, ys)])
check("a reduction into an array", col.tolist() == [sum(v * v for v in ys)])
check("nodes recorded", g.nodes >= 3 and g.arrays >= 4)
check("ready repr", repr(g).startswith("<gpu.Graph ready, "))

x[...] = np.full(n, 3, dtype=np.float32)
g.replay()
check("replay sees a device write", y.tolist() == [7.0] * n and z.tolist() == [10.0] * n)
x[5] = -1.0
g.replay()
xv = [3.0] * n
xv[5] = -1.0
want = [2 * v + 1 for v in xv]
check("replay sees a host write", y.tolist() == want and col.tolist() == [sum(v * v for v in want)])

# accumulating: once at the block's end, then per replay
acc = np.zeros(4, dtype=np.int32)
inc = np.array([1, 2, 3, 4], dtype=np.int32)
with gpu.graph() as h:
    acc += inc
for _ in range(200):
    h.replay()
check("200 replays accumulate", acc.tolist() == [201, 402, 603, 804])

# a value computed before the block is an input, not recomputed
base = np.arange(4, dtype=np.float64)
p = base * 10
q = np.zeros(4, dtype=np.float64)
with gpu.graph() as h2:
    q[...] = p + 1
base[...] = np.ones(4)
h2.replay()
check("earlier results are inputs", q.tolist() == [1.0, 11.0, 21.0, 31.0])

# what a capture cannot hold raises at its line and discards the capture
h3 = gpu.graph()


seen = {}


def read_inside():
    with h3:
        seen["w"] = w = x * 3
        print(w)


check("reading inside raises", raises(read_inside, RuntimeError, "while gpu.graph() captures"))
check("what ran before the error holds its values", seen["w"].tolist() == [3 * v for v in xv])
check("a failed capture cannot replay", raises(h3.replay, RuntimeError, "holds no captured work"))
check("work goes on after a failed capture", (x * 3).tolist() == [3 * v for v in xv])


def float_inside():
    with gpu.graph():
        float(x.sum())


check("a scalar read inside raises", raises(float_inside, RuntimeError, "captures"))


def user_error():
    with gpu.graph():
        y[...] = x + 1
        raise ValueError("mine")


check("an exception in the block propagates", raises(user_error, ValueError, "mine"))
want = [v + 1 for v in xv]
check("the work before it ran", y.tolist() == want)


def nested():
    with gpu.graph():
        with gpu.graph():
            pass


check("captures do not nest", raises(nested, RuntimeError, "cannot nest"))


def twice():
    with g:
        pass


check("a graph captures once", raises(twice, RuntimeError, "captures once"))


def stream_inside():
    with gpu.graph():
        with gpu.Stream():
            pass


check("no stream switch inside", raises(stream_inside, RuntimeError, "gpu.Stream"))
check("graph() takes no arguments", raises(lambda: gpu.graph(1), TypeError, "argument"))


# the graph keeps what it touches alive: temporaries of the block survive a collection
def make():
    a = np.arange(8, dtype=np.float32)
    out = np.zeros(8, dtype=np.float32)
    with gpu.graph() as k:
        t = a * a
        out[...] = t + a
    return k, out, a


k, out, a = make()
gc.collect()
a[...] = np.full(8, 2, dtype=np.float32)
k.replay()
check("temporaries survive a collection", out.tolist() == [6.0] * 8)

# graphs that go give their memory back
before = gpu.memory_info()["allocated"]
for i in range(30):
    big = np.ones(1 << 16, dtype=np.float32)
    with gpu.graph() as tmp:
        r = big * 2 + i
    del tmp, r, big
    gc.collect()
after = gpu.memory_info()["allocated"]
check("dropped graphs free their memory", after - before < (1 << 20))

# integer and float64 work, a matmul
m = np.arange(12, dtype=np.float64).reshape(3, 4)
mo = np.zeros((3, 3), dtype=np.float64)
iv = np.arange(6, dtype=np.int64)
io = np.zeros(6, dtype=np.int64)
with gpu.graph() as h4:
    mo[...] = m @ m.T
    io[...] = iv * iv - 3
m[...] = np.ones((3, 4))
iv[...] = np.full(6, 2, dtype=np.int64)
h4.replay()
check("matmul and int64 replayed", mo.tolist() == [[4.0] * 3] * 3 and io.tolist() == [1] * 6)

# the profiler sees a replay as one record named graph
with gpu.profile(print=False) as prof:
    h4.replay()
    gpu.synchronize()
check("profile records a replay", [r.name for r in prof.records if r.kind == "kernel"] == ["graph"])
