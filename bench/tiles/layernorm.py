# layernorm.py: layer norm forward in the idiom of cuTile's LayerNorm sample (each block
# walks one row in TILE_N pieces: mean, variance, normalize): the kernel of
# examples/tiles/layer_norm.py (imported, so its own small checks print first), bfloat16
# 32768 x 4096 and float32 8192 x 8192. Bandwidth counts one read of X and one write of Y.
#   KRAIT_DEVICE=cuda build/krait bench/tiles/layernorm.py [TAG [CONFIGS]]
# TAG: a suffix for the row names (e.g. "hoist" under KRAIT_TILE_HOIST=1); CONFIGS: the
# TILE_N x occupancy pairs to try, e.g. 1024x2,4096x4 (default 1024x1,2048x1,4096x1).
import os
import sys

import gpu
import tile as ct

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..",
                                "examples", "tiles"))
from layer_norm import layer_norm_fwd  # noqa: E402
from _bench import close, finish, layernorm_case, row, timed_s  # noqa: E402


S = gpu.Stream.default
suffix = "_" + sys.argv[1] if len(sys.argv) > 1 and sys.argv[1] else ""
configs = [tuple(int(v) for v in c.split("x")) for c in
           (sys.argv[2] if len(sys.argv) > 2 else "1024x1,2048x1,4096x1").split(",")]
for name, dt, (m, n), atol in (("layernorm_bf16_32768x4096", gpu.bfloat16, (32768, 4096), 5e-2),
                               ("layernorm_f32_8192x8192", gpu.float32, (8192, 8192), 1e-4)):
    x, w, b, y, mean, rstd, want, _ = layernorm_case(m, n, dt)
    best, how, ok = 0.0, "", True
    for T, occ in configs:
        if T > n:
            continue
        k = layer_norm_fwd.replace_hints(occupancy=occ) if occ > 1 else layer_norm_fwd
        s = timed_s(lambda: ct.launch(S, (m, 1, 1), k, (x, w, b, y, mean, rstd, 1e-5, T)), 10)
        ok = ok and close(y, want, atol, 2e-2)
        bw = 2 * m * n * x.itemsize / s / 1e12
        tag = "TILE_N " + str(T) + (" occupancy " + str(occ) if occ > 1 else "")
        print("  ", name + suffix, tag, round(bw, 3), "TB/s")
        if bw > best:
            best, how = bw, tag
    row(name + suffix, best, "TB/s", ok, how)
finish()
