# gpu.graph() on the H200, self-checking, then issue 18 item 4's figure: 100 small launches
# replayed from one CUDA graph vs the same 100 launches one by one (the driver's floor is
# ~3.2 us a launch). Checks: fused elementwise work, a reduction into an array, a cuBLASLt
# matmul and a tile kernel inside one graph give NumPy's results at the block's end and after
# replays with new inputs. Prints one line a check, the figures, "graph_check: N failed";
# exits 1 if any failed.
#
#   KRAIT_DEVICE=cuda build/krait bench/gpu/graph_check.py
#   (beside it, the peer: python3 bench/gpu/graph_check_torch.py)
import sys
import time

import _wall

import numpy as np
import gpu
import tile as ct

failed = 0


def check(label, ok):
    global failed
    print(label, "ok" if ok else "FAILED")
    if not ok:
        failed += 1


check("backend is cuda", gpu.backend() == "cuda")


@ct.kernel
def scale_add(a, b, out, alpha: ct.Constant[float], TILE: ct.Constant[int]):
    i = ct.bid(0)
    ta = ct.load(a, index=(i,), shape=(TILE,))
    tb = ct.load(b, index=(i,), shape=(TILE,))
    ct.store(out, index=(i,), tile=ta * alpha + tb)


n = 1 << 20
x = np.arange(n, dtype=np.float32) % 97
y = np.ones(n, dtype=np.float32)
out = np.zeros(n, dtype=np.float32)
tout = np.zeros(n, dtype=np.float32)
A = (np.arange(256 * 256, dtype=np.float32) % 7).reshape(256, 256)
C = np.zeros((256, 256), dtype=np.float32)
tot = np.zeros(1, dtype=np.float32)
with gpu.graph() as g:
    out[...] = x * 2 + y
    tot[...] = out.sum(keepdims=True)
    C[...] = A @ A
    ct.launch(None, (n // 1024, 1, 1), scale_add, (x, y, tout, 3.0, 1024))


def reference(xh, Ah):
    o = xh * 2 + 1
    return o, np.float32(o.astype(np.float64).sum()), Ah @ Ah, xh * 3 + 1


def verify(tag, xh, Ah):
    o, t, c, to = reference(xh, Ah)
    check(tag + ": elementwise", out.tolist() == o.tolist())
    check(tag + ": sum", abs(float(tot[0]) - float(t)) <= 1e-5 * abs(float(t)))
    check(tag + ": matmul", np.abs(C - c).max() <= 1e-3 * np.abs(c).max())
    check(tag + ": tile kernel", tout.tolist() == to.tolist())


xh = np.arange(n, dtype=np.float32) % 97
Ah = (np.arange(256 * 256, dtype=np.float32) % 7).reshape(256, 256)
verify("block", xh, Ah)
for step in range(3):
    xh = (np.arange(n, dtype=np.float32) * (step + 2)) % 101
    Ah = (np.arange(256 * 256, dtype=np.float32) * (step + 3) % 5).reshape(256, 256)
    x[...] = xh
    A[...] = Ah
    g.replay()
    verify("replay %d" % step, xh, Ah)
check("nodes recorded", g.nodes >= 4)

# the figure: 100 in-place launches on 16 elements, one by one and as one graph
u = np.zeros(16, dtype=np.float32)
u += 1.0
gpu.synchronize()


def one_by_one():
    global u
    for _ in range(100):
        u += 1.0
    gpu.synchronize()


with gpu.graph() as g100:
    for _ in range(100):
        u += 1.0


def replay():
    g100.replay()
    gpu.synchronize()


def best(fn, reps=20):
    return _wall.best(fn, reps)


one_by_one()
replay()
before = float(u[0])
t_each = best(one_by_one)
t_graph = best(replay)
check("graph of 100 has 100 nodes", g100.nodes == 100)
check("launches counted", float(u[0]) == before + 100 * 20 * 2)
print("100 launches of u += 1.0 (16 elements): %.1f us one by one (%.2f us each), "
      "%.1f us as one graph replay (%.2f us each)"
      % (t_each * 1e6, t_each * 1e4, t_graph * 1e6, t_graph * 1e4))
print("graph_check: %d failed" % failed)
sys.exit(1 if failed else 0)
