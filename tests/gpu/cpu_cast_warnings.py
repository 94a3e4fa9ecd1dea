# Assignment between arrays of different dtypes warns as NumPy's casts do ("overflow
# encountered in cast", "invalid value encountered in cast"), and a float into int8, int16,
# int32, uint8 and uint16 converts as NumPy's x86-64 cast (a 32-bit conversion: NaN and
# out-of-range values become INT32_MIN, then wrap). CPU backend only (cpu_ prefix): on CUDA
# these warnings come at the next wait for the device and device casts saturate
# (docs/GPU.md).
import numpy as np
from _warncheck import t


def assign(dt, src, key=Ellipsis):
    x = np.zeros(len(src), dt)
    x[key] = src
    return x


big = np.array([1e300, 1.0, -1e300])
bad = np.array([np.nan, 1e10, -1e10, 1.5, -2.5, 7e4, -4e4])
t("assign f32", lambda: assign(np.float32, big))
t("assign f16 slice", lambda: assign(np.float16, np.array([1e10, 2.0, 3.0]), slice(None)))
t("assign f32 ok", lambda: assign(np.float32, np.array([1.5, 2.0])))
t("assign strided", lambda: assign(np.float32, big[::-1]))
for dt in ("int8", "int16", "int32", "int64", "uint8", "uint16"):
    t("astype " + dt, lambda: bad.astype(dt))
    t("assign " + dt, lambda: assign(dt, bad))
t("assign i32 from f32", lambda: assign(np.int32, np.array([np.nan, 3e9], np.float32)))
t("assign bool", lambda: assign(bool, np.array([np.nan, 0.0])))
with np.errstate(invalid="ignore"):
    t("errstate ignore", lambda: assign(np.int32, bad))
