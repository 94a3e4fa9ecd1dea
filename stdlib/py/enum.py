"""enum for krait: Enum, IntEnum, StrEnum, Flag, IntFlag, auto, unique, with the reprs,
str()/format() results and lookup rules of CPython 3.11, written from the documented
behaviour (docs.python.org/3.11/library/enum.html). The members are made by the metaclass
EnumType from the class body; krait runs class bodies in a plain dict (no __prepare__),
so auto() values are resolved in definition order when the class is created."""

import sys

__all__ = ["EnumType", "EnumMeta", "Enum", "IntEnum", "StrEnum", "Flag", "IntFlag",
           "ReprEnum", "auto", "unique", "property", "verify", "member", "nonmember",
           "FlagBoundary", "STRICT", "CONFORM", "EJECT", "KEEP", "global_flag_repr",
           "global_enum_repr", "global_str", "global_enum", "EnumCheck", "CONTINUOUS",
           "NAMED_FLAGS", "UNIQUE", "pickle_by_global_name", "pickle_by_enum_name"]

_auto_null = object()


class auto:
    """Instances are replaced with an appropriate value in Enum class suites."""

    def __init__(self, value=_auto_null):
        self.value = value

    def __repr__(self):
        return "auto(" + repr(self.value) + ")"


class member:
    """Forces an item to become an Enum member."""

    def __init__(self, value):
        self.value = value


class nonmember:
    """Protects an item from becoming an Enum member."""

    def __init__(self, value):
        self.value = value


property = property


class MappingProxyType:
    """A read-only view of a mapping (what Enum.__members__ returns)."""

    def __init__(self, mapping):
        self._mapping = mapping

    def __getitem__(self, key):
        return self._mapping[key]

    def __iter__(self):
        return iter(self._mapping)

    def __len__(self):
        return len(self._mapping)

    def __contains__(self, key):
        return key in self._mapping

    def get(self, key, default=None):
        return self._mapping.get(key, default)

    def keys(self):
        return self._mapping.keys()

    def values(self):
        return self._mapping.values()

    def items(self):
        return self._mapping.items()

    def copy(self):
        return dict(self._mapping)

    def __eq__(self, other):
        return self._mapping == other

    def __repr__(self):
        return "mappingproxy(" + repr(self._mapping) + ")"

    def __str__(self):
        return str(self._mapping)


def _is_dunder(name):
    return len(name) > 4 and name[:2] == name[-2:] == "__" and name[2] != "_" and name[-3] != "_"


def _is_sunder(name):
    return len(name) > 2 and name[0] == name[-1] == "_" and name[1] != "_" and name[-2] != "_"


def _is_private(cls_name, name):
    pattern = "_" + cls_name + "__"
    return len(name) > len(pattern) and name.startswith(pattern) and not name.endswith("__")


def _is_descriptor(obj):
    # krait's classmethod/staticmethod objects expose no __get__ attribute
    return (isinstance(obj, (classmethod, staticmethod, property, type(_is_dunder))) or
            hasattr(obj, "__get__") or hasattr(obj, "__set__") or hasattr(obj, "__delete__"))


def _is_single_bit(num):
    if num == 0:
        return False
    num &= num - 1
    return num == 0


def _iter_bits_lsb(num):
    while num:
        b = num & (~num + 1)
        yield b
        num ^= b


def _high_bit(value):
    return value.bit_length() - 1


class FlagBoundary:
    def __init__(self, name):
        self.name = name
        self.value = name.lower()

    def __repr__(self):
        return "<FlagBoundary." + self.name + ": " + repr(self.value) + ">"


STRICT = FlagBoundary("STRICT")
CONFORM = FlagBoundary("CONFORM")
EJECT = FlagBoundary("EJECT")
KEEP = FlagBoundary("KEEP")


