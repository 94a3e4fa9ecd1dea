# Which expressions over a lazy matmul the CUDA backend offers to cuBLASLt as one call with
# an epilogue (gpu.device()['matmul_epilogue_calls'] counts the offers; the mock device
# then declines, having no cuBLASLt, and composes the same formula): each way of writing
# GELU's tanh form, ReLU, and not a near miss (another constant, another function).
# Self-checking (tests/gen_expected_checks.py writes its .exp).
import math
import gpu
import numpy as np

failed = 0


def check(label, ok):
    global failed
    print(label, "ok" if ok else "FAILED")
    if not ok:
        failed += 1


def offers(fn):
    before = gpu.device()["matmul_epilogue_calls"]
    fn().tolist()
    return gpu.device()["matmul_epilogue_calls"] - before


rng = np.random.default_rng(3)
a = np.asarray(rng.standard_normal((8, 16)), dtype=np.float32)
w = np.asarray(rng.standard_normal((16, 12)), dtype=np.float32)
b = np.asarray(rng.standard_normal(12), dtype=np.float32)
c = np.asarray(rng.standard_normal((8, 12)), dtype=np.float32)
a.sum(), w.sum(), b.sum(), c.sum()  # evaluated operands (a pending bias is not matched)
C = math.sqrt(2 / math.pi)


def gelu(x):
    return 0.5 * x * (1 + np.tanh(C * (x + 0.044715 * x**3)))


check("gelu of a sum", offers(lambda: gelu(a @ w + b)) == 1)
check("gelu x*x*x", offers(lambda: (lambda x: x * 0.5 * (1.0 + np.tanh(C * (x + 0.044715 * x * x * x))))(a @ w + b)) == 1)
check("gelu factored", offers(lambda: (lambda x: 0.5 * x * (1 + np.tanh(C * x * (1 + 0.044715 * x * x))))(a @ w + b)) == 1)
check("gelu divided by 2", offers(lambda: (lambda x: x * (1 + np.tanh(C * (x + x**3 * 0.044715))) / 2)(a @ w + b)) == 1)
check("gelu of the product alone", offers(lambda: gelu(a @ w)) == 1)
check("gelu with alpha, beta and c", offers(lambda: gelu(2 * (a @ w) + 0.5 * c + b)) == 1)
check("relu", offers(lambda: np.maximum(a @ w + b, 0)) == 1)
check("bias only", offers(lambda: a @ w + b) == 1)
check("not another constant", offers(lambda: (lambda x: 0.5 * x * (1 + np.tanh(0.7 * (x + 0.044715 * x**3))))(a @ w + b)) == 0)
check("not sigmoid", offers(lambda: (lambda x: x / (1 + np.exp(-x)))(a @ w + b)) == 0)
check("not a square", offers(lambda: (lambda x: x * x)(a @ w + b)) == 0)
check("not x**4", offers(lambda: (lambda x: 0.5 * x * (1 + np.tanh(C * (x + 0.044715 * x**4))))(a @ w + b)) == 0)
check("not gelu of a difference", offers(lambda: gelu(a @ w - b)) == 0)
check("reduced: the epilogue runs, then the sum", offers(lambda: np.maximum(a @ w + b, 0).sum()) == 1)
check("reduced over rows", offers(lambda: gelu(a @ w + b).sum(axis=0)) == 1)
bp = (rng.standard_normal(12) * 0.1).astype(np.float32)  # a pending cast, as users make biases
bp.sum()  # a reduction reads it without evaluating it
check("a pending bias, after", offers(lambda: gelu(a @ w + bp)) == 1)
bq = (rng.standard_normal(12) * 0.1).astype(np.float32)
check("a pending bias, before", offers(lambda: np.maximum(bq + a @ w, 0)) == 1)


def work(fn):
    with gpu.profile(print=False) as p:
        fn().tolist()
    return [r.kind for r in p.records if r.kind in ("kernel", "matmul")]


# `0.5 * c` beside the product is the matcher's beta * c: no kernel of its own before it
# (on the H200 the operator form ran ['kernel', 'matmul'] when it was computed first)
cp = np.asarray(rng.standard_normal((8, 12)), dtype=np.float32)
cp.sum()
check("a scaled c is not computed first",
      len(work(lambda: 2 * (a @ w) + 0.5 * cp)) == len(work(lambda: 2 * (a @ w) + cp)))
check("a scaled c, before the product",
      len(work(lambda: cp * 0.5 + a @ w)) == len(work(lambda: cp + a @ w)))
ref = gelu(np.asarray((a @ w + b).tolist(), dtype=np.float32))
got = gelu(a @ w + b)
# on a GPU (the H200's run of every tests/gpu script) cuBLASLt's GELU is its own tanh
mock = "mock" in gpu.device()["name"]
tol = 1e-5 if mock else 1e-3
check("values", np.allclose(got, ref, rtol=tol, atol=tol / 10))
check("declined for want of cuBLASLt",
      not mock or "cuBLASLt" in gpu.device().get("matmul_epilogue_declined", ""))
