# The floating-point warnings of the reduction loops themselves, on every backend (on CUDA
# the device reductions' own flag words, gpu/kernels/kernels_reduce.c's checked variant):
# "overflow encountered in reduce", "invalid value encountered in reduce" (sum, prod, mean,
# np.add.reduce, nansum), "... in accumulate" (cumsum, cumprod), var/std's "invalid value
# encountered in subtract" and "overflow encountered in square"; none for NaN in min/max.
# A last-axis float sum/mean that a row program fuses is the exception (docs/GPU.md): its
# case stays in cpu_reduce_warnings.py.
import numpy as np
from _warncheck import t


t("max nan", lambda: np.array([np.nan, 1.0]).max())
t("min nan axis", lambda: np.array([[np.nan, 1.0]]).min(axis=1))
t("argmax nan", lambda: np.array([1.0, np.nan]).argmax())
t("sum nan", lambda: np.array([np.nan, 1.0]).sum())
t("sum inf", lambda: np.array([np.inf, 1.0]).sum())
t("sum inf-inf", lambda: np.array([np.inf, -np.inf]).sum())
t("sum ovf", lambda: np.array([1e308, 1e308]).sum())
t("sum ovf f32", lambda: np.array([3e38, 3e38], dtype=np.float32).sum())
t("sum ovf f16", lambda: np.array([60000, 60000], dtype=np.float16).sum())
t("sum axis0", lambda: np.array([[1e308, 1e308], [1e308, 2.0]]).sum(axis=0))
t("sum axis0 3d", lambda: np.full((3, 5, 7), 1e308).sum(axis=1)[0, :2])
t("sum strided", lambda: np.array([1e308, 0.0, 1e308, 0.0])[::2].sum())
t("sum keepdims", lambda: np.array([1e308, 1e308]).sum(keepdims=True))
t("prod ovf", lambda: np.array([1e200, 1e200]).prod())
t("prod invalid", lambda: np.array([0.0, np.inf]).prod())
t("prod axis0", lambda: np.array([[1e200, 0.0], [1e200, np.inf]]).prod(axis=0))
t("mean ovf", lambda: np.array([1e308, 1e308]).mean())
t("mean inf-inf", lambda: np.array([np.inf, -np.inf]).mean())
t("var inf", lambda: np.array([np.inf, 1.0]).var())
t("var big", lambda: np.array([1e200, -1e200]).var())
t("var ovf sum", lambda: np.array([1e308, 1e308]).var())
t("std big", lambda: np.array([1e200, -1e200, 0.0]).std())
t("cumsum ovf", lambda: np.cumsum(np.array([1e308, 1e308])))
t("cumsum invalid", lambda: np.cumsum(np.array([np.inf, -np.inf])))
t("cumprod ovf", lambda: np.cumprod(np.array([1e200, 1e200])))
t("nansum ovf", lambda: np.nansum(np.array([1e308, 1e308, np.nan])))
t("add.reduce", lambda: np.add.reduce(np.array([1e308, 1e308])))
t("int sum", lambda: np.array([2**62, 2**62]).sum())
t("max inf", lambda: np.array([np.inf, -np.inf]).max())
t("finite big", lambda: np.full(5, 1e307).sum())
# many blocks on a GPU: the overflow in one thread's share, then in the combining of partials
big = np.full(300000, 2.0**996)  # every partial sum exact: the same in any order
t("big no ovf", lambda: big.sum() == 300000 * 2.0**996)
big2 = np.full(300000, 1e304)
t("big ovf", lambda: big2.sum())
one = np.zeros(300000)
one[123457] = np.inf
one[7] = -np.inf
t("big inf-inf", lambda: one.sum())
t("big f32", lambda: np.full(200000, 1e34, dtype=np.float32).sum())
# a fused expression reduced: its own warnings, then the reduction's
x = np.array([1e200, 2e200, 3.0])
t("fused", lambda: (x * x).sum())
t("fused reduce only", lambda: (x + x).sum())
t("mean fused", lambda: np.mean(x * 1e108))
with np.errstate(over="ignore"):
    t("errstate ignore", lambda: np.array([1e308, 1e308]).sum())
    t("ignore invalid kept", lambda: np.array([np.inf, -np.inf]).sum())
with np.errstate(over="raise"):
    t("errstate raise", lambda: np.array([1e308, 1e308]).sum())
with np.errstate(invalid="raise"):
    t("raise invalid", lambda: np.array([np.inf, -np.inf]).sum(axis=0))
with np.errstate(all="ignore"):
    t("all ignore", lambda: np.array([np.inf, -np.inf, 1e308, 1e308]).sum())
# the warning comes when the value is read (on CUDA: at the next wait), once
import warnings

with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter("always")
    s = np.array([1e308, 1e308]).sum()
    r = repr(s / 2)
    print("later", r, [str(x.message) for x in w])
