"""The reference's `gpu` module: krait's gpu module has NumPy's names, so here it is NumPy
itself, plus bfloat16 (from ml_dtypes) and the few device names krait adds (Stream, Event,
synchronize, backend). Host code in tests/tile/*.py uses only names that exist in both."""
import time as _time

import ml_dtypes as _ml
from numpy import *  # noqa: F401,F403
import numpy as _np

bfloat16 = _ml.bfloat16
random = _np.random


class Stream:
    """Work on the reference is synchronous, so a stream only has to exist."""

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False

    def synchronize(self):
        pass

    def query(self):
        return True


Stream.default = Stream()


class Event:
    def __init__(self, *args, **kwargs):
        self.t = None

    def record(self, stream=None):
        self.t = _time.perf_counter()

    def synchronize(self):
        pass

    def elapsed_time(self, other):
        return (other.t - self.t) * 1000.0


def synchronize():
    pass


def backend():
    return "cpu"
