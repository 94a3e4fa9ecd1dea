# Compiler: name resolution (locals, globals, nonlocal, cells, class scopes, __class__/super,
# comprehension scopes, the walrus), lambdas, defaults, decorators, qualnames, mangling.
x = 10
def f():
    y = 1
    def g():
        nonlocal y
        y += 1
        return y
    g(); g()
    return y
print(f())
def counter():
    n = 0
    def inc(k=1):
        nonlocal n
        n += k
        return n
    return inc
c = counter(); c(); c(5); print(c())
def glob():
    global x
    x += 1
glob(); print(x)
class A:
    v = 1
    def m(self):
        return __class__.__name__, self.v
class B(A):
    v = 2
    def m(self):
        return ("B",) + super().m()
print(B().m())
def outer():
    z = 5
    class C:
        z = 6
        def get(self):
            return z
        w = z
    return C().get(), C.w
print(outer())
print([i * j for i in range(3) for j in range(3) if i != j])
print({k: v for k, v in zip("abc", range(3))})
print(sorted({c for c in "hello"}))
print(sum(i for i in range(10)))
def walrus():
    total = 0
    vals = [(total := total + v) for v in range(5)]
    return total, vals
print(walrus())
if (n := len("abcd")) > 3:
    print("n", n)
print([y := 5, y ** 2])
lam = lambda a, b=2, *c, d=4, **e: (a, b, c, d, e)
print(lam(1), lam(1, 3, 5, 6, d=7, z=8))
def kw(a, /, b, *, c=3):
    return a, b, c
print(kw(1, b=2), kw(1, 2, c=9))
def deco(tag):
    def wrap(fn):
        def inner(*a, **k):
            return tag + str(fn(*a, **k))
        return inner
    return wrap
@deco("<")
@deco(">")
def h(v):
    return v * 2
print(h(21))
print(h.__name__, h.__qualname__, f.__qualname__, A.m.__qualname__)
def docd():
    "the doc"
    return 1
print(docd.__doc__, f.__doc__)
class P:
    __secret = 3
    def get(self):
        return self.__secret, P._P__secret
print(P().get())
