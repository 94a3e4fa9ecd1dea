# quick.py: issue 19's changes of 2026-12-01 afternoon checked and measured on the H200 in
# under a minute (few kernels, so few NVRTC compiles on a bare machine): the default
# TMA-fed wgmma matmul (bfloat16), the tfloat32 loop (C^T = B^T A^T), and fused attention
# with its two ct.mma on wgmma from operands copied straight to shared memory; plus the
# exact single-mma check of tests/tile/mma_sm90_op (both attention products, no softmax);
# and layer norm forward bf16 with its new chunk size.
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
from _bench import close, finish, row, timed_s  # noqa: E402

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

# both attention products, exact (tests/tile/mma_sm90_op.py's two_products)


@ct.kernel
def two_products(Q, K, V, Out, TM: ct.Constant[int], TN: ct.Constant[int], D: ct.Constant[int]):
    q = ct.load(Q, index=(0, 0, ct.bid(0), 0), shape=(1, 1, TM, D)).reshape((TM, D))
    acc = ct.full((TM, D), 0, dtype=ct.float32)
    for j in range(ct.cdiv(K.shape[2], TN)):
        k = ct.load(K, index=(0, 0, 0, j), shape=(1, 1, D, TN), order=(0, 1, 3, 2),
                    padding_mode=ct.PaddingMode.ZERO).reshape((D, TN))
        s = ct.mma(q, k, ct.full((TM, TN), 0, dtype=ct.float32))
        p = (s * 0.125).astype(Q.dtype)
        v = ct.load(V, index=(0, 0, j, 0), shape=(1, 1, TN, D),
                    padding_mode=ct.PaddingMode.ZERO).reshape((TN, D))
        acc = ct.mma(p, v, acc)
    ct.store(Out, index=(0, 0, ct.bid(0), 0), tile=acc.reshape((1, 1, TM, D)))


def small(shape, seed):
    k = shape[0] * shape[1] * shape[2] * shape[3]
    return ((((gpu.arange(k) * seed) % 9) - 4) * 0.25).reshape(shape).astype(gpu.float16)


Qs, Ks, Vs = small((1, 1, 256, 64), 3), small((1, 1, 200, 64), 5), small((1, 1, 200, 64), 7)
Out = gpu.zeros((1, 1, 256, 64), dtype=gpu.float32)
ct.launch(S, (2, 1, 1), two_products, (Qs, Ks, Vs, Out, 128, 64, 64))
q, kk, vv = (x[0, 0].astype(gpu.float32) for x in (Qs, Ks, Vs))
ref = gpu.zeros((256, 64), dtype=gpu.float32)
for j in range(4):
    kt = gpu.zeros((64, 64), dtype=gpu.float32)
    vt = gpu.zeros((64, 64), dtype=gpu.float32)
    hi = min(200, (j + 1) * 64)
    kt[0:hi - j * 64] = kk[j * 64:hi]
    vt[0:hi - j * 64] = vv[j * 64:hi]
    p = ((q @ kt.T) * 0.125).astype(gpu.float16).astype(gpu.float32)
    ref = ref + p @ vt
row("two_products_exact", 0.0, "-", bool(gpu.array_equal(Out[0, 0], ref)), "Q K^T and P V")

# layer norm forward bf16 32768x4096 (the sample's kernel): small tiles such as its (1,)
# mean no longer force one-element chunks on the whole kernel (16-byte accesses now)
from layer_norm import layer_norm_fwd  # noqa: E402

m, nn = (32768, 4096) if n == 8192 else (64, 4096)
x = ((((gpu.arange(m * nn) * 7919) % 2001) / 400.0 - 2.5).reshape(m, nn)).astype(gpu.bfloat16)
w = (1.0 + (gpu.arange(nn) % 7) / 8.0).astype(gpu.bfloat16)
b = ((gpu.arange(nn) % 5) / 4.0).astype(gpu.bfloat16)
y = gpu.empty((m, nn), dtype=gpu.bfloat16)
mean = gpu.empty(m, dtype=gpu.float32)
rstd = gpu.empty(m, dtype=gpu.float32)
xf = x.astype(gpu.float32)
mu = xf.mean(axis=1, keepdims=True)
var = ((xf - mu) ** 2).mean(axis=1, keepdims=True)
want = (xf - mu) / gpu.sqrt(var + 1e-5) * w.astype(gpu.float32) + b.astype(gpu.float32)
for T in (1024, 4096):
    s = timed_s(lambda: ct.launch(S, (m, 1, 1), layer_norm_fwd,
                                  (x, w, b, y, mean, rstd, 1e-5, T)), 5)
    row("layernorm_bf16_" + str(m) + "x" + str(nn), 2 * m * nn * 2 / s / 1e12, "TB/s",
        close(y, want, 5e-2, 2e-2) and close(mean, mu.reshape(m), 1e-3, 1e-3),
        "TILE_N " + str(T))
print("   (all done at", round(time.time() - t0, 1), "s)")
finish()
