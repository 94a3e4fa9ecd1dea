# ncu_row.py: one kernel of issue 19's table launched twice (the first compiles and warms
# up), for Nsight Compute to read the second: what holds a row back (achieved bandwidth,
# occupancy, registers, stalls). bench/tiles/device_run1.sh runs it as
#   ncu -k regex:KERNEL ... krait bench/tiles/ncu_row.py ROW [P [OCCUPANCY]]
# ROW: layernorm_f32 | layernorm_bf16 (P: TILE_N, 1024) | softmax_f16 (P: rows per block, 4)
#      | matmul_bf16 | matmul_f16 | persistent_matmul_bf16 (P: tile, 128x256x64)
#      | matmul_tf32 (P: tile, 256x128x32)
import os
import sys

import gpu
import tile as ct

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "examples", "tiles"))
from _bench import layernorm_case  # noqa: E402

S = gpu.Stream.default
what = sys.argv[1]
p = sys.argv[2] if len(sys.argv) > 2 else None
# the row's ct.kernel(occupancy=n) hint, when its configuration has one
hints = {"occupancy": int(sys.argv[3])} if len(sys.argv) > 3 else {}


def hinted(k):
    return k.replace_hints(**hints) if hints else k


if what.startswith("layernorm"):
    from layer_norm import layer_norm_fwd
    m, n, dt = (8192, 8192, gpu.float32) if what == "layernorm_f32" else (32768, 4096,
                                                                          gpu.bfloat16)
    x, w, b, y, mean, rstd, _, _ = layernorm_case(m, n, dt)
    T = int(p or 1024)
    for _ in range(2):
        ct.launch(S, (m, 1, 1), hinted(layer_norm_fwd), (x, w, b, y, mean, rstd, 1e-5, T))
elif what == "softmax_f16":
    from softmax import softmax
    m, n = 32768, 1024
    x = ((((gpu.arange(m * n) * 7919) % 2001) / 200.0 - 5.0).reshape(m, n)).astype(gpu.float16)
    y = gpu.empty((m, n), dtype=gpu.float16)
    B = int(p or 4)
    for _ in range(2):
        ct.launch(S, (m // B, 1, 1), softmax, (x, y, B, n))
elif what in ("matmul_bf16", "matmul_f16", "matmul_tf32", "persistent_matmul_bf16"):
    from matmul import matmul_kernel, persistent_matmul_kernel
    dt = {"matmul_f16": gpu.float16, "matmul_tf32": gpu.float32}.get(what, gpu.bfloat16)
    tm, tn, tk = (int(v) for v in (p or ("256x128x32" if dt == gpu.float32 else
                                         "128x256x64")).split("x"))
    N = 8192
    A = gpu.ones((N, N), dtype=dt)
    C = gpu.empty((N, N), dtype=dt)
    tiles = (N // tm) * (N // tn)
    persistent = what.startswith("persistent")
    grid = min(tiles, 132) if persistent else tiles
    kernel = persistent_matmul_kernel if persistent else matmul_kernel
    for _ in range(2):
        ct.launch(S, (grid, 1, 1), hinted(kernel), (A, A, C, tm, tn, tk))
else:
    raise SystemExit("ncu_row.py: unknown row " + what)
gpu.synchronize()
print("ncu_row", what, p or "", "done")
