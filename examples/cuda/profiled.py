# A profiled script: gpu.profile() around a small pipeline (normalise the columns of a data
# set, a softmax over rows, a projection), with gpu.nvtx ranges naming its phases for Nsight
# Systems. At the end of the block the table prints: every kernel launch, copy and matmul
# with its time, the script line that caused it and its bandwidth or FLOP rate; the Chrome
# trace goes to a file chrome://tracing or https://ui.perfetto.dev opens (docs/CUDA.md).
#
#   build/krait examples/cuda/profiled.py [trace.json]
#   nsys profile build/krait examples/cuda/profiled.py   (the NVTX ranges on the timeline)
import sys

import gpu
import gpu.nvtx as nvtx
import numpy as np

trace = sys.argv[1] if len(sys.argv) > 1 else "profiled_trace.json"
rows, cols = 1024, 256
x = np.arange(rows * cols, dtype=np.float32).reshape(rows, cols) % 97 / 97
proj = (np.arange(cols * 64, dtype=np.float32).reshape(cols, 64) % 13 - 6) / 64
x.sum(), proj.sum()  # made on the device before the profile


@nvtx.range()
def normalise(a):
    return (a - a.mean(axis=0)) / (a.std(axis=0) + 1e-6)


@nvtx.range()
def softmax(a):
    e = np.exp(a - a.max(axis=1, keepdims=True))
    return e / e.sum(axis=1, keepdims=True)


with gpu.profile(trace=trace, name="pipeline") as p:
    z = normalise(x)
    s = softmax(z)
    with nvtx.range("project"):
        out = s @ proj
    total = float(out.sum())

print("checksum %.4f" % total)
rows_sum = s.sum(axis=1)
ok = bool(np.allclose(rows_sum, 1.0, atol=1e-4)) and abs(total - float(np.asarray(
    out.tolist()).sum())) < 1e-2
if gpu.backend() == "cuda":
    print("%d records, trace written to %s" % (len(p.records), trace))
print("profiled example:", "ok" if ok else "FAILED")
raise SystemExit(0 if ok else 1)