class _EnumDict(dict):
    """The namespace of an enum's class body (EnumType.__prepare__): records the members in
    definition order and gives auto() its value at the assignment, so later lines of the
    body (RW = R | W) see it."""

    def __init__(self):
        super().__init__()
        self._member_names = []
        self._last_values = []
        self._ignore = []
        self._generate_next_value = None
        self._cls_name = None

    def __setitem__(self, key, value):
        if _is_private(self._cls_name, key):
            pass
        elif _is_sunder(key):
            if key == "_generate_next_value_":
                gnv = value.__func__ if isinstance(value, staticmethod) else value
                self._generate_next_value = gnv
            elif key == "_ignore_":
                self._ignore = value.replace(",", " ").split() if isinstance(value, str) \
                    else list(value)
        elif _is_dunder(key) or key in self._ignore:
            pass
        elif key in self._member_names:
            raise TypeError(repr(key) + " already defined as " + repr(self[key]))
        elif isinstance(value, nonmember):
            value = value.value
        elif _is_descriptor(value):
            pass
        else:
            if key in self:
                raise TypeError(repr(key) + " already defined as " + repr(self[key]))
            if isinstance(value, member):
                value = value.value
            if isinstance(value, auto):
                if value.value is _auto_null:
                    value.value = self._generate_next_value(
                        key, 1, len(self._member_names), self._last_values[:])
                value = value.value
            elif isinstance(value, tuple) and any(isinstance(v, auto) for v in value):
                value = tuple(self._generate_next_value(key, 1, len(self._member_names),
                                                        self._last_values[:])
                              if isinstance(v, auto) else v for v in value)
            self._member_names.append(key)
            self._last_values.append(value)
        super().__setitem__(key, value)


