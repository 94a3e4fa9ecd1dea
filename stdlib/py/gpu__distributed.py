"""gpu.distributed: collectives over the GPUs of this process and arrays split over them
(docs/GPU.md "Several GPUs").

Communicator(devices=None, backend=None): one rank a device, in the order given (all devices
by default). backend "nccl" runs NCCL (gpu/runtime/nccl.c, loaded with dlopen: KRAIT_NCCL
names the library); "fake" runs the same collectives with copies between devices and array
operations, on any backend (the mock device and the CPU backend too, so CI checks the
logic); None takes NCCL where it loads and the fake elsewhere. A collective takes one array
a rank (xs[i] on devices[i], one shape and dtype) and queues its work on each device's
current stream: it returns before the work is done, as a kernel launch does; read the
results (any read waits), or `await comm.done()` / comm.synchronize().

shard(a, devices=None) splits a along its first axis over the devices (np.array_split's
sizes), a ShardedArray: elementwise arithmetic with scalars, arrays broadcast over the
rows and sharded arrays of the same split; sum/mean/max/min/prod over all, axis 0 or the
other axes; x @ w with w on one device (copied to each); map(f) per shard; gather(device)
back to one array."""
import operator

import gpu

__all__ = ["Communicator", "ShardedArray", "shard", "OPS"]

OPS = ("sum", "prod", "max", "min", "avg")
_NCCL_OPS = {"sum": 0, "prod": 1, "max": 2, "min": 3, "avg": 4}
# gpu/runtime/nccl.h's GPU_COLL_*
_ALL_REDUCE, _BROADCAST, _REDUCE, _ALL_GATHER, _REDUCE_SCATTER = range(5)
_NO_REDUCE = ("bool", "int16", "uint16")


def _combine(op, a, b):
    if op == "sum" or op == "avg":
        return a + b
    if op == "prod":
        return a * b
    if op == "max":
        return gpu.maximum(a, b)
    return gpu.minimum(a, b)


