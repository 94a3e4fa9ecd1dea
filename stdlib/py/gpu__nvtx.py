"""gpu.nvtx: NVTX ranges and marks, so Nsight Systems shows a script's structure (the names
torch.cuda.nvtx has). The NVTX library is loaded with dlopen at the first call
(libnvtx3interop.so.1 of CUDA 12.8 and later, or libnvToolsExt.so.1); without it every call
does nothing and range_push/range_pop return -1. Under Nsight (nsys profile krait
script.py) the library hands each call to the tool; otherwise each returns at once."""
import _gpuprof

__all__ = ["available", "range_push", "range_pop", "mark", "range"]


def available():
    """True when the NVTX library is loaded (calls reach a tool when one is attached)."""
    return _gpuprof.nvtx_available()


def range_push(msg):
    """Open a nested range named msg; the depth of ranges this interpreter opened, or -1
    without the NVTX library."""
    return _gpuprof.nvtx_push(msg)


def range_pop():
    """Close the innermost range this interpreter opened; the depth after, or -1 when none
    is open (or without the library)."""
    return _gpuprof.nvtx_pop()


def mark(msg):
    """An instant event named msg."""
    _gpuprof.nvtx_mark(msg)


class range:
    """`with gpu.nvtx.range("step %d" % i):` a range around the block; also a decorator,
    the range then named after the function unless msg is given."""

    def __init__(self, msg=None):
        if msg is not None and not isinstance(msg, str):
            raise TypeError("nvtx.range() message must be a str, not %s" % type(msg).__name__)
        self.msg = msg

    def __enter__(self):
        _gpuprof.nvtx_push(self.msg if self.msg is not None else "range")
        return self

    def __exit__(self, et, ev, tb):
        _gpuprof.nvtx_pop()
        return False

    def __call__(self, fn):
        msg = self.msg if self.msg is not None else getattr(fn, "__qualname__", fn.__name__)

        def wrapped(*args, **kwargs):
            _gpuprof.nvtx_push(msg)
            try:
                return fn(*args, **kwargs)
            finally:
                _gpuprof.nvtx_pop()

        wrapped.__name__ = fn.__name__
        wrapped.__qualname__ = getattr(fn, "__qualname__", fn.__name__)
        wrapped.__doc__ = fn.__doc__
        wrapped.__wrapped__ = fn
        return wrapped
