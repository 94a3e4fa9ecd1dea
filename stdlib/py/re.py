"""re for krait: Python's regular expressions on PCRE2 (the native half is _re,
stdlib/re_pcre2.c). This file translates Python's pattern syntax where PCRE2's differs
(\\Z, \\u/\\U/\\N escapes, {,n}, the a/u/L inline flags), and implements the API of CPython
3.11 (docs.python.org/3.11/library/re.html) on top of one native call, _re.match: Pattern
and Match objects, findall/finditer/sub/subn/split with Python 3.7's empty-match rules,
replacement templates, escape. bytes patterns are matched as their Latin-1 decoding."""

try:
    import _re
except ImportError:
    raise ImportError("No module named 're': this krait was built without PCRE2 "
                      "(KRAIT_WITH_PCRE2=OFF or libpcre2-8 not found)") from None

__all__ = ["match", "fullmatch", "search", "sub", "subn", "split", "findall", "finditer",
           "compile", "purge", "template", "escape", "error", "Pattern", "Match", "A", "I",
           "L", "M", "S", "X", "U", "ASCII", "IGNORECASE", "LOCALE", "MULTILINE", "DOTALL",
           "VERBOSE", "UNICODE", "NOFLAG", "RegexFlag"]

__version__ = "2.2.1"


class RegexFlag(int):
    """The re flags: ints whose repr names them (re.IGNORECASE|re.MULTILINE)."""

    _names = [(256, "ASCII"), (2, "IGNORECASE"), (4, "LOCALE"), (8, "MULTILINE"),
              (16, "DOTALL"), (32, "UNICODE"), (64, "VERBOSE"), (128, "DEBUG"),
              (1, "TEMPLATE")]

    def __repr__(self):
        v = int(self)
        if v == 0:
            return "re.NOFLAG"
        parts = []
        for bit, name in sorted(RegexFlag._names):
            if v & bit:
                parts.append("re." + name)
                v &= ~bit
        if v:
            parts.append(hex(v))
        return "|".join(parts)

    __str__ = __repr__

    def __or__(self, other):
        if not isinstance(other, int):
            return NotImplemented
        return RegexFlag(int(self) | int(other))

    __ror__ = __or__

    def __and__(self, other):
        if not isinstance(other, int):
            return NotImplemented
        return RegexFlag(int(self) & int(other))

    __rand__ = __and__

    def __xor__(self, other):
        if not isinstance(other, int):
            return NotImplemented
        return RegexFlag(int(self) ^ int(other))

    __rxor__ = __xor__

    def __invert__(self):
        return RegexFlag(~int(self) & 511)


NOFLAG = RegexFlag(0)
T = TEMPLATE = RegexFlag(1)
I = IGNORECASE = RegexFlag(2)
L = LOCALE = RegexFlag(4)
M = MULTILINE = RegexFlag(8)
S = DOTALL = RegexFlag(16)
U = UNICODE = RegexFlag(32)
X = VERBOSE = RegexFlag(64)
DEBUG = RegexFlag(128)
A = ASCII = RegexFlag(256)


class error(Exception):
    """Exception raised for invalid regular expressions: msg, pattern, pos, lineno,
    colno."""

    def __init__(self, msg, pattern=None, pos=None):
        self.msg = msg
        self.pattern = pattern
        self.pos = pos
        if pattern is not None and pos is not None:
            msg = "%s at position %d" % (msg, pos)
            if isinstance(pattern, str):
                newline = "\n"
            else:
                newline = b"\n"
            self.lineno = pattern.count(newline, 0, pos) + 1
            self.colno = pos - pattern.rfind(newline, 0, pos)
            if newline in pattern:
                msg = "%s (line %d, column %d)" % (msg, self.lineno, self.colno)
        else:
            self.lineno = self.colno = None
        super().__init__(msg)


error.__module__ = "re"
PatternError = error

# PCRE2's messages for the errors scripts meet, in Python's words
_pcre2_messages = {
    "missing closing parenthesis": "missing ), unterminated subpattern",
    "missing terminating ] for character class": "unterminated character set",
    "quantifier does not follow a repeatable item": "nothing to repeat",
    "unmatched closing parenthesis": "unbalanced parenthesis",
    "reference to non-existent subpattern": "invalid group reference",
    "range out of order in character class": "bad character range",
    "numbers out of order in {} quantifier": "min repeat greater than max repeat",
    "lookbehind assertion is not fixed length": "look-behind requires fixed-width pattern",
    "two named subpatterns have the same name (PCRE2_DUPNAMES not set)":
        "redefinition of group name",
    "\\ at end of pattern": "bad escape (end of pattern)",
}

