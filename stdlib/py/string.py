"""string for krait: the constants, capwords, Template ($-substitution) and Formatter
(str.format's machinery, overridable), written from the documented behaviour of CPython
3.11 (docs.python.org/3.11/library/string.html). Template's placeholders are matched by
hand rather than with re: $$, $identifier and ${identifier}, identifiers being ASCII
letters, digits and underscores not starting with a digit (the default idpattern)."""

__all__ = ["ascii_letters", "ascii_lowercase", "ascii_uppercase", "capwords", "digits",
           "hexdigits", "octdigits", "printable", "punctuation", "whitespace", "Formatter",
           "Template"]

whitespace = " \t\n\r\v\f"
ascii_lowercase = "abcdefghijklmnopqrstuvwxyz"
ascii_uppercase = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
ascii_letters = ascii_lowercase + ascii_uppercase
digits = "0123456789"
hexdigits = digits + "abcdef" + "ABCDEF"
octdigits = "01234567"
punctuation = r"""!"#$%&'()*+,-./:;<=>?@[\]^_`{|}~"""
printable = digits + ascii_letters + punctuation + whitespace


def capwords(s, sep=None):
    """Split s into words with str.split(sep), capitalize each, join with sep (or a
    space)."""
    return (sep or " ").join(map(str.capitalize, s.split(sep)))


_sentinel_dict = {}
_id_start = "_" + ascii_letters
_id_chars = _id_start + digits


class Template:
    """A string class for supporting $-substitutions."""

    delimiter = "$"
    braceidpattern = None
    flags = None

    def __init__(self, template):
        self.template = template

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        if "pattern" in cls.__dict__ or "idpattern" in cls.__dict__:
            raise NotImplementedError("krait: Template subclasses with a custom pattern or "
                                      "idpattern need the re module")

    def _invalid(self, i):
        lines = self.template[:i].splitlines(keepends=True)
        if not lines:
            colno = 1
            lineno = 1
        else:
            colno = i - len("".join(lines[:-1]))
            lineno = len(lines)
        raise ValueError("Invalid placeholder in string: line %d, col %d" % (lineno, colno))

    def _scan(self):
        """Yield (kind, start, end, text): kind "text", "escaped", "named" or "invalid"."""
        t = self.template
        d = self.delimiter
        n = len(t)
        i = 0
        start = 0
        while True:
            j = t.find(d, i)
            if j < 0:
                break
            if j > start:
                yield ("text", start, j, t[start:j])
            k = j + len(d)
            if t.startswith(d, k):
                yield ("escaped", j, k + len(d), d)
                i = start = k + len(d)
                continue
            if k < n and t[k] == "{":
                e = k + 1
                while e < n and t[e] in _id_chars:
                    e += 1
                if e > k + 1 and t[k + 1] in _id_start and e < n and t[e] == "}":
                    yield ("named", j, e + 1, t[k + 1:e])
                    i = start = e + 1
                    continue
                yield ("invalid", k, k, None)
                i = start = k
                continue
            e = k
            if e < n and t[e] in _id_start:
                while e < n and t[e] in _id_chars:
                    e += 1
                yield ("named", j, e, t[k:e])
                i = start = e
                continue
            yield ("invalid", k, k, None)
            i = start = k
        if start < n:
            yield ("text", start, n, t[start:])

    def substitute(self, mapping=_sentinel_dict, /, **kws):
        """Substitute every placeholder; a missing key raises KeyError."""
        if mapping is _sentinel_dict:
            mapping = kws
        elif kws:
            mapping = _ChainMap(kws, mapping)
        out = []
        for kind, s, e, text in self._scan():
            if kind == "named":
                out.append("%s" % (mapping[text],))
            elif kind == "invalid":
                self._invalid(s)
            else:
                out.append(text)
        return "".join(out)

    def safe_substitute(self, mapping=_sentinel_dict, /, **kws):
        """Like substitute(), but leave missing placeholders (and stray $) as they are."""
        if mapping is _sentinel_dict:
            mapping = kws
        elif kws:
            mapping = _ChainMap(kws, mapping)
        out = []
        for kind, s, e, text in self._scan():
            if kind == "named":
                try:
                    out.append("%s" % (mapping[text],))
                except KeyError:
                    out.append(self.template[s:e])
            elif kind == "invalid":
                out.append(self.delimiter)
            else:
                out.append(text)
        return "".join(out)

    def is_valid(self):
        """False if the template has invalid placeholders."""
        return all(kind != "invalid" for kind, s, e, text in self._scan())

    def get_identifiers(self):
        """The valid identifiers in the template, in first-appearance order."""
        ids = []
        for kind, s, e, text in self._scan():
            if kind == "named" and text not in ids:
                ids.append(text)
            elif kind == "invalid":
                raise ValueError("Unrecognized named group in pattern")
        return ids


class _ChainMap:
    def __init__(self, *maps):
        self.maps = maps

    def __getitem__(self, key):
        for m in self.maps:
            try:
                return m[key]
            except KeyError:
                pass
        raise KeyError(key)


