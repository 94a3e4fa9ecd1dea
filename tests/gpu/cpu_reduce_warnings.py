# The one reduction whose own floating-point warning only the CPU backend reports: a
# last-axis float sum that CUDA fuses into a row program (FUSE_ROWRED, one kernel per row)
# does not check its adds (docs/GPU.md). The others, on every backend: reduce_flags.py.
import numpy as np
from _warncheck import t


t("sum axis", lambda: np.array([[1e308, 1e308], [1.0, 2.0]]).sum(axis=1))
t("mean axis", lambda: np.array([[1e308, 1e308], [1.0, 2.0]]).mean(axis=-1))