_ESCAPES = {"a": "\a", "b": "\b", "f": "\f", "n": "\n", "r": "\r", "t": "\t", "v": "\v",
            "\\": "\\"}
_ASCII_LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
_CLASS_ESCAPES = set("dDsSwW")
_OUTER_ESCAPES = set("AbBdDsSwWZ")
_HEX = "0123456789abcdefABCDEF"


def _hexchar(c):
    return "\\x{%x}" % ord(c)


def _translate(p, flags, is_bytes):
    """(PCRE2 pattern, flags after inline a/u/L flags, parent group of each group)."""
    out = []
    i = 0
    n = len(p)
    in_class = False
    class_start = class_open = 0
    stack = []          # the capturing group (or 0) each open parenthesis belongs to
    opened = []         # where each open parenthesis is, for "missing )" errors
    names = {}          # group name: number
    parents = [0]       # parents[g]: the group enclosing group g (0: the whole match)
    verbose = bool(flags & VERBOSE)
    while i < n:
        c = p[i]
        if c == "\\":
            if i + 1 >= n:
                raise error("bad escape (end of pattern)", p, i)
            d = p[i + 1]
            if d in "uU" and not is_bytes:
                width = 4 if d == "u" else 8
                digits = p[i + 2:i + 2 + width]
                if len(digits) != width or any(h not in _HEX for h in digits):
                    raise error("incomplete escape \\%s%s" % (d, digits), p, i)
                code = int(digits, 16)
                if code > 0x10FFFF:
                    raise error("bad escape \\%s%s" % (d, digits), p, i)
                out.append("\\x{%x}" % code)
                i += 2 + width
                continue
            if d == "N" and not is_bytes:
                if i + 2 >= n or p[i + 2] != "{":
                    raise error("missing {", p, i + 2)
                j = p.find("}", i + 3)
                if j < 0:
                    raise error("missing }, unterminated name", p, i + 3)
                name = p[i + 3:j]
                try:
                    ch = eval('"\\N{' + name + '}"')
                except SyntaxError:
                    raise error("undefined character name %r" % name, p, i) from None
                out.append(_hexchar(ch))
                i = j + 1
                continue
            if d == "x":
                digits = p[i + 2:i + 4]
                if len(digits) != 2 or any(h not in _HEX for h in digits):
                    raise error("incomplete escape \\x" + digits, p, i)
                out.append("\\x{" + digits + "}")
                i += 4
                continue
            if d in _ASCII_LETTERS:
                ok = d in _ESCAPES or (d in _CLASS_ESCAPES if in_class else d in _OUTER_ESCAPES)
                if not ok:
                    raise error("bad escape \\" + d, p, i)
                if d == "Z" and not in_class:
                    out.append("\\z")
                else:
                    out.append("\\" + d)
                i += 2
                continue
            if d.isdigit() and in_class and d not in "01234567":
                raise error("bad escape \\" + d, p, i)
            if d.isdigit() and not in_class and d != "0":
                j = i + 1
                while j < n and j < i + 3 and p[j].isdigit():
                    j += 1
                num = p[i + 1:j]
                if len(num) == 2 and j < n and p[j] in "01234567" and \
                        all(x in "01234567" for x in num):
                    # three octal digits: a character
                    out.append("\\x{%x}" % int(p[i + 1:j + 1], 8))
                    i = j + 1
                    continue
                if int(num) > len(parents) - 1:
                    raise error("invalid group reference %s" % num, p, i + 1)
                out.append("(?:\\" + num + ")")
                i = j
                continue
            out.append(p[i:i + 2])
            i += 2
            continue
        if in_class:
            if c == "]" and i > class_start:
                in_class = False
            elif (c != "\\" and i + 2 < n and p[i + 1] == "-" and p[i + 2] not in "]\\" and
                  p[i + 2] < c):
                raise error("bad character range %s-%s" % (c, p[i + 2]), p, i)
            elif c == "[" and i + 1 < n and p[i + 1] in ":=.":
                # POSIX classes mean nothing in Python: a literal [
                out.append("\\[")
                i += 1
                continue
            out.append(c)
            i += 1
            continue
        if c == "[":
            in_class = True
            class_open = i
            class_start = i + 1
            if i + 1 < n and p[i + 1] == "^":
                class_start = i + 2
            out.append(c)
            if class_start < n and p[class_start] == "]":
                out.append(p[i + 1:class_start + 1])
                i = class_start + 1
                class_start = i
                continue
            i += 1
            continue
        if verbose and c == "#":
            j = p.find("\n", i)
            j = n if j < 0 else j
            i = j
            continue
        if verbose and c in " \t\n\r\v\f":
            i += 1
            continue
        if c == "{" and p.startswith("{,", i):
            j = i + 2
            while j < n and p[j].isdigit():
                j += 1
            if j < n and p[j] == "}" and j > i + 2:
                out.append("{0," + p[i + 2:j] + "}")
                i = j + 1
                continue
        if c == "(":
            if p.startswith("(?", i):
                j = i + 2
                if j < n and (p[j].isalpha() or p[j] == "-") and p[j] not in "P":
                    # inline flags: (?aiLmsux) or (?aiLmsux-imsx:...)
                    k = j
                    while k < n and (p[k].isalpha() or p[k] == "-"):
                        k += 1
                    letters = p[j:k]
                    if letters[0] not in "aiLmsux-":
                        raise error("unknown extension ?" + letters[0], p, i + 1)
                    for ch in letters:
                        if ch not in "aiLmsux-":
                            raise error("unknown flag", p, j + letters.index(ch))
                    if "L" in letters and not is_bytes:
                        raise error("bad inline flags: cannot use 'L' flag with a str pattern",
                                    p, k)
                    if "a" in letters and "u" in letters:
                        raise error("bad inline flags: flags 'a', 'u' and 'L' are "
                                    "incompatible", p, k)
                    kept = "".join(ch for ch in letters if ch in "imsx-")
                    if k < n and p[k] == ")":
                        if i != 0 and not all(o == "" for o in out):
                            raise error("global flags not at the start of the expression",
                                        p, i)
                        for ch, bit in (("a", ASCII), ("i", IGNORECASE), ("m", MULTILINE),
                                        ("s", DOTALL), ("u", UNICODE), ("L", LOCALE)):
                            if ch in letters:
                                flags |= bit
                        if "x" in letters:
                            verbose = True
                            flags |= VERBOSE
                        if kept:
                            out.append("(?" + kept + ")")
                        i = k + 1
                        continue
                    out.append("(?" + kept + (p[k] if k < n else ""))
                    stack.append(0)
                    opened.append(i)
                    i = k + 1
                    continue
                if p.startswith("(?P<", i) or (p.startswith("(?<", i) and i + 3 < n and
                                               p[i + 3] not in "=!"):
                    start = i + 4 if p.startswith("(?P<", i) else i + 3
                    j = p.find(">", start)
                    if j < 0:
                        raise error("missing >, unterminated name", p, start)
                    name = p[start:j]
                    if not name:
                        raise error("missing group name", p, start)
                    if not name.isidentifier():
                        raise error("bad character in group name %r" % name, p, start)
                    if name in names:
                        raise error("redefinition of group name %r as group %d; was group %d"
                                    % (name, len(parents), names[name]), p, start)
                    names[name] = len(parents)
                    parents.append(stack[-1] if stack else 0)
                    stack.append(len(parents) - 1)
                    opened.append(i)
                    out.append("(?P<" + name + ">")
                    i = j + 1
                    continue
                if p.startswith("(?P=", i):
                    j = p.find(")", i)
                    if j < 0:
                        raise error("missing ), unterminated name", p, i + 4)
                    name = p[i + 4:j]
                    if not name.isidentifier():
                        raise error("bad character in group name %r" % name, p, i + 4)
                    if name not in names:
                        raise error("unknown group name %r" % name, p, i + 4)
                    out.append("(?P=" + name + ")")
                    i = j + 1
                    continue
                if p.startswith("(?#", i):
                    j = p.find(")", i)
                    if j < 0:
                        raise error("missing ), unterminated comment", p, i)
                    i = j + 1
                    continue
                stack.append(0)
                opened.append(i)
                out.append("(?")
                i += 2
                continue
            parents.append(stack[-1] if stack else 0)
            stack.append(len(parents) - 1)
            opened.append(i)
            out.append("(")
            i += 1
            continue
        if c == ")":
            if not stack:
                raise error("unbalanced parenthesis", p, i)
            stack.pop()
            opened.pop()
            out.append(c)
            i += 1
            continue
        out.append(c)
        i += 1
    if in_class:
        raise error("unterminated character set", p, class_open)
    if opened:
        raise error("missing ), unterminated subpattern", p, opened[-1])
    return "".join(out), flags, parents


