# The peer of bench/gpu/graph_check.py's figure on the device's python3: 100 in-place adds on
# 16 float32 elements, one by one and replayed from one torch.cuda.CUDAGraph, best of 20,
# wall clock around torch.cuda.synchronize() as krait's script measures.
#
#   python3 bench/gpu/graph_check_torch.py
import time

import _wall

import torch

u = torch.zeros(16, dtype=torch.float32, device="cuda")
s = torch.cuda.Stream()
s.wait_stream(torch.cuda.current_stream())
with torch.cuda.stream(s):  # warm-up on a side stream, as torch's docs ask before capture
    for _ in range(3):
        u += 1.0
torch.cuda.current_stream().wait_stream(s)
g = torch.cuda.CUDAGraph()
with torch.cuda.graph(g):
    for _ in range(100):
        u += 1.0


def one_by_one():
    for _ in range(100):
        u.add_(1.0)
    torch.cuda.synchronize()


def replay():
    g.replay()
    torch.cuda.synchronize()


def best(fn, reps=20):
    return _wall.best(fn, reps)


one_by_one()
replay()
t_each = best(one_by_one)
t_graph = best(replay)
print("torch: 100 launches of u += 1.0 (16 elements): %.1f us one by one (%.2f us each), "
      "%.1f us as one graph replay (%.2f us each)"
      % (t_each * 1e6, t_each * 1e4, t_graph * 1e6, t_graph * 1e4))
