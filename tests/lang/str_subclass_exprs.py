class S(str):
    pass
class I(int):
    pass
class F(float):
    pass
class B(bytes):
    pass
class BA(bytearray):
    pass
s = S("Hello")
i = I(5)
f = F(2.5)
b = B(b"xy")
ba = BA(b"xy")
tests = r'''
type(s.upper()).__name__
type(s + "x").__name__
type(s[0]).__name__
type(s * 2).__name__
type(str(s)).__name__
type(s.strip()).__name__
repr(s)
s == "Hello"
type(i + 1).__name__
type(-i).__name__
repr(i)
i == 5
type(int(i)).__name__
type(f * 2).__name__
repr(f)
type(float(f)).__name__
type(b + b"z").__name__
repr(b)
repr(ba)
type(ba[:1]).__name__
type(b[:1]).__name__
S("abc").split("b")
type(S("abc").split("b")[0]).__name__
"{}".format(s)
"%s" % s
"%d" % i
"%f" % f
format(i, "03")
format(f, ".1f")
hash(s) == hash("Hello")
{s: 1}["Hello"]
int(S("12"))
float(S("1.5"))
bytes(B(b"q"))
"a".join([S("x"), S("y")])
type("".join([S("x")])).__name__
str.__new__(S, "z")
I("12", 8) if False else 0
isinstance(s, str)
"abc".split(sep="b")
"a b c".split(maxsplit=1)
"a b c".rsplit(maxsplit=1)
"abc".startswith(("x", "a"), 0, 2)
"abc".endswith("b", 0, -1)
"a,b".split(",", maxsplit=0)
"abc".center(width=5) if False else 0
"abc".count("b", 0, None)
"abc".replace("b", "x", count=1) if False else 0
"abc".find("b", None, 2)
"Hello".encode(errors="ignore")
b"a b".split(sep=None, maxsplit=1)
b"Hello".decode(encoding="ascii")
bytes(source=b"x") if False else 0
int(x="5", base=10) if False else int("5", base=10)
str(object="x")
str(b"x", encoding="ascii")
"%s %s" % ("a", "b")
"x".__mul__(3)
"x".__rmul__(3)
"x".__mod__(())
"%s".__mod__(5)
"a".__lt__("b")
"a".__eq__(1)
"a".__hash__() == hash("a")
"a".__getitem__(0)
"ab".__iter__().__next__()
"a".__ne__("a")
"a".__contains__("")
str.__add__("a", "b")
str.__len__("abc")
str.__getitem__("abc", slice(1, None))
b"a".__add__(b"b")
b"a".__mul__(2)
b"ab".__getitem__(0)
b"ab".__contains__(97)
b"%d".__mod__(5)
(5).__str__()
(5.5).__str__()
(5.5).__repr__()
(5).__format__("x")
(5.5).__format__(".3f")
"x".__format__(">3")
"x".__str__()
"x".__repr__()
b"x".__repr__()
'''
for line in tests.split("\n"):
    line = line.strip()
    if not line: continue
    try:
        print(line, "=>", repr(eval(line)))
    except Exception as e:
        print(line, "=> EXC", type(e).__name__, e)