class EnumType(type):
    """Metaclass for Enum: makes the members from the class body."""

    @classmethod
    def __prepare__(metacls, cls, bases, **kwds):
        metacls._get_mixins_(cls, bases)
        d = _EnumDict()
        d._cls_name = cls
        if bases:
            gnv = getattr(bases[-1], "_generate_next_value_", None)
            d._generate_next_value = gnv
        return d

    def __new__(metacls, cls, bases, classdict, *, boundary=None, _simple=False, **kwds):
        member_type, first_enum = metacls._get_mixins_(cls, bases)
        if isinstance(classdict, _EnumDict):
            member_values = {k: classdict[k] for k in classdict._member_names}
            for k in classdict._member_names:
                del classdict[k]
            for k in classdict._ignore:
                classdict.pop(k, None)
            classdict.pop("_ignore_", None)
            classdict = dict(classdict)
        else:
            member_values = metacls._scan_members_(cls, bases, classdict)
        return metacls._finish_(cls, bases, classdict, member_values, member_type,
                                first_enum, boundary, kwds)

    @staticmethod
    def _scan_members_(cls, bases, classdict):
        """The members of a plain namespace (the functional API)."""
        names = []
        ignore = classdict.get("_ignore_", [])
        if isinstance(ignore, str):
            ignore = ignore.replace(",", " ").split()
        for key in list(classdict):
            value = classdict[key]
            if key in ignore or _is_private(cls, key):
                continue
            if isinstance(value, nonmember):
                classdict[key] = value.value
                continue
            if isinstance(value, member):
                classdict[key] = value = value.value
            elif _is_dunder(key) or _is_sunder(key) or _is_descriptor(value):
                if _is_sunder(key) and key not in (
                        "_order_", "_generate_next_value_", "_missing_", "_ignore_",
                        "_numeric_repr_", "_iter_member_", "_iter_member_by_value_",
                        "_iter_member_by_def_", "_add_alias_", "_add_value_alias_",
                        "_value_", "_name_"):
                    raise ValueError("_sunder_ names, such as " + repr(key) + ", are "
                                     "reserved for future Enum use")
                continue
            names.append(key)
        for key in ignore:
            classdict.pop(key, None)
        classdict.pop("_ignore_", None)
        gnv = classdict.get("_generate_next_value_")
        if gnv is None:
            for base in bases:
                gnv = getattr(base, "_generate_next_value_", None)
                if gnv is not None:
                    break
        if isinstance(gnv, staticmethod):
            gnv = gnv.__func__
        member_values = {}
        last_values = []
        for key in names:
            value = classdict.pop(key)
            if isinstance(value, auto):
                if value.value is _auto_null:
                    value.value = gnv(key, 1, len(last_values), last_values[:])
                value = value.value
            elif isinstance(value, tuple) and any(isinstance(v, auto) for v in value):
                value = tuple(gnv(key, 1, len(last_values), last_values[:])
                              if isinstance(v, auto) else v for v in value)
            member_values[key] = value
            last_values.append(value)
        return member_values

    @staticmethod
    def _finish_(cls, bases, classdict, member_values, member_type, first_enum, boundary,
                 kwds):
        metacls = EnumType
        classdict["_new_member_"] = None
        order = classdict.pop("_order_", None)
        enum_class = type.__new__(metacls, cls, bases, classdict, **kwds)
        # repr and friends come from the enum side, not the mixed-in data type
        if first_enum is not None:
            for name in ("__repr__", "__str__", "__format__", "__reduce_ex__"):
                if name in classdict:
                    continue
                found = getattr(enum_class, name, None)
                if found is not None and (found == getattr(member_type, name, None) or
                                          found == getattr(object, name, None)):
                    setattr(enum_class, name, getattr(first_enum, name))
        enum_class._member_names_ = []
        enum_class._member_map_ = {}
        enum_class._value2member_map_ = {}
        enum_class._unhashable_values_ = []
        enum_class._member_type_ = member_type
        enum_class._flag_mask_ = 0
        enum_class._all_bits_ = 0
        enum_class._boundary_ = boundary or getattr(first_enum, "_boundary_", None)
        if "__new__" in classdict:
            new = classdict["__new__"]
            if isinstance(new, staticmethod):
                new = new.__func__
            use_args = True
        else:
            # CPython's _find_new_: a saved member constructor, then the data type's __new__
            new = None
            for possible in (member_type, first_enum):
                target = possible.__dict__.get("_new_member_") if possible is not None \
                    else None
                if isinstance(target, staticmethod):
                    target = target.__func__
                if target is not None and target is not object.__new__:
                    new = target
                    break
            if new is None and member_type is not object:
                new = member_type.__new__
            if new is None:
                new = object.__new__
            # krait: int.__new__ is object.__new__, which builds the int from the arguments
            use_args = new is not object.__new__ or member_type is not object
        enum_class._new_member_ = new
        enum_class._use_args_ = use_args
        for key, value in member_values.items():
            enum_class._add_member_(key, value)
        if Flag_ is not None and issubclass(enum_class, Flag_):
            bits = 0
            for m in enum_class._member_map_.values():
                if _is_single_bit(m._value_):
                    bits |= m._value_
            single = 0
            for m in enum_class._member_map_.values():
                single |= m._value_
            enum_class._flag_mask_ = single
            enum_class._all_bits_ = 2 ** single.bit_length() - 1 if single else 0
            # a multi-bit member is an alias for iteration
            enum_class._member_names_ = [n for n in enum_class._member_names_
                                         if _is_single_bit(enum_class._member_map_[n]._value_)]
        if order is not None:
            if isinstance(order, str):
                order = order.replace(",", " ").split()
            if order != enum_class._member_names_:
                raise TypeError("member order does not match _order_:\n  " +
                                repr(enum_class._member_names_) + "\n  " + repr(order))
        return enum_class

    def _add_member_(cls, name, value):
        if not isinstance(value, tuple):
            args = (value,)
        else:
            args = value
        if cls._member_type_ is tuple:
            args = (args,)
        if cls._use_args_:
            m = cls._new_member_(cls, *args)
        else:
            m = cls._new_member_(cls)
        if not hasattr(m, "_value_"):
            if cls._member_type_ is object:
                m._value_ = value
            else:
                try:
                    m._value_ = cls._member_type_(*args)
                except Exception:
                    m._value_ = value
        value = m._value_
        m._name_ = name
        m.__objclass__ = cls
        if any("__init__" in b.__dict__ for b in cls.__mro__ if isinstance(b, EnumType)):
            m.__init__(*args)
        m._sort_order_ = len(cls._member_names_)
        # an alias: the same value as an earlier member
        for existing in cls._member_map_.values():
            if existing._value_ == value:
                m = existing
                break
        else:
            cls._member_names_.append(name)
        cls._member_map_[name] = m
        setattr(cls, name, m)
        try:
            cls._value2member_map_.setdefault(value, m)
        except TypeError:
            cls._unhashable_values_.append(value)

    def _get_mixins_(cls, bases):
        if not bases:
            return object, Enum_
        for base in bases:
            if isinstance(base, EnumType) and base._member_names_:
                raise TypeError("<enum " + repr(cls) + "> cannot extend " + repr(base))
        first_enum = bases[-1]
        if not isinstance(first_enum, EnumType):
            raise TypeError("new enumerations should be created as "
                            "`EnumName([mixin_type, ...] [data_type,] enum_type)`")
        member_type = object
        for chain in bases:
            for base in chain.__mro__:
                if base is object:
                    continue
                if isinstance(base, EnumType):
                    if base._member_type_ is not object:
                        member_type = base._member_type_
                        break
                    continue
                if "__new__" in base.__dict__ or base in (int, str, float, bytes, tuple):
                    member_type = base
                    break
                if base.__module__ != "enum":
                    continue
            if member_type is not object:
                break
        return member_type, first_enum

    def __call__(cls, value, names=None, *, module=None, qualname=None, type=None, start=1,
                 boundary=None):
        if names is None:
            return cls.__new_lookup__(value)
        return cls._create_(value, names, module=module, qualname=qualname, type=type,
                            start=start, boundary=boundary)

    def __new_lookup__(cls, value):
        if isinstance(value, cls):
            return value
        try:
            return cls._value2member_map_[value]
        except (KeyError, TypeError):
            for m in cls._member_map_.values():
                if m._value_ == value:
                    return m
        result = cls._missing_(value)
        if isinstance(result, cls):
            return result
        if result is None:
            raise ValueError(repr(value) + " is not a valid " + cls.__qualname__)
        raise TypeError("error in " + cls.__name__ + "._missing_: returned " + repr(result) +
                        " instead of None or a valid member")

    def _create_(cls, class_name, names, *, module=None, qualname=None, type=None, start=1,
                 boundary=None):
        bases = (cls,) if type is None else (type, cls)
        classdict = {}
        if isinstance(names, str):
            names = names.replace(",", " ").split()
        if isinstance(names, (tuple, list)) and names and isinstance(names[0], str):
            original, names = names, []
            last = []
            for count, name in enumerate(original):
                value = cls._generate_next_value_(name, start, count, last[:])
                last.append(value)
                names.append((name, value))
        if isinstance(names, dict):
            names = names.items()
        for item in names:
            if isinstance(item, str):
                member_name, member_value = item, names[item]
            else:
                member_name, member_value = item
            classdict[member_name] = member_value
        if module is None:
            module = "__main__"
        classdict["__module__"] = module
        if qualname is not None:
            classdict["__qualname__"] = qualname
        metacls = cls.__class__
        return metacls.__new__(metacls, class_name, bases, classdict, boundary=boundary)

    def __bool__(cls):
        return True

    def __contains__(cls, member):
        if not isinstance(member, Enum_):
            raise TypeError("unsupported operand type(s) for 'in': '" +
                            type(member).__qualname__ + "' and '" +
                            type(cls).__qualname__ + "'")
        return isinstance(member, cls) and member._name_ in cls._member_map_

    def __delattr__(cls, attr):
        if attr in cls._member_map_:
            raise AttributeError(repr(cls.__name__) + " cannot delete member " + repr(attr) + ".")
        super().__delattr__(attr)

    def __getitem__(cls, name):
        return cls._member_map_[name]

    def __iter__(cls):
        return (cls._member_map_[name] for name in cls._member_names_)

    def __reversed__(cls):
        return (cls._member_map_[name] for name in reversed(cls._member_names_))

    def __len__(cls):
        return len(cls._member_names_)

    @property
    def __members__(cls):
        return MappingProxyType(cls._member_map_)

    def __repr__(cls):
        if Flag_ is not None and issubclass(cls, Flag_):
            return "<flag " + repr(cls.__name__) + ">"
        return "<enum " + repr(cls.__name__) + ">"


