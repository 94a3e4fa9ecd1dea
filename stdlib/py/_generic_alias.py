"""types.GenericAlias (list[int]) and types.UnionType (int | str), as CPython 3.11's
Objects/genericaliasobject.c and unionobject.c behave.

The VM imports this module the first time a builtin class is subscripted or two classes are
or-ed (vm/protocol.c, vm/type.c), so start-up does not pay for it."""


def _repr_item(obj):
    if obj is Ellipsis:
        return "..."
    if hasattr(obj, "__origin__") and hasattr(obj, "__args__"):
        return repr(obj)
    try:
        qualname = obj.__qualname__
        module = obj.__module__
    except AttributeError:
        return repr(obj)
    if not isinstance(qualname, str) or not isinstance(module, str):
        return repr(obj)
    if module == "builtins":
        return qualname
    return module + "." + qualname


def _is_typevar(obj):
    return type(obj).__name__ in ("TypeVar", "ParamSpec") and hasattr(obj, "__name__")


def _collect_parameters(args):
    params = []
    for a in args:
        if _is_typevar(a):
            if a not in params:
                params.append(a)
        else:
            for p in getattr(a, "__parameters__", ()) if isinstance(a, (GenericAlias, UnionType)) else ():
                if p not in params:
                    params.append(p)
    return tuple(params)


def _subst(arg, mapping):
    if _is_typevar(arg):
        return mapping.get(arg, arg)
    if isinstance(arg, (GenericAlias, UnionType)) and arg.__parameters__:
        return arg[tuple(mapping[p] for p in arg.__parameters__)]
    return arg


def _substitution(alias, items, exact):
    """{TypeVar: item} for alias[items] (exact: as many items as parameters)."""
    params = alias.__parameters__
    if not params:
        raise TypeError(f"{alias!r} is not a generic class")
    if not isinstance(items, tuple):
        items = (items,)
    if exact and len(items) != len(params):
        raise TypeError(f"Too {'many' if len(items) > len(params) else 'few'} arguments "
                        f"for {alias!r}; actual {len(items)}, expected {len(params)}")
    return dict(zip(params, items))


class GenericAlias:
    """Represent a PEP 585 generic type

E.g. for t = list[int], t.__origin__ is list and t.__args__ is (int,)."""

    __slots__ = ("__origin__", "__args__", "__parameters__")

    def __new__(cls, origin, args):
        self = object.__new__(cls)
        if not isinstance(args, tuple):
            args = (args,)
        object.__setattr__(self, "__origin__", origin)
        object.__setattr__(self, "__args__", args)
        object.__setattr__(self, "__parameters__", _collect_parameters(args))
        return self

    def __repr__(self):
        if self.__args__ == ():
            return _repr_item(self.__origin__) + "[()]"
        return (_repr_item(self.__origin__) + "[" +
                ", ".join(_repr_item(a) for a in self.__args__) + "]")

    def __call__(self, *args, **kwargs):
        result = self.__origin__(*args, **kwargs)
        try:
            result.__orig_class__ = self
        except Exception:
            pass
        return result

    def __mro_entries__(self, bases):
        return (self.__origin__,)

    def __getattr__(self, name):
        if name.startswith("__") and name.endswith("__") and name not in (
                "__name__", "__qualname__", "__module__", "__doc__"):
            raise AttributeError(name)
        return getattr(self.__origin__, name)

    def __setattr__(self, name, value):
        raise AttributeError("readonly attribute")

    def __getitem__(self, items):
        mapping = _substitution(self, items, True)
        return GenericAlias(self.__origin__, tuple(_subst(a, mapping) for a in self.__args__))

    def __eq__(self, other):
        if not isinstance(other, GenericAlias):
            return NotImplemented
        return self.__origin__ == other.__origin__ and self.__args__ == other.__args__

    def __hash__(self):
        return hash(self.__origin__) ^ hash(self.__args__)

    def __or__(self, other):
        return _union(self, other)

    def __ror__(self, other):
        return _union(other, self)

    def __instancecheck__(self, obj):
        raise TypeError("isinstance() argument 2 cannot be a parameterized generic")

    def __subclasscheck__(self, cls):
        raise TypeError("issubclass() argument 2 cannot be a parameterized generic")

    def __dir__(self):
        return sorted(set(dir(self.__origin__)) |
                      {"__origin__", "__args__", "__parameters__", "__mro_entries__"})

    def __reduce__(self):
        return GenericAlias, (self.__origin__, self.__args__)


class UnionType:
    """Represent a PEP 604 union type

E.g. for int | str"""

    __slots__ = ("__args__", "__parameters__")

    def __repr__(self):
        return " | ".join("None" if a is type(None) else _repr_item(a) for a in self.__args__)

    def __eq__(self, other):
        if not isinstance(other, UnionType):
            return NotImplemented
        return set(self.__args__) == set(other.__args__)

    def __hash__(self):
        return hash(frozenset(self.__args__))

    def __or__(self, other):
        return _union(self, other)

    def __ror__(self, other):
        return _union(other, self)

    def __getitem__(self, items):
        mapping = _substitution(self, items, False)
        result = None
        for a in self.__args__:
            a = _subst(a, mapping)
            result = a if result is None else result | a
        return result

    def __instancecheck__(self, obj):
        for a in self.__args__:
            if isinstance(a, GenericAlias):
                raise TypeError("isinstance() argument 2 cannot be a parameterized generic")
        return isinstance(obj, self.__args__)

    def __subclasscheck__(self, cls):
        for a in self.__args__:
            if isinstance(a, GenericAlias):
                raise TypeError("issubclass() argument 2 cannot be a parameterized generic")
        return issubclass(cls, self.__args__)


GenericAlias.__module__ = "types"
UnionType.__module__ = "types"


def _unionable(x):
    return x is None or isinstance(x, (type, GenericAlias, UnionType))


def _union(a, b):
    """a | b for classes, aliases, unions and None; NotImplemented otherwise."""
    if not _unionable(a) or not _unionable(b):
        return NotImplemented
    args = []
    for x in (a, b):
        parts = x.__args__ if isinstance(x, UnionType) else (x,)
        for p in parts:
            if p is None:
                p = type(None)
            if p not in args:
                args.append(p)
    if len(args) == 1:
        return args[0]
    u = object.__new__(UnionType)
    object.__setattr__(u, "__args__", tuple(args))
    object.__setattr__(u, "__parameters__", _collect_parameters(args))
    return u
