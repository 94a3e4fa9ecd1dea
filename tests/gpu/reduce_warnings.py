# NumPy's RuntimeWarnings of reductions that are shape rules, the same on every backend: a
# mean over no elements ("Mean of empty slice"), var/std whose ddof is at least the count
# ("Degrees of freedom <= 0 for slice"), then the division's own warnings and NaN or inf;
# and the nan functions' ("All-NaN slice encountered", nanvar's "... slice."). The values
# of the flags of the reduction loops themselves: cpu_reduce_warnings.py.
import numpy as np
from _warncheck import t


e = np.array([])
t("mean empty", lambda: e.mean())
t("mean empty int", lambda: np.array([], dtype=np.int64).mean())
t("mean empty f32", lambda: np.array([], dtype=np.float32).mean())
t("mean empty f16", lambda: np.zeros(0, np.float16).mean())
t("np.mean empty", lambda: np.mean([]))
t("mean axis0", lambda: np.zeros((0, 3)).mean(axis=0))
t("mean axis1", lambda: np.zeros((2, 0)).mean(axis=1))
t("mean keepdims", lambda: np.zeros((2, 0)).mean(axis=1, keepdims=True))
t("mean empty out", lambda: np.zeros((3, 0)).mean(axis=0))
t("mean 2d none", lambda: np.zeros((0, 4), np.float32).mean())
t("var empty", lambda: e.var())
t("std empty", lambda: e.std())
t("var ddof1", lambda: np.array([1.0]).var(ddof=1))
t("std ddof1", lambda: np.array([3.0]).std(ddof=1))
t("var ddof2 axis", lambda: np.array([[1.0, 2.0], [3.0, 3.0]]).var(axis=1, ddof=2))
t("std ddof3", lambda: np.array([1.0, 2.0]).std(ddof=3))
t("var int ddof", lambda: np.array([1, 2, 3]).var(ddof=3))
t("var f32 ddof", lambda: np.array([1.0, 5.0], np.float32).var(ddof=2))
t("var axis0 empty", lambda: np.zeros((0, 2)).var(axis=0))
t("var correction", lambda: np.var(np.arange(3.0), correction=3))
t("var correction method", lambda: np.arange(3.0).var(correction=3))
t("std correction method", lambda: np.arange(3.0).std(correction=1))
t("var ok", lambda: np.arange(4.0).var(ddof=1))
t("mean ok", lambda: np.arange(4.0).mean())
t("median empty", lambda: np.median(np.array([])))
with np.errstate(invalid="ignore", divide="ignore"):
    t("errstate ignore", lambda: np.array([]).mean())
    t("errstate ignore var", lambda: np.array([1.0, 2.0]).var(ddof=2))
with np.errstate(invalid="raise"):
    t("errstate raise", lambda: np.array([]).mean())
t("nanmean allnan", lambda: np.nanmean(np.array([np.nan, np.nan])))
t("nanmean axis", lambda: np.nanmean(np.array([[np.nan, 1.0], [np.nan, 3.0]]), axis=0))
t("nanmean ok", lambda: np.nanmean(np.array([np.nan, 1.0, 2.0])))
t("nanmax allnan", lambda: np.nanmax(np.array([np.nan])))
t("nanmin axis", lambda: np.nanmin(np.array([[np.nan, 1.0], [np.nan, 3.0]]), axis=0))
t("nanmax ok", lambda: np.nanmax(np.array([np.nan, 1.0])))
t("nanvar ddof", lambda: np.nanvar(np.array([1.0, np.nan]), ddof=1))
t("nanstd allnan", lambda: np.nanstd(np.array([np.nan, np.nan])))
t("nanvar ok", lambda: np.nanvar(np.array([1.0, np.nan, 3.0])))
t("nanargmax allnan", lambda: np.nanargmax(np.array([np.nan, np.nan])))
t("median f32 empty", lambda: np.median(np.zeros(0, np.float32)))
t("median int empty", lambda: np.median(np.zeros(0, np.int64)))
t("median axis0 empty", lambda: np.median(np.zeros((0, 3)), axis=0))
t("median axis1", lambda: np.median(np.zeros((0, 3)), axis=1))
t("mean bool empty", lambda: np.zeros(0, bool).mean())
t("var f16 ddof", lambda: np.zeros(1, np.float16).var(ddof=1))
t("var i32 ddof", lambda: np.zeros(1, np.int32).var(ddof=1))
