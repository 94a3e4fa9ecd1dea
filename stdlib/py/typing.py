"""typing for krait: the names scripts use in annotations, with CPython 3.11's reprs,
subscription rules and introspection (get_origin, get_args, get_type_hints). No static
checking happens; the objects exist so annotations evaluate and can be inspected.
Written from the documented behaviour (docs.python.org/3.11/library/typing.html)."""

import collections
import functools
import operator
import sys
import types as _types

__all__ = [
    "Annotated", "Any", "Callable", "ClassVar", "Concatenate", "Final", "ForwardRef",
    "Generic", "Literal", "Optional", "ParamSpec", "Protocol", "Tuple", "Type", "TypeVar",
    "TypeVarTuple", "Union", "AbstractSet", "ByteString", "Container", "ContextManager",
    "Hashable", "ItemsView", "Iterable", "Iterator", "KeysView", "Mapping", "MappingView",
    "MutableMapping", "MutableSequence", "MutableSet", "Sequence", "Sized", "ValuesView",
    "Awaitable", "AsyncIterator", "AsyncIterable", "Coroutine", "Collection",
    "AsyncGenerator", "AsyncContextManager", "Reversible", "SupportsAbs", "SupportsBytes",
    "SupportsComplex", "SupportsFloat", "SupportsIndex", "SupportsInt", "SupportsRound",
    "ChainMap", "Counter", "Deque", "Dict", "DefaultDict", "List", "OrderedDict", "Set",
    "FrozenSet", "NamedTuple", "TypedDict", "Generator", "BinaryIO", "IO", "Match",
    "Pattern", "TextIO", "AnyStr", "assert_type", "assert_never", "cast", "clear_overloads",
    "dataclass_transform", "final", "get_args", "get_origin", "get_overloads",
    "get_type_hints", "is_typeddict", "LiteralString", "Never", "NewType", "no_type_check",
    "no_type_check_decorator", "NoReturn", "NotRequired", "overload", "ParamSpecArgs",
    "ParamSpecKwargs", "Required", "reveal_type", "runtime_checkable", "Self", "Text",
    "TYPE_CHECKING", "TypeAlias", "TypeGuard", "Unpack",
]

TYPE_CHECKING = False
_NoneType = type(None)


def _type_repr(obj):
    if isinstance(obj, type):
        if obj.__module__ == "builtins":
            return obj.__qualname__
        return obj.__module__ + "." + obj.__qualname__
    if obj is ...:
        return "..."
    if type(obj).__name__ == "function":
        return obj.__name__
    return repr(obj)


def _type_check(arg, msg):
    if arg is None:
        return _NoneType
    if isinstance(arg, str):
        return ForwardRef(arg)
    if isinstance(arg, _SpecialForm) and arg._name in ("ClassVar", "Final", "Generic",
                                                       "Protocol"):
        raise TypeError(msg + " Got " + repr(arg) + ".")
    if isinstance(arg, (_Final, type, TypeVar, ForwardRef)) or callable(arg) or arg is ...:
        return arg
    if isinstance(arg, _types.UnionType):
        return arg
    raise TypeError(msg + " Got " + repr(arg)[:100] + ".")


def _flatten_union(params):
    out = []
    for p in params:
        if isinstance(p, (_UnionAlias, _types.UnionType)):
            items = p.__args__
        else:
            items = (p,)
        for q in items:
            if q not in out:
                out.append(q)
    return tuple(out)


class _Final:
    """Base of the typing objects that are neither classes nor instances of them."""

    def __init_subclass__(cls, *args, _root=False, **kwargs):
        if not _root and cls.__module__ != "typing":
            raise TypeError("Cannot subclass special typing classes")


class _SpecialForm(_Final, _root=True):
    def __init__(self, getitem, name, doc=None):
        self._getitem = getitem
        self._name = name
        self.__doc__ = doc

    def __repr__(self):
        return "typing." + self._name

    def __reduce__(self):
        return self._name

    def __call__(self, *args, **kwds):
        raise TypeError("Cannot instantiate " + repr(self))

    def __or__(self, other):
        return Union[self, other]

    def __ror__(self, other):
        return Union[other, self]

    def __instancecheck__(self, obj):
        raise TypeError(repr(self) + " cannot be used with isinstance()")

    def __subclasscheck__(self, cls):
        raise TypeError(repr(self) + " cannot be used with issubclass()")

    def __mro_entries__(self, bases):
        raise TypeError("Cannot subclass " + repr(self))

    def __getitem__(self, parameters):
        return self._getitem(self, parameters)


def _special_form(fn):
    return _SpecialForm(fn, fn.__name__, fn.__doc__)


class _BaseGenericAlias(_Final, _root=True):
    def __init__(self, origin, *, inst=True, name=None):
        self._inst = inst
        self._name = name
        self.__origin__ = origin

    def __call__(self, *args, **kwargs):
        if not self._inst:
            raise TypeError("Type " + self._name + " cannot be instantiated; use " +
                            self.__origin__.__name__ + "() instead")
        result = self.__origin__(*args, **kwargs)
        try:
            result.__orig_class__ = self
        except AttributeError:
            pass
        return result

    def __mro_entries__(self, bases):
        res = []
        if self.__origin__ not in bases:
            res.append(self.__origin__)
        i = bases.index(self)
        for b in bases[i + 1:]:
            if isinstance(b, _BaseGenericAlias) or (isinstance(b, type) and
                                                    issubclass(b, Generic)):
                break
        else:
            res.append(Generic)
        return tuple(res)

    def __getattr__(self, attr):
        if attr.startswith("__") and attr.endswith("__"):
            raise AttributeError(attr)
        return getattr(self.__origin__, attr)

    def __instancecheck__(self, obj):
        return self.__subclasscheck__(type(obj))

    def __subclasscheck__(self, cls):
        raise TypeError("Subscripted generics cannot be used with class and instance checks")

    def __or__(self, right):
        return Union[self, right]

    def __ror__(self, left):
        return Union[left, self]


