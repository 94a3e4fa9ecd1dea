"""string.templatelib for krait: Template and Interpolation, the values of t-string literals
(Python 3.14, PEP 750; an extension beyond 3.11), written from CPython 3.14's documented
behaviour (docs.python.org/3.14/library/string.templatelib.html). A t"..." literal compiles
to BUILD_TEMPLATE, which calls _template below with the literal's strings and, per
interpolation, its value, expression text, conversion and format spec (already formatted).

Both classes are immutable (attributes are read-only), compare and hash by identity and
cannot be subclassed, as in CPython. A Template always has one string more than
interpolations; the constructor merges adjacent strings and puts '' between adjacent
interpolations."""

__all__ = ["Interpolation", "Template", "convert"]


def _type_name(obj):
    t = type(obj)
    mod = t.__module__
    return t.__qualname__ if mod == "builtins" else mod + "." + t.__qualname__


def _no_subclass(cls, name):
    raise TypeError("type 'string.templatelib.%s' is not an acceptable base type" % name)


class Interpolation:
    """Interpolation object"""

    __slots__ = ("_d",)  # (value, expression, conversion, format_spec): one store to build
    __match_args__ = ("value", "expression", "conversion", "format_spec")

    def __new__(cls, value, expression="", conversion=None, format_spec=""):
        if not isinstance(expression, str):
            raise TypeError("Interpolation() argument 'expression' must be str, not %s"
                            % _type_name(expression))
        if conversion is not None and conversion not in ("a", "r", "s"):
            raise ValueError("Interpolation() argument 'conversion' must be one of 's', 'a' "
                             "or 'r'")
        if not isinstance(format_spec, str):
            raise TypeError("Interpolation() argument 'format_spec' must be str, not %s"
                            % _type_name(format_spec))
        return _interpolation(value, expression, conversion, format_spec)

    def __init_subclass__(cls, **kwargs):
        _no_subclass(cls, "Interpolation")

    value = property(lambda self: self._d[0])
    expression = property(lambda self: self._d[1])
    conversion = property(lambda self: self._d[2])
    format_spec = property(lambda self: self._d[3])

    def __setattr__(self, name, value):
        raise AttributeError("readonly attribute")

    def __delattr__(self, name):
        raise AttributeError("readonly attribute")

    def __repr__(self):
        return "Interpolation(%r, %r, %r, %r)" % self._d

    def __reduce__(self):
        return (Interpolation, self._d)


Interpolation.__module__ = "string.templatelib"
_set = object.__setattr__
_new = object.__new__


def _interpolation(value, expression, conversion, format_spec):
    i = _new(Interpolation)
    _set(i, "_d", (value, expression, conversion, format_spec))
    return i


class Template:
    """Template object"""

    __slots__ = ("_strings", "_interpolations")

    def __new__(cls, *args, **kwargs):
        if kwargs:
            raise TypeError("Template.__new__ only accepts *args arguments")
        strings = []
        interps = []
        last_str = False
        for a in args:
            if isinstance(a, str):
                if last_str:
                    strings[-1] += a
                else:
                    strings.append(a)
                last_str = True
            elif type(a) is Interpolation:
                if not last_str:
                    strings.append("")
                interps.append(a)
                last_str = False
            else:
                raise TypeError("Template.__new__ *args need to be of type 'str' or "
                                "'Interpolation', got %s" % _type_name(a))
        if not last_str:
            strings.append("")
        return _make(tuple(strings), tuple(interps))

    def __init_subclass__(cls, **kwargs):
        _no_subclass(cls, "Template")

    strings = property(lambda self: self._strings)
    interpolations = property(lambda self: self._interpolations)

    @property
    def values(self):
        return tuple(i._d[0] for i in self._interpolations)

    def __setattr__(self, name, value):
        raise AttributeError("readonly attribute")

    def __delattr__(self, name):
        raise AttributeError("readonly attribute")

    def __iter__(self):
        strings = self._strings
        interps = self._interpolations
        for k in range(len(interps)):
            if strings[k]:
                yield strings[k]
            yield interps[k]
        if strings[-1]:
            yield strings[-1]

    def __repr__(self):
        return "Template(strings=%r, interpolations=%r)" % (self._strings, self._interpolations)

    def __add__(self, other):
        if type(other) is not Template:
            raise TypeError('can only concatenate string.templatelib.Template (not "%s") to '
                            "string.templatelib.Template" % _type_name(other))
        a, b = self._strings, other._strings
        return _make(a[:-1] + (a[-1] + b[0],) + b[1:],
                     self._interpolations + other._interpolations)

    def __radd__(self, other):
        raise TypeError('can only concatenate string.templatelib.Template (not "%s") to '
                        "string.templatelib.Template" % _type_name(other))

    def __reduce__(self):
        args = []
        for k, i in enumerate(self._interpolations):
            args.append(self._strings[k])
            args.append(i)
        args.append(self._strings[-1])
        return (Template, tuple(args))


Template.__module__ = "string.templatelib"


def _make(strings, interps):
    t = _new(Template)
    _set(t, "_strings", strings)
    _set(t, "_interpolations", interps)
    return t


def _template(strings, parts):
    """A t-string literal's Template (BUILD_TEMPLATE): parts holds value, expression,
    conversion, format_spec for each interpolation."""
    if len(parts) == 4:
        return _make(strings, (_interpolation(*parts),))
    return _make(strings, tuple([_interpolation(*parts[k:k + 4])
                                 for k in range(0, len(parts), 4)]))


def convert(obj, /, conversion):
    """Convert *obj* with the conversion 's' (str), 'r' (repr), 'a' (ascii) or None (obj)."""
    if conversion is None:
        return obj
    if conversion == "s":
        return str(obj)
    if conversion == "r":
        return repr(obj)
    if conversion == "a":
        return ascii(obj)
    raise ValueError("Unknown conversion specifier %s" % (conversion,))
