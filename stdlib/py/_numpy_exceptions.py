"""numpy.exceptions for krait's gpu/numpy module: NumPy 2's exception and warning classes,
written as NumPy writes them (numpy/exceptions.py). The numpy module loads this file and
_install() makes it `np.exceptions` (so `from numpy.exceptions import AxisError` works).
The native array code raises AxisError through arr_norm_axis (gpu/array/array_reduce.c),
the Python parts through normalize_axis below."""

np = None  # the numpy module, set when it loads this file


class ComplexWarning(RuntimeWarning):
    """Casting a complex array to a real one discards the imaginary part."""


class ModuleDeprecationWarning(DeprecationWarning):
    """Module deprecation warning."""


class VisibleDeprecationWarning(UserWarning):
    """A deprecation warning shown by default."""


class RankWarning(RuntimeWarning):
    """Issued by polyfit when the Vandermonde matrix is rank deficient."""


class TooHardError(RuntimeError):
    """max_work was exceeded."""


class DTypePromotionError(TypeError):
    """Multiple DTypes could not be converted to a common one."""


class AxisError(ValueError, IndexError):
    """Axis supplied was invalid: a ValueError and an IndexError, as NumPy's."""

    def __init__(self, axis, ndim=None, msg_prefix=None):
        if ndim is None and msg_prefix is None:
            # single-argument form: the message itself
            self._msg = axis
            self.axis = None
            self.ndim = None
        else:
            self._msg = msg_prefix
            self.axis = axis
            self.ndim = ndim

    def __str__(self):
        if self.axis is None and self.ndim is None:
            return self._msg
        msg = f"axis {self.axis} is out of bounds for array of dimension {self.ndim}"
        if self._msg is not None:
            msg = f"{self._msg}: {msg}"
        return msg


def normalize_axis(axis, ndim, prefix=None):
    """axis (an integer, negative from the end) as 0..ndim-1, or AxisError."""
    if not isinstance(axis, int):
        axis = axis.__index__()
    if axis < -ndim or axis >= ndim:
        raise AxisError(axis, ndim, prefix)
    return axis + ndim if axis < 0 else axis


def _install():
    import sys
    me = sys.modules[__name__]
    for c in (ComplexWarning, ModuleDeprecationWarning, VisibleDeprecationWarning, RankWarning,
              TooHardError, DTypePromotionError, AxisError):
        c.__module__ = "numpy.exceptions"
    setattr(np, "exceptions", me)
    me.__name__ = "numpy.exceptions"
    sys.modules["numpy.exceptions"] = me