def _collect_parameters(args):
    params = []
    for t in args:
        if isinstance(t, (TypeVar, ParamSpec)):
            if t not in params:
                params.append(t)
        else:
            for p in getattr(t, "__parameters__", ()):
                if p not in params:
                    params.append(p)
    return tuple(params)


class _GenericAlias(_BaseGenericAlias, _root=True):
    """A subscripted generic: List[int], Dict[str, T], MyGeneric[int]."""

    def __init__(self, origin, args, *, inst=True, name=None):
        super().__init__(origin, inst=inst, name=name)
        if not isinstance(args, tuple):
            args = (args,)
        self.__args__ = tuple(... if a is _TypingEllipsis else a for a in args)
        self.__parameters__ = _collect_parameters(args)
        if not name:
            self.__module__ = origin.__module__

    def __eq__(self, other):
        if not isinstance(other, _GenericAlias):
            return NotImplemented
        return self.__origin__ == other.__origin__ and self.__args__ == other.__args__

    def __hash__(self):
        return hash((self.__origin__, self.__args__))

    def __getitem__(self, args):
        if self.__origin__ in (Generic, Protocol):
            raise TypeError("Cannot subscript already-subscripted " + repr(self))
        if not self.__parameters__:
            raise TypeError(repr(self) + " is not a generic class")
        if not isinstance(args, tuple):
            args = (args,)
        if len(args) != len(self.__parameters__):
            raise TypeError("Too " + ("many" if len(args) > len(self.__parameters__) else "few") +
                            " arguments for " + repr(self) + "; actual " + str(len(args)) +
                            ", expected " + str(len(self.__parameters__)))
        subst = dict(zip(self.__parameters__, args))
        new_args = tuple(_subst(a, subst) for a in self.__args__)
        return self.copy_with(new_args)

    def copy_with(self, args):
        return self.__class__(self.__origin__, args, name=self._name, inst=self._inst)

    def __repr__(self):
        if self._name:
            name = "typing." + self._name
        else:
            name = _type_repr(self.__origin__)
        if self.__args__:
            args = ", ".join([_type_repr(a) for a in self.__args__])
        else:
            args = "()"
        return name + "[" + args + "]"

    def __mro_entries__(self, bases):
        if isinstance(self.__origin__, _SpecialForm):
            raise TypeError("Cannot subclass " + repr(self))
        if self._name:
            return super().__mro_entries__(bases)
        if self.__origin__ is Generic:
            if Protocol in bases:
                return ()
            i = bases.index(self)
            for b in bases[i + 1:]:
                if isinstance(b, _BaseGenericAlias) and b is not self:
                    return ()
        return (self.__origin__,)


def _subst(a, subst):
    if isinstance(a, (TypeVar, ParamSpec)):
        return subst.get(a, a)
    if isinstance(a, _GenericAlias) and a.__parameters__:
        return a[tuple(subst.get(p, p) for p in a.__parameters__)]
    if isinstance(a, (list, tuple)) and not isinstance(a, _GenericAlias):
        return type(a)(_subst(x, subst) for x in a)
    return a


class _TypingEllipsis:
    pass


class _SpecialGenericAlias(_BaseGenericAlias, _root=True):
    """An unsubscripted alias of a class: List, Dict, Iterable..."""

    def __init__(self, origin, nparams, *, inst=True, name=None):
        if name is None:
            name = origin.__name__
        super().__init__(origin, inst=inst, name=name)
        self._nparams = nparams

    def __getitem__(self, params):
        if not isinstance(params, tuple):
            params = (params,)
        msg = "Parameters to generic types must be types."
        params = tuple(_type_check(p, msg) for p in params)
        if self._nparams >= 0 and len(params) != self._nparams:
            raise TypeError("Too " + ("many" if len(params) > self._nparams else "few") +
                            " arguments for " + repr(self) + "; actual " + str(len(params)) +
                            ", expected " + str(self._nparams))
        return _GenericAlias(self.__origin__, params, name=self._name, inst=self._inst)

    def __repr__(self):
        return "typing." + self._name

    def __subclasscheck__(self, cls):
        if isinstance(cls, _SpecialGenericAlias):
            return issubclass(cls.__origin__, self.__origin__)
        return issubclass(cls, self.__origin__)

    def __eq__(self, other):
        if not isinstance(other, _SpecialGenericAlias):
            return NotImplemented
        return self.__origin__ == other.__origin__ and self._name == other._name

    def __hash__(self):
        return hash((self.__origin__, self._name))


class _CallableGenericAlias(_GenericAlias, _root=True):
    def __repr__(self):
        if len(self.__args__) == 2 and self.__args__[0] is ...:
            return "typing.Callable[..., " + _type_repr(self.__args__[1]) + "]"
        return ("typing.Callable[[" + ", ".join([_type_repr(a) for a in self.__args__[:-1]]) +
                "], " + _type_repr(self.__args__[-1]) + "]")

    def copy_with(self, args):
        return _CallableGenericAlias(self.__origin__, args, name=self._name, inst=self._inst)


class _CallableType(_SpecialGenericAlias, _root=True):
    def __getitem__(self, params):
        if not isinstance(params, tuple) or len(params) != 2:
            raise TypeError("Callable must be used as Callable[[arg, ...], result].")
        args, result = params
        if isinstance(args, list):
            params = tuple(args) + (result,)
        elif args is ...:
            params = (..., result)
        elif isinstance(args, (ParamSpec, _ConcatenateAlias)):
            params = (args, result)
        else:
            raise TypeError("Callable[args, result]: args must be a list. Got " + repr(args))
        return _CallableGenericAlias(self.__origin__, params, name=self._name, inst=self._inst)


