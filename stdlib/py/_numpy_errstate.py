"""NumPy's floating-point error reporting for krait's gpu/numpy module: np.errstate (a
context manager and decorator over np.seterr/np.seterrcall, which live in C:
stdlib/gpu/gpu_device.c) and _report, which gpu/array/array_fpe.c calls when a CPU loop
raised a floating-point flag whose mode is not 'ignore', and _report_deferred for device
work on CUDA, reported when the host next waits for the device. 'warn' issues a RuntimeWarning
through the warnings module (so filters and catch_warnings apply) at the script's line:
frames of the module's own frozen Python (ufunc objects, library functions) are skipped,
as NumPy's C code has no frames. The module loads this file after _numpy_ufunc and calls
_install()."""

import sys
import warnings

np = None  # the numpy module, set when it loads this file

# NumPy's flag bits, the seterr key and the message's words, in NumPy's reporting order
_KINDS = ((1, "divide", "divide by zero"), (2, "over", "overflow"), (4, "under", "underflow"),
          (8, "invalid", "invalid value"))


def _stacklevel():
    level = 2  # warn looks at _report; one frame further: the Python frame of the loop
    f = sys._getframe(2)
    while f is not None and f.f_code.co_filename.startswith("<frozen _numpy"):
        f = f.f_back
        level += 1
    return level


def _act(mode, msg, what, flags):
    """The modes other than 'warn' and 'ignore'."""
    if mode == "raise":
        raise FloatingPointError(msg)
    elif mode == "print":
        sys.stderr.write("Warning: " + msg + "\n")
    elif mode == "call":
        f = np.geterrcall()
        if f is None:
            raise ValueError("Python object for err_call is not callable")
        f(what, flags)
    elif mode == "log":
        f = np.geterrcall()
        if f is None or not hasattr(f, "write"):
            raise ValueError("Python object for err_log must have a write method")
        f.write("Warning: " + msg + "\n")


def _report(flags, name):
    modes = np.geterr()
    for bit, key, what in _KINDS:
        if not flags & bit:
            continue
        mode = modes[key]
        msg = what + " encountered in " + name
        if mode == "warn":
            warnings.warn(msg, RuntimeWarning, stacklevel=_stacklevel())
        else:
            _act(mode, msg, what, flags)


def _warn(msg):
    """A RuntimeWarning of NumPy's Python code ("Mean of empty slice"), whatever np.seterr
    says, at the script's line."""
    warnings.warn(msg, RuntimeWarning, stacklevel=_stacklevel())


_MODES = ("ignore", "warn", "raise", "call", "print", "log")


def _report_deferred(items):
    """Errors of device work (gpu/backend/cuda/backend_cuda_fpe.c), found after the
    operations ran: each item is (seq, flags, name, modes, filename, lineno, globals),
    modes packed 3 bits per category as np.seterr had them when the operation was queued,
    reported in the order of seq (the operations' order) and a warning at the operation's
    own line."""
    items.sort(key=lambda t: t[0])
    for _, flags, name, modes, filename, lineno, g in items:
        for i in range(4):
            bit, key, what = _KINDS[i]
            mode = _MODES[(modes >> (3 * i)) & 7]
            if not flags & bit or mode == "ignore":
                continue
            msg = what + " encountered in " + name
            if mode == "warn":
                if g is None:
                    warnings.warn_explicit(msg, RuntimeWarning, filename, lineno)
                else:
                    warnings.warn_explicit(msg, RuntimeWarning, filename, lineno,
                                           g.get("__name__", "<string>"),
                                           g.setdefault("__warningregistry__", {}), g)
            else:
                _act(mode, msg, what, flags)


class _Unset:
    pass


class errstate:
    """with np.errstate(divide='ignore'): ... sets np.seterr's modes (and with call=,
    np.seterrcall's callback) for the block; also a decorator."""

    def __init__(self, *, call=_Unset, all=None, divide=None, over=None, under=None,
                 invalid=None):
        self._call = call
        self._kw = {"all": all, "divide": divide, "over": over, "under": under,
                    "invalid": invalid}

    def __enter__(self):
        self._old = np.seterr(**self._kw)
        if self._call is not _Unset:
            self._oldcall = np.seterrcall(self._call)

    def __exit__(self, *exc):
        np.seterr(**self._old)
        if self._call is not _Unset:
            np.seterrcall(self._oldcall)
        return False

    def __call__(self, func):
        def inner(*args, **kwargs):
            with self:
                return func(*args, **kwargs)
        inner.__name__ = getattr(func, "__name__", "inner")
        inner.__doc__ = getattr(func, "__doc__", None)
        return inner


def _install():
    setattr(np, "errstate", errstate)
