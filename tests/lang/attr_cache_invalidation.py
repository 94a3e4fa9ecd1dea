# The VM's attribute caches (per-name entries keyed on type and epoch, the global type-lookup
# cache): every change a lookup depends on must be seen at the next execution of the same
# instruction, in a loop that has cached the old answer.


class A:
    k = 1

    def m(self):
        return "A.m"


class B(A):
    pass


def reads(o):
    return o.k, o.m()


b = B()
out = []
for i in range(6):
    if i == 1:
        A.k = 2  # a base's class attribute changes
    if i == 2:
        B.k = 3  # now the subclass shadows it
    if i == 3:
        A.m = lambda self: "A.m2"  # a base's method is replaced
    if i == 4:
        b.m = lambda: "instance m"  # the instance shadows the method
    if i == 5:
        del B.k
        del b.m
    out.append(reads(b))
print(out)


# An instance attribute, then a data descriptor added to the class: the property wins.
class C:
    pass


c = C()
c.x = 10
seen = []
for i in range(4):
    if i == 2:
        C.x = property(lambda self: "prop")
    seen.append(c.x)
print(seen)


# STORE_ATTR through the cache, then a property with a setter added: the setter runs.
class D:
    pass


log = []
d = D()
for i in range(4):
    if i == 2:
        D.v = property(lambda self: "get", lambda self, v: log.append(v))
    d.v = i
print(log, d.__dict__)


# __getattr__ and __setattr__ added after the caches were filled.
class E:
    def __init__(self):
        self.a = 1


e = E()
got = []
for i in range(4):
    if i == 1:
        E.__getattr__ = lambda self, n: "missing " + n
    if i == 2:
        E.__setattr__ = lambda self, n, v: got.append((n, v))
    try:
        got.append(e.b)
    except AttributeError as ex:
        got.append(str(ex))
    e.c = i
print(got)


# __getattribute__ added later intercepts even existing attributes.
class F:
    def __init__(self):
        self.a = "plain"


f = F()
vals = []
for i in range(3):
    if i == 1:
        F.__getattribute__ = lambda self, n: "intercepted " + n
    vals.append(f.a)
print(vals)


# A deep hierarchy (mro longer than the global cache keeps versions for).
class L0:
    def who(self):
        return 0


class L1(L0):
    pass


class L2(L1):
    pass


class L3(L2):
    pass


class L4(L3):
    pass


class L5(L4):
    pass


o5 = L5()
whos = []
for i in range(4):
    if i == 1:
        L0.who = lambda self: 10
    if i == 2:
        L3.who = lambda self: 3
    if i == 3:
        del L3.who
    whos.append(o5.who())
print(whos)


# __class__ assignment between two classes with the same attribute names.
class G1:
    def f(self):
        return "G1"


class G2:
    def f(self):
        return "G2"


g = G1()
gs = []
for i in range(4):
    g.__class__ = G1 if i % 2 == 0 else G2
    gs.append(g.f())
print(gs)


# One name, objects of several types at the same instruction.
class H1:
    def __init__(self):
        self.val = 1


class H2:
    val = "class"


class H3:
    __slots__ = ("val",)

    def __init__(self):
        self.val = 3


hs = [H1(), H2(), H3(), 5, "s"]
res = []
for _ in range(2):
    for h in hs:
        try:
            res.append(h.val)
        except AttributeError as ex:
            res.append(type(ex).__name__)
print(res)

# Methods of builtins through LOAD_METHOD, and an int's method.
items = [[], "ab", 7, 2.5, {}, (1,)]
calls = []
for _ in range(2):
    for it in items:
        calls.append(it.__class__.__name__)
        if hasattr(it, "count"):
            calls.append(it.count(1) if not isinstance(it, str) else it.count("a"))
        else:
            calls.append(it.__eq__(it))
print(calls)


# A class attribute counter updated in the loop that also reads instance attributes.
class Counter:
    n = 0

    def __init__(self):
        self.step = 2


ctr = Counter()
for i in range(5):
    Counter.n += ctr.step
    ctr.step += 1
print(Counter.n, ctr.step, ctr.n)


# A class whose dict is changed through setattr() and delattr() builtins, and a function
# attribute set on a method's class in between.
class K:
    def go(self):
        return 1


k = K()
ks = []
for i in range(5):
    if i == 1:
        setattr(K, "go", lambda self: 2)
    if i == 2:
        delattr(K, "go")
    if i == 3:
        K.go = staticmethod(lambda: "static")
    if i == 4:
        K.go = classmethod(lambda cls: cls.__name__)
    try:
        ks.append(k.go())
    except AttributeError as ex:
        ks.append(str(ex))
print(ks)
