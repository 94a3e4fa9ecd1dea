# np.frombuffer, np.fromfile, ndarray.tofile, np.savez and np.load of .npz archives: every
# dtype, odd shapes, views (written in C order), text mode, file objects, bad input.
import io
import os

import numpy as np


def t(label, f):
    try:
        r = f()
    except FileNotFoundError as e:
        r = "FileNotFoundError %d" % e.errno  # the message names the run's own file
    except Exception as e:
        r = "%s: %s" % (type(e).__name__, e)
    print(label, r)


tag = "_tmp_bytes_%d" % os.getpid()  # the CPU and mock runs may share the directory
dts = (np.bool_, np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16, np.uint32,
       np.uint64, np.float16, np.float32, np.float64)
for dt in dts:
    v = (np.arange(7) % 3 - 1).astype(dt) if dt is not np.bool_ else np.arange(7) % 2 == 0
    raw = v.tobytes()
    r = np.frombuffer(raw, dtype=dt)
    print(np.dtype(dt).name, r, r.dtype, r.flags.writeable, np.frombuffer(raw, dt, count=2,
                                                                        offset=r.itemsize))
print(np.frombuffer(b"\x01\x02\x03\x04\x05\x06", np.uint16), np.frombuffer(b"", np.int32),
      np.frombuffer(bytearray(b"\x00\x00\x80?"), np.float32).flags.writeable,
      np.frombuffer(memoryview(b"\x05\x06"), np.int8), np.frombuffer(b"\x01\x00" * 3, "int16"))
t("fb size", lambda: np.frombuffer(b"\x01\x02\x03", np.int16))
t("fb count", lambda: np.frombuffer(b"\x01\x02", np.int16, count=2))
t("fb offset", lambda: np.frombuffer(b"\x01\x02", np.int8, offset=3))
t("fb neg offset", lambda: np.frombuffer(b"\x01\x02", np.int8, offset=-1))
t("fb write", lambda: np.frombuffer(b"\x01\x02", np.int8).__setitem__(0, 1))
# tofile / fromfile, binary and text, paths and file objects
a = np.arange(24, dtype=np.float32).reshape(2, 3, 4)[:, ::2, 1:]
p = tag + ".bin"
print(a.tofile(p), os.path.getsize(p))
print(np.fromfile(p, dtype=np.float32).reshape(a.shape).tolist() == a.tolist(),
      np.fromfile(p, dtype=np.float32, count=3), np.fromfile(p, np.float32, count=2, offset=8))
with open(p, "rb") as f:
    print(np.fromfile(f, dtype=np.int32)[:3])
np.arange(5, dtype=np.int64).tofile(p, sep=",")
print(open(p).read(), np.fromfile(p, dtype=np.int64, sep=","))
np.array([1.5, -2.25, 3.0]).tofile(p, sep=" ", format="%.3f")
print(open(p).read(), np.fromfile(p, sep=" "), np.fromfile(p, sep=" ", count=2))
with open(p, "w") as f:
    f.write("1 2\n3   4\n\n5")
print(np.fromfile(p, dtype=np.int32, sep=" "))
os.remove(p)
t("fromfile missing", lambda: type(np.fromfile(tag + "_missing.bin")))
# savez / load
z = tag + ".npz"
arrs = [np.arange(6).reshape(2, 3), np.linspace(0, 1, 5, dtype=np.float32)[::2],
        np.array(3.5), np.zeros((0, 4), np.int8), np.array([True, False, True])]
np.savez(z, *arrs, extra=np.arange(10, dtype=np.uint16).reshape(5, 2).T,
         half=np.array([0.5, 1e4], np.float16))
with np.load(z) as d:
    print(sorted(d.files), len(d), "extra" in d, "nope" in d)
    for k in sorted(d.files):
        v = d[k]
        print(k, v.dtype, v.shape, v.tolist(), v.flags.writeable)
d = np.load(z)
print(sorted(d.keys()), [k for k, v in sorted(d.items())][:2], d.get("nope", 7))
t("missing key", lambda: d["nope"])
np.savez(tag + "_two", x=np.eye(2))
print(sorted(np.load(tag + "_two.npz").files), np.load(tag + "_two.npz")["x"])
buf = io.BytesIO()
np.savez(buf, q=np.arange(3))
buf.seek(0)
print(np.load(buf)["q"])
for f in (z, tag + "_two.npz"):
    os.remove(f)
t("savez clash", lambda: np.savez(io.BytesIO(), np.ones(2), arr_0=np.ones(2)))
np.save(tag + ".npy", np.arange(3))  # np.load of a .npy stays as before
print(np.load(tag + ".npy"))
os.remove(tag + ".npy")
t("load missing", lambda: np.load(tag + "_none.npz"))
