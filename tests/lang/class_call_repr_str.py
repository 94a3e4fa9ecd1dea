class A:
    def __call__(self, *a, **k):
        return ("called", a, k)
print(A()(1, 2, x=3))
print(callable(A()), callable(A), callable(1))
class R:
    def __repr__(self): return "R!"
print(R(), str(R()), repr(R()), [R()], "%s %r" % (R(), R()), f"{R()} {R()!r}")
class S:
    def __str__(self): return "S!"
s = S()
print(s, [s][0].__str__(), repr(s).startswith("<__main__.S object at"))
class Both:
    def __str__(self): return "str"
    def __repr__(self): return "repr"
print(Both(), [Both()], (Both(),), {1: Both()})
class BadRepr:
    def __repr__(self): return 5
try:
    repr(BadRepr())
except TypeError as e:
    print(e)
class BadStr:
    def __str__(self): return None
try:
    str(BadStr())
except TypeError as e:
    print(e)
try:
    x = 1
    x()
except TypeError as e:
    print(e)
class F:
    def __format__(self, spec): return "fmt[" + spec + "]"
print(format(F(), "xy"), f"{F():abc}", "{:q}".format(F()))