class _TupleType(_SpecialGenericAlias, _root=True):
    def __getitem__(self, params):
        if params == ():
            return _GenericAlias(tuple, (), name="Tuple", inst=False)
        if not isinstance(params, tuple):
            params = (params,)
        if len(params) >= 2 and params[-1] is ...:
            msg = "Tuple[t, ...]: t must be a type."
            return _GenericAlias(tuple, tuple(_type_check(p, msg) for p in params[:-1]) +
                                 (...,), name="Tuple", inst=False)
        msg = "Tuple[t0, t1, ...]: each t must be a type."
        return _GenericAlias(tuple, tuple(_type_check(p, msg) for p in params), name="Tuple",
                             inst=False)


class _UnionAlias(_GenericAlias, _root=True):
    def copy_with(self, params):
        return Union[params]

    def __eq__(self, other):
        if not isinstance(other, _UnionAlias):
            return NotImplemented
        return set(self.__args__) == set(other.__args__)

    def __hash__(self):
        return hash(frozenset(self.__args__))

    def __repr__(self):
        args = self.__args__
        if len(args) == 2:
            if args[0] is _NoneType:
                return "typing.Optional[" + _type_repr(args[1]) + "]"
            if args[1] is _NoneType:
                return "typing.Optional[" + _type_repr(args[0]) + "]"
        return "typing.Union[" + ", ".join([_type_repr(a) for a in args]) + "]"

    def __instancecheck__(self, obj):
        return self.__subclasscheck__(type(obj))

    def __subclasscheck__(self, cls):
        for arg in self.__args__:
            if isinstance(arg, type) and issubclass(cls, arg):
                return True
        return False

    def __mro_entries__(self, bases):
        raise TypeError("Cannot subclass " + repr(self))


class _LiteralGenericAlias(_GenericAlias, _root=True):
    def __eq__(self, other):
        if not isinstance(other, _LiteralGenericAlias):
            return NotImplemented
        return set(self.__args__) == set(other.__args__)

    def __hash__(self):
        return hash(frozenset(self.__args__))

    def __repr__(self):
        return "typing.Literal[" + ", ".join([repr(a) for a in self.__args__]) + "]"


class _ConcatenateAlias(_GenericAlias, _root=True):
    pass


class _AnnotatedAlias(_GenericAlias, _root=True):
    def __init__(self, origin, metadata):
        if isinstance(origin, _AnnotatedAlias):
            metadata = origin.__metadata__ + metadata
            origin = origin.__origin__
        super().__init__(origin, origin)
        self.__metadata__ = metadata

    def __repr__(self):
        return ("typing.Annotated[" + _type_repr(self.__origin__) + ", " +
                ", ".join([repr(a) for a in self.__metadata__]) + "]")

    def __eq__(self, other):
        if not isinstance(other, _AnnotatedAlias):
            return NotImplemented
        return self.__origin__ == other.__origin__ and self.__metadata__ == other.__metadata__

    def __hash__(self):
        return hash((self.__origin__, self.__metadata__))

    def __mro_entries__(self, bases):
        return (self.__origin__,)


class ForwardRef(_Final, _root=True):
    def __init__(self, arg, is_argument=True, module=None, *, is_class=False):
        if not isinstance(arg, str):
            raise TypeError("Forward reference must be a string -- got " + repr(arg))
        self.__forward_arg__ = arg
        self.__forward_evaluated__ = False
        self.__forward_value__ = None
        self.__forward_is_argument__ = is_argument
        self.__forward_is_class__ = is_class
        self.__forward_module__ = module

    def _evaluate(self, globalns, localns, recursive_guard=frozenset()):
        if globalns is None and localns is None:
            globalns = localns = {}
        elif globalns is None:
            globalns = localns
        elif localns is None:
            localns = globalns
        ns = dict(globalns)  # krait's eval takes one namespace: locals win, as in CPython
        if localns is not globalns:
            ns.update(localns)
        value = eval(self.__forward_arg__, ns)
        return _eval_type(_type_check(value, "Forward references must evaluate to types."),
                          globalns, localns)

    def __eq__(self, other):
        if not isinstance(other, ForwardRef):
            return NotImplemented
        return self.__forward_arg__ == other.__forward_arg__

    def __hash__(self):
        return hash(self.__forward_arg__)

    def __repr__(self):
        return "ForwardRef(" + repr(self.__forward_arg__) + ")"


def _eval_type(t, globalns, localns):
    if isinstance(t, ForwardRef):
        return t._evaluate(globalns, localns)
    if isinstance(t, _GenericAlias) and not isinstance(t, (_LiteralGenericAlias,
                                                             _AnnotatedAlias)):
        args = tuple(ForwardRef(a) if isinstance(a, str) else a for a in t.__args__)
        new = tuple(_eval_type(a, globalns, localns) for a in args)
        if new == t.__args__:
            return t
        if isinstance(t, _UnionAlias):
            return Union[new]
        return t.copy_with(new)
    if isinstance(t, (_types.GenericAlias, _types.UnionType)):
        args = tuple(ForwardRef(a) if isinstance(a, str) else a for a in t.__args__)
        new = tuple(_eval_type(a, globalns, localns) for a in args)
        if new == t.__args__:
            return t
        if isinstance(t, _types.UnionType):
            return functools.reduce(operator.or_, new)
        return _types.GenericAlias(t.__origin__, new)
    return t


# ---- special forms ------------------------------------------------------------------


class _AnyMeta(type):
    def __instancecheck__(self, obj):
        if self is Any:
            raise TypeError("typing.Any cannot be used with isinstance()")
        return super().__instancecheck__(obj)

    def __repr__(self):
        if self is Any:
            return "typing.Any"
        return super().__repr__()


class Any(metaclass=_AnyMeta):
    """Special type indicating an unconstrained type."""

    def __new__(cls, *args, **kwargs):
        if cls is Any:
            raise TypeError("Any cannot be instantiated")
        return super().__new__(cls)


@_special_form
def NoReturn(self, parameters):
    """Special type indicating functions that never return."""
    raise TypeError(repr(self) + " is not subscriptable")


@_special_form
def Never(self, parameters):
    """The bottom type, a type that has no members."""
    raise TypeError(repr(self) + " is not subscriptable")


