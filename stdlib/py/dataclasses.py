"""dataclasses for krait: the @dataclass decorator and its helpers, written from the
documented behaviour of CPython 3.11 (docs.python.org/3.11/library/dataclasses.html).
__init__ is generated as source and exec'd, so its signature and argument errors are the
ones CPython's generated __init__ has; the other methods are closures over the fields."""

import builtins as _builtins
import copy
import sys

_repr = _builtins.repr  # make_dataclass/_process_class have a `repr` parameter
_KEYWORDS = frozenset(
    "False None True and as assert async await break class continue def del elif else "
    "except finally for from global if import in is lambda nonlocal not or pass raise "
    "return try while with yield".split())

__all__ = ["dataclass", "field", "Field", "FrozenInstanceError", "InitVar", "KW_ONLY",
           "MISSING", "fields", "asdict", "astuple", "make_dataclass", "replace",
           "is_dataclass"]


class FrozenInstanceError(AttributeError):
    pass


class _HAS_DEFAULT_FACTORY_CLASS:
    def __repr__(self):
        return "<factory>"


_HAS_DEFAULT_FACTORY = _HAS_DEFAULT_FACTORY_CLASS()


class _MISSING_TYPE:
    pass


MISSING = _MISSING_TYPE()


class _KW_ONLY_TYPE:
    pass


KW_ONLY = _KW_ONLY_TYPE()


class _FIELD_BASE:
    def __init__(self, name):
        self.name = name

    def __repr__(self):
        return self.name


_FIELD = _FIELD_BASE("_FIELD")
_FIELD_CLASSVAR = _FIELD_BASE("_FIELD_CLASSVAR")
_FIELD_INITVAR = _FIELD_BASE("_FIELD_INITVAR")

_FIELDS = "__dataclass_fields__"
_PARAMS = "__dataclass_params__"
_POST_INIT_NAME = "__post_init__"


class InitVar:
    __slots__ = ("type",)

    def __init__(self, type):
        self.type = type

    def __repr__(self):
        if isinstance(self.type, type):
            type_name = self.type.__name__
        else:
            type_name = _repr(self.type)
        return "dataclasses.InitVar[" + type_name + "]"

    def __class_getitem__(cls, type):
        return InitVar(type)


class Field:
    __slots__ = ("name", "type", "default", "default_factory", "repr", "hash", "init",
                 "compare", "metadata", "kw_only", "_field_type")

    def __init__(self, default, default_factory, init, repr, hash, compare, metadata, kw_only):
        self.name = None
        self.type = None
        self.default = default
        self.default_factory = default_factory
        self.init = init
        self.repr = repr
        self.hash = hash
        self.compare = compare
        self.metadata = {} if metadata is None else dict(metadata)
        self.kw_only = kw_only
        self._field_type = None

    def __repr__(self):
        return ("Field(name=" + _repr(self.name) + ",type=" + _repr(self.type) + ",default=" +
                _repr(self.default) + ",default_factory=" + _repr(self.default_factory) +
                ",init=" + _repr(self.init) + ",repr=" + _repr(self.repr) + ",hash=" +
                _repr(self.hash) + ",compare=" + _repr(self.compare) + ",metadata=" +
                _repr(self.metadata) + ",kw_only=" + _repr(self.kw_only) + ",_field_type=" +
                _repr(self._field_type) + ")")

    def __set_name__(self, owner, name):
        func = getattr(type(self.default), "__set_name__", None)
        if func:
            func(self.default, owner, name)


class _DataclassParams:
    __slots__ = ("init", "repr", "eq", "order", "unsafe_hash", "frozen")

    def __init__(self, init, repr, eq, order, unsafe_hash, frozen):
        self.init = init
        self.repr = repr
        self.eq = eq
        self.order = order
        self.unsafe_hash = unsafe_hash
        self.frozen = frozen

    def __repr__(self):
        return ("_DataclassParams(init=" + _repr(self.init) + ",repr=" + _repr(self.repr) +
                ",eq=" + _repr(self.eq) + ",order=" + _repr(self.order) + ",unsafe_hash=" +
                _repr(self.unsafe_hash) + ",frozen=" + _repr(self.frozen) + ")")


