#!/usr/bin/env python3
"""The reference for krait's t-string tests (tests/lang/tstring_*.py), run by CPython 3.11.

Template strings are Python 3.14 (PEP 750) and CPython 3.11 cannot run them, so
gen_expected.py runs a script whose first line is "# reference: tstring_reference.py" as
`python3 ../tstring_reference.py NAME.py`: this file rewrites every t-string literal of the
script into a call that builds the same Template from 3.11 code, then runs the result. The
rewriting follows PEP 750 and PEP 701 as written (docs.python.org/3.14/reference/
lexical_analysis.html#template-strings and the string.templatelib page), independently of
krait's C parser: literal text with {{ }} escapes, replacement fields whose expression may
hold any string literal (the enclosing quote, backslashes, nested t-strings), `=` debug
text, !s/!r/!a conversions (whitespace may follow), format specs with nested fields
formatted eagerly, implicit concatenation of t-strings only. exec, eval and compile are
wrapped so that source given to them at run time is rewritten too, and the syntax errors
this file detects carry CPython 3.14's messages. Template and Interpolation here are a
small model of string.templatelib's documented behaviour (sys.modules['string.templatelib']).

Limits (the tests keep within them): a t-string inside an f-string's expression is not
rewritten, and line numbers hold only for t-strings that do not span lines."""
import builtins
import sys
import types
import warnings

warnings.simplefilter("ignore", DeprecationWarning)  # "\d" and friends in decoded chunks

# ---- the model of string.templatelib ----


def _qualname(obj):
    t = type(obj)
    return t.__qualname__ if t.__module__ == "builtins" else "%s.%s" % (t.__module__,
                                                                        t.__qualname__)


class _Frozen:
    __slots__ = ()

    def __setattr__(self, name, value):
        raise AttributeError("readonly attribute")

    def __delattr__(self, name):
        raise AttributeError("readonly attribute")


class Interpolation(_Frozen):
    __slots__ = ("value", "expression", "conversion", "format_spec")
    __match_args__ = ("value", "expression", "conversion", "format_spec")

    def __init__(self, value, expression="", conversion=None, format_spec=""):
        if not isinstance(expression, str):
            raise TypeError("Interpolation() argument 'expression' must be str, not "
                            + _qualname(expression))
        if conversion not in (None, "s", "r", "a"):
            raise ValueError("Interpolation() argument 'conversion' must be one of 's', "
                             "'a' or 'r'")
        if not isinstance(format_spec, str):
            raise TypeError("Interpolation() argument 'format_spec' must be str, not "
                            + _qualname(format_spec))
        for name, v in zip(self.__slots__, (value, expression, conversion, format_spec)):
            object.__setattr__(self, name, v)

    def __init_subclass__(cls):
        raise TypeError("type 'string.templatelib.Interpolation' is not an acceptable base "
                        "type")

    def __repr__(self):
        return "Interpolation(" + ", ".join(repr(getattr(self, n)) for n in self.__slots__) + ")"


class Template(_Frozen):
    __slots__ = ("strings", "interpolations")

    def __init__(self, *args, **kw):
        if kw:
            raise TypeError("Template.__new__ only accepts *args arguments")
        strings, interps = [""], []
        for a in args:
            if isinstance(a, str):
                strings[-1] += a
            elif isinstance(a, Interpolation):
                interps.append(a)
                strings.append("")
            else:
                raise TypeError("Template.__new__ *args need to be of type 'str' or "
                                "'Interpolation', got " + _qualname(a))
        object.__setattr__(self, "strings", tuple(strings))
        object.__setattr__(self, "interpolations", tuple(interps))

    def __init_subclass__(cls):
        raise TypeError("type 'string.templatelib.Template' is not an acceptable base type")

    @property
    def values(self):
        return tuple(i.value for i in self.interpolations)

    def __iter__(self):
        for s, i in zip(self.strings, self.interpolations + (None,)):
            if s:
                yield s
            if i is not None:
                yield i

    def __repr__(self):
        return "Template(strings=%r, interpolations=%r)" % (self.strings, self.interpolations)

    def __add__(self, other):
        if not isinstance(other, Template):
            raise TypeError('can only concatenate string.templatelib.Template (not "%s") to '
                            "string.templatelib.Template" % _qualname(other))
        return Template(*_parts(self), *_parts(other))

    def __radd__(self, other):
        raise TypeError('can only concatenate string.templatelib.Template (not "%s") to '
                        "string.templatelib.Template" % _qualname(other))