@_special_form
def Self(self, parameters):
    """Used to spell the type of "self" in classes."""
    raise TypeError(repr(self) + " is not subscriptable")


@_special_form
def LiteralString(self, parameters):
    """Represents an arbitrary literal string."""
    raise TypeError(repr(self) + " is not subscriptable")


@_special_form
def TypeAlias(self, parameters):
    """Special marker indicating that an assignment should be recognized as a type alias."""
    raise TypeError(repr(self) + " is not subscriptable")


@_special_form
def ClassVar(self, parameters):
    """Special type construct to mark class variables."""
    item = _type_check(parameters, repr(self) + " accepts only single type.")
    return _GenericAlias(self, (item,), name="ClassVar")


@_special_form
def Final(self, parameters):
    """Special typing construct to indicate final names to type checkers."""
    item = _type_check(parameters, repr(self) + " accepts only single type.")
    return _GenericAlias(self, (item,), name="Final")


@_special_form
def Required(self, parameters):
    """A special typing construct to mark a key of a total=False TypedDict as required."""
    item = _type_check(parameters, repr(self) + " accepts only a single type.")
    return _GenericAlias(self, (item,), name="Required")


@_special_form
def NotRequired(self, parameters):
    """A special typing construct to mark a key of a TypedDict as potentially missing."""
    item = _type_check(parameters, repr(self) + " accepts only a single type.")
    return _GenericAlias(self, (item,), name="NotRequired")


@_special_form
def TypeGuard(self, parameters):
    """Special typing form used to annotate the return type of a user-defined type guard."""
    item = _type_check(parameters, repr(self) + " accepts only single type.")
    return _GenericAlias(self, (item,), name="TypeGuard")


@_special_form
def Unpack(self, parameters):
    """Type unpack operator."""
    item = _type_check(parameters, repr(self) + " accepts only single type.")
    return _GenericAlias(self, (item,), name="Unpack")


@_special_form
def Union(self, parameters):
    """Union type; Union[X, Y] means either X or Y."""
    if parameters == ():
        raise TypeError("Cannot take a Union of no types.")
    if not isinstance(parameters, tuple):
        parameters = (parameters,)
    msg = "Union[arg, ...]: each arg must be a type."
    parameters = tuple(_type_check(p, msg) for p in parameters)
    parameters = _flatten_union(parameters)
    if len(parameters) == 1:
        return parameters[0]
    return _UnionAlias(self, parameters)


@_special_form
def Optional(self, parameters):
    """Optional[X] is equivalent to Union[X, None]."""
    arg = _type_check(parameters, repr(self) + " requires a single type.")
    return Union[arg, type(None)]


@_special_form
def Literal(self, parameters):
    """Special typing form to define literal types (a.k.a. value types)."""
    if not isinstance(parameters, tuple):
        parameters = (parameters,)
    flat = []
    for p in parameters:
        items = p.__args__ if isinstance(p, _LiteralGenericAlias) else (p,)
        for q in items:
            if not any(q == f and type(q) is type(f) for f in flat):
                flat.append(q)
    return _LiteralGenericAlias(self, tuple(flat))


@_special_form
def Concatenate(self, parameters):
    """Used in conjunction with ParamSpec and Callable."""
    if parameters == ():
        raise TypeError("Cannot take a Concatenate of no types.")
    if not isinstance(parameters, tuple):
        parameters = (parameters,)
    if not isinstance(parameters[-1], ParamSpec):
        raise TypeError("The last parameter to Concatenate should be a ParamSpec variable.")
    return _ConcatenateAlias(self, parameters)


class _AnnotatedForm(_Final, _root=True):
    def __repr__(self):
        return "typing.Annotated"

    def __getitem__(self, params):
        if not isinstance(params, tuple) or len(params) < 2:
            raise TypeError("Annotated[...] should be used with at least two arguments "
                            "(a type and an annotation).")
        origin = _type_check(params[0], "Annotated[t, ...]: t must be a type.")
        return _AnnotatedAlias(origin, tuple(params[1:]))

    def __call__(self, *args, **kwargs):
        raise TypeError("Type Annotated cannot be instantiated.")


Annotated = _AnnotatedForm()


# ---- type variables -----------------------------------------------------------------


class TypeVar(_Final, _root=True):
    """Type variable: T = TypeVar('T'), with constraints or a bound."""

    def __init__(self, name, *constraints, bound=None, covariant=False, contravariant=False):
        if covariant and contravariant:
            raise ValueError("Bivariant types are not supported.")
        if constraints and bound is not None:
            raise TypeError("Constraints cannot be combined with bound=...")
        if len(constraints) == 1:
            raise TypeError("A single constraint is not allowed")
        self.__name__ = name
        self.__covariant__ = bool(covariant)
        self.__contravariant__ = bool(contravariant)
        msg = "TypeVar(name, constraint, ...): constraints must be types."
        self.__constraints__ = tuple(_type_check(t, msg) for t in constraints)
        self.__bound__ = _type_check(bound, "Bound must be a type.") if bound is not None else None
        try:
            self.__module__ = sys._getframe(1).f_globals.get("__name__", "__main__")
        except (AttributeError, ValueError):
            self.__module__ = "__main__"

    def __repr__(self):
        if self.__covariant__:
            prefix = "+"
        elif self.__contravariant__:
            prefix = "-"
        else:
            prefix = "~"
        return prefix + self.__name__

    def __or__(self, right):
        return Union[self, right]

    def __ror__(self, left):
        return Union[left, self]

    def __mro_entries__(self, bases):
        raise TypeError("Cannot subclass an instance of TypeVar")


class TypeVarTuple(_Final, _root=True):
    def __init__(self, name):
        self.__name__ = name

    def __repr__(self):
        return self.__name__

    def __iter__(self):
        yield Unpack[self]


class ParamSpecArgs(_Final, _root=True):
    def __init__(self, origin):
        self.__origin__ = origin

    def __repr__(self):
        return self.__origin__.__name__ + ".args"


