# peers_torch.py: the bench/tiles kernels under the device's PyTorch, for the side-by-side
# figure of issue 19's table (run.sh runs it after the krait scripts). CUDA events after a
# warm-up, the median of 5 runs; the same sizes and byte/flop counts as the krait scripts,
# and each line is named like the krait row it stands beside:
#   PEER <kernel> <value> <unit>
# An argument picks one group (vadd, softmax, layernorm, matmul, attention): bench/tiles/
# attention.sh runs only the attention rows.
import os
import sys

import torch
import torch.nn.functional as F

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "gpu"))
from peers_torch import timed  # noqa: E402  (bench/gpu's: CUDA events, median of 5)


def peer(name, value, unit):
    print(f"PEER {name} {value:.3f} {unit}")


def main(only):
    want = lambda group: only is None or only == group  # noqa: E731
    if want("vadd"):
        vadd()
    if want("softmax"):
        softmax()
    if want("layernorm"):
        layernorm()
    if want("matmul"):
        matmul()
    if want("attention"):
        attention()


def vadd():
    n = 1 << 28
    a = torch.rand(n, device="cuda")
    b = torch.rand(n, device="cuda")
    c = torch.empty_like(a)
    peer("vadd_f32_2^28", 3 * 4 * n / timed(lambda: torch.add(a, b, out=c)) / 1e12, "TB/s")


def softmax():
    for name, dt, (m, k) in (("softmax_f32_8192x8192", torch.float32, (8192, 8192)),
                             ("softmax_f16_32768x1024", torch.float16, (32768, 1024))):
        x = torch.randn(m, k, device="cuda", dtype=dt)
        t = timed(lambda: torch.softmax(x, dim=1))
        peer(name, 2 * x.element_size() * x.numel() / t / 1e12, "TB/s")


def layernorm():
    for name, dt, (m, k) in (("layernorm_bf16_32768x4096", torch.bfloat16, (32768, 4096)),
                             ("layernorm_f32_8192x8192", torch.float32, (8192, 8192))):
        x = torch.randn(m, k, device="cuda", dtype=dt)
        w = torch.randn(k, device="cuda", dtype=dt)
        t = timed(lambda: F.layer_norm(x, (k,), w, w))
        peer(name, 2 * x.element_size() * x.numel() / t / 1e12, "TB/s")


def matmul():
    N = 8192
    torch.backends.cuda.matmul.allow_tf32 = True
    for name, dt in (("matmul_bf16", torch.bfloat16), ("matmul_f16", torch.float16),
                     ("matmul_tf32", torch.float32)):
        p = torch.randn(N, N, device="cuda", dtype=dt)
        q = torch.randn(N, N, device="cuda", dtype=dt)
        peer(f"{name}_{N}^3", 2 * N**3 / timed(lambda: p @ q, reps=3) / 1e12, "TFLOP/s")


def attention():
    B, H, S, D = 8, 16, 4096, 64
    q, k, v = (torch.randn(B, H, S, D, device="cuda", dtype=torch.float16) for _ in range(3))
    for causal in (False, True):
        t = timed(lambda: F.scaled_dot_product_attention(q, k, v, is_causal=causal), reps=3)
        flop = 4 * B * H * S * S * D / (2 if causal else 1)
        peer("attention_f16_" + ("causal" if causal else "noncausal"), flop / t / 1e12, "TFLOP/s")


main(sys.argv[1] if len(sys.argv) > 1 else None)
