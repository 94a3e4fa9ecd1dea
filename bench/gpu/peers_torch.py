# peers_torch.py: the peer figures measured in the same device run as krait's
# (docs/PERFORMANCE.md): PyTorch eager on the patterns of bench/gpu/bench.py and
# bench/gpu/tile_bench.py, timed with CUDA events after a warm-up, median of 5.
#   python3 bench/gpu/peers_torch.py        (on the device machine; needs torch)
import statistics
import time

import torch


def timed(fn, reps=20):
    fn()
    torch.cuda.synchronize()
    runs = []
    for _ in range(5):
        start = torch.cuda.Event(enable_timing=True)
        end = torch.cuda.Event(enable_timing=True)
        start.record()
        for _ in range(reps):
            fn()
        end.record()
        end.synchronize()
        runs.append(start.elapsed_time(end) / 1e3 / reps)
    return statistics.median(runs)


def main():
    n = 1 << 28
    a = torch.rand(n, device="cuda")
    b = torch.rand(n, device="cuda")
    c = torch.empty_like(a)
    t = timed(lambda: torch.add(a, b, out=c))
    print(f"PEER torch_add_f32_2^28 {3 * 4 * n / t / 1e12:.3f} TB/s")
    t = timed(lambda: a.sum())
    print(f"PEER torch_sum_f32_2^28 {4 * n / t / 1e12:.3f} TB/s")
    del a, b, c
    x = torch.randn(8192, 8192, device="cuda")
    t = timed(lambda: torch.softmax(x, dim=1))
    print(f"PEER torch_softmax_rows_f32_8192^2 {2 * 4 * x.numel() / t / 1e12:.3f} TB/s")
    xb = torch.randn(32768, 4096, device="cuda", dtype=torch.bfloat16)
    w = torch.randn(4096, device="cuda", dtype=torch.bfloat16)
    t = timed(lambda: torch.nn.functional.layer_norm(xb, (4096,), w, w))
    print(f"PEER torch_layernorm_bf16_32768x4096 {2 * 2 * xb.numel() / t / 1e12:.3f} TB/s")
    del x, xb
    for dt, name in ((torch.bfloat16, "bf16"), (torch.float16, "f16"), (torch.float32, "f32")):
        p = torch.randn(8192, 8192, device="cuda", dtype=dt)
        q = torch.randn(8192, 8192, device="cuda", dtype=dt)
        t = timed(lambda: p @ q, reps=5)
        print(f"PEER torch_matmul_{name}_8192 {2 * 8192**3 / t / 1e12:.1f} TFLOP/s")
    s = torch.ones(16, device="cuda")
    for _ in range(100):
        s.add_(1)
    torch.cuda.synchronize()
    k = 20000
    t0 = time.perf_counter()
    for _ in range(k):
        s.add_(1)
    torch.cuda.synchronize()
    print(f"PEER torch_small_op_16 {(time.perf_counter() - t0) / k * 1e6:.2f} us/op")


if __name__ == "__main__":
    main()