_cache = {}
_MAXCACHE = 512


def _compile(pattern, flags):
    if isinstance(flags, RegexFlag):
        flags = int(flags)
    if isinstance(pattern, Pattern):
        if flags:
            raise ValueError("cannot process flags argument with a compiled pattern")
        return pattern
    key = (type(pattern), pattern, flags)
    p = _cache.get(key)
    if p is not None:
        return p
    if not isinstance(pattern, (str, bytes)):
        raise TypeError("first argument must be string or compiled pattern")
    p = Pattern(pattern, flags)
    if len(_cache) >= _MAXCACHE:
        _cache.clear()
    _cache[key] = p
    return p


def compile(pattern, flags=0):
    """Compile a regular expression pattern, returning a Pattern object."""
    return _compile(pattern, flags)


def purge():
    """Clear the regular expression cache."""
    _cache.clear()


def template(pattern, flags=0):
    """Compile a template pattern, returning a Pattern object (deprecated)."""
    return _compile(pattern, flags | TEMPLATE)


def match(pattern, string, flags=0):
    """Try to apply the pattern at the start of the string."""
    return _compile(pattern, flags).match(string)


def fullmatch(pattern, string, flags=0):
    """Try to apply the pattern to all of the string."""
    return _compile(pattern, flags).fullmatch(string)


