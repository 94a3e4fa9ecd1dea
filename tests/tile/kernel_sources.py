# Where a kernel's source comes from: helpers in another module (their globals are theirs),
# a kernel defined by exec() of a string (krait keeps the text of code without a file), a
# helper that stores, and a kernel made by the call form with hints.
import gpu
import tile as ct
import _kernel_helpers as kh

SCALE = 100  # not the helpers' SCALE


@ct.kernel
def uses_helpers(a, out):
    t = ct.load(a, (0,), (8,))
    ct.store(out, (0,), kh.clamp_low(kh.scaled(t), 0.0) + SCALE)


a = gpu.array([-2, -1, 0, 1, 2, 3, 4, 5], dtype=gpu.float32)
out = gpu.zeros(8, dtype=gpu.float32)
ct.launch(gpu.Stream.default, (1,), uses_helpers, (a, out))
print(out)

src = '''
@ct.kernel
def from_string(a, out, T: ct.Constant[int]):
    i = ct.bid(0)
    ct.store(out, (i,), ct.load(a, (i,), (T,)) * 2 + i)
'''
ns = {"ct": ct}
exec(src, ns)
out = gpu.zeros(8, dtype=gpu.float32)
ct.launch(gpu.Stream.default, (2,), ns["from_string"], (a, out, 4))
print(out)


def inner(a, out):
    ct.store(out, (0,), ct.load(a, (0,), (8,)) - 1)


@ct.kernel
def outer(a, out):
    inner(a, out)  # a helper that stores; the load below sees it
    t = ct.load(out, (0,), (8,))
    ct.store(out, (0,), t * t)


ct.launch(gpu.Stream.default, (1,), outer, (a, out))
print(out)


def plain(a, out):
    ct.store(out, (0,), ct.cumsum(ct.load(a, (0,), (8,)), 0))


hinted = ct.kernel(plain, num_ctas=ct.ByTarget(sm_90=2, default=1), occupancy=2)
ct.launch(gpu.Stream.default, (1,), hinted, (a, out))
print(out)


@ct.kernel
def divmods(ia, out):
    t = ct.load(ia, (0,), (8,))
    q, r = divmod(t, 3)
    q2, r2 = ct.divmod(t, -3)
    ct.store(out, (0,), (q * 1000 + r * 100 + q2 * 10 + r2).astype(ct.float32))


ia = gpu.arange(-4, 4, dtype=gpu.int32)
ct.launch(gpu.Stream.default, (1,), divmods, (ia, out))
print(out)
