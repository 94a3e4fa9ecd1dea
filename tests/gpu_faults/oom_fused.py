# Out of device memory in the middle of a fused expression: fill the device with arrays
# until allocation fails, then evaluate a pending fused graph (its output buffer cannot be
# allocated) and a chain long enough to be evaluated in pieces. Each must raise MemoryError
# with the runtime's message; host data and the arrays already made must survive, and once
# memory is freed the same expressions must give the right values.
import os
import gpu
from _fault_check import check, done, real_device

# FAULT_OOM_ON_MOCK=1 runs it on the mock device too, under a `ulimit -v` that makes host
# allocations (the mock's device memory) fail: how the script itself is tested without a GPU.
if not real_device() and not (os.environ.get("FAULT_OOM_ON_MOCK") and gpu.backend() == "cuda"):
    print("SKIP: needs a CUDA device (filling a mock or CPU device fills the host)")
    done()
    raise SystemExit(0)

n = 1 << 20
x = gpu.arange(n, dtype=gpu.float32)
y = gpu.ones(n, dtype=gpu.float32)
host = [i * i for i in range(10000)]
pending = (x * 2 + y) * (x - y) / 3.0 + 1  # lazy: nothing has run yet

def expected(i):
    return ((2.0 * i + 1) * (i - 1)) / 3.0 + 1

hog = []
sizes = [1 << 32, 1 << 30, 1 << 26, 1 << 22, 1 << 20, 1 << 16]  # bytes per block
first_error = None
for size in sizes:
    while True:
        try:
            hog.append(gpu.empty(size // 4, dtype=gpu.float32))
        except MemoryError as e:
            first_error = first_error or str(e)
            break
held = sum(a.size for a in hog) * 4
print("filled the device: %d blocks, %.1f GiB" % (len(hog), held / 2**30))
print("first refusal:", first_error)
check("fill_refused", first_error is not None, "no MemoryError while filling")

try:
    v = float(pending[5])
    check("fused_oom", False, "evaluated with the device full (%r)" % v)
except MemoryError as e:
    check("fused_oom", "out of memory" in str(e) or not real_device(), repr(str(e)))

def long_chain():
    c = x
    for k in range(40):  # past the 32-node graph limit: evaluated part way
        c = c + (k % 3)
    return c.sum()

try:
    long_chain()
    check("chain_oom", False, "a 40-node chain evaluated with the device full")
except MemoryError as e:
    # (under the mock's ulimit the host mirror can be what fails: a bare MemoryError)
    check("chain_oom", "out of memory" in str(e) or not real_device(), repr(str(e)))

check("host_data", host[9999] == 9999 * 9999 and len(host) == 10000)

del hog  # freed by the collection the next failing allocation runs
vals = [float(pending[i]) for i in (0, 1, 5, 1000, n - 1)]
want = [expected(i) for i in (0, 1, 5, 1000, n - 1)]
check("fused_after_free",
      all(abs(a - b) <= 1e-5 * max(1.0, abs(b)) for a, b in zip(vals, want)), (vals, want))
total = float(long_chain())
want_total = float(n) * (n - 1) / 2 + n * sum(k % 3 for k in range(40))
check("chain_after_free", abs(total - want_total) <= 1e-3 * want_total, (total, want_total))
check("x_intact", float(x[12345]) == 12345.0 and float(y.sum()) == float(n))
done()
