# Compiler: annotations, star-args and **kwargs calls, constants, cells, class keywords, nesting.
def f(a: int, b: "str" = "x", *args: float, k: bool = True, **kw: dict) -> None:
    pass
print(f.__annotations__)
x: int = 5
y: "later"
print(__annotations__)
class K:
    a: int
    b: str = "s"
print(K.__annotations__, K.b)
def star(*a, **k):
    return a, k
args = [1, 2]; kws = {"z": 3}
print(star(*args), star(0, *args, 9, *args), star(**kws), star(1, *args, y=2, **kws))
print(star(*args, **kws, w=4))
print(2 ** 100, -2 ** 63, 0x10, 0o17, 0b101, 1_000_000, 1e3, -0.0, 12345678901234567890)
print((1, 2, (3, 4)), (), (1,), [*range(3), *"ab"], {*range(3)}, {**{"a": 1}, "b": 2})
def cell_del():
    v = 1
    def r():
        return v
    del v
    try:
        r()
    except NameError as e:
        print(type(e).__name__, e)
cell_del()
def unbound():
    try:
        print(q)
    except UnboundLocalError as e:
        print(e)
    q = 1
unbound()
def nested_try():
    try:
        try:
            return 1
        finally:
            print("inner")
    finally:
        print("outer")
print(nested_try())
def loop_with_finally():
    out = []
    for i in range(4):
        try:
            if i % 2:
                continue
            out.append(i)
        finally:
            out.append(-i)
    return out
print(loop_with_finally())
def exc_in_finally():
    try:
        try:
            raise ValueError("v")
        finally:
            print("cleanup")
    except ValueError:
        print("handled")
exc_in_finally()
class Base:
    def __init_subclass__(cls, **kw):
        super().__init_subclass__()
        print("subclass", cls.__name__)
class D(Base):
    def __init__(self):
        super().__init__()
        self.x = 1
print(D().x)
g = (i * i for i in range(4))
print(list(g))
print([[j for j in range(i)] for i in range(3)])
print(list(map(lambda t: t[0] + t[1], [(1, 2), (3, 4)])))
def closure_loop():
    fs = [lambda i=i: i for i in range(3)]
    return [f() for f in fs]
print(closure_loop())
def deep():
    a = 1
    def l1():
        def l2():
            def l3():
                return a
            return l3()
        return l2()
    return l1()
print(deep())
class Outer:
    class Inner:
        def m(self):
            pass
print(Outer.Inner.m.__qualname__, Outer.Inner.__qualname__)
def f2():
    class L:
        def m(self):
            pass
    return L
print(f2().m.__qualname__, (lambda: 0).__qualname__)
print([x for x in range(3)], x)
t = 1, 2
print(t)
for i, (a, b) in enumerate([(1, 2), (3, 4)]):
    print(i, a, b)
i = 10
i -= 1; i *= 3; i //= 2; i **= 2; i %= 50; i <<= 1; i |= 1; i ^= 3; i &= 0xff; i >>= 1
print(i)
print("a" "b" f"{1}" 'c')
print(f"{'nested'!r}", f"{{}}", f"{x=}" if False else "")