class Formatter:
    """The machinery of str.format, in overridable pieces."""

    def format(self, format_string, /, *args, **kwargs):
        return self.vformat(format_string, args, kwargs)

    def vformat(self, format_string, args, kwargs):
        used_args = set()
        result, _ = self._vformat(format_string, args, kwargs, used_args, 2)
        self.check_unused_args(used_args, args, kwargs)
        return result

    def _vformat(self, format_string, args, kwargs, used_args, recursion_depth,
                 auto_arg_index=0):
        if recursion_depth < 0:
            raise ValueError("Max string recursion exceeded")
        result = []
        for literal_text, field_name, format_spec, conversion in self.parse(format_string):
            if literal_text:
                result.append(literal_text)
            if field_name is not None:
                if field_name == "":
                    if auto_arg_index is False:
                        raise ValueError("cannot switch from manual field specification to "
                                         "automatic field numbering")
                    field_name = str(auto_arg_index)
                    auto_arg_index += 1
                elif field_name.isdigit():
                    if auto_arg_index:
                        raise ValueError("cannot switch from manual field specification to "
                                         "automatic field numbering")
                    auto_arg_index = False
                obj, arg_used = self.get_field(field_name, args, kwargs)
                used_args.add(arg_used)
                obj = self.convert_field(obj, conversion)
                format_spec, auto_arg_index = self._vformat(
                    format_spec, args, kwargs, used_args, recursion_depth - 1,
                    auto_arg_index=auto_arg_index)
                result.append(self.format_field(obj, format_spec))
        return "".join(result), auto_arg_index

    def get_value(self, key, args, kwargs):
        if isinstance(key, int):
            return args[key]
        return kwargs[key]

    def check_unused_args(self, used_args, args, kwargs):
        pass

    def format_field(self, value, format_spec):
        return format(value, format_spec)

    def convert_field(self, value, conversion):
        if conversion is None:
            return value
        if conversion == "s":
            return str(value)
        if conversion == "r":
            return repr(value)
        if conversion == "a":
            return ascii(value)
        raise ValueError("Unknown conversion specifier " + str(conversion))

    def parse(self, format_string):
        """Yield (literal_text, field_name, format_spec, conversion) for each field (the
        last with field_name None when text follows the last field)."""
        s = format_string
        n = len(s)
        i = 0
        literal = []
        while i < n:
            c = s[i]
            if c == "{":
                if i + 1 < n and s[i + 1] == "{":
                    literal.append("{")
                    yield ("".join(literal), None, None, None)
                    literal = []
                    i += 2
                    continue
                if i + 1 == n:
                    raise ValueError("Single '{' encountered in format string")
                depth = 1
                j = i + 1
                while j < n and depth:
                    if s[j] == "{":
                        depth += 1
                    elif s[j] == "}":
                        depth -= 1
                    j += 1
                if depth:
                    raise ValueError("expected '}' before end of string")
                field = s[i + 1:j - 1]
                # field name ends at the first ! or : outside brackets
                k = 0
                bracket = False
                while k < len(field):
                    ch = field[k]
                    if ch == "[":
                        bracket = True
                    elif ch == "]":
                        bracket = False
                    elif not bracket and ch in "!:":
                        break
                    k += 1
                name = field[:k]
                conversion = None
                spec = ""
                rest = field[k:]
                if rest.startswith("!"):
                    if len(rest) < 2:
                        # CPython takes the closing brace as the conversion character
                        raise ValueError("unmatched '{' in format spec")
                    conversion = rest[1]
                    rest = rest[2:]
                    if rest and not rest.startswith(":"):
                        raise ValueError("expected ':' after conversion specifier")
                if rest.startswith(":"):
                    spec = rest[1:]
                yield ("".join(literal), name, spec, conversion)
                literal = []
                i = j
                continue
            if c == "}":
                if i + 1 < n and s[i + 1] == "}":
                    literal.append("}")
                    yield ("".join(literal), None, None, None)
                    literal = []
                    i += 2
                    continue
                raise ValueError("Single '}' encountered in format string")
            literal.append(c)
            i += 1
        if literal:
            yield ("".join(literal), None, None, None)

    def get_field(self, field_name, args, kwargs):
        """The object a field name refers to, and the key of args/kwargs it used."""
        first, rest = _split_field(field_name)
        obj = self.get_value(first, args, kwargs)
        for is_attr, i in rest:
            if is_attr:
                obj = getattr(obj, i)
            else:
                obj = obj[i]
        return obj, first


def _split_field(name):
    i = 0
    n = len(name)
    while i < n and name[i] not in ".[":
        i += 1
    first = name[:i]
    if first.isdigit():
        first = int(first)
    rest = []
    while i < n:
        if name[i] == ".":
            j = i + 1
            while j < n and name[j] not in ".[":
                j += 1
            if j == i + 1:
                raise ValueError("Empty attribute in format string")
            rest.append((True, name[i + 1:j]))
            i = j
        elif name[i] == "[":
            j = name.find("]", i)
            if j < 0:
                raise ValueError("Missing ']' in format string")
            key = name[i + 1:j]
            if key.isdigit():
                key = int(key)
            rest.append((False, key))
            i = j + 1
        else:
            raise ValueError("Only '.' or '[' may follow ']' in format field specifier")
    return first, rest
