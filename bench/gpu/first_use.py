# first_use.py: issue 14's first-use row. The first use of a new fused expression in a fresh
# process, wall clock from the expression to its value on the host (CUDA started before),
# then the same expression's next calls (interpreted until its own kernel has compiled on a
# thread: gpu/kernels/kernels_interp.c), and which kernels ran.
#   KRAIT_DEVICE=cuda KRAIT_CACHE_DIR=$D krait bench/gpu/first_use.py a|b|c|d [--profile-first]
# Each letter is an expression of a different structure (a is bench/gpu/user_patterns.py's), so
# that a second process finds krait's interpreter in the disk cache $D but not the
# expression's kernel. Lines: PATTERN name value unit, DIAG ..., CHECK name ok|FAIL.
import math
import sys
import time

import numpy as np

try:
    import gpu
except ImportError:
    gpu = None

which = sys.argv[1] if len(sys.argv) > 1 else "a"
EXPR = {
    "a": (lambda p: np.tanh(p * 0.001) * np.sqrt(p + 3.25) + np.floor(p / 7),
          lambda v: math.tanh(v * 0.001) * math.sqrt(v + 3.25) + math.floor(v / 7)),
    "b": (lambda p: np.sin(p * 0.002) - np.sqrt(p + 1.5) * np.ceil(p / 3),
          lambda v: math.sin(v * 0.002) - math.sqrt(v + 1.5) * math.ceil(v / 3)),
    "c": (lambda p: np.exp(-p * 1e-6) * (p - 2.5) / (p + 1),
          lambda v: math.exp(-v * 1e-6) * (v - 2.5) / (v + 1)),
    "d": (lambda p: np.cos(p * 0.003) + np.abs(p - 7.5) * 0.5,
          lambda v: math.cos(v * 0.003) + abs(v - 7.5) * 0.5),
}
fn, ref = EXPR[which]
fails = []


def check(name, ok):
    print("CHECK", name, "ok" if ok else "FAIL", flush=True)
    if not ok:
        fails.append(name)


print("device:", np.device().get("name"))
p = np.arange(1 << 20, dtype=np.float32)
np.synchronize()
# --profile-first: the first call inside gpu.profile, to show what it compiled or loaded
# (a "load" named "prebuilt" is the build's CUBIN of the interpreter: no NVRTC)
prof_first = "--profile-first" in sys.argv and gpu is not None
prof = gpu.profile(print=False) if prof_first else None
if prof is not None:
    prof.__enter__()
t0 = time.perf_counter()
q = fn(p)
q0 = float(q[5])
first = (time.perf_counter() - t0) * 1e3
if prof is not None:
    prof.__exit__(None, None, None)
    host = [(r.kind, r.name, round(r.ms, 2)) for r in prof.records
            if r.kind in ("compile", "load")]
    print("DIAG first call's compiles and loads:", host,
          "kernels:", [r.name for r in prof.records if r.kind == "kernel"])
print("PATTERN first_use_new_fused_expression_%s %.2f ms" % (which, first), flush=True)
check("first value", abs(q0 - ref(5.0)) <= 1e-5 * max(1.0, abs(ref(5.0))))
want = q.tolist()
# the next calls: interpreted until the compile on its thread has finished, then compiled
times = []
for i in range(4):
    t0 = time.perf_counter()
    r = fn(p)
    float(r[5])
    times.append((time.perf_counter() - t0) * 1e3)
print("DIAG next calls: " + " ".join("%.2f" % t for t in times) + " ms")
if gpu is not None:
    deadline = time.perf_counter() + 3.0
    names = []
    while time.perf_counter() < deadline:
        with gpu.profile(print=False) as prof:
            r = fn(p)
            float(r[5])
        names = [k.name for k in prof.records if k.kind == "kernel"]
        if "kr_fuse_interp" not in names:
            break
        time.sleep(0.02)
    print("DIAG kernels once the compile had time:", names)
    check("same values from both kernels", r.tolist() == want)
print("FAILED: " + " ".join(fails) if fails else "ALL CHECKS OK")
