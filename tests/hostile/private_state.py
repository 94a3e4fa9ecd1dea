# Private state of builtin objects that a script can reach and change: what the C code
# keeps in instance dicts (StringIO's _buf and _pos), compiled regular expressions (the
# PCRE2 code, which a forged bytes object would have let a script choose), function fields
# with setters (__defaults__, __kwdefaults__), __class__ and __bases__ assignment across
# layouts, and generator/frame fields. Each change must end in a Python exception or a
# consistent result, never a read or write outside an object. CPython is no reference here
# (it has no _buf to change); the expected values are computed without the hostile part.
import io
import re
import _re

def raises(f, *types):
    try:
        f()
    except types:
        return True
    return False

# StringIO: a position or buffer changed from outside
s = io.StringIO("hello")
s._pos = -1
assert raises(lambda: s.write("z"), ValueError)
assert raises(lambda: s.read(), ValueError)
s._pos = -5
assert raises(lambda: s.read(), ValueError)
s._pos = 2**62
assert raises(lambda: s.write("x"), ValueError, MemoryError)
s._pos = 0
s._buf = bytearray(b"\x01")  # not a whole code point
assert raises(lambda: s.getvalue(), ValueError)
s._buf = bytearray(b"\xff\xff\xff\xff")  # past U+10FFFF
assert raises(lambda: s.getvalue(), ValueError)
s.__dict__["_buf"] = bytearray(b"h\0\0\0i\0\0\0")  # UCS-4, as StringIO keeps it
assert s.getvalue() == "hi"
t = io.StringIO("fine")
t.seek(2)
t.write("XY")
assert t.getvalue() == "fiXY"

# compiled patterns: the code cannot be forged or borrowed from bytes
p = re.compile(r"(a)(b)")
assert raises(lambda: _re.match(b"\x50\x43\x52\x45" * 40, "ab", 0, 2, 0), TypeError)
assert raises(lambda: _re.match(object.__new__(type(p._code)), "ab", 0, 2, 0), TypeError)
real = p._code
p._code = b"garbage"
assert raises(lambda: p.match("ab"), TypeError)
p._code = re.compile("x")._code  # a real code with fewer groups than p says
try:
    p.match("x")
except (IndexError, TypeError, ValueError):
    pass
p._code = real
assert p.match("ab").groups() == ("a", "b")

# function fields with setters
def f(a, b=1):
    return (a, b)

f.__defaults__ = (1, 2, 3, 4, 5)
assert f() == (4, 5) and f(0) == (0, 5)
f.__defaults__ = ()
assert raises(lambda: f(), TypeError)
assert raises(lambda: setattr(f, "__defaults__", [1]), TypeError)
def g(*, k=1):
    return k
g.__kwdefaults__ = {"zz": 3}
assert raises(lambda: g(), TypeError)
g.__kwdefaults__ = None
assert raises(lambda: g(), TypeError)
assert g(k=2) == 2
assert raises(lambda: setattr(f, "__code__", 5), TypeError, AttributeError)

# __class__ and __bases__ across layouts
class A:
    pass
class B:
    pass
a = A()
a.__class__ = B
assert type(a) is B
assert raises(lambda: setattr(a, "__class__", int), TypeError)
assert raises(lambda: setattr([], "__class__", dict), TypeError)
assert raises(lambda: setattr(1, "__class__", A), TypeError)
assert raises(lambda: setattr(A, "__bases__", (int,)), TypeError, AttributeError)
assert raises(lambda: setattr(A, "__bases__", (A,)), TypeError, AttributeError)
assert raises(lambda: setattr(A, "__mro__", ()), TypeError, AttributeError)

# generators and frames
def gen():
    yield 1
    yield 2
it = gen()
for name, value in (("gi_frame", None), ("gi_code", None), ("gi_running", True)):
    assert raises(lambda: setattr(it, name, value), AttributeError, TypeError)
assert list(it) == [1, 2]
try:
    1 / 0
except ZeroDivisionError as e:
    fr = e.__traceback__.tb_frame
for name in ("f_back", "f_globals", "f_code", "f_lineno"):
    assert raises(lambda: setattr(fr, name, None), AttributeError, TypeError)
print("ok")
