# The graph-interpreting kernel (gpu/kernels/kernels_interp.c) and the switch to a fused
# expression's own kernel, on the mock device with KRAIT_FUSE_INTERP=first (the CMake entry of
# gpu_mock/mock_interp_switch sets it): a new expression's first launch runs kr_fuse_interp,
# its kernel takes over from the next launch on, both give the same values; expressions the
# interpreter does not take (float16) compile at once. Every line is a check against values
# this script computes itself on the host; the .exp is written by tests/gen_expected_checks.py.
# The gpu_interp/ family runs every other gpu_mock script with KRAIT_FUSE_INTERP=always. On a
# GPU (bench/gpu/device/par.sh runs every script) when a compile finishes depends on the
# machine: there only the values are checked.
import os

import numpy as np
import gpu

mock = gpu.device().get("name") == "krait mock device"
switch = mock and os.getenv("KRAIT_FUSE_INTERP") == "first"


def check(label, ok):
    print(label, "ok" if ok else "FAILED")


check("on the mock with KRAIT_FUSE_INTERP=first", switch or not mock)


def names(fn):
    with gpu.profile(print=False) as p:
        r = fn()
    return [k.name for k in p.records if k.kind == "kernel"], r


n = 37
x = np.arange(n, dtype=np.float32) - 5
y = np.linspace(0.5, 3.0, n).astype(np.float32)
want = [(float(a) * 2 + float(b)) * float(a) - 1 for a, b in zip(x.tolist(), y.tolist())]


def expr():
    return ((x * 2 + y) * x - 1).tolist()


k1, v1 = names(expr)
k2, v2 = names(expr)
k3, v3 = names(expr)
check("first launch interpreted", not switch or k1 == ["kr_fuse_interp"])
check("then its own kernel", not switch or (k2 == ["kr_fuse"] and k3 == ["kr_fuse"]))
check("interpreted values", all(abs(a - b) <= 1e-5 * max(1.0, abs(b)) for a, b in zip(v1, want)))
check("both kernels give the same values", v1 == v2 == v3)

# strided and broadcast operands, a scalar array, several dtypes, comparisons and where
m = np.arange(24, dtype=np.float64).reshape(4, 6)
col = np.arange(4, dtype=np.int64).reshape(4, 1)
i32 = np.arange(6, dtype=np.int32)


def mixed():
    t = m.T[::2]  # strided
    r = np.where(t > 3.5, t * col.T - i32[::2].reshape(3, 1), -t) + np.float32(0.25)
    return r.tolist()


k1, v1 = names(mixed)
k2, v2 = names(mixed)
ref = []
for r_ in range(3):
    row = []
    for c_ in range(4):
        tv = float(c_ * 6 + 2 * r_)
        row.append((tv * c_ - 2 * r_ if tv > 3.5 else -tv) + 0.25)
    ref.append(row)
check("strided, broadcast, where: interpreted first", not switch or k1[:1] == ["kr_fuse_interp"])
check("strided, broadcast, where: values", v1 == ref and v2 == ref)

iv = np.arange(-7, 9, dtype=np.int64)


def ints():
    return ((iv // 3) * (iv % 4) + (iv << 2) - (~iv & 5)).tolist()


k1, v1 = names(ints)
k2, v2 = names(ints)
refi = [(v // 3) * (v % 4) + (v << 2) - (~v & 5) for v in range(-7, 9)]
check("integers: interpreted, then compiled",
      not switch or (k1 == ["kr_fuse_interp"] and k2 == ["kr_fuse"]))
check("integers: floor division, mod, shifts, invert", v1 == refi and v2 == refi)

b1 = np.array([True, False, True, False])
b2 = np.array([True, True, False, False])


def bools():
    return ((b1 & ~b2) | (b1 ^ b2)).tolist()


k1, v1 = names(bools)
refb = [(p and not q) or (p != q) for p, q in zip(b1.tolist(), b2.tolist())]
check("booleans interpreted", (not switch or k1 == ["kr_fuse_interp"]) and v1 == refb)

# a cast into int32 and the math functions in float32
f = np.linspace(-2.0, 2.0, 9).astype(np.float32)


def math():
    return (np.tanh(f) * np.sqrt(np.abs(f) + 1) + np.floor(f / 3)).astype(np.int32).tolist()


k1, v1 = names(math)
k2, v2 = names(math)
check("math and a cast: interpreted first", not switch or "kr_fuse_interp" in k1)
check("math and a cast: both kernels agree", v1 == v2)

# floating-point checks from an interpreted launch: the warning is raised where it is read
z = np.array([1.0, 0.0, -1.0], dtype=np.float32)
with np.errstate(divide="raise"):
    try:
        with gpu.profile(print=False) as p:
            w = 1.0 / (z * 0.0 + z)
            w.tolist()
        ok = False
    except FloatingPointError as e:
        ok = "divide by zero" in str(e)
check("divide by zero reported from the interpreter", ok)
with np.errstate(invalid="raise"):
    try:
        r = (np.log(z - 2.0) + 1.0).tolist()
        ok = False
    except FloatingPointError as e:
        ok = "invalid value" in str(e)
check("invalid value reported from the interpreter", ok)

# float16 is not interpreted: its kernel compiles at once
h = np.arange(8, dtype=np.float16)
k1, v1 = names(lambda: (h * 3 + 1).tolist())
check("float16 compiles at once",
      (not switch or k1 == ["kr_fuse"]) and v1 == [3.0 * i + 1 for i in range(8)])

# in place and assignment: t[...] = t + 1 runs the graph into t, interpreted the first time
t = np.zeros(5, dtype=np.float32)


def inc():
    t[...] = t + 1
    return t.tolist()


k1, v1 = names(inc)
k2, v2 = names(inc)
k3, v3 = names(inc)
check("assignment interpreted, then compiled",
      not switch or (k1 == ["kr_fuse_interp"] and "kr_fuse" in k2 and set(k3) == {"kr_fuse"}))
check("assignment values", v1 == [1.0] * 5 and v2 == [2.0] * 5 and v3 == [3.0] * 5)
