# A tile kernel's store forced out of bounds through a bad index read from the data.
# 1. scatter with the default check_bounds: the bad elements (negative, one past the end,
#    2**31 - 1, 2**40) are dropped, the good ones land, and arrays allocated next to the
#    target are untouched.
# 2. (CUDA device only) the same scatter with check_bounds=False and an index 2**40 elements
#    away: the device faults. krait must raise RuntimeError naming the failure, keep the
#    host data, keep running Python, and answer every later GPU call with an error at once
#    (the context is gone; CUDA cannot recover it) instead of crashing or hanging.
import time
import gpu
import tile as ct
from _fault_check import check, done, real_device

N = 64


@ct.kernel
def scatter_checked(idx, val, out):
    i = ct.load(idx, (0,), (N,))
    v = ct.load(val, (0,), (N,))
    ct.scatter(out, i, v)


@ct.kernel
def scatter_unchecked(idx, val, out):
    i = ct.load(idx, (0,), (N,))
    v = ct.load(val, (0,), (N,))
    ct.scatter(out, i, v, check_bounds=False)


bad = {3: -1, 7: N, 11: 2**31 - 1, 13: 2**40, 17: -(2**40)}
idx_host = [bad.get(k, k) for k in range(N)]
before = gpu.full((4096,), 7, dtype=gpu.int64)
out = gpu.zeros((N,), dtype=gpu.int64)
after = gpu.full((4096,), 9, dtype=gpu.int64)
idx = gpu.array(idx_host, dtype=gpu.int64)
val = gpu.arange(N, dtype=gpu.int64) + 100

ct.launch(gpu.Stream.default, (1,), scatter_checked, (idx, val, out))
got = out.tolist()
want = [0 if k in bad else 100 + k for k in range(N)]
check("checked_scatter_values", got == want, (got, want))
check("neighbours_untouched", before.tolist() == [7] * 4096 and after.tolist() == [9] * 4096)

if not real_device():
    print("SKIP unchecked: an unchecked out-of-bounds store on the CPU or mock device writes "
          "host memory")
    done()
    raise SystemExit(0)

host = {"kept": list(range(1000)), "copy": got}
far = [2**40 if k == 5 else k for k in range(N)]
idx2 = gpu.array(far, dtype=gpu.int64)
err = None
t0 = time.time()
try:
    ct.launch(gpu.Stream.default, (1,), scatter_unchecked, (idx2, val, out))
    out.tolist()  # the fault surfaces at the next synchronize at the latest
    gpu.synchronize()
except RuntimeError as e:
    err = str(e)
print("unchecked store:", err)
check("fault_reported", err is not None and "CUDA error" in err, repr(err))
check("fault_prompt", time.time() - t0 < 60, "took %.1f s" % (time.time() - t0))
check("host_data_kept", host["kept"] == list(range(1000)) and host["copy"] == want)
check("python_runs", sum(i * i for i in range(1000)) == 332833500)

t0 = time.time()
later = None
try:
    gpu.ones(16).sum()
except RuntimeError as e:
    later = str(e)
print("later GPU call:", later)
check("later_calls_fail_fast", later is not None and time.time() - t0 < 10,
      "later call: %r after %.1f s" % (later, time.time() - t0))
done()