class Communicator:
    """Ranks over devices of this process (see the module's doc)."""

    def __init__(self, devices=None, backend=None):
        if devices is None:
            devices = range(gpu.device_count())
        devs = []
        for d in devices:
            d = operator.index(d)
            gpu.Device(d)  # ValueError for a device that does not exist
            if d in devs:
                raise ValueError("device %d is twice in the communicator" % d)
            devs.append(d)
        if not devs:
            raise ValueError("a communicator needs at least one device")
        ok, why = gpu._nccl_status()
        if backend is None:
            backend = "nccl" if ok else "fake"
        if backend not in ("nccl", "fake"):
            raise ValueError("backend must be 'nccl', 'fake' or None, not %r" % (backend,))
        if backend == "nccl" and not ok:
            raise RuntimeError("gpu.distributed: " + why)
        self.devices = tuple(devs)
        self.size = len(devs)
        self.backend = backend
        self.nccl_version = why if ok else None
        self._h = gpu._nccl_comm(self.devices) if backend == "nccl" else None

    def __repr__(self):
        return "<gpu.distributed.Communicator %s over devices %s>" % (self.backend,
                                                                       list(self.devices))

    def close(self):
        """Free the NCCL communicator (the interpreter's end does it too)."""
        if self._h is not None:
            gpu._nccl_destroy(self._h)
            self._h = None
            self.backend = "closed"

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
        return False

    # ---- checks ----

    def _ranks(self, xs, what):
        if self.backend == "closed":
            raise ValueError("the communicator is closed")
        xs = list(xs)
        if len(xs) != self.size:
            raise ValueError("%s takes one array a rank: %d arrays for %d ranks"
                             % (what, len(xs), self.size))
        for i, x in enumerate(xs):
            if not isinstance(x, gpu.ndarray):
                raise TypeError("%s: rank %d's value is not an ndarray" % (what, i))
            if x.device.id != self.devices[i]:
                raise ValueError("%s: rank %d's array is on device %d, not %d"
                                 % (what, i, x.device.id, self.devices[i]))
            if x.shape != xs[0].shape or x.dtype != xs[0].dtype:
                raise ValueError("%s: the ranks' arrays differ: %s %s and %s %s"
                                 % (what, xs[0].shape, xs[0].dtype, x.shape, x.dtype))
        return xs

    def _op(self, op, dtype, what):
        if op not in _NCCL_OPS:
            raise ValueError("%s: op must be one of %s, not %r" % (what, ", ".join(OPS), op))
        name = str(dtype)
        if name in _NO_REDUCE:
            raise TypeError("%s: NCCL has no reduction of %s arrays" % (what, name))
        if op == "avg" and name[0] != "f" and name != "bfloat16":
            raise TypeError("%s: op 'avg' takes floating-point arrays, not %s" % (what, name))

    def _root(self, root):
        root = operator.index(root)
        if root < 0 or root >= self.size:
            raise ValueError("root must be a rank in 0..%d, not %d" % (self.size - 1, root))
        return root

    def _empty(self, i, shape, dtype):
        with gpu.Device(self.devices[i]):
            return gpu.empty(shape, dtype)

    def _contiguous(self, xs):
        return [x if x.flags.c_contiguous else self._copy_on(i, x) for i, x in enumerate(xs)]

    def _copy_on(self, i, x):
        with gpu.Device(self.devices[i]):
            return gpu.ascontiguousarray(x)

    def _reduce_fake(self, xs, op):
        acc = xs[0].to(self.devices[0]).copy()
        for x in xs[1:]:
            acc = _combine(op, acc, x.to(self.devices[0]))
        if op == "avg":
            acc = (acc / self.size).astype(acc.dtype)
        return acc

    # ---- collectives ----

    def all_reduce(self, xs, op="sum"):
        """Every rank's array becomes op over the ranks (in place); xs."""
        xs = self._ranks(xs, "all_reduce")
        self._op(op, xs[0].dtype, "all_reduce")
        if self.backend == "fake":
            acc = self._reduce_fake(xs, op)
            for x in xs:
                x[...] = acc
            return xs
        bufs = self._contiguous(xs)
        gpu._nccl_run(self._h, _ALL_REDUCE, bufs, bufs, _NCCL_OPS[op], 0)
        for x, b in zip(xs, bufs):
            if b is not x:
                x[...] = b
        return xs

    def reduce(self, xs, root=0, op="sum"):
        """Rank root's array becomes op over the ranks (in place); the others stay; xs."""
        xs = self._ranks(xs, "reduce")
        root = self._root(root)
        self._op(op, xs[0].dtype, "reduce")
        if self.backend == "fake":
            xs[root][...] = self._reduce_fake(xs, op)
            return xs
        bufs = self._contiguous(xs)
        gpu._nccl_run(self._h, _REDUCE, bufs, bufs, _NCCL_OPS[op], root)
        if bufs[root] is not xs[root]:
            xs[root][...] = bufs[root]
        return xs

    def broadcast(self, xs, root=0):
        """Every rank's array becomes rank root's (in place); xs."""
        xs = self._ranks(xs, "broadcast")
        root = self._root(root)
        if self.backend == "fake":
            for i, x in enumerate(xs):
                if i != root:
                    x[...] = xs[root]
            return xs
        bufs = self._contiguous(xs)
        gpu._nccl_run(self._h, _BROADCAST, bufs, bufs, 0, root)
        for x, b in zip(xs, bufs):
            if b is not x:
                x[...] = b
        return xs

    def all_gather(self, xs):
        """A new array on each rank: the ranks' arrays joined along axis 0 (0-d arrays as
        one element each), rank order."""
        xs = self._ranks(xs, "all_gather")
        x0 = xs[0]
        shape = (self.size * x0.shape[0],) + x0.shape[1:] if x0.ndim else (self.size,)
        outs = [self._empty(i, shape, x0.dtype) for i in range(self.size)]
        if self.backend == "fake":
            parts = [x.to(self.devices[0]).reshape((-1,) + x0.shape[1:]) for x in xs]
            with gpu.Device(self.devices[0]):
                full = gpu.concatenate(parts)
            for o in outs:
                o[...] = full
            return outs
        gpu._nccl_run(self._h, _ALL_GATHER, self._contiguous(xs), outs, 0, 0)
        return outs

    def reduce_scatter(self, xs, op="sum"):
        """A new array on each rank: block i (along axis 0, shape[0] // size rows) of op over
        the ranks' arrays goes to rank i."""
        xs = self._ranks(xs, "reduce_scatter")
        self._op(op, xs[0].dtype, "reduce_scatter")
        x0 = xs[0]
        if x0.ndim == 0 or x0.shape[0] % self.size:
            raise ValueError("reduce_scatter: the first axis (%s) must split into %d equal "
                             "blocks" % (x0.shape[0] if x0.ndim else "0-d", self.size))
        k = x0.shape[0] // self.size
        shape = (k,) + x0.shape[1:]
        if self.backend == "fake":
            acc = self._reduce_fake(xs, op)
            outs = []
            for i in range(self.size):
                o = self._empty(i, shape, x0.dtype)
                o[...] = acc[i * k:(i + 1) * k]
                outs.append(o)
            return outs
        outs = [self._empty(i, shape, x0.dtype) for i in range(self.size)]
        gpu._nccl_run(self._h, _REDUCE_SCATTER, self._contiguous(xs), outs, _NCCL_OPS[op], 0)
        return outs

    def send(self, x, dst, out=None):
        """Send x (on one rank's device) to rank dst: the received array (out, or a new one
        on dst's device). In one process both ends are this interpreter, so recv is this
        call's out=."""
        if self.backend == "closed":
            raise ValueError("the communicator is closed")
        dst = self._root(dst)
        if not isinstance(x, gpu.ndarray):
            raise TypeError("send: x is not an ndarray")
        if x.device.id not in self.devices:
            raise ValueError("send: x is on device %d, which is not in the communicator"
                             % x.device.id)
        src = self.devices.index(x.device.id)
        if out is None:
            out = self._empty(dst, x.shape, x.dtype)
        elif out.device.id != self.devices[dst] or out.shape != x.shape or out.dtype != x.dtype:
            raise ValueError("send: out must be a %s %s array on device %d"
                             % (x.shape, x.dtype, self.devices[dst]))
        if src == dst or self.backend == "fake":
            out[...] = x
            return out
        buf = out if out.flags.c_contiguous else self._empty(dst, x.shape, x.dtype)
        gpu._nccl_sendrecv(self._h, src, dst, self._contiguous_on(src, x), buf)
        if buf is not out:
            out[...] = buf
        return out

    def _contiguous_on(self, i, x):
        return x if x.flags.c_contiguous else self._copy_on(i, x)

    def recv(self, x, src, out=None):
        """The receiving end's spelling of send: rank src's x into out (or a new array) on
        the device of out / of rank src's peer; here the same as send(x, dst) with dst the
        device out lives on (out required)."""
        if out is None:
            raise TypeError("recv: out (the receiving array) is required in one process")
        return self.send(x, self.devices.index(out.device.id), out)

    # ---- waiting ----

    def synchronize(self):
        """Wait for the work queued on every rank's device."""
        for d in self.devices:
            gpu.Device(d).synchronize()

    def done(self):
        """An awaitable that finishes when the work queued so far on every rank's device has
        (asyncio: `await comm.done()`; on the CPU backend it is finished already)."""
        import asyncio
        waits = []
        for d in self.devices:
            with gpu.Device(d):
                waits.append(gpu.Stream.default.done())
        return asyncio.gather(*waits)


