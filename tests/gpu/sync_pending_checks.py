# gpu.synchronize() computes the lazy results nothing took (gpu/backend/cuda/backend_cuda.c,
# arr_pending_flush_unused): `c = x @ y; gpu.synchronize()` has the product done, as an eager
# library would, while a pending value that went into other work (a fused expression, a
# reduction, an assignment) stays lazy, and one nothing references any more is freed by a
# collection first: the synchronize runs no kernel for either. On the
# mock device (gpu_mock/sync_pending_checks) gpu.profile() shows which work ran at the
# synchronize's line; on the CPU backend (gpu/sync_pending_checks) nothing is lazy and the
# profile is empty. Every value is compared with the one the script computes another way;
# the .exp is written by tests/gen_expected_checks.py.
import numpy as np
import gpu


def check(label, ok):
    print(label, "ok" if ok else "FAILED")


cuda = gpu.backend() == "cuda"
x = (np.arange(48, dtype=np.float32).reshape(6, 8) % 7) / 4
y = (np.arange(40, dtype=np.float32).reshape(8, 5) % 3) - 1
a = np.arange(1000, dtype=np.float32)
b = np.ones(1000, dtype=np.float32)
ref = [[sum(float(x[i, k]) * float(y[k, j]) for k in range(8)) for j in range(5)]
       for i in range(6)]


def at_sync(fn):
    """The kinds of the records made by gpu.synchronize() after fn(): "matmul" for a
    product (cuBLASLt's record, or the mock's host matmul kernel), else the record's kind."""
    fn()
    with gpu.profile(print=False) as p:
        gpu.synchronize()
    return ["matmul" if r.kind == "matmul" or (r.kind == "kernel" and r.name == "kernel")
            else r.kind for r in p.records if r.kind != "compile"]


keep = []


def mm():
    keep.append(x @ y)


kinds = at_sync(mm)
check("an unread matmul runs at the synchronize", not cuda or kinds.count("matmul") == 1)
check("its value", keep[-1].tolist() == ref)
keep = []


def add():
    keep.append(a + b)


kinds = at_sync(add)
check("an unread sum of arrays runs at the synchronize", not cuda or kinds.count("kernel") == 1)
check("its value", keep[-1][999] == 1000.0)
keep = []


def dropped():
    c = a * 3 + b  # never read, and unreachable once the call returns
    del c


kinds = at_sync(dropped)
check("a dropped result is freed, not computed", not cuda or kinds.count("kernel") == 0)


def fused():
    t = a * 2  # copied into the expression below: no kernel of its own
    keep.append(t + b)


kinds = at_sync(fused)
check("a temporary copied into another expression stays lazy",
      not cuda or kinds.count("kernel") == 1)
check("its value", keep[-1][10] == 21.0)
keep = []


def reduced():
    keep.append(((a - b) ** 2).sum())


kinds = at_sync(reduced)
check("a reduced expression is not computed again", not cuda or kinds.count("kernel") == 0)
exact = sum((i - 1.0) ** 2 for i in range(1000))
check("its value", abs(float(keep[-1]) - exact) <= 1e-6 * exact)
keep = []
t = np.zeros(16, dtype=np.float32)


def assign():
    t[...] = t + 1


kinds = at_sync(assign)
check("an assigned expression is not computed again", not cuda or kinds.count("kernel") == 0)
check("its value", t.tolist() == [1.0] * 16)


def epilogue():
    m = x @ y
    keep.append(np.maximum(m + 1, 0))


kinds = at_sync(epilogue)
check("a matmul read by a pending expression runs once", not cuda or kinds.count("matmul") == 1)
check("its value", keep[-1].tolist() == [[max(v + 1, 0) for v in r] for r in ref])
keep = []
# an Event records the point after the work written so far, unread results included
ev0, ev1 = gpu.Event(), gpu.Event()
with gpu.profile(print=False) as p:
    ev0.record()
    keep.append(x @ y)
    ev1.record()
check("an event after an unread matmul follows the product", not cuda or len(
    [r for r in p.records if r.kind in ("matmul", "kernel")]) == 1)
ev1.synchronize()
check("its value", keep[-1].tolist() == ref)
keep = []
with gpu.profile(print=False) as p:
    gpu.synchronize()
check("nothing left to run", len(p.records) == 0)
