# Floating-point warnings of work the CUDA backend queues and runs later (lazy fusion): the
# modes in force when an operation is written count, not those when it runs (a result
# computed under np.errstate(divide='ignore') and printed after the block stays quiet),
# 'raise' and 'call' act at the operation's line, each warning names the operation's own
# line, fused expressions report each of their operations, out= and in-place targets,
# NumPy scalars ("scalar divide"), casts, float16 overflow. Runs on the CPU backend and the
# mock device (and on the H200 through bench/gpu/run_gpu_tests.sh).
import warnings

import numpy as np

a = np.array([1.0, 0.0, -1.0])
with np.errstate(divide="ignore", invalid="ignore"):
    q = a / 0
    lg = np.log(a)
print(q, lg)
try:
    with np.errstate(divide="raise"):
        r = a / 0
    print("no raise")
except FloatingPointError as e:
    print("FloatingPointError:", e)


def cb(kind, flag):
    print("callback", kind, flag)


np.seterrcall(cb)
with np.errstate(all="call"):
    s = np.sqrt(-a)
    print("after sqrt")
print(s)
x = np.arange(6.0).reshape(2, 3)
y = (x - 3) / (x - 3) + np.exp(x * 200)
print(y)
z = np.sqrt(-x) * 2
print(z)
with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter("always")
    u = np.log(np.zeros(2))
    print(u)
    u = np.log(np.zeros(2))
    print(u)
print(len(w), [str(m.message) for m in w], w[0].category.__name__, w[0].lineno)
with warnings.catch_warnings():
    warnings.simplefilter("error")
    try:
        print(a / 0)
    except RuntimeWarning as e:
        print("as error:", e)
h = np.array([60000.0, 1.0], np.float16)
print(h * 2)
print(h + h)
f = np.array([1e30], np.float32)
print(f * f)
print((f * 1e10).astype(np.float16))
print(np.array([np.nan, 3.5]).astype(np.int64)[1:])
print(np.array([1e300, 2.0]).astype(np.float32))
o = np.zeros(3)
np.divide(a, 0, out=o)
print(o)
b = a.copy()
b /= 0
print(b)
print(np.float64(1.0) / 0)
print(np.float32(0) / np.float32(0))
print(np.array([3]) // 0, np.array([3]) % 0)
print(np.array([1.0]) % 0, np.array([np.inf]) % 2, np.array([1.0]) // 0, np.array([0.0]) // 0)
print(np.power(np.array([0.0]), -1), np.arcsin(np.array([2.0])))
print(np.array([1e200]) * np.array([1e200]), np.tan(np.array([np.inf])))
v = np.ones(1000) * 1e300
print(float((v * v).max()))
with np.errstate(all="ignore"):
    k = np.log(-np.ones(4))
print(k, np.geterr()["invalid"])