class ParamSpecKwargs(_Final, _root=True):
    def __init__(self, origin):
        self.__origin__ = origin

    def __repr__(self):
        return self.__origin__.__name__ + ".kwargs"


class ParamSpec(_Final, _root=True):
    def __init__(self, name, *, bound=None, covariant=False, contravariant=False):
        self.__name__ = name
        self.__bound__ = bound
        self.__covariant__ = bool(covariant)
        self.__contravariant__ = bool(contravariant)

    @property
    def args(self):
        return ParamSpecArgs(self)

    @property
    def kwargs(self):
        return ParamSpecKwargs(self)

    def __repr__(self):
        if self.__covariant__:
            prefix = "+"
        elif self.__contravariant__:
            prefix = "-"
        else:
            prefix = "~"
        return prefix + self.__name__


AnyStr = TypeVar("AnyStr", bytes, str)
AnyStr.__module__ = "typing"
T = TypeVar("T")
KT = TypeVar("KT")
VT = TypeVar("VT")
T_co = TypeVar("T_co", covariant=True)
V_co = TypeVar("V_co", covariant=True)
VT_co = TypeVar("VT_co", covariant=True)
T_contra = TypeVar("T_contra", contravariant=True)
CT_co = TypeVar("CT_co", covariant=True, bound=type)
for _tv in (T, KT, VT, T_co, V_co, VT_co, T_contra, CT_co):
    _tv.__module__ = "typing"


# ---- Generic and Protocol -----------------------------------------------------------


class Generic:
    """Abstract base class for generic types: class Mapping(Generic[KT, VT])."""

    _is_protocol = False

    def __class_getitem__(cls, params):
        if not isinstance(params, tuple):
            params = (params,)
        if not params and cls is not Tuple:
            raise TypeError("Parameter list to " + cls.__qualname__ + "[...] cannot be empty")
        params = tuple(_type_check(p, "Parameters to generic types must be types.")
                       for p in params)
        if cls in (Generic, Protocol):
            for p in params:
                if not isinstance(p, (TypeVar, ParamSpec)):
                    raise TypeError("Parameters to " + cls.__name__ + "[...] must all be "
                                    "type variables or parameter specification variables.")
            if len(set(params)) != len(params):
                raise TypeError("Parameters to " + cls.__name__ + "[...] must all be unique")
        else:
            n = len(getattr(cls, "__parameters__", ()))
            if n == 0:
                raise TypeError(repr(cls) + " is not a generic class")
            if len(params) != n:
                raise TypeError("Too " + ("many" if len(params) > n else "few") +
                                " arguments for " + repr(cls) + "; actual " +
                                str(len(params)) + ", expected " + str(n))
        return _GenericAlias(cls, params)

    def __init_subclass__(cls, *args, **kwargs):
        super().__init_subclass__(*args, **kwargs)
        tvars = []
        orig = cls.__dict__.get("__orig_bases__", ())
        if "__orig_bases__" in cls.__dict__:
            error = Generic in orig
        else:
            error = (Generic in cls.__bases__ and cls.__name__ != "Protocol" and
                     type(cls) is not _TypedDictMeta)
        if error:
            raise TypeError("Cannot inherit from plain Generic")
        gvars = None
        for base in orig:
            if isinstance(base, _GenericAlias) and base.__origin__ is Generic:
                if gvars is not None:
                    raise TypeError("Cannot inherit from Generic[...] multiple times.")
                gvars = base.__parameters__
        tvars = list(_collect_parameters(orig))
        if gvars is not None:
            missing = [t for t in tvars if t not in gvars]
            if missing:
                raise TypeError("Some type variables (" + ", ".join(str(t) for t in missing) +
                                ") are not listed in Generic[" +
                                ", ".join(str(g) for g in gvars) + "]")
            tvars = list(gvars)
        cls.__parameters__ = tuple(tvars)


def _proto_members(cls):
    attrs = set()
    for base in cls.__mro__[:-1]:
        if base.__name__ in ("Protocol", "Generic"):
            continue
        for attr in base.__dict__:
            if not attr.startswith("_abc_") and attr not in (
                    "__abstractmethods__", "__annotations__", "__dict__", "__doc__",
                    "__init__", "__module__", "__new__", "__slots__", "__subclasshook__",
                    "__weakref__", "__class_getitem__", "__parameters__", "__orig_bases__",
                    "_is_protocol", "_is_runtime_protocol", "__protocol_attrs__",
                    "__qualname__", "__init_subclass__"):
                attrs.add(attr)
        for attr in getattr(base, "__annotations__", {}):
            attrs.add(attr)
    return attrs


class _ProtocolMeta(type):
    def __instancecheck__(cls, instance):
        if getattr(cls, "_is_protocol", False):
            if not getattr(cls, "_is_runtime_protocol", False):
                raise TypeError("Instance and class checks can only be used with "
                                "@runtime_checkable protocols")
            for attr in _proto_members(cls):
                if not hasattr(instance, attr):
                    return False
                if callable(getattr(cls, attr, None)) and getattr(instance, attr) is None:
                    return False
            return True
        return type.__instancecheck__(cls, instance)

    def __subclasscheck__(cls, other):
        if getattr(cls, "_is_protocol", False):
            if not getattr(cls, "_is_runtime_protocol", False):
                raise TypeError("Instance and class checks can only be used with "
                                "@runtime_checkable protocols")
            for attr in _proto_members(cls):
                for base in other.__mro__:
                    if attr in base.__dict__:
                        break
                else:
                    return False
            return True
        return type.__subclasscheck__(cls, other)


class Protocol(Generic, metaclass=_ProtocolMeta):
    """Base class for protocol classes (structural subtyping)."""

    _is_protocol = True
    _is_runtime_protocol = False

    def __init_subclass__(cls, *args, **kwargs):
        super().__init_subclass__(*args, **kwargs)
        if not cls.__dict__.get("_is_protocol", False):
            cls._is_protocol = any(b is Protocol for b in cls.__bases__)
        if cls._is_protocol and cls.__init__ is Protocol.__init__:
            cls.__init__ = _no_init