def search(pattern, string, flags=0):
    """Scan through string looking for a match to the pattern."""
    return _compile(pattern, flags).search(string)


def sub(pattern, repl, string, count=0, flags=0):
    """Replace the leftmost non-overlapping occurrences of the pattern by repl."""
    return _compile(pattern, flags).sub(repl, string, count)


def subn(pattern, repl, string, count=0, flags=0):
    """Like sub, returning (new_string, number_of_subs_made)."""
    return _compile(pattern, flags).subn(repl, string, count)


def split(pattern, string, maxsplit=0, flags=0):
    """Split the string by the occurrences of the pattern."""
    return _compile(pattern, flags).split(string, maxsplit)


def findall(pattern, string, flags=0):
    """A list of all non-overlapping matches in the string."""
    return _compile(pattern, flags).findall(string)


def finditer(pattern, string, flags=0):
    """An iterator over all non-overlapping matches in the string."""
    return _compile(pattern, flags).finditer(string)


_special_chars = {c: "\\" + c for c in "()[]{}?*+-|^$\\.&~# \t\n\r\v\f"}


def escape(pattern):
    """Escape the characters that are special in a pattern."""
    if isinstance(pattern, str):
        return "".join(_special_chars.get(c, c) for c in pattern)
    text = str(pattern, "latin-1")
    return "".join(_special_chars.get(c, c) for c in text).encode("latin-1")


def _slicer(string):
    """What groups are sliced from: a bytearray subject gives bytes, as in CPython."""
    return bytes(string) if isinstance(string, bytearray) else string


def _subject(pattern, string):
    """The text _re matches: the string, or a bytes-like object's Latin-1 decoding."""
    if pattern._is_bytes:
        if isinstance(string, str):
            raise TypeError("cannot use a bytes pattern on a string-like object")
        if not isinstance(string, (bytes, bytearray)):
            raise TypeError("expected string or bytes-like object, got '" +
                            type(string).__name__ + "'")
        return str(bytes(string), "latin-1")
    if not isinstance(string, str):
        if isinstance(string, (bytes, bytearray)):
            raise TypeError("cannot use a string pattern on a bytes-like object")
        raise TypeError("expected string or bytes-like object, got '" +
                        type(string).__name__ + "'")
    return string


