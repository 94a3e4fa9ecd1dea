# Several devices (docs/GPU.md "Several GPUs"): gpu.device_count, gpu.Device as a context
# manager, arrays that know their device, work that runs where its operands live, copies
# between every pair of devices (contiguous, views, every dtype, odd and empty sizes),
# np.asarray(..., device=), dst[...] = src across devices, and the errors.
import numpy as np

from _multi_ref import KRAIT, Device, asarray, check, dev, device_count, to

n = device_count()
print("devices", n)
last = n - 1

DTYPES = ("bool", "int8", "uint8", "int16", "uint16", "int32", "uint32", "int64", "uint64",
          "float16", "float32", "float64")
for dt in DTYPES:
    for size in (0, 1, 7, 1000):
        with Device(last):
            b = (np.arange(size) % 5).astype(dt)
            check(dev(b) == last, "made under Device(last)")
        c = b * 3 if dt != "bool" else b | True  # runs on b's device
        check(dev(c) == last, "work follows its operands")
        h = to(c, 0)
        check(dev(h) == 0, "to(0)")
        r = h[::2] if size > 1 else h
        back = to(r, last)
        check(dev(back) == last, "a view copied")
        print(dt, size, h.dtype, h[:5], back[-3:], h.sum() if dt != "bool" else h.all())

# every pair of devices, a 2-D view and a transposed one
x = np.arange(35, dtype=np.float32).reshape(5, 7)
for i in range(n):
    for j in range(n):
        with Device(i):
            xi = np.asarray(x) + i
        xj = to(xi[1:4, ::3].T, j)
        check(dev(xj) == j, "pair %d %d" % (i, j))
        print(i, j, xj.shape, xj.ravel().tolist())

# a pending result and a reduction on their own device, read from another
with Device(last):
    p = np.linspace(0, 1, 11) ** 2
    s = p.sum()
print(p[3], float(s), (p * 2).max(), asarray(p, device=0)[-1])

# np.asarray(..., device=)
y = asarray([1, 2, 3], device=last)
check(dev(y) == last, "asarray device")
print(y, (y + 1).tolist(), asarray(y, dtype=np.float64, device=0))
if KRAIT:
    check(y.to(last) is y, "to() of the same device is the array")
    check(asarray(y, device=Device(last)) is y, "asarray of the same device")

# dst[...] = src copies across devices
with Device(last):
    dst = np.zeros(6)
dst[1:4] = to(np.array([7.0, 8.0, 9.0]), 0)
print(dst, dev(dst) == last or not KRAIT)

# Device objects
print(Device(last) == Device(last), Device(0) == Device(last), int(Device(last).__index__()))
with Device(last) as d:
    print(d)
Device(last).synchronize()

# errors: a bad ordinal, a bad type, operands of two devices
for bad in (n, -1, 99):
    try:
        Device(bad)
    except ValueError as e:
        print("ValueError:", e)
try:
    Device("1")
except TypeError as e:
    print("TypeError")
try:
    to(x, n)
except ValueError as e:
    print("ValueError:", e)
if n > 1:
    with Device(1):
        other = np.ones(5)
    for f in (lambda: np.ones(5) + other, lambda: other @ np.ones(5),
              lambda: np.add(other, 1, out=np.zeros(5)), lambda: np.where(other > 0, np.ones(5), 0)):
        try:
            f()
            ok = not KRAIT  # the reference's devices are all the host
        except ValueError as e:
            ok = "different devices" in str(e)
        print("mixed devices raise", ok)
print("done")