def _no_init(self, *args, **kwargs):
    if type(self)._is_protocol:
        raise TypeError("Protocols cannot be instantiated")


def runtime_checkable(cls):
    """Mark a protocol class as a runtime protocol (isinstance/issubclass work)."""
    if not (isinstance(cls, type) and issubclass(cls, Generic)) or not cls._is_protocol:
        raise TypeError("@runtime_checkable can be only applied to protocol classes, got " +
                        repr(cls))
    cls._is_runtime_protocol = True
    return cls


def _make_supports(name, method):
    ns = {"__module__": "typing", "__qualname__": name, "_is_protocol": True,
          method: lambda self: None}
    cls = _ProtocolMeta(name, (Protocol,), ns)
    cls._is_runtime_protocol = True
    return cls


SupportsInt = _make_supports("SupportsInt", "__int__")
SupportsFloat = _make_supports("SupportsFloat", "__float__")
SupportsComplex = _make_supports("SupportsComplex", "__complex__")
SupportsBytes = _make_supports("SupportsBytes", "__bytes__")
SupportsIndex = _make_supports("SupportsIndex", "__index__")
SupportsAbs = _make_supports("SupportsAbs", "__abs__")
SupportsRound = _make_supports("SupportsRound", "__round__")


# ---- aliases of builtin and collections classes --------------------------------------


def _abc(name):
    try:
        import collections.abc as cabc
        return getattr(cabc, name)
    except (ImportError, AttributeError):
        return type(name, (), {"__module__": "collections.abc"})


Hashable = _SpecialGenericAlias(_abc("Hashable"), 0)
Awaitable = _SpecialGenericAlias(_abc("Awaitable"), 1)
Coroutine = _SpecialGenericAlias(_abc("Coroutine"), 3)
AsyncIterable = _SpecialGenericAlias(_abc("AsyncIterable"), 1)
AsyncIterator = _SpecialGenericAlias(_abc("AsyncIterator"), 1)
Iterable = _SpecialGenericAlias(_abc("Iterable"), 1)
Iterator = _SpecialGenericAlias(_abc("Iterator"), 1)
Reversible = _SpecialGenericAlias(_abc("Reversible"), 1)
Sized = _SpecialGenericAlias(_abc("Sized"), 0)
Container = _SpecialGenericAlias(_abc("Container"), 1)
Collection = _SpecialGenericAlias(_abc("Collection"), 1)
Callable = _CallableType(_abc("Callable"), 2)
AbstractSet = _SpecialGenericAlias(_abc("Set"), 1, name="AbstractSet")
MutableSet = _SpecialGenericAlias(_abc("MutableSet"), 1)
Mapping = _SpecialGenericAlias(_abc("Mapping"), 2)
MutableMapping = _SpecialGenericAlias(_abc("MutableMapping"), 2)
Sequence = _SpecialGenericAlias(_abc("Sequence"), 1)
MutableSequence = _SpecialGenericAlias(_abc("MutableSequence"), 1)
ByteString = _SpecialGenericAlias(_abc("ByteString"), 0)
MappingView = _SpecialGenericAlias(_abc("MappingView"), 1)
KeysView = _SpecialGenericAlias(_abc("KeysView"), 1)
ItemsView = _SpecialGenericAlias(_abc("ItemsView"), 2)
ValuesView = _SpecialGenericAlias(_abc("ValuesView"), 1)
Generator = _SpecialGenericAlias(_abc("Generator"), 3)
AsyncGenerator = _SpecialGenericAlias(_abc("AsyncGenerator"), 2)
ContextManager = _SpecialGenericAlias(_abc("AbstractContextManager") if False else
                                      type("AbstractContextManager", (),
                                           {"__module__": "contextlib"}), 1,
                                      name="ContextManager")
AsyncContextManager = _SpecialGenericAlias(type("AbstractAsyncContextManager", (),
                                                {"__module__": "contextlib"}), 1,
                                           name="AsyncContextManager")
Tuple = _TupleType(tuple, -1, inst=False, name="Tuple")
List = _SpecialGenericAlias(list, 1, inst=False, name="List")
Deque = _SpecialGenericAlias(collections.deque, 1, name="Deque")
Set = _SpecialGenericAlias(set, 1, inst=False, name="Set")
FrozenSet = _SpecialGenericAlias(frozenset, 1, inst=False, name="FrozenSet")
Dict = _SpecialGenericAlias(dict, 2, inst=False, name="Dict")
DefaultDict = _SpecialGenericAlias(collections.defaultdict, 2, name="DefaultDict")
OrderedDict = _SpecialGenericAlias(collections.OrderedDict, 2)
Counter = _SpecialGenericAlias(collections.Counter, 1)
ChainMap = _SpecialGenericAlias(collections.ChainMap, 2)
Type = _SpecialGenericAlias(type, 1, inst=False, name="Type")
Text = str


class IO(Generic[AnyStr]):
    """Generic base class for TextIO and BinaryIO."""
    __slots__ = ()


class BinaryIO(IO[bytes]):
    __slots__ = ()


class TextIO(IO[str]):
    __slots__ = ()


for _c in (IO, BinaryIO, TextIO):
    _c.__module__ = "typing"


def _make_pattern_aliases():
    return (_SpecialGenericAlias(type("Pattern", (), {"__module__": "re"}), 1),
            _SpecialGenericAlias(type("Match", (), {"__module__": "re"}), 1))


Pattern, Match = _make_pattern_aliases()


# ---- NamedTuple and TypedDict -------------------------------------------------------


def _make_nmtuple(name, types, module, defaults=()):
    fields = [n for n, t in types]
    nm_tpl = collections.namedtuple(name, fields, defaults=defaults, module=module)
    nm_tpl.__annotations__ = dict(types)
    return nm_tpl