EnumMeta = EnumType
Enum_ = None
Flag_ = None


class Enum(metaclass=EnumType):
    """Create a collection of name/value pairs."""

    def _generate_next_value_(name, start, count, last_values):
        if not count:
            return start
        for v in reversed(last_values):
            try:
                return v + 1
            except TypeError:
                continue
        return start

    @classmethod
    def _missing_(cls, value):
        return None

    def __repr__(self):
        v_repr = self.__class__._value_repr_ or repr
        return "<" + self.__class__.__name__ + "." + str(self._name_) + ": " + \
            v_repr(self._value_) + ">"

    def __str__(self):
        return self.__class__.__name__ + "." + str(self._name_)

    def __format__(self, format_spec):
        return str.__format__(str(self), format_spec)

    def __hash__(self):
        return hash(self._name_)

    def __reduce_ex__(self, proto):
        return self.__class__, (self._value_,)

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self

    def __dir__(self):
        return ["__class__", "__doc__", "__eq__", "__hash__", "__module__", "name", "value"]

    @property
    def name(self):
        """The name of the Enum member."""
        return self._name_

    @name.setter
    def name(self, v):
        raise AttributeError("<enum 'Enum'> cannot set attribute 'name'")

    @property
    def value(self):
        """The value of the Enum member."""
        return self._value_

    @value.setter
    def value(self, v):
        raise AttributeError("<enum 'Enum'> cannot set attribute 'value'")


