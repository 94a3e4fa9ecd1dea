# The attention sample's kernel (examples/tiles/attention.py) over the shapes Hopper's
# attention loop takes (gpu/tile/lower/attention_sm90.c: S, P and the accumulator in wgmma
# fragments, K and V through a TMA or cp.async ring) and one it leaves to the generic
# lowering (D = 32), against a float32 NumPy reference of softmax(Q K^T / sqrt(D)) V: D of
# 64 and 128, 64- and 128-row query tiles, key tiles of 32 to 128, causal and not, sequence
# lengths that are not multiples of the tiles (the last key tile masked, the last query tile
# clipped), grouped heads, float16 and bfloat16. On the CPU path the tile interpreter runs
# it (and NVRTC compiles the sm_90a kernel where installed); on the H200 the fragment loop
# itself runs.
import os
import sys

import gpu

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..",
                                "examples", "tiles"))
from attention import cutile_fmha, reference, wave  # noqa: E402

CASES = (  # dtype, heads, group, s_q, s_kv, d, tile_m, tile_n, causal
    (gpu.float16, 2, 1, 128, 128, 64, 64, 32, False),
    (gpu.float16, 2, 1, 200, 200, 64, 128, 64, True),
    (gpu.float16, 2, 1, 130, 130, 128, 64, 64, False),
    (gpu.float16, 2, 2, 192, 192, 128, 128, 64, True),
    (gpu.bfloat16, 2, 1, 256, 256, 64, 128, 128, True),
    (gpu.float16, 2, 1, 96, 96, 32, 64, 32, True),  # D = 32: the generic loop
)
for dt, heads, group, s_q, s_kv, d, tm, tn, causal in CASES:
    Q = wave((1, heads, s_q, d), 7919).astype(dt)
    K = wave((1, heads // group, s_kv, d), 104729).astype(dt)
    V = wave((1, heads // group, s_kv, d), 1299709).astype(dt)
    out = cutile_fmha(Q, K, V, tile_m=tm, tile_n=tn, causal=causal, query_group_size=group)
    gold = reference(Q, K, V, causal, group)
    good = bool(gpu.allclose(out.astype(gpu.float32), gold, atol=2e-2, rtol=2e-2))
    print("attention", "bfloat16" if dt == gpu.bfloat16 else "float16", "heads", heads, "group",
          group, "s", s_q, s_kv, "d", d, "tiles", tm, tn, "causal" if causal else "full", out.shape,
          good)
