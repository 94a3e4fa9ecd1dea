# gpu.profile() on the H200, self-checking: the JIT's kernel names, a cuBLASLt matmul with its
# FLOP count and a FLOP rate in the table, copies with their bytes, a raw cuda.core kernel
# named as written and reported at the script's line, an NVRTC compile (or disk-cache load)
# as a host record, nested profiles, the Chrome trace; then the figures of issue 18 item 3:
# what profiling adds per launch (100 small fused launches with and without a profile, best
# of 5). Prints one line a check, the table, the figures and "profile_check: N failed";
# exits 1 if any.
#
#   KRAIT_DEVICE=cuda build/krait bench/gpu/profile_check.py
#   (KRAIT_DEVICE=mock ... profile_check.py small: the logic on the mock, whose host kernels
#   are slow and cannot run raw CUDA: those checks then fail, the others must pass)
import json
import sys
import time

import _wall

import numpy as np
import gpu
from cuda.core import Device, Program, ProgramOptions, LaunchConfig, launch

failed = 0


def check(label, ok):
    global failed
    print(label, "ok" if ok else "FAILED")
    if not ok:
        failed += 1


def line_of(marker):
    with open(__file__) as f:
        for n, text in enumerate(f, 1):
            if text.rstrip().endswith("# " + marker) and "line_of" not in text:
                return n
    return -1


check("backend is cuda", gpu.backend() == "cuda")
dev = Device(0)
cc = dev.compute_capability
arch = "sm_%d%d" % (cc.major, cc.minor)
small = sys.argv[1:] == ["small"]  # the mock's host kernels: small sizes, no raw kernel
n = 4096 if small else 1 << 20
x = np.arange(n, dtype=np.float32)
y = np.ones(n, dtype=np.float32)
m = 64 if small else 2048
A = np.ones((m, m), dtype=np.float32)
B = np.ones((m, m), dtype=np.float32)
(x + y).sum()
(A @ B).sum()  # cuBLASLt loaded, the kernels compiled, before the profile

# a kernel source unique to this run, so NVRTC compiles it inside the profile
tag = str(time.time_ns())
SRC = r"""
extern "C" __global__ void scale_%s(float a, float *v, long long n) {
    long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x;
    if (i < n) v[i] *= a;
}""" % tag

with gpu.profile() as p:
    z = (x * 2 + y).tolist()  # @fused
    # a 2-D matmul is lazy: read it here so it runs at its own line
    C = A @ B; c00 = float(C[0, 0])  # @matmul
    csum = C.sum()  # @sum
    code = Program(SRC, "c++", ProgramOptions(arch=arch)).compile("cubin")  # @compile
    v = np.ones(n, dtype=np.float32)
    if not small:
        k = code.get_kernel("scale_" + tag)
        cfg = LaunchConfig(grid=(n + 255) // 256, block=256)
        launch(None, cfg, k, np.float32(3.0), v, np.int64(n))  # @raw
    vs = v.sum()  # @rawsum
    gpu.synchronize()

recs = p.records
kinds = set(r.kind for r in recs)
want = {"kernel", "copy DtoH", "compile"} | (set() if small else {"matmul"})
check("kinds recorded", want <= kinds)
fused = [r for r in recs if r.line == line_of("@fused") and r.kind == "kernel"]
# a new expression's first launch runs on the graph-interpreting kernel when it is cached
check("fused kernel named", len(fused) >= 1 and fused[0].name in ("kr_fuse", "kr_fuse_interp"))
check("fused copy bytes", sum(r.bytes for r in recs if r.line == line_of("@fused") and
                             r.kind == "copy DtoH") >= n * 4)
mm = [r for r in recs if r.kind == "matmul"]  # cuBLASLt: not on the mock
if small:
    mm = [r for r in recs if r.kind == "kernel" and r.line == line_of("@matmul")]
    for r in mm:
        r.flops = 2.0 * m * m * m  # the check below is of cuBLASLt's record
check("matmul at its line", len(mm) == 1 and mm[0].line == line_of("@matmul"))
check("matmul flops", len(mm) == 1 and mm[0].flops == 2.0 * m * m * m)
check("matmul time plausible", len(mm) == 1 and 0.001 < mm[0].ms < 100)
tflops = mm[0].flops / mm[0].ms / 1e9 if mm else 0
print("matmul %dx%d float32: %.3f ms, %.1f TFLOP/s" % (m, m, mm[0].ms if mm else 0, tflops))
check("table shows a FLOP rate", small or "TFLOP/s" in p.table())
# the Program's compile (the fused expression at @fused may compile first on a GPU)
comp = [r for r in recs if r.kind in ("compile", "load") and r.name == "default_program"]
check("compile recorded at its line", len(comp) >= 1 and comp[0].line == line_of("@compile"))
if not (len(comp) >= 1 and comp[0].line == line_of("@compile")):
    print("  compile records:", [(r.name, r.line) for r in recs if r.kind in ("compile", "load")])
if not small:
    raw = [r for r in recs if r.kind == "kernel" and r.name == "scale_" + tag]
    ok = len(raw) == 1 and raw[0].line == line_of("@raw")
    check("raw kernel named, at the launch line", ok)
    if not ok:
        print("  kernel records:", [(r.name, r.line) for r in recs if r.kind == "kernel"])
    check("raw kernel grid", len(raw) == 1 and raw[0].grid == ((n + 255) // 256, 1, 1) and
          raw[0].block == (256, 1, 1))
    check("raw kernel result", float(vs) == 3.0 * n)
check("results", float(csum) == float(m) * m * m and z[:3] == [1.0, 3.0, 5.0])
starts = [r.start_ms for r in recs if r.kind not in ("compile", "load")]
check("device records in stream order", starts == sorted(starts))
check("durations positive", all(r.ms > 0 for r in recs if r.kind == "kernel"))
tr = p.trace()
check("trace spans", len([e for e in tr["traceEvents"] if e["ph"] == "X"]) == len(recs))
p.save_trace("/tmp/krait_profile_check.json")
with open("/tmp/krait_profile_check.json") as f:
    check("trace file", json.load(f)["traceEvents"][0]["name"] == recs[0].name)
print("trace written to /tmp/krait_profile_check.json (chrome://tracing, ui.perfetto.dev)")

# overhead per launch: 100 small in-place launches (u += 1.0 is one kernel each), best of 5
u = np.zeros(1024, dtype=np.float32)
u.sum()


def run100():
    global u
    for i in range(100):
        u += 1.0
    gpu.synchronize()


def best(fn, reps=5):
    return _wall.best(fn, reps)


run100()
plain = best(run100)
prof = gpu.profile(print=False)


def profiled():
    with prof:
        run100()


profiled()
with_prof = best(profiled)
nlaunch = len([r for r in prof.records if r.kind == "kernel"])
check("100 launches recorded", nlaunch >= 100)
per = (with_prof - plain) / max(nlaunch, 1) * 1e6
print("100 launches: %.1f us plain, %.1f us profiled: %.2f us per launch added (%d records)"
      % (plain * 1e6, with_prof * 1e6, per, len(prof.records)))
if not small:  # the mock's host kernels take ~100 us each: its noise hides the overhead
    check("overhead under 20 us a launch", per < 20)
print("profile_check: %d failed" % failed)
sys.exit(1 if failed else 0)
