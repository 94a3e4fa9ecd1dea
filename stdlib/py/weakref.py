"""weakref for krait: weak references and what is built on them, after the documented
behaviour of CPython 3.11 (docs.python.org/3.11/library/weakref.html). The reference type
is native (vm/weakref.c through _weakref); references are cleared by the collector, and
their callbacks run at the next safe point (gc.collect(), or the next weakref call)."""

from _weakref import ref, ReferenceType, getweakrefcount, getweakrefs, _run_callbacks
from collections.abc import MutableMapping, MutableSet

__all__ = ["ref", "proxy", "getweakrefcount", "getweakrefs", "WeakKeyDictionary",
           "ReferenceType", "ProxyType", "CallableProxyType", "ProxyTypes",
           "WeakValueDictionary", "WeakSet", "WeakMethod", "finalize"]


def _count_live(refs):
    _run_callbacks()
    return sum(1 for r in list(refs) if r() is not None)


def _referents(refs):
    """The objects still alive behind a collection of weak references."""
    _run_callbacks()
    for r in list(refs):
        o = r()
        if o is not None:
            yield o


def _holds(refs, item):
    try:
        wr = ref(item)
    except TypeError:
        return False
    return wr in refs


def _live(r):
    o = r()
    if o is None:
        raise ReferenceError("weakly-referenced object no longer exists")
    return o


class ProxyType:
    """A proxy to a weakly referenced object: attribute access and operators go to it."""
    __slots__ = ("_proxy_ref",)

    def __init__(self, obj, callback=None):
        if callback is None:
            object.__setattr__(self, "_proxy_ref", ref(obj))
        else:
            object.__setattr__(self, "_proxy_ref", ref(obj, lambda r, p=self: callback(p)))

    def __getattribute__(self, name):
        return getattr(_live(object.__getattribute__(self, "_proxy_ref")), name)

    def __setattr__(self, name, value):
        setattr(_live(object.__getattribute__(self, "_proxy_ref")), name, value)

    def __delattr__(self, name):
        delattr(_live(object.__getattribute__(self, "_proxy_ref")), name)

    def __repr__(self):
        o = object.__getattribute__(self, "_proxy_ref")()
        return "<weakproxy at %#x; %s>" % (
            id(self), "dead" if o is None else "to '%s' at %#x" % (type(o).__name__, id(o)))

    def __str__(self):
        return str(_live(object.__getattribute__(self, "_proxy_ref")))

    def __bool__(self):
        return bool(_live(object.__getattribute__(self, "_proxy_ref")))

    def __hash__(self):
        raise TypeError("unhashable type: 'weakref.ProxyType'")


def _forward(name):
    def method(self, *args):
        return getattr(_live(object.__getattribute__(self, "_proxy_ref")), name)(*args)
    method.__name__ = name
    return method


for _n in ("__len__", "__iter__", "__next__", "__contains__", "__getitem__", "__setitem__",
           "__delitem__", "__eq__", "__ne__", "__lt__", "__le__", "__gt__", "__ge__",
           "__add__", "__sub__", "__mul__", "__truediv__", "__floordiv__", "__mod__",
           "__pow__", "__neg__", "__pos__", "__abs__", "__int__", "__float__", "__index__",
           "__enter__", "__exit__", "__radd__", "__rsub__", "__rmul__"):
    setattr(ProxyType, _n, _forward(_n))
del _n


class CallableProxyType(ProxyType):
    __slots__ = ()

    def __call__(self, *args, **kwargs):
        return _live(object.__getattribute__(self, "_proxy_ref"))(*args, **kwargs)


ProxyTypes = (ProxyType, CallableProxyType)


def proxy(obj, callback=None):
    """A proxy to obj that does not keep it alive."""
    _run_callbacks()
    if callable(obj):
        return CallableProxyType(obj, callback)
    return ProxyType(obj, callback)


class WeakMethod(ref):
    """A weak reference to a bound method: it lives as long as the method's object does."""

    def __new__(cls, meth, callback=None):
        try:
            obj = meth.__self__
            func = meth.__func__
        except AttributeError:
            raise TypeError("argument should be a bound method, not {}".format(type(meth))) from None

        def _cb(arg):
            self = self_wr()
            if self is not None and self._alive:
                self._alive = False
                if callback is not None:
                    callback(self)
        self = ref.__new__(cls, obj, _cb)
        self._func_ref = ref(func, _cb)
        self._meth_type = type(meth)
        self._alive = True
        self_wr = ref(self)
        return self

    def __call__(self):
        obj = super().__call__()
        func = self._func_ref()
        if obj is None or func is None:
            return None
        return self._meth_type(func, obj)

    def __eq__(self, other):
        if isinstance(other, WeakMethod):
            if not self._alive or not other._alive:
                return self is other
            return ref.__eq__(self, other) and self._func_ref == other._func_ref
        return NotImplemented

    def __ne__(self, other):
        r = self.__eq__(other)
        return r if r is NotImplemented else not r

    __hash__ = ref.__hash__