Enum._value_repr_ = None
Enum_ = Enum
Enum._generate_next_value_ = staticmethod(Enum.__dict__["_generate_next_value_"])


class ReprEnum(Enum):
    """Only changes the repr(), leaving str() and format() to the mixed-in type."""


def _mixin_str(self):
    return self._member_type_.__str__(self._value_) if self._member_type_ is not object \
        else Enum.__str__(self)


def _mixin_format(self, format_spec):
    return format(self._value_, format_spec)


ReprEnum.__str__ = _mixin_str
ReprEnum.__format__ = _mixin_format


class IntEnum(int, ReprEnum):
    """Enum where members are also (and must be) ints."""


class StrEnum(str, ReprEnum):
    """Enum where members are also (and must be) strings."""

    def __new__(cls, *values):
        if len(values) > 3:
            raise TypeError("too many arguments for str(): " + repr(values))
        if len(values) == 1 and not isinstance(values[0], str):
            raise TypeError(repr(values[0]) + " is not a string")
        value = str(*values)
        m = str.__new__(cls, value)
        m._value_ = value
        return m

    def _generate_next_value_(name, start, count, last_values):
        return name.lower()


StrEnum._generate_next_value_ = staticmethod(StrEnum.__dict__["_generate_next_value_"])
StrEnum._new_member_ = StrEnum.__dict__["__new__"]


