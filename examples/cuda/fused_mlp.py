# A two-layer MLP forward pass written the way PyTorch users write it, in NumPy: on CUDA each
# layer is ONE cuBLASLt call with its epilogue (bias + GELU, bias + ReLU) instead of a matmul
# plus elementwise passes, because a 2-D float matmul is lazy and the expression over it
# fuses into the call (docs/CUDA.md "Fused library calls"); numpy.linalg.matmul's
# epilogue= spells the same thing explicitly. Checked against the same layers computed in
# float64 on the host; runs on every backend (the CPU backend composes the formula).
#
#   build/krait examples/cuda/fused_mlp.py [batch]
import math
import sys

import gpu
import numpy as np

batch = int(sys.argv[1]) if len(sys.argv) > 1 else 128
d_in, d_hidden, d_out = 256, 512, 128
dt = np.float32
rng = np.random.default_rng(0)
x = rng.standard_normal((batch, d_in)).astype(dt)
w1 = (rng.standard_normal((d_in, d_hidden)) / math.sqrt(d_in)).astype(dt)
b1 = (rng.standard_normal(d_hidden) * 0.1).astype(dt)
w2 = (rng.standard_normal((d_hidden, d_out)) / math.sqrt(d_hidden)).astype(dt)
b2 = (rng.standard_normal(d_out) * 0.1).astype(dt)
for p in (x, w1, b1, w2, b2):
    p.sum()  # evaluate the casts: the layers below read finished arrays


def gelu(h):
    """GELU's tanh approximation, as torch.nn.functional.gelu(approximate="tanh")."""
    return 0.5 * h * (1 + np.tanh(math.sqrt(2 / math.pi) * (h + 0.044715 * h**3)))


def mlp(x):
    h = gelu(x @ w1 + b1)  # layer 1: matmul + bias + GELU, one call on CUDA
    return np.maximum(h @ w2 + b2, 0)  # layer 2: matmul + bias + ReLU, one call


def mlp_linalg(x):
    h = np.linalg.matmul(x, w1, bias=b1, epilogue="gelu")
    return np.linalg.matmul(h, w2, bias=b2, epilogue="relu")


info = gpu.device()
offered, fused = info.get("matmul_epilogue_calls", 0), info.get("matmul_epilogue_fused", 0)
with gpu.profile(print=False) as prof:
    y = mlp(x)
    y_sum = float(y.sum())
info = gpu.device()
offered = info.get("matmul_epilogue_calls", 0) - offered
fused = info.get("matmul_epilogue_fused", 0) - fused
y2 = mlp_linalg(x)

# the reference: float64 on the host, the same formulas
xd, w1d, b1d, w2d, b2d = (np.asarray(p.tolist(), dtype=np.float64) for p in (x, w1, b1, w2, b2))
hd = xd @ w1d + b1d
hd = 0.5 * hd * (1 + np.tanh(math.sqrt(2 / math.pi) * (hd + 0.044715 * hd**3)))
ref = np.maximum(hd @ w2d + b2d, 0)
err = float(np.abs(np.asarray(y.tolist()) - ref).max())
err2 = float(np.abs(np.asarray(y2.tolist()) - ref).max())
kinds = [r.kind for r in prof.records if r.kind in ("kernel", "matmul")]
print("backend %s, batch %d: %d -> %d -> %d" % (gpu.backend(), batch, d_in, d_hidden, d_out))
print("operators: max error %.1e, linalg.matmul epilogues: max error %.1e" % (err, err2))
print("sum of outputs %.3f (reference %.3f)" % (y_sum, float(ref.sum())))
ok = err < 1e-3 and err2 < 1e-3
if gpu.backend() == "cuda":
    # on a GPU each layer must be one cuBLASLt call; the mock device has no cuBLASLt, so
    # there the layers are only offered (and composed)
    mock = "mock" in info["name"]
    print("layers offered to cuBLASLt with their epilogue: %d of 2, run as one call: %d of 2"
          % (offered, fused))
    print("work recorded: %s" % ", ".join(kinds))
    ok = ok and offered == 2 and (mock or fused == 2)
print("fused MLP example:", "ok" if ok else "FAILED")
raise SystemExit(0 if ok else 1)