def _parts(t):
    """strings and interpolations interleaved, empty strings kept."""
    out = []
    for s, i in zip(t.strings, t.interpolations + (None,)):
        out.append(s)
        if i is not None:
            out.append(i)
    return out


def convert(obj, /, conversion):
    if conversion is None:
        return obj
    if conversion in ("s", "r", "a"):
        return {"s": str, "r": repr, "a": ascii}[conversion](obj)
    raise ValueError("Unknown conversion specifier %s" % (conversion,))


for _c in (Template, Interpolation):
    _c.__module__ = "string.templatelib"
_mod = types.ModuleType("string.templatelib")
_mod.Template, _mod.Interpolation, _mod.convert = Template, Interpolation, convert
_mod.__all__ = ["Interpolation", "Template", "convert"]
sys.modules["string.templatelib"] = _mod
import string  # noqa: E402  (so that `import string.templatelib` finds the submodule)

string.templatelib = _mod


def _build(strings, *fields):
    args = [strings[0]]
    for k, (value, text, conv, spec) in enumerate(fields):
        args += [Interpolation(value, text, conv, spec), strings[k + 1]]
    return Template(*args)


def _spec_field(value, conv, spec):
    return format(convert(value, conv), spec)


_consts = []


def _const(v):
    """Code for the constant v that holds no quote, brace or backslash (it may sit inside an
    f-string's field)."""
    _consts.append(v)
    return "_tl_c[%d]" % (len(_consts) - 1)


builtins._tl_c = _consts
builtins._tl_build = _build
builtins._tl_field = _spec_field

# ---- the rewriter ----

PREFIX_LETTERS = set("rRbBfFuUtT")
VALID_PREFIXES = {"", "r", "u", "b", "br", "f", "fr", "t", "rt"}  # letters sorted