class Flag(Enum, boundary=STRICT):
    """Support for bit flags: members combine with |, &, ^ and ~."""

    def _generate_next_value_(name, start, count, last_values):
        if not count:
            return start if start is not None else 1
        last_value = max(last_values)
        try:
            high_bit = _high_bit(last_value)
        except Exception:
            raise TypeError("invalid flag value " + repr(last_value)) from None
        return 2 ** (high_bit + 1)

    @classmethod
    def _missing_(cls, value):
        if not isinstance(value, int):
            raise ValueError(repr(value) + " is not a valid " + cls.__qualname__)
        flag_mask = cls._flag_mask_
        neg_value = None
        if value < 0:
            neg_value = value
            value = cls._all_bits_ + 1 + value
        if value & ~flag_mask and value >= 0:
            if cls._boundary_ is STRICT:
                width = max(value.bit_length(), flag_mask.bit_length())
                raise ValueError(repr(cls) + " invalid value " + repr(value) + "\n    given " +
                                 _bin(value, width) + "\n  allowed " + _bin(flag_mask, width))
            elif cls._boundary_ is CONFORM:
                value = value & flag_mask
            elif cls._boundary_ is EJECT:
                return value
        if cls._member_type_ is object:
            pseudo = object.__new__(cls)
        else:
            pseudo = cls._member_type_.__new__(cls, value)
        pseudo._value_ = value
        members = [m for m in cls._member_map_.values()
                   if m._value_ and (m._value_ & value) == m._value_ and
                   _is_single_bit(m._value_)]
        covered = 0
        for m in members:
            covered |= m._value_
        if value == 0:
            pseudo._name_ = None
        elif covered == value:
            pseudo._name_ = "|".join(m._name_ for m in members)
        elif members:
            # KEEP: the unnamed bits are shown as a number (Perm.X|8)
            pseudo._name_ = "|".join(m._name_ for m in members) + "|" + str(value & ~covered)
        else:
            pseudo._name_ = None
        try:
            pseudo = cls._value2member_map_.setdefault(value, pseudo)
        except TypeError:
            pass
        if neg_value is not None:
            cls._value2member_map_[neg_value] = pseudo
        return pseudo

    def __contains__(self, other):
        if not isinstance(other, self.__class__):
            raise TypeError("unsupported operand type(s) for 'in': '" +
                            type(other).__qualname__ + "' and '" +
                            self.__class__.__qualname__ + "'")
        return other._value_ & self._value_ == other._value_

    def __iter__(self):
        # CPython 3.11: bit order, or definition order when the bits were not defined in
        # ascending order
        cls = self.__class__
        members = [cls._value2member_map_.get(b) for b in _iter_bits_lsb(self._value_)]
        members = [m for m in members if m is not None and m._name_ in cls._member_names_]
        canonical = [cls._member_map_[n] for n in cls._member_names_]
        values = [m._value_ for m in canonical if m._value_ and m._value_ & (m._value_ - 1) == 0]
        if values != sorted(values):
            members.sort(key=lambda m: cls._member_names_.index(m._name_))
        yield from members

    def __len__(self):
        return bin(self._value_).count("1")

    def __repr__(self):
        cls_name = self.__class__.__name__
        v_repr = self.__class__._value_repr_ or repr
        if self._name_ is None:
            return "<" + cls_name + ": " + v_repr(self._value_) + ">"
        return "<" + cls_name + "." + self._name_ + ": " + v_repr(self._value_) + ">"

    def __str__(self):
        cls_name = self.__class__.__name__
        if self._name_ is None:
            return cls_name + "(" + repr(self._value_) + ")"
        return cls_name + "." + self._name_

    def __bool__(self):
        return bool(self._value_)

    def __or__(self, other):
        if isinstance(other, self.__class__):
            other = other._value_
        elif self._member_type_ is not object and isinstance(other, self._member_type_):
            pass
        else:
            return NotImplemented
        return self.__class__(self._value_ | other)

    def __and__(self, other):
        if isinstance(other, self.__class__):
            other = other._value_
        elif self._member_type_ is not object and isinstance(other, self._member_type_):
            pass
        else:
            return NotImplemented
        return self.__class__(self._value_ & other)

    def __xor__(self, other):
        if isinstance(other, self.__class__):
            other = other._value_
        elif self._member_type_ is not object and isinstance(other, self._member_type_):
            pass
        else:
            return NotImplemented
        return self.__class__(self._value_ ^ other)

    def __invert__(self):
        if self._member_type_ is not object and self.__class__._boundary_ is KEEP:
            return self.__class__(~self._value_)
        return self.__class__(self.__class__._flag_mask_ ^ self._value_)

    __rand__ = __and__
    __ror__ = __or__
    __rxor__ = __xor__


Flag._generate_next_value_ = staticmethod(Flag.__dict__["_generate_next_value_"])
Flag_ = Flag