def field(*, default=MISSING, default_factory=MISSING, init=True, repr=True, hash=None,
          compare=True, metadata=None, kw_only=MISSING):
    """Return an object to identify dataclass fields."""
    if default is not MISSING and default_factory is not MISSING:
        raise ValueError("cannot specify both default and default_factory")
    return Field(default, default_factory, init, repr, hash, compare, metadata, kw_only)


def _is_classvar(a_type, typing):
    if typing is None:
        return False
    return a_type is typing.ClassVar or (isinstance(a_type, typing._GenericAlias) and
                                          a_type.__origin__ is typing.ClassVar)


def _is_string_classvar(s):
    s = s.strip()
    for prefix in ("ClassVar", "typing.ClassVar", "t.ClassVar"):
        if s == prefix or s.startswith(prefix + "["):
            return True
    return False


def _is_string_initvar(s):
    s = s.strip()
    for prefix in ("InitVar", "dataclasses.InitVar"):
        if s == prefix or s.startswith(prefix + "["):
            return True
    return False


def _get_field(cls, a_name, a_type, default_kw_only):
    default = getattr(cls, a_name, MISSING)
    if isinstance(default, Field):
        f = default
    else:
        f = field(default=default)
    f.name = a_name
    f.type = a_type
    f._field_type = _FIELD
    typing = sys.modules.get("typing")
    if isinstance(a_type, str):
        if _is_string_classvar(a_type):
            f._field_type = _FIELD_CLASSVAR
        elif _is_string_initvar(a_type):
            f._field_type = _FIELD_INITVAR
    elif _is_classvar(a_type, typing):
        f._field_type = _FIELD_CLASSVAR
    elif a_type is InitVar or isinstance(a_type, InitVar):
        f._field_type = _FIELD_INITVAR
    if f._field_type in (_FIELD_CLASSVAR, _FIELD_INITVAR):
        if f.default_factory is not MISSING:
            raise TypeError("field " + f.name + " cannot have a default factory")
    if f._field_type in (_FIELD, _FIELD_INITVAR):
        if f.kw_only is MISSING:
            f.kw_only = default_kw_only
    elif f.kw_only is not MISSING:
        raise TypeError("field " + f.name + " is a ClassVar but specifies kw_only")
    if f._field_type is _FIELD and (f.default.__class__.__hash__ is None or
                                    type(f.default) in (list, dict, set, bytearray)):
        raise ValueError("mutable default " + _repr(type(f.default)) + " for field " + f.name +
                         " is not allowed: use default_factory")
    return f


def _fields_in_init_order(fields):
    return (tuple(f for f in fields if f.init and not f.kw_only),
            tuple(f for f in fields if f.init and f.kw_only))


def _init_param(f, ns):
    if f.default is MISSING and f.default_factory is MISSING:
        default = ""
    elif f.default is not MISSING:
        ns["_dflt_" + f.name] = f.default
        default = "=_dflt_" + f.name
    else:
        default = "=_HAS_DEFAULT_FACTORY"
    return f.name + default


def _field_init(f, frozen, self_name, ns):
    default_name = "_dflt_" + f.name
    if f.default_factory is not MISSING:
        ns["_factory_" + f.name] = f.default_factory
        if f.init:
            value = ("_factory_" + f.name + "() if " + f.name + " is _HAS_DEFAULT_FACTORY else " +
                     f.name)
        else:
            value = "_factory_" + f.name + "()"
    else:
        if f.init:
            if f.default is MISSING:
                value = f.name
            else:
                ns[default_name] = f.default
                value = f.name
        else:
            if f.default is MISSING:
                return None
            ns[default_name] = f.default
            value = default_name
    if f._field_type is _FIELD_INITVAR:
        return None
    if frozen:
        return "__dataclass_builtins_object__.__setattr__(" + self_name + "," + _repr(f.name) + "," + value + ")"
    return self_name + "." + f.name + "=" + value