class Rewrite:
    def __init__(self, src):
        self.s = src

    def error(self, msg):
        raise SyntaxError(msg)

    def literal_end(self, i):
        """i at a literal's first prefix letter or quote: (end, prefix, quote)."""
        s = self.s
        j = i
        while s[j] not in "'\"":
            j += 1
        prefix = s[i:j].lower()
        q = s[j:j + 3] if s[j:j + 3] in ("'''", '"""') else s[j]
        k = j + len(q)
        if "t" in prefix:
            return self.tstring(k, q, "r" in prefix)[0], prefix, q
        while True:
            if k >= len(s) or (s[k] == "\n" and len(q) == 1):
                self.error("unterminated string literal (detected at line 1)")
            if s.startswith(q, k):
                return k + len(q), prefix, q
            if s[k] == "\\":
                k += 1
            k += 1

    def starts_literal(self, i, lo=0):
        """The start of a literal whose quote is at i (its prefix), or None if the letters
        before the quote are the end of a name."""
        s = self.s
        j = i
        while j > lo and s[j - 1] in PREFIX_LETTERS and i - j < 3:
            j -= 1
        if (j > lo and (s[j - 1].isalnum() or s[j - 1] == "_")) or \
                "".join(sorted(s[j:i].lower())) not in VALID_PREFIXES:
            return i
        return j

    def decode(self, chunk, q, raw):
        # the chunk sits inside the literal's own quotes; the space keeps a trailing
        # backslash or quote from closing them
        return eval(("r" if raw else "") + q + chunk + " " + q)[:-1]

    def tstring(self, k, q, raw):
        """The body of a t-string from k (after the quote); returns (end, strings, fields)
        where fields are (code, text, conversion, spec_code)."""
        s = self.s
        strings, fields = [], []
        chunk_start, lit = k, ""
        while True:
            if k >= len(s) or (s[k] == "\n" and len(q) == 1):
                self.error("unterminated %st-string literal (detected at line %d)"
                           % ("" if len(q) == 1 else "triple-quoted ",
                              s.count("\n", 0, len(s) - 1) + 1 if len(q) == 3 else 1))
            if s.startswith(q, k):
                lit += self.decode(s[chunk_start:k], q, raw)
                strings.append(lit)
                return k + len(q), strings, fields
            c = s[k]
            if c == "\\" and not raw and s.startswith("N{", k + 1):
                k = s.index("}", k) + 1
            elif c == "\\" and s[k + 1:k + 2] not in ("{", "}"):
                k += 2
            elif c in "{}" and s[k + 1:k + 2] == c:
                lit += self.decode(s[chunk_start:k], q, raw) + c
                k += 2
                chunk_start = k
            elif c == "}":
                self.error("t-string: single '}' is not allowed")
            elif c == "{":
                lit += self.decode(s[chunk_start:k], q, raw)
                k, code, text, conv, spec, debug = self.field(k + 1, q, raw)
                strings.append(lit + debug)
                fields.append((code, text, conv, spec))
                lit, chunk_start = "", k
            else:
                k += 1

    def field(self, k, q, raw):
        """A replacement field from k (after '{'); returns (end, code, text, conversion,
        spec_code, debug_text)."""
        s = self.s
        start, depth = k, 0
        while True:
            if k >= len(s):
                self.error("t-string: expecting '}'")
            c = s[k]
            if c in "'\"":
                try:
                    k = self.literal_end(self.starts_literal(k, start))[0]
                except SyntaxError as e:
                    # CPython: an unterminated literal with the t-string's own quote is
                    # the field's missing '}'
                    nested_q = s[k:k + 3] if s[k:k + 3] in ("'''", '"""') else c
                    if e.msg.startswith("unterminated string") and nested_q == q:
                        self.error("t-string: expecting '}'")
                    raise
                continue
            if c in "([{":
                depth += 1
            elif c in ")]" and not depth:
                self.error("t-string: unmatched '%s'" % c)
            elif c in ")]" or (c == "}" and depth):
                depth -= 1
            elif c == "#":
                self.error("t-string: expecting '}'")
            elif depth == 0 and (c in "}:" or (c in "=!" and s[k + 1] != "=")):
                if c == "=" and s[k - 1] in "=<>!":
                    k += 1
                    continue
                break
            k += 1
        expr = s[start:k]
        if not expr.strip():
            self.error("t-string: valid expression required before '%s'" % c)
        text = expr.rstrip(" \t\n\r\f")
        debug, conv, spec = "", None, None
        if c == "=":
            k += 1
            while s[k] in " \t\n\r\f":
                k += 1
            debug = s[start:k]
            c = s[k]
        if c == "!":
            n = k + 1
            while s[n].isalnum() or s[n] == "_":
                n += 1
            name = s[k + 1:n]
            if not name:
                self.error("t-string: missing conversion character")
            if name not in ("s", "r", "a"):
                self.error("t-string: invalid conversion character %r: expected 's', 'r', "
                           "or 'a'" % name)
            conv, k = name, n
            while s[k] in " \t\n\r\f":
                k += 1
            c = s[k]
        if c == ":":
            k, spec = self.spec(k + 1, q, raw)
            c = "}"
        elif c == "}":
            k += 1
        else:
            self.error("t-string: expecting '}'")
        if debug and conv is None and spec is None:
            conv = "r"
        code = "(" + Rewrite(expr).run(self.inline) + ")"
        return k, code, text, conv, spec or _const(""), debug

    def spec(self, k, q, raw):
        """A format spec from k (after ':') to the field's '}'; returns (end, code)."""
        s = self.s
        parts, chunk_start = [], k
        while True:
            if k >= len(s) or s.startswith(q, k):
                self.error("t-string: expecting '}'")
            c = s[k]
            if c == "\n" and len(q) == 1:
                self.error("t-string: newlines are not allowed in format specifiers for "
                           "single quoted t-strings")
            if c == "\\" and s[k + 1:k + 2] not in ("{", "}"):
                k += 2
            elif c == "{":
                parts.append(_const(self.decode(s[chunk_start:k], q, raw)))
                k, code, _text, conv, spec, debug = self.field(k + 1, q, raw)
                parts.append("%s + _tl_field(%s, %s, %s)" % (_const(debug), code, _const(conv),
                                                             spec))
                chunk_start = k
            elif c == "}":
                parts.append(_const(self.decode(s[chunk_start:k], q, raw)))
                return k + 1, "(" + " + ".join(parts) + ")"
            else:
                k += 1

    def run(self, inline=False):
        """The source with every t-string literal rewritten; inline: it goes inside an
        f-string's field (no line breaks)."""
        self.inline = inline
        s, out, k, depth = self.s, [], 0, 0
        while k < len(s):
            c = s[k]
            if c == "#":
                e = s.find("\n", k)
                e = len(s) if e < 0 else e
                out.append(s[k:e])
                k = e
            elif c in "'\"":
                j = self.starts_literal(k)
                out_prefix_len = k - j
                if out_prefix_len:
                    del out[-out_prefix_len:]
                k = self.literals(j, out, depth)
            elif c.isalnum() or c == "_":
                out.append(c)
                k += 1
            else:
                depth += c in "([{"
                depth -= c in ")]}"
                out.append(c)
                k += 1
        return "".join(out)

    def literals(self, k, out, depth):
        """Adjacent literals from k: copied, or one Template if they are t-strings."""
        s = self.s
        items, end = [], k
        while True:
            e, prefix, q = self.literal_end(k)
            items.append((k, e, prefix, q))
            end = e
            n = e
            while n < len(s) and (s[n] in " \t\f" or (s[n] == "\\" and s[n + 1] == "\n")
                                  or (depth and s[n] in "\n\r")):
                n += 2 if s[n] == "\\" else 1
            if n < len(s) and (s[n] in "'\"" or (s[n] in PREFIX_LETTERS
                                                  and self.next_is_literal(n))):
                k = n
                continue
            break
        kinds = {"t" in p for _, _, p, _ in items}
        if kinds == {False}:
            pos = items[0][0]
            for a, e, prefix, q in items:
                out.append(s[pos:a])
                out.append(self.fstring(a, e, prefix, q) if "f" in prefix else s[a:e])
                pos = e
            return end
        if len(kinds) == 2:
            self.error("cannot mix t-string literals with string or bytes literals")
        strings, fields = [""], []
        for a, _e, prefix, q in items:
            j = a + len(prefix) + len(q)
            _end, strs, flds = self.tstring(j, q, "r" in prefix)
            strings[-1] += strs[0]
            strings += strs[1:]
            fields += flds
        newlines = 0 if self.inline else s.count("\n", items[0][0], end)
        args = "".join(", (%s, %s, %s, %s)" % (code, _const(text), _const(conv), spec)
                       for code, text, conv, spec in fields)
        out.append("_tl_build(%s%s%s)" % (_const(tuple(strings)), args, "\n" * newlines))
        return end

    def fstring(self, a, e, prefix, q):
        """An f-string (3.11's rules) with the t-strings inside its fields rewritten."""
        s = self.s
        k = a + len(prefix) + len(q)
        out = [s[a:k]]
        while k < e - len(q):
            c = s[k]
            if c in "{}" and s[k + 1] == c:
                out.append(c + c)
                k += 2
            elif c == "{":
                start = k = k + 1
                depth = 0
                while depth or not (s[k] in "}:" or (s[k] in "=!" and s[k + 1] != "=")):
                    if s[k] in "'\"":
                        k = self.literal_end(self.starts_literal(k, start))[0]
                        continue
                    depth += s[k] in "([{"
                    depth -= s[k] in ")]}"
                    k += 1
                out.append("{" + Rewrite(s[start:k]).run(inline=True))
                nest = 1
                tail = k
                while nest:
                    nest += s[k] == "{"
                    nest -= s[k] == "}"
                    k += 1
                out.append(s[tail:k])
            else:
                out.append(c)
                k += 1
        out.append(s[k:e])
        return "".join(out)

    def next_is_literal(self, n):
        s = self.s
        j = n
        while j < len(s) and s[j] in PREFIX_LETTERS and j - n < 3:
            j += 1
        return j < len(s) and s[j] in "'\"" and not (n > 0 and (s[n - 1].isalnum()))


def rewrite(src):
    if isinstance(src, bytes):
        src = src.decode("utf-8")
    return Rewrite(src).run()


def _wrap(real, mode_arg):
    def wrapped(source, *args, **kw):
        if isinstance(source, (str, bytes)):
            filename = args[0] if mode_arg and args else "<string>"
            try:
                source = rewrite(source)
            except SyntaxError as e:
                if e.filename is None:
                    e.filename, e.lineno = filename, 1
                raise
        if not mode_arg and not args and "globals" not in kw:
            caller = sys._getframe(1)  # exec/eval see the caller's namespaces, not ours
            args = (caller.f_globals, caller.f_locals)
        return real(source, *args, **kw)
    return wrapped


_real_compile = builtins.compile
builtins.exec = _wrap(builtins.exec, False)
builtins.eval = _wrap(builtins.eval, False)
builtins.compile = _wrap(builtins.compile, True)


def main(path):
    with open(path, encoding="utf-8") as f:
        code = _real_compile(rewrite(f.read()), path, "exec")
    sys.argv = [path]
    g = {"__name__": "__main__", "__file__": path, "__builtins__": builtins}
    builtins.exec(code, g)


if __name__ == "__main__":
    main(sys.argv[1])