class Pattern:
    """A compiled regular expression (re.compile)."""

    def __init__(self, pattern, flags):
        is_bytes = isinstance(pattern, bytes)
        text = str(pattern, "latin-1") if is_bytes else pattern
        if is_bytes and flags & UNICODE:
            raise ValueError("cannot use UNICODE flag with a bytes pattern")
        if not is_bytes and flags & LOCALE:
            raise ValueError("cannot use LOCALE flag with a str pattern")
        if flags & ASCII and flags & UNICODE:
            raise ValueError("ASCII and UNICODE flags are incompatible")
        translated, flags, parents = _translate(text, flags, is_bytes)
        if not is_bytes and not flags & ASCII:
            flags |= UNICODE
        opts = _re.UTF
        if not flags & ASCII and not is_bytes:
            opts |= _re.UCP
        if flags & IGNORECASE:
            opts |= _re.CASELESS
        if flags & MULTILINE:
            opts |= _re.MULTILINE
        if flags & DOTALL:
            opts |= _re.DOTALL
        if flags & VERBOSE:
            opts |= _re.EXTENDED
        try:
            code, groups, groupindex = _re.compile(translated, opts)
        except ValueError as e:
            msg, pos = e.args
            if msg == "quantifier does not follow a repeatable item":
                if 0 < pos < len(text) and text[pos] in "*+?{" and text[pos - 1] in "*+?}":
                    msg = "multiple repeat"
                elif 1 < pos <= len(text) and text[pos - 1] in "*+?}" and \
                        text[pos - 2] in "*+?}":
                    msg, pos = "multiple repeat", pos - 1
            msg = _pcre2_messages.get(msg, msg)
            raise error(msg, pattern, min(pos, len(text))) from None
        self._code = code
        self._is_bytes = is_bytes
        self._parents = parents
        self.pattern = pattern
        self.flags = int(flags)
        self.groups = groups
        self.groupindex = dict(sorted(groupindex.items(), key=lambda kv: kv[1]))
        self._names = {v: k for k, v in groupindex.items()}

    def __repr__(self):
        flags = self.flags
        if not self._is_bytes:
            flags &= ~UNICODE
        text = repr(self.pattern)
        if len(text) > 200:
            text = text[:200]
        if flags:
            return "re.compile(%s, %r)" % (text, RegexFlag(flags))
        return "re.compile(%s)" % text

    def __eq__(self, other):
        if not isinstance(other, Pattern):
            return NotImplemented
        return self.pattern == other.pattern and self.flags == other.flags

    def __hash__(self):
        return hash((self.pattern, self.flags))

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self

    def _run(self, string, pos, endpos, opts):
        text = _subject(self, string)
        if endpos is None or endpos > len(text):
            endpos = len(text)
        spans = _re.match(self._code, text, pos, endpos, opts)
        if spans is None:
            return None
        return Match(self, string, text, spans, pos, endpos)

    def match(self, string, pos=0, endpos=None):
        """Match at the start of the string (or at pos)."""
        return self._run(string, pos, endpos, _re.ANCHORED)

    def fullmatch(self, string, pos=0, endpos=None):
        """Match the whole string (or string[pos:endpos])."""
        return self._run(string, pos, endpos, _re.ANCHORED | _re.ENDANCHORED)

    def search(self, string, pos=0, endpos=None):
        """The first match anywhere in the string."""
        return self._run(string, pos, endpos, 0)

    def _iter_spans(self, text, pos, endpos):
        """Every match's spans, with Python's rule: an empty match may not start where the
        previous match ended if that was also empty."""
        if endpos is None or endpos > len(text):
            endpos = len(text)
        opts = 0
        while pos <= endpos:
            spans = _re.match(self._code, text, pos, endpos, opts)
            if spans is None:
                return
            yield spans
            s, e = spans[0], spans[1]
            if e == s:
                opts = _re.NOTEMPTY_ATSTART
            else:
                opts = 0
            pos = e

    def finditer(self, string, pos=0, endpos=None):
        """An iterator over the Match objects of all non-overlapping matches."""
        text = _subject(self, string)
        if endpos is None or endpos > len(text):
            endpos = len(text)
        for spans in self._iter_spans(text, pos, endpos):
            yield Match(self, string, text, spans, pos, endpos)

    def findall(self, string, pos=0, endpos=None):
        """All non-overlapping matches: strings, or tuples of the groups."""
        text = _subject(self, string)
        string = _slicer(string)
        out = []
        g = self.groups
        empty = b"" if self._is_bytes else ""
        for spans in self._iter_spans(text, pos, endpos):
            if g == 0:
                out.append(string[spans[0]:spans[1]])
            elif g == 1:
                out.append(string[spans[2]:spans[3]] if spans[2] >= 0 else empty)
            else:
                out.append(tuple(string[spans[2 * k]:spans[2 * k + 1]] if spans[2 * k] >= 0
                                 else empty for k in range(1, g + 1)))
        return out

    def split(self, string, maxsplit=0):
        """Split string by the occurrences of the pattern (groups are kept)."""
        text = _subject(self, string)
        string = _slicer(string)
        if maxsplit < 0:
            return [string]
        out = []
        last = 0
        n = 0
        for spans in self._iter_spans(text, 0, None):
            if maxsplit > 0 and n >= maxsplit:
                break
            out.append(string[last:spans[0]])
            for k in range(1, self.groups + 1):
                out.append(string[spans[2 * k]:spans[2 * k + 1]] if spans[2 * k] >= 0
                           else None)
            last = spans[1]
            n += 1
        out.append(string[last:])
        return out

    def subn(self, repl, string, count=0):
        """Like sub, returning (new_string, number_of_subs_made)."""
        text = _subject(self, string)
        if callable(repl):
            filt = repl
            literal = None
        else:
            if self._is_bytes:
                if isinstance(repl, str):
                    raise TypeError("expected a bytes-like object, str found")
                repl_text = str(bytes(repl), "latin-1")
            else:
                if not isinstance(repl, str):
                    raise TypeError("expected str instance, " + type(repl).__name__ + " found")
                repl_text = repl
            parts = _parse_template(repl_text, self)
            if len(parts) == 1 and isinstance(parts[0], str):
                literal = parts[0]
                filt = None
            elif not parts:
                literal = ""
                filt = None
            else:
                literal = None
                filt = parts
        pieces = []
        last = 0
        n = 0
        for spans in self._iter_spans(text, 0, None):
            if count > 0 and n >= count:
                break
            if spans[0] > last:
                pieces.append(text[last:spans[0]])
            if literal is not None:
                pieces.append(literal)
            elif callable(filt):
                r = filt(Match(self, string, text, spans, 0, len(text)))
                if self._is_bytes:
                    if not isinstance(r, (bytes, bytearray)):
                        raise TypeError("expected a bytes-like object, " + type(r).__name__ +
                                        " found")
                    r = str(bytes(r), "latin-1")
                pieces.append(r)
            else:
                pieces.append(_expand(filt, text, spans))
            last = spans[1]
            n += 1
        pieces.append(text[last:])
        result = "".join(pieces)
        if self._is_bytes:
            result = result.encode("latin-1")
        return result, n

    def sub(self, repl, string, count=0):
        """Replace the leftmost non-overlapping occurrences by repl (a template or a
        function of the Match)."""
        return self.subn(repl, string, count)[0]

    def scanner(self, string, pos=0, endpos=None):
        raise NotImplementedError("krait: Pattern.scanner is not supported")


