"""types for krait: names for the interpreter's types (FunctionType, ModuleType, ...),
SimpleNamespace, MappingProxyType, new_class and friends, written from the documented
behaviour of CPython 3.11 (docs.python.org/3.11/library/types.html)."""

import sys

__all__ = ["FunctionType", "LambdaType", "CodeType", "MappingProxyType", "SimpleNamespace",
           "CellType", "GeneratorType", "CoroutineType", "MethodType", "BuiltinFunctionType",
           "BuiltinMethodType", "ModuleType", "TracebackType", "FrameType", "NoneType",
           "EllipsisType", "NotImplementedType", "new_class", "resolve_bases",
           "prepare_class", "DynamicClassAttribute", "coroutine", "GenericAlias",
           "UnionType", "MethodWrapperType", "WrapperDescriptorType", "MethodDescriptorType",
           "ClassMethodDescriptorType", "GetSetDescriptorType", "MemberDescriptorType",
           "AsyncGeneratorType"]


def _f():
    pass


FunctionType = type(_f)
LambdaType = type(lambda: None)
CodeType = type(_f.__code__)
NoneType = type(None)
EllipsisType = type(Ellipsis)
NotImplementedType = type(NotImplemented)
ModuleType = type(sys)


def _cell_factory():
    a = 1

    def f():
        nonlocal a
    return f.__closure__[0] if getattr(f, "__closure__", None) else None


_cell = _cell_factory()
CellType = type(_cell) if _cell is not None else None


def _g():
    yield 1


GeneratorType = type(_g())


async def _c():
    pass


_co = _c()
CoroutineType = type(_co)
_co.close()
del _co


class _C:
    def _m(self):
        pass


MethodType = type(_C()._m)
BuiltinFunctionType = type(len)
BuiltinMethodType = type([].append)
WrapperDescriptorType = type(object.__init__)
MethodWrapperType = type(object().__str__)
MethodDescriptorType = type(str.join)
ClassMethodDescriptorType = type(dict.__dict__["fromkeys"]) if "fromkeys" in dict.__dict__ \
    else MethodDescriptorType
GetSetDescriptorType = type(FunctionType.__dict__.get("__code__", property()))
MemberDescriptorType = GetSetDescriptorType
AsyncGeneratorType = None

try:
    raise TypeError
except TypeError as _e:
    TracebackType = type(_e.__traceback__)
    FrameType = type(_e.__traceback__.tb_frame) if hasattr(_e.__traceback__, "tb_frame") \
        else None
    del _e

GenericAlias = type(list[int])
UnionType = type(int | str)


class SimpleNamespace:
    """A simple attribute-based namespace: SimpleNamespace(**kwargs)."""

    def __init__(self, *args, **kwargs):
        if args:
            raise TypeError("no positional arguments expected")
        self.__dict__.update(kwargs)

    def __repr__(self):
        if _repr_running.get(id(self)):
            return "namespace(...)"
        _repr_running[id(self)] = True
        try:
            items = ("%s=%r" % (k, v) for k, v in self.__dict__.items())
            name = "namespace" if type(self) is SimpleNamespace else type(self).__name__
            return name + "(" + ", ".join(items) + ")"
        finally:
            del _repr_running[id(self)]

    def __eq__(self, other):
        if isinstance(self, SimpleNamespace) and isinstance(other, SimpleNamespace):
            return self.__dict__ == other.__dict__
        return NotImplemented

    __hash__ = None


_repr_running = {}


class MappingProxyType:
    """A read-only proxy of a mapping."""

    def __init__(self, mapping):
        if not hasattr(mapping, "__getitem__") or isinstance(mapping, (list, tuple)):
            raise TypeError("mappingproxy() argument must be a mapping, not " +
                            type(mapping).__name__)
        self._mapping = mapping

    def __getitem__(self, key):
        return self._mapping[key]

    def __iter__(self):
        return iter(self._mapping)

    def __len__(self):
        return len(self._mapping)

    def __contains__(self, key):
        return key in self._mapping

    def __reversed__(self):
        return reversed(self._mapping)

    def __or__(self, other):
        return dict(self._mapping) | other

    def __ror__(self, other):
        return other | dict(self._mapping)

    def get(self, key, default=None):
        return self._mapping.get(key, default)

    def keys(self):
        return self._mapping.keys()

    def values(self):
        return self._mapping.values()

    def items(self):
        return self._mapping.items()

    def copy(self):
        return self._mapping.copy()

    def __eq__(self, other):
        return self._mapping == other

    def __repr__(self):
        return "mappingproxy(" + repr(self._mapping) + ")"

    def __str__(self):
        return str(self._mapping)

    def __setitem__(self, key, value):
        raise TypeError("'mappingproxy' object does not support item assignment")

    def __delitem__(self, key):
        raise TypeError("'mappingproxy' object does not support item deletion")


def resolve_bases(bases):
    """Resolve MRO entries dynamically as specified by PEP 560."""
    new_bases = list(bases)
    updated = False
    shift = 0
    for i, base in enumerate(bases):
        if isinstance(base, type):
            continue
        if not hasattr(base, "__mro_entries__"):
            continue
        new_base = base.__mro_entries__(bases)
        updated = True
        if not isinstance(new_base, tuple):
            raise TypeError("__mro_entries__ must return a tuple")
        new_bases[i + shift:i + shift + 1] = new_base
        shift += len(new_base) - 1
    if not updated:
        return bases
    return tuple(new_bases)


def _calculate_meta(meta, bases):
    winner = meta
    for base in bases:
        base_meta = type(base)
        if issubclass(winner, base_meta):
            continue
        if issubclass(base_meta, winner):
            winner = base_meta
            continue
        raise TypeError("metaclass conflict: the metaclass of a derived class must be a "
                        "(non-strict) subclass of the metaclasses of all its bases")
    return winner


def prepare_class(name, bases=(), kwds=None):
    """Call the __prepare__ method of the appropriate metaclass: (metaclass, namespace,
    kwds)."""
    kwds = {} if kwds is None else dict(kwds)
    if "metaclass" in kwds:
        meta = kwds.pop("metaclass")
    else:
        meta = type(bases[0]) if bases else type
    if isinstance(meta, type):
        meta = _calculate_meta(meta, bases)
    if hasattr(meta, "__prepare__"):
        ns = meta.__prepare__(name, bases, **kwds)
    else:
        ns = {}
    return meta, ns, kwds


def new_class(name, bases=(), kwds=None, exec_body=None):
    """Create a class object dynamically using the appropriate metaclass."""
    resolved_bases = resolve_bases(bases)
    meta, ns, kwds = prepare_class(name, resolved_bases, kwds)
    if exec_body is not None:
        exec_body(ns)
    if resolved_bases is not bases:
        ns["__orig_bases__"] = bases
    return meta(name, resolved_bases, ns, **kwds)


class DynamicClassAttribute(property):
    """Route attribute access on a class to __getattr__ (krait: a plain property)."""


def coroutine(func):
    """Convert a generator function to a coroutine function: its generators can be awaited.
    (krait: other callables are returned unchanged.)"""
    if not callable(func):
        raise TypeError("types.coroutine() expects a callable")
    co = getattr(func, "__code__", None)
    if type(func) is FunctionType and co is not None and co.co_flags & 0x20:
        import _types
        _types._mark_iterable_coroutine(co)
    return func
