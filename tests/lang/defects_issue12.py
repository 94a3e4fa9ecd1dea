# regression tests for the defects MicroPython's suite found (issue 12, item 4)
import os

def t(label, f):
    try:
        print(label, repr(f()))
    except BaseException as e:
        print(label, "!!", type(e).__name__, e)

# StopIteration keeps its args through next()
def stop_args():
    def gen():
        yield 1
        return (1, 2)
    x = gen()
    next(x)
    try:
        next(x)
    except StopIteration as e:
        return e.args, e.value
t("StopIteration args", stop_args)

def stop_none():
    def gen():
        return
        yield
    try:
        next(gen())
    except StopIteration as e:
        return e.args, e.value
t("StopIteration no value", stop_none)

# a class's __next__ raising StopIteration(42): next() keeps the args, also through wrappers
class Stops:
    def __iter__(self):
        return self
    def __next__(self):
        raise StopIteration(42)
for label, make in [("next", lambda: Stops()), ("enumerate", lambda: enumerate(Stops())),
                    ("map", lambda: map(abs, Stops())), ("zip", lambda: zip(Stops()))]:
    try:
        next(make())
    except StopIteration as e:
        print("StopIteration through", label, e.args)
print(next(Stops(), "default"), list(Stops()))

# __set_name__ may add attributes to the class being built
class Adds:
    def __set_name__(self, owner, name):
        setattr(owner, name + "_seen", True)
def set_name():
    class C:
        a = Adds()
        b = Adds()
    return C.a_seen, C.b_seen
t("__set_name__ adding names", set_name)

# bound builtin methods hash by the identity of self
def hash_pop():
    l = []
    m = l.pop
    return hash(m) == hash(l.pop), hash(m) == hash(m), {l.pop: 1}[l.pop]
t("hash([].pop)", hash_pop)

# dir() asks __dir__
class Custom:
    def __dir__(self):
        return ["zeta", "alpha", "mid"]
t("dir with __dir__", lambda: dir(Custom()))
class Inherits(Custom):
    pass
t("dir inherited __dir__", lambda: dir(Inherits()))

# "%d" % obj takes __int__ (and __index__)
class OnlyInt:
    def __int__(self):
        return 7
class OnlyIndex:
    def __index__(self):
        return 8
t("%d __int__", lambda: "%d|%i|%u" % (OnlyInt(), OnlyInt(), OnlyInt()))
t("%d __index__", lambda: "%d %x %o" % (OnlyIndex(), OnlyIndex(), OnlyIndex()))
t("%x __int__ only", lambda: "%x" % OnlyInt())
t("%d str", lambda: "%d" % "5")

# yield from + throw() instantiates the exception once, inside the inner generator
def yield_from_throw():
    class E(Exception):
        def __init__(self, *a):
            print("  E.__init__", a)
            super().__init__(*a)
    def inner():
        try:
            yield 1
        except E as e:
            print("  inner caught", repr(e))
            yield 2
    def outer():
        yield from inner()
    o = outer()
    next(o)
    return o.throw(E)
t("yield from throw(E)", yield_from_throw)

# bytes.strip() returns the object itself when there is nothing to strip
b = b"abc"
t("strip identity", lambda: (b.strip() is b, b.lstrip() is b, b.rstrip() is b, b" x ".strip()))
t("bytearray strip copies", lambda: (lambda ba: ba.strip() is ba)(bytearray(b"x")))

# bytes.fromhex skips all ASCII whitespace
t("fromhex whitespace", lambda: bytes.fromhex(" 01 02\n0a\t\x0bff\r\x0c"))
t("bytearray.fromhex", lambda: bytearray.fromhex("de ad  be ef"))
t("fromhex split byte", lambda: bytes.fromhex("0 1"))

# eval and exec take bytes and bytearray source
t("eval bytearray", lambda: eval(bytearray(b"1 + 2")))
t("exec bytearray", lambda: exec(bytearray(b"y = 5\nprint('  exec ran', y)")))
t("eval bytes", lambda: eval(b"3 * 3"))

# gen.throw(cls) whose __new__ returns a non-exception: TypeError, no crash
class BadNew(Exception):
    def __new__(cls):
        return 5
def throw_bad_new():
    def gen():
        yield 1
    x = gen()
    next(x)
    x.throw(BadNew)
t("throw(BadNew)", throw_bad_new)

# open(newline='') keeps \r\n on read; the default translates it
path = "_defects_issue12.tmp"
with open(path, "wb") as f:
    f.write(b"a\r\nb\r\nc\n")
with open(path, newline="") as f:
    print(repr(f.read()))
with open(path) as f:
    print(repr(f.read()))
with open(path, newline="") as f:
    print(repr(f.read(3)))
with open(path, newline="\n") as f:
    print(repr(f.read()))
try:
    open(path, newline="x")
except ValueError as e:
    print("ValueError:", e)
os.remove(path)
