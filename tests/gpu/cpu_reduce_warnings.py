# The floating-point warnings of the reduction loops, as NumPy reports them: "overflow
# encountered in reduce", "invalid value encountered in reduce" (sum, prod, mean, np.add.
# reduce, nansum), "... in accumulate" (cumsum, cumprod), var/std's "invalid value
# encountered in subtract" and "overflow encountered in square"; none for NaN in min/max.
# CPU backend only (cpu_ prefix): device reductions do not report these (docs/GPU.md).
import numpy as np
from _warncheck import t


t("max nan", lambda: np.array([np.nan, 1.0]).max())
t("min nan axis", lambda: np.array([[np.nan, 1.0]]).min(axis=1))
t("argmax nan", lambda: np.array([1.0, np.nan]).argmax())
t("sum nan", lambda: np.array([np.nan, 1.0]).sum())
t("sum inf-inf", lambda: np.array([np.inf, -np.inf]).sum())
t("sum ovf", lambda: np.array([1e308, 1e308]).sum())
t("sum ovf f32", lambda: np.array([3e38, 3e38], dtype=np.float32).sum())
t("sum ovf f16", lambda: np.array([60000, 60000], dtype=np.float16).sum())
t("sum axis", lambda: np.array([[1e308, 1e308], [1.0, 2.0]]).sum(axis=1))
t("sum axis0", lambda: np.array([[1e308, 1e308], [1e308, 2.0]]).sum(axis=0))
t("sum strided", lambda: np.array([1e308, 0.0, 1e308, 0.0])[::2].sum())
t("prod ovf", lambda: np.array([1e200, 1e200]).prod())
t("prod invalid", lambda: np.array([0.0, np.inf]).prod())
t("mean ovf", lambda: np.array([1e308, 1e308]).mean())
t("mean inf-inf", lambda: np.array([np.inf, -np.inf]).mean())
t("var inf", lambda: np.array([np.inf, 1.0]).var())
t("var big", lambda: np.array([1e200, -1e200]).var())
t("var ovf sum", lambda: np.array([1e308, 1e308]).var())
t("cumsum ovf", lambda: np.cumsum(np.array([1e308, 1e308])))
t("cumsum invalid", lambda: np.cumsum(np.array([np.inf, -np.inf])))
t("cumprod ovf", lambda: np.cumprod(np.array([1e200, 1e200])))
t("nansum ovf", lambda: np.nansum(np.array([1e308, 1e308, np.nan])))
t("add.reduce", lambda: np.add.reduce(np.array([1e308, 1e308])))
t("int sum", lambda: np.array([2**62, 2**62]).sum())
t("max inf", lambda: np.array([np.inf, -np.inf]).max())
with np.errstate(over="ignore"):
    t("errstate ignore", lambda: np.array([1e308, 1e308]).sum())
with np.errstate(over="raise"):
    t("errstate raise", lambda: np.array([1e308, 1e308]).sum())
with np.errstate(invalid="raise"):
    t("raise invalid", lambda: np.array([np.inf, -np.inf]).sum(axis=0))
