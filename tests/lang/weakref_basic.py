# weakref.ref: dereferencing, clearing by the collector, callbacks, hash, equality, errors
import gc
import weakref


class A:
    def __init__(self, n):
        self.n = n

    def __repr__(self):
        return "A(%d)" % self.n


a = A(1)
r = weakref.ref(a)
print(r() is a, r(), type(r) is weakref.ref, weakref.ref is weakref.ReferenceType)
print(type(r).__name__, type(r).__module__, r.__callback__)
print(weakref.getweakrefcount(a), weakref.getweakrefs(a) == [r])
del a
gc.collect()
print(r(), weakref.getweakrefcount(r))

log = []
b = A(2)
rb = weakref.ref(b, lambda ref: log.append(("cb", ref is rb, ref())))
print(rb.__callback__ is not None)
del b
gc.collect()
print(log, rb(), rb.__callback__)

# several references to one object: callbacks run newest first
c = A(3)
order = []
rs = [weakref.ref(c, lambda ref, k=k: order.append(k)) for k in range(4)]
del c
gc.collect()
print(order, [x() for x in rs])

# a reference that dies before its referent never calls back
d = A(4)
rd = weakref.ref(d, lambda ref: print("never"))
del rd
gc.collect()
print(d)

# hash and equality follow the referent while it lives
e1, e2 = A(5), A(5)
r1, r2, r3 = weakref.ref(e1), weakref.ref(e1), weakref.ref(e2)
print(r1 == r2, r1 == r3, r1 != r3, hash(r1) == hash(e1))
h = hash(r3)
del e2
gc.collect()
print(hash(r3) == h, r3 == r3, r3 == r1)
r4 = weakref.ref(A(6))
gc.collect()
try:
    hash(r4)
except TypeError as ex:
    print("TypeError", ex)
print(repr(r4).endswith("; dead>"), repr(r1).startswith("<weakref at 0x"), "to 'A'" in repr(r1))

# what can be weakly referenced
for v in (None, True, 0, 1.5, "", "s", (), (1,), [], {}, b"x", bytearray()):
    try:
        weakref.ref(v)
        print(type(v).__name__, "ok")
    except TypeError as ex:
        print(type(v).__name__, "TypeError", ex)


class L(list):
    pass


class I(int):
    pass


def f():
    pass


for v in (L(), A, f, set(), frozenset(), len, A(7).__repr__, (x for x in ()), gc):
    weakref.ref(v)
for v in (I(1), ValueError()):
    try:
        weakref.ref(v)
    except TypeError as ex:
        print(ex)
try:
    weakref.ref()
except TypeError:
    print("no args: TypeError")


# a subclass of ref
class Named(weakref.ref):
    def __init__(self, ob, callback=None, name=""):
        super().__init__(ob, callback)
        self.name = name


g = A(8)
nr = Named(g, None, name="g")
print(nr() is g, nr.name, isinstance(nr, weakref.ref))

# a callback that raises is reported and ignored
bad = A(9)
class Bad:
    def __call__(self, ref):
        raise ValueError("from the callback")

    def __repr__(self):
        return "Bad()"


rbad = weakref.ref(bad, Bad())
del bad
gc.collect()
print("still running")

# a callback can create new references; objects in cycles die together
class Node:
    pass


n1, n2 = Node(), Node()
n1.other, n2.other = n2, n1
died = []
w1 = weakref.ref(n1, lambda r: died.append(1))
w2 = weakref.ref(n2, lambda r: died.append(2))
del n1, n2
gc.collect()
print(sorted(died), w1(), w2())
