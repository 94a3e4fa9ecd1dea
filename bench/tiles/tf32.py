# tf32.py: the tfloat32 rows of issue 19 on the H200 in a few seconds: the MatMul sample's
# kernel on float32 arrays (cast to tfloat32 in the loop) at 8192^3 over the tile
# configurations the wgmma tf32 loop takes, each checked exactly (operands in 1/8 steps:
# every sum exact in float32), and the bfloat16 default beside it.
#   KRAIT_DEVICE=cuda build/krait bench/tiles/tf32.py [N]
import os
import sys

import gpu
import tile as ct

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..",
                                "examples", "tiles"))
from matmul import matmul_kernel  # noqa: E402
from _bench import finish, row, timed_s  # noqa: E402

S = gpu.Stream.default
n = int(sys.argv[1]) if len(sys.argv) > 1 else 8192
A32 = ((((gpu.arange(n * n) * 7) % 9) - 4) * 0.5).reshape(n, n)
B32 = ((((gpu.arange(n * n) * 5) % 7) - 3) * 0.25).reshape(n, n)
exact = A32.astype(gpu.float32) @ B32.astype(gpu.float32)
for name, dt, configs in (("matmul_tf32", gpu.float32, ((128, 256, 32), (256, 128, 32),
                                                        (128, 128, 32), (128, 128, 64),
                                                        (256, 128, 64))),
                          ("matmul_bf16", gpu.bfloat16, ((128, 256, 64),))):
    A, B = A32.astype(dt), B32.astype(dt)
    C = gpu.empty((n, n), dtype=dt)
    want = exact.astype(dt)
    best, how, ok = 0.0, "", True
    for tm, tn, tk in configs:
        C.fill(0)
        grid = ((n + tm - 1) // tm) * ((n + tn - 1) // tn)
        s = timed_s(lambda: ct.launch(S, (grid, 1, 1), matmul_kernel, (A, B, C, tm, tn, tk)), 3)
        good = bool(gpu.array_equal(C, want))
        ok = ok and good
        tf = 2.0 * n ** 3 / s / 1e12
        tag = str(tm) + "x" + str(tn) + "x" + str(tk)
        print("  ", name, tag, round(tf, 1), "TFLOP/s", "ok" if good else "WRONG")
        if tf > best:
            best, how = tf, tag
    row(name + "_" + str(n) + "^3", best, "TFLOP/s", ok, how)
finish()
