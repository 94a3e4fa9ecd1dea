# The peer of bench/gpu/matmul_ep_check.py's figure on the device's python3: relu(a @ b + bias)
# on 8192 x 8192 bfloat16 in PyTorch eager, as written (matmul, add, relu) and through
# torch.addmm + relu, and GELU (F.gelu's tanh form, and written out); CUDA events around 10 repetitions after warm-up, best of 3.
#
#   python3 bench/gpu/matmul_ep_torch.py
import torch

N = 8192
a = (torch.randn(N, N, device="cuda") * 0.1).to(torch.bfloat16)
b = (torch.randn(N, N, device="cuda") * 0.1).to(torch.bfloat16)
bias = torch.randn(N, device="cuda").to(torch.bfloat16)


def timed(fn, reps=10):
    fn()
    torch.cuda.synchronize()
    best = 1e9
    for _ in range(3):
        e0, e1 = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        e0.record()
        for _ in range(reps):
            fn()
        e1.record()
        e1.synchronize()
        best = min(best, e0.elapsed_time(e1) / reps)
    return best


def gelu(x):
    return 0.5 * x * (1 + torch.tanh(0.7978845608028654 * (x + 0.044715 * x * x * x)))


flop = 2.0 * N * N * N
for name, fn in (("torch.relu(a @ b + bias)", lambda: torch.relu(a @ b + bias)),
                 ("torch.relu(torch.addmm(bias, a, b))", lambda: torch.relu(torch.addmm(bias, a, b))),
                 ("F.gelu(a @ b + bias, approximate='tanh')",
                  lambda: torch.nn.functional.gelu(a @ b + bias, approximate="tanh")),
                 ("gelu written out", lambda: gelu(a @ b + bias))):
    t = timed(fn)
    print("PEER %s bf16 8192^3: %.3f ms %.0f TFLOP/s" % (name, t, flop / t / 1e9))