def _make_init(cls, fields, std_fields, kw_only_fields, frozen, has_post_init, self_name):
    seen_default = False
    for f in std_fields:
        if f.init:
            if not (f.default is MISSING and f.default_factory is MISSING):
                seen_default = True
            elif seen_default:
                raise TypeError("non-default argument " + _repr(f.name) +
                                " follows default argument")
    ns = {"MISSING": MISSING, "_HAS_DEFAULT_FACTORY": _HAS_DEFAULT_FACTORY,
          "__dataclass_builtins_object__": object}
    body = []
    for f in fields:
        line = _field_init(f, frozen, self_name, ns)
        if line:
            body.append(line)
    if has_post_init:
        params = ",".join(f.name for f in fields if f._field_type is _FIELD_INITVAR)
        body.append(self_name + "." + _POST_INIT_NAME + "(" + params + ")")
    if not body:
        body = ["pass"]
    args = [self_name] + [_init_param(f, ns) for f in std_fields]
    if kw_only_fields:
        args += ["*"] + [_init_param(f, ns) for f in kw_only_fields]
    src = "def __init__(" + ",".join(args) + "):\n" + "".join("    " + b + "\n" for b in body)
    exec(src, ns)
    fn = ns["__init__"]
    fn.__qualname__ = cls.__qualname__ + ".__init__"
    fn.__module__ = cls.__module__
    # the annotations CPython's generated signature carries (help() and inspect show them)
    ann = {f.name: f.type for f in std_fields + kw_only_fields}
    ann["return"] = None
    fn.__annotations__ = ann
    return fn


def _set_qualname(cls, fn, name):
    fn.__name__ = name
    fn.__qualname__ = cls.__qualname__ + "." + name
    fn.__module__ = cls.__module__
    return fn


def _make_repr(cls, fields):
    names = [f.name for f in fields if f.repr]
    running = set()

    def __repr__(self):
        key = id(self)
        if key in running:
            return "..."
        running.add(key)
        try:
            parts = [n + "=" + _repr(getattr(self, n)) for n in names]
        finally:
            running.discard(key)
        return self.__class__.__qualname__ + "(" + ", ".join(parts) + ")"

    return _set_qualname(cls, __repr__, "__repr__")


def _tuple_getter(fields):
    names = [f.name for f in fields]

    def get(self):
        return tuple([getattr(self, n) for n in names])

    return get


def _make_eq(cls, fields):
    get = _tuple_getter([f for f in fields if f.compare])

    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return get(self) == get(other)
        return NotImplemented

    return _set_qualname(cls, __eq__, "__eq__")


def _make_order(cls, fields, name, op):
    get = _tuple_getter([f for f in fields if f.compare])

    def method(self, other):
        if other.__class__ is self.__class__:
            return op(get(self), get(other))
        return NotImplemented

    return _set_qualname(cls, method, name)


def _make_hash(cls, fields):
    get = _tuple_getter([f for f in fields if (f.compare if f.hash is None else f.hash)])

    def __hash__(self):
        return hash(get(self))

    return _set_qualname(cls, __hash__, "__hash__")


def _make_frozen(cls, fields):
    names = tuple(f.name for f in fields)

    def __setattr__(self, name, value):
        if type(self) is cls or name in names:
            raise FrozenInstanceError("cannot assign to field " + _repr(name))
        super(cls, self).__setattr__(name, value)

    def __delattr__(self, name):
        if type(self) is cls or name in names:
            raise FrozenInstanceError("cannot delete field " + _repr(name))
        super(cls, self).__delattr__(name)

    return (_set_qualname(cls, __setattr__, "__setattr__"),
            _set_qualname(cls, __delattr__, "__delattr__"))