_prohibited = frozenset({"__new__", "__init__", "__slots__", "__getnewargs__", "_fields",
                         "_field_defaults", "_make", "_replace", "_asdict", "_source"})
_special = frozenset({"__module__", "__name__", "__annotations__", "__qualname__", "__doc__",
                      "__orig_bases__", "__classcell__"})


class NamedTupleMeta(type):
    def __new__(cls, typename, bases, ns):
        for base in bases:
            if base is not _NamedTuple and base is not Generic:
                raise TypeError("can only inherit from a NamedTuple type and Generic")
        types = ns.get("__annotations__", {})
        default_names = []
        for field_name in types:
            if field_name in ns:
                default_names.append(field_name)
            elif default_names:
                raise TypeError("Non-default namedtuple field " + field_name +
                                " cannot follow default field" +
                                ("s " if len(default_names) > 1 else " ") +
                                ", ".join(default_names))
        nm_tpl = _make_nmtuple(typename, list(types.items()),
                               defaults=[ns[n] for n in default_names],
                               module=ns.get("__module__", "__main__"))
        for key in ns:
            if key in _prohibited:
                raise AttributeError("Cannot overwrite NamedTuple attribute " + key)
            elif key not in _special and key not in nm_tpl._fields:
                setattr(nm_tpl, key, ns[key])
        if ns.get("__doc__"):
            nm_tpl.__doc__ = ns["__doc__"]
        return nm_tpl


_NamedTuple = type.__new__(NamedTupleMeta, "NamedTuple", (), {"__module__": "typing"})


def NamedTuple(typename, fields=None, /, **kwargs):
    """Typed version of namedtuple: NamedTuple('P', [('x', int)]) or class syntax."""
    if fields is None:
        fields = kwargs.items()
    elif kwargs:
        raise TypeError("Either list of fields or keywords can be provided to NamedTuple, "
                        "not both")
    try:
        module = sys._getframe(1).f_globals.get("__name__", "__main__")
    except (AttributeError, ValueError):
        module = "__main__"
    return _make_nmtuple(typename, list(fields), module=module)


class _NamedTupleEntries:
    def __call__(self, typename, fields=None, /, **kwargs):
        return _NamedTupleFn(typename, fields, **kwargs)

    def __mro_entries__(self, bases):
        return (_NamedTuple,)


_NamedTupleFn = NamedTuple


class _TypedDictMeta(type):
    def __new__(cls, name, bases, ns, total=True):
        for base in bases:
            if type(base) is not _TypedDictMeta and base is not Generic:
                raise TypeError("cannot inherit from both a TypedDict type and a non-TypedDict"
                                " base class")
        tp_dict = type.__new__(_TypedDictMeta, name, (dict,), ns)
        annotations = {}
        own = ns.get("__annotations__", {})
        msg = "TypedDict('Name', {f0: t0, f1: t1, ...}); each t must be a type"
        own = {n: _type_check(tp, msg) for n, tp in own.items()}
        required = set()
        optional = set()
        for base in bases:
            annotations.update(base.__dict__.get("__annotations__", {}))
            required.update(base.__dict__.get("__required_keys__", ()))
            optional.update(base.__dict__.get("__optional_keys__", ()))
        annotations.update(own)
        for key, tp in own.items():
            origin = get_origin(tp)
            if origin is Required:
                is_req = True
            elif origin is NotRequired:
                is_req = False
            else:
                is_req = total
            if is_req:
                required.add(key)
            else:
                optional.add(key)
        tp_dict.__annotations__ = annotations
        tp_dict.__required_keys__ = frozenset(required)
        tp_dict.__optional_keys__ = frozenset(optional)
        tp_dict.__total__ = total
        return tp_dict

    def __call__(cls, *args, **kwargs):
        return dict(*args, **kwargs)

    def __subclasscheck__(cls, other):
        raise TypeError("TypedDict does not support instance and class checks")

    __instancecheck__ = __subclasscheck__


def TypedDict(typename, fields=None, /, *, total=True, **kwargs):
    """A simple typed namespace. At runtime it is equivalent to a plain dict."""
    if fields is None:
        fields = kwargs
    ns = {"__annotations__": dict(fields)}
    try:
        ns["__module__"] = sys._getframe(1).f_globals.get("__name__", "__main__")
    except (AttributeError, ValueError):
        ns["__module__"] = "__main__"
    return _TypedDictMeta(typename, (), ns, total=total)


_TypedDict = type.__new__(_TypedDictMeta, "TypedDict", (), {"__module__": "typing"})


class _TypedDictEntries:
    def __call__(self, typename, fields=None, /, *, total=True, **kwargs):
        return _TypedDictFn(typename, fields, total=total, **kwargs)

    def __mro_entries__(self, bases):
        return (_TypedDict,)


def is_typeddict(tp):
    """Check if an annotation is a TypedDict class."""
    return isinstance(tp, _TypedDictMeta)


_TypedDictFn = TypedDict
# class syntax (class P(NamedTuple): ...) reaches the metaclasses through __mro_entries__
NamedTuple = _NamedTupleEntries()
TypedDict = _TypedDictEntries()


# ---- functions ----------------------------------------------------------------------


def cast(typ, val):
    """Cast a value to a type: returns the value unchanged."""
    return val


def assert_type(val, typ, /):
    """Ask a static type checker to confirm that the value is of the given type."""
    return val


def assert_never(arg, /):
    """Statically assert that a line of code is unreachable."""
    value = repr(arg)
    if len(value) > 100:
        value = value[:100] + "..."
    raise AssertionError("Expected code to be unreachable, but got: " + value)


def reveal_type(obj, /):
    """Reveal the inferred type of a variable (prints the runtime type to stderr)."""
    print("Runtime type is " + repr(type(obj).__name__), file=sys.stderr)
    return obj


def _overload_dummy(*args, **kwds):
    raise NotImplementedError(
        "You should not call an overloaded function. "
        "A series of @overload-decorated functions "
        "outside a stub module should always be followed "
        "by an implementation that is not @overload-ed.")