def _group_index(pattern, name, pos, template):
    if name.isdigit():
        idx = int(name)
        if idx > pattern.groups:
            raise error("invalid group reference %d" % idx, template, pos)
        return idx
    if not name.isidentifier():
        raise error("bad character in group name %r" % name, template, pos)
    if name not in pattern.groupindex:
        raise IndexError("unknown group name %r" % name)
    return pattern.groupindex[name]


def _parse_template(t, pattern):
    """A replacement template as a list of literal strings and group numbers."""
    parts = []
    lit = []
    i = 0
    n = len(t)
    while i < n:
        c = t[i]
        if c != "\\":
            lit.append(c)
            i += 1
            continue
        if i + 1 >= n:
            raise error("bad escape (end of pattern)", t, i)
        d = t[i + 1]
        if d == "g":
            if i + 2 >= n or t[i + 2] != "<":
                raise error("missing <", t, i + 2)
            j = t.find(">", i + 3)
            if j < 0:
                raise error("missing >, unterminated name", t, i + 3)
            name = t[i + 3:j]
            if not name:
                raise error("missing group name", t, i + 3)
            idx = _group_index(pattern, name, i + 3, t)
            if lit:
                parts.append("".join(lit))
                lit = []
            parts.append(idx)
            i = j + 1
            continue
        if d == "0":
            j = i + 2
            while j < n and j < i + 4 and t[j] in "01234567":
                j += 1
            lit.append(chr(int(t[i + 1:j], 8)))
            i = j
            continue
        if d.isdigit():
            j = i + 2
            if j < n and t[j].isdigit():
                if (d in "01234567" and t[j] in "01234567" and j + 1 < n and
                        t[j + 1] in "01234567"):
                    value = int(t[i + 1:j + 2], 8)
                    if value > 0o377:
                        raise error("octal escape value \\%s outside of range 0-0o377" %
                                    t[i + 1:j + 2], t, i)
                    lit.append(chr(value))
                    i = j + 2
                    continue
                j += 1
            idx = int(t[i + 1:j])
            if idx > pattern.groups:
                raise error("invalid group reference %d" % idx, t, i + 1)
            if lit:
                parts.append("".join(lit))
                lit = []
            parts.append(idx)
            i = j
            continue
        if d in _ESCAPES:
            lit.append(_ESCAPES[d])
            i += 2
            continue
        if d in _ASCII_LETTERS:
            raise error("bad escape \\" + d, t, i)
        lit.append("\\" + d)
        i += 2
    if lit:
        parts.append("".join(lit))
    return parts


