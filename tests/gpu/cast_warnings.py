# NumPy's checks when Python numbers become array elements: a float that overflows a
# narrower float type warns "overflow encountered in cast" (array creation, asarray, full,
# fill, scalar assignment, np.float32(...), a Python float operand), and a float into an
# integer type converts through a Python int (OverflowError out of range, NaN ValueError,
# inf OverflowError). Array-to-array assignment casts: cpu_cast_warnings.py.
import numpy as np
from _warncheck import t


def setitem(dt, key, v):
    x = np.zeros(3, dt)
    x[key] = v
    return x


def fill(dt, v):
    x = np.zeros(2, dt)
    x.fill(v)
    return x


t("f32 list", lambda: np.array([1e300, 1.0], dtype=np.float32))
t("f16 list", lambda: np.array([[1e10, 1.0], [2.0, -1e10]], dtype=np.float16))
t("f16 int", lambda: np.array([100000], dtype=np.float16))
t("f32 bigint", lambda: np.array([10**39], dtype=np.float32))
t("f32 ok", lambda: np.array([3e38, -3e38], dtype=np.float32))
t("asarray f32", lambda: np.asarray([1e300], dtype=np.float32))
t("full f32", lambda: np.full(2, 1e300, dtype=np.float32))
t("full f16 int", lambda: np.full(3, 70000, dtype=np.float16))
t("full_like", lambda: np.full_like(np.zeros(2, np.float32), 1e300))
t("fill f32", lambda: fill(np.float32, 1e300))
t("setitem f32", lambda: setitem(np.float32, 0, 1e300))
t("setitem slice f16", lambda: setitem(np.float16, slice(None), 1e10))
t("setitem mask f32", lambda: setitem(np.float32, np.array([True, False, True]), -1e300))
t("scalar f32", lambda: np.float32(1e300))
t("scalar f16", lambda: np.float16(1e10))
t("scalar f16 ok", lambda: np.float16(65504.0))
t("operand f32", lambda: np.ones(2, np.float32) * 1e300)
t("operand f16", lambda: np.ones(2, np.float16) + 1e10)
t("operand ok", lambda: np.ones(2, np.float32) * 2.5)
for dt in ("int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64", "bool"):
    for v in (300.7, -1.0, -129.5, 1e30, 2.0 ** 63, float("inf"), float("nan"), 1.5):
        t("int %s %r" % (dt, v), lambda: np.array([v], dtype=dt).tolist())
t("setitem i8", lambda: setitem(np.int8, 0, 1e10))
t("setitem i32 nan", lambda: setitem(np.int32, 1, float("nan")))
t("setitem u8 neg", lambda: setitem(np.uint8, 0, -1.0))
t("full i8", lambda: np.full(2, 300.0, dtype=np.int8))
t("full u16", lambda: np.full(2, 1e5, dtype=np.uint16))
t("nested i8", lambda: np.array([[1.0, 1e10]], dtype=np.int8))
with np.errstate(over="ignore"):
    t("errstate ignore", lambda: np.array([1e300], dtype=np.float32))
with np.errstate(over="raise"):
    t("errstate raise", lambda: np.array([1e300], dtype=np.float32))