def _bin(num, max_bits=None):
    ceiling = 2 ** (num).bit_length()
    if num >= 0:
        s = bin(num + ceiling).replace("1", "0", 1)
    else:
        s = bin(~num ^ (ceiling - 1) + ceiling)
    sign = s[:3]
    digits = s[3:]
    if max_bits is not None:
        if len(digits) < max_bits:
            digits = (sign[-1] * max_bits + digits)[-max_bits:]
    return sign + " " + digits


class IntFlag(int, ReprEnum, Flag, boundary=KEEP):
    """Support for integer-based Flags."""

    __or__ = Flag.__or__
    __and__ = Flag.__and__
    __xor__ = Flag.__xor__
    __ror__ = Flag.__or__
    __rand__ = Flag.__and__
    __rxor__ = Flag.__xor__
    __invert__ = Flag.__invert__
    __repr__ = Flag.__repr__
    __contains__ = Flag.__contains__
    __iter__ = Flag.__iter__
    __len__ = Flag.__len__
    __bool__ = Flag.__bool__


IntFlag.__str__ = _mixin_str
IntFlag.__format__ = _mixin_format


def unique(enumeration):
    """Class decorator for enumerations ensuring unique member values."""
    duplicates = []
    for name, m in enumeration.__members__.items():
        if name != m.name:
            duplicates.append((name, m.name))
    if duplicates:
        alias_details = ", ".join([alias + " -> " + name for (alias, name) in duplicates])
        raise ValueError("duplicate values found in " + repr(enumeration) + ": " +
                         alias_details)
    return enumeration


class EnumCheck:
    def __init__(self, name):
        self.name = name
        self.value = name.lower()


CONTINUOUS = EnumCheck("CONTINUOUS")
NAMED_FLAGS = EnumCheck("NAMED_FLAGS")
UNIQUE = EnumCheck("UNIQUE")


class verify:
    """Check an enumeration for various constraints (UNIQUE, CONTINUOUS, NAMED_FLAGS)."""

    def __init__(self, *checks):
        self.checks = checks

    def __call__(self, enumeration):
        for check in self.checks:
            if check is UNIQUE:
                aliases = [(n, m.name) for n, m in enumeration.__members__.items() if n != m.name]
                if aliases:
                    raise ValueError("aliases found in " + repr(enumeration) + ": " +
                                     ", ".join(a + " -> " + n for a, n in aliases))
            elif check is CONTINUOUS:
                values = sorted(m.value for m in enumeration)
                if values:
                    low, high = values[0], values[-1]
                    missing = [v for v in range(low, high + 1) if v not in values]
                    if missing:
                        raise ValueError("invalid enum " + repr(enumeration.__name__) +
                                         ": missing values " +
                                         ", ".join(str(m) for m in missing))
        return enumeration


def global_enum_repr(self):
    module = self.__class__.__module__.split(".")[-1]
    return module + "." + self._name_


def global_flag_repr(self):
    module = self.__class__.__module__.split(".")[-1]
    if self._name_ is None:
        return module + "." + self.__class__.__name__ + "(" + repr(self._value_) + ")"
    return "|".join(module + "." + n for n in self._name_.split("|"))


def global_str(self):
    if self._name_ is None:
        return self.__class__.__name__ + "(" + repr(self._value_) + ")"
    return self._name_


def global_enum(cls, update_str=False):
    """Make the members of cls global names of its module, with module-style reprs."""
    if issubclass(cls, Flag):
        cls.__repr__ = global_flag_repr
    else:
        cls.__repr__ = global_enum_repr
    if not issubclass(cls, ReprEnum) or update_str:
        cls.__str__ = global_str
    mod = sys.modules.get(cls.__module__)
    if mod is not None:
        for name, m in cls.__members__.items():
            setattr(mod, name, m)
    return cls


def pickle_by_global_name(self, proto):
    return self.name


def pickle_by_enum_name(self, proto):
    return getattr, (self.__class__, self._name_)
