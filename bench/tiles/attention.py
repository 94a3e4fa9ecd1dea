# attention.py: fused attention in the idiom of cuTile's AttentionFMHA sample, the kernel of
# examples/tiles/attention.py (imported), float16
# B8 H16 S4096 D64, non-causal and causal, checked on one (batch, head) against the gpu
# module's softmax(Q K^T / sqrt(D)) V. FLOPs: 4 B H S^2 D (half of it causal). Each tile
# configuration runs on Hopper's attention loop (gpu/tile/lower/attention_sm90.c: S, P and the
# accumulator in wgmma fragments); bench/tiles/attention.sh prints the rows beside PyTorch's
# SDPA in one call.
#   KRAIT_DEVICE=cuda build/krait bench/tiles/attention.py [S [TMxTN,...]]
import math
import os
import sys

import gpu

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..",
                                "examples", "tiles"))
from attention import cutile_fmha  # noqa: E402
from _bench import close, finish, row, timed_s  # noqa: E402

Bt, H, S, D = 8, 16, int(sys.argv[1]) if len(sys.argv) > 1 else 4096, 64
# 128x64 pipelined and 128x128 serial at 2 blocks an SM, 192x128 (three warpgroups) at one
# (attention_sm90.c fa_plan); 128x32 and 64x64 were never the best (fourth session)
TILES = ((128, 64), (128, 128), (192, 128))
if len(sys.argv) > 2:
    TILES = tuple(tuple(int(x) for x in t.split("x")) for t in sys.argv[2].split(","))


def wave(shape, seed):
    n = shape[0] * shape[1] * shape[2] * shape[3]
    return ((((gpu.arange(n) * seed) % 17) - 8) / 16.0).reshape(shape).astype(gpu.float16)


Q, K, V = wave((Bt, H, S, D), 7919), wave((Bt, H, S, D), 104729), wave((Bt, H, S, D), 1299709)
q, k, v = (x[0, 0].astype(gpu.float32) for x in (Q, K, V))
for causal in (False, True):
    s = q @ k.T / math.sqrt(D)
    if causal:
        s = gpu.where(gpu.arange(S)[:, None] >= gpu.arange(S)[None, :], s, -gpu.inf)
    e = gpu.exp(s - s.max(axis=1, keepdims=True))
    want = (e / e.sum(axis=1, keepdims=True)) @ v
    best, how, ok = 0.0, "", True
    for tm, tn in TILES:
        out = [None]

        def launch():
            out[0] = cutile_fmha(Q, K, V, tile_m=tm, tile_n=tn, causal=causal)

        t = timed_s(launch, 3)
        good = close(out[0][0, 0], want, 2e-2, 2e-2)
        ok = ok and good
        tf = 4.0 * Bt * H * S * S * D / (2 if causal else 1) / t / 1e12
        print("  ", "causal" if causal else "noncausal", tm, tn, round(tf, 1), "TFLOP/s",
              "ok" if good else "WRONG")
        if tf > best:
            best, how = tf, "tile " + str(tm) + "x" + str(tn)
    row("attention_f16_" + ("causal" if causal else "noncausal"), best, "TFLOP/s", ok, how)
finish()