def _set_new_attribute(cls, name, value):
    if name in cls.__dict__:
        return True
    setattr(cls, name, value)
    return False


def _process_class(cls, init, repr, eq, order, unsafe_hash, frozen, match_args, kw_only,
                   slots):
    fields = {}
    setattr(cls, _PARAMS, _DataclassParams(init, repr, eq, order, unsafe_hash, frozen))
    any_frozen_base = False
    has_dataclass_bases = False
    for b in cls.__mro__[-1:0:-1]:
        base_fields = getattr(b, _FIELDS, None)
        if base_fields is not None:
            has_dataclass_bases = True
            for f in base_fields.values():
                fields[f.name] = f
            if getattr(b, _PARAMS).frozen:
                any_frozen_base = True
    cls_annotations = cls.__dict__.get("__annotations__", {})
    cls_fields = []
    KW_ONLY_seen = False
    typing = sys.modules.get("typing")
    for name, type_ in cls_annotations.items():
        if type_ is KW_ONLY or (isinstance(type_, str) and
                                type_.strip() in ("KW_ONLY", "dataclasses.KW_ONLY")):
            if KW_ONLY_seen:
                raise TypeError(_repr(name) + " is KW_ONLY, but KW_ONLY has already been "
                                "specified")
            KW_ONLY_seen = True
            kw_only = True
        else:
            cls_fields.append(_get_field(cls, name, type_, kw_only))
    for f in cls_fields:
        fields[f.name] = f
        if isinstance(getattr(cls, f.name, None), Field):
            if f.default is MISSING:
                delattr(cls, f.name)
            else:
                setattr(cls, f.name, f.default)
    for name, value in cls.__dict__.items():
        if isinstance(value, Field) and name not in cls_annotations:
            raise TypeError(_repr(name) + " is a field but has no type annotation")
    if has_dataclass_bases:
        if any_frozen_base and not frozen:
            raise TypeError("cannot inherit non-frozen dataclass from a frozen one")
        if not any_frozen_base and frozen:
            raise TypeError("cannot inherit frozen dataclass from a non-frozen one")
    setattr(cls, _FIELDS, fields)
    class_hash = cls.__dict__.get("__hash__", MISSING)
    has_explicit_hash = not (class_hash is MISSING or
                             (class_hash is None and "__eq__" in cls.__dict__))
    if order and not eq:
        raise ValueError("eq must be true if order is true")
    all_init_fields = [f for f in fields.values() if f._field_type in (_FIELD, _FIELD_INITVAR)]
    std_init_fields, kw_only_init_fields = _fields_in_init_order(all_init_fields)
    if init:
        has_post_init = hasattr(cls, _POST_INIT_NAME)
        self_name = "__dataclass_self__" if "self" in fields else "self"
        _set_new_attribute(cls, "__init__",
                           _make_init(cls, all_init_fields, std_init_fields,
                                      kw_only_init_fields, frozen, has_post_init, self_name))
    field_list = [f for f in fields.values() if f._field_type is _FIELD]
    if repr:
        _set_new_attribute(cls, "__repr__", _make_repr(cls, field_list))
    if eq:
        _set_new_attribute(cls, "__eq__", _make_eq(cls, field_list))
    if order:
        ops = [("__lt__", lambda a, b: a < b), ("__le__", lambda a, b: a <= b),
               ("__gt__", lambda a, b: a > b), ("__ge__", lambda a, b: a >= b)]
        for name, op in ops:
            if _set_new_attribute(cls, name, _make_order(cls, field_list, name, op)):
                raise TypeError("Cannot overwrite attribute " + name + " in class " +
                                cls.__name__ + ". Consider using functools.total_ordering")
    if frozen:
        setter, deleter = _make_frozen(cls, field_list)
        for name, fn in (("__setattr__", setter), ("__delattr__", deleter)):
            if _set_new_attribute(cls, name, fn):
                raise TypeError("Cannot overwrite attribute " + name + " in class " +
                                cls.__name__)
    # CPython's __hash__ action table, indexed by (unsafe_hash, eq, frozen, explicit hash)
    if unsafe_hash:
        if has_explicit_hash:
            raise TypeError("Cannot overwrite attribute __hash__ in class " + cls.__name__)
        cls.__hash__ = _make_hash(cls, field_list)
    elif eq and frozen:
        if not has_explicit_hash:
            cls.__hash__ = _make_hash(cls, field_list)
    elif eq:
        if not has_explicit_hash:
            cls.__hash__ = None
    if not getattr(cls, "__doc__"):
        cls.__doc__ = cls.__name__ + _signature_text(std_init_fields, kw_only_init_fields)
    if match_args:
        _set_new_attribute(cls, "__match_args__", tuple(f.name for f in std_init_fields))
    if slots:
        cls = _add_slots(cls, frozen)
    return cls


