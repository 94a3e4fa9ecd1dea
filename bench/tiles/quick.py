# quick.py: issue 19's changes of 2026-12-01 afternoon checked and measured on the H200 in
# under a minute (few kernels, so few NVRTC compiles on a bare machine): the default
# TMA-fed wgmma matmul (bfloat16), the tfloat32 loop (C^T = B^T A^T), and fused attention
# with its two ct.mma on wgmma from operands copied straight to shared memory (the exact
# check of both products is tests/tile/mma_sm90_op.py); and layer norm forward bf16 with
# its new chunk size.
# Every figure is printed beside its check (ROW ... ok|FAIL); exit 1 on a wrong result.
#   KRAIT_DEVICE=cuda build/krait bench/tiles/quick.py [N S]
# (N: the matmul size, 8192; S: attention's sequence length, 4096 with B8 H16, else B1 H1 --
# small values make a smoke test on the CPU path)
import math
import os
import sys
import time

import gpu
import tile as ct

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "examples", "tiles"))
from matmul import matmul_kernel  # noqa: E402
from attention import cutile_fmha  # noqa: E402
from _bench import close, finish, layernorm_case, row, timed_s  # noqa: E402

t0 = time.time()
S = gpu.Stream.default
n = int(sys.argv[1]) if len(sys.argv) > 1 else 8192
A32 = ((((gpu.arange(n * n) * 7) % 9) - 4) * 0.5).reshape(n, n)
B32 = ((((gpu.arange(n * n) * 5) % 7) - 3) * 0.25).reshape(n, n)
exact = A32.astype(gpu.float32) @ B32.astype(gpu.float32)
for name, dt, (tm, tn, tk) in (("matmul_bf16", gpu.bfloat16, (128, 256, 64)),
                               ("matmul_tf32", gpu.float32, (128, 256, 32)),
                               ("matmul_tf32", gpu.float32, (256, 128, 32))):
    A, B = A32.astype(dt), B32.astype(dt)
    C = gpu.empty((n, n), dtype=dt)
    C.fill(0)
    grid = ((n + tm - 1) // tm) * ((n + tn - 1) // tn)
    s = timed_s(lambda: ct.launch(S, (grid, 1, 1), matmul_kernel, (A, B, C, tm, tn, tk)), 2)
    good = bool(gpu.array_equal(C, exact.astype(dt)))
    row(name + "_" + str(n) + "^3", 2.0 * n ** 3 / s / 1e12, "TFLOP/s", good,
        str(tm) + "x" + str(tn) + "x" + str(tk))
print("   (matmuls done at", round(time.time() - t0, 1), "s)")

Sq = int(sys.argv[2]) if len(sys.argv) > 2 else 4096
Bt, H, D = (8, 16, 64) if Sq == 4096 else (1, 1, 64)


def wave(shape, seed):
    k = shape[0] * shape[1] * shape[2] * shape[3]
    return ((((gpu.arange(k) * seed) % 17) - 8) / 16.0).reshape(shape).astype(gpu.float16)


Q, K, V = wave((Bt, H, Sq, D), 7919), wave((Bt, H, Sq, D), 104729), wave((Bt, H, Sq, D), 1299709)
q, k, v = (x[0, 0].astype(gpu.float32) for x in (Q, K, V))
sc = q @ k.T / math.sqrt(D)
e = gpu.exp(sc - sc.max(axis=1, keepdims=True))
want = (e / e.sum(axis=1, keepdims=True)) @ v
out = [None]


def fmha():
    out[0] = cutile_fmha(Q, K, V, tile_m=128, tile_n=64)


s = timed_s(fmha, 2)
row("attention_f16_noncausal", 4.0 * Bt * H * Sq * Sq * D / s / 1e12, "TFLOP/s",
    close(out[0][0, 0], want, 2e-2, 2e-2), "tile 128x64")
print("   (attention done at", round(time.time() - t0, 1), "s)")

# layer norm forward bf16 32768x4096 (the sample's kernel): small tiles such as its (1,)
# mean no longer force one-element chunks on the whole kernel (16-byte accesses now)
from layer_norm import layer_norm_fwd  # noqa: E402

m, nn = (32768, 4096) if n == 8192 else (64, 4096)
x, w, b, y, mean, rstd, want, mu = layernorm_case(m, nn, gpu.bfloat16)
for T in (1024, 4096):
    s = timed_s(lambda: ct.launch(S, (m, 1, 1), layer_norm_fwd,
                                  (x, w, b, y, mean, rstd, 1e-5, T)), 5)
    row("layernorm_bf16_" + str(m) + "x" + str(nn), 2 * m * nn * 2 / s / 1e12, "TB/s",
        close(y, want, 5e-2, 2e-2) and close(mean, mu.reshape(m), 1e-3, 1e-3),
        "TILE_N " + str(T))
print("   (all done at", round(time.time() - t0, 1), "s)")
finish()