# ---- arrays split along axis 0 over devices ----

def _devices_arg(devices):
    if devices is None:
        devices = range(gpu.device_count())
    devs = []
    for d in devices:
        d = operator.index(d)
        gpu.Device(d)
        if d in devs:
            raise ValueError("device %d is twice in the mesh" % d)
        devs.append(d)
    if not devs:
        raise ValueError("shard needs at least one device")
    return tuple(devs)


def shard(a, devices=None):
    """a split along its first axis over devices (all by default): shard i, on devices[i],
    holds rows np.array_split would give it (the first shape[0] % n shards one row more)."""
    devs = _devices_arg(devices)
    a = gpu.asarray(a)
    if a.ndim == 0:
        raise ValueError("shard: a 0-d array has no first axis to split")
    n, rows = len(devs), a.shape[0]
    shards, start = [], 0
    for i, d in enumerate(devs):
        k = rows // n + (1 if i < rows % n else 0)
        shards.append(gpu.asarray(a[start:start + k], device=d).copy())
        start += k
    return ShardedArray(shards, devs)


class ShardedArray:
    """Shards of one array along axis 0, shard i on devices[i] (see shard())."""

    def __init__(self, shards, devices):
        self.shards = list(shards)
        self.devices = tuple(devices)
        s0 = self.shards[0]
        self.dtype = s0.dtype
        self.shape = (sum(s.shape[0] for s in self.shards),) + s0.shape[1:]
        self.ndim = len(self.shape)
        self.size = 1
        for k in self.shape:
            self.size *= k

    def __repr__(self):
        return "ShardedArray(shape=%s, dtype=%s, devices=%s, rows=%s)" % (
            self.shape, self.dtype, list(self.devices), [s.shape[0] for s in self.shards])

    def __len__(self):
        return self.shape[0]

    def gather(self, device=0):
        """The whole array on one device (a copy)."""
        device = operator.index(device)
        parts = [s.to(device) for s in self.shards]
        with gpu.Device(device):
            return gpu.concatenate(parts)

    def map(self, f, *args, **kw):
        """f(shard, *args, **kw) on each shard's device: a ShardedArray when every result
        is an array of the shard's rows, else the list of results."""
        out = []
        for s, d in zip(self.shards, self.devices):
            with gpu.Device(d):
                out.append(f(s, *args, **kw))
        if all(isinstance(r, gpu.ndarray) and r.ndim and r.shape[0] == s.shape[0]
               for r, s in zip(out, self.shards)):
            return ShardedArray(out, self.devices)
        return out

    def astype(self, dtype):
        return self.map(lambda s: s.astype(dtype))

    def copy(self):
        return self.map(lambda s: s.copy())

    # elementwise: scalars, arrays broadcast over the rows, sharded arrays of the same split

    def _operand(self, other, i):
        if isinstance(other, ShardedArray):
            if other.devices != self.devices or [s.shape[0] for s in other.shards] != \
                    [s.shape[0] for s in self.shards]:
                raise ValueError("sharded operands split differently: %r and %r"
                                 % (self, other))
            return other.shards[i]
        if isinstance(other, gpu.ndarray):
            if other.ndim >= self.ndim and other.ndim and other.shape[0 - self.ndim] != 1:
                raise ValueError("an array operand of a sharded array broadcasts over the rows "
                                 "(its shape %s has a first axis): shard it too" % (other.shape,))
            return other.to(self.devices[i])
        return other

    def _binary(self, other, f):
        if isinstance(other, gpu.ndarray):
            others = [self._operand(other, i) for i in range(len(self.shards))]
        else:
            others = None
        out = []
        for i, (s, d) in enumerate(zip(self.shards, self.devices)):
            o = others[i] if others is not None else self._operand(other, i)
            with gpu.Device(d):
                out.append(f(s, o))
        return ShardedArray(out, self.devices)

    def __add__(self, o): return self._binary(o, operator.add)
    def __radd__(self, o): return self._binary(o, lambda s, x: x + s)
    def __sub__(self, o): return self._binary(o, operator.sub)
    def __rsub__(self, o): return self._binary(o, lambda s, x: x - s)
    def __mul__(self, o): return self._binary(o, operator.mul)
    def __rmul__(self, o): return self._binary(o, lambda s, x: x * s)
    def __truediv__(self, o): return self._binary(o, operator.truediv)
    def __rtruediv__(self, o): return self._binary(o, lambda s, x: x / s)
    def __floordiv__(self, o): return self._binary(o, operator.floordiv)
    def __mod__(self, o): return self._binary(o, operator.mod)
    def __pow__(self, o): return self._binary(o, operator.pow)
    def __rpow__(self, o): return self._binary(o, lambda s, x: x ** s)
    def __lt__(self, o): return self._binary(o, operator.lt)
    def __le__(self, o): return self._binary(o, operator.le)
    def __gt__(self, o): return self._binary(o, operator.gt)
    def __ge__(self, o): return self._binary(o, operator.ge)
    def __eq__(self, o): return self._binary(o, operator.eq)
    def __ne__(self, o): return self._binary(o, operator.ne)
    def __and__(self, o): return self._binary(o, operator.and_)
    def __or__(self, o): return self._binary(o, operator.or_)
    def __neg__(self): return self.map(operator.neg)
    def __abs__(self): return self.map(abs)
    __hash__ = None

    def __matmul__(self, w):
        """x @ w, x (2-D) sharded by rows, w on one device (copied to each device): the
        product sharded by rows."""
        if isinstance(w, ShardedArray):
            raise ValueError("x @ w with both sharded: gather one of them first")
        if self.ndim != 2:
            raise ValueError("x @ w takes a 2-D sharded x, not %d-D" % self.ndim)
        w = gpu.asarray(w)
        return ShardedArray([_on(d, lambda s=s, d=d: s @ w.to(d))
                             for s, d in zip(self.shards, self.devices)], self.devices)

    # reductions: over all, over axis 0 (the split: partial results added on the first
    # device holding rows),
    # or over other axes (each shard alone: a sharded result)

    def _reduce(self, name, axis, combine):
        if axis is None or (axis % self.ndim if self.ndim else 0) == 0:
            part_axis = None if axis is None else 0
            # empty shards (more devices than rows) add nothing; max/min of none would raise
            live = [(s, d) for s, d in zip(self.shards, self.devices) if s.shape[0]] or \
                [(self.shards[0], self.devices[0])]
            parts = [_on(d, lambda s=s: getattr(s, name)(axis=part_axis)) for s, d in live]
            d0 = live[0][1]
            acc = _to_device(parts[0], d0)
            for p in parts[1:]:
                acc = _on(d0, lambda acc=acc, p=p: combine(acc, _to_device(p, d0)))
            return acc
        return self.map(lambda s: getattr(s, name)(axis=axis))

    def sum(self, axis=None):
        return self._reduce("sum", axis, operator.add)

    def prod(self, axis=None):
        return self._reduce("prod", axis, operator.mul)

    def max(self, axis=None):
        return self._reduce("max", axis, gpu.maximum)

    def min(self, axis=None):
        return self._reduce("min", axis, gpu.minimum)

    def mean(self, axis=None):
        if axis is not None and axis % self.ndim != 0:
            return self.map(lambda s: s.mean(axis=axis))
        total = self.astype("float64").sum(axis) if self.dtype.kind in "biu" else self.sum(axis)
        count = self.size if axis is None else self.shape[0]
        return total / count


def _on(d, f):
    with gpu.Device(d):
        return f()


def _to_device(v, d):
    """A partial result on device d: arrays are copied, scalars are values already."""
    if isinstance(v, gpu.ndarray):
        return v.to(d)
    return v
