# table.py: every non-attention row of issue 19's table in one process, each row's tile
# configuration (tile sizes, rows per block, occupancy)
# chosen by ct.tune.exhaustive_search, whose result the disk cache keeps (a second run
# searches nothing: "tuned: cached"); the chosen configuration is then timed with CUDA events
# after a warm-up (median of 5) and its output checked (matmuls exactly: operands in 1/8
# steps) before its figure counts. The kernels are the cuTile samples' (examples/tiles,
# whose own small checks print first). bench/tiles/table.sh runs it beside attention.py and
# the device's PyTorch.
#   KRAIT_DEVICE=cuda build/krait bench/tiles/table.py [N]
# N: the matmul size (8192); other sizes are the table's. Prints ROW lines (_bench.row).
import os
import sys

import gpu
import tile as ct

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "examples", "tiles"))
from layer_norm import layer_norm_fwd  # noqa: E402
from matmul import matmul_kernel, persistent_matmul_kernel  # noqa: E402
from softmax import softmax, softmax_per_row  # noqa: E402
from vector_add import vec_add_kernel_1d  # noqa: E402
from _bench import SMS, close, finish, layernorm_case, row, timed_s  # noqa: E402

S = gpu.Stream.default
small = len(sys.argv) > 1 and int(sys.argv[1]) < 8192  # a smoke test of the script


def tuned(name, space, grid, kernel, args, hints=None):
    """The best configuration of space for this row (ct.tune, disk-cached), its launch.
    kernel: a function of the configuration giving the tile kernel."""
    r = ct.tune.exhaustive_search(space, S, grid, kernel, args, hints, quiet=True)
    print("  ", name, "tuned:", "cached" if r.cached else "searched", len(r.successes), "ok",
          len(r.failures), "failed")
    for m in sorted(r.successes, key=lambda m: m.mean_us)[:3]:
        print("     ", m.config, round(m.mean_us, 1), "us")
    for cfg, typ, msg in r.failures[:2]:
        print("      failed:", cfg, typ.__name__, msg.split("\n")[0][:80])
    cfg = r.best.config
    k = kernel(cfg)
    if hints is not None and hints(cfg):
        k = k.replace_hints(**hints(cfg))
    return cfg, (lambda: ct.launch(S, grid(cfg), k, args(cfg)))


def occ(cfg):
    return {"occupancy": cfg["occ"]} if cfg.get("occ", 1) > 1 else {}


