# A kernel that never ends, under the watchdog (run with KRAIT_KERNEL_TIMEOUT=3): the
# Collatz iteration on 0 stays at 0 forever. The wait for it must raise RuntimeError naming
# the timeout within a few seconds of it; the host data stays; Python keeps running; every
# later GPU call fails at once with the same explanation; and the process exits (the
# runner checks that it does, within its own time limit). On the CPU backend the tile
# interpreter runs the kernel itself, so there the script only checks that a time limit
# is not needed for the finite case (the CPU has no watchdog: a host time limit bounds it).
import os
import time
import gpu
import tile as ct
from _fault_check import check, done, real_device


@ct.kernel
def collatz(x, steps):
    b = ct.bid(0)
    v = ct.load(x, (b,), shape=())
    n = 0
    while v != 1:
        if v % 2 == 0:
            v = v // 2
        else:
            v = 3 * v + 1
        n += 1
    ct.store(steps, (b,), n)


# the finite case first: 6 -> 3 -> 10 -> 5 -> 16 -> 8 -> 4 -> 2 -> 1 is 8 steps
x = gpu.array([6, 7, 1, 27], dtype=gpu.int32)
steps = gpu.zeros((4,), dtype=gpu.int32)
ct.launch(gpu.Stream.default, (4,), collatz, (x, steps))
check("finite_collatz", steps.tolist() == [8, 16, 0, 111], steps.tolist())

if not real_device():
    print("SKIP never-ending kernel: needs a CUDA device (on the CPU backend the host's "
          "time limit bounds a kernel, not the watchdog)")
    done()
    raise SystemExit(0)

limit = float(os.environ.get("KRAIT_KERNEL_TIMEOUT", "0") or 0)
check("timeout_set", limit > 0, "run with KRAIT_KERNEL_TIMEOUT=3")
host = [str(i) for i in range(1000)]
zero = gpu.zeros((2,), dtype=gpu.int32)
out = gpu.zeros((2,), dtype=gpu.int32)
err = None
t0 = time.time()
try:
    ct.launch(gpu.Stream.default, (2,), collatz, (zero, out))
    out.tolist()
except RuntimeError as e:
    err = str(e)
took = time.time() - t0
print("never-ending kernel: %.1f s: %s" % (took, err))
check("timeout_reported", err is not None and "kernel timeout" in err, repr(err))
check("timeout_on_time", limit <= took < limit + 30, "%.1f s for a %g s timeout" % (took, limit))
check("host_data_kept", host[999] == "999" and len(host) == 1000)
check("python_runs", sum(range(10**5)) == 4999950000)
t0 = time.time()
later = None
try:
    gpu.ones(4).sum()
except RuntimeError as e:
    later = str(e)
print("later GPU call:", later)
check("later_calls_fail_fast", later is not None and "kernel timeout" in later and
      time.time() - t0 < 2, "%r after %.1f s" % (later, time.time() - t0))
done()
