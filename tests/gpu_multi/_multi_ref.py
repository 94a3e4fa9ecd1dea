"""Shared by the tests/gpu_multi scripts: krait's several devices (gpu.Device, a.to(device),
gpu.distributed), or stand-ins under NumPy (the reference, tests/gen_expected_multi.py):
KRAIT_MOCK_DEVICES devices that all are the host, copies that are copies, and collectives and
shards written with plain NumPy from their documented meaning (docs/GPU.md "Several GPUs").
check(cond, what) prints a failure only under krait, where the placement it checks exists."""
import operator
import os

import numpy as np

KRAIT = np.__version__.endswith("-krait")


def check(cond, what):
    if KRAIT and not cond:
        print("FAIL:", what)


def error(f):
    """Call f: print the ValueError or TypeError it raises, or "no error"."""
    try:
        f()
        print("no error")
    except (ValueError, TypeError) as e:
        print(type(e).__name__)


if KRAIT:
    import gpu
    import gpu.distributed

    Communicator = gpu.distributed.Communicator
    shard = gpu.distributed.shard

    Device = gpu.Device
    device_count = gpu.device_count

    def to(a, d):
        return a.to(d)

    def dev(a):
        return a.device.id

    def asarray(a, dtype=None, device=None):
        return np.asarray(a, dtype=dtype, device=device)

else:
    def device_count():
        return int(os.environ.get("KRAIT_MOCK_DEVICES", "1"))

    class Device:
        def __init__(self, device=None):
            d = 0 if device is None else operator.index(device)
            n = device_count()
            if d < 0 or d >= n:
                raise ValueError("gpu.Device(%d): there %s %d device%s (0 to %d)"
                                 % (d, "is" if n == 1 else "are", n, "" if n == 1 else "s",
                                    n - 1))
            self.id = d

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            return False

        def synchronize(self):
            pass

        def __index__(self):
            return self.id

        def __eq__(self, other):
            return isinstance(other, Device) and other.id == self.id

        def __hash__(self):
            return hash(self.id)

        def __repr__(self):
            return "<gpu.Device %d>" % self.id

    def to(a, d):
        Device(d)
        return a.copy()

    def dev(a):
        return None

    def asarray(a, dtype=None, device=None):
        if device is not None:
            Device(device)
        return np.asarray(a, dtype=dtype)

    def _reduce(op, xs):
        st = np.stack(xs)
        dt = xs[0].dtype
        if op == "sum":
            return np.sum(st, axis=0, dtype=dt)
        if op == "prod":
            return np.prod(st, axis=0, dtype=dt)
        if op == "max":
            return np.max(st, axis=0)
        if op == "min":
            return np.min(st, axis=0)
        return (np.sum(st, axis=0, dtype=dt) / len(xs)).astype(dt)

    class Communicator:
        """NCCL's documented meaning of each collective, in NumPy (one host)."""

        def __init__(self, devices=None, backend=None):
            self.devices = tuple(range(device_count()) if devices is None else devices)
            for d in self.devices:
                Device(d)
            if len(set(self.devices)) != len(self.devices):
                raise ValueError("device %d is twice in the communicator" % self.devices[0])
            self.size = len(self.devices)

        def _check(self, xs, op=None):
            if len(xs) != self.size:
                raise ValueError("one array a rank")
            if op is not None:
                if op not in ("sum", "prod", "max", "min", "avg"):
                    raise ValueError("bad op")
                if str(xs[0].dtype) in ("bool", "int16", "uint16") or (
                        op == "avg" and xs[0].dtype.kind != "f"):
                    raise TypeError("no such reduction")

        def all_reduce(self, xs, op="sum"):
            self._check(xs, op)
            r = _reduce(op, xs)
            for x in xs:
                x[...] = r
            return xs

        def reduce(self, xs, root=0, op="sum"):
            self._check(xs, op)
            xs[root][...] = _reduce(op, xs)
            return xs

        def broadcast(self, xs, root=0):
            self._check(xs)
            for x in xs:
                x[...] = xs[root]
            return xs

        def all_gather(self, xs):
            self._check(xs)
            full = np.concatenate([x.reshape((-1,) + x.shape[1:]) for x in xs])
            return [full.copy() for _ in xs]

        def reduce_scatter(self, xs, op="sum"):
            self._check(xs, op)
            if xs[0].shape[0] % self.size:
                raise ValueError("not divisible")
            r = _reduce(op, xs)
            k = r.shape[0] // self.size
            return [r[i * k:(i + 1) * k].copy() for i in range(self.size)]

        def send(self, x, dst, out=None):
            out = x.copy() if out is None else out
            out[...] = x
            return out

        def synchronize(self):
            pass

        def done(self):
            import asyncio
            f = asyncio.get_running_loop().create_future()
            f.set_result([None] * self.size)
            return f

        def close(self):
            pass

    class _Sharded:
        """The whole array stands for its shards (exact data: the split changes nothing)."""

        def __init__(self, a):
            self.a = a
            self.shape, self.dtype, self.ndim, self.size = a.shape, a.dtype, a.ndim, a.size

        def gather(self, device=0):
            return self.a.copy()

        def map(self, f, *args, **kw):
            return _Sharded(f(self.a, *args, **kw))

        def astype(self, dtype):
            return _Sharded(self.a.astype(dtype))

        def _b(self, o, f):
            return _Sharded(f(self.a, o.a if isinstance(o, _Sharded) else o))

        def __add__(self, o): return self._b(o, lambda a, b: a + b)
        def __radd__(self, o): return self._b(o, lambda a, b: b + a)
        def __sub__(self, o): return self._b(o, lambda a, b: a - b)
        def __rsub__(self, o): return self._b(o, lambda a, b: b - a)
        def __mul__(self, o): return self._b(o, lambda a, b: a * b)
        def __rmul__(self, o): return self._b(o, lambda a, b: b * a)
        def __truediv__(self, o): return self._b(o, lambda a, b: a / b)
        def __pow__(self, o): return self._b(o, lambda a, b: a ** b)
        def __gt__(self, o): return self._b(o, lambda a, b: a > b)
        def __lt__(self, o): return self._b(o, lambda a, b: a < b)
        def __neg__(self): return _Sharded(-self.a)
        def __abs__(self): return _Sharded(abs(self.a))
        def __matmul__(self, w): return _Sharded(self.a @ w)
        def __len__(self): return len(self.a)

        def _r(self, name, axis):
            r = getattr(self.a, name)(axis=axis)
            return _Sharded(r) if axis is not None and axis % self.ndim != 0 else r

        def sum(self, axis=None): return self._r("sum", axis)
        def prod(self, axis=None): return self._r("prod", axis)
        def max(self, axis=None): return self._r("max", axis)
        def min(self, axis=None): return self._r("min", axis)
        def mean(self, axis=None): return self._r("mean", axis)

    def shard(a, devices=None):
        for d in range(device_count()) if devices is None else devices:
            Device(d)
        a = np.asarray(a)
        if a.ndim == 0:
            raise ValueError("0-d")
        return _Sharded(a)


def gathered(x):
    """A sharded result as one array (krait's gather; the reference's whole array)."""
    return x.gather(0)