def _format_annotation(a):
    if isinstance(a, type):
        if a.__module__ == "builtins":
            return a.__qualname__
        return a.__module__ + "." + a.__qualname__
    return _repr(a).replace("typing.", "")


def _signature_text(std_fields, kw_fields):
    """The text inspect.signature gives for the generated __init__ (the class's default
    __doc__)."""
    def param(f):
        text = f.name + ": " + _format_annotation(f.type)
        if f.default is not MISSING:
            text += " = " + _repr(f.default)
        elif f.default_factory is not MISSING:
            text += " = <factory>"
        return text
    params = [param(f) for f in std_fields]
    if kw_fields:
        params += ["*"] + [param(f) for f in kw_fields]
    return "(" + ", ".join(params) + ")"


def _add_slots(cls, is_frozen):
    cls_dict = dict(cls.__dict__)
    field_names = tuple(f.name for f in fields(cls))
    cls_dict["__slots__"] = field_names
    for field_name in field_names:
        cls_dict.pop(field_name, None)
    cls_dict.pop("__dict__", None)
    qualname = getattr(cls, "__qualname__", None)
    cls = type(cls)(cls.__name__, cls.__bases__, cls_dict)
    if qualname is not None:
        cls.__qualname__ = qualname
    return cls


def dataclass(cls=None, /, *, init=True, repr=True, eq=True, order=False, unsafe_hash=False,
              frozen=False, match_args=True, kw_only=False, slots=False):
    """Add dunder methods based on the fields defined in the class."""
    def wrap(cls):
        return _process_class(cls, init, repr, eq, order, unsafe_hash, frozen, match_args,
                              kw_only, slots)
    if cls is None:
        return wrap
    return wrap(cls)


def fields(class_or_instance):
    """The fields of a dataclass (a class or an instance) as a tuple of Field objects."""
    try:
        fields = getattr(class_or_instance, _FIELDS)
    except AttributeError:
        raise TypeError("must be called with a dataclass type or instance") from None
    return tuple(f for f in fields.values() if f._field_type is _FIELD)


def _is_dataclass_instance(obj):
    return hasattr(type(obj), _FIELDS)


def is_dataclass(obj):
    """True if obj is a dataclass or an instance of one."""
    cls = obj if isinstance(obj, type) else type(obj)
    return hasattr(cls, _FIELDS)


def asdict(obj, *, dict_factory=dict):
    """The fields of a dataclass instance as a new dict (recursing into dataclasses, lists,
    tuples and dicts; other values are copied with copy.deepcopy)."""
    if not _is_dataclass_instance(obj):
        raise TypeError("asdict() should be called on dataclass instances")
    return _asdict_inner(obj, dict_factory)