def _expand(parts, text, spans):
    out = []
    for p in parts:
        if isinstance(p, str):
            out.append(p)
        else:
            a = spans[2 * p]
            if a >= 0:
                out.append(text[a:spans[2 * p + 1]])
    return "".join(out)


class Match:
    """The result of a successful match: groups, spans and the strings they cover."""

    def __init__(self, pattern, string, text, spans, pos, endpos):
        self.re = pattern
        self.string = string
        self._text = text
        self._spans = spans
        self.pos = pos
        self.endpos = endpos

    def _index(self, g):
        if isinstance(g, int) and not isinstance(g, bool):
            if 0 <= g <= self.re.groups:
                return g
        elif isinstance(g, str):
            idx = self.re.groupindex.get(g)
            if idx is not None:
                return idx
        raise IndexError("no such group")

    def _get(self, idx, default=None):
        a = self._spans[2 * idx]
        if a < 0:
            return default
        return _slicer(self.string)[a:self._spans[2 * idx + 1]]

    def group(self, *groups):
        """One or more subgroups of the match (group 0: the whole match)."""
        if not groups:
            return self._get(0)
        if len(groups) == 1:
            return self._get(self._index(groups[0]))
        return tuple(self._get(self._index(g)) for g in groups)

    def __getitem__(self, g):
        return self._get(self._index(g))

    def groups(self, default=None):
        """A tuple of all the subgroups (default for those that did not match)."""
        return tuple(self._get(k, default) for k in range(1, self.re.groups + 1))

    def groupdict(self, default=None):
        """A dict of the named subgroups."""
        return {name: self._get(idx, default) for name, idx in self.re.groupindex.items()}

    def start(self, group=0):
        """The start of the substring matched by group (-1 if it did not take part)."""
        return self._spans[2 * self._index(group)]

    def end(self, group=0):
        """The end of the substring matched by group (-1 if it did not take part)."""
        return self._spans[2 * self._index(group) + 1]

    def span(self, group=0):
        """(start, end) of group."""
        idx = self._index(group)
        return (self._spans[2 * idx], self._spans[2 * idx + 1])

    @property
    def regs(self):
        return tuple((self._spans[2 * k], self._spans[2 * k + 1])
                     for k in range(self.re.groups + 1))

    @property
    def lastindex(self):
        """The index of the last matched capturing group (the one that closed last)."""
        best = None
        best_end = -1
        parents = self.re._parents
        for k in range(1, self.re.groups + 1):
            a = self._spans[2 * k]
            if a < 0:
                continue
            e = self._spans[2 * k + 1]
            if best is None or e > best_end:
                best, best_end = k, e
            elif e == best_end:
                # at the same end, an enclosing group closes after the groups inside it;
                # of two unrelated groups, the later one closes last
                q = k
                while q and q != best:
                    q = parents[q] if q < len(parents) else 0
                if q != best:
                    best = k
        return best

    @property
    def lastgroup(self):
        """The name of the last matched capturing group, or None."""
        idx = self.lastindex
        if idx is None:
            return None
        return self.re._names.get(idx)

    def expand(self, template):
        """The template with its group references replaced, as sub() does."""
        if self.re._is_bytes:
            parts = _parse_template(str(bytes(template), "latin-1"), self.re)
            return _expand(parts, self._text, self._spans).encode("latin-1")
        return _expand(_parse_template(template, self.re), self._text, self._spans)

    def __repr__(self):
        return "<re.Match object; span=(%d, %d), match=%r>" % (
            self._spans[0], self._spans[1], self.group(0))

    def __bool__(self):
        return True

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self

    def __class_getitem__(cls, item):
        return cls


def _set_names():
    Pattern.__module__ = "re"
    Match.__module__ = "re"
    RegexFlag.__module__ = "re"


_set_names()
