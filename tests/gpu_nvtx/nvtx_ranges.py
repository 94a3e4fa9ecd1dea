# gpu.nvtx and gpu.profile's NVTX ranges, seen by a stand-in tool (nvtx_inject.c, loaded by
# the NVTX library through NVTX_INJECTION64_PATH): each range and mark the script makes
# arrives, in order and balanced, and a profile's block and records are ranges named as its
# table names them. Self-checking; prints SKIP where the NVTX library is absent.
import os
import gpu
import gpu.nvtx as nvtx
import numpy as np

log = os.environ.get("KRAIT_NVTX_TEST_LOG")
if log and os.path.exists(log):
    os.remove(log)  # before the first NVTX call, which attaches the tool
if not nvtx.available() or not log:
    print("SKIP: no NVTX library (libnvtx3interop.so.1) or no log")
    raise SystemExit(0)
failed = 0


def check(label, ok):
    global failed
    print(label, "ok" if ok else "FAILED")
    if not ok:
        failed += 1


def lines():
    with open(log) as f:
        return [ln for ln in f.read().splitlines() if ln != "attached"]


check("push depth", nvtx.range_push("outer") == 1)
nvtx.mark("here")
with nvtx.range("inner"):
    pass


@nvtx.range()
def step(x):
    return x + 1


check("decorated function runs", step(1) == 2)
check("pop depth", nvtx.range_pop() == 0)
check("pop without push", nvtx.range_pop() == -1)
check("the tool saw them in order", lines() == ["push outer", "mark here", "push inner", "pop",
                                                 "push step", "pop", "pop"])
try:
    with nvtx.range("raises"):
        raise KeyError("k")
except KeyError:
    pass
check("a range closes on an exception", lines()[-2:] == ["push raises", "pop"])

a = np.arange(1000, dtype=np.float32)
a.sum()
before = len(lines())
with gpu.profile(print=False, name="prof block") as p:
    b = (a * 2 + 1).tolist()  # @expr
got = lines()[before:]
dev = [r for r in p.records if r.kind not in ("compile", "load")]
pushes = [ln for ln in got if ln.startswith("push ")]
check("the block is a range", got[0] == "push prof block" and got[-1] == "pop")
check("one range per device record", len(pushes) == 1 + len(dev))
check("balanced", len(pushes) == sum(1 for ln in got if ln == "pop"))
names = ["push %s %s:%d" % (r.name, r.file, r.line) for r in dev]
check("records named as the table names them", pushes[1:] == names)
with gpu.profile(print=False, nvtx=False):
    (a * 3).tolist()
check("nvtx=False emits nothing", len(lines()) == before + len(got))
try:
    nvtx.range(5)
    bad = False
except TypeError:
    bad = True
check("bad message", bad)
print("%d failed" % failed)
raise SystemExit(1 if failed else 0)
