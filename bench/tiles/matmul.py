# matmul.py: matrix multiply in the idiom of cuTile's MatMul sample (a 1-D grid in grouped
# "swizzled" tile order, a k loop of ct.load + ct.mma into a float32 accumulator, float32
# inputs as tfloat32), bfloat16 / float16 / tfloat32 at 8192^3, and the sample's persistent
# variant (bfloat16, one block per SM). Each configuration is checked exactly: the operands
# are small multiples of 1/8, so every sum is exact in float32 and the rounded output must
# equal the gpu module's own product rounded the same way.
#   KRAIT_DEVICE=cuda build/krait bench/tiles/matmul.py [N [TAG [TILES]]]
# N: the size (8192); TAG: a suffix for the row names, e.g. "cpasync" when run under
# KRAIT_TILE_SM90=cpasync (run.sh runs it under each of the lowering's matmul loops; the
# default is the TMA loop); TILES: only these configurations, comma-separated tags such as
# 128x256x64,256x128x32 (bench/tiles/ws_check.sh: fewer compiles).
import os
import sys

import gpu
import tile as ct

# the sample's kernels and tile order from examples/tiles/matmul.py (its own small checks
# print first); only the occupancy=2 variant is defined here
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..",
                                "examples", "tiles"))
from matmul import matmul_kernel, persistent_matmul_kernel  # noqa: E402
from _bench import SMS, finish, row, timed_s  # noqa: E402

# the sample's kernel again with ct.kernel(occupancy=2): two blocks an SM (the Hopper loop
# sizes its shared-memory ring for that)
matmul_kernel_occ2 = ct.kernel(occupancy=2)(matmul_kernel.__wrapped__)


def cdiv(a, b):
    return (a + b - 1) // b


S = gpu.Stream.default
n = int(sys.argv[1]) if len(sys.argv) > 1 else 8192
suffix = "_" + sys.argv[2] if len(sys.argv) > 2 and sys.argv[2] else ""
only = sys.argv[3].split(",") if len(sys.argv) > 3 else None
flop = 2.0 * n * n * n
A32 = ((((gpu.arange(n * n) * 7) % 9) - 4) * 0.5).reshape(n, n)
B32 = ((((gpu.arange(n * n) * 5) % 7) - 3) * 0.25).reshape(n, n)
exact = (A32.astype(gpu.float32) @ B32.astype(gpu.float32))
cases = (("matmul_bf16", gpu.bfloat16, ((matmul_kernel, (128, 256, 64)),
                                        (matmul_kernel, (128, 128, 64)),
                                        (matmul_kernel_occ2, (128, 128, 64)))),
         ("matmul_f16", gpu.float16, ((matmul_kernel, (128, 256, 64)),
                                      (matmul_kernel, (128, 128, 64)),
                                      (matmul_kernel_occ2, (128, 128, 64)))),
         ("matmul_tf32", gpu.float32, ((matmul_kernel, (128, 256, 32)),
                                       (matmul_kernel, (256, 128, 32)),
                                       (matmul_kernel, (128, 128, 32)),
                                       (matmul_kernel_occ2, (128, 128, 32)))),
         ("persistent_matmul_bf16", gpu.bfloat16, ((persistent_matmul_kernel, (128, 256, 64)),
                                                   (persistent_matmul_kernel, (128, 128, 64)))))
for name, dt, configs in cases:
    A, B = A32.astype(dt), B32.astype(dt)
    C = gpu.empty((n, n), dtype=dt)
    want = exact.astype(dt)
    best, how, ok = 0.0, "", True
    for kernel, (tm, tn, tk) in configs:
        tag = str(tm) + "x" + str(tn) + "x" + str(tk) + (" occ2" if kernel is matmul_kernel_occ2
                                                         else "")
        if only is not None and tag not in only:
            continue
        grid = cdiv(n, tm) * cdiv(n, tn)
        if kernel is persistent_matmul_kernel:
            grid = min(grid, SMS)
        C.fill(0)
        launch = (lambda: ct.launch(S, (grid, 1, 1), kernel, (A, B, C, tm, tn, tk)))
        s = timed_s(launch, 3 if n > 4096 else 10)
        good = bool(gpu.array_equal(C, want))
        ok = ok and good
        tf = flop / s / 1e12
        print("  ", name, tag, round(tf, 1), "TFLOP/s", "ok" if good else "WRONG")
        if tf > best:
            best, how = tf, tag
    if how:
        row(name + "_" + str(n) + "^3" + suffix, best, "TFLOP/s", ok, how)
finish()
