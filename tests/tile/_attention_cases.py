# _attention_cases.py: what tests/tile/attention_sm90*.py share: the attention sample's kernel
# (examples/tiles/attention.py) run over a list of shapes and checked against a float32 NumPy
# reference of softmax(Q K^T / sqrt(D)) V (split over two scripts so that each compiles few
# kernels: NVRTC takes ~1.5 s of CPU for each).
import os
import sys

import gpu

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..",
                                "examples", "tiles"))
from attention import cutile_fmha, reference, wave  # noqa: E402


def run(cases):
    """cases: (dtype, heads, group, s_q, s_kv, d, tile_m, tile_n, causal) each"""
    for dt, heads, group, s_q, s_kv, d, tm, tn, causal in cases:
        Q = wave((1, heads, s_q, d), 7919).astype(dt)
        K = wave((1, heads // group, s_kv, d), 104729).astype(dt)
        V = wave((1, heads // group, s_kv, d), 1299709).astype(dt)
        out = cutile_fmha(Q, K, V, tile_m=tm, tile_n=tn, causal=causal, query_group_size=group)
        gold = reference(Q, K, V, causal, group)
        good = bool(gpu.allclose(out.astype(gpu.float32), gold, atol=2e-2, rtol=2e-2))
        print("attention", "bfloat16" if dt == gpu.bfloat16 else "float16", "heads", heads,
              "group", group, "s", s_q, s_kv, "d", d, "tiles", tm, tn,
              "causal" if causal else "full", out.shape, good)