class WeakValueDictionary(MutableMapping):
    """A mapping whose values are held weakly: an entry goes when its value dies."""

    def __init__(self, other=(), /, **kw):
        self.data = {}

        def remove(wr, selfref=ref(self)):
            self = selfref()
            if self is not None and self.data.get(wr.key) is wr:
                del self.data[wr.key]
        self._remove = remove
        self.update(other, **kw)

    def _ref(self, key, value):
        r = KeyedRef(value, self._remove, key)
        return r

    def __getitem__(self, key):
        o = self.data[key]()
        if o is None:
            raise KeyError(key)
        return o

    def __setitem__(self, key, value):
        _run_callbacks()
        self.data[key] = self._ref(key, value)

    def __delitem__(self, key):
        _run_callbacks()
        del self.data[key]

    def __len__(self):
        return _count_live(self.data.values())

    def __contains__(self, key):
        try:
            o = self.data[key]()
        except KeyError:
            return False
        return o is not None

    def __iter__(self):
        _run_callbacks()
        for k, r in list(self.data.items()):
            if r() is not None:
                yield k

    def __repr__(self):
        return "<WeakValueDictionary at %#x>" % id(self)

    def copy(self):
        new = WeakValueDictionary()
        for k, v in self.items():
            new[k] = v
        return new

    __copy__ = copy

    def get(self, key, default=None):
        try:
            r = self.data[key]
        except KeyError:
            return default
        o = r()
        return default if o is None else o

    def itervaluerefs(self):
        for r in list(self.data.values()):
            if r() is not None:
                yield r

    def valuerefs(self):
        return list(self.itervaluerefs())

    def setdefault(self, key, default=None):
        o = self.get(key)
        if o is None:
            self[key] = default
            return default
        return o


class KeyedRef(ref):
    """A weak reference that remembers a key (WeakValueDictionary's entries)."""

    def __new__(cls, ob, callback, key):
        self = ref.__new__(cls, ob, callback)
        self.key = key
        return self

    def __init__(self, ob, callback, key):
        pass


class WeakKeyDictionary(MutableMapping):
    """A mapping whose keys are held weakly: an entry goes when its key dies."""

    def __init__(self, dict=None):
        self.data = {}

        def remove(k, selfref=ref(self)):
            self = selfref()
            if self is not None:
                self.data.pop(k, None)
        self._remove = remove
        if dict is not None:
            self.update(dict)

    def __getitem__(self, key):
        return self.data[ref(key)]

    def __setitem__(self, key, value):
        _run_callbacks()
        self.data[ref(key, self._remove)] = value

    def __delitem__(self, key):
        _run_callbacks()
        del self.data[ref(key)]

    def __len__(self):
        return _count_live(self.data)

    def __contains__(self, key):
        return _holds(self.data, key)

    def __iter__(self):
        return _referents(self.data)

    def __repr__(self):
        return "<WeakKeyDictionary at %#x>" % id(self)

    def get(self, key, default=None):
        return self.data.get(ref(key), default)

    def copy(self):
        new = WeakKeyDictionary()
        for k, v in self.items():
            new[k] = v
        return new

    __copy__ = copy

    def keyrefs(self):
        return [r for r in self.data if r() is not None]


class WeakSet(MutableSet):
    """A set whose elements are held weakly."""

    def __init__(self, data=None):
        self.data = set()

        def _remove(item, selfref=ref(self)):
            self = selfref()
            if self is not None:
                self.data.discard(item)
        self._remove = _remove
        if data is not None:
            for x in data:
                self.add(x)

    def __iter__(self):
        return _referents(self.data)

    def __len__(self):
        return _count_live(self.data)

    def __contains__(self, item):
        return _holds(self.data, item)

    def add(self, item):
        _run_callbacks()
        self.data.add(ref(item, self._remove))

    def discard(self, item):
        _run_callbacks()
        self.data.discard(ref(item))

    def remove(self, item):
        _run_callbacks()
        self.data.remove(ref(item))

    def copy(self):
        return WeakSet(self)

    def __repr__(self):
        return "{}({!r})".format(type(self).__name__, set(self))

    def __eq__(self, other):
        if not isinstance(other, self.__class__):
            return NotImplemented
        return set(self) == set(other)

    __hash__ = None


class finalize:
    """finalize(obj, func, *args, **kwargs): call func(*args, **kwargs) when obj dies (at the
    next safe point), or when the finalizer is called first; at most once."""

    _registry = {}
    _index = [0]

    class _Info:
        __slots__ = ("weakref", "func", "args", "kwargs", "atexit", "index")

    def __init__(self, obj, func, /, *args, **kwargs):
        info = self._Info()
        info.weakref = ref(obj, self)
        info.func = func
        info.args = args
        info.kwargs = kwargs or None
        info.atexit = True
        finalize._index[0] += 1
        info.index = finalize._index[0]
        finalize._registry[self] = info

    def __call__(self, _=None):
        info = finalize._registry.pop(self, None)
        if info:
            return info.func(*info.args, **(info.kwargs or {}))

    def detach(self):
        info = finalize._registry.get(self)
        obj = info and info.weakref()
        if obj is not None and finalize._registry.pop(self, None):
            return (obj, info.func, info.args, info.kwargs or {})

    def peek(self):
        info = finalize._registry.get(self)
        obj = info and info.weakref()
        if obj is not None:
            return (obj, info.func, info.args, info.kwargs or {})

    @property
    def alive(self):
        _run_callbacks()
        return self in finalize._registry

    @property
    def atexit(self):
        info = finalize._registry.get(self)
        return bool(info) and info.atexit

    @atexit.setter
    def atexit(self, value):
        info = finalize._registry.get(self)
        if info:
            info.atexit = bool(value)

    def __repr__(self):
        info = finalize._registry.get(self)
        obj = info and info.weakref()
        if obj is None:
            return "<%s object at %#x; dead>" % (type(self).__name__, id(self))
        return "<%s object at %#x; for %r at %#x>" % (type(self).__name__, id(self),
                                                       type(obj).__name__, id(obj))