# ---- vector add, float32 2^28
n = 1 << 28 if not small else 1 << 16
a = gpu.arange(n, dtype=gpu.float32)
b = gpu.full(n, 0.5, dtype=gpu.float32)
c = gpu.empty(n, dtype=gpu.float32)
cfg, launch = tuned("vadd_f32_2^28", [{"T": t} for t in (1024, 2048, 4096)],
                    lambda cfg: (n // cfg["T"],), lambda cfg: vec_add_kernel_1d,
                    lambda cfg: (a, b, c, cfg["T"]))
s = timed_s(launch, 20)
row("vadd_f32_2^28", 3 * n * 4 / s / 1e12, "TB/s", bool(gpu.array_equal(c, a + b)),
    "tile " + str(cfg["T"]))
del a, b, c

# ---- softmax over rows: whole rows per block (B rows) or the persistent loop (k blocks/SM)
for name, dt, (m, nn), blocks, atol in (("softmax_f32_8192x8192", gpu.float32, (8192, 8192),
                                         (1, 2), 1e-6),
                                        ("softmax_f16_32768x1024", gpu.float16, (32768, 1024),
                                         (2, 4, 8, 16), 2e-3)):
    if small:
        m = 256
    x = ((((gpu.arange(m * nn) * 7919) % 2001) / 200.0 - 5.0).reshape(m, nn)).astype(dt)
    y = gpu.empty((m, nn), dtype=dt)
    xf = x.astype(gpu.float32)
    e = gpu.exp(xf - xf.max(axis=1, keepdims=True))
    want = e / e.sum(axis=1, keepdims=True)
    space = ([{"kind": "rows", "p": B} for B in blocks]
             + [{"kind": "persistent", "p": k} for k in (1, 2, 4)])
    cfg, launch = tuned(
        name, space,
        lambda cfg: (m // cfg["p"],) if cfg["kind"] == "rows" else (SMS * cfg["p"],),
        lambda cfg: softmax if cfg["kind"] == "rows" else softmax_per_row,
        lambda cfg: (x, y, cfg["p"], nn) if cfg["kind"] == "rows" else (x, y, m, nn))
    y.fill(0)
    s = timed_s(launch, 10)
    row(name, 2 * m * nn * x.itemsize / s / 1e12, "TB/s", close(y, want, atol, 1e-3),
        cfg["kind"] + " " + str(cfg["p"]))
    del x, y, xf, e, want

# ---- layer norm forward (the sample's three passes over each row)
for name, dt, (m, nn), atol in (("layernorm_bf16_32768x4096", gpu.bfloat16, (32768, 4096), 5e-2),
                                ("layernorm_f32_8192x8192", gpu.float32, (8192, 8192), 1e-4)):
    if small:
        m = 64
    x, w, bb, y, mean, rstd, want, _ = layernorm_case(m, nn, dt)
    space = [{"T": t, "occ": o} for t in (1024, 2048, 4096, 8192) if t <= nn for o in (1, 2, 4)]
    cfg, launch = tuned(name, space, lambda cfg: (m,), lambda cfg: layer_norm_fwd,
                        lambda cfg: (x, w, bb, y, mean, rstd, 1e-5, cfg["T"]), occ)
    s = timed_s(launch, 10)
    row(name, 2 * m * nn * x.itemsize / s / 1e12, "TB/s", close(y, want, atol, 2e-2),
        "TILE_N " + str(cfg["T"]) + (" occupancy " + str(cfg["occ"]) if cfg["occ"] > 1 else ""))
    del x, w, bb, y, mean, rstd, want

# ---- matmuls: the sample's kernel (grouped tile order) and its persistent variant
N = int(sys.argv[1]) if len(sys.argv) > 1 else 8192
A32 = ((((gpu.arange(N * N) * 7) % 9) - 4) * 0.5).reshape(N, N)
B32 = ((((gpu.arange(N * N) * 5) % 7) - 3) * 0.25).reshape(N, N)
exact = A32.astype(gpu.float32) @ B32.astype(gpu.float32)
mm16 = [(128, 256, 64, 1), (128, 128, 64, 2), (256, 128, 64, 1), (128, 128, 128, 1)]
for name, dt, kernel, tiles in (
        ("matmul_bf16", gpu.bfloat16, matmul_kernel, mm16),
        ("matmul_f16", gpu.float16, matmul_kernel, mm16),
        ("matmul_tf32", gpu.float32, matmul_kernel,
         [(128, 256, 32, 1), (256, 128, 32, 1), (128, 128, 32, 1), (128, 128, 64, 1),
          (128, 128, 32, 2)]),
        ("persistent_matmul_bf16", gpu.bfloat16, persistent_matmul_kernel,
         [(128, 256, 64, 1), (128, 128, 64, 1), (128, 128, 64, 2), (256, 128, 64, 1)])):
    A, B = A32.astype(dt), B32.astype(dt)
    C = gpu.empty((N, N), dtype=dt)
    space = [{"tile": t[:3], "occ": t[3]} for t in tiles]

    def grid(cfg, kernel=kernel):
        tm, tn, _ = cfg["tile"]
        g = ((N + tm - 1) // tm) * ((N + tn - 1) // tn)
        return (min(g, SMS * cfg["occ"]) if kernel is persistent_matmul_kernel else g,)

    def args(cfg):
        return (A, B, C) + cfg["tile"]

    cfg, launch = tuned(name + "_" + str(N) + "^3", space, grid, lambda cfg, k=kernel: k, args,
                        occ)
    C.fill(0)
    s = timed_s(launch, 3)
    tm, tn, tk = cfg["tile"]
    row(name + "_" + str(N) + "^3", 2.0 * N ** 3 / s / 1e12, "TFLOP/s",
        bool(gpu.array_equal(C, exact.astype(dt))),
        str(tm) + "x" + str(tn) + "x" + str(tk)
        + (" occupancy " + str(cfg["occ"]) if cfg["occ"] > 1 else ""))
    del A, B, C
finish()