def _asdict_inner(obj, dict_factory):
    if _is_dataclass_instance(obj):
        result = []
        for f in fields(obj):
            value = _asdict_inner(getattr(obj, f.name), dict_factory)
            result.append((f.name, value))
        return dict_factory(result)
    if isinstance(obj, tuple) and hasattr(obj, "_fields"):
        return type(obj)(*[_asdict_inner(v, dict_factory) for v in obj])
    if isinstance(obj, (list, tuple)):
        return type(obj)(_asdict_inner(v, dict_factory) for v in obj)
    if isinstance(obj, dict):
        return type(obj)((_asdict_inner(k, dict_factory), _asdict_inner(v, dict_factory))
                         for k, v in obj.items())
    return copy.deepcopy(obj)


def astuple(obj, *, tuple_factory=tuple):
    """The fields of a dataclass instance as a new tuple (recursing as asdict)."""
    if not _is_dataclass_instance(obj):
        raise TypeError("astuple() should be called on dataclass instances")
    return _astuple_inner(obj, tuple_factory)


def _astuple_inner(obj, tuple_factory):
    if _is_dataclass_instance(obj):
        return tuple_factory([_astuple_inner(getattr(obj, f.name), tuple_factory)
                              for f in fields(obj)])
    if isinstance(obj, tuple) and hasattr(obj, "_fields"):
        return type(obj)(*[_astuple_inner(v, tuple_factory) for v in obj])
    if isinstance(obj, (list, tuple)):
        return type(obj)(_astuple_inner(v, tuple_factory) for v in obj)
    if isinstance(obj, dict):
        return type(obj)((_astuple_inner(k, tuple_factory), _astuple_inner(v, tuple_factory))
                         for k, v in obj.items())
    return copy.deepcopy(obj)


def make_dataclass(cls_name, fields, *, bases=(), namespace=None, init=True, repr=True,
                   eq=True, order=False, unsafe_hash=False, frozen=False, match_args=True,
                   kw_only=False, slots=False, module=None):
    """Create a dataclass named cls_name with the given fields (names, (name, type) or
    (name, type, Field) items)."""
    if namespace is None:
        namespace = {}
    seen = set()
    annotations = {}
    defaults = {}
    for item in fields:
        if isinstance(item, str):
            name = item
            tp = "typing.Any"
        elif len(item) == 2:
            name, tp = item
        elif len(item) == 3:
            name, tp, spec = item
            defaults[name] = spec
        else:
            raise TypeError("Invalid field: " + _repr(item))
        if not isinstance(name, str) or not name.isidentifier():
            raise TypeError("Field names must be valid identifiers: " + _repr(name))
        if name in _KEYWORDS:
            raise TypeError("Field names must not be keywords: " + _repr(name))
        if name in seen:
            raise TypeError("Field name duplicated: " + _repr(name))
        seen.add(name)
        annotations[name] = tp
    ns = dict(namespace)
    ns.update(defaults)
    ns["__annotations__"] = annotations
    ns["__module__"] = module if module is not None else "types"
    ns["__qualname__"] = cls_name
    cls = type(cls_name, tuple(bases), ns)
    return dataclass(cls, init=init, repr=repr, eq=eq, order=order, unsafe_hash=unsafe_hash,
                     frozen=frozen, match_args=match_args, kw_only=kw_only, slots=slots)


def replace(obj, /, **changes):
    """A new object of obj's class with the given fields replaced."""
    if not _is_dataclass_instance(obj):
        raise TypeError("replace() should be called on dataclass instances")
    for f in getattr(obj, _FIELDS).values():
        if f._field_type is _FIELD_CLASSVAR:
            continue
        if not f.init:
            if f.name in changes:
                raise ValueError("field " + f.name + " is declared with init=False, it cannot "
                                 "be specified with replace()")
            continue
        if f.name not in changes:
            if f._field_type is _FIELD_INITVAR and f.default is MISSING:
                raise ValueError("InitVar " + _repr(f.name) + " must be specified with "
                                 "replace()")
            changes[f.name] = getattr(obj, f.name)
    return obj.__class__(**changes)