_overload_registry = {}


def overload(func):
    """Decorator for overloaded functions/methods."""
    key = getattr(func, "__module__", None), getattr(func, "__qualname__", None)
    _overload_registry.setdefault(key, []).append(func)
    return _overload_dummy


def get_overloads(func):
    """Return all defined overloads for func as a sequence."""
    key = getattr(func, "__module__", None), getattr(func, "__qualname__", None)
    return list(_overload_registry.get(key, []))


def clear_overloads():
    """Clear all overloads in the registry."""
    _overload_registry.clear()


def final(f):
    """A decorator to indicate final methods and final classes."""
    try:
        f.__final__ = True
    except (AttributeError, TypeError):
        pass
    return f


def no_type_check(arg):
    """Decorator to indicate that annotations are not type hints."""
    try:
        arg.__no_type_check__ = True
    except TypeError:
        pass
    return arg


def no_type_check_decorator(decorator):
    """Decorator to give another decorator the @no_type_check effect."""
    def wrapped_decorator(*args, **kwds):
        return no_type_check(decorator(*args, **kwds))
    return wrapped_decorator


def dataclass_transform(*, eq_default=True, order_default=False, kw_only_default=False,
                        field_specifiers=(), **kwargs):
    """Decorator that marks an object as providing dataclass-like behaviour."""
    def decorator(cls_or_fn):
        cls_or_fn.__dataclass_transform__ = {
            "eq_default": eq_default, "order_default": order_default,
            "kw_only_default": kw_only_default, "field_specifiers": field_specifiers,
            "kwargs": kwargs}
        return cls_or_fn
    return decorator


class NewType:
    """NewType creates simple unique types with almost zero runtime overhead."""

    def __init__(self, name, tp):
        self.__qualname__ = name
        if "." in name:
            name = name.rpartition(".")[-1]
        self.__name__ = name
        self.__supertype__ = tp
        try:
            self.__module__ = sys._getframe(1).f_globals.get("__name__", "__main__")
        except (AttributeError, ValueError):
            self.__module__ = "__main__"

    def __mro_entries__(self, bases):
        raise TypeError("Cannot subclass an instance of NewType. Perhaps you were looking "
                        "for: `" + self.__name__ + " = NewType(" + repr(self.__name__) + ", " +
                        self.__name__ + ")`")

    def __repr__(self):
        return self.__module__ + "." + self.__qualname__

    def __call__(self, x):
        return x

    def __or__(self, other):
        return Union[self, other]

    def __ror__(self, other):
        return Union[other, self]


def get_origin(tp):
    """The unsubscripted version of a type: get_origin(List[int]) is list."""
    if isinstance(tp, _AnnotatedAlias):
        return Annotated
    if isinstance(tp, (_BaseGenericAlias, ParamSpecArgs, ParamSpecKwargs)):
        return tp.__origin__
    if tp is Generic:
        return Generic
    if isinstance(tp, _types.GenericAlias):
        return tp.__origin__
    if isinstance(tp, _types.UnionType):
        return _types.UnionType
    return None


def get_args(tp):
    """The type arguments with all substitutions done: get_args(Dict[int, str])."""
    if isinstance(tp, _AnnotatedAlias):
        return (tp.__origin__,) + tp.__metadata__
    if isinstance(tp, _GenericAlias):
        res = tp.__args__
        if isinstance(tp, _CallableGenericAlias) and res[0] is not ...:
            res = (list(res[:-1]), res[-1])
        return res
    if isinstance(tp, (_types.GenericAlias, _types.UnionType)):
        res = tp.__args__
        if get_origin(tp) is collections.abc.Callable and res[0] is not Ellipsis:
            res = (list(res[:-1]), res[-1])
        return res
    return ()


def _strip_annotations(t):
    if isinstance(t, _AnnotatedAlias):
        return _strip_annotations(t.__origin__)
    if get_origin(t) in (Required, NotRequired):
        return _strip_annotations(t.__args__[0])
    return t


def get_type_hints(obj, globalns=None, localns=None, include_extras=False):
    """The type hints of a function, method, module or class, forward references
    (strings) evaluated in the object's globals."""
    if getattr(obj, "__no_type_check__", None):
        return {}
    if isinstance(obj, type):
        hints = {}
        for base in reversed(obj.__mro__):
            if globalns is None:
                mod = sys.modules.get(base.__module__)
                base_globals = getattr(mod, "__dict__", {}) if mod is not None else {}
            else:
                base_globals = globalns
            ann = base.__dict__.get("__annotations__", {})
            base_locals = dict(vars(base)) if localns is None else localns
            if localns is None and globalns is None:
                base_globals, base_locals = base_locals, base_globals
            for name, value in ann.items():
                if value is None:
                    value = _NoneType
                if isinstance(value, str):
                    value = ForwardRef(value, is_argument=False, is_class=True)
                hints[name] = _eval_type(value, base_globals, base_locals)
        if include_extras:
            return hints
        return {k: _strip_annotations(t) for k, t in hints.items()}
    if globalns is None:
        if type(obj).__name__ == "module":
            globalns = obj.__dict__
        else:
            nsobj = obj
            while hasattr(nsobj, "__wrapped__"):
                nsobj = nsobj.__wrapped__
            globalns = getattr(nsobj, "__globals__", {})
        if localns is None:
            localns = globalns
    elif localns is None:
        localns = globalns
    hints = getattr(obj, "__annotations__", None)
    if hints is None:
        if isinstance(obj, (type(sys), type(cast))) or callable(obj):
            return {}
        raise TypeError(repr(obj) + " is not a module, class, method, or function.")
    out = {}
    for name, value in hints.items():
        if value is None:
            value = _NoneType
        if isinstance(value, str):
            value = ForwardRef(value, is_argument=type(obj).__name__ != "module",
                               is_class=False)
        out[name] = _eval_type(value, globalns, localns)
    if include_extras:
        return out
    return {k: _strip_annotations(t) for k, t in out.items()}
