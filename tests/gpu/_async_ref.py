"""Shared by the tests/gpu/async_*.py scripts: krait's GPU awaitables, or stand-ins under
NumPy (the reference), where GPU work is complete when queued and every wait is a finished
asyncio future (as krait's are on its CPU backend)."""
import asyncio
import numpy as np

KRAIT = np.__version__.endswith("-krait")


def finished(value=None):
    f = asyncio.get_running_loop().create_future()
    f.set_result(value)
    return f


class _RefStream:
    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False

    def done(self):
        return finished()

    def query(self):
        return True


class _RefEvent:
    def record(self, stream=None):
        pass

    def done(self):
        return finished()

    def query(self):
        return True


Stream = np.Stream if KRAIT else _RefStream
Event = np.Event if KRAIT else _RefEvent
default_stream = np.Stream.default if KRAIT else _RefStream()


def to_host(a):
    return a.to_host() if KRAIT else finished(a.tolist())


def set_wait(mode, spin_us=200):
    if KRAIT:
        import _uv
        _uv.set_gpu_wait(mode, spin_us)
